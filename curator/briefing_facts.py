"""Facts the briefing states more than once, kept consistent (issue 11, "Consistent facts").

:mod:`curator.briefing` decides what goes into the briefing; this module holds the small
rules that keep one fact the same wherever it appears:

* :func:`signature_stamp` — the signature's time is the window's end, shown in the
  workspace's time zone (never the wall clock of the export);
* :class:`SectionLabels` — every reference to a section of the living doc is written as the
  doc labels it ("§1.13"), whatever form the editor or a note typed ("1.13", "Section 1.13",
  a section title);
* :func:`distinct_names` — near-duplicate names (rapidfuzz over normalised text) become one;
* :func:`is_real_anchor` — what the "relation to the living doc" lines may call an anchor.

Pure functions over the analysis' models; no Textual, no file writes.
"""

from __future__ import annotations

from datetime import datetime, tzinfo
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from curator.models import Analysis

__all__ = [
    "signature_stamp",
    "workspace_zone",
]


# --------------------------------------------------------------------------- signature time


def workspace_zone(analysis: Analysis) -> tzinfo | None:
    """The time zone the workspace names (``timezone`` in curator.toml), else the window's own."""
    fallback = analysis.window.until.tzinfo
    if not analysis.workspace:
        return fallback
    from curator.config import ConfigError, load_config

    try:
        cfg = load_config(Path(analysis.workspace))
    except (ConfigError, OSError):
        return fallback
    return cfg.tz if cfg.timezone and cfg.tz is not None else fallback


def signature_stamp(until: datetime, zone: tzinfo | None) -> str:
    """"2026-08-20 22:20 +08:00": the window's end in *zone* (its own offset when None)."""
    when = until if until.tzinfo else until.replace(tzinfo=zone)
    if zone is not None:
        when = when.astimezone(zone)
    offset = when.strftime("%z")
    return when.strftime("%Y-%m-%d %H:%M") + (f" {offset[:3]}:{offset[3:5]}" if offset else "")
