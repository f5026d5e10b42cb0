"""`e`: edit the title, key points and caveats of an increment (one point per line)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Label, TextArea

from curator.triage import Row
from curator.tui.text import clean, clean_block


@dataclass
class EditResult:
    title: str
    points: list[str]
    caveats: list[str]


def lines_of(text: str) -> list[str]:
    """One point per non-empty line, leading bullets removed."""
    out = []
    for line in text.splitlines():
        line = line.strip()
        for bullet in ("- ", "* ", "• "):
            if line.startswith(bullet):
                line = line[len(bullet):].strip()
        if line:
            out.append(line)
    return out


class EditScreen(ModalScreen[EditResult | None]):
    """Ctrl+S saves (dismisses with an EditResult), Escape cancels (None)."""

    BINDINGS = [
        Binding("ctrl+s", "save", "Save", id="edit.save"),
        Binding("escape", "cancel", "Cancel", id="edit.cancel"),
    ]

    def __init__(self, row: Row) -> None:
        """Start from what the row shows now (earlier edits included)."""
        super().__init__()
        self.row = row

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="edit"):
            yield Label(Content.styled("Edit increment", "bold"), id="dialog-title")
            yield Label(Content("Title"))
            yield Input(clean(self.row.title, 500), id="edit-title")
            yield Label(Content("Key points (one per line)"))
            yield TextArea(clean_block("\n".join(self.row.points)), id="edit-points", soft_wrap=True)
            yield Label(Content("Caveats (one per line)"))
            yield TextArea(clean_block("\n".join(self.row.caveats)), id="edit-caveats", soft_wrap=True)
            yield Label(Content.styled("Ctrl+S save · Esc cancel · Tab next field", "dim"))

    def on_mount(self) -> None:
        self.query_one("#edit-title", Input).focus()

    def action_save(self) -> None:
        self.dismiss(
            EditResult(
                title=self.query_one("#edit-title", Input).value.strip(),
                points=lines_of(self.query_one("#edit-points", TextArea).text),
                caveats=lines_of(self.query_one("#edit-caveats", TextArea).text),
            )
        )

    def action_cancel(self) -> None:
        self.dismiss(None)
