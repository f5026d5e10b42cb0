"""Has this file or folder changed?  Stamps from ``os.stat``, and when a stamp can be trusted.

Every "has it changed" question of curator is answered here, each stamp named for what it
must notice:

- :func:`file_sig` (size, mtime, ctime): the lookup index, re-checked against the files on
  every call, must catch every change (ctime also catches rewrites that keep the mtime);
- :func:`content_sig` (size, mtime): the index cache and the inbox watcher, whose stamps are
  stored or compared across runs (ctime moves on a bare ``chmod`` or backup restore);
- :func:`identity_sig` (inode, device, size, mtime): the decisions snapshot, which another
  process may *replace* (a new inode) with one of the same size and time.

Each costs one ``stat``.  A stamp
taken within a clock tick of a change may not move with the next change, so it is trusted
only once it has settled.

Light on purpose (``os``, ``stat`` and ``time`` only): a warm ``curator lookup`` imports it.
"""

from __future__ import annotations

import os
import stat
import time

Sig = tuple[int, int, int]
"""(size or inode, mtime_ns, ctime_ns)."""
SETTLE_NS = 2_000_000_000
"""A file or folder stamped this close to now may change again within the same timestamp tick
(coarse kernel clocks, 2 s on FAT), so its stamp is not trusted yet: it is read again next time."""
TREE_LEVELS = 6
"""Folder levels under the inbox whose stamps stand for the note walk (list_note_paths looks
at inbox/<author>/ and three levels of sub-folders below it; a margin costs nothing)."""
M64 = (1 << 64) - 1


def now_ns() -> int:
    """The clock stamps are compared with (called through the module, so tests can move it)."""
    return time.time_ns()


def file_sig(path: str) -> Sig | None:
    """(size, mtime_ns, ctime_ns) of a file, None if it is gone; ctime also catches rewrites that
    keep the mtime."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return sig_of(st)


def sig_of(st: os.stat_result) -> Sig:
    """:func:`file_sig` of a stat already taken (a directory scan's entries)."""
    return st.st_size, st.st_mtime_ns, st.st_ctime_ns


def content_sig(path: str | os.PathLike[str]) -> tuple[int, int] | None:
    """(size, mtime_ns) of a file, None if it is gone: what marks its content as changed."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return content_of(st)


def content_of(st: os.stat_result) -> tuple[int, int]:
    """(size, mtime_ns) of a stat already taken (a directory scan's entries)."""
    return st.st_size, st.st_mtime_ns


def identity_sig(path: str | os.PathLike[str]) -> tuple[int, int, int, int] | None:
    """(inode, device, size, mtime_ns) of *path*, None if it cannot be stat'ed: a file replaced
    by another (rename over it) is a change even when size and time agree."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return st.st_ino, st.st_dev, st.st_size, st.st_mtime_ns


def dir_sig(path: str) -> Sig | None:
    """(inode, mtime_ns, ctime_ns) of a folder: changes whenever an entry appears, vanishes or is
    renamed."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISDIR(st.st_mode):
        return None
    return dir_sig_of(st)


def dir_sig_of(st: os.stat_result) -> Sig:
    """:func:`dir_sig` of a folder's stat already taken."""
    return st.st_ino, st.st_mtime_ns, st.st_ctime_ns


def packed(st: os.stat_result) -> int:
    """A file's (size, mtime_ns, ctime_ns) as one int: 2,000 of them load far faster than tuples."""
    return (st.st_size << 128) | ((st.st_mtime_ns & M64) << 64) | (st.st_ctime_ns & M64)


def settled(sig: Sig | None, now: int) -> bool:
    """Whether a stamp is old (or far enough in the future) to be trusted as "unchanged" later."""
    return sig is None or (abs(now - sig[1]) >= SETTLE_NS and abs(now - sig[2]) >= SETTLE_NS)


def tree_sigs(top: str) -> dict[str, Sig | None]:
    """Stamps of every folder the note walk may list (a superset), taken before it lists them.

    Hidden folders are left out because the walk never enters them (``is_ignored_name``
    skips every name starting with "."; tests/core/test_lookup_index.py pins that).
    """
    out: dict[str, Sig | None] = {}
    todo = [(top, 0)]
    while todo:
        folder, level = todo.pop()
        out[folder] = dir_sig(folder)
        if level >= TREE_LEVELS:
            continue
        try:
            with os.scandir(folder) as it:
                for entry in it:
                    try:
                        if not entry.name.startswith(".") and entry.is_dir(follow_symlinks=False):
                            todo.append((entry.path, level + 1))
                    except OSError:
                        pass
        except OSError:
            pass
    return out


def tree_unchanged(sigs: dict[str, Sig | None]) -> bool:
    """Whether every folder still has the stamp ``tree_sigs`` took."""
    return all(dir_sig(folder) == sig for folder, sig in sigs.items())


def folder_sigs(
    folder: str | os.PathLike[str], suffix: str
) -> dict[str, tuple[int, int] | None] | None:
    """Each ``suffix`` file's (size, mtime_ns) by name (None: it vanished between listing and
    stat); None when the folder cannot be listed."""
    sigs: dict[str, tuple[int, int] | None] = {}
    try:
        with os.scandir(folder) as entries:
            for e in entries:
                if e.name.endswith(suffix):
                    try:
                        sigs[e.name] = content_of(e.stat())
                    except OSError:
                        sigs[e.name] = None
    except OSError:
        return None
    return sigs
