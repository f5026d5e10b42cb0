"""A note laid out for the item finders: its lines and blocks, and what each line is so far.

:func:`read_layout` parses the note once (markdown-it, or plain lines when it nests too deep),
reads a pasted spreadsheet as a table, and notes the lines of the note's own provenance.  The
finders of :mod:`curator.item_finders` then claim lines for items (:meth:`NoteLayout.claim`) and
mark each line's heading path, in order; what is left unclaimed is the note's free text.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from curator.item_labels import has_ref
from curator.lexicon import default_lexicon, may_match, skim
from curator.mdblocks import Block, ListEntry, parse_blocks
from curator.mentions import identities
from curator.note_headings import (
    HeadingSection,
    heading_sections,
    is_pseudo_heading,
    is_pseudo_heading_unstructured,
    negative,
    negative_re,
    never,
    structural_words,
)
from curator.note_items import Span
from curator.urls import find_urls


@dataclass
class NoteLayout:
    """A note's lines (1-based in every per-line list) and blocks, and the finders' work so far."""

    lines: list[str]
    blocks: list[Block]
    headings: list[Block]
    sections: list[HeadingSection]
    note_title: Block | None
    """The note's own title ("# Notes — agents, Sunday"): it names the note, no section without
    items."""
    negative: Callable[[str], re.Match[str] | None]
    """:func:`~curator.note_headings.negative`, or :func:`~curator.note_headings.never` for a
    note holding none of the words its phrases need (their regexes then never run line by line)."""
    pseudo_heading: Callable[[str], bool]
    covered: list[bool]
    """Lines claimed by an item (or by the note's provenance): no mention, no remark."""
    in_fence: list[bool]
    line_ctx: list[str]
    """Each line's heading path ("Week 3 / Agents")."""
    line_neg: list[bool]
    """Lines under a heading that leaves its items out."""
    line_struct: list[bool]
    """Lines under a structural heading (one that holds no items)."""
    pseudo: list[int] = field(default_factory=list)
    """Briefing-style pseudo headings ("一、…", "状态" alone on a line)."""
    stops: list[int] = field(default_factory=list)
    """Sorted lines where a region ends for the finders after label lines: headings, rules,
    pseudo headings and label lines."""
    spans: list[Span] = field(default_factory=list)

    @property
    def nlines(self) -> int:
        return len(self.lines)

    def usable(self, ln: int) -> bool:
        """Line ``ln`` may still become (part of) an item."""
        return not self.covered[ln] and not self.line_struct[ln] and not self.in_fence[ln]

    def claim(self, span: Span, lines: Iterable[int] | None = None) -> None:
        """Add an item's span, covering its lines (or only ``lines`` of it)."""
        self.spans.append(span)
        for ln in range(span.start, span.end + 1) if lines is None else lines:
            self.covered[ln] = True


def opens_entry(line: str, prev: str) -> bool:
    """*line*, right under *prev* with no blank line between, opens the next entry as a blank
    line would: a pasted tracker or export often has none.  Such a line is at the margin after
    an indented one (a hanging-indent paste: "HW-212 · …" over "  Link: …", "  Paper: …", then
    "HW-209 · …"), or opens with a part mark ("■ 論文:…" after the last part's "・分類:…")."""
    if not prev.strip():
        return False
    if line[:1] in _PART_MARKS:
        return True
    return line[:1].isalnum() and prev[:1] in (" ", "\t") and _LIST_MARK.match(line) is None


_PART_MARKS = frozenset("■□◆◇●○▶")
"""Marks that open a part of a note written in Japanese or Chinese (never list markers)."""
_LIST_MARK = re.compile(r"(?:[-*+>|]|\d{1,3}[.)])(?:\s|$)")
"""A list entry: a Markdown block of its own, not a hanging entry (nor is a line opening with
a mark, a quote, a table row or a "・" glyph)."""


def read_layout(text: str, warnings: list[str]) -> NoteLayout:
    """The note's layout before any finder ran."""
    lines = text.split("\n")
    nlines = len(lines)
    blocks = [t for b in _parsed_blocks(text, lines, warnings) for t in _with_csv_tables(b, lines)]
    headings = [b for b in blocks if b.kind == "heading"]
    # a phrase that is nowhere in the note is in none of its headings or lines: the regexes of
    # hundreds of phrases then never run line by line (60,000 headings took ~1 s in them)
    whole = skim(text)
    covered = [False] * (nlines + 2)
    for ln in _provenance_lines(lines, headings):
        covered[ln] = True  # where the note's text came from: not an item, not a mention
    in_fence = [False] * (nlines + 2)
    for b in blocks:
        if b.kind == "fence":
            for ln in range(b.start, min(b.end, nlines) + 1):
                in_fence[ln] = True
    return NoteLayout(
        lines=lines,
        blocks=blocks,
        headings=headings,
        sections=heading_sections(headings, nlines),
        note_title=(
            headings[0]
            if headings and sum(h.level <= headings[0].level for h in headings) == 1
            else None
        ),
        negative=negative if may_match(negative_re(), whole) else never,
        pseudo_heading=(
            is_pseudo_heading
            if may_match(structural_words(), whole)
            else is_pseudo_heading_unstructured
        ),
        covered=covered,
        in_fence=in_fence,
        line_ctx=[""] * (nlines + 2),
        line_neg=[False] * (nlines + 2),
        line_struct=[False] * (nlines + 2),
    )


def _parsed_blocks(text: str, lines: list[str], warnings: list[str]) -> list[Block]:
    try:
        return _cut_lazy_lists(parse_blocks(text), lines)
    except RecursionError:
        warnings.append("markdown nesting too deep; read as plain lines")
        return [Block("paragraph", i + 1, i + 1, ln) for i, ln in enumerate(lines) if ln.strip()]


_CSV_LEAD_LINES = 4
"""How many lines of a paragraph may come before a pasted spreadsheet's header (its title, the
export's provenance) when no blank line sets the sheet apart."""


def _with_csv_tables(b: Block, lines: list[str]) -> list[Block]:
    """*b*, or the pasted spreadsheet it is (or ends with, under a few lines of preamble)."""
    table = _csv_table(b, lines)
    if table is not None:
        return [table]
    if b.kind != "paragraph":
        return [b]
    for head in range(b.start + 1, min(b.end - 1, b.start + _CSV_LEAD_LINES) + 1):
        table = _csv_table(Block("paragraph", head, b.end), lines)
        if table is not None:
            lead = "\n".join(lines[b.start - 1 : head - 1])
            return [Block("paragraph", b.start, head - 1, lead), table]
    return [b]


def _cut_lazy_lists(blocks: list[Block], lines: list[str]) -> list[Block]:
    """A list ends where a line opens the next entry (:func:`opens_entry`: a line at the margin
    after an entry's indented body), though Markdown reads it on as a lazy continuation when no
    blank line comes between.  Each stretch from one such line to the next is parsed on its own,
    once: the whole rest again at every cut made a note of 2,000 such entries take a minute."""
    cut_at = {
        b.start: [
            ln for ln in range(b.start + 1, b.end + 1) if opens_entry(lines[ln - 1], lines[ln - 2])
        ]
        for b in blocks
        if b.kind == "list"
    }
    if sum(map(len, cut_at.values())) > _LAZY_CUTS:
        return blocks  # a flood of them, no paste of a tracker: read as Markdown reads it
    out: list[Block] = []
    for b in blocks:
        cuts = cut_at.get(b.start, []) if b.kind == "list" else []
        if not cuts:
            out.append(b)
            continue
        end = b.end
        b.end = cuts[0] - 1
        b.entries = _clip_entries(b.entries, cuts[0])
        out.append(b)
        for first, nxt in zip(cuts, [*cuts[1:], end + 1], strict=True):
            part = parse_blocks("\n".join(lines[first - 1 : nxt - 1]))
            out.extend(_shifted(p, first - 1) for p in part)
    return out


_LAZY_CUTS = 500
"""Cuts a note's lists take at most (each parses a stretch again, ~0.1 ms); past that the note
is a flood, read as Markdown reads it."""


def _shifted(b: Block, by: int) -> Block:
    """*b*, parsed from a stretch of the note, with the note's line numbers."""
    b.start += by
    b.end += by
    b.rows = [(ln + by, cells) for ln, cells in b.rows]
    todo = list(b.entries)
    while todo:
        e = todo.pop()
        e.start += by
        e.end += by
        todo.extend(e.children)
    return b


def _clip_entries(entries: list[ListEntry], cut: int) -> list[ListEntry]:
    kept = [e for e in entries if e.start < cut]
    for e in kept:
        e.end = min(e.end, cut - 1)
        e.text = "\n".join(e.text.split("\n")[: cut - e.start])
        e.children = _clip_entries(e.children, cut)
    return kept


def _csv_table(b: Block, lines: list[str]) -> Block | None:
    """A pasted spreadsheet (``Link,Status,§,Note,Title`` then a row per line, bare or in a
    ```` ```csv ```` / ```` ```tsv ```` fence) read as a table."""
    first_line, last_line = b.start, b.end
    if b.kind == "fence":
        opener = (
            lines[b.start - 1].strip().lstrip("`~").strip().lower()
            if 0 < b.start <= len(lines)
            else ""
        )
        if opener not in ("", "csv", "tsv", "text", "txt"):
            return None  # code in a language is code
        first_line += 1
        closer = lines[b.end - 1].strip() if 0 < b.end <= len(lines) else ""
        if closer.startswith(("```", "~~~")) and b.end > b.start:
            last_line -= 1
    elif b.kind != "paragraph":
        return None
    if last_line - first_line < 1:
        return None
    first = lines[first_line - 1] if 0 < first_line <= len(lines) else ""
    delimiter = "\t" if first.count("\t") >= 2 else ","
    if first.count(delimiter) < 2 or has_ref(first):
        return None
    # each row with the line it starts on: a quoted cell may run over several lines
    starts: list[int] = []
    rows: list[list[str]] = []
    reader = csv.reader(lines[first_line - 1 : last_line], delimiter=delimiter)
    try:
        at = 0
        for r in reader:
            starts.append(first_line + at)
            rows.append(r)
            at = reader.line_num
    except csv.Error:
        return None
    header = [c.strip() for c in rows[0]]
    if len(header) < 3 or any(len(c) > 40 or not c for c in header):
        return None
    body = [(ln, [c.strip() for c in r]) for ln, r in zip(starts[1:], rows[1:], strict=True) if r]
    fitting = [br for br in body if len(br[1]) == len(header)]
    if (
        not fitting
        or len(fitting) < 0.8 * len(body)
        or not any(has_ref(" ".join(c)) for _ln, c in fitting)
    ):
        return None
    return Block("table", first_line, last_line, header=header, rows=fitting)


_CLOCK = re.compile(r"(?<![\d:])\d{1,2}:\d{2}(?![\d:])")
_PREAMBLE_LINES = 4


def _provenance_lines(lines: list[str], headings: list[Block]) -> list[int]:
    """1-based lines at the head of a note that say where and when its text was taken
    ("Source: https://…/pull/418 (copied Sat 24 Oct, 10:40)", "ana · written 18:30 · Programme:
    https://…"): the page is the note's origin, not one of its items, when the note cites others."""
    head = {b.start for b in headings}
    stamp = default_lexicon().pattern("time", "stamps")
    found: list[int] = []
    seen = 0
    for i, line in enumerate(lines):
        if not line.strip() or i + 1 in head:
            continue
        seen += 1
        if seen > _PREAMBLE_LINES:
            break
        if _CLOCK.search(line) and find_urls(line) and stamp.search(line):
            found.append(i + 1)
    if not found:
        return []
    rest = "\n".join(ln for i, ln in enumerate(lines) if i + 1 not in found)
    return found if identities(rest).papers else []
