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
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from typing import Any

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
    """Split *data* (read from offset *start*) into events; the first line is the header if asked."""
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
