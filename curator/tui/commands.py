"""The command palette (Ctrl+P): every triage action, found by name or by key.

Actions that cannot run right now are listed too, saying why (``redo`` must find Redo
even when there is nothing to redo); choosing one then says why instead of doing nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

KEY_MATCH = 1000.0
"""Score of an exact key match (``^r``, ``ctrl+r``, ``]``): above any fuzzy name match."""


class TriageCommands(Provider):
    """Lists the triage screen's actions, from its registry."""

    def _commands(self) -> list[tuple[str, str, list[str], Callable[[], object]]]:
        from curator.tui.screens.keys import Keys  # loaded with the triage screen

        screen = self.screen
        if not isinstance(screen, Keys):
            return []
        return [
            (name, help_text, keys, partial(screen.run_from_palette, action))
            for name, help_text, action, keys in screen.palette_entries()
        ]

    async def discover(self) -> Hits:
        for name, help_text, _keys, callback in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        wanted = query.strip()
        for name, help_text, keys, callback in self._commands():
            score = matcher.match(name)
            if wanted and wanted in keys:
                score = KEY_MATCH
            elif wanted and wanted.lower() in {k.lower() for k in keys}:
                score = max(score, KEY_MATCH * 0.9)  # `e` finds Edit first, then Export
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)
