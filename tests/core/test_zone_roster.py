"""A roster the workspace writes down (a briefing's Clocks table) says which clock each author keeps."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from relay_support import analyze_relay

from curator.author_zones import author_zones, date_by_author
from curator.models import Note
from curator.zone_roster import roster, zone_lines

ROOT = Path(__file__).resolve().parents[2]
SINGAPORE = ZoneInfo("Asia/Singapore")

TABLE = """## Clocks

| who | where | zone | this week |
|---|---|---|---|
| wei, jun | Singapore | Asia/Singapore | +08:00 |
| Anaya, Rohan | Mumbai (sometimes Pune, same clock) | Asia/Kolkata | +05:30 |
| marcus | New York | America/New_York | EDT |
| Europe/London and Europe/Paris are an hour apart, says marcus |
The paper's data is in America/Chicago time.
"""


def test_the_lines_that_name_one_zone_are_the_roster() -> None:
    lines = zone_lines(TABLE)
    assert len(lines) == 4  # three rows and the prose line; the two-zone line is none
    assert not zone_lines("no zones here: Asia/Atlantis, a/b")
    said = roster(lines, ["wei", "jun", "anaya", "rohan", "marcus", "lee"])
    assert said["anaya"] == {"Asia/Kolkata"} and said["rohan"] == {"Asia/Kolkata"}
    assert said["marcus"] == {"America/New_York"}
    assert "lee" not in said  # named in no row


def _note(path: str, when: datetime, source: str, errors: list[str] | None = None) -> Note:
    return Note(
        path=path,
        author=path.split("/")[1],
        time=when,
        time_source=source,  # type: ignore[arg-type]
        in_window=False,
        errors=errors or [],
    )


def test_a_table_in_an_earlier_briefing_dates_the_authors_it_names() -> None:
    briefing = _note(
        "inbox/wei/2027-11-02-briefing.md", datetime(2027, 11, 2, tzinfo=SINGAPORE), "name"
    )
    briefing.clocks = zone_lines(TABLE)
    named = _note(
        "inbox/anaya/2027-11-02T2050-notes.md",
        datetime(2027, 11, 2, 20, 50, tzinfo=SINGAPORE),
        "name",
    )
    ambiguous = "IST can mean +05:30, +01:00, +02:00 and is not Asia/Singapore's own; read as Asia/Singapore time"
    stamped = _note(
        "inbox/rohan/2027-11-02-roundup.md",
        datetime(2027, 11, 2, 21, 30, tzinfo=SINGAPORE),
        "body",
        [ambiguous],
    )
    marcus = _note(
        "inbox/marcus/2027-11-02-desk.md",
        datetime(2027, 11, 2, 21, 30, tzinfo=SINGAPORE),
        "body",
        [ambiguous],
    )
    notes = [briefing, named, stamped, marcus]
    assert author_zones(notes, SINGAPORE)["rohan"] == "Asia/Kolkata"
    date_by_author(notes, SINGAPORE)
    kolkata = ZoneInfo("Asia/Kolkata")
    assert named.time == datetime(2027, 11, 2, 20, 50, tzinfo=kolkata)
    assert stamped.time == datetime(2027, 11, 2, 21, 30, tzinfo=kolkata)  # IST is Kolkata's own
    assert marcus.time == datetime(2027, 11, 2, 21, 30, tzinfo=SINGAPORE)  # New York is not "IST"
    date_by_author(notes, SINGAPORE)  # again: the same times
    assert stamped.time == datetime(2027, 11, 2, 21, 30, tzinfo=kolkata)


def test_relay_finance_the_clocks_table_brings_two_mumbai_evening_notes_into_the_window(
    tmp_path: Path,
) -> None:
    """The previous briefing's table puts ananya and kavya in Asia/Kolkata: ananya's 20:50 and
    kavya's "21:30 IST" are after the 23:15 Singapore start, and the working paper kavya links
    at SSRN's long address is the one rohan gives at its short one."""
    incs = analyze_relay(ROOT / "tests" / "relays-open" / "relay-finance", tmp_path)
    sources = {s["path"] for i in incs.values() for s in i["sources"]}
    assert "inbox/ananya/2027-11-02T2050-shodh-notes.md" in sources
    bond = incs["papers.ssrn.com/sol3/papers.cfm?abstract_id=4951306"]
    assert {s["path"] for s in bond["sources"]} == {
        "inbox/kavya/2027-11-02-ssrn-roundup.md",
        "inbox/rohan/2027-11-03T1615-excel-paste.md",
    }


def test_relay_finance_a_warm_run_shows_the_times_a_cold_one_does(tmp_path: Path) -> None:
    """The authors' zones are applied to each note's cached metadata; a note read in full from
    the cache keeps that time (and its in-window mark) instead of the one first read."""
    import json
    import shutil
    import subprocess
    import sys

    relay = ROOT / "tests" / "relays-open" / "relay-finance"
    exp = json.loads((relay / "expected.json").read_text(encoding="utf-8"))
    ws = tmp_path / "ws"
    shutil.copytree(relay, ws, ignore=shutil.ignore_patterns("expected*", ".curator"))
    cmd = [sys.executable, "-m", "curator", "analyze", str(ws), "--topic", exp["topic"]]
    cmd += ["--since", exp["window"]["start"], "--until", exp["window"]["end"], "--json"]

    def times() -> dict[str, tuple[str, bool]]:
        out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=ROOT)
        return {n["path"]: (n["time"], n["in_window"]) for n in json.loads(out.stdout)["notes"]}

    cold, warm = times(), times()
    assert cold["inbox/kavya/2027-11-02-ssrn-roundup.md"] == ("2027-11-02T21:30:00+05:30", True)
    assert cold["inbox/ananya/2027-11-02T2050-shodh-notes.md"][0].endswith("+05:30")
    assert warm == cold
