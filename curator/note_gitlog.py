"""A ``git log`` pasted into a note (bare or in a fence) read as a list: each commit an entry.

Teams that keep a reading list in a repository paste its history: ``commit <hash>``,
``Author:``, ``Date:``, then the message indented, its trailers last (``Refs: arXiv:2704.01268``,
``Section: §6.2``).  Read as code, each ID is a word in passing and its trailer's section is
lost; read as text, every commit runs into the next.  Here each commit's subject becomes a list
entry, its body and trailers the entry's indented lines; the header lines and a fence around the
log go.  The log ends at its fence or at a line at the margin.  Every line stays where it was.
"""

from __future__ import annotations

import re

__all__ = ["git_log_entries", "may_have_git_log"]

_COMMIT = re.compile(r"^[ \t]*commit [0-9a-f]{7,40}\b", re.MULTILINE)
_HEADER = re.compile(
    r"^[ \t]*(?:commit [0-9a-f]{7,40}\b|(?:Author|Date|Merge|Commit|AuthorDate|CommitDate):)"
)
_FENCE = re.compile(r"^[ \t]*(?:```|~~~)")
_MIN_COMMITS = 2


def may_have_git_log(text: str) -> bool:
    """A cheap test: two ``commit <hash>`` lines at least."""
    if "commit " not in text:
        return False
    found = _COMMIT.finditer(text)
    return sum(1 for _m in zip(range(_MIN_COMMITS), found, strict=False)) >= _MIN_COMMITS


def git_log_entries(text: str) -> str:
    """*text* with each run of commits read as list entries (see the module docstring)."""
    lines = text.split("\n")
    out = list(lines)
    i = 0
    while i < len(lines):
        if not _COMMIT.match(lines[i]):
            i += 1
            continue
        first = i
        subject = False
        while i < len(lines) and not _FENCE.match(lines[i]):
            line = lines[i]
            if line.strip() and line[:1] not in " \t" and not _HEADER.match(line):
                break  # a line at the margin after the log: the note goes on
            if _COMMIT.match(line):
                subject = False
            if _HEADER.match(line):
                out[i] = ""
            elif line.strip() and not subject:
                out[i] = "- " + line.strip()
                subject = True
            elif line.strip():
                out[i] = "  " + line.strip()
            i += 1
        _unfence(lines, out, first, i)
    return "\n".join(out)


def _unfence(lines: list[str], out: list[str], first: int, end: int) -> None:
    """The fence around a log (opened just above its first commit, closed at ``end``) only said
    it was code: it goes."""
    above = first - 1
    while above >= 0 and not lines[above].strip():
        above -= 1
    if above >= 0 and _FENCE.match(lines[above]) and end < len(lines) and _FENCE.match(lines[end]):
        out[above] = out[end] = ""
