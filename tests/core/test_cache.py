"""The persisted index cache: only changed files are re-read, and results equal a cold run."""

from __future__ import annotations

import os
import time
from pathlib import Path

from curator.analysis import analyze
from curator.cache import IndexCache
from curator.report import analysis_json


def _strip(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("errors",)}


def test_edit_one_note_rereads_only_it(sample_ws: Path) -> None:
    first = IndexCache(sample_ws)
    analyze(sample_ws, cache=first)
    assert first.reads > 10 and (sample_ws / ".curator" / "index-notes.cache").is_file()

    warm = IndexCache(sample_ws)
    analyze(sample_ws, cache=warm)
    assert warm.reads == 0

    note = (
        sample_ws
        / "inbox"
        / "jay"
        / "2026-08-20T1950-jay-inference-engineering-rag-eval-mcp-stack-aug20.md"
    )
    text = note.read_text(encoding="utf-8")
    note.write_text(
        text + "\n## 条目7【inference】NewPaper: a fresh one (arXiv:2608.19999)\n- 要点:new\n",
        encoding="utf-8",
    )
    st = note.stat()
    os.utime(note, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))

    third = IndexCache(sample_ws)
    cached = analyze(sample_ws, cache=third)
    assert third.read_paths == [note.relative_to(sample_ws).as_posix()]
    cold = analyze(sample_ws)
    assert _strip(analysis_json(cached)) == _strip(analysis_json(cold))
    assert any("2608.19999" in inc.arxiv for inc in cached.increments)


def test_deleted_note_is_forgotten_and_damaged_cache_ignored(sample_ws: Path) -> None:
    analyze(sample_ws, cache=IndexCache(sample_ws))
    victim = sample_ws / "inbox" / "stephen" / "2026-08-20-ai-industry-e1prep.md"
    victim.unlink()
    a = analyze(sample_ws, cache=IndexCache(sample_ws))
    assert victim.name not in {Path(n.path).name for n in a.notes}
    (sample_ws / ".curator" / "index-notes.cache").write_bytes(b"not a cache")
    c = IndexCache(sample_ws)
    b = analyze(sample_ws, cache=c)
    assert c.reads > 0 and len(b.increments) == len(a.increments)


def test_cache_owned_by_someone_else_is_not_loaded(sample_ws: Path) -> None:
    analyze(sample_ws, cache=IndexCache(sample_ws))
    path = sample_ws / ".curator" / "index-notes.cache"
    path.chmod(0o666)  # writable by others: never trust it
    c = IndexCache(sample_ws)
    assert c.notes == {}
    time.sleep(0)


def test_warm_equals_cold_with_earlier_briefings(sample_ws: Path) -> None:
    """Earlier briefings feed "reported" from cached metadata alone; the answer must not change."""
    briefing = sample_ws / "inbox" / "tom" / "2026-08-19-inference-e1prep.md"
    text = briefing.read_text(encoding="utf-8")
    cut = text.index("增量 2【")
    extra = (
        "增量 9【§1.1】🟠 CoRun · 确定性 continuous batching(arXiv:2608.14376)\n"
        "来源: inbox/tom/x.md\n要点: - 早一天已报\n建议归入节: §1.13\n"
        "增量 10【§1.1】🟡 DeployBase: Best LLM Inference Engine (2026)\n"
        "来源: inbox/jay/y.md\n要点: - 只有标题\n建议归入节: §1.1\n"
    )
    briefing.write_text(text[:cut] + extra + text[cut:], encoding="utf-8")
    cold = analyze(sample_ws)
    reported = {i.id for i in cold.increments if i.status == "reported"}
    assert "2608.14376" in reported
    assert any("deploybase" in r for r in reported), reported
    analyze(sample_ws, cache=IndexCache(sample_ws))
    warm_cache = IndexCache(sample_ws)
    warm = analyze(sample_ws, cache=warm_cache)
    assert warm_cache.reads == 0
    assert _strip(analysis_json(warm)) == _strip(analysis_json(cold))
    # the section suggestions come from the persisted memo now, and still agree
    assert [i.suggested_sections for i in warm.increments] == [
        i.suggested_sections for i in cold.increments
    ]


def test_cache_written_by_other_code_is_rebuilt(sample_ws: Path, monkeypatch) -> None:
    analyze(sample_ws, cache=IndexCache(sample_ws))
    assert IndexCache(sample_ws).notes
    import curator.cache

    monkeypatch.setattr(curator.cache, "code_fingerprint", lambda: "another-build")
    c = IndexCache(sample_ws)
    assert c.notes == {}
    analyze(sample_ws, cache=c)
    assert c.reads > 10


def test_vocabulary_is_kept_and_recounted_when_a_card_changes(sample_ws: Path) -> None:
    """The topic vocabulary is counted once and kept; a changed card makes it count again, and the
    warm answer stays the cold one."""
    first = IndexCache(sample_ws)
    analyze(sample_ws, cache=first)
    assert (sample_ws / ".curator" / "index-vocabulary.cache").is_file()
    (key,) = IndexCache(sample_ws).vocabulary  # one topic, one vocabulary

    card = sorted((sample_ws / "paper_cards").glob("*.md"))[0]
    text = card.read_text(encoding="utf-8")
    card.write_text(
        text.replace("\n", " and Quantum Annealing\n", 1), encoding="utf-8"
    )  # a new title
    st = card.stat()
    os.utime(card, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    warm = IndexCache(sample_ws)
    cached = analyze(sample_ws, cache=warm)
    assert list(warm.vocabulary) != [key]
    assert _strip(analysis_json(cached)) == _strip(analysis_json(analyze(sample_ws)))


def test_a_cached_doc_index_is_the_built_one(sample_ws: Path) -> None:
    """Every part of a living doc's index comes back from the cache (a new attribute must be cached too)."""
    from curator.context import build_doc_index
    from curator.living_doc import load_living_doc

    analyze(sample_ws, cache=IndexCache(sample_ws))
    warm = IndexCache(sample_ws)
    assert warm.docs
    for rel, (_sig, doc) in warm.docs.items():
        cached = warm.indexes[rel]
        built = build_doc_index(load_living_doc(sample_ws, rel, doc.topic))
        assert set(vars(cached)) == set(vars(built))
        assert set(vars(cached.index)) == set(vars(built.index))
        for name in ("anchors_by_id", "anchors_by_url", "name_anchors", "name_by_token", "cited"):
            assert getattr(cached, name) == getattr(built, name), name
        for name, value in vars(built.index).items():
            if name not in ("doc", "bm25", "memo", "memo_changed", "_titles"):
                assert getattr(cached.index, name) == value, name
        assert cached.index.bm25.scores(["kv", "cache"]) == built.index.bm25.scores(["kv", "cache"])


def test_the_analysis_hands_on_the_doc_indexes_it_used(sample_ws: Path) -> None:
    """Every doc's index is on the analysis (and, with a cache, is the one the cache keeps and
    saves); the analysis' equality and repr leave it out."""
    from curator.context import index_of

    cold = analyze(sample_ws)
    assert set(cold.doc_indexes) == {d.topic for d in [cold.living_doc, *cold.other_docs]}
    assert index_of(cold) is cold.doc_indexes[cold.topic]
    assert "doc_indexes" not in repr(cold)

    cache = IndexCache(sample_ws)
    warm = analyze(sample_ws, cache=cache)
    rel = cold.living_doc.path
    assert index_of(warm) is cache.indexes[rel]
    assert index_of(warm).index.doc is warm.living_doc
    again = analyze(sample_ws)
    assert again.doc_indexes[again.topic] is not cold.doc_indexes[cold.topic]
    assert again == cold
