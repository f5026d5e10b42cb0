"""`s`: choose the row's living-doc section with a fuzzy picker over the section tree."""

from __future__ import annotations

from curator.models import LivingDoc, Section
from curator.service.rows import Row
from curator.tui.screens.picker import Choice, PickerScreen

CLEAR = "-"


def numbered_label(doc: LivingDoc, sec: Section) -> str:
    """`§1.3 KV Cache`; an unnumbered sub-heading carries its nearest numbered parent's number
    (`§1.1 › 开放问题`), so sub-sections that share a title can be told apart and typed."""
    if sec.number:
        return sec.title if sec.title.startswith(sec.number) else f"{sec.number} {sec.title}"
    parent, seen = sec.parent, set()
    while parent is not None and 0 <= parent < len(doc.sections) and parent not in seen:
        seen.add(parent)
        up = doc.sections[parent]
        if up.number:
            return f"{up.number} › {sec.title}"
        parent = up.parent
    return sec.title


def section_choices(doc: LivingDoc, row: Row | None) -> list[Choice]:
    """Suggested sections first (best score first), then the rest in document order."""
    suggestions = {s.section: s for s in row.inc.suggested_sections} if row else {}
    chosen = row.section if row else None
    first: list[tuple[float, Choice]] = []
    rest: list[Choice] = []
    for sec in doc.sections:
        label = numbered_label(doc, sec)
        indent = "  " * max(0, sec.level - 2)
        detail = []
        if sec.label == chosen:
            detail.append("◀ current")
        sug = suggestions.get(sec.label)
        if sug is not None:
            detail.append(f"suggested {sug.score:.2f}: {sug.reason}")
        if sec.anchors:
            detail.append(f"{len(sec.anchors)} anchors")
        choice = Choice(
            str(sec.index), indent + (label or "(untitled)"), " · ".join(detail), sec.label
        )
        if sug is not None:
            first.append((sug.score, choice))
        else:
            rest.append(choice)
    first.sort(key=lambda t: -t[0])
    out = [c for _s, c in first] + rest
    if chosen:
        out.append(Choice(CLEAR, "(no section)", "clear the chosen section"))
    return out


def picker_title(row: Row | None) -> str:
    return f"Section for: {row.title}" if row else "Section"


class SectionPicker(PickerScreen):
    """Dismisses with the section's index as a string, CLEAR, or None.

    The triage screen builds one and shows it again for each `s` (:meth:`show_for`): building
    an Input and a 200-option list on every key press was most of `s`'s latency.
    """

    def __init__(self, doc: LivingDoc, row: Row | None) -> None:
        """Offer every section of *doc*, the row's suggestions first."""
        super().__init__(
            picker_title(row), section_choices(doc, row), placeholder="§1.3 or a few words"
        )

    def show_for(self, doc: LivingDoc, row: Row | None) -> None:
        """Refill for *row* of *doc* (the query cleared), before it is pushed again."""
        self.reset(picker_title(row), section_choices(doc, row))
