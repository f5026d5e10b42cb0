"""Where packaged resources live, in a wheel and in a source checkout alike; the later styles."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App


def styles_dir() -> Path:
    """The Textual CSS folder: package ``curator.styles`` when installed, ``styles/`` in a checkout.

    Looked up beside this file rather than through importlib.resources, whose import
    alone costs the first frame several milliseconds.
    """
    here = Path(__file__).resolve().parent.parent
    for cand in (here / "styles", here.parent / "styles"):
        if (cand / "app.tcss").is_file():
            return cand
    return here.parent / "styles"


_STYLES = styles_dir()
APP_CSS = str(_STYLES / "app.tcss")
"""What the first frame shows."""
LATER_CSS = str(_STYLES / "panes.tcss")
"""The panes' and dialogs' rules (absolute, as Textual keys the files it has read)."""


def read_later_styles(app: App[Any]) -> None:
    """Add the panes' and dialogs' rules to *app*'s stylesheet, once, before any of them shows.

    Parsing them before the first frame cost it ~2 ms, for rules nothing on it uses. Read
    after app.tcss, they keep their order (the later of two equal rules wins). Only the new
    file is parsed: Textual keeps the others' rules.
    """
    sheet = app.stylesheet
    if sheet.has_source(LATER_CSS):
        return
    sheet.read(LATER_CSS)
    sheet.parse()
    sheet.update(app)
