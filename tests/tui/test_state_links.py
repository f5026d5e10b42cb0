"""Links in a shared workspace's ``.curator/`` are never followed (curator.statedir).

A committed ``.curator/lock`` → ``~/.bashrc`` or ``.curator`` → another folder must leave
the target alone: one line says so, decisions are read-only, caches are off.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from ui_support import screen_text, wait_for, wait_ready

from curator.analysis import analyze
from curator.atomic import cleanup_temp_files
from curator.cache import IndexCache
from curator.lookup import LookupIndex, lookup
from curator.store import DecisionStore
from curator.tui.app import CuratorApp

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "curator", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )


def _snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file of a folder with its bytes and mtime: what must not change."""
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture
def bashrc(tmp_path: Path) -> Path:
    target = tmp_path / "home" / ".bashrc"
    target.parent.mkdir()
    target.write_text("export PATH=$HOME/bin:$PATH\n", encoding="utf-8")
    return target


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """Another folder someone's committed ``.curator`` link points at, with a writer's leftover."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "decisions.json").write_text('{"not": "ours"}', encoding="utf-8")
    (folder / ".report.12.ab.tmp").write_text("someone's half-written file", encoding="utf-8")
    (folder / "index-notes.cache").write_text("theirs", encoding="utf-8")
    return folder


def test_linked_lock_is_not_written_or_truncated(sample_ws: Path, bashrc: Path) -> None:
    (sample_ws / ".curator").mkdir()
    (sample_ws / ".curator" / "lock").symlink_to(bashrc)
    before = _snapshot(bashrc.parent)
    store = DecisionStore.open(sample_ws, "tom")  # as the UI opens it: with the session lock
    try:
        assert store.readonly
        assert store.problems == [
            ".curator/lock is a symbolic link; curator does not follow it: caches are off and decisions are read-only"
        ]
    finally:
        store.close()
    assert _snapshot(bashrc.parent) == before
    assert (sample_ws / ".curator" / "lock").is_symlink()


async def test_ui_with_a_linked_lock_says_so_and_leaves_the_target(
    sample_ws: Path, bashrc: Path
) -> None:
    (sample_ws / ".curator").mkdir()
    (sample_ws / ".curator" / "lock").symlink_to(bashrc)
    before = _snapshot(bashrc.parent)
    app = CuratorApp(sample_ws)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_ready(app, pilot, timeout=60)
        said = ".curator/lock is a symbolic link; curator does not follow it"
        await wait_for(
            pilot, lambda: said in screen_text(app), what="the problem in the status line"
        )
        assert app.triage.session.readonly_reason.startswith(said)
    assert _snapshot(bashrc.parent) == before


def test_linked_curator_folder_is_left_alone_by_every_command(
    sample_ws: Path, elsewhere: Path
) -> None:
    (sample_ws / ".curator").symlink_to(elsewhere, target_is_directory=True)
    before = _snapshot(elsewhere)
    ws = str(sample_ws)

    analyzed = _cli("analyze", ws, "--json")
    looked = _cli("lookup", "2608.14376", ws)
    decided = _cli("decide", "2608.14376", "approve", ws)
    exported = _cli("export", ws, "--out", "briefing.md")

    assert analyzed.returncode == 0 and looked.returncode == 1 and exported.returncode == 0
    assert decided.returncode == 2 and not decided.stdout  # decisions are read-only: nothing saved
    for run in (analyzed, looked, decided, exported):
        lines = run.stderr.splitlines()
        said = [line for line in lines if ".curator is a symbolic link" in line]
        assert len(said) == 1, run.stderr  # one clear line, once
        assert "Traceback" not in run.stderr
    assert _snapshot(elsewhere) == before  # nothing written, replaced or cleaned up there
    assert (sample_ws / "briefing.md").is_file()


def test_in_process_cache_index_and_store_stay_off(sample_ws: Path, elsewhere: Path) -> None:
    (sample_ws / ".curator").symlink_to(elsewhere, target_is_directory=True)
    before = _snapshot(elsewhere)
    cache = IndexCache(sample_ws)
    analyze(sample_ws, cache=cache)
    assert cache.problems and not cache.persist
    idx = LookupIndex(sample_ws)
    lookup(sample_ws, "2608.14376", index=idx)
    idx.save()
    assert idx.problems
    store = DecisionStore.open(sample_ws, "tom", session_lock=False)
    assert store.readonly and store.problems == cache.problems
    store.close()
    assert _snapshot(elsewhere) == before


def test_a_linked_cache_file_turns_caches_and_decisions_off(
    sample_ws: Path, tmp_path: Path
) -> None:
    analyze(sample_ws, cache=IndexCache(sample_ws))
    target = tmp_path / "precious.txt"
    target.write_text("keep me", encoding="utf-8")
    cache_file = sample_ws / ".curator" / "index-notes.cache"
    cache_file.unlink()
    cache_file.symlink_to(target)
    before = target.read_bytes()
    result = _cli("analyze", str(sample_ws), "--json")
    assert result.returncode == 0
    assert [line for line in result.stderr.splitlines() if "symbolic link" in line] == [
        "curator: .curator/index-notes.cache is a symbolic link; curator does not follow it: caches are off and "
        "decisions are read-only"
    ]
    assert target.read_bytes() == before and cache_file.is_symlink()
    decided = _cli("decide", "2608.14376", "approve", str(sample_ws))
    assert decided.returncode == 2 and "symbolic link" in decided.stderr


@pytest.mark.parametrize(
    "name", ["decisions.json", "decisions.journal", "decisions.lock", "decisions.json.bak"]
)
def test_a_linked_store_file_is_not_read_or_written(
    sample_ws: Path, bashrc: Path, name: str
) -> None:
    store = DecisionStore.open(sample_ws, "tom", session_lock=False)
    store.close()
    path = sample_ws / ".curator" / name
    if path.exists():
        path.unlink()
    path.symlink_to(bashrc)
    before = _snapshot(bashrc.parent)
    store = DecisionStore.open(sample_ws, "tom")
    try:
        assert store.readonly and any("symbolic link" in p for p in store.problems)
    finally:
        store.close()
    assert _snapshot(bashrc.parent) == before


def test_cleanup_never_deletes_through_a_linked_folder(tmp_path: Path, elsewhere: Path) -> None:
    link = tmp_path / "linked"
    link.symlink_to(elsewhere, target_is_directory=True)
    assert cleanup_temp_files(link) == []
    assert (elsewhere / ".report.12.ab.tmp").exists()
    real = tmp_path / "real"
    real.mkdir()
    (real / ".x.1.aa.tmp").symlink_to(elsewhere / ".report.12.ab.tmp")
    assert cleanup_temp_files(real) == []
    assert (elsewhere / ".report.12.ab.tmp").exists()
    assert os.path.islink(real / ".x.1.aa.tmp")
