"""One changed note rewrites a small delta of the notes part, not the whole part; a delta that does
not follow the whole part beside it is never believed."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from curator import cache_notes
from curator.analysis import analyze
from curator.cache import IndexCache, _version
from curator.report import analysis_json

NOTE = "inbox/jay/2026-08-20T1950-jay-inference-engineering-rag-eval-mcp-stack-aug20.md"


def _edit(ws: Path, rel: str = NOTE, extra: str = "") -> None:
    note = ws / rel
    text = note.read_text(encoding="utf-8")
    note.write_text(
        text
        + f"\n## 条目9【inference】DeltaPaper{extra}: a fresh one (arXiv:2608.1999{len(extra)})\n",
        encoding="utf-8",
    )
    st = note.stat()
    os.utime(note, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))


def _json(ws: Path, cache: IndexCache | None = None) -> dict:
    data = analysis_json(analyze(ws, cache=cache))
    return {k: v for k, v in data.items() if k != "errors"}


def test_one_changed_note_writes_a_delta_and_the_next_run_reads_nothing(sample_ws: Path) -> None:
    analyze(sample_ws, cache=IndexCache(sample_ws))
    whole = sample_ws / ".curator" / "index-notes.cache"
    delta = sample_ws / ".curator" / "index-notes-delta.cache"
    before = whole.read_bytes()
    assert not delta.exists()

    _edit(sample_ws)
    first = IndexCache(sample_ws)
    analyze(sample_ws, cache=first)
    assert first.read_paths == [NOTE]
    assert whole.read_bytes() == before  # the whole part is not written again
    fixed = len(_version())  # both files carry it (the code's fingerprint: ~5 KB)
    assert 0 < delta.stat().st_size - fixed < (len(before) - fixed) // 10

    again = IndexCache(sample_ws)
    warm = _json(sample_ws, again)
    assert again.reads == 0  # the delta holds the changed note
    assert warm == _json(sample_ws)  # and the answer is a cold run's
    assert any("DeltaPaper" in json_inc["title"] for json_inc in warm["increments"])


def test_a_vanished_note_stays_gone_through_the_delta(sample_ws: Path) -> None:
    analyze(sample_ws, cache=IndexCache(sample_ws))
    victim = sample_ws / "inbox" / "stephen" / "2026-08-20-ai-industry-e1prep.md"
    victim.unlink()
    analyze(sample_ws, cache=IndexCache(sample_ws))
    assert (sample_ws / ".curator" / "index-notes-delta.cache").is_file()
    c = IndexCache(sample_ws)
    assert "inbox/stephen/2026-08-20-ai-industry-e1prep.md" not in c.notes
    assert _json(sample_ws, c) == _json(sample_ws) and c.reads == 0


def test_a_delta_of_another_whole_part_is_ignored(sample_ws: Path, tmp_path: Path) -> None:
    """A delta left from before the whole part was written again (a copy, a restore) names
    another token: its notes are read from their files instead."""
    analyze(sample_ws, cache=IndexCache(sample_ws))
    _edit(sample_ws)
    analyze(sample_ws, cache=IndexCache(sample_ws))
    delta = sample_ws / ".curator" / "index-notes-delta.cache"
    stale = tmp_path / "stale-delta"
    shutil.copy2(delta, stale)
    (sample_ws / ".curator" / "index-notes.cache").unlink()
    analyze(sample_ws, cache=IndexCache(sample_ws))  # the whole part again, a new token
    assert not delta.exists()
    shutil.copy2(stale, delta)
    _edit(sample_ws, extra="B")  # the file changed after the stale delta: it must not win
    c = IndexCache(sample_ws)
    got = _json(sample_ws, c)
    assert c.read_paths == [NOTE]
    assert got == _json(sample_ws)
    assert any("DeltaPaperB" in inc["title"] for inc in got["increments"])


def test_many_changed_notes_write_the_whole_part_again(sample_ws: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(cache_notes, "DELTA_MIN", 1)
    monkeypatch.setattr("curator.cache.DELTA_MIN", 1)
    analyze(sample_ws, cache=IndexCache(sample_ws))
    whole = sample_ws / ".curator" / "index-notes.cache"
    before = whole.read_bytes()
    notes = sorted(p for p in (sample_ws / "inbox").rglob("*.md"))
    for p in notes[: len(notes) // 2]:
        _edit(sample_ws, p.relative_to(sample_ws).as_posix())
    analyze(sample_ws, cache=IndexCache(sample_ws))
    assert whole.read_bytes() != before
    assert not (sample_ws / ".curator" / "index-notes-delta.cache").exists()
    c = IndexCache(sample_ws)
    assert _json(sample_ws, c) == _json(sample_ws) and c.reads == 0
