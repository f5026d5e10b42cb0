"""``curator decide``: record a decision by key (approve, reject, defer, tier), undo or redo one.

A refusal is one line and exit 2, and nothing is recorded then; 4 is a busy workspace,
5 a decision the disk would not take (nothing recorded either).
"""

from __future__ import annotations

from typing import Any

from curator.cli.output import say, say_all
from curator.cli.registry import Command
from curator.cli.usage import add_window
from curator.service.vocabulary import ALIASES, MARKERS

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from curator.cli.usage import Args
    from curator.service.deciding import Saved
    from curator.service.evening import Evening

EXIT_REFUSED = 2
EXIT_BUSY = 4
EXIT_NOT_SAVED = 5

HELP = "record a decision: approve | reject | defer | tier main|adjacent | undo | redo"
EXIT_CODES = [
    "  0    saved (undo/redo: done)",
    "  1    nothing to undo/redo",
    "  2    refused, nothing recorded: unknown or ambiguous key, unknown section, bad value,",
    "       read-only store, bad arguments or window, unusable workspace",
    "  4    workspace busy: another process held the decisions lock past the wait",
    "  5    not saved (disk full or another write error); nothing was recorded",
]


def add_arguments(p: argparse.ArgumentParser) -> None:
    from argparse import SUPPRESS

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
    add_window(p)
    p.add_argument(
        "--section",
        help='the section to file it under: 4.3, §4.3, "Section 4.3" or a section '
        "title (approve's default: the suggested section)",
    )
    p.add_argument(
        "--priority",
        choices=[*MARKERS, *ALIASES],
        help="red/high 🔴, orange/medium 🟠 or yellow/low 🟡",
    )
    p.add_argument("--note", help="a note kept with the decision (at most 2,000 characters)")
    p.add_argument(
        "--json", action="store_true", help="what was recorded, as one JSON document on stdout"
    )


def _tier_and_workspace(args: Args) -> tuple[str | None, str | None, str | None]:
    """(the tier's value, the workspace, why the arguments are refused) before anything is read.

    ``decide KEY tier VALUE [WORKSPACE]``: only tier takes a value, so its workspace comes one
    later.
    """
    from curator.service.deciding import one_line, tier_refusal

    if args.action != "tier":
        if args.tier_workspace is not None:
            unexpected = one_line(args.tier_workspace, 60)
            return None, None, f"unexpected argument {unexpected!r} (only tier takes a value)"
        return None, args.workspace, None
    tier = args.workspace
    problem = tier_refusal(tier)
    given = [f"--{n}" for n in ("section", "priority", "note") if getattr(args, n) is not None]
    if given:
        problem = f"{', '.join(given)} cannot go with tier (use approve, reject or defer)"
    return tier, args.tier_workspace, problem


def run(args: Args) -> int:
    from curator.service.deciding import ReadOnlyStore, Refused, WorkspaceBusy, decide
    from curator.service.evening import Evening

    tier, workspace, problem = _tier_and_workspace(args)
    if problem:  # checked before the analysis: nothing to wait for
        say(problem)
        return EXIT_REFUSED
    evening = Evening.open(workspace)
    say_all(evening.problems)
    as_json = bool(getattr(args, "json", False))
    try:
        if args.action in ("undo", "redo"):
            return _undo_redo(evening, args.action, as_json=as_json)
        saved = decide(
            evening,
            args.key,
            args.action,
            window=(args.topic, args.since, args.until),
            section=args.section,
            priority=args.priority,
            note=args.note,
            tier=tier,
            say=say,
        )
    except (Refused, ReadOnlyStore) as exc:
        say(str(exc))
        return EXIT_REFUSED
    except WorkspaceBusy as exc:
        say(str(exc))
        return EXIT_BUSY
    except OSError as exc:
        say(f"the decision was NOT saved: {exc.strerror or exc}; nothing was recorded")
        return EXIT_NOT_SAVED
    _print_saved(saved, args.action, evening, as_json=as_json)
    return 0


def _print_saved(saved: Saved, action: str, evening: Evening, *, as_json: bool) -> None:
    from curator.service.deciding import decision_json, one_line

    d = saved.decision
    if as_json:
        from curator.service.jsondoc import emit

        emit(decision_json(saved, action, evening.config.zone))
    elif action == "tier":
        print(f"saved: tier {d.tier} {saved.key} ({one_line(saved.title, 60)})")
    else:
        where = f" → {d.section}" if d.section else ""
        print(f"saved: {action} {saved.key} ({one_line(saved.title, 60)}){where}")


def _undo_redo(evening: Evening, action: str, *, as_json: bool) -> int:
    from curator.service.deciding import describe, history_json, undo_redo
    from curator.service.jsondoc import emit

    ev: dict[str, Any] | None = undo_redo(evening, action, say=say)
    if ev is None:
        say(f"nothing to {action}")
        if as_json:  # a script reading stdout still gets a document
            emit({"recorded": False, "action": action})
        return 1
    if as_json:
        emit({"recorded": True, **history_json(ev, ev.get("title"), evening.config.zone)})
        return 0
    print(f"saved: {action} {describe(ev)}".rstrip())
    return 0


COMMAND = Command(HELP, add_arguments, run, EXIT_CODES)
