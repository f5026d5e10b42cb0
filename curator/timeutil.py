"""Times: ISO parsing, workspace time zones, and the time a note was written."""

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
        raise ValueError(f"unknown time zone {name!r} (use an IANA name or an offset like +08:00)") from exc


def localize(dt: datetime, tz: tzinfo | None) -> datetime:
    """Attach the workspace zone to a naive time (the machine's zone when None)."""
    if dt.tzinfo is not None:
        return dt
    if tz is None:
        return dt.astimezone()
    return dt.replace(tzinfo=tz)


_ISO_RELAXED = re.compile(
    r"^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):?(\d{2})(?::?(\d{2})(?:\.\d+)?)?)?\s*"
    r"(Z|[+-]\d{2}:?\d{2}|[+-]\d{2})?\s*(?:\(?([A-Z]{2,5})\)?)?$"
)
_ZONE_ABBREV = {"CST": "+08:00", "UTC": "+00:00", "GMT": "+00:00", "JST": "+09:00"}


def parse_iso(text: str, tz: tzinfo | None = None) -> datetime:
    """ISO 8601 (with or without offset; naive values are read in ``tz``)."""
    value = text.strip().replace("\u2009", " ")
    m = _ISO_RELAXED.match(value)
    if not m:
        raise ValueError(f"not an ISO 8601 time: {text!r}")
    year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
    hour = int(m.group(4) or 0)
    minute = int(m.group(5) or 0)
    second = int(m.group(6) or 0)
    dt = datetime(year, month, day, hour, minute, second)  # raises ValueError on impossible dates
    offset = m.group(7) or _ZONE_ABBREV.get(m.group(8) or "")
    if offset:
        if offset == "Z":
            return dt.replace(tzinfo=UTC)
        sign = -1 if offset[0] == "-" else 1
        digits = offset[1:].replace(":", "")
        hh = int(digits[:2])
        mm = int(digits[2:4] or 0)
        return dt.replace(tzinfo=timezone(sign * timedelta(hours=hh, minutes=mm)))
    return localize(dt, tz)


_NAME_TIME = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:[T_ ](\d{2})(\d{2}))?(?=$|[^0-9])")
_NAME_COMPACT = re.compile(r"^(\d{4})(\d{2})(\d{2})(?:[T_](\d{2})(\d{2}))?(?=$|[^0-9])")


def time_from_name(name: str, tz: tzinfo | None) -> tuple[datetime | None, str | None]:
    """Time written in a note's file name, or (None, problem) when the name has an impossible one.

    ``2026-08-20T1425-x.md`` → 14:25 in the workspace zone; ``2026-08-20-x.md`` → 00:00.
    """
    m = _NAME_TIME.match(name) or _NAME_COMPACT.match(name)
    if not m:
        return None, None
    year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
    hour = int(m.group(4) or 0)
    minute = int(m.group(5) or 0)
    try:
        dt = datetime(year, month, day, hour, minute)
    except ValueError:
        stamp = m.group(0)
        return None, f"impossible date/time {stamp!r} in the file name"
    return localize(dt, tz), None


def fmt_window(since: datetime, until: datetime) -> str:
    """Human form used in the status line and the briefing header."""
    same_zone = since.utcoffset() == until.utcoffset()
    left = since.strftime("%Y-%m-%d %H:%M")
    right = until.strftime("%Y-%m-%d %H:%M")
    zone = until.strftime("%z")
    zone = f"{zone[:3]}:{zone[3:]}" if zone else ""
    if same_zone:
        return f"{left} → {right} ({zone})" if zone else f"{left} → {right}"
    return f"{since.isoformat()} → {until.isoformat()}"


def window_ending(
    since: datetime | None, until: datetime | None, hours: float, tz: tzinfo | None, now: datetime | None = None
) -> tuple[datetime, datetime]:
    """The window from whichever ends are given, else the *hours* ending now (in *tz*)."""
    if since and until:
        return since, until
    if until:
        return until - timedelta(hours=hours), until
    end = now or datetime.now(tz).astimezone(tz)
    if since:
        return since, end
    return end - timedelta(hours=hours), end
