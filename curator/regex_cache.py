"""Big regexes compiled once per machine and Python, not once per run.

Why: the phrase tables become alternations of thousands of characters, and Python's regex
compiler is written in Python: a cold evening spent ~0.3 s compiling them before the triage
screen could show its first rows. What the compiler makes is a program for the regex engine (a
list of integers); it is kept here in the user's cache folder (platformdirs'; on Linux
``$XDG_CACHE_HOME/curator``, else ``~/.cache/curator``), keyed by the exact source and flags,
in a file named for the interpreter's version and the engine's magic number. Loading them back
costs a tenth of compiling them. What a slow parse of a source tells (see :func:`remembered`:
the words every match needs, its first characters) is kept beside them.

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

MAX_ENTRIES = 2000
"""Beyond this, only the patterns the latest run used are kept (sources that embed a
workspace's names come and go)."""

ENV = "CURATOR_REGEX_CACHE"

_CODE_SIZES = {2: "H", 4: "I", 8: "Q"}
"""``array`` type codes by the engine's ``CODESIZE`` (their usual sizes; checked when used)."""
_CODE = _CODE_SIZES.get(getattr(_sre, "CODESIZE", 0))
"""The ``array`` type of a program's integers (None: this Python has no ``_sre``)."""

Entry = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]
"""(final flags, program, groups, group index, index group): what ``_sre.compile`` takes, the
program packed (an ``array`` of ``_CODE``: 4 bytes an integer where a list holds ~36)."""


class _Store:
    """The programs known to this process, read from the file on first use."""

    def __init__(self) -> None:
        self.lock = _thread.allocate_lock()  # not threading: `curator lookup` imports this
        self.path: str | None = None
        self.loaded = False
        self.entries: dict[tuple[str, int], Entry] = {}
        self.used: set[tuple[str, int]] = set()
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


def save() -> None:
    """Write the programs compiled in this process (with those another process wrote meanwhile);
    never raises: a cache that cannot be written is only a slower next start."""
    with _store.lock:
        if not _store.dirty or _store.path is None:
            return
        path = _store.path
        on_disk, disk_facts = _read(path)
        merged = {**on_disk, **_store.entries}
        if len(merged) > MAX_ENTRIES:
            merged = {k: v for k, v in merged.items() if k in _store.used}
        facts = {**disk_facts, **_store.facts}
        if len(facts) > MAX_ENTRIES:
            facts = {k: v for k, v in facts.items() if k in _store.facts_used}
        import json

        data = json.dumps(
            {
                "version": 1,
                "entries": [_to_data(k, v) for k, v in merged.items()],
                "facts": [[*k, v] for k, v in facts.items()],
            },
            ensure_ascii=False,
        ).encode("utf-8")
        try:
            from curator.atomic import atomic_write_bytes

            os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
            atomic_write_bytes(path, data, mode=0o600)
        except OSError:
            return
        _store.dirty = False


def _load(store: _Store) -> None:
    store.loaded = True
    store.path = cache_file()
    if store.path is not None:
        store.entries, store.facts = _read(store.path)


def _read(path: str) -> tuple[dict[tuple[str, int], Entry], Facts]:
    """The file's programs and facts; nothing when it is missing, unreadable or malformed."""
    import json

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as f:
            st = os.fstat(f.fileno())
            if st.st_mode & 0o022 or st.st_uid != os.getuid():
                return {}, {}  # another user's, or theirs to change: compiled afresh
            doc = json.loads(f.read())
        _check(type(doc) is dict and doc.get("version") == 1)
        _check(type(doc["entries"]) is list and type(doc["facts"]) is list)
        facts = {}
        for row in doc["facts"]:
            _check(type(row) is list and len(row) == 4 and all(type(x) is str for x in row[:3]))
            facts[(row[0], row[1], row[2])] = row[3]
        return dict(_from_data(row) for row in doc["entries"]), facts
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return {}, {}


def _to_data(key: tuple[str, int], e: Entry) -> list[Any]:
    import base64

    code = base64.b64encode(e[1]).decode("ascii")
    return [key[0], key[1], e[0], code, e[2], e[3], list(e[4])]


def _check(ok: bool) -> None:
    if not ok:
        raise ValueError("malformed regex cache entry")


def _from_data(row: Any) -> tuple[tuple[str, int], Entry]:
    import base64

    _check(type(row) is list and len(row) == 7)
    source, flags, final, code, groups, gindex, igroup = row
    _check(type(source) is str and type(flags) is int and type(final) is int)
    _check(type(code) is str and type(groups) is int and type(gindex) is dict)
    _check(all(type(k) is str and type(v) is int for k, v in gindex.items()))
    _check(type(igroup) is list and all(g is None or type(g) is str for g in igroup))
    program = base64.b64decode(code, validate=True)
    return (source, flags), (final, program, groups, gindex, tuple(igroup))


def _unpack(program: bytes) -> list[int] | None:
    import array  # a C module: loaded with the file, not with this one (`curator lookup`)

    try:
        codes = array.array(_CODE or "I")
        if codes.itemsize != _sre.CODESIZE:
            return None  # a platform whose C types are sized otherwise: compiled afresh
        codes.frombytes(program)
    except ValueError:  # not a whole number of integers
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
        import array

        program = [int(c) for c in _compiler._code(tree, flags)]
        gindex = dict(tree.state.groupdict)
        igroup: list[str | None] = [None] * tree.state.groups
        for name, i in gindex.items():
            igroup[i] = name
        entry: Entry = (
            flags | tree.state.flags,
            array.array(_CODE or "I", program).tobytes(),
            tree.state.groups - 1,
            gindex,
            tuple(igroup),
        )
        rx = _from_entry(source, entry, program)
        if rx is not None:
            return rx, entry
    return re.compile(source, flags), None
