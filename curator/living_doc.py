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
from bisect import bisect_right
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import Any, Literal

from curator.arxiv import find_ids
from curator.footnotes import inline_footnotes
from curator.lexicon import default_lexicon, memo
from curator.models import Anchor, Citation, LivingDoc, Section
from curator.section_numbers import (
    canonical_section,
    fold,
    heading_numbers,
    number_depth,
    section_number,
    strip_section_number,
)
from curator.textio import ReadProblem, read_text
from curator.urls import find_urls, is_arxiv_url, normalize_url

__all__ = [
    "SectionRoles",
    "canonical_section",
    "find_section",
    "load_living_doc",
    "parse_living_doc",
    "section_for_line",
    "section_number",
    "section_roles",
    "strip_section_number",
]

MAX_NESTING = 200
"""markdown-it's default of 20 silently drops deeper content (and headings after it)."""
BODY_CAP = 20_000
"""Section.body is for lexical matching; a few pages of text is plenty."""
_VERSION_LINES = 20
"""The version stamp lives in the title block; later dates are change-log entries."""
_MAX_BAD_CUTS = 2
"""After this many rejected chunk cuts, parse the rest in one go (stays linear)."""


_MD: Any = None
"""markdown-it, block structure only (see :func:`_load_parser`)."""
_HTML_BLOCK6_RE: re.Pattern[str] = re.compile(r"(?!x)x")
"""CommonMark HTML block type 6 (<div>, <details>, ...): runs to the next blank line."""
_md_trim: Any = str.strip


def _load_parser() -> None:
    """markdown-it and what is built from it, on the first parse: importing this module for
    its section-number helpers (as :mod:`curator.suggest` does on warm runs) loads no parser.
    Block structure only: inline parsing is most of markdown-it's cost and unused here."""
    global _MD, _HTML_BLOCK6_RE, _md_trim
    if _MD is not None:
        return
    from markdown_it.common.html_blocks import block_names
    from markdown_it.common.utils import mdTrim

    from curator.mdblocks import markdown_parser

    md = markdown_parser(MAX_NESTING)
    _HTML_BLOCK6_RE = re.compile(
        r" {0,3}</?(?:" + "|".join(block_names) + r")(?:[ \t]|/?>|$)", re.IGNORECASE
    )
    _md_trim = mdTrim
    _MD = md


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
    return _md_trim(line[pos:end])


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
    _load_parser()
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


def _collect_anchors(
    lines: list[str], structure: _Structure, removed_out: list[Citation] | None = None
) -> list[tuple[int, Anchor]]:
    """Every anchor with its 0-based line, outside fences and HTML comments; the IDs and links
    a line says were removed go to ``removed_out``."""
    masked_lines = list(lines)
    for a, b in structure.masked:
        for i in range(a, min(b, len(masked_lines))):
            masked_lines[i] = ""
    masked = "\n".join(masked_lines)
    if "<!--" in masked:
        masked = _COMMENT_RE.sub(lambda m: re.sub(r"[^\n]", " ", m[0]), masked)
        masked_lines = masked.split("\n")
    starts = list(accumulate(map((1).__add__, map(len, masked_lines[:-1])), initial=0))  # C-level

    raw: list[tuple[int, int, int, _Kind, str]] = []  # (line, col, end col, kind, key)
    for m in find_ids(masked):
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

    heading_lines = {h.line for h in structure.headings}
    name_lines = {
        i
        for i, line in enumerate(masked_lines)
        if "**" in line or (line.lstrip(" \t")[:1] == "|" and i not in heading_lines)
    }
    anchor_lines = {r[0] for r in raw}
    removed = _removed_phrases(masked, masked_lines, starts, anchor_lines)
    struck = {
        i: [m.span() for m in _STRUCK_RE.finditer(masked_lines[i])]
        for i in anchor_lines
        if "~~" in masked_lines[i]
    }
    if removed or struck:
        drop = {
            k
            for k, (i, col, end, _kind, _key) in enumerate(raw)
            if (i in removed and _says_removed(masked_lines[i], col, end, removed[i]))
            or any(
                a <= col and end <= b for a, b in struck.get(i, ())
            )  # ~~struck through~~: deleted
        }
        if drop:
            if removed_out is not None:
                removed_out.extend(
                    Citation(raw[k][3], raw[k][4], raw[k][0] + 1, "removed")  # type: ignore[arg-type]
                    for k in sorted(drop)
                )
            gone = {raw[k][0] for k in drop}
            raw = [r for k, r in enumerate(raw) if k not in drop]
            anchor_lines = {r[0] for r in raw}
            name_lines -= gone - anchor_lines  # a line about a removed paper names no anchor
    wanted = anchor_lines | name_lines
    id_lines = {r[0] for r in raw if r[3] == "arxiv"}
    infos = _line_infos(masked_lines, wanted, heading_lines)

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
        info = infos.get(i) or _LineInfo(date=_line_date(masked_lines[i]))
        add(i, kind, key, _anchor_name(masked_lines[i], col, info), info.date, info.table_row)
    for i in sorted(name_lines):
        info = infos.get(i)
        if info is None:
            continue
        line = masked_lines[i]
        if info.table_row:
            carries = info.date is not None or i in id_lines
            if info.lead and carries:
                add(i, "name", name_key(info.lead), info.lead, info.date, True)
            continue
        if info.lead:
            add(i, "name", name_key(info.lead), info.lead, info.date)
        for m in _BOLD_LINK_RE.finditer(line):
            name = _clean_name(m[1])
            if name:
                add(i, "name", name_key(name), name, info.date)
    out.sort(key=lambda pair: pair[0])
    return out


_CLAUSE_END_RE = re.compile(r":(?!\d)|：|。|\.\s")
"""Where a remark about an ID ends and the paper's description begins ("(arXiv:…, 10-02): …")."""
_WORDY_RE = re.compile(r"[^\W\d_]")
_REMOVED_REACH = 40
"""How far after an ID (in characters) a removal remark still speaks of it."""


@memo
def _removed_scan() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A cheap case-sensitive pre-filter over lower-cased text, and the lexicon's bounded,
    case-insensitive pattern, run only on the lines the pre-filter picks.  The pre-filter is
    the literals as a trie ("re(?:moved|tracted)|…"): scanning with one starting character
    per branch is what makes it ~15× faster than the lexicon pattern over a whole doc."""
    lex = default_lexicon()
    literals, patterns = [], []
    for w in lex.words("sections", "removed"):
        if w.startswith("re:"):
            patterns.append(w[3:])  # packaged patterns are written in lower case
        else:
            literals.append(w.removeprefix("lit:").lower())
    parts = [
        *_trie(literals),
        *patterns,
    ]  # one flat top-level alternation: a wrapping group defeats the scan
    return re.compile("|".join(parts) or r"(?!x)x"), lex.pattern("sections", "removed")


def _trie(words: list[str]) -> list[str]:
    """Literal ``words`` as alternatives by first character, shared prefixes factored out
    (a space matches any run of white space)."""
    root: dict[str, dict] = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, dict]) -> str:
        ends = "" in node
        alts = [
            (r"\s+" if ch.isspace() else re.escape(ch)) + emit(sub)
            for ch, sub in sorted(node.items())
            if ch
        ]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 and not ends else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if ends else body

    return [re.escape(ch) + emit(sub) for ch, sub in sorted(root.items()) if ch]


_STRUCK_RE = re.compile(r"~~(?=\S)[^~\n]{1,2000}?~~")


def _removed_phrases(
    masked: str, masked_lines: list[str], starts: list[int], lines: set[int]
) -> dict[int, list[tuple[int, int]]]:
    """(start, end) columns of ``[sections] removed`` phrases on the given lines."""
    if not lines:
        return {}
    prefilter, full = _removed_scan()
    low = masked.lower()
    if len(low) != len(masked):  # a few characters lower-case to two: no offsets to share
        candidates = lines
    else:
        candidates = {
            i
            for m in prefilter.finditer(low)
            if (i := bisect_right(starts, m.start()) - 1) in lines
        }
    out: dict[int, list[tuple[int, int]]] = {}
    for i in candidates:
        spans = [m.span() for m in full.finditer(masked_lines[i])]
        if spans:
            out[i] = spans
    return out


def _says_removed(line: str, col: int, end: int, spans: list[tuple[int, int]]) -> bool:
    """Whether a removal phrase on ``line`` speaks of the ID/URL at [col, end): it leads the
    line ("- removed 11-20: arXiv:…", "| 已移除 | …"), or follows the ID closely, before its
    description starts ("(arXiv:…, 10-01 锚入; 11-20 移除)", "2501.00001 → moved to §5.2")."""
    for a, b in spans:
        if b <= col:
            if not _WORDY_RE.search(line, 0, a):
                return True
        elif a >= end:
            if a - end <= _REMOVED_REACH and not _CLAUSE_END_RE.search(line, end, a):
                return True
    return False


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


# --- places ---------------------------------------------------------------------------------


@dataclass
class SectionRoles:
    """What each section of a doc is, as a place to anchor papers (indexes into ``doc.sections``)."""

    home: list[int | None]
    """The nearest numbered section holding each section (itself if numbered), else None:
    an unnumbered sub-heading ("#### 参考文献" in §2.3) is part of that section."""
    groups: set[int]
    """Numbered sections divided into numbered subsections (§3.1 when §3.1.1 exists)."""
    not_place: set[int]
    """Unnumbered headings that are no place for papers (contents, change log, glossary:
    ``[sections] not_places``) and the dated entries under them ("### 2026-11-20"), unless
    they sit inside a numbered section that is not divided further.  They anchor nothing.
    Other sub-headings are judged by their own title: some lists nest every section under
    their "Contents" heading."""
    rollup: set[int]
    """Unnumbered headings named like a part of the section around them (references,
    appendix: ``[sections] rollup``)."""

    @property
    def numbered(self) -> bool:
        """Whether the doc numbers its sections at all (else headings are the places)."""
        return any(h is not None for h in self.home)


_EDGE_PUNCT_RE = re.compile(r"^[\W_]+|[\W_]+$")
_STAMP_RE = re.compile(
    r"(?:v(?:er(?:sion)?)?\s*)?\d{1,4}(?:[-./]\d{1,2})+(?!\d)|v\d", re.IGNORECASE
)
"""A change-log entry's heading: a date or a version."""


def _heading_key(title: str) -> str:
    """A heading reduced for matching phrase lists: folded, no markup, emoji or edge punctuation."""
    return _EDGE_PUNCT_RE.sub("", " ".join(fold(title).replace("*", " ").replace("`", " ").split()))


@memo
def _named_re(key: str) -> re.Pattern[str]:
    """A heading that is one of ``[sections] key`` (maybe followed by a bracket or a remark after a rule)."""
    words = default_lexicon().pattern("sections", key).pattern
    return re.compile(rf"(?:{words})(?:\s*[(\[{{:—–|·-].*)?", re.IGNORECASE | re.DOTALL)


def _has_children(sections: list[Section], s: Section) -> bool:
    return any(c.parent == s.index for c in sections[s.index + 1 : s.index + 2])


def _ancestors(sections: list[Section], s: Section) -> list[int]:
    out: list[int] = []
    p = s.parent
    while p is not None:
        out.append(p)
        p = sections[p].parent
    return out


def section_roles(doc: LivingDoc) -> SectionRoles:
    """Numbered homes, subdivided sections, not-places and roll-up headings of ``doc``."""
    sections = doc.sections
    home: list[int | None] = []
    for s in sections:
        if s.number:
            home.append(s.index)
        else:
            home.append(home[s.parent] if s.parent is not None else None)
    groups = {
        h
        for s in sections
        if s.number and s.parent is not None and (h := home[s.parent]) is not None
    }
    not_re, roll_re = _named_re("not_places"), _named_re("rollup")
    unanchored = default_lexicon().phrases("sections", "unanchored")
    not_place: set[int] = set()
    rollup: set[int] = set()
    numbered = any(s.number for s in sections)
    holds_numbers = {h for s in sections if s.number for h in _ancestors(sections, s)}
    # a sub-heading several sections repeat ("#### Key papers" under each) is a part of each
    seen_keys: dict[str, int] = {}
    for s in sections:
        if not s.number and s.parent is not None:
            k = _heading_key(s.title)
            seen_keys[k] = seen_keys.get(k, 0) + 1
    for s in sections:
        if s.number or (s.index == 0 and s.level == 1):
            continue
        key = _heading_key(s.title)
        if roll_re.fullmatch(key) or (
            seen_keys.get(key, 0) >= 2 and not _has_children(sections, s)
        ):
            rollup.add(s.index)
        if next(unanchored.finditer(s.title), None) is not None:
            not_place.add(s.index)  # "## Reading list (not anchored)": the heading says so itself
            continue
        h = home[s.index]
        if h is not None and h not in groups:
            continue  # inside a numbered section that is not divided further: part of it
        if not_re.fullmatch(key) or (s.parent in not_place and _STAMP_RE.match(key)):
            not_place.add(s.index)
        elif numbered and h is None and s.index not in holds_numbers and not roll_re.fullmatch(key):
            # outside the numbered tree of a numbered doc ("## Open problems", "## Wishlist" after
            # "## E. Evaluation"): the doc's apparatus, whatever its name, not a place
            not_place.add(s.index)
    return SectionRoles(home, groups, not_place, rollup)


# --- public API -------------------------------------------------------------------------------


def parse_living_doc(text: str, path: str, topic: str) -> LivingDoc:
    """Section tree, anchors, title and version of one living document (never raises).

    Section numbers are canonical ("§4.3", see :func:`section_number`); a heading whose
    number is not deeper than its numbered ancestor's ("#### 1. 背景" inside §1.3) is
    an unnumbered sub-heading of that section.  Sections that are not places for papers
    (:func:`section_roles`) and lines saying a paper was removed hold no anchors."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    # a footnote anchors its paper where it is cited ("[^1]" in §A.1), not where the definitions sit
    text = inline_footnotes(text)
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
    numbers = heading_numbers(headings)
    for idx, h in enumerate(headings):
        while stack and stack[-1].level >= h.level:
            stack.pop().end_line = h.line  # 1-based line before this heading
        body_end = headings[idx + 1].line if idx + 1 < len(headings) else total
        body = "\n".join(lines[h.line : body_end])[:BODY_CAP]
        number = numbers[idx]
        if number is not None:
            above = next((s.number for s in reversed(stack) if s.number), None)
            if above is not None and number_depth(number) <= number_depth(above):
                number = None
        sec = Section(
            index=idx,
            number=number,
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
        skip = section_roles(doc).not_place
        with _gc_paused():
            for i, anchor in _collect_anchors(lines, structure, doc.cited):
                k = bisect_right(heading_lines, i + 1) - 1
                if k >= 0 and k not in skip:
                    sections[k].anchors.append(anchor)
                elif k >= 0 and anchor.kind != "name":
                    where = strip_section_number(sections[k].title)
                    doc.cited.append(Citation(anchor.kind, anchor.key, anchor.line, where))
        doc.cited.sort(key=lambda c: c.line)

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
    """Sections matching "§1.3", "1.3", "Section 1.3", "§１.３", a full label or a title fragment.

    Duplicate numbers are real in hand-edited docs, so every match is returned in
    document order; exact title matches win over fragments."""
    query = fold(ref).strip()
    if not query:
        return []
    number = canonical_section(query)
    if number:
        hits = [s for s in doc.sections if s.number == number]
        if hits:
            return hits
    folded = query.casefold()
    exact: list[Section] = []
    partial: list[Section] = []
    for s in doc.sections:
        title = fold(s.title).casefold()
        label = (
            fold(f"{s.number} {strip_section_number(s.title)}").casefold() if s.number else title
        )
        if folded in (title, label):
            exact.append(s)
        elif folded in title:
            partial.append(s)
    return exact or partial
