"""Pausing Python's cycle collector around bursts that build large, acyclic object graphs."""

from __future__ import annotations

import gc


class paused_gc:
    """Suspend the cycle collector while building a large object graph.

    Loading an index allocates hundreds of thousands of objects and no cycles;
    the collector's repeated full passes over them used to take longer than the
    load itself.  Nesting is safe: only the outermost pause re-enables it.
    """

    def __enter__(self) -> None:
        self._was = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self._was:
            gc.enable()
