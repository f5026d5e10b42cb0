"""Command line: ``curator [WORKSPACE]`` opens the UI; subcommands for scripts.

Exit codes: 0 ok, 1 "not found" (lookup) or nothing to undo/redo, 2 usage error,
refused decision or unusable workspace (one line on stderr), 3 refused to overwrite
(export), 4 workspace busy (another process holds the decisions lock past the wait),
5 a decision not saved (disk full or another write error; nothing was recorded),
6 ``--clipboard`` failed (export; the file was still written). Each subcommand's
``--help`` ends with its own (:data:`EXIT_CODES`).
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
    return SimpleNamespace(
        command="lookup",
        query=pos[0],
        workspace=pos[1] if len(pos) == 2 else None,
        topic=None,
        json=as_json,
    )


def _add_window(p: argparse.ArgumentParser) -> None:
    p.add_argument("--topic", help="topic (living doc organized/knowledge/<topic>.md)")
    p.add_argument("--since", help="window start, ISO 8601 with offset")
    p.add_argument("--until", help="window end, ISO 8601 with offset")


WORKSPACE_HELP = "the workspace folder (default: the one around the current folder, holding curator.toml or inbox/)"
INTERRUPTED = "  130  interrupted (Ctrl+C)"
EXIT_CODES = {
    "analyze": [
        "  0    printed",
        "  2    bad arguments or window, or an unusable workspace (one line on stderr)",
    ],
    "lookup": [
        "  0    anchored in this topic's living doc",
        "  1    not anchored",
        "  2    not an arXiv ID or URL, bad arguments, or an unusable workspace",
    ],
    "decide": [
        "  0    saved (undo/redo: done)",
        "  1    nothing to undo/redo",
        "  2    refused, nothing recorded: unknown or ambiguous key, unknown section, bad value,",
        "       read-only store, bad arguments or window, unusable workspace",
        "  4    workspace busy: another process held the decisions lock past the wait",
        "  5    not saved (disk full or another write error); nothing was recorded",
    ],
    "history": [
        "  0    listed (also when there are no decisions)",
        "  2    bad arguments or an unusable workspace",
        "  4    workspace busy: another process held the decisions lock past the wait",
    ],
    "export": [
        "  0    written (or printed) and, with --clipboard, copied",
        "  2    bad arguments, window or template, an unusable workspace, a target that is not a",
        "       regular file, or a write that failed",
        "  3    the file exists: nothing written (use --force, or --out for another file)",
        "  4    workspace busy: another process held the decisions lock past the wait",
        "  6    --clipboard failed (the file or --stdout part was still done)",
    ],
    "demo": [
        "  0    the UI was closed (or, with --print, the analysis printed)",
        "  2    the demo folder holds something that is not a curator demo copy (nothing is",
        "       touched), or the UI is not available",
    ],
    "ui": [
        "  0    the UI was closed",
        "  2    bad arguments or window, an unusable workspace, or the UI is not available",
    ],
}
"""Each subcommand's exit codes, as its ``--help`` ends: read off its cmd_* handler."""


def exit_codes_epilog(command: str) -> str:
    """The ``--help`` tail: what each exit code of *command* means (scripts branch on them)."""
    return "\n".join(["exit codes:", *EXIT_CODES[command], INTERRUPTED])


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser, or with ``only`` just that subcommand under it.

    Parsing ``curator lookup …`` behaves the same either way (the top level hands every
    argument after the subcommand's name to it), and a lookup is over before the other
    six subparsers would have been built.
    """
    from argparse import SUPPRESS, RawDescriptionHelpFormatter

    parser = _parser_class()(
        prog="curator",
        description="Triage the evening relay against the living doc.",
        epilog="`curator COMMAND --help` lists a command's options and exit codes.",
    )
    parser.add_argument("--version", action="version", version=f"curator {__version__}")
    sub = parser.add_subparsers(dest="command")

    def want(name: str) -> bool:
        return only is None or only == name

    def add(name: str, help: str) -> argparse.ArgumentParser:
        return sub.add_parser(
            name,
            help=help,
            description=help,
            epilog=exit_codes_epilog(name),
            formatter_class=RawDescriptionHelpFormatter,
        )

    if want("analyze"):
        p = add("analyze", "what the relay holds: increments, status, sections")
        p.add_argument("workspace", nargs="?", help=WORKSPACE_HELP)
        _add_window(p)
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

    if want("lookup"):
        p = add("lookup", "is this arXiv ID or URL anchored, and where?")
        p.add_argument(
            "query",
            help="an arXiv ID in any form (2608.14376, arXiv:2608.14376v2, an arxiv.org link) or a URL",
        )
        p.add_argument("workspace", nargs="?", help=WORKSPACE_HELP)
        p.add_argument(
            "--topic",
            help="whose living doc to look in (default: curator.toml's topic, or the only one)",
        )
        p.add_argument(
            "--json", action="store_true", help="the answer as one JSON document on stdout"
        )

    if want("decide"):
        p = add(
            "decide",
            "record a decision: approve | reject | defer | tier main|adjacent | undo | redo",
        )
        p.add_argument(
            "key", help="arXiv ID (any form), URL or increment id; ignored for undo/redo (use -)"
        )
        p.add_argument(
            "action",
            choices=["approve", "reject", "defer", "tier", "undo", "redo"],
            help="what to record: approve, reject, defer, tier (then main or adjacent), undo or redo",
        )
        p.add_argument(
            "workspace",
            nargs="?",
            help="for tier: main or adjacent, then the workspace; otherwise the workspace folder",
        )
        p.add_argument("tier_workspace", nargs="?", help=SUPPRESS)
        _add_window(p)
        p.add_argument(
            "--section",
            help='the section to file it under: 4.3, §4.3, "Section 4.3" or a section '
            "title (approve's default: the suggested section)",
        )
        p.add_argument(
            "--priority",
            choices=["🔴", "🟠", "🟡", "red", "orange", "yellow", "high", "medium", "low"],
            help="red/high 🔴, orange/medium 🟠 or yellow/low 🟡",
        )
        p.add_argument("--note", help="a note kept with the decision (at most 2,000 characters)")
        p.add_argument(
            "--json", action="store_true", help="what was recorded, as one JSON document on stdout"
        )

    if want("history"):
        p = add("history", "every decision, newest first, with who, when and the increment's title")
        p.add_argument("workspace", nargs="?", help=WORKSPACE_HELP)
        p.add_argument(
            "--json", action="store_true", help="the decisions as one JSON list on stdout"
        )

    if want("export"):
        p = add("export", "write the approved briefing")
        p.add_argument("workspace", nargs="?", help=WORKSPACE_HELP)
        _add_window(p)
        p.add_argument(
            "--out",
            metavar="FILE",
            help=(
                "write here instead of inbox/<editor>/<date>-<topic>-e1prep.md (relative to the workspace); "
                "a folder (or a path ending in /) gets that file name inside it; only a regular file is "
                "written: a link, a device or a pipe is refused (exit 2)"
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

    if want("demo"):
        p = add(
            "demo", "open the bundled demo relay (one copy, kept between runs, so decisions stay)"
        )
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

    if want("ui"):
        p = add("ui", "open the triage UI (the default command)")
        p.add_argument("workspace", nargs="?", help=WORKSPACE_HELP)
        _add_window(p)
    return parser


def main(argv: list[str] | None = None) -> int:
    own_argv = argv is None  # this process's own command line, not a caller's list
    argv = list(sys.argv[1:] if argv is None else argv)
    typo = mistyped_command(argv[0]) if argv else None
    if typo is not None:
        print(f"curator: unknown command {argv[0]!r} — did you mean {typo!r}?", file=sys.stderr)
        return 2
    if (
        argv
        and argv[0] not in SUBCOMMANDS
        and not argv[0].startswith("-")
        or not argv
        or argv[0] in ("--topic", "--since", "--until")
    ):
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
    _say_problems(
        [*cfg.problems, *(cache.problems if cache is not None else ())]
    )  # curator.toml, .curator/
    try:
        # notes outside the window are only dated unless asked for: the window's answer does not
        # depend on them, and splitting them is most of a cold run's cost
        result = analyze(
            root,
            args.topic,
            args.since,
            args.until,
            cfg=cfg,
            cache=cache,
            defer_outside=not args.all_notes,
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
    """Open the one demo copy (made on first use, or anew with --fresh) and say where it is."""
    import shlex
    from pathlib import Path

    from curator.demo import DemoRefused, open_demo

    try:
        target, how = open_demo(
            Path(args.dir) if args.dir else None, fresh=bool(getattr(args, "fresh", False))
        )
    except DemoRefused as exc:
        print(f"curator: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"curator: cannot make the demo copy: {exc.strerror or exc}", file=sys.stderr)
        return 2
    said = {
        "new": "a new copy of the demo relay is in",
        "replaced": "a fresh copy of the demo relay replaced the old one in",
        "reused": "the demo relay, with the decisions made in it, is in",
    }[how]
    reopen = f"reopen it with `curator demo` (or `curator ui {shlex.quote(str(target))}`); `curator demo --fresh` starts over"
    print(f"curator demo: {said} {target}")
    if args.print_only or not sys.stdout.isatty():
        from curator.analysis import analyze
        from curator.report import summary_text

        print(summary_text(analyze(target)))
        print(f"curator demo: {reopen}")
        return 0
    notice = f"Demo workspace: {target}\nDecisions stay here: `curator demo` reopens it, `--fresh` starts over."
    code = _run_ui(target, None, None, None, notice=notice)
    print(f"curator demo: your decisions are saved in {target}; {reopen}")
    return code


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


def _run_ui(
    root: Path,
    topic: str | None,
    since: str | None,
    until: str | None,
    *,
    notice: str | None = None,
) -> int:
    try:
        from curator.tui.app import CuratorApp
    except ImportError as exc:  # the UI is optional for scripts
        print(
            f"curator: the triage UI is not available ({exc}); try `curator analyze`",
            file=sys.stderr,
        )
        return 2
    app = CuratorApp(root, topic=topic, since=since, until=until, notice=notice)
    app.run()
    return app.return_code or 0
