"""Rendering, writing and copying the approved briefing (the export screen and ``curator export``)."""

from curator.briefing import default_output_path, render_briefing
from curator.briefing_caveats import gathered as gathered_caveats
from curator.export import (
    ExportExists,
    ExportRefused,
    copy_to_clipboard,
    output_path,
    write_briefing,
)

__all__ = [
    "ExportExists",
    "ExportRefused",
    "copy_to_clipboard",
    "default_output_path",
    "gathered_caveats",
    "output_path",
    "render_briefing",
    "write_briefing",
]
