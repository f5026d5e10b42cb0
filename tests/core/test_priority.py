"""curator.priority: the one vocabulary of the 🔴 🟠 🟡 markers."""

from __future__ import annotations

from curator import priority
from curator.triage import PRIORITY_CYCLE, PRIORITY_WORDS


def test_rank_puts_unmarked_between_orange_and_yellow() -> None:
    ordered = sorted([priority.LOW, None, priority.MEDIUM, "?", priority.HIGH], key=priority.rank)
    assert ordered == [priority.HIGH, priority.MEDIUM, None, "?", priority.LOW]


def test_stars_stand_for_the_marker() -> None:
    assert [priority.stars(m) for m in (*priority.MARKERS, None, "")] == [3, 2, 1, 0, 0]


def test_words_and_markers_name_the_same_three() -> None:
    assert priority.marker_for("High ") == priority.HIGH
    assert priority.marker_for("orange") == priority.MEDIUM
    assert priority.marker_for(priority.LOW) == priority.LOW
    assert priority.marker_for("urgent") is None
    assert priority.marker_for(None) is None
    assert set(priority.ALIASES.values()) == set(priority.MARKERS)


def test_marker_re_finds_each_marker() -> None:
    assert priority.MARKER_RE.findall("🔴 a 🟠 b 🟡 c 🟢") == list(priority.MARKERS)


def test_triage_speaks_the_same_vocabulary() -> None:
    assert PRIORITY_WORDS == priority.ALIASES
    assert PRIORITY_CYCLE == priority.CYCLE
