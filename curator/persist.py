"""Private, throw-away state in ``<workspace>/.curator/``: file signatures and the index caches.

Everything in a workspace may come from someone else (it is a git repository the team
shares), a committed ``.curator/`` included, so a cache is untrusted input:

- it is plain data (JSON, read by the standard library), never code;
- it is read only from a regular file in a ``.curator`` that is a real folder, without
  following links (see :mod:`curator.statedir`), owned by the current user and writable by
  nobody else;
- anything of another schema or version, or malformed, is a miss (:class:`Miss`): the
  caller rebuilds.  Decoders check every type they take (see :mod:`curator.cachecodec`).

A cache file is a first line ``curator-cache <SCHEMA>``, one line of JSON
(``{"kind", "version", "data"}``), then *blobs*: JSON documents the data refers to by
``[offset, length]`` and decodes only when it needs them (a note's full text and items, a
lookup shard).  Kept out of the JSON line, they cost nothing to skip.

Light on purpose: a warm ``curator lookup`` imports this module (``json`` only when it loads).
"""

from __future__ import annotations

import functools
import os
import stat
from collections.abc import Iterable
from itertools import chain
from pathlib import Path

from curator.gcpause import paused_gc
from curator.statedir import (
    LinkedState,
    is_link,
    link_message,
    read_own,
    state_dir_problem,
)

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time: a warm `curator lookup` loads this
    from datetime import datetime, tzinfo
    from typing import Any

SCHEMA = 1
"""The container layout above; bumped by hand when it changes."""
MAGIC = b"curator-cache %d\n" % SCHEMA


class Miss(Exception):
    """A cache holds something this code does not write: ignore it and rebuild."""


def check(ok: bool) -> None:
    """Raise :class:`Miss` unless ``ok`` (for decoders: a cache is untrusted input)."""
    if not ok:
        raise Miss


@functools.cache
def code_fingerprint() -> str:
    """Which build of curator's core modules and phrase tables wrote a cache: part of every cache's
    version.

    Cached objects are what these modules' parsers made of the files: after an upgrade
    (or any edit) a cache written by other code is rebuilt, never half-trusted.  Stamps
    (name, size, mtime) as the import system does for bytecode: about 0.1 ms, which every
    warm ``curator lookup`` pays.
    """
    stamps = []
    here = Path(__file__).parent
    for folder, suffix in ((here, ".py"), (here / "phrases", ".toml")):
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    if entry.name.endswith(suffix):
                        try:
                            st = entry.stat()
                        except OSError:
                            continue
                        stamps.append(f"{entry.name}:{st.st_size}:{st.st_mtime_ns}")
        except OSError:
            continue
    return " ".join(sorted(stamps))


def writable_workspace(root: Path) -> bool:
    """Respect a read-only workspace even as root (root ignores permission bits)."""
    try:
        st = root.stat()
    except OSError:
        return False
    return bool(st.st_mode & stat.S_IWUSR) and os.access(root, os.W_OK)


# --------------------------------------------------------------------------- cache files


def read_cache(
    path: Path,
    kind: str,
    version: str,
    problems: list[str] | None = None,
    *,
    detach: bool = False,
) -> tuple[Any, memoryview] | None:
    """(data, blobs) of a cache file that is ours, intact, of this kind and version; else None.

    A link where the file should be is left alone and said in ``problems``.  ``detach``: the
    blobs as a copy of their own, for a reader that keeps them for the whole run (a view would
    keep the file's head too, a quarter of it on the notes part).
    """
    try:
        raw = read_own(path)
    except LinkedState as exc:
        if problems is not None:
            problems.append(str(exc))
        return None
    except OSError:
        return None
    if raw is None:
        return None
    import json

    try:
        if not raw.startswith(MAGIC):
            return None
        end = raw.index(b"\n", len(MAGIC))
        # many small objects and no cycles: the collector's passes cost more than the load
        with paused_gc():
            head = json.loads(str(memoryview(raw)[len(MAGIC) : end], "utf-8", "surrogatepass"))
    except Exception:  # any damage: a miss
        return None
    if (
        type(head) is not dict
        or head.get("kind") != kind
        or head.get("version") != version
        or "data" not in head
    ):
        return None
    if detach:
        return head["data"], memoryview(raw[end + 1 :])
    return head["data"], memoryview(raw)[end + 1 :]


class Blobs:
    """The blob area of a cache file being written: ``add`` returns the ``[offset, length]`` to
    keep."""

    def __init__(self) -> None:
        self.parts: list[bytes | memoryview] = []
        self.size = 0
        self.stream: Iterable[bytes] = ()
        """Written after ``parts``, read once as the file is written: a large blob made again
        rather than held (the caller's refs must say where it lies)."""

    def add(self, data: bytes | memoryview) -> list[int]:
        ref = [self.size, len(data)]
        self.parts.append(data)
        self.size += len(data)
        return ref


def blob(blobs: memoryview | bytes, ref: Any) -> bytes:
    """The bytes a ``[offset, length]`` names; :class:`Miss` when it names none."""
    check(type(ref) is list and len(ref) == 2)
    off, n = ref
    check(type(off) is int and type(n) is int and 0 <= off and 0 <= n and off + n <= len(blobs))
    return bytes(blobs[off : off + n])


def dumps(obj: Any) -> bytes:
    """JSON as a cache holds it (UTF-8, lone surrogates kept: note texts may have them)."""
    import json

    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode(
        "utf-8", "surrogatepass"
    )


PACKED_MAX = 64 << 20
"""The most a packed blob may unpack to (a cache is untrusted: no decompression bomb)."""


def pack(data: bytes) -> bytes:
    """A blob held for the whole run, deflated (a note's whole form: ~4x smaller, ~40 µs)."""
    import zlib

    return zlib.compress(data, 1)


def unpack(blob: bytes | memoryview) -> bytes:
    """What :func:`pack` packed; :class:`Miss` for anything else or more than
    :data:`PACKED_MAX`."""
    import zlib

    try:
        d = zlib.decompressobj()
        out = d.decompress(blob, PACKED_MAX)
    except zlib.error:
        raise Miss from None
    check(d.eof and not d.unconsumed_tail and not d.unused_data)
    return out


def loads(data: bytes) -> Any:
    import json

    return json.loads(data.decode("utf-8", "surrogatepass"))


def write_cache(
    root: Path,
    path: Path,
    kind: str,
    version: str,
    data: Any,
    blobs: Blobs | None = None,
    problems: list[str] | None = None,
) -> bool:
    """Atomically store a cache file (mode 0600); False when it cannot or must not be written.

    Not written: in a read-only workspace, when ``.curator`` is a link or not a folder, or
    over a link (each said once in ``problems``).
    """
    if not writable_workspace(root):
        return False
    trouble = state_dir_problem(root)
    if trouble is None and is_link(path):
        trouble = link_message(path)
    if trouble is not None:
        if problems is not None and trouble not in problems:
            problems.append(trouble)
        return False
    try:
        payload = dumps({"kind": kind, "version": version, "data": data})
    except (TypeError, ValueError):
        return False  # something not plain slipped in: no cache rather than a crash
    try:
        try:
            os.mkdir(path.parent)
        except FileExistsError:
            pass
        if state_dir_problem(root) is not None:
            return False
        from curator.atomic import atomic_write_bytes  # writing is rare; reading must start fast

        parts = chain(blobs.parts, blobs.stream) if blobs is not None else ()
        atomic_write_bytes(path, chain([MAGIC, payload, b"\n"], parts), mode=0o600)
        return True
    except OSError:
        return False


def remove_legacy(path: Path) -> None:
    """Delete an index of the old pickled format left beside its successor (never through a
    link)."""
    try:
        if stat.S_ISREG(os.lstat(path).st_mode):
            os.unlink(path)
    except OSError:
        pass


# --------------------------------------------------------------------------- times and zones


def zone_to_data(tz: tzinfo | None) -> Any:
    """A zone as plain data: None, ``["zone", key]`` or ``["fixed", seconds, microseconds,
    name]``."""
    if tz is None:
        return None
    # imported here: a warm lookup that compares no time never needs datetime
    from datetime import timezone

    if isinstance(tz, timezone):
        # (offset,) or (offset, name): the name only when one was given (tzname() makes one up);
        # undocumented, hence not in typeshed
        args = tz.__getinitargs__()  # type: ignore[attr-defined]
        off = args[0]
        return [
            "fixed",
            off.days * 86400 + off.seconds,
            off.microseconds,
            args[1] if len(args) > 1 else None,
        ]
    from zoneinfo import ZoneInfo

    if type(tz) is ZoneInfo and tz.key:
        return ["zone", tz.key]
    raise Miss  # a kind of zone a cache cannot hold: the entry is not cached


_ZONES: dict[Any, tzinfo | None] = {}


def zone_from_data(data: Any) -> tzinfo | None:
    if data is None:
        return None
    key = tuple(data) if type(data) is list else None
    if key is not None and key in _ZONES:
        return _ZONES[key]
    from datetime import timedelta, timezone

    tz: tzinfo
    if key is not None and len(key) == 4 and key[0] == "fixed":
        _tag, secs, micros, name = key
        check(type(secs) is int and type(micros) is int and (name is None or type(name) is str))
        try:
            offset = timedelta(seconds=secs, microseconds=micros)
            tz = timezone(offset) if name is None else timezone(offset, name)
        except (ValueError, OverflowError) as exc:
            raise Miss from exc
    elif key is not None and len(key) == 2 and key[0] == "zone" and type(key[1]) is str:
        name = key[1]
        check(0 < len(name) < 256 and not name.startswith("/") and ".." not in name.split("/"))
        from zoneinfo import ZoneInfo

        try:
            tz = ZoneInfo(name)
        except Exception as exc:  # unknown or malformed key
            raise Miss from exc
    else:
        raise Miss
    _ZONES[key] = tz
    return tz


def datetime_to_data(dt: datetime | None) -> Any:
    """``[local ISO time, fold, zone]`` (the zone kept as such, not only its offset), or None."""
    if dt is None:
        return None
    return [dt.replace(tzinfo=None).isoformat(), dt.fold, zone_to_data(dt.tzinfo)]


def datetime_from_data(data: Any) -> datetime | None:
    if data is None:
        return None
    check(type(data) is list and len(data) == 3)
    text, fold, zone = data
    check(type(text) is str and len(text) < 64 and fold in (0, 1) and type(fold) is int)
    from datetime import datetime

    try:
        naive = datetime.fromisoformat(text)
    except ValueError as exc:
        raise Miss from exc
    check(naive.tzinfo is None)
    return naive.replace(tzinfo=zone_from_data(zone), fold=fold)
