"""`B`: bulk actions over the undecided rows, each shown with how many rows it would touch."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from curator.service.session import BulkPlan
from curator.tui.actions import bindings
from curator.tui.text import clean

EXAMPLES = 4


class BulkScreen(ModalScreen[int | None]):
    """Press 1, 2 or 3 to choose (dismisses with the number), Escape to cancel."""

    BINDINGS = bindings("bulk")

    def __init__(self, plans: list[BulkPlan]) -> None:
        """*plans*: what each action would do right now."""
        super().__init__()
        self.plans = {p.number: p for p in plans}

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="bulk"):
            yield Label(
                Content.styled(
                    "Bulk actions (undecided rows only; u undoes a whole action)", "bold"
                ),
                id="dialog-title",
            )
            for number, plan in sorted(self.plans.items()):
                lines = [
                    Content.assemble(
                        (f"{number}  ", "bold $text-accent"),
                        (plan.title, "bold"),
                        (f"  — {plan.count} rows", "dim"),
                    )
                ]
                for row, section in plan.steps[:EXAMPLES]:
                    where = f" → {section}" if section else ""
                    lines.append(Content.styled(f"     {clean(row.title, 70)}{where}", "dim"))
                if plan.count > EXAMPLES:
                    lines.append(Content.styled(f"     … {plan.count - EXAMPLES} more", "dim"))
                yield Static(Content("\n").join(lines), classes="bulk-plan")
            yield Label(Content.styled("1 / 2 / 3 choose · Esc cancel", "dim"))

    def action_choose(self, number: int) -> None:
        plan = self.plans.get(number)
        if plan is None or not plan.count:
            self.notify("nothing to do for that one", severity="warning", markup=False)
            return
        self.dismiss(number)

    def action_cancel(self) -> None:
        self.dismiss(None)
