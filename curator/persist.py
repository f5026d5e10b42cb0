"""Private, throw-away state in ``<workspace>/.curator/``: file signatures and pickled indexes.

A pickle is only ever read back when it is the current user's own file and nobody
else can write it; any damage or version change simply means "rebuild".
"""

from __future__ import annotations

import functools
import os
import pickle
import stat
from pathlib import Path
from typing import Any

from curator.gcpause import paused_gc


@functools.cache
def code_fingerprint() -> str:
    """Which build of curator's core modules and phrase tables wrote a cache: part of every cache's version.

    Cached objects are instances of these modules' classes, built by their parsers:
    after an upgrade (or any edit) a cache written by other code is rebuilt, never
    half-trusted.  Stamps (name, size, mtime) as the import system does for bytecode:
    about 0.1 ms, which every warm ``curator lookup`` pays.
    """
    stamps = []
    here = Path(__file__).parent
    for folder, suffix in ((here, ".py"), (here / "phrases", ".toml")):
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    if entry.name.endswith(suffix):
                        try:
                            st = entry.stat()
                        except OSError:
                            continue
                        stamps.append(f"{entry.name}:{st.st_size}:{st.st_mtime_ns}")
        except OSError:
            continue
    return " ".join(sorted(stamps))


def file_sig(path: Path) -> tuple[int, int] | None:
    """(size, mtime_ns): what marks a file as changed; None if it is gone."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


def writable_workspace(root: Path) -> bool:
    """Respect a read-only workspace even as root (root ignores permission bits)."""
    try:
        st = root.stat()
    except OSError:
        return False
    return bool(st.st_mode & stat.S_IWUSR) and os.access(root, os.W_OK)


def read_private_pickle(path: Path, version: int) -> dict[str, Any] | None:
    """The stored dict if it is ours, intact and of this version; else None."""
    try:
        st = path.stat()
        if st.st_uid != os.getuid() or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            return None  # someone else's file: never unpickle it
        with open(path, "rb") as fh, paused_gc():
            data = pickle.load(fh)
    except Exception:  # any damage: start over
        return None
    if not isinstance(data, dict) or data.get("version") != version:
        return None
    return data


def write_private_pickle(root: Path, path: Path, data: dict[str, Any]) -> bool:
    """Atomically store ``data`` (mode 0600); False when the workspace is read-only."""
    if not writable_workspace(root):
        return False
    try:
        path.parent.mkdir(exist_ok=True)
        from curator.atomic import atomic_write_bytes  # writing is rare; reading must start fast

        atomic_write_bytes(path, pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
        os.chmod(path, 0o600)
        return True
    except OSError:
        return False
