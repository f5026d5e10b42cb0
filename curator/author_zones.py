"""The zone an author's file names are written in, from what the workspace says of that author.

A note's file name is its author's clock.  A colleague abroad often says where they are once,
not in every note: "Evening reads — Siobhán (St. John's)", "Code review (Darnell, Regina)", or a
time with its place in one note ("9:05 Manila time").  Read in the workspace's zone, that
author's other notes land hours off, on the wrong side of the window's edges.  So: the places an
author's note titles name in brackets, and the zones their notes state with a clock, are that
author's zone when they all agree; a note dated by its file name alone is then dated in it
(daylight saving included).  A note that states its own zone keeps it.  An author the workspace
places nowhere, but whose own notes state a fixed offset (an e-mail's ``Date: … -0400``), has
their notes named within 12 hours of such a note read in that offset: a clock change can fall
between two notes a day apart.

Place names are the cities of the time zone database ("America/St_Johns" → "st johns") and the
places of ``[time.zones]`` phrases ("Hawaii time"), less ``[time] place_words`` (zone cities that
are common words: "Christmas", "Easter").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from datetime import datetime, timedelta, timezone, tzinfo
from pathlib import PurePosixPath
from zoneinfo import ZoneInfo, available_timezones

from curator.lexicon import default_lexicon, memo
from curator.models import Note
from curator.time_vocab import zone_key
from curator.timezones import fixed_offset, in_zone
from curator.written import time_from_name
from curator.zone_roster import roster
from curator.zone_words import ambiguous_word, names_used, zone_for

__all__ = ["author_zones", "date_by_author", "place_zone"]

_AREAS = frozenset(
    {"Africa", "America", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific"}
)
_BRACKETS = re.compile(r"[(（]([^()（）]{1,60})[)）]")
_PARTS = re.compile(r"[,;·/|，、]")
_BYLINE_PARTS = re.compile(r"\s[·|—–-]\s|[,;·|，、]")
_MOST_WORDS = 4
"""A bracket's part longer than this is a remark, not a place ("(the Paris one, not ours)")."""


def _fold(text: str) -> str:
    """Lower case, no accents or apostrophes, dots and dashes as spaces ("St. John's" → "st
    johns")."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    plain = re.sub(r"['’ʼ`]", "", plain)
    return " ".join(re.sub(r"[._-]", " ", plain).split())


@memo
def _places() -> dict[str, str]:
    """Folded place name → IANA zone key."""
    lex = default_lexicon()
    common = {_fold(w) for w in lex.literals("time", "place_words")}
    places: dict[str, str] = {}
    for key in sorted(available_timezones()):
        parts = key.split("/")
        if parts[0] not in _AREAS or not (len(parts) == 2 or key.startswith("America/Argentina/")):
            continue
        city = _fold(parts[-1])
        if len(city) > 3 and city not in common:
            places.setdefault(city, key)
    for phrase, value in lex.table("time.zones").items():
        words = _fold(str(phrase)).split()
        zones = value if isinstance(value, list) else [value]
        if len(words) >= 2 and words[-1] == "time" and len(zones) == 1 and "/" in str(zones[0]):
            places.setdefault(" ".join(words[:-1]), str(zones[0]))
    return places


_CLOCK_THEN = re.compile(
    r"\b\d{1,2}[:.h]\d{2}(?:\s*[ap]\.?\s?m\b\.?)?\s+(\w[\w'’.-]*(?:\s+\w[\w'’.-]*){0,2})"
)
_PLACE_CLOCK = re.compile(r"(\w[\w'’.-]*(?:\s+\w[\w'’.-]*){0,2})[\s,(（]+\d{1,2}[:.h]\d{2}\b")
_THEN_TIME = re.compile(r"(\w[\w'’.-]*(?:\s+\w[\w'’.-]*){0,2})\s+time\b", re.IGNORECASE)


def _lead_place(words: list[str], places: dict[str, str]) -> str | None:
    """The place the first one to three of *words* name, longest first."""
    for n in (3, 2, 1):
        if len(words) >= n and (zone := places.get(" ".join(words[:n]))):
            return zone
    return None


def _tail_place(words: list[str], places: dict[str, str]) -> str | None:
    """The place the last one to three of *words* name, longest first."""
    for n in (3, 2, 1):
        if len(words) >= n and (zone := places.get(" ".join(words[-n:]))):
            return zone
    return None


def place_zone(title: str) -> str | None:
    """The zone of the one place a note's title names as where it was written: in brackets
    ("(Sabado, Manila)", "(giờ Manila)", "(Darnell, Regina)": a bracket's part that is a place or
    ends with one), before the word "time" ("Chatham time"), or right before or after a clock
    ("Ana, Mumbai, 4:15 pm", "from London (15:20, GMT)", "10:05 pm Chatham")."""
    places = _places()
    found: set[str] = set()
    for m in _THEN_TIME.finditer(title):
        if zone := _tail_place(_fold(m.group(1)).split(), places):
            found.add(zone)
    for m in _CLOCK_THEN.finditer(title):
        if zone := _lead_place(_fold(m.group(1)).split(), places):
            found.add(zone)
    for m in _PLACE_CLOCK.finditer(title):
        if zone := _tail_place(_fold(m.group(1)).split(), places):
            found.add(zone)
    for m in _BRACKETS.finditer(title):
        for part in _PARTS.split(m.group(1)):
            words = _fold(part).split()
            if words and len(words) <= _MOST_WORDS and (zone := _tail_place(words, places)):
                found.add(zone)
    return found.pop() if len(found) == 1 else None


def _stated(note: Note, own: str) -> str | None:
    """The zone a note's text or front matter gave its time in, when it is a place's zone other
    than the workspace's."""
    if note.time is None or note.time_source not in ("body", "front_matter"):
        return None
    key = getattr(note.time.tzinfo, "key", None)
    if not isinstance(key, str) or key == own or key.split("/")[0] not in _AREAS:
        return None  # not a place's zone: a time given in UTC says nothing of where it was written
    return key


def _offset(note: Note, workspace_tz: tzinfo | None) -> str | None:
    """The fixed offset a note's text or front matter gave its time with ("Date: … -0400"), as
    "-04:00"; not UTC's, which says nothing of where it was written, nor the workspace's own at
    that moment (its clock's other name: "1:50 AM CST" in Chicago)."""
    if note.time is None or note.time_source not in ("body", "front_matter"):
        return None
    if not isinstance(note.time.tzinfo, timezone):
        return None
    delta = note.time.utcoffset()
    if not delta or delta == note.time.astimezone(workspace_tz).utcoffset():
        return None
    minutes = int(delta.total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def _byline_place(line: str) -> str | None:
    """The one place a byline's parts name ("Mona · Paris · samedi soir" → Europe/Paris)."""
    places = _places()
    found = {
        zone
        for part in _BYLINE_PARTS.split(line)
        if 0 < len(words := _fold(part).split()) <= _MOST_WORDS
        and (zone := _tail_place(words, places))
    }
    return found.pop() if len(found) == 1 else None


def author_zones(notes: Iterable[Note], workspace_tz: tzinfo | None) -> dict[str, str]:
    """Author → the zone key all that workspace says of them agrees on: their notes' places
    (titles, bylines) and stated zones, and the rosters any note writes down
    (:mod:`curator.zone_roster`)."""
    notes = list(notes)
    own = getattr(workspace_tz, "key", "")
    said = roster((line for n in notes for line in n.clocks), {n.author for n in notes})
    for note in notes:
        for zone in (
            _stated(note, own),
            place_zone(note.title) if note.title else None,
            _byline_place(note.byline) if note.byline else None,
        ):
            if zone:
                said.setdefault(note.author, set()).add(zone)
    return {a: next(iter(z)) for a, z in said.items() if len(z) == 1}


_OFFSET_HOLDS = timedelta(hours=12)
"""How long an offset an author's note states is taken to hold for their other notes: a clock
change can fall between two notes a day apart ("NFDT (+12) since yesterday's jump")."""


def _offset_near(
    note: Note, stated: list[tuple[datetime, str]]
) -> tuple[datetime, str | None] | None:
    """The name's time in the one offset the author's notes state within 12 hours of it."""
    name = PurePosixPath(note.path).name
    found = {}
    for when, offset in stated:
        mine, problem = time_from_name(name, fixed_offset(offset))
        if mine is not None and abs(mine - when) <= _OFFSET_HOLDS:
            found[offset] = (mine, problem)
    return next(iter(found.values())) if len(found) == 1 else None


def date_by_author(notes: list[Note], workspace_tz: tzinfo | None) -> None:
    """Date each note its file name alone dates in its author's zone, where the workspace says
    which (see the module docstring).  The same notes give the same times however often it runs."""
    zones = author_zones(notes, workspace_tz)
    own = getattr(workspace_tz, "key", "")
    stated: dict[str, list[tuple[datetime, str]]] = {}
    for note in notes:
        if note.author not in zones and note.time and (offset := _offset(note, workspace_tz)):
            stated.setdefault(note.author, []).append((note.time, offset))
    for note in notes:
        zone = zones.get(note.author)
        if zone is None and note.time_source == "name" and note.author in stated:
            near = _offset_near(note, stated[note.author])
            if near is not None:
                _redate(note, *near)
            continue
        if zone is None or zone == own:
            continue
        if note.time_source == "body":
            _ambiguous_in(note, zone, workspace_tz)
        if note.time_source != "name":
            continue
        when, problem = time_from_name(PurePosixPath(note.path).name, ZoneInfo(zone))
        if when is not None:
            _redate(note, when, problem)


def _redate(note: Note, when: datetime, problem: str | None) -> None:
    note.time = when
    # what reading the name in the workspace's zone said of it is no longer so
    note.errors = [e for e in note.errors if not e.startswith("file name:")]
    if problem:
        note.errors.append(f"file name: {problem}")


def _ambiguous_in(note: Note, zone: str, workspace_tz: tzinfo | None) -> None:
    """A stamp whose zone word has several meanings ("21:30 IST") was read on the workspace's
    clock; when the author's own zone goes by that word, it is read on the author's instead.
    Either reading keeps the clock's wall time, so a note already read (from the cache) reads the
    same."""
    if note.time is None:
        return
    for i, problem in enumerate(note.errors):
        found = ambiguous_word(problem)
        if found is None:
            continue
        word, meanings = found
        wall = note.time.replace(tzinfo=None)
        theirs = ZoneInfo(zone)
        if zone_key(word) not in names_used(theirs, wall):
            return  # not the author's clock either: the workspace's reading stands
        fold, _same = zone_for(word, wall, theirs)  # which of a repeated hour, else None
        note.time, _gap = in_zone(wall, fold, theirs)
        note.errors[i] = (
            f"{word} can mean {meanings}; read as {zone} time, the zone the workspace gives"
            f" {note.author}"
        )
        return
