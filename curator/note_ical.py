"""A calendar invite pasted as is (iCalendar, ``BEGIN:VCALENDAR`` … ``END:VCALENDAR``), read as
what its organiser wrote.

An invite for a reading group carries the papers in its ``DESCRIPTION``, folded over lines of 75
characters (a continuation line starts with a space, RFC 5545) with ``\\n``, ``\\,`` and ``\\;``
escaped.  Read as text, an ID or a link is cut in two at a fold, and the whole description is one
paragraph whose hints ("New -> 6.A") reach every paper in it.  So each calendar block is replaced
by its summary and description, unfolded and unescaped, and the split note's lines are mapped
back to the line each property starts on.  Other properties (times, attendees, alarms) are not
anyone's words and are dropped.
"""

from __future__ import annotations

import re

from curator.line_origins import compose, splice, unquoted

__all__ = ["unfold_ical"]

_BEGIN = re.compile(r"(?m)^[ \t]*(?P<quote>(?:>[ \t]?)*)BEGIN:VCALENDAR[ \t]*$")
_END = "END:VCALENDAR"
_PROPERTY = re.compile(r"^(?P<name>[A-Za-z-]+)(?:;[^:\n]*)?:(?P<value>.*)$")
_READ = ("SUMMARY", "DESCRIPTION", "COMMENT")
"""The properties somebody wrote."""
_ESCAPE = re.compile(r"\\([nN,;\\])")
_MAX_LINES = 20_000


def unfold_ical(text: str) -> tuple[str, list[int] | None]:
    """``text`` with each calendar block read as its summaries and descriptions, and for each line
    the line of ``text`` it comes from; ``(text, None)`` when it holds no calendar."""
    if "BEGIN:VCALENDAR" not in text or _BEGIN.search(text) is None:
        return text, None
    lines = text.split("\n")
    origin: list[int] | None = None
    i = 0
    while i < len(lines):
        m = _BEGIN.match(lines[i])
        if m is None:
            i += 1
            continue
        quote = m["quote"]
        end = next(
            (
                j
                for j in range(i, min(len(lines), i + _MAX_LINES))
                if lines[j].strip().endswith(_END)
            ),
            None,
        )
        inner = unquoted(lines[i : end + 1], quote) if end is not None else None
        if end is None or inner is None:
            break
        pieces = [(v, i + k) for v, k in _pieces(inner, 0, end - i)]
        new_text, new_origin = splice(lines, i, end, pieces, quote)
        origin = compose(origin, new_origin)  # a second block: back through the first one's map
        lines = new_text.split("\n")
        i += sum(len(p.split("\n")) + 1 for p, _at in pieces)
    return ("\n".join(lines), origin) if origin is not None else (text, None)


def _pieces(lines: list[str], start: int, end: int) -> list[tuple[str, int]]:
    """(unfolded, unescaped value, its first line) of each property somebody wrote."""
    props: list[tuple[str, int]] = []  # (the unfolded property line, its first line)
    for k in range(start + 1, end):
        line = lines[k]
        if line[:1] in (" ", "\t") and props:
            props[-1] = (props[-1][0] + line[1:], props[-1][1])
        else:
            props.append((line, k))
    out: list[tuple[str, int]] = []
    for prop, at in props:
        m = _PROPERTY.match(prop)
        if m is None or m["name"].upper() not in _READ:
            continue
        value = _ESCAPE.sub(lambda e: "\n" if e[1] in "nN" else e[1], m["value"]).strip()
        if value:
            out.append((value, at))
    return out
