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


def _priority_of(body: str) -> str | None:
    from curator.notes import split_note

    text = f"# Notes\n\n## 1. FooNet: sparse routing (arXiv:2611.01234)\n{body}\n- Key points: faster\n"
    items = split_note(text, "inbox/a/2026-11-20-x.md").items
    assert [it.primary_arxiv for it in items] == ["2611.01234"]
    return items[0].priority


def test_a_priority_field_names_its_level_in_the_notes_language() -> None:
    """The level words are data (``[priority]``): English, German, Chinese, Russian stems, P-codes
    and a marker itself; a value naming no level gives none."""
    assert _priority_of("- Priority: high (ship it)") == priority.HIGH
    assert _priority_of("- Priorität: mittel") == priority.MEDIUM
    assert _priority_of("- 优先级：低") == priority.LOW
    assert _priority_of("- Приоритет: высокая") == priority.HIGH
    assert _priority_of("- Prio: P2") == priority.MEDIUM
    assert _priority_of("- Priority: 🟡 later") == priority.LOW
    assert _priority_of("- Priority: ask Bo") is None


def test_a_workspace_adds_its_own_level_words() -> None:
    from curator.lexicon import default_lexicon, load_lexicon, use_lexicon

    before = default_lexicon()
    assert _priority_of("- Priority: blocker") is None
    try:
        use_lexicon(load_lexicon({"priority": {"high": ["blocker"]}}))
        assert _priority_of("- Priority: blocker") == priority.HIGH
    finally:
        use_lexicon(before)
