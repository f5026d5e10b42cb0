"""Decisions follow their increment: note edits, late-joining notes, merges; orphans are kept."""

from __future__ import annotations

from pathlib import Path

from curator.analysis import analyze
from curator.store import DecisionStore
from curator.triage import Triage


def _triage(ws: Path, store: DecisionStore) -> Triage:
    return Triage(analyze(ws), store)


def test_keys_survive_edits_and_new_sources(sample_ws: Path) -> None:
    store = DecisionStore.open(sample_ws, "tom")
    try:
        t = _triage(sample_ws, store)
        corun = t.resolve("arXiv:2608.14376")
        blog = t.resolve("https://lmsys.org/blog/2026-08-17-advanced-cuda-graph/")
        miles = next(r for r in t.rows if "Miles" in r.title)
        assert corun and blog
        store.decide(t.decision_key(corun), "approve", section="§1.3")
        store.decide(t.decision_key(blog), "approve", section="§1.1")
        store.decide(t.decision_key(miles), "reject")

        # an author edits titles and wording; a new note reports CoRun and the blog again
        spark = sample_ws / "inbox" / "spark" / "2026-08-20-llm-infra-e1prep.md"
        text = spark.read_text(encoding="utf-8")
        text = text.replace("CoRun · 确定性 continuous batching", "CoRun:确定性调度(重写标题)")
        text = text.replace("Miles v0.1", "Miles v0.1(RL 框架)")
        spark.write_text(text, encoding="utf-8")
        late = sample_ws / "inbox" / "kai" / "2026-08-20T2100-kai-late.md"
        late.parent.mkdir()
        late.write_text(
            "# late note\n\n## 增量1 CoRun again\n- arXiv: https://arxiv.org/pdf/2608.14376v3\n"
            "## 增量2 CUDA Graph post\n- 链接: https://www.lmsys.org/blog/2026-08-17-advanced-cuda-graph\n",
            encoding="utf-8",
        )
        t = _triage(sample_ws, store)
        corun = t.resolve("2608.14376")
        assert corun.action == "approve" and corun.section == "§1.3"
        assert "inbox/kai/2026-08-20T2100-kai-late.md" in {s.path for s in corun.sources}
        blog = t.resolve("lmsys.org/blog/2026-08-17-advanced-cuda-graph")
        assert blog.action == "approve" and len(blog.sources) == 4
        miles = next(r for r in t.rows if "Miles" in r.title)
        assert miles.action == "reject"
        assert not t.orphans
    finally:
        store.close()


def test_merge_folds_and_orphans_are_kept(sample_ws: Path) -> None:
    store = DecisionStore.open(sample_ws, "tom")
    try:
        t = _triage(sample_ws, store)
        dash, hbf = t.resolve("2608.14333"), t.resolve("2608.11668")
        store.merge(t.decision_key(dash), t.decision_key(hbf))
        t = _triage(sample_ws, store)
        row = t.resolve("2608.14333")
        assert row is t.resolve("2608.11668"), "the merged increment answers to both IDs"
        assert (
            "2608.11668" in row.arxiv
            and len([r for r in t.rows if "2608.11668" in r.inc.arxiv]) == 0
        )
        store.decide("2609.00001", "defer")  # a paper no note of this window mentions
        t = _triage(sample_ws, store)
        assert [d.key for d in t.orphans] == ["2609.00001"]
    finally:
        store.close()
