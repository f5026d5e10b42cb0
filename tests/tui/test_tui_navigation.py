"""Issue 15, the screen side: moving around, the footer, the palette, lookup jumps, small terminals.

Every key is pressed through the Pilot at 80×24 and 200×50; the test checks what the screen
shows and what the decisions store holds (navigation must write nothing).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.binding import Binding
from ui_support import press, screen_text, stored, wait_for, wait_ready

from curator.tui.actions import ACTIONS, BY_ID, REGISTRY
from curator.tui.app import CuratorApp
from curator.tui.commands import TriageCommands
from curator.tui.screens.lookup import LookupScreen
from curator.tui.screens.navigation import step_undecided
from curator.tui.screens.section_picker import section_choices
from curator.tui.widgets.footer import KeysFooter
from curator.tui.widgets.increments import IncrementsTable

SIZES = [(80, 24), (200, 50)]
CORUN, DASH = "2608.14376", "2608.14333"


def table(app: CuratorApp) -> IncrementsTable:
    return app.triage.query_one("#increments", IncrementsTable)


def current(app: CuratorApp) -> str | None:
    return table(app).current_key


def col_width(t: IncrementsTable, key: str) -> int:
    return next(c.width for k, c in t.columns.items() if k.value == key)


def notices(app: CuratorApp) -> str:
    return " | ".join(str(n.message) for n in app._notifications)


def footer_line(app: CuratorApp) -> str:
    return screen_text(app).rstrip("\n").splitlines()[-1]


# ---------------------------------------------------------------------- pure logic


def test_step_undecided_wraps_and_says_so() -> None:
    order = ["a", "b", "c", "d"]
    assert step_undecided(order, "b", {"d", "a"}) == ("d", False)
    assert step_undecided(order, "d", {"a", "c"}) == ("a", True)
    assert step_undecided(order, "c", {"a", "d"}, forward=False) == ("a", False)
    assert step_undecided(order, "a", {"c"}, forward=False) == ("c", True)
    assert step_undecided(order, "b", {"b"}) == (
        "b",
        True,
    )  # the only one left: found by going round
    assert step_undecided(order, "a", set()) == (None, False)


def test_registry_ids_are_unique_and_pinned_help_and_quit() -> None:
    assert len(BY_ID) == len(REGISTRY)
    assert {a.id for a in ACTIONS if a.pinned} == {"triage.help", "triage.quit"}
    assert BY_ID["triage.redo"].rank is not None and BY_ID["triage.distinct"].rank is not None


def test_section_picker_numbers_sub_sections(sample_analysis) -> None:
    labels = [c.label.strip() for c in section_choices(sample_analysis.living_doc, None)]
    repeated = {label for label in labels if labels.count(label) > 1}
    assert not repeated, repeated
    subs = [
        s
        for s in sample_analysis.living_doc.sections
        if not s.number
        and s.parent is not None
        and sample_analysis.living_doc.sections[s.parent].number
    ]
    assert subs
    for sec in subs:
        parent = sample_analysis.living_doc.sections[sec.parent]
        assert f"{parent.number} › {sec.title}" in labels


# ---------------------------------------------------------------------- keys, both sizes


@pytest.mark.parametrize("size", SIZES)
async def test_first_last_and_undecided(sample_ws: Path, size: tuple[int, int]) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=size) as pilot:
        await wait_ready(app, pilot)
        order = table(app).order
        await press(pilot, "G")
        assert current(app) == order[-1]
        last_title = app.triage.session.row(order[-1]).title[:12]
        assert last_title in screen_text(app)
        await press(pilot, "g")
        assert current(app) == order[0]
        await press(pilot, "end")
        assert current(app) == order[-1]
        await press(pilot, "home")
        assert current(app) == order[0]
        assert stored(sample_ws) == {}  # moving writes nothing
        # decide the first two; `]` from the top skips them
        await press(pilot, "a", "x", "g", "right_square_bracket")
        assert current(app) == order[2]
        await press(pilot, "right_square_bracket")
        assert current(app) == order[3]
        # `[` from the first undecided wraps round to the last row and says so
        await press(pilot, "k", "k", "left_square_bracket")
        assert current(app) == order[-1]
        assert "wrapped to the bottom" in notices(app)
        await press(pilot, "right_square_bracket")
        assert current(app) == order[2]
        assert "wrapped to the top" in notices(app)
        assert {k: d.action for k, d in stored(sample_ws).items()} == {
            order[0]: "approve",
            order[1]: "reject",
        }
        # everything decided: `]` stays and says so
        await press(pilot, "B", "3")
        await wait_for(
            pilot, lambda: app.triage.session.triage.counts()["left"] == 0, what="bulk defer"
        )
        here = current(app)
        await press(pilot, "right_square_bracket")
        assert current(app) == here
        assert "nothing undecided here" in notices(app)


@pytest.mark.parametrize("size", SIZES)
async def test_decision_keys_show_and_persist(sample_ws: Path, size: tuple[int, int]) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=size) as pilot:
        await wait_ready(app, pilot)
        t = table(app)
        await press(pilot, "a")
        assert (
            t.get_cell(CORUN, "mark").plain == "✓" and stored(sample_ws)[CORUN].action == "approve"
        )
        assert current(app) == DASH
        await press(pilot, "p", "t")
        assert stored(sample_ws)[DASH].priority == "🔴" and t.get_cell(DASH, "prio").plain == "🔴"
        tier = stored(sample_ws)[DASH].tier
        assert tier in ("main", "adjacent") and t.get_cell(DASH, "tier").plain == tier[0].upper()
        await press(pilot, "d")
        assert t.get_cell(DASH, "mark").plain == "⏸" and stored(sample_ws)[DASH].action == "defer"
        await press(pilot, "u")
        assert t.get_cell(DASH, "mark").plain == " " and stored(sample_ws)[DASH].action is None
        await press(pilot, "x")
        assert t.get_cell(DASH, "mark").plain == "✗"
        assert "✓ 1  ✗ 1" in screen_text(app)
        await press(pilot, "k", "s", "1", ".", "1", "enter")
        assert (
            stored(sample_ws)[DASH].section == "§1.1"
            and t.get_cell(DASH, "section").plain == "§1.1"
        )


# ---------------------------------------------------------------------- footer and palette


@pytest.mark.parametrize("size", [(80, 24), (120, 30), (160, 45), (200, 50)])
async def test_footer_always_shows_help_and_quit(sample_ws: Path, size: tuple[int, int]) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=size) as pilot:
        await wait_ready(app, pilot)
        line = footer_line(app)
        assert "? Help" in line and "q Quit" in line, line
        assert line.index("a Approve") < line.index("x Reject") < line.index("? Help")
        footer = app.triage.query_one(KeysFooter)
        ranks = [BY_ID[i].rank for i in footer.shown_ids if BY_ID[i].rank is not None]
        assert ranks == sorted(ranks)  # most important first, never a gap filled by a lesser key
        if size[0] >= 200:
            assert "^r Redo" in line and "n Not dup" in line


async def test_footer_follows_the_keymap(sample_ws: Path) -> None:
    cfg = sample_ws / "curator.toml"
    cfg.write_text(
        cfg.read_text(encoding="utf-8") + '\n[keymap]\nquit = "Q"\nhelp = "h"\napprove = "y"\n',
        encoding="utf-8",
    )
    app = CuratorApp(sample_ws)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(app, pilot)
        await pilot.pause(0.2)
        line = footer_line(app)
        assert "h Help" in line and "Q Quit" in line and "y Approve" in line, line
        await press(pilot, "y")
        assert stored(sample_ws)[CORUN].action == "approve"


async def test_palette_finds_every_action_by_name_and_key(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(app, pilot)
        provider = TriageCommands(app.triage)
        found_by: dict[str, set[str]] = {}
        for action in ACTIONS:
            keys = app.triage.keys_of(action)
            by_name = [action.name, action.label or action.name]
            by_key = [keys[0], app.get_key_display(Binding(keys[0], action.action))]
            for how, queries in (("name", by_name), ("key", by_key)):
                for query in queries:
                    hits = [h async for h in provider.search(query)]
                    if action.name in {h.match_display.plain for h in hits}:
                        found_by.setdefault(action.id, set()).add(how)
        missing = [a.id for a in ACTIONS if found_by.get(a.id) != {"name", "key"}]
        assert not missing, missing
        # by key, exactly: ^r and ] find Redo and Next undecided first
        for query, name in (
            ("^r", BY_ID["triage.redo"].name),
            ("ctrl+r", BY_ID["triage.redo"].name),
            ("]", BY_ID["triage.next_undecided"].name),
            ("n", BY_ID["triage.distinct"].name),
        ):
            hits = sorted([h async for h in provider.search(query)], key=lambda h: -h.score)
            assert hits and hits[0].match_display.plain == name, (
                query,
                [h.match_display.plain for h in hits[:3]],
            )
        # through the real palette: `redo` is found even with nothing to redo, and says why
        await press(pilot, "ctrl+p")
        await pilot.press(*"redo")
        await wait_for(
            pilot,
            lambda: "Redo the last undone change" in screen_text(app),
            what="redo in the palette",
        )
        assert "nothing to redo" in screen_text(app)
        await pilot.pause(0.3)
        await press(pilot, "enter")
        await wait_for(
            pilot, lambda: "nothing to redo" in notices(app), what="the reason, as a notice"
        )
        assert stored(sample_ws) == {}


# ---------------------------------------------------------------------- lookup


@pytest.mark.parametrize("size", SIZES)
async def test_lookup_says_tonight_and_enter_jumps(sample_ws: Path, size: tuple[int, int]) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=size) as pilot:
        await wait_ready(app, pilot)
        await press(pilot, "a", "G")  # CoRun approved; the cursor far from it
        # a filter hides it: the jump clears the filter
        await press(pilot, "slash")
        app.triage.query_one("#filter").value = "status:anchored"
        await press(pilot, "enter")
        assert CORUN not in table(app).order
        await press(pilot, "colon")
        assert isinstance(app.screen, LookupScreen)
        app.screen.query_one("#lookup-input").value = "arXiv:2608.14376"
        await press(pilot, "enter")
        await wait_for(pilot, lambda: app.screen.last is not None, what="lookup")
        text = screen_text(app)
        assert (
            "Tonight:" in text and "✓ approved" in text and "§1.3" in text and "status NEW" in text
        )
        assert app.screen.jump_key == CORUN
        await press(pilot, "enter")
        assert not isinstance(app.screen, LookupScreen)
        assert current(app) == CORUN and app.triage.filter_text == ""
        assert app.focused is table(app)
        # an ID that is no increment of tonight's relay says so and Enter looks up again
        await press(pilot, "colon")
        app.screen.query_one("#lookup-input").value = "2501.00001"
        await press(pilot, "enter")
        await wait_for(pilot, lambda: app.screen.last is not None, what="lookup")
        assert "Not an increment of tonight's relay" in screen_text(app)
        await press(pilot, "enter")
        assert isinstance(app.screen, LookupScreen)
        assert {k: d.action for k, d in stored(sample_ws).items()} == {CORUN: "approve"}


# ---------------------------------------------------------------------- small terminals


async def test_panes_toggle_at_80x24(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(app, pilot)
        s = app.triage
        notes, sections, detail = (
            s.query_one("#notes"),
            s.query_one("#sections-pane"),
            s.query_one("#detail"),
        )
        assert not notes.display and not sections.display
        assert "hidden: 1 notes  3 sections" in screen_text(app)  # the way back is on screen
        # titles keep the room at 80 columns; the status column shrinks instead
        t = table(app)
        assert col_width(t, "title") >= 40 and col_width(t, "status") <= 6
        await press(pilot, "1")
        assert (
            notes.display
            and notes.region.width > 0
            and app.focused in list(notes.query("*")) + [notes]
        )
        assert "jay" in screen_text(app)
        await press(pilot, "3")  # one side pane at a time at 80 columns
        assert sections.display and not notes.display
        assert sections.region.width > 0 and "§1.1" in screen_text(app)
        await press(pilot, "3", "4")
        assert not sections.display and not detail.display
        assert "hidden: 1 notes  3 sections  4 detail" in screen_text(app)
        await press(pilot, "2")  # the last pane stays
        assert t.display and "the last pane stays" in notices(app)
        await press(pilot, "4")
        assert detail.display
        await press(pilot, "a")
        assert stored(sample_ws)[CORUN].action == "approve"


async def test_side_panes_at_200x50_can_be_hidden_and_shown(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=(200, 50)) as pilot:
        await wait_ready(app, pilot)
        s = app.triage
        notes, sections = s.query_one("#notes"), s.query_one("#sections-pane")
        assert notes.display and sections.display
        await press(pilot, "1", "3")
        assert not notes.display and not sections.display
        assert "hidden: 1 notes  3 sections" in screen_text(app)
        await press(pilot, "1", "3")
        assert notes.display and sections.display and "hidden:" not in screen_text(app)


# ---------------------------------------------------------------------- responsiveness


async def test_export_preview_says_it_is_rendering(
    sample_ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The briefing renders in a thread: the screen shows progress and keys work meanwhile."""
    import threading

    briefing = pytest.importorskip("curator.service.briefing")
    release = threading.Event()
    real = briefing.render_briefing

    def slow(*args, **kwargs):
        release.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(briefing, "render_briefing", slow)
    app = CuratorApp(sample_ws)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(app, pilot)
        await press(pilot, "a", "E")
        assert "rendering" in screen_text(app).lower()
        await press(pilot, "right_square_bracket")  # keys still answer while it renders
        release.set()
        await wait_for(pilot, lambda: "CoRun" in app.screen.text, what="the rendered briefing")
        await wait_for(pilot, lambda: "CoRun" in screen_text(app), what="the preview")


async def test_panes_follow_the_cursor_once_a_run_of_keys_pauses(sample_ws: Path) -> None:
    """A lone move refreshes the panes LONE_DELAY after the cursor's frame; in a run, after
    longer than its pace (never sooner than VIEWS_DELAY)."""
    import curator.tui.screens.triage as triage
    from curator.service.pacing import LONE_DELAY
    from curator.tui.widgets.detail import DetailPane

    app = CuratorApp(sample_ws)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_ready(app, pilot)
        s = app.triage
        now = s._moved_at + 5.0
        assert s._rest_delay(now) == LONE_DELAY < triage.VIEWS_DELAY  # a lone key: soon
        assert abs(s._rest_delay(now + 0.13) - triage.RUN_REST * 0.13) < 1e-9  # tapping j at 0.13 s
        assert (
            s._rest_delay(now + 0.14) == triage.VIEWS_DELAY
        )  # held keys: never less than a lone key's wait
        # whatever the pace, the detail shows the row the cursor stopped on
        await press(pilot, "j", "j", "j")
        row = s.current_row()
        assert row is not None
        detail = s.query_one("#detail", DetailPane)
        await wait_for(pilot, lambda: row.title[:20] in detail.text)
