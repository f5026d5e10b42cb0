"""A colleague abroad says once where they write from; their other notes are dated in that zone."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from relay_support import analyze_relay

from curator.author_zones import author_zones, date_by_author, place_zone
from curator.models import Note

ROOT = Path(__file__).resolve().parents[2]
TORONTO = ZoneInfo("America/Toronto")


@pytest.mark.parametrize(
    ("title", "zone"),
    [
        ("Evening reads — Siobhán (St. John's)", "America/St_Johns"),
        ("Code review dump — PR #214 (Darnell, Regina)", "America/Regina"),
        ("Ghi chú đọc bài — tối thứ Bảy 6/11 (giờ Manila)", "Asia/Manila"),
        ("Weekly picks (Hawaii)", "Pacific/Honolulu"),  # a place the phrase files give
        ("pasted from Discord · Saturday evening, Chatham time (Waitangi)", "Pacific/Chatham"),
        ("tamati — Sunday night, 10:05 pm Chatham (daylight time)", "Pacific/Chatham"),
        ("Excel paste from our tracker, copied as-is. Rohan, Mumbai, 4:15 pm.", "Asia/Kolkata"),
        ("Late one from London (15:20, GMT) — sorry", "Europe/London"),
        ("Meeting at 10:30 with the team", None),
        ("Reading list 2027 10:30", None),
        ("at 9:00 Paris and Lisbon time", None),  # two places named, neither said to be theirs
        ("Notes on the Paris agreement paper", None),  # not in brackets
        ("Picks (the Paris one and the Lisbon one, both weak)", None),  # a remark
        ("Christmas reading (Christmas)", None),  # a zone city that is a common word
        ("Trip (Lisbon, then Madrid)", None),  # two places: which one wrote it is not said
    ],
)
def test_the_place_a_title_names_in_brackets(title: str, zone: str | None) -> None:
    assert place_zone(title) == zone


def _note(path: str, title: str, when: datetime, source: str = "name") -> Note:
    return Note(
        path=path,
        author=path.split("/")[1],
        time=when,
        time_source=source,  # type: ignore[arg-type]
        in_window=False,
        title=title,
    )


def test_an_authors_other_notes_are_dated_where_one_says_they_write_from() -> None:
    said = _note(
        "inbox/siobhan/2027-03-13T1200-a.md",
        "Reads (St. John's)",
        datetime(2027, 3, 13, 12, 0, tzinfo=TORONTO),
    )
    other = _note(
        "inbox/siobhan/2027-03-13T2025-b.md",
        "More reads",
        datetime(2027, 3, 13, 20, 25, tzinfo=TORONTO),
    )
    stated = _note(
        "inbox/siobhan/2027-03-14T0900-c.md",
        "Says its zone",
        datetime(2027, 3, 14, 9, 0, tzinfo=ZoneInfo("UTC")),
        "body",
    )
    local = _note(
        "inbox/gen/2027-03-13T2025-d.md", "Editor", datetime(2027, 3, 13, 20, 25, tzinfo=TORONTO)
    )
    notes = [said, other, stated, local]
    date_by_author(notes, TORONTO)
    assert other.time == datetime(2027, 3, 13, 20, 25, tzinfo=ZoneInfo("America/St_Johns"))
    assert other.time is not None and other.time.utcoffset().total_seconds() == -3.5 * 3600  # type: ignore[union-attr]
    assert stated.time == datetime(2027, 3, 14, 9, 0, tzinfo=ZoneInfo("UTC"))  # its own zone kept
    assert local.time == datetime(2027, 3, 13, 20, 25, tzinfo=TORONTO)
    date_by_author(notes, TORONTO)  # again: the same times
    assert other.time == datetime(2027, 3, 13, 20, 25, tzinfo=ZoneInfo("America/St_Johns"))


def test_an_author_said_to_be_in_two_places_keeps_the_workspace_zone() -> None:
    notes = [
        _note(
            "inbox/ana/2027-03-13T1200-a.md",
            "x (Lisbon)",
            datetime(2027, 3, 13, 12, tzinfo=TORONTO),
        ),
        _note(
            "inbox/ana/2027-03-13T1300-b.md",
            "y (Madrid)",
            datetime(2027, 3, 13, 13, tzinfo=TORONTO),
        ),
    ]
    assert author_zones(notes, TORONTO) == {}


def test_relay_traffic_a_newfoundland_evening_note_is_before_the_window(tmp_path: Path) -> None:
    incs = analyze_relay(ROOT / "tests" / "relays-open" / "relay-traffic", tmp_path)
    sources = {s["path"] for i in incs.values() for s in i["sources"]}
    assert "inbox/siobhan/2027-03-13T2025-evening-reads.md" not in sources
    assert "inbox/siobhan/2027-03-14T0230-cant-sleep.md" in sources


def test_relay_chem_a_manila_morning_note_left_unread_as_outside_is_read(tmp_path: Path) -> None:
    """The note's name, 09:05 on Sunday, is 15:05Z in Chicago's zone, past the window's end, so
    the command left it unread; in Manila's zone (the author's other note says Manila) it is
    01:05Z, inside: it is read, and its papers are sourced to it."""
    incs = analyze_relay(ROOT / "tests" / "relays-open" / "relay-chem", tmp_path)
    joy = "inbox/joy/2027-11-07T0905-weekend-reads.md"
    assert joy in {s["path"] for s in incs["2711.03318"]["sources"]}
    assert "inbox/joy/2027-11-06T1410-bago-mag-lunch.md" not in {
        s["path"] for i in incs.values() for s in i["sources"]
    }
