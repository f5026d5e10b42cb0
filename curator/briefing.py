"""Render the E1 briefing (预消化简报) from the increments the editor approved.

Pure: a :class:`~curator.triage.Triage` goes in, Markdown text comes out (no
file writes), so the UI preview, ``curator export`` and the tests all show the
same bytes.  What goes into the briefing is decided here; where it goes on the
page is a ``string.Template`` (``curator/templates/briefing_<lang>.md``) that a
workspace may replace with its own file (``curator.toml``: ``template = ...``).

Everything taken from notes is data: :func:`curator.textio.sanitize` removes
control characters and escape sequences, while markup such as ``[bold]`` is
written exactly as the author typed it.

The file starts with the title line ("<topic> · E1 预消化简报(<date>)") and
carries a ``<!-- curator:briefing ... -->`` marker, which is how a later
``curator analyze`` recognises it as an earlier briefing of the topic.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from curator import briefing_caveats
from curator.arxiv import normalize_id
from curator.briefing_blocks import Block, arrange_points, cap_blocks, find_blocks, nesting_levels
from curator.briefing_facts import (
    QuietArea,
    SectionLabels,
    anchored_things,
    cell_only_lines,
    merge_quiet_areas,
    signature_stamp,
    workspace_zone,
)
from curator.briefing_points import DEFAULT_CAP, cap_arranged, condense_arranged, headline
from curator.living_doc import find_section
from curator.models import Analysis, AnchorRef, Increment, Item, Note, SourceRef
from curator.section_numbers import SECTION_REF_RE, canonical_section, strip_section_number
from curator.suggest import SectionIndex
from curator.textfeatures import title_core
from curator.textio import sanitize
from curator.tiers import ADJACENT
from curator.timeutil import fmt_window, parse_iso
from curator.urls import normalize_url
from curator.workspace import briefing_info

if TYPE_CHECKING:
    from curator.config import Config
    from curator.triage import Row, Triage

__all__ = [
    "LANGS",
    "TemplateError",
    "builtin_template",
    "default_output_path",
    "load_template",
    "normalize_lang",
    "render_briefing",
]

LANGS = ("zh", "en")
MARKER_PREFIX = "<!-- curator:briefing"
_URLS_LISTED = 3
"""Up to this many links are listed one per line; more go on one line."""
_NEIGHBOURS = 2
"""Neighbours named in an entry's relation lines, the closest first: this briefing's own
entries it may overlap, then anchored items of the doc."""
_PRIORITY_RANK = {"🔴": 0, "🟠": 1, None: 2, "🟡": 3}
_STARS_FOR = {"🔴": 3, "🟠": 2, "🟡": 1}
_SECTION_REF = SECTION_REF_RE


def _section_refs(text: str) -> list[str]:
    """Every "§…" reference in ``text``, as written ("§4.3", "§ C.2")."""
    return [m.group(0) for m in _SECTION_REF.finditer(text)]


# Every fixed phrase of the briefing, per language.  Layout (headings, order of
# the parts) lives in the template files; these are the words inside the parts.
LABELS: dict[str, dict[str, str]] = {
    "zh": {
        "title": "{topic} · E1 预消化简报({date})",
        "exec": "执行: {editor} · {topic} 主题 E1 预消化 · 窗口:{window}(约 {hours}h)",
        "doc": "基线活文档: {path}({version})",
        "version": "{version} 版",
        "no_version": "版本未标注",
        "nature": "本棒性质: {topic} 主题 E1 预消化({hours}h 窗口);不重写活文档,只列窗口内新增量供今晚活文档接力决策参考",
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
        "summary": "本轮 E1 预消化结论:{n} 条增量(主线 {main} 条 · 邻接 {adj} 条),arXiv 净增 {new} 件、沿用 {old} 件。{top}",
        "summary_top": "最重要:{names}。",
        "summary_zero": "本轮 E1 预消化结论:本窗口没有已批准的增量(0 条);活文档今晚无需因本棒更新。",
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
        "nature": "Nature: {topic} E1 pre-digestion ({hours}h window); does not rewrite the living doc, only lists this window's new increments for tonight's living-doc relay to decide on",
        "count": "Increments: {n} ({main} main · {adj} adjacent; {first} anchored for the first time)",
        "count_reported": "; {n} already reported in an earlier briefing",
        "count_zero": "Increments: 0 (nothing was approved in this window)",
        "notable": "Notable addition: yes — {names}",
        "notable_none": "Notable addition: none",
        "arxiv": "arXiv IDs: {new} net-new{new_ids}; {old} carried over{old_ids}",
        "id_list": " ({ids})",
        "checked": "Sources checked: {notes} notes in the window + {cards} recent paper cards + the living doc",
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
        "rel_overlap": "May overlap with {label} {name} of this briefing — {why}; avoid anchoring it twice",
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
        "summary": "Conclusion of this E1 pre-digestion: {n} increments ({main} main · {adj} adjacent); arXiv: {new} net-new, {old} carried over. {top}",
        "summary_top": "Most important: {names}.",
        "summary_zero": "Conclusion of this E1 pre-digestion: nothing was approved in this window (0 increments); the living doc needs no update from this relay.",
        "focus": "Suggested focus for tonight's living-doc relay:",
        "focus_line": "{section} ← {items}",
        "footer": "{editor} · {signed} · generated by curator · E1 pre-digestion · topic {topic} · {hours}h window",
        "sep": ", ",
    },
}


class TemplateError(ValueError):
    """The configured template file cannot be used (one clear line for the user)."""


def normalize_lang(lang: str | None) -> str:
    """'en', 'en_US', 'EN' → 'en'; anything else → 'zh' (the team's default)."""
    return "en" if (lang or "").strip().lower().startswith("en") else "zh"


def builtin_template(lang: str) -> str:
    """The template shipped in curator/templates/ for *lang*."""
    name = f"briefing_{normalize_lang(lang)}.md"
    return (resources.files("curator") / "templates" / name).read_text(encoding="utf-8")


def load_template(cfg: Config, lang: str) -> str:
    """The workspace's template (``Config.template``, relative to the workspace) or the built-in one.

    Only a file in the workspace or under the user's own config folder is read (see
    :func:`curator.config.path_problem`).

    ``{lang}`` in the configured path is replaced by the language, so one
    setting can name a Chinese and an English file.
    """
    if not cfg.template:
        return builtin_template(lang)
    from curator.config import template_allowed

    raw = cfg.template.replace("{lang}", normalize_lang(lang))
    path = Path(raw).expanduser()
    if not path.is_absolute():
        path = cfg.root / path
    if not template_allowed(
        cfg.root, raw
    ):  # checked by load_config; again here, links may have changed
        raise TemplateError(
            f"briefing template {path} is neither in the workspace nor in your own config folder"
        )
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError as exc:
        raise TemplateError(
            f"briefing template not found: {path} (set by 'template' in curator.toml)"
        ) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise TemplateError(
            f"cannot read briefing template {path}: {getattr(exc, 'strerror', None) or exc}"
        ) from exc


def default_output_path(analysis: Analysis, editor: str, *, inbox: str = "inbox") -> str:
    """``inbox/<editor>/<YYYY-MM-DD>-<topic>-e1prep.md``, dated by the window's end in its own offset.

    That name is what the analysis recognises as a briefing of *topic*, so the
    next evening's relay sees what this one already reported.
    """
    date = analysis.window.until.date().isoformat()
    return f"{inbox.strip('/') or 'inbox'}/{_path_part(editor)}/{date}-{_path_part(analysis.topic)}-e1prep.md"


def _workspace_template(analysis: Analysis, lang: str) -> str:
    """Config.template of the analysed workspace (so every caller honours it), else the built-in."""
    if analysis.workspace:
        from curator.config import ConfigError, load_config

        try:
            cfg = load_config(Path(analysis.workspace))
        except ConfigError:
            cfg = None
        if cfg is not None and cfg.template:
            return load_template(cfg, lang)
    return builtin_template(lang)


def _points_cap(analysis: Analysis) -> int:
    """``max_points`` of the analysed workspace's curator.toml, else the default."""
    if analysis.workspace:
        from curator.config import ConfigError, load_config

        try:
            return load_config(Path(analysis.workspace)).max_points
        except ConfigError:
            pass
    return DEFAULT_CAP


def _path_part(value: str) -> str:
    cleaned = re.sub(r"[\s/\\:]+", "-", sanitize(value)).strip("-.")
    return cleaned or "editor"


# --------------------------------------------------------------------------- text helpers


def _clean(text: str | None) -> str:
    """Untrusted text on one line: escapes and controls removed, markup kept."""
    return re.sub(r"\s+", " ", sanitize(text or "")).strip()


def _cell(text: str | None) -> str:
    """A table cell: one line, pipes escaped so the row keeps its columns."""
    return _clean(text).replace("|", "\\|")


def _marker_value(value: str) -> str:
    return re.sub(r"\s+", "_", sanitize(value)).replace("-->", "").replace(">", "") or "-"


def _short_name(title: str) -> str:
    core = title_core(title)
    return core if 2 <= len(core) <= 60 else title[:60]


def _strip_number(title: str) -> str:
    return strip_section_number(title)


def _section_label(text: str) -> str:
    """ "4.3", "Section 4.3", "§ 4.3" (as an editor may have typed it) → "§4.3"; other text as it is."""
    return canonical_section(text) or text


def _hours(since: datetime, until: datetime) -> str:
    return f"{round((until - since).total_seconds() / 3600, 1):g}"


def _host(url: str) -> str:
    try:
        host = urlsplit(url if "://" in url else "https://" + url).hostname or ""
    except ValueError:
        host = ""
    return host[4:] if host.startswith("www.") else host


def _section_index(analysis: Analysis) -> SectionIndex:
    """The doc's section index, kept on the analysis: the UI re-renders on every summary edit."""
    cached = analysis.__dict__.get("_briefing_section_index")
    if cached is not None and cached[0] is analysis.living_doc:
        return cached[1]  # type: ignore[no-any-return]
    index = SectionIndex(analysis.living_doc)
    analysis.__dict__["_briefing_section_index"] = (analysis.living_doc, index)
    return index


def _sec_key(ref: str) -> tuple:
    nums = re.findall(r"\d+", ref)
    return (0, tuple(int(n) for n in nums)) if nums else (1, (ref,))


# --------------------------------------------------------------------------- model


@dataclass
class _Entry:
    """One approved row as it appears in the briefing."""

    row: Row
    label: str
    adjacent: bool
    title: str
    sources: list[SourceRef]
    arxiv: list[str]
    urls: list[str]
    incs: list[Increment] = field(default_factory=list)


class _Renderer:
    """Builds each part of the briefing; one instance per render (cheap, no caching across calls)."""

    def __init__(self, triage: Triage, lang: str, editor: str) -> None:
        self.t = LABELS[lang]
        self.lang = lang
        self.triage = triage
        self.a: Analysis = triage.analysis
        self.doc = self.a.living_doc
        self.index = _section_index(self.a)
        self.labels = SectionLabels(self.index)
        self.cell_lines = cell_only_lines(self.doc)
        self.editor = editor
        self.topic = _clean(self.a.topic)
        self.by_id = {inc.id: inc for inc in self.a.increments}
        self.cards = {c.arxiv: c for c in self.a.cards if c.arxiv}
        self.entries = self._entries()
        self.entry_of: dict[str, _Entry] = {}
        for e in self.entries:
            for inc in e.incs:
                self.entry_of.setdefault(inc.id, e)
        self.net_new = self._net_new()
        self.carried = self._carried()
        self.points_cap = _points_cap(self.a)
        self.caveats_cap = briefing_caveats.DEFAULT_CAP
        self._caveat_memo: dict[int, list[str]] = {}
        self._named: list[tuple[str, str, list[str], str]] | None = None

    # ---------------------------------------------------------------- building blocks

    def _entries(self) -> list[_Entry]:
        rows = self.triage.approved()

        def key(pair: tuple[int, Row]) -> tuple:
            i, r = pair
            primary = sum(1 for s in r.inc.sources if not s.mention)
            return (_PRIORITY_RANK.get(r.priority, 2), -primary, -len(r.inc.sources), i)

        ordered = [r for _i, r in sorted(enumerate(rows), key=key)]
        main = [r for r in ordered if not self._adjacent(r)]
        adj = [r for r in ordered if self._adjacent(r)]
        out: list[_Entry] = []
        for n, r in enumerate(main, start=1):
            out.append(self._entry(r, self.t["main_label"].format(n=n), False))
        for n, r in enumerate(adj):
            out.append(self._entry(r, self.t["adj_label"].format(n=_letters(n)), True))
        return out

    def _entry(self, r: Row, label: str, adjacent: bool) -> _Entry:
        sources = [SourceRef(s.path, s.label, s.author, s.mention) for s in r.sources]
        return _Entry(
            r,
            label,
            adjacent,
            _clean(r.title),
            sources,
            list(r.arxiv),
            list(r.urls),
            [r.inc, *r.absorbed],
        )

    @staticmethod
    def _adjacent(r: Row) -> bool:
        return r.tier == ADJACENT

    def _net_new(self) -> list[tuple[str, _Entry]]:
        out: list[tuple[str, _Entry]] = []
        seen: set[str] = set()
        for e in self.entries:
            anchored = {a for inc in e.incs if inc.status == "anchored" for a in inc.arxiv}
            for aid in e.arxiv:
                if aid in self.index.anchor_section or aid in anchored:
                    continue  # already in the living doc: carried over, not new
                if aid not in seen:
                    seen.add(aid)
                    out.append((aid, e))
        return out

    def _carried(self) -> list[tuple[str, Increment]]:
        """Every arXiv ID an in-window note mentions that the living doc already anchors."""
        found: dict[str, Increment] = {}
        for inc in self.a.increments:
            if inc.status != "anchored" or not inc.arxiv or not self._from_notes(inc):
                continue
            for aid in inc.arxiv:
                found.setdefault(aid, inc)
        return sorted(found.items(), key=lambda kv: (_sec_key(self._first_section(kv[1])), kv[0]))

    @staticmethod
    def _from_notes(inc: Increment) -> bool:
        return any(s.path.startswith("inbox/") or s.label != "paper card" for s in inc.sources)

    @staticmethod
    def _first_section(inc: Increment) -> str:
        return inc.anchored_in[0].section if inc.anchored_in else ""

    def paren(self, text: str) -> str:
        """A parenthetical the way each language writes it: "x(y)" / "x (y)"."""
        return f"({text})" if self.lang == "zh" else f" ({text})"

    def version(self) -> str:
        v = self.doc.version
        return self.t["version"].format(version=_clean(v)) if v else self.t["no_version"]

    def section_title(self, ref: str) -> str:
        unit = self.index.resolve(ref) if _SECTION_REF.fullmatch(ref.strip()) else None
        if unit is not None:
            return unit.title
        hits = find_section(self.doc, ref)
        if hits:
            return _strip_number(hits[0].title)
        return ""

    def section_label(self, section: str | None) -> str:
        """The section as the living doc labels it ("1.13", "Section 1.13", its title → "§1.13"),
        the same form in every part of the briefing; free text is kept as typed."""
        return self.labels.label(_clean(section))

    def section_display(self, section: str | None) -> str:
        """ "§1.3" → "§1.3 KV Cache 管理"; free text from the editor is kept as typed."""
        s = self.section_label(section)
        if not s:
            return self.t["unassigned"]
        refs = _section_refs(s)
        if len(refs) == 1 and refs[0] == s:
            title = self.section_title(s)
            return f"{s} {title}" if title else s
        if not refs:
            hits = find_section(self.doc, s)
            if hits and hits[0].number:
                return f"{_section_label(hits[0].number)} {_strip_number(hits[0].title)}"
            return s
        titles = [t for t in (self.section_title(r) for r in refs) if t and t not in s]
        return s + self.paren(" / ".join(titles)) if titles else s

    def section_tag(self, section: str | None) -> str:
        s = self.section_label(section)
        if not s:
            return self.t["unassigned"]
        refs = _section_refs(s)
        if not refs:
            return s
        title = self.section_title(refs[0])
        joined = " + ".join(refs)
        return f"{title} · {joined}" if title else joined

    def arxiv_display(self, aid: str, incs: list[Increment]) -> str:
        versions: list[str] = []
        for inc in incs:
            for v in inc.arxiv_versions.get(aid, []):
                if v not in versions:
                    versions.append(v)
        if not versions:
            return aid
        latest = max(versions, key=lambda v: int(v[1:]) if v[1:].isdigit() else 0)
        return aid + latest

    # ---------------------------------------------------------------- parts

    def title(self) -> str:
        date = self.a.window.until.date().isoformat()
        return self.t["title"].format(topic=self.topic, date=date)

    def marker(self) -> str:
        w = self.a.window
        return (
            f"{MARKER_PREFIX} topic={_marker_value(self.a.topic)} since={w.since.isoformat()} "
            f"until={w.until.isoformat()} editor={_marker_value(self.editor)} -->"
        )

    def header(self) -> str:
        w = self.a.window
        hours = _hours(w.since, w.until)
        lines = [
            self.t["exec"].format(
                editor=self.editor,
                topic=self.topic,
                window=fmt_window(w.since, w.until),
                hours=hours,
            ),
            self.t["doc"].format(path=_clean(self.doc.path), version=self.version()),
            self.t["nature"].format(topic=self.topic, hours=hours),
        ]
        return "\n".join(f"- {x}" for x in lines)

    def status(self) -> str:
        t = self.t
        lines: list[str] = []
        n = len(self.entries)
        if n == 0:
            lines.append(t["count_zero"])
        else:
            adj = sum(1 for e in self.entries if e.adjacent)
            new_ids = {aid for aid, _ in self.net_new}
            first = sum(
                1
                for e in self.entries
                if not e.adjacent and e.row.inc.status == "new" and new_ids & set(e.arxiv)
            )
            line = t["count"].format(n=n, main=n - adj, adj=adj, first=first)
            reported = sum(1 for e in self.entries if e.row.inc.status == "reported")
            if reported:
                line += t["count_reported"].format(n=reported)
            lines.append(line)
        main = [e for e in self.entries if not e.adjacent]
        notable = [e for e in main if e.row.priority == "🔴"] or main[:3]
        if notable:
            names = t["sep"].join(
                f"{e.label} {_short_name(e.title)}{self.paren(self.section_display(e.row.section))}"
                for e in notable
            )
            lines.append(t["notable"].format(names=names))
        else:
            lines.append(t["notable_none"])
        new_ids = "/".join(self.arxiv_display(aid, e.incs) for aid, e in self.net_new)
        old_ids = "/".join(aid for aid, _ in self.carried)
        lines.append(
            t["arxiv"].format(
                new=len(self.net_new),
                old=len(self.carried),
                new_ids=t["id_list"].format(ids=new_ids) if new_ids else "",
                old_ids=t["id_list"].format(ids=old_ids) if old_ids else "",
            )
        )
        notes = self._checked_notes()
        cards = [c for c in self.a.cards if c.recent]
        bad = sum(1 for n_ in notes if self._file_problem(n_)) + sum(
            1 for c in cards if c.empty or c.errors
        )
        checked = t["checked"].format(notes=len(notes), cards=len(cards))
        if bad:
            checked += t["checked_bad"].format(n=bad)
        lines.append(checked)
        return "\n".join(f"- {x}" for x in lines)

    def increments(self) -> str:
        if not self.entries:
            return self.t["none_rows"]
        return "\n".join(self._increment(e) for e in self.entries)

    def _increment(self, e: _Entry) -> str:
        t = self.t
        prio = e.row.priority or ""
        stars = max(e.row.inc.stars, 0) or _STARS_FOR.get(prio, 0)
        title = e.title
        ids = [self.arxiv_display(a, e.incs) for a in e.arxiv]
        if ids and not all(a in title for a in e.arxiv):
            title += self.paren(f"arXiv:{' / '.join(ids)}")
        if getattr(e.row.decision, "title", None) is None:  # the editor's own title is theirs
            news = _clean(headline(briefing_caveats.without_caveats(e.row.points), title))
            if news:
                title += t["headline_sep"] + news
        mark = self.t["adj_mark"] if e.adjacent else ""
        head = f"### {e.label}{mark}【{self.section_tag(e.row.section)}】{prio + ' ' if prio else ''}{title}"
        if stars:
            head += " " + "★" * min(stars, 5)
        urls = self._url_lines(e)
        arxiv_only = e.arxiv and all(
            (normalize_id(_clean(u)) or ("",))[0] in e.arxiv for u in e.urls
        )
        # a paper's only link is its abstract page: the arXiv line carries it
        lines = [
            head,
            self._sources_line(e),
            *([] if arxiv_only else urls),
            self._arxiv_line(e, link=bool(arxiv_only)),
        ]
        lines.append(self._points_field(e))
        lines.append(self._list_field(t["caveats"], self._caveats(e), t["no_caveats"]))
        lines.append(self._list_field(t["relation"], self._relation(e), t["rel_nothing"]))
        lines.append(f"- {t['target']}: {self._target(e)}")
        return "\n".join(lines)

    def _source_ref(self, s: SourceRef) -> str:
        path = _clean(s.path)
        label = _clean(s.label)
        if not label:
            return path
        return path + self.paren(label)

    def _sources_line(self, e: _Entry) -> str:
        primary = [s for s in e.sources if not s.mention] or e.sources
        mentions = [s for s in e.sources if s.mention and s not in primary]
        line = f"- {self.t['sources']}: " + " + ".join(self._source_ref(s) for s in primary)
        if mentions:
            line += self.t["also"].format(refs=" + ".join(self._source_ref(s) for s in mentions))
        return line

    def _url_lines(self, e: _Entry) -> list[str]:
        urls = [f"https://arxiv.org/abs/{a}" for a in e.arxiv]
        seen = {normalize_url(u) for u in urls}
        for u in e.urls:
            cu = _clean(u)
            if cu and normalize_url(cu) not in seen:
                seen.add(normalize_url(cu))
                urls.append(cu)
        if not urls:
            return [f"- {self.t['url']}: {self.t['none']}"]
        if len(urls) == 1:
            return [f"- {self.t['url']}: {urls[0]}"]
        if len(urls) > _URLS_LISTED:  # a long list of posts: one line, the links in order
            return [f"- {self.t['urls']}: " + " · ".join(urls)]
        return [f"- {self.t['urls']}:", *(f"  - {u}" for u in urls)]

    def _arxiv_line(self, e: _Entry, *, link: bool = False) -> str:
        t = self.t
        if not e.arxiv:
            hosts = sorted({_host(_clean(u)) for u in e.urls} - {""})
            return f"- {t['arxiv_field']}: " + t["no_arxiv"].format(
                hosts=(" · " + ", ".join(hosts)) if hosts else ""
            )
        parts = []
        for aid in e.arxiv:
            shown = self.arxiv_display(aid, e.incs)
            versions = sorted({v for inc in e.incs for v in inc.arxiv_versions.get(aid, [])})
            if len(versions) > 1:
                shown += t["versions_seen"].format(versions=", ".join(versions))
            card = self.cards.get(aid)
            if card is not None:
                shown += t["card"].format(path=_clean(card.path))
            if link:
                shown += f" · https://arxiv.org/abs/{aid}"
            parts.append(shown)
        return f"- {t['arxiv_field']}: " + " / ".join(parts)

    @staticmethod
    def _dedupe(values: list[str]) -> list[str]:
        out: list[str] = []
        seen: set[str] = set()
        for v in values:
            c = _clean(v)
            k = re.sub(r"[\s,，.。;；:：]+", "", c).lower()
            if c and k not in seen:
                seen.add(k)
                out.append(c)
        return out

    def _points_field(self, e: _Entry) -> str:
        """Key points, with the notes' tables and fenced code back as Markdown (indented under
        the field, so a "# comment" in the code is never a heading of the briefing)."""
        t = self.t
        edited = e.row.decision is not None and getattr(e.row.decision, "points", None) is not None
        points = self._dedupe(
            e.row.points if edited else briefing_caveats.without_caveats(e.row.points)
        )
        if not points:
            return f"- {t['points']}: {t['no_points']}"
        from curator.analysis import primary_items

        texts: list[str] = []
        for inc in e.incs:
            for it in primary_items(inc):
                if it.text and sanitize(it.text) not in texts:
                    texts.append(sanitize(it.text))
        blocks = [
            b
            for text in texts
            if "|" in text or "```" in text or "~~~" in text
            for b in find_blocks(text)
        ]
        arranged = arrange_points(points, blocks)
        if not edited:  # the notes' points, condensed; the editor's own list is shown as written
            arranged = condense_arranged(arranged)
            arranged = cap_arranged(
                arranged,
                nesting_levels([p for p in arranged if isinstance(p, str)], texts),
                self.points_cap,
            )
            arranged = cap_blocks(arranged)
            if not arranged:
                return f"- {t['points']}: {t['no_points']}"
        levels = iter(nesting_levels([p for p in arranged if isinstance(p, str)], texts))
        out = [f"- {t['points']}:"]
        after_block = False
        for p in arranged:
            if isinstance(p, Block):
                out.extend(
                    [*([""] if out[-1] else []), *(f"  {x}" if x else "" for x in p.lines), ""]
                )
                after_block = True
            else:
                out.append(f"{'  ' * (next(levels) + 1)}- {p}")
                after_block = False
        if after_block:
            out.pop()  # the field ends with the block; the next field follows directly
        return "\n".join(out)

    @staticmethod
    def _list_field(name: str, values: list[str], empty: str) -> str:
        """ "- Name: value" for none or one, a nested list for more."""
        if len(values) <= 1:
            return f"- {name}: {values[0] if values else empty}"
        return "\n".join([f"- {name}:", *(f"  - {v}" for v in values)])

    def _target(self, e: _Entry) -> str:
        """The section to file *e* under, and what that section already anchors (its nearest
        neighbours by place)."""
        t = self.t
        shown = self.section_display(e.row.section)
        refs = _section_refs(self.section_label(e.row.section))
        if not refs or e.row.inc.status == "anchored":
            return shown
        names = self._section_anchor_names(refs[0])
        if not names:
            return shown + self.paren(t["target_empty"])
        cut = 6 if len(names) > 7 else 7  # "and 1 more" would take the place of that one name
        listed = t["sep"].join(names[:cut]) + (
            t["and_more"].format(n=len(names) - cut) if len(names) > cut else ""
        )
        return shown + self.paren(t["target_anchors"].format(n=len(names), names=listed))

    def _mentioned_anchors(self, e: _Entry, skip: set[str], limit: int) -> list[str]:
        """Anchored things of the doc the entry's notes name (its nearest neighbours by what the
        notes say), with their sections: at most *limit*, not those in *skip* (names, lower case)."""
        t = self.t
        text = " ".join([e.title, *e.row.points, *e.row.caveats]).lower()
        out: list[str] = []
        home = _section_refs(self.section_label(e.row.section))[:1]
        ranked = sorted(
            self._named_anchors(), key=lambda x: x[0] not in home
        )  # its own section first
        for sec, name, ids, date in ranked:
            low = name.lower()
            if (
                len(out) >= limit
                or low in skip
                or not any(i in text for i in ids)
                and not (len(low) >= 4 and low in text)
            ):
                continue
            skip.add(low)
            when = t["anchored_on"].format(date=date) if date else t["anchored"]
            idp = self.paren(f"arXiv:{'/'.join(ids)}") if ids else ""
            out.append(
                t["rel_anchored"].format(
                    section=self.section_display(sec),
                    name=name,
                    ids=idp,
                    date=when,
                    why=t["rel_mentioned"],
                )
            )
        return out

    def _named_anchors(self) -> list[tuple[str, str, list[str], str]]:
        """(section, name, arXiv IDs, date) of each named, real anchor of the doc, once per name."""
        if self._named is None:
            seen: dict[str, tuple[str, str, list[str], str]] = {}
            place: str | None = None
            place_end = -1
            for sec in self.doc.sections:
                if sec.number:
                    place, place_end = sec.number, sec.end_line
                elif sec.line > place_end:
                    place = None  # an unnumbered heading outside any numbered section
                if place is None:
                    continue
                by_line: dict[int, list[str]] = {}
                for a in sec.anchors:
                    if a.kind == "arxiv":
                        by_line.setdefault(a.line, []).append(a.key)
                for a in sec.anchors:
                    name = _clean(a.name)
                    if (a.kind == "name" and a.in_table) or not name or name.lower() in seen:
                        continue
                    seen[name.lower()] = (place, name, by_line.get(a.line, []), _clean(a.date))
            self._named = list(seen.values())
        return self._named

    def _relation(self, e: _Entry) -> list[str]:
        t = self.t
        note = getattr(e.row.decision, "note", None) if e.row.decision is not None else None
        if note and note.strip():
            return [
                x
                for x in (
                    _clean(re.sub(r"^\s*[-*+]\s+", "", ln)) for ln in sanitize(note).split("\n")
                )
                if x
            ]
        out: list[str] = []
        inc = e.row.inc
        if inc.anchored_in:
            out.append(
                t["rel_self_anchored"].format(
                    refs=t["sep"].join(self._anchor_ref(r) for r in inc.anchored_in)
                )
            )
        reported = sorted({_clean(x) for i in e.incs for x in i.reported_in})
        if reported:
            out.append(t["rel_reported"].format(refs=t["sep"].join(reported)))
        elsewhere = [r for i in e.incs for r in i.anchored_elsewhere]
        if elsewhere:
            out.append(
                t["rel_elsewhere"].format(
                    refs=t["sep"].join(
                        f"{_clean(r.doc)} {_section_label(_clean(r.section))}" for r in elsewhere
                    )
                )
            )
        seen: set[str] = {i.id for i in e.incs}
        neighbours = 0
        named: set[str] = set()
        for inc_ in e.incs:
            for ov in sorted(inc_.overlaps, key=lambda o: -o.score):
                if ov.id in seen:
                    continue
                other = self.by_id.get(ov.id)
                if other is None:
                    continue
                why = self._why(ov.reason)
                entry = self.entry_of.get(ov.id)
                if entry is not None and entry is not e:
                    neighbours += 1
                    seen.add(ov.id)
                    out.append(
                        t["rel_overlap"].format(
                            label=entry.label, name=_short_name(entry.title), why=why
                        )
                    )
                elif (
                    other.status == "anchored"
                    and other.anchored_in
                    and other.anchored_in[0].line not in self.cell_lines
                ):
                    if neighbours >= _NEIGHBOURS:
                        continue
                    neighbours += 1
                    seen.add(ov.id)
                    named.add(self._anchor_name(other, other.anchored_in[0]).lower())
                    ref = other.anchored_in[0]
                    name = self._anchor_name(other, ref)
                    ids = self.paren(f"arXiv:{'/'.join(other.arxiv)}") if other.arxiv else ""
                    date = (
                        t["anchored_on"].format(date=_clean(ref.date))
                        if ref.date
                        else t["anchored"]
                    )
                    out.append(
                        t["rel_anchored"].format(
                            section=self.section_display(ref.section),
                            name=name,
                            ids=ids,
                            date=date,
                            why=why,
                        )
                    )
        if inc.status != "anchored":
            out.extend(self._mentioned_anchors(e, named, _NEIGHBOURS - neighbours))
        return out

    def _why(self, reason: str) -> str:
        r = _clean(reason)
        m = re.search(r"shared terms:\s*(.+)$", r)
        if not m:
            return r
        # sorted: the matcher's order comes from a set and changes between runs
        terms = sorted({x.strip() for x in m.group(1).split(",") if x.strip()})
        return self.t["shared_terms"].format(terms=", ".join(terms))

    def _anchor_ref(self, ref: AnchorRef) -> str:
        date = f" · {_clean(ref.date)}" if ref.date else ""
        return f"{self.section_display(ref.section)}{date}"

    @staticmethod
    def _anchor_name(inc: Increment, ref: AnchorRef) -> str:
        if ref.title and not ref.title.startswith("("):
            return _clean(ref.title)
        return _clean(inc.title)

    def _section_anchor_names(self, ref: str) -> list[str]:
        unit = self.index.resolve(ref)
        if unit is None:
            return []
        top = unit.section
        anchors = [
            a for s in self.doc.sections if top.line <= s.line <= top.end_line for a in s.anchors
        ]
        return [n for n in (_clean(x) for x in anchored_things(anchors)) if n]

    def _caveats(self, e: _Entry) -> list[str]:
        """What to check before trusting *e*: the editor's list as written, else the notes'
        labelled caveats and the caveat-like clauses of its sources' points."""
        hit = self._caveat_memo.get(id(e))
        if hit is None:
            hit = self._caveat_memo[id(e)] = self._dedupe(
                briefing_caveats.gathered(e.row, self.caveats_cap)
            )
        return hit

    def _conflicts(self, e: _Entry) -> list[briefing_caveats.Contradiction]:
        from curator.analysis import primary_items

        by_source = [
            (it.note, [_clean(p) for p in it.points]) for inc in e.incs for it in primary_items(inc)
        ]
        return briefing_caveats.contradictions(by_source)

    def contradictions(self) -> str:
        t = self.t
        rows: list[str] = []
        for e in self.entries:
            if e.arxiv:
                src = " + ".join(
                    f"arXiv:{self.arxiv_display(a, e.incs)}"
                    if i == 0
                    else self.arxiv_display(a, e.incs)
                    for i, a in enumerate(e.arxiv)
                )
            else:
                hosts: list[str] = []
                for u in e.urls:
                    h = _host(_clean(u))
                    if h and h not in hosts:
                        hosts.append(h)
                src = " + ".join(hosts[:3]) or "—"
            for c in self._caveats(e):
                risk = t["risk_" + briefing_caveats.risk(c)]
                text = t["claim"].format(name=_short_name(e.title), text=c)
                rows.append(f"| {len(rows) + 1} | {_cell(text)} | {_cell(src)} | {risk} |")
            for x in self._conflicts(e):
                text = t["conflict"].format(
                    name=_short_name(e.title),
                    a=x.a,
                    sa=_path_part(x.a_source),
                    b=x.b,
                    sb=_path_part(x.b_source),
                )
                rows.append(
                    f"| {len(rows) + 1} | {_cell(text)} | {_cell(src)} | {t['risk_high']} |"
                )
        if not rows:
            return t["no_claims"]
        return "\n".join([t["table_claims"], *rows])

    def arxiv_new(self) -> str:
        t = self.t
        if not self.net_new:
            return t["none_rows"]
        rows = []
        for aid, e in self.net_new:
            card = self.cards.get(aid)
            if card is None:
                status = t["no_card"]
            elif card.empty:
                status = t["empty_card"].format(path=_clean(card.path))
            else:
                status = _clean(card.path)
            if any(i.reported_in for i in e.incs):
                status += t["reported_before"]
            rows.append(
                f"| {self.arxiv_display(aid, e.incs)} | {_cell(e.title)} | {_cell(self.section_display(e.row.section))} | {_cell(status)} |"
            )
        return "\n".join([t["table_new"], *rows])

    def arxiv_carried(self) -> str:
        t = self.t
        if not self.carried:
            return t["none_rows"]
        rows = []
        for aid, inc in self.carried:
            ref = inc.anchored_in[0]
            sections = []
            for r in inc.anchored_in:
                if r.section not in sections:
                    sections.append(r.section)
            dates = sorted({_clean(r.date) for r in inc.anchored_in if r.date})
            status = t["anchored_on"].format(date="/".join(dates)) if dates else t["anchored"]
            rows.append(
                f"| {aid} | {_cell(self._anchor_name(inc, ref))} | {_cell(' + '.join(self.section_display(x) for x in sections))} | {_cell(status)} |"
            )
        return "\n".join([t["table_old"], *rows])

    # ---------------------------------------------------------------- sources checked

    def _checked_notes(self) -> list[Note]:
        out = []
        for n in self.a.notes:
            if not n.in_window:
                continue
            if n.kind == "briefing" and self._is_current_briefing(n):
                continue  # this very briefing, written by an earlier export of the window
            out.append(n)
        return sorted(out, key=lambda n: n.path)

    def _is_current_briefing(self, note: Note) -> bool:
        _topic, until = briefing_info(note.text, note.path.rsplit("/", 1)[-1])
        if not until:
            return False
        try:
            end = parse_iso(until, self.a.window.until.tzinfo)
        except ValueError:
            return False
        return abs((end - self.a.window.until).total_seconds()) <= 60

    @staticmethod
    def _file_problem(note: Note) -> str | None:
        if note.text.strip():
            return None
        if (
            note.size == 0
            and not note.errors
            or any(e.startswith(("empty file", "no text")) for e in note.errors)
        ):
            return "empty"
        return "; ".join(note.errors) or "empty"

    def sources(self) -> str:
        t = self.t
        contrib: dict[str, list[str]] = {}
        for e in self.entries:
            for s in e.sources:
                item = None if s.mention else self._item_for(e, s.path)
                title = (
                    _clean(item.title) if item is not None and item.title else _short_name(e.title)
                )
                contrib.setdefault(s.path, []).append(
                    t["contrib"].format(
                        label=e.label,
                        title=title,
                        nlabel=_clean(s.label) or "—",
                        mention=t["contrib_mention"] if s.mention else "",
                    )
                )
        anchored_by_note: dict[str, list[str]] = {}
        for inc in self.a.increments:
            if inc.status != "anchored" or inc.id in self.entry_of:
                continue
            for s in inc.sources:
                names = anchored_by_note.setdefault(s.path, [])
                name = (
                    self._anchor_name(inc, inc.anchored_in[0])
                    if inc.anchored_in
                    else _clean(inc.title)
                )
                if name not in names:
                    names.append(name)
        lines = []
        for n in self._checked_notes():
            problem = self._file_problem(n)
            path = _clean(n.path)
            if problem == "empty":
                what = t["empty_file"]
            elif problem:
                what = t["unreadable"].format(why=_clean(problem))
            elif n.kind == "briefing":
                what = t["previous_briefing"]
            elif n.path in contrib:
                what = (
                    ";".join(contrib[n.path]) if self.lang == "zh" else "; ".join(contrib[n.path])
                )
            else:
                what = t["nothing_new"].format(topic=self.topic)
                names = anchored_by_note.get(n.path, [])
                if names:
                    shown = t["sep"].join(names[:4]) + (
                        t["and_more"].format(n=len(names) - 4) if len(names) > 4 else ""
                    )
                    what += t["mentions_anchored"].format(names=shown)
            lines.append(f"- {path} → {what}")
        for c in sorted((c for c in self.a.cards if c.recent), key=lambda c: c.path):
            path = _clean(c.path)
            if c.empty:
                lines.append(f"- {path} → {t['empty_file']}")
                continue
            if c.errors:
                lines.append(
                    f"- {path} → " + t["unreadable"].format(why=_clean("; ".join(c.errors)))
                )
                continue
            labels = [e.label for e in self.entries if c.arxiv and c.arxiv in e.arxiv]
            anchored = self.index.anchor_section.get(c.arxiv or "")
            if labels:
                what = t["card_in"].format(labels=t["sep"].join(labels))
            elif anchored:
                what = t["card_anchored"].format(section=self.section_display(anchored))
            else:
                what = t["nothing_new"].format(topic=self.topic)
            category = (
                t["category"].format(cat=_clean(c.category)) if c.category else t["no_category"]
            )
            lines.append(
                f"- {path} → "
                + t["card_line"].format(
                    title=_clean(c.title) or (c.arxiv or ""), category=category, what=what
                )
            )
        lines.append(f"- {_clean(self.doc.path)} → " + t["doc_line"].format(version=self.version()))
        return "\n".join(lines)

    @staticmethod
    def _item_for(e: _Entry, path: str) -> Item | None:
        from curator.analysis import primary_items

        for inc in e.incs:
            for it in primary_items(inc):
                if it.note == path:
                    return it
        for inc in e.incs:
            for it in inc.items:
                if it.note == path:
                    return it
        return None

    def no_news(self) -> str:
        """Section 五: anchored items the window's notes touch without news, one line per
        thing (a note's name for an anchored item is folded into the doc's own, see
        :func:`curator.briefing_facts.merge_quiet_areas`)."""
        t = self.t
        found: dict[tuple[str, str], QuietArea] = {}
        for inc in self.a.increments:
            if (
                inc.status != "anchored"
                or not inc.anchored_in
                or inc.id in self.entry_of
                or not self._from_notes(inc)
            ):
                continue
            ref = inc.anchored_in[0]
            name = self._anchor_name(inc, ref)
            area = found.setdefault(
                (ref.section, name.lower()), QuietArea(ref.section, name, [], ref.date)
            )
            area.ids.extend(a for a in inc.arxiv if a not in area.ids)
            area.date = area.date or ref.date
            area.in_doc = area.in_doc or ref.line > 0
        ordered = [
            a for _k, a in sorted(found.items(), key=lambda kv: (_sec_key(kv[0][0]), kv[0][1]))
        ]
        by_section: dict[str, list[str]] = {}
        for a in merge_quiet_areas(ordered):
            about = ", ".join(x for x in ("/".join(a.ids), _clean(a.date)) if x)
            by_section.setdefault(a.section, []).append(
                a.name + (self.paren(about) if about else "")
            )
        lines = [
            "- "
            + t["no_news"].format(
                section=self.section_display(sec), items=t["no_news_sep"].join(items)
            )
            for sec, items in by_section.items()
        ]
        return "\n".join(lines) or t["none_rows"]

    def summary(self, text: str | None) -> str:
        if text is not None and text.strip():
            return sanitize(text).strip()
        t = self.t
        if not self.entries:
            return t["summary_zero"]
        main = [e for e in self.entries if not e.adjacent]
        adj = len(self.entries) - len(main)
        top_entries = [e for e in main if e.row.priority == "🔴"] or main[:3] or self.entries[:3]
        names = t["sep"].join(
            f"{_short_name(e.title)}{self.paren(self.section_label(e.row.section) or t['unassigned'])}"
            for e in top_entries
        )
        out = [
            t["summary"]
            .format(
                n=len(self.entries),
                main=len(main),
                adj=adj,
                new=len(self.net_new),
                old=len(self.carried),
                top=t["summary_top"].format(names=names),
            )
            .strip()
        ]
        groups: dict[str, list[str]] = {}
        for e in self.entries:
            groups.setdefault(self.section_label(e.row.section) or t["unassigned"], []).append(
                f"{e.label} {_short_name(e.title)}"
            )
        out.append("")
        out.append(t["focus"])
        for sec in sorted(groups, key=_sec_key):
            out.append(
                "- "
                + t["focus_line"].format(
                    section=self.section_display(sec) if sec != t["unassigned"] else sec,
                    items=t["sep"].join(groups[sec]),
                )
            )
        return "\n".join(out)

    def footer(self) -> str:
        """The signature: signed at the window's end in the workspace's zone, not at export time,
        so exporting twice (or the next morning) gives the same line."""
        w = self.a.window
        stamp = signature_stamp(w.until, workspace_zone(self.a))
        return self.t["footer"].format(
            editor=self.editor, signed=stamp, topic=self.topic, hours=_hours(w.since, w.until)
        )


def _letters(n: int) -> str:
    """0 → A, 25 → Z, 26 → AA: labels for adjacent increments, as editors write them."""
    s = ""
    n += 1
    while n:
        n, r = divmod(n - 1, 26)
        s = chr(65 + r) + s
    return s


def render_briefing(
    triage: Triage,
    *,
    lang: str = "zh",
    summary: str | None = None,
    editor: str | None = None,
    template: str | None = None,
) -> str:
    """The briefing for the approved rows of *triage*, as Markdown.

    ``template`` is template *text* (see :func:`load_template`); None uses the
    workspace's ``template`` setting if any, else the built-in one for *lang*.  ``summary`` is the editor's own closing text; None
    or blank drafts one.  The signature carries the window's end, so the text does not depend
    on when it is rendered.
    """
    lang = normalize_lang(lang)
    who = _clean(editor or getattr(triage.store, "editor", None) or "editor") or "editor"
    r = _Renderer(triage, lang, who)
    w = triage.analysis.window
    values = {
        "title": r.title(),
        "marker": r.marker(),
        "header": r.header(),
        "status": r.status(),
        "count": str(len(r.entries)),
        "increments": r.increments(),
        "contradictions": r.contradictions(),
        "arxiv_new": r.arxiv_new(),
        "arxiv_carried": r.arxiv_carried(),
        "net_new_count": str(len(r.net_new)),
        "carried_count": str(len(r.carried)),
        "sources": r.sources(),
        "no_news": r.no_news(),
        "summary": r.summary(summary),
        "footer": r.footer(),
        "topic": r.topic,
        "editor": who,
        "date": w.until.date().isoformat(),
        "since": w.since.isoformat(),
        "until": w.until.isoformat(),
        "window": fmt_window(w.since, w.until),
        "living_doc": _clean(r.doc.path),
        "version": r.version(),
    }
    if template is None:
        template = _workspace_template(triage.analysis, lang)
    text = string.Template(template).safe_substitute(values)
    text = text.replace("\r\n", "\n").strip("\n")
    if MARKER_PREFIX not in text:
        # A custom template without $marker must still round-trip as a briefing.
        first, _, rest = text.partition("\n")
        text = f"{first}\n{values['marker']}\n{rest}" if rest else f"{first}\n{values['marker']}"
    return text + "\n"
