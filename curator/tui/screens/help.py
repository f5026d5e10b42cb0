"""`?`: every key of the triage screen (as currently bound) with what it does."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from curator.tui.actions import bindings
from curator.tui.text import clean

FILTER_HELP = (
    "Filter (/): words match title, id, URL, note path; "
    "status:new|anchored|reported|off-topic|unverified; "
    "is:approved|rejected|deferred|undecided; author:alice; note:<part of a path>; §1.3 (section "
    "and its subsections). Terms combine (AND). Enter applies, Esc clears."
)


class HelpScreen(ModalScreen[None]):
    """A table of keys; any of Escape, q or ? closes it."""

    BINDINGS = bindings("help")

    def __init__(
        self, keys: list[tuple[str, str, str]], others: list[tuple[str, str, str]] | None = None
    ) -> None:
        """*keys*: (key as displayed, action name, description); *others*: the dialogs' keys."""
        super().__init__()
        self.keys = keys
        self.others = others or []

    def _lines(self, rows: list[tuple[str, str, str]]) -> list[Content]:
        width = max((len(k) for k, _a, _d in self.keys), default=4) + 2
        return [
            Content.assemble(
                (clean(key, 30).ljust(width), "bold $text-accent"),
                clean(desc, 200),
                (f"  ({action})", "dim"),
            )
            for key, action, desc in rows
        ]

    def compose(self) -> ComposeResult:
        lines = self._lines(self.keys)
        with VerticalScroll(id="dialog", classes="help"):
            yield Label(
                Content.styled(
                    "curator keys (rebind any in curator.toml [keymap] by the name in brackets)",
                    "bold",
                ),
                id="dialog-title",
            )
            yield Static(Content("\n").join(lines))
            yield Static(Content(FILTER_HELP), classes="help-filter")
            if self.others:
                yield Label(Content.styled("In the dialogs and everywhere", "bold"))
                yield Static(Content("\n").join(self._lines(self.others)))
            yield Label(Content.styled("Esc / q / ? close", "dim"))

    def action_close(self) -> None:
        self.dismiss(None)
