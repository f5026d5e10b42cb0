"""Tests for curator.store: decisions are durable, undoable, locked and never silently reset."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import tempfile
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tinydb import TinyDB

from curator import atomic
from curator.atomic import atomic_write_bytes, atomic_write_text, cleanup_temp_files
from curator.store import Decision, DecisionStore, ReadOnlyStore

REPO = Path(__file__).resolve().parents[2]
ARXIV = "2608.14376"
URL = "lmsys.org/blog/2026-08-17-advanced-cuda-graph"
TITLE = "t:sglang-advanced-cuda-graph"


def run_py(code: str, *args: str, env: dict[str, str] | None = None, timeout: float = 60):
    """Run a snippet in a fresh interpreter that imports this checkout's curator."""
    full = dict(os.environ)
    full.update(env or {})
    full["PYTHONPATH"] = str(REPO) + os.pathsep + full.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        env=full,
        timeout=timeout,
        check=False,
    )


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "workspace"
    root.mkdir()
    return root


@pytest.fixture
def store(ws: Path):
    s = DecisionStore.open(ws, "ed")
    yield s
    s.close()


def curator_dir(ws: Path) -> Path:
    return ws / ".curator"


# --------------------------------------------------------------------------- basics


def test_decide_get_history(store: DecisionStore) -> None:
    assert store.problems == [] and not store.readonly and store.readonly_reason is None
    assert store.path.name == "decisions.json"
    d = store.decide(ARXIV, "approve", section="§1.3", priority="🔴", note="strong result")
    assert isinstance(d, Decision)
    assert (d.key, d.action, d.section, d.priority, d.note) == (
        ARXIV,
        "approve",
        "§1.3",
        "🔴",
        "strong result",
    )
    assert d.editor == "ed" and d.seq == 1 and d.merges == [] and d.merged_into is None
    assert datetime.fromisoformat(d.time).utcoffset() is not None  # ISO 8601 with offset
    store.decide(URL, "reject")
    d2 = store.decide(ARXIV, "defer")  # keeps section/priority/note when not given
    assert (d2.action, d2.section, d2.priority, d2.note, d2.seq) == (
        "defer",
        "§1.3",
        "🔴",
        "strong result",
        3,
    )
    assert store.get(ARXIV) == d2
    assert store.get(TITLE) is None
    assert set(store.current()) == {ARXIV, URL}
    history = store.history()
    assert [h["seq"] for h in history] == [3, 2, 1]
    assert [(h["key"], h["action"]) for h in history] == [
        (ARXIV, "defer"),
        (URL, "reject"),
        (ARXIV, "approve"),
    ]
    first = history[-1]
    for field in ("key", "action", "section", "priority", "editor", "time", "seq"):
        assert field in first
    assert first["section"] == "§1.3" and first["priority"] == "🔴" and first["editor"] == "ed"
    assert [h["seq"] for h in store.history(key=ARXIV)] == [3, 1]


def test_validation(store: DecisionStore) -> None:
    with pytest.raises(ValueError):
        store.decide(ARXIV, "maybe")
    with pytest.raises(ValueError):
        store.decide(ARXIV, "approve", priority="red")
    with pytest.raises(ValueError):
        store.decide("", "approve")
    with pytest.raises(ValueError):
        store.edit(ARXIV, points="not a list")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        store.edit(ARXIV)
    with pytest.raises(ValueError):
        store.merge(ARXIV, ARXIV)
    assert store.history() == []


def test_editor_default(ws: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("USER", "alice")
    with DecisionStore.open(ws) as s:
        assert s.decide("a", "approve").editor == "alice"
    with DecisionStore.open(ws, "Config Name") as s:
        assert s.decide("b", "approve").editor == "Config Name"
    monkeypatch.delenv("USER")
    with DecisionStore.open(ws) as s:
        assert s.decide("c", "approve").editor == "editor"


def test_layout_and_plain_tinydb_can_read_snapshot(ws: Path) -> None:
    with DecisionStore.open(ws, "ed") as s:
        s.decide(ARXIV, "approve", note="好")
        s.mark_distinct("x", "y")
    files = {p.name for p in curator_dir(ws).iterdir()}
    assert {"decisions.json", "decisions.journal", "lock", "decisions.lock"} <= files
    assert not [f for f in files if f.endswith(".tmp")]
    with TinyDB(curator_dir(ws) / "decisions.json", encoding="utf-8", access_mode="r") as db:
        meta = db.table("meta").all()
        assert meta[0]["schema"] == "curator-decisions" and meta[0]["version"] == 1
        events = db.table("events").all()
        assert [e["seq"] for e in events] == [1, 2]
        assert db.table("decisions").all()[0]["note"] == "好"
        assert db.table("distinct").all() == [{"a": "x", "b": "y"}]


# --------------------------------------------------------------------------- undo / redo


def test_undo_redo(store: DecisionStore) -> None:
    assert store.undo() is None and store.redo() is None
    store.decide(ARXIV, "approve", section="§1.3")
    store.decide(ARXIV, "reject")
    entry = store.undo()
    assert entry is not None
    assert entry["action"] == "undo" and entry["key"] == ARXIV and entry["target"] == 2
    assert store.get(ARXIV).action == "approve"
    store.undo()
    assert store.get(ARXIV) is None  # back to "no decision"
    assert store.undo() is None
    redo = store.redo()
    assert redo is not None and redo["action"] == "redo" and redo["key"] == ARXIV
    assert store.get(ARXIV).action == "approve" and store.get(ARXIV).section == "§1.3"
    store.redo()
    assert store.get(ARXIV).action == "reject"
    assert store.redo() is None
    assert [h["action"] for h in store.history()] == [
        "redo",
        "redo",
        "undo",
        "undo",
        "reject",
        "approve",
    ]


def test_undo_redo_survive_reopen(ws: Path) -> None:
    with DecisionStore.open(ws, "ed") as s:
        s.decide("a", "approve")
        s.decide("b", "reject")
        s.decide("c", "defer")
        s.undo()
    with DecisionStore.open(ws, "ed") as s:
        assert s.get("c") is None
        assert s.can_redo()
        s.undo()
        assert s.get("b") is None
    with DecisionStore.open(ws, "ed") as s:
        s.redo()
        assert s.get("b").action == "reject"
    with DecisionStore.open(ws, "ed") as s:
        s.redo()
        assert s.get("c").action == "defer"
        assert not s.can_redo()
        s.undo()
        s.undo()
        s.undo()
        assert s.current() == {}


def test_new_decision_clears_redo(ws: Path) -> None:
    with DecisionStore.open(ws, "ed") as s:
        s.decide("a", "approve")
        s.decide("b", "approve")
        s.undo()
        s.decide("c", "reject")
        assert s.redo() is None
        assert s.get("b") is None
    with DecisionStore.open(ws, "ed") as s:  # also after a restart
        assert s.redo() is None
        s.undo()
        assert s.get("c") is None and s.get("a").action == "approve"


def test_edits(store: DecisionStore) -> None:
    store.decide(ARXIV, "approve", priority="🟠")
    d = store.edit(ARXIV, title="Better title", points=["one", "two"], caveats=["small n"])
    assert d.action == "approve" and d.priority == "🟠"
    assert (d.title, d.points, d.caveats) == ("Better title", ["one", "two"], ["small n"])
    d = store.edit(ARXIV, points=["only"])
    assert d.title == "Better title" and d.points == ["only"]
    d = store.edit(ARXIV, clear=["title"])
    assert d.title is None and d.points == ["only"]
    with pytest.raises(ValueError):
        store.edit(ARXIV, clear=["action"])
    d.points.append("mutating a returned copy")
    assert store.get(ARXIV).points == ["only"]
    store.undo()
    assert store.get(ARXIV).title == "Better title"
    store.undo()
    assert store.get(ARXIV).points == ["one", "two"]
    # an edit on an undecided key carries no verdict
    e = store.edit(URL, title="Edited first")
    assert e.action is None and e.title == "Edited first"
    assert store.decide(URL, "reject").title == "Edited first"


def test_section_and_priority(store: DecisionStore) -> None:
    store.decide(ARXIV, "approve", section="§1.3", priority="🟡")
    assert store.set_priority(ARXIV, "🔴").priority == "🔴"
    assert store.set_section(ARXIV, "§2").section == "§2"
    assert store.set_section(ARXIV, None).section is None
    with pytest.raises(ValueError):
        store.set_priority(ARXIV, "!!")
    store.undo()
    assert store.get(ARXIV).section == "§2"
    store.undo()
    assert store.get(ARXIV).section == "§1.3"
    store.undo()
    assert store.get(ARXIV).priority == "🟡"
    assert store.get(ARXIV).action == "approve"


def test_merge_unmerge(store: DecisionStore) -> None:
    store.decide(ARXIV, "approve")
    store.merge(ARXIV, URL)
    assert store.get(URL).merged_into == ARXIV
    assert store.get(ARXIV).merges == [URL] and store.get(ARXIV).action == "approve"
    store.merge(ARXIV, TITLE)
    assert store.get(ARXIV).merges == [URL, TITLE]
    with pytest.raises(ValueError):
        store.merge(URL, ARXIV)  # would make a cycle
    store.merge(URL, TITLE)  # moving TITLE to another primary
    assert store.get(ARXIV).merges == [URL] and store.get(URL).merges == [TITLE]
    store.undo()
    assert store.get(ARXIV).merges == [URL, TITLE] and store.get(TITLE).merged_into == ARXIV
    store.unmerge(URL)
    assert store.get(URL).merged_into is None and store.get(ARXIV).merges == [TITLE]
    store.unmerge(URL)  # not merged: no-op, no event
    assert store.history()[0]["action"] == "unmerge"
    store.undo()
    assert store.get(URL).merged_into == ARXIV
    store.undo()
    store.undo()
    assert store.get(URL) is None and store.get(ARXIV).merges == []


def test_distinct_pairs(store: DecisionStore) -> None:
    store.mark_distinct("a", "b")
    assert store.is_distinct("a", "b") and store.is_distinct("b", "a")
    assert store.distinct_pairs() == {frozenset(("a", "b"))}
    assert not store.is_distinct("a", "c")
    store.undo()
    assert not store.is_distinct("a", "b")
    store.redo()
    assert store.is_distinct("b", "a")
    # merging a "distinct" pair withdraws the distinct mark, and undo restores it
    store.merge("a", "b")
    assert not store.is_distinct("a", "b") and store.get("b").merged_into == "a"
    store.undo()
    assert store.is_distinct("a", "b") and store.get("b") is None
    # marking a merged pair distinct unmerges it
    store.merge("c", "d")
    store.mark_distinct("d", "c")
    assert store.get("d").merged_into is None and store.is_distinct("c", "d")
    store.unmark_distinct("c", "d")
    assert not store.is_distinct("c", "d")
    with pytest.raises(ValueError):
        store.mark_distinct("a", "a")


def test_distinct_and_merges_survive_reopen(ws: Path) -> None:
    with DecisionStore.open(ws, "ed") as s:
        s.mark_distinct("a", "b")
        s.merge("p", "q")
    with DecisionStore.open(ws, "ed") as s:
        assert s.is_distinct("b", "a") and s.get("q").merged_into == "p"
        s.undo()
        assert s.get("q") is None
        s.undo()
        assert not s.is_distinct("a", "b")


def test_orphans_are_kept(ws: Path) -> None:
    with DecisionStore.open(ws, "ed") as s:
        s.decide("old-1", "approve")
        s.decide(ARXIV, "approve")
        s.decide("old-2", "reject")
        orphans = s.orphans({ARXIV, URL})
        assert [o.key for o in orphans] == ["old-2", "old-1"]
    with DecisionStore.open(ws, "ed") as s:
        assert {o.key for o in s.orphans({ARXIV})} == {"old-1", "old-2"}
        assert set(s.current()) == {"old-1", "old-2", ARXIV}  # never dropped


# --------------------------------------------------------------------------- locking


LOCKED_CHILD = r"""
import json, sys
from pathlib import Path
from curator.store import DecisionStore, ReadOnlyStore
s = DecisionStore.open(Path(sys.argv[1]), "second")
out = {"readonly": s.readonly, "reason": s.readonly_reason, "keys": sorted(s.current())}
try:
    s.decide("from-child", "approve")
    out["error"] = None
except ReadOnlyStore as exc:
    out["error"] = str(exc)
s.close()
print(json.dumps(out))
"""


def test_second_session_is_readonly(ws: Path) -> None:
    with DecisionStore.open(ws, "first") as first:
        first.decide(ARXIV, "approve")
        result = run_py(LOCKED_CHILD, str(ws))
        assert result.returncode == 0, result.stderr.decode()
        out = json.loads(result.stdout)
        assert out["readonly"] is True
        assert out["reason"].startswith(f"another curator (pid {os.getpid()}, since ")
        assert out["reason"].endswith("is using this workspace; this session is read-only")
        assert out["error"] == out["reason"]
        assert out["keys"] == [ARXIV]  # the read-only session still shows the decisions
        assert first.decide(URL, "reject").seq == 2
        assert first.get("from-child") is None
    # lock released on close: next session may write
    result = run_py(LOCKED_CHILD, str(ws))
    out = json.loads(result.stdout)
    assert out["readonly"] is False and out["error"] is None


def test_readonly_on_request(ws: Path) -> None:
    with DecisionStore.open(ws, "ed") as s:
        s.decide("a", "approve")
    with DecisionStore.open(ws, "ed", readonly=True) as ro:
        assert ro.readonly and ro.readonly_reason
        assert ro.get("a").action == "approve"
        with pytest.raises(ReadOnlyStore):
            ro.decide("b", "approve")
        with pytest.raises(ReadOnlyStore):
            ro.undo()
        # a read-only session does not block a writer
        with DecisionStore.open(ws, "ed") as w:
            assert not w.readonly
            w.decide("b", "reject")
        ro.refresh()
        assert ro.get("b").action == "reject"


WRITER_CHILD = r"""
import sys, time
from pathlib import Path
from curator.store import DecisionStore
ws, name, go = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
s = DecisionStore.open(ws, name, session_lock=False)
assert not s.readonly, s.readonly_reason
while not go.exists():
    time.sleep(0.001)
for i in range(50):
    s.decide(f"{name}-{i}", ("approve", "reject", "defer")[i % 3], note=f"{name} {i}")
s.close()
print("done")
"""


def test_two_cli_writers_lose_nothing(ws: Path, tmp_path: Path) -> None:
    go = tmp_path / "go"
    full = dict(os.environ)
    full["PYTHONPATH"] = str(REPO) + os.pathsep + full.get("PYTHONPATH", "")
    with DecisionStore.open(ws, "session") as session:  # a live session may watch
        session.decide("before", "approve")
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", WRITER_CHILD, str(ws), name, str(go)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=full,
            )
            for name in ("w1", "w2")
        ]
        go.touch()
        for proc in procs:
            out, err = proc.communicate(timeout=120)
            assert proc.returncode == 0, err.decode()
        session.refresh()
        assert len(session.current()) == 101
        assert session.decide("after", "reject").seq == 102
    data = json.loads((curator_dir(ws) / "decisions.json").read_text(encoding="utf-8"))
    assert len(data["events"]) == 102
    with DecisionStore.open(ws, "check") as s:
        assert s.problems == []
        keys = set(s.current())
        assert {f"w1-{i}" for i in range(50)} <= keys
        assert {f"w2-{i}" for i in range(50)} <= keys
        assert sorted(h["seq"] for h in s.history()) == list(range(1, 103))


def test_cli_writer_beside_session_then_session_compaction(ws: Path) -> None:
    with DecisionStore.open(ws, "session") as session:
        session.decide("a", "approve")
        with DecisionStore.open(ws, "cli", session_lock=False) as cli:
            assert not cli.readonly
            cli.decide("b", "reject")
            session.decide("c", "defer")  # sees b first, so no seq clash
            cli.decide("d", "approve")
        assert session.undo()["key"] == "d"  # undo is global and sees the CLI's write
    with DecisionStore.open(ws, "ed") as s:
        assert {k: d.action for k, d in s.current().items()} == {
            "a": "approve",
            "b": "reject",
            "c": "defer",
        }


# --------------------------------------------------------------------------- damage


def _good_history(ws: Path) -> None:
    """Two sessions so that .bak and journal.bak exist: A in the older, B in the newer."""
    with DecisionStore.open(ws, "ed") as s:
        s.decide("A", "approve", note="first evening")
    with DecisionStore.open(ws, "ed") as s:
        s.decide("B", "reject")


BAD_FILES = {
    "truncated": lambda good: good[: len(good) // 2],
    "not-json": lambda good: b"this is not json at all\n",
    "foreign": lambda good: json.dumps(
        {"_default": {"1": {"title": "someone else's db"}}}
    ).encode(),
    "wrong-schema": lambda good: json.dumps(
        {"meta": {"1": {"schema": "something-else", "version": 1}}, "events": {}}
    ).encode(),
    "empty": lambda good: b"",
    "not-utf8": lambda good: b'{"meta": "\xff\xfe"}',
}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_damaged_store_is_moved_aside_and_recovered(ws: Path, kind: str) -> None:
    _good_history(ws)
    path = curator_dir(ws) / "decisions.json"
    bad = BAD_FILES[kind](path.read_bytes())
    path.write_bytes(bad)
    with DecisionStore.open(ws, "ed") as s:
        assert not s.readonly
        assert len(s.problems) == 1, s.problems
        message = s.problems[0]
        assert "decisions.json" in message and "moved aside" in message and "backup" in message
        assert "Traceback" not in message
        assert s.get("A").action == "approve" and s.get("A").note == "first evening"
        assert s.get("B").action == "reject"  # from .bak + the journal folded into it
    aside = list(curator_dir(ws).glob("decisions.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == bad  # original bytes, untouched
    with DecisionStore.open(ws, "ed") as s:  # repaired for good
        assert s.problems == []
        assert set(s.current()) == {"A", "B"}


def test_recovers_from_bak_alone(ws: Path) -> None:
    _good_history(ws)
    cdir = curator_dir(ws)
    (cdir / "decisions.journal.bak").unlink()
    (cdir / "decisions.json").write_text("{", encoding="utf-8")
    with DecisionStore.open(ws, "ed") as s:
        assert s.get("A").action == "approve"  # the last good state the backup holds
        assert s.get("B") is None
        text = " ".join(s.problems)
        assert "cut short" in text and "decisions.json.bak" in text
        assert "could not be recovered" in text  # the lost step is admitted, not hidden


def test_damage_without_backup_starts_empty_but_says_so(ws: Path) -> None:
    cdir = curator_dir(ws)
    cdir.mkdir()
    (cdir / "decisions.json").write_text('{"not": "ours"}', encoding="utf-8")
    with DecisionStore.open(ws, "ed") as s:
        assert s.current() == {}
        assert len(s.problems) == 1 and "no backup" in s.problems[0].lower()
        s.decide("x", "approve")
    assert (next(cdir.glob("decisions.json.corrupt-*"))).read_text() == '{"not": "ours"}'


def test_readonly_session_does_not_touch_damaged_file(ws: Path) -> None:
    _good_history(ws)
    path = curator_dir(ws) / "decisions.json"
    path.write_bytes(b"garbage")
    with DecisionStore.open(ws, "ed", readonly=True) as s:
        assert s.problems and s.get("A").action == "approve"
    assert path.read_bytes() == b"garbage"
    assert not list(curator_dir(ws).glob("decisions.json.corrupt-*"))


def test_newer_format_is_left_alone(ws: Path) -> None:
    cdir = curator_dir(ws)
    cdir.mkdir()
    newer = json.dumps({"meta": {"1": {"schema": "curator-decisions", "version": 99}}})
    (cdir / "decisions.json").write_text(newer, encoding="utf-8")
    with DecisionStore.open(ws, "ed") as s:
        assert s.readonly and "newer" in s.readonly_reason
        with pytest.raises(ReadOnlyStore):
            s.decide("a", "approve")
    assert (cdir / "decisions.json").read_text(encoding="utf-8") == newer


def test_torn_journal_tail_is_dropped_silently(ws: Path) -> None:
    with DecisionStore.open(ws, "ed") as s:
        s.compact_after = 10**9  # keep the events in the journal
        s.decide("a", "approve")
        s.decide("b", "reject")
    journal = curator_dir(ws) / "decisions.journal"
    with open(journal, "ab") as handle:
        handle.write(b'1234abcd {"seq":3,"action":"appr')  # a writer killed mid-append
    with DecisionStore.open(ws, "ed") as s:
        assert s.problems == []
        assert set(s.current()) == {"a", "b"}
        assert s.decide("c", "defer").seq == 3


def test_damaged_journal_line_is_reported(ws: Path) -> None:
    s = DecisionStore.open(ws, "ed")
    s.compact_after = 10**9
    for key in "abc":
        s.decide(key, "approve")
    s.close()
    journal = curator_dir(ws) / "decisions.journal"
    lines = journal.read_bytes().split(b"\n")
    lines[2] = lines[2].replace(b'"approve"', b'"APPROVE"')  # checksum no longer matches
    journal.write_bytes(b"\n".join(lines))
    with DecisionStore.open(ws, "ed") as s:
        assert "damaged line" in s.problems[0]
        assert "could not be recovered" in s.problems[1]  # and the lost step is named
        assert set(s.current()) == {"a", "c"}
    assert list(curator_dir(ws).glob("decisions.journal.corrupt-*"))


def test_stale_temp_files_cleaned_at_open(ws: Path) -> None:
    with DecisionStore.open(ws, "ed") as s:
        s.decide("a", "approve")
    cdir = curator_dir(ws)
    stale = [cdir / ".decisions.json.4242.deadbeef.tmp", cdir / "decisions.json.tmp"]
    for p in stale:
        p.write_text('{"half": ', encoding="utf-8")
    keep = cdir / "notes.txt"
    keep.write_text("mine", encoding="utf-8")
    with DecisionStore.open(ws, "ed") as s:
        assert s.problems == [] and s.get("a").action == "approve"
    assert not any(p.exists() for p in stale)
    assert keep.exists()


# --------------------------------------------------------------------------- read-only folders


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root ignores permissions")
def test_readonly_folder_chmod(ws: Path) -> None:
    os.chmod(ws, 0o500)
    try:
        with DecisionStore.open(ws, "ed") as s:
            assert s.readonly and "read-only" in s.readonly_reason
            assert s.problems
            with pytest.raises(ReadOnlyStore):
                s.decide("a", "approve")
    finally:
        os.chmod(ws, 0o700)


def test_readonly_folder_mkdir_denied(ws: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def deny(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "mkdir", deny)
    with DecisionStore.open(ws, "ed") as s:
        assert s.readonly
        assert "cannot write" in s.readonly_reason and "Permission denied" in s.readonly_reason
        assert s.problems == [s.readonly_reason]
        assert s.current() == {}
        with pytest.raises(ReadOnlyStore, match="read-only"):
            s.decide("a", "approve")
    assert not curator_dir(ws).exists()


def test_readonly_folder_create_denied_keeps_data_readable(
    ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with DecisionStore.open(ws, "ed") as s:
        s.decide("a", "approve", note="kept")
    before = {p.name: p.read_bytes() for p in curator_dir(ws).iterdir()}
    real_open = os.open

    def guarded(path, flags, *args, **kwargs):  # type: ignore[no-untyped-def]
        writing = flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
        if writing and str(path).startswith(str(curator_dir(ws))):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", guarded)
    with DecisionStore.open(ws, "ed") as s:
        assert s.readonly and "Permission denied" in s.readonly_reason
        assert s.get("a").note == "kept"
        with pytest.raises(ReadOnlyStore):
            s.set_priority("a", "🔴")
    monkeypatch.undo()
    after = {p.name: p.read_bytes() for p in curator_dir(ws).iterdir()}
    assert after == before


# --------------------------------------------------------------------------- encoding


# The script itself stays ASCII: under LC_ALL=C even argv cannot carry CJK.
C_LOCALE_CHILD = r"""
import json, locale, sys
from pathlib import Path
from curator.store import DecisionStore
ws = Path(sys.argv[1])
v = json.loads(sys.argv[3])
with DecisionStore.open(ws, v["editor"]) as s:
    if sys.argv[2] == "write":
        s.decide("2608.14376", "approve", note=v["note"], section=v["section"])
        s.edit("2608.14376", title=v["title"], points=v["points"], caveats=v["caveats"])
with DecisionStore.open(ws, "x") as s:
    d = s.get("2608.14376")
    print(json.dumps({"enc": locale.getpreferredencoding(False), "problems": s.problems,
                      "d": d.to_dict() if d else None}, ensure_ascii=True))
"""


VALUES = {
    "editor": "编辑 ✍️",
    "note": "好结果 🎉 naïve",
    "section": "§1.3 概述",
    "title": "中文标题 🚀",
    "points": ["要点 ✅"],
    "caveats": ["注意 ⚠️"],
}


def test_utf8_round_trip_under_c_locale(ws: Path) -> None:
    values = json.dumps(VALUES, ensure_ascii=True)
    env = {
        "LC_ALL": "C",
        "LANG": "C",
        "PYTHONCOERCECLOCALE": "0",
        "PYTHONUTF8": "0",
        "PYTHONIOENCODING": "utf-8",
    }
    result = run_py(C_LOCALE_CHILD, str(ws), "write", values, env=env)
    assert result.returncode == 0, result.stderr.decode()
    out = json.loads(result.stdout)
    assert out["enc"].lower().replace("-", "") != "utf8"  # the child really ran without UTF-8
    assert out["problems"] == []
    d = out["d"]
    assert d["note"] == "好结果 🎉 naïve" and d["section"] == "§1.3 概述"
    assert d["title"] == "中文标题 🚀" and d["points"] == ["要点 ✅"] and d["caveats"] == ["注意 ⚠️"]
    assert d["editor"] == "编辑 ✍️"
    raw = (curator_dir(ws) / "decisions.json").read_bytes().decode("utf-8")
    assert "中文标题 🚀" in raw  # stored as real UTF-8, readable by humans
    with DecisionStore.open(ws, "ed") as s:  # and by a UTF-8 process
        assert s.get("2608.14376").title == "中文标题 🚀"
        s.edit("2608.14376", note="再次 🌏")
    again = run_py(C_LOCALE_CHILD, str(ws), "read", values, env=env)
    assert json.loads(again.stdout)["d"]["note"] == "再次 🌏"


# --------------------------------------------------------------------------- atomic helpers


def test_atomic_write_replaces_and_keeps_mode(tmp_path: Path) -> None:
    target = tmp_path / "export.md"
    atomic_write_text(target, "héllo 🎉")
    assert target.read_bytes() == "héllo 🎉".encode()
    os.chmod(target, 0o640)
    atomic_write_bytes(target, b"second")
    assert target.read_bytes() == b"second"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["export.md"]


def test_atomic_write_failure_keeps_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "export.md"
    target.write_text("old", encoding="utf-8")

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        atomic_write_text(target, "new")
    monkeypatch.undo()
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["export.md"]


def test_cleanup_temp_files(tmp_path: Path) -> None:
    (tmp_path / "a.tmp").write_text("x")
    (tmp_path / ".b.json.1.ff.tmp").write_text("x")
    (tmp_path / "keep.json").write_text("x")
    (tmp_path / "dir.tmp").mkdir()
    removed = cleanup_temp_files(tmp_path)
    assert sorted(p.name for p in removed) == [".b.json.1.ff.tmp", "a.tmp"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir.tmp", "keep.json"]
    (tmp_path / "fresh.tmp").write_text("x")
    assert cleanup_temp_files(tmp_path, older_than=3600) == []


# --------------------------------------------------------------------------- properties

KEYS = st.sampled_from(["a", "b", "c"])
OPS = st.one_of(
    st.tuples(st.just("decide"), KEYS, st.sampled_from(["approve", "reject", "defer"])),
    st.tuples(st.just("edit"), KEYS, st.text(max_size=5)),
    st.tuples(st.just("priority"), KEYS, st.sampled_from(["🔴", "🟠", "🟡", None])),
    st.tuples(st.just("merge"), KEYS, KEYS),
    st.tuples(st.just("unmerge"), KEYS, KEYS),
    st.tuples(st.just("distinct"), KEYS, KEYS),
    st.tuples(st.just("undo"), KEYS, KEYS),
    st.tuples(st.just("redo"), KEYS, KEYS),
)


def _apply_op(s: DecisionStore, op: tuple) -> None:
    name, a, b = op
    if name == "decide":
        s.decide(a, b)
    elif name == "edit":
        s.edit(a, title=b)
    elif name == "priority":
        s.set_priority(a, b)
    elif name == "merge" and a != b:
        try:
            s.merge(a, b)
        except ValueError:
            pass
    elif name == "unmerge":
        s.unmerge(a)
    elif name == "distinct" and a != b:
        s.mark_distinct(a, b)
    elif name == "undo":
        s.undo()
    elif name == "redo":
        s.redo()


def _snapshot(s: DecisionStore) -> tuple:
    return ({k: d.to_dict() for k, d in s.current().items()}, s.distinct_pairs())


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(OPS, max_size=15))
def test_replay_undo_all_redo_all(ops: list[tuple]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        with DecisionStore.open(ws, "ed") as s:
            for op in ops:
                _apply_op(s, op)
            state = _snapshot(s)
            merges_consistent(s)
        with DecisionStore.open(ws, "ed") as s:
            assert _snapshot(s) == state  # replay after restart gives the same state
            undone = 0
            while s.can_undo():
                s.undo()
                undone += 1
            assert _snapshot(s) == ({}, set())
        with DecisionStore.open(ws, "ed") as s:
            for _ in range(undone):
                assert s.redo() is not None
            assert _snapshot(s) == state


def merges_consistent(s: DecisionStore) -> None:
    current = s.current()
    for key, d in current.items():
        if d.merged_into is not None:
            assert key in current[d.merged_into].merges
        for other in d.merges:
            assert current[other].merged_into == key


def test_failed_write_is_not_acknowledged(
    store: DecisionStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    import curator.store as store_module

    store.decide("a", "approve")

    def broken_fsync(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(store_module.os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        store.decide("b", "reject")
    monkeypatch.undo()
    assert store.get("b") is None  # not durable, so not reported as decided
    assert store.decide("c", "defer").seq == 2  # the half-written line was rolled back
    store.close()
    with DecisionStore.open(store.workspace, "ed") as again:
        assert again.problems == []
        assert set(again.current()) == {"a", "c"}


def test_history_limit_and_key_filter(store: DecisionStore) -> None:
    for i in range(5):
        store.decide(f"k{i}", "approve")
    store.merge("k0", "k4")
    assert [h["seq"] for h in store.history(limit=2)] == [6, 5]
    assert [h["action"] for h in store.history(key="k4")] == ["merge", "approve"]


# --------------------------------------------------------------------------- shared store, bulk


def test_stale_and_refresh_see_another_writer(ws: Path) -> None:
    with DecisionStore.open(ws, "ui") as ui:
        assert not ui.stale() and ui.refresh() is False
        with DecisionStore.open(ws, "cli", session_lock=False) as cli:
            cli.decide("a", "approve")
        assert ui.stale()
        assert ui.refresh() is True and ui.get("a").action == "approve"
        assert not ui.stale() and ui.refresh() is False
        with DecisionStore.open(ws, "ed", readonly=True, session_lock=False) as reader:
            ui.decide("b", "reject")
            assert reader.stale() and reader.refresh() and reader.get("b").action == "reject"


def test_bulk_is_one_event_undone_and_redone_whole(ws: Path) -> None:
    from curator.decision_log import describe
    from curator.store import BulkStep

    with DecisionStore.open(ws, "ed") as s:
        s.decide("b", "approve")
        steps = [BulkStep("a"), BulkStep("b"), BulkStep("c", also=("b",)), BulkStep("d", "§1.2")]
        assert s.decide_many("reject", steps) == [
            "a",
            "d",
        ]  # b (and c, by its alias b) were decided
        assert s.get("d").section == "§1.2" and s.get("b").action == "approve"
        entry = s.history()[0]
        assert (entry["action"], entry["count"], entry["args"]) == (
            "bulk",
            2,
            {"action": "reject", "count": 2},
        )
        assert describe(entry) == "bulk reject × 2"
        assert s.decide_many("defer", [BulkStep("a")]) == []  # nothing left to do: no event
        assert len(s.history()) == 2
    with DecisionStore.open(ws, "ed") as s:
        entry = s.undo()
        assert entry["target_action"] == "bulk" and describe(entry) == "bulk reject × 2"
        assert s.get("a") is None and s.get("d") is None and s.get("b").action == "approve"
    with DecisionStore.open(ws, "ed") as s:
        s.redo()
        assert s.get("a").action == "reject" and s.get("d").action == "reject"
        s.undo()
        s.undo()
        assert s.current() == {}


def test_journal_written_before_bulk_existed_still_loads(ws: Path) -> None:
    from curator.decision_log import describe
    from curator.journal import encode_line

    state = {
        "key": "a",
        "action": "approve",
        "section": None,
        "priority": None,
        "title": None,
        "points": None,
        "caveats": None,
        "note": None,
        "merged_into": None,
        "merges": [],
        "editor": "old",
        "time": "2026-08-20T21:00:00+08:00",
        "seq": 1,
    }
    lines = [
        {
            "journal": "curator-decisions",
            "version": 1,
            "base_seq": 0,
            "created": "2026-08-20T20:00:00+08:00",
        },
        {
            "seq": 1,
            "action": "approve",
            "key": "a",
            "editor": "old",
            "time": state["time"],
            "args": {},
            "changes": [{"key": "a", "before": None, "after": state}],
            "pairs": [],
        },
        {
            "seq": 2,
            "action": "undo",
            "key": "a",
            "editor": "old",
            "time": state["time"],
            "target": 1,
            "target_action": "approve",
            "changes": [{"key": "a", "before": state, "after": None}],
            "pairs": [],
        },
    ]
    curator_dir(ws).mkdir()
    (curator_dir(ws) / "decisions.journal").write_bytes(b"".join(encode_line(x) for x in lines))
    with DecisionStore.open(ws, "ed") as s:
        assert s.problems == [] and s.current() == {}
        assert [describe(h) for h in s.history()] == ["a", "a"]
        assert s.redo()["key"] == "a" and s.get("a").action == "approve"
