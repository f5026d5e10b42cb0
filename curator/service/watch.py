"""Watching the inbox: file events are hints, a (path, size, mtime) scan is the truth.

Why this shape: editors save by rename, colleagues sync whole folders, a writer may still be
appending, the inbox folder may be deleted and recreated, and watchers die on odd file
names. So ``awatch`` only wakes the loop early; every few seconds the loop rescans anyway,
and a change is reported only once the files have kept their size and mtime for a short
settle time (a half-written note is never shown). No Textual here.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from curator.stamps import content_of
from curator.textio import is_ignored_name

Snapshot = dict[str, tuple[int, int]]
"""Relative path (as the OS gave it) → (size, mtime_ns)."""


def scan(folder: Path, *, max_depth: int = 4) -> Snapshot:
    """Every file under *folder* with its size and mtime; unreadable entries are skipped."""
    out: Snapshot = {}
    stack: list[tuple[str, int]] = [(str(folder), 0)]
    base = len(str(folder)) + 1
    while stack:
        current, depth = stack.pop()
        try:
            entries = list(os.scandir(current))
        except OSError:
            continue
        for entry in entries:
            if is_ignored_name(entry.name):
                continue
            try:
                if entry.is_dir(follow_symlinks=False):
                    if depth < max_depth:
                        stack.append((entry.path, depth + 1))
                    continue
                st = entry.stat(follow_symlinks=True)
            except OSError:
                continue
            out[entry.path[base:]] = content_of(st)
    return out


@dataclass(frozen=True)
class InboxChange:
    """What differs between two snapshots (paths relative to the watched folder)."""

    added: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.added or self.changed or self.removed)


def diff(old: Snapshot, new: Snapshot) -> InboxChange:
    return InboxChange(
        added=tuple(sorted(p for p in new if p not in old)),
        changed=tuple(sorted(p for p in new if p in old and new[p] != old[p])),
        removed=tuple(sorted(p for p in old if p not in new)),
    )


def _identity(folder: Path) -> tuple[int, int] | None:
    try:
        st = folder.stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


class InboxWatcher:
    """Reports settled changes under one folder to a callback, until cancelled."""

    def __init__(
        self,
        folder: Path,
        *,
        rescan_every: float = 2.0,
        settle: float = 0.1,
        max_settle: float = 5.0,
        debounce_ms: int = 40,
        baseline: Snapshot | None = None,
        on_stir: Callable[[], None] | None = None,
        hold_off: Callable[[], float] | None = None,
        max_hold: float = 10.0,
    ) -> None:
        """Timings: periodic rescan, quiet time before a change counts, debounce of events.

        *baseline*: the files as the last analysis saw them (taken before it read them), so
        a change made while it ran, or while no watcher ran, is still reported.
        *on_stir*: called as soon as the folder reports activity, before scanning and settling
        (the UI uses it to pause background reading, so the change is seen promptly).
        *hold_off*: seconds a periodic rescan (no file event woke it) should still wait; the UI
        answers while keys are being pressed, since a scan in a thread of thousands of ``stat``
        calls trades the interpreter lock with the event loop at every call. A file event
        still scans at once, and no rescan waits more than *max_hold* seconds in all.
        """
        self.folder = folder
        self.baseline = baseline
        self.rescan_every = rescan_every
        self.settle = settle
        self.max_settle = max_settle
        self.debounce_ms = debounce_ms
        self.restarts = 0
        self.on_stir = on_stir
        self.hold_off = hold_off
        self.max_hold = max_hold
        self._wake = asyncio.Event()

    async def run(self, on_change: Callable[[InboxChange], None]) -> None:
        """Loop forever: wait for an event or the rescan timer, settle, report the difference."""
        pump = asyncio.create_task(self._pump())
        try:
            last = (
                self.baseline
                if self.baseline is not None
                else await asyncio.to_thread(scan, self.folder)
            )
            if last != await asyncio.to_thread(scan, self.folder):
                self._wake.set()
            while True:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), timeout=self.rescan_every)
                if not self._wake.is_set():
                    await self._held_off()
                self._wake.clear()
                current = await asyncio.to_thread(scan, self.folder)
                if current == last:
                    continue
                current = await self._settled(current, last)
                change = diff(last, current)
                last = current
                if change:
                    on_change(change)
        finally:
            pump.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await pump

    async def _held_off(self) -> None:
        """Before a periodic rescan: wait while *hold_off* asks (a file event ends the wait)."""
        if self.hold_off is None:
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.max_hold
        while (wait := min(self.hold_off(), deadline - loop.time())) > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=wait)
                return

    async def _settled(self, current: Snapshot, before: Snapshot | None = None) -> Snapshot:
        """Rescan until two scans a settle time apart agree (or max_settle passes).

        A fresh file that does not end with a newline is probably still being written, so
        it gets a little longer (while it is younger than ``young`` seconds).
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.max_settle
        while True:
            await asyncio.sleep(self.settle)
            again = await asyncio.to_thread(scan, self.folder)
            if loop.time() >= deadline:
                return again
            if again == current:
                touched = [p for p, sig in again.items() if (before or {}).get(p) != sig]
                if not await asyncio.to_thread(self._unfinished, touched):
                    return again
            current = again

    def _unfinished(self, paths: list[str], young: float = 0.6) -> bool:
        """Whether a just-written file ends mid-line (a writer still appending)."""
        now = time.time()
        for rel in paths[:50]:
            path = self.folder / rel
            try:
                st = path.stat()
                if st.st_size == 0 or now - st.st_mtime > young:
                    continue
                with open(path, "rb") as handle:
                    handle.seek(-1, os.SEEK_END)
                    if handle.read(1) not in (b"\n", b"\r"):
                        return True
            except OSError:
                continue
        return False

    async def _pump(self) -> None:
        """Run ``awatch`` and restart it whenever it dies or the folder is replaced."""
        try:
            from watchfiles import awatch
        except ImportError:  # pragma: no cover - the periodic rescan still works
            return
        while True:
            ident = _identity(self.folder)
            if ident is None:
                await asyncio.sleep(0.5)
                self._wake.set()
                continue
            stop = asyncio.Event()
            try:
                async for changes in awatch(
                    self.folder,
                    recursive=True,
                    debounce=self.debounce_ms,
                    step=20,
                    rust_timeout=500,
                    yield_on_timeout=True,
                    stop_event=stop,
                    ignore_permission_denied=True,
                ):
                    if changes:
                        if self.on_stir is not None:
                            self.on_stir()
                        self._wake.set()
                    if _identity(self.folder) != ident:
                        self._wake.set()
                        break
            except asyncio.CancelledError:
                stop.set()
                raise
            except Exception:  # the watcher died (folder gone, odd names): start again
                pass
            stop.set()
            self.restarts += 1
            await asyncio.sleep(0.2)
