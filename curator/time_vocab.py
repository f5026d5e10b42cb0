"""The ``[time]`` words of the lexicon (zones, months, labels such as "Exported" or "最后更新"),
compiled once per lexicon into the regexes a stamp inside a note is read with.

Words are data (``curator/phrases/*.toml``); this module is the one place that turns them into
patterns, so the readers (:mod:`curator.note_stamps`, :mod:`curator.zone_words`) hold no words.
"""

from __future__ import annotations

import functools
import re
from datetime import tzinfo

from curator import regex_cache
from curator.timezones import resolve_timezone

TYPE_CHECKING = False  # typing is not imported at run time (~2 ms of every command)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from curator.lexicon import Lexicon


class TimeVocab:
    """The ``[time]`` tables of a lexicon compiled for reading stamps (only when a note needs it).

    A plain class: ``dataclasses`` (and ``inspect``) stay out of the lookup fast path's imports.
    """

    zones: dict[str, tuple[tuple[str, tzinfo], ...]]
    zone_abbreviations: frozenset[str]
    zone_after: re.Pattern[str]
    zone_before: re.Pattern[str]
    iso_minus: re.Pattern[str]
    zone_heads: re.Pattern[str]
    zone_phrase_words: tuple[frozenset[str], ...]
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


def lexicon_or_default(lexicon: Lexicon | None) -> Lexicon:
    """*lexicon*, else the one in use (imported only when asked: the lookup path never is)."""
    if lexicon is not None:
        return lexicon
    from curator.lexicon import default_lexicon

    return default_lexicon()


def _first_char_guard(rx: re.Pattern[str]) -> re.Pattern[str]:
    """:func:`curator.regex_needs.first_char_guard`, imported when the vocabulary is built: a
    warm `curator lookup` imports this module and never builds it (that module costs ~5 ms)."""
    from curator.regex_needs import first_char_guard

    return first_char_guard(rx)


def _longest_first(w: str) -> tuple[int, str]:
    """Longest first, ties in text order: the same source every run (a set's order is not)."""
    return -len(w), w


def alternation(words: list[str], *, ascii_case: bool = False, head_edge: bool = True) -> str:
    """Literal words, longest first, on Latin word edges; ``ascii_case`` matches Latin ones as
    written; without ``head_edge`` a word may follow a digit directly ("9:41pm")."""
    groups: dict[tuple[bool, bool], list[str]] = {}
    for w in sorted(
        {w.removeprefix("lit:") for w in words if w and not w.startswith("re:")},
        key=_longest_first,
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


def zone_key(word: str) -> str:
    """An abbreviation in upper case ("cet" → "CET", matched as written); a phrase ("hora de Lima",
    "北京时间") in lower case, matched in any case."""
    return word.upper() if word.isascii() and word.isalpha() else " ".join(word.lower().split())


@functools.lru_cache(maxsize=8)
def zone_table(lex: Lexicon) -> dict[str, tuple[tuple[str, tzinfo], ...]]:
    """Abbreviation (upper case for Latin ones) → the zones it may mean, as (written value,
    zone)."""
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
            zones[zone_key(key)] = tuple(resolved)
    return zones


@functools.lru_cache(maxsize=8)
def vocab(lex: Lexicon) -> TimeVocab:
    """Every pattern a stamp is read with, for *lex* (built the first time a note needs one)."""
    words = lex.words
    zones = zone_table(lex)
    months = _months(lex)
    month = alternation(list(months))
    return TimeVocab(
        zones=zones,
        months=months,
        **_zone_patterns(zones),
        **_date_patterns(words, month),
        **_label_patterns(words, month),
        **_clock_patterns(words),
    )


def _months(lex: Lexicon) -> dict[str, int]:
    """Month name (lower case) → its number, from ``[time.months]`` (keys "1" … "12")."""
    months: dict[str, int] = {}
    for key, values in lex.table("time.months").items():
        if isinstance(values, list) and key.isdigit() and 1 <= int(key) <= 12:
            for v in values:
                months.setdefault(v.removeprefix("lit:").lower(), int(key))
    return months


def _worded(phrase: str) -> bool:
    """A phrase of Latin words ("arizona time"): found by its words, see ``zone_phrase_words``."""
    return phrase.isascii() and all(w.isalpha() for w in phrase.split())


def _zone_patterns(zones: dict[str, tuple[tuple[str, tzinfo], ...]]) -> dict[str, Any]:
    """A zone written after a clock time, or just before it."""
    abbreviations = [k for k in zones if k.isascii() and k.isalpha()]
    phrases = [k for k in zones if not (k.isascii() and k.isalpha())]
    zone_words = "|".join(
        p for p in (alternation(abbreviations, ascii_case=True), alternation(phrases)) if p
    )
    flags = re.IGNORECASE
    return {
        # "13:05 CET", "(+05:30)", "UTC+8", "19:42+05:30", "(05:30 -04)"; not "9:00-10:30" (a
        # range: see iso_minus); an offset of hours alone only where its group or line ends there
        "zone_after": regex_cache.compile(
            r"(?:\s*[(（]?\s*(?:(?-i:UTC|GMT))\s*(?P<uoff>[+-]\d{1,2}(?::?\d{2})?)"
            r"|(?:\s*[(（]\s*|\s+|(?=\+))(?P<off>[+-]\d{2}:?\d{2}"
            r"|[+-]\d{2}(?=[^\S\n]*(?:[)）,;]|$)))"
            rf"|\s*[(（]?\s*(?P<word>{zone_words}))(?!\d)\s*[)）]?",
            flags,
        ),
        "iso_minus": regex_cache.compile(r"-\d{2}:?\d{2}(?!\d)"),
        "zone_before": regex_cache.compile(rf"(?P<word>{zone_words})\s*$", flags),
        # what note_stamps.may_write_zone looks for: the abbreviations (as written), and the
        # first words of the phrases ("hora", "北京时间") in any case
        "zone_abbreviations": frozenset(abbreviations),
        # looked for in whole notes: a position is turned away by its first character. A phrase
        # of Latin words ("new york time") is looked for as its words instead, all of them in
        # the note: its head alone ("new") is in most notes
        "zone_heads": _first_char_guard(
            regex_cache.compile(
                "|".join(
                    map(
                        re.escape,
                        sorted(
                            {p.split()[0] for p in phrases if not _worded(p)}, key=_longest_first
                        ),
                    )
                )
                or r"(?!x)x",
                flags,
            )
        ),
        "zone_phrase_words": tuple(frozenset(p.split()) for p in phrases if _worded(p)),
    }


def _date_patterns(
    words: Callable[[str, str], list[str]], month: str
) -> dict[str, re.Pattern[str]]:
    """A date in the notations notes use ("2026-11-20", "11月20日", "20 Nov 2026", "yesterday")."""
    today = alternation(words("time", "today"))
    yesterday = alternation(words("time", "yesterday"))
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
    flags = re.IGNORECASE
    return {
        "date": regex_cache.compile(date_re, flags),
        "today": regex_cache.compile(today, flags),
        "yesterday": regex_cache.compile(yesterday, flags),
    }


def _label_patterns(
    words: Callable[[str, str], list[str]], month: str
) -> dict[str, re.Pattern[str]]:
    """The words around a clock time that say what it is: a stamp, a cited event, a window, a
    range."""
    ranges = alternation(words("time", "range_words"))
    flags = re.IGNORECASE
    return {
        "stamps": regex_cache.compile(alternation(words("time", "stamps")), flags),
        "cited": regex_cache.compile(alternation(words("time", "cited")), flags),
        "windows": regex_cache.compile(alternation(words("time", "windows")), flags),
        "stamp_after": regex_cache.compile(
            rf"\s*[)）]?\s*(?:{alternation(words('time', 'stamps_after'))})", flags
        ),
        "cited_after": regex_cache.compile(
            rf"\s*[)）]?\s*(?:{alternation(words('time', 'cited_after'))})", flags
        ),
        # "18:00 → 2026-11-16 18:00", "22:20 ~ 08-20 22:20", "9:00-10:30": a time or date must
        # follow
        "range_after": regex_cache.compile(
            rf"\s*[)）]?\s*(?:→|->|⟶|=>|–|—|~|～|-|{ranges})\s*"
            rf"(?=\d{{1,4}}\s*[-/.年月]\s*\d|\d{{1,2}}[:：]\d{{2}}|(?:{month})\b|\d{{1,2}}\s+(?:{month})\b)",
            flags,
        ),
        # "— Alice · ", "bob · ", "Carol · " before the date-time: a signature line
        # … or a name after a rule with nothing after it: "— 森 ", "-- Dave "
        "signature": regex_cache.compile(
            r"^[\s>*_#~\-—–]*[\w.@'’ ]{1,30}?[\s*_]*[·•,，|]\s*$"
            r"|^[\s>*_]*[-—–~]{1,2}\s*[\w.@'’ ]{1,30}?\s*$"
        ),
        "joiner": regex_cache.compile(
            rf"[\s,，·•|@T]*(?:(?:{alternation(words('time', 'joiners'))})[\s,，·•|@]*)?", flags
        ),
    }


def _clock_patterns(words: Callable[[str, str], list[str]]) -> dict[str, re.Pattern[str]]:
    """A clock time, its am/pm words, and the notations rewritten to "HH:MM" before reading."""
    flags = re.IGNORECASE
    return {
        "am_after": regex_cache.compile(
            rf"\s*(?:{alternation(words('time', 'am_after'), head_edge=False)})", flags
        ),
        "pm_after": regex_cache.compile(
            rf"\s*(?:{alternation(words('time', 'pm_after'), head_edge=False)})", flags
        ),
        "am_before": regex_cache.compile(
            rf"(?:{alternation(words('time', 'am_before'))})\s*$", flags
        ),
        "pm_before": regex_cache.compile(
            rf"(?:{alternation(words('time', 'pm_before'))})\s*$", flags
        ),
        # "22:15", "22：15", "01:20:07.402" (a machine's stamp), and the French/Portuguese "22h15"
        "time": regex_cache.compile(
            r"(?<![\d:.,+\-−])(?P<h>[01]?\d|2[0-3])(?:[:：]|[hH](?=[0-5]\d(?![\d:])))(?P<m>[0-5]\d)(?:[:：](?P<s>[0-5]\d)(?:\.\d{1,9}(?=[^\d.]|$))?)?(?![\d])"
        ),
        # "11시 20분", "23時40分", "23点40分", "9点半": the clock in Korean, Japanese and Chinese
        "cjk_clock": regex_cache.compile(
            r"(?<!\d)([01]?\d|2[0-3])\s*[시時时点點]\s*(?:([0-5]?\d)\s*[분分]|(半))"
        ),
        # "a las 23.40", "alle 23.40": a dotted clock only after a word that announces one
        "dot_clock": regex_cache.compile(
            rf"(?:{alternation(words('time', 'clock_dot_before'))})"
            r"\s+([01]?\d|2[0-3])\.([0-5]\d)(?![\d.])",
            flags,
        ),
    }
