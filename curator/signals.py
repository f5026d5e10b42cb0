"""What the notes themselves say about an item: off-topic, already covered, forwarded.

Authors annotate as they write ("和 serving 无关", "转 Tom rag", "活文档 §1.13
已锚", "no new inference items").  These phrases are the strongest evidence a
tool has short of the editor's own judgement, so they are read explicitly and
quoted back as the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

TOPIC_SYNONYMS: dict[str, list[str]] = {
    "inference": ["inference", "推理", "serving", "llm serving", "推理引擎"],
    "rag": ["rag", "检索增强", "检索", "retrieval"],
    "evaluation": ["evaluation", "eval", "评测", "benchmark"],
    "training": ["training", "训练", "后训练", "post-training"],
    "agent": ["agent", "智能体"],
    "multimodal": ["multimodal", "多模态"],
    "risk": ["risk", "风险", "安全"],
}


def topic_aliases(topic: str, doc_header: str = "") -> list[str]:
    """Words that name the topic: the name, known synonyms, and the doc's own 主题/topic line."""
    words = [topic.lower(), *TOPIC_SYNONYMS.get(topic.lower(), [])]
    m = re.search(r"(?:主题|topic|scope)\s*[:：]\s*([^\n]+)", doc_header, re.IGNORECASE)
    if m:
        for part in re.split(r"[(（)）/,，、;；]", m.group(1)):
            part = part.strip().lower()
            if 2 <= len(part) <= 20 and part not in words:
                words.append(part)
    return words


@dataclass
class Phrase:
    kind: str  # "off" | "covered"
    text: str
    section: str | None = None


def _alt(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True) if w)


class PhraseReader:
    """Compiled phrase patterns for one topic."""

    def __init__(self, topic: str, aliases: list[str]) -> None:
        t = _alt(aliases)
        self.off = re.compile(
            rf"(?:(?:和|与|跟)\s*(?:{t})\s*(?:侧|方向|主题)?\s*(?:无关|关系不大|没关系|无直接关联|无直接关系|没有关系)"
            rf"|(?:{t})\s*(?:侧|方向)?\s*(?:无关|无直接关联)"
            rf"|不(?:进|归|算|属于)\s*(?:{t})"
            rf"|不是\s*(?:{t})"
            rf"|(?:→|->|,|，|;|；|:|：|^|\s)\s*转(?:给|交)?\s+[A-Za-z\u4e00-\u9fff]"
            rf"|not\s+(?:an?\s+)?(?:{t})\b|unrelated to\s+(?:{t})|off[- ]topic|belongs to (?:the )?\w+ topic"
            rf"|forward(?:ed)? to\s+\w+)",
            re.IGNORECASE | re.MULTILINE,
        )
        self.covered = re.compile(
            r"(?:活文档|living doc)[^。;；\n]{0,24}?(?:已有|已锚|已覆盖|已收|一致|现有描述)"
            r"|已在[^。;；\n]{0,30}?活文档[^。;；\n]{0,12}?(?:锚|覆盖|收)"
            r"|无新东西|旧知识|已锚内容|already (?:anchored|covered|in the living doc)|nothing new",
            re.IGNORECASE,
        )
        self.note_none = re.compile(
            rf"(?:无|没有|暂无)\s*(?:{t})\s*(?:直接|技术)?\s*(?:新增|增量|相关新增)"
            rf"|(?:{t})\s*(?:相关)?\s*[:：]\s*(?:无|没有|暂无)(?:直接|技术)?\s*(?:新增|增量|新东西|关联)?"
            rf"|no (?:new )?(?:{t}) (?:items|increments|news)|nothing (?:new )?for (?:{t})",
            re.IGNORECASE,
        )
        self.section_ref = re.compile(r"§\s*(\d+(?:\.\d+)*)")
        self.other_doc_ref = re.compile(r"(?P<topic>[A-Za-z][\w-]{1,20})\s*活文档\s*§?\s*(?P<sec>\d+(?:\.\d+)*)?")

    def item_phrases(self, text: str) -> list[Phrase]:
        out: list[Phrase] = []
        for line in text.split("\n"):
            m = self.off.search(line)
            if m:
                out.append(Phrase("off", _clip(line, m.start())))
            c = self.covered.search(line)
            if c:
                sec = self.section_ref.search(line)
                out.append(Phrase("covered", _clip(line, c.start()), "§" + sec.group(1) if sec else None))
        return out

    def note_declares_none(self, text: str) -> str | None:
        m = self.note_none.search(text)
        return _clip(text, m.start()) if m else None


def _clip(text: str, at: int, width: int = 70) -> str:
    start = max(0, at - 25)
    s = text[start : start + width].strip()
    return s.replace("\n", " ")
