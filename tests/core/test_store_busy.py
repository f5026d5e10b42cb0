"""A writer stopped while it holds the decisions lock hangs nobody.

Finding "a stopped writer hangs everyone": a `curator decide` stopped with SIGSTOP inside
its transaction made every other decide, history, export and the UI wait forever. Now
each gives up after a few seconds naming the holder (exit 4 for commands), and the UI
stays live and says so.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from ui_support import press, screen_text, stored, wait_for, wait_ready

from curator.locks import LOCK_TIMEOUT, Holder, WorkspaceBusy, command_line, read_holder
from curator.store import DecisionStore
from curator.tui.app import CuratorApp
from curator.tui.screens.shared_store import BUSY_GIVE_UP

REPO = Path(__file__).resolve().parents[2]
CORUN, DASH = "2608.14376", "2608.14333"
SIZE = (160, 50)

STOPPED_DECIDE = r"""
import os, signal, sys
from curator import cli
from curator.store import DecisionStore

real_append = DecisionStore._append

def stop_inside_the_transaction(self, event):
    os.kill(os.getpid(), signal.SIGSTOP)  # as if an editor pressed Ctrl+Z right here
    real_append(self, event)

DecisionStore._append = stop_inside_the_transaction
sys.argv = ["curator", *sys.argv[1:]]
sys.exit(cli.main(sys.argv[1:]))
"""

BUSY_LINE = re.compile(
    r"curator: workspace busy: pid (\d+) \(curator decide 2608\.14376 approve .*\) since \d\d:\d\d"
)


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))


@pytest.fixture
def stopped_writer(sample_ws: Path) -> Iterator[subprocess.Popen[str]]:
    """`curator decide 2608.14376 approve` stopped (SIGSTOP) while holding the lock."""
    proc = subprocess.Popen(
        [sys.executable, "-c", STOPPED_DECIDE, "decide", CORUN, "approve", str(sample_ws)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
    )
    _, status = os.waitpid(proc.pid, os.WUNTRACED)
    assert os.WIFSTOPPED(status), status
    try:
        yield proc
    finally:
        proc.send_signal(signal.SIGCONT)
        proc.wait(timeout=60)


def _curator(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "curator", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
    )


def test_decide_history_export_give_up_naming_the_holder(
    sample_ws: Path, stopped_writer: subprocess.Popen[str]
) -> None:
    start = time.monotonic()
    procs = {
        "decide": _curator("decide", DASH, "reject", str(sample_ws)),
        "history": _curator("history", str(sample_ws)),
        "export": _curator("export", str(sample_ws), "--stdout"),
    }
    results = {name: (p.wait(timeout=60), *p.communicate()) for name, p in procs.items()}
    took = time.monotonic() - start
    for name, (code, out, err) in results.items():
        assert code == 4, (name, err)
        assert out == "", name
        lines = err.splitlines()
        assert len(lines) == 1 and BUSY_LINE.fullmatch(lines[0]), (name, err)
        assert BUSY_LINE.fullmatch(lines[0])[1] == str(stopped_writer.pid)
    assert took < LOCK_TIMEOUT + 15, took  # bounded (the three ran side by side)
    # the stopped writer goes on: its decision is saved, and so is the next one
    stopped_writer.send_signal(signal.SIGCONT)
    out, err = stopped_writer.communicate(timeout=60)
    assert stopped_writer.returncode == 0 and out.startswith(f"saved: approve {CORUN}"), err
    proc = _curator("decide", DASH, "reject", str(sample_ws))
    assert proc.wait(timeout=60) == 0
    assert {k: d.action for k, d in stored(sample_ws).items()} == {CORUN: "approve", DASH: "reject"}


def test_store_refresh_and_open_are_bounded(
    sample_ws: Path, stopped_writer: subprocess.Popen[str]
) -> None:
    with pytest.raises(WorkspaceBusy) as busy:
        DecisionStore.open(sample_ws, "ed", session_lock=False, lock_timeout=0.2)
    assert busy.value.holder is not None and busy.value.holder.pid == stopped_writer.pid
    assert str(busy.value).startswith(
        f"workspace busy: pid {stopped_writer.pid} (curator decide {CORUN} approve"
    )


async def test_ui_never_freezes_and_says_who_holds_the_lock(sample_ws: Path) -> None:
    app = CuratorApp(sample_ws)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(app, pilot)
        proc = subprocess.Popen(
            [sys.executable, "-c", STOPPED_DECIDE, "decide", CORUN, "approve", str(sample_ws)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_env(),
        )
        try:
            _, status = os.waitpid(proc.pid, os.WUNTRACED)
            assert os.WIFSTOPPED(status)
            assert app.triage.current_row().inc.id == CORUN
            start = time.monotonic()
            await press(pilot, "d")
            assert time.monotonic() - start < 1.5  # answered at once, not after the 3 s of retries
            assert "waiting (workspace busy: pid" in screen_text(app)
            await press(pilot, "j", "j")  # the screen stays live while the write waits
            assert app.triage.current_row().inc.id != CORUN
            said = f"workspace busy: pid {proc.pid} (curator decide {CORUN} approve"
            await wait_for(
                pilot,
                lambda: any(n.message.startswith(said) for n in app._notifications),
                timeout=BUSY_GIVE_UP + 5,
                what="the busy message",
            )
            note = next(n.message for n in app._notifications if n.message.startswith(said))
            assert note.endswith("; defer was NOT saved (try again when it is done)")
            assert "waiting (" not in screen_text(app)  # writes are enabled again
            # something changed on disk that the screen cannot read while the lock is held:
            # the status line names the holder (and stops when the lock is free)
            snapshot = sample_ws / ".curator" / "decisions.json"
            os.utime(snapshot, ns=(time.time_ns(), time.time_ns()))
            await wait_for(pilot, lambda: app.triage.busy_note.startswith(said), what="status line")
            assert said in screen_text(app)
        finally:
            proc.send_signal(signal.SIGCONT)
            proc.wait(timeout=60)
        # the lock is free again: the other process's decision shows up, and the same key saves
        await wait_for(pilot, lambda: app.triage.busy_note == "", what="status line cleared")
        await wait_for(
            pilot,
            lambda: app.triage.session.triage.by_key[CORUN].action == "approve",
            what="the other process's decision",
        )
        row = app.triage.current_row()
        await press(pilot, "d")
        assert stored(sample_ws)[row.inc.id].action == "defer"
        assert stored(sample_ws)[CORUN].action == "approve"


def test_lock_record_is_read_as_untrusted(tmp_path: Path) -> None:
    lock = tmp_path / "decisions.lock"
    assert read_holder(lock) is None
    lock.write_text(
        '{"pid": 42, "command": "curator decide \\u001b[31mx\\u0007 approve", "since": "2026-08-20T21:14:00+08:00"}'
    )
    holder = read_holder(lock)
    assert holder is not None and holder.pid == 42 and holder.command == "curator decide x approve"
    lock.write_text("[" * 100_000)
    assert read_holder(lock) is None
    lock.write_text('{"pid": "42"}')
    assert read_holder(lock) is None
    target = tmp_path / "elsewhere"
    target.write_text('{"pid": 7}')
    lock.unlink()
    lock.symlink_to(target)
    assert read_holder(lock) is None  # not followed
    assert Holder().describe() == "another curator process"
    assert (
        command_line(["/usr/bin/curator", "decide", "x", "approve"]) == "curator decide x approve"
    )


def test_a_record_left_by_a_killed_writer_names_nobody(sample_ws: Path) -> None:
    """A reader stopped mid-load holds the lock shared and writes no record: the message
    must not name the (dead) writer whose record is still in the file."""
    with DecisionStore.open(sample_ws, "ed") as store:
        store.decide(CORUN, "approve")
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    lock = sample_ws / ".curator" / "decisions.lock"
    lock.write_text(f'{{"pid": {dead.stdout.strip()}, "command": "curator decide x approve"}}')
    reader = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import fcntl, os, signal, sys; fd = os.open(sys.argv[1], os.O_RDONLY); "
            "fcntl.flock(fd, fcntl.LOCK_SH); os.kill(os.getpid(), signal.SIGSTOP)",
            str(lock),
        ],
    )
    try:
        _, status = os.waitpid(reader.pid, os.WUNTRACED)
        assert os.WIFSTOPPED(status)
        with pytest.raises(WorkspaceBusy) as busy:
            DecisionStore.open(sample_ws, "ed", session_lock=False, lock_timeout=0.2)
        assert str(busy.value) == "workspace busy: another curator process"
    finally:
        reader.send_signal(signal.SIGCONT)
        reader.wait(timeout=30)
