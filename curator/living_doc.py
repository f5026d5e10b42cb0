"""Living documents → a section tree with anchors (what each section already covers).

The triage question is "is this paper already in the living doc, and where?", so we
need headings exactly as a CommonMark renderer sees them (not inside fences, HTML
comments, blockquotes or list items) and every arXiv ID / URL / named system with
its 1-based line. markdown-it-py decides the structure, but it costs ~90 µs per
line; living docs can reach 200,000 lines, so the document is cut at blank-line +
ATX-heading boundaries and chunks made only of "plain" lines (no fences, HTML,
quotes, setext underlines or indented '#') take a fast path whose only headings
are column-0 ATX lines, which is exactly what markdown-it would report there.
"""

from __future__ import annotations

import gc
import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from markdown_it import MarkdownIt
from markdown_it.common.html_blocks import block_names
from markdown_it.common.utils import mdTrim

from curator.arxiv import find_ids
from curator.models import Anchor, LivingDoc, Section
from curator.textio import ReadProblem, read_text
from curator.urls import find_urls, is_arxiv_url, normalize_url

__all__ = [
    "find_section",
    "load_living_doc",
    "parse_living_doc",
    "section_for_line",
]

MAX_NESTING = 200
"""markdown-it's default of 20 silently drops deeper content (and headings after it)."""
BODY_CAP = 20_000
"""Section.body is for lexical matching; a few pages of text is plenty."""
_VERSION_LINES = 20
"""The version stamp lives in the title block; later dates are change-log entries."""
_MAX_BAD_CUTS = 2
"""After this many rejected chunk cuts, parse the rest in one go (stays linear)."""


def _make_parser() -> MarkdownIt:
    """Block structure only: inline parsing is most of markdown-it's cost and unused here."""
    md = MarkdownIt("commonmark", {"maxNesting": MAX_NESTING}).enable("table")
    md.disable(["inline", "text_join"])
    return md


_MD = _make_parser()

# --- line classification ----------------------------------------------------------------------

_ATX_RE = re.compile(r"#{1,6}(?:[ \t]|$)")
"""A column-0 ATX heading (callers use .match at the start of the line)."""
_SETEXT_RE = re.compile(r" {0,3}(?:=+|-+)[ \t]*$")
_LIST_PREFIX_RE = re.compile(r"[ \t]*(?:(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$))*")
_FENCE_OPEN_RE = re.compile(r" {0,3}(`{3,}|~{3,})(.*)$")
_HTML_OPEN_RE = re.compile(
    r" {0,3}<(?:(?P<raw>script|pre|style|textarea)(?:[ \t>]|$)|(?P<comment>!--)"
    r"|(?P<pi>\?)|(?P<cdata>!\[CDATA\[)|(?P<decl>![A-Za-z]))",
    re.IGNORECASE,
)
_HTML_BLOCK6_RE = re.compile(
    r" {0,3}</?(?:" + "|".join(block_names) + r")(?:[ \t]|/?>|$)", re.IGNORECASE
)
"""CommonMark HTML block type 6 (<div>, <details>, ...): runs to the next blank line."""
_DEEP_QUOTE_RE = re.compile(r"^[ \t]*(?:>[ \t]?){60,}")
"""Quote prefixes this deep add nothing but parse time; collapsed before markdown-it."""


def _is_blank(line: str) -> bool:
    """markdown-it's notion of an empty line: only spaces and tabs."""
    return not line.strip(" \t")


def _is_plain(line: str) -> bool:
    """Whether a line cannot open or close any multi-line block, nor be a heading off column 0.

    A chunk made only of such lines has exactly its column-0 ATX lines as headings
    and no fenced code, so markdown-it can be skipped for it.
    """
    if line[:1] == "#" or _is_blank(line):
        return True
    prefix = _LIST_PREFIX_RE.match(line)
    rest = line[prefix.end() :] if prefix else line
    if rest.startswith(("```", "~~~", "<", ">", "#")):
        return False
    return _SETEXT_RE.match(line) is None


def _html_end(line: str, m: re.Match[str]) -> str | None:
    """End marker of an HTML block of CommonMark types 1-5 opened on ``line``, if still open."""
    if m["raw"]:
        end = f"</{m['raw'].lower()}>"
        return None if end in line[m.end() :].lower() else end
    end = "-->" if m["comment"] else "?>" if m["pi"] else "]]>" if m["cdata"] else ">"
    return None if end in line[m.end() :] else end


def _boundaries(lines: list[str]) -> list[int]:
    """Line indexes where a chunk may start: a non-blank column-0 line after a blank line,
    outside any fence or comment-like HTML block a simple tracker can see.

    Such a line closes every open paragraph, list item, quote, table and indented code
    block, so markdown-it sees the same structure whether or not the text before it is
    parsed together with it. The tracker only needs to be good, not perfect: every chunk
    parsed by markdown-it is verified afterwards (see _parse_chunk)."""
    cuts = [0]
    fence: tuple[str, int] | None = None
    html_end: str | None = None  # end marker of an open HTML block; "" = the next blank line
    prev_blank = True
    for i, line in enumerate(lines):
        blank = _is_blank(line)
        if fence is not None:
            stripped = line.strip(" \t")
            ch, n = fence
            if (
                len(line) - len(line.lstrip(" ")) <= 3
                and stripped.startswith(ch * n)
                and not stripped.strip(ch)
            ):
                fence = None
        elif html_end is not None:
            if not html_end:
                if blank:
                    html_end = None
            elif (html_end in line.lower()) if html_end.startswith("</") else (html_end in line):
                html_end = None
        else:
            if prev_blank and i and not blank and line[:1] not in " \t":
                cuts.append(i)
            if line[:1] in " `~<":
                fm = _FENCE_OPEN_RE.match(line)
                if fm and not (fm[1][0] == "`" and "`" in fm[2]):
                    fence = (fm[1][0], len(fm[1]))
                else:
                    hm = _HTML_OPEN_RE.match(line)
                    if hm:
                        html_end = _html_end(line, hm)
                    elif _HTML_BLOCK6_RE.match(line):
                        html_end = ""
        prev_blank = blank
    return cuts


# --- structure --------------------------------------------------------------------------------


@dataclass
class _Heading:
    line: int
    """0-based."""
    level: int
    text: str


@dataclass
class _Structure:
    headings: list[_Heading]
    masked: list[tuple[int, int]]
    """0-based [start, end) line ranges whose text is not anchor material (fences, comments)."""
    problems: list[str]


def _heading_text(line: str) -> str:
    """ATX heading text the way markdown-it computes it: no #'s, closing sequence or padding."""
    pos = len(line) - len(line.lstrip("#"))
    end = len(line.rstrip(" \t"))
    if end <= pos:
        return ""
    tmp = end
    while tmp > pos and line[tmp - 1] == "#":
        tmp -= 1
    if tmp < end and tmp > pos and line[tmp - 1] in " \t":
        end = tmp
    elif tmp == pos:  # "## ##": the whole rest is a closing sequence
        return ""
    return mdTrim(line[pos:end])


def _fast_chunk(lines: list[str], start: int, end: int, out: _Structure) -> None:
    """Headings of a chunk of plain lines: its column-0 ATX lines, nothing else."""
    for i in range(start, end):
        line = lines[i]
        if line[:1] == "#" and _ATX_RE.match(line):
            out.headings.append(_Heading(i, len(line) - len(line.lstrip("#")), _heading_text(line)))


def _parse_chunk(lines: list[str], start: int, end: int, out: _Structure) -> bool:
    """Parse lines[start:end] with markdown-it; False if the cut at ``end`` was unsafe.

    The chunk is followed by a column-0 sentinel paragraph line, which closes every
    block exactly as the real next line (also column 0, after a blank line) would.
    If a top-level fence or HTML block swallows the sentinel, it would have swallowed
    the real next lines too, so the cut is rejected."""
    src_lines = [
        _DEEP_QUOTE_RE.sub(">" * 60 + " ", ln) if ln[:1] in "> \t" and ">" * 20 in ln else ln
        for ln in lines[start:end]
    ]
    length = len(src_lines)
    if end < len(lines):
        src_lines.append("sentinel")
    try:
        tokens = _MD.parse("\n".join(src_lines))
    except RecursionError:
        out.problems.append(
            f"lines {start + 1}-{end}: nesting too deep to parse; headings read line by line"
        )
        _fast_chunk(lines, start, end, out)
        return True
    headings: list[_Heading] = []
    masked: list[tuple[int, int]] = []
    for idx, tok in enumerate(tokens):
        if tok.map is None:
            continue
        if tok.map[1] > length and tok.level == 0 and tok.type in ("fence", "html_block"):
            return False
        if tok.map[0] >= length:
            continue
        if tok.type == "heading_open" and tok.level == 0:
            content = tokens[idx + 1].content if idx + 1 < len(tokens) else ""
            text = " ".join(part.strip() for part in content.split("\n"))
            headings.append(_Heading(tok.map[0] + start, int(tok.tag[1:]), text))
        elif tok.type == "fence" or (
            tok.type == "html_block" and tok.content.lstrip().startswith("<!--")
        ):
            masked.append((tok.map[0] + start, min(tok.map[1], length) + start))
    out.headings.extend(headings)
    out.masked.extend(masked)
    return True


def _structure(lines: list[str]) -> _Structure:
    """Headings and masked ranges for the whole document, chunk by chunk."""
    out = _Structure([], [], [])
    cuts = _boundaries(lines) + [len(lines)]
    k = 0
    bad_cuts = 0
    while k < len(cuts) - 1:
        start = cuts[k]
        nxt = k + 1
        if all(_is_plain(line) for line in lines[start : cuts[nxt]]):
            _fast_chunk(lines, start, cuts[nxt], out)
            k = nxt
            continue
        while not _parse_chunk(lines, start, cuts[nxt], out):
            bad_cuts += 1
            nxt = len(cuts) - 1 if bad_cuts > _MAX_BAD_CUTS else nxt + 1
        k = nxt
    return out


# --- section numbers, title, version ----------------------------------------------------------

_SECT_NUM_RE = re.compile(r"§[ \t]*(\d+(?:\.\d+)*)")
_DOTTED_NUM_RE = re.compile(r"(\d{1,3}(?:\.\d{1,3})+)\.?(?=\s|$)")
_SINGLE_NUM_RE = re.compile(r"(\d{1,3})(?:[.)、]|[ \t]*\))(?=\s|$)")
_NUM_QUERY_RE = re.compile(r"§?\s*(\d+(?:\.\d+)*)\.?")


def _fold(text: str) -> str:
    """Fullwidth digits, dots and § look-alikes → ASCII, so "§１.６" reads as "§1.6"."""
    return unicodedata.normalize("NFKC", text)


def section_number(title: str) -> str | None:
    """Section number as written: "§1.3 KV" → "§1.3", "3.1.2 Streaming" → "3.1.2",
    "2. Efficient" → "2"; None when the heading is unnumbered."""
    head = _fold(title[:40]).lstrip()
    m = _SECT_NUM_RE.match(head)
    if m:
        return "§" + m[1]
    m = _DOTTED_NUM_RE.match(head) or _SINGLE_NUM_RE.match(head)
    return m[1] if m else None


_VERSION_RE = re.compile(
    r"(\d{4}-\d{2}-\d{2})[ \t]*版(?!本)|(?:version|版本)[^\d\n]{0,6}(\d{4}-\d{2}-\d{2})",
    re.IGNORECASE,
)


def _version(lines: list[str]) -> str | None:
    """The doc's own version stamp ("2026-08-20 版", "version 2026-08-20") near the top."""
    m = _VERSION_RE.search("\n".join(lines[:_VERSION_LINES]))
    return (m[1] or m[2]) if m else None


# --- anchors ----------------------------------------------------------------------------------

_COMMENT_RE = re.compile(r"<!--(?:-?>|(?:(?!\n[ \t]*\n)[\s\S])*?-->)")
_LIST_ITEM_RE = re.compile(r"([ \t]*)(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)")
_BOLD_LEAD_RE = re.compile(r"[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\*\*(.+?)\*\*")
_BOLD_LINK_RE = re.compile(r"\[\*\*(.+?)\*\*\]\(")
_LINK_RE = re.compile(r"\[([^\[\]]*)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\)")
_IMAGE_RE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_TAG_RE = re.compile(r"<[^<>]*>")
_DATE = r"(?:\d{4}-)?\d{1,2}-\d{1,2}"
_LINE_DATE_RE = re.compile(
    rf"(?<![\d-])({_DATE})[ \t]*(?:锚入|anchored)|(?:锚入|anchored)[ \t::]*({_DATE})(?![\d-])",
    re.IGNORECASE,
)
_CELL_DATE_RE = re.compile(rf"{_DATE}")
_DELIM_ROW_RE = re.compile(r"[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
_CELL_SPLIT_RE = re.compile(r"(?<!\\)\|")
_NAME_HEADERS = ("title", "标题", "名字", "名称", "name", "代表工作", "代表", "来源", "source")
_DATE_HEADERS = ("锚入", "anchored", "anchor")
_GENERIC_LINK_TEXT = frozenset(
    "pdf arxiv paper abs html link here code blog 论文 原文 链接 全文 代码".split()
)


def _clean_name(raw: str) -> str | None:
    """Markdown-free display name, or None when nothing name-like is left."""
    text = _IMAGE_RE.sub("", raw)
    text = _LINK_RE.sub(lambda m: m[1], text)
    text = _TAG_RE.sub("", text).replace("**", "").replace("__", "")
    text = " ".join(text.split()).rstrip(" .")
    if not any(ch.isalpha() for ch in text):
        return None
    return text


def name_key(name: str) -> str:
    """Comparison key for named anchors: folded width, case and spacing."""
    return " ".join(_fold(name).casefold().split())


def _cells(line: str) -> list[str]:
    """Table cells of one row (outer pipes dropped, escaped pipes kept)."""
    parts = _CELL_SPLIT_RE.split(line.strip())
    if parts and not parts[0].strip():
        parts = parts[1:]
    if parts and not parts[-1].strip():
        parts = parts[:-1]
    return [p.strip() for p in parts]


def _line_date(line: str) -> str | None:
    m = _LINE_DATE_RE.search(line)
    return (m[1] or m[2]) if m else None


@dataclass
class _Table:
    name_col: int | None
    date_col: int | None


def _table_from_header(cells: list[str]) -> _Table:
    """Which column names the row's system/paper, and which says when it was anchored."""
    lowered = [c.casefold() for c in cells]
    name_col = None
    for key in _NAME_HEADERS:
        name_col = next((i for i, c in enumerate(lowered) if key in c), None)
        if name_col is not None:
            break
    date_col = next((i for i, c in enumerate(lowered) if any(k in c for k in _DATE_HEADERS)), None)
    return _Table(name_col, date_col)


_Kind = Literal["arxiv", "url", "name"]


@dataclass
class _LineInfo:
    """Naming context of one line, computed only for lines that carry anchors."""

    lead: str | None = None
    """Bold lead of the list item starting on this line, or a table row's name."""
    inherited: str | None = None
    """Nearest bold lead of the enclosing list item(s)."""
    date: str | None = None
    table_row: bool = False


def _line_infos(
    masked_lines: list[str], wanted: set[int], heading_lines: set[int]
) -> dict[int, _LineInfo]:
    """One pass tracking list items and tables; returns context for the ``wanted`` lines."""
    infos: dict[int, _LineInfo] = {}
    stack: list[tuple[int, str | None]] = []  # (marker indent, bold lead)
    table: _Table | None = None
    prev_row: list[str] | None = None
    prev_blank = True
    for i, line in enumerate(masked_lines):
        if _is_blank(line):
            prev_blank = True
            table = None
            prev_row = None
            continue
        if i in heading_lines:
            stack.clear()
            table = None
            prev_row = None
            prev_blank = False
            continue
        info: _LineInfo | None = _LineInfo() if i in wanted else None
        stripped = line.lstrip(" \t")
        if stripped.startswith("|"):
            if _DELIM_ROW_RE.match(line) and prev_row is not None:
                table = _table_from_header(prev_row)
            elif info is not None:
                info.table_row = True
                cells = _cells(line)
                info.date = _row_date(cells, table)
                info.lead = _row_name(cells, table)
            prev_row = _cells(line)
            stack.clear()
            prev_blank = False
            if info is not None:
                infos[i] = info
            continue
        prev_row = None
        table = None
        m = _LIST_ITEM_RE.match(line)
        indent = len(m[1].expandtabs(4)) if m else len(line) - len(stripped)
        if m:
            while stack and stack[-1][0] >= indent:
                stack.pop()
            bold = _BOLD_LEAD_RE.match(line)
            lead = _clean_name(bold[1]) if bold else None
            if info is not None:
                info.lead = lead
            stack.append((indent, lead))
        elif indent == 0 and prev_blank:
            stack.clear()
        else:
            while stack and stack[-1][0] >= indent and not (indent == 0 and not prev_blank):
                stack.pop()
        if info is not None:
            for _, lead in reversed(stack[:-1] if m else stack):
                if lead:
                    info.inherited = lead
                    break
            info.date = info.date or _line_date(line)
            infos[i] = info
        prev_blank = False
    return infos


def _row_date(cells: list[str], table: _Table | None) -> str | None:
    """Anchoring date of a table row: its 锚入 column, else a cell that is just a date."""
    if table is not None and table.date_col is not None and table.date_col < len(cells):
        m = _CELL_DATE_RE.fullmatch(cells[table.date_col])
        if m:
            return m[0]
    for cell in cells:
        if _CELL_DATE_RE.fullmatch(cell):
            return cell
    return _line_date("|".join(cells))


def _row_name(cells: list[str], table: _Table | None) -> str | None:
    """The cell naming the row: the header's title-like column, else the first wordy cell."""
    if table is not None and table.name_col is not None and table.name_col < len(cells):
        name = _clean_name(cells[table.name_col])
        if name:
            return name
    for cell in cells:
        name = _clean_name(cell)
        if name:
            return name
    return None


def _link_name(line: str, col: int) -> str | None:
    """Text of the markdown link whose text or target holds column ``col``, if it names something."""
    for m in _LINK_RE.finditer(line):
        if m.start() <= col < m.end():
            name = _clean_name(m[1])
            if name and name.casefold().strip("[]() ") not in _GENERIC_LINK_TEXT:
                if not find_ids(name):
                    return name
            return None
    return None


def _bold_link_name(line: str, col: int) -> str | None:
    """The ``[**Title**](url)`` closest before column ``col`` on the line (or the first one)."""
    best: str | None = None
    for m in _BOLD_LINK_RE.finditer(line):
        if m.start() > col and best is not None:
            break
        best = _clean_name(m[1]) or best
    return best


def _anchor_name(line: str, col: int, info: _LineInfo) -> str:
    """Name for an ID/URL occurrence: row name, bold lead, bold link, link text, parent lead."""
    if info.table_row and info.lead:
        return info.lead
    return info.lead or _bold_link_name(line, col) or _link_name(line, col) or info.inherited or ""


def _collect_anchors(lines: list[str], structure: _Structure) -> list[tuple[int, Anchor]]:
    """Every anchor with its 0-based line, outside fences and HTML comments."""
    masked_lines = list(lines)
    for a, b in structure.masked:
        for i in range(a, min(b, len(masked_lines))):
            masked_lines[i] = ""
    masked = "\n".join(masked_lines)
    if "<!--" in masked:
        masked = _COMMENT_RE.sub(lambda m: re.sub(r"[^\n]", " ", m[0]), masked)
        masked_lines = masked.split("\n")
    starts = [0]
    for line in masked_lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)

    raw: list[tuple[int, int, _Kind, str]] = []  # (line, col, kind, key)
    for m in find_ids(masked):
        i = bisect_right(starts, m.start) - 1
        raw.append((i, m.start - starts[i], "arxiv", m.id))
    url_keys: dict[str, str | None] = {}  # badges and repo links repeat a lot
    for url, start, _end in find_urls(masked):
        if url not in url_keys:
            url_keys[url] = None if is_arxiv_url(url) else normalize_url(url)
        key = url_keys[url]
        if key is not None:
            i = bisect_right(starts, start) - 1
            raw.append((i, start - starts[i], "url", key))

    heading_lines = {h.line for h in structure.headings}
    name_lines = {
        i
        for i, line in enumerate(masked_lines)
        if "**" in line or (line.lstrip(" \t")[:1] == "|" and i not in heading_lines)
    }
    wanted = {r[0] for r in raw} | name_lines
    id_lines = {r[0] for r in raw if r[2] == "arxiv"}
    infos = _line_infos(masked_lines, wanted, heading_lines)

    out: list[tuple[int, Anchor]] = []
    seen: set[tuple[int, str, str]] = set()

    def add(i: int, kind: _Kind, key: str, name: str, date: str | None) -> None:
        if (i, kind, key) in seen:
            return
        seen.add((i, kind, key))
        out.append((i, Anchor(kind, key, i + 1, name, date)))

    for i, col, kind, key in raw:
        info = infos.get(i) or _LineInfo(date=_line_date(masked_lines[i]))
        add(i, kind, key, _anchor_name(masked_lines[i], col, info), info.date)
    for i in sorted(name_lines):
        info = infos.get(i)
        if info is None:
            continue
        line = masked_lines[i]
        if info.table_row:
            carries = info.date is not None or i in id_lines
            if info.lead and carries:
                add(i, "name", name_key(info.lead), info.lead, info.date)
            continue
        if info.lead:
            add(i, "name", name_key(info.lead), info.lead, info.date)
        for m in _BOLD_LINK_RE.finditer(line):
            name = _clean_name(m[1])
            if name:
                add(i, "name", name_key(name), name, info.date)
    out.sort(key=lambda pair: pair[0])
    return out


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Big docs make hundreds of thousands of small acyclic objects; the cyclic GC would
    rescan them over and over (about a third of the anchor time), for nothing."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


# --- public API -------------------------------------------------------------------------------


def parse_living_doc(text: str, path: str, topic: str) -> LivingDoc:
    """Section tree, anchors, title and version of one living document (never raises)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    lines = text.split("\n")
    total = len(lines) - 1 if text.endswith("\n") else len(lines)
    if not text:
        total = 0
    doc = LivingDoc(path=path, topic=topic)
    structure = _structure(lines)
    doc.errors.extend(structure.problems)
    headings = sorted(structure.headings, key=lambda h: h.line)

    sections: list[Section] = []
    stack: list[Section] = []
    for idx, h in enumerate(headings):
        while stack and stack[-1].level >= h.level:
            stack.pop().end_line = h.line  # 1-based line before this heading
        body_end = headings[idx + 1].line if idx + 1 < len(headings) else total
        body = "\n".join(lines[h.line : body_end])[:BODY_CAP]
        sec = Section(
            index=idx,
            number=section_number(h.text),
            title=h.text,
            level=h.level,
            line=h.line + 1,
            end_line=total,
            parent=stack[-1].index if stack else None,
            body=body,
        )
        sections.append(sec)
        stack.append(sec)
    doc.sections = sections

    if sections:
        heading_lines = [s.line for s in sections]
        with _gc_paused():
            for i, anchor in _collect_anchors(lines, structure):
                k = bisect_right(heading_lines, i + 1) - 1
                if k >= 0:
                    sections[k].anchors.append(anchor)

    doc.title = (
        sections[0].title
        if sections
        else next((line.strip() for line in lines if line.strip()), "")[:200]
    )
    doc.version = _version(lines)
    return doc


def load_living_doc(root: Path, rel_path: str, topic: str) -> LivingDoc:
    """Read and parse ``root/rel_path``; a file that cannot be read gives an empty doc with
    the reason in ``errors`` rather than an exception, so the rest of the app keeps going."""
    rel = rel_path.replace("\\", "/")
    try:
        decoded = read_text(root / rel)
    except ReadProblem as exc:
        return LivingDoc(path=rel, topic=topic, errors=[f"{rel}: {exc.message}"])
    except OSError as exc:  # read_text promises ReadProblem; belt and braces
        return LivingDoc(path=rel, topic=topic, errors=[f"{rel}: cannot be read ({exc})"])
    doc = parse_living_doc(decoded.text, rel, topic)
    doc.errors[:0] = [f"{rel}: {w}" for w in decoded.warnings]
    if not decoded.text.strip():
        doc.errors.append(f"{rel}: the living document is empty")
    elif not doc.sections:
        doc.errors.append(f"{rel}: no headings found, so no sections to anchor to")
    return doc


def section_for_line(doc: LivingDoc, line: int) -> Section | None:
    """The deepest section containing 1-based ``line`` (None before the first heading)."""
    k = bisect_right(doc.sections, line, key=lambda s: s.line) - 1
    if k < 0:
        return None
    sec = doc.sections[k]
    return sec if line <= sec.end_line else None


def find_section(doc: LivingDoc, ref: str) -> list[Section]:
    """Sections matching "§1.3", "1.3", "§１.３", a full label or a title fragment.

    Duplicate numbers are real in hand-edited docs, so every match is returned in
    document order; exact title matches win over fragments."""
    query = _fold(ref).strip()
    if not query:
        return []
    m = _NUM_QUERY_RE.fullmatch(query)
    if m:
        hits = [s for s in doc.sections if s.number and s.number.lstrip("§").rstrip(".") == m[1]]
        if hits:
            return hits
    folded = query.casefold()
    exact: list[Section] = []
    partial: list[Section] = []
    for s in doc.sections:
        title = _fold(s.title).casefold()
        if folded in (title, _fold(f"{s.number} {s.title}").casefold() if s.number else title):
            exact.append(s)
        elif folded in title:
            partial.append(s)
    return exact or partial
