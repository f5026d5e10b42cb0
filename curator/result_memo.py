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
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from curator import stamps
from curator.persist import Blobs, code_fingerprint, read_cache, write_cache
from curator.stamps import SETTLE_NS
from curator.statedir import state_dir

if TYPE_CHECKING:
    from curator.config import Config
    from curator.models import Window
    from curator.workspace import Layout

KIND = "analysis-result"
SCHEMA = 1
"""Bumped by hand when an entry's layout changes; the code fingerprint catches the rest."""
KEEP = 4
"""Answers kept (the evening's, the whole corpus', a colleague's window...); older ones go."""
PREFIX = "result-"
SUFFIX = ".cache"
UNSETTLED = "unsettled"


@dataclass
class Scan:
    """The stamps of every input file, and whether all of them can be trusted next time."""

    digest: str
    settled: bool
    files: int


@dataclass
class KeyRow:
    """What ``decide`` needs of one increment: its id, title, aliases, suggested section."""

    id: str
    title: str
    aliases: list[str]
    section: str | None


@dataclass
class Answer:
    """A stored answer: the JSON document (UTF-8 bytes, newline-terminated) and the key table."""

    document: bytes
    rows: list[KeyRow]


def _walk(top: str, out: list[str], now: int) -> bool:
    """Append ``rel size mtime ctime`` of every file under *top* (hidden names and linked folders
    skipped, as the readers skip them); False when a stamp has not settled."""
    settled = True
    todo = [top]
    while todo:
        folder = todo.pop()
        try:
            with os.scandir(folder) as it:
                entries = list(it)
        except OSError as exc:
            out.append(f"{folder}\0error {exc.errno}")
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            try:
                if entry.is_dir(follow_symlinks=False):
                    todo.append(entry.path)
                    continue
                st = entry.stat()  # a linked file counts by its target, as the readers read it
            except OSError:
                out.append(f"{entry.path}\0gone")
                continue
            out.append(f"{entry.path}\0{st.st_size} {st.st_mtime_ns} {st.st_ctime_ns}")
            if abs(now - st.st_mtime_ns) < SETTLE_NS or abs(now - st.st_ctime_ns) < SETTLE_NS:
                settled = False
    return settled


def scan(cfg: Config, lay: Layout) -> Scan:
    """Stamps of ``curator.toml`` and of every file under the inbox, the docs and the cards."""
    now = stamps.now_ns()
    lines: list[str] = []
    settled = True
    config = os.path.join(cfg.root, "curator.toml")
    try:
        st = os.stat(config)
        lines.append(f"{config}\0{st.st_size} {st.st_mtime_ns} {st.st_ctime_ns}")
        settled = abs(now - st.st_mtime_ns) >= SETTLE_NS and abs(now - st.st_ctime_ns) >= SETTLE_NS
    except OSError:
        lines.append(f"{config}\0absent")
    seen: set[str] = set()
    for folder in (lay.inbox, lay.knowledge, lay.cards):
        top = os.fspath(folder)
        if top in seen:
            continue
        seen.add(top)
        lines.append(f"{top}\0folder")
        settled = _walk(top, lines, now) and settled
    lines.sort()
    digest = hashlib.blake2b("\n".join(lines).encode("utf-8", "surrogatepass"), digest_size=20)
    return Scan(digest.hexdigest(), settled, len(lines))


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


def answer_key(cfg: Config, topic: str, window: Window, mode: str, files: Scan) -> str:
    """The name of the answer for these files, settings, topic, window and *mode* (which notes
    are split)."""
    text = "\n".join(
        [
            f"schema {SCHEMA}",
            settings_text(cfg),
            f"topic={topic}",
            f"since={window.since.isoformat()}",
            f"until={window.until.isoformat()}",
            f"mode={mode}",
            f"files={files.digest}",
        ]
    )
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=20).hexdigest()


def _path(root: Path, key: str) -> Path:
    return Path(state_dir(root)) / f"{PREFIX}{key}{SUFFIX}"


def _version() -> str:
    return f"{SCHEMA}-{code_fingerprint()}"


def _rows(data: Any) -> list[KeyRow] | None:
    """The key table of an entry, or None when it is not what :func:`store` writes."""
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
    rows = _rows(data)
    ref = data.get("document") if type(data) is dict else None
    if rows is None or type(ref) is not list or len(ref) != 2:
        return None
    off, n = ref
    if not (type(off) is int and type(n) is int and 0 <= off and 0 < n and off + n <= len(blobs)):
        return None
    document = bytes(blobs[off : off + n])
    if data.get("digest") != _digest(document):
        return None  # damaged: a document is printed only as it was written
    return Answer(document, rows)


def _digest(document: bytes) -> str:
    return hashlib.blake2b(document, digest_size=16).hexdigest()


def store(root: Path, key: str, answer: Answer, problems: list[str] | None = None) -> bool:
    """Keep *answer* under *key* (atomically), dropping all but the newest :data:`KEEP`."""
    blobs = Blobs()
    data = {
        "document": blobs.add(answer.document),
        "digest": _digest(answer.document),
        "rows": [[r.id, r.title, r.aliases, r.section] for r in answer.rows],
    }
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
