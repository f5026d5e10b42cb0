"""Big regexes compiled once per machine and Python, not once per run.

Why: the phrase tables become alternations of thousands of characters, and Python's regex
compiler is written in Python: a cold evening spent ~0.3 s compiling them before the triage
screen could show its first rows. What the compiler makes is a program for the regex engine (a
list of integers); it is kept here in the user's cache folder (platformdirs'; on Linux
``$XDG_CACHE_HOME/curator``, else ``~/.cache/curator``), keyed by the exact source and flags,
in a file named for the interpreter's version and the engine's magic number. Loading them back
costs a tenth of compiling them or less. What a slow parse of a source tells (see
:func:`remembered`: the words every match needs, its first characters) is kept beside them.

Trusted as far as Python's own bytecode cache is: the file is the user's (read only when owned by
them and writable by no one else, never through a link, never from a workspace), plain JSON
checked for type as it is read, and the engine checks every program it is given, refusing an
invalid one (the source is then compiled afresh). Anything amiss (an unreadable folder, another
Python whose compiler works otherwise) means compiling as ``re.compile`` does;
``CURATOR_REGEX_CACHE=off`` turns the file off.
"""

from __future__ import annotations

import _thread
import contextlib
import os
import re
import sys

TYPE_CHECKING = False  # not typing's: `curator lookup` imports this module, and typing is 6 ms
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    Facts = dict[tuple[str, str, str], Any]

try:  # the engine's own entry point, and the compiler's: both are CPython's
    import _sre  # type: ignore[import-not-found]
    from re import _compiler, _parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - another Python: compile as re.compile does
    _sre = _compiler = _parser = None


MIN_SOURCE = 60
"""Shorter sources compile in well under a millisecond: not worth a line in the file."""

MAX_BYTES = 1_500_000
"""What the file may hold (sources, packed programs, facts) beyond what the latest run used,
kept most recently used first: sources that embed a workspace's names (its people, its topics)
differ from one workspace to the next, and the file must stay fast to read (one workspace's is
~0.6 MB, read in ~5 ms; a pattern is unpacked in ~0.1 ms when it is asked for)."""

MAX_PROGRAM = 1 << 26
"""The largest program unpacked (bytes): the biggest the phrase tables make is ~0.2 MB."""

FORMAT = 2

ENV = "CURATOR_REGEX_CACHE"

_CODE_SIZES = {2: "H", 4: "I", 8: "Q"}
"""``array`` type codes by the engine's ``CODESIZE`` (their usual sizes; checked when used)."""
_CODE = _CODE_SIZES.get(getattr(_sre, "CODESIZE", 0))
"""The ``array`` type of a program's integers (None: this Python has no ``_sre``)."""

Entry = tuple[int, str, int, dict[str, int], tuple[str | None, ...]]
"""(final flags, program, groups, group index, index group): what ``_sre.compile`` takes, the
program packed (an ``array`` of ``_CODE``, deflated, in base64: a list holds ~36 bytes an
integer, this ~0.5) and unpacked only when its pattern is asked for."""


class _Store:
    """The programs known to this process, read from the file on first use."""

    def __init__(self) -> None:
        self.lock = _thread.allocate_lock()  # not threading: `curator lookup` imports this
        self.path: str | None = None
        self.loaded = False
        self.entries: dict[tuple[str, int], Entry] = {}
        self.used: set[tuple[str, int]] = set()
        self.days: dict[tuple[Any, ...], int] = {}
        """When (days since 1970) each entry and fact was last used, as the file says."""
        self.dirty = False
        self.patterns: dict[tuple[str, int], re.Pattern[str]] = {}
        self.facts: dict[tuple[str, str, str], Any] = {}
        """(kind, version, source) -> what a parse of the source told (see :func:`remembered`)."""
        self.facts_used: set[tuple[str, str, str]] = set()


_store = _Store()


def compile(source: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:  # noqa: A001
    """``re.compile(source, flags)``, from the cache file when it holds *source*."""
    flags = int(flags)
    if len(source) < MIN_SOURCE or _CODE is None or os.environ.get(ENV) == "off":
        return re.compile(source, flags)
    key = (source, flags)
    hit = _store.patterns.get(key)
    if hit is not None:
        return hit
    with _store.lock:
        if not _store.loaded:
            _load(_store)
        entry = _store.entries.get(key)
        rx = _from_entry(source, entry, _unpack(entry[1])) if entry is not None else None
        if rx is None:
            rx, entry = _fresh(source, flags)
            if entry is not None:
                _store.entries[key] = entry
                _mark_dirty()
        _store.used.add(key)
        _store.patterns[key] = rx
        return rx


def remembered(
    kind: str, version: str, source: str, make: Callable[[], Any], valid: Callable[[Any], bool]
) -> Any:
    """``make()``, a fact about *source* (plain JSON data) that only a slow parse tells, kept in
    the same file: *version* names the code that made it (a fact of other code is never used),
    *valid* checks one read back (else it is made again)."""
    if os.environ.get(ENV) == "off" or _CODE is None:
        return make()
    key = (kind, version, source)
    with _store.lock:
        if not _store.loaded:
            _load(_store)
        if key in _store.facts and valid(_store.facts[key]):
            _store.facts_used.add(key)
            return _store.facts[key]
    value = make()  # outside the lock: the parse may compile (and so ask for the lock)
    with _store.lock:
        _store.facts[key] = value
        _store.facts_used.add(key)
        _mark_dirty()
    return value


def file_version(path: str) -> str:
    """A module's file as the import system tells it apart (size and modification time): the
    *version* of the facts its code makes."""
    try:
        st = os.stat(path)
    except OSError:
        return "?"
    return f"{os.path.basename(path)}:{st.st_size}:{st.st_mtime_ns}"


def _mark_dirty() -> None:
    if not _store.dirty:
        import atexit

        _store.dirty = True
        atexit.register(save)


def cache_file() -> str | None:
    """Where this interpreter's programs are kept (None: nowhere)."""
    if os.environ.get(ENV) == "off" or _CODE is None:
        return None
    try:
        from platformdirs import user_cache_dir  # only when the file is first read

        base = user_cache_dir("curator", appauthor=False)
    except Exception:  # no home to speak of: nowhere
        return None
    if not os.path.isabs(base):
        return None
    tag = f"{sys.implementation.name}-{sys.version_info[0]}.{sys.version_info[1]}-{_sre.MAGIC}"
    return os.path.join(base, f"regex-{tag}.json")


SAVE_WAIT = 2.0
"""Seconds a save waits for another process's (a write takes milliseconds); then it gives up:
the programs stay unsaved, which only makes a next start slower."""


def save() -> None:
    """Write the programs compiled in this process (with those another process wrote meanwhile);
    never raises: a cache that cannot be written is only a slower next start.

    The read, merge and write hold ``<file>.lock``: the UI and the processes it starts beside
    it save into the same file, and two merges interleaved would drop what the first wrote.
    That lock is waited for before this process's own: a compile in another thread never waits
    behind another process."""
    path = _store.path
    if not _store.dirty or path is None:
        return
    import fcntl

    from curator.statedir import open_nofollow, wait_for_flock

    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        fd = open_nofollow(path + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return
    try:
        if wait_for_flock(fd, fcntl.LOCK_EX, SAVE_WAIT):
            with _store.lock:
                if _store.dirty:  # another thread may have saved meanwhile
                    _merge_and_write(path)
    except OSError:
        return
    finally:
        os.close(fd)  # the lock goes with it


def _merge_and_write(path: str) -> None:
    """The file again: this run's programs and facts, then what it held, within its size."""
    import json
    import time

    on_disk, disk_facts, days = _read(path)
    today = int(time.time() // 86400)
    days.update(_store.days)
    now = {*_store.used, *_store.facts_used}
    days.update(dict.fromkeys(now, today))
    rows: list[tuple[bool, int, list[Any]]] = [
        (k in now, days.get(k, 0), [*_to_data(k, v), days.get(k, 0)])
        for k, v in {**on_disk, **_store.entries}.items()
    ]
    rows += [
        (k in now, days.get(k, 0), [*k, v, days.get(k, 0)])
        for k, v in {**disk_facts, **_store.facts}.items()
    ]
    rows.sort(key=lambda r: (not r[0], -r[1]))  # this run's, then the most recently used
    kept, size = [], 0
    for this_run, _day, row in rows:
        size += sum(len(x) if type(x) is str else _size(x) for x in row)
        if size > MAX_BYTES and not this_run:
            break
        kept.append(row)
    data = json.dumps(
        {
            "version": FORMAT,
            "entries": [r for r in kept if len(r) == 8],
            "facts": [r for r in kept if len(r) == 5],
        },
        ensure_ascii=False,
    ).encode("utf-8")
    from curator.atomic import atomic_write_bytes

    atomic_write_bytes(path, data, mode=0o600)
    _store.dirty = False


def _size(v: Any) -> int:
    """About what a fact's value takes in the file (a table of phrases is ~0.3 MB)."""
    if type(v) is str:
        return len(v)
    if type(v) is list:
        return sum(map(_size, v)) + len(v)
    if type(v) is dict:
        return sum(len(k) + _size(x) for k, x in v.items())
    return 8


def _load(store: _Store) -> None:
    store.loaded = True
    store.path = cache_file()
    if store.path is not None:
        store.entries, store.facts, store.days = _read(store.path)


def _read(path: str) -> tuple[dict[tuple[str, int], Entry], Facts, dict[tuple[Any, ...], int]]:
    """The file's programs and facts, and when each was last used; nothing when it is missing,
    unreadable or malformed."""
    import json

    from curator.statedir import read_own

    try:
        raw = read_own(path)  # never through a link, never a FIFO
        if raw is None:
            return {}, {}, {}  # another user's, or theirs to change: compiled afresh
        doc = json.loads(raw)
        _check(type(doc) is dict and doc.get("version") == FORMAT)
        _check(type(doc["entries"]) is list and type(doc["facts"]) is list)
        facts: Facts = {}
        days: dict[tuple[Any, ...], int] = {}
        for row in doc["facts"]:
            _check(type(row) is list and len(row) == 5 and type(row[4]) is int)
            _check(all(type(x) is str for x in row[:3]))
            facts[(row[0], row[1], row[2])] = row[3]
            days[(row[0], row[1], row[2])] = row[4]
        entries = {}
        for row in doc["entries"]:
            _check(type(row) is list and len(row) == 8 and type(row[7]) is int)
            key, entry = _from_data(row[:7])
            entries[key] = entry
            days[key] = row[7]
        return entries, facts, days
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return {}, {}, {}


def _to_data(key: tuple[str, int], e: Entry) -> list[Any]:
    return [key[0], key[1], e[0], e[1], e[2], e[3], list(e[4])]


def _check(ok: bool) -> None:
    if not ok:
        raise ValueError("malformed regex cache entry")


def _from_data(row: Any) -> tuple[tuple[str, int], Entry]:
    _check(type(row) is list and len(row) == 7)
    source, flags, final, code, groups, gindex, igroup = row
    _check(type(source) is str and type(flags) is int and type(final) is int)
    _check(type(code) is str and type(groups) is int and type(gindex) is dict)
    _check(all(type(k) is str and type(v) is int for k, v in gindex.items()))
    _check(type(igroup) is list and all(g is None or type(g) is str for g in igroup))
    program = code  # unpacked (and checked) when its pattern is asked for
    return (source, flags), (final, program, groups, gindex, tuple(igroup))


def _pack(program: list[int]) -> str:
    import array
    import base64
    import zlib

    return base64.b64encode(zlib.compress(array.array(_CODE or "I", program).tobytes(), 1)).decode(
        "ascii"
    )


def _unpack(packed: str) -> list[int] | None:
    """The program :func:`_pack` packed; None when it is not one (the engine checks the rest)."""
    import array  # C modules: loaded with the file, not with this one (`curator lookup`)
    import base64
    import binascii
    import zlib

    try:
        inflate = zlib.decompressobj()
        raw = inflate.decompress(base64.b64decode(packed, validate=True), MAX_PROGRAM)
        if inflate.unconsumed_tail or not inflate.eof:
            return None  # larger than any program, or cut short
        codes = array.array(_CODE or "I")
        if codes.itemsize != _sre.CODESIZE:
            return None  # a platform whose C types are sized otherwise: compiled afresh
        codes.frombytes(raw)
    except (ValueError, zlib.error, binascii.Error):  # not a whole number of integers, ...
        return None
    return codes.tolist()


def _from_entry(source: str, e: Entry, program: list[int] | None) -> re.Pattern[str] | None:
    """The engine's pattern for a stored program; None when the engine refuses it."""
    if program is None:
        return None
    try:
        rx: re.Pattern[str] = _sre.compile(source, e[0], program, e[2], e[3], e[4])
    except (RuntimeError, TypeError, ValueError, OverflowError):
        return None
    return rx


def _fresh(source: str, flags: int) -> tuple[re.Pattern[str], Entry | None]:
    """Compiled as ``re._compiler.compile`` does, keeping its program (None when this Python's
    compiler is not shaped so: then plainly)."""
    with contextlib.suppress(AttributeError, TypeError, OverflowError):
        tree = _parser.parse(source, flags)

        program = [int(c) for c in _compiler._code(tree, flags)]
        gindex = dict(tree.state.groupdict)
        igroup: list[str | None] = [None] * tree.state.groups
        for name, i in gindex.items():
            igroup[i] = name
        entry: Entry = (
            flags | tree.state.flags,
            _pack(program),
            tree.state.groups - 1,
            gindex,
            tuple(igroup),
        )
        rx = _from_entry(source, entry, program)
        if rx is not None:
            return rx, entry
    return re.compile(source, flags), None
