"""Cards parsed in a second process are the cards parsed here; any failure there parses here."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import BAD, SAMPLE, need

from curator import card_pool
from curator.analysis import analyze
from curator.cache import IndexCache
from curator.cards import load_cards


@pytest.mark.parametrize("where", [SAMPLE, BAD], ids=["sample", "bad-inputs"])
def test_the_other_process_gives_the_same_cards(monkeypatch, where: Path) -> None:  # type: ignore[no-untyped-def]
    root = need(where)
    monkeypatch.setattr(card_pool, "PARALLEL_FROM", 0)
    got = card_pool.start_loading(root, "paper_cards", 1)()
    assert got == load_cards(root)


def test_a_process_that_cannot_start_parses_here(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    root = need(SAMPLE)
    monkeypatch.setattr(card_pool, "PARALLEL_FROM", 0)

    def refuse(*_a: object, **_k: object) -> None:
        raise OSError("no processes here")

    monkeypatch.setattr(card_pool, "ProcessPoolExecutor", refuse)
    assert card_pool.start_loading(root, "paper_cards", 1)() == load_cards(root)


def test_a_process_that_dies_parses_here(monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The other process exits before answering (a kill, say): the cards are still all read."""
    root = need(SAMPLE)
    monkeypatch.setattr(card_pool, "PARALLEL_FROM", 0)
    monkeypatch.setattr(card_pool, "load_cards", _die)
    finish = card_pool.start_loading(root, "paper_cards", 1)
    monkeypatch.setattr(card_pool, "load_cards", load_cards)
    assert finish() == load_cards(root)


def _die(*_a: object) -> None:
    import os

    os._exit(3)


def test_an_analysis_with_cards_beside_it_is_the_same(monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import shutil

    ws = tmp_path / "ws"
    shutil.copytree(need(SAMPLE), ws, ignore=shutil.ignore_patterns(".curator", "expected*"))
    args = ("2026-11-19T22:00:00+08:00", "2026-11-20T22:00:00+08:00")
    here = analyze(ws, None, *args, cache=IndexCache(ws, persist=False))
    monkeypatch.setattr(card_pool, "PARALLEL_FROM", 0)
    beside = analyze(ws, None, *args, cache=IndexCache(ws, persist=False))
    assert beside.cards == here.cards
    assert [i.status for i in beside.increments] == [i.status for i in here.increments]
