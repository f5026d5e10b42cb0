"""Command line: ``curator [WORKSPACE]`` opens the UI; subcommands for scripts.

This package only parses and prints: each subcommand (one module here, listed in
:mod:`.registry`) asks :mod:`curator.service` for what it needs and turns the answer into
lines, JSON and an exit code.

Exit codes: 0 ok, 1 "not found" (lookup) or nothing to undo/redo, 2 usage error,
refused decision or unusable workspace (one line on stderr), 3 refused to overwrite
(export), 4 workspace busy (another process holds the decisions lock past the wait),
5 a decision not saved (disk full or another write error; nothing was recorded),
6 ``--clipboard`` failed (export; the file was still written). Each subcommand's
``--help`` ends with its own (:func:`exit_codes_epilog`).
"""

from __future__ import annotations

import gc
import sys

from curator.cli.output import clean_text_output, say
from curator.cli.parser import (
    SUBCOMMANDS,
    build_parser,
    exit_codes_epilog,
    mistyped_command,
    parse_args,
    plain_lookup_args,
)
from curator.cli.registry import command
from curator.cli.usage import UsageError

__all__ = [
    "SUBCOMMANDS",
    "UsageError",
    "build_parser",
    "exit_codes_epilog",
    "main",
    "mistyped_command",
    "parse_args",
    "plain_lookup_args",
]


def main(argv: list[str] | None = None) -> int:
    """Run ``curator ARGV`` (this process's own arguments when None); the exit code."""
    own_argv = argv is None  # this process's own command line, not a caller's list
    argv = list(sys.argv[1:] if argv is None else argv)
    typo = mistyped_command(argv[0]) if argv else None
    if typo is not None:
        print(f"curator: unknown command {argv[0]!r} — did you mean {typo!r}?", file=sys.stderr)
        return 2
    try:
        args = parse_args(argv)
        if args.command not in ("ui", "demo"):  # Textual owns the terminal
            clean_text_output()
        code = command(args.command).handler(args)
        if own_argv and args.command == "lookup":
            # The process ends now: spare the interpreter its final full collection over
            # everything the lookup loaded (~6 ms, a tenth of a warm lookup on L).
            gc.freeze()
        return code
    except UsageError as exc:
        print(str(exc).splitlines()[0], file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:
        from curator.service.errors import is_unusable_workspace, is_workspace_busy

        if is_workspace_busy(exc):
            say(str(exc))
            return 4
        if not is_unusable_workspace(exc):
            raise
        say(str(exc))
        return 2
