"""Text rewritten before splitting, with each line's origin kept.

An export (JSON, a calendar invite, a quoted-printable e-mail) is replaced by what people wrote
in it before a note is split; the split note must still point at the lines as written, so every
rewrite returns, for each line of its result, the 1-based line of its input it comes from.
These helpers are that bookkeeping, shared by every reader that rewrites.
"""

from __future__ import annotations

import re

__all__ = ["compose", "splice", "unquoted"]

_QUOTE = re.compile(r"[ \t]*(?:>[ \t]?)+")


def compose(first: list[int] | None, then: list[int] | None) -> list[int] | None:
    """The origin of each line after two rewrites: ``then`` maps the second result to the first
    result's lines, ``first`` maps those to the text as written (None: that rewrite changed no
    line)."""
    if first is None or then is None:
        return then if first is None else first
    return [first[n - 1] for n in then]


def unquoted(lines: list[str], quote: str) -> list[str] | None:
    """``lines`` without the quote marks a forwarded message puts before each (``quote``, as the
    first line has them); None when a line that is not blank lacks them (no one quoted block)."""
    if not quote:
        return lines
    depth = quote.count(">")
    out = []
    for line in lines:
        m = _QUOTE.match(line)
        if m is None or m.group(0).count(">") < depth:
            if line.strip():
                return None
            out.append("")
            continue
        # exactly ``depth`` marks come off, each with the one space after it
        at, n = 0, 0
        while n < depth:
            at = line.index(">", at) + 1
            at += line[at : at + 1] in (" ", "\t")
            n += 1
        out.append(line[at:])
    return out


def splice(
    lines: list[str],
    start: int,
    end: int,
    pieces: list[tuple[str, int]],
    quote: str = "",
    *,
    apart: bool = True,
) -> tuple[str, list[int]]:
    """``lines`` with ``lines[start:end + 1]`` replaced by each piece's lines and (``apart``) a
    blank line (quoted as the block was), and for each line of the result the 1-based line it
    comes from (a piece's: its given index)."""
    mark = quote.rstrip()
    out, origin = lines[:start], list(range(1, start + 1))
    for piece, at in pieces:
        for line in [*piece.split("\n"), ""] if apart else piece.split("\n"):
            out.append(f"{mark} {line}" if mark and line else mark or line)
            origin.append(at + 1)
    out += lines[end + 1 :]
    origin += range(end + 2, len(lines) + 1)
    return "\n".join(out), origin
