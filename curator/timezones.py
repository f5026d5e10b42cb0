"""Time zones: naming one, and reading a wall-clock time in one (DST-correct).

Kept apart from the words people write zones with (:mod:`curator.zone_words`): this is the
arithmetic every other time module relies on, with nothing but the standard library below it.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo

_OFFSET = re.compile(r"^(?:UTC|GMT)?\s*([+-])(\d{1,2}):?(\d{2})?$", re.IGNORECASE)


def resolve_timezone(name: str | None) -> tzinfo | None:
    """IANA name or fixed offset ("+08:00", "UTC+8"); None means the machine's zone."""
    if not name:
        return None
    text = name.strip()
    if text.upper() in {"UTC", "Z", "GMT"}:
        return UTC
    m = _OFFSET.match(text)
    if m:
        sign = -1 if m.group(1) == "-" else 1
        delta = timedelta(hours=int(m.group(2)), minutes=int(m.group(3) or 0))
        if delta > timedelta(hours=14):
            raise ValueError(f"time zone offset {name!r} is out of range")
        return timezone(sign * delta)
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError  # only for named zones

    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ValueError(
            f"unknown time zone {name!r} (use an IANA name or an offset like +08:00)"
        ) from exc


def zone_label(tz: tzinfo | None) -> str:
    """How a zone is named in a problem note: its IANA key, its offset, or "the machine's zone"."""
    if tz is None:
        return "the machine's zone"
    return str(getattr(tz, "key", None) or tz)


def local_time(dt: datetime, tz: tzinfo | None) -> tuple[datetime, str | None]:
    """A naive wall-clock time read in *tz* (DST-correct), and a problem when that clock time is
    odd.

    A time the clocks skipped (02:30 on a spring-forward night in Berlin) is read with the offset
    in force before the change — what a clock not yet put forward showed — and comes back as the
    real clock time after it (03:30 CEST).  A time that happens twice (01:30 on 2026-11-01 in New
    York) is read as its first occurrence (``fold=0``: still summer time, 01:30 EDT).
    """
    if dt.tzinfo is not None:
        return dt, None
    if tz is None:
        return dt.astimezone(), None
    first = dt.replace(tzinfo=tz, fold=0)
    if first.utcoffset() == dt.replace(tzinfo=tz, fold=1).utcoffset():
        return first, None
    shown = f"{dt:%Y-%m-%d %H:%M}"
    real = first.astimezone(UTC).astimezone(tz)
    # a fixed offset from here on: an aware time in a fold never compares equal across zones (PEP
    # 495)
    offset, name = real.utcoffset() or timedelta(0), real.tzname()
    fixed = timezone(offset) if name is None else timezone(offset, name)
    if real.replace(tzinfo=None) != dt:
        return real.replace(tzinfo=fixed), (
            f"{shown} does not exist in {zone_label(tz)} (the clocks went forward); "
            f"read as {real:%H:%M} {real.tzname()}"
        )
    return first.replace(tzinfo=fixed), (
        f"{shown} happens twice in {zone_label(tz)} (the clocks went back); "
        f"read as the first one, {first.tzname()}"
    )


def clock_in(dt: datetime, tz: tzinfo | None) -> datetime:
    """An aware time as the clock in *tz* showed it; in an hour that happens twice, with a fixed
    offset (an aware time in a fold never compares equal across zones, PEP 495)."""
    shown = dt.astimezone(tz)
    if tz is None or shown.utcoffset() == shown.replace(fold=1 - shown.fold).utcoffset():
        return shown
    offset, name = shown.utcoffset() or timedelta(0), shown.tzname()
    return shown.replace(tzinfo=timezone(offset) if name is None else timezone(offset, name))


def localize(dt: datetime, tz: tzinfo | None) -> datetime:
    """Attach the workspace zone to a naive time (the machine's zone when None)."""
    return local_time(dt, tz)[0]


def fixed_offset(text: str) -> tzinfo:
    """``Z``, ``+05:30``, ``-0800``, ``+08`` as a fixed-offset zone; ValueError past 14 hours or 59
    minutes."""
    if text.upper() == "Z":
        return UTC
    sign = -1 if text[0] == "-" else 1
    digits = text[1:].replace(":", "")
    hh, mm = (int(digits[:-2]), int(digits[-2:])) if len(digits) > 2 else (int(digits), 0)
    if hh > 14 or mm > 59:
        raise ValueError(f"time zone offset {text!r} is out of range")
    return timezone(sign * timedelta(hours=hh, minutes=mm))


def in_zone(naive: datetime, zone: tzinfo | None, tz: tzinfo | None) -> tuple[datetime, str | None]:
    """*naive* read in *zone* (a fixed offset or IANA zone), or in the workspace zone when None."""
    return local_time(naive, tz if zone is None else zone)
