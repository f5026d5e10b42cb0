"""The lookup index on disk (``.curator/lookup-index.cache``): its shards and the checks on what it
says.

The file is plain data (see :mod:`curator.persist`) and, like everything in a shared
workspace, untrusted: every value is checked on the way in and turned back into the
tuples the index compares; anything else raises :class:`~curator.persist.Miss` and
the index is rebuilt.  The per-key answers sit in shards, each a JSON blob decoded (and
checked) only when a query needs it, so a warm ``curator lookup`` decodes a few small
shards rather than every key of the workspace.

Light on purpose: a warm lookup imports this module, and none of the parsers.
"""

from __future__ import annotations

import os
from binascii import crc32
from collections.abc import Callable

from curator.persist import Blobs, Miss, blob, check, dumps, loads
from curator.stamps import Sig

TYPE_CHECKING = False
if TYPE_CHECKING:  # not at run time: typing costs ~2 ms of every `curator lookup`
    from typing import Any, TypeAlias

SHARDS = 64

Conv: TypeAlias = "Callable[[Any], Any]"


class Shards:
    """A str-keyed map stored as JSON shards; ``conv`` checks and converts one decoded value.

    Loading an index then keeps a few dozen blob references instead of one object per key
    (12,000 keys on L); a query decodes only the shard its key is in, and checks and converts
    only the value it asks for.  A long-lived index keeps the shards it opened.
    """

    __slots__ = ("refs", "blobs", "opened", "ready", "changed", "conv")

    def __init__(
        self, conv: Conv, refs: list[Any] | None = None, blobs: memoryview | bytes = b""
    ) -> None:
        self.conv = conv
        self.refs: list[Any] = refs if refs is not None else [None] * SHARDS
        """Per shard: None (empty), ``[offset, length]`` into ``blobs`` as read, or the bytes to
        write."""
        self.blobs = blobs
        self.opened: dict[int, dict[str, Any]] = {}
        self.ready: dict[int, set[str]] = {}
        """Keys of an opened shard whose values were checked and converted."""
        self.changed: set[int] = set()

    @classmethod
    def of(cls, conv: Conv, items: dict[str, Any]) -> Shards:
        new = cls(conv)
        for k, v in items.items():
            i = slot(k)
            new.opened.setdefault(i, {})[k] = v
            new.ready.setdefault(i, set()).add(k)
        new.changed.update(new.opened)
        return new

    def open_all(self) -> None:
        """Decode and check every shard now (a long-lived index: no first-touch cost on later
        queries)."""
        for i in range(SHARDS):
            d = self._shard(i)
            for k in d:
                self._value(i, d, k)

    def _shard(self, i: int) -> dict[str, Any]:
        d = self.opened.get(i)
        if d is None:
            ref = self.refs[i]
            d = {}
            if ref is not None:
                try:
                    d = loads(ref if type(ref) is bytes else blob(self.blobs, ref))
                except ValueError as exc:
                    raise Miss from exc
                check(type(d) is dict)
            self.opened[i] = d
        return d

    def _value(self, i: int, d: dict[str, Any], k: str) -> Any:
        ready = self.ready.setdefault(i, set())
        if k in ready:
            return d[k]
        v = d[k] = self.conv(d[k])
        ready.add(k)
        return v

    def get(self, k: str, default: Any = None) -> Any:
        i = slot(k)
        d = self._shard(i)
        return self._value(i, d, k) if k in d else default

    def set(self, k: str, v: Any) -> None:
        i = slot(k)
        self._shard(i)[k] = v
        self.ready.setdefault(i, set()).add(k)
        self.changed.add(i)

    def pop(self, k: str) -> None:
        i = slot(k)
        if self._shard(i).pop(k, None) is not None:
            self.ready.get(i, set()).discard(k)
            self.changed.add(i)

    def to_data(self, out: Blobs) -> list[list[int] | None]:
        """The shards as ``[offset, length]`` refs into ``out`` (unchanged ones as they were
        read)."""
        for i in self.changed:
            d = self.opened[i]
            self.refs[i] = dumps(d) if d else None
        self.changed.clear()
        return [
            None if r is None else out.add(r if type(r) is bytes else blob(self.blobs, r))
            for r in self.refs
        ]

    @classmethod
    def from_data(cls, conv: Conv, refs: Any, blobs: memoryview) -> Shards:
        """Shards as an index file names them (each checked when it is opened)."""
        check(
            type(refs) is list
            and len(refs) == SHARDS
            and set(map(type, refs)) <= {list, type(None)}
        )
        return cls(conv, refs, blobs)


def slot(k: str) -> int:
    """Shard of a key: the same in every process (``hash()`` of a str is not)."""
    return crc32(k.encode("utf-8", "surrogatepass")) % SHARDS


# --------------------------------------------------------------------------- checks


def _str(v: Any) -> str:
    check(type(v) is str)
    return v


def _opt_str(v: Any) -> str | None:
    check(v is None or type(v) is str)
    return v


def strs(v: Any) -> list[str]:
    check(type(v) is list and (not v or set(map(type, v)) == {str}))
    return v


def sig(v: Any) -> Sig | None:
    """A stamp as :mod:`curator.stamps` takes it (size or inode, mtime_ns, ctime_ns), or None."""
    if v is None:
        return None
    check(type(v) is list and len(v) == 3 and set(map(type, v)) == {int})
    return v[0], v[1], v[2]


def relative(v: Any) -> str:
    """A path inside the workspace, as the index keeps it (no absolute path, no ``..``)."""
    check(
        type(v) is str
        and v != ""
        and not os.path.isabs(v)
        and ".." not in v.replace("\\", "/").split("/")
    )
    return v


def anchors(v: Any) -> tuple[tuple[str, str, int, str | None, str], ...]:
    """A doc shard's value: where the doc has a key, as (section, title, line, date, name)."""
    check(type(v) is list)
    out = []
    for a in v:
        check(type(a) is list and len(a) == 5)
        section, title, line, date, name = a
        check(
            type(section) is str and type(title) is str and type(line) is int and type(name) is str
        )
        out.append((section, title, line, _opt_str(date), name))
    return tuple(out)


def postings(v: Any) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """A ``post`` shard's value: the notes naming a key, with its lines in each."""
    check(type(v) is list)
    out = []
    for e in v:
        check(type(e) is list and len(e) == 2 and type(e[0]) is str and type(e[1]) is list)
        lines = e[1]
        check(not lines or set(map(type, lines)) == {int})
        out.append((relative(e[0]), tuple(lines)))
    return tuple(out)


def note_meta(v: Any) -> tuple[str | None, str | None]:
    """A ``meta`` shard's value: (when the note was written, ISO; its briefing topic)."""
    check(type(v) is list and len(v) == 2)
    when, topic = _opt_str(v[0]), _opt_str(v[1])
    if when is not None:
        check(len(when) < 64)
    return when, topic


def keys(v: Any) -> tuple[str, ...]:
    """A ``keys`` shard's value: the "kind:key"s a note names."""
    return tuple(strs(v))


def env(v: Any) -> dict[str, Any] | None:
    """The snapshot of ``curator.toml`` and the layout (see
    :class:`curator.lookup_settings.Settings`)."""
    if v is None:
        return None
    check(type(v) is dict)
    names = {"toml", "kdir", "topic", "tz", "docs", "inbox", "cards", "knowledge", "window", "zone"}
    check(set(v) == names)
    docs = v["docs"]
    check(type(docs) is dict)
    window = v["window"]
    check(type(window) is list and len(window) == 3 and type(window[2]) in (int, float))
    return {
        "toml": sig(v["toml"]),
        "kdir": sig(v["kdir"]),
        "topic": _opt_str(v["topic"]),
        "tz": _str(v["tz"]),
        "docs": {_str(t): relative(rel) for t, rel in docs.items()},
        "inbox": relative(v["inbox"]),
        "cards": relative(v["cards"]),
        "knowledge": relative(v["knowledge"]),
        "window": window,
        "zone": v["zone"],  # decoded (and checked) when a note's time is compared
    }
