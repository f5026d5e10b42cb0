"""``<workspace>/.curator/``: curator's own state folder, never reached through a link.

A workspace is a git repository the team shares, so whatever is in it may have been
committed by someone else: ``.curator`` may be a symbolic link to another folder, and
``.curator/lock`` a link to ``~/.bashrc``.  Curator follows none of them: the folder
is checked with ``lstat`` before anything in it is used, and every file in it is
opened with ``O_NOFOLLOW``.  A link is reported in one line and left alone; the
decisions are then read-only and the caches are off.

Light on purpose (``os`` and ``stat`` only): a warm ``curator lookup`` imports it.
"""

from __future__ import annotations

import errno
import os
import stat

STATE_DIR = ".curator"
DOCS_CACHE = "index-docs.cache"
"""The index cache's part that holds the living docs (see :mod:`curator.cache`)."""
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_LINK_ERRNOS = {errno.ELOOP, errno.EMLINK}
"""What ``open(..., O_NOFOLLOW)`` says about a link (Linux: ELOOP; FreeBSD: EMLINK)."""


class LinkedState(OSError):
    """A file in ``.curator/`` (or the folder itself) is a symbolic link; ``str()`` is the one line
    to show."""

    def __str__(self) -> str:
        return str(self.strerror)


def state_dir(root: str | os.PathLike[str]) -> str:
    return os.path.join(os.fspath(root), STATE_DIR)


def link_message(path: str | os.PathLike[str]) -> str:
    """The one line a user sees about a link where curator keeps its state (named from the
    workspace)."""
    parent, name = os.path.split(os.fspath(path))
    shown = (
        name
        if name == STATE_DIR
        else f"{STATE_DIR}/{name}"
        if os.path.basename(parent) == STATE_DIR
        else path
    )
    return (
        f"{os.fspath(shown)} is a symbolic link; curator does not follow it: "
        "caches are off and decisions are read-only"
    )


def state_dir_problem(root: str | os.PathLike[str]) -> str | None:
    """One line when ``<root>/.curator`` is a link or not a folder; None when it is a folder or
    absent."""
    folder = state_dir(root)
    try:
        st = os.lstat(folder)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return (
            f"cannot check {STATE_DIR} ({exc.strerror}); caches are off and decisions are read-only"
        )
    if stat.S_ISLNK(st.st_mode):
        return link_message(folder)
    if not stat.S_ISDIR(st.st_mode):
        return f"{STATE_DIR} is not a folder; caches are off and decisions are read-only"
    return None


def state_problem(root: str | os.PathLike[str]) -> str | None:
    """:func:`state_dir_problem`, or one line when anything in ``.curator/`` is a link.

    Curator never makes a link there, so one is somebody else's doing: every state file is
    then left alone, not only the one it would replace (one rule, one line to read).
    """
    trouble = state_dir_problem(root)
    if trouble is not None:
        return trouble
    try:
        with os.scandir(state_dir(root)) as entries:
            for entry in entries:
                if entry.is_symlink():
                    return link_message(entry.path)
    except OSError:
        pass  # absent, or unreadable: each file says so when it is opened
    return None


def is_link(path: str | os.PathLike[str]) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(path).st_mode)
    except OSError:
        return False


def open_nofollow(path: str | os.PathLike[str], flags: int, mode: int = 0o666) -> int:
    """``os.open`` that never follows a link at *path* itself: raises :class:`LinkedState` for one.

    Opening for reading also refuses anything but a regular file (a FIFO would block, a device
    would read forever): ``O_NONBLOCK`` keeps the open from waiting, the check follows it.
    """
    try:
        fd = os.open(path, flags | NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK, mode)
    except OSError as exc:
        if exc.errno in _LINK_ERRNOS and is_link(path):
            raise LinkedState(exc.errno, link_message(path)) from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(errno.EINVAL, f"{os.fspath(path)} is not a regular file")
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_own(path: str | os.PathLike[str]) -> bytes | None:
    """The bytes of a cache file this user owns and no one else may write; None for another's.

    Opened as :func:`open_nofollow` does (a link raises :class:`LinkedState`, a FIFO or device
    is refused): what curator reads back from a cache it trusts only as far as it wrote it.
    """
    fd = open_nofollow(path, os.O_RDONLY)
    try:
        st = os.fstat(fd)
        if st.st_uid != os.getuid() or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            return None  # someone else's file, or one others may have written
        with os.fdopen(fd, "rb", closefd=False) as fh:
            return fh.read()
    finally:
        os.close(fd)


TAKEN = (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES)
"""What ``flock`` with ``LOCK_NB`` raises when another holds the lock."""


def wait_for_flock(fd: int, operation: int, timeout: float) -> bool:
    """Take ``flock(fd, operation)`` within *timeout* seconds (0: one try); False if not: a
    holder stopped with SIGSTOP (or hung on a dead network disk) never hangs the waiter."""
    import fcntl  # only where a lock is taken: `curator lookup` starts without it
    import time

    deadline = time.monotonic() + max(0.0, timeout)
    pause = 0.001
    while True:
        try:
            fcntl.flock(fd, operation | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            pass
        except OSError as exc:
            if exc.errno not in TAKEN:  # anything but "taken" is a real error
                raise
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        time.sleep(min(pause, left))
        pause = min(pause * 2, 0.05)
