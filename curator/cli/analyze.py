"""``curator analyze``: what the relay holds (increments, status, sections), as text or JSON."""

from __future__ import annotations

from curator.cli.output import say_all
from curator.cli.registry import Command
from curator.cli.usage import WORKSPACE_HELP, add_window, window_error

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from curator.cli.usage import Args

HELP = "what the relay holds: increments, status, sections"
EXIT_CODES = [
    "  0    printed",
    "  2    bad arguments or window, or an unusable workspace (one line on stderr)",
]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("workspace", nargs="?", help=WORKSPACE_HELP)
    add_window(p)
    p.add_argument("--json", action="store_true", help="one JSON document on stdout")
    p.add_argument(
        "--no-cache", action="store_true", help="read every file again (ignore .curator/ cache)"
    )
    p.add_argument(
        "--all-notes",
        action="store_true",
        help=(
            "split every note into items, also those outside the window (by default they are only "
            "dated: no increment depends on them, and their items are null in --json)"
        ),
    )


def run(args: Args) -> int:
    import gc

    from curator.service.evening import Evening
    from curator.service.report import analysis_json, summary_text

    evening = Evening.open(args.workspace, cached=not args.no_cache)
    say_all([*evening.problems, *evening.cache_problems])  # curator.toml, .curator/
    try:
        # notes outside the window are only dated unless asked for: the window's answer does not
        # depend on them, and splitting them is most of a cold run's cost
        result = evening.analyze(
            args.topic, args.since, args.until, defer_outside=not args.all_notes
        )
    except ValueError as exc:
        raise window_error(exc) from exc
    # a one-shot process: no collector passes over the loaded index while printing or at exit
    gc.freeze()
    if args.json:
        # a few large writes, the document encoded a piece at a time (see jsonout.emit)
        from curator.service.jsondoc import emit

        emit(analysis_json(result))
    else:
        print(summary_text(result))
    return 0


COMMAND = Command(HELP, add_arguments, run, EXIT_CODES)
