"""Clock times inside a note's text, scored by what the words around them say they are.

A note named only by its date (``2026-11-20-export.md``) says when it was written in its first or
last lines: an export line, a signature, "最后更新 …".  Each clock time there is read with its
date, am/pm and zone words, and scored (a stamp beats a signature or heading, which beat a bare
time, which beats a time citing another event); a window's bounds and ranges are not stamps.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, date, datetime, timedelta, tzinfo
from typing import TYPE_CHECKING

from curator import regex_cache
from curator.digits import ascii_digits
from curator.time_vocab import TimeVocab, alternation, lexicon_or_default, vocab
from curator.timezones import fixed_offset, in_zone, local_time
from curator.zone_words import zone_for

if TYPE_CHECKING:
    from curator.lexicon import Lexicon

_CUTS = "()（）[]【】;；|·•,，—–"
_STRIP = _CUTS + " \t:：*_"
_HEAD_LINES, _TAIL_LINES, _LINE_CHARS = 15, 10, 500

# Scores of a clock time by what the text around it says it is (higher wins; then the latest).
STAMP, SIGNED, HEADING, PLAIN, CITED = 3, 2, 2, 1, 0


Found = tuple[int, datetime, list[str]]
"""(score, time, problems of reading it)."""


def _date_of(m: re.Match[str], v: TimeVocab, day: date | None) -> date | None:
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


_CJK_CLOCK_CHARS = "시時时点點"
"""The hour marks of ``cjk_clock`` (TimeVocab): a line without one holds no CJK clock."""
_DOT_CLOCK = regex_cache.compile(r"\s\d{1,2}\.[0-5]\d(?![\d.])")
"""What every ``dot_clock`` match holds (its word, then spaces, then "23.40"): most lines with a
dot (links, IDs, numbers) skip that pattern's alternation of words."""


_DOT_ZONED = regex_cache.compile(
    r"(?<![\d.])([01]?\d|2[0-3])\.([0-5]\d)(?![\d.])(?=[^\n]{0,40}?(?:UTC|GMT)[+-]\d)"
)
"""A dotted clock an explicit offset follows on its line: a clock, whatever word comes before."""


def clocks(line: str, v: TimeVocab) -> str:
    """``line`` with clock times in other notations written "HH:MM"
    ("오후 11시 20분" → "오후 11:20")."""
    if "." in line and _DOT_CLOCK.search(line):
        line = v.dot_clock.sub(lambda m: m[0][: m.start(1) - m.start(0)] + f"{m[1]}:{m[2]}", line)
        if "UTC" in line or "GMT" in line:  # "19.45 WIT (Jayapura, UTC+09:00)": its offset says so
            line = _DOT_ZONED.sub(r"\1:\2", line)
    if any(c in line for c in _CJK_CLOCK_CHARS):
        line = v.cjk_clock.sub(lambda m: f"{m[1]}:{int(m[2]):02d}" if m[2] else f"{m[1]}:30", line)
    return line


def line_times(
    line: str,
    v: TimeVocab,
    tz: tzinfo | None,
    day: date | None,
    author: str | None,
    heading: bool,
    lexicon: Lexicon | None,
) -> list[Found]:
    """Every clock time in one line that may say when the note was written, scored."""
    out: list[Found] = []
    dates = [(m, _date_of(m, v, day)) for m in v.date.finditer(line)]
    author_re = (
        regex_cache.compile(alternation([author]), re.IGNORECASE)
        if author and re.search(r"\w", author)
        else None
    )
    prev_end, prev_range = 0, False
    for t in v.time.finditer(line):
        if t.start() < prev_end:
            continue
        on, start, dated = _date_before(line, t.start(), dates, prev_end, v, day)
        if dated and on is None:
            prev_end = t.end()
            continue
        before = line[prev_end:start]
        hour, end = _hour(line, t, before, dated, v)
        zone, word, end = _zone_written(line, v, end, start, t.start(), prev_end, dated)
        range_follows = bool(v.range_after.match(line, end))
        is_range = prev_range or range_follows
        prev_end, prev_range = end, range_follows
        if is_range or on is None:
            continue
        score = _score(line, before, start, end, v, author_re, heading)
        if score is None or not _near_day(on, day, score):
            continue
        naive = datetime(on.year, on.month, on.day, hour, int(t["m"]), int(t["s"] or 0))
        out.append(_read(naive, zone, word, tz, lexicon, score))
    return out


def _date_before(
    line: str,
    clock: int,
    dates: list[tuple[re.Match[str], date | None]],
    prev_end: int,
    v: TimeVocab,
    day: date | None,
) -> tuple[date | None, int, bool]:
    """The date a clock time at *clock* belongs to: one just before it ("17 Nov 2026 12:58",
    "2026-11-20T19:42"), as (date, where the date-time starts, whether it was written); else
    *day*."""
    for m, d in reversed(dates):
        if m.end() <= clock and m.start() >= prev_end:
            if v.joiner.fullmatch(line, m.end(), clock):
                return d, m.start(), True
            break
    return day, clock, False


def _hour(line: str, t: re.Match[str], before: str, dated: bool, v: TimeVocab) -> tuple[int, int]:
    """The clock's hour on a 24-hour clock ("9:41pm", "下午 3:20"), and where its words end."""
    hour, end = int(t["h"]), t.end()
    am = v.am_after.match(line, end)
    pm = v.pm_after.match(line, end)
    marker = am or pm
    if marker is not None:
        end = marker.end()
    elif not dated:
        am, pm = v.am_before.search(before), v.pm_before.search(before)
    if pm and hour < 12:
        hour += 12
    elif am and hour == 12:
        hour = 0
    return hour, end


def _zone_written(
    line: str, v: TimeVocab, end: int, start: int, clock: int, prev_end: int, dated: bool
) -> tuple[tzinfo | None, str | None, int]:
    """The zone written with a clock time ending at *end*: (an offset, else a zone word to look
    up, and where the date-time ends).  After it ("13:05 CET", "(+05:30)", "Z"), else before it."""
    z = v.zone_after.match(line, end)
    if z and (z["uoff"] or z["off"]):
        try:
            return fixed_offset(z["uoff"] or z["off"]), None, z.end()
        except ValueError:
            return None, None, z.end()
    if line[end : end + 1] == "Z":
        return UTC, None, end + 1
    # "09:05 CHAST (UTC+12:45)", "01:40 Kathmandu time (UTC+05:45)"; and after a known word too:
    # "18:15 IST (Asia/Kolkata, +05:30)" says which of its meanings it is
    if later := _LATER_UTC.match(line, end):
        try:
            off = later["off"] or later["bare"]
            return (fixed_offset(off) if off else UTC), None, later.end()
        except ValueError:
            pass
    if z and z["word"]:
        return None, z["word"], z.end()
    if dated and "T" in line[start:clock] and (iso := v.iso_minus.match(line, end)):
        return fixed_offset(iso.group(0)), None, iso.end()  # 2026-11-20T19:42-05:00
    offsets = list(_UTC_BEFORE.finditer(line, prev_end, start))
    if offsets:  # "(hora dos Açores, UTC+0 dende o 28 de marzo), sábado 23:50"
        try:
            return fixed_offset(offsets[-1]["off"]), None, end
        except ValueError:
            pass
    zb = v.zone_before.search(line, prev_end, start)
    return None, (zb["word"] if zb else None), end


_UTC_BEFORE = regex_cache.compile(
    r"(?<![\w+-])(?:UTC|GMT)[^\S\n]*(?P<off>[+-]\d{1,2}(?::?\d{2})?)(?![\d:])"
)
"""An explicit offset written before the clock on its line ("UTC+0 …, sábado 23:50")."""
_LATER_WORD = r"[^\s\d()（）,—–+\-:：]+(?![^\s\d()（）,—–+\-:：])"
"""A word of any script, its combining marks with it ("ঢাকা সময়"): up to a space, a digit or a
separator, so a long word is tried once."""
_LATER_UTC = regex_cache.compile(
    rf"(?:[^\S\n]*(?:[(（,—–-][^\S\n]*)?{_LATER_WORD}){{1,8}}"
    r"[^\S\n]*(?:(?:[,(（—–-][^\S\n]*)?(?-i:UTC|GMT)[^\S\n]*(?P<off>[+-]\d{1,2}(?::?\d{2})?)(?!\d)"
    r"|[(（](?-i:UTC|GMT)(?![\w+-])"
    r"|[,(（][^\S\n]*(?P<bare>[+-]\d{2}:\d{2}(?!\d)|[+-]\d{2}(?=[^\S\n]*(?:[)）,;]|$))))"
)
"""An explicit UTC offset a few words after a clock time, past a zone word no phrase file knows or
a place ("09:05 CHAST (UTC+12:45)", "01:40 Kathmandu time (NPT, UTC+05:45)", "12:05 — ঢাকা সময়
(GMT+06:00)", "21:20 (BOT, -04:00)", "05:30, ya con el horario de invierno, -04)"); a bare
"(GMT" or "(UTC" there is UTC ("18:20 London (GMT now — …)")."""


def _score(
    line: str,
    before: str,
    start: int,
    end: int,
    v: TimeVocab,
    author_re: re.Pattern[str] | None,
    heading: bool,
) -> int | None:
    """What the words around a date-time say it is, as a score; None for a window's bound."""
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
        return None
    if v.cited_after.match(line, end):
        return CITED
    if v.stamp_after.match(line, end):
        return STAMP
    if label == "cited":
        return CITED
    if label == "stamp" or (author_re and author_re.search(_unaccented(near[-40:]))):
        return STAMP
    if v.signature.match(line[:start]):
        return SIGNED
    return HEADING if heading else PLAIN


def _unaccented(text: str) -> str:
    """``text`` without its accents: "Sigrún" signs for the inbox folder ``sigrun``."""
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _near_day(on: date, day: date | None, score: int) -> bool:
    """A date-time on the note's own day counts; a day off only as a stamp or signature."""
    if day is not None and on != day:
        if abs((on - day).days) > 1 or score < SIGNED:
            return False
    return True


def _read(
    naive: datetime,
    zone: tzinfo | None,
    word: str | None,
    tz: tzinfo | None,
    lexicon: Lexicon | None,
    score: int,
) -> Found:
    """A scored date-time in its zone (a zone word looked up), with what was odd about it."""
    problems: list[str] = []
    if word:
        zone, problem = zone_for(word, naive, tz, lexicon)
        if problem:
            problems.append(problem)
    when, problem = in_zone(naive, zone, tz)
    if problem:
        problems.append(problem)
    return score, when, problems


_DIGIT = regex_cache.compile(r"\d")
"""Any decimal digit (any script's, as the clock patterns read them): a line without one holds no
time."""


def body_lines(text: str) -> list[tuple[str, bool]]:
    """The first and last lines of a note's text (front matter skipped), each with "is a
    heading"."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if "\u2212" in text:  # a typeset minus in an offset ("UTC−02:00") is the hyphen one
        text = text.replace("\u2212", "-")
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
    # "রাত ১২:০৫" is read as "12:05" (one digit for one)
    lines = [
        (ascii_digits(line[:_LINE_CHARS]), i == 0 or line.lstrip().startswith("#"))
        for i, line in enumerate(head)
    ]
    return lines + [
        (ascii_digits(line[:_LINE_CHARS]), line.lstrip().startswith("#"))
        for line in tail
        if line not in head
    ]


def time_in_text(
    text: str,
    day: date,
    tz: tzinfo | None,
    *,
    author: str | None = None,
    lexicon: Lexicon | None = None,
) -> tuple[datetime | None, list[str]]:
    """When a note dated *day* (a date-only name) says it was written, from its first and last
    lines.

    Looks at the first ~15 and last ~10 lines for a clock time on that day (or a full date-time a
    day off, when it is a stamp): ``Exported 2026-11-20 19:42 (+05:30)``, ``— Alice · 2026-11-16
    17:52 CET``, ``bob, 13:05 CET``, ``最后更新:2026-11-21 00:40``, ``8:50 发``.  Window lines
    and ranges (``窗口 8-19 22:20 → 8-20 22:20``) are not stamps.  Ranking: a stamp that says the
    note was written, exported, updated or signed (or names its *author*) beats a signature-shaped
    line or a heading, which beat a bare time, which beats one citing another event ("received
    12:58"); among equals the latest wins.  Returns (time, problems of that reading).
    """
    v = vocab(lexicon_or_default(lexicon))
    found: list[Found] = []
    for line, heading in body_lines(text):
        if not _DIGIT.search(line):
            continue  # every clock notation has digits (``clocks`` only rewrites digit ones)
        line = clocks(line, v)
        if v.time.search(line):
            found += line_times(line, v, tz, day, author, heading, lexicon)
    if not found:
        return None, []
    score, when, problems = max(found, key=lambda f: (f[0], f[1]))
    return when, problems


def name_clock_zoned(
    text: str, naive: datetime, tz: tzinfo | None, author: str | None, lexicon: Lexicon | None
) -> datetime | None:
    """The file name's clock time as the note itself writes it with a zone ("opened … Oct 24,
    16:10 CEST" in ``2026-10-24T1610-….md`` by a colleague abroad): the name was his local time.
    Only the same day and a clock within :data:`_NAME_SLACK` of the name's count ("updated 06:48"
    in a note saved as …T0650), so the text can never move a note by more than its zone."""
    v = vocab(lexicon_or_default(lexicon))
    ours = local_time(naive, tz)[0]
    lines = body_lines(text)
    if not may_write_zone("\n".join(line for line, _h in lines), v):
        return None  # no zone written anywhere: every clock time there reads in ours
    for line, heading in lines:
        if not _DIGIT.search(line):
            continue  # every clock notation has digits (``clocks`` only rewrites digit ones)
        line = clocks(line, v)
        if not v.time.search(line):
            continue
        for _score, when, _probs in line_times(line, v, tz, naive.date(), author, heading, lexicon):
            # to the minute: a name has no seconds ("…T2350-…" for "Date: … 23:50:31 +0530")
            if when is None or ours is None:
                continue
            apart = abs(when.replace(tzinfo=None) - naive)
            if apart > _NAME_SLACK and abs(apart - _HALF_DAY) > _NAME_SLACK:
                continue  # "12:05" for the name's 00:05 is that minute on a 12-hour clock
            if when.utcoffset() != ours.utcoffset():
                if when.replace(tzinfo=None, second=0, microsecond=0) == naive:
                    return when
                if apart > _NAME_SLACK and abs(apart - _HALF_DAY) > timedelta(0):
                    continue  # a 12-hour clock names the name's minute exactly or not at all
                return naive.replace(tzinfo=when.tzinfo)  # the name's minute, in the text's zone
    return None


_HALF_DAY = timedelta(hours=12)
_NAME_SLACK = timedelta(minutes=10)
"""How far a stamp in the text may be from the file name's clock and still be the same moment."""
_CAPITALS = regex_cache.compile(r"[A-Z]+")
_LATIN_WORD = regex_cache.compile(r"[a-z]+")
_OFFSET = regex_cache.compile(r"[+-]\d\d:?\d\d(?!\d)|[+-]\d\d(?=[^\S\n]*(?:[)）,;]|$))", re.M)
_CJK_CLOCK_WORD = regex_cache.compile(f"[{_CJK_CLOCK_CHARS}]")


def may_write_zone(text: str, v: TimeVocab) -> bool:
    """Whether *text* holds anything a zone is read from (``zone_after``, ``zone_before``,
    ``iso_minus``, a "Z"), or a CJK clock (rewritten before reading, "-05时30分" becomes an
    offset): a text without any writes every clock time in the workspace's zone.  A few plain
    scans instead of one alternation of every zone word tried at every character (5x faster)."""
    if "UTC" in text or "GMT" in text or "Z" in text or _OFFSET.search(text):
        return True
    if not v.zone_abbreviations.isdisjoint(_CAPITALS.findall(text)) or v.zone_heads.search(text):
        return True  # an abbreviation is a whole run of capitals; a phrase starts with its head
    if v.zone_phrase_words:  # "arizona time": every word of one phrase in the text
        words = set(_LATIN_WORD.findall(text.lower()))
        if any(p <= words for p in v.zone_phrase_words):
            return True
    for m in _CJK_CLOCK_WORD.finditer(text):
        i = m.start() - 1
        while i >= 0 and text[i].isspace():
            i -= 1
        if i >= 0 and text[i].isdecimal():
            return True
    return False


def free_time(
    value: str, tz: tzinfo | None, lexicon: Lexicon | None
) -> tuple[datetime | None, list[str]]:
    """A date-time written in words ("November 20, 2026 10:15 AM"): the best full date-time in
    *value*."""
    v = vocab(lexicon_or_default(lexicon))
    found = line_times(clocks(value, v), v, tz, None, None, False, lexicon)
    if not found:
        return None, []
    score, when, problems = max(found, key=lambda f: (f[0], f[1]))
    return when, problems
