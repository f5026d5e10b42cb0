"""Render the E1 briefing (预消化简报) from the increments the editor approved.

A :class:`~curator.triage.Triage` goes in, Markdown text comes out (no file writes), so
the UI preview, ``curator export`` and the tests all show the same bytes.  The work is
split three ways:

- what goes into the briefing: :mod:`curator.briefing_model` (entries, their sources,
  key points, caveats, contradictions, relation to the doc; net-new and carried-over IDs);
- how each part is written in a language: :mod:`curator.briefing_page` and the part
  renderers (:mod:`~curator.briefing_front`, :mod:`~curator.briefing_entry`,
  :mod:`~curator.briefing_tables`, :mod:`~curator.briefing_checked`), with the phrases in
  :mod:`curator.briefing_words`;
- where the parts go on the page: a ``string.Template``
  (``curator/templates/briefing_<lang>.md``) that a workspace may replace with its own file
  (``curator.toml``: ``template = ...``).

This module is the door: :func:`render_briefing`, the templates, the output path.  Given
the template, the key-point cap and the section index, rendering reads no file; left out,
they come from the analysed workspace as before.

Everything taken from notes is data: :func:`curator.textio.sanitize` removes
control characters and escape sequences, while markup such as ``[bold]`` is
written exactly as the author typed it.

The file starts with the title line ("<topic> · E1 预消化简报(<date>)") and
carries a ``<!-- curator:briefing ... -->`` marker, which is how a later
``curator analyze`` recognises it as an earlier briefing of the topic.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from datetime import tzinfo
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from curator import briefing_checked, briefing_entry, briefing_front, briefing_tables
from curator.briefing_front import MARKER_PREFIX
from curator.briefing_model import build_model
from curator.briefing_page import Page
from curator.briefing_points import DEFAULT_CAP
from curator.briefing_text import one_line, path_part
from curator.briefing_words import LANGS, normalize_lang
from curator.context import index_of
from curator.models import Analysis
from curator.suggest import SectionIndex
from curator.timeutil import fmt_window

if TYPE_CHECKING:
    from curator.config import Config
    from curator.triage import Triage

__all__ = [
    "LANGS",
    "MARKER_PREFIX",
    "TemplateError",
    "WorkspaceSettings",
    "builtin_template",
    "default_output_path",
    "load_template",
    "normalize_lang",
    "render_briefing",
    "workspace_settings",
]


class TemplateError(ValueError):
    """The configured template file cannot be used (one clear line for the user)."""


def builtin_template(lang: str) -> str:
    """The template shipped in curator/templates/ for *lang*."""
    name = f"briefing_{normalize_lang(lang)}.md"
    return (resources.files("curator") / "templates" / name).read_text(encoding="utf-8")


def load_template(cfg: Config, lang: str) -> str:
    """The workspace's template (``Config.template``, relative to the workspace) or the built-in
    one.

    Only a file in the workspace or under the user's own config folder is read (see
    :func:`curator.config.path_problem`).

    ``{lang}`` in the configured path is replaced by the language, so one
    setting can name a Chinese and an English file.
    """
    if not cfg.template:
        return builtin_template(lang)
    from curator.config import template_allowed

    raw = cfg.template.replace("{lang}", normalize_lang(lang))
    path = Path(raw).expanduser()
    if not path.is_absolute():
        path = cfg.root / path
    # checked by load_config; again here, links may have changed
    if not template_allowed(cfg.root, raw):
        raise TemplateError(
            f"briefing template {path} is neither in the workspace nor in your own config folder"
        )
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError as exc:
        raise TemplateError(
            f"briefing template not found: {path} (set by 'template' in curator.toml)"
        ) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise TemplateError(
            f"cannot read briefing template {path}: {getattr(exc, 'strerror', None) or exc}"
        ) from exc


def default_output_path(analysis: Analysis, editor: str, *, inbox: str = "inbox") -> str:
    """``inbox/<editor>/<YYYY-MM-DD>-<topic>-e1prep.md``, dated by the window's end in its own
    offset.

    That name is what the analysis recognises as a briefing of *topic*, so the
    next evening's relay sees what this one already reported.
    """
    date = analysis.window.until.date().isoformat()
    return (
        f"{inbox.strip('/') or 'inbox'}/{path_part(editor)}/"
        f"{date}-{path_part(analysis.topic)}-e1prep.md"
    )


@dataclass
class WorkspaceSettings:
    """What the briefing takes from the analysed workspace's curator.toml."""

    template: str
    """Template text: the workspace's ``template`` file, else the built-in one."""
    points_cap: int = DEFAULT_CAP
    """``max_points``: key points per increment (0 shows them all)."""
    zone: tzinfo | None = None
    """``timezone``: the zone the signature is written in; None keeps the window's own offset."""


def workspace_settings(
    analysis: Analysis, lang: str, *, template: bool = True
) -> WorkspaceSettings:
    """The settings of the analysed workspace (the defaults when it has no usable config).

    Reads the workspace's ``template`` file only when *template* is true (else the
    template is left empty)."""
    cfg = None
    if analysis.workspace:
        from curator.config import ConfigError, load_config

        try:
            cfg = load_config(Path(analysis.workspace))
        except ConfigError:
            cfg = None
    if cfg is None:
        return WorkspaceSettings(builtin_template(lang) if template else "")
    return settings_from_config(cfg, lang, template=template)


def settings_from_config(cfg: Config, lang: str, *, template: bool = True) -> WorkspaceSettings:
    """The briefing's settings from a config the caller has already read (read once per command).

    Raises TemplateError when the workspace's template cannot be used."""
    text = ""
    if template:
        text = load_template(cfg, lang) if cfg.template else builtin_template(lang)
    zone = cfg.tz if cfg.timezone and cfg.tz is not None else None
    return WorkspaceSettings(text, cfg.max_points, zone)


def render_briefing(
    triage: Triage,
    *,
    lang: str = "zh",
    summary: str | None = None,
    editor: str | None = None,
    template: str | None = None,
    settings: WorkspaceSettings | None = None,
    section_index: SectionIndex | None = None,
) -> str:
    """The briefing for the approved rows of *triage*, as Markdown.

    ``template`` is template *text* (see :func:`load_template`); ``settings`` the
    workspace's briefing settings (template, key-point cap, signature zone); None reads
    them from the analysed workspace's curator.toml (:func:`workspace_settings`), and a
    ``template`` given wins over the settings' one.  ``section_index`` is the living doc's
    section index; None takes the one the analysis built (:func:`curator.context.index_of`).  Given
    ``settings`` and ``section_index``, rendering reads no file.  ``summary`` is the
    editor's own closing text; None or blank drafts one.  The signature carries the
    window's end, so the text does not depend on when it is rendered.
    """
    lang = normalize_lang(lang)
    analysis = triage.analysis
    if settings is None:
        settings = workspace_settings(analysis, lang, template=template is None)
    index = section_index if section_index is not None else index_of(analysis).index
    who = one_line(editor or getattr(triage.store, "editor", None) or "editor") or "editor"
    model = build_model(triage, index, points_cap=settings.points_cap)
    page = Page(model, lang, who, zone=settings.zone)
    values = _values(page, summary)
    for part in _PROSE:  # every section number as the doc writes it ("§3-2-1"), in every part
        values[part] = page.as_written(values[part])
    return fill_template(settings.template if template is None else template, values)


_PROSE: tuple[str, ...] = ("header", "status", "increments", "contradictions", "arxiv_new")
_PROSE += ("arxiv_carried", "sources", "no_news", "summary")


def _values(page: Page, summary: str | None) -> dict[str, str]:
    """Each ``$name`` of the template, written."""
    model = page.model
    w = model.analysis.window
    return {
        "title": briefing_front.title(page),
        "marker": briefing_front.marker(page),
        "header": briefing_front.header(page),
        "status": briefing_front.status(page),
        "count": str(len(model.entries)),
        "increments": briefing_entry.increments(page),
        "contradictions": briefing_tables.contradictions(page),
        "arxiv_new": briefing_tables.arxiv_new(page),
        "arxiv_carried": briefing_tables.arxiv_carried(page),
        "net_new_count": str(len(model.net_new)),
        "carried_count": str(len(model.carried)),
        "sources": briefing_checked.sources(page),
        "no_news": briefing_checked.no_news(page),
        "summary": briefing_front.summary(page, summary),
        "footer": briefing_front.footer(page),
        "topic": model.topic,
        "editor": page.editor,
        "date": w.until.date().isoformat(),
        "since": w.since.isoformat(),
        "until": w.until.isoformat(),
        "window": fmt_window(w.since, w.until),
        "living_doc": one_line(model.doc.path),
        "version": page.version(),
    }


def fill_template(template: str, values: dict[str, str]) -> str:
    """*template* with *values* in place; the marker is added after the title line when the
    template has no ``$marker`` (a custom template must still round-trip as a briefing)."""
    text = string.Template(template).safe_substitute(values)
    text = text.replace("\r\n", "\n").strip("\n")
    if MARKER_PREFIX not in text:
        first, _, rest = text.partition("\n")
        text = f"{first}\n{values['marker']}\n{rest}" if rest else f"{first}\n{values['marker']}"
    return text + "\n"
