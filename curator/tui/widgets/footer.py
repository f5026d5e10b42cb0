"""The triage footer: the most important keys first, as many as fit, and always `?` and `q`.

Textual's Footer lists every shown binding in declaration order and lets the row run off the
right edge (at 80 columns `?` and `q` were cut). This one takes the order and the pinned keys
from :mod:`curator.tui.actions`, measures each entry, and keeps what fits the width.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel, KeyGroup

from curator.tui.actions import BY_ID

if TYPE_CHECKING:
    from textual.screen import Screen

COMPACT_BELOW = 120
"""Columns under which the footer drops its padding (one cell per key gained)."""

PALETTE_RANK = 8.5
"""Where the command palette's key ranks among the actions (after Merge)."""


class Entry:
    """One footer item: a binding, or a group of bindings shown as ``1234 Panes``.

    A plain class: a dataclass cost the first frame ~0.5 ms to build.
    """

    __slots__ = ("rank", "pinned", "bindings", "group")

    def __init__(
        self,
        rank: float,
        pinned: bool,
        bindings: list[tuple[Binding, bool, str]],
        group: str | None = None,
    ) -> None:
        self.rank = rank
        self.pinned = pinned
        self.bindings = bindings
        self.group = group

    def width(self, key_display: dict[str, str], compact: bool) -> int:
        """Cells it takes, margins included (as Footer's CSS lays it out)."""
        if self.group is not None:
            keys = sum(cell_len(key_display[b.key]) for b, _e, _t in self.bindings)
            return keys + (1 if compact else 2) + cell_len(self.group) + 1
        binding = self.bindings[0][0]
        key, desc = cell_len(key_display[binding.key]), cell_len(binding.description)
        return key + 1 + desc + 1 if compact else key + 2 + desc + 1


def choose(entries: Iterable[Entry], widths: dict[int, int], room: int) -> list[Entry]:
    """Pinned entries always; then by rank while they fit in *room* cells. Shown by rank, pinned
    last."""
    entries = list(entries)
    pinned = [e for e in entries if e.pinned]
    left = room - sum(widths[id(e)] for e in pinned)
    kept: list[Entry] = []
    for entry in sorted((e for e in entries if not e.pinned), key=lambda e: e.rank):
        if widths[id(entry)] <= left:
            kept.append(entry)
            left -= widths[id(entry)]
        else:
            # keep the order honest: never a less important key in place of a more important one
            break
    return kept + pinned


class KeysFooter(Footer):
    """A Footer that fits its width by importance; user keymaps show as bound."""

    def __init__(self) -> None:
        """Compact below :data:`COMPACT_BELOW` columns (decided on each resize)."""
        super().__init__(show_command_palette=True)
        self._laid_out_for = 0
        self._shown: list[tuple[str, str, str]] = []
        self.shown_ids: list[str] = []
        """Binding ids now in the footer (tests and the benchmark read it)."""

    def on_resize(self, event: events.Resize) -> None:
        width = event.size.width
        if width != self._laid_out_for and width > 0:
            self.compact = width < COMPACT_BELOW
            self.call_after_refresh(self.recompose)

    def _entries(self) -> list[Entry]:
        by_action: dict[str, tuple[Binding, bool, str]] = {}
        for _node, binding, enabled, tooltip in self.screen.active_bindings.values():
            action = BY_ID.get(binding.id or "")
            if action is None or not binding.show or binding.action in by_action:
                continue
            by_action[binding.action] = (binding, enabled, tooltip)
        groups: dict[str, Entry] = {}
        out: list[Entry] = []
        for binding, enabled, tooltip in by_action.values():
            action = BY_ID[binding.id or ""]
            if action.group is not None:
                entry = groups.get(action.group)
                if entry is None:
                    entry = groups[action.group] = Entry(
                        float(action.rank or 99), False, [], action.group
                    )
                    out.append(entry)
                entry.bindings.append((binding, enabled, tooltip))
                continue
            out.append(
                Entry(
                    float(action.rank if action.rank is not None else 99),
                    action.pinned,
                    [(binding, enabled, tooltip)],
                )
            )
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            palette = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
            if palette is not None:
                out.append(
                    Entry(
                        PALETTE_RANK,
                        False,
                        [(palette.binding, palette.enabled, palette.tooltip)],
                        "palette-key",
                    )
                )
        return out

    def _plan(self) -> tuple[list[Entry], dict[str, str]]:
        """The entries that fit the width, in the order shown, and each key's display."""
        width = self.size.width or self.app.size.width
        self._laid_out_for = width
        entries = self._entries()
        display = {b.key: self.app.get_key_display(b) for e in entries for b, _en, _t in e.bindings}
        widths: dict[int, int] = {}
        for e in entries:
            if e.group == "palette-key":
                binding = e.bindings[0][0]
                widths[id(e)] = cell_len(display[binding.key]) + cell_len(binding.description) + 4
            else:
                widths[id(e)] = e.width(display, self.compact)
        return choose(entries, widths, width - 1), display

    @staticmethod
    def _signature(kept: list[Entry], display: dict[str, str]) -> list[tuple[str, str, str]]:
        return [
            (b.id or "", display[b.key], b.description) for e in kept for b, _en, _t in e.bindings
        ]

    def bindings_changed(self, screen: Screen) -> None:
        """When only what is enabled changed, restyle the keys in place: a recompose relayouts the
        screen."""
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        kept, display = self._plan()
        if self._signature(kept, display) != self._shown or not self.children:
            self.call_after_refresh(self.recompose)
            return
        enabled = {b.action: en for e in kept for b, en, _t in e.bindings}
        for key in self.query(FooterKey):
            disabled = not enabled.get(key.action, True)
            if key._disabled != disabled:
                key._disabled = disabled
                key.set_class(disabled, "-disabled")

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        kept, display = self._plan()
        self._shown = self._signature(kept, display)
        self.shown_ids = [b.id for e in kept for b, _en, _t in e.bindings if b.id]
        for entry in kept:
            if entry.group == "palette-key":
                binding, enabled, _tooltip = entry.bindings[0]
                yield FooterKey(
                    binding.key,
                    display[binding.key],
                    binding.description,
                    binding.action,
                    classes="-command-palette",
                    disabled=not enabled,
                    tooltip=binding.tooltip or binding.description,
                )
            elif entry.group is not None:
                with KeyGroup(classes="-compact"):
                    for binding, enabled, tooltip in entry.bindings:
                        yield FooterKey(
                            binding.key,
                            display[binding.key],
                            "",
                            binding.action,
                            disabled=not enabled,
                            tooltip=tooltip or binding.description,
                            classes="-grouped",
                        ).data_bind(compact=Footer.compact)
                yield FooterLabel(entry.group)
            else:
                binding, enabled, tooltip = entry.bindings[0]
                yield FooterKey(
                    binding.key,
                    display[binding.key],
                    binding.description,
                    binding.action,
                    disabled=not enabled,
                    tooltip=tooltip,
                ).data_bind(compact=Footer.compact)
