"""`:` / Ctrl+L: is this arXiv ID or URL anchored, and where? (same answer as `curator lookup`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static
from textual.worker import get_current_worker

from curator.config import Config
from curator.tui.text import clean_block


class LookupScreen(ModalScreen[None]):
    """Type an ID or URL, Enter looks it up in a thread; Escape closes."""

    BINDINGS = [Binding("escape", "close", "Close", id="lookup.close")]

    class LookupFinished(Message):
        """A lookup answered (text as printed by the CLI, plus its JSON form)."""

        def __init__(self, query: str, text: str, data: dict[str, Any] | None) -> None:
            super().__init__()
            self.query = query
            self.text = text
            self.data = data

    def __init__(self, root: Path, topic: str | None, config: Config | None, initial: str = "") -> None:
        """*initial*: prefilled query (the current row's arXiv ID)."""
        super().__init__()
        self.root = root
        self.topic = topic
        self.config = config
        self.initial = initial
        self.last: dict[str, Any] | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="lookup"):
            yield Label(Content.styled("arXiv / URL lookup", "bold"), id="dialog-title")
            yield Input(self.initial, placeholder="arXiv:2608.14376, 2608.14376v2, https://…", id="lookup-input")
            with VerticalScroll(id="lookup-scroll"):
                yield Static(Content.styled("Enter to look up.", "dim"), id="lookup-result")
            yield Label(Content.styled("Enter look up · Esc close", "dim"))

    def on_mount(self) -> None:
        self.query_one("#lookup-input", Input).focus()

    @on(Input.Submitted, "#lookup-input")
    def _submitted(self, event: Input.Submitted) -> None:
        query = event.value.strip()
        if not query:
            return
        self.query_one("#lookup-result", Static).update(Content.styled("looking up…", "dim"))
        self._lookup(query)

    @work(thread=True, exclusive=True, exit_on_error=False, group="lookup")
    def _lookup(self, query: str) -> None:
        from curator.lookup import format_text, lookup, shared_index

        try:
            index = shared_index(self.root)
            res = lookup(self.root, query, self.topic, None, self.config, index=index)
            index.save()
            text, data = format_text(res), res.to_json()
        except Exception as exc:  # a bad workspace file must not close the dialog
            text, data = f"lookup failed: {exc}", None
        if not get_current_worker().is_cancelled:
            self.post_message(self.LookupFinished(query, text, data))

    def on_lookup_screen_lookup_finished(self, message: LookupFinished) -> None:
        self.last = message.data
        self.query_one("#lookup-result", Static).update(Content(clean_block(message.text, 20_000)))

    def action_close(self) -> None:
        self.dismiss(None)
