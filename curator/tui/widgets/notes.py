"""The notes pane: the relay's notes grouped by author, with time, time source and items.

Out-of-window notes are hidden unless asked for (then shown dimmed); unreadable or empty
files carry an error badge. Labels are rich ``Text`` built from sanitized file names.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Tree

from curator.tui.text import clean

if TYPE_CHECKING:
    from curator.models import Analysis, Note

TIME_SOURCE = {"front_matter": "fm", "name": "nm", "body": "bd", "mtime": "mt", "none": "??"}
_DATED_NAME = re.compile(r"^\d{4}-\d{2}-\d{2}(?:T(\d{4}))?[-_ ]?")
_SUFFIX = re.compile(r"\.(md|markdown|txt)$", re.IGNORECASE)


def short_name(note: Note) -> str:
    """`2026-08-20T1055-alice-reading-filter.md` → `reading-filter`."""
    name = note.path.rsplit("/", 1)[-1]
    name = _SUFFIX.sub("", _DATED_NAME.sub("", name))
    prefix = f"{note.author}-"
    if note.author and name.startswith(prefix) and len(name) > len(prefix):
        name = name[len(prefix) :]
    return clean(name, 120) or clean(note.path, 120)


def when(note: Note, window_end_day: str | None) -> str:
    """`10:55`, `08-19 17:55`, or just the day for a date-only file name."""
    if note.time is None:
        return "--:--"
    name = note.path.rsplit("/", 1)[-1]
    m = _DATED_NAME.match(name)
    date_only = note.time_source == "name" and m is not None and m.group(1) is None
    day = note.time.strftime("%m-%d")
    if date_only:
        return f"{day} ····"
    clock = note.time.strftime("%H:%M")
    return clock if day == window_end_day else f"{day} {clock}"


def note_label(note: Note, window_end_day: str | None = None) -> Text:
    """`10:55 nm  9 engineering-filter` plus a badge for errors or briefings."""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"{when(note, window_end_day)} ", style="bold" if note.in_window else "")
    text.append(TIME_SOURCE.get(note.time_source, "??"), style="dim")
    # … : being read
    text.append("  … " if note.pending else f"{len(note.items):>3} ", style="bold")
    if note.errors and not note.items and not note.text.strip():
        text.append("⛔ ", style="bold")
    elif note.errors:
        text.append("! ", style="bold")
    if note.kind == "briefing":
        text.append("briefing ", style="italic")
    text.append(short_name(note))
    if not note.in_window:
        text.stylize("dim")
    return text


class NotesPane(Tree[str]):
    """Authors → notes; node data is the note path (None for author nodes)."""

    def __init__(self, *, id: str | None = None) -> None:
        """An empty tree until :meth:`load` is called."""
        super().__init__(Text("notes"), id=id)
        self.show_root = False
        self.guide_depth = 2
        self.show_out_of_window = False
        self.analysis: Analysis | None = None

    def load(self, analysis: Analysis | None = None) -> None:
        """(Re)build from *analysis* (or the last one), keeping the cursor on the same note."""
        if analysis is not None:
            self.analysis = analysis
        if self.analysis is None:
            return
        keep = self.cursor_node.data if self.cursor_node is not None else None
        self.clear()
        day = self.analysis.window.until.strftime("%m-%d")
        by_author: dict[str, list[Note]] = {}
        for note in self.analysis.notes:
            if note.in_window or self.show_out_of_window:
                by_author.setdefault(note.author, []).append(note)
        target = None
        for author in sorted(by_author):
            notes = by_author[author]
            items = sum(len(n.items) for n in notes)
            label = Text(no_wrap=True)
            label.append(clean(author, 40) or "-", style="bold")
            label.append(f"  {len(notes)} notes · {items} items", style="dim")
            branch = self.root.add(label, expand=True)
            for note in sorted(notes, key=lambda n: (n.time is None, n.time, n.path)):
                leaf = branch.add_leaf(note_label(note, day), data=note.path)
                if note.path == keep:
                    target = leaf
        hidden = sum(1 for n in self.analysis.notes if not n.in_window)
        self.border_subtitle = (
            f"{hidden} outside window (o)" if hidden and not self.show_out_of_window else ""
        )
        if target is not None:
            self.move_cursor(target)

    def toggle_out_of_window(self) -> bool:
        self.show_out_of_window = not self.show_out_of_window
        self.load()
        return self.show_out_of_window
