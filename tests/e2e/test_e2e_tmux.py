"""End to end in a real terminal: the installed `curator` under tmux, keys in, screen out.

Approve three increments and reject one, quit, start again: the four decisions are on the
screen (and in `curator history`). `curator demo` twice: the approval made in the first is in
the second, and the demo's folder is on the screen. Polls with timeouts; never a long fixed sleep.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import SAMPLE, SINCE, UNTIL, copy_workspace

pytestmark = pytest.mark.e2e

TMUX = shutil.which("tmux")
CURATOR = Path(sys.executable).parent / "curator"


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(LANG="C.UTF-8", LC_ALL="C.UTF-8", TERM="xterm-256color")
    env.pop("TMUX", None)
    return env


class Tmux:
    """One private tmux server (its own socket), killed at the end."""

    def __init__(self) -> None:
        self.socket = f"curator-e2e-{uuid.uuid4().hex[:8]}"

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        assert TMUX is not None
        return subprocess.run(
            [TMUX, "-u", "-L", self.socket, *args],
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            env=_env(),
            timeout=30,
            check=check,
        )

    def start(self, name: str, command: str) -> None:
        self.run("new-session", "-d", "-s", name, "-x", "160", "-y", "50", command)

    def screen(self, name: str) -> str:
        return self.run("capture-pane", "-p", "-t", name, check=False).stdout

    def alive(self, name: str) -> bool:
        return self.run("has-session", "-t", name, check=False).returncode == 0

    def keys(self, name: str, *keys: str) -> None:
        for key in keys:
            self.run("send-keys", "-t", name, key)
            time.sleep(0.15)  # one key at a time, as a person types

    def wait(self, name: str, check: Callable[[], bool], timeout: float, what: str) -> None:
        """Until *check* holds; on time-out, fail showing the session's screen."""
        poll(check, timeout, what, lambda: self.screen(name))

    def kill(self) -> None:
        self.run("kill-server", check=False)


def poll(check: Callable[[], bool], timeout: float, what: str, show: Callable[[], str]) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}; screen:\n{show()}")


@pytest.fixture
def tmux():
    if TMUX is None:
        pytest.skip(
            "tmux is not installed (apt-get install tmux); the end-to-end test needs a real terminal"
        )
    if not CURATOR.exists():
        pytest.skip(f"the curator command is not installed beside {sys.executable}")
    server = Tmux()
    try:
        yield server
    finally:
        server.kill()


def test_decisions_survive_a_restart_in_a_real_terminal(tmux: Tmux, tmp_path: Path) -> None:
    ws = copy_workspace(SAMPLE, tmp_path / "ws")
    cfg = ws / "curator.toml"
    cfg.write_text(
        cfg.read_text(encoding="utf-8") + f'\nsince = "{SINCE}"\nuntil = "{UNTIL}"\n',
        encoding="utf-8",
    )
    command = f"env TERM=xterm-256color LANG=C.UTF-8 '{CURATOR}' '{ws}'"

    tmux.start("one", command)
    tmux.wait("one", lambda: " left " in tmux.screen("one"), 60, "the first analysis")
    tmux.keys("one", "a", "a", "a", "x")
    tmux.wait(
        "one", lambda: "✓ 3  ✗ 1" in tmux.screen("one"), 15, "three approvals and a rejection"
    )
    # an upper-case binding (shift) works in a real terminal too: E opens the export preview
    tmux.keys("one", "E")
    tmux.wait("one", lambda: "Briefing preview" in tmux.screen("one"), 15, "the export preview")
    tmux.keys("one", "Escape")
    tmux.wait("one", lambda: "Briefing preview" not in tmux.screen("one"), 15, "back to the list")
    tmux.keys("one", "q")
    tmux.wait("one", lambda: not tmux.alive("one"), 15, "curator to quit")

    tmux.start("two", command)
    tmux.wait("two", lambda: " left " in tmux.screen("two"), 60, "the second start")
    screen = tmux.screen("two")
    assert "✓ 3  ✗ 1" in screen
    rows = [line for line in screen.splitlines() if "│ ✓ " in line or "│ ✗ " in line]
    assert sum("│ ✓ " in r for r in rows) == 3 and sum("│ ✗ " in r for r in rows) == 1, screen
    for title in ("CoRun", "DASH", "SGLang 高级 CUDA Graph", "HBF Sucks"):
        assert title in screen
    tmux.keys("two", "q")
    tmux.wait("two", lambda: not tmux.alive("two"), 15, "curator to quit")

    out = subprocess.run(
        [str(CURATOR), "history", str(ws), "--json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=_env(),
        timeout=60,
        check=True,
    )
    verdicts = [e["action"] for e in json.loads(out.stdout)]
    assert sorted(verdicts) == ["approve", "approve", "approve", "reject"]


def test_the_demo_keeps_its_decisions_and_says_where_it_is(tmux: Tmux) -> None:
    # a short data folder: the path fits on one line of the notice (60 columns)
    data = Path(tempfile.mkdtemp(prefix="cd", dir="/tmp"))
    demo = data / "curator" / "demo"
    command = f"env XDG_DATA_HOME='{data}' TERM=xterm-256color LANG=C.UTF-8 '{CURATOR}' demo"
    try:
        tmux.start("one", command)
        tmux.wait("one", lambda: " left " in tmux.screen("one"), 60, "the demo's first screen")
        tmux.wait(
            "one",
            lambda: str(demo) in tmux.screen("one"),
            15,
            "the demo's folder on the first screen",
        )
        tmux.keys("one", "a")
        tmux.wait("one", lambda: "✓ 1  ✗ 0" in tmux.screen("one"), 15, "one approval")
        assert str(demo) in tmux.screen("one")  # still said, before quitting
        tmux.keys("one", "q")
        tmux.wait("one", lambda: not tmux.alive("one"), 15, "curator to quit")

        tmux.start("two", command)
        tmux.wait("two", lambda: " left " in tmux.screen("two"), 60, "the demo again")
        screen = tmux.screen("two")
        assert "✓ 1  ✗ 0" in screen
        rows = [line for line in screen.splitlines() if "│ ✓ " in line]
        assert len(rows) == 1 and "CoRun" in rows[0], screen
        tmux.keys("two", "q")
        tmux.wait("two", lambda: not tmux.alive("two"), 15, "curator to quit")

        out = subprocess.run(
            [str(CURATOR), "history", str(demo), "--json"],
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=_env(),
            timeout=60,
            check=True,
        )
        history = json.loads(out.stdout)
        assert [(e["action"], e["key"]) for e in history] == [("approve", "2608.14376")]
        assert history[0]["title"].startswith("CoRun") and history[0]["time"].endswith("+08:00")
    finally:
        shutil.rmtree(data, ignore_errors=True)
