"""Which zone a word written beside a time means ("13:05 CET", "22:20 CST", "北京时间").

An abbreviation is read against the workspace's own zone first: the relay's authors mostly write
their own clock, and an ambiguous abbreviation must never silently move a note to another zone.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone, tzinfo

from curator.time_vocab import lexicon_or_default, zone_key, zone_table
from curator.timezones import local_time, zone_label

TYPE_CHECKING = False  # typing is not imported at run time (~2 ms of every command)
if TYPE_CHECKING:
    from curator.lexicon import Lexicon


def names_used(tz: tzinfo | None, when: datetime) -> set[str]:
    """The abbreviations *tz* goes by in *when*'s year (winter and summer) and on that day."""
    names = set()
    for probe in (datetime(when.year, 1, 15, 12), datetime(when.year, 7, 15, 12), when):
        aware = probe.astimezone() if tz is None else probe.replace(tzinfo=tz)
        names.add((aware.tzname() or "").upper())
    return names


def _which_fold(key: str, when: datetime, tz: tzinfo | None) -> tzinfo | None:
    """In the hour the clocks go back, the workspace's own abbreviation says which of the two it
    is ("01:55 PST" is the second 01:55 in Los Angeles); at any other time it is the clock."""
    if tz is None:
        return None
    first, second = when.replace(tzinfo=tz, fold=0), when.replace(tzinfo=tz, fold=1)
    if first.utcoffset() == second.utcoffset():
        return None
    for reading in (first, second):
        offset = reading.utcoffset()
        if (reading.tzname() or "").upper() == key and offset is not None:
            return timezone(offset)
    return None


def zone_for(
    word: str, when: datetime, tz: tzinfo | None, lexicon: Lexicon | None = None
) -> tuple[tzinfo | None, str | None]:
    """The zone an abbreviation written beside *when* (naive) means: None is the workspace zone
    *tz*.

    An abbreviation the workspace zone itself goes by that year (CET or CEST in Europe/Berlin,
    CST in Asia/Shanghai, EST or EDT in America/New_York) is the workspace's clock, as is one of
    a fixed-offset workspace's own offset (IST for +05:30).  Otherwise an abbreviation with one
    meaning is that zone; an ambiguous one (CST, IST) is read as the workspace zone, with a problem.
    Unknown words are the workspace zone, without one.
    """
    key = zone_key(word.strip())
    choices = zone_table(lexicon_or_default(lexicon)).get(key)
    if not choices:
        return None, None
    names = names_used(tz, when)
    if key in names:
        return _which_fold(key, when, tz), None
    own = local_time(when, tz)[0].utcoffset()
    nameless = not any(n[:1].isalpha() and not n.startswith("UTC") for n in names)
    if nameless and any(when.replace(tzinfo=z).utcoffset() == own for _, z in choices):
        # a fixed-offset workspace: the abbreviation of its own offset is its clock
        return (
            None,
            None,
        )
    if len(choices) == 1:
        return choices[0][1], None
    meanings = ", ".join(spec for spec, _ in choices)
    return None, (
        f"{word.strip()} can mean {meanings} and is not {zone_label(tz)}'s own; "
        f"read as {zone_label(tz)} time"
    )


_AMBIGUOUS = re.compile(r"(\S+) can mean ([^;]+?)(?: and is not .+'s own)?; read as .+")


def ambiguous_word(problem: str) -> tuple[str, str] | None:
    """The abbreviation a problem :func:`zone_for` reported ambiguous, with its meanings ("IST",
    "+05:30, +01:00, +02:00" of "IST can mean +05:30, … read as Asia/Singapore time"), else
    None."""
    m = _AMBIGUOUS.fullmatch(problem)
    return (m.group(1), m.group(2)) if m else None
