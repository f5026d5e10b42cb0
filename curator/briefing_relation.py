"""How an entry of the briefing relates to the living doc and to the other entries.

The editor who files an increment tonight wants to know where it stands: is it anchored
already, reported in an earlier briefing, anchored in another topic's doc, and which
neighbours it may overlap (this briefing's own entries, then anchored items of the doc, at
most :data:`NEIGHBOURS` of those).  The editor's own note, when there is one, replaces all of
that.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from curator.briefing_text import one_line, section_refs
from curator.models import AnchorRef, Increment, LivingDoc
from curator.textio import sanitize

if TYPE_CHECKING:
    from curator.briefing_model import BriefingModel, Entry
    from curator.triage import Row

NEIGHBOURS = 2
"""Neighbours named in an entry's relation lines, the closest first: this briefing's own
entries it may overlap, then anchored items of the doc."""


@dataclass
class OverlapNeighbour:
    """Another entry of this briefing that may be the same thing."""

    entry: Entry
    reason: str
    """The matcher's reason, as it gave it."""


@dataclass
class AnchoredNeighbour:
    """An item the living doc already anchors that the entry is related to."""

    section: str
    name: str
    arxiv: list[str]
    date: str | None
    reason: str | None
    """The matcher's reason; None when the entry's notes name the item."""


@dataclass
class Relation:
    """The relation lines of one entry, as facts."""

    editor_note: list[str] | None = None
    """The editor's own note, line by line; when set it is all the briefing says."""
    anchored_in: list[AnchorRef] = field(default_factory=list)
    reported_in: list[str] = field(default_factory=list)
    anchored_elsewhere: list[AnchorRef] = field(default_factory=list)
    neighbours: list[OverlapNeighbour | AnchoredNeighbour] = field(default_factory=list)


@dataclass
class NamedAnchor:
    """A named thing the doc anchors, in the numbered section it sits in."""

    section: str
    name: str
    arxiv: list[str]
    date: str


def anchor_name(inc: Increment, ref: AnchorRef) -> str:
    """What the doc calls the thing *inc* is anchored as (its title when the anchor has none)."""
    if ref.title and not ref.title.startswith("("):
        return one_line(ref.title)
    return one_line(inc.title)


def relation_of(
    e: Entry, row: Row, model: BriefingModel, by_id: dict[str, Increment], cell_lines: set[int]
) -> Relation:
    """*e*'s relation to the doc and to the other entries of *model* (*row*: the triage row
    *e* shows).

    *by_id* maps every increment of the analysis by ID; *cell_lines* are the doc's lines
    that are only table cells (an anchor there is no neighbour worth naming)."""
    note = getattr(row.decision, "note", None) if row.decision is not None else None
    if note and note.strip():
        lines = (one_line(re.sub(r"^\s*[-*+]\s+", "", ln)) for ln in sanitize(note).split("\n"))
        return Relation(editor_note=[x for x in lines if x])
    inc = row.inc
    relation = Relation(
        anchored_in=list(inc.anchored_in),
        reported_in=sorted({one_line(x) for i in e.increments for x in i.reported_in}),
        anchored_elsewhere=[r for i in e.increments for r in i.anchored_elsewhere],
    )
    named: set[str] = set()
    relation.neighbours = _overlaps(e, model, by_id, cell_lines, named)
    if inc.status != "anchored":
        budget = NEIGHBOURS - len(relation.neighbours)
        text = " ".join([e.title, *row.points, *row.caveats]).lower()
        relation.neighbours.extend(_mentioned(e, text, model, named, budget))
    return relation


def _overlaps(
    e: Entry,
    model: BriefingModel,
    by_id: dict[str, Increment],
    cell_lines: set[int],
    named: set[str],
) -> list[OverlapNeighbour | AnchoredNeighbour]:
    """The entries and anchored items *e*'s increments overlap, the closest first; adds the
    names of the anchored ones to *named*."""
    seen: set[str] = {i.id for i in e.increments}
    out: list[OverlapNeighbour | AnchoredNeighbour] = []
    for inc in e.increments:
        for ov in sorted(inc.overlaps, key=lambda o: -o.score):
            other = by_id.get(ov.id)
            if ov.id in seen or other is None:
                continue
            entry = model.entry_of.get(ov.id)
            if entry is not None and entry is not e:
                seen.add(ov.id)
                out.append(OverlapNeighbour(entry, ov.reason))
            elif (
                other.status == "anchored"
                and other.anchored_in
                and other.anchored_in[0].line not in cell_lines
                and len(out) < NEIGHBOURS
            ):
                seen.add(ov.id)
                ref = other.anchored_in[0]
                name = anchor_name(other, ref)
                named.add(name.lower())
                out.append(AnchoredNeighbour(ref.section, name, other.arxiv, ref.date, ov.reason))
    return out


def _mentioned(
    e: Entry, text: str, model: BriefingModel, skip: set[str], limit: int
) -> list[AnchoredNeighbour]:
    """Anchored things of the doc that *text* (the entry's title, points and caveats, lower
    case) names: its nearest neighbours by what the notes say, its own section's first; at
    most *limit*, not those in *skip* (names, lower case)."""
    home = section_refs(model.section_label(e.section))[:1]
    out: list[AnchoredNeighbour] = []
    for a in sorted(_named_anchors(model), key=lambda x: x.section not in home):
        low = a.name.lower()
        if (
            len(out) >= limit
            or low in skip
            or not any(i in text for i in a.arxiv)
            and not (len(low) >= 4 and low in text)
        ):
            continue
        skip.add(low)
        out.append(AnchoredNeighbour(a.section, a.name, a.arxiv, a.date, None))
    return out


def _named_anchors(model: BriefingModel) -> list[NamedAnchor]:
    """Each named, real anchor of the doc (in a numbered section), once per name; kept on the
    model, since every entry asks."""
    if model.named_anchors is None:
        model.named_anchors = _doc_named_anchors(model.doc)
    return model.named_anchors


def _doc_named_anchors(doc: LivingDoc) -> list[NamedAnchor]:
    seen: dict[str, NamedAnchor] = {}
    place: str | None = None
    place_end = -1
    for sec in doc.sections:
        if sec.number:
            place, place_end = sec.number, sec.end_line
        elif sec.line > place_end:
            place = None  # an unnumbered heading outside any numbered section
        if place is None:
            continue
        by_line: dict[int, list[str]] = {}
        for a in sec.anchors:
            if a.kind == "arxiv":
                by_line.setdefault(a.line, []).append(a.key)
        for a in sec.anchors:
            name = one_line(a.name)
            if (a.kind == "name" and a.in_table) or not name or name.lower() in seen:
                continue
            seen[name.lower()] = NamedAnchor(place, name, by_line.get(a.line, []), one_line(a.date))
    return list(seen.values())
