"""Paper cards parsed in a second process while this one reads the notes.

Why: a cold start on a workspace of thousands of cards spends about a fifth of its time parsing
them, and nothing about a card depends on the notes; on a machine with a second core the cards
are ready by the time the notes are read, so the triage screen shows its rows sooner. The
second process (``python -m curator.card_pool ROOT DIR``, see :mod:`curator.beside`) runs
:func:`curator.cards.load_cards` itself and prints the cards as the index cache stores them
(:mod:`curator.cachecodec`: plain JSON, type-checked as it is read back), so the answer is the
same; if it cannot start or fails in any way, the cards are parsed here.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from curator import beside
from curator.cachecodec import cards_from_data, cards_to_data
from curator.cards import load_cards
from curator.models import PaperCard
from curator.persist import check, dumps, loads

__all__ = ["PARALLEL_FROM", "start_loading"]

PARALLEL_FROM = 1000
"""Cards below this count are parsed here: starting a process (~0.1 s) would cost more."""

Loaded = tuple[list[PaperCard], list[tuple[str, str]]]


def start_loading(root: Path, rel_dir: str, count: int) -> beside.Answer[Loaded]:
    """Starts parsing the ``count`` cards of ``root/rel_dir``; the returned call gives
    :func:`curator.cards.load_cards`'s answer (waiting for it if it is not ready yet)."""

    def here() -> Loaded:
        return load_cards(root, rel_dir)

    if count < PARALLEL_FROM:
        return beside.Answer(here)
    return beside.start("curator.card_pool", [str(root), rel_dir], here, _decode)


def _decode(out: memoryview) -> Loaded:
    v: Any = loads(bytes(out))
    check(type(v) is list and len(v) == 2 and type(v[1]) is list)
    problems = [tuple(p) for p in v[1]]
    check(all(len(p) == 2 and all(type(x) is str for x in p) for p in problems))
    return cards_from_data(v[0]), problems


def _work(root: Path, rel_dir: str) -> bytes:
    cards, problems = load_cards(root, rel_dir)
    return dumps([cards_to_data(cards), [list(p) for p in problems]])


if __name__ == "__main__":
    raise SystemExit(beside.serve(lambda: _work(Path(sys.argv[1]), sys.argv[2])))
