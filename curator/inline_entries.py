"""One-line entries written as fields: ``- **Title** — Link: …; Why: …; Caveat: …``.

A digest often gives each item a single line whose parts are the fields another author puts on
lines of their own.  Read as one line, such an entry loses what its parts say: a caveat naming
a second paper makes the whole entry a remark about two papers, the title field is read as prose
("Models Ignore: …" as a dismissal), caveats are read as points.  So the line is unfolded into
the entry it stands for — its head over one nested line per part — before the note is split,
and the split note's line numbers are mapped back afterwards: every item still points at the
line its author wrote.

A digest's closing entry (``- **Summary** — items 1+2 are one story; …``), after entries that
cite their papers, is read as a ``Summary`` heading over its parts: the note's closing remarks,
which group its items, not an item.

Only a line with at least two parts that are fields the lexicon knows is unfolded; a line of
prose with semicolons, a card's ``· tag · link`` and a table row stay as they are.
"""

from __future__ import annotations

import re

from curator.fields import labelled, match_field
from curator.item_titles import BOLD_NAME_ENTRY
from curator.mdblocks import LIST_MARKER
from curator.mentions import identities
from curator.models import SplitNote
from curator.note_headings import is_structural

__all__ = ["MIN_FIELDS", "remap_lines", "unfold_entries"]

MIN_FIELDS = 2
"""Fields a line must hold to be read as an entry written on one line."""

_SEP = re.compile(r"\s*;\s+|\s*；\s*|\s+\|\s+")
"""What separates the parts: ``; `` (not ``;`` inside a word or an address), ``；``, `` | ``.  Not
`` · ``: "Link: 2603.01472 · code: https://…" is one field of two addresses."""
_ENTRY = re.compile(r"^(?P<indent>[ \t]*)(?P<marker>" + LIST_MARKER + r")[ \t]+(?P<body>\S.*)$")
_CANDIDATE = re.compile(r"(?m)^[ \t]*" + LIST_MARKER + r"[ \t][^\n]*?(?:;\s|；|\s\|\s)")
"""A list entry with a separator in it: a note without one is returned at once."""
_BOLD_TOP = re.compile(r"(?m)^[-*+][ \t]+(?:\*\*|__)")
_RULE = re.compile(r"\s+(?:—|–|--?)\s+|(?<=\*\*)\s*[:：]\s+")
"""Between an entry's title and its first field: ``**Title** — Link: …``, ``**Title**: Link: …``."""
_CLOSING_AFTER = 2
"""Entries citing their papers a list must hold before a ``- **Summary** — …`` entry closes it."""
_MAX_LINE = 4_000
"""Longer lines are no one's entry: not read part by part (a pasted dump)."""


def unfold_entries(text: str) -> tuple[str, list[int] | None]:
    """``text`` with every one-line entry of fields unfolded, and for each of its lines the line
    of ``text`` it comes from (None when nothing was unfolded: the text is returned as is)."""
    if _CANDIDATE.search(text) is None and _BOLD_TOP.search(text) is None:
        return text, None
    out: list[str] = []
    origin: list[int] = []
    fence = changed = False
    cited = 0  # entries of the list above that cite their own paper or page
    for n, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        parts = None if fence else _closing(line, cited) or _unfolded(line)
        cited = _count_cited(line, cited)
        if parts is None:
            out.append(line)
            origin.append(n)
        else:
            out.extend(parts)
            origin.extend([n] * len(parts))
            changed = True
    return ("\n".join(out), origin) if changed else (text, None)


def _count_cited(line: str, cited: int) -> int:
    """Entries of the current top-level list led by a name and citing an address; a heading or a
    paragraph ends the list."""
    if not line.strip() or line[0] in " \t":
        return cited
    m = BOLD_NAME_ENTRY.match(line)
    if m is not None and not m["indent"]:
        if cited >= _CLOSING_AFTER:
            return cited  # enough for a closing entry after them: no more need reading
        return cited + 1 if identities(line).papers and not match_field(line) else cited
    return cited if _ENTRY.match(line) else 0


def _closing(line: str, cited: int) -> list[str] | None:
    """``- **Summary** — a; b`` after a list of entries citing their papers: the list's closing
    remarks, as a ``Summary`` heading over the lines ``a`` and ``b`` would be."""
    if cited < _CLOSING_AFTER or len(line) > _MAX_LINE:
        return None
    m = BOLD_NAME_ENTRY.match(line)
    if m is None or m["indent"] or not is_structural(m["name"].strip(" :：")):
        return None
    parts = [p.strip() for p in _SEP.split(m["rest"])]
    return ["## " + m["name"].strip(" :："), *(f"- {p}" for p in parts if p)]


def _unfolded(line: str) -> list[str] | None:
    """The lines one entry stands for, or None when ``line`` is not an entry written as fields."""
    if len(line) > _MAX_LINE:
        return None
    m = _ENTRY.match(line)
    if m is None or "`" in m["body"]:
        return None
    split = _parts(m["body"])
    if split is None:
        return None
    head, parts = split
    pad = m["indent"] + " " * (len(m["marker"]) + 1)
    out = [f"{m['indent']}{m['marker']} {head}"]
    in_field = False
    for part in parts:
        if match_field(part) or _labelled(part):
            out.append(f"{pad}- {part}")
            in_field = True
        else:  # a part after a field continues it ("Caveat: a; b"), as a line under it would
            out.append(f"{pad}{'  ' if in_field else ''}- {part}")
    return out


def _labelled(part: str) -> bool:
    """A part under a label of the author's own ("建議: …", "Why: …"): a field of its own, not the
    rest of the one before it; a sentence with a colon in it ("Idea: a latent, …") is no label."""
    lv = labelled(part)
    return lv is not None and len(lv[0]) <= _LABEL_CHARS and len(lv[0].split()) <= 2


_LABEL_CHARS = 16


def _parts(body: str) -> tuple[str, list[str]] | None:
    """(the entry's head, its parts), when at least :data:`MIN_FIELDS` of them are fields."""
    parts = [p.strip() for p in _SEP.split(body)]
    parts = [p for p in parts if p]
    if len(parts) < MIN_FIELDS:
        return None
    head, rest = parts[0], parts[1:]
    fields = sum(1 for p in rest if match_field(p))
    if match_field(head):
        fields += 1  # "- Paper: X; Link: …; Why: …": the entry opens with its first field
    elif (rule := _RULE.search(head)) and match_field(head[rule.end() :]):
        rest.insert(0, head[rule.end() :])
        head = head[: rule.start()]
        fields += 1
    if fields < MIN_FIELDS or not head.strip("*_ "):
        return None
    return head, rest


def remap_lines(note: SplitNote, origin: list[int]) -> None:
    """Point the split note's items and remarks at the lines of the text as written."""

    def back(n: int) -> int:
        return origin[n - 1] if 0 < n <= len(origin) else n

    for it in [*note.items, *note.carriers]:
        it.line_start, it.line_end = back(it.line_start), back(it.line_end)
    for r in note.remarks:
        r.line = back(r.line)
