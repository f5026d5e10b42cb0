"""An evening's answer, analysed once: `analyze --json` and `decide` on unchanged files reuse it.

The memo is :mod:`curator.result_memo`'s (keyed on every input file's stamp, the settings and the
window).  A hit costs a ``stat`` per file and one read; a miss runs the analysis and keeps its
answer for next time.  ``--no-cache`` (an evening that is not cached) neither reads nor writes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from curator import result_memo
from curator.result_memo import Answer, KeyRow

if TYPE_CHECKING:
    from curator.models import Analysis
    from curator.service.evening import Evening

__all__ = [
    "FORMATS",
    "Answer",
    "KeyRow",
    "Slot",
    "analysis_document",
    "key_rows",
    "keep",
    "load",
    "slot",
]


@dataclass
class Slot:
    """Where an evening's answer is kept, and whether it may be kept (every stamp settled)."""

    key: str
    keepable: bool


def slot(
    evening: Evening, topic: str | None, since: str | None, until: str | None, mode: str
) -> Slot | None:
    """The memo slot for this window, scanned now (before anything is read); None when the
    evening is not cached.  Raises what the analysis would for a bad topic, folder or window."""
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
    files = result_memo.scan(cfg, lay)
    return Slot(result_memo.answer_key(cfg, chosen, window, mode, files), files.settled)


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


FORMATS = ("json", "text")
"""What ``analyze`` prints: the JSON document, or the summary for a reader (kept apart)."""


def document_of(analysis: Analysis, fmt: str) -> bytes:
    """What ``analyze`` prints for *analysis* in *fmt*, as UTF-8: the ``--json`` document (one
    line and a newline) or the summary."""
    if fmt == "json":
        from curator.service.jsondoc import dumps
        from curator.service.report import analysis_json

        return (dumps(analysis_json(analysis)) + "\n").encode("utf-8")
    from curator.service.report import summary_text

    return (summary_text(analysis) + "\n").encode("utf-8", "surrogatepass")


def keep(
    evening: Evening, where: Slot | None, analysis: Analysis, fmt: str, document: bytes | None
) -> None:
    """Keep *analysis*'s answer in *fmt* in *where* (when it may be kept)."""
    if where is None or not where.keepable:
        return
    doc = document if document is not None else document_of(analysis, fmt)
    result_memo.store(evening.root, f"{where.key}-{fmt}", Answer(doc, key_rows(analysis)))


def load(evening: Evening, where: Slot | None, fmt: str) -> Answer | None:
    """The answer in *fmt* kept in *where*, or None."""
    return result_memo.load(evening.root, f"{where.key}-{fmt}") if where is not None else None


def analysis_document(
    evening: Evening,
    topic: str | None,
    since: str | None,
    until: str | None,
    *,
    defer_outside: bool = True,
    fmt: str = "json",
) -> bytes:
    """What ``analyze`` prints for the window in *fmt* (UTF-8): the kept answer when no input
    changed.

    Raises ValueError for a bad window (and WorkspaceError for a bad topic or folder)."""
    mode = "window" if defer_outside else "all-notes"
    where = slot(evening, topic, since, until, mode)
    hit = load(evening, where, fmt)
    if hit is not None:
        return hit.document
    analysis = evening.analyze(topic, since, until, defer_outside=defer_outside)
    document = document_of(analysis, fmt)
    keep(evening, where, analysis, fmt, document)
    return document
