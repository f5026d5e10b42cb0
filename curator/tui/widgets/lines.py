"""A pane of safe Content that scrolls, and whose size never depends on what it shows.

Showing new text in it redraws this pane alone. A ``Static`` of auto height (or one that
scrolls itself) asks Textual for a layout on every update, and any layout reflows the
whole screen: on a big relay each cursor move cost two or three such passes, 25-60 ms.
Here the text is wrapped once per text and width, only the lines in view are rendered,
and the scrollable height is set without a layout. The scrollbar is always shown (see
``DEFAULT_CSS``); where a style hides it, its coming or going costs a layout and a rewrap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.content import Content
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import RenderOptions

if TYPE_CHECKING:
    from rich.style import Style
    from textual.css.styles import RulesMap
    from textual.selection import Selection

WRAP: RulesMap = {"text_wrap": "wrap", "text_overflow": "fold"}
CUT: RulesMap = {"text_wrap": "nowrap", "text_overflow": "ellipsis"}
"""How a part is laid out: wrapped to the width, or one line per line cut with an ellipsis."""


Part = tuple["Content | list[Content]", bool]
"""(content, wrapped): a Content wrapped to the width, or a list of lines, each cut to it."""


class TextPane(ScrollView):
    """Parts of Content, one under the other; only the lines in view are rendered.

    A mouse selection works (over the lines as shown).
    """

    DEFAULT_CSS = """
    TextPane { overflow-x: hidden; overflow-y: scroll; }
    """
    """The vertical scrollbar is always there: one that came and went with the text's length
    changed the width to wrap to and cost a layout of the whole screen (a cursor move's
    second frame, ~35 ms on a big relay)."""

    def __init__(self, *parts: Part, id: str | None = None) -> None:
        """*parts*: (content, wrapped) pairs; a part not wrapped may be a list of lines."""
        super().__init__(id=id)
        self._parts: tuple[Part, ...] = parts
        self._lines: list[tuple[Content, bool]] = []
        """The screen lines: (content, wrapped already)."""
        self._strips: dict[int, Strip] = {}
        self._text: str | None = None
        self._wrapped: tuple[int, object] | None = None
        """(width, parts) the lines were made for."""
        self._line_style: Style | None = None

    @property
    def text(self) -> str:
        """What the pane shows, as plain text (one line per screen line)."""
        if self._text is None:
            self._text = "\n".join(line.plain for line, _w in self._lines)
        return self._text

    def show_parts(self, *parts: Part) -> None:
        """Show *parts*: this pane is redrawn, nothing is laid out."""
        self._parts = parts
        self._rewrap()
        self.refresh()

    def _rewrap(self) -> None:
        """Split the parts into screen lines; set the scrollable height without a layout."""
        width = self.scrollable_content_region.width
        if width <= 0 or not self.is_mounted:
            self._wrapped = None
            return
        if (
            self._wrapped is not None
            and self._wrapped[0] == width
            and self._wrapped[1] is self._parts
        ):
            return
        self._wrapped = (width, self._parts)
        lines: list[tuple[Content, bool]] = []
        for content, wrapped in self._parts:
            if isinstance(content, list):
                lines += ((line, False) for line in content)
            elif not content:
                continue
            elif wrapped:
                lines += ((line, True) for line in content.wrap(width))
            else:
                lines += ((line, False) for line in content.split("\n"))
        self._lines = lines
        self._strips = {}
        self._text = None
        size = Size(width, len(lines))
        if size != self.virtual_size:
            shown = self.show_vertical_scrollbar
            # not `self.virtual_size = size`: that reactive asks for a layout of the whole screen
            self.set_reactive(ScrollView.virtual_size, size)
            self._scroll_update(size)
            if self.show_vertical_scrollbar != shown:
                # the scrollbar came or went: the width to wrap to changed
                self.refresh(layout=True)

    def on_resize(self) -> None:
        self._rewrap()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips = {}  # a theme's colours are resolved as the lines are rendered

    def _strip(self, index: int, width: int) -> Strip:
        strip = self._strips.get(index)
        if strip is None:
            line, wrapped = self._lines[index]
            rules = WRAP if wrapped else CUT
            strips = line.render_strips(
                width, 1, self.visual_style, RenderOptions(self._get_style, rules)
            )
            strip = self._strips[index] = strips[0] if strips else Strip([])
        return strip

    def render_lines(self, crop: Region) -> list[Strip]:
        self._line_style = self.rich_style  # walks the ancestors: once per render, not per line
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        if self._wrapped is None or self._wrapped[0] != width:
            self._rewrap()
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        rich_style = self._line_style if self._line_style is not None else self.rich_style
        if not 0 <= index < len(self._lines):
            return Strip.blank(width, rich_style)
        line = self._strip(index, width)
        selection = self.text_selection
        if selection is not None and (span := selection.get_span(index)) is not None:
            start, end = span
            end = line.cell_length if end == -1 else end
            if start < end:
                chosen = self.screen.get_component_rich_style("screen--selection")
                line = Strip.join(
                    [line.crop(0, start), line.crop(start, end).apply_style(chosen), line.crop(end)]
                )
        return line.crop_extend(scroll_x, scroll_x + width, rich_style).apply_offsets(
            scroll_x, index
        )

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        return selection.extract(self.text), "\n"

    def selection_updated(self, selection: Selection | None) -> None:
        self.refresh()
