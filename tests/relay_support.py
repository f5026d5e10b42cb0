"""Running ``curator analyze --json`` on a labelled relay, for tests that check one judgment."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def analyze_relay(relay: Path, tmp_path: Path) -> dict[str, dict[str, Any]]:
    """The relay's increments by id, analysed over its labelled window from a copy of it."""
    exp = json.loads((relay / "expected.json").read_text(encoding="utf-8"))
    ws = tmp_path / relay.name
    shutil.copytree(relay, ws, ignore=shutil.ignore_patterns("expected*"))
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "curator",
            "analyze",
            str(ws),
            "--topic",
            exp["topic"],
            "--since",
            exp["window"]["start"],
            "--until",
            exp["window"]["end"],
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return {i["id"]: i for i in json.loads(out.stdout)["increments"]}
