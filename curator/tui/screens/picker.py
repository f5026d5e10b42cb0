"""A fuzzy picker dialog (Input + OptionList) shared by the section and merge pickers.

Returns the chosen key with ``dismiss(key)`` (None when cancelled). Substring matches rank
first (an exact word such as ``§1.1`` beats ``§1.13``), then rapidfuzz's partial ratio, so
typing a section number or a few letters of a title both work. At most 200 options are
shown, which keeps it instant over thousands of increments.
"""

from __future__ import annotations

from dataclasses import dataclass

from rapidfuzz import fuzz
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from curator.tui.actions import bindings
from curator.tui.text import clean

MAX_SHOWN = 200


@dataclass
class Choice:
    key: str
    label: str
    detail: str = ""
    search: str = ""
    """Extra text to match on (ids, URLs) that is not shown."""


def score(query: str, text: str) -> float:
    """How well *text* answers *query*; 0 means not at all."""
    q = query.casefold().strip()
    if not q:
        return 1.0
    t = text.casefold()
    at = t.find(q)
    if at >= 0:
        end = at + len(q)
        boundary = end == len(t) or not (t[end].isalnum() or t[end] == ".")
        return 300.0 - min(at, 99) + (50.0 if boundary else 0.0)
    ratio = float(fuzz.partial_ratio(q, t))
    return ratio if ratio >= 60 else 0.0


class PickerScreen(ModalScreen[str | None]):
    """Type to filter, arrows to move, Enter to choose, Escape to cancel.

    Opaque: a see-through modal re-renders and tints the whole screen beneath it on every
    show, which cost more than the dialog itself over the triage screen (issue 15, `s`).
    """

    DEFAULT_CSS = """
    PickerScreen { background: $background; }
    """

    BINDINGS = bindings("picker")

    def __init__(
        self, title: str, choices: list[Choice], *, placeholder: str = "type to filter"
    ) -> None:
        """*choices* in their default order (best candidates first)."""
        super().__init__()
        self.title_text = title
        self.choices = choices
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="picker"):
            yield Label(Content(clean(self.title_text, 200)), id="dialog-title")
            # filled here, not looked up on mount: a dialog mounted while the app closes may
            # have lost its parts by then (and one batch measures the list once)
            self._box = Input(placeholder=self.placeholder, id="picker-input")
            yield self._box
            self._list = OptionList(*self._options(""), id="picker-options")
            yield self._list
            yield Label(Content.styled("Enter choose · ↑↓ move · Esc cancel", "dim"))

    def on_mount(self) -> None:
        if self._list.option_count:
            self._list.highlighted = 0
        self._box.focus()

    def reset(self, title: str, choices: list[Choice]) -> None:
        """Offer new *choices* in this (already built) dialog: a reused dialog shows in one frame.

        The query is cleared and the list refilled now, so the first frame shows the new choices.
        """
        same = (title, choices) == (self.title_text, self.choices)
        self.title_text, self.choices = title, choices
        if not self.is_mounted:
            return  # compose and on_mount use them
        box = self.query_one("#picker-input", Input)
        options = self.query_one("#picker-options", OptionList)
        if not same:
            self.query_one("#dialog-title", Label).update(Content(clean(title, 200)))
        if box.value:
            with box.prevent(Input.Changed):
                box.value = ""
            same = False
        if same:  # the same row again: the list is already right (refilling measures 200 options)
            if options.option_count:
                options.highlighted = 0
        else:
            self._fill("")
        options.scroll_home(animate=False)
        box.focus()

    def ranked(self, query: str) -> list[Choice]:
        if not query.strip():
            return self.choices[:MAX_SHOWN]
        scored = []
        for index, choice in enumerate(self.choices):
            s = max(
                score(query, choice.label), score(query, choice.search) - 1 if choice.search else 0
            )
            if s > 0:
                scored.append((-s, index, choice))
        scored.sort(key=lambda t: (t[0], t[1]))
        return [c for _s, _i, c in scored[:MAX_SHOWN]]

    def _options(self, query: str) -> list[Option]:
        return [
            Option(
                Content.assemble(
                    (clean(choice.label, 160), "bold"),
                    ("  " + clean(choice.detail, 200), "dim") if choice.detail else "",
                ),
                id=choice.key,
            )
            for choice in self.ranked(query)
        ]

    def _fill(self, query: str) -> None:
        options = self.query_one("#picker-options", OptionList)
        options.clear_options()
        # one batch: adding options one by one re-measures the list after each of up to 200
        options.add_options(self._options(query))
        if options.option_count:
            options.highlighted = 0

    @on(Input.Changed, "#picker-input")
    def _changed(self, event: Input.Changed) -> None:
        self._fill(event.value)

    @on(Input.Submitted, "#picker-input")
    def _submitted(self) -> None:
        options = self.query_one("#picker-options", OptionList)
        if options.highlighted is None:
            self.app.bell()
            return
        self.dismiss(options.get_option_at_index(options.highlighted).id)

    @on(OptionList.OptionSelected, "#picker-options")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_move(self, step: int) -> None:
        options = self.query_one("#picker-options", OptionList)
        if not options.option_count:
            return
        current = options.highlighted if options.highlighted is not None else -1
        options.highlighted = max(0, min(options.option_count - 1, current + step))

    def action_cancel(self) -> None:
        self.dismiss(None)
