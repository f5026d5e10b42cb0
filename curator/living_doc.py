"""Living documents → a section tree with anchors (what each section already covers).

The triage question is "is this paper already in the living doc, and where?", so we
need headings exactly as a CommonMark renderer sees them (not inside fences, HTML
comments, blockquotes or list items) and every arXiv ID / URL / named system with
its 1-based line. markdown-it-py decides the structure, but it costs ~90 µs per
line; living docs can reach 200,000 lines, so the document is cut at blank-line +
ATX-heading boundaries and chunks made only of "plain" lines (no fences, HTML,
quotes, setext underlines or indented '#') take a fast path whose only headings
are column-0 ATX lines, which is exactly what markdown-it would report there.

This module reads the block structure and builds the section tree; the anchors are read
by :mod:`curator.doc_anchors`, and what each section is for by :mod:`curator.doc_sections`.
"""

from __future__ import annotations

import html
import re
from bisect import bisect_right
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from curator.doc_anchors import collect_anchors
from curator.doc_contents import contents_numbers
from curator.doc_counted import counted_numbers, front_matter_end
from curator.doc_scope import scope_text
from curator.doc_sections import SectionRoles, find_section, section_for_line, section_roles
from curator.footnotes import inline_footnotes, inline_numbered_refs
from curator.gcpause import paused_gc
from curator.mdblocks import heading_title
from curator.models import Citation, LivingDoc, Section
from curator.section_numbers import (
    canonical_section,
    heading_numbers,
    number_depth,
    outline_numbers,
    section_number,
    strip_section_number,
    written_number,
)
from curator.textio import ReadProblem, read_text

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
            level = len(line) - len(line.lstrip("#"))
            out.headings.append(_Heading(i, level, heading_title(_heading_text(line))))


_HTML_HEADING = re.compile(
    r"^ {0,3}<h(?P<level>[1-6])\b[^<>]{0,300}>(?P<text>.{0,300}?)</h(?P=level)\s*>\s*$",
    re.IGNORECASE,
)
_TAG = re.compile(r"<[^<>]{0,300}>")


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
            text = heading_title(" ".join(part.strip() for part in content.split("\n")))
            headings.append(_Heading(tok.map[0] + start, int(tok.tag[1:]), text))
        elif tok.type == "fence" or (
            tok.type == "html_block" and tok.content.lstrip().startswith("<!--")
        ):
            masked.append((tok.map[0] + start, min(tok.map[1], length) + start))
        elif tok.type == "html_block" and tok.level == 0:
            # a doc exported from a wiki writes some headings as HTML: '<h2 id="p3">3 · Trust</h2>'
            for i in range(tok.map[0], min(tok.map[1], length)):
                if (m := _HTML_HEADING.match(src_lines[i])) is not None:
                    text = html.unescape(_TAG.sub("", m["text"]))
                    headings.append(_Heading(i + start, int(m["level"]), heading_title(text)))
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


# --- version ----------------------------------------------------------------------------------

_VERSION_RE = re.compile(
    r"(\d{4}-\d{2}-\d{2})[ \t]*版(?!本)|(?:version|版本)[^\d\n]{0,6}(\d{4}-\d{2}-\d{2})",
    re.IGNORECASE,
)


def _version(lines: list[str]) -> str | None:
    """The doc's own version stamp ("2026-08-20 版", "version 2026-08-20") near the top."""
    m = _VERSION_RE.search("\n".join(lines[:_VERSION_LINES]))
    return (m[1] or m[2]) if m else None


# --- public API -------------------------------------------------------------------------------


def parse_living_doc(text: str, path: str, topic: str) -> LivingDoc:
    """Section tree, anchors, title and version of one living document (never raises).

    Section numbers are canonical ("§4.3", see :func:`section_number`); a heading whose
    number is not deeper than its numbered ancestor's ("#### 1. 背景" inside §1.3) is
    an unnumbered sub-heading of that section.  Sections that are not places for papers
    (:func:`section_roles`) and lines saying a paper was removed hold no anchors."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    # a footnote anchors its paper where it is cited ("[^1]" in §A.1), not where the definitions sit
    text = inline_numbered_refs(inline_footnotes(text))
    lines = text.split("\n")
    total = len(lines) - 1 if text.endswith("\n") else len(lines)
    if not text:
        total = 0
    doc = LivingDoc(path=path, topic=topic)
    front = front_matter_end(lines)
    # front matter is metadata: its last line above the closing "---" is no setext heading
    structure = _structure([""] * front + lines[front:] if front else lines)
    doc.errors.extend(structure.problems)
    headings = sorted(structure.headings, key=lambda h: h.line)
    headings = _with_bold_headings(lines, headings, structure.masked)
    doc.sections = sections = _section_tree(lines, headings, total, front)
    if sections:
        _place_anchors(doc, lines, structure)
    doc.title = (
        sections[0].title
        if sections
        else next((line.strip() for line in lines if line.strip()), "")[:200]
    )
    doc.version = _version(lines)
    doc.scope = scope_text(lines)
    return doc


_BOLD_LINE_RE = re.compile(r"(\*\*|__)(?P<text>[^*_\n]+?)\1[ \t]*$")


def _with_bold_headings(
    lines: list[str], headings: list[_Heading], masked: list[tuple[int, int]]
) -> list[_Heading]:
    """``headings`` and the bold lines that number sub-sections under them: a doc written
    without heading marks below its parts ("## 3) Graph transformers", then a line of its own
    "**3.2) Hybrid MPNN + attention**") has those sub-sections all the same.  Only a bold
    paragraph of one line, at column 0, outside fences and comments, whose number is one level
    below the numbered heading above it and starts with that number."""
    if not headings or not any(ln[:2] in ("**", "__") for ln in lines):
        return headings
    numbers = heading_numbers(headings)
    starts = [h.line for h in headings]
    heading_lines = set(starts)
    out = list(headings)
    for i, line in enumerate(lines):
        if line[:2] not in ("**", "__") or not (m := _BOLD_LINE_RE.match(line)):
            continue
        if i and lines[i - 1].strip() and i - 1 not in heading_lines:
            continue  # the end of a paragraph, not one of its own
        after = lines[i + 1] if i + 1 < len(lines) else ""
        if after.strip() and not after.startswith(("- ", "* ", "+ ")):
            continue  # the start of a paragraph (a list may follow a heading directly)
        k = bisect_right(starts, i) - 1
        above = numbers[k] if k >= 0 else None
        number = section_number(m["text"])
        if above is None or number is None or any(a <= i < b for a, b in masked):
            continue
        if number_depth(number) != number_depth(above) + 1 or not number.startswith(above + "."):
            continue
        out.append(_Heading(i, headings[k].level + 1, heading_title(m["text"].strip())))
    return sorted(out, key=lambda h: h.line) if len(out) > len(headings) else headings


def _section_tree(
    lines: list[str], headings: list[_Heading], total: int, front: int = 0
) -> list[Section]:
    """Sections of the headings (sorted by line), each closed by the next of its level or above."""
    sections: list[Section] = []
    stack: list[Section] = []
    numbers = counted_numbers(lines, headings, heading_numbers(headings), front)
    if None in numbers or len(set(numbers)) < len(numbers):
        numbers = contents_numbers(lines, headings, numbers)
    numbers = outline_numbers(headings, numbers)
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
    return sections


def _place_anchors(doc: LivingDoc, lines: list[str], structure: _Structure) -> None:
    """Each anchor into the section holding its line; one in a not-place is only a citation."""
    sections = doc.sections
    heading_lines = [s.line for s in sections]
    skip = section_roles(doc).not_place
    # a numbered doc's title and the header under it (how to cite, where it is rendered) are
    # no place for papers: its own address there ("…/fairness#s3-2 means §3.2") anchors nothing
    header = (
        {
            k
            for k, s in enumerate(sections)
            if s.level == 1 and s.number is None and s.parent is None
        }
        if any(s.number for s in sections)
        else set()
    )
    with paused_gc():  # hundreds of thousands of small acyclic objects: nothing to collect
        found = collect_anchors(
            lines, structure.masked, {h.line for h in structure.headings}, doc.cited
        )
        for i, anchor in found:
            k = bisect_right(heading_lines, i + 1) - 1
            if k in header:
                if anchor.kind == "url":
                    doc.addresses.append(anchor.key)
                continue
            if k >= 0 and k not in skip:
                sections[k].anchors.append(anchor)
            elif k >= 0 and anchor.kind != "name":
                where = strip_section_number(sections[k].title)
                doc.cited.append(Citation(anchor.kind, anchor.key, anchor.line, where))
    doc.cited.sort(key=lambda c: c.line)


def shown_numbers(doc: LivingDoc) -> dict[str, str]:
    """Each section number the doc writes otherwise than curator's dotted form, as the doc writes
    it ("§3.2.1" → "§3-2-1", "§C.1.B" → "§C1b"): the form shown to the team, whose notes and
    briefings use it.  Empty for most docs."""
    return {
        s.number: w
        for s in doc.sections
        if s.number and "." in s.number and (w := written_number(s.number, s.title)) != s.number
    }


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
