"""A note with tracked changes (CriticMarkup, as Word's "Track Changes" and many Markdown editors
export them) read as its author's final text.

``{++inserted++}`` is kept, ``{--deleted--}`` goes, ``{~~old~>new~~}`` becomes its new text,
``{==highlighted==}`` is kept and a ``{>>comment<<}`` is kept in brackets: a reviewer's remark
about the line.  Read raw, a deleted ID is an item and a replaced section hint says two places.
A change may span lines: every line stays where it was (a deletion keeps its line breaks).
"""

from __future__ import annotations

import re

__all__ = ["critic_markup", "may_have_critic_markup"]

_CHANGE = re.compile(
    r"\{(?:\+\+(?P<ins>.*?)\+\+|--(?P<del>.*?)--|~~(?P<old>.*?)~>(?P<new>.*?)~~"
    r"|==(?P<mark>.*?)==|>>(?P<note>.*?)<<)\}",
    re.DOTALL,
)
_MAX_CHANGE = 20_000
"""Characters of one change read as one: past that, the braces were not markup."""


def may_have_critic_markup(text: str) -> bool:
    """A cheap test: an opening of an insertion, a deletion or a substitution."""
    return ("{++" in text or "{--" in text or "{~~" in text) and _CHANGE.search(text) is not None


def critic_markup(text: str) -> str:
    """*text* as its author left it (see the module docstring); same line count."""

    def final(m: re.Match[str]) -> str:
        if len(m[0]) > _MAX_CHANGE:
            return m[0]
        if m["ins"] is not None:
            return m["ins"]
        if m["del"] is not None:
            return "\n" * m["del"].count("\n")
        if m["new"] is not None:
            return m["new"] + "\n" * m["old"].count("\n")
        if m["mark"] is not None:
            return m["mark"]
        return f"({m['note']})"

    return _CHANGE.sub(final, text)
