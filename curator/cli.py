"""Command line: ``curator [WORKSPACE]`` opens the UI; subcommands for scripts.

Exit codes: 0 ok, 1 "not found" (lookup) or nothing to undo/redo, 2 usage error,
refused decision or unusable workspace (one line on stderr), 3 refused to overwrite
(export), 4 workspace busy (another process holds the decisions lock past the wait),
5 a decision not saved (disk full or another write error; nothing was recorded).
"""

from __future__ import annotations

import gc
import sys
from types import SimpleNamespace
from typing import Any

from curator import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from pathlib import Path

SUBCOMMANDS = {"analyze", "lookup", "decide", "history", "export", "demo", "ui"}


class UsageError(Exception):
    """Bad arguments: exit 2 with one line."""


def _parser_class() -> type[argparse.ArgumentParser]:
    """Our ArgumentParser, made when a parser is built: argparse loads only then."""
    import argparse

    class _Parser(argparse.ArgumentParser):
        def error(self, message: str) -> None:  # one line, exit 2
            raise UsageError(f"{self.prog}: {message}")

    return _Parser


def plain_lookup_args(args: list[str]) -> SimpleNamespace | None:
    """``lookup QUERY [WORKSPACE] [--json]`` parsed without argparse, or None for anything else.

    Importing argparse and building a parser (it pulls in gettext, locale and shutil)
    is ~6 ms of a warm lookup that rg finishes in ~40. Only these plain shapes are taken,
    where argparse's answer is certain; a test checks both agree on many argument lists.
    """
    as_json = args[-1:] == ["--json"]
    pos = args[:-1] if as_json else args
    if not 1 <= len(pos) <= 2 or any(a.startswith("-") for a in pos):
        return None
    return SimpleNamespace(command="lookup", query=pos[0], workspace=pos[1] if len(pos) == 2 else None, topic=None,
                           json=as_json)


def _add_window(p: argparse.ArgumentParser) -> None:
    p.add_argument("--topic", help="topic (living doc organized/knowledge/<topic>.md)")
    p.add_argument("--since", help="window start, ISO 8601 with offset")
    p.add_argument("--until", help="window end, ISO 8601 with offset")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser, or with ``only`` just that subcommand under it.

    Parsing ``curator lookup …`` behaves the same either way (the top level hands every
    argument after the subcommand's name to it), and a lookup is over before the other
    six subparsers would have been built.
    """
    parser = _parser_class()(prog="curator", description="Triage the evening relay against the living doc.")
    parser.add_argument("--version", action="version", version=f"curator {__version__}")
    sub = parser.add_subparsers(dest="command")

    def want(name: str) -> bool:
        return only is None or only == name

    if want("analyze"):
        p = sub.add_parser("analyze", help="what the relay holds: increments, status, sections")
        p.add_argument("workspace", nargs="?")
        _add_window(p)
        p.add_argument("--json", action="store_true", help="one JSON document on stdout")
        p.add_argument("--no-cache", action="store_true", help="read every file again (ignore .curator/ cache)")
        p.add_argument("--all-notes", action="store_true", help=(
            "split every note into items, also those outside the window (by default they are only "
            "dated: no increment depends on them, and their items are null in --json)"))

    if want("lookup"):
        p = sub.add_parser("lookup", help="is this arXiv ID or URL anchored, and where?")
        p.add_argument("query")
        p.add_argument("workspace", nargs="?")
        p.add_argument("--topic")
        p.add_argument("--json", action="store_true")

    if want("decide"):
        from argparse import SUPPRESS

        p = sub.add_parser(
            "decide", help="record a decision: approve | reject | defer | tier main|adjacent | undo | redo"
        )
        p.add_argument("key", help="arXiv ID (any form), URL or increment id; ignored for undo/redo")
        p.add_argument("action", choices=["approve", "reject", "defer", "tier", "undo", "redo"])
        p.add_argument("workspace", nargs="?", help="for tier: main or adjacent, then the workspace")
        p.add_argument("tier_workspace", nargs="?", help=SUPPRESS)
        _add_window(p)
        p.add_argument("--section")
        p.add_argument("--priority", choices=["🔴", "🟠", "🟡", "red", "orange", "yellow", "high", "medium", "low"])
        p.add_argument("--note")

    if want("history"):
        p = sub.add_parser("history", help="every decision, newest first")
        p.add_argument("workspace", nargs="?")
        p.add_argument("--json", action="store_true")

    if want("export"):
        p = sub.add_parser("export", help="write the approved briefing")
        p.add_argument("workspace", nargs="?")
        _add_window(p)
        p.add_argument("--out", metavar="FILE", help=(
            "write here instead of inbox/<editor>/<date>-<topic>-e1prep.md (relative to the workspace); "
            "a folder (or a path ending in /) gets that file name inside it; only a regular file is "
            "written: a link, a device or a pipe is refused (exit 2)"))
        p.add_argument("--force", action="store_true", help="replace an existing briefing file")
        p.add_argument("--clipboard", action="store_true")
        p.add_argument("--lang", choices=["zh", "en"])
        p.add_argument("--stdout", action="store_true")

    if want("demo"):
        p = sub.add_parser("demo", help="copy the bundled demo relay to a fresh folder and open it")
        p.add_argument("--dir", help="where to put the copy (default: a new temporary folder)")
        p.add_argument("--print", dest="print_only", action="store_true", help="print the analysis instead of opening the UI")

    if want("ui"):
        p = sub.add_parser("ui", help="open the triage UI (the default command)")
        p.add_argument("workspace", nargs="?")
        _add_window(p)
    return parser


def main(argv: list[str] | None = None) -> int:
    own_argv = argv is None  # this process's own command line, not a caller's list
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] not in SUBCOMMANDS and not argv[0].startswith("-") or not argv or argv[0] in ("--topic", "--since", "--until"):
        argv = ["ui", *argv]
    try:
        args = plain_lookup_args(argv[1:]) if argv[0] == "lookup" else None
        if args is None:
            args = build_parser(argv[0] if argv[0] in SUBCOMMANDS else None).parse_args(argv)
        if args.command != "ui" and args.command != "demo":
            _clean_text_output()
        code = _dispatch(args)
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
        if _raised(exc, "curator.locks", "WorkspaceBusy"):
            print(f"curator: {exc}", file=sys.stderr)
            return 4
        if not _unusable_workspace(exc):
            raise
        print(f"curator: {exc}", file=sys.stderr)
        return 2


class _Clean:
    """A text stream that drops what a workspace could use to drive the terminal (escape
    sequences, C0/C1 controls, bidi overrides) from everything written: titles, file names and
    editor names come from files anyone can commit.  ``buffer`` (raw JSON) passes untouched."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        from curator.textio import sanitize

        self._stream.write(sanitize(text))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _clean_text_output() -> None:
    if not isinstance(sys.stdout, _Clean):
        sys.stdout = _Clean(sys.stdout)  # type: ignore[assignment]
    if not isinstance(sys.stderr, _Clean):
        sys.stderr = _Clean(sys.stderr)  # type: ignore[assignment]


def _raised(exc: Exception, module: str, name: str) -> bool:
    """Whether *exc* is *module*.*name*, without importing the module (if it was never
    imported, it cannot have raised)."""
    mod = sys.modules.get(module)
    return mod is not None and isinstance(exc, getattr(mod, name))


def _unusable_workspace(exc: Exception) -> bool:
    """WorkspaceError or ConfigError, checked without importing their modules.

    Subcommands import what they need on their own (a warm ``curator lookup`` imports
    neither); a module that was never imported cannot have raised its error.
    """
    return any(
        _raised(exc, module, name)
        for module, name in (("curator.roots", "WorkspaceError"), ("curator.config", "ConfigError"))
    )


def _dispatch(args: argparse.Namespace) -> int:
    cmd = args.command
    if cmd == "analyze":
        return cmd_analyze(args)
    if cmd == "lookup":
        from curator.lookup import cmd_lookup

        return cmd_lookup(args)
    if cmd in ("decide", "history"):
        from curator.decide import cmd_decide, cmd_history

        return cmd_decide(args) if cmd == "decide" else cmd_history(args)
    if cmd == "export":
        from curator.export import cmd_export

        return cmd_export(args)
    if cmd == "demo":
        return cmd_demo(args)
    return cmd_ui(args)


def _window_error(exc: ValueError) -> UsageError:
    return UsageError(f"curator: {exc}")


def cmd_analyze(args: argparse.Namespace) -> int:

    from curator.analysis import analyze
    from curator.cache import IndexCache
    from curator.config import load_config
    from curator.report import analysis_json, summary_text
    from curator.workspace import resolve_workspace

    root = resolve_workspace(args.workspace)
    cfg = load_config(root)
    cache = None if args.no_cache else IndexCache(root)
    _say_problems([*cfg.problems, *(cache.problems if cache is not None else ())])  # curator.toml, .curator/
    try:
        # notes outside the window are only dated unless asked for: the window's answer does not
        # depend on them, and splitting them is most of a cold run's cost
        result = analyze(
            root, args.topic, args.since, args.until, cfg=cfg, cache=cache, defer_outside=not args.all_notes
        )
    except ValueError as exc:
        raise _window_error(exc) from exc
    import gc

    gc.freeze()  # a one-shot process: no collector passes over the loaded index while printing or at exit
    if args.json:
        # one write: json.dump writes each of ~10^6 tokens to the stream on its own (a third of a warm run on L)
        from curator import jsonout

        jsonout.emit(analysis_json(result))
    else:
        print(summary_text(result))
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from pathlib import Path

    from curator.demo import copy_demo

    target = copy_demo(Path(args.dir) if args.dir else None)
    print(f"curator demo: a fresh copy of the demo relay is in {target}")
    if args.print_only or not sys.stdout.isatty():
        from curator.analysis import analyze
        from curator.report import summary_text

        print(summary_text(analyze(target)))
        return 0
    return _run_ui(target, None, None, None)


def cmd_ui(args: argparse.Namespace) -> int:
    from curator.config import load_config
    from curator.workspace import choose_topic, layout, resolve_workspace

    root = resolve_workspace(args.workspace)
    cfg = load_config(root)
    choose_topic(cfg, layout(cfg), args.topic)
    from curator.config import window_bounds

    try:  # the same checks `analyze` makes, before the screen opens
        window_bounds(cfg, args.since, args.until)
    except ValueError as exc:
        raise _window_error(exc) from exc
    return _run_ui(root, args.topic, args.since, args.until)


def _say_problems(problems: list[str]) -> None:
    for problem in problems:
        print(f"curator: {problem}", file=sys.stderr)


def _run_ui(root: Path, topic: str | None, since: str | None, until: str | None) -> int:
    try:
        from curator.tui.app import CuratorApp
    except ImportError as exc:  # the UI is optional for scripts
        print(f"curator: the triage UI is not available ({exc}); try `curator analyze`", file=sys.stderr)
        return 2
    app = CuratorApp(root, topic=topic, since=since, until=until)
    app.run()
    return app.return_code or 0
