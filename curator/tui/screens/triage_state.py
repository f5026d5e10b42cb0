"""What the triage screen holds: the evening it shows, its session, and its panes, typed.

The base of :class:`~curator.tui.screens.triage.TriageScreen`; the views, the loading, the
edits and the keys are layers over it (each in a module of its own). The request (workspace,
topic, window) and its settings belong to the app's
:class:`~curator.service.request.EveningRequest`: the screen only reads them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.screen import Screen
from textual.timer import Timer

if TYPE_CHECKING:  # the rest loads with the first analysis: the first frame must not wait for it
    from textual.widgets import Input

    from curator.service.loader import Loader
    from curator.service.request import EveningRequest
    from curator.service.rows import Row
    from curator.service.session import Session
    from curator.service.settings import Config
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


PAIRWISE = {"merge", "unmerge", "distinct", "not-distinct", "bulk"}
"""History actions that change more than the rows they name (flags, order): the whole table is
compared."""
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


class TriageBase(Screen[None]):
    """The triage screen's state: nothing is read until the screen is mounted."""

    def __init__(self, request: EveningRequest) -> None:
        """*request*: what to open (the app's; its settings are read when first needed)."""
        super().__init__()
        self.request = request
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
        """The editor's pane choices (name → shown); a pane not named follows the width."""
        self._section_picker: SectionPicker | None = None
        """Built on the first `s`, then shown again (refilled) for each one."""

    # ------------------------------------------------------------------ the request

    @property
    def root(self) -> Path:
        return self.request.root

    @property
    def topic(self) -> str | None:
        return self.request.topic

    @property
    def config(self) -> Config:
        return self.request.config

    @property
    def keymap(self) -> dict[str, str]:
        """Binding id → keys, as the user's ``[keymap]`` has them (checked, aliases resolved)."""
        _ = self.request.config  # the keymap is checked as the settings are read
        return dict(self.request.keymap)

    @property
    def loader(self) -> Loader:
        """Made on first use (in the reading thread, after the first frame): it needs the config."""
        if self._loader is None:
            from curator.service.loader import Loader

            ev = self.request
            self._loader = Loader(ev.root, ev.config, ev.topic, ev.since, ev.until)
        return self._loader

    def close_session(self) -> None:
        if self.session is not None:
            self.session.close()
        if self._loader is not None:
            self._loader.save_cache(wait=False)  # whatever an interrupted idle save did not get to

    # ------------------------------------------------------------------ the panes, typed
    # (their modules load with the panes, after the first frame)

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

    @property
    def _status(self) -> StatusLine:
        return self.query_one("#status")  # type: ignore[return-value]

    # ------------------------------------------------------------------ rows

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


if TYPE_CHECKING:
    Layer = TriageBase
else:
    Layer = object
"""The base of the triage screen's layers: :class:`TriageBase` to the type checker, a plain
class at run time. A Textual class costs ~0.25 ms to set up (bindings, CSS names, a walk of
its attributes), and six layers cost the first frame ~1.5 ms; the screen sets itself up once.
Textual reads BINDINGS, CSS, reactives and ``@on`` handlers only from its own classes, so a
layer holds none of them (tests/tui/test_screen_layers.py): they go on TriageScreen, Keys or
TriageBase."""
