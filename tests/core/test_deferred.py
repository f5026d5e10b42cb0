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


def _far_notes(ws: Path) -> dict[str, Path]:
    """Notes days before the sample's window (and one two days before it), by what dates them."""
    inbox = ws / "inbox" / "zoe"
    inbox.mkdir(parents=True, exist_ok=True)
    made = {
        # a date-only name whose text writes the clock time: exact 14:30, by name 00:00
        "day": inbox / "2026-08-01-zoe-serving-digest.md",
        "clock": inbox / "2026-08-05T0930-zoe-kv-cache.md",
        "near": inbox / "2026-08-17T0930-zoe-batching.md",
    }
    body = "# {t}\n\nWritten 2026-08-0{d} 14:30.\n\n- arXiv:2601.0{n}123 — a paper on {t}\n"
    for n, (k, p) in enumerate(made.items(), start=1):
        p.write_text(body.format(t=k, d=n, n=n), encoding="utf-8")
    old = next((ws / "inbox" / "tom").glob("2026-08-19-inference-e1prep.md"))
    made["briefing"] = ws / "inbox" / "tom" / "2026-08-02-inference-e1prep.md"
    made["briefing"].write_text(old.read_text(encoding="utf-8"), encoding="utf-8")
    return made


def test_far_notes_are_dated_by_their_names_and_change_nothing_else(sample_ws: Path) -> None:
    made = {k: str(p.relative_to(sample_ws)) for k, p in _far_notes(sample_ws).items()}
    exact = analyze(sample_ws, defer_outside=True)
    rough = analyze(sample_ws, defer_outside=True, date_by_name=True)
    by_path = {n.path: n for n in rough.notes}
    exact_by_path = {n.path: n for n in exact.notes}
    day, clock, near = (by_path[made[k]] for k in ("day", "clock", "near"))
    assert day.rough and day.pending and clock.rough and clock.pending
    assert day.time_source == "name" and day.time is not None
    assert day.time.date() == exact_by_path[made["day"]].time.date()  # the same day, ...
    assert (day.time.hour, day.time.minute) == (0, 0)  # ... its clock time unread yet
    assert clock.time == exact_by_path[made["clock"]].time
    assert near.pending and not near.rough  # two days from the window: its text is read
    briefing = by_path[made["briefing"]]
    assert not briefing.pending and not briefing.rough and briefing.kind == "briefing"
    jr, je = analysis_json(rough), analysis_json(exact)
    assert jr["increments"] == je["increments"]
    assert jr["errors"] == je["errors"]
    assert not any(n.rough for n in exact.notes)


def test_a_note_dated_by_its_name_is_not_kept_as_dated(sample_ws: Path) -> None:
    made = {k: str(p.relative_to(sample_ws)) for k, p in _far_notes(sample_ws).items()}
    cache = IndexCache(sample_ws)
    analyze(sample_ws, cache=cache, defer_outside=True, date_by_name=True)
    assert made["day"] not in cache.notes and made["clock"] not in cache.notes
    assert cache.notes[made["near"]][1].pending  # dated exactly: kept
    # the far note's own evening, from the same cache: in the window, at its exact time
    again = analyze(
        sample_ws,
        since="2026-08-01T00:30:00+08:00",
        until="2026-08-02T00:30:00+08:00",
        cache=cache,
        defer_outside=True,
        date_by_name=True,
    )
    day = next(n for n in again.notes if n.path == made["day"])
    assert day.in_window and not day.pending and not day.rough
    assert day.time is not None and (day.time.hour, day.time.minute) == (14, 30)


def test_notes_are_dated_once_unless_a_cold_start_dates_by_name(
    sample_ws: Path, monkeypatch
) -> None:
    """The CLI's runs (no dating by name) read each note's date from its text, once."""
    import curator.workspace as workspace

    _far_notes(sample_ws)
    calls: list[bool] = []
    real = workspace.note_time

    def counted(*args, **kwargs):
        calls.append("text" in kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(workspace, "note_time", counted)
    analyze(sample_ws, defer_outside=True)
    assert calls and all(calls)  # never a name-only dating first
    calls.clear()
    analyze(sample_ws, defer_outside=True, date_by_name=True)
    assert not all(calls)  # the far notes were dated by name
