"""What the triage screen shows: the panes, mounted after the first frame, and kept current.

A layer of :class:`~curator.tui.screens.triage.TriageScreen`. The row a key changed is
redrawn in that key's frame; the detail, the section tree and the status line follow once
the cursor rests (:mod:`curator.service.pacing`), so holding `j` stays smooth on big relays.
The filter box and the section picker (composed off screen while idle) live here too.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from textual.containers import Horizontal, Vertical
from textual.theme import Theme
from textual.widgets import Footer

from curator.service.pacing import rest_delay
from curator.tui.paths import read_later_styles
from curator.tui.screens.panes import Panes
from curator.tui.screens.triage_state import WRITES, clean
from curator.tui.widgets.footer import KeysFooter

if TYPE_CHECKING:
    from textual.widgets import DataTable, Input, Tree

    from curator.models import LivingDoc
    from curator.service.rows import Row
    from curator.tui.screens.section_picker import SectionPicker

PREPARE_AFTER = 0.5
"""Seconds after the relay is shown that the section picker is composed (off screen)."""

FILTER_DELAY = 0.25
"""Seconds of quiet typing before the filter applies (Enter applies at once)."""


class TriageViews(Panes):
    """The panes: mounting them, refreshing them, and the events they send."""

    async def _panes(self) -> None:
        """Mount the panes once (after the first frame, or sooner if a result needs them)."""
        if self._panes_mount is None:
            read_later_styles(self.app)
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

    def _theme_changed(self, _theme: Theme) -> None:
        if not self.panes_ready:
            return  # the table takes the theme when it is mounted
        table = self._table
        table.use_theme(self.app.theme_variables)
        if self.session is not None:
            table.populate(self.visible_rows(), self._flag_counter())

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
        """Refresh the detail, tree and status once the cursor has rested (a burst of keys:
        once)."""
        if self._views_timer is not None:
            self._views_timer.stop()
            self._views_timer = None
        self._views_timer = self.set_timer(self._rest_delay(time.monotonic()), self._refresh_views)

    def _rest_delay(self, now: float) -> float:
        """How long to wait for the cursor to rest: longer than the pace of a run of moves."""
        gap, self._moved_at = now - self._moved_at, now
        return rest_delay(gap)

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
            # restyled here, in the caller's frame: through the signal alone (called next, after
            # the frame) the keys came in a frame of their own ~40 ms after the panes'
            for footer in self.query(KeysFooter):
                footer.bindings_changed(self)
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
        self._status.show(info)

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
            import shlex  # not before the first frame

            self._set_filter(f"note:{shlex.quote(event.node.data)}")
            self.notify(
                f"showing increments from {clean(event.node.data, 200)} (Esc clears)", markup=False
            )

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
        self._filter_timer = self.set_timer(
            FILTER_DELAY, lambda: self._set_filter(value, hide=False)
        )

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
