"""A living doc's anchors: every arXiv ID, URL and named system, with its line, name and date.

An anchor says "this paper is already here": the ID or link itself, the name the doc gives
it (a table row's title, a list item's bold lead, the link text) and when it was anchored
("8-19 锚入", a table's 锚入 column).  Fenced code and HTML comments hold no anchors; the
occurrences a line says were removed become citations (:mod:`curator.doc_removals`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate
from typing import Literal

from curator.arxiv import find_ids
from curator.doc_removals import removed_occurrences
from curator.models import Anchor, Citation
from curator.section_numbers import fold
from curator.urls import find_urls, is_arxiv_url, normalize_url

_COMMENT_RE = re.compile(r"<!--(?:-?>|(?:(?!\n[ \t]*\n)[\s\S])*?-->)")
_LIST_ITEM_RE = re.compile(r"([ \t]*)(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)")
_BOLD_LEAD_RE = re.compile(r"[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\*\*(.+?)\*\*")
_BOLD_LINK_RE = re.compile(r"\[\*\*(.+?)\*\*\]\(")
_LINK_RE = re.compile(r"\[([^\[\]]*)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\)")
_IMAGE_RE = re.compile(r"!\[[^\[\]\n]*\]\([^()\n]{0,2048}\)")
_TAG_RE = re.compile(r"<[^<>]*>")
_DATE = r"(?:\d{4}-)?\d{1,2}-\d{1,2}"
_ANCHORED_WORD_RE = re.compile(r"锚入|anchored", re.IGNORECASE)
_DATE_BEFORE_RE = re.compile(rf"(?<![\d-])({_DATE})[ \t]*\Z")
_DATE_AFTER_RE = re.compile(rf"[ \t::]*({_DATE})(?![\d-])")
_CELL_DATE_RE = re.compile(rf"{_DATE}")
_DELIM_ROW_RE = re.compile(
    r"[ \t]*+\|?[ \t]*+:?-++:?[ \t]*+(?:\|[ \t]*+:?-++:?[ \t]*+)*\|?[ \t]*+$"
)
"""A table's delimiter row.  Its runs of spaces are taken whole (``*+``): nothing after one of them
but another such run can take a space, and given back one by one, 2,000 spaces took seconds."""
_CELL_SPLIT_RE = re.compile(r"(?<!\\)\|")
_NAME_HEADERS = ("title", "标题", "名字", "名称", "name", "代表工作", "代表", "来源", "source")
_DATE_HEADERS = ("锚入", "anchored", "anchor")
_GENERIC_LINK_TEXT = frozenset(
    "pdf arxiv paper abs html link here code blog 论文 原文 链接 全文 代码".split()
)


def _clean_name(raw: str) -> str | None:
    """Markdown-free display name, or None when nothing name-like is left."""
    text = raw
    if "](" in text:  # images and links; most names have neither (this runs once per bold lead)
        text = _LINK_RE.sub(lambda m: m[1], _IMAGE_RE.sub("", text))
    if "<" in text:
        text = _TAG_RE.sub("", text)
    text = " ".join(text.replace("**", "").replace("__", "").split()).rstrip(" .")
    if not any(map(str.isalpha, text)):
        return None
    return text


def name_key(name: str) -> str:
    """Comparison key for named anchors: folded width, case and spacing."""
    return " ".join(fold(name).casefold().split())


def _cells(line: str) -> list[str]:
    """Table cells of one row (outer pipes dropped, escaped pipes kept)."""
    parts = _CELL_SPLIT_RE.split(line.strip())
    if parts and not parts[0].strip():
        parts = parts[1:]
    if parts and not parts[-1].strip():
        parts = parts[:-1]
    return [p.strip() for p in parts]


def _line_date(line: str) -> str | None:
    """The anchoring date written next to "锚入" / "anchored" ("8-19 锚入", "anchored 2026-08-20").

    Found from the word outwards: one regex over the whole line was a tenth of the parse
    of a big doc (it tries a date at every digit of every ID)."""
    for word in _ANCHORED_WORD_RE.finditer(line):
        at = word.start()
        m = _DATE_BEFORE_RE.search(line, max(0, at - 40), at) or _DATE_AFTER_RE.match(
            line, word.end()
        )
        if m:
            return m[1]
    return None


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
        if not line.strip(" \t"):  # _is_blank, inlined: this loop sees every line
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
        if line.lstrip(" \t").startswith("|"):
            table, prev_row = _table_line(line, info, table, prev_row)
            stack.clear()
        else:
            prev_row = None
            table = None
            _list_line(line, info, stack, prev_blank)
        if info is not None:
            infos[i] = info
        prev_blank = False
    return infos


def _table_line(
    line: str, info: _LineInfo | None, table: _Table | None, prev_row: list[str] | None
) -> tuple[_Table | None, list[str]]:
    """A table line: a delimiter row makes the row above the header, another row is named and
    dated by it.  Returns the table now in force and this line's cells."""
    if _DELIM_ROW_RE.match(line) and prev_row is not None:
        table = _table_from_header(prev_row)
    elif info is not None:
        info.table_row = True
        cells = _cells(line)
        info.date = _row_date(cells, table)
        info.lead = _row_name(cells, table)
    return table, _cells(line)


def _list_line(
    line: str, info: _LineInfo | None, stack: list[tuple[int, str | None]], prev_blank: bool
) -> None:
    """A line outside tables: follow the open list items (``stack``) and fill in ``info``."""
    m = _LIST_ITEM_RE.match(line)
    indent = len(m[1].expandtabs(4)) if m else len(line) - len(line.lstrip(" \t"))
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
    """Text of the markdown link whose text or target holds column ``col``, if it names
    something."""
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


_Raw = tuple[int, int, int, _Kind, str]
"""One ID or URL occurrence: (0-based line, column, end column, kind, key)."""


def collect_anchors(
    lines: list[str],
    masked_ranges: list[tuple[int, int]],
    heading_lines: set[int],
    removed_out: list[Citation] | None = None,
) -> list[tuple[int, Anchor]]:
    """Every anchor with its 0-based line, outside fences and HTML comments (``masked_ranges``
    are 0-based [start, end) line ranges); the IDs and links a line says were removed go to
    ``removed_out``."""
    masked_lines = _masked_lines(lines, masked_ranges)
    masked = "\n".join(masked_lines)
    if "<!--" in masked:
        masked = _COMMENT_RE.sub(lambda m: re.sub(r"[^\n]", " ", m[0]), masked)
        masked_lines = masked.split("\n")
    starts = list(accumulate(map((1).__add__, map(len, masked_lines[:-1])), initial=0))  # C-level
    raw = _occurrences(masked, starts)
    name_lines = {
        i
        for i, line in enumerate(masked_lines)
        if "**" in line or (line.lstrip(" \t")[:1] == "|" and i not in heading_lines)
    }
    drop = removed_occurrences(raw, masked, masked_lines, starts)
    if drop:
        if removed_out is not None:
            removed_out.extend(
                Citation(raw[k][3], raw[k][4], raw[k][0] + 1, "removed")  # type: ignore[arg-type]
                for k in sorted(drop)
            )
        gone = {raw[k][0] for k in drop}
        raw = [r for k, r in enumerate(raw) if k not in drop]
        name_lines -= gone - {r[0] for r in raw}  # a line about a removed paper names no anchor
    infos = _line_infos(masked_lines, {r[0] for r in raw} | name_lines, heading_lines)
    return _anchors(raw, name_lines, infos, masked_lines)


def _masked_lines(lines: list[str], masked_ranges: list[tuple[int, int]]) -> list[str]:
    """``lines`` with the masked ranges blanked (line numbers kept)."""
    masked_lines = list(lines)
    for a, b in masked_ranges:
        for i in range(a, min(b, len(masked_lines))):
            masked_lines[i] = ""
    return masked_lines


def _occurrences(masked: str, starts: list[int]) -> list[_Raw]:
    """Every arXiv ID and (non-arXiv) URL of the masked text, IDs first."""
    raw: list[_Raw] = []
    for m in find_ids(masked, keep=False):  # the masked doc is read once: nothing to keep
        i = bisect_right(starts, m.start) - 1
        raw.append((i, m.start - starts[i], m.end - starts[i], "arxiv", m.id))
    url_keys: dict[str, str | None] = {}  # badges and repo links repeat a lot
    for url, start, end in find_urls(masked):
        if url not in url_keys:
            url_keys[url] = None if is_arxiv_url(url) else normalize_url(url)
        key = url_keys[url]
        if key is not None:
            i = bisect_right(starts, start) - 1
            raw.append((i, start - starts[i], end - starts[i], "url", key))
    return raw


def _anchors(
    raw: list[_Raw], name_lines: set[int], infos: dict[int, _LineInfo], masked_lines: list[str]
) -> list[tuple[int, Anchor]]:
    """The anchors of the kept occurrences, then of the names (one per line, kind and key)."""
    id_lines = {r[0] for r in raw if r[3] == "arxiv"}
    out: list[tuple[int, Anchor]] = []
    seen: set[tuple[int, str, str]] = set()

    def add(
        i: int, kind: _Kind, key: str, name: str, date: str | None, in_table: bool = False
    ) -> None:
        if (i, kind, key) in seen:
            return
        seen.add((i, kind, key))
        out.append((i, Anchor(kind, key, i + 1, name, date, in_table)))

    for i, col, _end, kind, key in raw:
        ctx = infos.get(i) or _LineInfo(date=_line_date(masked_lines[i]))
        add(i, kind, key, _anchor_name(masked_lines[i], col, ctx), ctx.date, ctx.table_row)
    for i in sorted(name_lines):
        info = infos.get(i)
        if info is None:
            continue
        if info.table_row:
            carries = info.date is not None or i in id_lines
            if info.lead and carries:
                add(i, "name", name_key(info.lead), info.lead, info.date, True)
            continue
        if info.lead:
            add(i, "name", name_key(info.lead), info.lead, info.date)
        for m in _BOLD_LINK_RE.finditer(masked_lines[i]):
            name = _clean_name(m[1])
            if name:
                add(i, "name", name_key(name), name, info.date)
    out.sort(key=lambda pair: pair[0])
    return out
