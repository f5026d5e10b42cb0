"""Every triage action, once: its key, its names, and how much room it earns in the footer.

The screen's BINDINGS, the footer's order, the help screen and the command palette are all
built from :data:`ACTIONS`, so an action added here is findable everywhere at once (and a
user's ``[keymap]`` renames a key in all of them, by the action's id).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding


@dataclass(frozen=True)
class TriageAction:
    """One action of the triage screen."""

    id: str
    """Binding id, and the name ``[keymap]`` in curator.toml rebinds it by."""
    keys: str
    """Default keys, comma-separated (Textual key names)."""
    action: str
    """The Textual action string the keys run."""
    label: str
    """Short, for the footer."""
    name: str
    """What it does, for help and the command palette."""
    rank: int | None = None
    """Footer importance: lower shows first and is the last to go at narrow widths; None: not in the footer."""
    pinned: bool = False
    """Always in the footer, whatever the width (help and quit: the way out and the way to learn)."""
    group: str | None = None
    """Actions sharing a group show as one footer entry (``1234 Panes``)."""

    @property
    def method(self) -> str:
        """The action's name without its arguments (what ``check_action`` receives)."""
        return self.action.split("(", 1)[0]


ACTIONS: tuple[TriageAction, ...] = (
    TriageAction(
        "approve", "a", "decide('approve')", "Approve", "Approve (in the row's section)", 1
    ),
    TriageAction("reject", "x", "decide('reject')", "Reject", "Reject", 2),
    TriageAction("defer", "d", "decide('defer')", "Defer", "Defer", 3),
    TriageAction("undo", "u", "undo", "Undo", "Undo the last change", 4),
    TriageAction("section", "s", "section", "Section", "Choose the section", 5),
    TriageAction(
        "next_undecided",
        "right_square_bracket",
        "undecided('next')",
        "Next todo",
        "Next undecided increment",
        6,
    ),
    TriageAction(
        "previous_undecided",
        "left_square_bracket",
        "undecided('previous')",
        "Prev todo",
        "Previous undecided increment",
    ),
    TriageAction("merge", "m", "merge", "Merge", "Merge another increment into this one", 7),
    TriageAction("filter", "slash", "filter", "Filter", "Filter the list", 8),
    TriageAction(
        "export", "E", "export", "Export", "Export preview (write / copy the briefing)", 9
    ),
    TriageAction("edit", "e", "edit", "Edit", "Edit title, key points, caveats", 10),
    TriageAction("priority", "p", "priority", "Priority", "Cycle priority", 11),
    TriageAction("tier", "t", "tier", "Tier", "Main / adjacent in the briefing", 12),
    TriageAction(
        "distinct", "n", "distinct", "Not dup", "Not a duplicate (the top flagged overlap)", 13
    ),
    TriageAction("redo", "ctrl+r", "redo", "Redo", "Redo the last undone change", 14),
    TriageAction(
        "lookup",
        "colon,ctrl+l",
        "lookup",
        "Lookup",
        "Lookup: an arXiv ID or URL (as `curator lookup`)",
        15,
    ),
    TriageAction("bulk", "B", "bulk", "Bulk", "Bulk actions (one undo)", 16),
    TriageAction(
        "pane_notes", "1", "pane('notes')", "", "Show / hide the notes pane", 17, group="Panes"
    ),
    TriageAction(
        "pane_increments",
        "2",
        "pane('increments')",
        "",
        "Show / hide the increments pane",
        17,
        group="Panes",
    ),
    TriageAction(
        "pane_sections",
        "3",
        "pane('sections')",
        "",
        "Show / hide the sections pane",
        17,
        group="Panes",
    ),
    TriageAction(
        "pane_detail", "4", "pane('detail')", "", "Show / hide the detail pane", 17, group="Panes"
    ),
    TriageAction("first", "g,home", "first", "First", "First row"),
    TriageAction("last", "G,end", "last", "Last", "Last row"),
    TriageAction(
        "old_notes",
        "o",
        "toggle_out_of_window",
        "Old notes",
        "Show / hide notes outside the window",
    ),
    TriageAction("down", "j", "cursor('down')", "Down", "Down"),
    TriageAction("up", "k", "cursor('up')", "Up", "Up"),
    TriageAction("next_pane", "tab", "app.focus_next", "Next pane", "Next pane (focus)"),
    TriageAction(
        "previous_pane", "shift+tab", "app.focus_previous", "Previous pane", "Previous pane (focus)"
    ),
    TriageAction("clear_filter", "escape", "clear_filter", "Clear filter", "Clear the filter"),
    TriageAction("help", "question_mark", "help", "Help", "Help: every key", pinned=True),
    TriageAction(
        "quit", "q", "quit", "Quit", "Quit (every decision is already saved)", pinned=True
    ),
)

BY_ID: dict[str, TriageAction] = {a.id: a for a in ACTIONS}


def bindings() -> list[Binding]:
    """The triage screen's BINDINGS; ``show`` is what the footer may show (it picks by rank)."""
    return [
        Binding(a.keys, a.action, a.label or a.name, id=a.id, show=a.rank is not None or a.pinned)
        for a in ACTIONS
    ]
