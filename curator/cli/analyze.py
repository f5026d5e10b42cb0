"""``curator analyze``: what the relay holds (increments, status, sections), as text or JSON."""

from __future__ import annotations

from curator.cli.output import say_all
from curator.cli.registry import Command
from curator.cli.usage import WORKSPACE_HELP, add_window, window_error

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from curator.cli.usage import Args
    from curator.service.evening import Evening

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
    from curator.service.evening import Evening

    evening = Evening.open(args.workspace, cached=not args.no_cache)
    say_all(evening.problems)  # curator.toml
    # notes outside the window are only dated unless asked for: the window's answer does not
    # depend on them, and splitting them is most of a cold run's cost
    try:
        _print_document(evening, args)
    except ValueError as exc:
        raise window_error(exc) from exc
    finally:
        say_all(evening.opened_cache_problems)  # .curator/, when the analysis opened it
    return 0


def _print_document(evening: Evening, args: Args) -> None:
    """The JSON document or the summary, in a few large writes: the kept answer when no input
    changed since it was kept."""
    import sys

    from curator.service.answers import analysis_document

    fmt = "json" if args.json else "text"
    document = analysis_document(
        evening, args.topic, args.since, args.until, defer_outside=not args.all_notes, fmt=fmt
    )
    if fmt == "text":  # through the text layer: the terminal's encoding and error handling
        for part in document:
            sys.stdout.write(part.decode("utf-8", "surrogatepass"))
        sys.stdout.flush()
        return
    sys.stdout.flush()
    for part in document:
        sys.stdout.buffer.write(part)
    sys.stdout.buffer.flush()


COMMAND = Command(HELP, add_arguments, run, EXIT_CODES)
