"""A yes/no question (overwrite a briefing, apply a bulk action)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Label

from curator.tui.actions import bindings
from curator.tui.text import clean_block


class ConfirmScreen(ModalScreen[bool]):
    """`y` dismisses with True; `n` or Escape with False."""

    BINDINGS = bindings("confirm")

    def __init__(self, question: str) -> None:
        """*question* may contain untrusted text (a path); it is shown literally."""
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="confirm"):
            yield Label(Content(clean_block(self.question, 2000)))
            yield Label(Content.styled("y yes · n no", "dim"))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
