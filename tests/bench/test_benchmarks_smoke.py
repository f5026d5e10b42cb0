"""Smoke test for ``benchmarks/run.py``: it runs on S, reports figures with ratios, and the
correctness parts hold (no timing assertions: the machine is shared and noisy)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "run.py"


def run_json(script: Path, *args: str, timeout: float = 300) -> tuple[dict, str]:
    """A benchmark script run with ``--json``: (its JSON document, its stderr); it must exit 0."""
    out = subprocess.run(
        [sys.executable, str(script), *args, "--json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
        check=False,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout), out.stderr


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    workdir = tmp_path_factory.mktemp("bench")
    doc, _err = run_json(
        SCRIPT,
        *("--size", "S", "--only", "analyze,cluster,lookup", "--workdir", str(workdir)),
        *("--repeat", "2", "--lookup-budget", "10"),
    )
    assert doc["size"] == "S" and doc["errors"] == [], doc["errors"]
    return doc


def figures(doc: dict) -> dict[str, dict]:
    return {f["key"]: f for f in doc["figures"]}


def test_every_timed_figure_has_a_value_a_baseline_and_a_ratio(report: dict) -> None:
    figs = figures(report)
    for key in (
        "analyze.cold.inproc",
        "analyze.warm.inproc",
        "analyze.warm1.inproc",
        "analyze.cold.process",
        "analyze.warm.process",
        "cluster.time",
        "cluster.time_with_overlaps",
        "lookup.process",
        "lookup.inproc.p50",
        "lookup.inproc.p99",
    ):
        f = figs[key]
        assert f["error"] is None, (key, f["error"])
        assert f["value"] is not None and f["value"] > 0, key
        if key == "lookup.process" and "rg missing" in f["baseline_label"]:
            continue  # no ripgrep on this machine: the figure says so instead of a ratio
        assert f["baseline"] is not None and f["baseline"] > 0, key
        assert f["ratio"] is not None and f["ratio"] > 0, key
        assert f["samples"], key
    for f in report["figures"]:
        if f["targets"]:
            assert f["passed"] in (True, False, None)
            if f["passed"] is False:
                assert f["misses"], f["key"]  # a miss always says by how much


def test_warm_analyze_reads_nothing_again(report: dict) -> None:
    note = figures(report)["analyze.warm.inproc"]["note"]
    assert "files re-read: [0, 0]" in note


def test_planted_duplicates_are_found_precisely(report: dict) -> None:
    figs = figures(report)
    q = report["info"]["quality"]
    assert q["planted"] > 0 and q["merged_pairs"] > 0
    assert figs["cluster.dup_precision"]["value"] >= 0.9, q
    assert figs["cluster.dup_recall"]["value"] >= 0.9, report["info"]["quality_examples"]


def test_no_two_arxiv_ids_merged(report: dict) -> None:
    f = figures(report)["cluster.no_id_merge"]
    assert f["value"] == 1.0 and f["passed"] is True, f["note"]
    assert report["info"]["quality"]["id_merges"] == 0


KEYS_SCRIPT = SCRIPT.parent / "keys.py"


def test_key_latency_benchmark_runs_on_the_sample_relay(tmp_path: Path) -> None:
    """``benchmarks/keys.py`` on the sample relay, 2 presses per key: figures and ratios, no timing asserted."""
    doc, err = run_json(
        KEYS_SCRIPT,
        *("--places", "sample", "--repeat", "2", "--gap", "0.05", "--workdir", str(tmp_path)),
    )
    (place,) = doc["places"]
    assert place["place"] == "sample" and place["rows"] > 0
    for key in ("a", "u", "s", "j"):
        f = place["keys"][key]
        assert f["samples"] == 2 and f["bare_samples"] == 2, (key, f)
        assert f["curator_p95"] > 0 and f["bare_p95"] > 0 and f["ratio_p95"] > 0, (key, f)
    assert "ratio" in err


TMUX_KEYS = SCRIPT.parent / "tmux_keys.py"


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_tmux_key_benchmark_runs_on_a_tiny_corpus(tmp_path: Path) -> None:
    """``benchmarks/tmux_keys.py`` on 30 notes, 3 presses per key: index complete and both
    figures per key for both apps; no timing asserted."""
    doc, err = run_json(TMUX_KEYS, "--notes", "30", "--repeat", "3", "--workdir", str(tmp_path))
    assert doc["rows"] > 0 and doc["index_complete_s"] > 0
    assert doc["index_complete_first_run_s"] > 0  # the start that found no compiled regexes
    for key in ("j", "k", "s"):
        for what in ("first", "settled"):
            f = doc["keys"][key][what]
            assert f["n"] == [3, 3] and f["ratio_p95"] > 0, (key, what, f)
    assert "index complete" in err


# --------------------------------------------------------------------------- scale.py (issue 14)

SCALE = SCRIPT.parent / "scale.py"


@pytest.fixture(scope="module")
def scale_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, str]:
    """scale.py on a tiny corpus, one round: every figure present, no timing asserted."""
    workdir = tmp_path_factory.mktemp("scale")
    return run_json(SCALE, "--sizes", "40", "--repeat", "1", "--workdir", str(workdir), timeout=120)


def test_scale_reports_every_figure_with_its_baseline(scale_run: tuple[dict, str]) -> None:
    doc, table = scale_run
    assert doc["errors"] == [] and doc["sizes"] == [40]
    figs = figures(doc)
    for n in (40,):
        for key in (
            "whole.cold",
            "whole.warm",
            "whole.touched",
            "evening.cold",
            "evening.warm",
            "decide",
            "rss",
        ):
            f = figs[f"n{n}.{key}"]
            assert f["error"] is None, (n, key, f["error"])
            assert f["value"] > 0 and f["baseline"] > 0 and f["ratio"] > 0, (n, key)
        for key in ("twins", "dup_precision", "dup_recall", "id_merges", "anchored"):
            assert figs[f"n{n}.{key}"]["value"] is not None, (n, key)
    for label in (
        "`analyze --json` cold, whole corpus",
        "one evening",
        "`curator decide ID approve`",
        "peak RSS",
        "near-twin pairs flagged",
        "planted duplicates, precision",
    ):
        assert label in table, label
    for f in doc["figures"]:
        if f["passed"] is False:
            assert f["misses"], f["key"]  # a miss always says by how much


def test_scale_quality_holds_on_a_tiny_corpus(scale_run: tuple[dict, str]) -> None:
    figs = figures(scale_run[0])
    assert figs["n40.dup_precision"]["value"] >= 0.99
    assert figs["n40.dup_recall"]["value"] >= 0.99
    assert figs["n40.id_merges"]["value"] == 0


def test_scale_growth_exponent_between_consecutive_sizes() -> None:
    """t ∝ N^k: 4x the notes at 8x the CPU is k = 1.5; the target applies from 2,000 notes on."""
    sys.path.insert(0, str(SCRIPT.parent))
    import scale
    from run import ProcRun, Results

    assert scale.exponent(1.0, 8.0, 500, 2000) == pytest.approx(1.5)
    assert scale.exponent(None, 8.0, 500, 2000) is None
    sizes = []
    for n, t in ((500, 1.0), (2000, 8.0), (8000, 32.0)):
        sz = scale.Size(n, Path("."), {})
        sz.floor = [ProcRun(0.1 * n / 500, 0, 0, "", 0.1 * n / 500)]
        sz.cold = [ProcRun(t, 0, 0, "", t)]
        sz.warm = [ProcRun(t / 2, 0, 0, "", t / 2)]
        sizes.append(sz)
    res = Results()
    scale.add_growth(sizes, res)
    figs = {f.key: f for f in res.figures}
    assert figs["growth.cold.500-2000"].value == pytest.approx(1.5)
    assert figs["growth.cold.500-2000"].baseline == pytest.approx(1.0)
    assert figs["growth.cold.500-2000"].targets == []
    assert figs["growth.warm.2000-8000"].value == pytest.approx(1.0)
    assert figs["growth.warm.2000-8000"].check() == (True, [])
