"""Docs parsed in a second process on a cold UI start are the docs parsed here; anything odd
(a changed file, another lexicon, a failed or lying process) and they are parsed here."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from conftest import SAMPLE, need

from curator import card_pool, doc_pool
from curator.analysis import analyze
from curator.cache import IndexCache
from curator.config import load_config
from curator.context import build_doc_index
from curator.doccodec import doc_to_data
from curator.living_doc import load_living_doc
from curator.persist import Blobs
from curator.service.loader import Loader
from curator.stamps import content_sig

DOC = "organized/knowledge/inference.md"
WINDOW = ("2026-08-19T22:20:00+08:00", "2026-08-20T22:20:00+08:00")


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    shutil.copytree(need(SAMPLE), root, ignore=shutil.ignore_patterns(".curator", "expected*"))
    for p in [root, *root.rglob("*")]:
        p.chmod(0o755 if p.is_dir() else 0o644)  # the shared copy is read-only: no cache there
    return root


@pytest.fixture
def beside(monkeypatch):  # type: ignore[no-untyped-def]
    """Any doc goes to the other process, on any number of cores."""
    monkeypatch.setattr(doc_pool, "PARALLEL_FROM", 0)
    monkeypatch.setattr(card_pool, "usable_cores", lambda: 2)


def _same(a, b) -> bool:  # type: ignore[no-untyped-def]
    """Two (doc, index) pairs hold the same: compared as the cache would store them."""
    return doc_to_data(a[0], a[1], Blobs()) == doc_to_data(b[0], b[1], Blobs())


def test_the_other_process_gives_the_same_doc_and_index(ws: Path, beside) -> None:  # type: ignore[no-untyped-def]
    pool = doc_pool.DocPool.start(ws, {"inference": DOC})
    assert pool is not None
    got = pool.take(DOC, "inference", content_sig(ws / DOC))
    assert got is not None
    doc = load_living_doc(ws, DOC, "inference")
    assert _same(got, (doc, build_doc_index(doc)))
    assert pool.take(DOC, "inference", content_sig(ws / DOC)) is None  # each is taken once


def test_a_doc_changed_since_or_asked_for_another_topic_is_parsed_here(ws: Path, beside) -> None:  # type: ignore[no-untyped-def]
    pool = doc_pool.DocPool.start(ws, {"inference": DOC})
    assert pool is not None
    assert pool.take(DOC, "inference", (1, 2)) is None
    pool = doc_pool.DocPool.start(ws, {"inference": DOC})
    assert pool is not None
    assert pool.take(DOC, "rag", content_sig(ws / DOC)) is None


@pytest.mark.parametrize("program", ["false", "echo"], ids=["fails", "prints-junk"])
def test_a_process_that_fails_or_says_nonsense_gives_nothing(
    ws: Path, beside, monkeypatch, program: str
) -> None:  # type: ignore[no-untyped-def]
    found = shutil.which(program)
    if found is None:
        pytest.skip(f"no {program} here")
    monkeypatch.setattr(sys, "executable", found)
    pool = doc_pool.DocPool.start(ws, {"inference": DOC})
    assert pool is not None
    assert pool.take(DOC, "inference", content_sig(ws / DOC)) is None


def test_small_docs_or_one_core_start_nothing(ws: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert doc_pool.DocPool.start(ws, {"inference": DOC}) is None  # the sample's doc is small
    monkeypatch.setattr(doc_pool, "PARALLEL_FROM", 0)
    monkeypatch.setattr(card_pool, "usable_cores", lambda: 1)
    assert doc_pool.DocPool.start(ws, {"inference": DOC}) is None


def test_words_of_another_lexicon_are_not_taken(ws: Path, beside) -> None:  # type: ignore[no-untyped-def]
    """The other process read with the workspace's words; the doc is taken only if those are
    still the words in use here."""
    from curator.lexicon import use_lexicon_of

    pool = doc_pool.DocPool.start(ws, {"inference": DOC})
    assert pool is not None
    try:
        use_lexicon_of({"relevance": {"stop": ["zzzz-not-a-word"]}})
        assert pool.take(DOC, "inference", content_sig(ws / DOC)) is None
    finally:
        use_lexicon_of({})


def test_a_cold_ui_start_with_the_docs_beside_it_is_the_same_analysis(
    ws: Path, tmp_path: Path, beside
) -> None:  # type: ignore[no-untyped-def]
    from curator.report import analysis_json

    other = tmp_path / "other"
    shutil.copytree(ws, other)
    loader = Loader(ws, load_config(ws), None, *WINDOW)
    assert loader._doc_pool is not None  # a cold start: the docs are parsing beside it
    beside_it = loader.analyze(defer_outside=True)
    assert loader._doc_pool is None
    here = analyze(other, None, *WINDOW, cache=IndexCache(other, persist=False), defer_outside=True)
    assert _plain(analysis_json(beside_it), ws) == _plain(analysis_json(here), other)
    assert loader.save_cache()
    assert Loader(ws, load_config(ws), None, *WINDOW)._doc_pool is None  # warm: nothing to parse


def _plain(doc: dict, root: Path) -> str:
    import json

    return json.dumps(doc, sort_keys=True, ensure_ascii=False).replace(str(root), "WS")
