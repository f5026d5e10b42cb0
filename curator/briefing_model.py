"""What goes into a briefing, before any words: the model the language renderers draw.

Built once per render from the approved rows of a :class:`~curator.triage.Triage`: the
entries in order (main, then adjacent) with their sources, key points, caveats,
contradictions and relation to the living doc; the arXiv IDs that are net-new and those
carried over; the notes and cards checked.  Nothing here depends on the language, so the
Chinese and the English briefing say the same things.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from curator import briefing_caveats, priority
from curator.briefing_blocks import Block, arrange_points, cap_blocks, find_blocks, nesting_levels
from curator.briefing_facts import SectionLabels, anchored_things, cell_only_lines
from curator.briefing_points import DEFAULT_CAP, cap_arranged, condense_arranged
from curator.briefing_relation import NamedAnchor, Relation, relation_of
from curator.briefing_text import distinct_lines, is_section_ref, one_line, section_order
from curator.living_doc import find_section
from curator.models import (
    Analysis,
    Increment,
    Item,
    LivingDoc,
    Note,
    PaperCard,
    SourceRef,
)
from curator.section_numbers import strip_section_number
from curator.suggest import SectionIndex
from curator.textio import sanitize
from curator.tiers import ADJACENT
from curator.timeutil import parse_iso
from curator.workspace import briefing_info

if TYPE_CHECKING:
    from curator.triage import Row, Triage


@dataclass
class Entry:
    """One approved row as it appears in the briefing."""

    ordinal: str
    """"1", "2", … for the main entries; "A", "B", … for the adjacent ones."""
    adjacent: bool
    title: str
    sources: list[SourceRef]
    arxiv: list[str]
    urls: list[str]
    increments: list[Increment]
    """The row's increment and those merged into it."""
    priority: str | None
    """The row's marker (🔴 🟠 🟡), None when it has none."""
    section: str | None
    """The section the editor files it under, as chosen or suggested."""
    status: str
    """The status of the row's increment ("new", "reported", "anchored", …)."""
    stars: int
    """Stars shown in its heading: the notes' own, else those its marker stands for."""
    own_title: bool
    """The editor wrote the title (no headline is added to it)."""
    headline_points: list[str]
    """The points a headline may be drawn from (caveats left out)."""
    key_points: list[str | Block] = field(default_factory=list)
    """As shown: condensed and capped unless the editor wrote the list; [] when none."""
    key_point_levels: list[int] = field(default_factory=list)
    """How deep each string of :attr:`key_points` is nested."""
    caveats: list[str] = field(default_factory=list)
    """What to check before trusting it: the editor's list as written, else the notes'
    labelled caveats and the caveat-like clauses of its sources' points."""
    conflicts: list[briefing_caveats.Contradiction] = field(default_factory=list)
    """Numbers its sources disagree on."""
    relation: Relation = field(default_factory=Relation)


@dataclass
class NetNewId:
    """An arXiv ID the living doc does not anchor yet, and the first entry that brings it."""

    arxiv: str
    entry: Entry


@dataclass
class CarriedId:
    """An arXiv ID an in-window note mentions that the living doc already anchors."""

    arxiv: str
    increment: Increment


@dataclass
class BriefingModel:
    """Everything the briefing says, in the order it says it."""

    analysis: Analysis
    doc: LivingDoc
    index: SectionIndex
    section_labels: SectionLabels
    topic: str
    entries: list[Entry]
    entry_of: dict[str, Entry]
    """Increment ID → the entry that shows it."""
    net_new: list[NetNewId]
    carried: list[CarriedId]
    checked_notes: list[Note]
    """The in-window notes read for this briefing (an earlier export of it aside), by path."""
    cards: dict[str, PaperCard]
    """arXiv ID → its paper card."""
    named_anchors: list[NamedAnchor] | None = None
    """The doc's named anchors (see :mod:`curator.briefing_relation`), once asked for."""

    @property
    def main(self) -> list[Entry]:
        return [e for e in self.entries if not e.adjacent]

    @property
    def recent_cards(self) -> list[PaperCard]:
        return [c for c in self.analysis.cards if c.recent]

    def section_label(self, section: str | None) -> str:
        """The section as the living doc labels it ("1.13", "Section 1.13", its title → "§1.13"),
        the same form in every part of the briefing; free text is kept as typed."""
        return self.section_labels.label(one_line(section))

    def section_title(self, ref: str) -> str:
        """The title of the section *ref* names ("" when the doc has none)."""
        unit = self.index.resolve(ref) if is_section_ref(ref.strip()) else None
        if unit is not None:
            return unit.title
        hits = find_section(self.doc, ref)
        if hits:
            return strip_section_number(hits[0].title)
        return ""

    def section_anchor_names(self, ref: str) -> list[str]:
        """The things the section *ref* (and its subsections) already anchors, by name."""
        unit = self.index.resolve(ref)
        if unit is None:
            return []
        top = unit.section
        anchors = [
            a for s in self.doc.sections if top.line <= s.line <= top.end_line for a in s.anchors
        ]
        return [n for n in (one_line(x) for x in anchored_things(anchors)) if n]


def build_model(
    triage: Triage, index: SectionIndex, *, points_cap: int = DEFAULT_CAP
) -> BriefingModel:
    """The model of the briefing for the approved rows of *triage*.

    *index* is the living doc's section index; *points_cap* the most key points an entry
    shows (``max_points`` in curator.toml).
    """
    analysis = triage.analysis
    doc = analysis.living_doc
    labels = SectionLabels(index)
    rows_entries = _entries(triage.approved(), points_cap)
    entries = [e for _r, e in rows_entries]
    entry_of: dict[str, Entry] = {}
    for e in entries:
        for inc in e.increments:
            entry_of.setdefault(inc.id, e)
    model = BriefingModel(
        analysis=analysis,
        doc=doc,
        index=index,
        section_labels=labels,
        topic=one_line(analysis.topic),
        entries=entries,
        entry_of=entry_of,
        net_new=_net_new(entries, index),
        carried=_carried(analysis),
        checked_notes=_checked_notes(analysis),
        cards={c.arxiv: c for c in analysis.cards if c.arxiv},
    )
    by_id = {inc.id: inc for inc in analysis.increments}
    cell_lines = cell_only_lines(doc)
    for row, e in rows_entries:
        e.relation = relation_of(e, row, model, by_id, cell_lines)
    return model


def _entries(rows: list[Row], points_cap: int) -> list[tuple[Row, Entry]]:
    """The approved rows with their entries: the most urgent and best-sourced first, main
    before adjacent."""

    def key(pair: tuple[int, Row]) -> tuple[int, int, int, int]:
        i, r = pair
        primary = sum(1 for s in r.inc.sources if not s.mention)
        return (priority.rank(r.priority), -primary, -len(r.inc.sources), i)

    ordered = [r for _i, r in sorted(enumerate(rows), key=key)]
    main = [r for r in ordered if r.tier != ADJACENT]
    adjacent = [r for r in ordered if r.tier == ADJACENT]
    out = [(r, _entry(r, str(n), False, points_cap)) for n, r in enumerate(main, start=1)]
    out.extend((r, _entry(r, letters(n), True, points_cap)) for n, r in enumerate(adjacent))
    return out


def letters(n: int) -> str:
    """0 → A, 25 → Z, 26 → AA: labels for adjacent increments, as editors write them."""
    s = ""
    n += 1
    while n:
        n, r = divmod(n - 1, 26)
        s = chr(65 + r) + s
    return s


def _entry(r: Row, ordinal: str, adjacent: bool, points_cap: int) -> Entry:
    e = Entry(
        ordinal=ordinal,
        adjacent=adjacent,
        title=one_line(r.title),
        sources=[SourceRef(s.path, s.label, s.author, s.mention) for s in r.sources],
        arxiv=list(r.arxiv),
        urls=list(r.urls),
        increments=[r.inc, *r.absorbed],
        priority=r.priority,
        section=r.section,
        status=r.inc.status,
        stars=max(r.inc.stars, 0) or priority.stars(r.priority),
        own_title=getattr(r.decision, "title", None) is not None,
        headline_points=briefing_caveats.without_caveats(r.points),
    )
    e.key_points, e.key_point_levels = _key_points(e, r, points_cap)
    e.caveats = distinct_lines(briefing_caveats.gathered(r, briefing_caveats.DEFAULT_CAP))
    e.conflicts = briefing_caveats.contradictions(
        [(it.note, [one_line(p) for p in it.points]) for it in _primary_items(e)]
    )
    return e


def _primary_items(e: Entry) -> list[Item]:
    from curator.analysis import primary_items

    return [it for inc in e.increments for it in primary_items(inc)]


def _key_points(e: Entry, row: Row, cap: int) -> tuple[list[str | Block], list[int]]:
    """Key points as shown, and how deep each string is nested: the notes' tables and fenced
    code come back as blocks in place of the points made of them."""
    edited = row.decision is not None and getattr(row.decision, "points", None) is not None
    points = distinct_lines(row.points if edited else e.headline_points)
    if not points:
        return [], []
    texts: list[str] = []
    for it in _primary_items(e):
        if it.text and sanitize(it.text) not in texts:
            texts.append(sanitize(it.text))
    blocks = [
        b
        for text in texts
        if "|" in text or "```" in text or "~~~" in text
        for b in find_blocks(text)
    ]
    arranged = arrange_points(points, blocks)
    if not edited:  # the notes' points, condensed; the editor's own list is shown as written
        arranged = condense_arranged(arranged)
        arranged = cap_arranged(arranged, nesting_levels(_strings(arranged), texts), cap)
        arranged = cap_blocks(arranged)
    return arranged, nesting_levels(_strings(arranged), texts)


def _strings(arranged: list[str | Block]) -> list[str]:
    return [p for p in arranged if isinstance(p, str)]


def _net_new(entries: list[Entry], index: SectionIndex) -> list[NetNewId]:
    out: list[NetNewId] = []
    seen: set[str] = set()
    for e in entries:
        anchored = {a for inc in e.increments if inc.status == "anchored" for a in inc.arxiv}
        for aid in e.arxiv:
            if aid in index.anchor_section or aid in anchored:
                continue  # already in the living doc: carried over, not new
            if aid not in seen:
                seen.add(aid)
                out.append(NetNewId(aid, e))
    return out


def _carried(analysis: Analysis) -> list[CarriedId]:
    found: dict[str, Increment] = {}
    for inc in analysis.increments:
        if inc.status != "anchored" or not inc.arxiv or not from_notes(inc):
            continue
        for aid in inc.arxiv:
            found.setdefault(aid, inc)
    ordered = sorted(found.items(), key=lambda kv: (section_order(_first_section(kv[1])), kv[0]))
    return [CarriedId(aid, inc) for aid, inc in ordered]


def from_notes(inc: Increment) -> bool:
    """Does a note (not only a paper card) bring *inc*?"""
    return any(s.path.startswith("inbox/") or s.label != "paper card" for s in inc.sources)


def _first_section(inc: Increment) -> str:
    return inc.anchored_in[0].section if inc.anchored_in else ""


def arxiv_with_version(aid: str, increments: list[Increment]) -> str:
    """*aid* with the latest version the notes cite ("2601.01234v3"), else as it is."""
    versions: list[str] = []
    for inc in increments:
        for v in inc.arxiv_versions.get(aid, []):
            if v not in versions:
                versions.append(v)
    if not versions:
        return aid
    latest = max(versions, key=lambda v: int(v[1:]) if v[1:].isdigit() else 0)
    return aid + latest


def _checked_notes(analysis: Analysis) -> list[Note]:
    out = []
    for n in analysis.notes:
        if not n.in_window:
            continue
        if n.kind == "briefing" and _is_current_briefing(n, analysis.window.until):
            continue  # this very briefing, written by an earlier export of the window
        out.append(n)
    return sorted(out, key=lambda n: n.path)


def _is_current_briefing(note: Note, window_end: datetime) -> bool:
    _topic, until = briefing_info(note.text, note.path.rsplit("/", 1)[-1])
    if not until:
        return False
    try:
        end = parse_iso(until, window_end.tzinfo)
    except ValueError:
        return False
    return abs((end - window_end).total_seconds()) <= 60


def file_problem(note: Note) -> str | None:
    """Why *note* gave nothing: "empty", its read errors, or None when it has text."""
    if note.text.strip():
        return None
    if (
        note.size == 0
        and not note.errors
        or any(e.startswith(("empty file", "no text")) for e in note.errors)
    ):
        return "empty"
    return "; ".join(note.errors) or "empty"
