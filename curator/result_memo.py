"""The answer of an unchanged workspace, kept: ``analyze --json`` and ``decide`` read one file.

An analysis is a function of the files it reads (``curator.toml``, the inbox, the living docs,
the cards), the settings, the window and this build of curator; the decisions are not among
them.  So each answer is stored under a key made of all of those: the stamps (size, mtime,
ctime) of every file in those folders, taken *before* the analysis reads them, plus the
settings and the resolved window.  A file that changed, appeared or vanished since gives
another key, a miss, and a full analysis.  The scan costs one ``stat`` per file, a small part
of reading them.

Stored only when every stamp has settled (see :func:`curator.stamps.settled`): a file written
within a clock tick of the scan could change again without its stamp moving.  Each answer is
a cache file of :mod:`curator.persist` in ``.curator/`` (so untrusted input, checked like the
index cache): the JSON document as ``analyze --json`` prints it, and the table ``decide``
resolves a key with (each increment's id, title, aliases and suggested section).  The newest
:data:`KEEP` answers are kept.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from curator import stamps
from curator.persist import Blobs, code_fingerprint, read_cache, write_cache
from curator.statedir import state_dir

if TYPE_CHECKING:
    from curator.config import Config
    from curator.models import Window
    from curator.workspace import Layout

KIND = "analysis-result"
ROWS_KIND = "analysis-key-table"
SCHEMA = 1
"""Bumped by hand when an entry's layout changes; the code fingerprint catches the rest."""
KEEP = 8
"""Files kept (answers and key tables of the evening, the whole corpus, a colleague's
window...); older ones go."""
PREFIX = "result-"
SUFFIX = ".cache"
UNSETTLED = "unsettled"


@dataclass
class Scan:
    """The stamps of every input file and folder, and whether all of them can be trusted next
    time."""

    digest: str
    """Of every file's stamp (the folders' are left out: an editor's swap file moves them)."""
    settled: bool
    stamps: dict[str, str]
    """File path → its stamp ("size mtime ctime", or "gone")."""
    folders: dict[str, str]
    """Folder path → its stamp ("inode mtime ctime"): moves when an entry comes, goes or is
    renamed."""


@dataclass
class KeyRow:
    """What ``decide`` needs of one increment: its id, title, aliases, suggested section."""

    id: str
    title: str
    aliases: list[str]
    section: str | None


@dataclass
class Answer:
    """A stored answer: what ``analyze`` prints (UTF-8 bytes, newline-terminated), in the pieces
    it was encoded in (a large document is never one string and one copy of it at once)."""

    parts: list[bytes]


def _text(sig: stamps.Sig | None) -> str:
    """A stamp as a kept table holds it ("gone" for a file that is not there)."""
    return " ".join(map(str, sig)) if sig is not None else "gone"


def _walk(top: str, found: Scan, now: int) -> None:
    """Stamp every file and folder under *top* into *found* (hidden names and linked folders
    skipped, as the readers skip them); a stamp that has not settled unsettles *found*."""
    todo = [top]
    while todo:
        folder = todo.pop()
        try:
            sig = stamps.dir_sig_of(os.stat(folder))
            with os.scandir(folder) as it:
                entries = list(it)
        except OSError as exc:
            found.folders[folder] = f"error {exc.errno}"
            continue
        found.folders[folder] = _text(sig)
        found.settled = found.settled and stamps.settled(sig, now)
        for entry in entries:
            if entry.name.startswith("."):
                continue
            try:
                if entry.is_dir(follow_symlinks=False):
                    todo.append(entry.path)
                    continue
                # a linked file counts by its target, as the readers read it
                sig = stamps.sig_of(entry.stat())
            except OSError:
                found.stamps[entry.path] = "gone"
                continue
            found.stamps[entry.path] = _text(sig)
            if not stamps.settled(sig, now):
                found.settled = False


def scan(cfg: Config, lay: Layout) -> Scan:
    """Stamps of ``curator.toml`` and of every file and folder under the inbox, the docs and the
    cards."""
    now = stamps.now_ns()
    found = Scan("", True, {}, {})
    config = os.path.join(cfg.root, "curator.toml")
    sig = stamps.file_sig(config)
    found.stamps[config] = _text(sig)
    found.settled = stamps.settled(sig, now)
    for folder in dict.fromkeys(os.fspath(f) for f in (lay.inbox, lay.knowledge, lay.cards)):
        _walk(folder, found, now)
    lines = sorted(f"{path}\0{stamp}" for path, stamp in found.stamps.items())
    lines += sorted(f"{path}\0folder" for path in found.folders)
    text = "\n".join(lines).encode("utf-8", "surrogatepass")
    found.digest = hashlib.blake2b(text, digest_size=20).hexdigest()
    return found


def unchanged(files: dict[str, str], folders: dict[str, str]) -> bool:
    """Whether every file and folder still has the stamp :func:`scan` gave it (a ``stat`` each)."""
    return all(_text(stamps.file_sig(p)) == t for p, t in files.items()) and all(
        _text(stamps.dir_sig(p)) == t for p, t in folders.items()
    )


def settings_text(cfg: Config) -> str:
    """The settings an analysis reads, as text (the keymap and the problems said are not)."""
    parts = [
        f"{f.name}={getattr(cfg, f.name)!r}"
        for f in fields(cfg)
        if f.name not in ("keymap", "problems", "tz")
    ]
    parts.append(f"zone={cfg.zone!s}")
    parts.append(f"editor_name={cfg.editor_name}")
    return "\n".join(parts)


def answer_key(cfg: Config, topic: str, window: Window, mode: str, files: Scan | None) -> str:
    """The name of the answer for these files, settings, topic, window and *mode* (which notes
    are split); without *files*, the name of the window's key table (checked on its own)."""
    text = "\n".join(
        [
            f"schema {SCHEMA}",
            settings_text(cfg),
            f"topic={topic}",
            f"since={window.since.isoformat()}",
            f"until={window.until.isoformat()}",
            f"mode={mode}",
            f"files={files.digest}" if files is not None else "key table",
        ]
    )
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=20).hexdigest()


def _path(root: Path, key: str) -> Path:
    return Path(state_dir(root)) / f"{PREFIX}{key}{SUFFIX}"


def _version() -> str:
    return f"{SCHEMA}-{code_fingerprint()}"


def _rows(data: Any) -> list[KeyRow] | None:
    """The rows of a key table, or None when they are not what :func:`store_rows` writes."""
    if type(data) is not dict or type(data.get("rows")) is not list:
        return None
    rows: list[KeyRow] = []
    for r in data["rows"]:
        if not (
            type(r) is list
            and len(r) == 4
            and type(r[0]) is str
            and type(r[1]) is str
            and type(r[2]) is list
            and all(type(a) is str for a in r[2])
            and (r[3] is None or type(r[3]) is str)
        ):
            return None
        rows.append(KeyRow(r[0], r[1], list(r[2]), r[3]))
    return rows


def load(root: Path, key: str, problems: list[str] | None = None) -> Answer | None:
    """The stored answer named *key*, or None (absent, another build's, damaged, not ours)."""
    got = read_cache(_path(root, key), KIND, _version(), problems)
    if got is None:
        return None
    data, blobs = got
    ref = data.get("document") if type(data) is dict else None
    if type(ref) is not list or len(ref) != 2:
        return None
    off, n = ref
    if not (type(off) is int and type(n) is int and 0 <= off and 0 < n and off + n <= len(blobs)):
        return None
    document = bytes(blobs[off : off + n])
    if data.get("digest") != _digest([document]):
        return None  # damaged: a document is printed only as it was written
    return Answer([document])


def digester() -> Any:
    """What a kept document's digest is taken with: ``update`` it with each part."""
    return hashlib.blake2b(digest_size=16)


def _digest(parts: list[bytes]) -> str:
    h = digester()
    for part in parts:
        h.update(part)
    return h.hexdigest()


def store(root: Path, key: str, answer: Answer, problems: list[str] | None = None) -> bool:
    """Keep *answer* under *key* (atomically), dropping all but the newest :data:`KEEP`."""
    size = sum(len(part) for part in answer.parts)
    return store_stream(root, key, answer.parts, _digest(answer.parts), size, problems)


def store_stream(
    root: Path,
    key: str,
    parts: Iterable[bytes],
    digest: str,
    size: int,
    problems: list[str] | None = None,
) -> bool:
    """:func:`store` of a document whose *parts* are read once as the file is written (made
    again, not held: a large document is printed first), with the *digest*
    (:func:`digester`) and *size* taken as it was printed."""
    blobs = Blobs()
    blobs.stream = parts
    data = {"document": [0, size], "digest": digest}
    if not write_cache(root, _path(root, key), KIND, _version(), data, blobs, problems):
        return False
    _prune(Path(state_dir(root)))
    return True


def _prune(folder: Path) -> None:
    """All but the newest :data:`KEEP` answers removed (a lost race only removes a cache)."""
    try:
        with os.scandir(folder) as it:
            found = [
                (e.stat(follow_symlinks=False).st_mtime_ns, e.path)
                for e in it
                if e.name.startswith(PREFIX) and e.name.endswith(SUFFIX)
            ]
    except OSError:
        return
    found.sort(reverse=True)
    for _mtime, path in found[KEEP:]:
        try:
            os.unlink(path)
        except OSError:
            pass


@dataclass
class KeyTable:
    """The window's key table, and the stamps that say it still holds: every folder (a note
    added, removed or renamed moves one) and the files its rows come from (``curator.toml``, the
    docs, the window's notes)."""

    rows: list[KeyRow]
    files: dict[str, str]
    folders: dict[str, str]


def _stamps(data: Any) -> dict[str, str] | None:
    if type(data) is not dict or not all(
        type(k) is str and type(v) is str for k, v in data.items()
    ):
        return None
    return dict(data)


def store_rows(root: Path, key: str, table: KeyTable, problems: list[str] | None = None) -> bool:
    """Keep the window's key table under *key* (atomically)."""
    data = {
        "files": table.files,
        "folders": table.folders,
        "rows": [[r.id, r.title, r.aliases, r.section] for r in table.rows],
    }
    if not write_cache(root, _path(root, key), ROWS_KIND, _version(), data, None, problems):
        return False
    _prune(Path(state_dir(root)))
    return True


def load_rows(root: Path, key: str) -> KeyTable | None:
    """The key table kept under *key* when none of its files and folders changed since; else
    None."""
    got = read_cache(_path(root, key), ROWS_KIND, _version())
    if got is None or type(got[0]) is not dict:
        return None
    data = got[0]
    rows, files, folders = _rows(data), _stamps(data.get("files")), _stamps(data.get("folders"))
    if rows is None or files is None or folders is None or not unchanged(files, folders):
        return None
    return KeyTable(rows, files, folders)
