"""The triage screen's panes: shown and hidden with ``1``–``4`` at every width.

A layer of :class:`~curator.tui.screens.triage.TriageScreen`, under its views (which mount
the panes, then apply the choices made here). The width only picks the defaults, and a
hidden pane is named in the visible list's border, so none vanishes without a way back.
"""

from __future__ import annotations

from textual.widget import Widget

from curator.tui.actions import BY_ID, keys_of
from curator.tui.screens.triage_state import Layer

PANES: dict[str, tuple[str, str]] = {
    "notes": ("#notes", "1"),
    "increments": ("#increments", "2"),
    "sections": ("#sections-pane", "3"),
    "detail": ("#detail", "4"),
}
"""Pane name → (selector, default key)."""

SIDE = ("notes", "sections")


class Panes(Layer):
    """Pane toggles (`1`–`4`) and the width's defaults."""

    def on_resize(self) -> None:
        # the width's defaults may have changed (the breakpoint classes are set by now)
        self.apply_panes()

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
        action = BY_ID[f"triage.pane_{name}"]
        return next(iter(keys_of(action, self.keymap)), "")  # a pane may be left without a key
