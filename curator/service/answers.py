"""An evening's answer, analysed once: `analyze` and `decide` on unchanged files reuse it.

The memo is :mod:`curator.result_memo`'s.  ``analyze`` keeps what it printed under a key made of
every input file's stamp, the settings and the window: a hit costs a ``stat`` per file and one
read.  ``decide`` needs less: which increment a key names, its title and suggested section.  The
window's *key table* is kept beside, checked by the stamps of every folder (a note added,
removed or renamed moves one) and of the files its rows come from (``curator.toml``, the docs,
the window's notes): a few dozen ``stat`` calls however large the workspace.  A key the table
does not name is looked for again in a fresh analysis.  ``--no-cache`` (an evening that is not
cached) neither reads nor writes any of it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING

from curator import result_memo
from curator.result_memo import Answer, KeyRow, KeyTable

if TYPE_CHECKING:
    from curator.models import Analysis
    from curator.result_memo import Scan
    from curator.service.evening import Evening

__all__ = [
    "FORMATS",
    "Answer",
    "KeyRow",
    "KeyTable",
    "Slot",
    "analysis_document",
    "key_rows",
    "key_table",
    "keep",
    "slot",
]

FORMATS = ("json", "text")
"""What ``analyze`` prints: the JSON document, or the summary for a reader (kept apart)."""


@dataclass
class Slot:
    """Where an evening's answers are kept: the key of this window and settings (``table``) and
    of these files too (``key``, None when not scanned); ``scan`` when every stamp settled."""

    table: str
    key: str | None
    scan: Scan | None


def slot(
    evening: Evening,
    topic: str | None,
    since: str | None,
    until: str | None,
    mode: str,
    *,
    scan: bool = True,
) -> Slot | None:
    """The memo slot for this window, its files scanned now (before anything is read) unless
    ``scan=False``; None when the evening is not cached.  Raises what the analysis would for a
    bad topic, folder or window."""
    from curator.statedir import state_problem

    if not evening.cached or state_problem(evening.root) is not None:
        return None  # no cache, or a .curator that is a link (the index cache says so)
    from curator.config import window_bounds
    from curator.models import Window
    from curator.workspace import choose_topic, layout

    cfg = evening.config
    lay = layout(cfg)
    chosen = choose_topic(cfg, lay, topic)
    window = Window(*window_bounds(cfg, since, until))
    table = result_memo.answer_key(cfg, chosen, window, mode, None)
    if not scan:
        return Slot(table, None, None)
    files = result_memo.scan(cfg, lay)
    key = result_memo.answer_key(cfg, chosen, window, mode, files)
    return Slot(table, key, files if files.settled else None)


def key_rows(analysis: Analysis) -> list[KeyRow]:
    """What ``decide`` resolves a key with, for each increment of *analysis*."""
    from curator.triage import aliases

    return [
        KeyRow(
            inc.id,
            inc.title,
            aliases(inc),
            inc.suggested_sections[0].section if inc.suggested_sections else None,
        )
        for inc in analysis.increments
    ]


def document_of(analysis: Analysis, fmt: str) -> Iterator[bytes]:
    """What ``analyze`` prints for *analysis* in *fmt*, as UTF-8 in pieces, each made as it is
    asked for: the ``--json`` document (one line and a newline) or the summary."""
    if fmt == "json":
        from curator.service.jsondoc import encoding
        from curator.service.report import analysis_json

        return encoding(analysis_json(analysis, lazy=True))
    from curator.service.report import summary_text

    return iter([(summary_text(analysis) + "\n").encode("utf-8", "surrogatepass")])


def _keepable(where: Slot | None) -> bool:
    return where is not None and where.scan is not None and where.key is not None


def keep(
    evening: Evening,
    where: Slot | None,
    analysis: Analysis,
    fmt: str | None,
    printed: tuple[str, int] | None = None,
    copy: IO[bytes] | None = None,
) -> None:
    """Keep *analysis*'s answer in *fmt* (None: only its key table) in *where*, when every stamp
    of the scan before it settled.  ``printed``: the digest (:func:`result_memo.digester`) and
    size of the document as it was printed; it is then read back from ``copy`` (a file it was
    copied into as it was printed) or made again as it is written, never held."""
    if where is None or where.scan is None or where.key is None:
        return
    if fmt is not None:
        key = f"{where.key}-{fmt}"
        if printed is None:
            result_memo.store(evening.root, key, Answer(list(document_of(analysis, fmt))))
        else:
            parts = _read_back(copy) if copy is not None else document_of(analysis, fmt)
            result_memo.store_stream(evening.root, key, parts, *printed)
    scanned = where.scan
    root = os.fspath(evening.root)
    own = [
        os.path.join(root, "curator.toml"),
        *(os.path.join(root, d.path) for d in [analysis.living_doc, *analysis.other_docs]),
        *(os.path.join(root, n.path) for n in analysis.notes if n.in_window),
    ]
    files = {p: scanned.stamps[p] for p in own if p in scanned.stamps}
    table = KeyTable(key_rows(analysis), files, scanned.folders)
    result_memo.store_rows(evening.root, f"{where.table}-keys", table)


def key_table(evening: Evening, where: Slot | None) -> KeyTable | None:
    """The window's key table, when none of the files and folders it rests on changed."""
    return result_memo.load_rows(evening.root, f"{where.table}-keys") if where is not None else None


def analysis_document(
    evening: Evening,
    topic: str | None,
    since: str | None,
    until: str | None,
    *,
    defer_outside: bool = True,
    fmt: str = "json",
) -> Iterator[bytes]:
    """What ``analyze`` prints for the window in *fmt* (UTF-8, in pieces made as they are
    printed): the kept answer when no input changed.

    Raises ValueError for a bad window (and WorkspaceError for a bad topic or folder)."""
    mode = "window" if defer_outside else "all-notes"
    where = slot(evening, topic, since, until, mode)
    if where is not None and where.key is not None:
        hit = result_memo.load(evening.root, f"{where.key}-{fmt}")
        if hit is not None:
            return iter(hit.parts)
    analysis = evening.analyze(topic, since, until, defer_outside=defer_outside)
    return _printed(evening, where, analysis, fmt)


def _printed(evening: Evening, where: Slot | None, analysis: Analysis, fmt: str) -> Iterator[bytes]:
    """*analysis*'s document piece by piece as it is printed, then kept: ~100 MB at 8,000 notes,
    never held whole. It is copied as it is printed into an unnamed temporary file (gone when
    closed) and read back from there: encoding it again took ~7 s of a cold 8,000-note run."""
    if not _keepable(where):
        yield from document_of(analysis, fmt)  # nothing to keep: no cache, or fresh files
        return
    digest, size = result_memo.digester(), 0
    copy = _copy_file()
    try:
        for part in document_of(analysis, fmt):
            digest.update(part)
            size += len(part)
            if copy is not None:
                try:
                    copy.write(part)
                except OSError:  # a full disk: the document is made again to be kept
                    copy.close()
                    copy = None
            yield part
        keep(evening, where, analysis, fmt, (digest.hexdigest(), size), copy)
    finally:
        if copy is not None:
            copy.close()


def _copy_file() -> IO[bytes] | None:
    import tempfile

    try:
        return tempfile.TemporaryFile()
    except OSError:
        return None


def _read_back(copy: IO[bytes]) -> Iterator[bytes]:
    copy.flush()
    copy.seek(0)
    while chunk := copy.read(1 << 20):
        yield chunk
