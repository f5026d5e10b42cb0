"""The decisions journal's format: one checksummed JSON event per line, after a header line.

A line is ``<crc32 hex> <json>\\n``. The first line is a header naming the schema, its
version and the last seq the snapshot before it held (``base_seq``); every other line is one
event. A line that fails its checksum, cannot be decoded (for any reason: bad UTF-8, bad
JSON, JSON nested too deep to parse) or does not describe an event is *bad*: counted,
skipped and reported by the store, never trusted. A last line without its newline is
*torn*: an append that never finished and was never acknowledged.

An event is ``{"seq", "action", "key", "editor", "time", "changes", "pairs", ...}``; every
change carries the before/after state of one key, so replaying, undoing and redoing need
nothing else. ``action`` is a verdict, ``edit``, ``section``, ``priority``, ``tier``, ``merge``,
``unmerge``, ``distinct``, ``not-distinct``, ``bulk`` (many keys in one transaction),
``undo`` or ``redo`` (these two name their ``target`` seq). Readers accept any action name,
so journals written before ``bulk`` existed load unchanged, and a ``bulk`` event is an
ordinary many-change event to them. A state without ``tier`` (written before tiers
existed) is a state whose tier the editor has not chosen.

:class:`OpenJournal` is the one descriptor a store keeps on its journal: where reading got
to, durable appends, and what other writers appended since.
"""

from __future__ import annotations

import contextlib
import json
import os
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from curator.atomic import atomic_write_bytes, write_all
from curator.statedir import open_nofollow

SCHEMA = "curator-decisions"
VERSION = 1
UNDO, REDO = "undo", "redo"

_STATE_TEXT = (
    "action",
    "section",
    "priority",
    "tier",
    "title",
    "note",
    "merged_into",
    "editor",
    "time",
)
_STATE_LISTS = ("points", "caveats", "merges")


def encode_line(obj: dict[str, Any]) -> bytes:
    """One journal line (checksum, space, compact JSON, newline)."""
    payload = json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return b"%08x %s\n" % (zlib.crc32(payload), payload)


def decode_line(line: bytes) -> dict[str, Any] | None:
    """The object a line holds, or None if its checksum fails or it cannot be decoded at all."""
    if len(line) < 10 or line[8:9] != b" ":
        return None
    payload = line[9:]
    try:
        if int(line[:8], 16) != zlib.crc32(payload):
            return None
        obj = json.loads(payload.decode("utf-8"))
    except Exception:  # ValueError, UnicodeDecodeError, RecursionError (deep nesting): all corrupt
        return None
    return obj if isinstance(obj, dict) else None


def header(base_seq: int, created: str) -> dict[str, Any]:
    """The first line of a fresh journal following a snapshot that ends at *base_seq*."""
    return {"journal": SCHEMA, "version": VERSION, "base_seq": base_seq, "created": created}


def header_problem(head: dict[str, Any] | None) -> str | None:
    """None for a usable header, else ``foreign`` (not ours) or ``newer`` (a later format)."""
    if head is None or head.get("journal") != SCHEMA:
        return "foreign"
    version = head.get("version")
    if not isinstance(version, int) or version < 1:
        return "foreign"
    if version > VERSION:
        return "newer"
    return None


def _valid_state(state: Any, key: str) -> bool:
    if not isinstance(state, dict) or state.get("key") != key:
        return False
    for name in _STATE_TEXT:
        if state.get(name) is not None and not isinstance(state[name], str):
            return False
    for name in _STATE_LISTS:
        value = state.get(name)
        if value is not None and not (
            isinstance(value, list) and all(isinstance(v, str) for v in value)
        ):
            return False
    seq = state.get("seq")
    return seq is None or isinstance(seq, int)


def valid_event(obj: Any) -> bool:
    """Whether *obj* has the shape of an event (types checked, so nothing odd reaches the UI)."""
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
            if state is not None and not _valid_state(state, change["key"]):
                return False
    pairs = obj.get("pairs", [])
    if not isinstance(pairs, list) or not all(
        isinstance(p, dict) and isinstance(p.get("a"), str) and isinstance(p.get("b"), str)
        for p in pairs
    ):
        return False
    if obj["action"] in (UNDO, REDO) and not isinstance(obj.get("target"), int):
        return False
    return True


@dataclass
class Chunk:
    """What a run of journal bytes holds."""

    events: list[dict[str, Any]]
    end: int
    """Offset just after the last complete line."""
    torn: bool
    """Trailing bytes without a newline: an append that never finished."""
    bad: int
    """Complete lines that failed their checksum, could not be decoded or are no event."""
    header: dict[str, Any] | None = None


def parse_lines(data: bytes, start: int, *, expect_header: bool) -> Chunk:
    """Split *data* (read from offset *start*) into events; the first line is the header if
    asked."""
    *complete, tail = data.split(b"\n")
    chunk = Chunk(events=[], end=start + len(data) - len(tail), torn=bool(tail), bad=0)
    for index, line in enumerate(complete):
        obj = decode_line(line)
        if expect_header and index == 0:
            chunk.header = obj
            continue
        if obj is not None and valid_event(obj):
            chunk.events.append(obj)
        else:
            chunk.bad += 1
    return chunk


def cut_torn_tail(fd: int, end: int) -> None:
    """Drop what follows the last complete line (*end*): an append that never finished."""
    os.ftruncate(fd, end)
    os.fsync(fd)


class OpenJournal:
    """A store's descriptor on its journal, and what it has learnt reading it.

    ``offset`` is always just after the last complete line this session read or wrote, so
    what lies beyond it is exactly what other writers appended since. An append is fsynced
    before it returns, or cut off again: never half there.
    """

    def __init__(self) -> None:
        """No journal open yet."""
        self.fd: int | None = None
        self.offset = 0
        """Just after the last complete line read or written."""
        self.base = 0
        """The header's ``base_seq``: how far the snapshot this journal follows went."""
        self.ok = False
        """Whether the open file is a readable journal (worth keeping as a backup when folded)."""
        self.damaged = False
        """Lines of it could not be read: it wants folding into the snapshot soon."""

    def close(self) -> None:
        """Let go of the descriptor (the file stays as it is)."""
        fd, self.fd = self.fd, None
        if fd is not None:
            os.close(fd)

    def forget(self) -> None:
        """Close it and forget where reading got to, before the files are read again.

        ``damaged`` is kept: only folding the journal into the snapshot clears it.
        """
        self.close()
        self.offset = 0
        self.base = 0
        self.ok = False

    def adopt(self, fd: int, chunk: Chunk) -> None:
        """Keep *fd*, whose whole content was read into *chunk*, as this session's journal."""
        self.fd = fd
        self.offset = chunk.end
        self.ok = True
        base = (chunk.header or {}).get("base_seq")
        self.base = base if isinstance(base, int) else 0

    def start(self, path: Path, base_seq: int, created: str) -> None:
        """Replace *path* by a fresh journal following a snapshot at *base_seq*; keep it open."""
        line = encode_line(header(base_seq, created))
        atomic_write_bytes(path, line)
        self.fd = open_nofollow(path, os.O_RDWR | os.O_APPEND)
        self.offset = len(line)
        self.ok = True
        self.damaged = False

    def append(self, event: dict[str, Any]) -> None:
        """Append *event* and fsync it; on any failure cut the file back to where it was."""
        fd = self.fd
        assert fd is not None
        line = encode_line(event)
        offset = self.offset
        try:
            write_all(fd, line)
            os.fsync(fd)
        except BaseException:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, offset)
            raise
        self.offset = offset + len(line)

    def appended(self) -> Chunk | None:
        """What other writers appended since ``offset`` (which moves past it).

        None when the file is now shorter than what was read: it was cut or replaced, and
        must be read again from the start. A torn tail is left for the caller to cut.
        """
        fd = self.fd
        assert fd is not None
        size = os.fstat(fd).st_size
        if size < self.offset:
            return None
        if size == self.offset:
            return Chunk(events=[], end=self.offset, torn=False, bad=0)
        data = os.pread(fd, size - self.offset, self.offset)
        chunk = parse_lines(data, self.offset, expect_header=False)
        self.offset = chunk.end
        return chunk

    def replaced(self, path: Path) -> bool:
        """Whether *path* is no longer the file this descriptor is on (gone, new or other)."""
        try:
            on_disk = os.stat(path)
        except FileNotFoundError:
            return self.fd is not None
        if self.fd is None:
            return True
        mine = os.fstat(self.fd)
        return (on_disk.st_ino, on_disk.st_dev) != (mine.st_ino, mine.st_dev)
