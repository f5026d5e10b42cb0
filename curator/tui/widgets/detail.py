"""The detail pane: everything known about the selected increment, as safe Content.

The note excerpt is bounded (at most ~200 lines around the item, each line cut), so a
20 MB note never reaches the renderer whole.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.content import Content

from curator.tui.text import ACTION_MARKS, clean, status_badge
from curator.tui.widgets.lines import TextPane

if TYPE_CHECKING:
    from curator.models import Item, Note
    from curator.service.rows import Row
    from curator.service.session import Session

MAX_EXCERPT_LINES = 120
LINES_BEFORE = 10
MAX_LINE_CHARS = 300
MAX_ITEMS_SHOWN = 12


def _heading(text: str) -> Content:
    return Content.styled(text, "bold $text-accent")


def _line(*parts: str | tuple[str, str]) -> Content:
    """A line of plain (sanitized) parts; tuples carry a style."""
    safe: list[str | tuple[str, str]] = []
    for part in parts:
        if isinstance(part, tuple):
            safe.append((clean(part[0], 600, strip=False), part[1]))
        else:
            safe.append(clean(part, 600, strip=False))
    return Content.assemble(*safe)


def note_excerpt(note: Note, item: Item | None) -> list[Content]:
    """Up to MAX_EXCERPT_LINES numbered lines around *item*, its own lines highlighted."""
    first = item.line_start if item and item.line_start > 0 else 1
    last = max(first, item.line_end if item and item.line_end else first)
    start = max(1, first - LINES_BEFORE)
    end = start + MAX_EXCERPT_LINES - 1
    # split only as far as needed: the rest of a huge note is never touched
    pieces = note.text.split("\n", end)[:end]
    lines = pieces[start - 1 :]
    out: list[Content] = []
    width = len(str(start + len(lines)))
    for number, raw in enumerate(lines, start=start):
        text = clean(raw.replace("\t", "    "), MAX_LINE_CHARS) or " "
        gutter = f"{number:>{width}} "
        if first <= number <= last:
            out.append(Content.assemble((gutter, "$text-accent"), (text, "on $boost")))
        else:
            out.append(Content.assemble((gutter, "dim"), (text, "dim")))
    if len(pieces) >= end and len(lines) >= MAX_EXCERPT_LINES:
        out.append(Content.styled(f"… (showing lines {start}–{end} of the note)", "dim italic"))
    return out


def describe(row: Row, session: Session) -> list[Content]:
    """The lines of the detail pane for one row (the note excerpt comes separately)."""
    return [
        *_identity(row),
        *_evidence(row, session.written),
        _decision(row, session.written),
        *_suggestions(row, session.written),
        *_overlaps(row, session),
        *_edits(row),
        *_sources(row),
    ]


def _identity(row: Row) -> list[Content]:
    """Title, ids and links."""
    inc = row.inc
    out: list[Content] = [Content.styled(clean(row.title, 500), "bold")]
    ids = [f"id {inc.id}"]
    if row.arxiv:
        ids.append("arXiv " + ", ".join(row.arxiv))
    if inc.card:
        ids.append(f"card {inc.card}")
    out.append(_line((" · ".join(ids), "dim")))
    for url in row.urls[:6]:
        out.append(_line(("  " + url, "underline")))
    return out


def _evidence(row: Row, written: Callable[[str | None], str]) -> list[Content]:
    """The status with its rule and reason, the relevance, and where it is anchored or reported."""
    inc = row.inc
    status_line = [("status ", "dim"), (status_badge(inc), "bold")]
    if inc.status_reason:
        status_line.append(("  — " + inc.status_reason, ""))
    if inc.status_rule and inc.status_rule != "new":
        status_line.append((f"  [{inc.status_rule}]", "dim"))
    out = [_line(*status_line)]
    relevance = _relevance(row)
    if relevance is not None:
        out.append(relevance)
    for ref in inc.anchored_in[:4]:
        when = f", {ref.date} 锚入" if ref.date else ""
        out.append(
            _line(
                ("  anchored in ", "dim"),
                f"{written(ref.section)} {ref.title} (line {ref.line}{when})",
            )
        )
    for ref in inc.anchored_elsewhere[:2]:
        out.append(
            _line(("  also in another doc: ", "dim"), f"{ref.doc} {ref.section} {ref.title}")
        )
    for path in inc.reported_in[:4]:
        out.append(_line(("  reported in ", "dim"), path))
    return out


def _relevance(row: Row) -> Content | None:
    """How well it fits the doc, and what it shares (None when the judge said nothing)."""
    inc = row.inc
    detail = inc.relevance_detail or {}
    if not detail:
        return None
    fits = ", ".join(str(t) for t in detail.get("terms", [])[:5]) or "nothing"
    line = [("relevance ", "dim"), (f"{inc.relevance:.2f}", "bold"), (f"  shares {fits}", "")]
    foreign = detail.get("foreign") or []
    if foreign:
        line.append(
            (
                "  · title words the doc never uses: " + ", ".join(str(w) for w in foreign[:4]),
                "dim",
            )
        )
    if detail.get("other"):
        line.append((f"  · {detail['other']} fit {detail.get('other_fit', 0):.2f}", "dim"))
    return _line(*line)


def _decision(row: Row, written: Callable[[str | None], str]) -> Content:
    """The decision, section, priority and tier as they stand."""
    mark = ACTION_MARKS.get(row.action or "", "")
    decision = (
        f"{mark} {row.action}" + (f" → {written(row.section)}" if row.action == "approve" else "")
        if row.action
        else "undecided"
    )
    return _line(
        ("decision ", "dim"),
        (decision, "bold"),
        ("   section ", "dim"),
        written(row.section) or "—",
        ("   priority ", "dim"),
        row.priority or "—",
        ("   tier ", "dim"),
        row.tier + ("" if row.tier_chosen else " (default)"),
    )


def _suggestions(row: Row, written: Callable[[str | None], str]) -> list[Content]:
    """The sections the matcher suggests, the chosen one marked."""
    inc = row.inc
    out: list[Content] = []
    if inc.suggested_sections:
        out.append(_heading("Suggested sections"))
        for s in inc.suggested_sections[:4]:
            chosen = "▶ " if s.section == row.section else "  "
            out.append(
                _line(
                    chosen + f"{written(s.section)} {s.title}",
                    (f"  {s.score:.2f}  ", "bold"),
                    (s.reason, "dim"),
                )
            )
    return out


def _overlaps(row: Row, session: Session) -> list[Content]:
    """Increments it may duplicate; those still flagged marked ⚠."""
    inc = row.inc
    out: list[Content] = []
    flagged = session.flagged_overlaps(row)
    if inc.overlaps:
        out.append(_heading("Overlap candidates"))
        flagged_ids = {o.id for o in flagged}
        for ov in inc.overlaps[:6]:
            flag = "⚠ " if ov.id in flagged_ids else "  "
            style = "" if ov.id in flagged_ids else "dim strike"
            out.append(
                _line(
                    (flag, "$text-warning"),
                    (f"{ov.id} {ov.title}", style),
                    (f"  {ov.score:.2f}  ", "bold"),
                    (ov.reason, "dim"),
                )
            )
    return out


def _edits(row: Row) -> list[Content]:
    """The key points and caveats the editor rewrote."""
    out: list[Content] = []
    if row.decision is not None and getattr(row.decision, "points", None) is not None:
        out.append(_heading("Key points (edited)"))
        out.extend(_line("  • " + p) for p in row.points[:30])
    if row.decision is not None and getattr(row.decision, "caveats", None) is not None:
        out.append(_heading("Caveats (edited)"))
        out.extend(_line("  • " + c) for c in row.caveats[:30])
    return out


def _sources(row: Row) -> list[Content]:
    """Who wrote about it where, with each item's points and caveats (bounded)."""
    inc = row.inc
    out: list[Content] = []
    authors = {s.path: s.author for s in row.sources}
    items = [*inc.items, *(it for other in row.absorbed for it in other.items)]
    if items:
        out.append(_heading(f"Sources ({len(row.sources)})"))
    for it in items[:MAX_ITEMS_SHOWN]:
        who = authors.get(it.note) or (it.note.split("/")[1] if it.note.count("/") > 1 else "")
        out.append(
            _line(
                (f"{who} ", "bold"),
                (it.note, "underline"),
                (f"  {it.label or ''}", "$text-accent"),
                (f"  {it.title}", "italic"),
            )
        )
        for p in it.points[:8]:
            out.append(_line("    • " + p))
        for c in it.caveats[:4]:
            out.append(_line(("    ! ", "$text-warning"), c))
    if len(items) > MAX_ITEMS_SHOWN:
        out.append(_line((f"  … and {len(items) - MAX_ITEMS_SHOWN} more items", "dim")))
    return out


def excerpt_for(row: Row, session: Session) -> list[Content]:
    """The first source's note around the item (its lines highlighted), bounded."""
    first = row.sources[0].path if row.sources else None
    note = next((n for n in session.analysis.notes if n.path == first), None) if first else None
    if note is None or not note.text:
        return []
    items = [*row.inc.items, *(it for other in row.absorbed for it in other.items)]
    item = next((it for it in items if it.note == note.path), None)
    return [_heading(f"Note: {clean(note.path)}"), *note_excerpt(note, item)]


class DetailPane(TextPane, can_focus=True):
    """Scrollable details of the selected increment (or a hint when there is none).

    Another row's details redraw this pane alone, never a layout of the screen (see
    :mod:`curator.tui.widgets.lines`).
    """

    DEFAULT_CSS = """
    DetailPane { height: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__((Content("Reading the relay…"), True), id=id)
        self._note: list[Content] = []

    def show_row(self, row: Row | None, session: Session | None) -> None:
        if row is None or session is None:
            self._note = []
            self.show_parts((Content.styled("No increment selected.", "dim"), True))
            return
        # the note excerpt: one screen line per line of the note, cut with an ellipsis
        self._note = excerpt_for(row, session)
        self.show_parts((Content("\n").join(describe(row, session)), True), (self._note, False))
        self.scroll_home(animate=False)

    def show_message(self, message: str) -> None:
        self.show_parts((Content(clean(message, 2000)), True), (self._note, False))
