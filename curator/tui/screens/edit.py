"""`e`: edit the title, key points and caveats of an increment (one point per line)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Label, TextArea

from curator.service.briefing import gathered_caveats
from curator.service.rows import Row
from curator.tui.actions import bindings
from curator.tui.text import clean, clean_block


@dataclass
class EditResult:
    """What the editor changed; None for a field left as the dialog showed it."""

    title: str | None
    points: list[str] | None
    caveats: list[str] | None


def lines_of(text: str) -> list[str]:
    """One point per non-empty line, leading bullets removed."""
    out = []
    for line in text.splitlines():
        line = line.strip()
        for bullet in ("- ", "* ", "• "):
            if line.startswith(bullet):
                line = line[len(bullet) :].strip()
        if line:
            out.append(line)
    return out


class EditScreen(ModalScreen[EditResult | None]):
    """Ctrl+S saves (dismisses with an EditResult), Escape cancels (None)."""

    BINDINGS = bindings("edit")

    def __init__(self, row: Row) -> None:
        """Start from what the briefing shows now (earlier edits included): every key point
        (the briefing shows the first few), the caveats gathered from the notes."""
        super().__init__()
        self.row = row
        self.start_title = clean(row.title, 500)
        self.start_points = clean_block("\n".join(row.points))
        self.start_caveats = clean_block("\n".join(gathered_caveats(row, cap=0)))

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="edit"):
            yield Label(Content.styled("Edit increment", "bold"), id="dialog-title")
            yield Label(Content("Title"))
            yield Input(self.start_title, id="edit-title")
            yield Label(Content("Key points (one per line)"))
            yield TextArea(self.start_points, id="edit-points", soft_wrap=True)
            yield Label(Content("Caveats (one per line)"))
            yield TextArea(self.start_caveats, id="edit-caveats", soft_wrap=True)
            yield Label(Content.styled("Ctrl+S save · Esc cancel · Tab next field", "dim"))

    def on_mount(self) -> None:
        self.query_one("#edit-title", Input).focus()

    def action_save(self) -> None:
        title = self.query_one("#edit-title", Input).value
        points = self.query_one("#edit-points", TextArea).text
        caveats = self.query_one("#edit-caveats", TextArea).text
        self.dismiss(
            EditResult(
                title=title.strip() if title != self.start_title else None,
                points=lines_of(points) if points != self.start_points else None,
                caveats=lines_of(caveats) if caveats != self.start_caveats else None,
            )
        )

    def action_cancel(self) -> None:
        self.dismiss(None)
