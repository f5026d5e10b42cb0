"""The living docs parsed and indexed in a second process while the triage screen starts.

Why: on a cold start the UI spends its first few hundred milliseconds importing, drawing and
mounting its panes on one core while the other is idle, and then parses every living doc and
builds its index (~0.45 s on 1 MB) before it can judge anything. Started right after the
first frame (:class:`curator.service.loader.Loader`), a second process does that meanwhile:
``python -P -m curator.doc_pool ROOT`` reads the workspace's ``[lexicon]`` table and the docs to
read from its input and prints them as the index cache stores them (:mod:`curator.doccodec`:
plain JSON and blobs, checked as they are read back, never unpickled).

A doc is taken only when the file is the one the other process read (size and modification
time before and after reading it), and only when it read with the words in use here (the
lexicon's fingerprint); anything else (no second core, a failed or silent process, a changed
file) and the doc is parsed here as before, so the answer never depends on it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from curator.lexicon import active_extra, default_lexicon, use_lexicon_of
from curator.persist import Blobs, check, dumps, loads
from curator.stamps import content_sig

if TYPE_CHECKING:
    from curator.context import DocIndex
    from curator.models import LivingDoc

__all__ = ["PARALLEL_FROM", "DocPool"]

PARALLEL_FROM = 200_000
"""Bytes of living docs below which they are parsed here: a second process (~0.15 s to start)
would not be done sooner."""

Parsed = tuple["LivingDoc", "DocIndex"]


class DocPool:
    """The docs being parsed in another process; :meth:`take` one, :meth:`close` when done."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        self._proc: subprocess.Popen[bytes] | None = proc
        self._parsed: dict[str, tuple[tuple[int, int], str, Any]] | None = None
        self._blobs: memoryview = memoryview(b"")

    @classmethod
    def start(cls, root: Path, docs: dict[str, str]) -> DocPool | None:
        """Start parsing ``docs`` (topic → path under ``root``); None when it is not worth it
        (small docs, one core) or cannot be done (no process, words set another way)."""
        from curator.card_pool import usable_cores

        extra = active_extra()
        size = sum((content_sig(root / rel) or (0, 0))[0] for rel in docs.values())
        if extra is None or size < PARALLEL_FROM or usable_cores() < 2:
            return None
        try:
            ask = dumps({"lexicon": extra, "docs": [[rel, t] for t, rel in docs.items()]})
            proc = subprocess.Popen(
                # -P: not the working folder first on the path (it may be the workspace, and a
                # workspace's files are never code); this process's own path instead
                [sys.executable, "-P", "-m", "curator.doc_pool", os.fspath(root)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,  # never a word on the terminal a full-screen UI owns
                env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)},
            )
        except (OSError, TypeError, ValueError):  # no processes here; a table JSON cannot carry
            return None
        try:
            with proc.stdin:  # type: ignore[union-attr]  # a pipe: asked for above
                proc.stdin.write(ask)  # type: ignore[union-attr]  # it is read first thing
        except OSError:  # it is gone already: take() finds nothing
            pass
        return cls(proc)

    def take(self, rel: str, topic: str, sig: tuple[int, int] | None) -> Parsed | None:
        """The doc at ``rel`` (and its index) as the other process read it, if that was this
        file's content (``sig``) read for ``topic``; waits for the process the first time."""
        if self._parsed is None:
            self._parsed = self._finish()
        entry = self._parsed.pop(rel, None)
        if entry is None or sig is None or entry[0] != sig or entry[1] != topic:
            return None
        from curator.doccodec import doc_from_data

        try:
            doc, di = doc_from_data(entry[2], self._blobs)
        except Exception:  # damaged in some way: parse it here
            return None
        return (doc, di) if di is not None and doc.topic == topic else None

    def close(self) -> None:
        """Stop the other process if it still runs (its docs were not needed)."""
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            proc.kill()
        if proc is not None:
            try:
                proc.wait(timeout=5)
                if proc.stdout is not None:
                    proc.stdout.close()
            except (OSError, subprocess.TimeoutExpired):
                pass
        self._parsed = {}

    def _finish(self) -> dict[str, tuple[tuple[int, int], str, Any]]:
        proc, self._proc = self._proc, None
        if proc is None:
            return {}
        try:
            with proc.stdout:  # type: ignore[union-attr]  # a pipe: asked for above
                raw = proc.stdout.read()  # type: ignore[union-attr]
            check(proc.wait() == 0)
            end = raw.index(b"\n")
            fingerprint, entries = loads(raw[:end])
            check(fingerprint == default_lexicon().fingerprint)  # read with the words used here
            check(type(entries) is list)
            parsed = {}
            for e in entries:
                check(type(e) is list and len(e) == 5 and type(e[0]) is str and type(e[3]) is str)
                check(type(e[1]) is int and type(e[2]) is int)
                parsed[e[0]] = ((e[1], e[2]), e[3], e[4])
            self._blobs = memoryview(raw)[end + 1 :]
            return parsed
        except Exception:  # it died, or printed what it should not: every doc is parsed here
            return {}


def main(argv: list[str]) -> int:
    """The second process: the docs asked for on standard input, from ``argv[0]``, on standard
    output (a JSON line, then the blobs it points into)."""
    from curator.context import build_doc_index
    from curator.doccodec import doc_to_data
    from curator.living_doc import load_living_doc

    root = Path(argv[0])
    ask = json.loads(sys.stdin.buffer.read() or b"{}")
    use_lexicon_of(ask.get("lexicon") or {})
    blobs = Blobs()
    entries = []
    for rel, topic in ask.get("docs", []):
        before = content_sig(root / rel)
        doc = load_living_doc(root, rel, topic)
        data = doc_to_data(doc, build_doc_index(doc), blobs)
        if before is not None and content_sig(root / rel) == before and not doc.errors:
            entries.append([rel, before[0], before[1], topic, data])
    out = sys.stdout.buffer
    out.write(dumps([default_lexicon().fingerprint, entries]) + b"\n")
    for part in blobs.parts:
        out.write(part)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
