"""The editing session behind the triage screen: analysis + decisions store + triage rows.

No Textual here: the screen is a thin layer of keys and widgets over these calls, and
tests can drive every decision without a terminal. Every write goes straight to the store
(durable when the call returns) and then rebuilds the triage rows.

The store is shared with ``curator decide`` and other sessions: :meth:`Session.poll` picks
up what they wrote, every write first catches up under the lock, and a bulk action is
planned again from the store as it is when it applies. The session never waits for the
lock: a write finding it taken raises :class:`~curator.locks.WorkspaceBusy` at once, and
the screen retries off the event loop.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from curator.config import Config
from curator.models import Analysis, Overlap
from curator.store import BulkStep, DecisionStore
from curator.triage import PRIORITY_CYCLE, Row, Triage, aliases


class ReadOnlySession(Exception):
    """A write was asked for while this session may only read (the reason is the message)."""


@dataclass
class BulkPlan:
    """What one bulk action would do: (row, action, section) triples, described in words."""

    number: int
    title: str
    action: str
    steps: list[tuple[Row, str | None]] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.steps)


BULK_TITLES = {
    1: "Reject every anchored / reported / off-topic increment not yet decided",
    2: "Approve every undecided NEW increment whose notes agree on a section (in that section)",
    3: "Defer everything still undecided",
}


class Session:
    """One editor's evening on one workspace: what the screen reads and writes."""

    def __init__(
        self,
        root: Path,
        config: Config,
        analysis: Analysis,
        store: DecisionStore | None,
        store_error: str | None = None,
    ) -> None:
        self._written_for: object = None
        self._written: dict[str, str] = {}
        """Wrap a finished analysis and an open store (None when it could not be opened)."""
        self.root = root
        self.config = config
        self.analysis = analysis
        self.store = store
        self.store_error = store_error
        if store is not None:
            store.lock_timeout = 0.0  # one try: the event loop never waits for another process
        self.triage = Triage(analysis, store)
        self.summary = ""
        """The 六 summary typed in the export screen (kept while the app runs)."""

    # ------------------------------------------------------------------ state

    @property
    def readonly(self) -> bool:
        return self.store is None or self.store.readonly

    @property
    def readonly_reason(self) -> str | None:
        if self.store is None:
            return self.store_error or "the decisions store could not be opened"
        if self.store.readonly:
            return self.store.readonly_reason or "this session is read-only"
        return None

    @property
    def problems(self) -> list[str]:
        return list(self.store.problems) if self.store is not None else []

    @property
    def rows(self) -> list[Row]:
        return self.triage.rows

    def row(self, key: str | None) -> Row | None:
        """The row shown for an increment id or any of its aliases."""
        return self.triage.by_key.get(key) if key else None

    def poll(self) -> bool:
        """Take in what other processes decided since the last look; True if the rows changed.

        Costs a few ``stat`` calls when nothing changed. Raises WorkspaceBusy when the
        lock is taken right now (poll again later).
        """
        if self.store is None or not self.store.stale():
            return False
        if not self.store.refresh(timeout=0.0):
            return False
        self.triage.rebuild()
        return True

    def swap(self, analysis: Analysis) -> None:
        """Take a fresh analysis (inbox changed); decisions follow by key and alias."""
        self.analysis = analysis
        self.triage = Triage(analysis, self.store)

    def section_numbers(self) -> set[str]:
        return {s.label for s in self.analysis.living_doc.sections}

    def written(self, label: str | None) -> str:
        """A section label as the living doc writes it ("§3.2.1" → "§3-2-1"); "" for None."""
        doc = self.analysis.living_doc
        if self._written_for is not doc:
            from curator.living_doc import shown_numbers

            self._written_for, self._written = doc, shown_numbers(doc)
        return self._written.get(label, label) if label else ""

    # ------------------------------------------------------------------ overlaps

    def _keys(self, row: Row) -> set[str]:
        return {row.inc.id, self.triage.decision_key(row)}

    def flagged_overlaps(
        self, row: Row, distinct: set[frozenset[str]] | None = None
    ) -> list[Overlap]:
        """Overlap candidates still worth a look: not merged in, not marked distinct.

        Pass *distinct* (``store.distinct_pairs()``) when checking many rows at once.
        """
        if distinct is None:
            distinct = self.store.distinct_pairs() if self.store is not None else set()
        out: list[Overlap] = []
        mine = self._keys(row)
        for ov in row.inc.overlaps:
            other = self.row(ov.id)
            if other is row:
                continue
            theirs = {ov.id} | (self._keys(other) if other is not None else set())
            if any(frozenset((a, b)) in distinct for a in mine for b in theirs):
                continue
            out.append(ov)
        return out

    # ------------------------------------------------------------------ writes

    def _check(self) -> DecisionStore:
        if self.store is None or self.store.readonly:
            raise ReadOnlySession(self.readonly_reason or "read-only")
        return self.store

    def decide(self, row: Row, action: str) -> None:
        """approve (in the row's section), reject or defer; durable on return."""
        store = self._check()
        section = row.section if action == "approve" else None
        store.decide(self.triage.decision_key(row), action, section=section)
        self.triage.rebuild()

    def set_section(self, row: Row, section: str | None) -> None:
        self._check().set_section(self.triage.decision_key(row), section)
        self.triage.rebuild()

    def cycle_priority(self, row: Row) -> str | None:
        """Next marker in 🔴 🟠 🟡 (none) order; returns the new one."""
        current = row.priority if row.priority in PRIORITY_CYCLE else None
        nxt = PRIORITY_CYCLE[(PRIORITY_CYCLE.index(current) + 1) % len(PRIORITY_CYCLE)]
        self._check().set_priority(self.triage.decision_key(row), nxt)
        self.triage.rebuild()
        return nxt

    def toggle_tier(self, row: Row) -> str:
        """main ↔ adjacent (from whatever the row shows now, chosen or default); the new tier."""
        from curator.tiers import toggled

        nxt = toggled(row.tier)
        self._check().set_tier(self.triage.decision_key(row), nxt)
        self.triage.rebuild()
        return nxt

    def edit(
        self,
        row: Row,
        *,
        title: str | None = None,
        points: list[str] | None = None,
        caveats: list[str] | None = None,
    ) -> bool:
        """Store only what changed; False when nothing did."""
        changes: dict[str, Any] = {}
        if title is not None and title.strip() and title != row.title:
            changes["title"] = title.strip()
        if points is not None and points != row.points:
            changes["points"] = points
        if caveats is not None and caveats != row.caveats:
            changes["caveats"] = caveats
        if not changes:
            return False
        self._check().edit(self.triage.decision_key(row), **changes)
        self.triage.rebuild()
        return True

    def merge(self, primary: Row, other: Row) -> None:
        """Fold *other* into *primary* (the current row stays, the other disappears)."""
        if primary is other:
            raise ValueError("cannot merge an increment into itself")
        self._check().merge(self.triage.decision_key(primary), self.triage.decision_key(other))
        self.triage.rebuild()

    def mark_distinct(self, row: Row, overlap: Overlap) -> None:
        """Remember that *row* and the overlap candidate are not the same thing."""
        other = self.row(overlap.id)
        b = self.triage.decision_key(other) if other is not None else overlap.id
        self._check().mark_distinct(self.triage.decision_key(row), b)
        self.triage.rebuild()

    def undo(self) -> dict[str, Any] | None:
        """Revert the latest change (a whole bulk action at once); its history entry or None."""
        entry = self._check().undo()
        self.triage.rebuild()
        return entry

    def redo(self) -> dict[str, Any] | None:
        """Re-apply the latest undone change; its history entry or None."""
        entry = self._check().redo()
        self.triage.rebuild()
        return entry

    # ------------------------------------------------------------------ bulk

    def agreed_section(self, row: Row) -> str | None:
        """The section every note's explicit hint names, if they all agree on a real one."""
        hints: set[str] = set()
        for inc in [row.inc, *row.absorbed]:
            from curator.analysis import primary_items  # heavy: keep it off the first frame

            items = primary_items(inc) or inc.items
            hints.update(it.section_hint for it in items if it.section_hint)
        if len(hints) != 1:
            return None
        hint = hints.pop()
        return hint if hint in self.section_numbers() else None

    def bulk_plan(self, number: int) -> BulkPlan:
        """The rows bulk action 1, 2 or 3 would decide (undecided rows only)."""
        undecided = [r for r in self.rows if r.action is None]
        if number == 1:
            steps: list[tuple[Row, str | None]] = [
                (r, None) for r in undecided if r.inc.status != "new"
            ]
            return BulkPlan(1, BULK_TITLES[1], "reject", steps)
        if number == 2:
            plan = BulkPlan(2, BULK_TITLES[2], "approve")
            for r in undecided:
                if r.inc.status == "new":
                    section = self.agreed_section(r)
                    if section:
                        plan.steps.append((r, section))
            return plan
        if number == 3:
            return BulkPlan(3, BULK_TITLES[3], "defer", [(r, None) for r in undecided])
        raise ValueError(f"no bulk action {number}")

    def apply_bulk(self, plan: BulkPlan) -> int:
        """Record *plan* as one transaction (one undo); returns how many rows it decided.

        Planned again from the store as it is now: a row decided meanwhile (here or by
        another process) is left alone, and only rows the shown plan named are touched.
        """
        store = self._check()
        store.refresh()
        self.triage.rebuild()
        chosen = {row.inc.id for row, _section in plan.steps}
        fresh = self.bulk_plan(plan.number)
        steps = [
            BulkStep(self.triage.decision_key(row), section, self._own_keys(row))
            for row, section in fresh.steps
            if row.inc.id in chosen
        ]
        done = store.decide_many(plan.action, steps)
        self.triage.rebuild()
        return len(done)

    def _own_keys(self, row: Row) -> tuple[str, ...]:
        """Every key that names this row alone (a verdict under any of them decides it)."""
        by_key = self.triage.by_key
        return tuple(
            a for inc in [row.inc, *row.absorbed] for a in aliases(inc) if by_key.get(a) is row
        )

    # ------------------------------------------------------------------ navigation

    @staticmethod
    def next_undecided(
        order: list[str], current: str | None, undecided: Iterable[str]
    ) -> str | None:
        """The first undecided key after *current* in *order*, wrapping round; None if none."""
        todo = set(undecided)
        if not order:
            return None
        start = order.index(current) + 1 if current in order else 0
        for key in order[start:] + order[:start]:
            if key in todo:
                return key
        return None

    def close(self) -> None:
        if self.store is not None:
            self.store.close()
