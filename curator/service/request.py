"""The evening the editor asked to open: a workspace, a topic, a window, and its settings.

One object, held by the app and read by the screens, so the request is said once. The
settings (``curator.toml``) are read on first use, from whichever thread needs them first:
reading them imports tomllib and zoneinfo, which the UI's first frame must not wait for.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from curator.config import Config

KeymapCheck = Callable[[dict[str, str]], tuple[dict[str, str], list[str]]]
"""``[keymap]`` as written → (binding id → keys, problems): the UI's action registry."""


@dataclass
class EveningRequest:
    """What to open; the settings are read once, and a broken file still opens with defaults."""

    root: Path
    topic: str | None = None
    since: str | None = None
    until: str | None = None
    check_keymap: KeymapCheck | None = None
    """Resolves and checks ``[keymap]`` when the settings are read (its problems join theirs)."""
    given: Config | None = None
    """The settings the command line has already read and checked (then they are not read
    again)."""
    problem: str | None = None
    """Why curator.toml could not be used at all (then the defaults are)."""
    keymap: dict[str, str] = field(default_factory=dict)
    """The checked ``[keymap]`` (binding id → keys), filled when the settings are read."""
    _config: Config | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def __post_init__(self) -> None:
        self.root = Path(self.root)

    @property
    def config(self) -> Config:
        """curator.toml, read once on first use (from any thread); defaults and a problem if
        broken."""
        if self._config is None:
            with self._lock:
                if self._config is None:
                    self._config = self._read()
        return self._config

    def _read(self) -> Config:
        from curator.config import Config, ConfigError, load_config

        try:
            config = self.given if self.given is not None else load_config(self.root)
        except ConfigError as exc:  # still open, with defaults, and say why
            config = Config(root=self.root)
            self.problem = str(exc)
        if self.check_keymap is None:
            self.keymap = dict(config.keymap)
        else:
            self.keymap, problems = self.check_keymap(config.keymap)
            config.problems.extend(problems)
        return config
