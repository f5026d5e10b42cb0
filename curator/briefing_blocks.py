"""Structure kept in the briefing's key points (issue 11, "Structure preserved").

The note splitter (:mod:`curator.note_items`) reads an item's body line by line, so a
Markdown table becomes one point per row ("vLLM | 3,500 tok/s | 150-200ms") and a fenced
code block one point per line ("for: 5m").  That is what matching and judging want; the
briefing wants the table and the code back.  This module finds the tables and fenced code
blocks in an item's own text, knows which points the splitter made of each (the same
flattening, :func:`row_point` / :func:`code_point`), and puts each block back in place of
those points: the first such point gives its position, the others are dropped.

Pure text in, text out; the block's lines are the note's own (control characters removed by
the caller's :func:`curator.textio.sanitize`), never re-typed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeVar

from curator.mdblocks import LIST_BULLET, plain_inline

T = TypeVar("T")

__all__ = [
    "MAX_BLOCKS",
    "SHOWN_BLOCK_LINES",
    "Block",
    "arrange_points",
    "bullet_parents",
    "cap_blocks",
    "code_point",
    "find_blocks",
    "nesting_levels",
    "row_point",
]

MAX_BLOCKS = 2
SHOWN_BLOCK_LINES = 16
"""A briefing entry shows at most this many tables or code blocks, and this many of their lines
(the first block always): the rest stay in the source note, their caption bullet says what
they held."""

_BULLET_RE = LIST_BULLET
"""A list marker, as the note splitter strips it from a body line."""
_FENCE_RE = re.compile(r"^([ \t]{0,3})(`{3,}|~{3,})(.*)$")
_DELIM_RE = re.compile(r"[|\s:\-]+")
_SPACE_RE = re.compile(r"\s+")

MAX_BLOCK_LINES = 200
"""A longer table or code block is left as the splitter's points (no briefing wants it whole)."""


@dataclass
class Block:
    """A table or a fenced code block of a note, as Markdown lines without their common indent."""

    kind: Literal["table", "code"]
    lines: list[str]
    keys: set[str] = field(default_factory=set)
    """The points the note splitter made of this block, in :func:`point_key` form."""


def point_key(text: str) -> str:
    return _SPACE_RE.sub(" ", text).strip()


def row_point(raw: str) -> str:
    """The point the splitter makes of a table row."""
    return point_key(plain_inline(" | ".join(c.strip() for c in raw.strip().strip("|").split("|"))))


def code_point(raw: str) -> str:
    """The point the splitter makes of a line inside a fenced block."""
    return point_key(plain_inline(_BULLET_RE.sub("", raw).strip()))


def _dedent(lines: list[str]) -> list[str]:
    widths = [len(x) - len(x.lstrip(" ")) for x in lines if x.strip()]
    cut = min(widths, default=0)
    return [x[cut:].rstrip() for x in lines]


def find_blocks(text: str) -> list[Block]:
    """The closed fenced code blocks and the pipe tables (a header row, a delimiter row, rows)
    of *text*, in order; an unclosed fence is no block (its lines stay points)."""
    lines = text.split("\n")
    out: list[Block] = []
    i = 0
    n = len(lines)
    while i < n:
        line = lines[i]
        fence = _FENCE_RE.match(line.lstrip(" ") if len(line) - len(line.lstrip(" ")) <= 8 else "")
        if fence and not (fence.group(2)[0] == "`" and "`" in fence.group(3)):
            mark = fence.group(2)
            end = next(
                (
                    j
                    for j in range(i + 1, min(n, i + MAX_BLOCK_LINES + 2))
                    if lines[j].strip().startswith(mark[0] * len(mark))
                    and not lines[j].strip().strip(mark[0])
                ),
                None,
            )
            if end is None:
                i += 1
                continue
            body = lines[i : end + 1]
            keys = {code_point(x) for x in lines[i + 1 : end] if x.strip()}
            out.append(Block("code", _dedent(body), {k for k in keys if k}))
            i = end + 1
            continue
        if line.lstrip().startswith("|") and i + 1 < n and _is_delim(lines[i + 1]):
            end = i + 2
            while end < n and lines[end].lstrip().startswith("|") and end - i < MAX_BLOCK_LINES:
                end += 1
            rows = lines[i:end]
            keys = {row_point(x) for x in rows if not _is_delim(x)}
            out.append(Block("table", _dedent(rows), {k for k in keys if k}))
            i = end
            continue
        i += 1
    return out


def _is_delim(line: str) -> bool:
    s = line.strip()
    return s.startswith("|") and "-" in s and bool(_DELIM_RE.fullmatch(s))


def arrange_points(points: list[str], blocks: list[Block]) -> list[str | Block]:
    """*points* with each block in place of the points made of it: at the first of them,
    the others dropped.  A block none of whose points is left (the editor removed them) is
    not shown; points that belong to no block stay as they are."""
    owner: dict[str, Block] = {}
    for b in blocks:
        for k in b.keys:
            owner.setdefault(k, b)
    shown: set[int] = set()
    out: list[str | Block] = []
    for p in points:
        block = owner.get(point_key(p))
        if block is None:
            out.append(p)
        elif id(block) not in shown:
            shown.add(id(block))
            out.append(block)
    return out


def cap_blocks(
    arranged: Sequence[T], max_blocks: int = MAX_BLOCKS, max_lines: int = SHOWN_BLOCK_LINES
) -> list[T]:
    """*arranged* with the blocks past :data:`MAX_BLOCKS` / :data:`SHOWN_BLOCK_LINES` left out,
    in order: a briefing points at a runbook, it does not carry it."""
    out: list[T] = []
    shown = lines = 0
    for p in arranged:
        if isinstance(p, Block):
            if shown and (shown >= max_blocks or lines + len(p.lines) > max_lines):
                continue
            shown += 1
            lines += len(p.lines)
        out.append(p)
    return out


def bullet_parents(text: str) -> dict[str, str | None]:
    """Each bullet line of *text* (outside fenced code), as the point the splitter makes of
    it → the point of the bullet it is nested under (None at the top of its list); the
    first occurrence wins when a point repeats."""
    out: dict[str, str | None] = {}
    stack: list[tuple[int, str]] = []  # (indent width, point) of the open bullets
    fence: str | None = None
    for raw in text.split("\n"):
        stripped = raw.strip()
        if fence is not None:
            if stripped.startswith(fence) and not stripped.strip(fence[0]):
                fence = None
            continue
        m = _FENCE_RE.match(raw.lstrip(" "))
        if m:
            fence = m.group(2)
            continue
        b = _BULLET_RE.match(raw)
        if not b:
            if stripped and len(raw) - len(raw.lstrip()) == 0:
                stack.clear()  # a paragraph or heading at the margin ends the list
            continue
        width = len(b.group(1).expandtabs(4))
        while stack and stack[-1][0] >= width:
            stack.pop()
        key = point_key(plain_inline(raw[b.end() :].strip()))
        out.setdefault(key, stack[-1][1] if stack else None)
        stack.append((width, key))
    return out


def nesting_levels(points: list[str], texts: list[str]) -> list[int]:
    """How deep each point goes in the key points: one level below its parent when the bullet
    it is nested under in its note is itself a key point shown before it, else 0.  (The
    children of a "要点:"/"Key points:" label are not nested: the label is no point.)"""
    parents: dict[str, str | None] = {}
    for t in texts:
        for k, v in bullet_parents(t).items():
            parents.setdefault(k, v)
    level_of: dict[str, int] = {}
    levels: list[int] = []
    for p in points:
        k = point_key(p)
        parent = parents.get(k)
        level = level_of[parent] + 1 if parent is not None and parent in level_of else 0
        level_of.setdefault(k, level)
        levels.append(level)
    return levels
