"""``curator lookup``: is this arXiv ID or URL anchored, and where? (exit 0 yes, 1 no).

A warm lookup is a whole process that should cost no more than a ``grep``: this module and
what it imports stay light (see :mod:`curator.service.lookup`).
"""

from __future__ import annotations

import sys

from curator.cli.output import say
from curator.cli.registry import Command
from curator.cli.usage import WORKSPACE_HELP

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from curator.cli.usage import Args

HELP = "is this arXiv ID or URL anchored, and where?"
EXIT_CODES = [
    "  0    anchored in this topic's living doc",
    "  1    not anchored",
    "  2    not an arXiv ID or URL, bad arguments, or an unusable workspace",
]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "query",
        help="an arXiv ID in any form (2608.14376, arXiv:2608.14376v2, an arxiv.org link) or a URL",
    )
    p.add_argument("workspace", nargs="?", help=WORKSPACE_HELP)
    p.add_argument(
        "--topic",
        help="whose living doc to look in (default: curator.toml's topic, or the only one)",
    )
    p.add_argument("--json", action="store_true", help="the answer as one JSON document on stdout")


def run(args: Args) -> int:
    from curator.service.lookup import format_text, lookup_once

    res = lookup_once(args.workspace, args.query, args.topic, say=say)
    if args.json:
        from curator.service.jsondoc import emit

        emit(res.to_json())
    elif not res.valid:  # an error, not an answer: stderr, like every command's
        print(f"curator: {format_text(res)}", file=sys.stderr)
    else:
        print(format_text(res))
    return res.exit_code


COMMAND = Command(HELP, add_arguments, run, EXIT_CODES)
