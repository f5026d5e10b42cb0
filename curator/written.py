"""When a note was written: the order its sources are trusted in, and the time in its file name.

When a note was written decides whether it is in tonight's relay, so the rules are explicit
(:func:`written_at`): a time in the front matter, else a time in the file name (local time in
the workspace zone, DST-correct), else — for a date-only name — a stamp inside the note (an
export line, a signature, "最后更新 …", read by :mod:`curator.note_stamps`), else the file's
modification time.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from datetime import UTC, date, datetime, tzinfo
from typing import TYPE_CHECKING

from curator.isotime import epoch_time, parse_iso
from curator.note_stamps import free_time, name_clock_zoned, time_in_text
from curator.time_vocab import lexicon_or_default
from curator.timezones import clock_in, local_time

if TYPE_CHECKING:
    from typing import Any

    from curator.lexicon import Lexicon
    from curator.models import TimeSource

# --------------------------------------------------------------------------- file names

_CLOCK_IN_NAME = r"(?:(\d{2})[:.h-]?(\d{2})(?:[:.-]?\d{2})?(Z(?![A-Za-z]))?)"
"""A name's clock time: "1905", "19-05", "19.05", "19h05", "19:05", seconds after it ("190512"),
and a "Z" when the program that named it wrote UTC."""
_NAME_TIME = re.compile(rf"^(\d{{4}})-(\d{{2}})-(\d{{2}})(?:[T_ ]{_CLOCK_IN_NAME})?(?=$|[^0-9])")
_NAME_COMPACT = re.compile(rf"^(\d{{4}})(\d{{2}})(\d{{2}})(?:[T_]{_CLOCK_IN_NAME})?(?=$|[^0-9])")


def name_stamp(name: str) -> tuple[datetime | None, bool, str | None]:
    """(time in the name, whether it carries a clock time, problem): naive, local time, unless
    the name says UTC ("…T1105Z-…")."""
    m = _NAME_TIME.match(name) or _NAME_COMPACT.match(name)
    if not m:
        return None, False, None
    year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
    hour = int(m.group(4) or 0)
    minute = int(m.group(5) or 0)
    try:
        stamp = datetime(year, month, day, hour, minute, tzinfo=UTC if m[6] else None)
    except ValueError:
        return None, False, f"impossible date/time {m.group(0)!r} in the file name"
    return stamp, m.group(4) is not None, None


def without_stamp(name: str) -> str:
    """A file name after its date and clock time and the separator after them: its slug."""
    m = _NAME_TIME.match(name) or _NAME_COMPACT.match(name)
    return name[m.end() :].lstrip("-_ ") if m else name


def time_from_name(name: str, tz: tzinfo | None) -> tuple[datetime | None, str | None]:
    """Time written in a note's file name, or (None, problem) when the name has an impossible one.

    ``2026-08-20T1425-x.md`` → 14:25 in the workspace zone (DST-correct; a skipped or repeated
    clock time is read as :func:`local_time` says, with that as the problem); ``2026-08-20-x.md`` →
    00:00.
    """
    naive, _clock, problem = name_stamp(name)
    if naive is None:
        return None, problem
    if naive.tzinfo is not None:
        return clock_in(naive, tz), None
    return local_time(naive, tz)


def date_only_name(name: str) -> date | None:
    """The day of a file name that carries a date but no clock time (``2026-11-20-export.md``)."""
    naive, clock, _problem = name_stamp(name)
    return naive.date() if naive is not None and not clock else None


# -------------------------------------------------------------------------- when a note was written

_CLOCK = re.compile(r"\d{1,2}[:：]\d{2}|T\d{2}")


@functools.lru_cache(maxsize=8)
def _front_keys(lex: Lexicon) -> tuple[str, ...]:
    return tuple(w.lower() for w in lex.literals("time", "front_matter"))


def written_at(
    front: Mapping[str, Any],
    text: str,
    name: str,
    mtime: float,
    tz: tzinfo | None,
    *,
    author: str | None = None,
    lexicon: Lexicon | None = None,
) -> tuple[datetime | None, TimeSource, list[str]]:
    """When a note was written, where that came from, and what was odd on the way.

    In this order: a front-matter time (``generated:``, ``date:``, … with a clock time or counted
    in seconds since 1970; an offset is respected), else one in an app's metadata after the text
    (:func:`back_matter`) → ``"front_matter"``; a clock time in the file name, local in *tz* →
    ``"name"``; for a date-only name (or date-only front matter) a stamp inside the note on that day
    (:func:`time_in_text`) → ``"body"``, else that day at 00:00 (``"name"`` / ``"front_matter"``);
    else the modification time → ``"mtime"``; else ``(None, "none")``.  A time inside the text
    never overrides a name that carries a time, except to say which zone that clock time is in
    (the same minute written with a zone inside: :func:`name_clock_zoned`).
    """
    problems: list[str] = []
    timed, fm_day = _front_matter_time(front, tz, lexicon, problems)
    if timed is None and text and not fm_day:
        timed, _day = _front_matter_time(back_matter(text), tz, lexicon, problems)
    if timed is None and text and not fm_day:
        timed, _day = _front_matter_time(head_matter(text), tz, lexicon, problems)
    if timed is not None:
        return timed, "front_matter", problems
    naive, clock, problem = name_stamp(name)
    if problem:
        problems.append(problem + ("" if fm_day else "; using the file's modification time"))
    if naive is not None and naive.tzinfo is not None:
        return clock_in(naive, tz), "name", problems
    if naive is not None and clock:
        zoned = name_clock_zoned(text, naive, tz, author, lexicon) if text else None
        if zoned is not None:
            return zoned, "body", problems
        dt, problem = local_time(naive, tz)
        if problem:
            problems.append(f"file name: {problem}")
        return dt, "name", problems
    day = fm_day.date() if fm_day else naive.date() if naive is not None else None
    if day is not None:
        if text:
            found, probs = time_in_text(text, day, tz, author=author, lexicon=lexicon)
            if found is not None:
                return found, "body", problems + probs
        if fm_day:
            return fm_day, "front_matter", problems
        return local_time(datetime(day.year, day.month, day.day), tz)[0], "name", problems
    if mtime:
        return datetime.fromtimestamp(mtime).astimezone(tz), "mtime", problems
    return None, "none", problems


_MACHINE_KEY = re.compile(r"^([a-z][a-z0-9_]*):[ \t]?(.*)$")
_BACK_LINES = 4
"""Lines a trailing metadata block has at least (an app writes a dozen; a person's fields fewer)."""


def back_matter(text: str) -> dict[str, str]:
    """The ``key: value`` block a notes app writes after the text (a raw export: ``id: …``,
    ``created_time: 2027-03-14T01:20:07.402Z``, …), read as front matter; empty when the last
    paragraph is not all lower-case machine keys, at least :data:`_BACK_LINES` of them."""
    tail = text[-4000:].replace("\r\n", "\n").rstrip()
    return _machine_block(tail[tail.rfind("\n\n") + 2 :] if "\n\n" in tail else "")


def head_matter(text: str) -> dict[str, str]:
    """The machine stamps of the ``key: value`` block a wiki writes before the text, unfenced
    (a TiddlyWiki tiddler: ``created: 20271030183500000``, ``creator: …``, ``tags: …``): read as
    front matter when the first paragraph is all lower-case machine keys, at least
    :data:`_BACK_LINES` of them; only values a machine writes (:func:`epoch_time`) are kept, so a
    person's opening fields ("date: Friday evening") stay text."""
    head = text[:4000].replace("\r\n", "\n").lstrip("\ufeff\n")
    block = _machine_block(head.split("\n\n", 1)[0])
    return {k: v for k, v in block.items() if epoch_time(v) is not None}


def _machine_block(block: str) -> dict[str, str]:
    """A paragraph's ``key: value`` lines when every line is one, with a lower-case machine key,
    and there are at least :data:`_BACK_LINES`; else empty."""
    lines = block.split("\n")
    if len(lines) < _BACK_LINES:
        return {}
    out: dict[str, str] = {}
    for line in lines:
        m = _MACHINE_KEY.match(line.rstrip())
        if m is None:
            return {}
        out[m[1]] = m[2].strip()
    return out


def _front_matter_time(
    front: Mapping[str, Any], tz: tzinfo | None, lexicon: Lexicon | None, problems: list[str]
) -> tuple[datetime | None, datetime | None]:
    """(the first front-matter time with a clock time, else None; else the first date-only one).

    Values with a clock time are tried first, in key order, then the rest."""
    values = (
        [str(front[k]) for k in _front_keys(lexicon_or_default(lexicon)) if front.get(k)]
        if front
        else []
    )
    timed = [c for c in values if _CLOCK.search(c) or epoch_time(c)]
    fm_day: datetime | None = None
    for value in timed + [c for c in values if c not in timed]:
        dt = _front_value(value, value in timed, tz, lexicon, problems)
        if dt is None:
            continue
        if value in timed:
            return dt, fm_day
        fm_day = fm_day or dt
    return None, fm_day


def _front_value(
    value: str, timed: bool, tz: tzinfo | None, lexicon: Lexicon | None, problems: list[str]
) -> datetime | None:
    """One front-matter value as a time: ISO (the first of "start → end"), else, when it has a
    clock time, written in words; None (with a problem) when it is neither."""
    if (epoch := epoch_time(value)) is not None:
        return epoch.astimezone(tz) if tz is not None else epoch
    iso = (
        value.replace("→", " ").split()[0] if re.match(r"\d{4}-\d{2}-\d{2}T\S*\s", value) else value
    )
    try:
        return parse_iso(iso, tz, problems)
    except ValueError:
        dt, probs = free_time(value, tz, lexicon) if timed else (None, [])
        if dt is None:
            problems.append(f"front matter time {value!r} is not a valid date")
            return None
        problems += probs
        return dt
