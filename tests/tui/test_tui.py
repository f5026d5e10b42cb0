"""The triage UI driven with Textual's Pilot: every key, its visible and its persisted effect."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from ui_support import (
    CORUN,
    DASH,
    LMSYS,
    SIZE,
    cell,
    current,
    press,
    screen_text,
    stored,
    table,
    wait_for,
    wait_ready,
)

from curator.lookup import lookup
from curator.service.lookup import format_text
from curator.store import DecisionStore
from curator.tui.app import CuratorApp
from curator.tui.screens.bulk import BulkScreen
from curator.tui.screens.help import HelpScreen
from curator.tui.screens.lookup import LookupScreen
from curator.tui.widgets.notes import NotesPane


def action_of(ws: Path, key: str) -> str | None:
    d = stored(ws).get(key)
    return d.action if d is not None else None


def history(ws: Path) -> list[dict]:
    out = subprocess.run(
        [sys.executable, "-m", "curator", "history", str(ws), "--json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=True,
    )
    return json.loads(out.stdout)


# ---------------------------------------------------------------------- first slice


async def test_first_frame_then_rows(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        # the screen is up (and keys work) before the analysis lands
        assert app.triage.query_one("#loading").display
        await press(pilot, "j", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "escape")
        await wait_ready(app, pilot)
        assert not app.triage.query_one("#loading").display
        text = screen_text(app)
        assert (
            "CoRun" in text
            and "new 7" in text
            and "window 08-19 22:20 → 08-20 22:20 +08:00" in text
        )
        assert len(table(app).order) == len(app.triage.session.rows)
        assert table(app).order[0] == CORUN  # new first, then sources


async def test_approve_reject_defer_persist_and_advance(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        assert current(app) == CORUN
        await press(pilot, "a")
        assert current(app) == DASH  # the cursor moved to the next undecided row
        assert cell(app, CORUN, "mark") == "✓"
        await press(pilot, "x")
        assert cell(app, DASH, "mark") == "✗"
        assert current(app) == LMSYS
        await press(pilot, "d")
        assert cell(app, LMSYS, "mark") == "⏸"
        # moving up to a decided row and deciding again moves on to the next undecided one
        await press(pilot, "k", "k", "k", "a")
        assert current(app) == table(app).order[3]
        assert "✓ 1  ✗ 1  ⏸ 1" in screen_text(app)
        # durable at once: another reader sees them while the app still runs
        on_disk = stored(sample_ws)
        assert on_disk[CORUN].action == "approve" and on_disk[CORUN].section == "§1.3"
        assert on_disk[DASH].action == "reject"
        assert on_disk[LMSYS].action == "defer"
        await press(pilot, "q")
    assert {e["key"]: e["action"] for e in reversed(history(sample_ws))}[CORUN] == "approve"


async def test_undo_redo_across_restart(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        await press(pilot, "a", "a")
        assert stored(sample_ws)[DASH].action == "approve"
        await press(pilot, "u")
        assert action_of(sample_ws, DASH) is None
        assert current(app) == DASH
        await press(pilot, "q")
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        assert cell(app, CORUN, "mark") == "✓"
        await press(pilot, "ctrl+r")  # redo what the previous session undid
        assert stored(sample_ws)[DASH].action == "approve"
        assert cell(app, DASH, "mark") == "✓"
        await press(pilot, "u", "u")
        assert action_of(sample_ws, CORUN) is None
        assert cell(app, CORUN, "mark") == " "
    actions = [e["action"] for e in history(sample_ws)]
    assert actions[:3] == ["undo", "undo", "redo"]


async def test_layouts_80x24_and_200x60(sample_ws: Path) -> None:
    for size, side_panes in (((80, 24), False), ((200, 60), True)):
        app = CuratorApp(sample_ws)
        async with app.run_test(size=size) as pilot:
            await wait_ready(app, pilot)
            screen = app.triage
            assert screen.query_one("#notes").display is side_panes
            assert screen.query_one("#sections-pane").display is side_panes
            assert screen.query_one("#increments").region.height >= 5
            assert screen.query_one("#detail").region.height >= 4
            text = screen_text(app)
            assert "CoRun" in text and "left" in text
            await press(pilot, "a")
            assert "✓ 1" in screen_text(app)
            await press(pilot, "u")


# ---------------------------------------------------------------------- the other keys


async def test_section_picker_sets_section_then_approve(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        assert table(app).select_key("2605.01280")
        await press(pilot, "s", "1", ".", "1", "3", "enter")
        assert stored(sample_ws)["2605.01280"].section == "§1.13"
        assert cell(app, "2605.01280", "section") == "§1.13"
        await press(pilot, "a")
        d = stored(sample_ws)["2605.01280"]
        assert (d.action, d.section) == ("approve", "§1.13")
        # the tree marks the chosen section
        assert any("◀" in str(n.label) and "§1.13" in str(n.label) for n in _tree_nodes(app))


async def test_section_picker_reused_for_the_next_row(sample_ws: Path) -> None:
    """`s` shows one dialog again: refilled for the new row, the query cleared, Escape cancels."""
    from textual.widgets import Input, OptionList

    from curator.tui.screens.section_picker import SectionPicker

    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        assert table(app).select_key("2605.01280")
        await press(pilot, "s", "1", ".", "1", "3")
        first = app.screen
        assert isinstance(first, SectionPicker)
        await press(pilot, "escape")
        assert app.screen is app.triage and stored(sample_ws).get("2605.01280") is None
        assert table(app).select_key(CORUN)
        await press(pilot, "s")
        assert app.screen is first  # the same dialog, shown again
        assert first.query_one("#picker-input", Input).value == ""
        row = app.triage.current_row()
        assert row is not None and row.title in first.title_text
        options = first.query_one("#picker-options", OptionList)
        expected = [c.key for c in first.ranked("")]
        assert [options.get_option_at_index(i).id for i in range(options.option_count)] == expected
        if row.inc.suggested_sections:  # suggestions first
            assert "suggested" in str(options.get_option_at_index(0).prompt)
        await press(pilot, "1", ".", "1", "3", "enter")
        assert stored(sample_ws)[CORUN].section == "§1.13"
        await press(pilot, "s")
        assert "◀ current" in " ".join(
            str(options.get_option_at_index(i).prompt) for i in range(options.option_count)
        )
        await press(pilot, "escape")
        assert stored(sample_ws)[CORUN].section == "§1.13"
        # the same row again after a query was typed: the whole list, the query cleared
        full = options.option_count
        await press(pilot, "s", "z", "q", "x")
        assert options.option_count < full
        await press(pilot, "escape", "s")
        assert first.query_one("#picker-input", Input).value == ""
        assert options.option_count == full and options.highlighted == 0
        await press(pilot, "escape")


def _tree_nodes(app: CuratorApp) -> list:
    tree = app.triage.query_one("#sections")
    out, stack = [], [tree.root]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(node.children)
    return out


async def test_merge_and_not_a_duplicate(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        # n: the top flagged overlap of CoRun is "not a duplicate"; the ⚠ goes away
        assert cell(app, CORUN, "flag") == "⚠"
        await press(pilot, "n")
        assert cell(app, CORUN, "flag") == ""
        store = DecisionStore.open(sample_ws, "t", readonly=True, session_lock=False)
        assert store.is_distinct(CORUN, "2605.19537")
        store.close()
        # m: fold HBF Sucks into DASH (picker, flagged overlaps first)
        table(app).select_key(DASH)
        await pilot.pause()
        before = len(table(app).order)
        await press(pilot, "m")
        assert app.screen.query_one("#picker-options").get_option_at_index(0).id == "2608.11668"
        await press(pilot, "enter")
        assert stored(sample_ws)["2608.11668"].merged_into == DASH
        assert len(table(app).order) == before - 1 and "2608.11668" not in table(app).order
        assert cell(app, DASH, "sources") == "3"
        await press(pilot, "u")  # undo brings it back
        assert "2608.11668" in table(app).order


async def test_edit_and_priority(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        await press(pilot, "e")
        title = app.screen.query_one("#edit-title")
        title.value = "CoRun: deterministic batching"
        points = app.screen.query_one("#edit-points")
        points.text = "first point\n- second point\n\n"
        await press(pilot, "ctrl+s")
        d = stored(sample_ws)[CORUN]
        assert d.title == "CoRun: deterministic batching"
        assert d.points == ["first point", "second point"]
        assert cell(app, CORUN, "title") == "CoRun: deterministic batching"
        await press(pilot, "p")
        assert stored(sample_ws)[CORUN].priority == "🔴"
        await press(pilot, "p", "p")
        assert stored(sample_ws)[CORUN].priority == "🟡"
        assert cell(app, CORUN, "prio") == "🟡"
        await press(pilot, "e", "escape")  # cancel changes nothing
        assert stored(sample_ws)[CORUN].title == "CoRun: deterministic batching"
        # the caveats start from what the briefing gathers (labelled ones and those found in
        # the points); saving without touching them records no caveats of the editor's own
        await press(pilot, "e")
        caveats = app.screen.query_one("#edit-caveats").text
        assert "GitHub 开没开源没找到" in caveats and "要看 PDF" in caveats, caveats
        await press(pilot, "ctrl+s")
        assert stored(sample_ws)[CORUN].caveats is None


async def test_filter_by_status_author_section_and_text(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        total = len(table(app).order)

        async def apply(text: str) -> list[str]:
            await press(pilot, "slash")
            box = app.triage.query_one("#filter")
            box.value = text
            await press(pilot, "enter")
            return table(app).order

        assert len(await apply("status:new")) == 7
        rows = await apply("author:spark")
        assert rows and all(
            any(s.author == "spark" for s in app.triage.session.row(k).sources) for k in rows
        )
        assert "2605.01280" in await apply("§1.13")  # its suggested section, the editor's too
        rows = await apply("CoRun")
        assert rows[0] == CORUN and len(rows) < 5
        assert "filter CoRun" in screen_text(app)
        await press(pilot, "escape")
        assert len(table(app).order) == total


async def test_lookup_same_answer_as_cli(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        table(app).select_key("2608.13263")
        await pilot.pause()
        await press(pilot, "colon")
        assert isinstance(app.screen, LookupScreen)
        assert app.screen.query_one("#lookup-input").value == "2608.13263"
        await press(pilot, "enter")
        await wait_for(pilot, lambda: app.screen.last is not None, what="lookup")
        expected = lookup(sample_ws, "2608.13263", "inference")
        assert app.screen.last == expected.to_json()
        assert format_text(expected).splitlines()[0] in screen_text(app)
        await press(pilot, "escape", "ctrl+l")
        assert isinstance(app.screen, LookupScreen)


async def test_bulk_help_palette_and_old_notes(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        for words in (
            "Approve",
            "Bulk",
            "Export",
            "Lookup",
            "Not a duplicate",
            "Redo",
            "^r",
            "Next undecided",
            "g / home",
        ):
            assert words in text
        await press(pilot, "escape")
        # o shows the notes outside the window (dimmed) and hides them again
        notes = app.triage.query_one("#notes", NotesPane)
        labels = lambda: " ".join(str(n.label) for b in notes.root.children for n in b.children)  # noqa: E731
        assert "llm-infra-e1prep" in labels() and "08-19 17:55" not in labels()
        await press(pilot, "o")
        assert "08-19 17:55" in labels()
        await press(pilot, "o")
        # B shows the three bulk actions with counts; Escape cancels
        await press(pilot, "B")
        assert isinstance(app.screen, BulkScreen)
        assert app.screen.plans[2].count == 4 and app.screen.plans[3].count == len(table(app).order)
        await press(pilot, "escape")
        assert stored(sample_ws) == {}
        # the command palette runs actions by name
        await press(pilot, "ctrl+p")
        await pilot.press(*"Approve")
        await wait_for(pilot, lambda: "Approve" in screen_text(app), what="palette hit")
        await pilot.pause(0.3)
        await press(pilot, "enter")
        await wait_for(
            pilot, lambda: stored(sample_ws).get(CORUN) is not None, what="palette approve"
        )
        assert stored(sample_ws)[CORUN].action == "approve"


async def test_export_preview(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        await press(pilot, "a", "E")
        from curator.tui.screens.export import ExportScreen

        assert isinstance(app.screen, ExportScreen)
        try:
            import curator.briefing  # noqa: F401
            import curator.export  # noqa: F401
        except ImportError:
            await wait_for(
                pilot, lambda: "not installed yet" in screen_text(app), what="the engine's absence"
            )
            return
        # rendered in a thread: the screen says so until the preview is there
        await wait_for(pilot, lambda: "CoRun" in app.screen.text, what="the rendered briefing")
        await wait_for(pilot, lambda: "CoRun" in screen_text(app), what="the preview")
        assert "rendering" not in screen_text(app)
        await press(pilot, "y")
        assert app.clipboard == app.screen.text
        await press(pilot, "w")
        written = app.screen.written
        assert written and any(sample_ws.rglob(Path(written).name))
        await press(pilot, "w")  # exists now: asks before overwriting
        await press(pilot, "n")
        await press(pilot, "escape")


async def test_export_from_the_ui_goes_where_curator_export_does(sample_ws: Path) -> None:
    """A ``curator.toml`` that names another inbox gets the UI's briefing there, as the CLI's."""
    cfg = sample_ws / "curator.toml"
    cfg.write_text(cfg.read_text(encoding="utf-8") + '\ninbox = "incoming"\n', encoding="utf-8")
    (sample_ws / "incoming").mkdir()
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        await press(pilot, "a", "E", "w")
        written = Path(app.screen.written)
        assert written.is_file() and written.relative_to(sample_ws).parts[0] == "incoming", written
        assert not (sample_ws / "inbox" / "tom" / written.name).exists()


async def test_keymap_from_config(sample_ws: Path) -> None:
    cfg = sample_ws / "curator.toml"
    cfg.write_text(
        cfg.read_text(encoding="utf-8") + '\n[keymap]\napprove = "y"\nreject = "X"\nnope = "z"\n',
        encoding="utf-8",
    )
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        await press(pilot, "a")
        assert stored(sample_ws) == {}  # a is no longer approve
        await press(pilot, "y", "X")
        assert stored(sample_ws)[CORUN].action == "approve"
        assert stored(sample_ws)[DASH].action == "reject"
        keys = {action: key for key, action, _desc in app.triage.key_table()}
        assert keys["triage.approve"] == "y"


async def test_keymap_by_namespaced_ids_on_every_screen(sample_ws: Path) -> None:
    """``triage.*`` and other screens' ids rebind their keys; a collision is said at start."""
    cfg = sample_ws / "curator.toml"
    cfg.write_text(
        cfg.read_text(encoding="utf-8")
        + '\n[keymap]\ntriage.approve = "y"\nexport.write = "W"\ntriage.reject = "n,x"\n',
        encoding="utf-8",
    )
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        toasts = " | ".join(str(n.message) for n in app._notifications)
        assert '"n" is bound to both triage.reject and triage.distinct' in toasts, toasts
        await press(pilot, "y")
        assert stored(sample_ws)[CORUN].action == "approve"
        await press(pilot, "E", "w")
        assert not getattr(app.screen, "written", None)  # w is no longer write
        await press(pilot, "W")
        await wait_for(pilot, lambda: bool(getattr(app.screen, "written", None)), what="written")


async def test_second_session_is_read_only(sample_ws: Path) -> None:
    holder = DecisionStore.open(sample_ws, "someone-else")
    try:
        app = CuratorApp(sample_ws)
        async with app.run_test(size=SIZE) as pilot:
            await wait_ready(app, pilot)
            assert "READ-ONLY" in screen_text(app)
            await press(pilot, "a", "x", "B")
            assert not isinstance(app.screen, BulkScreen)
            assert stored(sample_ws) == {}
    finally:
        holder.close()


# ---------------------------------------------------------------------- the 40-keystroke pass

KEYS_40 = ["B", "2", "a", "a", "s", "1", "full_stop", "1", "3", "enter", "a", "B", "1"]


async def test_forty_keystroke_pass(sample_ws: Path, expected: dict) -> None:
    """From launch, keyboard only: approve the 7 in their sections, reject everything else."""
    assert len(KEYS_40) <= 40
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        for key in KEYS_40:
            await pilot.press(key)
            await pilot.pause()
        await press(pilot, "q")
    triage_rows = _rows(sample_ws)
    wanted = {}
    for exp in expected["new_increments"]:
        row = triage_rows.resolve(exp["key"])
        assert row is not None, exp["key"]
        wanted[row.inc.id] = exp["section"]
    decisions = stored(sample_ws)
    for row in triage_rows.rows:
        if row.inc.id in wanted:
            assert (row.action, row.section) == ("approve", wanted[row.inc.id]), row.inc.id
        else:
            assert row.action in ("reject", "defer"), (row.inc.id, row.action)
    assert sum(1 for d in decisions.values() if d.action == "approve") == 7


def _rows(ws: Path):
    from curator.analysis import analyze
    from curator.triage import Triage

    store = DecisionStore.open(ws, "t", readonly=True, session_lock=False)
    try:
        return Triage(analyze(ws), store)
    finally:
        store.close()


# ---------------------------------------------------------------------- panes, tree, themes


async def test_tab_cycles_panes_and_tree_shows_anchors(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        seen = [app.focused.id]
        for _ in range(4):
            await press(pilot, "tab")
            seen.append(app.focused.id)
        assert {"increments", "detail", "sections", "notes"} <= set(seen)
        # in the section tree, moving shows what a section already anchors
        app.triage.query_one("#sections").focus()
        await pilot.pause()
        await press(pilot, "j", "j", "j", "j", "j")
        info = app.triage.query_one("#section-info")
        assert "anchors" in info.text
        # the row's chosen section is marked in the tree with its score
        assert any("◀" in n.label.plain and "§1.3" in n.label.plain for n in _tree_nodes(app))


async def test_typing_in_the_filter_is_text_not_keys(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        await press(pilot, "slash", "q", "a", "x", "enter")
        assert app.is_running and stored(sample_ws) == {}
        assert app.triage.filter_text == "qax"
        await press(pilot, "escape")
        assert app.triage.filter_text == ""


async def test_light_and_dark_themes(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        await press(pilot, "a")
        for theme in ("textual-light", "textual-dark"):
            app.theme = theme
            await pilot.pause(0.2)
            assert "CoRun" in screen_text(app)
            assert cell(app, CORUN, "mark") == "✓"
