"""The notes part of the index cache as plain data: every note's entry, or only the entries changed
since the part was last written whole (its *delta*).

Why a delta: the whole part holds every note's split form (~20 MB at 2,000 notes), and writing it
again after one note changed cost more than analysing that note. A delta names the whole part it
follows by a token written in both; one whose token is not the whole part's is ignored, and the
notes it held are then read again from their files, so no mix of the two can be believed.
"""

from __future__ import annotations

import secrets
from operator import add
from typing import Any

from curator import cachecodec as codec
from curator.models import Note
from curator.persist import Blobs, check

__all__ = ["DELTA_MIN", "Entry", "entries_from_data", "entries_to_data", "new_token"]

Entry = tuple[tuple[int, int], Note, "bytes | memoryview", float, str]
"""(stamp, the note without its text and items' text, the whole note as a JSON blob, mtime,
sha1)."""

DELTA_MIN = 64
"""A delta may hold this many notes, or an eighth of all, before the whole part is written."""


def new_token() -> str:
    return secrets.token_hex(8)


def entries_to_data(
    entries: dict[str, Entry],
    settings: Any,
    blobs: Blobs,
    token: str,
    removed: list[str] | None = None,
) -> dict[str, Any]:
    """Notes as columns (their whole forms into ``blobs``); ``removed``: a delta's vanished
    notes."""
    rels = list(entries)
    values = list(entries.values())
    lens = [len(e[2]) for e in values]
    offs = [blobs.add(e[2])[0] for e in values]
    cols = [
        rels,
        [e[0][0] for e in values],
        [e[0][1] for e in values],
        offs,
        lens,
        [float(e[3]) for e in values],
        [e[4] for e in values],
    ]
    out: dict[str, Any] = {
        "settings": list(settings) if settings is not None else None,
        "token": token,
        "notes": cols,
        "meta": codec.notes_to_data([e[1] for e in values]),
    }
    if removed is not None:
        out["removed"] = removed
    return out


def entries_from_data(
    data: Any, blobs: memoryview
) -> tuple[dict[str, Entry], tuple[str, int], str, list[str]]:
    """(entries, settings, token, removed) of a notes part or delta; :class:`Miss` when it is not
    what :func:`entries_to_data` writes."""
    check(type(data) is dict and type(data.get("notes")) is list and len(data["notes"]) == 7)
    settings = data.get("settings")
    check(
        type(settings) is list
        and len(settings) == 2
        and type(settings[0]) is str
        and type(settings[1]) is int
    )
    token = data.get("token")
    check(type(token) is str and bool(token))
    removed = data.get("removed", [])
    check(type(removed) is list and all(type(r) is str for r in removed))
    rels, sizes, mtime_ns, offs, lens, mtimes, sha1s = cols = data["notes"]
    n = len(rels)
    for col, kind in zip(cols, (str, int, int, int, int, float, str), strict=True):
        check(type(col) is list and len(col) == n and (not col or set(map(type, col)) == {kind}))
    check(not n or min(offs) >= 0 and min(lens) >= 0 and max(map(add, offs, lens)) <= len(blobs))
    metas = codec.notes_from_data(data.get("meta"))
    check(len(metas) == n and len(set(rels)) == n)
    sigs = zip(sizes, mtime_ns, strict=True)
    views = (blobs[off : off + length] for off, length in zip(offs, lens, strict=True))
    entries = dict(zip(rels, zip(sigs, metas, views, mtimes, sha1s, strict=True), strict=True))
    return entries, (settings[0], settings[1]), token, removed
