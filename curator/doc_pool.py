"""Living docs parsed and indexed in a second process while a cold start opens its screen.

Why: the triage screen's first rows wait for the living doc, and a cold start spends ~0.45 s
parsing and indexing a 0.9 MB doc, and ~0.3 s counting its sections' terms for the topic's
vocabulary, in the thread that reads the notes, while the UI's own start (importing Textual,
drawing the first frame) holds the interpreter and the second core idles. ``curator
[WORKSPACE]`` starts this as soon as it has read the workspace's settings, before the UI imports
anything (:func:`start`); the analysis reads the notes, then takes the answer instead of parsing
(:func:`take`: ~0.1 s to read and decode). The second process
(``python -m curator.doc_pool ROOT TOPIC REL ...``, see :mod:`curator.beside`) prints each doc
and its index as the index cache stores them (:mod:`curator.doccodec`: plain JSON and arrays,
type-checked as they are read back), so the answer is the same as parsing here. A doc that
changed after it was read there (another size or modification time), an answer that does not
decode, or a process that failed: the doc is parsed here, as without it.
"""

from __future__ import annotations

import _thread
import os
import sys

from curator import beside
from curator.persist import check, dumps, loads
from curator.stamps import content_sig
from curator.statedir import DOCS_CACHE, state_dir

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from curator.context import DocIndex
    from curator.models import LivingDoc

    Parsed = dict[str, tuple[str, tuple[int, int], LivingDoc, DocIndex]]

__all__ = ["PARALLEL_FROM", "release", "start", "take"]

PARALLEL_FROM = 200_000
"""Docs smaller than this (bytes, all topics) are parsed in the analysis: a second process costs
~0.15 s of its own start-up, more than parsing them."""

_lock = _thread.allocate_lock()
_started: dict[str, beside.Answer[Parsed] | Parsed] = {}
"""Workspace root -> the answer being prepared for it, then the docs it gave not taken yet."""


def start(root: Path, docs: dict[str, str]) -> bool:
    """Start parsing ``docs`` (topic -> path under *root*) beside this process, when they are
    big enough and no index cache would answer for them; whether it started."""
    if os.path.exists(os.path.join(state_dir(root), DOCS_CACHE)):
        return False  # a warm start: the index cache holds them (or says they changed)
    size = 0
    for rel in docs.values():
        sig = content_sig(root / rel)
        size += sig[0] if sig is not None else 0
    if size < PARALLEL_FROM:
        return False
    args = [str(root), *(x for pair in sorted(docs.items()) for x in pair)]
    answer = beside.start("curator.doc_pool", args, _nothing, _decode)
    if not answer.started:
        return False
    with _lock:
        old = _started.pop(str(root), None)
        _started[str(root)] = answer
    if isinstance(old, beside.Answer):
        old.cancel()
    return True


def take(root: Path, rel: str, topic: str) -> tuple[LivingDoc, DocIndex] | None:
    """The doc at *rel* and its index, as parsed beside this process, if it was asked for, it
    came out whole and the file has not changed since; else None (parse it here)."""
    with _lock:
        got = _started.get(str(root))
        if got is None:
            return None
        if isinstance(got, beside.Answer):
            got = _started[str(root)] = got()  # waits for the other process; {} if it failed
        hit = got.pop(rel, None)
    if hit is None or hit[0] != topic or hit[1] != content_sig(root / rel):
        return None
    return hit[2], hit[3]


def release(root: Path) -> None:
    """Forget what was started for *root* (the analysis has read its docs): a process still
    running is stopped, and the parsed docs are not kept for the rest of the session."""
    with _lock:
        answer = _started.pop(str(root), None)
    if isinstance(answer, beside.Answer):
        answer.cancel()


def _nothing() -> Parsed:
    """What "working here" gives: no doc, so each is parsed by the analysis that asks."""
    return {}


def _decode(out: memoryview) -> Parsed:
    from curator.doccodec import doc_from_data

    raw = bytes(out)
    end = raw.index(b"\n")
    head: Any = loads(raw[:end])
    blobs = memoryview(raw)[end + 1 :]
    check(type(head) is list)
    parsed: Parsed = {}
    for row in head:
        check(type(row) is list and len(row) == 4)
        rel, topic, sig, data = row
        check(type(rel) is str and type(topic) is str and type(sig) is list and len(sig) == 2)
        check(all(type(x) is int for x in sig))
        doc, di = doc_from_data(data, blobs)
        check(di is not None and doc.topic == topic)
        assert di is not None
        parsed[rel] = (topic, (sig[0], sig[1]), doc, di)
    return parsed


def _work(root: Path, pairs: list[tuple[str, str]]) -> bytes:
    from curator.context import build_doc_index
    from curator.doccodec import doc_to_data
    from curator.living_doc import load_living_doc
    from curator.persist import Blobs

    blobs = Blobs()
    rows = []
    for topic, rel in pairs:
        sig = content_sig(root / rel)
        if sig is None:
            continue  # gone: the analysis says so
        doc = load_living_doc(root, rel, topic)
        if content_sig(root / rel) != sig:
            continue  # changed while read: parsed again there
        di = build_doc_index(doc, with_terms=True)  # the vocabulary's counts too: they wait
        rows.append([rel, topic, list(sig), doc_to_data(doc, di, blobs)])
    check(not blobs.stream)
    return dumps(rows) + b"\n" + b"".join(blobs.parts)


if __name__ == "__main__":
    from pathlib import Path

    _args = sys.argv[2:]
    _pairs = list(zip(_args[0::2], _args[1::2], strict=True))
    raise SystemExit(beside.serve(lambda: _work(Path(sys.argv[1]), _pairs)))
