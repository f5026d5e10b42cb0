"""The one-line status bar: counts, window, filter and read-only / problem notices."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from textual.content import Content
from textual.widget import Widget

from curator.tui.text import clean

if TYPE_CHECKING:
    from curator.models import Window


def window_text(window: Window) -> str:
    """`08-19 22:20 → 08-20 22:20 +08:00` (the analysis' own offset)."""
    offset = window.until.strftime("%z")
    offset = f"{offset[:3]}:{offset[3:]}" if len(offset) == 5 else offset
    return (
        f"{window.since.strftime('%m-%d %H:%M')} → {window.until.strftime('%m-%d %H:%M')} {offset}"
    ).strip()


@dataclass
class StatusInfo:
    counts: dict[str, int] = field(default_factory=dict)
    window: Window | None = None
    filter: str = ""
    shown: int = 0
    readonly: str | None = None
    problems: list[str] = field(default_factory=list)
    busy: str = ""


class StatusLine(Widget):
    """Counts first (what is left to do), then the window and any notice.

    A plain widget with a fixed height: updating it repaints one line, no layout pass.
    """

    DEFAULT_CSS = """
    StatusLine { height: 1; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        """Empty until :meth:`show` is called."""
        super().__init__(id=id)
        self.content = Content("")

    def render(self) -> Content:
        return self.content

    def show(self, info: StatusInfo) -> None:
        c = info.counts
        parts: list[str | tuple[str, str]] = [
            ("new ", "dim"),
            (str(c.get("new", 0)), "bold"),
            ("  ✓ ", "$text-success"),
            (str(c.get("approved", 0)), "bold"),
            ("  ✗ ", "$text-error"),
            (str(c.get("rejected", 0)), "bold"),
            ("  ⏸ ", "$text-warning"),
            (str(c.get("deferred", 0)), "bold"),
            ("  left ", "dim"),
            (str(c.get("left", 0)), "bold"),
        ]
        if info.filter:
            parts += [
                ("  │ filter ", "dim"),
                (clean(info.filter, 60), "bold"),
                (f" ({info.shown} shown)", "dim"),
            ]
        if info.window is not None:
            parts += [("  │ window ", "dim"), window_text(info.window)]
        if info.busy:
            parts += [("  │ ", "dim"), (clean(info.busy, 80), "italic")]
        if info.readonly:
            parts += [("  │ READ-ONLY: ", "bold $text-error"), clean(info.readonly, 160)]
        if info.problems:
            more = f" (+{len(info.problems) - 1})" if len(info.problems) > 1 else ""
            parts += [("  │ ⚠ ", "$text-warning"), clean(info.problems[0], 120) + more]
        content = Content.assemble(*parts)
        if content != self.content:
            self.content = content
            self.refresh()
