"""Earlier briefings in the inbox: which topic each is for, when its window ended.

A briefing is a note whose name or title says so (the lexicon's ``[briefings] words``:
"briefing", "简报", "e1prep", …) or that has a briefing's shape; its topic is the topic
name in that title or name.  Items it listed are *reported*; items it filed under a
heading that leaves them out ("Not for this topic") were judged off-topic then.
"""

from __future__ import annotations

import re

from curator.lexicon import default_lexicon, memo

__all__ = ["briefing_info"]

_MARKER = re.compile(r"<!--\s*curator:briefing\s+(?P<attrs>[^>]*)-->")
_STAMP = r"\d{4}-\d{2}-\d{2}[T ]\d{1,2}:?\d{2}(?::\d{2})?(?:\s*(?:[+-]\d{2}:?\d{2}|Z))?"
@memo
def _window_line() -> re.Pattern[str]:
    """"window 2026-11-15 18:00 → 2026-11-16 18:00" (the words: ``[briefings] window_words``)."""
    words = default_lexicon().pattern("briefings", "window_words").pattern
    return re.compile(
        rf"(?:{words})\s*[:：]?\s*(?P<a>{_STAMP})\s*(?:→|->|~|—|–|to|至|到|bis|hasta|au)\s*(?P<b>{_STAMP})",
        re.IGNORECASE,
    )


@memo
def _shape() -> tuple[list[re.Pattern[str]], tuple[str, ...]]:
    """Lines a briefing has (``[briefings] shape``, one point each; five make a briefing without a
    title word), and literals one of which a note must hold to be worth the regex."""
    lex = default_lexicon()
    pats = [re.compile(w[3:] if w.startswith("re:") else re.escape(w.removeprefix("lit:")), re.MULTILINE | re.IGNORECASE)
            for w in lex.words("briefings", "shape")]
    return pats, tuple(lex.literals("briefings", "shape_hints"))
_NAME_SLUG = re.compile(r"^\d{4}-?\d{2}-?\d{2}(?:[T_]\d{4})?[-_]?")


@memo
def _words() -> re.Pattern[str]:
    return default_lexicon().pattern("briefings", "words")


@memo
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
        shape, hints = _shape()
        if not any(w in low for w in hints):
            return None, None  # most notes stop here, before any regex
        if sum(1 for pat in shape if pat.search(head)) < 5:
            return None, None
    topic = _topic_in(first) if titled and words.search(first) else None
    if topic is None:
        topic = _topic_in(slug.replace("-", " ").replace("_", " "))
    if topic is None and not titled:
        topic = _topic_in(first)
    wm = _window_line().search(head)
    return topic, (wm.group("b") if wm else None)
