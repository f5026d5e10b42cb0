"""Rendering, writing and copying the approved briefing (the export screen and ``curator export``).

:func:`prepare_briefing` renders the window's approved increments; :func:`briefing_target`
and :func:`save_briefing` put it in a file (never overwriting one without ``force``, never
writing through a link); :func:`copy_to_clipboard` copies it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from curator.briefing import (
    WorkspaceSettings,
    default_output_path,
    normalize_lang,
    render_briefing,
    settings_from_config,
    workspace_settings,
)
from curator.briefing_caveats import gathered as gathered_caveats
from curator.export import (
    ExportExists,
    ExportRefused,
    copy_to_clipboard,
    export_json,
    output_path,
    write_briefing,
)
from curator.service.evening import Evening

__all__ = [
    "Briefing",
    "WorkspaceSettings",
    "BriefingRefused",
    "ExportExists",
    "ExportRefused",
    "briefing_target",
    "copy_to_clipboard",
    "default_output_path",
    "export_json",
    "gathered_caveats",
    "output_path",
    "prepare_briefing",
    "render_briefing",
    "save_briefing",
    "workspace_settings",
    "write_briefing",
]


class BriefingRefused(Exception):
    """No briefing for this window: a bad window, or a template that cannot be used (one line)."""


@dataclass
class Briefing:
    """The rendered briefing of one window, and what a command says about it."""

    text: str
    count: int
    """How many increments are approved (the briefing's increments)."""
    lang: str
    default_path: str
    """Where it goes when no ``--out`` is given, relative to the workspace (the inbox)."""


def prepare_briefing(
    evening: Evening,
    window: tuple[str | None, str | None, str | None],
    lang: str | None,
    *,
    say: Callable[[str], None],
) -> Briefing:
    """Render the approved increments of the window (topic, since, until) in *lang*.

    *lang* None is ``curator.toml``'s. Raises BriefingRefused for a bad window or a template
    that cannot be used; the cache's and the store's problems go to *say*.
    """
    from curator.store import DecisionStore
    from curator.triage import Triage

    cfg = evening.config
    lang = normalize_lang(lang or cfg.lang)
    try:
        analysis = evening.analyze(*window)  # the window's briefing: notes outside it only dated
        settings = settings_from_config(cfg, lang)  # curator.toml was read once, by the evening
    except ValueError as exc:  # TemplateError is one
        raise BriefingRefused(str(exc)) from exc
    editor = cfg.editor_name
    store = DecisionStore.open(evening.root, editor, readonly=True, session_lock=False)
    try:
        for problem in dict.fromkeys([*evening.cache_problems, *store.problems]):  # once each
            say(problem)
        triage = Triage(analysis, store)
        count = len(triage.approved())
        text = render_briefing(triage, lang=lang, editor=editor, settings=settings)
    finally:
        store.close()
    return Briefing(text, count, lang, default_output_path(analysis, editor, inbox=cfg.inbox))


def briefing_target(evening: Evening, out: str | None, briefing: Briefing) -> Path:
    """The file *out* names (a folder gets the default name inside it), else the default one.

    Raises ExportRefused when the default would leave the workspace.
    """
    return output_path(evening.root, out, briefing.default_path)


def save_briefing(evening: Evening, target: Path, text: str, *, force: bool) -> tuple[Path, bool]:
    """Write *text* to *target*; (the path written, whether an existing file was replaced).

    Raises ExportExists (without *force*), ExportRefused (not a regular file) or OSError;
    nothing is written then.
    """
    existed = os.path.lexists(target)
    path = write_briefing(evening.root, target, text, force=force)
    return path, existed and force
