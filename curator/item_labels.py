"""How a note marks its items and cites things: labels ("增量2", "Item 3", "1."), outline numbers.

The splitter asks these of every heading and line to find where items start (:func:`has_label`)
and whether a text cites anything (:func:`has_ref`); the label words live in the lexicon's
``[labels]``.
"""

from __future__ import annotations

import re

from curator import regex_cache
from curator.arxiv import find_ids
from curator.lexicon import default_lexicon, memo, text_memo
from curator.mdblocks import plain_inline
from curator.mentions import may_cite
from curator.priority import DECORATION
from curator.urls import find_urls

_GROUP_SEP = r"(?:[-–~+、,,/&]|和|与|and)"
GROUP_HINT = regex_cache.compile(rf"[0-9]\s*{_GROUP_SEP}", re.IGNORECASE)
"""What every match of the grouping pattern ("条目3-6", "Item 1 + 2") holds: a digit, then a
separator."""


@memo
def _labels() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], frozenset[str]]:
    """Item labels ("增量2", "Item 3"), a note's grouping of them ("条目3-6 合起来"), and the labels
    valid without a number: built from the lexicon's ``[labels]``."""
    lex = default_lexicon()
    words = (
        "|".join(
            re.escape(w) for w in sorted(lex.literals("labels", "words"), key=len, reverse=True)
        )
        or r"(?!x)x"
    )
    counters = "|".join(re.escape(w) for w in lex.literals("labels", "counters")) or r"(?!x)x"
    label = regex_cache.compile(
        rf"^\s*(?:[-*+]\s+|\d{{1,3}}[.)]\s+)?(?:\*\*|__)?\s*(?P<word>{words})(?![A-Za-z])\s*"
        rf"(?P<num>[0-9]{{1,4}}(?!\s*(?:{counters}|[-–~]\s*\d|\s*items?\b))|(?-i:[A-Z])(?![A-Za-z]))?\s*(?:\*\*|__)?",
        re.IGNORECASE,
    )
    grouping = regex_cache.compile(
        rf"(?P<word>{words}|Items?|#)\s*(?P<spec>[0-9]{{1,3}}(?:\s*{_GROUP_SEP}\s*(?:{words}|Item|#)?\s*[0-9]{{1,3}})+)"
        r"(?P<after>[^\n]{0,40})",
        re.IGNORECASE,
    )
    together = lex.pattern("labels", "group_words")
    return label, grouping, together, frozenset(w.lower() for w in lex.literals("labels", "bare"))


def grouping_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A note's grouping of its items ("条目3-6 合起来") and the words that say "together"."""
    _label, grouping, together, _bare = _labels()
    return grouping, together


def label_match(text: str) -> re.Match[str] | None:
    return _labels()[0].match(text)


def is_bare_label(word: str) -> bool:
    return word.lower() in _labels()[3]


NUM_LABEL = regex_cache.compile(
    r"^\s*(?:(?P<n>\d{1,3})\s*[.)、)](?!\d)|\[(?P<b>\d{1,4})\]|#(?P<h>\d{1,4})\b|No\.\s*(?P<no>\d{1,4}))\s*"
)


OUTLINE_LINE = regex_cache.compile(r"^\s*(?P<num>\d{1,2}(?:\.\d{1,2})+)\.?\s+(?P<rest>\S.{1,300})$")
"""A pasted document's own outline numbering ("1.1 Foo:…", "3.1 bar 0.7"): a heading of the note."""


@text_memo
def has_label(text: str) -> bool:
    plain = text.strip()
    if (deco := DECORATION.match(plain)) and deco.end() < len(plain):
        plain = plain[deco.end() :]  # "📄 1. Foo", "▸ 条目2 …": the label after the marks
    m = label_match(plain)
    if m and (m.group("num") or is_bare_label(m.group("word"))):
        return True
    plain = plain_inline(plain)
    return bool(NUM_LABEL.match(plain) or OUTLINE_LINE.match(plain))  # "3. Foo", "[3]", "2.1 Foo"


@text_memo
def has_ref(text: str) -> bool:
    if not may_cite(text):
        return (
            False  # no dot, no slash: no ID, no link (a heading flood asks this of every heading)
        )
    if find_ids(text):
        return True
    return any(not is_file_link(u) for u, _s, _e in find_urls(text))


_ADDRESS = regex_cache.compile(r"\]\([^)]*\)|https?://\S+")


def lone_ref(text: str) -> bool:
    """An address or ID with at most a word around it ("<https://…>", "arXiv:2610.06692v2"): a
    field's value that names a source and says nothing else."""
    if not has_ref(text):
        return False
    rest = _ADDRESS.sub(" ", text)
    for m in reversed(find_ids(rest)):
        rest = rest[: m.start] + " " + rest[m.end :]
    return len(re.sub(r"[\W_]+", "", plain_inline(rest))) <= 12


def is_file_link(url: str) -> bool:
    return bool(re.search(r"\.(?:md|png|jpe?g|gif|svg)$", url.split("?")[0], re.IGNORECASE))


def short_label(text: str | None, limit: int = 40) -> str:
    if not text:
        return ""
    text = plain_inline(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def normalize_label(word: str, num: str | None) -> str:
    if re.match(r"[A-Za-z]", word):
        word = word[0].upper() + word[1:].lower()
        return f"{word} {num}" if num else word
    return f"{word}{num or ''}"
