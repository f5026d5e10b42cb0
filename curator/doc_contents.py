"""Section numbers a doc keeps only in its table of contents.

Some teams number their sections in a Contents table or list at the top and leave the headings
bare, so that moving a section needs no renumbering ("| 2.3 | Hardware-enabled mechanisms |",
then "### Hardware-enabled mechanisms" further down, maybe in another order).  Their notes still
write "§2.3".  So a block of (number, title) rows whose titles are most of the doc's unnumbered
headings gives those headings their numbers: matched by title, a title two parts share ("Tooling"
in §1 and §5) going to the row under the part the heading sits in.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from curator.mdblocks import heading_title
from curator.section_numbers import canonical_section, number_depth

__all__ = ["contents_numbers"]

_TABLE_ROW = re.compile(r"^[ \t]*\|[ \t]*§?[ \t]*(\d{1,3}(?:\.\d{1,3})*)\.?[ \t]*\|([^|\n]*)\|")
_LIST_ROW = re.compile(
    r"^[ \t]*(?:[-*+][ \t]+)?(?:\[[ \t]*)?§?[ \t]*(\d{1,3}(?:\.\d{1,3})*)[.)]?[ \t]+(\S[^\n]*)"
)
_MIN_ROWS = 5
"""Rows a block needs to be a table of contents."""
_MIN_SHARE = 0.6
"""Of a block's rows, the share whose titles are headings of the doc."""
_WORD = re.compile(r"\w+")


def _key(title: str) -> str:
    """A title as rows and headings are compared: plain text, "&" as "and", words only."""
    return " ".join(_WORD.findall(heading_title(title).lower().replace("&", " and ")))


def _blocks(lines: Sequence[str]) -> list[list[tuple[str, str]]]:
    """Runs of consecutive (number, title key) rows, table rows or list lines alike."""
    out: list[list[tuple[str, str]]] = []
    run: list[tuple[str, str]] = []
    for line in lines:
        lead = line.lstrip(" \t-*+[|§")[:1]  # a row starts with its number: most lines do not
        m = (_TABLE_ROW.match(line) or _LIST_ROW.match(line)) if lead.isdigit() else None
        if m:
            title = (m[2].split("](", 1)[0] if m.re is _LIST_ROW else m[2]).strip()
            if title:
                run.append((m[1], _key(title)))
        elif run and not line.strip().startswith("|"):  # a table's header rule goes on
            out.append(run)
            run = []
    if run:
        out.append(run)
    return [b for b in out if len(b) >= _MIN_ROWS]


def contents_numbers(
    lines: Sequence[str], headings: Sequence[Any], numbers: list[str | None]
) -> list[str | None]:
    """``numbers`` (each heading's, from its own text) with the unnumbered headings numbered as
    the doc's table of contents lists them; unchanged when it has none.  A doc whose headings
    count afresh in each part ("Part II", then "Section 1", "Section 2" again) does not number
    its sections by them: its table ("| §2.4 | Section 4 — Rendering |") numbers every heading
    it lists."""
    seen = Counter(n for n in numbers if n)
    twice = {n for n, k in seen.items() if k > 1}
    bare = {_key(h.text) for h, n in zip(headings, numbers, strict=True) if n is None or n in twice}
    if len(bare) < _MIN_ROWS:
        return numbers
    best: list[tuple[str, str]] = []
    for block in _blocks(lines):
        hits = sum(k in bare for _n, k in block)
        if hits >= _MIN_SHARE * len(block) and hits > sum(k in bare for _n, k in best):
            best = block
    if not best:
        return numbers
    rows: dict[str, list[str]] = {}
    for number, key in best:
        rows.setdefault(key, []).append(number)
    out = list(numbers)
    if twice:  # the table's numbers, not the headings' own, for every heading it lists
        out = [None if _key(h.text) in rows else n for h, n in zip(headings, out, strict=True)]
    used: set[str] = set()
    stack: list[tuple[int, str]] = []  # (level, number) of the numbered headings above
    for i, h in enumerate(headings):
        while stack and stack[-1][0] >= h.level:
            stack.pop()
        if out[i] is None:
            out[i] = _pick(rows.get(_key(h.text), []), stack[-1][1] if stack else None, used)
        if out[i] is not None:
            stack.append((h.level, out[i] or ""))
    return out


def _pick(candidates: list[str], above: str | None, used: set[str]) -> str | None:
    """The row for a heading: unused, under the numbered heading above it when there is one
    (one level deeper), else a top-level row."""
    for n in candidates:
        if n in used:
            continue
        parent = n.rsplit(".", 1)[0] if "." in n else None
        if (above is None and parent is None) or (
            above is not None and parent == above.lstrip("§") and number_depth(n) > 1
        ):
            used.add(n)
            return canonical_section(n) or "§" + n
    return None
