"""Times: ISO parsing, workspace time zones, and the time a note was written.

When a note was written decides whether it is in tonight's relay, so the rules are explicit
(:func:`written_at`): a time in the front matter, else a time in the file name (local time in
the workspace zone, DST-correct), else — for a date-only name — a stamp inside the note (an
export line, a signature, "最后更新 …"), else the file's modification time.

Words (zone abbreviations, labels such as "Exported" or "最后更新", month names) are data:
the ``[time]`` tables of ``curator/phrases/*.toml``, read through :mod:`curator.lexicon`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from datetime import UTC, date, datetime, timedelta, timezone, tzinfo
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

    from curator.lexicon import Lexicon

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
    """A naive wall-clock time read in *tz* (DST-correct), and a problem when that clock time is odd.

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
    # a fixed offset from here on: an aware time in a fold never compares equal across zones (PEP 495)
    fixed = timezone(real.utcoffset() or timedelta(0), real.tzname())
    if real.replace(tzinfo=None) != dt:
        return real.replace(tzinfo=fixed), (
            f"{shown} does not exist in {zone_label(tz)} (the clocks went forward); "
            f"read as {real:%H:%M} {real.tzname()}"
        )
    return first.replace(tzinfo=fixed), (
        f"{shown} happens twice in {zone_label(tz)} (the clocks went back); "
        f"read as the first one, {first.tzname()}"
    )


def localize(dt: datetime, tz: tzinfo | None) -> datetime:
    """Attach the workspace zone to a naive time (the machine's zone when None)."""
    return local_time(dt, tz)[0]


# --------------------------------------------------------------------------- words, as data


class _Vocab:
    """The ``[time]`` tables of a lexicon compiled for reading stamps (only when a note needs it).

    A plain class: ``dataclasses`` (and ``inspect``) stay out of the lookup fast path's imports.
    """

    zones: dict[str, tuple[tuple[str, tzinfo], ...]]
    zone_after: re.Pattern[str]
    zone_before: re.Pattern[str]
    iso_minus: re.Pattern[str]
    months: dict[str, int]
    date: re.Pattern[str]
    today: re.Pattern[str]
    yesterday: re.Pattern[str]
    stamps: re.Pattern[str]
    cited: re.Pattern[str]
    windows: re.Pattern[str]
    stamp_after: re.Pattern[str]
    cited_after: re.Pattern[str]
    am_after: re.Pattern[str]
    pm_after: re.Pattern[str]
    am_before: re.Pattern[str]
    pm_before: re.Pattern[str]
    range_after: re.Pattern[str]
    joiner: re.Pattern[str]
    time: re.Pattern[str]
    signature: re.Pattern[str]
    cjk_clock: re.Pattern[str]
    dot_clock: re.Pattern[str]

    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)


def _lexicon(lexicon: Lexicon | None) -> Lexicon:
    if lexicon is not None:
        return lexicon
    from curator.lexicon import default_lexicon

    return default_lexicon()


def _alternation(words: list[str], *, ascii_case: bool = False, head_edge: bool = True) -> str:
    """Literal words, longest first, on Latin word edges; ``ascii_case`` matches Latin ones as written;
    without ``head_edge`` a word may follow a digit directly ("9:41pm")."""
    groups: dict[tuple[bool, bool], list[str]] = {}
    for w in sorted(
        {w.removeprefix("lit:") for w in words if w and not w.startswith("re:")},
        key=len,
        reverse=True,
    ):
        body = re.escape(w).replace(r"\ ", r"\s+")
        if ascii_case and w.isascii():
            body = f"(?-i:{body})"
        edges = (
            head_edge and w[:1].isascii() and w[:1].isalnum(),
            w[-1:].isascii() and w[-1:].isalnum(),
        )
        groups.setdefault(edges, []).append(body)
    parts = []
    for (head, tail), bodies in groups.items():  # one edge test per group: compiling many is slow
        parts.append(
            ("(?<![A-Za-z0-9])" if head else "")
            + "(?:"
            + "|".join(bodies)
            + ")"
            + ("(?![A-Za-z0-9])" if tail else "")
        )
    return "|".join(parts) if parts else r"(?!x)x"


@functools.lru_cache(maxsize=8)
def _front_keys(lex: Lexicon) -> tuple[str, ...]:
    return tuple(w.lower() for w in lex.literals("time", "front_matter"))


def _zone_key(word: str) -> str:
    """An abbreviation in upper case ("cet" → "CET", matched as written); a phrase ("hora de Lima",
    "北京时间") in lower case, matched in any case."""
    return word.upper() if word.isascii() and word.isalpha() else " ".join(word.lower().split())


@functools.lru_cache(maxsize=8)
def _zones(lex: Lexicon) -> dict[str, tuple[tuple[str, tzinfo], ...]]:
    """Abbreviation (upper case for Latin ones) → the zones it may mean, as (written value, zone)."""
    zones: dict[str, tuple[tuple[str, tzinfo], ...]] = {}
    for key, values in lex.table("time.zones").items():
        if not isinstance(values, list):
            continue
        resolved = []
        for v in values:
            try:
                z = resolve_timezone(v.removeprefix("lit:"))
            except ValueError:
                continue
            if z is not None:
                resolved.append((v.removeprefix("lit:"), z))
        if resolved:
            zones[_zone_key(key)] = tuple(resolved)
    return zones


@functools.lru_cache(maxsize=8)
def _vocab(lex: Lexicon) -> _Vocab:
    words = lex.words
    zones = _zones(lex)
    abbreviations = [k for k in zones if k.isascii() and k.isalpha()]
    phrases = [k for k in zones if not (k.isascii() and k.isalpha())]
    zone_words = "|".join(
        p for p in (_alternation(abbreviations, ascii_case=True), _alternation(phrases)) if p
    )
    months: dict[str, int] = {}
    for key, values in lex.table("time.months").items():
        if isinstance(values, list) and key.isdigit() and 1 <= int(key) <= 12:
            for v in values:
                months.setdefault(v.removeprefix("lit:").lower(), int(key))
    month = _alternation(list(months))
    today, yesterday = (
        _alternation(words("time", "today")),
        _alternation(words("time", "yesterday")),
    )
    date_re = "|".join(
        [
            r"(?<![\w/.\-])(?P<iy>\d{4})[-/.](?P<im>\d{1,2})[-/.](?P<id>\d{1,2})(?=$|[^\w/.\-]|\.(?!\w)|T\d{1,2}[:：])",
            r"(?<!\d)(?P<cy>\d{4})\s*年\s*(?P<cm>\d{1,2})\s*月\s*(?P<cd>\d{1,2})\s*[日号]?",
            r"(?<![\d年])(?P<km>\d{1,2})\s*月\s*(?P<kd>\d{1,2})\s*[日号]",
            r"(?<![\w/.\-:])(?P<nm>1[0-2]|0?[1-9])-(?P<nd>3[01]|[12]\d|0?[1-9])(?=\s+\d{1,2}[:：]\d{2})",
            rf"(?<![\w])(?P<ed>\d{{1,2}})(?:st|nd|rd|th)?\.?\s+(?P<emon>{month})\.?,?(?:\s+(?P<ey>\d{{4}}))?(?![\w])",
            rf"(?<![\w])(?P<fmon>{month})\.?\s+(?P<fd>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(?P<fy>\d{{4}}))?(?![\w])",
            rf"(?P<today>{today})",
            rf"(?P<yest>{yesterday})",
        ]
    )
    ranges = _alternation(words("time", "range_words"))
    flags = re.IGNORECASE
    return _Vocab(
        zones=zones,
        # "13:05 CET", "(+05:30)", "UTC+8", "19:42+05:30"; not "9:00-10:30" (a range: see iso_minus)
        zone_after=re.compile(
            r"(?:\s*[(（]?\s*(?:(?-i:UTC|GMT))\s*(?P<uoff>[+-]\d{1,2}(?::?\d{2})?)"
            r"|(?:\s*[(（]\s*|\s+|(?=\+))(?P<off>[+-]\d{2}:?\d{2})"
            rf"|\s*[(（]?\s*(?P<word>{zone_words}))(?!\d)\s*[)）]?",
            flags,
        ),
        iso_minus=re.compile(r"-\d{2}:?\d{2}(?!\d)"),
        zone_before=re.compile(rf"(?P<word>{zone_words})\s*$", flags),
        months=months,
        date=re.compile(date_re, flags),
        today=re.compile(today, flags),
        yesterday=re.compile(yesterday, flags),
        stamps=re.compile(_alternation(words("time", "stamps")), flags),
        cited=re.compile(_alternation(words("time", "cited")), flags),
        windows=re.compile(_alternation(words("time", "windows")), flags),
        stamp_after=re.compile(
            rf"\s*[)）]?\s*(?:{_alternation(words('time', 'stamps_after'))})", flags
        ),
        cited_after=re.compile(
            rf"\s*[)）]?\s*(?:{_alternation(words('time', 'cited_after'))})", flags
        ),
        am_after=re.compile(
            rf"\s*(?:{_alternation(words('time', 'am_after'), head_edge=False)})", flags
        ),
        pm_after=re.compile(
            rf"\s*(?:{_alternation(words('time', 'pm_after'), head_edge=False)})", flags
        ),
        am_before=re.compile(rf"(?:{_alternation(words('time', 'am_before'))})\s*$", flags),
        pm_before=re.compile(rf"(?:{_alternation(words('time', 'pm_before'))})\s*$", flags),
        # "18:00 → 2026-11-16 18:00", "22:20 ~ 08-20 22:20", "9:00-10:30": a time or date must follow
        range_after=re.compile(
            rf"\s*[)）]?\s*(?:→|->|⟶|=>|–|—|~|～|-|{ranges})\s*"
            rf"(?=\d{{1,4}}\s*[-/.年月]\s*\d|\d{{1,2}}[:：]\d{{2}}|(?:{month})\b|\d{{1,2}}\s+(?:{month})\b)",
            flags,
        ),
        # "22:15", "22：15", and the French/Portuguese "22h15"
        time=re.compile(
            r"(?<![\d:.,+\-−])(?P<h>[01]?\d|2[0-3])(?:[:：]|[hH](?=[0-5]\d(?![\d:])))(?P<m>[0-5]\d)(?:[:：](?P<s>[0-5]\d))?(?![\d])"
        ),
        # "— Alice · ", "bob · ", "Carol · " before the date-time: a signature line
        # … or a name after a rule with nothing after it: "— 森 ", "-- Dave "
        signature=re.compile(
            r"^[\s>*_#~\-—–]*[\w.@'’ ]{1,30}?[\s*_]*[·•,，|]\s*$|^[\s>*_]*[-—–~]{1,2}\s*[\w.@'’ ]{1,30}?\s*$"
        ),
        joiner=re.compile(
            rf"[\s,，·•|@T]*(?:(?:{_alternation(words('time', 'joiners'))})[\s,，·•|@]*)?", flags
        ),
        # "11시 20분", "23時40分", "23点40分", "9点半": the clock in Korean, Japanese and Chinese
        cjk_clock=re.compile(
            r"(?<!\d)([01]?\d|2[0-3])\s*[시時时点點]\s*(?:([0-5]?\d)\s*[분分]|(半))"
        ),
        # "a las 23.40", "alle 23.40": a dotted clock only after a word that announces one
        dot_clock=re.compile(
            rf"(?:{_alternation(words('time', 'clock_dot_before'))})\s+([01]?\d|2[0-3])\.([0-5]\d)(?![\d.])",
            flags,
        ),
    )


# --------------------------------------------------------------------------- zones


def _names_used(tz: tzinfo | None, when: datetime) -> set[str]:
    """The abbreviations *tz* goes by in *when*'s year (winter and summer) and on that day."""
    names = set()
    for probe in (datetime(when.year, 1, 15, 12), datetime(when.year, 7, 15, 12), when):
        aware = probe.astimezone() if tz is None else probe.replace(tzinfo=tz)
        names.add((aware.tzname() or "").upper())
    return names


def zone_for(
    word: str, when: datetime, tz: tzinfo | None, lexicon: Lexicon | None = None
) -> tuple[tzinfo | None, str | None]:
    """The zone an abbreviation written beside *when* (naive) means: None is the workspace zone *tz*.

    An abbreviation the workspace zone itself goes by that year (CET or CEST in Europe/Berlin,
    CST in Asia/Shanghai, EST or EDT in America/New_York) is the workspace's clock, as is one of
    a fixed-offset workspace's own offset (IST for +05:30).  Otherwise an abbreviation with one
    meaning is that zone; an ambiguous one (CST, IST) is read as the workspace zone, with a problem.
    Unknown words are the workspace zone, without one.
    """
    key = _zone_key(word.strip())
    choices = _zones(_lexicon(lexicon)).get(key)
    if not choices:
        return None, None
    names = _names_used(tz, when)
    if key in names:
        return None, None
    own = local_time(when, tz)[0].utcoffset()
    nameless = not any(n[:1].isalpha() and not n.startswith("UTC") for n in names)
    if nameless and any(when.replace(tzinfo=z).utcoffset() == own for _, z in choices):
        return (
            None,
            None,
        )  # a fixed-offset workspace: the abbreviation of its own offset is its clock
    if len(choices) == 1:
        return choices[0][1], None
    meanings = ", ".join(spec for spec, _ in choices)
    return None, (
        f"{word.strip()} can mean {meanings} and is not {zone_label(tz)}'s own; "
        f"read as {zone_label(tz)} time"
    )


def _fixed_offset(text: str) -> tzinfo:
    if text.upper() == "Z":
        return UTC
    sign = -1 if text[0] == "-" else 1
    digits = text[1:].replace(":", "")
    hh, mm = (int(digits[:-2]), int(digits[-2:])) if len(digits) > 2 else (int(digits), 0)
    if hh > 14 or mm > 59:
        raise ValueError(f"time zone offset {text!r} is out of range")
    return timezone(sign * timedelta(hours=hh, minutes=mm))


def _in_zone(
    naive: datetime, zone: tzinfo | None, tz: tzinfo | None
) -> tuple[datetime, str | None]:
    """*naive* read in *zone* (a fixed offset or IANA zone), or in the workspace zone when None."""
    return local_time(naive, tz if zone is None else zone)


# --------------------------------------------------------------------------- ISO values


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
        return dt.replace(tzinfo=_fixed_offset(m.group(7)))
    zone = None
    if m.group(8):
        zone, problem = zone_for(m.group(8), dt, tz)
        if problem and problems is not None:
            problems.append(problem)
    out, problem = _in_zone(dt, zone, tz)
    if problem and problems is not None:
        problems.append(problem)
    return out


# --------------------------------------------------------------------------- file names


_NAME_TIME = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:[T_ ](\d{2})(\d{2}))?(?=$|[^0-9])")
_NAME_COMPACT = re.compile(r"^(\d{4})(\d{2})(\d{2})(?:[T_](\d{2})(\d{2}))?(?=$|[^0-9])")


def _name_stamp(name: str) -> tuple[datetime | None, bool, str | None]:
    """(naive time in the name, whether it carries a clock time, problem)."""
    m = _NAME_TIME.match(name) or _NAME_COMPACT.match(name)
    if not m:
        return None, False, None
    year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
    hour = int(m.group(4) or 0)
    minute = int(m.group(5) or 0)
    try:
        return datetime(year, month, day, hour, minute), m.group(4) is not None, None
    except ValueError:
        return None, False, f"impossible date/time {m.group(0)!r} in the file name"


def time_from_name(name: str, tz: tzinfo | None) -> tuple[datetime | None, str | None]:
    """Time written in a note's file name, or (None, problem) when the name has an impossible one.

    ``2026-08-20T1425-x.md`` → 14:25 in the workspace zone (DST-correct; a skipped or repeated
    clock time is read as :func:`local_time` says, with that as the problem); ``2026-08-20-x.md`` → 00:00.
    """
    naive, _clock, problem = _name_stamp(name)
    if naive is None:
        return None, problem
    return local_time(naive, tz)


def date_only_name(name: str) -> date | None:
    """The day of a file name that carries a date but no clock time (``2026-11-20-export.md``)."""
    naive, clock, _problem = _name_stamp(name)
    return naive.date() if naive is not None and not clock else None


# --------------------------------------------------------------------------- stamps inside a note

_CUTS = "()（）[]【】;；|·•,，—–"
_STRIP = _CUTS + " \t:：*_"
_HEAD_LINES, _TAIL_LINES, _LINE_CHARS = 15, 10, 500

# Scores of a clock time by what the text around it says it is (higher wins; then the latest).
STAMP, SIGNED, HEADING, PLAIN, CITED = 3, 2, 2, 1, 0


_Found = tuple[int, datetime, list[str]]
"""(score, time, problems of reading it)."""


def _date_of(m: re.Match[str], v: _Vocab, day: date | None) -> date | None:
    g = m.groupdict()
    if g.get("today"):
        return day
    if g.get("yest"):
        return day - timedelta(days=1) if day else None
    if g.get("iy"):
        y, mo, d = int(g["iy"]), int(g["im"]), int(g["id"])
    elif g.get("cy"):
        y, mo, d = int(g["cy"]), int(g["cm"]), int(g["cd"])
    else:
        if g.get("km"):
            mo, d, y_txt = int(g["km"]), int(g["kd"]), None
        elif g.get("nm"):
            mo, d, y_txt = int(g["nm"]), int(g["nd"]), None
        elif g.get("emon"):
            mo, d, y_txt = (
                v.months.get(re.sub(r"\s+", " ", g["emon"].lower()), 0),
                int(g["ed"]),
                g.get("ey"),
            )
        else:
            mo, d, y_txt = (
                v.months.get(re.sub(r"\s+", " ", g["fmon"].lower()), 0),
                int(g["fd"]),
                g.get("fy"),
            )
        if not mo:
            return None
        if y_txt:
            y = int(y_txt)
        elif day is None:
            return None
        else:  # a day without a year: the one nearest the note's own day
            y = min(
                (day.year - 1, day.year, day.year + 1),
                key=lambda yy: abs((_safe_date(yy, mo, d) or date(yy, 1, 1)) - day),
            )
    return _safe_date(y, mo, d)


def _safe_date(y: int, mo: int, d: int) -> date | None:
    try:
        return date(y, mo, d)
    except ValueError:
        return None


def _clocks(line: str, v: _Vocab) -> str:
    """``line`` with clock times in other notations written "HH:MM" ("오후 11시 20분" → "오후 11:20")."""
    if "." in line:
        line = v.dot_clock.sub(lambda m: m[0][: m.start(1) - m.start(0)] + f"{m[1]}:{m[2]}", line)
    if any(c in line for c in "시時时点點"):
        line = v.cjk_clock.sub(lambda m: f"{m[1]}:{int(m[2]):02d}" if m[2] else f"{m[1]}:30", line)
    return line


def _line_times(
    line: str,
    v: _Vocab,
    tz: tzinfo | None,
    day: date | None,
    author: str | None,
    heading: bool,
    lexicon: Lexicon | None,
) -> list[_Found]:
    """Every clock time in one line that may say when the note was written, scored."""
    out: list[_Found] = []
    dates = [(m, _date_of(m, v, day)) for m in v.date.finditer(line)]
    author_re = (
        re.compile(_alternation([author]), re.IGNORECASE)
        if author and re.search(r"\w", author)
        else None
    )
    prev_end, prev_range = 0, False
    for t in v.time.finditer(line):
        if t.start() < prev_end:
            continue
        # the date this time belongs to: one just before it ("17 Nov 2026 12:58", "2026-11-20T19:42")
        on: date | None = day
        start = t.start()
        dated = False
        for m, d in reversed(dates):
            if m.end() <= t.start() and m.start() >= prev_end:
                if v.joiner.fullmatch(line, m.end(), t.start()):
                    on, start, dated = d, m.start(), True
                break
        if dated and on is None:
            prev_end = t.end()
            continue
        hour, minute, second = int(t["h"]), int(t["m"]), int(t["s"] or 0)
        end = t.end()
        before = line[prev_end:start]
        am = v.am_after.match(line, end)
        pm = v.pm_after.match(line, end)
        if am or pm:
            end = (am or pm).end()  # type: ignore[union-attr]
        elif not dated:
            am, pm = v.am_before.search(before), v.pm_before.search(before)
        if pm and hour < 12:
            hour += 12
        elif am and hour == 12:
            hour = 0
        zone: tzinfo | None = None
        problems: list[str] = []
        z = v.zone_after.match(line, end)
        word = None
        if z and (z["uoff"] or z["off"] or z["word"]):
            end = z.end()
            try:
                if z["uoff"] or z["off"]:
                    zone = _fixed_offset(z["uoff"] or z["off"])
                else:
                    word = z["word"]
            except ValueError:
                zone = None
        elif line[end : end + 1] == "Z":
            zone, end = UTC, end + 1
        elif dated and "T" in line[start : t.start()] and (iso := v.iso_minus.match(line, end)):
            zone, end = _fixed_offset(iso.group(0)), iso.end()  # 2026-11-20T19:42-05:00
        else:
            zb = v.zone_before.search(line, prev_end, start)
            word = zb["word"] if zb else None
        is_range = prev_range or bool(v.range_after.match(line, end))
        prev_end, prev_range = end, bool(v.range_after.match(line, end))
        if is_range or on is None:
            continue
        # what the words around it say it is
        b = before.rstrip(_STRIP)
        clause = b[max(b.rfind(c) for c in _CUTS) + 1 :]
        near = b[max(b.rfind(c) for c in "()（）[]【】") + 1 :]
        labels = [
            (m.end(), kind)
            for kind, pat in (("stamp", v.stamps), ("cited", v.cited), ("window", v.windows))
            for m in pat.finditer(clause)
        ]
        label = max(labels)[1] if labels else None
        if label == "window":
            continue
        if v.cited_after.match(line, end):
            score = CITED
        elif v.stamp_after.match(line, end):
            score = STAMP
        elif label == "cited":
            score = CITED
        elif label == "stamp" or (author_re and author_re.search(near[-40:])):
            score = STAMP
        elif v.signature.match(line[:start]):
            score = SIGNED
        elif heading:
            score = HEADING
        else:
            score = PLAIN
        if day is not None and on != day:
            if abs((on - day).days) > 1 or score < SIGNED:
                continue
        naive = datetime(on.year, on.month, on.day, hour, minute, second)
        if word:
            zone, problem = zone_for(word, naive, tz, lexicon)
            if problem:
                problems.append(problem)
        when, problem = _in_zone(naive, zone, tz)
        if problem:
            problems.append(problem)
        out.append((score, when, problems))
    return out


def _body_lines(text: str) -> list[tuple[str, bool]]:
    """The first and last lines of a note's text (front matter skipped), each with "is a heading"."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if text.startswith(("---\n", "+++\n")):
        end = text.find(f"\n{text[:3]}", 3)
        if 0 < end < 20_000:
            nl = text.find("\n", end + 1)
            text = text[nl + 1 :] if nl > 0 else ""
    head: list[str] = []
    for line in text.split("\n", 200)[:200]:
        if line.strip():
            head.append(line)
            if len(head) >= _HEAD_LINES:
                break
    tail: list[str] = []
    pos = len(text)
    while len(tail) < _TAIL_LINES and pos > 0:
        start = text.rfind("\n", 0, pos) + 1
        line = text[start:pos]
        pos = start - 1
        if line.strip():
            tail.append(line)
    tail.reverse()
    lines = [
        (line[:_LINE_CHARS], i == 0 or line.lstrip().startswith("#")) for i, line in enumerate(head)
    ]
    return lines + [
        (line[:_LINE_CHARS], line.lstrip().startswith("#")) for line in tail if line not in head
    ]


def time_in_text(
    text: str,
    day: date,
    tz: tzinfo | None,
    *,
    author: str | None = None,
    lexicon: Lexicon | None = None,
) -> tuple[datetime | None, list[str]]:
    """When a note dated *day* (a date-only name) says it was written, from its first and last lines.

    Looks at the first ~15 and last ~10 lines for a clock time on that day (or a full date-time a
    day off, when it is a stamp): ``Exported 2026-11-20 19:42 (+05:30)``, ``— Alice · 2026-11-16
    17:52 CET``, ``bob, 13:05 CET``, ``最后更新:2026-11-21 00:40``, ``8:50 发``.  Window lines
    and ranges (``窗口 8-19 22:20 → 8-20 22:20``) are not stamps.  Ranking: a stamp that says the
    note was written, exported, updated or signed (or names its *author*) beats a signature-shaped
    line or a heading, which beat a bare time, which beats one citing another event ("received
    12:58"); among equals the latest wins.  Returns (time, problems of that reading).
    """
    v = _vocab(_lexicon(lexicon))
    found: list[_Found] = []
    for line, heading in _body_lines(text):
        line = _clocks(line, v)
        if v.time.search(line):
            found += _line_times(line, v, tz, day, author, heading, lexicon)
    if not found:
        return None, []
    score, when, problems = max(found, key=lambda f: (f[0], f[1]))
    return when, problems


def _name_clock_zoned(
    text: str, naive: datetime, tz: tzinfo | None, author: str | None, lexicon: Lexicon | None
) -> datetime | None:
    """The file name's clock time as the note itself writes it with a zone ("opened … Oct 24,
    16:10 CEST" in ``2026-10-24T1610-….md`` by a colleague abroad): the name was his local time.
    Only the same day and the same minute count, so the text can never move a note elsewhere."""
    v = _vocab(_lexicon(lexicon))
    ours = local_time(naive, tz)[0]
    for line, heading in _body_lines(text):
        line = _clocks(line, v)
        if not v.time.search(line):
            continue
        for _score, when, _probs in _line_times(
            line, v, tz, naive.date(), author, heading, lexicon
        ):
            if when is None or when.replace(tzinfo=None) != naive or ours is None:
                continue
            if when.utcoffset() != ours.utcoffset():
                return when
    return None


def _free_time(
    value: str, tz: tzinfo | None, lexicon: Lexicon | None
) -> tuple[datetime | None, list[str]]:
    """A date-time written in words ("November 20, 2026 10:15 AM"): the best full date-time in *value*."""
    v = _vocab(_lexicon(lexicon))
    found = _line_times(_clocks(value, v), v, tz, None, None, False, lexicon)
    if not found:
        return None, []
    score, when, problems = max(found, key=lambda f: (f[0], f[1]))
    return when, problems


# --------------------------------------------------------------------------- when a note was written

_CLOCK = re.compile(r"\d{1,2}[:：]\d{2}|T\d{2}")


def written_at(
    front: Mapping[str, Any],
    text: str,
    name: str,
    mtime: float,
    tz: tzinfo | None,
    *,
    author: str | None = None,
    lexicon: Lexicon | None = None,
) -> tuple[datetime | None, str, list[str]]:
    """When a note was written, where that came from, and what was odd on the way.

    In this order: a front-matter time (``generated:``, ``date:``, … with a clock time; an offset
    is respected) → ``"front_matter"``; a clock time in the file name, local in *tz* → ``"name"``;
    for a date-only name (or date-only front matter) a stamp inside the note on that day
    (:func:`time_in_text`) → ``"body"``, else that day at 00:00 (``"name"`` / ``"front_matter"``);
    else the modification time → ``"mtime"``; else ``(None, "none")``.  A time inside the text
    never overrides a name that carries a time, except to say which zone that clock time is in
    (the same minute written with a zone inside: :func:`_name_clock_zoned`).
    """
    problems: list[str] = []
    values = (
        [str(front[k]) for k in _front_keys(_lexicon(lexicon)) if front.get(k)] if front else []
    )
    timed = [c for c in values if _CLOCK.search(c)]
    fm_day: datetime | None = None
    for value in timed + [c for c in values if c not in timed]:
        iso = (
            value.replace("→", " ").split()[0]
            if re.match(r"\d{4}-\d{2}-\d{2}T\S*\s", value)
            else value
        )
        try:
            dt = parse_iso(iso, tz, problems)
        except ValueError:
            dt, probs = _free_time(value, tz, lexicon) if value in timed else (None, [])
            if dt is None:
                problems.append(f"front matter time {value!r} is not a valid date")
                continue
            problems += probs
        if value in timed:
            return dt, "front_matter", problems
        fm_day = fm_day or dt
    naive, clock, problem = _name_stamp(name)
    if problem:
        problems.append(problem + ("" if fm_day else "; using the file's modification time"))
    if naive is not None and clock:
        zoned = _name_clock_zoned(text, naive, tz, author, lexicon) if text else None
        if zoned is not None:
            return zoned, "body", problems
        dt, problem = local_time(naive, tz)
        if problem:
            problems.append(f"file name: {problem}")
        return dt, "name", problems
    day = fm_day.date() if fm_day else naive.date() if naive is not None else None
    if day is not None:
        if text:
            dt, probs = time_in_text(text, day, tz, author=author, lexicon=lexicon)
            if dt is not None:
                return dt, "body", problems + probs
        if fm_day:
            return fm_day, "front_matter", problems
        return local_time(datetime(day.year, day.month, day.day), tz)[0], "name", problems
    if mtime:
        return datetime.fromtimestamp(mtime).astimezone(tz), "mtime", problems
    return None, "none", problems


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
    """A stored ISO time (UTC in the decisions journal) in *zone*, to the second; other text as it is."""
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
