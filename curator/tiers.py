"""Main or adjacent: where an approved increment sits in the briefing.

The editor's choice (``curator decide KEY tier …``, the UI's ``t``) wins; until there is one,
the default rule stands: a 🟡 priority, or notes that all file the increment under an
adjacent label, make it adjacent, everything else is main.
"""

from __future__ import annotations

import re
from typing import Any

from curator.decision_log import TIERS

MAIN, ADJACENT = TIERS
_ADJACENT_LABEL = re.compile(r"^\s*(?:邻接|adjacent)", re.IGNORECASE)


def default_tier(priority: str | None, labels: list[str]) -> str:
    """The tier nobody chose: from the priority, then the labels the notes gave the item."""
    if priority == "🟡":
        return ADJACENT
    if labels and all(_ADJACENT_LABEL.match(x or "") for x in labels):
        return ADJACENT
    return MAIN


def row_tier(row: Any) -> str:
    """*row*'s tier (a :class:`curator.triage.Row`): the editor's choice, else the default."""
    chosen = getattr(row.decision, "tier", None) if row.decision else None
    if chosen in TIERS:
        return chosen
    labels = [s.label for s in row.inc.sources if not s.mention]
    return default_tier(row.priority, labels)


def toggled(tier: str) -> str:
    """The other tier (the UI's ``t``)."""
    return ADJACENT if tier == MAIN else MAIN


def parse_tier(value: str | None) -> str | None:
    """*value* as a tier ("main", "Adjacent " → "adjacent"), or None when it is not one."""
    word = (value or "").strip().lower()
    return word if word in TIERS else None
