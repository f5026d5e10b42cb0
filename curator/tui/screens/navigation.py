"""Moving around the triage screen: first/last row, next/previous undecided, panes, jumps.

A mixin of :class:`~curator.tui.screens.triage.TriageScreen` (as
:class:`~curator.tui.screens.shared_store.SharedStore` is), so triage.py stays about
decisions. Panes can be shown and hidden with ``1``–``4`` at every width; the width only
picks the defaults, and a hidden pane is named in the visible list's border, so none
vanishes without a way back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.widget import Widget

if TYPE_CHECKING:
    from textual.app import App

    from curator.service.rows import Row
    from curator.service.session import Session
    from curator.tui.widgets.increments import IncrementsTable

PANES: dict[str, tuple[str, str]] = {
    "notes": ("#notes", "1"),
    "increments": ("#increments", "2"),
    "sections": ("#sections-pane", "3"),
    "detail": ("#detail", "4"),
}
"""Pane name → (selector, default key)."""

SIDE = ("notes", "sections")


def step_undecided(
    order: list[str], current: str | None, undecided: set[str], forward: bool = True
) -> tuple[str | None, bool]:
    """(the next undecided key after *current* in *order*, whether the search wrapped round).

    Like mutt's and vim's searches: it wraps and says so. ``(None, False)`` when none is left.
    """
    if not order or not undecided:
        return None, False
    keys = order if forward else order[::-1]
    start = keys.index(current) + 1 if current in keys else 0
    for i, key in enumerate(keys[start:] + keys[:start]):
        if key in undecided:
            return key, i >= len(keys) - start
    return None, False


class Navigation:
    """Cursor jumps and pane toggles (needs the screen's table, rows and notify)."""

    session: Session | None
    filter_text: str
    panes_ready: bool
    pane_choice: dict[str, bool]
    """The editor's pane choices (name → shown); a pane not named follows the width."""

    # provided by the screen
    app: App[None]
    focused: Widget | None
    notify: Callable[..., None]
    has_class: Callable[..., bool]
    query_one: Callable[..., Widget]
    visible_rows: Callable[[], list[Row]]
    _table: IncrementsTable
    _refresh_views: Callable[[], None]
    _set_filter: Callable[..., None]

    # ------------------------------------------------------------------ rows

    def action_first(self) -> None:
        table = self._table
        if table.order:
            table.move_cursor(row=0, scroll=True)

    def action_last(self) -> None:
        table = self._table
        if table.order:
            table.move_cursor(row=len(table.order) - 1, scroll=True)

    def action_undecided(self, direction: str) -> None:
        """`]` / `[`: the next / previous undecided increment of the list as shown (wrapping)."""
        if self.session is None:
            return
        table = self._table
        undecided = {r.inc.id for r in self.visible_rows() if r.action is None}
        key, wrapped = step_undecided(
            table.order, table.current_key, undecided, direction != "previous"
        )
        if key is None:
            self.notify(
                "nothing undecided here" + (" (filtered: Esc clears)" if self.filter_text else ""),
                markup=False,
                timeout=2,
            )
            return
        table.select_key(key)
        if wrapped:
            self.notify(
                "wrapped to the top" if direction != "previous" else "wrapped to the bottom",
                markup=False,
                timeout=1.5,
            )

    def jump_to(self, key: str) -> bool:
        """Put the cursor on increment *key* (clearing a filter that hides it); False if not tonight's."""
        if self.session is None or self.session.row(key) is None:
            return False
        row = self.session.row(key)
        assert row is not None
        if row.inc.id not in self._table.order and self.filter_text:
            self._set_filter("")
            self.notify("filter cleared to show it", markup=False, timeout=2)
        if "increments" in self.pane_choice and not self.pane_choice["increments"]:
            self.pane_choice["increments"] = True
            self.apply_panes()
        table = self._table
        found = table.select_key(row.inc.id)
        table.focus()
        self._refresh_views()
        return found

    # ------------------------------------------------------------------ panes

    def pane_default(self, name: str) -> bool:
        """What the width shows by itself (the breakpoints of the screen's CSS classes)."""
        if name == "notes":
            return self.has_class("-wide")
        if name == "sections":
            return not self.has_class("-narrow")
        return True

    def pane_shown(self, name: str) -> bool:
        return self.pane_choice.get(name, self.pane_default(name))

    def action_pane(self, name: str) -> None:
        """`1`–`4`: show (and focus) or hide a pane; the last visible one stays."""
        if name not in PANES or not self.panes_ready:
            return
        show = not self.pane_shown(name)
        if not show and sum(self.pane_shown(p) for p in PANES) <= 1:
            self.notify("the last pane stays (1–4 show the others)", markup=False, timeout=2)
            return
        self.pane_choice[name] = show
        if show and name in SIDE and self.has_class("-narrow"):
            for other in SIDE:  # one side pane at a time at 80 columns
                if other != name:
                    self.pane_choice[other] = False
        self.apply_panes()
        widget = self.query_one(PANES[name][0])
        if show:
            target = (
                widget
                if widget.focusable
                else next((w for w in widget.query("*") if w.focusable), None)
            )
            if target is not None:
                target.focus()

    def apply_panes(self) -> None:
        """Show each pane as chosen (or as the width has it) and name the hidden ones."""
        if not self.panes_ready:
            return
        hidden = []
        for name, (selector, _key) in PANES.items():
            shown = self.pane_shown(name)
            widget = self.query_one(selector)
            if widget.display != shown:
                widget.display = shown
            if not shown:
                hidden.append(name)
        focused = self.focused
        if focused is not None and not all(
            a.display for a in [focused, *focused.ancestors_with_self] if isinstance(a, Widget)
        ):
            visible = [
                self.query_one(PANES[p][0]) for p in ("increments", "detail") if self.pane_shown(p)
            ]
            if visible:
                visible[0].focus()
        hint = "  ".join(f"{self._pane_key(n)} {n}" for n in hidden)
        table, detail = self._table, self.query_one("#detail")
        holder = table if self.pane_shown("increments") else detail
        other = detail if holder is table else table
        holder.border_subtitle = f"hidden: {hint}" if hint else ""
        other.border_subtitle = ""

    def _pane_key(self, name: str) -> str:
        """The key that toggles *name* now (after the user's keymap)."""
        from curator.tui.actions import BY_ID

        action = BY_ID[f"pane_{name}"]
        keymap: dict[str, str] = getattr(self, "keymap", {})
        return keymap.get(action.id, action.keys).split(",")[0]
