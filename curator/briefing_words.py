"""Every fixed phrase of the briefing, per language (``zh``, ``en``).

Layout (headings, the order of the parts) lives in the template files
(``curator/templates/briefing_<lang>.md``); these are the words inside the parts, so a
second language is one more table here, not a second renderer.
"""

from __future__ import annotations

LANGS = ("zh", "en")

LABELS: dict[str, dict[str, str]] = {
    "zh": {
        "title": "{topic} · E1 预消化简报({date})",
        "exec": "执行: {editor} · {topic} 主题 E1 预消化 · 窗口:{window}(约 {hours}h)",
        "doc": "基线活文档: {path}({version})",
        "version": "{version} 版",
        "no_version": "版本未标注",
        "nature": (
            "本棒性质: {topic} 主题 E1 预消化({hours}h 窗口);"
            "不重写活文档,只列窗口内新增量供今晚活文档接力决策参考"
        ),
        "count": "增量条数: {n} 条(主线 {main} 条 · 邻接 {adj} 条;含 {first} 条首度锚入)",
        "count_reported": ";其中 {n} 条前棒已报告",
        "count_zero": "增量条数: 0 条(本窗口没有已批准的增量)",
        "notable": "显著新增: 有——{names}",
        "notable_none": "显著新增: 无",
        "arxiv": "涉及 arXiv 号: {new} 件净增{new_ids};沿用 {old} 件{old_ids}",
        "id_list": "({ids})",
        "checked": "检查来源: {notes} 篇窗口内笔记 + {cards} 张近期 paper card + 活文档",
        "checked_bad": "(其中 {n} 个文件为空或无法读取)",
        "main_label": "增量 {n}",
        "adj_label": "邻接 {n}",
        "adj_mark": "",
        "unassigned": "未定",
        "sources": "来源",
        "also": ";另见(顺带提及): {refs}",
        "url": "URL",
        "urls": "URLs",
        "none": "无",
        "arxiv_field": "arXiv",
        "no_arxiv": "无(非论文来源{hosts})",
        "versions_seen": "(见过 {versions})",
        "card": " · 卡片 {path}",
        "points": "要点",
        "no_points": "(笔记未给出要点)",
        "caveats": "警示",
        "no_caveats": "(笔记未给出警示)",
        "relation": "与活文档现有脉络的关系",
        "rel_mentioned": "笔记提到",
        "target_anchors": "该节已有 {n} 条锚点:{names}",
        "target_empty": "该节暂无锚点,本条为首个条目",
        "rel_anchored": "与 {section} 的 {name}{ids}相关({date})—— {why}",
        "rel_overlap": "与本棒 {label} {name} 可能重叠 —— {why};归入时避免重复",
        "rel_self_anchored": "活文档已锚入:{refs}",
        "rel_reported": "前棒已报告:{refs}",
        "rel_elsewhere": "另见其他活文档:{refs}",
        "rel_nothing": "活文档暂无直接相关条目",
        "shared_terms": "共同术语:{terms}",
        "target": "建议归入节",
        "headline_sep": "——",
        "table_claims": "| # | 矛盾/待核实项 | 来源 | 风险等级 |\n|---|---|---|---|",
        "claim": "{name} —— {text}",
        "risk_high": "🔴 高",
        "risk_mid": "🟡 中",
        "risk_low": "🟢 低",
        "conflict": "{name} 来源间数字不一致 —— {a}({sa}) vs {b}({sb})",
        "no_claims": "(已批准的增量没有记录警示)",
        "table_new": "| arXiv 号 | 论文 | 主题/归入节 | 状态 |\n|---|---|---|---|",
        "table_old": "| arXiv 号 | 论文 | 归入活文档节 | 状态 |\n|---|---|---|---|",
        "no_card": "paper_cards 未建",
        "empty_card": "{path}(空卡)",
        "reported_before": " · 前棒已报告",
        "anchored_on": "{date} 已锚入",
        "anchored": "已锚入",
        "none_rows": "(无)",
        "contrib": "{label}「{title}」(本文 {nlabel}{mention})",
        "contrib_mention": ",顺带提及",
        "nothing_new": "无 {topic} 直接新增",
        "mentions_anchored": ";提及已锚入:{names}",
        "and_more": " 等 {n} 项",
        "previous_briefing": "前棒简报(参考,非本棒新增)",
        "empty_file": "空文件/缺失",
        "unreadable": "无法读取({why})",
        "card_line": "{title} · {category} · {what}",
        "category": "{cat} 主分类",
        "no_category": "主分类未标注",
        "card_in": "→ {labels}",
        "card_anchored": "活文档已锚入 {section}",
        "doc_line": "{version}活文档基线",
        "no_news": "{section} —— {items};本棒无新增量",
        "no_news_sep": "、",
        "summary": (
            "本轮 E1 预消化结论:{n} 条增量(主线 {main} 条 · 邻接 {adj} 条),"
            "arXiv 净增 {new} 件、沿用 {old} 件。{top}"
        ),
        "summary_top": "最重要:{names}。",
        "summary_zero": (
            "本轮 E1 预消化结论:本窗口没有已批准的增量(0 条);活文档今晚无需因本棒更新。"
        ),
        "focus": "建议今夜活文档接力重点:",
        "focus_line": "{section} ← {items}",
        "footer": "{editor} · {signed} · curator 生成 · E1 预消化 · {topic} 主题 · {hours}h 窗口",
        "sep": "、",
    },
    "en": {
        "title": "{topic} · E1 briefing ({date})",
        "exec": "Editor: {editor} · {topic} E1 pre-digestion · window: {window} (~{hours}h)",
        "doc": "Living doc: {path} ({version})",
        "version": "version {version}",
        "no_version": "version not stated",
        "nature": (
            "Nature: {topic} E1 pre-digestion ({hours}h window); does not rewrite the living doc, "
            "only lists this window's new increments for tonight's living-doc relay to decide on"
        ),
        "count": (
            "Increments: {n} ({main} main · {adj} adjacent; {first} anchored for the first time)"
        ),
        "count_reported": "; {n} already reported in an earlier briefing",
        "count_zero": "Increments: 0 (nothing was approved in this window)",
        "notable": "Notable addition: yes — {names}",
        "notable_none": "Notable addition: none",
        "arxiv": "arXiv IDs: {new} net-new{new_ids}; {old} carried over{old_ids}",
        "id_list": " ({ids})",
        "checked": (
            "Sources checked: {notes} notes in the window + {cards} recent paper cards "
            "+ the living doc"
        ),
        "checked_bad": " ({n} of them empty or unreadable)",
        "main_label": "Increment {n}",
        # "Increment A", not "Adjacent A": the note splitter knows "Increment" as an
        # item label, so the next analysis still sees these as reported.
        "adj_label": "Increment {n}",
        "adj_mark": " (adjacent)",
        "unassigned": "unassigned",
        "sources": "Sources",
        "also": "; also mentioned in: {refs}",
        "url": "URL",
        "urls": "URLs",
        "none": "none",
        "arxiv_field": "arXiv",
        "no_arxiv": "none (not a paper{hosts})",
        "versions_seen": " (seen: {versions})",
        "card": " · card {path}",
        "points": "Key points",
        "no_points": "(no key points in the notes)",
        "caveats": "Caveats",
        "no_caveats": "(no caveats in the notes)",
        "relation": "Relation to the living doc",
        "rel_mentioned": "named in the notes",
        "target_anchors": "the section already anchors {n}: {names}",
        "target_empty": "the section anchors nothing yet; this would be its first item",
        "rel_anchored": "Related to {name}{ids} in {section} ({date}) — {why}",
        "rel_overlap": (
            "May overlap with {label} {name} of this briefing — {why}; avoid anchoring it twice"
        ),
        "rel_self_anchored": "Already anchored in the living doc: {refs}",
        "rel_reported": "Already reported in: {refs}",
        "rel_elsewhere": "Also anchored in another living doc: {refs}",
        "rel_nothing": "No related item in the living doc yet",
        "shared_terms": "shared terms: {terms}",
        "target": "Suggested section",
        "headline_sep": " — ",
        "table_claims": "| # | Claim to verify | Source | Risk |\n|---|---|---|---|",
        "claim": "{name} — {text}",
        "risk_high": "🔴 high",
        "risk_mid": "🟡 medium",
        "risk_low": "🟢 low",
        "conflict": "{name}: sources disagree on the numbers — {a} ({sa}) vs {b} ({sb})",
        "no_claims": "(no caveats recorded on the approved increments)",
        "table_new": "| arXiv ID | Paper | Topic / section | Status |\n|---|---|---|---|",
        "table_old": "| arXiv ID | Paper | Living-doc section | Status |\n|---|---|---|---|",
        "no_card": "no paper card yet",
        "empty_card": "{path} (empty card)",
        "reported_before": " · reported before",
        "anchored_on": "anchored {date}",
        "anchored": "anchored",
        "none_rows": "(none)",
        "contrib": "{label} “{title}” (here {nlabel}{mention})",
        "contrib_mention": ", in passing",
        "nothing_new": "no increment for this topic",
        "mentions_anchored": "; mentions already anchored: {names}",
        "and_more": " and {n} more",
        "previous_briefing": "earlier briefing (reference, not new in this relay)",
        "empty_file": "empty",
        "unreadable": "unreadable ({why})",
        "card_line": "{title} · {category} · {what}",
        "category": "main category {cat}",
        "no_category": "no main category",
        "card_in": "→ {labels}",
        "card_anchored": "already anchored in {section}",
        "doc_line": "living doc baseline ({version})",
        "no_news": "{section} — {items}; nothing new this relay",
        "no_news_sep": "; ",
        "summary": (
            "Conclusion of this E1 pre-digestion: {n} increments ({main} main · {adj} adjacent); "
            "arXiv: {new} net-new, {old} carried over. {top}"
        ),
        "summary_top": "Most important: {names}.",
        "summary_zero": (
            "Conclusion of this E1 pre-digestion: nothing was approved in this window "
            "(0 increments); the living doc needs no update from this relay."
        ),
        "focus": "Suggested focus for tonight's living-doc relay:",
        "focus_line": "{section} ← {items}",
        "footer": (
            "{editor} · {signed} · generated by curator · E1 pre-digestion · topic {topic} "
            "· {hours}h window"
        ),
        "sep": ", ",
    },
}


def normalize_lang(lang: str | None) -> str:
    """'en', 'en_US', 'EN' → 'en'; anything else → 'zh' (the team's default)."""
    return "en" if (lang or "").strip().lower().startswith("en") else "zh"


def paren(lang: str, text: str) -> str:
    """A parenthetical the way *lang* writes it: "x(y)" / "x (y)"."""
    return f"({text})" if lang == "zh" else f" ({text})"
