"""The living document's section tree, with the current row's section marked.

Labels are rich ``Text`` (a heading like ``[bold]x[/]`` stays literal). Moving the tree
cursor shows what the section already anchors in the info box underneath.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from curator.tui.text import clean, plain
from curator.tui.widgets.lines import TextPane

if TYPE_CHECKING:
    from curator.models import LivingDoc, Section, SectionSuggestion
    from curator.service.rows import Row

MAX_ANCHORS_SHOWN = 40


class SectionTree(Tree[int]):
    """Sections as a tree; node data is the section's index in ``LivingDoc.sections``."""

    def __init__(self, *, id: str | None = None) -> None:
        """An empty tree until :meth:`load` is called."""
        super().__init__(Text("living doc"), id=id)
        self.show_root = True
        self.guide_depth = 2
        self.doc: LivingDoc | None = None
        self._by_index: dict[int, TreeNode[int]] = {}
        self._marked: list[int] = []
        self._marks: tuple[object, ...] | None = None
        """What the marks were made from (the next row often has the same: nothing to redraw)."""
        self._first: TreeNode[int] | None = None
        """The node of the row's chosen section (where the cursor goes)."""
        self._line_style: Style | None = None

    def _base(self, section: Section) -> Text:
        return plain(section.title or section.label or "(untitled)", limit=120)

    def load(self, doc: LivingDoc) -> None:
        """Rebuild the tree for *doc* (new analysis)."""
        self.doc = doc
        self.clear()
        self.root.set_label(plain(doc.path, "bold"))
        self._by_index = {}
        self._marked = []
        self._marks = None
        self._first = None
        parents = {s.parent for s in doc.sections if s.parent is not None}
        for sec in doc.sections:
            parent = self._by_index.get(sec.parent) if sec.parent is not None else None
            into = parent if parent is not None else self.root
            if sec.index in parents:
                node = into.add(self._base(sec), data=sec.index, expand=sec.level <= 3)
            else:
                node = into.add_leaf(self._base(sec), data=sec.index)
            self._by_index[sec.index] = node
        self.root.expand()

    def sections_named(self, label: str) -> list[Section]:
        if self.doc is None:
            return []
        return [s for s in self.doc.sections if s.label == label]

    def mark(self, row: Row | None) -> None:
        """Highlight the row's chosen section and its suggestions (with score and reason)."""
        if self.doc is None:
            return
        marks = (
            None
            if row is None
            else (
                row.section,
                tuple((s.section, f"{s.score:.2f}") for s in row.inc.suggested_sections),
            )
        )
        if marks is not None and marks == self._marks:
            kept = self._first  # the same labels: only the cursor, if it was moved away
            if kept is not None and not self.has_focus and self.cursor_node is not kept:
                self.move_cursor(kept)
            return
        self._marks = marks
        self._first = None
        for index in self._marked:
            node = self._by_index.get(index)
            if node is not None:
                node.set_label(self._base(self.doc.sections[index]))
        self._marked = []
        if row is None:
            return
        chosen = row.section
        scores = {s.section: s for s in row.inc.suggested_sections}
        first: TreeNode[int] | None = None
        for label in dict.fromkeys([chosen, *scores]):
            if label:
                node = self._mark_label(label, label == chosen, scores.get(label))
                if label == chosen:
                    first = first or node
        self._first = first
        if first is not None and not self.has_focus:
            self.move_cursor(first)

    def _mark_label(
        self, label: str, chosen: bool, suggestion: SectionSuggestion | None
    ) -> TreeNode[int] | None:
        """Mark the sections named *label* (chosen: bold, ◀; suggested: its score), shown expanded.

        Returns the first such node when *label* is the chosen one (where the cursor goes).
        """
        first: TreeNode[int] | None = None
        for sec in self.sections_named(label):
            node = self._by_index.get(sec.index)
            if node is None:
                continue
            text = self._base(sec)
            if chosen:
                text.stylize("bold reverse")
                text.append(" ◀", style="bold")
                first = first or node
            if suggestion is not None:
                text.append(f" {suggestion.score:.2f}", style="bold" if chosen else "dim")
            node.set_label(text)
            self._marked.append(sec.index)
            parent = node.parent
            while parent is not None:
                if not parent.is_expanded:
                    parent.expand()
                parent = parent.parent
        return first

    def render_lines(self, crop: Region) -> list[Strip]:
        self._line_style = self.rich_style  # walks the ancestors: once per render, not per line
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        """As Tree's, with the base style looked up once per render (it was ~0.2 ms a line)."""
        style = self._line_style if self._line_style is not None else self.rich_style
        scroll_x, scroll_y = self.scroll_offset
        return self._render_line(y + scroll_y, scroll_x, scroll_x + self.size.width, style)


class SectionInfo(TextPane):
    """What the highlighted section already anchors, and why it was suggested.

    A :class:`~curator.tui.widgets.lines.TextPane`: a new text redraws this box alone.
    """

    _shown: tuple[str, tuple[object, ...]] | None = None

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)

    def _put(self, content: Content) -> None:
        """Redraw only when the text changed.

        Moving the cursor shows the section once from the pane refresh and again from the
        tree's highlight message a frame later; the second is the same text.
        """
        key = (content.plain, tuple(content.spans))
        if key != self._shown:
            self._shown = key
            self.show_parts((content, True))

    def show(self, section: Section | None, row: Row | None) -> None:
        if section is None:
            self._put(Content.styled("Move through the tree to see what a section anchors.", "dim"))
            return
        lines: list[Content] = [Content.styled(clean(section.title or section.label, 200), "bold")]
        if row is not None:
            for sug in row.inc.suggested_sections:
                if sug.section == section.label:
                    lines.append(
                        Content.assemble(
                            ("suggested ", "dim"),
                            (f"{sug.score:.2f} ", "bold"),
                            clean(sug.reason, 300),
                        )
                    )
        if section.anchors:
            lines.append(Content.styled(f"anchors ({len(section.anchors)}):", "dim"))
            for anchor in section.anchors[:MAX_ANCHORS_SHOWN]:
                when = f" ({anchor.date})" if anchor.date else ""
                lines.append(
                    Content(clean(f"  {anchor.name or anchor.key}{when} · line {anchor.line}", 200))
                )
            if len(section.anchors) > MAX_ANCHORS_SHOWN:
                lines.append(
                    Content.styled(f"  … {len(section.anchors) - MAX_ANCHORS_SHOWN} more", "dim")
                )
        else:
            lines.append(Content.styled("anchors nothing yet", "dim"))
        self._put(Content("\n").join(lines))
