"""`m`: choose the increment to merge into the current one (flagged overlaps first)."""

from __future__ import annotations

from curator.service.rows import Row
from curator.service.session import Session
from curator.tui.screens.picker import Choice, PickerScreen
from curator.tui.text import status_badge


def merge_choices(session: Session, row: Row) -> list[Choice]:
    """Flagged overlaps (with score and reason), then every other increment in list order."""
    out: list[Choice] = []
    seen = {row.inc.id}
    for ov in session.flagged_overlaps(row):
        other = session.row(ov.id)
        if other is None or other.inc.id in seen:
            continue
        seen.add(other.inc.id)
        out.append(
            Choice(other.inc.id, f"⚠ {other.title}", f"{ov.score:.2f} {ov.reason}", other.inc.id)
        )
    for other in session.rows:
        if other.inc.id in seen:
            continue
        seen.add(other.inc.id)
        search = " ".join([other.inc.id, *other.arxiv, *other.urls])
        out.append(
            Choice(other.inc.id, other.title, f"{status_badge(other.inc)} · {other.inc.id}", search)
        )
    return out


class MergePicker(PickerScreen):
    """Dismisses with the increment id to fold into the current row, or None."""

    def __init__(self, session: Session, row: Row) -> None:
        """Offer every other increment, flagged overlaps of *row* first."""
        super().__init__(
            f"Merge into: {row.title}", merge_choices(session, row), placeholder="title, id or URL"
        )
