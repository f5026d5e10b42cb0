"""Crash-safe file replacement.

A plain ``open(path, "w")`` truncates first and writes later, so a crash or a
full disk in between leaves a half-written file where a good one used to be.
Everything here writes a temporary file in the *same directory* (so the final
``os.replace`` is an atomic rename on one filesystem), flushes and fsyncs it,
renames it over the target and then fsyncs the directory so the rename itself
survives a power loss. Readers therefore see either the old bytes or the new
bytes, never a mixture.

Temporary files are named ``.<target>.<pid>.<random>.tmp``; a writer killed
mid-way leaves one behind, which :func:`cleanup_temp_files` removes.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from curator.statedir import is_link, open_nofollow

__all__ = [
    "TEMP_SUFFIX",
    "atomic_copy",
    "atomic_write_bytes",
    "atomic_write_text",
    "cleanup_temp_files",
    "fsync_dir",
    "temp_name",
]

TEMP_SUFFIX = ".tmp"


def temp_name(path: Path) -> Path:
    """A unique sibling of *path* ending in ``.tmp`` (same dir → same filesystem)."""
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}")


def fsync_dir(directory: str | os.PathLike[str]) -> None:
    """Make a rename/create inside *directory* durable (no-op where unsupported)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(directory, flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as exc:  # some filesystems refuse fsync on directories
        if exc.errno not in (errno.EINVAL, errno.EBADF, errno.ENOTSUP, errno.EACCES):
            raise
    finally:
        os.close(fd)


def write_all(fd: int, data: bytes | memoryview) -> None:
    """Write every byte of *data* to *fd* (``os.write`` may write only part of it)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


_CHUNK = 1 << 20
"""Small parts are gathered up to this many bytes per write."""


def _chunks(parts: Iterable[bytes | memoryview]) -> Iterator[bytes | memoryview]:
    """*parts* in order, small ones joined about :data:`_CHUNK` bytes at a time, large ones as
    they are (never one copy of them all)."""
    batch: list[bytes | memoryview] = []
    size = 0
    for part in parts:
        if len(part) >= _CHUNK:
            if batch:
                yield b"".join(batch)
                batch, size = [], 0
            yield part
            continue
        batch.append(part)
        size += len(part)
        if size >= _CHUNK:
            yield b"".join(batch)
            batch, size = [], 0
    if batch:
        yield b"".join(batch)


def atomic_write_bytes(
    path: str | os.PathLike[str],
    data: bytes | Iterable[bytes | memoryview],
    *,
    mode: int | None = None,
) -> None:
    """Replace *path* with *data* so that a crash leaves the old or the new file, never half.

    *data* may come in parts (any iterable, read once), written one after another (a large
    cache file is never joined into one copy first).  The file keeps the permission bits of
    the file it replaces (or *mode*, or 0o666 minus the umask for a new file), so exports stay
    readable.
    """
    target = Path(path)
    tmp = temp_name(target)
    if mode is None:
        with contextlib.suppress(OSError):
            # a link is replaced, never followed: its target's mode is not ours
            st = os.lstat(target)
            if stat.S_ISREG(st.st_mode):
                mode = st.st_mode & 0o7777
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666 if mode is None else 0o600)
    try:
        try:
            if mode is not None:
                os.fchmod(fd, mode)
            for part in [data] if isinstance(data, bytes) else _chunks(data):
                write_all(fd, part)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(target.parent)


def atomic_write_text(
    path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8", mode: int | None = None
) -> None:
    """Text flavour of :func:`atomic_write_bytes`; UTF-8 always, never the locale's encoding."""
    atomic_write_bytes(path, text.encode(encoding), mode=mode)


def atomic_copy(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
    """Make *dst* an independent copy of *src*, with no moment where *dst* is missing or partial.

    A real copy, not a hard link: a link would share the inode, so anything
    that later rewrites *src* in place (TinyDB's own JSONStorage, an editor
    preserving links) would damage the backup together with the original.
    """
    fd = open_nofollow(src, os.O_RDONLY)  # the file itself, never what a link there points at
    with open(fd, "rb") as fh:
        data = fh.read()
    atomic_write_bytes(dst, data)


def cleanup_temp_files(
    directory: str | os.PathLike[str], *, older_than: float = 0.0, pattern: str = "*.tmp"
) -> list[Path]:
    """Delete leftover temp files of killed writers; returns what was removed.

    Only call this where no live writer can be mid-write (e.g. while holding
    the directory's write lock), or pass *older_than* seconds as a safety margin.
    A *directory* that is a symbolic link is left alone, and so is every link in it.
    """
    removed: list[Path] = []
    base = Path(directory)
    if is_link(base):
        return removed  # another folder's files are not ours to delete
    try:
        candidates = list(base.glob(pattern))
    except OSError:
        return removed
    now = time.time()
    for candidate in candidates:
        try:
            info = candidate.lstat()
            if not candidate.is_file() or candidate.is_symlink():
                continue
            if older_than and now - info.st_mtime < older_than:
                continue
            candidate.unlink()
        except OSError:
            continue
        removed.append(candidate)
    if removed:
        with contextlib.suppress(OSError):
            fsync_dir(base)
    return removed
