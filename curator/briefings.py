"""Earlier briefings in the inbox: which topic each is for, when its window ended.

A briefing is a note whose name or title says so (the lexicon's ``[briefings] words``:
"briefing", "简报", "e1prep", …) or that has a briefing's shape; its topic is the topic
name in that title or name.  Items it listed are *reported*; items it filed under a
heading that leaves them out ("Not for this topic") were judged off-topic then.
"""

from __future__ import annotations

import functools
import re

from curator.lexicon import default_lexicon

__all__ = ["briefing_info"]

_MARKER = re.compile(r"<!--\s*curator:briefing\s+(?P<attrs>[^>]*)-->")
_STAMP = r"\d{4}-\d{2}-\d{2}[T ]\d{1,2}:?\d{2}(?::\d{2})?(?:\s*(?:[+-]\d{2}:?\d{2}|Z))?"
_WINDOW_LINE = re.compile(
    rf"(?:窗口|window|時間枠|期間)\s*[:：]?\s*(?P<a>{_STAMP})\s*(?:→|->|~|—|–|to|至|到)\s*(?P<b>{_STAMP})",
    re.IGNORECASE,
)
_SHAPE = [
    re.compile(p, re.MULTILINE | re.IGNORECASE)
    for p in (r"^基线活文档|^baseline\s*[:：]", r"^本棒性质", r"^执行\s*[:：]|^editor\s*[:：]", r"^[一二三四五六]、",
              r"净增|net-new|net new", r"沿用|carried over", r"^来源\s*[:：]|^sources?\s*[:：]",
              r"建议归入节|suggested section|suggested §", r"检查过的来源|sources checked")
]
"""Lines a briefing has (one point each); with no title word, five of them make a briefing."""
_NAME_SLUG = re.compile(r"^\d{4}-?\d{2}-?\d{2}(?:[T_]\d{4})?[-_]?")


@functools.cache
def _words() -> re.Pattern[str]:
    return default_lexicon().pattern("briefings", "words")


@functools.cache
def _topic_names() -> list[tuple[str, str]]:
    """(name, topic) for every topic the lexicon knows, longest name first."""
    lex = default_lexicon()
    pairs = [(n, t) for t in lex.table("topics") for n in lex.topic_names(t)]
    return sorted(pairs, key=lambda p: -len(p[0]))


def _first_line(text: str) -> str:
    for line in text.split("\n", 40)[:40]:
        s = line.strip().lstrip("#").strip().lstrip("\ufeff")
        if s and not s.startswith(("---", "+++")):
            return s
    return ""


def _topic_in(text: str) -> str | None:
    """The topic a briefing title or file slug names: the first topic word in it."""
    low = text.lower()
    best: tuple[int, str] | None = None
    for name, topic in _topic_names():
        for m in re.finditer(re.escape(name), low):
            edge_ok = (m.start() == 0 or not low[m.start() - 1].isalnum() or not name[0].isascii()) and (
                m.end() == len(low) or not low[m.end()].isalnum() or not name[-1].isascii()
            )
            if edge_ok and (best is None or m.start() < best[0]):
                best = (m.start(), topic)
            break
    if best:
        return best[1]
    m = re.match(r"^\s*(?P<t>[A-Za-z][\w-]{1,30}?)\s*(?:·|\||—|-|:)", text)
    return m.group("t").lower() if m else None


def briefing_info(text: str, name: str) -> tuple[str | None, str | None]:
    """(topic, declared window end as written) when the file is a briefing, else (None, None).

    The topic is what the briefing's title or file name calls it, folded to a topic the
    lexicon knows ("评测简报" → evaluation) when it can be; the caller compares it with the
    workspace's topics.
    """
    m = _MARKER.search(text)
    if m:
        attrs = dict(re.findall(r"(\w+)=(\S+)", m.group("attrs")))
        return attrs.get("topic"), attrs.get("until")
    head = text[:6000]
    first = _first_line(head)
    slug = _NAME_SLUG.sub("", name.rsplit(".", 1)[0])
    words = _words()
    titled = bool(words.search(first)) or bool(words.search(slug.replace("-", " ").replace("_", " ")))
    if not titled:
        low = head.lower()
        if not any(w in low for w in ("基线", "净增", "net-new", "net new", "沿用", "carried over", "本棒", "sources checked")):
            return None, None  # most notes stop here, before any regex
        if sum(1 for pat in _SHAPE if pat.search(head)) < 5:
            return None, None
    topic = _topic_in(first) if titled and words.search(first) else None
    if topic is None:
        topic = _topic_in(slug.replace("-", " ").replace("_", " "))
    if topic is None and not titled:
        topic = _topic_in(first)
    wm = _WINDOW_LINE.search(head)
    return topic, (wm.group("b") if wm else None)
