"""``curator export``: write the approved briefing (or print it), and copy it if asked.

An existing briefing is never overwritten without ``--force`` (exit 3); a clipboard that
cannot be used is one line on stderr and exit 6, the file (or ``--stdout``) part done all
the same.
"""

from __future__ import annotations

import sys

from curator.cli.output import say, say_all
from curator.cli.registry import Command
from curator.cli.usage import WORKSPACE_HELP, add_window

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from pathlib import Path

    from curator.cli.usage import Args
    from curator.service.briefing import Briefing
    from curator.service.evening import Evening

EXIT_EXISTS = 3
EXIT_CLIPBOARD = 6
"""``--clipboard`` could not copy: everything else asked for was done (a script must still know)."""

HELP = "write the approved briefing"
EXIT_CODES = [
    "  0    written (or printed) and, with --clipboard, copied",
    "  2    bad arguments, window or template, an unusable workspace, a target that is not a",
    "       regular file, or a write that failed",
    "  3    the file exists: nothing written (use --force, or --out for another file)",
    "  4    workspace busy: another process held the decisions lock past the wait",
    "  6    --clipboard failed (the file or --stdout part was still done)",
]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("workspace", nargs="?", help=WORKSPACE_HELP)
    add_window(p)
    p.add_argument(
        "--out",
        metavar="FILE",
        help=(
            "write here instead of inbox/<editor>/<date>-<topic>-e1prep.md "
            "(relative to the workspace); a folder (or a path ending in /) gets that file name "
            "inside it; only a regular file is written: a link, a device or a pipe is refused "
            "(exit 2)"
        ),
    )
    p.add_argument("--force", action="store_true", help="replace an existing briefing file")
    p.add_argument(
        "--clipboard",
        action="store_true",
        help="also copy the briefing to the system clipboard (exit 6 if that fails)",
    )
    p.add_argument(
        "--lang",
        choices=["zh", "en"],
        help="the briefing's language (default: curator.toml's lang, else zh)",
    )
    p.add_argument(
        "--stdout", action="store_true", help="print the briefing instead of writing a file"
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="say what was done as one JSON document on stdout (with --stdout it holds the text)",
    )


def run(args: Args) -> int:
    """Render the approved increments and write/print/copy them; exit 3 when refusing to
    overwrite."""
    from curator.service.briefing import BriefingRefused, prepare_briefing
    from curator.service.evening import Evening

    evening = Evening.open(getattr(args, "workspace", None))
    say_all(evening.problems)
    window = (
        getattr(args, "topic", None),
        getattr(args, "since", None),
        getattr(args, "until", None),
    )
    try:
        briefing = prepare_briefing(evening, window, getattr(args, "lang", None), say=say)
    except BriefingRefused as exc:  # a bad window, a template that cannot be used
        say(str(exc))
        return 2
    if getattr(args, "stdout", False):
        return _to_stdout(args, briefing)
    return _to_file(args, evening, briefing)


def _to_stdout(args: Args, briefing: Briefing) -> int:
    as_json = bool(getattr(args, "json", False))
    if not as_json:
        sys.stdout.write(briefing.text)
        sys.stdout.flush()
    _say_if_empty(briefing.count)
    ok, message = _copy(args, briefing.text)
    if _asked_clipboard(args):
        print(message if ok else f"curator: {message}", file=sys.stderr)
    if as_json:
        _emit(args, briefing, None, ok, message, overwritten=False)
    return 0 if ok else EXIT_CLIPBOARD


def _to_file(args: Args, evening: Evening, briefing: Briefing) -> int:
    from curator.service.briefing import ExportExists, ExportRefused, briefing_target, save_briefing

    try:
        target = briefing_target(evening, getattr(args, "out", None), briefing)
    except ExportRefused as exc:
        say(str(exc))
        return 2
    try:
        path, overwritten = save_briefing(
            evening, target, briefing.text, force=bool(getattr(args, "force", False))
        )
    except ExportRefused as exc:
        say(str(exc))
        return 2
    except ExportExists as exc:
        say(f"{exc.path} exists; use --force to overwrite or --out to choose another file")
        return EXIT_EXISTS
    except OSError as exc:
        say(f"cannot write {target}: {exc.strerror or exc}")
        return 2
    as_json = bool(getattr(args, "json", False))
    if not as_json:
        print(f"wrote {path} ({briefing.count} increments)")
    _say_if_empty(briefing.count)
    ok, message = _copy(args, briefing.text)
    if not ok:
        say(f"{message}; the briefing is in {path}")
    elif _asked_clipboard(args) and not as_json:
        print(message)
    if as_json:
        _emit(args, briefing, path, ok, message, overwritten=overwritten)
    return 0 if ok else EXIT_CLIPBOARD


def _asked_clipboard(args: Args) -> bool:
    return bool(getattr(args, "clipboard", False))


def _copy(args: Args, text: str) -> tuple[bool, str]:
    """(whether the copy worked, what to say); (True, "") when ``--clipboard`` was not given."""
    if not _asked_clipboard(args):
        return True, ""
    from curator.service.briefing import copy_to_clipboard

    return copy_to_clipboard(text)


def _say_if_empty(count: int) -> None:
    if count == 0:
        say("nothing is approved in this window; the briefing says 0 increments")


def _emit(
    args: Args, briefing: Briefing, path: Path | None, ok: bool, message: str, *, overwritten: bool
) -> None:
    """``--json``: what was done (README, "Scripting")."""
    from curator.service.briefing import export_json
    from curator.service.jsondoc import emit

    asked = _asked_clipboard(args)
    emit(
        export_json(
            path=path,
            text=briefing.text if path is None else None,
            count=briefing.count,
            lang=briefing.lang,
            overwritten=overwritten,
            clipboard=ok if asked else None,
            clipboard_error=None if ok else message,
        )
    )


COMMAND = Command(HELP, add_arguments, run, EXIT_CODES)
