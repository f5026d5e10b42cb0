"""A cold start reads notes outside the window later: the relay's answer must not change."""

from __future__ import annotations

from pathlib import Path

from ui_support import toasts, wait_for, wait_ready

from curator.analysis import analyze
from curator.cache import IndexCache
from curator.report import analysis_json
from curator.tui.app import CuratorApp


def test_deferred_notes_change_no_increment(sample_ws: Path) -> None:
    full = analyze(sample_ws)
    lazy = analyze(sample_ws, defer_outside=True)
    pending = [n for n in lazy.notes if n.pending]
    assert pending, "the sample has notes outside the window"
    assert all(not n.in_window and n.kind != "briefing" and not n.items for n in pending)
    assert all(n.time is not None for n in pending)  # dated all the same
    jf, jl = analysis_json(full), analysis_json(lazy)
    assert jl["increments"] == jf["increments"]
    assert jl["errors"] == jf["errors"]
    assert [(n["path"], n["time"], n["in_window"]) for n in jl["notes"]] == [
        (n["path"], n["time"], n["in_window"]) for n in jf["notes"]
    ]
    # this topic's earlier briefing is read in full: it decides what was already reported
    briefing = next(n for n in lazy.notes if n.path.endswith("2026-08-19-inference-e1prep.md"))
    assert not briefing.pending and briefing.kind == "briefing" and briefing.items


def test_deferred_notes_are_cached_dated_then_read_once(sample_ws: Path) -> None:
    cache = IndexCache(sample_ws)
    lazy = analyze(sample_ws, cache=cache, defer_outside=True)
    pending = sorted(n.path for n in lazy.notes if n.pending)
    assert pending and all(
        cache.notes[p][1].pending and not cache.notes[p][1].items for p in pending
    )
    again = IndexCache(sample_ws)
    assert analysis_json(analyze(sample_ws, cache=again, defer_outside=True)) == analysis_json(lazy)
    assert again.read_paths == []  # the next deferred pass reads nothing: the dates were kept
    second = IndexCache(sample_ws)
    full = analyze(sample_ws, cache=second)
    assert sorted(second.read_paths) == pending  # only the deferred notes were still to read
    assert not any(n.pending for n in full.notes)
    assert analysis_json(full) == analysis_json(analyze(sample_ws))
    third = IndexCache(sample_ws)
    analyze(sample_ws, cache=third, defer_outside=True)
    assert third.read_paths == [] and not any(
        third.notes[p][1].pending for p in pending
    )  # whole notes stay whole


async def test_cold_start_completes_the_notes_quietly(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_ready(app, pilot)
        await wait_for(
            pilot,
            lambda: not any(n.pending for n in app.triage.session.analysis.notes),
            20,
            "the notes outside the window",
        )
        await pilot.pause(0.2)
        old = next(
            n for n in app.triage.session.analysis.notes if not n.in_window and n.kind != "briefing"
        )
        assert old.items  # read in full now
        assert not [t for t in toasts(app) if "updated note" in t or "new note" in t]


def test_completion_steps_aside_for_a_new_analysis(sample_ws: Path) -> None:
    """A note arriving while a cold start completes is analysed between chunks, deferring the rest."""
    import threading

    from curator.config import load_config
    from curator.service.loader import Loader

    loader = Loader(sample_ws, load_config(sample_ws))
    first = loader.analyze(defer_outside=True)
    pending = [n.path for n in first.notes if n.pending]
    assert pending
    started = threading.Event()
    release = threading.Event()
    results: list = []

    def cancelled() -> bool:  # the completion's first check: hold it here until an analysis waits
        started.set()
        release.wait(5)
        return False

    t = threading.Thread(target=loader.complete, args=(pending, cancelled))
    t.start()
    started.wait(5)
    assert loader.completing
    reads = loader._cache.reads
    a = threading.Thread(
        target=lambda: results.append(loader.analyze(defer_outside=loader.completing))
    )
    a.start()
    a.join(10)
    assert results, "an analysis must not wait for the whole completion"
    assert [n.path for n in results[0].notes if n.pending] == pending
    assert loader._cache.reads == reads  # nothing re-read: deferred notes are remembered, dated
    release.set()
    t.join(10)
    done = loader.analyze()
    assert not any(n.pending for n in done.notes) and not loader.completing


def test_cli_analyze_splits_only_the_window(sample_ws: Path, capsys) -> None:
    """``analyze`` dates the notes outside the window without splitting them (their items are
    ``null``); ``--all-notes`` splits them too; the increments are the same either way."""
    import json

    from curator.cli import main

    assert main(["analyze", str(sample_ws), "--json", "--no-cache"]) == 0
    lazy = json.loads(capsys.readouterr().out)
    assert main(["analyze", str(sample_ws), "--json", "--no-cache", "--all-notes"]) == 0
    full = json.loads(capsys.readouterr().out)
    assert lazy["increments"] == full["increments"] and lazy["counts"] == full["counts"]
    outside = [n for n in lazy["notes"] if not n["split"]]
    assert outside and all(not n["in_window"] and n["kind"] == "note" for n in outside)
    assert all(
        n["items"] is None and n["arxiv"] is None and n["item_list"] is None for n in outside
    )
    assert all(n["split"] and n["items"] is not None for n in full["notes"])
    by_path = {n["path"]: n for n in full["notes"]}
    assert any(by_path[n["path"]]["items"] for n in outside)  # what --all-notes adds is real
    for n in lazy["notes"]:
        if n["in_window"]:
            assert n == by_path[n["path"]]
