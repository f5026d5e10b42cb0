"""Work handed to a second process while this one goes on reading.

Why: a cold start reads the notes one by one in this process while the machine's second core
idles; parsing the cards depends on no note, so it can run there (:mod:`curator.card_pool`).
The second process is a plain command (``python -P -m curator.<module> …``), not
``multiprocessing``: that imports the parent's main script again in the child, which fails
(loudly) when there is none (``python -``, a notebook). ``-P`` keeps the working folder (maybe
the workspace, whose files are never code) off its path.

The child reads with the workspace's own words (the ``[lexicon]`` table, on its standard input)
and answers on its standard output: the fingerprint of the words it read with, a newline, then
plain data its caller decodes and type-checks (never unpickled). Any failure (no process, an
error, another fingerprint, data that does not decode) and the caller does the work here, so
the answer is the same either way.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Generic, TypeVar

from curator.lexicon import active_extra, default_lexicon, use_lexicon_of
from curator.persist import check, dumps, loads

__all__ = ["Answer", "cores", "serve", "start"]

T = TypeVar("T")


class Answer(Generic[T]):
    """What a second process will answer: calling it waits for that (or works here)."""

    def __init__(
        self,
        here: Callable[[], T],
        decode: Callable[[memoryview], T] | None = None,
        proc: subprocess.Popen[bytes] | None = None,
    ) -> None:
        self._here, self._decode, self._proc = here, decode, proc

    @property
    def started(self) -> bool:
        """Whether a second process is working on it (else calling it works here)."""
        return self._proc is not None

    def cancel(self) -> None:
        """Not wanted after all: the second process, if any, is stopped and reaped."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        proc.kill()
        with proc.stdout:  # type: ignore[union-attr]  # a pipe: asked for in start()
            proc.wait()

    def __call__(self) -> T:
        proc, self._proc = self._proc, None
        if proc is None or self._decode is None:
            return self._here()
        try:
            with proc.stdout:  # type: ignore[union-attr]  # a pipe: asked for in start()
                out = proc.stdout.read()  # type: ignore[union-attr]
            check(proc.wait() == 0)
            end = out.index(b"\n")
            check(loads(out[:end]) == default_lexicon().fingerprint)  # the same words
            return self._decode(memoryview(out)[end + 1 :])
        except Exception:  # the other process died, or printed what it should not
            return self._here()


def start(
    module: str, args: list[str], here: Callable[[], T], decode: Callable[[memoryview], T]
) -> Answer[T]:
    """Starts ``python -m module *args`` beside this process; the answer returned gives its
    output through ``decode`` (waiting for it), or ``here()`` when it could not start or failed."""
    extra = active_extra()
    if cores() < 2 or extra is None:  # words made here some other way cannot be handed over
        return Answer(here)
    try:
        words = json.dumps(extra).encode("utf-8")
        proc = subprocess.Popen(
            [sys.executable, "-P", "-m", module, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # never a word on the terminal a full-screen UI owns
            env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)},
        )
    except (OSError, TypeError, ValueError):  # no processes here; a table JSON cannot carry
        return Answer(here)
    try:
        with proc.stdin:  # type: ignore[union-attr]  # a pipe: asked for above
            proc.stdin.write(words)  # type: ignore[union-attr]  # it is read first thing
    except OSError:  # it is gone already: the answer sees it fail
        pass
    return Answer(here, decode, proc)


def serve(work: Callable[[], bytes]) -> int:
    """The second process: take the words from standard input, do ``work``, print its answer."""
    extra = json.loads(sys.stdin.buffer.read() or b"{}")
    use_lexicon_of(extra if isinstance(extra, dict) else {})
    out = work()
    sys.stdout.buffer.write(dumps(default_lexicon().fingerprint) + b"\n" + out)
    return 0


def cores() -> int:
    """The cores this process may run on (``sched_getaffinity`` is Linux's; elsewhere, all)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1
