"""The core never imports Textual: the CLI, scripts and tests rely on it staying light."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = sorted(p.stem for p in (ROOT / "curator").glob("*.py") if p.stem not in {"__main__"})


def test_core_modules_import_without_textual() -> None:
    code = (
        "import sys\n"
        f"for m in {CORE!r}:\n"
        "    __import__('curator.' + m)\n"
        "bad = sorted(k for k in sys.modules if k == 'textual' or k.startswith('textual.'))\n"
        "print(','.join(bad))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "", f"core imported Textual: {proc.stdout.strip()}"


def test_no_core_file_mentions_textual() -> None:
    for p in (ROOT / "curator").glob("*.py"):
        text = p.read_text(encoding="utf-8")
        assert "import textual" not in text and "from textual" not in text, p.name
