"""A note's own legend for the codes its fields hold: "# status: new = for the relay · have =
already in the doc · drop = not ours" over entries with "status: drop".

Why: a team's script or spreadsheet writes short codes and says once, at the top, what they mean;
the code alone ("drop", "B", "x") is no phrase curator knows, the meaning ("not ours") is.  Each
field line whose whole value is one of the codes gains its meaning in brackets ("status: drop
(not ours)"), so the author's own words are read where the code stands; a legend written as a
"# …" line loses its heading marks (it is no heading over the entries).  Same line count.
"""

from __future__ import annotations

import re

__all__ = ["may_have_legend", "read_legends"]

_CODE = r"[\w+-]{1,20}"
_MEANING = r"[^\W\d_](?:(?![·|;=]|,[ \t]*[\w+-]{1,20}[ \t]*=)[^\"<>&(){}\[\]/\\\n]){0,59}"
_PAIR = re.compile(rf"(?:^|(?<=[\s·|;,:]))(?P<code>{_CODE})[ \t]*=[ \t]*(?P<meaning>{_MEANING})")
_SEP = re.compile(r"[ \t]*[·|;,][ \t]*")
_LEAD = 30
"""At most this much before a legend's first pair: its label ("# status:", "Legend —")."""
_FIELD_VALUE = re.compile(
    r"^(?P<lead>[ \t]*(?:[-*+][ \t]+)?[^\W\d][\w .-]{0,30}:[ \t]*)"
    rf"(?P<q>[\"']?)(?P<value>{_CODE})(?P=q)(?P<tail>[ \t]*(?:#.*)?)$"
)
_HINT = re.compile(rf"{_CODE}[ \t]*=[ \t]*[^\W\d_]")


def may_have_legend(text: str) -> bool:
    """A cheap test: some "code = meaning" in the text."""
    return "=" in text and _HINT.search(text) is not None


def _legend(line: str) -> dict[str, str]:
    """The codes a line defines: two or more "code = meaning" pairs, one after another, joined
    by "·", "|", ";" or ",", after at most a short label; else none."""
    pairs = list(_PAIR.finditer(line))
    if len(pairs) < 2 or pairs[0].start() > _LEAD:
        return {}
    for a, b in zip(pairs, pairs[1:], strict=False):
        if _SEP.fullmatch(line, a.end(), b.start()) is None:
            return {}
    if line[pairs[-1].end() :].strip(" \t.·|;,"):
        return {}
    return {m.group("code").lower(): m.group("meaning").strip(" \t,") for m in pairs}


def read_legends(text: str) -> str:
    """*text* with each field value a legend of the note defines followed by its meaning."""
    lines = text.split("\n")
    codes: dict[str, str] = {}
    for i, line in enumerate(lines):
        found = _legend(line) if "=" in line else {}
        if found:
            codes.update(found)
            # a "# …" legend is read where its codes stand, not as a heading over the entries
            # ("drop = not ours" would leave every entry below it out)
            lines[i] = re.sub(r"^([ \t]*)(#+)", lambda m: m.group(1) + " " * len(m.group(2)), line)
    if not codes:
        return text
    for i, line in enumerate(lines):
        m = _FIELD_VALUE.match(line)
        if m is None or "=" in line:
            continue
        meaning = codes.get(m.group("value").lower())
        if meaning:
            lead, q, value, tail = m.group("lead", "q", "value", "tail")
            lines[i] = f"{lead}{q}{value}{q} ({meaning}){tail}"
    return "\n".join(lines)
