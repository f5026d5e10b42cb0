"""``curator ui`` (also plain ``curator [WORKSPACE]``): open the triage UI."""

from __future__ import annotations

import sys

from curator.cli.registry import Command
from curator.cli.usage import WORKSPACE_HELP, add_window, window_error

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from pathlib import Path

    from curator.cli.usage import Args
    from curator.service.settings import Config

HELP = "open the triage UI (the default command)"
EXIT_CODES = [
    "  0    the UI was closed",
    "  2    bad arguments or window, an unusable workspace, or the UI is not available",
]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("workspace", nargs="?", help=WORKSPACE_HELP)
    add_window(p)


def run(args: Args) -> int:
    from curator.service.evening import Evening

    evening = Evening.open(args.workspace)
    try:  # the same checks `analyze` makes, before the screen opens
        evening.check(args.topic, args.since, args.until)
    except ValueError as exc:
        raise window_error(exc) from exc
    evening.start_reading_docs()  # a big doc is ready sooner when parsed while the UI starts
    return run_ui(evening.root, args.topic, args.since, args.until, config=evening.config)


def run_ui(
    root: Path,
    topic: str | None,
    since: str | None,
    until: str | None,
    *,
    notice: str | None = None,
    config: Config | None = None,
) -> int:
    """Run the UI until it is closed; its exit code (2 when Textual is not installed)."""
    try:
        from curator.tui.app import CuratorApp
    except ImportError as exc:  # the UI is optional for scripts
        print(
            f"curator: the triage UI is not available ({exc}); try `curator analyze`",
            file=sys.stderr,
        )
        return 2
    app = CuratorApp(root, topic=topic, since=since, until=until, notice=notice, config=config)
    app.run()
    return app.return_code or 0


COMMAND = Command(HELP, add_arguments, run, EXIT_CODES)
