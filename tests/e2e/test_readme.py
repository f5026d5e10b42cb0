"""The README is the first thing a new user runs: keep its commands true."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = text.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.*?)\n```", setup, re.S)


def test_exactly_two_setup_commands_and_ci_runs_the_test_one() -> None:
    cmds = _commands()
    assert len(cmds) == 2, cmds
    assert "curator demo" in cmds[0]
    assert "pytest" in cmds[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert cmds[1].strip() in ci


def test_demo_copies_and_prints_the_relay_window(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "curator", "demo", "--dir", str(tmp_path / "demo"), "--print"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    assert str(tmp_path / "demo") in proc.stdout
    assert "2026-08-19 22:20 → 2026-08-20 22:20" in proc.stdout
    assert "CoRun" in proc.stdout and "new 7" in proc.stdout
    assert (tmp_path / "demo" / "curator.toml").is_file()
    assert not list((tmp_path / "demo").glob("expected*"))


def test_styles_and_demo_ship_in_the_installed_package(tmp_path: Path) -> None:
    """Run from outside the checkout so the installed package (not ./curator) answers."""
    code = (
        "from importlib import resources; import curator, curator.styles;"
        "print(resources.files('curator.styles').joinpath('app.tcss').is_file(),"
        " resources.files('curator').joinpath('demo_workspace', 'curator.toml').is_file())"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["True", "True"]


def test_styles_found_from_a_source_checkout() -> None:
    from curator.tui.paths import styles_dir

    assert (styles_dir() / "app.tcss").is_file()
