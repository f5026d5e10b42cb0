"""The main triage screen: notes | increments + detail | section tree, a status line, keys.

The screen only wires keys and widgets to a :class:`~curator.service.session.Session`. Reading
the workspace and analysing it happen in thread workers that only post messages; the inbox
watcher is an async worker; every decision is written (durably) the moment it is made.

How it writes to and follows the decisions store it shares with ``curator decide`` and
other sessions is :class:`~curator.tui.screens.shared_store.SharedStore`.
"""

from __future__ import annotations

import asyncio
import shlex
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.theme import Theme
from textual.timer import Timer
from textual.widgets import Footer, Label
from textual.worker import get_current_worker

from curator.tui.actions import bindings
from curator.tui.screens.keys import Keys
from curator.tui.screens.navigation import Navigation
from curator.tui.screens.shared_store import DECISIONS_POLL, SharedStore
from curator.tui.widgets.footer import KeysFooter

if TYPE_CHECKING:  # the rest loads with the first analysis: the first frame must not wait for it
    from textual.widgets import DataTable, Input, Tree

    from curator.models import Analysis, LivingDoc
    from curator.service.decisions import DecisionStore
    from curator.service.loader import Loader
    from curator.service.rows import Row
    from curator.service.session import BulkPlan, Session
    from curator.service.settings import Config
    from curator.service.watch import InboxChange
    from curator.tui.commands import TriageCommands
    from curator.tui.screens.edit import EditResult
    from curator.tui.screens.section_picker import SectionPicker
    from curator.tui.widgets.detail import DetailPane
    from curator.tui.widgets.increments import IncrementsTable
    from curator.tui.widgets.notes import NotesPane
    from curator.tui.widgets.sections import SectionInfo, SectionTree
    from curator.tui.widgets.status import StatusLine


def clean(value: object, limit: int = 400, *, strip: bool = True) -> str:
    """:func:`curator.tui.text.clean`, imported on first use (not before the first frame)."""
    from curator.tui.text import clean as _clean

    return _clean(value, limit, strip=strip)


def _commands() -> type[TriageCommands]:
    from curator.tui.commands import TriageCommands

    return TriageCommands


PROGRESS_EVERY = 0.1
"""Seconds between progress updates while reading the workspace."""

STIR_HOLD = 1.5
"""Seconds background reading pauses when the inbox stirs (the watcher settles, then analyses)."""

PANES_WAIT = 2.0
"""At most this long the loading worker waits for the panes (or the first result) to be drawn."""

SAVE_AFTER_LOAD = 1.0
SAVE_AFTER_CHANGE = 3.0
"""Seconds of quiet before the index cache is written (after the first load / an inbox change)."""

VIEWS_DELAY = 0.06
"""Seconds the cursor must rest before the detail and tree follow it (a lone key)."""

KEYS_REST = 1.0
"""Seconds without a key before work that holds the interpreter for long runs in the
background: the periodic inbox rescan (a thread of thousands of ``stat`` calls, each
trading the interpreter lock with the event loop) and the idle collection and cache save
(0.2-0.5 s on a big workspace). A file event still rescans at once."""

SAVE_HOLD_MAX = 30.0
"""Seconds at most that the idle cache save waits for the keys to rest."""

PREPARE_AFTER = 0.5
"""Seconds after the relay is shown that the section picker is composed (off screen)."""

RUN_GAP = 0.3
"""Cursor moves this close together are a run (holding j, or tapping it fast)."""

RUN_REST = 1.6
"""In a run, the cursor rests once it has stayed this many times the last gap between moves.

Redrawing the detail, the tree and the section info is one frame of those panes (10-30 ms
on a big relay; it was two or three whole-screen layouts before they became line widgets),
so it must not start just before the run's next key is due: at a 0.13 s pace it waits 0.21 s.
"""
PAIRWISE = {"merge", "unmerge", "distinct", "not-distinct", "bulk"}
"""History actions that change more than the rows they name (flags, order): the whole table is compared."""
NEEDS_ROW = {"decide", "section", "merge", "distinct", "edit", "priority", "tier"}
WRITES = NEEDS_ROW | {"undo", "redo", "bulk"}
NEEDS_PANES = WRITES | {
    "filter",
    "clear_filter",
    "lookup",
    "toggle_out_of_window",
    "export",
    "first",
    "last",
    "undecided",
    "pane",
}


class TriageScreen(SharedStore, Navigation, Keys, Screen[None]):
    """Approve, reject, defer, edit and merge the evening's increments by keyboard."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-medium"), (150, "-wide")]
    COMMANDS = {lambda: _commands()}

    BINDINGS = bindings()

    # ------------------------------------------------------------------ messages

    class AnalysisProgressed(Message):
        """The loader read *done* of *total* files."""

        def __init__(self, stage: str, done: int, total: int) -> None:
            super().__init__()
            self.stage, self.done, self.total = stage, done, total

    class SessionLoaded(Message):
        """The first analysis finished and the decisions store is open."""

        def __init__(
            self, analysis: Analysis, store: DecisionStore | None, store_error: str | None
        ) -> None:
            super().__init__()
            self.analysis, self.store, self.store_error = analysis, store, store_error

    class LoadFailed(Message):
        """The workspace could not be analysed at all (a plain-words reason)."""

        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    class InboxChanged(Message):
        """Files in the inbox settled after a change (bursts coalesce)."""

        def __init__(self, change: InboxChange) -> None:
            super().__init__()
            self.change = change

        def can_replace(self, message: Message) -> bool:
            return isinstance(message, TriageScreen.InboxChanged)

    class AnalysisFinished(Message):
        """A re-analysis after an inbox change (or completing a cold start) is ready to swap in."""

        def __init__(self, analysis: Analysis, *, quiet: bool = False) -> None:
            super().__init__()
            self.analysis = analysis
            self.quiet = quiet
            """Completing a cold start: deferred notes read in full are no arrival."""

    class AnalysisFailed(Message):
        """A re-analysis failed; the previous one stays on screen."""

        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    # ------------------------------------------------------------------ setup

    def __init__(
        self,
        root: Path,
        config: Config | None = None,
        *,
        topic: str | None = None,
        since: str | None = None,
        until: str | None = None,
        keymap: dict[str, str] | None = None,
    ) -> None:
        """What to open; nothing is read until the screen is mounted.

        Without *config* (and *keymap*), the app's are used, read when first needed.
        """
        super().__init__()
        self.root = root
        self._config = config
        self.topic = topic
        self.since, self.until = since, until
        self._keymap = dict(keymap) if keymap is not None else None
        self.session: Session | None = None
        self.ready = False
        self.panes_ready = False
        """The notes, increments, detail and section panes are mounted."""
        self._panes_mount: Any = None
        self._panes_mounted = threading.Event()
        self._shown = threading.Event()
        """The first analysis is on screen (the completion of deferred notes waits for it)."""
        self.busy = ""
        self.busy_note = ""
        """Who holds the decisions lock, while polls keep finding it taken."""
        self._busy_since = 0.0
        self.decisions_seen_at = 0.0
        """time.monotonic() when decisions written elsewhere were last taken in."""
        self.filter_text = ""
        self.load_error: str | None = None
        self.reanalyses = 0
        self.swapped_at = 0.0
        """time.monotonic() of the last inbox-driven refresh (tests measure latency with it)."""
        self._filter_timer: Timer | None = None
        self._footer_state: tuple[bool, ...] = ()
        self._views_timer: Timer | None = None
        self._moved_at = 0.0
        """time.monotonic() of the last cursor move or change (the pace of a run of keys)."""
        self._loader: Loader | None = None
        self.pane_choice: dict[str, bool] = {}
        self._section_picker: SectionPicker | None = None
        """Built on the first `s`, then shown again (refilled) for each one."""

    @property
    def config(self) -> Config:
        if self._config is None:
            self._config = self.app.config  # type: ignore[attr-defined]
        return self._config

    @property
    def keymap(self) -> dict[str, str]:
        return self._keymap if self._keymap is not None else dict(self.config.keymap)

    @property
    def loader(self) -> Loader:
        """Made on first use (in the reading thread, after the first frame): it needs the config."""
        if self._loader is None:
            from curator.service.loader import Loader

            self._loader = Loader(self.root, self.config, self.topic, self.since, self.until)
        return self._loader

    def compose(self) -> ComposeResult:
        # the first frame is the progress alone; the panes follow right after it (see _panes)
        with Vertical(id="loading"):
            yield Label(Content("Reading the relay…"), id="loading-label")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)
        self.call_after_refresh(self._after_first_frame)

    async def _after_first_frame(self) -> None:
        _ = self.loader  # reads curator.toml here, on the event loop, not in the thread
        self._load()  # the reading thread starts once the first frame is out, not competing with it
        await self._panes()

    # the panes, typed (their modules load with the panes, after the first frame)
    @property
    def _filter_box(self) -> Input:
        return self.query_one("#filter")  # type: ignore[return-value]

    @property
    def _table(self) -> IncrementsTable:
        return self.query_one("#increments")  # type: ignore[return-value]

    @property
    def _detail(self) -> DetailPane:
        return self.query_one("#detail")  # type: ignore[return-value]

    @property
    def _notes(self) -> NotesPane:
        return self.query_one("#notes")  # type: ignore[return-value]

    @property
    def _sections(self) -> SectionTree:
        return self.query_one("#sections")  # type: ignore[return-value]

    @property
    def _section_info(self) -> SectionInfo:
        return self.query_one("#section-info")  # type: ignore[return-value]

    async def _panes(self) -> None:
        """Mount the panes once (after the first frame, or sooner if a result needs them)."""
        if self._panes_mount is None:
            from curator.tui.widgets.detail import DetailPane
            from curator.tui.widgets.increments import IncrementsTable
            from curator.tui.widgets.notes import NotesPane
            from curator.tui.widgets.sections import SectionInfo, SectionTree

            notes, table, detail, sections = (
                NotesPane(id="notes"),
                IncrementsTable(id="increments"),
                DetailPane(id="detail"),
                SectionTree(id="sections"),
            )
            notes.border_title, table.border_title, detail.border_title, sections.border_title = (
                "Notes",
                "Increments",
                "Detail",
                "Sections",
            )
            panes = Horizontal(
                notes,
                Vertical(table, detail, id="center"),
                Vertical(sections, SectionInfo(id="section-info"), id="sections-pane"),
                id="panes",
            )
            from textual.widgets import Input

            box = Input(
                placeholder="filter: words  status:new  author:alice  §1.3  is:undecided",
                id="filter",
            )
            from textual.widgets import ProgressBar

            from curator.tui.widgets.status import StatusLine

            loading = self.query_one("#loading")
            self._panes_mount = self.mount(
                panes, box, StatusLine(id="status"), before=self.query_one(Footer)
            )
            if loading.display:
                loading.mount(ProgressBar(id="progress", show_eta=False))
            await self._panes_mount
            table.use_theme(self.app.theme_variables)
            if self.focused is None:
                table.focus()
            self.panes_ready = True
            self.apply_panes()
            self._panes_mounted.set()
            self.refresh_bindings()  # filter, lookup and export are available now
        elif not self.panes_ready:
            await self._panes_mount

    def on_resize(self) -> None:
        self.apply_panes()  # the width's defaults may have changed (the breakpoint classes are set by now)

    def on_unmount(self) -> None:
        self.close_session()

    def close_session(self) -> None:
        if self.session is not None:
            self.session.close()
        if self._loader is not None:
            self._loader.save_cache(wait=False)  # whatever an interrupted idle save did not get to

    def _theme_changed(self, _theme: Theme) -> None:
        if not self.panes_ready:
            return  # the table takes the theme when it is mounted
        table = self._table
        table.use_theme(self.app.theme_variables)
        if self.session is not None:
            table.populate(self.visible_rows(), self._flag_counter())

    # ------------------------------------------------------------------ loading

    @work(thread=True, exclusive=True, exit_on_error=False, group="load")
    def _load(self) -> None:
        store, store_error = self.loader.open_store()
        # one thread at a time on the interpreter: let the panes mount before the heavy reading
        self._panes_mounted.wait(PANES_WAIT)

        last = [0.0]

        def progress(stage: str, done: int, total: int) -> None:
            now = time.monotonic()
            if done < total and now - last[0] < PROGRESS_EVERY:
                return  # each update repaints; the reading thread should not pay for more than a few
            last[0] = now
            self.post_message(self.AnalysisProgressed(stage, done, total))

        try:
            # notes outside the window wait: the relay shows first, then they are read in full
            analysis = self.loader.analyze(progress, defer_outside=True)
        except Exception as exc:
            if store is not None:
                store.close()
            self.post_message(self.LoadFailed(str(exc) or exc.__class__.__name__))
            return
        if get_current_worker().is_cancelled:  # the app closed meanwhile: free the lock
            if store is not None:
                store.close()
            return
        self.post_message(self.SessionLoaded(analysis, store, store_error))
        pending = [n.path for n in analysis.notes if n.pending]
        if pending:
            worker = get_current_worker()
            self._shown.wait(PANES_WAIT)  # the relay on screen first, then the rest of the notes
            try:
                self.loader.complete(pending, lambda: worker.is_cancelled)
                complete = self.loader.analyze()
            except Exception:  # the relay is on screen; the next inbox change tries again
                return
            if get_current_worker().is_cancelled:
                return
            self.post_message(self.AnalysisFinished(complete, quiet=True))
        self._save_when_idle(SAVE_AFTER_LOAD)

    def on_triage_screen_analysis_progressed(self, message: AnalysisProgressed) -> None:
        for bar in self.query(
            "#progress"
        ):  # mounted with the panes, a moment after the first frame
            bar.update(total=max(1, message.total), progress=message.done)  # type: ignore[attr-defined]
        label = f"Reading notes… {message.done}/{message.total}"
        if message.done >= message.total:
            label = "Building increments…"
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
        # the rows first; the side panes after the next refresh, so keys typed meanwhile are not held up
        from curator.service.session import Session

        self.session = Session(
            self.root, self.config, message.analysis, message.store, message.store_error
        )
        self.query_one("#loading").display = False
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
        while True:
            from curator.service.watch import InboxWatcher

            watcher = InboxWatcher(
                inbox,
                baseline=self.loader.snapshot,
                on_stir=lambda: self.loader.hold(STIR_HOLD),
                hold_off=self.keys_busy,
            )
            try:
                await watcher.run(lambda change: self.post_message(self.InboxChanged(change)))
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
                self.post_message(self.AnalysisFailed(str(exc)))
            return
        if not get_current_worker().is_cancelled:
            self.post_message(self.AnalysisFinished(analysis))
            self._save_when_idle(SAVE_AFTER_CHANGE)

    def keys_busy(self) -> float:
        """Seconds until the keys have rested for KEYS_REST (0: they have)."""
        try:  # also asked from the saving thread, and while the app closes
            key_at = getattr(self.app, "key_at", 0.0)
        except Exception:
            return 0.0
        return max(0.0, key_at + KEYS_REST - time.monotonic())

    def _save_when_idle(self, delay: float) -> None:
        """In the calling worker: wait, then persist the index cache unless a newer run took over.

        Pickling the index holds the interpreter for a few hundred ms on a big workspace, so it
        never runs between reading the inbox and showing the result, nor while keys are being
        pressed (up to SAVE_HOLD_MAX).
        """
        worker = get_current_worker()
        start = time.monotonic()
        deadline = start + delay
        while time.monotonic() < deadline or (
            self.keys_busy() > 0 and time.monotonic() < start + delay + SAVE_HOLD_MAX
        ):
            if worker.is_cancelled:
                return  # the newer analysis saves in its turn
            time.sleep(0.05)
        if not worker.is_cancelled:
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
        tree = self._sections
        sections = [(s.index, s.title, s.parent) for s in message.analysis.living_doc.sections]
        if sections != [(s.index, s.title, s.parent) for s in old.living_doc.sections]:
            tree.load(message.analysis.living_doc)
        else:
            tree.doc = message.analysis.living_doc  # same tree; anchors may have changed
        table.populate(self.visible_rows(), self._flag_counter(), keep=keep)
        self._refresh_views()
        from curator.service.loader import describe_arrivals

        for text in describe_arrivals(old, message.analysis):
            self.notify(clean(text, 300), markup=False)

    # ------------------------------------------------------------------ views

    def visible_rows(self) -> list[Row]:
        if self.session is None:
            return []
        rows = self.session.rows
        if not self.filter_text.strip():
            return rows
        from curator.service.filtering import parse_filter, row_matches

        f = parse_filter(self.filter_text)
        return [r for r in rows if row_matches(r, f)]

    def _flag_counter(self) -> Callable[[Row], int]:
        """How many flagged overlaps a row has (the distinct pairs read once per refresh)."""
        session = self.session
        if session is None:
            return lambda _row: 0
        pairs = session.store.distinct_pairs() if session.store is not None else set()
        return lambda row: len(session.flagged_overlaps(row, pairs))

    def current_row(self) -> Row | None:
        if self.session is None:
            return None
        return self.session.row(self._table.current_key)

    def _refresh_table(self, select: str | None = None, only: set[str] | None = None) -> None:
        """Show the current rows; only changed cells are redrawn when the rows are the same.

        *only*: the increments a key changed (the others are not even compared). The row,
        the cursor and the counts are drawn in this frame; the detail and the tree (a frame of
        their own) follow once the cursor rests (as when moving with j/k).
        """
        table = self._table
        rows = self.visible_rows()
        counter = self._flag_counter()
        if [r.inc.id for r in rows] == table.order:
            table.refresh_rows(rows, counter, only)
            if select is not None:
                table.select_key(select)
        else:
            table.populate(rows, counter, keep=select)
        self._update_status()
        self._refresh_footer()
        self._views_later()

    def _views_later(self) -> None:
        """Refresh the detail, tree and status once the cursor has rested (a burst of keys: once)."""
        if self._views_timer is not None:
            self._views_timer.stop()
        self._views_timer = self.set_timer(self._rest_delay(time.monotonic()), self._refresh_views)

    def _rest_delay(self, now: float) -> float:
        """How long to wait for the cursor to rest: longer than the pace of a run of moves."""
        gap, self._moved_at = now - self._moved_at, now
        return VIEWS_DELAY if gap > RUN_GAP else max(VIEWS_DELAY, RUN_REST * gap)

    def _refresh_views(self) -> None:
        """Detail, section marks, status line and footer for the current row (one repaint)."""
        if self._views_timer is not None:
            self._views_timer.stop()
            self._views_timer = None
        row = self.current_row()
        with self.app.batch_update():
            self._detail.show_row(row, self.session)
            tree = self._sections
            tree.mark(row)
            node = tree.cursor_node
            self._show_section(node.data if node is not None else None)
            self._update_status()
            self._refresh_footer()

    def _refresh_footer(self) -> None:
        """Redraw the footer only when what is enabled changed (a redraw costs a recompose)."""
        state = tuple(bool(self.check_action(a, ())) for a in sorted(WRITES))
        if state != self._footer_state:
            self._footer_state = state
            self.refresh_bindings()

    def _update_status(self) -> None:
        from curator.tui.widgets.status import StatusInfo

        info = StatusInfo(filter=self.filter_text, busy=self.busy)
        if self.session is not None:
            info.counts = self.session.triage.counts()
            info.window = self.session.analysis.window
            info.shown = len(self._table.order)
            info.readonly = self.session.readonly_reason
            problems = [
                p for p in self.session.problems if p != info.readonly
            ]  # the read-only reason: said once
            info.problems = [self.busy_note, *problems] if self.busy_note else problems
        elif self.load_error:
            info.problems = [self.load_error]
        status: StatusLine = self.query_one("#status")  # type: ignore[assignment]
        status.show(info)

    def _show_section(self, index: int | None) -> None:
        info = self._section_info
        if self.session is None or index is None:
            info.show(None, None)
            return
        sections = self.session.analysis.living_doc.sections
        info.show(sections[index] if 0 <= index < len(sections) else None, self.current_row())

    # handlers by name rather than @on(DataTable..., Tree..., Input...): those widget modules
    # then load with the panes, after the first frame

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Redraw the panes once the cursor rests (holding j stays smooth on big relays)."""
        if event.data_table.id != "increments" or not self.ready:
            return
        self._views_later()

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[int]) -> None:
        if event.node.tree.id == "sections":
            self._show_section(event.node.data)

    def on_tree_node_selected(self, event: Tree.NodeSelected[str]) -> None:
        if event.node.tree.id == "notes" and event.node.data:
            self._set_filter(f"note:{shlex.quote(event.node.data)}")
            self.notify(
                f"showing increments from {clean(event.node.data, 200)} (Esc clears)", markup=False
            )

    # ------------------------------------------------------------------ action plumbing

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out writes while loading, read-only or busy, and what cannot apply now."""
        if action in NEEDS_PANES and not self.panes_ready:
            return None
        if action not in WRITES:
            return True
        if not self.ready or self.session is None or self.busy or self.session.readonly:
            return None
        if action in NEEDS_ROW and self.current_row() is None:
            return None
        store = self.session.store
        if action == "undo":
            return True if store is not None and store.can_undo() else None
        if action == "redo":
            return True if store is not None and store.can_redo() else None
        if action == "distinct":
            row = self.current_row()
            return True if row is not None and self.session.flagged_overlaps(row) else None
        return True

    def _undecided_after(self, key: str) -> str:
        """Where the cursor goes after a decision: the next undecided row, else stay."""
        assert self.session is not None
        table = self._table
        visible = {r.inc.id for r in self.visible_rows()}
        undecided = [
            r.inc.id for r in self.session.rows if r.action is None and r.inc.id in visible
        ]
        return type(self.session).next_undecided(table.order, key, undecided) or key

    # ------------------------------------------------------------------ decisions

    def action_decide(self, action: str) -> None:
        row = self.current_row()
        if row is None or self.session is None:
            return
        key = row.inc.id
        self._write(
            action,
            self.session.decide,
            row,
            action,
            then=lambda _d: self._refresh_table(select=self._undecided_after(key), only={key}),
        )

    def action_undo(self) -> None:
        if self.session is None:
            return
        self._write(
            "undo", self.session.undo, then=lambda entry: self._after_history(entry, "undone")
        )

    def action_redo(self) -> None:
        if self.session is None:
            return
        self._write(
            "redo", self.session.redo, then=lambda entry: self._after_history(entry, "redone")
        )

    def _after_history(self, entry: dict[str, Any] | None, verb: str) -> None:
        from curator.service.decisions import describe

        key = str(entry.get("key")) if entry else None
        row = self.session.row(key) if self.session is not None and key else None
        self._refresh_table(
            select=row.inc.id if row is not None else None, only=self._rows_touched(entry)
        )
        if entry is not None and entry.get("target_action") == "bulk":
            self.notify(f"{verb}: {describe(entry)}", markup=False, timeout=3)
        elif row is not None:
            self.notify(f"{verb}: {clean(row.title, 120)}", markup=False, timeout=2)

    def _rows_touched(self, entry: dict[str, Any] | None) -> set[str] | None:
        """The rows an undone / redone decision changed; None (compare all) for merges, pairs, bulk."""
        if entry is None or self.session is None or entry.get("target_action") in PAIRWISE:
            return None
        rows = [self.session.row(str(c.get("key"))) for c in entry.get("changes", [])]
        if not rows or any(r is None for r in rows):
            return None
        return {r.inc.id for r in rows if r is not None}

    def action_priority(self) -> None:
        row = self.current_row()
        if row is None or self.session is None:
            return
        key = row.inc.id
        self._write(
            "priority",
            self.session.cycle_priority,
            row,
            then=lambda _p: self._refresh_table(select=key, only={key}),
        )

    def action_tier(self) -> None:
        row = self.current_row()
        if row is None or self.session is None:
            return
        key = row.inc.id

        def done(tier: str) -> None:
            self._refresh_table(select=key, only={key})
            self.notify(f"{tier}: {clean(row.title, 100)}", markup=False, timeout=2)

        self._write("tier", self.session.toggle_tier, row, then=done)

    def action_distinct(self) -> None:
        row = self.current_row()
        if row is None or self.session is None:
            return
        flagged = self.session.flagged_overlaps(row)
        if not flagged:
            self.notify("no flagged overlap on this row", markup=False)
            return
        top = flagged[0]
        key = row.inc.id

        def saved(_result: object) -> None:
            self.notify(
                f"not a duplicate: {clean(row.title, 60)} ≠ {clean(top.title or top.id, 60)}",
                markup=False,
            )
            self._refresh_table(select=key)

        self._write("not a duplicate", self.session.mark_distinct, row, top, then=saved)

    def action_section(self) -> None:
        row = self.current_row()
        if row is None or self.session is None:
            return
        from curator.tui.screens.section_picker import CLEAR

        doc = self.session.analysis.living_doc
        key = row.inc.id

        def chosen(value: str | None) -> None:
            if value is None or self.session is None:
                return
            target = self.session.row(key)
            if target is None:
                return
            if value == CLEAR:
                section: str | None = None
            else:
                sections = self.session.analysis.living_doc.sections
                index = int(value)
                section = sections[index].label if 0 <= index < len(sections) else None
                if section is None:
                    return
            self._write(
                "section",
                self.session.set_section,
                target,
                section,
                then=lambda _d: self._refresh_table(select=key, only={key}),
            )

        self.app.push_screen(self._section_picker_for(doc, row), chosen)

    def _section_picker_for(self, doc: LivingDoc, row: Row | None) -> SectionPicker:
        """The one section picker, made and installed (kept when dismissed) on first use."""
        from curator.tui.screens.section_picker import SectionPicker

        picker = self._section_picker
        if picker is None:
            picker = self._section_picker = SectionPicker(doc, row)
            self.app.install_screen(picker, name=f"section-picker-{id(self)}")
        else:
            picker.show_for(doc, row)
        return picker

    def _prepare_section_picker(self) -> None:
        """Compose the picker while idle, so the first `s` only refills it (composing: ~60 ms)."""
        if self.session is None or self._section_picker is not None or not self.is_attached:
            return
        picker = self._section_picker_for(self.session.analysis.living_doc, self.current_row())
        # mounts the installed screen without showing it (push_screen does the same first);
        # Textual has no public call for it
        self.app._get_screen(picker)
        self.set_timer(PREPARE_AFTER, self._lay_out_section_picker)

    def _lay_out_section_picker(self) -> None:
        """Lay the composed picker out while idle (off screen), as its first showing would.

        The first showing of a screen lays it out, and the list measures every option
        (200 on a big living doc): 50-100 ms on the first `s`. Laid out now, showing it only
        draws it. (A private Textual call, as above: no public one lays out a hidden screen.)
        """
        picker = self._section_picker
        if picker is None or not picker.is_mounted or picker.is_current or not self.is_current:
            return
        picker._refresh_layout(self.app.size)

    def action_merge(self) -> None:
        row = self.current_row()
        if row is None or self.session is None:
            return
        key = row.inc.id

        def chosen(other_key: str | None) -> None:
            if other_key is None or self.session is None:
                return
            primary, other = self.session.row(key), self.session.row(other_key)
            if primary is None or other is None or primary is other:
                return

            def saved(_result: object) -> None:
                self.notify(
                    f"merged {clean(other.title, 60)} into {clean(primary.title, 60)} (u undoes)",
                    markup=False,
                )
                self._refresh_table(select=key)

            self._write("merge", self.session.merge, primary, other, then=saved)

        from curator.tui.screens.merge_picker import MergePicker  # dialogs load on first use

        self.app.push_screen(MergePicker(self.session, row), chosen)

    def action_edit(self) -> None:
        row = self.current_row()
        if row is None or self.session is None:
            return
        key = row.inc.id

        def edited(result: EditResult | None) -> None:
            if result is None or self.session is None:
                return
            target = self.session.row(key)
            if target is None:
                return

            def saved(changed: bool) -> None:
                if changed:
                    self._refresh_table(select=key)

            self._write(
                "edit",
                self.session.edit,
                target,
                then=saved,
                title=result.title,
                points=result.points,
                caveats=result.caveats,
            )

        from curator.tui.screens.edit import EditScreen

        self.app.push_screen(EditScreen(row), edited)

    # ------------------------------------------------------------------ bulk

    def action_bulk(self) -> None:
        if self.session is None:
            return
        plans = {n: self.session.bulk_plan(n) for n in (1, 2, 3)}

        def chosen(number: int | None) -> None:
            if number is None or self.session is None:
                return
            plan = plans[number]  # what the dialog showed; it is planned again as it applies
            self._write(
                "bulk", self.session.apply_bulk, plan, then=lambda done: self._bulk_done(plan, done)
            )

        from curator.tui.screens.bulk import BulkScreen

        self.app.push_screen(BulkScreen(list(plans.values())), chosen)

    def _bulk_done(self, plan: BulkPlan, done: int) -> None:
        if self.session is None:
            return
        self.session.triage.rebuild()
        table = self._table
        key = table.current_key
        self._refresh_table(select=self._undecided_after(key) if key else None)
        left = plan.count - done
        meanwhile = f" ({left} decided meanwhile, left as they were)" if left > 0 else ""
        self.notify(
            f"bulk: {plan.action} × {done}{meanwhile} · u undoes it all", markup=False, timeout=3
        )

    # ------------------------------------------------------------------ other keys

    def action_filter(self) -> None:
        box = self._filter_box
        box.display = True
        box.value = self.filter_text
        box.focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "filter":
            return
        if self._filter_timer is not None:
            self._filter_timer.stop()
        value = event.value
        self._filter_timer = self.set_timer(0.25, lambda: self._set_filter(value, hide=False))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "filter":
            return
        if self._filter_timer is not None:
            self._filter_timer.stop()
        self._set_filter(event.value)

    def _set_filter(self, text: str, *, hide: bool = True) -> None:
        self.filter_text = text.strip()
        table = self._table
        table.populate(self.visible_rows(), self._flag_counter())
        if hide:
            box = self._filter_box
            box.display = False
            table.focus()
        self._refresh_views()

    def action_clear_filter(self) -> None:
        box = self._filter_box
        if self.filter_text or box.display:
            box.value = ""
            self._set_filter("")

    def action_lookup(self) -> None:
        row = self.current_row()
        initial = ""
        if row is not None:
            initial = row.arxiv[0] if row.arxiv else (row.urls[0] if row.urls else "")
        topic = self.session.analysis.topic if self.session is not None else self.topic
        from curator.tui.screens.lookup import LookupScreen

        def jump(key: str | None) -> None:
            if key is not None and not self.jump_to(key):
                self.notify("not in tonight's list any more", markup=False)

        self.app.push_screen(
            LookupScreen(self.root, topic, self.config, initial, tonight=self.tonight), jump
        )

    def tonight(self, query: str) -> Row | None:
        """The row of tonight's relay *query* names (decisions as the store has them), if one."""
        return self.session.triage.resolve(query) if self.session is not None else None

    def action_export(self) -> None:
        if self.session is None:
            self.notify("still reading the relay", markup=False)
            return
        from curator.tui.screens.export import ExportScreen  # the Markdown widget is heavy

        self.app.push_screen(ExportScreen(self.session), lambda _r: self._refresh_table())

    def action_help(self) -> None:
        from curator.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.key_table()))

    def action_toggle_out_of_window(self) -> None:
        shown = self._notes.toggle_out_of_window()
        self.notify(
            "showing notes outside the window (dimmed)"
            if shown
            else "hiding notes outside the window",
            markup=False,
            timeout=2,
        )

    def action_cursor(self, direction: str) -> None:
        if not self.panes_ready:
            return  # nothing to move yet (for a few milliseconds after start)
        target = self.focused or self._table
        for name in (f"action_cursor_{direction}", f"action_scroll_{direction}"):
            method = getattr(target, name, None)
            if method is not None:
                method()
                return

    async def action_quit(self) -> None:
        self.close_session()
        self.app.exit()
