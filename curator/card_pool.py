"""Paper cards parsed in a second process while this one reads the notes.

Why: a cold start on a workspace of thousands of cards spends about a fifth of its time parsing
them, and nothing about a card depends on the notes; on a machine with a second core the cards
are ready by the time the notes are read, so the triage screen shows its rows sooner. The
second process (``python -m curator.card_pool ROOT DIR``) runs :func:`curator.cards.load_cards`
itself and prints the cards as the index cache stores them (:mod:`curator.cachecodec`: plain
JSON, type-checked as it is read back, never unpickled), so the answer is the same; if it cannot
start or fails in any way, the cards are parsed here. A plain command, not ``multiprocessing``:
that imports the parent's main script again in the child, which fails (loudly) when there is
none (``python -``, a notebook).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from curator.cachecodec import cards_from_data, cards_to_data
from curator.cards import load_cards
from curator.lexicon import active_extra, default_lexicon, use_lexicon_of
from curator.models import PaperCard
from curator.persist import check, dumps, loads

__all__ = ["PARALLEL_FROM", "start_loading"]

PARALLEL_FROM = 1000
"""Cards below this count are parsed here: starting a process (~0.1 s) would cost more."""

Loaded = tuple[list[PaperCard], list[tuple[str, str]]]


def start_loading(root: Path, rel_dir: str, count: int) -> Callable[[], Loaded]:
    """Starts parsing the ``count`` cards of ``root/rel_dir``; the returned call gives
    :func:`curator.cards.load_cards`'s answer (waiting for it if it is not ready yet)."""
    extra = active_extra()
    if count < PARALLEL_FROM or _cores() < 2 or extra is None:
        return lambda: load_cards(root, rel_dir)
    try:
        words = json.dumps(extra).encode("utf-8")  # the workspace's own words, for the same cards
        proc = subprocess.Popen(
            # -P: not the working folder first on the path (it may be the workspace, and a
            # workspace's files are never code); this process's own path instead
            [sys.executable, "-P", "-m", "curator.card_pool", os.fspath(root), rel_dir],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # never a word on the terminal a full-screen UI owns
            env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)},
        )
    except (OSError, TypeError, ValueError):  # no processes here; a table JSON cannot carry
        return lambda: load_cards(root, rel_dir)
    try:
        with proc.stdin:  # type: ignore[union-attr]  # a pipe: asked for above
            proc.stdin.write(words)  # type: ignore[union-attr]  # it is read first thing
    except OSError:  # it is gone already: finish() sees it fail
        pass

    def finish() -> Loaded:
        try:
            with proc.stdout:  # type: ignore[union-attr]  # a pipe: asked for above
                out = proc.stdout.read()  # type: ignore[union-attr]
            check(proc.wait() == 0)
            fingerprint, *loaded = loads(out)
            check(fingerprint == default_lexicon().fingerprint)  # read with the words used here
            return _decode(loaded)
        except Exception:  # the other process died, or printed what it should not
            return load_cards(root, rel_dir)

    return finish


def _decode(v: Any) -> Loaded:
    check(type(v) is list and len(v) == 2 and type(v[1]) is list)
    problems = [tuple(p) for p in v[1]]
    check(all(len(p) == 2 and all(type(x) is str for x in p) for p in problems))
    return cards_from_data(v[0]), problems


def _cores() -> int:
    """The cores this process may run on (``sched_getaffinity`` is Linux's; elsewhere, all)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def main(argv: list[str]) -> int:
    """The second process: the cards of ``argv[0]/argv[1]`` on standard output."""
    extra = json.loads(sys.stdin.buffer.read() or b"{}")
    use_lexicon_of(extra if isinstance(extra, dict) else {})
    cards, problems = load_cards(Path(argv[0]), argv[1])
    fingerprint = default_lexicon().fingerprint
    sys.stdout.buffer.write(dumps([fingerprint, cards_to_data(cards), [list(p) for p in problems]]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
