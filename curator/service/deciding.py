"""Deciding by key, from a script: record, undo, redo, and the history with its titles.

The checks and the recording are :mod:`curator.decide`'s; this opens the decisions store
around them for one command and closes it again, and says the store's problems (through
*say*) the moment they are known, before any refusal.  A refusal raises :class:`Refused`
(nothing recorded); ``ReadOnlyStore``, ``WorkspaceBusy`` and ``OSError`` come from the store.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from curator.decide import (
    Refused,
    Saved,
    decision_json,
    history_json,
    increment_titles,
    not_a_tier,
    one_line,
    record_decision,
)
from curator.decision_log import describe
from curator.locks import WorkspaceBusy
from curator.service import answers
from curator.service.evening import Evening
from curator.store import DecisionStore, ReadOnlyStore
from curator.tiers import parse_tier

if TYPE_CHECKING:
    from curator.models import Analysis, Increment

__all__ = [
    "ReadOnlyStore",
    "Refused",
    "Saved",
    "WorkspaceBusy",
    "decide",
    "decision_json",
    "describe",
    "history",
    "history_json",
    "one_line",
    "tier_refusal",
    "undo_redo",
]

Say = Callable[[str], None]
"""Where a problem that does not stop the command goes (one line each)."""


def tier_refusal(value: str | None) -> str | None:
    """Why *value* is not a tier (main or adjacent), or None when it is one."""
    return None if parse_tier(value) else not_a_tier(value)


def _open_store(evening: Evening, say: Say) -> DecisionStore:
    """The store, writable unless another session holds it; refused when it is read-only."""
    store = DecisionStore.open(evening.root, evening.config.editor_name, session_lock=False)
    for p in store.problems:
        if p != store.readonly_reason:  # a read-only store is refused below, with its reason
            say(p)
    if store.readonly:
        store.close()
        raise Refused(store.readonly_reason or "the decisions store is read-only")
    return store


def decide(
    evening: Evening,
    key: str,
    action: str,
    *,
    window: tuple[str | None, str | None, str | None] = (None, None, None),
    section: str | None = None,
    priority: str | None = None,
    note: str | None = None,
    tier: str | None = None,
    say: Say,
) -> Saved:
    """Record *action* on the one increment *key* names in the window (topic, since, until).

    Durable on return; see :func:`curator.decide.record_decision` for what is refused.
    """
    said: set[str] = set()
    say = _once(say, said)  # the store may be opened twice (a key table that names no such key)
    if section is None:  # a section is checked against the doc's own tree: that needs the analysis
        fast = _from_key_table(evening, window)
        if fast is not None:
            analysis, alias_of = fast
            try:
                return _record(evening, analysis, key, action, say, alias_of, priority, note, tier)
            except Refused:
                pass  # nothing recorded: a key the table does not name is looked for afresh
    try:
        where = answers.slot(evening, *window, "window")
        # the window's increments: notes outside it are dated, not split (no increment depends on
        # them)
        analysis = evening.analyze(*window)
    except ValueError as exc:
        raise Refused(str(exc)) from exc
    answers.keep(evening, where, analysis, None, None)
    return _record(evening, analysis, key, action, say, None, priority, note, tier, section=section)


def _once(say: Say, said: set[str]) -> Say:
    def once(line: str) -> None:
        if line not in said:
            said.add(line)
            say(line)

    return once


def _record(  # noqa: PLR0913 - the decision's parts, handed on
    evening: Evening,
    analysis: Analysis,
    key: str,
    action: str,
    say: Say,
    alias_of: Callable[[Increment], list[str]] | None,
    priority: str | None,
    note: str | None,
    tier: str | None,
    *,
    section: str | None = None,
) -> Saved:
    store = _open_store(evening, say)
    try:
        return record_decision(
            store,
            analysis,
            key,
            action,
            section=section,
            priority=priority,
            note=note,
            tier=tier,
            alias_of=alias_of,
        )
    finally:
        store.close()


def _from_key_table(
    evening: Evening, window: tuple[str | None, str | None, str | None]
) -> tuple[Analysis, Callable[[Increment], list[str]]] | None:
    """The window's increments as its kept key table has them (ids, titles, aliases, sections),
    or None when there is none or what it rests on changed: a decision without an analysis."""
    try:
        hit = answers.key_table(evening, answers.slot(evening, *window, "window", scan=False))
    except ValueError as exc:
        raise Refused(str(exc)) from exc
    if hit is None:
        return None
    from curator.models import Analysis, Increment, LivingDoc, SectionSuggestion, Window

    incs = [
        Increment(
            r.id,
            r.title,
            suggested_sections=[SectionSuggestion(r.section, "", 0.0, "")] if r.section else [],
        )
        for r in hit.rows
    ]
    table = {r.id: r.aliases for r in hit.rows}
    now = datetime.now(UTC)
    light = Analysis(topic="", window=Window(now, now), living_doc=LivingDoc("", ""))
    light.increments = incs
    return light, lambda inc: table[inc.id]


def undo_redo(evening: Evening, action: str, *, say: Say) -> dict[str, Any] | None:
    """Undo or redo the latest change (*action*); the store's event, or None when there is none."""
    store = _open_store(evening, say)
    try:
        return store.undo() if action == "undo" else store.redo()
    finally:
        store.close()


def history(evening: Evening, *, say: Say) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Every decision, newest first: (the store's event, its ``history --json`` entry).

    Titles come from the default window, then from the windows the older decisions were
    made in (:func:`curator.decide.increment_titles`).
    """
    cfg = evening.config
    store = DecisionStore.open(evening.root, cfg.editor_name, readonly=True, session_lock=False)
    try:
        for p in store.problems:
            say(p)
        events = store.history()
        titles = increment_titles(evening.root, cfg, store, events) if events else {}
    finally:
        store.close()
    return [
        (ev, history_json(ev, ev.get("title") or titles.get(ev.get("key") or ""), cfg.zone))
        for ev in events
    ]
