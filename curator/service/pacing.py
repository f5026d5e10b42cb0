"""When the UI's background work runs: throttled progress, and waiting for the keys to rest.

No Textual here. The editor's keys come first: progress repaints a few times a second at
most, the index cache is saved only once the keys have rested, and the panes that follow the
cursor wait until a run of moves pauses.
"""

from __future__ import annotations

import time
from collections.abc import Callable

PROGRESS_EVERY = 0.1
"""Seconds between progress updates while reading the workspace."""

STIR_HOLD = 1.5
"""Seconds background reading pauses when the inbox stirs (the watcher settles, then analyses)."""

PANES_WAIT = 2.0
"""At most this long the loading worker waits for the panes (or the first result) to be drawn."""

SAVE_AFTER_LOAD = 1.0
SAVE_AFTER_CHANGE = 3.0
"""Seconds of quiet before the index cache is written (after the first load / an inbox change)."""

KEYS_REST = 1.0
"""Seconds without a key before work that holds the interpreter for long runs in the
background: the periodic inbox rescan (a thread of thousands of ``stat`` calls, each
trading the interpreter lock with the event loop) and the idle collection and cache save
(0.2-0.5 s on a big workspace). A file event still rescans at once."""

SAVE_HOLD_MAX = 30.0
"""Seconds at most that the idle cache save waits for the keys to rest."""

VIEWS_DELAY = 0.06
"""Seconds at least the cursor must rest in a run before the detail and tree follow it.

A lone key (the first after a rest, also the first of a held key: a terminal repeats a key
only after 250 ms or more) waits only :data:`LONE_DELAY`."""

LONE_DELAY = 0.02
"""Seconds a lone key's panes wait: long enough for the cursor's frame to reach the terminal
first (the panes' work holds the interpreter ~10 ms, which delayed the frame's write when it ran
right after it), short enough to read as one response."""

RUN_GAP = 0.3
"""Cursor moves this close together are a run (holding j, or tapping it fast)."""

RUN_REST = 1.6
"""In a run, the cursor rests once it has stayed this many times the last gap between moves.

Redrawing the detail, the tree and the section info is one frame of those panes (10-30 ms
on a big relay; it was two or three whole-screen layouts before they became line widgets),
so it must not start just before the run's next key is due: at a 0.13 s pace it waits 0.21 s.
"""


class ProgressGate:
    """Lets a progress update through at most every :data:`PROGRESS_EVERY` seconds (and the
    last)."""

    def __init__(self) -> None:
        self._last = 0.0

    def __call__(self, done: int, total: int) -> bool:
        now = time.monotonic()
        if done < total and now - self._last < PROGRESS_EVERY:
            return (
                False  # each update repaints; the reading thread should not pay for more than a few
            )
        self._last = now
        return True


def progress_label(done: int, total: int) -> str:
    """What the loading screen says while the notes are read."""
    return "Building increments…" if done >= total else f"Reading notes… {done}/{total}"


def keys_busy(key_at: float) -> float:
    """Seconds until the keys (last pressed at monotonic *key_at*) have rested for KEYS_REST."""
    return max(0.0, key_at + KEYS_REST - time.monotonic())


def wait_for_quiet(delay: float, busy: Callable[[], float], cancelled: Callable[[], bool]) -> bool:
    """Sleep *delay*, then while the keys are *busy* (up to SAVE_HOLD_MAX); False if *cancelled*."""
    start = time.monotonic()
    deadline = start + delay
    while time.monotonic() < deadline or (
        busy() > 0 and time.monotonic() < start + delay + SAVE_HOLD_MAX
    ):
        if cancelled():
            return False
        time.sleep(0.05)
    return not cancelled()


def rest_delay(gap: float) -> float:
    """How long to wait for the cursor to rest, *gap* seconds after the previous move."""
    return LONE_DELAY if gap > RUN_GAP else max(VIEWS_DELAY, RUN_REST * gap)
