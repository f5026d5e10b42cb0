"""The bundled demo workspace: one writable copy, kept between runs, so decisions made in it stay.

``curator demo`` opens the same copy every time (under the user's data folder, or ``--dir``);
``--fresh`` replaces it with a new one. A folder is only ever replaced or reused when it holds
the mark this module writes into every copy: nothing else is touched.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
import uuid
from importlib import resources
from pathlib import Path

MARK = ".curator-demo"
"""A file at the top of every demo copy: what makes a folder safe to reuse or replace."""
MARK_TEXT = "This folder is a copy of curator's demo relay; `curator demo --fresh` replaces it.\n"


class DemoRefused(Exception):
    """The demo folder holds something that is not a curator demo copy; nothing was touched."""


def demo_source() -> Path:
    """Where the packaged demo lives (works for wheels and editable installs)."""
    return Path(str(resources.files("curator") / "demo_workspace"))


def default_demo_dir() -> Path:
    """``<user data folder>/curator/demo``: ``$XDG_DATA_HOME`` when set (on any system), else
    platformdirs'."""
    xdg = os.environ.get("XDG_DATA_HOME", "")
    if xdg and Path(xdg).is_absolute():
        return Path(xdg) / "curator" / "demo"
    from platformdirs import user_data_dir

    return Path(user_data_dir("curator")) / "demo"


def is_demo_copy(folder: Path) -> bool:
    """Whether *folder* is a real folder (not a link) holding our mark as a regular file."""
    try:
        if not stat.S_ISDIR(os.lstat(folder).st_mode):
            return False
        return stat.S_ISREG(os.lstat(folder / MARK).st_mode)
    except OSError:
        return False


def _empty_folder(folder: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(folder).st_mode) and not any(folder.iterdir())
    except OSError:
        return False


def _fresh_copy_beside(target: Path) -> Path:
    """A complete, marked copy in a new folder next to *target* (same filesystem: renames are
    atomic)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}-new-", dir=target.parent))
    shutil.copytree(demo_source(), staging, dirs_exist_ok=True)
    for p in [staging, *staging.rglob("*")]:
        with contextlib.suppress(OSError):  # the packaged files may be read-only
            p.chmod(0o755 if p.is_dir() else 0o644)
    (staging / MARK).write_text(MARK_TEXT, encoding="utf-8")
    return staging


def open_demo(target: Path | None = None, *, fresh: bool = False) -> tuple[Path, str]:
    """The demo copy to open and what happened: ``"reused"``, ``"new"`` or ``"replaced"``.

    An absent or empty *target* gets a new copy; a demo copy is reused, or with *fresh*
    replaced (the new copy is complete before the old one is moved away and deleted).
    Anything else there raises :class:`DemoRefused` and is left as it is.
    """
    target = (target or default_demo_dir()).expanduser().absolute()
    if is_demo_copy(target) and not fresh:
        return target, "reused"
    if os.path.lexists(target) and not is_demo_copy(target) and not _empty_folder(target):
        raise DemoRefused(
            f"{target} exists and is not a curator demo copy (no {MARK} in it); "
            "it was left alone: choose another --dir"
        )
    replacing = is_demo_copy(target)
    staging = _fresh_copy_beside(target)
    old = target.with_name(f".{target.name}-old-{uuid.uuid4().hex[:8]}") if replacing else None
    try:
        if old is not None:
            os.rename(target, old)  # set aside, not deleted, until the new copy is in place
        elif _empty_folder(target):
            target.rmdir()
        try:
            os.rename(staging, target)
        except OSError:
            if old is not None and not os.path.lexists(target):
                os.rename(old, target)  # put the old copy back: the demo is never left missing
                raise
            if is_demo_copy(target):  # another `curator demo` made it meanwhile: use theirs
                return target, "reused"
            raise
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    if old is not None and is_demo_copy(old):  # checked again: only ever our own copy is deleted
        shutil.rmtree(old, ignore_errors=True)
    return target, "replaced" if replacing else "new"


def copy_demo(target: Path | None = None) -> Path:
    """A new demo copy at *target* (absent or empty) or in a new temporary folder."""
    if target is None:
        target = Path(tempfile.mkdtemp(prefix="curator-demo-")) / "workspace"
    target = target.expanduser().resolve()
    if target.exists() and any(target.iterdir()):
        raise FileExistsError(f"{target} is not empty; choose another --dir")
    return open_demo(target)[0]
