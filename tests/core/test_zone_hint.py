"""Quick scans in dating a note never change an answer: a name's clock time is read in another
zone only when the note writes one (``may_write_zone``), and a dotted clock ("a las 23.40") is
looked for only in lines that can hold one."""

from __future__ import annotations

from datetime import datetime
from unittest import mock
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from curator import note_stamps
from curator.lexicon import default_lexicon
from curator.note_stamps import may_write_zone, name_clock_zoned
from curator.time_vocab import vocab
from curator.zone_words import zone_for

NAIVE = datetime(2026, 10, 24, 16, 10)
TZ = ZoneInfo("Asia/Shanghai")

_PIECES = [
    "opened on Oct 24, 2026, ",
    "2026-10-24 ",
    "2026-10-24T",
    "16:10",
    "16.10",
    "a las 16.10",
    "16时10分",
    "16 时 10 分",
    "4点半",
    "16h10",
    " CEST",
    "CEST",
    " (+02:00)",
    "+0200",
    "-05:00",
    " UTC",
    "UTC+2",
    " GMT-3",
    "Z",
    "pm",
    " hora de Madrid",
    " HORA DE MADRID",
    "北京时间",
    "柏林时间 ",
    " · ",
    " — bob",
    "要点",
    "\n",
    "## ",
    "Zepem ",
    " 2608.12345",
]
_TEXT = st.lists(st.sampled_from(_PIECES), min_size=1, max_size=12).map("".join)


def _without_scan(text: str) -> datetime | None:
    with mock.patch.object(note_stamps, "may_write_zone", lambda _t, _v: True):
        return name_clock_zoned(text, NAIVE, TZ, "bob", None)


@settings(max_examples=600, deadline=None)
@given(_TEXT)
def test_the_scan_never_changes_the_zone_read(text: str) -> None:
    assert name_clock_zoned(text, NAIVE, TZ, "bob", None) == _without_scan(text)


def test_the_written_zones_are_seen_and_plain_text_is_not() -> None:
    v = vocab(default_lexicon())
    for written in (
        "opened Oct 24, 16:10 CEST",
        "16:10 (+02:00)",
        "2026-10-24T16:10-05:00",
        "16:10Z",
        "16:10 UTC",
        "16:10 hora de Madrid",
        "柏林时间 16:10",
        "16时10分",
    ):
        assert may_write_zone(written, v), written
    assert not may_write_zone("# Notes\n\n- Foo-Net (2608.12345): +23% at 16:10, 要点:快\n", v)
    assert name_clock_zoned("# x\n\nopened Oct 24, 2026, 16:10 CEST\n", NAIVE, TZ, None, None)


_LINE_PIECES = [
    "a las ",
    "alle ",
    "um ",
    "23.40",
    "9.05",
    "19.30h",
    " ",
    "  ",
    "v0.10",
    "2608.12345",
    "3.39×",
    "12.345",
    ".",
    "Uhr",
    "CET",
    "点半",
    "9",
]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_LINE_PIECES), min_size=1, max_size=10).map("".join))
def test_dotted_clocks_are_rewritten_as_the_full_pattern_would(line: str) -> None:
    """``clocks`` tries the dotted-clock pattern only on lines holding " H.MM": the same lines
    come out as when every line with a dot was tried."""
    v = vocab(default_lexicon())
    full = v.dot_clock.sub(lambda m: m[0][: m.start(1) - m.start(0)] + f"{m[1]}:{m[2]}", line)
    if any(c in full for c in "시時时点點"):
        full = v.cjk_clock.sub(lambda m: f"{m[1]}:{int(m[2]):02d}" if m[2] else f"{m[1]}:30", full)
    assert note_stamps.clocks(line, v) == full


def test_a_dotted_clock_after_its_word_is_read_and_an_id_is_not() -> None:
    v = vocab(default_lexicon())
    assert note_stamps.clocks("a las 23.40 CET", v) == "a las 23:40 CET"
    assert note_stamps.clocks("v0.10 2608.12345 3.39×", v) == "v0.10 2608.12345 3.39×"


def test_an_offset_after_an_ambiguous_abbreviation_says_which_it_is() -> None:
    """IST is India's, Israel's or Ireland's: the offset written after it decides."""
    tashkent = ZoneInfo("Asia/Tashkent")
    naive = datetime(2027, 9, 25, 18, 15)
    for line, offset in (
        ("Time: 2027-09-25 18:15 IST (Asia/Kolkata, +05:30)", "+05:30"),
        ("Dé Sathairn 25 Meán Fómhair 2027, 18:15 IST (am samhraidh, UTC+01:00)", "+01:00"),
    ):
        got = name_clock_zoned(f"# x\n\n{line}\n\nbody", naive, tashkent, "bob", None)
        assert got is not None and got.isoformat().endswith(offset), line


def test_in_the_repeated_hour_the_workspaces_own_abbreviation_says_which() -> None:
    """01:55 happens twice in Los Angeles when the clocks go back: "PST" is the second, "PDT"
    the first; at any other hour the workspace's abbreviation is just its clock."""
    la = ZoneInfo("America/Los_Angeles")
    repeated = datetime(2027, 11, 7, 1, 55)
    pst, _ = zone_for("PST", repeated, la)
    pdt, _ = zone_for("PDT", repeated, la)
    assert pst is not None and repeated.replace(tzinfo=pst).isoformat().endswith("-08:00")
    assert pdt is not None and repeated.replace(tzinfo=pdt).isoformat().endswith("-07:00")
    assert zone_for("PST", datetime(2027, 11, 7, 3, 55), la) == (None, None)
