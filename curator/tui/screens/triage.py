"""The main triage screen: notes | increments + detail | section tree, a status line, keys.

The screen only wires keys and widgets to a :class:`~curator.service.session.Session`; it is
built in layers, each a module about one thing:

- :mod:`.triage_state`: what it holds (the app's evening, the session, the panes, typed);
- :mod:`.panes` and :mod:`.triage_views`: the panes, mounted after the first frame and kept
  current as the cursor rests;
- :mod:`.navigation`: cursor jumps; :mod:`.shared_store`: writes that never block, and
  the decisions other processes write;
- :mod:`.triage_edits`: the keys that decide; :mod:`.triage_loading`: reading the workspace
  and following the inbox in workers;
- :mod:`.keys`: help and the command palette, from the action registry
  (:mod:`curator.tui.actions`);
- here: the first frame, which keys may run now, and the keys that open other screens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Label

from curator.service.pacing import RUN_REST as RUN_REST
from curator.service.pacing import VIEWS_DELAY as VIEWS_DELAY
from curator.tui.actions import APP, DIALOGS, bindings
from curator.tui.screens.keys import Keys
from curator.tui.screens.navigation import Navigation
from curator.tui.screens.triage_edits import TriageEdits
from curator.tui.screens.triage_loading import TriageLoading
from curator.tui.screens.triage_state import NEEDS_PANES, NEEDS_ROW, WRITES
from curator.tui.widgets.footer import KeysFooter

if TYPE_CHECKING:  # the rest loads with the first analysis: the first frame must not wait for it
    from curator.service.rows import Row
    from curator.tui.commands import TriageCommands


def _commands() -> type[TriageCommands]:
    from curator.tui.commands import TriageCommands

    return TriageCommands


# Keys last: the one Textual class among the layers (the others are plain, see triage_state.Layer)
# must follow them, so they come before Screen; the CSS type names stay TriageScreen, Keys,
# TriageBase, Screen.
class TriageScreen(Navigation, TriageLoading, TriageEdits, Keys):
    """Approve, reject, defer, edit and merge the evening's increments by keyboard."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-medium"), (150, "-wide")]
    COMMANDS = {lambda: _commands()}

    BINDINGS = bindings("triage")

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

    def on_unmount(self) -> None:
        self.close_session()

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

        self.app.push_screen(HelpScreen(self.help_rows(), self.help_rows(DIALOGS + APP)))

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
