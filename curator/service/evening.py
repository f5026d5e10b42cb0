"""Opening an evening: a workspace, its settings read once, and the analysis of one window.

Every command that reads the relay (``analyze``, ``decide``, ``history``, ``export``, ``ui``,
``demo``) starts here, so ``curator.toml`` is loaded once per command and handed on, and the
index cache is made at most once. The UI's :class:`curator.service.loader.Loader` does the same
for a whole session (it keeps its own cache and saves it when idle).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the analysis engine loads when an analysis is asked for
    from curator.cache import IndexCache
    from curator.config import Config
    from curator.models import Analysis

Progress = Callable[[str, int, int], None]
"""``progress(stage, done, total)``, called while an analysis reads the workspace."""


class Evening:
    """One workspace as one command sees it: where it is, its settings, its index cache."""

    def __init__(self, root: Path, config: Config, *, cached: bool = True) -> None:
        """*cached*: analyses reuse unchanged files through ``.curator/`` (False reads every
        file)."""
        self.root = root
        self.config = config
        self.cached = cached
        self._cache: IndexCache | None = None
        self._docs: dict[str, str] | None = None
        """Topic -> living doc, as :meth:`check` found them."""

    @classmethod
    def open(cls, workspace: str | None, *, cached: bool = True) -> Evening:
        """The workspace a command names (or the one around the current folder), its settings read.

        Raises WorkspaceError or ConfigError (an unusable workspace).
        """
        from curator.workspace import resolve_workspace

        return cls.at(resolve_workspace(workspace), cached=cached)

    @classmethod
    def at(cls, root: Path, *, cached: bool = True) -> Evening:
        """The workspace at *root*, taken as it is (the demo copy)."""
        from curator.config import load_config

        return cls(root, load_config(root), cached=cached)

    @property
    def problems(self) -> list[str]:
        """What ``curator.toml`` said that was ignored, one line each."""
        return list(self.config.problems)

    @property
    def cache(self) -> IndexCache | None:
        """The index cache (made on first use), or None when the evening is not cached."""
        if self._cache is None and self.cached:
            from curator.cache import IndexCache

            self._cache = IndexCache(self.root)
        return self._cache

    @property
    def cache_problems(self) -> list[str]:
        """Why the cache is off (``.curator`` or a part of it is a link), one line each."""
        cache = self.cache
        return list(cache.problems) if cache is not None else []

    @property
    def opened_cache_problems(self) -> list[str]:
        """``cache_problems`` when something opened the cache; none when nothing did (a kept
        answer was printed without reading it)."""
        return list(self._cache.problems) if self._cache is not None else []

    def analyze(
        self,
        topic: str | None = None,
        since: str | None = None,
        until: str | None = None,
        *,
        defer_outside: bool = True,
        progress: Progress | None = None,
        save_cache: bool = True,
    ) -> Analysis:
        """The increments of *topic* in the window; ValueError for a bad window.

        ``defer_outside`` (the default for commands): notes outside the window are only dated,
        not split; no increment depends on them (see :func:`curator.analysis.analyze`).
        ``save_cache=False`` leaves saving the cache to the caller (a session saves when idle).
        """
        from curator.analysis import analyze

        return analyze(
            self.root,
            topic,
            since,
            until,
            cfg=self.config,
            progress=progress,
            cache=self.cache,
            save_cache=save_cache,
            defer_outside=defer_outside,
        )

    def check(self, topic: str | None, since: str | None, until: str | None) -> None:
        """The checks an analysis makes first (topic, folders, window), without reading the relay.

        Raises WorkspaceError for a missing topic or folder, ValueError for a bad window.
        """
        from curator.config import window_bounds
        from curator.workspace import choose_topic, layout

        lay = layout(self.config)
        choose_topic(self.config, lay, topic)
        window_bounds(self.config, since, until)
        self._docs = lay.docs

    def start_reading_docs(self) -> bool:
        """Start parsing the living docs beside this process (:mod:`curator.doc_pool`), for a
        cold start to find them ready; whether it started (not for small docs, nor when the
        index cache holds them)."""
        from curator.doc_pool import start
        from curator.workspace import WorkspaceError, layout

        try:
            docs = self._docs if self._docs is not None else layout(self.config).docs
            return start(self.root, docs)
        except (OSError, WorkspaceError):
            return False  # the analysis says what is wrong
