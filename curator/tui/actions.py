"""Every action of every screen, once: its id, keys, names, and its room in the footer.

The screens' BINDINGS, the footer's order, the help screen, the command palette and the
user's ``[keymap]`` all read :data:`REGISTRY`, so an action added here is findable everywhere
at once, and a rebinding by its id (``triage.approve = "y"``) changes all of them. Ids are
namespaced by screen (``triage.*``, ``export.*``, ``lookup.*``, ``app.*``); the triage
screen's old bare ids (``approve``) still work as aliases. :func:`resolve_keymap` checks a
keymap against every screen at once (unknown ids, and one key bound to two actions on a
screen) so the app can report it at start.
"""

from __future__ import annotations

from typing import NamedTuple

from textual.binding import Binding, BindingType


class Action(NamedTuple):
    """One action of one screen (a NamedTuple: a frozen dataclass cost the first frame ~0.7 ms)."""

    id: str
    """Binding id, ``screen.name``: what ``[keymap]`` in curator.toml rebinds it by."""
    keys: str
    """Default keys, comma-separated (Textual key names)."""
    action: str
    """The Textual action string the keys run."""
    label: str
    """Short, for the footer."""
    name: str
    """What it does, for help and the command palette."""
    rank: int | None = None
    """Footer importance: lower shows first and is the last to go at narrow widths; None: not in the
    footer."""
    pinned: bool = False
    """Always in the footer, whatever the width (help and quit: the way out and the way to
    learn)."""
    group: str | None = None
    """Actions sharing a group show as one footer entry (``1234 Panes``)."""
    show: bool = False
    """In the footer without a rank (the dialogs' own footers show every such key)."""
    priority: bool = False
    """Checked before the focused widget's keys (Textual's priority binding)."""

    @property
    def method(self) -> str:
        """The action's name without its arguments (what ``check_action`` receives)."""
        return self.action.split("(", 1)[0]

    @property
    def screen(self) -> str:
        """The screen the action belongs to (``app``: every screen)."""
        return self.id.split(".", 1)[0]

    @property
    def in_footer(self) -> bool:
        return self.show or self.rank is not None or self.pinned

    def binding(self, keys: str | None = None) -> Binding:
        return Binding(
            keys or self.keys,
            self.action,
            self.label or self.name,
            id=self.id,
            show=self.in_footer,
            priority=self.priority,
        )


TriageAction = Action
"""The name this class had when the registry held the triage screen alone."""

ACTIONS: tuple[Action, ...] = (
    Action(
        "triage.approve", "a", "decide('approve')", "Approve", "Approve (in the row's section)", 1
    ),
    Action("triage.reject", "x", "decide('reject')", "Reject", "Reject", 2),
    Action("triage.defer", "d", "decide('defer')", "Defer", "Defer", 3),
    Action("triage.undo", "u", "undo", "Undo", "Undo the last change", 4),
    Action("triage.section", "s", "section", "Section", "Choose the section", 5),
    Action(
        "triage.next_undecided",
        "right_square_bracket",
        "undecided('next')",
        "Next todo",
        "Next undecided increment",
        6,
    ),
    Action(
        "triage.previous_undecided",
        "left_square_bracket",
        "undecided('previous')",
        "Prev todo",
        "Previous undecided increment",
    ),
    Action("triage.merge", "m", "merge", "Merge", "Merge another increment into this one", 7),
    Action("triage.filter", "slash", "filter", "Filter", "Filter the list", 8),
    Action(
        "triage.export", "E", "export", "Export", "Export preview (write / copy the briefing)", 9
    ),
    Action("triage.edit", "e", "edit", "Edit", "Edit title, key points, caveats", 10),
    Action("triage.priority", "p", "priority", "Priority", "Cycle priority", 11),
    Action("triage.tier", "t", "tier", "Tier", "Main / adjacent in the briefing", 12),
    Action(
        "triage.distinct",
        "n",
        "distinct",
        "Not dup",
        "Not a duplicate (the top flagged overlap)",
        13,
    ),
    Action("triage.redo", "ctrl+r", "redo", "Redo", "Redo the last undone change", 14),
    Action(
        "triage.lookup",
        "colon,ctrl+l",
        "lookup",
        "Lookup",
        "Lookup: an arXiv ID or URL (as `curator lookup`)",
        15,
    ),
    Action("triage.bulk", "B", "bulk", "Bulk", "Bulk actions (one undo)", 16),
    Action(
        "triage.pane_notes",
        "1",
        "pane('notes')",
        "",
        "Show / hide the notes pane",
        17,
        group="Panes",
    ),
    Action(
        "triage.pane_increments",
        "2",
        "pane('increments')",
        "",
        "Show / hide the increments pane",
        17,
        group="Panes",
    ),
    Action(
        "triage.pane_sections",
        "3",
        "pane('sections')",
        "",
        "Show / hide the sections pane",
        17,
        group="Panes",
    ),
    Action(
        "triage.pane_detail",
        "4",
        "pane('detail')",
        "",
        "Show / hide the detail pane",
        17,
        group="Panes",
    ),
    Action("triage.first", "g,home", "first", "First", "First row"),
    Action("triage.last", "G,end", "last", "Last", "Last row"),
    Action(
        "triage.old_notes",
        "o",
        "toggle_out_of_window",
        "Old notes",
        "Show / hide notes outside the window",
    ),
    Action("triage.down", "j", "cursor('down')", "Down", "Down"),
    Action("triage.up", "k", "cursor('up')", "Up", "Up"),
    Action("triage.next_pane", "tab", "app.focus_next", "Next pane", "Next pane (focus)"),
    Action(
        "triage.previous_pane",
        "shift+tab",
        "app.focus_previous",
        "Previous pane",
        "Previous pane (focus)",
    ),
    Action("triage.clear_filter", "escape", "clear_filter", "Clear filter", "Clear the filter"),
    Action("triage.help", "question_mark", "help", "Help", "Help: every key", pinned=True),
    Action(
        "triage.quit", "q", "quit", "Quit", "Quit (every decision is already saved)", pinned=True
    ),
)


def _dialog(id: str, keys: str, action: str, label: str, *, show: bool = True) -> Action:
    """An action of a dialog screen: its label says what it does."""
    return Action(id, keys, action, label, label, show=show)


DIALOGS: tuple[Action, ...] = (
    _dialog("export.write", "w", "write", "Write"),
    _dialog("export.copy", "y", "copy", "Copy"),
    _dialog("export.next", "right_square_bracket", "page(1)", "Next part"),
    _dialog("export.prev", "left_square_bracket", "page(-1)", "Prev part"),
    _dialog("export.back", "escape", "back", "Back"),
    _dialog("lookup.close", "escape", "close", "Close"),
    _dialog("help.close", "escape,q,question_mark", "close", "Close"),
    _dialog("confirm.yes", "y", "answer(True)", "Yes"),
    _dialog("confirm.no", "n", "answer(False)", "No"),
    _dialog("confirm.cancel", "escape", "answer(False)", "Cancel", show=False),
    _dialog("picker.cancel", "escape", "cancel", "Cancel"),
    _dialog("picker.down", "down", "move(1)", "Next", show=False),
    _dialog("picker.up", "up", "move(-1)", "Previous", show=False),
    _dialog("edit.save", "ctrl+s", "save", "Save"),
    _dialog("edit.cancel", "escape", "cancel", "Cancel"),
    _dialog("bulk.1", "1", "choose(1)", "Reject old"),
    _dialog("bulk.2", "2", "choose(2)", "Approve agreed"),
    _dialog("bulk.3", "3", "choose(3)", "Defer rest"),
    _dialog("bulk.cancel", "escape", "cancel", "Cancel"),
)
"""The dialogs' keys (section and merge pickers share ``picker.*``)."""

APP: tuple[Action, ...] = (Action("app.quit", "ctrl+q", "quit", "Quit", "Quit", priority=True),)
"""Keys of the app itself: they work on every screen."""

REGISTRY: tuple[Action, ...] = (*ACTIONS, *DIALOGS, *APP)
BY_ID: dict[str, Action] = {a.id: a for a in REGISTRY}
ALIASES: dict[str, str] = {a.id.split(".", 1)[1]: a.id for a in ACTIONS}
"""The triage screen's ids before they were namespaced (``approve``): old keymaps still work."""


def bindings(screen: str) -> list[BindingType]:
    """*screen*'s BINDINGS; ``show`` is what the footer may show (the triage footer picks by
    rank)."""
    return [a.binding() for a in REGISTRY if a.screen == screen]


def keymap_name(action: Action) -> str:
    """The name help shows for *action*: the triage screen's without ``triage.`` (as the README has
    them)."""
    return action.id.split(".", 1)[1] if action.screen == "triage" else action.id


def keys_of(action: Action, keymap: dict[str, str]) -> list[str]:
    """The key names bound to *action* under *keymap* (resolved ids), else its defaults."""
    return [k.strip() for k in keymap.get(action.id, action.keys).split(",") if k.strip()]


def resolve_keymap(raw: dict[str, str]) -> tuple[dict[str, str], list[str]]:
    """(binding id → keys, problems) for ``[keymap]``: aliases resolved, every screen checked."""
    keymap: dict[str, str] = {}
    unknown: list[str] = []
    for name, keys in raw.items():
        action_id = ALIASES.get(name, name)
        if action_id in BY_ID:
            keymap[action_id] = keys
        else:
            unknown.append(name)
    problems = []
    if unknown:
        problems.append(
            f"curator.toml [keymap]: unknown action(s) {', '.join(unknown)} (ignored; "
            "? lists every action by the name [keymap] knows it by)"
        )
    return keymap, problems + conflicts(keymap)


def conflicts(keymap: dict[str, str]) -> list[str]:
    """One line per key bound to two actions of one screen (the app's keys count on every one)."""
    out: list[str] = []
    for screen in dict.fromkeys(a.screen for a in REGISTRY if a.screen != "app"):
        holders: dict[str, list[str]] = {}
        for action in REGISTRY:
            if action.screen in (screen, "app"):
                for key in keys_of(action, keymap):
                    holders.setdefault(key, []).append(action.id)
        for key, ids in holders.items():
            line = f'curator.toml [keymap]: "{key}" is bound to both {" and ".join(ids)}'
            if len(ids) > 1 and line not in out:
                out.append(line)
    return out
