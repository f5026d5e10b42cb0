"""The curator Textual app: opens the triage screen, then loads the configuration and keymap.

Kept to wiring on purpose; the screens and widgets hold the behaviour. curator.toml is read
right after the first frame (or sooner, by whoever needs it first): reading it imports tomllib
and zoneinfo, a third of what the first frame would otherwise wait for.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App
from textual.screen import Screen

from curator.service.request import EveningRequest
from curator.tui.actions import bindings, resolve_keymap
from curator.tui.paths import APP_CSS, read_later_styles
from curator.tui.screens.triage import TriageScreen

if TYPE_CHECKING:
    from curator.service.settings import Config

NOTICE_SECONDS = 120
"""How long a startup notice (the demo's folder) stays on screen."""


class CuratorApp(App[None]):
    """`curator WORKSPACE`: triage the evening relay by keyboard."""

    CSS_PATH = [APP_CSS]
    TITLE = "curator"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = bindings("app")

    def __init__(
        self,
        root: Path,
        topic: str | None = None,
        since: str | None = None,
        until: str | None = None,
        notice: str | None = None,
        config: Config | None = None,
    ) -> None:
        """Open *root* (a workspace folder) for *topic* and the given window.

        *notice* is said on the first screen and stays a while (``curator demo`` names its folder).
        *config* is the workspace's settings when the command line has already read them.
        """
        super().__init__()
        self.notice = notice
        self.request = EveningRequest(
            Path(root), topic, since, until, check_keymap=resolve_keymap, given=config
        )
        """What to open, and its settings: the one copy every screen reads."""
        self.key_at = 0.0
        """time.monotonic() of the last key pressed (background work waits while keys come)."""

    @property
    def config(self) -> Config:
        """curator.toml, read once on first use (from any thread); defaults and a problem if
        broken."""
        return self.request.config

    @property
    def triage(self) -> TriageScreen:
        """The main screen (for tests and the screenshot script)."""
        screen = self.screen_stack[0]
        assert isinstance(screen, TriageScreen)
        return screen

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key):
            self.key_at = time.monotonic()
            read_later_styles(self)  # a dialog may open before the panes have read them
        elif isinstance(event, events.MouseDown):
            read_later_styles(self)
        await super().on_event(event)

    def get_default_screen(self) -> Screen[None]:
        return TriageScreen(self.request)

    def on_mount(self) -> None:
        self.call_after_refresh(self._apply_config)
        if self.notice:
            self.call_after_refresh(self._say_notice)

    def _say_notice(self) -> None:
        """The caller's notice, long enough to be read while working (plain text: paths hold
        brackets)."""
        assert self.notice is not None
        self.notify(self.notice, title="curator", timeout=NOTICE_SECONDS, markup=False)

    def _apply_config(self) -> None:
        """The keymap and any configuration problems, once the first frame is out."""
        from curator.tui.text import clean

        config = self.request.config  # checks [keymap] against every screen's actions
        self.set_keymap(self.request.keymap)
        for problem in [self.request.problem, *config.problems]:
            if problem:
                self.notify(clean(problem, 300), severity="warning", markup=False, timeout=10)

    def on_unmount(self) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, TriageScreen):
                screen.close_session()
