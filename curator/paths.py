"""Where packaged resources live, in a wheel and in a source checkout alike."""

from __future__ import annotations

from pathlib import Path


def styles_dir() -> Path:
    """The Textual CSS folder: package ``curator.styles`` when installed, ``styles/`` in a checkout."""
    try:
        from importlib.resources import files

        path = Path(str(files("curator.styles")))
        if (path / "app.tcss").is_file():
            return path
    except (ModuleNotFoundError, TypeError):
        pass
    return Path(__file__).resolve().parent.parent / "styles"
