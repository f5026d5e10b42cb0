"""What a workspace carries never drives the terminal, and JSON is always valid (issue: trust)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SAMPLE, copy_workspace, need

SINCE, UNTIL = "2026-08-19T22:20:00+08:00", "2026-08-20T22:20:00+08:00"
BAD_BYTES = (b"\x1b", b"\x07", "\x9b".encode(), "\x85".encode(), b"\xff")


def _cli(*args: str) -> subprocess.CompletedProcess[bytes]:
    exe = Path(sys.executable).with_name("curator")
    if not exe.exists():
        pytest.skip("the curator command is not installed beside this Python")
    return subprocess.run([str(exe), *args], capture_output=True, timeout=180)


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    ws = copy_workspace(need(SAMPLE), tmp_path / "ws")
    eve = ws / "inbox" / "eve"
    eve.mkdir(parents=True)
    (eve / "2026-08-20T1200-esc.md").write_text(
        "# Title \x1b]0;PWNED\x07 here\n\n## Evil \x1b[2J paper (arXiv:2608.99991)\n\n"
        "- Link: https://arxiv.org/abs/2608.99991\n- \x9b31m c1 \x85 next line\n",
        encoding="utf-8",
    )
    (eve / "2026-08-20T1201-bad.md").write_text("# bad name (arXiv:2608.99992)\n", encoding="utf-8")
    os.rename(eve / "2026-08-20T1201-bad.md", os.fsencode(eve) + b"/2026-08-20T1201-bad\xff.md")
    return ws


def test_text_output_carries_no_control_characters(hostile: Path) -> None:
    for args in (
        ["analyze", str(hostile), "--since", SINCE, "--until", UNTIL],
        ["lookup", "2608.99991", str(hostile)],
        ["lookup", "2608.99992", str(hostile)],
    ):
        out = _cli(*args)
        assert out.returncode in (0, 1), out.stderr
        for bad in BAD_BYTES:
            assert bad not in out.stdout + out.stderr, (args, bad)
        assert b"Traceback" not in out.stderr


def test_json_is_valid_and_escapes_what_it_cannot_print(hostile: Path) -> None:
    out = _cli("analyze", str(hostile), "--since", SINCE, "--until", UNTIL, "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout.decode("utf-8"))  # strict UTF-8: the raw 0xff byte would fail here
    assert any("\udcff" in n["path"] for n in data["notes"])
    assert any("not valid UTF-8" in e["message"] for e in data["errors"])
    for bad in BAD_BYTES:
        assert bad not in out.stdout
    look = _cli("lookup", "2608.99992", str(hostile), "--json")
    json.loads(look.stdout.decode("utf-8"))
