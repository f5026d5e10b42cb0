"""Plain data shared by the core, the CLI and the UI.

Everything here is a dataclass of strings, numbers and lists so that the
analysis can be cached, compared and turned into JSON without surprises.
Paths are always relative to the workspace root, with forward slashes. The classes made by the
hundred thousand (items, increments, their sources, anchors, suggestions and overlaps) are slotted:
on 8,000 notes a slot each instead of an instance dict is 20-30 MB less at the peak.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any, Literal

TimeSource = Literal["front_matter", "name", "body", "mtime", "none"]
NoteKind = Literal["note", "briefing"]
Status = Literal["new", "anchored", "reported", "cited", "off-topic", "unverified"]
Merge = Literal["single", "certain", "likely"]
"""How sure it is that an increment's items are one paper (see :mod:`curator.matcher`)."""


@dataclass(slots=True)
class FileProblem:
    """One plain-words problem with one file (never a traceback)."""

    path: str
    message: str
    severity: Literal["error", "warning", "info"] = "error"


@dataclass(slots=True)
class Item:
    """One candidate item inside a note: a paper, a post, a piece of news."""

    note: str
    label: str | None
    title: str
    arxiv: list[str] = field(default_factory=list)
    """Normalised IDs, primary first."""
    arxiv_versions: dict[str, list[str]] = field(default_factory=dict)
    urls: list[str] = field(default_factory=list)
    """URLs as written (non-arXiv), primary first."""
    points: list[str] = field(default_factory=list)
    caveats: list[str] = field(default_factory=list)
    section_hint: str | None = None
    """Explicit section hint, e.g. "§1.3"; "-" when the note says it belongs nowhere here."""
    section_title_hint: str | None = None
    """A section named by its title in a hint field or column ("Section: Judge reliability"),
    resolved against the doc when the item is judged; None beside a ``section_hint``."""
    priority: str | None = None
    stars: int = 0
    line_start: int = 0
    line_end: int = 0
    text: str = ""
    context: str = ""
    """Heading path above the item (group headings), for topic judgement."""
    primary_arxiv: str | None = None
    mentions: list[str] = field(default_factory=list)
    """IDs mentioned in passing (not what the item is about)."""
    negative: bool = False
    """Filed under a heading that leaves it out ("Off-topic but fun", "丢弃", "Not for this
    topic")."""
    linked: list[str] = field(default_factory=list)
    """Links the item's text cites in passing (another paper's DOI, a repo it compares with)."""
    malformed: list[str] = field(default_factory=list)
    """ID-like strings here that cannot be IDs ("2613.04418: month 13 does not exist"), when nothing
    valid identifies the item: it needs verification before it can go anywhere."""


@dataclass
class Note:
    path: str
    author: str
    time: datetime | None
    time_source: TimeSource
    in_window: bool
    kind: NoteKind = "note"
    title: str = ""
    topic: str | None = None
    items: list[Item] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    encoding: str = "utf-8"
    size: int = 0
    text: str = ""
    briefing_topic: str | None = None
    briefing_until: str | None = None
    """A briefing's declared window end (ISO, as written), read once when the note is loaded."""
    item_count: int = 0
    """Kept when the items themselves are not loaded (out-of-window notes from the cache)."""
    ids: list[str] = field(default_factory=list)
    """Every arXiv ID in the note, in order (items and passing mentions alike)."""
    sha1: str = ""
    """Digest of the bytes read ('' when unreadable): tells a changed note from one read
    differently."""
    pending: bool = False
    """Dated but not split yet (outside the window on a first, cold load); items follow shortly."""
    rough: bool = False
    """Dated by its file name alone (pending, days from the window): its text may still move the
    time by a zone or a stamp of that day, never into the window; read in full, it is exact."""
    left_out: list[str] = field(default_factory=list)
    """IDs and link keys the note files under a heading that leaves them out ("Not for this
    topic")."""
    clocks: list[str] = field(default_factory=list)
    """Its lines that name a time zone key (:func:`curator.zone_roster.zone_lines`): a roster of
    who keeps which clock, kept when the note is left unsplit."""
    byline: str = ""
    """A short line near its top naming its author (:func:`curator.zone_roster.byline`): where
    they write from, when it names a place ("Mona · Paris")."""


@dataclass(slots=True)
class Anchor:
    """Something a living-doc section already covers."""

    kind: Literal["arxiv", "url", "name"]
    key: str
    line: int
    name: str = ""
    date: str | None = None
    """Anchoring date as written, e.g. "8-19"."""
    in_table: bool = False
    """Found on a table row: a ``name`` anchor is then a cell ("built into the engine"), not a
    named system of a list item or paragraph (the briefing names only the latter)."""


@dataclass(slots=True)
class Citation:
    """An ID or link the doc names without anchoring it: a glossary entry, a removal record."""

    kind: Literal["arxiv", "url"]
    key: str
    line: int
    where: str
    """The unanchoring heading it sits under ("Glossary"), or ``removed``."""


@dataclass(slots=True)
class Section:
    index: int
    number: str | None
    """As written, normalised to ASCII digits: "§1.3"; None for unnumbered headings."""
    title: str
    level: int
    line: int
    end_line: int
    parent: int | None = None
    anchors: list[Anchor] = field(default_factory=list)
    body: str = ""

    @property
    def label(self) -> str:
        return self.number or self.title


@dataclass
class LivingDoc:
    path: str
    topic: str
    title: str = ""
    version: str | None = None
    sections: list[Section] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    cited: list[Citation] = field(default_factory=list)
    """What the doc names outside its places for papers, or as removed: known, not anchored."""
    scope: str = ""
    """Its scope statement near the top, as one line ("" without one; see curator/doc_scope.py)."""
    addresses: list[str] = field(default_factory=list)
    """Where the doc itself is read (links in a numbered doc's header, normalised: "the rendered
    wiki, …/fairness#s3-2"): a note linking there cites a section, not an item."""


@dataclass(slots=True)
class PaperCard:
    path: str
    arxiv: str | None
    number: str | None = None
    title: str = ""
    category: str | None = None
    tags: list[str] = field(default_factory=list)
    date: str | None = None
    empty: bool = False
    recent: bool = False
    errors: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    """The paper's other addresses from the card's header (code, project page): a note that
    links only its repo is about this paper."""


@dataclass(slots=True)
class SourceRef:
    path: str
    label: str
    author: str = ""
    mention: bool = False
    """True when the note only mentions the increment in passing."""


@dataclass(slots=True)
class SectionSuggestion:
    section: str
    title: str
    score: float
    reason: str


@dataclass(slots=True)
class Overlap:
    id: str
    score: float
    reason: str
    title: str = ""


@dataclass(slots=True)
class AnchorRef:
    section: str
    line: int
    title: str = ""
    doc: str = ""
    date: str | None = None


@dataclass(slots=True)
class Increment:
    id: str
    title: str
    arxiv: list[str] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)
    sources: list[SourceRef] = field(default_factory=list)
    status: Status = "new"
    anchored_in: list[AnchorRef] = field(default_factory=list)
    anchored_elsewhere: list[AnchorRef] = field(default_factory=list)
    reported_in: list[str] = field(default_factory=list)
    suggested_sections: list[SectionSuggestion] = field(default_factory=list)
    overlaps: list[Overlap] = field(default_factory=list)
    priority: str | None = None
    stars: int = 0
    points: list[str] = field(default_factory=list)
    caveats: list[str] = field(default_factory=list)
    merge: Merge = "single"
    status_reason: str = ""
    status_rule: str = ""
    """The rule that decided the status (curator.judge.RULES), e.g. "author-verdict"."""
    relevance: float = 0.0
    """How well it fits the topic, 0..1, from the workspace's own vocabulary (curator.relevance)."""
    relevance_detail: dict[str, Any] = field(default_factory=dict)
    """What ``relevance`` rests on: shared ``terms`` (heaviest first), title ``coverage`` and its
    ``foreign`` words, and the other doc it fits best (``other``, ``other_score``)."""
    card: str | None = None
    arxiv_versions: dict[str, list[str]] = field(default_factory=dict)
    items: list[Item] = field(default_factory=list)


@dataclass
class Window:
    since: datetime
    until: datetime


@dataclass
class Analysis:
    topic: str
    window: Window
    living_doc: LivingDoc
    other_docs: list[LivingDoc] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    cards: list[PaperCard] = field(default_factory=list)
    increments: list[Increment] = field(default_factory=list)
    errors: list[FileProblem] = field(default_factory=list)
    workspace: str = ""
    doc_indexes: dict[str, object] = field(default_factory=dict, compare=False, repr=False)
    """Each doc's index (a :class:`curator.context.DocIndex`: sections, anchors) by topic, as the
    analysis built it, for whoever reads sections next (:func:`curator.context.index_of`).  Not
    data: left out of equality, repr and JSON; typed loosely as models sits below the context."""


def short_path(path: str) -> str:
    """A note's path as reasons and flags show it: without the ``inbox/`` every note has."""
    return path.split("/", 1)[-1] if path.startswith("inbox/") else path


def to_plain(obj: Any) -> Any:
    """Dataclasses → JSON-ready structures (datetimes as ISO 8601).

    What ``to_plain(asdict(obj))`` gives, without ``asdict``'s deep copy of every value first
    (thousands of paper cards in one ``analyze --json``)."""
    if obj is None or type(obj) in _SCALARS:
        return obj
    cls: type = type(obj)
    names = _field_names(cls) if hasattr(obj, "__dataclass_fields__") else None
    if names is not None:
        return {k: to_plain(getattr(obj, k)) for k in names}
    if isinstance(obj, dict):
        return {k: to_plain(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [to_plain(v) for v in obj]
    if isinstance(obj, datetime):
        return obj.isoformat()
    return obj


_SCALARS = frozenset({str, int, float, bool})


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


@dataclass(slots=True)
class Remark:
    """A line outside any item, kept for note-level judgements (summaries, exclusions)."""

    line: int
    text: str
    negative_section: bool = False
    structural: bool = False


@dataclass
class SplitNote:
    """One note split into items (curator.notes); cached whole, so it lives with the other data."""

    items: list[Item] = field(default_factory=list)
    carriers: list[Item] = field(default_factory=list)
    """Pseudo-items holding IDs mentioned outside every item."""
    remarks: list[Remark] = field(default_factory=list)
    groups: list[tuple[list[str], str]] = field(default_factory=list)
    """(labels, the sentence) where the note says several of its items belong together."""
    front_matter: dict[str, str] = field(default_factory=dict)
    headings: dict[int, int] = field(default_factory=dict)
    title: str = ""
    warnings: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
