"""The editor's decisions: durable, single-writer, undoable, never silently reset.

Losing an evening of approve/reject/defer decisions is the one failure the
editor will not forgive, so this module trades a little complexity for a
simple promise: once ``decide()`` (or any other write) returns, the decision
is on disk and survives a kill, a crash or a second curator process.

Files in ``<workspace>/.curator/``
---------------------------------
``decisions.json``
    TinyDB snapshot (tables ``meta``, ``events``, plus the derived
    ``decisions`` and ``distinct`` tables for humans and other tools). The
    ``events`` table is the source of truth; state is replayed from it.
    Written only through :class:`AtomicJSONStorage` (temp file, fsync,
    ``os.replace``, fsync of the directory), explicitly in UTF-8.
``decisions.journal``
    Append-only event log since the snapshot: one line per event,
    ``<crc32 hex> <json>``, fsynced before the write call returns. A torn last
    line (a writer killed mid-append) fails its checksum / lacks its newline
    and is dropped; it was never acknowledged.
``decisions.json.bak`` / ``decisions.journal.bak``
    The previous snapshot and the journal that was folded into the current
    one. ``bak + journal.bak + journal`` always covers every event, so a
    damaged snapshot can be rebuilt without loss.
``lock``
    Session lock (``flock``, non-blocking) with pid/host/start time of the
    holder; a second curator opens read-only and says who holds it.
``decisions.lock``
    Short per-transaction lock. Every write takes it, first catches up with
    whatever other writers appended (re-reading the snapshot through a fresh
    TinyDB instance if another process compacted), then derives the next seq
    from the on-disk state. There is no long-lived TinyDB instance, so the
    "Document with ID 2 already exists" stale-counter problem cannot occur.

Format choice (measured with ``benchmarks/bench_store.py`` on the 2-core dev
machine, 5,000 decisions stored): TinyDB's own JSONStorage needs 70-120 ms per
insert (without any fsync) and an atomic whole-file rewrite of our snapshot
170-330 ms, because re-encoding megabytes of JSON dominates (a bare
write+fsync is ~0.25 ms). Both miss the 5 ms budget by far. Appending one
checksummed line to the journal and fsyncing it costs ~0.5-1 ms median
regardless of the store size, so saves go to the journal, and the journal is
folded into the TinyDB snapshot (atomically, under the transaction lock) when
a writable session opens and closes (one-shot CLI writers, opened with
``session_lock=False``, only fold once the journal holds 1,000 events).
Opening or folding at 5,000 decisions takes ~0.2-0.3 s. CachingMiddleware is
deliberately not used: it loses writes on kill.

Undo/redo is derived from the event log itself (each event carries the
before/after state of every key and "not a duplicate" pair it touched, and
undo/redo are events too), so it works after a restart and for every kind of
change.
"""

from __future__ import annotations

import contextlib
import copy
import errno
import fcntl
import json
import os
import socket
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.storages import Storage

from curator.atomic import (
    atomic_copy,
    atomic_write_bytes,
    cleanup_temp_files,
    fsync_dir,
    temp_name,
)

__all__ = [
    "ACTIONS",
    "PRIORITIES",
    "AtomicJSONStorage",
    "CorruptStoreError",
    "Decision",
    "DecisionStore",
    "ReadOnlyStore",
]

SCHEMA = "curator-decisions"
VERSION = 1
ACTIONS = ("approve", "reject", "defer")
PRIORITIES = ("🔴", "🟠", "🟡")
EDITABLE = ("title", "points", "caveats", "note")
_STATE_FIELDS = (
    "key",
    "action",
    "section",
    "priority",
    "title",
    "points",
    "caveats",
    "note",
    "merged_into",
    "merges",
    "editor",
    "time",
    "seq",
)
_UNDO, _REDO = "undo", "redo"
CLI_COMPACT_AFTER = 1000


class ReadOnlyStore(Exception):
    """A write was attempted on a store that this session may only read."""


class CorruptStoreError(Exception):
    """A store file that cannot be trusted; ``kind`` says how, the message says it in plain words."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


@dataclass
class Decision:
    """The current state of one increment: the latest verdict plus edits and merges.

    ``action`` is None when the key only carries edits, a section, a priority
    or a merge but no verdict yet.
    """

    key: str
    action: str | None = None
    section: str | None = None
    priority: str | None = None
    title: str | None = None
    points: list[str] | None = None
    caveats: list[str] | None = None
    note: str | None = None
    merged_into: str | None = None
    merges: list[str] = field(default_factory=list)
    editor: str | None = None
    time: str | None = None
    seq: int = 0

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Decision:
        """Build from a stored state dict, copying lists so callers cannot alter the store."""
        points = data.get("points")
        caveats = data.get("caveats")
        return cls(
            key=data["key"],
            action=data.get("action"),
            section=data.get("section"),
            priority=data.get("priority"),
            title=data.get("title"),
            points=list(points) if points is not None else None,
            caveats=list(caveats) if caveats is not None else None,
            note=data.get("note"),
            merged_into=data.get("merged_into"),
            merges=list(data.get("merges") or []),
            editor=data.get("editor"),
            time=data.get("time"),
            seq=int(data.get("seq") or 0),
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dict (the stored state format)."""
        return asdict(self)


# --------------------------------------------------------------------------- storage


def _describe_json_error(text: str, exc: json.JSONDecodeError, name: str) -> CorruptStoreError:
    rest = text[exc.pos :].strip()
    if not rest or exc.msg.startswith("Unterminated") or exc.pos >= len(text.rstrip()):
        return CorruptStoreError("truncated", f"{name} is cut short (its JSON is incomplete)")
    return CorruptStoreError("not-json", f"{name} is not valid JSON ({exc.msg}, line {exc.lineno})")


class AtomicJSONStorage(Storage):
    """TinyDB storage whose every write is atomic and durable, always in UTF-8.

    Unlike TinyDB's JSONStorage it never truncates the live file: it writes a
    temp file next to it, fsyncs, renames over the target and fsyncs the
    directory. With ``backup_path`` the previous file is first copied
    (atomically) to the backup, so the old good version survives as ``.bak``. Reads refuse
    empty or broken files (raising :class:`CorruptStoreError`) instead of
    treating them as an empty database. Parsed data is cached per instance
    (invalidated by writes); use one instance per transaction.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        create_dirs: bool = False,
        encoding: str = "utf-8",
        access_mode: str = "r+",
        backup_path: str | os.PathLike[str] | None = None,
    ) -> None:
        """Remember where to read/write; nothing is created until the first write."""
        super().__init__()
        if access_mode not in ("r", "r+"):
            raise ValueError("AtomicJSONStorage supports access_mode 'r' and 'r+' only")
        self.path = Path(path)
        self.encoding = encoding
        self.access_mode = access_mode
        self.backup_path = Path(backup_path) if backup_path is not None else None
        self.create_dirs = create_dirs
        self._cache: dict[str, dict[str, Any]] | None = None

    def read(self) -> dict[str, dict[str, Any]] | None:
        """Parsed tables, None if the file does not exist; raises CorruptStoreError if unusable."""
        if self._cache is not None:
            return self._cache
        name = self.path.name
        try:
            with open(self.path, encoding=self.encoding, newline="") as handle:
                text = handle.read()
        except FileNotFoundError:
            return None
        except UnicodeDecodeError as exc:
            raise CorruptStoreError("not-utf8", f"{name} is not UTF-8 text") from exc
        if not text.strip():
            raise CorruptStoreError("empty", f"{name} is empty")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise _describe_json_error(text, exc, name) from exc
        if not isinstance(data, dict) or not all(
            isinstance(table, dict) and all(isinstance(doc, dict) for doc in table.values())
            for table in data.values()
        ):
            raise CorruptStoreError(
                "foreign", f"{name} is JSON but not a TinyDB database of curator decisions"
            )
        self._cache = data
        return data

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        """Atomically replace the file (keeping the previous version as backup if asked)."""
        if self.access_mode == "r":
            raise ReadOnlyStore(f"{self.path.name} was opened read-only")
        payload = json.dumps(data, ensure_ascii=False).encode(self.encoding)
        if self.create_dirs:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.backup_path is not None and self.path.exists():
            atomic_copy(self.path, self.backup_path)
        atomic_write_bytes(self.path, payload)
        self._cache = data

    def close(self) -> None:
        """Drop the cache; there is no open handle to release."""
        self._cache = None


# --------------------------------------------------------------------------- journal


def _encode_line(obj: dict[str, Any]) -> bytes:
    payload = json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return b"%08x %s\n" % (zlib.crc32(payload), payload)


def _decode_line(line: bytes) -> dict[str, Any] | None:
    if len(line) < 10 or line[8:9] != b" ":
        return None
    payload = line[9:]
    try:
        if int(line[:8], 16) != zlib.crc32(payload):
            return None
        obj = json.loads(payload.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None
    return obj if isinstance(obj, dict) else None


def _valid_event(obj: Any) -> bool:
    if not isinstance(obj, dict):
        return False
    if not isinstance(obj.get("seq"), int) or obj["seq"] < 1:
        return False
    if not isinstance(obj.get("action"), str) or not isinstance(obj.get("key"), str):
        return False
    changes = obj.get("changes")
    if not isinstance(changes, list):
        return False
    for change in changes:
        if not isinstance(change, dict) or not isinstance(change.get("key"), str):
            return False
        for side in ("before", "after"):
            state = change.get(side)
            if state is not None and (
                not isinstance(state, dict) or state.get("key") != change["key"]
            ):
                return False
    pairs = obj.get("pairs", [])
    if not isinstance(pairs, list) or not all(
        isinstance(p, dict) and isinstance(p.get("a"), str) and isinstance(p.get("b"), str)
        for p in pairs
    ):
        return False
    if obj["action"] in (_UNDO, _REDO) and not isinstance(obj.get("target"), int):
        return False
    return True


@dataclass
class _Chunk:
    events: list[dict[str, Any]]
    end: int
    """Offset just after the last complete line."""
    torn: bool
    """Trailing bytes without a newline: an append that never finished."""
    bad: int
    """Complete lines that failed their checksum or do not describe an event."""
    header: dict[str, Any] | None = None


def _parse_lines(data: bytes, start: int, *, expect_header: bool) -> _Chunk:
    *complete, tail = data.split(b"\n")
    chunk = _Chunk(events=[], end=start + len(data) - len(tail), torn=bool(tail), bad=0)
    for index, line in enumerate(complete):
        obj = _decode_line(line)
        if expect_header and index == 0:
            chunk.header = obj
            continue
        if obj is not None and _valid_event(obj):
            chunk.events.append(obj)
        else:
            chunk.bad += 1
    return chunk


def _journal_header_problem(header: dict[str, Any] | None) -> str | None:
    if header is None or header.get("journal") != SCHEMA:
        return "foreign"
    version = header.get("version")
    if not isinstance(version, int) or version < 1:
        return "foreign"
    if version > VERSION:
        return "newer"
    return None


# --------------------------------------------------------------------------- helpers


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def _stamp() -> str:
    return datetime.now().strftime("%Y%m%dT%H%M%S")


def _sig(path: Path) -> tuple[int, int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_dev, st.st_size, st.st_mtime_ns)


def _blank(key: str) -> dict[str, Any]:
    state: dict[str, Any] = dict.fromkeys(_STATE_FIELDS)
    state["key"] = key
    state["merges"] = []
    return state


def _check_key(key: str) -> None:
    if not isinstance(key, str) or not key:
        raise ValueError("a decision key must be a non-empty string")


def _check_priority(priority: str | None) -> None:
    if priority is not None and priority not in PRIORITIES:
        raise ValueError(
            f"priority must be one of {' '.join(PRIORITIES)} or None, not {priority!r}"
        )


def _check_lines(name: str, value: list[str] | None) -> list[str] | None:
    if value is None:
        return None
    if isinstance(value, str) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{name} must be a list of strings")
    return list(value)


def _since(started: str | None) -> str:
    if not started:
        return "an unknown time"
    try:
        when = datetime.fromisoformat(started)
    except ValueError:
        return started
    local = when.astimezone() if when.tzinfo else when
    if local.date() == datetime.now().date():
        return local.strftime("%H:%M")
    return local.strftime("%Y-%m-%d %H:%M")


def _default_editor(editor: str | None) -> str:
    return editor or os.environ.get("USER") or "editor"


# --------------------------------------------------------------------------- the store


class DecisionStore:
    """Decisions of one workspace; open with :meth:`DecisionStore.open`, close when done."""

    def __init__(self, workspace: Path, editor: str) -> None:
        """Set up paths and empty state; use :meth:`open`, which also locks and loads."""
        self.workspace = workspace
        self.editor = editor
        self.dir = workspace / ".curator"
        self.path = self.dir / "decisions.json"
        self.backup_path = self.dir / "decisions.json.bak"
        self.journal_path = self.dir / "decisions.journal"
        self.journal_backup_path = self.dir / "decisions.journal.bak"
        self.lock_path = self.dir / "lock"
        self.tx_lock_path = self.dir / "decisions.lock"
        self.readonly = False
        self.readonly_reason: str | None = None
        self.problems: list[str] = []
        self._session_fd: int | None = None
        self._tx_fd: int | None = None
        self._journal_fd: int | None = None
        self._journal_offset = 0
        self._journal_ok = False
        self._journal_damaged = False
        self._snap_sig: tuple[int, int, int, int] | None = None
        self._snapshot_ok = False
        self._snapshot_seq = 0
        self._needs_compaction = False
        self._refresh_backup = False
        self._closed = False
        self.compact_after = 1
        """Journal events that make open/close fold the journal into the snapshot."""
        self._reset_memory()

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(
        cls,
        workspace: Path,
        editor: str | None = None,
        *,
        readonly: bool = False,
        session_lock: bool = True,
    ) -> DecisionStore:
        """Open (creating if needed) the store of *workspace*.

        Falls back to read-only, with ``readonly_reason`` set, when another
        curator holds the session lock or the folder cannot be written.
        CLI one-shots pass ``session_lock=False``: they only take the short
        per-transaction lock, so they can write next to a running session.
        """
        workspace = Path(workspace)
        if not workspace.is_dir():
            raise FileNotFoundError(f"workspace {workspace} does not exist")
        store = cls(workspace, _default_editor(editor))
        if not session_lock:
            # One-shot CLI writers leave folding to the session (it costs a
            # full snapshot rewrite, ~0.2 s at 5,000 decisions).
            store.compact_after = CLI_COMPACT_AFTER
        if readonly:
            store._go_readonly("opened read-only on request")
        else:
            store._prepare_dir()
        if not store.readonly and session_lock:
            store._take_session_lock()
        if store.readonly:
            store._open_tx_lock_readonly()
        try:
            with store._tx_lock(exclusive=not store.readonly):
                if not store.readonly:
                    cleanup_temp_files(store.dir)
                store._load_all()
                if not store.readonly and store._compaction_due():
                    try:
                        store._compact()
                    except OSError as exc:
                        # Every event is still in the journal; writes may fail
                        # too (e.g. disk full) and will say so when they do.
                        store._problem(
                            f"could not update {store.path.name} ({exc.strerror}); "
                            "your decisions are safe in the journal"
                        )
        except BaseException:
            store._release()
            raise
        return store

    def _go_readonly(self, reason: str, *, problem: bool = False) -> None:
        self.readonly = True
        self.readonly_reason = reason
        if problem:
            self._problem(reason)
        if self._journal_fd is not None:
            # Reopen without write access: this session must never touch the file.
            os.close(self._journal_fd)
            self._journal_fd = None

    def _cannot_write(self, exc: OSError) -> None:
        reason = exc.strerror or str(exc)
        self._go_readonly(
            f"cannot write to {self.dir} ({reason}); this session is read-only", problem=True
        )

    def _prepare_dir(self) -> None:
        try:
            os.mkdir(self.dir)
        except FileExistsError:
            pass
        except OSError as exc:
            self._cannot_write(exc)
            return
        try:
            self._tx_fd = os.open(self.tx_lock_path, os.O_RDWR | os.O_CREAT, 0o666)
            probe = temp_name(self.dir / "probe")
            os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            os.unlink(probe)
        except OSError as exc:
            if self._tx_fd is not None:
                os.close(self._tx_fd)
                self._tx_fd = None
            self._cannot_write(exc)

    def _open_tx_lock_readonly(self) -> None:
        if self._tx_fd is not None:
            return
        with contextlib.suppress(OSError):
            self._tx_fd = os.open(self.tx_lock_path, os.O_RDONLY)

    def _take_session_lock(self) -> None:
        try:
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o666)
        except OSError as exc:
            self._cannot_write(exc)
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            holder = self._holder_description(fd)
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                self._go_readonly(f"{holder} is using this workspace; this session is read-only")
            else:
                self._go_readonly(
                    f"cannot lock {self.lock_path} ({exc.strerror}); this session is read-only",
                    problem=True,
                )
            return
        info = {"pid": os.getpid(), "host": socket.gethostname(), "started": _now()}
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.pwrite(fd, json.dumps(info).encode("utf-8"), 0)
        self._session_fd = fd

    @staticmethod
    def _holder_description(fd: int) -> str:
        try:
            raw = os.pread(fd, 4096, 0)
            info = json.loads(raw.decode("utf-8"))
            pid = info.get("pid", "?")
            host = info.get("host")
            started = info.get("started")
        except (OSError, ValueError, AttributeError):
            return "another curator"
        where = f" on {host}" if host and host != socket.gethostname() else ""
        return f"another curator (pid {pid}{where}, since {_since(started)})"

    # ------------------------------------------------------------------ locking

    @contextlib.contextmanager
    def _tx_lock(self, *, exclusive: bool = True) -> Iterator[None]:
        fd = self._tx_fd
        if fd is None:
            yield
            return
        fcntl.flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)

    # ------------------------------------------------------------------ loading

    def _reset_memory(self) -> None:
        self._events: dict[int, dict[str, Any]] = {}
        self._state: dict[str, dict[str, Any]] = {}
        self._pairs: set[frozenset[str]] = set()
        self._undo: list[int] = []
        self._redo: list[int] = []
        self._last_seq = 0

    def _problem(self, message: str) -> None:
        if message not in self.problems:
            self.problems.append(message)

    def _read_snapshot(self, path: Path) -> tuple[list[dict[str, Any]], int] | None:
        """Events and last seq of a snapshot (None if missing); a fresh TinyDB per read."""
        name = path.name
        with TinyDB(path, storage=AtomicJSONStorage, access_mode="r") as db:
            if db.storage.read() is None:
                return None
            try:
                meta = db.table("meta").all()
                events = db.table("events").all()
            except (ValueError, TypeError) as exc:
                raise CorruptStoreError(
                    "foreign", f"{name} is JSON but its tables are not curator's"
                ) from exc
        info = meta[0] if meta else None
        if info is None or info.get("schema") != SCHEMA:
            raise CorruptStoreError(
                "foreign", f"{name} is not a curator decisions file (no '{SCHEMA}' meta record)"
            )
        version = info.get("version")
        if not isinstance(version, int) or version < 1:
            raise CorruptStoreError("foreign", f"{name} has an unknown format version {version!r}")
        if version > VERSION:
            raise CorruptStoreError(
                "newer",
                f"{name} was written by a newer curator (format version {version}); "
                "this session is read-only so that it is not overwritten",
            )
        out: list[dict[str, Any]] = []
        for doc in events:
            if not _valid_event(doc) or doc["seq"] != doc.doc_id:
                raise CorruptStoreError(
                    "damaged", f"{name} has a damaged event (record {doc.doc_id})"
                )
            out.append(dict(doc))
        last = info.get("last_seq")
        last_seq = max([e["seq"] for e in out], default=0)
        if isinstance(last, int):
            last_seq = max(last_seq, last)
        return out, last_seq

    def _move_aside(self, path: Path) -> Path:
        base = f"{path.name}.corrupt-{_stamp()}"
        target = path.with_name(base)
        n = 2
        while target.exists():
            target = path.with_name(f"{base}-{n}")
            n += 1
        os.rename(path, target)
        with contextlib.suppress(OSError):
            fsync_dir(path.parent)
        return target

    def _read_journal_file(
        self, path: Path, *, current: bool
    ) -> tuple[list[dict[str, Any]], str | None]:
        """Events of a journal and, if it is unusable, why (foreign/newer/damaged)."""
        writable = current and not self.readonly
        try:
            fd = os.open(path, os.O_RDWR | os.O_APPEND if writable else os.O_RDONLY)
        except FileNotFoundError:
            return [], None
        except OSError as exc:
            if writable:
                self._go_readonly(
                    f"{path.name} cannot be opened for writing ({exc.strerror}); "
                    "this session is read-only",
                    problem=True,
                )
                return self._read_journal_file(path, current=current)
            raise
        keep = False
        try:
            blocks = []
            while True:
                block = os.read(fd, 1 << 20)
                if not block:
                    break
                blocks.append(block)
            data = b"".join(blocks)
            if not data:
                return [], "empty"
            chunk = _parse_lines(data, 0, expect_header=True)
            trouble = _journal_header_problem(chunk.header)
            if trouble:
                return [], trouble
            if current:
                if chunk.torn and writable:
                    os.ftruncate(fd, chunk.end)
                    os.fsync(fd)
                if chunk.bad:
                    self._journal_damaged = True
                    copy_note = ""
                    if writable:
                        aside = path.with_name(f"{path.name}.corrupt-{_stamp()}")
                        atomic_write_bytes(aside, data)
                        copy_note = f" (a copy of the journal is kept as {aside.name})"
                    self._problem(
                        f"{path.name} had {chunk.bad} damaged line(s) that could not be read "
                        f"and were skipped{copy_note}"
                    )
                self._journal_fd = fd
                self._journal_offset = chunk.end
                self._journal_ok = True
                base = (chunk.header or {}).get("base_seq")
                self._journal_base = base if isinstance(base, int) else 0
                keep = True
            return chunk.events, None
        finally:
            if not keep:
                os.close(fd)

    def _load_all(self) -> None:
        """(Re)build the in-memory state from snapshot + journal, recovering from damage."""
        self._reset_memory()
        if self._journal_fd is not None:
            os.close(self._journal_fd)
            self._journal_fd = None
        self._journal_offset = 0
        self._journal_base = 0
        self._journal_ok = False
        self._snapshot_ok = False
        self._snapshot_seq = 0
        writable = not self.readonly
        self._snap_sig = _sig(self.path)

        damage: str | None = None
        moved: Path | None = None
        try:
            snapshot = self._read_snapshot(self.path)
        except CorruptStoreError as err:
            if err.kind == "newer":
                self._go_readonly(err.message, problem=True)
                return
            snapshot = None
            damage = err.message
            if writable:
                moved = self._move_aside(self.path)
                self._snap_sig = None
        except OSError as exc:
            # Unreadable is not the same as damaged: never write over it.
            self._go_readonly(
                f"{self.path.name} could not be read ({exc.strerror}); this session is read-only",
                problem=True,
            )
            return
        if snapshot is None and damage is None and self.backup_path.exists():
            damage = f"{self.path.name} is missing"

        sources: list[list[dict[str, Any]]] = []
        backup_note = ""
        backup_used = False
        if damage is None:
            if snapshot is None:
                self._needs_compaction = True  # brand-new store: create the files
                self._refresh_backup = True
            else:
                events, self._snapshot_seq = snapshot
                sources.append(events)
                self._snapshot_ok = True
        else:
            self._needs_compaction = True
            self._refresh_backup = True
            try:
                backup = self._read_snapshot(self.backup_path)
            except (CorruptStoreError, OSError):
                backup = None
                backup_note = f"the backup {self.backup_path.name} is unusable too"
                if writable and self.backup_path.exists():
                    aside = self._move_aside(self.backup_path)
                    backup_note += f" (kept as {aside.name})"
            if backup is not None:
                backup_used = True
                sources.append(backup[0])
                saved = _sig(self.backup_path)
                when = (
                    datetime.fromtimestamp(saved[3] / 1e9).strftime("%Y-%m-%d %H:%M")
                    if saved
                    else "?"
                )
                backup_note = f"the backup {self.backup_path.name} (saved {when})"
            elif not backup_note:
                backup_note = f"no backup {self.backup_path.name} exists"
            old_journal, _trouble = self._read_journal_file(self.journal_backup_path, current=False)
            sources.append(old_journal)

        journal_events, trouble = self._read_journal_file(self.journal_path, current=True)
        if trouble == "newer":
            self._go_readonly(
                f"{self.journal_path.name} was written by a newer curator; "
                "this session is read-only so that it is not overwritten",
                problem=True,
            )
            return
        if trouble == "empty":
            self._needs_compaction = True
        elif trouble:
            self._needs_compaction = True
            self._journal_damaged = True
            if writable:
                aside = self._move_aside(self.journal_path)
                self._problem(
                    f"{self.journal_path.name} is not a curator journal; "
                    f"it was moved aside to {aside.name}"
                )
            else:
                self._problem(f"{self.journal_path.name} is not a curator journal; it was ignored")
        elif self._journal_fd is None:
            self._needs_compaction = True
        sources.append(journal_events)

        merged: dict[int, dict[str, Any]] = {}
        for events in sources:
            for event in events:
                merged.setdefault(event["seq"], event)
        for seq in sorted(merged):
            self._apply(merged[seq])

        if damage is not None:
            count = len(self._state)
            if not writable:
                fate = "this read-only session leaves the files untouched"
            elif moved is not None:
                fate = f"it was moved aside to {moved.name}"
            else:
                fate = "a new one was written"
            if backup_used:
                outcome = f"Recovered {count} decision(s) from {backup_note} and the journal."
            else:
                outcome = (
                    f"{backup_note[:1].upper()}{backup_note[1:]}, so only the journal could be "
                    f"used: {count} decision(s) recovered."
                )
            self._problem(f"{damage}; {fate}. {outcome}")
        # The journal header says how far the snapshot it follows went, so a
        # loss at the very end of the history is noticed too.
        expected = max(self._last_seq, self._journal_base)
        missing = sorted(set(range(1, expected + 1)) - set(merged))
        if missing:
            span = f"{missing[0]}" if len(missing) == 1 else f"{missing[0]}–{missing[-1]}"
            self._problem(
                f"{len(missing)} earlier change(s) (numbers {span}) could not be recovered; "
                "decisions made in those steps may need to be made again"
            )

    def _compaction_due(self) -> bool:
        return self._needs_compaction or (
            self._last_seq - self._snapshot_seq >= max(1, self.compact_after)
        )

    # ------------------------------------------------------------------ in-memory state

    def _apply(self, event: dict[str, Any]) -> None:
        for change in event["changes"]:
            if change.get("after") is None:
                self._state.pop(change["key"], None)
            else:
                self._state[change["key"]] = change["after"]
        for pair in event.get("pairs", []):
            key = frozenset((pair["a"], pair["b"]))
            if pair.get("after"):
                self._pairs.add(key)
            else:
                self._pairs.discard(key)
        seq = event["seq"]
        action = event["action"]
        if action == _UNDO:
            _remove(self._undo, event["target"])
            if event["target"] in self._events:
                self._redo.append(event["target"])
        elif action == _REDO:
            _remove(self._redo, event["target"])
            if event["target"] in self._events:
                self._undo.append(event["target"])
        else:
            self._undo.append(seq)
            self._redo.clear()
        self._events[seq] = event
        self._last_seq = max(self._last_seq, seq)

    # ------------------------------------------------------------------ writing

    def _check_writable(self) -> None:
        if self._closed:
            raise ValueError("the decisions store is closed")
        if self.readonly:
            raise ReadOnlyStore(self.readonly_reason or "this session is read-only")

    def _catch_up(self) -> None:
        """Apply what other writers appended since we last looked (under the tx lock)."""
        if self._disk_changed():
            self._load_all()
            return
        fd = self._journal_fd
        if fd is None:
            return
        size = os.fstat(fd).st_size
        if size < self._journal_offset:
            self._load_all()
            return
        if size == self._journal_offset:
            return
        data = os.pread(fd, size - self._journal_offset, self._journal_offset)
        chunk = _parse_lines(data, self._journal_offset, expect_header=False)
        for event in chunk.events:
            if event["seq"] > self._last_seq:
                self._apply(event)
        if chunk.bad:
            self._journal_damaged = True
            self._problem(
                f"{self.journal_path.name} had {chunk.bad} damaged line(s) that could not be "
                "read and were skipped"
            )
        self._journal_offset = chunk.end
        if chunk.torn and not self.readonly:
            os.ftruncate(fd, chunk.end)
            os.fsync(fd)

    def _disk_changed(self) -> bool:
        if _sig(self.path) != self._snap_sig:
            return True
        try:
            on_disk = os.stat(self.journal_path)
        except FileNotFoundError:
            return self._journal_fd is not None
        if self._journal_fd is None:
            return True
        mine = os.fstat(self._journal_fd)
        return (on_disk.st_ino, on_disk.st_dev) != (mine.st_ino, mine.st_dev)

    def _commit(self, build: Callable[[], dict[str, Any] | None]) -> dict[str, Any] | None:
        """Run *build* against fresh state and append its event durably; None if no-op."""
        self._check_writable()
        with self._tx_lock():
            self._catch_up()
            self._check_writable()
            body = build()
            if body is None:
                return None
            seq = self._last_seq + 1
            now = _now()
            event: dict[str, Any] = {
                "seq": seq,
                "action": body.pop("action"),
                "key": body.pop("key"),
                "editor": self.editor,
                "time": now,
            }
            event.update(body)
            event.setdefault("pairs", [])
            if event["action"] not in (_UNDO, _REDO):
                for change in event["changes"]:
                    if change["after"] is not None:
                        change["after"].update(editor=self.editor, time=now, seq=seq)
            self._append(event)
            self._apply(event)
            return event

    def _append(self, event: dict[str, Any]) -> None:
        if self._journal_fd is None:
            self._compact()
        fd = self._journal_fd
        assert fd is not None
        line = _encode_line(event)
        offset = self._journal_offset
        try:
            view = memoryview(line)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        except BaseException:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, offset)
            raise
        self._journal_offset = offset + len(line)

    def _snapshot_tables(self) -> dict[str, dict[str, Any]]:
        decisions = sorted(self._state.values(), key=lambda s: s.get("seq") or 0)
        pairs = sorted(sorted(p) for p in self._pairs)
        return {
            "meta": {
                "1": {
                    "schema": SCHEMA,
                    "version": VERSION,
                    "last_seq": self._last_seq,
                    "saved": _now(),
                    "saved_by": self.editor,
                    "about": "events is the source of truth; decisions and distinct are "
                    "derived from it for convenience",
                }
            },
            "events": {str(seq): self._events[seq] for seq in sorted(self._events)},
            "decisions": {str(i): s for i, s in enumerate(decisions, 1)},
            "distinct": {str(i): {"a": p[0], "b": p[1]} for i, p in enumerate(pairs, 1)},
        }

    def _compact(self) -> None:
        """Fold the journal into a new snapshot (caller holds the exclusive tx lock).

        Order matters for crash safety: old snapshot copied to .bak, new
        snapshot in place, old journal copied to journal.bak, fresh journal.
        Every intermediate state reloads to the same events (seq de-duplicates).
        """
        tables = self._snapshot_tables()
        backup = self.backup_path if self._snapshot_ok and not self._refresh_backup else None
        with TinyDB(self.path, storage=AtomicJSONStorage, backup_path=backup) as db:
            db.storage.write(tables)
        if self._refresh_backup:
            atomic_copy(self.path, self.backup_path)
            self._refresh_backup = False
        if self._journal_fd is not None:
            if self._journal_ok:
                atomic_copy(self.journal_path, self.journal_backup_path)
            os.close(self._journal_fd)
            self._journal_fd = None
        header = {
            "journal": SCHEMA,
            "version": VERSION,
            "base_seq": self._last_seq,
            "created": _now(),
        }
        line = _encode_line(header)
        atomic_write_bytes(self.journal_path, line)
        self._journal_fd = os.open(self.journal_path, os.O_RDWR | os.O_APPEND)
        self._journal_offset = len(line)
        self._journal_ok = True
        self._journal_damaged = False
        self._snap_sig = _sig(self.path)
        self._snapshot_ok = True
        self._snapshot_seq = self._last_seq
        self._needs_compaction = False

    # ------------------------------------------------------------------ public writes

    def _current_state(self, key: str) -> dict[str, Any]:
        state = self._state.get(key)
        if state is None:
            return _blank(key)
        fresh = dict(state)
        fresh["merges"] = list(state.get("merges") or [])
        return fresh

    def _change(self, key: str, after: dict[str, Any] | None) -> dict[str, Any]:
        return {"key": key, "before": self._state.get(key), "after": after}

    def _update(
        self, action: str, key: str, args: dict[str, Any], fields: dict[str, Any]
    ) -> Decision:
        _check_key(key)

        def build() -> dict[str, Any]:
            state = self._current_state(key)
            state.update(fields)
            return {
                "action": action,
                "key": key,
                "args": args,
                "changes": [self._change(key, state)],
            }

        self._commit(build)
        return Decision.from_dict(self._state[key])

    def decide(
        self,
        key: str,
        action: str,
        *,
        section: str | None = None,
        priority: str | None = None,
        note: str | None = None,
    ) -> Decision:
        """Record a verdict; returns only once it is durable on disk.

        ``section``/``priority``/``note`` left at None keep their current
        values (use :meth:`set_section` etc. to clear them); edits and merges
        are always kept.
        """
        if action not in ACTIONS:
            raise ValueError(f"action must be one of {', '.join(ACTIONS)}, not {action!r}")
        _check_priority(priority)
        given = {"section": section, "priority": priority, "note": note}
        changes: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
        return self._update(action, key, changes, {"action": action, **changes})

    def edit(
        self,
        key: str,
        *,
        title: str | None = None,
        points: list[str] | None = None,
        caveats: list[str] | None = None,
        note: str | None = None,
        clear: Iterable[str] = (),
    ) -> Decision:
        """Change the title/points/caveats/note shown in the briefing; keeps the verdict.

        None leaves a field as it is; name fields in *clear* to drop an edit
        and fall back to the note's original text.
        """
        fields: dict[str, Any] = {}
        if title is not None:
            fields["title"] = title
        if points is not None:
            fields["points"] = _check_lines("points", points)
        if caveats is not None:
            fields["caveats"] = _check_lines("caveats", caveats)
        if note is not None:
            fields["note"] = note
        for name in clear:
            if name not in EDITABLE:
                raise ValueError(
                    f"cannot clear {name!r}; editable fields are {', '.join(EDITABLE)}"
                )
            fields[name] = None
        if not fields:
            raise ValueError("edit() needs at least one field to change")
        return self._update("edit", key, dict(fields), fields)

    def set_section(self, key: str, section: str | None) -> Decision:
        """Set (or with None clear) the living-document section of *key*."""
        return self._update("section", key, {"section": section}, {"section": section})

    def set_priority(self, key: str, priority: str | None) -> Decision:
        """Set (or with None clear) the priority marker of *key*."""
        _check_priority(priority)
        return self._update("priority", key, {"priority": priority}, {"priority": priority})

    def merge(self, primary: str, other: str) -> None:
        """Record that *other* is the same thing as *primary* (absorbed into it)."""
        _check_key(primary)
        _check_key(other)
        if primary == other:
            raise ValueError("cannot merge a key into itself")

        def build() -> dict[str, Any] | None:
            walk: str | None = primary
            seen: set[str] = set()
            while walk is not None and walk not in seen:
                if walk == other:
                    raise ValueError(f"{primary} is already merged into {other}; unmerge it first")
                seen.add(walk)
                walk = (self._state.get(walk) or {}).get("merged_into")
            absorbed = self._current_state(other)
            if absorbed["merged_into"] == primary:
                return None
            changes = []
            previous = absorbed["merged_into"]
            if previous is not None:
                old = self._current_state(previous)
                old["merges"] = [k for k in old["merges"] if k != other]
                changes.append(self._change(previous, old))
            keeper = self._current_state(primary)
            if other not in keeper["merges"]:
                keeper["merges"] = [*keeper["merges"], other]
            absorbed["merged_into"] = primary
            changes += [self._change(primary, keeper), self._change(other, absorbed)]
            pairs = []
            if frozenset((primary, other)) in self._pairs:
                pairs.append({"a": primary, "b": other, "before": True, "after": False})
            return {
                "action": "merge",
                "key": primary,
                "other": other,
                "changes": changes,
                "pairs": pairs,
            }

        self._commit(build)

    def _unmerge_changes(self, other: str) -> list[dict[str, Any]]:
        absorbed = self._current_state(other)
        primary = absorbed["merged_into"]
        if primary is None:
            return []
        keeper = self._current_state(primary)
        keeper["merges"] = [k for k in keeper["merges"] if k != other]
        absorbed["merged_into"] = None
        return [self._change(primary, keeper), self._change(other, absorbed)]

    def unmerge(self, other: str) -> None:
        """Undo a merge of *other* into whatever it was merged into (no-op if not merged)."""
        _check_key(other)

        def build() -> dict[str, Any] | None:
            changes = self._unmerge_changes(other)
            if not changes:
                return None
            return {
                "action": "unmerge",
                "key": other,
                "other": changes[0]["key"],
                "changes": changes,
            }

        self._commit(build)

    def mark_distinct(self, a: str, b: str) -> None:
        """Record that *a* and *b* are not duplicates (unordered); unmerges them if merged."""
        self._set_distinct(a, b, True)

    def unmark_distinct(self, a: str, b: str) -> None:
        """Forget a "not a duplicate" judgement."""
        self._set_distinct(a, b, False)

    def _set_distinct(self, a: str, b: str, distinct: bool) -> None:
        _check_key(a)
        _check_key(b)
        if a == b:
            raise ValueError("a key cannot be distinct from itself")

        def build() -> dict[str, Any] | None:
            pair = frozenset((a, b))
            if (pair in self._pairs) == distinct:
                return None
            changes: list[dict[str, Any]] = []
            if distinct:
                for x, y in ((a, b), (b, a)):
                    if (self._state.get(y) or {}).get("merged_into") == x:
                        changes += self._unmerge_changes(y)
            return {
                "action": "distinct" if distinct else "not-distinct",
                "key": a,
                "other": b,
                "changes": changes,
                "pairs": [{"a": a, "b": b, "before": not distinct, "after": distinct}],
            }

        self._commit(build)

    def undo(self) -> dict[str, Any] | None:
        """Revert the latest change (any kind); returns its history entry, None if nothing to undo."""

        def build() -> dict[str, Any] | None:
            if not self._undo:
                return None
            target = self._events[self._undo[-1]]
            return {
                "action": _UNDO,
                "key": target["key"],
                "target": target["seq"],
                "target_action": target["action"],
                "changes": [
                    {"key": c["key"], "before": self._state.get(c["key"]), "after": c["before"]}
                    for c in target["changes"]
                ],
                "pairs": [
                    {"a": p["a"], "b": p["b"], "before": p["after"], "after": p["before"]}
                    for p in target.get("pairs", [])
                ],
            }

        event = self._commit(build)
        return self._entry(event) if event else None

    def redo(self) -> dict[str, Any] | None:
        """Re-apply the latest undone change; None if there is nothing to redo."""

        def build() -> dict[str, Any] | None:
            if not self._redo:
                return None
            target = self._events[self._redo[-1]]
            return {
                "action": _REDO,
                "key": target["key"],
                "target": target["seq"],
                "target_action": target["action"],
                "changes": [
                    {"key": c["key"], "before": self._state.get(c["key"]), "after": c["after"]}
                    for c in target["changes"]
                ],
                "pairs": [
                    {"a": p["a"], "b": p["b"], "before": p["before"], "after": p["after"]}
                    for p in target.get("pairs", [])
                ],
            }

        event = self._commit(build)
        return self._entry(event) if event else None

    # ------------------------------------------------------------------ reads

    def refresh(self) -> None:
        """Pick up changes other processes (e.g. ``curator decide``) made since the last look."""
        if self._closed:
            return
        if self.readonly:
            self._open_tx_lock_readonly()  # the writer may have created it since
        with self._tx_lock(exclusive=not self.readonly):
            self._catch_up()

    def get(self, key: str) -> Decision | None:
        """Current state of *key*, or None when it has no decision."""
        state = self._state.get(key)
        return Decision.from_dict(state) if state is not None else None

    def current(self) -> dict[str, Decision]:
        """Latest state of every key that has one."""
        return {key: Decision.from_dict(state) for key, state in self._state.items()}

    def is_distinct(self, a: str, b: str) -> bool:
        """Whether the editor said *a* and *b* are not duplicates (order does not matter)."""
        return frozenset((a, b)) in self._pairs

    def distinct_pairs(self) -> set[frozenset[str]]:
        """All "not a duplicate" pairs."""
        return set(self._pairs)

    def can_undo(self) -> bool:
        """Whether :meth:`undo` would do something."""
        return bool(self._undo)

    def can_redo(self) -> bool:
        """Whether :meth:`redo` would do something."""
        return bool(self._redo)

    def _entry(self, event: dict[str, Any]) -> dict[str, Any]:
        after = next((c["after"] for c in event["changes"] if c["key"] == event["key"]), None)
        entry: dict[str, Any] = {
            "seq": event["seq"],
            "key": event["key"],
            "action": event["action"],
            "editor": event.get("editor"),
            "time": event.get("time"),
        }
        for name in ("section", "priority", "title", "points", "caveats", "note", "merged_into"):
            entry[name] = copy.deepcopy(after.get(name)) if after else None
        entry["merges"] = list(after.get("merges") or []) if after else []
        entry["verdict"] = after.get("action") if after else None
        for extra in ("other", "target", "target_action", "args"):
            if extra in event:
                entry[extra] = copy.deepcopy(event[extra])
        entry["changes"] = copy.deepcopy(event["changes"])
        entry["pairs"] = copy.deepcopy(event.get("pairs", []))
        return entry

    def history(self, key: str | None = None, limit: int | None = None) -> list[dict[str, Any]]:
        """Every event, newest first (optionally only those touching *key*).

        Each entry has seq, key, action (a verdict, 'edit', 'section',
        'priority', 'merge', 'unmerge', 'distinct', 'not-distinct', 'undo' or
        'redo'), editor, time and the key's state after the event
        (section, priority, verdict, ...); undo/redo also name the target.
        """
        out: list[dict[str, Any]] = []
        for seq in sorted(self._events, reverse=True):
            event = self._events[seq]
            if (
                key is not None
                and event["key"] != key
                and all(c["key"] != key for c in event["changes"])
            ):
                continue
            out.append(self._entry(event))
            if limit is not None and len(out) >= limit:
                break
        return out

    def orphans(self, current_keys: Iterable[str]) -> list[Decision]:
        """Decisions whose key is not in the current analysis; kept, never dropped (newest first)."""
        present = set(current_keys)
        found = [s for k, s in self._state.items() if k not in present]
        found.sort(key=lambda s: s.get("seq") or 0, reverse=True)
        return [Decision.from_dict(s) for s in found]

    def __len__(self) -> int:
        return len(self._state)

    # ------------------------------------------------------------------ closing

    def close(self) -> None:
        """Fold the journal into the snapshot (when writable) and release the locks."""
        if self._closed:
            return
        try:
            if not self.readonly and self._tx_fd is not None:
                with self._tx_lock():
                    self._catch_up()
                    if not self.readonly and self._compaction_due():
                        try:
                            self._compact()
                        except OSError as exc:
                            # Nothing is lost: the journal still holds every event.
                            self._problem(f"could not compact the decisions store ({exc.strerror})")
        finally:
            self._release()

    def _release(self) -> None:
        """Close every descriptor; dropping the session fd releases the session lock."""
        self._closed = True
        for name in ("_journal_fd", "_tx_fd"):
            fd = getattr(self, name)
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
                setattr(self, name, None)
        if self._session_fd is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(self._session_fd, 0)
            with contextlib.suppress(OSError):
                os.close(self._session_fd)
            self._session_fd = None

    def __enter__(self) -> DecisionStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _remove(stack: list[int], seq: int) -> None:
    if stack and stack[-1] == seq:
        stack.pop()
    else:
        with contextlib.suppress(ValueError):
            stack.remove(seq)
