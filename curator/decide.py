"""Decisions by key, for scripts and the shell: check every value, then record one decision.

:func:`record_decision` checks every value against the analysis before anything is written,
and records one decision under one increment's canonical key; a refusal (:class:`Refused`)
is one line for the user and nothing is recorded then. :mod:`curator.service.deciding` opens
the store around it for ``curator decide``; :func:`increment_titles` names the increments of
``curator history``.

``--json`` shapes (README, "Scripting"): :func:`decision_json` for ``decide``,
:func:`history_json` for each entry of ``history``; times are in the workspace's zone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from curator.config import Config
from curator.decision_log import BULK
from curator.models import Analysis, Increment
from curator.priority import MARKERS
from curator.store import Decision, DecisionStore
from curator.tiers import parse_tier
from curator.timeutil import shown_in
from curator.triage import PRIORITY_WORDS, Row, Triage

NOTE_MAX = 2000
"""Characters a ``--note`` may have (it is shown in the UI and the history)."""
CLOSEST = 3


class Refused(Exception):
    """A decision that cannot be recorded as asked; the message is one line for the user."""


@dataclass
class Saved:
    """A recorded decision and the increment it is about."""

    key: str
    title: str
    decision: Decision
    increment: str = ""
    """The id of the increment in this window (``key`` may be an older key it carries)."""


def record_decision(
    store: DecisionStore,
    analysis: Analysis,
    query: str,
    action: str,
    *,
    section: str | None = None,
    priority: str | None = None,
    note: str | None = None,
    tier: str | None = None,
    alias_of: Callable[[Increment], list[str]] | None = None,
) -> Saved:
    """Check, then record *action* on the one increment *query* names; durable on return.

    ``tier`` is the value of the ``tier`` action (main or adjacent); it leaves the verdict alone.

    Raises :class:`Refused` (nothing recorded) for an unknown or ambiguous key, an unknown
    section or a bad value; ReadOnlyStore, WorkspaceBusy and OSError come from the store.
    """
    if action == "tier":
        return record_tier(store, analysis, query, tier, alias_of)
    if action not in ("approve", "reject", "defer"):
        raise Refused(f"unknown action {action!r} (approve, reject, defer or tier)")
    priority = PRIORITY_WORDS.get(priority, priority) if priority else None
    if priority is not None and priority not in MARKERS:
        raise Refused(f"unknown priority {priority!r} (red, orange or yellow)")
    if note is not None:
        note = _check_note(note)
    label = section_label(section, analysis) if section else None
    triage = Triage(analysis, store, alias_of)
    row = resolve_row(triage, query)
    if label is None and action == "approve":
        label = row.section
    key = triage.decision_key(row)
    decision = store.decide(key, action, section=label, priority=priority, note=note)
    return Saved(key, row.title, decision, row.inc.id)


def record_tier(
    store: DecisionStore,
    analysis: Analysis,
    query: str,
    value: str | None,
    alias_of: Callable[[Increment], list[str]] | None = None,
) -> Saved:
    """Record where the one increment *query* names sits in the briefing: main or adjacent.

    The verdict, section and priority stay as they are. Refused (nothing recorded) for a
    value that is not a tier, or a key that names no increment or several.
    """
    tier = parse_tier(value)
    if tier is None:
        raise Refused(not_a_tier(value))
    triage = Triage(analysis, store, alias_of)
    row = resolve_row(triage, query)
    key = triage.decision_key(row)
    decision = store.set_tier(key, tier)
    return Saved(key, row.title, decision, row.inc.id)


def decision_json(saved: Saved, action: str, zone: Any) -> dict[str, Any]:
    """What ``decide --json`` prints for a saved decision: a stable shape scripts can rely on."""
    d = saved.decision
    return {
        "recorded": True,
        "action": action,
        "key": saved.key,
        "increment": saved.increment or saved.key,
        "title": saved.title,
        "verdict": d.action,
        "section": d.section,
        "priority": d.priority,
        "tier": d.tier,
        "note": d.note,
        "editor": d.editor,
        "time": shown_in(d.time, zone),
        "seq": d.seq,
    }


def history_json(entry: dict[str, Any], title: str | None, zone: Any) -> dict[str, Any]:
    """One decision as ``history --json`` (and ``decide … undo|redo --json``) prints it.

    The store's entries also carry its replay internals (before/after states); these fields
    are the ones documented and kept stable.
    """
    bulk = entry.get("args") if entry.get("action") == BULK else entry.get("target_args")
    bulk = (
        bulk
        if BULK in (entry.get("action"), entry.get("target_action")) and isinstance(bulk, dict)
        else None
    )
    return {
        "seq": entry.get("seq"),
        "time": shown_in(entry.get("time"), zone),
        "editor": entry.get("editor"),
        "action": entry.get("action"),
        "key": entry.get("key") or None,
        "title": title,
        "verdict": entry.get("verdict"),
        "section": entry.get("section"),
        "priority": entry.get("priority"),
        "tier": entry.get("tier"),
        "note": entry.get("note"),
        "merged_into": entry.get("merged_into"),
        "other": entry.get("other"),
        "target": entry.get("target"),
        "target_action": entry.get("target_action"),
        "bulk": {"action": bulk.get("action"), "count": entry.get("count", 0)}
        if bulk is not None
        else None,
        "count": entry.get("count", 0),
    }


TITLE_DAYS = 7
"""How far back ``history`` looks for the titles of decisions made before tonight's window."""


def increment_titles(
    root: Path, cfg: Config, store: DecisionStore, events: list[dict[str, Any]]
) -> dict[str, str]:
    """Key or alias → the title the UI shows, for the keys *events* name.

    First the workspace's default window (tonight's, or the one curator.toml pins); keys not
    in it are looked up in the window that ends at their newest decision and starts a day
    before their oldest (at most a week): the relays they were decided on. An analysis costs
    what ``curator analyze`` does (the index cache keeps that short); a window that cannot be
    analysed gives no titles, never an error.
    """
    from curator.analysis import analyze
    from curator.cache import IndexCache
    from curator.roots import WorkspaceError

    wanted = {str(ev["key"]) for ev in events if ev.get("key")}
    titles: dict[str, str] = {}
    windows: list[tuple[datetime | None, datetime | None]] = [(None, None)]
    cache = IndexCache(root)
    while windows and wanted - titles.keys():
        since, until = windows.pop(0)
        try:
            # the window's increments only: notes outside it are dated, not split (as `analyze`
            # does)
            analysis = analyze(root, None, since, until, cfg=cfg, cache=cache, defer_outside=True)
        except (ValueError, OSError, WorkspaceError):
            continue
        triage = Triage(analysis, store)
        titles.update(
            {k: triage.by_key[k].title for k in wanted - titles.keys() if k in triage.by_key}
        )
        # tonight's window was not pinned
        if since is None and cfg.since is None and cfg.until is None:
            times = sorted(
                t
                for ev in events
                if str(ev.get("key")) in wanted - titles.keys()
                and (t := _when(ev.get("time"))) is not None
            )
            if times:
                end = times[-1] + timedelta(minutes=1)
                begin = max(times[0], end - timedelta(days=TITLE_DAYS)) - timedelta(
                    hours=cfg.window_hours
                )
                windows.append((begin, end))
    return titles


def _when(stamp: Any) -> datetime | None:
    """A stored ISO time, or None for anything that is not one with an offset."""
    try:
        when = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return None
    return when if when.tzinfo is not None else None


def resolve_row(triage: Triage, query: str) -> Row:
    """The one increment *query* names, or Refused saying why not (and which ones it may mean)."""
    found = triage.candidates(query)
    if len(found) == 1:
        return found[0]
    shown = one_line(query, 80)
    if not found:
        raise Refused(
            f"{shown!r} is not an increment of this window (an arXiv ID, URL or increment id "
            "shown by `curator analyze`; --since/--until choose another window)"
        )
    listed = "; ".join(f"{r.inc.id} ({one_line(r.title, 50)})" for r in found[:6])
    more = f"; … {len(found) - 6} more" if len(found) > 6 else ""
    raise Refused(f"{shown!r} names {len(found)} increments: {listed}{more}; use one of their ids")


def section_label(section: str, analysis: Analysis) -> str:
    """``--section`` as the doc labels it: "4.3", "Section 4.3", "§ 4.3" → "§4.3"; a title
    ("data mixing") → its section's label when exactly one section has it; else Refused,
    naming the closest few sections."""
    from curator.context import index_of
    from curator.living_doc import shown_numbers
    from curator.section_numbers import canonical_section

    # the doc's own way of writing its numbers ("3-2-1", "§C1b") names its section too
    written = {w[1:]: n for n, w in shown_numbers(analysis.living_doc).items()}
    section = written.get(section.strip().lstrip("§").strip(), section)
    number = canonical_section(section)
    index = index_of(analysis).index
    unit = index.resolve(section) if number else index.resolve_title(section)
    if unit is not None:
        return unit.label
    units = [u[0] for u in index.by_label.values() if u]
    what = number or repr(one_line(section, 60))
    closest = _closest(number, section, units)
    hint = f"; closest: {', '.join(closest)}" if closest else ""
    raise Refused(f"{analysis.living_doc.path} has no section {what}{hint}")


def _closest(number: str | None, text: str, units: list) -> list[str]:
    def parts(label: str) -> list[int] | None:
        try:
            return [int(p) for p in label.lstrip("§").split(".")]
        except ValueError:
            return None

    scored: list[tuple[float, str]] = []
    want = parts(number) if number else None
    if want is not None:
        for u in units:
            got = parts(u.label)
            if got is None:
                continue
            width = max(len(want), len(got))
            a, b = want + [0] * (width - len(want)), got + [0] * (width - len(got))
            scored.append(
                (
                    sum(abs(x - y) / 10**i for i, (x, y) in enumerate(zip(a, b, strict=True))),
                    u.label,
                )
            )
    else:
        from rapidfuzz import fuzz

        scored = [(-fuzz.WRatio(text, u.title or u.label), u.label) for u in units]
    titles = {u.label: u.title for u in units}
    best = sorted(scored)[:CLOSEST]
    return [f"{label} {one_line(titles[label], 40)}".strip() for _score, label in best]


def _check_note(note: str) -> str:
    from curator.textio import sanitize

    clean = sanitize(note).strip()
    if len(clean) > NOTE_MAX:
        raise Refused(f"--note is {len(clean)} characters long; at most {NOTE_MAX}")
    return clean


def not_a_tier(value: str | None) -> str:
    """Why *value* is no tier, one line (with how to give one)."""
    given = f"unknown tier {one_line(value, 40)!r}" if value else "no tier given"
    return f"{given} (main or adjacent: curator decide KEY tier main|adjacent)"


def one_line(text: str, limit: int) -> str:
    """*text* on one line, cleaned of terminal controls, at most *limit* characters (… when cut)."""
    from curator.textio import sanitize

    flat = " ".join(sanitize(str(text)).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
