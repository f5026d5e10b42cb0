"""Markdown → a flat list of top-level blocks with 1-based line ranges.

The note splitter and the briefing reader reason about headings, paragraphs,
list items and table rows; markdown-it-py gives us those reliably (fences,
HTML blocks, lazy continuation lines) so nobody hand-parses markdown here.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

LIST_MARKER = r"(?:[-*+]|\d{1,3}[.)])"
"""A list entry's marker as the line readers match it: a bullet, or a number with "." or ")".
The one spelling of it for every reader that finds entries line by line (markdown-it finds them
in :func:`parse_blocks`)."""

LIST_BULLET = re.compile(r"^(\s*)" + LIST_MARKER + r"\s+")
"""A line's list marker with its indent (group 1) and the space after it."""

MAX_NESTING = 120
"""markdown-it's default of 20 silently drops deeper content; notes are untrusted."""

_ATTR = r"(?:[#.][^\s{}]+|[\w-]+=(?:\"[^\"]*\"|[^\s{}]+)|-)"
_HEADING_ATTRIBUTES = re.compile(rf"[ \t]+\{{[ \t]*{_ATTR}(?:[ \t]+{_ATTR})*[ \t]*\}}[ \t]*$")
"""A heading's attribute block, as Pandoc, kramdown and Quarto write it: ``{#sec-id .class
key=value}`` or ``{-}`` after the title."""


def heading_title(heading: str) -> str:
    """What a doc's heading calls its section: its plain text ("**1.2 Title**",
    "<a id=\"x\"></a>1.2 Title", "[Title](…)" are "1.2 Title" and "Title"), no attribute block."""
    return plain_inline(without_attributes(heading))


def without_attributes(heading: str) -> str:
    """A heading's text without its attribute block ("Membership inference {#sec-4}" is the
    section "Membership inference")."""
    return _HEADING_ATTRIBUTES.sub("", heading) if heading.endswith("}") else heading


_DEEP_PREFIX = re.compile(r"^[ \t]*(?:(?:>|[-*+]|\d{1,9}[.)])[ \t]*){40,}|^[ \t]{160,}(?=\S)")


FAST_SCAN_BYTES = 1_000_000
"""Above this, notes are split by a linear line scanner instead of markdown-it (which is
quadratic on some shapes: an 8 MB note of lazy list continuations took over a minute)."""

FAST_SCAN_WEIGHT = 20_000
"""The same past this many lines plus quote/list nesting markers: markdown-it's cost is ~25 µs a
block (a heading line is one) and more again per nesting level of each line, so 1 MB of headings
(62,500) or of deep quotes spent 1.5 s in it alone.  The most line-heavy real note (a 470 KB
awesome-list README) weighs ~7,500 (blank lines included); a note past 20,000 is a dump or an
attack, read by the scanner."""

_CONTAINER_PREFIX = re.compile(r"^(?:[ \t]*(?:>|(?:[*+-]|\d{1,9}[.)])(?=[ \t])))+", re.MULTILINE)


def markdown_parser(max_nesting: int = MAX_NESTING) -> MarkdownIt:
    """The one markdown-it set-up of the project (notes here, the living doc in
    :mod:`curator.living_doc`): CommonMark with tables, block structure only."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"maxNesting": max_nesting}).enable("table")
    # block structure is all we need; inline parsing was half the cost
    md.disable(["inline", "text_join"], ignoreInvalid=True)
    return md


@functools.cache
def _parser() -> MarkdownIt:
    """Built on first use: reading notes from the cache never needs markdown-it."""
    return markdown_parser()


@dataclass
class ListEntry:
    start: int
    end: int
    text: str
    """The entry's own first paragraph (inline source), not its children."""
    children: list[ListEntry] = field(default_factory=list)
    ordered: bool = False
    marker_number: int | None = None


@dataclass
class Block:
    kind: str
    """heading | paragraph | list | table | fence | html | hr | quote"""
    start: int
    end: int
    text: str = ""
    level: int = 0
    entries: list[ListEntry] = field(default_factory=list)
    rows: list[tuple[int, list[str]]] = field(default_factory=list)
    header: list[str] = field(default_factory=list)


def flatten_deep_nesting(text: str) -> tuple[str, bool]:
    """Strip absurd quote/list nesting prefixes so parsing stays linear; report if done."""
    if ">" * 40 not in text and " " * 160 not in text and "\t" * 40 not in text:
        return text, False
    changed = False
    out = []
    for line in text.split("\n"):
        m = _DEEP_PREFIX.match(line)
        if m:
            out.append(line[m.end() :])
            changed = True
        else:
            out.append(line)
    return "\n".join(out), changed


def block_weight(text: str, limit: int = FAST_SCAN_WEIGHT) -> int:
    """Lines plus the characters of line-leading quote/list prefixes: what markdown-it's cost
    follows.

    Counted in C (``str.count``, ``re.findall``); stops early once past ``limit``."""
    weight = text.count("\n") + 1
    if weight > limit:
        return weight
    return weight + sum(map(len, _CONTAINER_PREFIX.findall(text)))


def parse_blocks(text: str) -> list[Block]:
    """Top-level blocks; nested lists become ListEntry trees."""
    if len(text) > FAST_SCAN_BYTES or block_weight(text) > FAST_SCAN_WEIGHT:
        return scan_blocks(text)
    tokens = _parser().parse(text)
    blocks: list[Block] = []
    i = 0
    n = len(tokens)
    while i < n:
        tok = tokens[i]
        if tok.level != 0:
            i += 1
            continue
        start, end = _lines(tok.map)
        if tok.type == "heading_open":
            inline = tokens[i + 1].content if i + 1 < n else ""
            if tok.markup[:1] in ("=", "-") and inline.count("\n") >= 2:
                # a banner ("=====" over and under an export's header lines) is no heading:
                # nobody writes a title three lines long
                blocks.append(Block("paragraph", start, end - 1, inline))
                blocks.append(Block("hr", end, end))
            else:
                text = without_attributes(inline)
                blocks.append(Block("heading", start, end, text, level=int(tok.tag[1:])))
            i += 3
            continue
        if tok.type == "paragraph_open":
            inline = tokens[i + 1].content if i + 1 < n else ""
            blocks.append(Block("paragraph", start, end, inline))
            i += 3
            continue
        if tok.type in ("bullet_list_open", "ordered_list_open"):
            j, entries = _parse_list(tokens, i)
            blocks.append(Block("list", start, end, entries=entries))
            i = j
            continue
        if tok.type == "table_open":
            j, header, rows = _parse_table(tokens, i)
            blocks.append(Block("table", start, end, header=header, rows=rows))
            i = j
            continue
        if tok.type in ("fence", "code_block"):
            blocks.append(Block("fence", start, end, tok.content))
        elif tok.type == "html_block":
            blocks.append(Block("html", start, end, tok.content))
        elif tok.type == "hr":
            blocks.append(Block("hr", start, end))
        elif tok.type == "blockquote_open":
            j = _skip_to_close(tokens, i)
            inner = " ".join(t.content for t in tokens[i:j] if t.type == "inline")
            blocks.append(Block("quote", start, end, inner))
            i = j
            continue
        i += 1
    return blocks


_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_BULLET_LINE = re.compile(r"^( *)(?:[-*+]|(\d{1,9})[.)])(?:[ \t]+|$)(.*)$")


def scan_blocks(text: str) -> list[Block]:
    """Linear approximation of parse_blocks for huge inputs (ATX headings, fences, lists,
    tables)."""
    lines = text.split("\n")
    blocks: list[Block] = []
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        fm = _FENCE.match(line)
        if fm:
            j = i + 1
            while j < n and not lines[j].lstrip().startswith(fm.group(1)):
                j += 1
            blocks.append(Block("fence", i + 1, min(j + 1, n), "\n".join(lines[i + 1 : j])))
            i = j + 1
            continue
        hm = _ATX.match(line)
        if hm:
            text = without_attributes(hm.group(2) or "")
            blocks.append(Block("heading", i + 1, i + 1, text, level=len(hm.group(1))))
            i += 1
            continue
        bm = _BULLET_LINE.match(line)
        if bm and len(bm.group(1)) <= 3:
            block, i = _scan_list(lines, i)
        elif line.lstrip().startswith("|"):
            block, i = _scan_table(lines, i)
        else:
            block, i = _scan_paragraph(lines, i)
        blocks.append(block)
    return blocks


def _ends_run(line: str) -> bool:
    """A blank line, an ATX heading or a fence ends a scanned list or paragraph."""
    return not line.strip() or bool(_ATX.match(line)) or bool(_FENCE.match(line))


def _scan_list(lines: list[str], i: int) -> tuple[Block, int]:
    """The list starting at line index ``i`` and the index after it (scanner)."""
    entries: list[ListEntry] = []
    start, n = i, len(lines)
    while i < n and not _ends_run(lines[i]):
        m = _BULLET_LINE.match(lines[i])
        if m and len(m.group(1)) <= 3:
            num = int(m.group(2)) if m.group(2) else None
            entries.append(
                ListEntry(i + 1, i + 1, m.group(3), ordered=num is not None, marker_number=num)
            )
        elif entries:
            entries[-1].end = i + 1
            if m:
                entries[-1].children.append(ListEntry(i + 1, i + 1, m.group(3)))
        i += 1
    return Block("list", start + 1, i, entries=entries), i


def _scan_table(lines: list[str], i: int) -> tuple[Block, int]:
    """The pipe table starting at line index ``i`` and the index after it (scanner)."""
    start, n = i, len(lines)
    rows: list[tuple[int, list[str]]] = []
    while i < n and lines[i].lstrip().startswith("|"):
        cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
        if not all(re.fullmatch(r":?-+:?", c) for c in cells if c):
            rows.append((i + 1, cells))
        i += 1
    header = rows[0][1] if rows else []
    return Block("table", start + 1, i, header=header, rows=rows[1:]), i


def _scan_paragraph(lines: list[str], i: int) -> tuple[Block, int]:
    """The paragraph starting at line index ``i`` and the index after it (scanner)."""
    start, n = i, len(lines)
    while i < n and not _ends_run(lines[i]):
        i += 1
    return Block("paragraph", start + 1, i, "\n".join(lines[start:i])), i


def _lines(m: list[int] | None) -> tuple[int, int]:
    if not m:
        return 0, 0
    return m[0] + 1, max(m[0] + 1, m[1])


def _skip_to_close(tokens: list, i: int) -> int:
    depth = 0
    n = len(tokens)
    while i < n:
        nesting = tokens[i].nesting
        depth += nesting
        i += 1
        if depth <= 0:
            break
    return i


def _parse_list(tokens: list, i: int) -> tuple[int, list[ListEntry]]:
    """Parse a list starting at tokens[i] (…_list_open); return index after close."""
    open_tok = tokens[i]
    ordered = open_tok.type == "ordered_list_open"
    close_type = "ordered_list_close" if ordered else "bullet_list_close"
    entries: list[ListEntry] = []
    i += 1
    n = len(tokens)
    current: ListEntry | None = None
    number = None
    if ordered:
        try:
            number = int(open_tok.attrGet("start") or 1)
        except (TypeError, ValueError):
            number = 1
    while i < n:
        tok = tokens[i]
        if tok.type == close_type and tok.level == open_tok.level:
            return i + 1, entries
        if tok.type == "list_item_open" and tok.level == open_tok.level + 1:
            s, e = _lines(tok.map)
            current = ListEntry(s, e, "", ordered=ordered, marker_number=number)
            if number is not None:
                number += 1
            entries.append(current)
            i += 1
            continue
        if current is not None and tok.level == open_tok.level + 2:
            if tok.type == "paragraph_open" and not current.text:
                current.text = tokens[i + 1].content if i + 1 < n else ""
                i += 3
                continue
            if tok.type in ("bullet_list_open", "ordered_list_open"):
                j, children = _parse_list(tokens, i)
                current.children.extend(children)
                i = j
                continue
            if tok.type in ("fence", "code_block", "html_block") and not current.text:
                current.text = tok.content
        i += 1
    return i, entries


def _parse_table(tokens: list, i: int) -> tuple[int, list[str], list[tuple[int, list[str]]]]:
    header: list[str] = []
    rows: list[tuple[int, list[str]]] = []
    n = len(tokens)
    in_head = False
    row: list[str] | None = None
    row_line = 0
    i += 1
    while i < n:
        tok = tokens[i]
        if tok.type == "table_close":
            return i + 1, header, rows
        if tok.type == "thead_open":
            in_head = True
        elif tok.type == "thead_close":
            in_head = False
        elif tok.type == "tr_open":
            row = []
            row_line = _lines(tok.map)[0]
        elif tok.type == "inline" and row is not None:
            row.append(tok.content)
        elif tok.type == "tr_close" and row is not None:
            if in_head:
                header = row
            else:
                rows.append((row_line, row))
            row = None
        i += 1
    return i, header, rows


def count_headings(blocks: list[Block]) -> dict[int, int]:
    """Top-level ATX/setext headings by level (what facts.json counts)."""
    counts: dict[int, int] = {}
    for b in blocks:
        if b.kind == "heading":
            counts[b.level] = counts.get(b.level, 0) + 1
    return counts


# Link text never holds "[" (so a run of brackets is linear, not quadratic); a title is bounded.
_INLINE_LINK = re.compile(r"!?\[([^\[\]\n]*)\]\(([^()\s\[\]]{0,2048})(?:\s+\"[^\"\n]{0,300}\")?\)")
_EMPH = re.compile(r"(\*\*|__|~~|`)")
_BLANKS = re.compile(r"[ \t]+")
_HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]{0,40}(?:\s[^<>]{0,500})?/?>")


@functools.lru_cache(maxsize=1 << 16)
def plain_inline(text: str) -> str:
    """Inline markdown → readable text: links keep their text, emphasis markers go.

    Remembered: a flood of one heading (or one table header) is read once."""
    # each substitution only where its mark is (most titles and headings hold none)
    if "[" in text:
        text = _INLINE_LINK.sub(lambda m: m.group(1) or m.group(2), text)
    if "**" in text or "__" in text or "~~" in text or "`" in text:
        text = _EMPH.sub("", text)
    if "<" in text:
        text = _HTML_TAG.sub("", text)
    if "\t" in text or "  " in text:
        text = _BLANKS.sub(" ", text)
    return text.strip()
