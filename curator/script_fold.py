"""Chinese in either script: Traditional characters read as their Simplified forms, one for one.

A phrase written "我们" also reads "我們"; words are counted and titles compared in one script.
The pairs are data (the packaged ``[scripts]`` table); offsets stay valid because each character
folds to exactly one.
"""

from __future__ import annotations

import functools
import re

from curator import regex_cache
from curator.phrase_files import packaged_data
from curator.regex_needs import squeeze


def has_cjk(text: str) -> bool:
    """Whether *text* holds a Han character (CJK Unified Ideographs and Extension A)."""
    return any("\u3400" <= ch <= "\u9fff" for ch in text)


@functools.cache
def _script_tables() -> tuple[dict[int, str], dict[str, str]]:
    """(Traditional → Simplified for ``str.translate``, each character → a regex class of its
    forms in both scripts), from the packaged ``[scripts]`` table."""
    data = packaged_data().get("scripts", {})
    trad = "".join(data.get("traditional", []))
    simp = "".join(data.get("simplified", []))
    if len(trad) != len(simp):
        return {}, {}
    fold = {ord(t): s for t, s in zip(trad, simp, strict=True)}
    forms: dict[str, set[str]] = {}
    for t, s_ in zip(trad, simp, strict=True):
        group = forms.setdefault(s_, {s_})
        group.add(t)
        forms[t] = group
    return fold, {ch: "[" + "".join(sorted(g)) + "]" for ch, g in forms.items()}


@functools.lru_cache(maxsize=16)
def skim_lower(low: str) -> str:
    """:func:`skim` of an already lower-cased text, kept while the phrase sets of one reader ask."""
    return squeeze(fold_script(low))


def skim(text: str) -> str:
    """``text`` as :func:`may_match` reads it: lower-cased, one script, whitespace runs as one
    space."""
    return squeeze(fold_script(text.lower()))


def fold_script(text: str) -> str:
    """``text`` with Traditional Chinese characters in their Simplified form, one for one (offsets
    stay valid): what words are counted and titles compared by.

    A text without one comes back as it is, found so in C (``str.translate`` maps every
    character in Python's loop: ~40 µs a title, 3-5 % of a cold run)."""
    if text.isascii():
        return text
    finder = _traditional()
    if finder is None or not finder.search(text):
        return text
    return text.translate(_script_tables()[0])


@functools.cache
def _traditional() -> re.Pattern[str] | None:
    """Any character that :func:`fold_script` changes; None when the table is empty."""
    table = _script_tables()[0]
    if not table:
        return None
    return regex_cache.compile("[" + "".join(re.escape(chr(c)) for c in sorted(table)) + "]")


def escape_scripts(text: str) -> str:
    """*text* escaped for a regex, each Chinese character as a class of its forms in both
    scripts."""
    classes = _script_tables()[1]
    return "".join(classes.get(ch) or re.escape(ch) for ch in text)
