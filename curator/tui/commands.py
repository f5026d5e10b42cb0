"""The command palette (Ctrl+P): every triage action, searchable by name, with its key."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider


class TriageCommands(Provider):
    """Lists the triage screen's actions (those it can run right now)."""

    def _commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        screen = self.screen
        entries = getattr(screen, "palette_entries", None)
        if entries is None:
            return []
        out = []
        for name, help_text, action in entries():
            out.append((name, help_text, partial(screen.run_action, action)))
        return out

    async def discover(self) -> Hits:
        for name, help_text, callback in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)
