"""Helpers for the UI tests (waiting, screen text, reading the store) and the UI's pure logic."""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from curator.service.filtering import parse_filter
from curator.service.session import Session
from curator.service.watch import diff, scan
from curator.store import Decision, DecisionStore
from curator.tui.app import CuratorApp
from curator.tui.screens.picker import score

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


# ---------------------------------------------------------------------- pure logic


def test_filter_terms() -> None:
    f = parse_filter('status:new author:jay §1.3 kv "note:inbox/a b.md" is:undecided')
    assert f.statuses == {"new"}
    assert f.authors == ["jay"]
    assert f.sections == ["§1.3"]
    assert f.words == ["kv"]
    assert f.notes == ["inbox/a b.md"]
    assert f.actions == {None}
    assert parse_filter("").empty


def test_picker_prefers_whole_section_numbers() -> None:
    assert score("1.13", "§1.13 推理引擎可复现性") > score("1.13", "§1.1 推理引擎")
    assert score("§1.1", "§1.1 推理引擎") > score("§1.1", "§1.13 推理引擎可复现性")
    assert score("zzzz", "§1.1 推理引擎") == 0


def test_next_undecided_wraps() -> None:
    order = ["a", "b", "c", "d"]
    assert Session.next_undecided(order, "b", {"d", "a"}) == "d"
    assert Session.next_undecided(order, "d", {"a", "c"}) == "a"
    assert Session.next_undecided(order, "a", set()) is None


def test_scan_and_diff(tmp_path: Path) -> None:
    (tmp_path / "jay").mkdir()
    (tmp_path / "jay" / "a.md").write_text("x\n", encoding="utf-8")
    (tmp_path / "jay" / ".a.md.swp").write_text("x", encoding="utf-8")
    first = scan(tmp_path)
    assert list(first) == ["jay/a.md"]
    (tmp_path / "jay" / "b.md").write_text("y\n", encoding="utf-8")
    (tmp_path / "jay" / "a.md").write_text("longer\n", encoding="utf-8")
    change = diff(first, scan(tmp_path))
    assert change.added == ("jay/b.md",) and change.changed == ("jay/a.md",) and not change.removed


@pytest.mark.asyncio
async def test_wait_for_times_out() -> None:
    class _Pilot:
        async def pause(self, _delay: float = 0) -> None:
            await asyncio.sleep(0)

    with pytest.raises(AssertionError):
        await wait_for(_Pilot(), lambda: False, timeout=0.05, what="nothing")
