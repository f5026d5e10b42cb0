"""From the words on the command line to one subcommand's arguments.

``curator COMMAND …`` runs that command; anything else that is not an option of ``curator``
itself (a workspace folder, ``--topic``/``--since``/``--until``, or nothing at all) opens the
UI, parsed exactly as ``curator ui …`` would be.  Every subcommand's parser comes from
:mod:`curator.cli.registry`; a plain ``curator lookup QUERY [WORKSPACE] [--json]``
is read without argparse (:func:`plain_lookup_args`), which is a measurable part of a warm
lookup.  Errors are :class:`UsageError`, one line.
"""

from __future__ import annotations

from types import SimpleNamespace

from curator import __version__
from curator.cli.registry import NAMES, command
from curator.cli.usage import UsageError

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import NoReturn

    from curator.cli.usage import Args

SUBCOMMANDS = set(NAMES)
DEFAULT_COMMAND = "ui"
"""What ``curator [WORKSPACE] [--topic …]`` runs."""
WINDOW_OPTIONS = ("--topic", "--since", "--until")
"""Options of the default command that may come first (``curator --topic rag``)."""
INTERRUPTED = "  130  interrupted (Ctrl+C)"


def _parser_class() -> type[argparse.ArgumentParser]:
    """Our ArgumentParser, made when a parser is built: argparse loads only then."""
    import argparse

    class _Parser(argparse.ArgumentParser):
        def error(self, message: str) -> NoReturn:  # one line, exit 2
            raise UsageError(f"{self.prog}: {message}")

    return _Parser


def _formatters() -> tuple[type[argparse.HelpFormatter], type[argparse.HelpFormatter]]:
    """argparse's help formatters, the terminal's width asked once: argparse makes a formatter,
    and asks, for every argument it adds (a measurable part of a one-shot ``decide``)."""
    import argparse
    import shutil

    width = shutil.get_terminal_size().columns - 2  # what argparse computes when not given one

    class _Plain(argparse.HelpFormatter):
        def __init__(self, prog: str) -> None:
            super().__init__(prog, width=width)

    class _Raw(argparse.RawDescriptionHelpFormatter):
        def __init__(self, prog: str) -> None:
            super().__init__(prog, width=width)

    return _Plain, _Raw


def exit_codes_epilog(name: str) -> str:
    """The ``--help`` tail: what each exit code of subcommand *name* means (scripts branch on
    them)."""
    return "\n".join(["exit codes:", *command(name).exit_codes, INTERRUPTED])


def _build(only: str | None) -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The top-level parser and its subcommands' parsers (with ``only``, just that one)."""
    plain, raw = _formatters()
    parser = _parser_class()(
        prog="curator",
        formatter_class=plain,
        description="Triage the evening relay against the living doc.",
        epilog="`curator COMMAND --help` lists a command's options and exit codes.",
    )
    parser.add_argument("--version", action="version", version=f"curator {__version__}")
    sub = parser.add_subparsers(dest="command")
    subparsers = {}
    for name in NAMES:
        if only is None or only == name:
            cmd = command(name)
            p = sub.add_parser(
                name,
                help=cmd.help,
                description=cmd.help,
                epilog=exit_codes_epilog(name),
                formatter_class=raw,
            )
            cmd.add_arguments(p)
            subparsers[name] = p
    return parser, subparsers


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser, or with ``only`` just that subcommand under it.

    Parsing ``curator lookup …`` behaves the same either way (the top level hands every
    argument after the subcommand's name to it), and a lookup is over before the other
    six subparsers would have been built.
    """
    return _build(only)[0]


def command_of(argv: list[str]) -> str | None:
    """The subcommand *argv* runs, or None when it is for ``curator`` itself (``--help``,
    ``--version``)."""
    if not argv:
        return DEFAULT_COMMAND
    first = argv[0]
    if first in NAMES:
        return first
    if first.startswith("-") and first not in WINDOW_OPTIONS:
        return None
    return DEFAULT_COMMAND  # a workspace folder, or the window of the UI


def parse_args(argv: list[str]) -> Args:
    """*argv* (without the program name) parsed: ``args.command`` names the subcommand."""
    name = command_of(argv)
    if name == "lookup":
        plain = plain_lookup_args(argv[1:])
        if plain is not None:
            return plain
    parser, subparsers = _build(name)
    if name is None or argv[:1] == [name]:
        return parser.parse_args(argv)
    # the default command, not named: its parser takes every word, as after `curator ui`
    args, extra = subparsers[name].parse_known_args(argv)
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.command = name
    return args


def plain_lookup_args(args: list[str]) -> SimpleNamespace | None:
    """``lookup QUERY [WORKSPACE] [--json]`` parsed without argparse, or None for anything else.

    Importing argparse and building a parser (it pulls in gettext, locale and shutil)
    is ~6 ms of the ~50 ms of CPU a warm lookup takes. Only these plain shapes are taken, where
    argparse's answer is certain; a test checks both agree on many argument lists.
    """
    as_json = args[-1:] == ["--json"]
    pos = args[:-1] if as_json else args
    if not 1 <= len(pos) <= 2 or any(a.startswith("-") for a in pos):
        return None
    return SimpleNamespace(
        command="lookup",
        query=pos[0],
        workspace=pos[1] if len(pos) == 2 else None,
        topic=None,
        json=as_json,
    )


def mistyped_command(word: str) -> str | None:
    """The subcommand *word* is close to, when it is neither one nor an existing path.

    A bare first argument opens that workspace (``curator ~/kb``), so ``curator analyse``
    used to say "workspace not found: analyse"; a close spelling of a command is a typo.
    """
    if word in SUBCOMMANDS or word.startswith("-"):
        return None
    from difflib import get_close_matches
    from pathlib import Path

    close = get_close_matches(word.lower(), sorted(SUBCOMMANDS), n=1, cutoff=0.7)
    if not close:
        return None
    try:
        if Path(word).expanduser().exists():
            return None
    except (OSError, ValueError):  # a name too long or with a NUL byte is no folder either
        pass
    return close[0]
