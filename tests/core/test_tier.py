"""Main or adjacent is the editor's decision: ``curator decide KEY tier main|adjacent``, undoable,
independent of the verdict; the briefing's headings and status header follow it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_export import render
from ui_support import (
    CORUN,
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

from curator import cli
from curator.tui.app import CuratorApp
from curator.tui.screens.help import HelpScreen

HBF, FORMAL = "2608.11668", "2605.01280"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, list[str]]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err.splitlines()


def export(ws: Path, capsys) -> str:
    code, out, err = run(capsys, "export", str(ws), "--stdout")
    assert code == 0, err
    return out


def headings(text: str) -> dict[str, str]:
    """Every increment heading's label ("增量 1", "邻接 A") → the heading line."""
    return {
        m.group(1): m.group(0)
        for m in re.finditer(r"^### ((?:增量 \d+)|(?:邻接 [A-Z]+))【.*$", text, re.M)
    }


def label_of(text: str, key: str) -> str:
    """The label of the increment whose block names *key* in its heading or first lines."""
    for block in text.split("\n### ")[1:]:
        if key in "\n".join(block.split("\n")[:8]):
            return re.match(r"(增量 \d+|邻接 [A-Z]+)", block).group(1)
    raise AssertionError(f"{key} not in the briefing")


def approve_all(ws: Path, capsys, expected: dict) -> None:
    for exp in expected["new_increments"]:
        code, _, err = run(
            capsys, "decide", exp["key"], "approve", str(ws), "--section", exp["section"]
        )
        assert code == 0, err


def test_the_editors_tiers_decide_the_headings_and_the_header_counts(
    sample_ws: Path, capsys, expected
) -> None:
    approve_all(sample_ws, capsys, expected)
    before = export(sample_ws, capsys)
    # the default reads the notes' hints: a remark "做邻接", posts only one colleague reports
    assert "增量条数: 7 条(主线 4 条 · 邻接 3 条" in before
    for exp in expected["new_increments"]:
        code, _out, err = run(capsys, "decide", exp["key"], "tier", "main", str(sample_ws))
        assert code == 0, err
    assert "增量条数: 7 条(主线 7 条 · 邻接 0 条" in export(sample_ws, capsys)
    for exp in expected["new_increments"]:
        code, out, err = run(capsys, "decide", exp["key"], "tier", exp["tier"], str(sample_ws))
        assert code == 0, err
        assert out.startswith(f"saved: tier {exp['tier']} ")
    text = export(sample_ws, capsys)
    assert "增量条数: 7 条(主线 4 条 · 邻接 3 条" in text
    assert sorted(headings(text)) == [
        "增量 1",
        "增量 2",
        "增量 3",
        "增量 4",
        "邻接 A",
        "邻接 B",
        "邻接 C",
    ]
    for exp in expected["new_increments"]:
        label = label_of(text, exp["key"].removeprefix("https://"))
        assert label.startswith("增量" if exp["tier"] == "main" else "邻接"), (exp["key"], label)
    # a tier is not a verdict: all seven are still approved, with their sections
    decisions = stored(sample_ws)
    assert sorted(d.action for d in decisions.values()) == ["approve"] * 7
    assert {d.tier for d in decisions.values()} == {"main", "adjacent"}


def test_tier_alone_does_not_approve_and_keeps_an_existing_verdict(sample_ws: Path, capsys) -> None:
    code, _, _ = run(capsys, "decide", FORMAL, "tier", "main", str(sample_ws))
    assert code == 0
    assert stored(sample_ws)[FORMAL].action is None
    run(capsys, "decide", FORMAL, "reject", str(sample_ws))
    run(capsys, "decide", FORMAL, "tier", "adjacent", str(sample_ws))
    d = stored(sample_ws)[FORMAL]
    assert (d.action, d.tier) == ("reject", "adjacent")


def test_undo_restores_the_previous_tier(sample_ws: Path, capsys) -> None:
    run(capsys, "decide", HBF, "approve", str(sample_ws))
    text = export(sample_ws, capsys)
    assert label_of(text, HBF) == "增量 1"
    run(capsys, "decide", HBF, "tier", "adjacent", str(sample_ws))
    run(capsys, "decide", HBF, "tier", "main", str(sample_ws))
    assert stored(sample_ws)[HBF].tier == "main"
    code, out, _ = run(capsys, "decide", "-", "undo", str(sample_ws))
    assert code == 0 and HBF in out
    assert stored(sample_ws)[HBF].tier == "adjacent"
    assert label_of(export(sample_ws, capsys), HBF) == "邻接 A"
    run(capsys, "decide", "-", "undo", str(sample_ws))
    d = stored(sample_ws)[HBF]
    assert (d.action, d.tier) == ("approve", None)  # back to the default rule, still approved
    assert label_of(export(sample_ws, capsys), HBF) == "增量 1"
    code, out, _ = run(capsys, "history", str(sample_ws))
    assert f"tier  {HBF} adjacent" in out and f"tier  {HBF} main" in out


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ((FORMAL, "tier", "sideways", "WS"), "unknown tier 'sideways' (main or adjacent"),
        ((FORMAL, "tier"), "no tier given"),
        ((FORMAL, "tier", "main", "WS", "--section", "§1.3"), "--section cannot go with tier"),
        (("9999.99999", "tier", "main", "WS"), "'9999.99999' is not an increment of this window"),
        ((FORMAL, "approve", "WS", "main"), "unexpected argument 'main'"),
    ],
)
def test_a_bad_tier_is_one_line_exit_2_and_nothing_recorded(
    sample_ws: Path, capsys, args, says
) -> None:
    argv = ["decide", *(str(sample_ws) if a == "WS" else a for a in args)]
    code, out, err = run(capsys, *argv)
    assert code == 2, err
    assert out == "" and len(err) == 1 and says in err[0], err
    assert stored(sample_ws) == {}


# ---------------------------------------------------------------------- the UI's t


async def test_t_toggles_the_tier_of_the_current_row_and_u_undoes_it(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        assert current(app) == CORUN and cell(app, CORUN, "tier") == "M"  # the default rule
        await press(pilot, "t")
        d = stored(sample_ws)[CORUN]
        assert (d.tier, d.action) == ("adjacent", None)  # a tier, not a verdict
        assert cell(app, CORUN, "tier") == "A" and current(app) == CORUN
        # the detail pane says so too, once the panes follow the cursor (a moment after the key)
        await wait_for(
            pilot,
            lambda: "tier adjacent" in screen_text(app),
            5,
            "the detail pane to show the tier",
        )
        await press(pilot, "a")  # approve keeps the tier
        assert (stored(sample_ws)[CORUN].action, stored(sample_ws)[CORUN].tier) == (
            "approve",
            "adjacent",
        )
        table(app).move_cursor(row=table(app).order.index(CORUN))
        await press(pilot, "t")
        assert stored(sample_ws)[CORUN].tier == "main" and cell(app, CORUN, "tier") == "M"
        await press(pilot, "u")
        assert stored(sample_ws)[CORUN].tier == "adjacent" and cell(app, CORUN, "tier") == "A"
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "Main / adjacent in the briefing" in screen_text(app) and "(tier)" in screen_text(
            app
        )
    text = render(sample_ws)
    assert label_of(text, CORUN) == "邻接 A" and "主线 0 条 · 邻接 1 条" in text


# ---------------------------------------------------------------------- the store


def test_a_journal_written_before_tiers_loads_and_takes_a_tier(tmp_path: Path) -> None:
    from curator.journal import encode_line
    from curator.store import DecisionStore

    state = {
        "key": "a",
        "action": "approve",
        "section": "§1.3",
        "priority": None,
        "title": None,
        "points": None,
        "caveats": None,
        "note": None,
        "merged_into": None,
        "merges": [],
        "editor": "old",
        "time": "2026-08-20T21:00:00+08:00",
        "seq": 1,
    }  # no "tier" at all
    lines = [
        {
            "journal": "curator-decisions",
            "version": 1,
            "base_seq": 0,
            "created": "2026-08-20T20:00:00+08:00",
        },
        {
            "seq": 1,
            "action": "approve",
            "key": "a",
            "editor": "old",
            "time": state["time"],
            "args": {},
            "changes": [{"key": "a", "before": None, "after": state}],
            "pairs": [],
        },
    ]
    (tmp_path / ".curator").mkdir()
    (tmp_path / ".curator" / "decisions.journal").write_bytes(
        b"".join(encode_line(x) for x in lines)
    )
    with DecisionStore.open(tmp_path, "ed") as s:
        assert s.problems == [] and s.get("a").tier is None and s.get("a").action == "approve"
        with pytest.raises(ValueError, match="tier must be one of main, adjacent"):
            s.set_tier("a", "sideways")
        assert len(s.history()) == 1  # the refusal wrote nothing
        d = s.set_tier("a", "adjacent")
        assert (d.action, d.section, d.tier) == ("approve", "§1.3", "adjacent")
    with DecisionStore.open(tmp_path, "ed") as s:  # folded into the snapshot and read back
        assert s.get("a").tier == "adjacent"
        s.undo()
        assert s.get("a").tier is None and s.get("a").action == "approve"
