"""Every subcommand, by name: its one-line help, its arguments, its handler and its exit codes.

The parser is built from this table and a parsed command runs its handler: adding a command
is one module and one line here. Each command's module is light to import; what a handler
needs from the core it imports when it runs (a warm ``curator lookup`` loads only its own).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from curator.cli import analyze, decide, demo, export, history, lookup, ui

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from curator.cli.usage import Args


class Command(NamedTuple):
    help: str
    """One line: the subcommand's entry in ``curator --help`` and the start of its own."""
    add_arguments: Callable[[argparse.ArgumentParser], None]
    handler: Callable[[Args], int]
    """Runs the parsed command; its exit code."""
    exit_codes: list[str]
    """The tail of its ``--help``: what each exit code means (scripts branch on them)."""


COMMANDS: dict[str, Command] = {
    "analyze": Command(analyze.HELP, analyze.add_arguments, analyze.run, analyze.EXIT_CODES),
    "lookup": Command(lookup.HELP, lookup.add_arguments, lookup.run, lookup.EXIT_CODES),
    "decide": Command(decide.HELP, decide.add_arguments, decide.run, decide.EXIT_CODES),
    "history": Command(history.HELP, history.add_arguments, history.run, history.EXIT_CODES),
    "export": Command(export.HELP, export.add_arguments, export.run, export.EXIT_CODES),
    "demo": Command(demo.HELP, demo.add_arguments, demo.run, demo.EXIT_CODES),
    "ui": Command(ui.HELP, ui.add_arguments, ui.run, ui.EXIT_CODES),
}
"""In the order ``curator --help`` lists them."""
