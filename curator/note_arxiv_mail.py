"""An arXiv listing e-mail pasted into a note read as a list: each announced paper an entry.

The daily mailing writes every paper the same way, between rules of dashes::

    \\\\
    arXiv:2711.06208
    Date: Fri, 5 Nov 2027 08:40:17 GMT   (1203kb,D)      (or "replaced with revised version …")

    Title: Pruning and Disparities in Clinical Risk Models
    Authors: …
    Categories: cs.LG cs.CY
    Comments: 15 pages
    \\\\
      The abstract, over several lines …
    \\\\ ( https://arxiv.org/abs/2711.06208 ,  1203kb)

Read as text, the papers run together and the mailing's own boilerplate ("To unsubscribe,
e-mail …") becomes an item's words.  Here the ID's line becomes the entry (its title, then the
ID), a replacement's line and the comments its indented lines, the abstract its points; the
rules, field lines, dates and the mailing's preamble between entries go blank (a rule left in
would make the line above it a heading).  Every line stays
where it was.
"""

from __future__ import annotations

import re

__all__ = ["arxiv_mail_entries", "may_have_arxiv_mail"]

_ENTRY = re.compile(r"^[ \t]*\\\\[ \t]*\n[ \t]*arXiv:(\S+)", re.MULTILINE)
_ID_LINE = re.compile(r"^[ \t]*arXiv:(\S+)(?:[ \t]+\(.{0,40}\))?[ \t]*$")
"""An entry's ID line, with what the mailing adds in brackets ("(*cross-listing*)")."""
_BACKSLASHES = re.compile(r"^[ \t]*\\\\(?:[ \t]*\(.*\))?[ \t]*$")
_RULE = re.compile(r"^[ \t]*(?:-{20,}|(?:%+-+)+%*|(?:%+)+)[ \t]*$")
_FIELD = re.compile(r"^([A-Z][A-Za-z-]{1,20}):[ \t]*(.*)$")
_REPLACED = re.compile(r"^[ \t]*replaced with revised version\b", re.IGNORECASE)
_KEPT_FIELDS = frozenset({"comments", "journal-ref", "doi"})
"""Field lines that say something of the paper an editor may quote (a version's change, where
it appeared, its DOI); the rest (authors, categories, report numbers, dates) go blank."""


def may_have_arxiv_mail(text: str) -> bool:
    """A cheap test: a ``\\\\`` line followed by an ``arXiv:<id>`` line."""
    return "arXiv:" in text and "\\\\" in text and _ENTRY.search(text) is not None


def arxiv_mail_entries(text: str) -> str:
    """*text* with each listing entry read as a list entry (see the module docstring)."""
    lines = text.split("\n")
    out = list(lines)
    starts = [i for i in range(len(lines) - 1) if _starts_entry(lines, i)]
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else _entry_end(lines, start)
        _read_entry(lines, out, start, end)
    for i, line in enumerate(lines):
        if _RULE.match(line):  # the mailing's rules, read as Markdown, underline its preamble
            out[i] = ""
    return "\n".join(out)


def _starts_entry(lines: list[str], i: int) -> bool:
    return lines[i].strip() == "\\\\" and _ID_LINE.match(lines[i + 1]) is not None


def _entry_end(lines: list[str], start: int) -> int:
    """The last entry ends after its abstract's closing ``\\\\ ( … )`` line, else at a rule."""
    for j in range(start + 2, len(lines)):
        if _RULE.match(lines[j]):
            return j
        if lines[j].lstrip().startswith("\\\\ ("):
            return j + 1
    return len(lines)


def _read_entry(lines: list[str], out: list[str], start: int, end: int) -> None:
    id_line = _ID_LINE.match(lines[start + 1])
    assert id_line is not None
    out[start] = ""
    title: list[str] = []
    field = ""
    backslashes = 0
    for j in range(start + 2, end):
        line = lines[j]
        out[j] = ""
        if _RULE.match(line):
            backslashes = 3  # past the entry: the mailing's own lines until the next entry
            continue
        if _BACKSLASHES.match(line):
            backslashes += 1
            continue
        if backslashes >= 2 or not line.strip():
            continue
        if backslashes == 1:  # the abstract
            out[j] = "  " + line.strip()
            continue
        if _REPLACED.match(line):
            out[j] = "  " + line.strip()
            continue
        m = _FIELD.match(line)
        if m is not None:
            field = m.group(1).lower()
            if field == "title":
                title = [m.group(2).strip()]
            elif field == "comments":  # the authors' words, not the mailing's label
                out[j] = "  " + m.group(2).strip()
            elif field in _KEPT_FIELDS:
                out[j] = "  " + line.strip()
        elif line[:1] in " \t":  # a wrapped field line
            if field == "title":
                title.append(line.strip())
            elif field in _KEPT_FIELDS:
                out[j] = "  " + line.strip()
    name = " ".join(t for t in title if t)
    out[start + 1] = (
        f"- {name} (arXiv:{id_line.group(1)})" if name else f"- arXiv:{id_line.group(1)}"
    )
