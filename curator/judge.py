"""The status of an increment, decided by named rules over the workspace's evidence.

Each rule looks at one kind of evidence (:class:`Evidence`, gathered by the analysis) and
either decides — a status and a reason that quotes the evidence — or passes.  Rules run in
order of strength: what the living doc anchors, what earlier briefings listed, what it names without
anchoring (a glossary, a removal), what another topic's doc anchors, what the authors say, how the
notes file it, and last how well its words fit the topic (:mod:`curator.relevance`).  The first rule
that decides wins, and its name and reason are what the UI and ``analyze --json`` show.  A section
hint into this doc protects an item only from the weakest, lexical rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from curator.models import AnchorRef, PaperCard, Status
from curator.relevance import Fit

__all__ = ["Evidence", "Judgment", "RULES", "judge", "relevance_score"]

MACHINE_FIT = 2.4
"""A keyword digest's entry needs this much topic-specific vocabulary to be an increment."""
MACHINE_COVERAGE = 0.5
"""… and the doc's vocabulary must know more than half of its title's ordinary words: a title
whose words the doc knows only half of is a keyword match ("Team Climate and Developer
Productivity": "team", "climate" known; "developer", "productivity" not)."""
HUMAN_FIT = 0.6
"""Below this, an entry in a colleague's note shares nothing with the topic but its name."""
MENTION_FIT = 1.0
"""An ID only named in passing ("and 2611.02740, the one about X?") needs a little more of the
topic."""
OTHER_RATIO = 1.5
OTHER_FIT = 1.5
"""Fits another topic's doc this many times better (and at least this well): that topic's."""


@dataclass
class Judgment:
    status: Status
    reason: str
    rule: str


@dataclass
class Evidence:
    """What the workspace says about one increment (filled by curator.analysis)."""

    topic: str
    has_key: bool = True
    """An arXiv ID or a link identifies it."""
    malformed: list[str] = field(default_factory=list)
    """ID-like strings that cannot be IDs, when nothing else identifies the item."""
    anchored: list[AnchorRef] = field(default_factory=list)
    anchored_reason: str = ""
    covered: str | None = None
    """A note says the doc already covers it (quoted, with the note)."""
    reported: list[str] = field(default_factory=list)
    note_reported: str | None = None
    elsewhere: list[AnchorRef] = field(default_factory=list)
    cited: list[AnchorRef] = field(default_factory=list)
    """Where this topic's doc names it without anchoring it (a glossary, a removal line)."""
    verdicts: list[str] = field(default_factory=list)
    """Authors' off-topic remarks, each as "note(label): “words”"."""
    keeps: list[str] = field(default_factory=list)
    negative: str | None = None
    """Every source files it under a heading that leaves it out."""
    left_out: str | None = None
    """An earlier briefing of this topic filed it under a heading that leaves it out."""
    hints_here: list[str] = field(default_factory=list)
    """Section hints that resolve in this doc (unit labels)."""
    filed_here: bool = False
    """A note's own section field files it in this doc (not only words around it)."""
    hint_none: str | None = None
    hint_other: str | None = None
    card: PaperCard | None = None
    card_kind: str | None = None
    """topic | other | unknown (its category names neither this topic nor another)."""
    note_none: str | None = None
    note_other: str | None = None
    group_other: str | None = None
    fit: Fit | None = None
    other_fit: tuple[str, Fit] | None = None
    remote_category: str | None = None
    """An arXiv category far from the field that its entry is filed under ("cs.CE",
    "physics.chem-ph")."""
    machine_only: bool = False
    """Every source is a machine digest (a keyword bot, an alert)."""
    mention_only: bool = False
    own_page: str | None = None
    """The team's own domain every link of it is a page of, when no note says more of it than
    its link (a lab notebook's entry, the repository a pasted log comes from)."""
    out_of_scope: str | None = None
    """The clause of the doc's scope statement that leaves it out ("OCR and handwriting
    recognition (→ docai team)"), when its titles name that and nothing the doc keeps."""
    told_apart: str | None = None
    """The sentence of a note that names it only to tell another paper apart from it ("not to be
    confused with X (2603.1)"), when every source does so: it is not a candidate."""


Rule = Callable[[Evidence], Judgment | None]


def _anchored(e: Evidence) -> Judgment | None:
    if e.anchored:
        sections = ", ".join(sorted({r.section for r in e.anchored}))
        return Judgment("anchored", e.anchored_reason or f"anchored in {sections}", "anchored")
    return None


def _covered(e: Evidence) -> Judgment | None:
    return Judgment("anchored", e.covered, "covered-per-note") if e.covered else None


def _reported(e: Evidence) -> Judgment | None:
    if e.reported:
        return Judgment("reported", "listed in " + e.reported[0], "reported")
    if e.note_reported:
        return Judgment("reported", e.note_reported, "reported-per-note")
    return None


def _doc_cited(e: Evidence) -> Judgment | None:
    # a note that files the paper under a section of this doc argues for it again (a new version
    # of a dropped paper); otherwise the doc's glossary line or removal record settles it
    if not e.cited or e.filed_here:
        return None
    r = e.cited[0]
    where = "records its removal" if r.section == "removed" else f"cites it in {r.section}"
    return Judgment(
        "cited", f"the doc {where} (line {r.line}), not as an anchor: known, not new", "doc-cited"
    )


def _anchored_elsewhere(e: Evidence) -> Judgment | None:
    if e.elsewhere:
        r = e.elsewhere[0]
        return Judgment("off-topic", f"anchored in {r.doc} {r.section}", "anchored-elsewhere")
    return None


def _author_verdict(e: Evidence) -> Judgment | None:
    return Judgment("off-topic", e.verdicts[0], "author-verdict") if e.verdicts else None


def _negative_heading(e: Evidence) -> Judgment | None:
    return Judgment("off-topic", e.negative, "left-out-heading") if e.negative else None


def _briefing_left_out(e: Evidence) -> Judgment | None:
    # a note filing it under a section now outweighs an earlier evening's "not for us" (v2 is out)
    return (
        Judgment("off-topic", e.left_out, "briefing-left-out")
        if e.left_out and not e.filed_here
        else None
    )


def _own_page(e: Evidence) -> Judgment | None:
    if not e.own_page:
        return None
    why = f"a page of the team's own ({e.own_page}, its notes' mail domain): where notes come from"
    return Judgment("off-topic", why, "own-page")


def _told_apart(e: Evidence) -> Judgment | None:
    if not e.told_apart:
        return None
    why = f"named only to tell another paper apart from it: “{e.told_apart}”"
    return Judgment("off-topic", why, "told-apart")


def _hint_nowhere(e: Evidence) -> Judgment | None:
    if e.hints_here:
        return None
    if e.hint_none:
        return Judgment("off-topic", e.hint_none, "no-section-here")
    if e.hint_other:
        return Judgment("off-topic", e.hint_other, "section-elsewhere")
    return None


def _card_category(e: Evidence) -> Judgment | None:
    if e.card is not None and e.card_kind == "other" and not e.hints_here:
        return Judgment(
            "off-topic", f"its paper card's main category is {e.card.category}", "card-category"
        )
    return None


def _note_scope(e: Evidence) -> Judgment | None:
    if e.hints_here:
        return None
    if e.note_none:
        return Judgment("off-topic", e.note_none, "note-says-none")
    if e.note_other:
        return Judgment("off-topic", e.note_other, "other-topic-note")
    if e.group_other:
        return Judgment("off-topic", e.group_other, "other-topic-group")
    return None


def _doc_scope(e: Evidence) -> Judgment | None:
    if e.hints_here or e.filed_here or not e.out_of_scope:
        return None
    return Judgment("off-topic", f"the doc's scope leaves it out: “{e.out_of_scope}”", "doc-scope")


def _fits_elsewhere(e: Evidence) -> Judgment | None:
    if e.hints_here or e.fit is None or e.other_fit is None:
        return None
    topic, other = e.other_fit
    if other.score >= OTHER_FIT and other.score > OTHER_RATIO * e.fit.score:
        terms = ", ".join(other.terms[:4])
        return Judgment("off-topic", f"fits the {topic} doc better ({terms})", "fits-other-doc")
    return None


def _no_fit(e: Evidence) -> Judgment | None:
    if e.hints_here or e.fit is None or e.keeps and not e.machine_only:
        return None
    fit = e.fit
    if e.machine_only and (fit.score < MACHINE_FIT or fit.coverage <= MACHINE_COVERAGE):
        if fit.coverage <= MACHINE_COVERAGE and fit.foreign:
            why = "its title is about " + ", ".join(fit.foreign[:3]) + ", words the doc never uses"
        else:
            why = "it shares only " + (", ".join(fit.terms[:3]) or "its keyword") + " with the doc"
        return Judgment("off-topic", f"a keyword digest's entry: {why}", "keyword-only")
    if e.remote_category and (e.machine_only or fit.score < MACHINE_FIT):
        # a bot matched its words; the category it is filed under says which field it is from
        return Judgment(
            "off-topic",
            f"filed under {e.remote_category}, far from this knowledge base, "
            "and it fits the doc weakly",
            "remote-category",
        )
    if e.card_kind == "unknown" and fit.score < MACHINE_FIT:
        return Judgment(
            "off-topic",
            f"its paper card files it under {e.card.category if e.card else '?'}, "
            "and it fits the doc weakly",
            "card-category-weak",
        )
    if fit.score < HUMAN_FIT and e.has_key:
        return Judgment(
            "off-topic", "shares nothing with the living doc beyond the topic's own name", "no-fit"
        )
    if e.mention_only and fit.score < MENTION_FIT and e.has_key:
        return Judgment(
            "off-topic",
            "only named in passing, with little of the topic around it",
            "passing-mention",
        )
    return None


def _malformed(e: Evidence) -> Judgment | None:
    if e.malformed:
        return Judgment("unverified", f"needs verification: {e.malformed[0]}", "malformed-id")
    return None


def _unidentified(e: Evidence) -> Judgment | None:
    if not e.has_key:
        return Judgment(
            "unverified", "needs verification: no arXiv ID or link to check it by", "no-identifier"
        )
    return None


RULES: list[tuple[str, Rule]] = [
    ("anchored", _anchored),
    ("covered-per-note", _covered),
    ("reported", _reported),
    ("doc-cited", _doc_cited),
    ("malformed-id", _malformed),
    ("anchored-elsewhere", _anchored_elsewhere),
    ("author-verdict", _author_verdict),
    ("left-out-heading", _negative_heading),
    ("briefing-left-out", _briefing_left_out),
    ("told-apart", _told_apart),
    ("own-page", _own_page),
    ("section-hint", _hint_nowhere),
    ("card-category", _card_category),
    ("note-scope", _note_scope),
    ("doc-scope", _doc_scope),
    ("fits-other-doc", _fits_elsewhere),
    ("unidentified", _unidentified),
    ("relevance", _no_fit),
]
"""In order of strength; see the module docstring."""


def judge(e: Evidence) -> Judgment:
    for _name, rule in RULES:
        j = rule(e)
        if j is not None:
            return j
    reason = "only mentioned in passing" if e.mention_only else ""
    if e.fit is not None and e.fit.terms and not reason:
        reason = "fits the doc: " + ", ".join(e.fit.terms[:4])
    return Judgment("new", reason, "new")


def relevance_score(fit: Fit | None) -> float:
    """A fit as 0..1 (0.5 at a fit of 1.5): what the UI and JSON show."""
    if fit is None:
        return 0.0
    return round(fit.score / (fit.score + 1.5), 3)
