"""Times as the rest of curator uses them: the relay's window, and one door to the time modules.

The window (:func:`window_ending`, :func:`fmt_window`) and how a stored time is shown live here.
The rest is re-exported so callers keep one import, from modules split by concept:

- :mod:`curator.timezones` — naming a zone, reading a wall-clock time in one (DST-correct);
- :mod:`curator.zone_words` — which zone "CET" or "北京时间" beside a time means;
- :mod:`curator.isotime` — ISO 8601 values as people write them;
- :mod:`curator.note_stamps` — clock times inside a note's text, scored;
- :mod:`curator.written` — when a note was written (:func:`written_at`) and its file name's time.

Words (zone abbreviations, labels such as "Exported" or "最后更新", month names) are data:
the ``[time]`` tables of ``curator/phrases/*.toml``, compiled by :mod:`curator.time_vocab`.
"""

from __future__ import annotations

from datetime import datetime, timedelta, tzinfo

from curator.isotime import parse_iso
from curator.timezones import local_time, localize, resolve_timezone, zone_label

TYPE_CHECKING = False  # typing is not imported at run time (~2 ms of every command)
if TYPE_CHECKING:
    from typing import Any

    from curator.note_stamps import time_in_text
    from curator.written import date_only_name, time_from_name, written_at
    from curator.zone_words import zone_for

_LATER = {
    "time_in_text": "curator.note_stamps",
    "date_only_name": "curator.written",
    "time_from_name": "curator.written",
    "written_at": "curator.written",
    "zone_for": "curator.zone_words",
}
"""Re-exports loaded when first asked for: reading the window (``curator.toml``, ``decide``)
needs none of a note's clock patterns."""


def __getattr__(name: str) -> Any:
    module = _LATER.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


__all__ = [
    "date_only_name",
    "fmt_window",
    "local_time",
    "localize",
    "parse_iso",
    "resolve_timezone",
    "shown_in",
    "time_from_name",
    "time_in_text",
    "window_ending",
    "written_at",
    "zone_for",
    "zone_label",
]


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


def shown_in(stamp: str | None, zone: tzinfo) -> str | None:
    """A stored ISO time (UTC in the decisions journal) in *zone*, to the second; other text as it
    is."""
    if not stamp:
        return stamp
    try:
        when = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return stamp
    if when.tzinfo is None:
        return stamp
    return when.astimezone(zone).isoformat(timespec="seconds")


def window_ending(
    since: datetime | None,
    until: datetime | None,
    hours: float,
    tz: tzinfo | None,
    now: datetime | None = None,
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
