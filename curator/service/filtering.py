"""The `/` filter: free words plus `status:`, `author:`, `note:`, `is:` and `§1.3` terms.

Kept apart from the widgets so the rules are easy to read and to test.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

from curator.triage import Row

_ACTION_WORDS = {
    "approved": "approve",
    "approve": "approve",
    "ok": "approve",
    "rejected": "reject",
    "reject": "reject",
    "deferred": "defer",
    "defer": "defer",
}
_STATUS_WORDS = {"new", "anchored", "reported", "cited", "off-topic", "offtopic", "unverified"}
_SECTION = re.compile(r"^§[\w.]+$")


@dataclass
class RowFilter:
    """A parsed filter; every term must match (AND)."""

    words: list[str] = field(default_factory=list)
    statuses: set[str] = field(default_factory=set)
    actions: set[str | None] = field(default_factory=set)
    authors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    sections: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (
            self.words
            or self.statuses
            or self.actions
            or self.authors
            or self.notes
            or self.sections
        )


def parse_filter(text: str) -> RowFilter:
    """`status:new author:alice §1.3 kv cache` → a RowFilter (unknown prefixes are words)."""
    f = RowFilter()
    try:
        terms = shlex.split(text)
    except ValueError:  # an unbalanced quote: plain words
        terms = text.split()
    for raw in terms:
        term = raw.casefold()
        prefix, _, value = term.partition(":")
        if value and prefix == "status":
            if value in _ACTION_WORDS:
                f.actions.add(_ACTION_WORDS[value])
            elif value in ("undecided", "open", "todo", "left"):
                f.actions.add(None)
            else:
                f.statuses.add("off-topic" if value == "offtopic" else value)
        elif value and prefix == "is":
            f.actions.add(_ACTION_WORDS.get(value) if value in _ACTION_WORDS else None)
        elif value and prefix == "author":
            f.authors.append(value)
        elif value and prefix == "note":
            f.notes.append(raw.partition(":")[2])
        elif _SECTION.match(raw) or (prefix == "section" and value):
            sec = value if prefix == "section" else raw
            f.sections.append(sec if sec.startswith("§") else "§" + sec)
        else:
            f.words.append(term)
    return f


def _haystack(row: Row) -> str:
    parts = [row.title, row.inc.title, row.inc.id, *row.arxiv, *row.urls]
    parts.extend(s.path for s in row.sources)
    parts.extend(it.title for it in row.inc.items[:50])
    return " ".join(parts).casefold()


def row_matches(row: Row, f: RowFilter) -> bool:
    """Whether *row* passes every term of *f*."""
    if f.statuses and row.inc.status not in f.statuses:
        return False
    if f.actions and row.action not in f.actions:
        return False
    if f.authors:
        authors = [s.author.casefold() for s in row.sources]
        if not all(any(a.startswith(want) for a in authors) for want in f.authors):
            return False
    if f.notes:
        paths = [s.path for s in row.sources]
        if not all(any(want in p for p in paths) for want in f.notes):
            return False
    if f.sections:
        here = {row.section or ""} | {a.section for a in row.inc.anchored_in}
        if not all(any(h == s or h.startswith(s + ".") for h in here) for s in f.sections):
            return False
    if f.words:
        hay = _haystack(row)
        if not all(w in hay for w in f.words):
            return False
    return True
