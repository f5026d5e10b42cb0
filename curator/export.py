"""Where the briefing goes and how it is written, safely; and the clipboard.

The briefing is rendered by :mod:`curator.briefing`; this module only decides where it
goes.  Writes are atomic (a crash leaves the old file or the new one, never half of it),
and an existing briefing is never overwritten without ``force``.  A clipboard that cannot
be used is a message, never an exception: the file part is done all the same.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from curator.atomic import atomic_write_text, fsync_dir, temp_name
from curator.textio import sanitize

__all__ = [
    "ExportExists",
    "ExportRefused",
    "copy_to_clipboard",
    "export_json",
    "output_path",
    "write_briefing",
]


class ExportExists(Exception):
    """The target file exists and ``force`` was not given; nothing was written."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path} exists")
        self.path = path


class ExportRefused(Exception):
    """The target is not a regular file (a link, a device, a FIFO, a folder) or is not where it may
    be."""


def _target(root: Path, rel_or_abs: str | os.PathLike[str]) -> Path:
    p = Path(rel_or_abs).expanduser()
    return p if p.is_absolute() else Path(root) / p


def output_path(root: Path, out: str | None, default: str) -> Path:
    """Where the briefing goes: ``--out`` (a folder gets the default file name inside it), else the
    default.

    The default comes from ``curator.toml`` (the inbox) and so from whoever committed it:
    it must stay inside the workspace, links followed (:class:`ExportRefused` otherwise).
    """
    if out:
        target = _target(root, out)
        named_folder = out.endswith(("/", os.sep)) or (target.is_dir() and not target.is_symlink())
        return target / Path(default).name if named_folder else target
    target = _target(root, default)
    from curator.config import within

    if not within(root, target.parent):
        raise ExportRefused(
            f"{target.parent} is outside the workspace (a link?); choose a file with --out"
        )
    return target


def _refuse_unless_regular(target: Path) -> None:
    """Only regular files are written or replaced: never a link (nor through it), a device, a FIFO,
    a folder."""
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        raise ExportRefused(
            f"{target} is a symbolic link; curator writes only regular files (choose another --out)"
        )
    if stat.S_ISDIR(st.st_mode):
        raise ExportRefused(f"{target} is a folder; curator writes only regular files")
    if not stat.S_ISREG(st.st_mode):
        raise ExportRefused(
            f"{target} is not a regular file (a device or a pipe); "
            "curator writes only regular files"
        )


def write_briefing(
    root: Path, rel_or_abs: str | os.PathLike[str], text: str, *, force: bool = False
) -> Path:
    """Write *text* to *rel_or_abs* (relative to the workspace *root*); returns the path.

    Only a regular file is ever written: a link, a device, a FIFO or a folder at the
    target raises :class:`ExportRefused` and is left untouched, ``force`` or not.
    Without *force* an existing file raises :class:`ExportExists` and is left
    untouched; the new file appears complete or not at all, and a hard link makes
    "create only if absent" atomic where the filesystem allows it.  With *force*
    the file is replaced atomically (a rename: a link put there meanwhile is
    replaced, never followed).
    """
    target = _target(root, rel_or_abs)
    _refuse_unless_regular(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    if force:
        atomic_write_text(target, text)
        return target
    if os.path.lexists(target):
        raise ExportExists(target)
    tmp = temp_name(target)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        try:
            data = memoryview(text.encode("utf-8"))
            while data:
                data = data[os.write(fd, data) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(tmp, target)  # fails if the target appeared meanwhile: never clobbers
        except FileExistsError as exc:
            raise ExportExists(target) from exc
        except OSError:
            # no hard links here (some network/FUSE filesystems): best effort
            if os.path.lexists(target):
                raise ExportExists(target) from None
            os.replace(tmp, target)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    fsync_dir(target.parent)
    return target


def copy_to_clipboard(text: str) -> tuple[bool, str]:
    """Copy *text*; (ok, message).  Never raises: no display, no xclip, no pyperclip are all
    fine."""
    try:
        import pyperclip  # type: ignore[import-untyped]  # its stubs (types-pyperclip) are not a dependency
    except Exception:  # pragma: no cover - pyperclip is a dependency
        return False, "clipboard unavailable (pyperclip is not installed)"
    try:
        pyperclip.copy(text)
    except Exception as exc:  # PyperclipException, OSError from xclip/pbcopy, anything else
        detail = sanitize(str(exc)).strip().splitlines()
        reason = detail[0][:120] if detail else type(exc).__name__
        return False, f"clipboard unavailable ({reason})"
    return True, f"copied the briefing to the clipboard ({len(text)} characters)"


def export_json(
    *,
    path: Path | None,
    text: str | None,
    count: int,
    lang: str,
    overwritten: bool,
    clipboard: bool | None,
    clipboard_error: str | None,
) -> dict[str, object]:
    """What ``export --json`` prints: a stable shape (README, "Scripting").

    ``path`` is the file written (None with ``--stdout``, whose briefing is ``text`` then);
    ``clipboard`` is None when not asked, else whether the copy worked.
    """
    return {
        "path": str(path) if path is not None else None,
        "stdout": text is not None,
        "text": text,
        "increments": count,
        "lang": lang,
        "overwritten": overwritten,
        "clipboard": clipboard,
        "clipboard_error": clipboard_error,
    }
