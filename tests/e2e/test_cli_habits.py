"""The command-line habits a power user brings (issue 15): help on every option, exit codes in
every ``--help``, ``--json`` for decide/export/history, non-zero on failure, "did you mean",
errors on stderr, times in the workspace's zone, and one demo copy kept between runs.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SAMPLE, copy_workspace

from curator import cli
from curator.store import DecisionStore

ROOT = Path(__file__).resolve().parents[2]
CORUN, DASH = "2608.14376", "2608.14333"
CORUN_TITLE = "CoRun · 确定性 continuous batching"
DEFAULT_REL = "inbox/tom/2026-08-20-inference-e1prep.md"
EXPECTED_CODES = {  # what each handler returns besides 0 and 2 (read off cmd_* and main)
    "analyze": set(),
    "lookup": {"1"},
    "decide": {"1", "4", "5"},
    "history": {"4"},
    "export": {"3", "4", "6"},
    "demo": set(),
    "ui": set(),
}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``curator ARGS`` in-process: exit code, stdout, stderr."""
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def decisions(ws: Path) -> dict[str, str | None]:
    store = DecisionStore.open(ws, "tester", readonly=True, session_lock=False)
    try:
        return {k: d.action for k, d in store.current().items()}
    finally:
        store.close()


# ---------------------------------------------------------------------- --help


def test_every_subcommand_is_in_the_parser() -> None:
    assert set(subcommands()) == cli.SUBCOMMANDS == set(EXPECTED_CODES)


@pytest.mark.parametrize("command", sorted(EXPECTED_CODES))
def test_help_describes_every_option_and_ends_with_the_exit_codes(command: str, capsys) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main([command, "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    parser = subcommands()[command]
    for action in parser._actions:
        if action.help == argparse.SUPPRESS:
            continue
        names = action.option_strings or [action.dest]
        assert action.help and len(action.help) > 10, f"{command} {names}: no help line"
        assert any(n in text for n in names) or action.choices, (command, names)
    tail = text.rstrip().split("\n\n")[-1].splitlines()
    assert tail[0] == "exit codes:", text
    codes = {
        line.split()[0] for line in tail[1:] if line.startswith("  ") and line.split()[0].isdigit()
    }
    assert codes == {"0", "2", "130"} | EXPECTED_CODES[command], (command, codes)


def test_top_level_help_points_to_the_commands_help(capsys) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "COMMAND --help" in out and all(c in out for c in EXPECTED_CODES)


# ---------------------------------------------------------------------- did you mean, stderr


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("analyse", "analyze"),
        ("lokup", "lookup"),
        ("histroy", "history"),
        ("exprot", "export"),
        ("decid", "decide"),
    ],
)
def test_a_mistyped_command_gets_did_you_mean(
    typed: str, meant: str, capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, typed, "--json")
    assert code == 2 and out == ""
    assert err == f"curator: unknown command '{typed}' — did you mean '{meant}'?\n"


def test_a_folder_named_like_a_command_is_still_a_workspace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli.mistyped_command("analyse") == "analyze"
    (tmp_path / "analyse").mkdir()
    assert cli.mistyped_command("analyse") is None  # `curator analyse` opens that folder, as before
    assert (
        cli.mistyped_command("kb") is None
    )  # far from every command: "workspace not found" as before


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["ws"],
        ["ws", "--topic", "rag"],
        ["--topic", "rag"],
        ["--since", "2026-08-19T20:00+08:00", "ws"],
        ["--until", "x", "--topic", "t", "ws"],
        ["ws", "extra"],
        ["ws", "--json"],
        ["--topic"],
        ["--topic", "t", "--version"],
        ["ws", "--", "x"],
        ["ws", "--top", "t"],
    ],
)
def test_the_ui_without_its_name_parses_as_curator_ui_would(argv: list[str]) -> None:
    """``curator [WORKSPACE] [--topic …]`` is ``curator ui …``: same arguments, same errors."""
    outcomes = []
    for parse in (
        lambda: cli.parse_args(argv),
        lambda: cli.build_parser().parse_args(["ui", *argv]),
    ):
        try:
            outcomes.append(vars(parse()))
        except cli.UsageError as exc:
            outcomes.append(str(exc))
    assert outcomes[0] == outcomes[1], argv


def test_a_missing_workspace_far_from_any_command_says_so(capsys, tmp_path: Path) -> None:
    code, out, err = run(capsys, str(tmp_path / "nowhere"))
    assert code == 2 and out == "" and err.startswith("curator: workspace not found:")


def test_lookup_of_something_that_is_no_id_says_so_on_stderr(sample_ws: Path, capsys) -> None:
    code, out, err = run(capsys, "lookup", "not-an-id", str(sample_ws))
    assert code == 2 and out == ""
    assert err == "curator: 'not-an-id' is not an arXiv ID or URL\n"
    code, out, err = run(capsys, "lookup", "not-an-id", str(sample_ws), "--json")
    assert code == 2 and json.loads(out)["valid"] is False  # a script asked for JSON: it gets JSON


def test_lookup_names_each_place_once(sample_ws: Path, capsys) -> None:
    """The doc's heading carries its number: "§1.1 推理引擎与生产基准", not "§1.1 §1.1 …"."""
    code, out, err = run(capsys, "lookup", "2601.06288", str(sample_ws))
    assert code == 0 and err == ""
    assert "anchored: §1.1 推理引擎与生产基准 (organized/knowledge/inference.md:" in out
    assert "§1.1 §1.1" not in out


def test_nothing_to_undo_is_said_on_stderr(sample_ws: Path, capsys) -> None:
    code, out, err = run(capsys, "decide", "-", "undo", str(sample_ws))
    assert (code, out, err) == (1, "", "curator: nothing to undo\n")


# ---------------------------------------------------------------------- decide --json


def test_decide_json_says_what_was_recorded(sample_ws: Path, capsys) -> None:
    code, out, err = run(
        capsys,
        "decide",
        f"arXiv:{CORUN}v2",
        "approve",
        str(sample_ws),
        "--section",
        "KV Cache 管理",
        "--priority",
        "red",
        "--note",
        "check the table",
        "--json",
    )
    assert code == 0, err
    got = json.loads(out)
    assert got["recorded"] is True and got["action"] == "approve" and got["verdict"] == "approve"
    assert got["key"] == got["increment"] == CORUN  # the increment the query resolved to
    assert got["title"] == CORUN_TITLE
    assert (got["section"], got["priority"], got["note"]) == ("§1.3", "🔴", "check the table")
    assert got["editor"] == "tom" and got["time"].endswith("+08:00")  # curator.toml: Asia/Shanghai
    assert decisions(sample_ws) == {CORUN: "approve"}

    code, out, _ = run(capsys, "decide", DASH, "tier", "adjacent", str(sample_ws), "--json")
    got = json.loads(out)
    assert code == 0 and (got["action"], got["tier"], got["increment"]) == (
        "tier",
        "adjacent",
        DASH,
    )

    code, out, _ = run(capsys, "decide", "-", "undo", str(sample_ws), "--json")
    got = json.loads(out)
    assert code == 0 and (got["recorded"], got["action"], got["key"], got["target_action"]) == (
        True,
        "undo",
        DASH,
        "tier",
    )


def test_decide_json_refusal_is_exit_2_nothing_on_stdout_nothing_recorded(
    sample_ws: Path, capsys
) -> None:
    code, out, err = run(capsys, "decide", "9999.99999", "approve", str(sample_ws), "--json")
    assert code == 2 and out == "" and "is not an increment of this window" in err
    assert decisions(sample_ws) == {}


# ---------------------------------------------------------------------- history


def test_history_is_in_the_workspace_zone_with_titles(sample_ws: Path, capsys) -> None:
    run(capsys, "decide", CORUN, "approve", str(sample_ws))
    run(capsys, "decide", DASH, "reject", str(sample_ws), "--note", "not for tonight")
    code, out, _ = run(capsys, "history", str(sample_ws), "--json")
    assert code == 0
    got = json.loads(out)
    assert [(e["action"], e["key"]) for e in got] == [("reject", DASH), ("approve", CORUN)]
    assert got[1]["title"] == CORUN_TITLE and got[0]["title"].startswith("DASH")
    assert all(e["time"].endswith("+08:00") for e in got)
    assert got[0]["note"] == "not for tonight" and got[1]["section"] == "§1.3"
    code, text, _ = run(capsys, "history", str(sample_ws))
    lines = text.splitlines()
    assert code == 0 and len(lines) == 2
    assert "+08:00  tom  approve  2608.14376 §1.3  (CoRun" in lines[1]
    assert "+00:00" not in text


def test_history_finds_titles_of_an_earlier_evening(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No window pinned: the decisions were made on the relay's evening, not in the 24 hours ending now."""
    import curator.store

    ws = copy_workspace(SAMPLE, tmp_path / "ws")  # curator.toml pins no window
    monkeypatch.setattr(
        curator.store, "_now", lambda: "2026-08-20T14:25:00+00:00"
    )  # 22:25 in Shanghai
    run(capsys, "decide", CORUN, "approve", str(ws), "--until", "2026-08-20T22:20:00+08:00")
    monkeypatch.undo()
    code, out, _ = run(capsys, "history", str(ws), "--json")
    got = json.loads(out)
    assert (
        code == 0
        and got[0]["title"] == CORUN_TITLE
        and got[0]["time"] == "2026-08-20T22:25:00+08:00"
    )


def test_history_json_is_valid_for_hostile_text(sample_ws: Path, capsys) -> None:
    eve = sample_ws / "inbox" / "eve"
    eve.mkdir()
    (eve / "2026-08-20T1200-esc.md").write_text(
        "# n\n\n## Evil \x1b[2J \x85 \u2028 \udcff? paper (arXiv:2608.99991)\n\n- Link: https://arxiv.org/abs/2608.99991\n",
        encoding="utf-8",
        errors="surrogateescape",
    )
    code, _, err = run(
        capsys, "decide", "2608.99991", "defer", str(sample_ws), "--note", "odd \x1b]0;x\x07 note"
    )
    assert code == 0, err
    proc = subprocess.run(
        [sys.executable, "-m", "curator", "history", str(sample_ws), "--json"],
        capture_output=True,
        timeout=120,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout.decode("utf-8"))  # strict UTF-8
    assert got[0]["key"] == "2608.99991" and "Evil" in got[0]["title"]
    for bad in (b"\x1b", b"\x07", "\x85".encode(), "\u2028".encode()):
        assert bad not in proc.stdout


# ---------------------------------------------------------------------- export --json


def test_export_json_says_where_how_many_which_language(sample_ws: Path, capsys) -> None:
    run(capsys, "decide", CORUN, "approve", str(sample_ws))
    code, out, err = run(capsys, "export", str(sample_ws), "--json")
    assert code == 0, err
    got = json.loads(out)
    assert got["path"] == str(sample_ws / DEFAULT_REL) and Path(got["path"]).is_file()
    assert (got["increments"], got["lang"], got["overwritten"], got["stdout"]) == (
        1,
        "zh",
        False,
        False,
    )
    assert got["clipboard"] is None and got["text"] is None

    code, out, err = run(capsys, "export", str(sample_ws), "--json")
    assert code == 3 and out == "" and "exists" in err  # refused: no document, one line on stderr

    code, out, _ = run(
        capsys, "export", str(sample_ws), "--json", "--force", "--lang", "en", "--clipboard"
    )
    got = json.loads(out)
    assert code == 0 and (got["overwritten"], got["lang"], got["clipboard"]) == (True, "en", True)

    code, out, _ = run(capsys, "export", str(sample_ws), "--json", "--stdout")
    got = json.loads(out)
    assert code == 0 and got["path"] is None and got["stdout"] is True and "CoRun" in got["text"]


def test_export_json_reports_a_failed_clipboard(
    sample_ws: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pyperclip

    def fail(_text: str) -> None:
        raise pyperclip.PyperclipException("no copy/paste mechanism")

    monkeypatch.setattr(pyperclip, "copy", fail)
    code, out, err = run(capsys, "export", str(sample_ws), "--json", "--clipboard")
    got = json.loads(out)
    assert (
        code == 6
        and got["clipboard"] is False
        and "no copy/paste mechanism" in got["clipboard_error"]
    )
    assert Path(got["path"]).is_file() and "clipboard unavailable" in err


# ---------------------------------------------------------------------- demo


def test_demo_reuses_one_copy_under_the_user_data_folder(capsys) -> None:
    home = Path(os.environ["XDG_DATA_HOME"]) / "curator" / "demo"  # conftest isolates XDG_DATA_HOME
    code, out, _ = run(capsys, "demo", "--print")
    assert code == 0 and f"a new copy of the demo relay is in {home}" in out and "new 7" in out
    assert "`curator demo`" in out and f"curator ui {home}" in out  # how to reopen it
    code, _, err = run(capsys, "decide", CORUN, "approve", str(home))
    assert code == 0, err

    code, out, _ = run(capsys, "demo", "--print")
    assert code == 0 and f"with the decisions made in it, is in {home}" in out
    assert decisions(home) == {CORUN: "approve"}  # the same copy, the decision kept
    assert not [p for p in home.parent.iterdir() if p != home]  # no second copy beside it

    code, out, _ = run(capsys, "demo", "--print", "--fresh")
    assert code == 0 and f"replaced the old one in {home}" in out
    assert decisions(home) == {}
    assert not [
        p for p in home.parent.iterdir() if p != home
    ]  # the old copy is gone, nothing left over


def test_demo_never_touches_a_folder_that_is_not_a_demo_copy(tmp_path: Path, capsys) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.md").write_text("my own notes\n", encoding="utf-8")
    for extra in ([], ["--fresh"]):
        code, out, err = run(capsys, "demo", "--print", "--dir", str(mine), *extra)
        assert (
            code == 2 and out == "" and "is not a curator demo copy" in err and "left alone" in err
        )
        assert [p.name for p in mine.iterdir()] == ["notes.md"]
    link = tmp_path / "link"
    link.symlink_to(mine)
    code, _, err = run(capsys, "demo", "--print", "--dir", str(link), "--fresh")
    assert code == 2 and link.is_symlink() and [p.name for p in mine.iterdir()] == ["notes.md"]


def test_demo_dir_keeps_working(tmp_path: Path, capsys) -> None:
    target = tmp_path / "d"
    code, out, _ = run(capsys, "demo", "--print", "--dir", str(target))
    assert code == 0 and str(target) in out and (target / "curator.toml").is_file()
    code, out, _ = run(capsys, "demo", "--print", "--dir", str(target))
    assert (
        code == 0 and "with the decisions made in it" in out
    )  # reused, not refused as "not empty"
