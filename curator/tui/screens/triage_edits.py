"""The triage screen's edits: decide, undo and redo, priority, tier, section, merge, edit, bulk.

A layer of :class:`~curator.tui.screens.triage.TriageScreen`, over the shared store (every
write goes through :meth:`~curator.tui.screens.shared_store.SharedStore._write`: saved at
once, never blocking the event loop). Dialogs load on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from curator.tui.screens.shared_store import SharedStore
from curator.tui.screens.triage_state import PAIRWISE, clean

if TYPE_CHECKING:
    from curator.service.session import BulkPlan
    from curator.tui.screens.edit import EditResult


class TriageEdits(SharedStore):
    """The keys that change decisions (each one step of undo)."""

    def _undecided_after(self, key: str) -> str:
        """Where the cursor goes after a decision: the next undecided row, else stay."""
        assert self.session is not None
        table = self._table
        visible = {r.inc.id for r in self.visible_rows()}
        undecided = [
            r.inc.id for r in self.session.rows if r.action is None and r.inc.id in visible
        ]
        return type(self.session).next_undecided(table.order, key, undecided) or key

    # ------------------------------------------------------------------ decisions

    def action_decide(self, action: str) -> None:
        row = self.current_row()
        if row is None or self.session is None:
            return
        key = row.inc.id
        self._write(
            action,
            self.session.decide,
            row,
            action,
            then=lambda _d: self._refresh_table(select=self._undecided_after(key), only={key}),
        )

    def action_undo(self) -> None:
        if self.session is None:
            return
        self._write(
            "undo", self.session.undo, then=lambda entry: self._after_history(entry, "undone")
        )

    def action_redo(self) -> None:
        if self.session is None:
            return
        self._write(
            "redo", self.session.redo, then=lambda entry: self._after_history(entry, "redone")
        )

    def _after_history(self, entry: dict[str, Any] | None, verb: str) -> None:
        from curator.service.decisions import describe

        key = str(entry.get("key")) if entry else None
        row = self.session.row(key) if self.session is not None and key else None
        self._refresh_table(
            select=row.inc.id if row is not None else None, only=self._rows_touched(entry)
        )
        if entry is not None and entry.get("target_action") == "bulk":
            self.notify(f"{verb}: {describe(entry)}", markup=False, timeout=3)
        elif row is not None:
            self.notify(f"{verb}: {clean(row.title, 120)}", markup=False, timeout=2)

    def _rows_touched(self, entry: dict[str, Any] | None) -> set[str] | None:
        """The rows an undone / redone decision changed; None (compare all) for merges, pairs,
        bulk."""
        if entry is None or self.session is None or entry.get("target_action") in PAIRWISE:
            return None
        rows = [self.session.row(str(c.get("key"))) for c in entry.get("changes", [])]
        if not rows or any(r is None for r in rows):
            return None
        return {r.inc.id for r in rows if r is not None}

    def action_priority(self) -> None:
        row = self.current_row()
        if row is None or self.session is None:
            return
        key = row.inc.id
        self._write(
            "priority",
            self.session.cycle_priority,
            row,
            then=lambda _p: self._refresh_table(select=key, only={key}),
        )

    def action_tier(self) -> None:
        row = self.current_row()
        if row is None or self.session is None:
            return
        key = row.inc.id

        def done(tier: str) -> None:
            self._refresh_table(select=key, only={key})
            self.notify(f"{tier}: {clean(row.title, 100)}", markup=False, timeout=2)

        self._write("tier", self.session.toggle_tier, row, then=done)

    def action_distinct(self) -> None:
        row = self.current_row()
        if row is None or self.session is None:
            return
        flagged = self.session.flagged_overlaps(row)
        if not flagged:
            self.notify("no flagged overlap on this row", markup=False)
            return
        top = flagged[0]
        key = row.inc.id

        def saved(_result: object) -> None:
            self.notify(
                f"not a duplicate: {clean(row.title, 60)} ≠ {clean(top.title or top.id, 60)}",
                markup=False,
            )
            self._refresh_table(select=key)

        self._write("not a duplicate", self.session.mark_distinct, row, top, then=saved)

    def action_section(self) -> None:
        row = self.current_row()
        if row is None or self.session is None:
            return
        from curator.tui.screens.section_picker import CLEAR

        doc = self.session.analysis.living_doc
        key = row.inc.id

        def chosen(value: str | None) -> None:
            if value is None or self.session is None:
                return
            target = self.session.row(key)
            if target is None:
                return
            if value == CLEAR:
                section: str | None = None
            else:
                sections = self.session.analysis.living_doc.sections
                index = int(value)
                section = sections[index].label if 0 <= index < len(sections) else None
                if section is None:
                    return
            self._write(
                "section",
                self.session.set_section,
                target,
                section,
                then=lambda _d: self._refresh_table(select=key, only={key}),
            )

        self.app.push_screen(self._section_picker_for(doc, row), chosen)

    def action_merge(self) -> None:
        row = self.current_row()
        if row is None or self.session is None:
            return
        key = row.inc.id

        def chosen(other_key: str | None) -> None:
            if other_key is None or self.session is None:
                return
            primary, other = self.session.row(key), self.session.row(other_key)
            if primary is None or other is None or primary is other:
                return

            def saved(_result: object) -> None:
                self.notify(
                    f"merged {clean(other.title, 60)} into {clean(primary.title, 60)} (u undoes)",
                    markup=False,
                )
                self._refresh_table(select=key)

            self._write("merge", self.session.merge, primary, other, then=saved)

        from curator.tui.screens.merge_picker import MergePicker  # dialogs load on first use

        self.app.push_screen(MergePicker(self.session, row), chosen)

    def action_edit(self) -> None:
        row = self.current_row()
        if row is None or self.session is None:
            return
        key = row.inc.id

        def edited(result: EditResult | None) -> None:
            if result is None or self.session is None:
                return
            target = self.session.row(key)
            if target is None:
                return

            def saved(changed: bool) -> None:
                if changed:
                    self._refresh_table(select=key)

            self._write(
                "edit",
                self.session.edit,
                target,
                then=saved,
                title=result.title,
                points=result.points,
                caveats=result.caveats,
            )

        from curator.tui.screens.edit import EditScreen

        self.app.push_screen(EditScreen(row), edited)

    # ------------------------------------------------------------------ bulk

    def action_bulk(self) -> None:
        if self.session is None:
            return
        plans = {n: self.session.bulk_plan(n) for n in (1, 2, 3)}

        def chosen(number: int | None) -> None:
            if number is None or self.session is None:
                return
            plan = plans[number]  # what the dialog showed; it is planned again as it applies
            self._write(
                "bulk", self.session.apply_bulk, plan, then=lambda done: self._bulk_done(plan, done)
            )

        from curator.tui.screens.bulk import BulkScreen

        self.app.push_screen(BulkScreen(list(plans.values())), chosen)

    def _bulk_done(self, plan: BulkPlan, done: int) -> None:
        if self.session is None:
            return
        self.session.triage.rebuild()
        table = self._table
        key = table.current_key
        self._refresh_table(select=self._undecided_after(key) if key else None)
        left = plan.count - done
        meanwhile = f" ({left} decided meanwhile, left as they were)" if left > 0 else ""
        self.notify(
            f"bulk: {plan.action} × {done}{meanwhile} · u undoes it all", markup=False, timeout=3
        )
