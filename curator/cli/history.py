"""``curator history``: every decision, newest first, with who, when and the increment's title."""

from __future__ import annotations

from curator.cli.output import say, say_all
from curator.cli.registry import Command
from curator.cli.usage import WORKSPACE_HELP

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Any

    from curator.cli.usage import Args

EXIT_BUSY = 4

HELP = "every decision, newest first, with who, when and the increment's title"
EXIT_CODES = [
    "  0    listed (also when there are no decisions)",
    "  2    bad arguments or an unusable workspace",
    "  4    workspace busy: another process held the decisions lock past the wait",
]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("workspace", nargs="?", help=WORKSPACE_HELP)
    p.add_argument("--json", action="store_true", help="the decisions as one JSON list on stdout")


def run(args: Args) -> int:
    from curator.service.deciding import WorkspaceBusy, history
    from curator.service.evening import Evening

    evening = Evening.open(args.workspace)
    say_all(evening.problems)
    try:
        listed = history(evening, say=say)
    except WorkspaceBusy as exc:
        say(str(exc))
        return EXIT_BUSY
    if args.json:
        from curator.service.jsondoc import emit

        emit([entry for _ev, entry in listed])
        return 0
    if not listed:
        print("no decisions yet")
    for ev, entry in listed:
        print(_line(ev, entry))
    return 0


def _line(ev: dict[str, Any], e: dict[str, Any]) -> str:
    """One decision: time, editor, action, what it did, section or tier, title."""
    from curator.service.deciding import describe, one_line

    bulk = e["bulk"] is not None
    sec = f" {e['section']}" if e["section"] and not bulk else ""
    if e["action"] == "tier":
        sec = f" {e['tier'] or '(default)'}"
    title = f"  ({one_line(e['title'], 60)})" if e["title"] and not bulk else ""
    return (
        f"{e['time'] or ''}  {e['editor'] or ''}  {e['action'] or ''}  {describe(ev)}{sec}{title}"
    )


COMMAND = Command(HELP, add_arguments, run, EXIT_CODES)
