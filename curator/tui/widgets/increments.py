"""The increments list: one DataTable row per increment (virtualized, fine at 3,000 rows).

Cells are rich ``Text`` built from sanitized strings (never markup). Colours come from the
current theme's variables, so light and dark themes both read well.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import DataTable
from textual.widgets.data_table import CellDoesNotExist, ColumnKey, RowDoesNotExist

from curator.tui.text import ACTION_MARKS, plain, status_badge

if TYPE_CHECKING:
    from curator.service.rows import Row

COLUMNS: list[tuple[str, str, int]] = [
    ("mark", " ", 1),
    ("status", "status", 15),
    ("prio", "P", 2),
    ("tier", "T", 1),
    ("title", "title", 40),
    ("sources", "src", 3),
    ("flag", "⚠", 1),
    ("section", "§", 7),
]

NARROW: dict[str, int] = {"status": 6, "sources": 2, "section": 5}
"""Widths the other columns shrink to when the title would get less than :data:`TITLE_ROOM`."""

TITLE_ROOM = 50
"""Cells the title keeps before the other columns give up theirs (titles are what is read)."""

SHORT_STATUS = {
    "new": "NEW",
    "anchored": "anchor",
    "reported": "rep",
    "unverified": "verify",
    "cited": "cited",
    "off-topic": "off",
}
"""Status badges in a narrow status column (the detail pane says it in full)."""

Cells = tuple[Text, ...]
TIER_MARKS = {"main": "M", "adjacent": "A"}


class IncrementsTable(DataTable[Text]):
    """Rows keyed by increment id; refreshes only the cells that changed."""

    DEFAULT_CSS = """
    IncrementsTable { height: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        """A row-cursor table with the fixed curator columns."""
        super().__init__(id=id, cursor_type="row", zebra_stripes=False)
        self._shown_cells: dict[str, Cells] = {}
        self.order: list[str] = []
        self.palette: dict[str, str] = {}
        self.narrow = False
        """The other columns gave the title their room (short status badges)."""
        self._last: tuple[list[Row], Callable[[Row], int]] | None = None
        self.written: Callable[[str | None], str] = lambda label: label or ""
        """A section label as the doc writes it (the session's :meth:`Session.written`)."""

    def on_mount(self) -> None:
        for key, label, width in COLUMNS:
            self.add_column(label, key=key, width=width)

    def on_resize(self) -> None:
        self.fit_title()

    def action_scroll_home(self) -> None:
        """Home goes to the first row (DataTable's Home scrolls sideways; this table never does)."""
        if self.order:
            self.move_cursor(row=0, scroll=True)

    def action_scroll_end(self) -> None:
        if self.order:
            self.move_cursor(row=len(self.order) - 1, scroll=True)

    def column_widths(self, room: int) -> dict[str, int]:
        """Each column's width for *room* cells: the title first, the others shrink for it."""
        widths = {k: w for k, _l, w in COLUMNS}
        padding = 2 * self.cell_padding * len(COLUMNS) + 1

        def title() -> int:
            return room - padding - sum(w for k, w in widths.items() if k != "title")

        if title() < TITLE_ROOM:
            widths.update(NARROW)
        widths["title"] = max(12, title())
        return widths

    def fit_title(self) -> None:
        """Give the title column whatever width the others leave (no sideways scrolling)."""
        if self.columns.get(ColumnKey("title")) is None:
            return
        widths = self.column_widths(self.scrollable_content_region.width)
        narrow = widths["status"] < dict((k, w) for k, _l, w in COLUMNS)["status"]
        changed = False
        for key, width in widths.items():
            column = self.columns[ColumnKey(key)]
            if width != column.width:
                column.width = width
                column.auto_width = False
                changed = True
        if changed:
            # DataTable has no public "resize column"; these are what add_column sets.
            self._require_update_dimensions = True
            self._clear_caches()
            self.refresh()
        if narrow != self.narrow:
            self.narrow = narrow
            if self._last is not None:
                self.refresh_rows(*self._last)

    # ------------------------------------------------------------------ cells

    def _style(self, name: str, extra: str = "") -> str:
        color = self.palette.get(name)
        return f"{extra} {color}".strip() if color else extra

    def cells_for(self, row: Row, flagged: int) -> Cells:
        """What one row shows: mark, status badge, priority, tier, title, sources, ⚠, section.

        The tier is M (main) or A (adjacent): bold when the editor chose it, dim when it is
        the default rule's.
        """
        mark = ACTION_MARKS.get(row.action or "", " ")
        mark_style = {"approve": "success", "reject": "error", "defer": "warning"}.get(
            row.action or "", ""
        )
        status = (
            SHORT_STATUS.get(row.inc.status, row.inc.status)
            if self.narrow
            else status_badge(row.inc)
        )
        status_style = (
            self._style("accent", "bold")
            if row.inc.status == "new"
            else self._style("warning", "")
            if row.inc.status == "unverified"
            else "dim"
        )
        dim = "dim" if row.action in ("reject", "defer") else ""
        return (
            Text(mark, style=self._style(mark_style, "bold") if mark_style else ""),
            plain(status, status_style),
            Text(row.priority or "", no_wrap=True),
            Text(TIER_MARKS.get(row.tier, ""), style="bold" if row.tier_chosen else "dim"),
            plain(row.title, dim, limit=240),
            Text(str(len(row.sources)), justify="right"),
            Text("⚠" if flagged else "", style=self._style("warning", "bold")),
            plain(self.written(row.section), "" if row.action == "approve" else "dim"),
        )

    def use_theme(self, variables: dict[str, str]) -> None:
        """Take the theme's text colours (plain #rrggbb only; rich cannot blend alpha)."""
        self.palette = {}
        for name in ("success", "error", "warning", "accent"):
            value = variables.get(f"text-{name}") or variables.get(name) or ""
            if len(value) == 7 and value.startswith("#"):
                self.palette[name] = value

    # ------------------------------------------------------------------ filling

    @property
    def current_key(self) -> str | None:
        if not self.order or self.cursor_row < 0 or self.cursor_row >= len(self.order):
            return None
        return self.order[self.cursor_row]

    def populate(
        self, rows: list[Row], flagged: Callable[[Row], int], keep: str | None = None
    ) -> None:
        """Replace every row (new analysis, filter or merge), keeping the cursor on *keep*."""
        keep = keep if keep is not None else self.current_key
        self._last = (rows, flagged)
        self.clear()
        self._shown_cells = {}
        self.order = []
        seen: set[str] = set()
        for row in rows:
            key = row.inc.id
            if key in seen:
                continue
            seen.add(key)
            cells = self.cells_for(row, flagged(row))
            self._shown_cells[key] = cells
            self.order.append(key)
            self.add_row(*cells, key=key)
        if keep is not None and keep in seen:
            self.select_key(keep)
        elif self.order:
            self.move_cursor(row=0)

    def refresh_rows(
        self, rows: list[Row], flagged: Callable[[Row], int], only: set[str] | None = None
    ) -> None:
        """Update the cells that changed (after a decision); same rows, same order.

        *only*: compare just these increments (a key changed one row: 66 or 3,000, the same cost).
        """
        self._last = (rows, flagged)
        for row in rows:
            key = row.inc.id
            if only is not None and key not in only:
                continue
            cells = self.cells_for(row, flagged(row))
            old = self._shown_cells.get(key)
            if old == cells:
                continue
            self._shown_cells[key] = cells
            for (col, _label, _width), cell, before in zip(
                COLUMNS, cells, old or (None,) * len(COLUMNS), strict=True
            ):
                if cell != before:
                    try:
                        self.update_cell(key, col, cell)
                    except (CellDoesNotExist, RowDoesNotExist):
                        pass

    def select_key(self, key: str) -> bool:
        """Put the cursor on the row of increment *key*; False if it is not shown."""
        try:
            index = self.get_row_index(key)
        except RowDoesNotExist:
            return False
        self.move_cursor(row=index, scroll=True)
        return True
