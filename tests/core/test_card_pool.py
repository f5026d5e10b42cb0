"""Cards parsed in a second process are the cards parsed here; any failure there parses here."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from conftest import BAD, SAMPLE, need

from curator import beside, card_pool
from curator.analysis import analyze
from curator.cache import IndexCache
from curator.cards import load_cards


@pytest.mark.parametrize("where", [SAMPLE, BAD], ids=["sample", "bad-inputs"])
def test_the_other_process_gives_the_same_cards(monkeypatch, where: Path) -> None:  # type: ignore[no-untyped-def]
    root = need(where)
    _beside(monkeypatch)
    monkeypatch.setattr(card_pool, "load_cards", _not_here)  # only the other process may parse
    got = card_pool.start_loading(root, "paper_cards", 1)()
    assert got == load_cards(root)


def _beside(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Every count of cards goes to the other process, on any number of cores."""
    monkeypatch.setattr(card_pool, "PARALLEL_FROM", 0)
    monkeypatch.setattr(beside, "cores", lambda: 2)


def _not_here(*_a: object) -> None:
    raise AssertionError("the cards were parsed in this process")


def test_a_process_that_cannot_start_parses_here(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    root = need(SAMPLE)
    _beside(monkeypatch)
    monkeypatch.setattr(sys, "executable", "/nonexistent/python")
    assert card_pool.start_loading(root, "paper_cards", 1)() == load_cards(root)


@pytest.mark.parametrize("program", ["false", "echo"], ids=["fails", "prints-junk"])
def test_a_process_that_fails_or_says_nonsense_parses_here(monkeypatch, program: str) -> None:  # type: ignore[no-untyped-def]
    """The other process exits with an error, or prints what is not cards: all cards still read."""
    root = need(SAMPLE)
    found = shutil.which(program)
    if found is None:
        pytest.skip(f"no {program} here")
    _beside(monkeypatch)
    monkeypatch.setattr(sys, "executable", found)
    assert card_pool.start_loading(root, "paper_cards", 1)() == load_cards(root)


def test_an_analysis_with_cards_beside_it_is_the_same(monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ws = tmp_path / "ws"
    shutil.copytree(need(SAMPLE), ws, ignore=shutil.ignore_patterns(".curator", "expected*"))
    args = ("2026-11-19T22:00:00+08:00", "2026-11-20T22:00:00+08:00")
    here = analyze(ws, None, *args, cache=IndexCache(ws, persist=False))
    _beside(monkeypatch)
    beside = analyze(ws, None, *args, cache=IndexCache(ws, persist=False))
    assert beside.cards == here.cards
    assert [i.status for i in beside.increments] == [i.status for i in here.increments]


def test_the_other_process_runs_no_code_from_the_working_folder(
    monkeypatch, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Started from inside a workspace that carries a ``json.py`` (or a ``curator/``), the
    second process still imports only curator's and Python's own modules."""
    root = need(SAMPLE)
    planted = tmp_path / "ws"
    planted.mkdir()
    marker = tmp_path / "ran"
    (planted / "json.py").write_text(f"open({str(marker)!r}, 'w').write('x')\n", "utf-8")
    monkeypatch.chdir(planted)
    _beside(monkeypatch)
    monkeypatch.setattr(card_pool, "load_cards", _not_here)
    assert card_pool.start_loading(root, "paper_cards", 1)() == load_cards(root)
    assert not marker.exists()


def test_the_other_process_reads_with_the_workspaces_own_words(monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A team's card label ("Rubrik") is read in the other process too: it is given the
    workspace's [lexicon] table, and its answer is taken only if it read with the same words."""
    from curator.lexicon import use_lexicon_of

    cards = tmp_path / "paper_cards"
    cards.mkdir()
    (cards / "0001-2608-12345.md").write_text(
        "# Foo-Net\n\n- arXiv: 2608.12345\n- Rubrik: evaluation\n", encoding="utf-8"
    )
    _beside(monkeypatch)
    monkeypatch.setattr(card_pool, "load_cards", _not_here)
    try:
        use_lexicon_of({"cards": {"category": ["rubrik"]}})
        [card], _problems = card_pool.start_loading(tmp_path, "paper_cards", 1)()
        assert card.category == "evaluation"
        use_lexicon_of({})
        [card], _problems = card_pool.start_loading(tmp_path, "paper_cards", 1)()
        assert card.category != "evaluation"
    finally:
        use_lexicon_of({})


def _not_started(*_a: object, **_k: object) -> None:
    raise AssertionError("another process was started")


def test_words_set_another_way_parse_here(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A lexicon made in this process (not from a workspace table) cannot be handed over."""
    from curator.lexicon import default_lexicon, load_lexicon, use_lexicon

    root = need(SAMPLE)
    _beside(monkeypatch)
    before = default_lexicon()
    try:
        use_lexicon(load_lexicon({"cards": {"category": ["rubrik"]}}))
        monkeypatch.setattr(beside.subprocess, "Popen", _not_started)
        assert card_pool.start_loading(root, "paper_cards", 1)() == load_cards(root)
    finally:
        use_lexicon(before)
