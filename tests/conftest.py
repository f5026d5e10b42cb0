"""Shared fixtures: the read-only shared workspaces and fresh writable copies of them."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
SAMPLE = SHARED / "sample-relay"
BAD = SHARED / "bad-inputs"
REAL = SHARED / "real"
SINCE = "2026-08-19T22:20:00+08:00"
UNTIL = "2026-08-20T22:20:00+08:00"


def need(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"shared fixture missing: {path} (tests expect ../shared beside the repo)")
    return path


@pytest.fixture(autouse=True)
def _isolate_user(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Keep the user's real config, clipboard and home out of every test."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local/share"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    monkeypatch.setenv("USER", os.environ.get("USER", "tester") or "tester")
    try:
        import pyperclip

        store: dict[str, str] = {}
        monkeypatch.setattr(pyperclip, "copy", lambda text: store.__setitem__("text", text))
        monkeypatch.setattr(pyperclip, "paste", lambda: store.get("text", ""))
    except ImportError:  # pragma: no cover
        pass


@pytest.fixture(scope="session")
def expected() -> dict:
    return json.loads(need(SAMPLE / "expected.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def reader():  # type: ignore[no-untyped-def]
    """The verdict reader on the packaged lexicon, as the analysis builds it (a module may define its own)."""
    from phrase_support import reader_for

    from curator.lexicon import packaged_lexicon

    return reader_for(packaged_lexicon())


@pytest.fixture
def packaged() -> Iterator[None]:
    """``match_field`` and the heading questions read the lexicon in use: the packaged one, whatever ran before."""
    from curator.lexicon import packaged_lexicon, use_lexicon

    use_lexicon(packaged_lexicon())
    yield


def copy_workspace(src: Path, dest: Path, *, with_expected: bool = False) -> Path:
    """A writable copy (the shared folder is read-only)."""
    need(src)
    ignore = None if with_expected else shutil.ignore_patterns("expected*")
    shutil.copytree(src, dest, ignore=ignore, symlinks=True)
    for p in [dest, *dest.rglob("*")]:
        if not p.is_symlink():
            p.chmod(0o755 if p.is_dir() else 0o644)
    return dest


@pytest.fixture
def sample_ws(tmp_path: Path) -> Path:
    ws = copy_workspace(SAMPLE, tmp_path / "ws")
    cfg = ws / "curator.toml"
    cfg.write_text(
        cfg.read_text(encoding="utf-8") + f'\nsince = "{SINCE}"\nuntil = "{UNTIL}"\n',
        encoding="utf-8",
    )
    return ws


@pytest.fixture(scope="session")
def sample_analysis():
    from curator.analysis import analyze

    return analyze(need(SAMPLE), since=SINCE, until=UNTIL)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say in one line how many tests skipped because ``../shared`` is not beside the repo."""
    missing = [
        r
        for r in terminalreporter.stats.get("skipped", [])
        if "shared fixture missing" in str(getattr(r, "longrepr", ""))
    ]
    if missing:
        terminalreporter.write_line(
            f"{len(missing)} tests skipped: ../shared is missing (the shared fixtures belong "
            f"beside the repo, at {SHARED})",
            yellow=True,
        )


def one_note_analysis(root: Path, topic: str, doc: str, note_path: str, note: str, window: str):  # type: ignore[no-untyped-def]
    """A workspace of one living doc and one note, analysed over the day starting at ``window``
    (an ISO time with offset), nothing cached: the smallest case of a judgment."""
    from datetime import datetime, timedelta

    from curator.analysis import analyze

    (root / "organized" / "knowledge").mkdir(parents=True)
    (root / "organized" / "knowledge" / f"{topic}.md").write_text(doc, encoding="utf-8")
    (root / note_path).parent.mkdir(parents=True)
    (root / note_path).write_text(note, encoding="utf-8")
    end = (datetime.fromisoformat(window) + timedelta(days=1)).isoformat()
    return analyze(root, topic, window, end, save_cache=False)
