"""Where an increment belongs in the living doc: top sections with a score and a reason.

Evidence, strongest first: an explicit hint in a note (建议归入节 / Suggested
section), a section the item text refers to, sections anchoring papers the item
mentions, then lexical fit (BM25) against each section's title, body and what
it already anchors.
"""

from __future__ import annotations

import hashlib
import re
import sys
from array import array
from collections import defaultdict
from dataclasses import dataclass
from operator import itemgetter

from curator.lexicon import text_memo
from curator.link_strip import unversioned
from curator.living_doc import section_roles
from curator.models import Item, LivingDoc, Section, SectionSuggestion, short_path
from curator.section_numbers import SECTION_REF_RE, canonical_section
from curator.section_titles import contains, equivalents, title_key, title_variants, unit_title
from curator.textfeatures import BM25, blank_word, tokens

MEMO_LIMIT = 8192
"""Scored texts kept per doc index (a few evenings of increments) at least; past it the oldest
texts this run did not score go first, and the texts of this run are all kept: a workspace of
9,000 increments is answered from the memo the next time."""
WORDING_CHARS = 8_000
"""How much of one item's text its wording is scored by: far more than any write-up of a paper
(a relay's longest items are a few thousand characters), so only a dump is cut — a line of 90,000
IDs cited by 500 increments was joined, hashed and read whole for each of them."""

_REF = SECTION_REF_RE


def _ascii(s: str) -> str:
    return s.translate(str.maketrans("０１２３４５６７８９．", "0123456789."))


@dataclass
class Unit:
    """A place in the doc: a numbered section with its unnumbered sub-headings folded in.

    Suggestions are made among the *leaf* units (:attr:`SectionIndex.units`: numbered
    sections not divided into numbered subsections, or, in a doc with no numbers, its
    headings).  A divided section ("§3.1" when §3.1.1 and §3.1.2 exist) is a unit too,
    with :attr:`parts`, so a hint or an anchor can name it; it is never suggested by wording.
    """

    section: Section
    label: str
    """"§4.3" (canonical, see :func:`curator.living_doc.section_number`); the title in a doc without
    numbers."""
    title: str
    """The heading without its number."""
    text: str
    parts: tuple[str, ...] = ()
    """Labels of the leaf units inside a divided section, in doc order; () for a leaf."""


def pack_best(best: tuple[tuple[int, float], ...]) -> bytes:
    """(unit, score) pairs as one run of doubles (a unit index is exact as a double)."""
    return array("d", [x for pair in best for x in pair]).tobytes()


def unpack_best(packed: bytes) -> tuple[tuple[int, float], ...]:
    """What :func:`pack_best` packed: the same ints and the same floats."""
    flat = array("d")
    flat.frombytes(packed)
    return tuple(zip(map(int, flat[::2]), flat[1::2], strict=True))


def units_bm25(units: list[Unit]) -> BM25 | None:
    """The lexical index over the units' titles (weighted thrice) and text; None without units."""
    docs = [tokens(f"{u.title} {u.title} {u.title} {u.text}") for u in units]
    return BM25(docs) if docs else None


_ROMAN_NUMERALS = (
    "I",
    "II",
    "III",
    "IV",
    "V",
    "VI",
    "VII",
    "VIII",
    "IX",
    "X",
    "XI",
    "XII",
    "XIII",
    "XIV",
    "XV",
    "XVI",
    "XVII",
    "XVIII",
    "XIX",
    "XX",
)


def _roman_part(label: str) -> str:
    """ "§6.1" → "§VI.1": a doc that numbers its parts "Part VI" / "VI.1" is cited "6.1" too."""
    first, _dot, rest = label[1:].partition(".")
    if not first.isdigit() or not 1 <= int(first) <= len(_ROMAN_NUMERALS):
        return label
    return "§" + _ROMAN_NUMERALS[int(first) - 1] + (("." + rest) if rest else "")


class _Scores:
    """Each unit's score for one suggestion, and the reasons it got it (in order, no repeats)."""

    def __init__(self) -> None:
        self.score: defaultdict[str, float] = defaultdict(int)
        self.reasons: dict[str, list[str]] = {}

    def add(self, label: str, value: float, reason: str) -> None:
        self.score[label] += value
        self.reasons.setdefault(label, [])
        if reason not in self.reasons[label]:
            self.reasons[label].append(reason)

    def best(self) -> list[tuple[str, float]]:
        """Best first; equal scores in the order they were first given (as Counter.most_common)."""
        return sorted(self.score.items(), key=itemgetter(1), reverse=True)


def _places(doc: LivingDoc) -> tuple[list[Section], list[Section], dict[int, int]]:
    """(leaf sections, divided sections, section index → the index of the unit section it
    belongs to): numbered sections in a doc with numbers, else its deepest headings."""
    roles = section_roles(doc)
    sections = doc.sections
    owner: dict[int, int] = {}
    if roles.numbered:
        leaves = [s for s in sections if s.number and s.index not in roles.groups]
        groups = [s for s in sections if s.index in roles.groups]
        for s in sections:
            h = roles.home[s.index]
            if h is not None and s.index not in roles.not_place:
                owner[s.index] = h
        return leaves, groups, owner
    skip = roles.not_place | roles.rollup
    cands = [s for s in sections if s.level >= 2 and s.index not in skip]
    chosen = {s.index for s in cands}
    # the deepest headings only: a heading with sub-headings is their group, not a place
    with_kids = {s.parent for s in cands if s.parent in chosen}
    leaves = [s for s in cands if s.index not in with_kids]
    leaf_idx = {s.index for s in leaves}
    for s in sections:
        cur: Section | None = s
        while cur is not None and cur.index not in leaf_idx:
            cur = sections[cur.parent] if cur.parent is not None else None
        if cur is not None and s.index not in roles.not_place:
            owner[s.index] = cur.index
    return leaves, [], owner


class SectionIndex:
    """Lexical index over the sections of one living doc, and what names its sections.

    ``units`` are the places suggestions choose among; ``by_label`` holds every unit by
    label, divided sections included; ``section_unit`` gives, for each section index, the
    label its anchors are reported under (the nearest numbered section holding it, so
    "#### 参考文献" in §2.3 answers §2.3); ``anchor_section`` maps an arXiv ID to the label
    of its first anchor.  Sections that are not places (contents, change log, …, see
    :func:`curator.living_doc.section_roles`) are in none of them.
    """

    _this_run = 0
    """How many texts :meth:`top` was asked for in this process (a decoded index starts at 0)."""
    group_titles: dict[str, bool] | None = None
    """Whether a note's group heading names a section here, by heading
    (:func:`curator.evidence.title_match`), filled as asked."""
    _resolved: dict[str, Unit | None] | None = None
    """:meth:`resolve_title`'s answers: a relay repeats a few "section: …" texts many times."""

    def __init__(self, doc: LivingDoc) -> None:
        self.doc = doc
        sections = doc.sections
        leaves, groups, owner = _places(doc)
        texts: dict[int, list[str]] = {s.index: [] for s in (*leaves, *groups)}
        for s in sections:
            o = owner.get(s.index)
            if o is None:
                continue
            names = " ".join(a.name for a in s.anchors if a.name)
            texts[o].append(f"{s.title} {s.title} {names} {s.body}")
        self.units: list[Unit] = []
        self.by_label: dict[str, list[Unit]] = {}
        self._add_units(sections, leaves, groups, texts)
        self.section_unit: dict[int, str] = {
            i: sections[o].number or sections[o].title for i, o in owner.items()
        }
        """Section index → the label its anchors are reported under."""
        self.bm25 = units_bm25(self.units)
        self.memo: dict[tuple[bytes, int], bytes] = {}
        """:meth:`top`'s answers by content hash, packed (:func:`pack_best`: ~100 bytes instead
        of ~640 as tuples, tens of thousands on a large workspace), persisted apart from the
        index (see curator.cache)."""
        self.memo_changed = False
        """Set when :meth:`top` scored something new (the persisted cache is then worth saving)."""
        self.lower_titles = [t for t in (u.title.lower() for u in self.units) if t]
        """Unit titles, lower-cased, for matching a note's group headings."""
        self._titles: (
            tuple[list[tuple[str, tuple[str, ...]]], list[tuple[str, tuple[str, ...]]]] | None
        ) = None
        """:meth:`resolve_title`'s title variants, built on its first call."""
        self.anchor_section: dict[str, str] = {}
        self.anchoring: set[str] = set()
        """Labels of the units that hold anchors themselves (a divided section with its own
        "#### Replications" list is a place of its own, not only its parts' parent)."""
        for s in sections:
            label = self.section_unit.get(s.index)
            if label is None:
                continue
            if s.anchors:
                self.anchoring.add(label)
            for a in s.anchors:
                if a.kind == "arxiv":
                    self.anchor_section.setdefault(a.key, label)

    def _add_units(
        self,
        sections: list[Section],
        leaves: list[Section],
        groups: list[Section],
        texts: dict[int, list[str]],
    ) -> None:
        """The leaf units, then the divided sections (each with the leaves inside it)."""
        for s in leaves:
            unit = Unit(
                s, s.number or s.title, unit_title(s.title, s.number), " ".join(texts[s.index])
            )
            self.units.append(unit)
            self.by_label.setdefault(unit.label, []).append(unit)
        leaf_of = {u.section.index: u.label for u in self.units}
        for g in groups:
            assert g.number is not None
            parts = tuple(
                dict.fromkeys(
                    leaf_of[s.index]
                    for s in sections
                    if s.index in leaf_of and g.line < s.line <= g.end_line
                )
            )
            unit = Unit(g, g.number, unit_title(g.title, g.number), " ".join(texts[g.index]), parts)
            self.by_label.setdefault(unit.label, []).append(unit)

    def resolve(self, ref: str) -> Unit | None:
        """A section named by number → its unit: "§1.3", "1.3", "1.3.", "Section 1.3", "§ 1.3",
        "§１.３" (see :func:`curator.living_doc.canonical_section`).  A number deeper than the doc
        goes ("§3.4.1.2" where §3.4.1 is not divided) is its nearest existing ancestor; a missing
        number under a divided section ("§2.9" beside §2.1–§2.3) names no section here (it is
        likely another doc's).  Duplicate numbers give the first.  A divided section gives its
        own unit (with ``parts``).  A lettered number in a doc without letters ("4.A", "1.2.a")
        is the number before the letter."""
        label = canonical_section(ref)
        if label is None:
            return None
        hit = self.by_label.get(label) or self.by_label.get(_roman_part(label))
        if hit:
            return hit[0]
        parts = label[1:].split(".")
        if len(parts) > 1 and parts[-1].isalpha() and parts[-2].isdigit():
            return self.resolve(".".join(parts[:-1]))
        while len(parts) > 1:
            parts.pop()
            hit = self.by_label.get("§" + ".".join(parts))
            if hit:
                return hit[0] if not hit[0].parts else None
        return None

    def resolve_title(self, text: str) -> Unit | None:
        """A section named by its title words → its unit; None unless one section fits.

        For a note's "section: data mixing": "data mixing" → §1.1 "数据配比与课程(data mixing)",
        "optimizers" → §2.1 "优化器(Optimizers)", "Reasoning benchmarks" → §3.1.  Steps, the
        first with any fit deciding: a title (without its number), its bracketed words or the
        part before the bracket *equals* ``text``; ``text`` is *contained* in one (or one in
        ``text``), as whole words where Latin; *every word* of ``text`` is in one; rapidfuzz
        ratio ≥ 88.  Unit titles are tried before the unnumbered sub-headings inside them
        ("curriculum" → the §1.1 holding "#### 课程(curriculum)").  Fits in one divided section
        and its parts give the divided section ("蒸馏" → §5 when §5, §5.1 and §5.2 fit); any
        other tie gives None.  ``text`` may use another language's words for a title's
        (``[sections.terms]`` of the lexicon: "synthetic data" finds "合成数据与改写").  Number
        words at either end ("section", "节") are ignored; a plain number goes to
        :meth:`resolve`."""
        memo = self._resolved
        if memo is None:
            memo = self._resolved = {}
        if text not in memo:
            memo[text] = self._resolve_title(text)
        return memo[text]

    def titled(self, text: str) -> Unit | None:
        """The section whose title (its bracketed words, the part before the bracket) *is*
        ``text``: :meth:`resolve_title`'s first step alone, for words that may be a sentence
        ("agent / memory, not serving") unless they are a title as written."""
        return self._resolve_title(text, exact=True)

    def _resolve_title(self, text: str, exact: bool = False) -> Unit | None:
        if canonical_section(text):
            return self.resolve(text)
        query = title_key(text)
        if len(query) < 2 or len(query) > 80:
            return None
        queries = equivalents(query)
        own, inner = self._title_table()
        steps = (
            lambda v, q: v == q,
            lambda v, q: contains(v, q) or (len(v) >= 4 and contains(q, v)),
            lambda v, q: len(q.split()) > 1 and all(contains(v, w) for w in q.split()),
        )
        for fits in steps[:1] if exact else steps:
            for table in (own, inner):
                hits = {
                    label for label, vs in table if any(fits(v, q) for v in vs for q in queries)
                }
                if hits:
                    return self._one_place(hits)
        if exact:
            return None
        from rapidfuzz import fuzz

        for table in (own, inner):
            hits = {
                label
                for label, vs in table
                if max((fuzz.ratio(v, q) for v in vs for q in queries), default=0.0) >= 88
            }
            if hits:
                return self._one_place(hits)
        return self._either(text)

    def _either(self, text: str) -> Unit | None:
        """ "busca/MCTS", "eval / benchmarks": two names for one place, each tried alone; the
        place when those that name one agree."""
        parts = [p.strip() for p in re.split(r"\s*[/／]\s*", text) if p.strip()]
        if len(parts) < 2 or len(parts) > 4:
            return None
        units = {id(u): u for p in parts if (u := self.resolve_title(p)) is not None}
        return next(iter(units.values())) if len(units) == 1 else None

    def _title_table(
        self,
    ) -> tuple[list[tuple[str, tuple[str, ...]]], list[tuple[str, tuple[str, ...]]]]:
        """(unit label, title variants) of every unit, then of the unnumbered sub-headings inside
        units."""
        cached = self._titles
        if cached is None:
            own = [(label, title_variants(us[0].title)) for label, us in self.by_label.items()]
            heads = {us[0].section.index for us in self.by_label.values()}
            inner = [
                (label, title_variants(s.title))
                for s in self.doc.sections
                if s.index not in heads
                and (label := self.section_unit.get(s.index)) in self.by_label
            ]
            cached = self._titles = (own, inner)
        return cached

    def _one_place(self, labels: set[str]) -> Unit | None:
        if len(labels) == 1:
            return self.by_label[next(iter(labels))][0]
        groups = [self.by_label[x][0] for x in labels if self.by_label[x][0].parts]
        if len(groups) == 1 and labels <= {groups[0].label, *groups[0].parts}:
            return groups[0]
        return None

    def top(self, text: str, k: int = 5) -> tuple[tuple[int, float], ...]:
        """The best-fitting units for ``text`` as (unit index, BM25 score), best first, scores > 0.

        Memoised by content: the same text against the same doc always scores the same,
        and the memo is cached with the doc's index (see curator.cache), so a warm run only scores
        what changed.
        """
        if not self.bm25:
            return ()
        key = (hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest(), k)
        memo = self.memo
        self._this_run += 1
        hit = memo.pop(key, None)
        if hit is not None:
            memo[key] = hit  # the texts of this run last: dicts keep insertion order
            return unpack_best(hit)
        best = self.bm25.top(tokens(text), k)
        stale = len(memo) - self._this_run + 1  # at least this many come before this run's texts
        if len(memo) >= MEMO_LIMIT and stale > 0:
            for old in list(memo)[: min(stale, MEMO_LIMIT // 2)]:  # oldest first
                del memo[old]
        memo[key] = pack_best(best)
        self.memo_changed = True
        return best

    def suggest(
        self,
        items: list[Item],
        extra_text: str = "",
        mentioned: list[str] | None = None,
        k: int = 3,
        unsaid: str | None = None,
    ) -> list[SectionSuggestion]:
        """The ``k`` best places for ``items``: their hints, the papers they build on, their
        wording.  ``unsaid``: a name their wording is read without (another paper's, which the
        doc anchors under the same name)."""
        if not self.units:
            return []
        scores = _Scores()
        self._score_hints(scores, items)
        for aid in mentioned or []:
            label = self.anchor_section.get(aid)
            if label:
                scores.add(label, 0.2, f"mentions {aid}, anchored there")
        text = (
            " ".join(
                f"{it.title} {it.title} {it.context.split(' / ')[-1] if it.context else ''} "
                f"{it.text[:WORDING_CHARS]}"
                for it in items
            )
            + " "
            + extra_text
        )
        text = unversioned(text)  # "…v2" would read as the words "v" and "2"
        if unsaid:
            text = blank_word(text, unsaid)
        best_units = self.top(text, 5)
        if best_units:
            top = best_units[0][1]
            for rank, (i, value) in enumerate(best_units):
                u = self.units[i]
                rel = value / top
                scores.add(
                    u.label,
                    0.5 * rel,
                    f"wording matches {u.label} {u.title}" if rank == 0 else f"wording ({rel:.2f})",
                )
        out: list[SectionSuggestion] = []
        for label, value in scores.best()[:k]:
            unit = self.by_label[label][0]
            out.append(
                SectionSuggestion(
                    label,
                    unit.title,
                    round(min(1.0, value / 1.6), 3),
                    # a few hundred distinct reasons across thousands of increments: one copy each
                    sys.intern("; ".join(scores.reasons[label][:3])),
                )
            )
        return out

    def _score_hints(self, scores: _Scores, items: list[Item]) -> None:
        """What the items name: a section hint, a section their text refers to."""
        hinted = [it for it in items if it.section_hint and it.section_hint != "-"]
        for it in hinted:
            unit = self.resolve(it.section_hint or "")
            if unit:
                scores.add(
                    unit.label,
                    1.0 / max(1, len(hinted)) + 0.6,
                    f"hint in {short_path(it.note)}({it.label or 'item'})",
                )
        seen_refs: set[str] = set()
        for it in items:
            for ref in _refs_in(it.text):
                if ref == it.section_hint or ref in seen_refs:
                    continue
                unit = self.resolve(ref)
                if unit:
                    seen_refs.add(ref)
                    scores.add(unit.label, 0.3, f"the note refers to {ref}")

    def best_fit(self, text: str) -> tuple[float, Unit | None]:
        """Raw BM25 best score (for topic fit comparisons across docs)."""
        if not self.bm25 or not self.units:
            return 0.0, None
        best = self.top(text, 1)
        if not best:
            return 0.0, self.units[0]
        i, value = best[0]
        return value, self.units[i]


@text_memo
def _refs_in(text: str) -> tuple[str, ...]:
    """The "§" references of one text, in order: a passage citing 500 papers is read once, not per
    paper."""
    return tuple("§" + _ascii(m.group(1)) for m in _REF.finditer(text))
