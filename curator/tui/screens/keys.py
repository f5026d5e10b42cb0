"""The triage screen's keys as help and the command palette show them (from the registry).

A layer of :class:`~curator.tui.screens.triage.TriageScreen`. Both lists come from
:data:`curator.tui.actions.ACTIONS` with the user's ``[keymap]`` applied, so what `?` and
Ctrl+P say is what the keys do.
"""

from __future__ import annotations

from textual.binding import Binding

from curator.tui.actions import ACTIONS, Action, keymap_name, keys_of
from curator.tui.screens.triage_state import TriageBase


class Keys(TriageBase):
    """Help rows, palette entries, and why an action cannot run right now."""

    def keys_of(self, action: Action) -> list[str]:
        """The key names bound to *action* now (the keymap's, else the defaults)."""
        return keys_of(action, self.keymap)

    def shown_keys(self, action: Action) -> str:
        """*action*'s keys as the footer shows them (``^r``), after the keymap."""
        return " / ".join(
            self.app.get_key_display(Binding(k, action.action)) for k in self.keys_of(action)
        )

    def key_table(self) -> list[tuple[str, str, str]]:
        """(keys as shown, binding id, description) for every triage action, after the keymap."""
        return [(self.shown_keys(a), a.id, a.name) for a in ACTIONS]

    def help_rows(self, actions: tuple[Action, ...] = ACTIONS) -> list[tuple[str, str, str]]:
        """(keys as shown, the name ``[keymap]`` knows it by, description) for help."""
        return [(self.shown_keys(a), keymap_name(a), a.name) for a in actions]

    def palette_entries(self) -> list[tuple[str, str, str, list[str]]]:
        """(name, help, action, key names) for every action; help says when it cannot run now."""
        out = []
        for (shown, _id, name), action in zip(self.key_table(), ACTIONS, strict=True):
            help_text = f"key: {shown}"
            reason = self.why_not(action)
            if reason:
                help_text += f" · not now: {reason}"
            names = self.keys_of(action)
            displays = [self.app.get_key_display(Binding(k, action.action)) for k in names]
            out.append((name, help_text, action.action, [*names, *displays]))
        return out

    def why_not(self, action: Action) -> str | None:
        """None when *action* can run now, else a few words why not."""
        if self.check_action(action.method, ()):
            return None
        if not self.ready or self.session is None:
            return "still reading the relay"
        if self.session.readonly:
            return "read-only"
        if self.busy:
            return "waiting for the workspace"
        return {
            "undo": "nothing to undo",
            "redo": "nothing to redo",
            "distinct": "no flagged overlap on this row",
        }.get(action.method, "no row selected")

    async def run_from_palette(self, action: str) -> None:
        """Run *action*, or say why it cannot run (the palette lists every action)."""
        method = action.split("(", 1)[0]
        found = next((a for a in ACTIONS if a.action == action), None)
        reason = self.why_not(found) if found is not None else None
        if reason:
            self.notify(f"{found.name if found else method}: {reason}", markup=False, timeout=3)
            return
        await self.run_action(action)
