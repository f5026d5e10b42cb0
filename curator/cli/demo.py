"""``curator demo``: open the bundled demo relay (one copy, kept between runs, so decisions
stay)."""

from __future__ import annotations

import sys

from curator.cli.output import say
from curator.cli.registry import Command
from curator.cli.ui import run_ui

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from curator.cli.usage import Args

HELP = "open the bundled demo relay (one copy, kept between runs, so decisions stay)"
EXIT_CODES = [
    "  0    the UI was closed (or, with --print, the analysis printed)",
    "  2    the demo folder holds something that is not a curator demo copy (nothing is",
    "       touched), or the UI is not available",
]
SAID = {
    "new": "a new copy of the demo relay is in",
    "replaced": "a fresh copy of the demo relay replaced the old one in",
    "reused": "the demo relay, with the decisions made in it, is in",
}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--dir",
        help="the demo folder (default: the user data folder's curator/demo; "
        "$XDG_DATA_HOME is honoured)",
    )
    p.add_argument(
        "--fresh",
        action="store_true",
        help="start over: replace the demo copy (only ever a curator demo copy) with a new one",
    )
    p.add_argument(
        "--print",
        dest="print_only",
        action="store_true",
        help="print the analysis instead of opening the UI",
    )


def run(args: Args) -> int:
    """Open the one demo copy (made on first use, or anew with --fresh) and say where it is."""
    import shlex
    from pathlib import Path

    from curator.service.demo import DemoRefused, open_demo

    try:
        target, how = open_demo(
            Path(args.dir) if args.dir else None, fresh=bool(getattr(args, "fresh", False))
        )
    except DemoRefused as exc:
        say(str(exc))
        return 2
    except OSError as exc:
        say(f"cannot make the demo copy: {exc.strerror or exc}")
        return 2
    reopen = (
        f"reopen it with `curator demo` (or `curator ui {shlex.quote(str(target))}`); "
        "`curator demo --fresh` starts over"
    )
    print(f"curator demo: {SAID[how]} {target}")
    if args.print_only or not sys.stdout.isatty():
        from curator.service.evening import Evening
        from curator.service.report import summary_text

        analysis = Evening.at(target, cached=False).analyze(defer_outside=False)
        print(summary_text(analysis))
        print(f"curator demo: {reopen}")
        return 0
    notice = (
        f"Demo workspace: {target}\n"
        "Decisions stay here: `curator demo` reopens it, `--fresh` starts over."
    )
    code = run_ui(target, None, None, None, notice=notice)
    print(f"curator demo: your decisions are saved in {target}; {reopen}")
    return code


COMMAND = Command(HELP, add_arguments, run, EXIT_CODES)
