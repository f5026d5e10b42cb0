"""Moving around the triage screen: first/last row, next/previous undecided, jumps.

A layer of :class:`~curator.tui.screens.triage.TriageScreen`, over its views; the panes
(``1``–``4``) are :mod:`curator.tui.screens.panes`.
"""

from __future__ import annotations

from curator.tui.screens.triage_views import TriageViews


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


class Navigation(TriageViews):
    """Cursor jumps: first and last row, next and previous undecided, an increment by key."""

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
        """Put the cursor on increment *key* (clearing a filter that hides it); False if not
        tonight's."""
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
