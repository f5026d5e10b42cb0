"""Reading the workspace for the UI: the decisions store and the analysis, one run at a time.

No Textual here; the triage screen calls these from thread workers. Analyses reuse unchanged
files through the index cache (``curator.cache``) when it is available, and never fail
because of it.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from curator.gcpause import paused_gc

if TYPE_CHECKING:  # the store and the watcher load in the worker, not before the first frame
    from curator.config import Config
    from curator.models import Analysis, Note
    from curator.service.watch import Snapshot
    from curator.store import DecisionStore

MAX_TOASTS = 3
COMPLETE_CHUNK = 20
COLLECT_EVERY = 60.0
"""At most one full collection per minute, at an idle save (it holds the interpreter ~0.1-0.3 s on
L)."""
SHOW_PAUSE = 0.4
"""Seconds a completion stays paused after an analysis, while the UI puts the result on screen."""
"""Deferred notes read per hold of the lock (~50 ms of work)."""


def _make_cache(root: Path) -> Any:
    """curator.cache.IndexCache if that module is there, else False (analyse without)."""
    try:
        from curator.cache import IndexCache
    except ImportError:
        return False
    try:
        return IndexCache(root)
    except Exception:
        return False


class Loader:
    """What the screen was asked to open, and how to (re)read it."""

    def __init__(
        self,
        root: Path,
        config: Config,
        topic: str | None = None,
        since: str | None = None,
        until: str | None = None,
    ) -> None:
        """Nothing is read until :meth:`open_store` / :meth:`analyze`."""
        self.root = root
        self.config = config
        self.topic = topic
        self.since = since
        self.until = until
        self._cache: Any = None
        """The index cache (None: not made yet; False: unavailable or broken)."""
        self._lock = threading.Lock()
        self._count_lock = threading.Lock()
        self._busy = 0
        """Analyses waiting for the lock or running (a completion in progress lets them go
        first)."""
        self._collected_at = 0.0
        self._quiet_until = 0.0
        """... and lets the UI show the latest one before it takes the interpreter again."""
        self.completing = False
        """Reading deferred notes in full (see :meth:`complete`); re-analyses meanwhile defer
        too."""
        self.snapshot: Snapshot | None = None
        """The inbox files (size, mtime) just before the latest analysis read them."""

    @property
    def inbox(self) -> Path:
        return self.root / self.config.inbox

    def open_store(self) -> tuple[DecisionStore | None, str | None]:
        """The store (read-only if another session holds it), or None and why not."""
        from curator.store import DecisionStore

        try:
            return DecisionStore.open(self.root, self.config.editor_name), None
        except Exception as exc:  # a broken store must not keep the relay from showing
            return None, f"decisions store unavailable: {exc}"

    def analyze(
        self,
        progress: Callable[[str, int, int], None] | None = None,
        *,
        defer_outside: bool = False,
        date_by_name: bool = False,
    ) -> Analysis:
        """Run the analysis (one at a time: a cancelled worker finishes before the next).

        ``defer_outside``, ``date_by_name``: see :func:`curator.analysis.analyze` (a cold start
        shows the relay first).
        """
        with self._count_lock:
            self._busy += 1  # a running completion steps aside (between chunks) until this is shown
        try:
            with self._lock, paused_gc():
                result = self._analyze(progress, defer_outside, date_by_name)
                # long-lived from here on: out of the collector's sight (frozen before it wakes
                # up), or each of its passes over millions of cached objects stalls the screen
                gc.freeze()
                return result
        finally:
            with self._count_lock:
                self._busy -= 1
                self._quiet_until = time.monotonic() + SHOW_PAUSE

    def _analyze(
        self,
        progress: Callable[[str, int, int], None] | None,
        defer_outside: bool,
        date_by_name: bool = False,
    ) -> Analysis:
        from curator.analysis import analyze
        from curator.service.watch import scan

        self.snapshot = scan(self.inbox)
        if self._cache is None:
            self._cache = _make_cache(self.root)
        run = partial(
            analyze,
            self.root,
            self.topic,
            self.since,
            self.until,
            cfg=self.config,
            progress=progress,
            defer_outside=defer_outside,
            date_by_name=date_by_name,
        )
        if self._cache is not False:
            try:
                return run(cache=self._cache, save_cache=False)
            except Exception:  # a cache problem must never cost the analysis
                self._cache = False
        return run()

    def hold(self, seconds: float) -> None:
        """Keep a completion paused for a while (the inbox just stirred: an analysis is coming)."""
        with self._count_lock:
            self._quiet_until = max(self._quiet_until, time.monotonic() + seconds)

    def complete(self, paths: list[str], cancelled: Callable[[], bool]) -> None:
        """Read in full, a few at a time, the notes a deferred analysis left pending.

        Between chunks, an analysis waiting for the lock (a note just arrived) goes first, so a
        cold start on a big workspace never holds up the live inbox for long. Without a usable
        cache this does nothing: the next full analysis reads them.
        """
        self.completing = True
        try:
            for start in range(0, len(paths), COMPLETE_CHUNK):
                give_way = time.monotonic() + 5.0
                while (
                    (self._busy or time.monotonic() < self._quiet_until)
                    and not cancelled()
                    and time.monotonic() < give_way
                ):
                    time.sleep(0.005)
                if cancelled():
                    return
                with self._lock, paused_gc():
                    cache = self._cache
                    if not cache:
                        return
                    for rel in paths[start : start + COMPLETE_CHUNK]:
                        try:
                            cache.load_note(self.root / rel, self.config)
                        except Exception:  # the full analysis after this reports it properly
                            continue
                    gc.freeze()
        finally:
            self.completing = False

    def save_cache(self, *, wait: bool = True) -> bool:
        """Persist the index cache if it changed (off the critical path: after results are shown).

        ``wait=False`` gives up at once while an analysis runs (quitting must never hang on it).
        False when nothing was saved.
        """
        if not self._lock.acquire(blocking=wait):
            return False
        try:
            now = time.monotonic()
            if wait and now - self._collected_at >= COLLECT_EVERY:
                # idle: let the collector look once at what earlier analyses left behind
                self._collected_at = now
                gc.unfreeze()
                gc.collect()
                gc.freeze()
            from curator import regex_cache

            regex_cache.save()  # what this session compiled, for the next cold start (if new)
            cache = self._cache
            if not cache or not cache.dirty:
                return False
            cache.save()
            return True
        except Exception:  # a cache is disposable; never let it disturb the session
            return False
        finally:
            self._lock.release()


def describe_arrivals(old: Analysis, new: Analysis) -> list[str]:
    """Toasts for notes that appeared, changed or went away between two analyses.

    A note counts as changed when its bytes did: the same file read in full after being
    deferred, or coming from the cache without its text, is no news.
    """
    before = {n.path: n for n in old.notes}
    after = {n.path: n for n in new.notes}
    out: list[str] = []
    for path, note in after.items():
        items = f"{len(note.items)} item{'s' if len(note.items) != 1 else ''}"
        where = "" if note.in_window else ", outside the window"
        prev = before.get(path)
        if prev is None:
            out.append(f"new note: {path} ({items}{where})")
        elif _changed(prev, note):
            out.append(f"updated note: {path} ({items}{where})")
    out.extend(f"note removed: {path}" for path in before if path not in after)
    if len(out) > MAX_TOASTS:
        out = out[:MAX_TOASTS] + [f"… and {len(out) - MAX_TOASTS} more changes in the inbox"]
    return out


def _changed(prev: Note, note: Note) -> bool:
    if prev.sha1 and note.sha1:
        return prev.sha1 != note.sha1
    # unreadable ones
    return (prev.size, len(prev.items), prev.text) != (
        note.size,
        len(note.items),
        note.text,
    )
