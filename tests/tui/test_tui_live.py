"""The live inbox: notes that appear, grow, change or vanish while the UI runs."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

from ui_support import toasts, wait_for, wait_ready

from curator.tui.app import CuratorApp
from curator.tui.widgets.notes import NotesPane

SIZE = (160, 50)
LIMIT = 3.0
NOTE = """# jay · live note

## 增量1 LiveAlpha 一种新的 KV 压缩
- arXiv: 2608.19001
- 要点: KV cache 压缩 4×,吞吐不降

## 增量2 LiveBeta 调度器
- arXiv: 2608.19002
- 要点: continuous batching 的新调度

## 增量3 LiveGamma 投机解码
- arXiv: 2608.19003
- 要点: draft 模型更小
"""


def note_items(app: CuratorApp, path: str) -> int | None:
    for note in app.triage.session.analysis.notes:
        if note.path == path:
            return len(note.items)
    return None


def notes_labels(app: CuratorApp) -> str:
    pane = app.triage.query_one("#notes", NotesPane)
    return " ".join(leaf.label.plain for branch in pane.root.children for leaf in branch.children)


async def test_note_written_in_two_chunks_appears_once_complete(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        await pilot.pause(0.3)
        rel = "inbox/jay/2026-08-20T2100-jay-live.md"
        half = len(NOTE.encode()) // 2
        data = NOTE.encode()
        with open(sample_ws / rel, "wb") as handle:
            handle.write(data[:half])  # cut in the middle of item 2
            handle.flush()
            os.fsync(handle.fileno())
            await pilot.pause(0.08)
            handle.write(data[half:])
        written = time.monotonic()
        await wait_for(pilot, lambda: note_items(app, rel) is not None, LIMIT, "the new note")
        took = app.triage.swapped_at - written
        assert note_items(app, rel) == 3
        await pilot.pause(0.5)
        arrivals = [m for m in toasts(app) if "jay-live" in m]
        assert arrivals == [f"new note: {rel} (3 items)"], arrivals
        assert app.triage.reanalyses == 1
        ids = {r.inc.id for r in app.triage.session.rows}
        assert {"2608.19001", "2608.19002", "2608.19003"} <= ids
        assert "live" in notes_labels(app)
        print(f"note on screen {took:.2f}s after the last write")
        assert took < 2.0  # typically ~0.45 s: 40 ms debounce, 150 ms settle, analysis


async def test_note_changes_and_disappears(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        rel = "inbox/jay/2026-08-20T1055-jay-engineering-filter.md"
        path = sample_ws / rel
        before = note_items(app, rel)
        table = app.triage.query_one("#increments")
        keep = table.order[3]
        table.select_key(keep)
        await pilot.press("a")  # a decision made before the inbox changes survives it
        with open(path, "a", encoding="utf-8") as handle:
            handle.write("\n## 条目99 LiveDelta 新条目\n- arXiv: 2608.19009\n- 要点: 新东西\n")
        await wait_for(pilot, lambda: note_items(app, rel) == before + 1, LIMIT, "the changed note")
        # toasts arrive as messages, just after the swap
        await wait_for(
            pilot,
            lambda: any(m.startswith(f"updated note: {rel}") for m in toasts(app)),
            LIMIT,
            "the toast",
        )
        assert app.triage.session.row(keep).action == "approve"
        path.unlink()
        await wait_for(pilot, lambda: note_items(app, rel) is None, LIMIT, "the removed note")
        assert "engineering-filter" not in notes_labels(app)
        await wait_for(
            pilot, lambda: any(m == f"note removed: {rel}" for m in toasts(app)), LIMIT, "the toast"
        )


async def test_watcher_survives_inbox_replaced_and_odd_names(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        inbox = sample_ws / "inbox"
        # a file name that is not UTF-8
        os.close(
            os.open(
                os.path.join(os.fsencode(inbox / "jay"), b"2026-08-20T2000-\xff\xfe.md"),
                os.O_CREAT | os.O_WRONLY,
                0o644,
            )
        )
        # the whole inbox folder replaced (a sync tool does this)
        shutil.move(str(inbox), str(sample_ws / "inbox.old"))
        shutil.copytree(sample_ws / "inbox.old", inbox)
        start = time.monotonic()
        rel = "inbox/tom/2026-08-20T2130-tom-late.md"
        (sample_ws / rel).write_text(NOTE, encoding="utf-8")
        await wait_for(
            pilot, lambda: note_items(app, rel) == 3, LIMIT + 3, "a note in the new inbox"
        )
        assert app.is_running
        print(f"seen after {time.monotonic() - start:.2f}s")


async def test_periodic_rescan_waits_for_the_keys_but_a_file_event_does_not(tmp_path: Path) -> None:
    """While keys come, the safety-net rescan waits (up to max_hold); a file event ends the wait."""
    import asyncio

    from curator.service.watch import InboxWatcher

    until = time.monotonic() + 0.4
    watcher = InboxWatcher(
        tmp_path, hold_off=lambda: max(0.0, until - time.monotonic()), max_hold=5.0
    )
    start = time.monotonic()
    await watcher._held_off()
    assert 0.35 <= time.monotonic() - start < 2.0  # waited for the keys to rest

    watcher = InboxWatcher(tmp_path, hold_off=lambda: 1.0, max_hold=0.3)
    start = time.monotonic()
    await watcher._held_off()
    assert time.monotonic() - start < 1.0  # never longer than max_hold

    watcher = InboxWatcher(tmp_path, hold_off=lambda: 1.0, max_hold=5.0)
    asyncio.get_running_loop().call_later(0.1, watcher._wake.set)
    start = time.monotonic()
    await watcher._held_off()
    assert time.monotonic() - start < 1.0  # a file event: scan now
