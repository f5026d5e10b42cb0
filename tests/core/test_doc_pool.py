"""A living doc parsed in a second process is the doc parsed here; any failure parses it here; a
head start the UI gives it is taken only for the same file, and stopped when not wanted."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import SAMPLE, copy_workspace

from curator import beside, doc_pool
from curator.analysis import analyze
from curator.cache import IndexCache
from curator.config import load_config
from curator.doccodec import doc_to_data
from curator.persist import Blobs
from curator.workspace import layout

WINDOW = ("2026-11-19T22:00:00+08:00", "2026-11-20T22:00:00+08:00")


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    return copy_workspace(SAMPLE, tmp_path / "ws")


def _docs(root: Path) -> dict[str, str]:
    return dict(layout(load_config(root)).docs)


def _beside(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Every doc goes to the other process, on any number of cores, however busy."""
    monkeypatch.setattr(doc_pool, "PARALLEL_FROM", 0)
    monkeypatch.setattr(beside, "cores", lambda: 2)
    monkeypatch.setattr(beside.os, "getloadavg", lambda: (0.0, 0.0, 0.0))


def _not_here(*_a: object) -> None:
    raise AssertionError("the doc was parsed in this process")


def _plain(parsed: list[Any]) -> list[Any]:
    """Each doc and index as the cache writes them, with their blobs."""
    out = []
    for doc, di in parsed:
        blobs = Blobs()
        out.append((doc_to_data(doc, di, blobs), b"".join(blobs.parts)))
    return out


def _wanted(root: Path) -> tuple[list[tuple[str, str]], list[Any]]:
    from curator.stamps import content_sig

    wanted = [(rel, topic) for topic, rel in _docs(root).items()]
    return wanted, [content_sig(root / rel) for rel, _t in wanted]


def test_the_other_process_gives_the_same_doc_and_index(monkeypatch, ws: Path) -> None:  # type: ignore[no-untyped-def]
    wanted, sigs = _wanted(ws)
    here = [doc_pool.parse(ws, rel, topic) for rel, topic in wanted]
    _beside(monkeypatch)
    doc_pool.start_early(ws, _docs(ws))
    monkeypatch.setattr(doc_pool, "parse", _not_here)  # only the other process may parse
    assert _plain(doc_pool.start_parsing(ws, wanted, sigs)()) == _plain(here)


def test_without_a_head_start_the_doc_is_parsed_here(monkeypatch, ws: Path) -> None:  # type: ignore[no-untyped-def]
    """Asked for with no process started early (the CLI, a re-analysis): no process now."""
    wanted, sigs = _wanted(ws)
    here = [doc_pool.parse(ws, rel, topic) for rel, topic in wanted]
    _beside(monkeypatch)
    monkeypatch.setattr(beside.subprocess, "Popen", _not_started)
    assert _plain(doc_pool.start_parsing(ws, wanted, sigs)()) == _plain(here)


@pytest.mark.parametrize("program", ["false", "echo"], ids=["fails", "prints-junk"])
def test_a_process_that_fails_or_says_nonsense_parses_here(
    monkeypatch, ws: Path, program: str
) -> None:  # type: ignore[no-untyped-def]
    found = shutil.which(program)
    if found is None:
        pytest.skip(f"no {program} here")
    wanted, sigs = _wanted(ws)
    here = [doc_pool.parse(ws, rel, topic) for rel, topic in wanted]
    _beside(monkeypatch)
    monkeypatch.setattr(sys, "executable", found)
    doc_pool.start_early(ws, _docs(ws))
    assert _plain(doc_pool.start_parsing(ws, wanted, sigs)()) == _plain(here)


def test_an_analysis_with_the_doc_beside_it_is_the_same(monkeypatch, ws: Path) -> None:  # type: ignore[no-untyped-def]
    here = analyze(ws, None, *WINDOW, cache=IndexCache(ws, persist=False))
    _beside(monkeypatch)
    doc_pool.start_early(ws, _docs(ws))
    monkeypatch.setattr(doc_pool, "parse", _not_here)
    beside_it = analyze(ws, None, *WINDOW, cache=IndexCache(ws, persist=False))
    assert [(i.id, i.status, i.section) for i in beside_it.increments] == [
        (i.id, i.status, i.section) for i in here.increments
    ]
    assert beside_it.living_doc.sections == here.living_doc.sections


def _not_started(*_a: object, **_k: object) -> None:
    raise AssertionError("another process was started")


def test_a_head_start_is_taken_by_the_analysis(monkeypatch, ws: Path) -> None:  # type: ignore[no-untyped-def]
    """The UI starts the doc before it draws; the analysis then starts nothing and parses
    nothing itself."""
    here = analyze(ws, None, *WINDOW, cache=IndexCache(ws, persist=False))
    _beside(monkeypatch)
    doc_pool.start_early(ws, _docs(ws))
    monkeypatch.setattr(doc_pool, "parse", _not_here)
    monkeypatch.setattr(beside.subprocess, "Popen", _not_started)
    monkeypatch.setattr(beside, "cores", lambda: 1)  # the cards are parsed here meanwhile
    got = analyze(ws, None, *WINDOW, cache=IndexCache(ws, persist=False))
    assert [i.section for i in got.increments] == [i.section for i in here.increments]


def _early_process(ws: Path) -> Any:
    answer = beside._EARLY[("docs", str(ws))]
    return answer._proc


def test_a_head_start_for_a_doc_changed_since_is_stopped_and_not_used(
    monkeypatch, ws: Path
) -> None:  # type: ignore[no-untyped-def]
    _beside(monkeypatch)
    doc_pool.start_early(ws, _docs(ws))
    proc = _early_process(ws)
    for rel in _docs(ws).values():
        with (ws / rel).open("a", encoding="utf-8") as fh:
            fh.write("\n## 99. Added after the head start\n\nText.\n")
    got = analyze(ws, None, *WINDOW, cache=IndexCache(ws, persist=False))
    assert got.living_doc.sections[-1].title.endswith("Added after the head start")
    assert proc.poll() is not None  # stopped, not left blocked on its pipe
    assert ("docs", str(ws)) not in beside._EARLY


def test_a_head_start_the_cache_makes_needless_is_stopped(monkeypatch, ws: Path) -> None:  # type: ignore[no-untyped-def]
    """The guess said the cache would not hold the doc, and it did: the process is stopped,
    nothing is left waiting on its pipe."""
    analyze(ws, None, *WINDOW, cache=IndexCache(ws))  # the cache now holds the doc
    cache = IndexCache(ws)
    (ws / ".curator" / "index-docs.cache").unlink()  # the guess no longer sees it
    _beside(monkeypatch)
    doc_pool.start_early(ws, _docs(ws))
    proc = _early_process(ws)
    monkeypatch.setattr(doc_pool, "parse", _not_here)
    analyze(ws, None, *WINDOW, cache=cache, save_cache=False)
    assert proc.poll() is not None
    assert ("docs", str(ws)) not in beside._EARLY


def test_no_head_start_when_the_cache_was_written_after_the_doc(monkeypatch, ws: Path) -> None:  # type: ignore[no-untyped-def]
    analyze(ws, None, *WINDOW, cache=IndexCache(ws))
    _beside(monkeypatch)
    monkeypatch.setattr(beside.subprocess, "Popen", _not_started)
    doc_pool.start_early(ws, _docs(ws))
    assert ("docs", str(ws)) not in beside._EARLY


def test_no_head_start_on_a_busy_machine(monkeypatch, ws: Path) -> None:  # type: ignore[no-untyped-def]
    """Two cores, one of them busy with other work over the last minute: the head start would
    only compete with the UI for the other."""
    _beside(monkeypatch)
    monkeypatch.setattr(beside.os, "getloadavg", lambda: (1.6, 1.2, 1.0))
    monkeypatch.setattr(beside.subprocess, "Popen", _not_started)
    doc_pool.start_early(ws, _docs(ws))
    assert ("docs", str(ws)) not in beside._EARLY
