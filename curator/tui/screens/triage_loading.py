"""Loading the evening and following the inbox, for the triage screen, off the event loop.

A layer of :class:`~curator.tui.screens.triage.TriageScreen`. Reading the workspace and
analysing it happen in thread workers (:class:`~curator.service.loader.Loader`) that only
post messages; the inbox watcher (:class:`~curator.service.watch.InboxWatcher`) is an async
worker. When that work may run, and how often progress repaints, is
:mod:`curator.service.pacing`.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from textual import work
from textual.content import Content
from textual.message import Message
from textual.widgets import Label
from textual.worker import get_current_worker

from curator.service.pacing import (
    PANES_WAIT,
    SAVE_AFTER_CHANGE,
    SAVE_AFTER_LOAD,
    STIR_HOLD,
    ProgressGate,
    keys_busy,
    progress_label,
    wait_for_quiet,
)
from curator.tui.screens.shared_store import DECISIONS_POLL, SharedStore
from curator.tui.screens.triage_state import clean
from curator.tui.screens.triage_views import PREPARE_AFTER

if TYPE_CHECKING:
    from curator.models import Analysis
    from curator.service.decisions import DecisionStore
    from curator.service.watch import InboxChange

# The messages keep the triage screen's namespace: their handlers are ``on_triage_screen_*``.


class AnalysisProgressed(Message, namespace="triage_screen"):
    """The loader read *done* of *total* files."""

    def __init__(self, stage: str, done: int, total: int) -> None:
        super().__init__()
        self.stage, self.done, self.total = stage, done, total


class SessionLoaded(Message, namespace="triage_screen"):
    """The first analysis finished and the decisions store is open."""

    def __init__(
        self, analysis: Analysis, store: DecisionStore | None, store_error: str | None
    ) -> None:
        super().__init__()
        self.analysis, self.store, self.store_error = analysis, store, store_error


class LoadFailed(Message, namespace="triage_screen"):
    """The workspace could not be analysed at all (a plain-words reason)."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


class InboxChanged(Message, namespace="triage_screen"):
    """Files in the inbox settled after a change (bursts coalesce)."""

    def __init__(self, change: InboxChange) -> None:
        super().__init__()
        self.change = change

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, InboxChanged)


class AnalysisFinished(Message, namespace="triage_screen"):
    """A re-analysis after an inbox change (or completing a cold start) is ready to swap in."""

    def __init__(self, analysis: Analysis, *, quiet: bool = False) -> None:
        super().__init__()
        self.analysis = analysis
        self.quiet = quiet
        """Completing a cold start: deferred notes read in full are no arrival."""


class AnalysisFailed(Message, namespace="triage_screen"):
    """A re-analysis failed; the previous one stays on screen."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


class TriageLoading(SharedStore):
    """The first load (with progress), the completion of deferred notes, and re-analyses."""

    @work(thread=True, exclusive=True, exit_on_error=False, group="load")
    def _load(self) -> None:
        store, store_error = self.loader.open_store()
        # one thread at a time on the interpreter: let the panes mount before the heavy reading
        self._panes_mounted.wait(PANES_WAIT)
        gate = ProgressGate()

        def progress(stage: str, done: int, total: int) -> None:
            if gate(done, total):
                self.post_message(AnalysisProgressed(stage, done, total))

        try:
            # notes outside the window wait: the relay shows first, then they are read in full
            # ... and those days from it dated by their file names (read in full right after)
            analysis = self.loader.analyze(progress, defer_outside=True, date_by_name=True)
        except Exception as exc:
            if store is not None:
                store.close()
            self.post_message(LoadFailed(str(exc) or exc.__class__.__name__))
            return
        if get_current_worker().is_cancelled:  # the app closed meanwhile: free the lock
            if store is not None:
                store.close()
            return
        self.post_message(SessionLoaded(analysis, store, store_error))
        pending = [n.path for n in analysis.notes if n.pending]
        if not pending or self._complete(pending):
            self._save_when_idle(SAVE_AFTER_LOAD)

    def _complete(self, pending: list[str]) -> bool:
        """In the loading worker: read the notes deferred at a cold start; False if that stopped."""
        worker = get_current_worker()
        self._shown.wait(PANES_WAIT)  # the relay on screen first, then the rest of the notes
        try:
            self.loader.complete(pending, lambda: worker.is_cancelled)
            complete = self.loader.analyze()
        except Exception:  # the relay is on screen; the next inbox change tries again
            return False
        if worker.is_cancelled:
            return False
        self.post_message(AnalysisFinished(complete, quiet=True))
        return True

    def on_triage_screen_analysis_progressed(self, message: AnalysisProgressed) -> None:
        from textual.widgets import ProgressBar  # loaded with the panes by now

        for bar in self.query("#progress").results(ProgressBar):  # mounted with the panes
            bar.update(total=max(1, message.total), progress=message.done)
        label = progress_label(message.done, message.total)
        self.query_one("#loading-label", Label).update(Content(label))

    async def on_triage_screen_load_failed(self, message: LoadFailed) -> None:
        await self._panes()
        self.load_error = message.reason
        self.query_one("#loading-label", Label).update(
            Content.assemble(
                ("Cannot open this workspace: ", "bold $text-error"), clean(message.reason, 500)
            )
        )
        self._detail.show_message(f"Cannot open this workspace: {message.reason}")
        self.notify(clean(message.reason, 300), title="curator", severity="error", markup=False)

    async def on_triage_screen_session_loaded(self, message: SessionLoaded) -> None:
        await self._panes()
        # the rows first; the side panes after the next refresh, so keys typed meanwhile are not
        # held up
        from curator.service.session import Session

        self.session = Session(
            self.root, self.config, message.analysis, message.store, message.store_error
        )
        self.query_one("#loading").display = False
        self._table.written = self.session.written
        self._table.populate(self.visible_rows(), self._flag_counter())
        self.call_after_refresh(self._finish_loading)

    def _finish_loading(self) -> None:
        if self.session is None:
            return
        latest = self.session.analysis  # a re-analysis may have been swapped in meanwhile
        self._notes.load(latest)
        self._sections.load(latest.living_doc)
        self.ready = True
        self._refresh_views()
        self._shown.set()
        if self.session.readonly_reason:
            self.notify(
                clean(self.session.readonly_reason, 300),
                title="read-only",
                severity="warning",
                markup=False,
                timeout=8,
            )
        for problem in [p for p in self.session.problems if p != self.session.readonly_reason][:3]:
            self.notify(clean(problem, 300), severity="warning", markup=False, timeout=8)
        self._watch()
        self.set_interval(DECISIONS_POLL, self._poll_decisions)
        self.set_timer(PREPARE_AFTER, self._prepare_section_picker)

    # ------------------------------------------------------------------ live inbox

    @work(exclusive=True, exit_on_error=False, group="watch")
    async def _watch(self) -> None:
        inbox = self.loader.inbox
        from curator.service.watch import InboxWatcher

        def changed(change: InboxChange) -> None:
            self.post_message(InboxChanged(change))

        while True:
            watcher = InboxWatcher(
                inbox,
                baseline=self.loader.snapshot,
                on_stir=lambda: self.loader.hold(STIR_HOLD),
                hold_off=self.keys_busy,
            )
            try:
                await watcher.run(changed)
            except asyncio.CancelledError:
                raise
            except Exception:  # keep watching whatever happened to the folder
                await asyncio.sleep(1.0)

    def on_triage_screen_inbox_changed(self, _message: InboxChanged) -> None:
        self._reanalyze()

    @work(thread=True, exclusive=True, exit_on_error=False, group="analysis")
    def _reanalyze(self) -> None:
        try:
            # while a cold start's notes are still being completed, leave those to it
            analysis = self.loader.analyze(defer_outside=self.loader.completing)
        except Exception as exc:
            if not get_current_worker().is_cancelled:
                self.post_message(AnalysisFailed(str(exc)))
            return
        if not get_current_worker().is_cancelled:
            self.post_message(AnalysisFinished(analysis))
            self._save_when_idle(SAVE_AFTER_CHANGE)

    def keys_busy(self) -> float:
        """Seconds until the keys have rested for KEYS_REST (0: they have)."""
        try:  # also asked from the saving thread, and while the app closes
            key_at = getattr(self.app, "key_at", 0.0)
        except Exception:
            return 0.0
        return keys_busy(key_at)

    def _save_when_idle(self, delay: float) -> None:
        """In the calling worker: wait, then persist the index cache unless a newer run took over.

        Pickling the index holds the interpreter for a few hundred ms on a big workspace, so it
        never runs between reading the inbox and showing the result, nor while keys are being
        pressed (up to SAVE_HOLD_MAX).
        """
        worker = get_current_worker()
        # cancelled: the newer analysis saves in its turn
        if wait_for_quiet(delay, self.keys_busy, lambda: worker.is_cancelled):
            self.loader.save_cache()

    def on_triage_screen_analysis_failed(self, message: AnalysisFailed) -> None:
        self.notify(
            f"could not re-read the inbox: {clean(message.reason, 300)}",
            severity="error",
            markup=False,
        )

    def on_triage_screen_analysis_finished(self, message: AnalysisFinished) -> None:
        if self.session is None:
            return
        old = self.session.analysis
        table = self._table
        keep = table.current_key
        self.session.swap(message.analysis)
        if not message.quiet:  # completing a cold start is not an inbox change
            self.reanalyses += 1
            self.swapped_at = time.monotonic()
        self._notes.load(message.analysis)
        self._swap_tree(old, message.analysis)
        table.populate(self.visible_rows(), self._flag_counter(), keep=keep)
        self._refresh_views()
        from curator.service.loader import describe_arrivals

        for text in describe_arrivals(old, message.analysis):
            self.notify(clean(text, 300), markup=False)

    def _swap_tree(self, old: Analysis, new: Analysis) -> None:
        """Rebuild the section tree only when its sections changed (keeping the cursor
        otherwise)."""
        tree = self._sections
        sections = [(s.index, s.title, s.parent) for s in new.living_doc.sections]
        if sections != [(s.index, s.title, s.parent) for s in old.living_doc.sections]:
            tree.load(new.living_doc)
        else:
            tree.doc = new.living_doc  # same tree; anchors may have changed
