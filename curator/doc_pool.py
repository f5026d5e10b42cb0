"""Living docs parsed and indexed in a second process while the UI starts.

Why: on a cold start the doc is the largest single file, and parsing it and building its
section index took a fifth of the time before the triage screen showed its rows; nothing about
either depends on the notes. ``curator ui`` starts the second process (``python -m
curator.doc_pool ROOT DOCS``, see :mod:`curator.beside`) before it imports and draws; it parses
and indexes each doc and prints them as the index cache stores them (:mod:`curator.doccodec`),
and the analysis decodes them as it decodes a warm cache, in a tenth of the time. Small docs,
one core or a busy machine, a doc changed since, or any failure: they are parsed here when the
analysis asks, with the same answer.
"""

from __future__ import annotations

import json
import sys
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from curator import beside
from curator.persist import Blobs, check, dumps, loads
from curator.stamps import content_sig

__all__ = ["PARALLEL_FROM", "parse", "start_early", "start_parsing"]

PARALLEL_FROM = 256 * 1024
"""Docs smaller than this in all (bytes) get no head start: a second process's start and the
decoding would cost about what it saves."""

if TYPE_CHECKING:  # the index's modules load with the first doc parsed, not before the UI's
    from curator.context import DocIndex
    from curator.models import LivingDoc

Parsed = list[tuple["LivingDoc", "DocIndex"]]


def start_parsing(
    root: Path, wanted: list[tuple[str, str]], sigs: list[tuple[int, int] | None]
) -> beside.Answer[Parsed]:
    """The docs ``wanted`` ((path under ``root``, topic), each file's ``sigs``), each with its
    index, in that order: from the process :func:`start_early` started for the same files, else
    parsed here (when asked: a second process started only now would save little time and cost
    the decoding and the doubled memory of a doc's index)."""
    tag = (tuple(wanted), tuple(sigs))
    started = beside.take(("docs", str(root)))
    if started is not None:
        if started.tag == tag:
            return started  # type: ignore[return-value]  # started by start_early for these
        started.cancel()
    return beside.Answer(partial(_here, root, wanted))


def start_early(root: Path, docs: dict[str, str]) -> None:
    """Start parsing the docs (topic → path) beside this process before the analysis asks for
    them, when they are large, the index cache will not hold them and a core is free (see
    :func:`curator.beside.core_to_spare`): the UI does while it imports and draws its first
    frame, and the analysis then finds them parsed. A doc the cache file was written after is
    taken as held (a guess: if wrong, it is parsed when asked)."""
    if not beside.core_to_spare():
        return
    try:
        cached: int | None = (root / ".curator" / "index-docs.cache").stat().st_mtime_ns
    except OSError:
        cached = None
    wanted = [(rel, topic) for topic, rel in docs.items()]
    sigs = [content_sig(root / rel) for rel, _topic in wanted]
    known = [s for s in sigs if s is not None]
    if len(known) < len(sigs) or sum(s[0] for s in known) < PARALLEL_FROM:
        return  # a doc missing (the analysis says so) or small
    if cached is not None and all(cached >= s[1] for s in known):
        return
    args = [str(root), json.dumps(wanted)]
    answer = beside.start(
        "curator.doc_pool", args, partial(_here, root, wanted), partial(_decode, wanted)
    )
    answer.tag = (tuple(wanted), tuple(sigs))
    beside.early(("docs", str(root)), answer)


def _here(root: Path, wanted: list[tuple[str, str]]) -> Parsed:
    return [parse(root, rel, topic) for rel, topic in wanted]


def parse(root: Path, rel: str, topic: str) -> tuple[LivingDoc, DocIndex]:
    """One doc read, parsed and indexed here."""
    from curator.context import build_doc_index
    from curator.living_doc import load_living_doc  # the parser (markdown-it) only when needed

    doc = load_living_doc(root, rel, topic)
    return doc, build_doc_index(doc)


def _decode(wanted: list[tuple[str, str]], out: memoryview) -> Parsed:
    from curator.doccodec import doc_from_data

    raw = bytes(out)
    end = raw.index(b"\n")
    data: Any = loads(raw[:end])
    check(type(data) is list and len(data) == len(wanted))
    blobs = memoryview(raw)[end + 1 :]
    parsed = []
    for v, (rel, topic) in zip(data, wanted, strict=True):
        doc, di = doc_from_data(v, blobs)
        check(di is not None and doc.path == rel.replace("\\", "/") and doc.topic == topic)
        parsed.append((doc, di))
    return parsed  # type: ignore[return-value]  # each index checked above


def _work(root: Path, wanted: list[tuple[str, str]]) -> bytes:
    from curator.doccodec import doc_to_data

    blobs = Blobs()
    data = [doc_to_data(*parse(root, rel, topic), blobs) for rel, topic in wanted]
    check(not blobs.stream)  # every blob is held in parts: the offsets say so
    return dumps(data) + b"\n" + b"".join(blobs.parts)


def _wanted(arg: str) -> list[tuple[str, str]]:
    v = json.loads(arg)
    check(type(v) is list and all(type(p) is list and len(p) == 2 for p in v))
    return [(str(rel), str(topic)) for rel, topic in v]


if __name__ == "__main__":
    raise SystemExit(beside.serve(lambda: _work(Path(sys.argv[1]), _wanted(sys.argv[2]))))
