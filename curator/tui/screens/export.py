"""`E`: preview the briefing, write it (`w`, asking before overwriting) or copy it (`y`).

The briefing engine (curator.service.briefing) is imported in the worker, so opening the UI
never pays for it. The briefing is rendered in a thread worker (seconds on a big
relay): the screen says so meanwhile instead of staying blank, and keys keep working.
The Markdown preview is fed in bounded parts (`[` / `]` page), so a briefing of thousands
of increments never becomes one giant widget.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Label, Markdown, TextArea

from curator.service.session import Session
from curator.service.text import sanitize
from curator.tui.actions import bindings
from curator.tui.screens.confirm import ConfirmScreen
from curator.tui.text import clean

if TYPE_CHECKING:
    from curator.service.briefing import WorkspaceSettings

PART_LINES = 80


def split_parts(text: str, size: int = PART_LINES) -> list[str]:
    """Cut the briefing into parts of about *size* lines, never inside a fenced code block."""
    parts: list[str] = []
    current: list[str] = []
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        current.append(line)
        if len(current) >= size and not fenced:
            parts.append("\n".join(current))
            current = []
    if current or not parts:
        parts.append("\n".join(current))
    return parts


class ExportScreen(Screen[None]):
    """The briefing as it would be written now, with the 六 summary editable beside it."""

    BINDINGS = bindings("export")

    class BriefingRendered(Message):
        """The briefing for *summary* is ready (or could not be rendered: the parts say why)."""

        def __init__(self, summary: str, text: str, parts: list[str]) -> None:
            super().__init__()
            self.summary, self.text, self.parts = summary, text, parts

    def __init__(self, session: Session) -> None:
        """Render from *session*'s current triage (approved rows)."""
        super().__init__()
        self.session = session
        self.text = ""
        self.parts: list[str] = [""]
        self.page = 0
        self.written: str | None = None
        self._timer: Timer | None = None
        self.rendered_for: str | None = None
        """The summary the shown briefing was rendered with (None: none rendered yet)."""
        self._settings: WorkspaceSettings | None = None

    def compose(self) -> ComposeResult:
        yield Label(Content.styled("Briefing preview", "bold"), id="export-title")
        with Horizontal(id="export-body"):
            with VerticalScroll(id="export-scroll", can_focus=True):
                yield Markdown("", id="export-preview", open_links=False)
            with Vertical(id="export-side"):
                yield Label(Content("六 summary (本棒总结)"))
                yield TextArea(
                    self.session.summary,
                    id="export-summary",
                    soft_wrap=True,
                    placeholder="Write the evening's summary here (optional)",
                )
                yield Label(
                    Content.styled(
                        "w write · y copy · [ ] parts · "
                        "Tab to edit the summary, Esc to leave it · Esc back",
                        "dim",
                    ),
                    id="export-hint",
                )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#export-scroll", VerticalScroll).focus()
        approved = self.session.triage.counts().get("approved", 0)
        self.query_one("#export-title", Label).update(
            Content.styled(f"Briefing preview · {approved} approved · rendering…", "bold")
        )
        self.query_one("#export-preview", Markdown).update(
            f"*Rendering the briefing of {approved} approved increments…*"
        )
        self.render_briefing()

    # ------------------------------------------------------------------ rendering

    def _summary(self) -> str:
        summary = self.query_one("#export-summary", TextArea).text.strip()
        self.session.summary = summary
        return summary

    def _briefing(self, summary: str) -> tuple[str, list[str]]:
        """(text, preview parts) of the briefing with *summary*; any thread (it only reads)."""
        from curator.service import briefing

        lang = self.session.config.lang
        try:
            if self._settings is None:  # curator.toml is read once per screen, not per edit
                self._settings = briefing.workspace_settings(self.session.analysis, lang)
            text = briefing.render_briefing(
                self.session.triage, lang=lang, summary=summary or None, settings=self._settings
            )
        except Exception as exc:  # show the problem, keep the screen usable
            return "", [f"Could not render the briefing: {clean(exc, 500)}"]
        return text, split_parts(sanitize(text))

    def render_briefing(self) -> None:
        """Render (in a thread) with the current summary; the preview follows when it is ready."""
        self._render_in_thread(self._summary())

    @work(thread=True, exclusive=True, exit_on_error=False, group="briefing")
    def _render_in_thread(self, summary: str) -> None:
        text, parts = self._briefing(summary)
        self.post_message(self.BriefingRendered(summary, text, parts))

    def on_export_screen_briefing_rendered(self, message: BriefingRendered) -> None:
        if message.summary != self._summary():
            return  # typed meanwhile: a newer rendering is on its way
        self._take(message.summary, message.text, message.parts)

    def _take(self, summary: str, text: str, parts: list[str]) -> None:
        previous, first = self.parts, self.rendered_for is None
        self.text, self.rendered_for = text, summary
        self.parts = parts
        self.page = min(self.page, len(self.parts) - 1)
        if first or self.parts != previous:  # typing the summary does not scroll the preview back
            self._show()

    def current_text(self) -> str:
        """The briefing for the summary as typed now: rendered here if the shown one is older (w /
        y)."""
        summary = self._summary()
        if self.rendered_for != summary:
            self.workers.cancel_group(self, "briefing")
            self._take(summary, *self._briefing(summary))
        return self.text

    def _show(self) -> None:
        approved = self.session.triage.counts().get("approved", 0)
        title = f"Briefing preview · {approved} approved · part {self.page + 1}/{len(self.parts)}"
        if self.written:
            title += f" · written to {clean(self.written, 120)}"
        self.query_one("#export-title", Label).update(Content.styled(title, "bold"))
        self.query_one("#export-preview", Markdown).update(self.parts[self.page])
        self.query_one("#export-scroll", VerticalScroll).scroll_home(animate=False)

    @on(TextArea.Changed, "#export-summary")
    def _summary_changed(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(0.6, self.render_briefing)

    def action_page(self, step: int) -> None:
        self.page = max(0, min(len(self.parts) - 1, self.page + step))
        self._show()

    # ------------------------------------------------------------------ writing

    def _output_path(self) -> str:
        from curator.service.briefing import default_output_path

        cfg = self.session.config
        # the same place `curator export` writes to: the configured inbox, not a fixed "inbox"
        return str(default_output_path(self.session.analysis, cfg.editor_name, inbox=cfg.inbox))

    def action_write(self) -> None:
        if not self.current_text():
            self.notify("nothing to write (no briefing rendered)", severity="warning", markup=False)
            return
        rel = self._output_path()
        try:
            from curator.service.briefing import ExportExists
        except ImportError:
            self.notify(
                "writing needs curator.export, which is not installed yet",
                severity="error",
                markup=False,
            )
            return
        if rel is None:
            return
        try:
            self._write(rel, force=False)
        except ExportExists:

            def answer(yes: bool | None) -> None:
                if yes:
                    self._write(rel, force=True)

            self.app.push_screen(ConfirmScreen(f"{rel} already exists.\nOverwrite it?"), answer)

    def _write(self, rel: str, *, force: bool) -> None:
        from curator.service.briefing import (
            ExportExists,
            ExportRefused,
            output_path,
            write_briefing,
        )

        try:
            # inside the workspace, links followed
            target = output_path(self.session.root, None, rel)
            result = write_briefing(self.session.root, target, self.text, force=force)
        except ExportExists:
            raise
        except ExportRefused as exc:  # a link, a device or a folder there: never written through
            self.notify(str(exc), severity="error", markup=False)
            return
        except OSError as exc:
            self.notify(
                f"could not write {rel}: {exc.strerror or exc}", severity="error", markup=False
            )
            return
        self.written = str(result) if result else rel
        self.notify(f"briefing written: {self.written}", markup=False)
        self._show()

    def action_copy(self) -> None:
        if not self.current_text():
            self.notify("nothing to copy (no briefing rendered)", severity="warning", markup=False)
            return
        self.app.copy_to_clipboard(self.text)  # OSC 52: works over SSH in most terminals
        ok, message = False, "curator.export is not installed yet"
        try:
            from curator.service.briefing import copy_to_clipboard
        except ImportError:
            pass
        else:
            try:
                ok, message = copy_to_clipboard(self.text)
            except Exception as exc:
                ok, message = False, str(exc)
        if ok:
            self.notify("briefing copied to the clipboard", markup=False)
            return
        where = self.written or self._output_path()
        hint = f"; the briefing file is {where} (w writes it)" if where else ""
        self.notify(
            "sent to the terminal clipboard (OSC 52) if it supports it; "
            f"system clipboard: {clean(message, 200)}{hint}",
            severity="warning",
            markup=False,
            timeout=8,
        )

    def action_back(self) -> None:
        """Escape leaves the summary box first (so w / y work again), then the screen."""
        if isinstance(self.focused, TextArea):
            self.query_one("#export-scroll", VerticalScroll).focus()
            return
        self.dismiss(None)
