"""Where packaged resources live, in a wheel and in a source checkout alike."""

from __future__ import annotations

from pathlib import Path


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
