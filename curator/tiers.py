"""Main or adjacent: where an approved increment sits in the briefing.

The editor's choice (``curator decide KEY tier …``, the UI's ``t``) wins; until there is one,
the default rule stands (:func:`default_tier`): the priority, the notes' labels and remarks,
and how many colleagues report it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from curator.decision_log import TIERS
from curator.lexicon import default_lexicon, text_memo
from curator.priority import HIGH, LOW, MEDIUM

MAIN, ADJACENT = TIERS


def _adjacent_label(label: str) -> bool:
    """Does a note's label file its item as adjacent ("邻接 A", "Adjacent 2"; ``[labels]
    adjacent``)?"""
    m = next(default_lexicon().phrases("labels", "adjacent").finditer(label), None)
    return m is not None and not label[: m.start()].strip()


@text_memo
def _says_adjacent(remark: str) -> bool:
    """Does *remark* call its item adjacent ("可以挂在…旁边做邻接")?  Asked for every row the
    table draws, so answered once per text."""
    return next(default_lexicon().phrases("labels", "adjacent").finditer(remark), None) is not None


def default_tier(
    priority: str | None,
    labels: list[str],
    remarks: Sequence[str] = (),
    authors: int = 2,
    paper: bool = True,
) -> str:
    """The tier nobody chose, from the hints the notes give: a 🟡 priority, notes that all
    file the item under an adjacent label, a remark that calls it adjacent ("可以挂在…旁边做
    邻接"), or a post or repo (no paper) that only one colleague reports make it adjacent;
    everything else is main.  A 🔴/🟠 priority keeps it main."""
    if priority == LOW:
        return ADJACENT
    if priority in (HIGH, MEDIUM):
        return MAIN
    if labels and all(_adjacent_label(x or "") for x in labels):
        return ADJACENT
    if any(_says_adjacent(r) for r in remarks):
        return ADJACENT
    if authors == 1 and not paper:
        return ADJACENT
    return MAIN


def row_tier(row: Any) -> str:
    """*row*'s tier (a :class:`curator.triage.Row`): the editor's choice, else the default."""
    chosen = getattr(row.decision, "tier", None) if row.decision else None
    if chosen in TIERS:
        return chosen
    primary = [s for s in row.inc.sources if not s.mention]
    authors = len({s.author for s in primary})
    return default_tier(
        row.priority, [s.label for s in primary], row.points, authors, bool(row.inc.arxiv)
    )


def toggled(tier: str) -> str:
    """The other tier (the UI's ``t``)."""
    return ADJACENT if tier == MAIN else MAIN


def parse_tier(value: str | None) -> str | None:
    """*value* as a tier ("main", "Adjacent " → "adjacent"), or None when it is not one."""
    word = (value or "").strip().lower()
    return word if word in TIERS else None
