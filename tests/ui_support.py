"""Helpers for the UI tests (waiting, screen text, reading the store), shared by every test folder.

It sits in ``tests/`` because pytest puts the folder of ``conftest.py`` on the import path."""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from curator.store import Decision, DecisionStore
from curator.tui.app import CuratorApp
from curator.tui.widgets.increments import IncrementsTable

BAD_SINCE = "2026-08-20T00:00:00+08:00"
BAD_UNTIL = "2026-08-21T00:00:00+08:00"


async def wait_for(
    pilot, predicate: Callable[[], bool], timeout: float = 5.0, what: str = ""
) -> float:
    """Poll *predicate* (letting the app run) until true; returns the seconds it took."""
    start = time.monotonic()
    while not predicate():
        if time.monotonic() - start > timeout:
            raise AssertionError(f"timed out after {timeout}s waiting for {what or predicate}")
        await pilot.pause(0.02)
    return time.monotonic() - start


async def wait_ready(app: CuratorApp, pilot, timeout: float = 20.0) -> None:
    """Until the first analysis is on screen (or fail with the loader's error)."""
    await wait_for(
        pilot,
        lambda: app.triage.ready or app.triage.load_error is not None,
        timeout,
        "the first analysis",
    )
    assert app.triage.load_error is None, app.triage.load_error
    await pilot.pause()


async def press(pilot, *keys: str) -> None:
    """Press keys one by one, letting the screen settle after each."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


def screen_text(app: CuratorApp) -> str:
    """The whole terminal as plain text (what a user would read)."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        record=True,
        legacy_windows=False,
        color_system=None,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()


def stored(ws: Path) -> dict[str, Decision]:
    """The decisions on disk, read by a separate read-only store (as another process would)."""
    store = DecisionStore.open(ws, "tester", readonly=True, session_lock=False)
    try:
        return store.current()
    finally:
        store.close()


def set_window(ws: Path, since: str, until: str) -> None:
    cfg = ws / "curator.toml"
    text = cfg.read_text(encoding="utf-8") if cfg.exists() else ""
    cfg.write_text(text + f'\nsince = "{since}"\nuntil = "{until}"\n', encoding="utf-8")


SIZE = (160, 50)
CORUN, DASH, LMSYS = "2608.14376", "2608.14333", "lmsys.org/blog/2026-08-17-advanced-cuda-graph"


def table(app: CuratorApp) -> IncrementsTable:
    return app.triage.query_one("#increments", IncrementsTable)


def current(app: CuratorApp) -> str | None:
    return table(app).current_key


def cell(app: CuratorApp, key: str, column: str) -> str:
    return table(app).get_cell(key, column).plain


def toasts(app: CuratorApp) -> list[str]:
    return [n.message for n in app._notifications]
