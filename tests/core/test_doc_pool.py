"""Living docs parsed in a second process while a cold start opens: the same analysis, and any
doubt (a changed doc, a failed process, a warm cache) means parsing here."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from conftest import SAMPLE, SINCE, UNTIL, copy_workspace

from curator import beside, doc_pool
from curator.analysis import analyze
from curator.cache import IndexCache
from curator.report import analysis_json
from curator.service.evening import Evening

WINDOW = (SINCE, UNTIL)


@pytest.fixture
def ws(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the sample relay, cold; every doc size goes to the other process."""
    root = copy_workspace(SAMPLE, tmp_path / "ws")
    monkeypatch.setattr(doc_pool, "PARALLEL_FROM", 0)
    monkeypatch.setattr(beside, "cores", lambda: 2)
    return root


def _parsed_here(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The docs this process parses itself, by path."""
    import curator.living_doc as living_doc

    here: list[str] = []
    real = living_doc.load_living_doc

    def counted(root: Path, rel: str, topic: str):  # type: ignore[no-untyped-def]
        here.append(rel)
        return real(root, rel, topic)

    monkeypatch.setattr(living_doc, "load_living_doc", counted)
    return here


def test_a_cold_start_takes_every_doc_from_the_other_process_and_answers_the_same(
    ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here_answer = analysis_json(analyze(ws, None, *WINDOW, cache=IndexCache(ws, persist=False)))
    here = _parsed_here(monkeypatch)
    assert Evening.open(str(ws)).start_reading_docs()
    beside_answer = analysis_json(analyze(ws, None, *WINDOW, cache=IndexCache(ws, persist=False)))
    assert here == []  # every topic's doc came parsed and indexed
    assert beside_answer == here_answer
    assert str(ws) not in doc_pool._started  # nothing held after the docs are read


def test_a_doc_changed_after_the_other_process_read_it_is_parsed_here(
    ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert Evening.open(str(ws)).start_reading_docs()
    answer = doc_pool._started[str(ws)]
    assert isinstance(answer, beside.Answer)
    doc_pool._started[str(ws)] = answer()  # read there, then changed here
    doc = next((ws / "organized" / "knowledge").glob("*.md"))
    doc.write_text(doc.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    here = _parsed_here(monkeypatch)
    analyze(ws, None, *WINDOW, cache=IndexCache(ws, persist=False))
    assert here == [doc.relative_to(ws).as_posix()]


def test_a_warm_workspace_starts_nothing(ws: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    analyze(ws, None, *WINDOW, cache=IndexCache(ws))  # writes the index cache
    monkeypatch.setattr(beside.subprocess, "Popen", _not_started)
    assert not Evening.open(str(ws)).start_reading_docs()


def test_small_docs_are_parsed_here(ws: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(doc_pool, "PARALLEL_FROM", 10**9)
    monkeypatch.setattr(beside.subprocess, "Popen", _not_started)
    assert not Evening.open(str(ws)).start_reading_docs()


@pytest.mark.parametrize("program", ["false", "echo"], ids=["fails", "prints-junk"])
def test_a_process_that_fails_or_says_nonsense_means_parsing_here(
    ws: Path, monkeypatch: pytest.MonkeyPatch, program: str
) -> None:
    found = shutil.which(program)
    if found is None:
        pytest.skip(f"no {program} here")
    expected = analysis_json(analyze(ws, None, *WINDOW, cache=IndexCache(ws, persist=False)))
    monkeypatch.setattr(sys, "executable", found)
    assert Evening.open(str(ws)).start_reading_docs()
    here = _parsed_here(monkeypatch)
    got = analysis_json(analyze(ws, None, *WINDOW, cache=IndexCache(ws, persist=False)))
    assert got == expected
    assert here  # parsed here after all


def test_an_answer_nobody_takes_is_stopped(ws: Path) -> None:
    """A run that does not read the docs through the cache (it broke, say) leaves no process
    behind: reading the docs releases what was started."""
    assert Evening.open(str(ws)).start_reading_docs()
    answer = doc_pool._started[str(ws)]
    assert isinstance(answer, beside.Answer)
    proc = answer._proc
    assert proc is not None
    analyze(ws, None, *WINDOW)  # no cache: the docs are parsed here
    assert proc.returncode is not None  # stopped and reaped
    assert str(ws) not in doc_pool._started


def _not_started(*_a: object, **_k: object) -> None:
    raise AssertionError("another process was started")


def test_the_docs_section_terms_are_kept_with_its_index_for_the_words_they_were_counted_by(
    ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counted once per doc and set of words: the cache keeps them (a warm run whose vocabulary
    must be counted again, a card changed, counts no section); other words count them again."""
    import curator.context as context
    from curator.lexicon import default_lexicon
    from curator.relevance import base_stop, section_terms

    first = analyze(ws, None, *WINDOW, cache=IndexCache(ws))
    counted: list[str] = []
    real = context.section_terms

    def counting(doc, stop):  # type: ignore[no-untyped-def]
        counted.append(doc.topic)
        return real(doc, stop)

    monkeypatch.setattr(context, "section_terms", counting)
    cache = IndexCache(ws)
    cache.vocabulary.clear()  # as when a card changed
    again = analyze(ws, None, *WINDOW, cache=cache)
    assert counted == []
    assert analysis_json(again) == analysis_json(first)
    di = next(iter(cache.indexes.values()))
    doc = next(d for _sig, d in cache.docs.values() if d.path == next(iter(cache.indexes)))
    assert di.section_terms is not None
    assert di.section_terms[1] == section_terms(doc, base_stop(default_lexicon()))
    di.section_terms = ("other words", di.section_terms[1])
    context.held_terms(di, doc, default_lexicon())
    assert counted == [doc.topic]
