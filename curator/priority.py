"""The priority markers (🔴 🟠 🟡): one vocabulary for the notes, the decisions and the briefing.

Editors mark an item's priority with a coloured dot in their notes; the CLI and the UI accept
words for the same three levels.  Which dots exist, how they rank, how many stars each stands
for and which words name them is said here once, so every stage reads and writes the same set.
"""

from __future__ import annotations

import re

HIGH = "🔴"
MEDIUM = "🟠"
LOW = "🟡"

MARKERS = (HIGH, MEDIUM, LOW)
"""The markers, the most urgent first."""

CYCLE: list[str | None] = [None, *MARKERS]
"""The order the UI steps through: no marker, then 🔴 🟠 🟡."""

MARKER_RE = re.compile(f"[{''.join(MARKERS)}]")
"""Any one marker in a note's text."""

ALIASES: dict[str, str] = {
    "red": HIGH,
    "orange": MEDIUM,
    "yellow": LOW,
    "high": HIGH,
    "medium": MEDIUM,
    "low": LOW,
}
"""The words the CLI and the decision log accept for each marker."""

_RANK: dict[str | None, int] = {HIGH: 0, MEDIUM: 1, None: 2, LOW: 3}
_UNMARKED_RANK = 2
_STARS: dict[str, int] = {HIGH: 3, MEDIUM: 2, LOW: 1}


def rank(marker: str | None) -> int:
    """Sort key of *marker*: 🔴 first, then 🟠, then unmarked (and anything unknown), 🟡 last."""
    return _RANK.get(marker, _UNMARKED_RANK)


def stars(marker: str | None) -> int:
    """The stars a marker stands for when the note gave none (🔴 3, 🟠 2, 🟡 1, else 0)."""
    return _STARS.get(marker or "", 0)


def marker_for(value: str | None) -> str | None:
    """*value* as a marker: a marker itself or one of its :data:`ALIASES`; None when neither."""
    if value in MARKERS:
        return value
    return ALIASES.get((value or "").strip().lower())


DECORATION = re.compile(r"[\s\u2190-\u2bff\u2600-\u27bf\ufe0f\u200d\U0001f000-\U0001faff]+")
"""Pictographs and symbols (emoji, arrows, stars, shapes, the priority dots among them) opening a
line, and the spaces and joiners between them: "📄 条目2 …", "■ 記事 …", "▸ 小结" carry their
label, title or heading word after the marks."""
