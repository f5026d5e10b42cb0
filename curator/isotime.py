"""ISO 8601 values as people write them in front matter and config ("2026-08-19 22:20 CST").

Relaxed on purpose (a space for the ``T``, no seconds, a trailing zone word), strict about the
date itself: an impossible day is a ValueError, never a guess.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, tzinfo

from curator.timezones import fixed_offset, in_zone
from curator.zone_words import zone_for

_ISO_RELAXED = re.compile(
    r"^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):?(\d{2})(?::?(\d{2})(?:\.\d+)?)?)?\s*"
    r"(Z|[+-]\d{2}:?\d{2}|[+-]\d{2})?\s*(?:\(?([A-Z]{2,5})\)?)?$"
)


def parse_iso(text: str, tz: tzinfo | None = None, problems: list[str] | None = None) -> datetime:
    """ISO 8601 (with or without offset; naive values are read in ``tz``, DST-correct).

    A trailing zone abbreviation ("2026-08-19 22:20 CST") is read as :func:`zone_for` says;
    what is odd about the value (an ambiguous abbreviation, a skipped hour) goes to *problems*.
    """
    value = text.strip().replace("\u2009", " ")
    m = _ISO_RELAXED.match(value)
    if not m:
        raise ValueError(f"not an ISO 8601 time: {text!r}")
    year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
    hour = int(m.group(4) or 0)
    minute = int(m.group(5) or 0)
    second = int(m.group(6) or 0)
    dt = datetime(year, month, day, hour, minute, second)  # raises ValueError on impossible dates
    if m.group(7):
        return dt.replace(tzinfo=fixed_offset(m.group(7)))
    zone = None
    if m.group(8):
        zone, problem = zone_for(m.group(8), dt, tz)
        if problem and problems is not None:
            problems.append(problem)
    out, problem = in_zone(dt, zone, tz)
    if problem and problems is not None:
        problems.append(problem)
    return out


_EPOCH = re.compile(r"^\d{10}(?:\d{3})?$")
_EPOCH_SPAN = (946_684_800, 4_102_444_800)
"""2000-01-01 to 2100-01-01 in seconds: a count outside it is some other number."""


_COMPACT = re.compile(r"^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d{3})$")
"""A stamp of 17 digits, year to milliseconds ("20271030183500000"): a wiki's own field, in UTC
(TiddlyWiki's ``created:``). Twelve or fourteen digits are left alone: a person's note ID
("202710031412") is a local time."""


def epoch_time(text: str) -> datetime | None:
    """A machine's stamp written as seconds or milliseconds since 1970 ("created: 1805074800000",
    as notes apps write their metadata), or as 17 digits from year to milliseconds (see
    :data:`_COMPACT`), in UTC; None for any other value."""
    value = text.strip()
    if m := _COMPACT.match(value):
        try:
            y, mo, d, h, mi, sec, ms = map(int, m.groups())
            dt = datetime(y, mo, d, h, mi, sec, ms * 1000, tzinfo=UTC)
        except ValueError:
            return None
        return dt if 2000 <= dt.year < 2100 else None
    if not _EPOCH.match(value):
        return None
    seconds = int(value) / (1000 if len(value) == 13 else 1)
    if not _EPOCH_SPAN[0] <= seconds < _EPOCH_SPAN[1]:
        return None
    return datetime.fromtimestamp(seconds, UTC)
