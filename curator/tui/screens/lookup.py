"""`:` / Ctrl+L: is this arXiv ID or URL anchored, and where? (same answer as `curator lookup`).

When the answer is an increment of tonight's relay, it also says tonight's decision (read
from the triage screen's session, the same store the list shows), and Enter again closes
the lookup with the cursor on that increment.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static
from textual.worker import get_current_worker

from curator.service.settings import Config
from curator.tui.actions import bindings
from curator.tui.text import ACTION_MARKS, clean, clean_block, status_badge

if TYPE_CHECKING:
    from curator.service.rows import Row

VERBS = {"approve": "approved", "reject": "rejected", "defer": "deferred"}


def tonight_line(row: Row) -> Content:
    """`Tonight: ✓ approved · §1.3 · NEW · 🔴 · main` (note text as text, never markup)."""
    action = row.action
    parts = [
        f"{ACTION_MARKS.get(action, '')} {VERBS.get(action, action)}".strip()
        if action
        else "undecided"
    ]
    if row.section:
        parts.append(clean(row.section, 60))
    parts.append(f"status {clean(status_badge(row.inc), 60)}")
    if row.priority:
        parts.append(clean(row.priority, 4))
    parts.append(clean(row.tier, 20))
    return Content.assemble(
        ("Tonight: ", "bold"),
        (" · ".join(parts), "bold $text-accent"),
        " — ",
        clean(row.title, 200),
        ("\nEnter goes to it in the list.", "dim"),
    )


class LookupScreen(ModalScreen[str | None]):
    """Type an ID or URL, Enter looks it up in a thread; Enter on tonight's increment goes to it."""

    BINDINGS = bindings("lookup")

    class LookupFinished(Message):
        """A lookup answered (text as printed by the CLI, plus its JSON form)."""

        def __init__(self, query: str, text: str, data: dict[str, Any] | None) -> None:
            super().__init__()
            self.query = query
            self.text = text
            self.data = data

    def __init__(
        self,
        root: Path,
        topic: str | None,
        config: Config | None,
        initial: str = "",
        *,
        tonight: Callable[[str], Row | None] | None = None,
    ) -> None:
        """*initial*: prefilled query (the current row's arXiv ID); *tonight*: finds the query's
        row."""
        super().__init__()
        self.root = root
        self.topic = topic
        self.config = config
        self.initial = initial
        self.tonight = tonight
        self.last: dict[str, Any] | None = None
        self.answered = ""
        """The query whose answer is shown."""
        self.jump_key: str | None = None
        """Tonight's increment the shown answer is about (Enter goes to it)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="lookup"):
            yield Label(Content.styled("arXiv / URL lookup", "bold"), id="dialog-title")
            yield Input(
                self.initial,
                placeholder="arXiv:2608.14376, 2608.14376v2, https://…",
                id="lookup-input",
            )
            with VerticalScroll(id="lookup-scroll"):
                yield Static(Content.styled("Enter to look up.", "dim"), id="lookup-result")
            yield Label(
                Content.styled(
                    "Enter look up (again: go to tonight's increment) · Esc close", "dim"
                )
            )

    def on_mount(self) -> None:
        self.query_one("#lookup-input", Input).focus()

    @on(Input.Submitted, "#lookup-input")
    def _submitted(self, event: Input.Submitted) -> None:
        query = event.value.strip()
        if not query:
            return
        if query == self.answered and self.jump_key is not None:
            self.dismiss(self.jump_key)
            return
        self.answered, self.jump_key = "", None
        self.query_one("#lookup-result", Static).update(Content.styled("looking up…", "dim"))
        self._lookup(query)

    @work(thread=True, exclusive=True, exit_on_error=False, group="lookup")
    def _lookup(self, query: str) -> None:
        from curator.service.lookup import format_text, lookup, shared_index

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
        self.answered = message.query
        answer = Content(clean_block(message.text, 20_000))
        row = self.tonight(message.query) if self.tonight is not None else None
        if row is not None:
            self.jump_key = row.inc.id
            answer = Content("\n\n").join([tonight_line(row), answer])
        elif self.tonight is not None:
            answer = Content("\n\n").join(
                [Content.styled("Not an increment of tonight's relay.", "dim"), answer]
            )
        self.query_one("#lookup-result", Static).update(answer)

    def action_close(self) -> None:
        self.dismiss(None)
