"""The decisions snapshot: a TinyDB file written atomically, read without trusting it.

``decisions.json`` holds the tables ``meta``, ``events`` (the source of truth) and the
derived ``decisions`` and ``distinct`` for humans and other tools. It is only written
through :class:`AtomicJSONStorage` (temp file, fsync, ``os.replace``, fsync of the
directory), explicitly in UTF-8, and read back as untrusted input: an empty, cut-short,
foreign, newer or damaged file raises :class:`CorruptStoreError` saying so in plain words.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.storages import Storage

from curator.atomic import atomic_copy, atomic_write_bytes
from curator.journal import SCHEMA, VERSION, valid_event
from curator.statedir import open_nofollow


class ReadOnlyStore(Exception):
    """A write was attempted on a store that this session may only read."""


class CorruptStoreError(Exception):
    """A store file that cannot be trusted; ``kind`` says how, the message says it in plain
    words."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


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
            fd = open_nofollow(self.path, os.O_RDONLY)  # never a file a link points at
            with open(fd, encoding=self.encoding, newline="") as handle:
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
        except RecursionError as exc:
            raise CorruptStoreError("not-json", f"{name} is nested too deeply to be ours") from exc
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


Snapshot = tuple[list[dict[str, Any]], int]
"""A snapshot's events and the last seq it holds."""


def read_snapshot(path: Path) -> Snapshot | None:
    """Events and last seq of a snapshot (None if missing); a fresh TinyDB per read.

    Raises :class:`CorruptStoreError` (``newer`` for a later format) or OSError.
    """
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
        if not valid_event(doc) or doc["seq"] != doc.doc_id:
            raise CorruptStoreError("damaged", f"{name} has a damaged event (record {doc.doc_id})")
        out.append(dict(doc))
    last = info.get("last_seq")
    last_seq = max([e["seq"] for e in out], default=0)
    if isinstance(last, int):
        last_seq = max(last_seq, last)
    return out, last_seq


def snapshot_tables(
    events: dict[int, dict[str, Any]],
    state: dict[str, dict[str, Any]],
    pairs: set[frozenset[str]],
    last_seq: int,
    *,
    saved: str,
    saved_by: str,
) -> dict[str, dict[str, Any]]:
    """The tables of a snapshot holding *events* (and what they add up to)."""
    decisions = sorted(state.values(), key=lambda s: s.get("seq") or 0)
    ordered = sorted(sorted(p) for p in pairs)
    return {
        "meta": {
            "1": {
                "schema": SCHEMA,
                "version": VERSION,
                "last_seq": last_seq,
                "saved": saved,
                "saved_by": saved_by,
                "about": "events is the source of truth; decisions and distinct are "
                "derived from it for convenience",
            }
        },
        "events": {str(seq): events[seq] for seq in sorted(events)},
        "decisions": {str(i): s for i, s in enumerate(decisions, 1)},
        "distinct": {str(i): {"a": p[0], "b": p[1]} for i, p in enumerate(ordered, 1)},
    }


def write_snapshot(
    path: Path, tables: dict[str, dict[str, Any]], backup: Path | None = None
) -> None:
    """Replace the snapshot atomically (copying the old one to *backup* first, if given)."""
    with TinyDB(path, storage=AtomicJSONStorage, backup_path=backup) as db:
        db.storage.write(tables)


def saved_when(path: Path) -> str:
    """When *path* was last written, for messages ("?" if it cannot be told)."""
    try:
        return datetime.fromtimestamp(os.stat(path).st_mtime).strftime("%Y-%m-%d %H:%M")
    except (OSError, ValueError, OverflowError):
        return "?"
