"""The bundled demo workspace: copied to a fresh writable folder so decisions can be saved."""

from __future__ import annotations

import shutil
import tempfile
from importlib import resources
from pathlib import Path


def demo_source() -> Path:
    """Where the packaged demo lives (works for wheels and editable installs)."""
    return Path(str(resources.files("curator") / "demo_workspace"))


def copy_demo(target: Path | None = None) -> Path:
    """Copy the demo to ``target`` (must be absent or empty) or to a new temp folder."""
    src = demo_source()
    if target is None:
        target = Path(tempfile.mkdtemp(prefix="curator-demo-")) / "workspace"
    target = target.expanduser().resolve()
    if target.exists() and any(target.iterdir()):
        raise FileExistsError(f"{target} is not empty; choose another --dir")
    shutil.copytree(src, target, dirs_exist_ok=True)
    for p in target.rglob("*"):
        try:
            p.chmod(0o755 if p.is_dir() else 0o644)
        except OSError:
            pass
    return target
