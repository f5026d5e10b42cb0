"""Paper cards parsed in a second process while this one reads the notes.

Why: a cold start on a workspace of thousands of cards spends about a fifth of its time parsing
them, and nothing about a card depends on the notes; on a machine with a second core the cards
are ready by the time the notes are read, so the triage screen shows its rows sooner. The
second process runs :func:`curator.cards.load_cards` itself, so its answer is the same; if it
cannot start or fails in any way, the cards are parsed here as before. Only a process this one
started sends back objects (pickled by ``concurrent.futures``); nothing read from the
workspace is ever unpickled.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

from curator.cards import load_cards
from curator.models import PaperCard

__all__ = ["PARALLEL_FROM", "start_loading"]

PARALLEL_FROM = 1000
"""Cards below this count are parsed here: starting a process (~0.15 s) would cost more."""

Loaded = tuple[list[PaperCard], list[tuple[str, str]]]


def start_loading(root: Path, rel_dir: str, count: int) -> Callable[[], Loaded]:
    """Starts parsing the ``count`` cards of ``root/rel_dir``; the returned call gives
    :func:`curator.cards.load_cards`'s answer (waiting for it if it is not ready yet)."""
    if count < PARALLEL_FROM or _cores() < 2:
        return lambda: load_cards(root, rel_dir)
    try:
        pool = ProcessPoolExecutor(1, mp_context=get_context("spawn"), initializer=_quiet)
        future = pool.submit(load_cards, root, rel_dir)
    except Exception:  # no processes here (a sandbox, a full process table): parse them here
        return lambda: load_cards(root, rel_dir)

    def finish() -> Loaded:
        try:
            return future.result()
        except Exception:  # the other process died or could not send its answer
            return load_cards(root, rel_dir)
        finally:
            pool.shutdown(wait=False, cancel_futures=True)

    return finish


def _cores() -> int:
    """The cores this process may run on (``sched_getaffinity`` is Linux's; elsewhere, all)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _quiet() -> None:
    """The second process never writes to the terminal (a full-screen UI may own it)."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    os.close(null)
