"""Every subcommand, by name: its one-line help, its arguments, its handler and its exit codes.

The parser is built from this table and a parsed command runs its handler: adding a command
is one module (ending in its :class:`Command`) and one line here.  A command's module is
imported only when that command is parsed or listed: a warm ``curator lookup`` is a whole
process that should cost no more than a ``grep``, and loads only its own.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from curator.cli.usage import Args


class Command:
    """A subcommand: its help, its arguments, its handler, its exit codes.  A plain class, not a
    NamedTuple: building a NamedTuple class imports :mod:`typing` and costs ~1 ms of every
    ``curator lookup``."""

    __slots__ = ("add_arguments", "exit_codes", "handler", "help")

    def __init__(
        self,
        help: str,
        add_arguments: Callable[[argparse.ArgumentParser], None],
        handler: Callable[[Args], int],
        exit_codes: list[str],
    ) -> None:
        self.help = help
        """One line: the subcommand's entry in ``curator --help`` and the start of its own."""
        self.add_arguments = add_arguments
        self.handler = handler
        """Runs the parsed command; its exit code."""
        self.exit_codes = exit_codes
        """The tail of its ``--help``: what each exit code means (scripts branch on them)."""


NAMES = ("analyze", "lookup", "decide", "history", "export", "demo", "ui")
"""The subcommands, in the order ``curator --help`` lists them; each is ``curator.cli.<name>``."""


def command(name: str) -> Command:
    """The subcommand *name* (KeyError for none), its module imported now."""
    if name not in NAMES:
        raise KeyError(name)
    found: Command = import_module(f"curator.cli.{name}").COMMAND
    return found
