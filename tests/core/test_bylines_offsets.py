"""Where an author writes from, said in a byline ("Camille · Paris"), and the offset their own
e-mail states ("Date: … -0400"): their other notes are dated by it, not across a clock change."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

from relay_support import analyze_relay

from curator.author_zones import author_zones, date_by_author
from curator.models import Note
from curator.zone_roster import byline

ROOT = Path(__file__).resolve().parents[2]
JERUSALEM = ZoneInfo("Asia/Jerusalem")


def test_a_byline_is_a_short_line_at_the_top_that_names_the_author() -> None:
    assert byline("# Ajout\n\nCamille · Paris\n\n- x", "camille") == "Camille · Paris"
    assert byline("Lin | Taipei | 21:40\n", "lin") == "Lin | Taipei | 21:40"
    assert byline("# Notes\nParis · Lisbon\n", "camille") == ""  # names no author
    assert byline("From: Dan <d@x.org>\nSubject: one more\n", "dan") == ""  # no parts
    long = "Camille · " + "a very long first line about the paper " * 3
    assert byline(long, "camille") == ""


def _note(path: str, when: datetime, source: str = "name", line: str = "") -> Note:
    return Note(
        path=path,
        author=path.split("/")[1],
        time=when,
        time_source=source,  # type: ignore[arg-type]
        in_window=False,
        byline=line,
    )


def test_a_bylines_place_is_the_authors_zone() -> None:
    said = _note(
        "inbox/camille/2027-10-30T1930-a.md",
        datetime(2027, 10, 30, 19, 30, tzinfo=JERUSALEM),
        line="Camille · Paris · samedi 30/10, soirée",
    )
    assert author_zones([said], JERUSALEM) == {"camille": "Europe/Paris"}
    two = _note("inbox/ana/2027-10-30T1930-b.md", said.time, line="Ana · Paris · Lisbon")  # type: ignore[arg-type]
    assert "ana" not in author_zones([two], JERUSALEM)


def test_an_offset_an_author_states_dates_their_notes_named_within_twelve_hours() -> None:
    edt = timezone(timedelta(hours=-4))
    mail = _note("inbox/dan/2027-10-31-mail.md", datetime(2027, 10, 31, 11, 20, tzinfo=edt), "body")
    later = _note(
        "inbox/dan/2027-10-31T1420-b.md", datetime(2027, 10, 31, 14, 20, tzinfo=JERUSALEM)
    )
    next_day = _note(
        "inbox/dan/2027-11-01T1420-c.md", datetime(2027, 11, 1, 14, 20, tzinfo=JERUSALEM)
    )
    utc = _note("inbox/bot/2027-10-31-d.md", datetime(2027, 10, 31, 9, 0, tzinfo=UTC), "body")
    bot_named = _note(
        "inbox/bot/2027-10-31T1000-e.md", datetime(2027, 10, 31, 10, tzinfo=JERUSALEM)
    )
    notes = [mail, later, next_day, utc, bot_named]
    date_by_author(notes, JERUSALEM)
    assert later.time == datetime(2027, 10, 31, 14, 20, tzinfo=edt)
    assert next_day.time == datetime(2027, 11, 1, 14, 20, tzinfo=JERUSALEM)  # a day on: not said
    assert bot_named.time == datetime(2027, 10, 31, 10, tzinfo=JERUSALEM)  # UTC says no place
    date_by_author(notes, JERUSALEM)  # again: the same times
    assert later.time == datetime(2027, 10, 31, 14, 20, tzinfo=edt)


def test_relay_theory_paris_and_princeton_notes_fall_on_the_right_side_of_the_window(
    tmp_path: Path,
) -> None:
    """camille's byline says Paris: her Saturday 19:30 (CEST) is inside the window and her Sunday
    19:15 (CET, after the clocks went back) outside; dan's e-mail says -0400: his 14:20 follow-up
    is 18:20Z, after the window's end."""
    incs = analyze_relay(ROOT / "tests" / "relays-open" / "relay-theory", tmp_path)
    sources = {s["path"] for i in incs.values() for s in i["sources"]}
    assert "inbox/camille/2027-10-30T1930-biais-implicite-latex.md" in sources
    assert "inbox/camille/2027-10-31T1915-ajout.md" not in sources
    assert "inbox/dan/2027-10-31T1420-followup.md" not in sources
    assert "2710.18033" not in incs  # named only in dan's late follow-up
