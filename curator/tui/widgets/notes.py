"""The notes pane: the relay's notes grouped by author, with time, time source and items.

Out-of-window notes are hidden unless asked for (then shown dimmed); unreadable or empty
files carry an error badge. Labels are rich ``Text`` built from sanitized file names.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Tree

from curator.models import Analysis, Note
from curator.tui.text import clean

TIME_SOURCE = {"front_matter": "fm", "name": "name", "mtime": "mtime", "none": "?"}


def note_label(note: Note) -> Text:
    """`14:25 name  8 · 2026-08-20T1425-jay-….md` plus a badge for errors or briefings."""
    when = note.time.strftime("%m-%d %H:%M") if note.time else "--:--"
    src = TIME_SOURCE.get(note.time_source, note.time_source)
    name = clean(note.path.rsplit("/", 1)[-1], 120)
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"{when} ", style="bold" if note.in_window else "")
    text.append(f"{src:<5}", style="dim")
    text.append(f"{len(note.items):>3} ", style="bold")
    if note.errors and not note.items and not note.text.strip():
        text.append("⛔ ", style="bold")
    elif note.errors:
        text.append("! ", style="bold")
    if note.kind == "briefing":
        text.append("briefing ", style="italic")
    text.append(name)
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
                leaf = branch.add_leaf(note_label(note), data=note.path)
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
