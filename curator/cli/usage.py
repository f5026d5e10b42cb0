"""What every subcommand's arguments share: the usage error, the workspace, the window."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from types import SimpleNamespace
    from typing import TypeAlias

    Args: TypeAlias = argparse.Namespace | SimpleNamespace
    """A subcommand's arguments (SimpleNamespace: a plain lookup parsed without argparse)."""

WORKSPACE_HELP = (
    "the workspace folder "
    "(default: the one around the current folder, holding curator.toml or inbox/)"
)


class UsageError(Exception):
    """Bad arguments: exit 2 with one line."""


def add_window(p: argparse.ArgumentParser) -> None:
    """``--topic``, ``--since`` and ``--until``: which living doc, which evening."""
    p.add_argument("--topic", help="topic (living doc organized/knowledge/<topic>.md)")
    p.add_argument("--since", help="window start, ISO 8601 with offset")
    p.add_argument("--until", help="window end, ISO 8601 with offset")


def window_error(exc: ValueError) -> UsageError:
    """A window the analysis refused (a bad time, since after until), as a usage error."""
    return UsageError(f"curator: {exc}")
