"""The UI shares the decisions store with `curator decide`: it sees their decisions, never
overrides them, and a bulk action is one undo.

Findings: "lost update" (the UI never saw a CLI decision and its bulk action, planned from
stale rows, overrode it), "bulk undo is row by row", and the UI side of "one decision
lands on two increments".
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

from ui_support import press, screen_text, stored, wait_for, wait_ready

from curator.analysis import analyze
from curator.decide import record_decision
from curator.models import Analysis
from curator.store import DecisionStore
from curator.tui.app import CuratorApp
from curator.tui.screens.bulk import BulkScreen
from curator.tui.widgets.increments import IncrementsTable

SIZE = (160, 50)
REPO = Path(__file__).resolve().parents[2]
MARKS = {"approve": "✓", "reject": "✗", "defer": "⏸"}


def table(app: CuratorApp) -> IncrementsTable:
    return app.triage.query_one("#increments", IncrementsTable)


def mark(app: CuratorApp, key: str) -> str:
    return table(app).get_cell(key, "mark").plain


def toasts(app: CuratorApp) -> list[str]:
    return [n.message for n in app._notifications]


def cli_decide(ws: Path, analysis: Analysis, key: str, action: str) -> None:
    """What `curator decide KEY ACTION` does once it has the analysis (its own process's store)."""
    store = DecisionStore.open(ws, "cli", session_lock=False)
    try:
        record_decision(store, analysis, key, action)
    finally:
        store.close()


async def test_ui_sees_cli_decisions_and_bulk_overrides_none(sample_ws: Path) -> None:
    analysis = analyze(sample_ws)
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        # the first load ends by saving the index cache (it holds the interpreter a moment)
        await wait_for(
            pilot,
            lambda: not any(w.group == "load" and w.is_running for w in app.workers),
            timeout=30,
            what="the first load to finish",
        )
        order = list(table(app).order)
        approved, meanwhile = order[:30], order[30:36]
        latencies = []
        for key in approved:
            await asyncio.to_thread(cli_decide, sample_ws, analysis, key, "approve")
            written = time.monotonic()
            await wait_for(
                pilot, lambda k=key: mark(app, k) == "✓", timeout=5, what=f"{key} on screen"
            )
            latencies.append(time.monotonic() - written)
        assert len(latencies) == 30 and max(latencies) < 1.0, latencies
        assert "✓ 30" in screen_text(app)

        # B plans from what the screen shows; the CLI keeps deciding while the dialog is open
        await press(pilot, "B")
        assert isinstance(app.screen, BulkScreen)
        shown = app.screen.plans[3].count
        assert shown == len(order) - 30
        for key in meanwhile[:-1]:
            await asyncio.to_thread(cli_decide, sample_ws, analysis, key, "reject")
        proc = await asyncio.to_thread(  # and once through the real command
            subprocess.run,
            [sys.executable, "-m", "curator", "decide", meanwhile[-1], "reject", str(sample_ws)],
            capture_output=True,
            text=True,
            timeout=60,
            env=dict(os.environ, PYTHONPATH=str(REPO)),
        )
        assert proc.returncode == 0 and proc.stdout.startswith("saved: reject"), proc.stderr
        await press(pilot, "3")
        await wait_for(
            pilot, lambda: any(t.startswith("bulk: defer") for t in toasts(app)), what="bulk done"
        )
        on_disk = stored(sample_ws)
        assert [on_disk[k].action for k in approved] == ["approve"] * 30
        assert [on_disk[k].action for k in meanwhile] == ["reject"] * 6
        deferred = sorted(k for k, d in on_disk.items() if d.action == "defer")
        assert deferred == sorted(order[36:])
        assert (
            f"bulk: defer × {shown - 6} (6 decided meanwhile, left as they were) · u undoes it all"
            in toasts(app)
        )
        await wait_for(
            pilot, lambda: all(mark(app, k) == "✗" for k in meanwhile), what="rejects shown"
        )
        assert f"✓ 30  ✗ 6  ⏸ {len(order) - 36}" in screen_text(app)


async def test_bulk_is_one_undo_and_one_redo_across_restarts(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        await press(pilot, "B")
        rejected = sorted(r.inc.id for r, _ in app.screen.plans[1].steps)
        await press(pilot, "1")
        n = len(rejected)
        assert n == 59  # anchored, reported and off-topic increments of the sample relay
        assert sorted(k for k, d in stored(sample_ws).items() if d.action == "reject") == rejected
        assert f"✗ {n}" in screen_text(app)
        await press(pilot, "u")  # one key undoes the whole bulk action
        assert stored(sample_ws) == {}
        assert f"undone: bulk reject × {n}" in toasts(app)
        assert all(mark(app, k) == " " for k in rejected)
        await press(pilot, "ctrl+r")
        assert len([d for d in stored(sample_ws).values() if d.action == "reject"]) == n
        await press(pilot, "q")
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:  # after a restart
        await wait_ready(app, pilot)
        assert all(mark(app, k) == "✗" for k in rejected)
        await press(pilot, "u")
        assert stored(sample_ws) == {}
        await press(pilot, "q")
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        await press(pilot, "ctrl+r")
        assert len(stored(sample_ws)) == n
        await press(pilot, "q")
    out = subprocess.run(
        [sys.executable, "-m", "curator", "history", str(sample_ws)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        env=dict(os.environ, PYTHONPATH=str(REPO)),
    ).stdout.splitlines()
    assert [line.split("  ", 2)[2] for line in out] == [
        f"redo  bulk reject × {n}",
        f"undo  bulk reject × {n}",
        f"redo  bulk reject × {n}",
        f"undo  bulk reject × {n}",
        f"bulk  bulk reject × {n}",
    ]


async def test_a_key_on_screen_decides_its_own_row_only(sample_ws: Path) -> None:
    title_id, twin = "t:your-eval-harness-is-your-product", "2607.08028"
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        table(app).select_key(title_id)
        await pilot.pause()
        assert app.triage.current_row().inc.id == title_id
        await press(pilot, "x")
        assert mark(app, title_id) == "✗" and mark(app, twin) == " "
        table(app).select_key(twin)
        await pilot.pause()
        await press(pilot, "a")
        assert mark(app, title_id) == "✗" and mark(app, twin) == "✓"
    assert {k: d.action for k, d in stored(sample_ws).items()} == {
        title_id: "reject",
        twin: "approve",
    }
