"""Hostile notes (markup, escape sequences, 3,000 items) in the UI: shown literally, inert, fast."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import BAD, copy_workspace
from ui_support import (
    BAD_SINCE,
    BAD_UNTIL,
    press,
    screen_text,
    set_window,
    wait_for,
    wait_ready,
)

from curator.tui.app import CuratorApp
from curator.tui.widgets.increments import IncrementsTable

SIZE = (160, 50)


@pytest.fixture
def bad_ws(tmp_path: Path) -> Path:
    ws = copy_workspace(BAD, tmp_path / "bad")
    set_window(ws, BAD_SINCE, BAD_UNTIL)
    return ws


def files_of(ws: Path) -> set[str]:
    """Every file outside curator's own folder (to prove nothing else was written)."""
    return {
        p.relative_to(ws).as_posix()
        for p in ws.rglob("*")
        if ".curator" not in p.relative_to(ws).parts and not p.is_symlink()
    }


async def filter_to(pilot, app: CuratorApp, text: str) -> list[str]:
    await press(pilot, "slash")
    app.triage.query_one("#filter").value = text
    await press(pilot, "enter")
    await pilot.pause(0.2)
    return app.triage.query_one("#increments", IncrementsTable).order


async def test_markup_is_literal_and_inert(bad_ws: Path) -> None:
    before = files_of(bad_ws)
    app = CuratorApp(bad_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot, timeout=60)
        rows = await filter_to(pilot, app, "HACKED")
        assert rows, "the markup note's item is listed"
        await pilot.pause(0.3)
        text = screen_text(app)
        assert "[bold red]HACKED[/]" in text
        assert "[@click=app.quit]click me[/]" in text
        # click every line of the detail pane, and the list row: nothing acts
        detail = app.triage.query_one("#detail")
        for y in range(detail.region.y, detail.region.bottom):
            for x in (detail.region.x + 2, detail.region.x + 12, detail.region.x + 30):
                await pilot.click(offset=(x, y))
        await pilot.click("#increments", offset=(30, 2))
        await pilot.pause(0.3)
        assert app.is_running and app.return_code is None
        # the section tree keeps a heading's markup as text
        tree = app.triage.query_one("#sections")
        labels, stack = [], [tree.root]
        while stack:
            node = stack.pop()
            labels.append(node.label.plain)
            stack.extend(node.children)
        assert any("[bold]markup in a heading[/]" in label for label in labels), labels
        await press(pilot, "o")
        assert app.is_running
    assert files_of(bad_ws) == before


async def test_escape_sequences_never_reach_the_screen(bad_ws: Path) -> None:
    app = CuratorApp(bad_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot, timeout=60)
        rows = await filter_to(pilot, app, "clears the screen")
        assert rows
        await pilot.pause(0.3)
        text = screen_text(app)
        assert "clears the screen" in text
        for bad in ("\x1b", "\x07", "\x9b", "\x9d", "]52;", "\u202e", "\u200b"):
            assert bad not in text, repr(bad)
        # the zero-width space did not hide the ID: it is the same increment as CoRun
        assert "2608.14376" in text


async def test_three_thousand_rows_move_and_decide(bad_ws: Path) -> None:
    app = CuratorApp(bad_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot, timeout=60)
        table = app.triage.query_one("#increments", IncrementsTable)
        assert len(table.order) >= 3000
        for _ in range(20):
            await pilot.press("j")
        assert table.cursor_row == 20
        await press(pilot, "end", "a")
        assert app.triage.session.triage.counts()["approved"] == 1
        # how fast is a benchmark's question (benchmarks/run.py, "key press while indexing"), not a test's


async def test_hostile_file_name_arriving_live(bad_ws: Path) -> None:
    app = CuratorApp(bad_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot, timeout=60)
        seen = app.triage.reanalyses
        name = "2026-08-20T1300-[@click=app.quit]x[-.md"
        (bad_ws / "inbox" / "eve" / name).write_text(
            "## 增量1 [/ end [bold]x\n- arXiv: 2608.17050\n- 要点: [@click=app.bell]y[/]\n",
            encoding="utf-8",
        )
        await wait_for(pilot, lambda: app.triage.reanalyses > seen, timeout=30, what="re-analysis")
        await pilot.pause(0.3)
        toasts = [n.message for n in app._notifications]
        assert any(name in m for m in toasts), toasts
        assert app.is_running
