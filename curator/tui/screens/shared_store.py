"""The triage screen and the decisions store it shares with ``curator decide`` and others.

A layer of :class:`~curator.tui.screens.triage.TriageScreen`, over its views. A timer polls the
store (a few ``stat`` calls) and shows what other processes wrote within a second. The event loop
never waits for another process's lock: every write is one try, and a write that finds the lock
taken is retried by an async worker (writes are greyed out meanwhile); if it stays taken, the screen
says who holds it (``workspace busy: pid N (command) since HH:MM``) and that nothing was saved.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from textual import work

from curator.tui.screens.triage_state import clean
from curator.tui.screens.triage_views import TriageViews

DECISIONS_POLL = 0.25
"""Seconds between looks at the decisions store for what other processes wrote."""

BUSY_GIVE_UP = 3.0
"""Seconds a write waits (off the event loop) for another process's lock before giving up."""

BUSY_NOTICE = 1.0
"""Seconds the store must stay locked by another process before the status line names it."""


class SharedStore(TriageViews):
    """Writes that never block the event loop, and polls that show others' decisions."""

    def _poll_decisions(self) -> None:
        """Show what ``curator decide`` or another session wrote (no lock waited for)."""
        from curator.service.decisions import WorkspaceBusy

        session = self.session
        if session is None or self.busy:  # a waiting write reports the holder itself
            return
        try:
            changed = session.poll()
        except WorkspaceBusy as exc:
            now = time.monotonic()
            self._busy_since = self._busy_since or now
            if now - self._busy_since >= BUSY_NOTICE and self.busy_note != str(exc):
                self.busy_note = str(exc)
                self._update_status()
            return
        except OSError:
            return  # the next poll tries again; writes report their own trouble
        self._busy_since = 0.0
        if self.busy_note:
            self.busy_note = ""
            self._update_status()
        if changed:
            self.decisions_seen_at = time.monotonic()
            self._refresh_table(select=self._table.current_key)

    def _write(
        self,
        what: str,
        fn: Callable[..., Any],
        *args: Any,
        then: Callable[[Any], None] | None = None,
        **kwargs: Any,
    ) -> None:
        """Run one store write, then ``then(result)``. Problems become a toast, never a crash.

        When another process holds the lock, the write is retried off the event loop for
        up to :data:`BUSY_GIVE_UP` seconds (other writes wait, greyed out); ``then`` runs
        once it is saved.
        """
        from curator.service.decisions import WorkspaceBusy

        try:
            saved, result = self._try_write(what, fn, args, kwargs)
        except WorkspaceBusy as exc:
            self._write_when_free(what, fn, args, kwargs, then, exc)
            return
        if saved and then is not None:
            then(result)

    def _try_write(
        self, what: str, fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> tuple[bool, Any]:
        """(saved, result) of one attempt; raises WorkspaceBusy, reports anything else."""
        from curator.service.decisions import ReadOnlyStore
        from curator.service.session import ReadOnlySession

        try:
            return True, fn(*args, **kwargs)
        except (ReadOnlySession, ReadOnlyStore) as exc:
            self.notify(f"read-only: {clean(exc, 200)}", severity="error", markup=False)
        except ValueError as exc:
            self.notify(f"{what}: {clean(exc, 200)}", severity="warning", markup=False)
        except OSError as exc:
            self.notify(
                f"{what} NOT saved: {clean(exc.strerror or exc, 200)}",
                severity="error",
                markup=False,
                timeout=10,
            )
        return False, None

    @work(exclusive=True, exit_on_error=False, group="write")
    async def _write_when_free(
        self,
        what: str,
        fn: Callable[..., Any],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        then: Callable[[Any], None] | None,
        busy: Exception,
    ) -> None:
        """Retry a write while another process holds the lock; the screen stays live."""
        from curator.service.decisions import WorkspaceBusy

        self.busy = f"{what}: waiting ({busy})"
        self.refresh_bindings()
        self._update_status()
        deadline = time.monotonic() + BUSY_GIVE_UP
        pause = 0.02
        try:
            while time.monotonic() < deadline:
                await asyncio.sleep(pause)
                pause = min(pause * 2, 0.25)
                try:
                    saved, result = self._try_write(what, fn, args, kwargs)
                except WorkspaceBusy as exc:
                    busy = exc
                    continue
                self.busy = ""
                if saved and then is not None:
                    then(result)
                return
            self.notify(
                f"{clean(busy, 200)}; {what} was NOT saved (try again when it is done)",
                title="workspace busy",
                severity="error",
                markup=False,
                timeout=10,
            )
        finally:
            self.busy = ""
            self.refresh_bindings()
            self._update_status()
