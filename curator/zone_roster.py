"""Who is on which clock, as the workspace writes it down: a briefing's "Clocks" table
("| two names | Mumbai | Asia/Kolkata | +05:30 |"), a roster line ("a name, another: Chatham
Islands (Pacific/Chatham)"), an export's "exported … (Asia/Yangon) by" a name.

A line that names one time zone database key and one or more of the inbox's authors says those
authors keep that zone.  Only the key counts, never a city: a colleague "writing from London" is
on a trip as often as at home.  The lines are kept on each note when it is read
(``Note.clocks``), so a note left unsplit outside the window, or one from the cache, still says
what its table said.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from zoneinfo import available_timezones

from curator.lexicon import memo

__all__ = ["byline", "roster", "zone_lines"]

_KEY = re.compile(
    r"(?<![\w/])(?:Africa|America|Asia|Atlantic|Australia|Europe|Indian|Pacific)"
    r"/[A-Za-z_]+(?:/[A-Za-z_]+)?(?![\w/])"
)
_MOST_LINES = 40
_LONGEST = 300
"""A longer line is prose that happens to name a zone, not a roster's row."""


@memo
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


def zone_lines(text: str) -> list[str]:
    """The note's lines (at most 40) that name exactly one zone key, each up to 300 characters."""
    if "/" not in text or not _KEY.search(text):
        return []
    zones = _zones()
    out: list[str] = []
    for line in text.splitlines():
        if len(line) > _LONGEST or "/" not in line:
            continue
        keys = {k for k in _KEY.findall(line) if k in zones}
        if len(keys) == 1:
            out.append(line.strip())
            if len(out) >= _MOST_LINES:
                break
    return out


def _fold(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in plain if not unicodedata.combining(c))


def roster(lines: Iterable[str], authors: Iterable[str]) -> dict[str, set[str]]:
    """Author → the zone keys the *lines* give them (a line's one key, for each author it names
    as a whole word)."""
    names = sorted({a for a in authors if a and a != "-"}, key=len, reverse=True)
    if not names:
        return {}
    pattern = re.compile(
        r"(?<![\w-])(" + "|".join(re.escape(_fold(n)) for n in names) + r")(?![\w-])"
    )
    by_fold = {_fold(n): n for n in names}
    zones = _zones()
    said: dict[str, set[str]] = {}
    for line in lines:
        keys = {k for k in _KEY.findall(line) if k in zones}
        if len(keys) != 1:
            continue
        key = next(iter(keys))
        for m in pattern.finditer(_fold(line)):
            said.setdefault(by_fold[m.group(1)], set()).add(key)
    return said


_BYLINE_LINES = 8
_BYLINE_LONGEST = 80
_BYLINE_SEP = re.compile(r"\s[·|—–-]\s|,\s|\s·|·\s")


def byline(text: str, author: str) -> str:
    """The note's byline: among its first eight lines, a short one that names its author and
    parts it with "·", "|", "—" or a comma ("Mona · Paris · samedi soir"), else ''."""
    if not author or author == "-":
        return ""
    name = re.compile(rf"(?<![\w-]){re.escape(_fold(author))}(?![\w-])")
    seen = 0
    for line in text.split("\n", 40)[:40]:
        s = line.strip().strip("#*_>").strip()
        if not s or s == "---":
            continue
        seen += 1
        if seen > _BYLINE_LINES:
            break
        if len(s) <= _BYLINE_LONGEST and _BYLINE_SEP.search(s) and name.search(_fold(s)):
            return s
    return ""
