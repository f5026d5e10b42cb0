"""Which folder is the workspace: light enough for a warm ``curator lookup`` to import."""

from __future__ import annotations

from pathlib import Path


class WorkspaceError(Exception):
    """The workspace cannot be used at all (exit code 2)."""


def find_root(start: Path) -> Path:
    """The workspace containing ``start`` (a folder with curator.toml or inbox/)."""
    cur = start.resolve()
    for cand in (cur, *cur.parents):
        if (cand / "curator.toml").is_file() or (cand / "inbox").is_dir():
            return cand
    return cur


def resolve_workspace(arg: str | None) -> Path:
    """A command's WORKSPACE argument, or the workspace around the current folder."""
    if arg:
        p = Path(arg).expanduser()
        if not p.exists():
            raise WorkspaceError(f"workspace not found: {p}")
        return p.resolve()
    return find_root(Path.cwd())
