"""`curator decide` refuses what it cannot record faithfully: one line, a defined exit code.

Keys name one increment (findings "one decision lands on two increments"), sections,
keys and values are checked before anything is written ("bad decisions accepted"), and a
full disk, an absurd curator.toml or a poisoned journal line is one line, not a traceback
("tracebacks instead of one line").
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from conftest import UNTIL
from ui_support import stored

from curator import cli
from curator.analysis import analyze
from curator.store import DecisionStore
from curator.triage import Triage

SHARED_TITLE = "t:vllm-vs-tensorrt-llm-生产对比"
"""A title key two increments of the sample relay carry (neither as its id)."""
TITLE_ID, ITS_TWIN = "t:your-eval-harness-is-your-product", "2607.08028"
"""An increment whose id is a title key, and another increment carrying that key too."""
CORUN = "2608.14376"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, list[str]]:
    """``curator ARGS`` in-process: exit code, stdout, stderr lines."""
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err.splitlines()


def actions(ws: Path) -> dict[str, str | None]:
    """Every row's verdict as the UI and the briefing see it."""
    store = DecisionStore.open(ws, "tester", readonly=True, session_lock=False)
    try:
        return {r.inc.id: r.action for r in Triage(analyze(ws), store).rows}
    finally:
        store.close()


# ---------------------------------------------------------------------- one key, one increment


def test_a_key_two_increments_carry_is_refused_with_the_candidates(sample_ws: Path, capsys) -> None:
    code, out, err = run(capsys, "decide", SHARED_TITLE, "approve", str(sample_ws))
    assert code == 2 and out == ""
    assert len(err) == 1
    assert "names 2 increments" in err[0]
    assert "bentoml.com/blog/vllm-vs-tensorrt-llm" in err[0] and "2601.06288" in err[0]
    assert stored(sample_ws) == {}


def test_a_decision_lands_on_one_increment_only(sample_ws: Path, capsys) -> None:
    code, out, _ = run(capsys, "decide", TITLE_ID, "approve", str(sample_ws))
    assert code == 0 and out.startswith(f"saved: approve {TITLE_ID} ")
    seen = actions(sample_ws)
    assert seen[TITLE_ID] == "approve" and seen[ITS_TWIN] is None
    code, _, _ = run(capsys, "decide", ITS_TWIN, "reject", str(sample_ws))
    assert code == 0
    seen = actions(sample_ws)
    assert (seen[TITLE_ID], seen[ITS_TWIN]) == ("approve", "reject")
    assert set(stored(sample_ws)) == {TITLE_ID, ITS_TWIN}  # each under its own canonical key
    assert sum(1 for a in seen.values() if a) == 2


def test_a_decision_stored_under_a_shared_key_is_nobodys(sample_ws: Path) -> None:
    """Written by an older curator: it is kept (an orphan) but approves neither increment."""
    with DecisionStore.open(sample_ws, "old") as store:
        store.decide(SHARED_TITLE, "approve")
        triage = Triage(analyze(sample_ws), store)
    assert triage.approved() == []
    assert [d.key for d in triage.orphans] == [SHARED_TITLE]
    assert {r.inc.id for r in triage.shared[SHARED_TITLE]} == {
        "bentoml.com/blog/vllm-vs-tensorrt-llm",
        "2601.06288",
    }


# ---------------------------------------------------------------------- bad decisions refused


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("9999.99999", "approve"), "'9999.99999' is not an increment of this window"),
        (
            (CORUN, "approve", "--section", "§9.9"),
            "has no section §9.9; closest: §1.9 推理评测与基准方法",
        ),
        (
            (CORUN, "approve", "--section", "no such words at all"),
            "has no section 'no such words at all'; closest: §",
        ),
        ((CORUN, "defer", "--note", "x" * 2001), "--note is 2001 characters long; at most 2000"),
        ((CORUN, "approve", "--until", "0001-01-01T05:00:00+00:00"), "out of the range of dates"),
        ((CORUN, "approve", "--since", "bad"), "not an ISO 8601 time: 'bad'"),
    ],
)
def test_bad_decisions_are_refused_and_nothing_is_recorded(
    sample_ws: Path, capsys, args, says
) -> None:
    key, action, *rest = args
    code, out, err = run(capsys, "decide", key, action, str(sample_ws), *rest)
    assert code == 2, err
    assert out == "" and len(err) == 1 and says in err[0], err
    assert stored(sample_ws) == {}


def test_known_sections_by_number_or_title_are_taken(sample_ws: Path, capsys) -> None:
    code, out, _ = run(
        capsys, "decide", CORUN, "approve", str(sample_ws), "--section", "Section 1.4"
    )
    assert code == 0 and out.rstrip().endswith("→ §1.4")
    code, out, _ = run(
        capsys, "decide", CORUN, "approve", str(sample_ws), "--section", "KV Cache 管理"
    )
    assert code == 0 and out.rstrip().endswith("→ §1.3")
    assert stored(sample_ws)[CORUN].section == "§1.3"


def test_ui_checks_its_options_before_opening(sample_ws: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    for bad in (
        ["--since", "bad"],
        ["--until", "2026-13-01"],
        ["--since", UNTIL, "--until", UNTIL],
    ):
        proc = subprocess.run(
            [sys.executable, "-m", "curator", "ui", str(sample_ws), *bad],
            capture_output=True,
            text=True,
            timeout=60,
            stdin=subprocess.DEVNULL,
            env=env,
        )
        assert proc.returncode == 2, (bad, proc.stderr)
        assert len(proc.stderr.splitlines()) == 1 and proc.stdout == "", proc.stderr


# ---------------------------------------------------------------------- one line, not a traceback


def test_disk_full_while_deciding_is_one_line_and_exit_5(
    sample_ws: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, _ = run(capsys, "decide", CORUN, "approve", str(sample_ws))  # the store exists
    journal = sample_ws / ".curator" / "decisions.journal"
    before = journal.read_bytes()
    real_fsync = os.fsync

    def full_disk(fd: int) -> None:
        if os.readlink(f"/proc/self/fd/{fd}").endswith("/decisions.journal"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", full_disk)
    code, out, err = run(capsys, "decide", "2608.14333", "reject", str(sample_ws))
    monkeypatch.undo()
    assert code == 5 and out == ""
    assert err == [
        "curator: the decision was NOT saved: No space left on device; nothing was recorded"
    ]
    assert journal.read_bytes() == before  # the half-written line was rolled back
    assert set(stored(sample_ws)) == {CORUN}


def test_absurd_window_hours_is_reported_and_the_default_used(sample_ws: Path, capsys) -> None:
    cfg = sample_ws / "curator.toml"
    lines = [
        ln
        for ln in cfg.read_text(encoding="utf-8").splitlines()
        if not ln.startswith(("since", "until"))
    ]
    cfg.write_text(
        "\n".join([*lines, "window_hours = 1e308", "card_days = inf"]) + "\n", encoding="utf-8"
    )
    said = [
        "curator: curator.toml: window_hours = 1e+308 is out of range (more than 0, at most 87840); using 24",
        "curator: curator.toml: card_days = inf is out of range (more than 0, at most 3660); using 3",
    ]
    code, out, err = run(capsys, "analyze", str(sample_ws), "--until", UNTIL)
    assert code == 0 and err == said
    assert "new 7" in out  # the 24 hours before --until: the sample relay's window
    code, out, err = run(capsys, "decide", CORUN, "approve", str(sample_ws), "--until", UNTIL)
    assert code == 0 and err == said and out.startswith("saved: approve")
    code, out, err = run(capsys, "export", str(sample_ws), "--until", UNTIL, "--stdout")
    assert code == 0 and err == said and "CoRun" in out
    code, _, err = run(capsys, "history", str(sample_ws))
    assert code == 0 and err == said


def _poison(journal: Path, depth: int = 200_000) -> None:
    """Append a line with a valid checksum holding JSON nested *depth* deep."""
    payload = b'{"seq":99,"action":"approve","key":"x","changes":' + b"[" * depth + b"}"
    with open(journal, "ab") as handle:
        handle.write(b"%08x %s\n" % (zlib.crc32(payload), payload))


def test_deeply_nested_journal_line_is_skipped_reported_and_set_aside(
    sample_ws: Path, capsys
) -> None:
    run(capsys, "decide", CORUN, "approve", str(sample_ws))
    journal = sample_ws / ".curator" / "decisions.journal"
    _poison(journal)
    damaged = (
        "curator: decisions.journal had 1 damaged line(s) that could not be read and were skipped"
    )
    code, out, err = run(capsys, "history", str(sample_ws))
    assert code == 0 and CORUN in out and err == [damaged]  # read-only: reported, untouched
    code, out, err = run(capsys, "decide", "2608.14333", "reject", str(sample_ws))
    assert code == 0 and out.startswith("saved: reject 2608.14333")
    assert len(err) == 1 and err[0].startswith(
        damaged + " (a copy of the journal is kept as decisions.journal.corrupt-"
    )
    assert list(journal.parent.glob("decisions.journal.corrupt-*"))
    code, out, err = run(capsys, "history", str(sample_ws))  # the writer folded it away
    assert code == 0 and err == [] and {CORUN, "2608.14333"} <= set(out.split())
    # the header line poisoned: the journal is not ours any more, so it is moved aside
    DecisionStore.open(sample_ws, "ed").close()  # a session folds the journal into the snapshot
    journal.write_bytes(b"")
    _poison(journal)
    with DecisionStore.open(sample_ws, "ed") as store:
        assert any("not a curator journal; it was moved aside" in p for p in store.problems)
        assert set(store.current()) == {CORUN, "2608.14333"}  # the snapshot had them


def test_deeply_nested_snapshot_is_moved_aside_and_recovered(sample_ws: Path) -> None:
    with DecisionStore.open(sample_ws, "ed") as store:
        store.decide(CORUN, "approve")
    with DecisionStore.open(sample_ws, "ed") as store:
        store.decide("2608.14333", "reject")
    snapshot = sample_ws / ".curator" / "decisions.json"
    snapshot.write_bytes(b'{"meta": ' + b"[" * 200_000)
    with DecisionStore.open(sample_ws, "ed") as store:
        assert "decisions.json is nested too deeply to be ours" in store.problems[0]
        assert set(store.current()) == {CORUN, "2608.14333"}
    assert list(snapshot.parent.glob("decisions.json.corrupt-*"))
