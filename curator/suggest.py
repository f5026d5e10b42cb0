"""Where an increment belongs in the living doc: top sections with a score and a reason.

Evidence, strongest first: an explicit hint in a note (建议归入节 / Suggested
section), a section the item text refers to, sections anchoring papers the item
mentions, then lexical fit (BM25) against each section's title, body and what
it already anchors.
"""

from __future__ import annotations

import hashlib
import heapq
import re
from collections import Counter
from dataclasses import dataclass

from curator.models import Item, LivingDoc, Section, SectionSuggestion
from curator.textfeatures import BM25, tokens

MEMO_LIMIT = 8192
"""Scored texts kept per doc index (a few evenings of increments); the oldest half goes first."""

_REF = re.compile(r"§\s*([0-9０-９]+(?:[.．][0-9０-９]+)*)")


def _ascii(s: str) -> str:
    return s.translate(str.maketrans("０１２３４５６７８９．", "0123456789."))


@dataclass
class Unit:
    """A suggestable place: a numbered section with its unnumbered subsections folded in."""

    section: Section
    label: str
    title: str
    text: str


class SectionIndex:
    """Lexical index over the sections of one living doc."""

    def __init__(self, doc: LivingDoc) -> None:
        self.doc = doc
        numbered = [s for s in doc.sections if s.number and s.number.startswith("§")]
        if not numbered:
            numbered = [s for s in doc.sections if s.number] or [s for s in doc.sections if s.level >= 2]
        chosen = {s.index for s in numbered}
        # deepest numbered only where a numbered section has numbered children (§1 vs §1.3)
        parents_with_numbered_kids = {s.parent for s in numbered if s.parent in chosen}
        units_sections = [s for s in numbered if s.index not in parents_with_numbered_kids]
        self.units: list[Unit] = []
        self.by_label: dict[str, list[Unit]] = {}
        by_index = {s.index: s for s in doc.sections}
        owner: dict[int, int] = {}
        unit_idx = {s.index for s in units_sections}
        for s in doc.sections:
            cur: Section | None = s
            while cur is not None and cur.index not in unit_idx:
                cur = by_index.get(cur.parent) if cur.parent is not None else None
            if cur is not None:
                owner[s.index] = cur.index
        texts: dict[int, list[str]] = {s.index: [] for s in units_sections}
        for s in doc.sections:
            o = owner.get(s.index)
            if o is None:
                continue
            names = " ".join(a.name for a in s.anchors if a.name)
            texts[o].append(f"{s.title} {s.title} {names} {s.body}")
        self.section_unit: dict[int, str] = {}
        for s in doc.sections:
            o = owner.get(s.index)
            if o is not None:
                self.section_unit[s.index] = by_index[o].number or by_index[o].title
        for s in units_sections:
            label = s.number or s.title
            unit = Unit(s, label, _clean_title(s.title), " ".join(texts[s.index]))
            self.units.append(unit)
            self.by_label.setdefault(label, []).append(unit)
        docs = [tokens(f"{u.title} {u.title} {u.title} {u.text}") for u in self.units]
        self.bm25 = BM25(docs) if docs else None
        self.memo: dict[tuple[bytes, int], tuple[tuple[int, float], ...]] = {}
        """:meth:`top`'s answers by content hash (persisted apart from the index, see curator.cache)."""
        self.memo_changed = False
        """Set when :meth:`top` scored something new (the persisted cache is then worth saving)."""
        self.lower_titles = [t for t in (u.title.lower() for u in self.units) if t]
        """Unit titles, lower-cased, for matching a note's group headings."""
        self.anchor_section: dict[str, str] = {}
        for s in doc.sections:
            o = owner.get(s.index)
            if o is None:
                continue
            label = by_index[o].number or by_index[o].title
            for a in s.anchors:
                if a.kind == "arxiv":
                    self.anchor_section.setdefault(a.key, label)

    def resolve(self, ref: str) -> Unit | None:
        """"§1.3" (or a deeper "§1.3.2") → the unit that holds it."""
        ref = "§" + _ascii(ref.lstrip("§").strip())
        if ref in self.by_label:
            return self.by_label[ref][0]
        parts = ref[1:].split(".")
        while len(parts) > 1:
            parts.pop()
            cand = "§" + ".".join(parts)
            if cand in self.by_label:
                return self.by_label[cand][0]
        for s in self.doc.sections:
            if s.number == ref:
                return next((u for u in self.units if u.section.index == s.index), None)
        return None

    def __getstate__(self) -> dict:
        """Pickled without the memo of scores: that is saved apart, when it changes (see curator.cache)."""
        return {**self.__dict__, "memo": {}, "memo_changed": False}

    def top(self, text: str, k: int = 5) -> tuple[tuple[int, float], ...]:
        """The best-fitting units for ``text`` as (unit index, BM25 score), best first, scores > 0.

        Memoised by content: the same text against the same doc always scores the same,
        and the memo is pickled with the doc's index, so a warm run only scores what changed.
        """
        if not self.bm25:
            return ()
        key = (hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest(), k)
        memo = self.memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        lex = self.bm25.scores(tokens(text))
        best = tuple((i, lex[i]) for i in heapq.nlargest(k, range(len(lex)), key=lex.__getitem__) if lex[i] > 0)
        if len(memo) >= MEMO_LIMIT:
            for old in list(memo)[: MEMO_LIMIT // 2]:  # oldest first: dicts keep insertion order
                del memo[old]
        memo[key] = best
        self.memo_changed = True
        return best

    def suggest(self, items: list[Item], extra_text: str = "", mentioned: list[str] | None = None, k: int = 3) -> list[SectionSuggestion]:
        if not self.units:
            return []
        score: Counter[str] = Counter()
        reasons: dict[str, list[str]] = {}

        def add(label: str, value: float, reason: str) -> None:
            score[label] += value
            reasons.setdefault(label, [])
            if reason not in reasons[label]:
                reasons[label].append(reason)

        hinted = [it for it in items if it.section_hint and it.section_hint != "-"]
        for it in hinted:
            unit = self.resolve(it.section_hint or "")
            if unit:
                add(unit.label, 1.0 / max(1, len(hinted)) + 0.6, f"hint in {_short_path(it.note)}({it.label or 'item'})")
        seen_refs: set[str] = set()
        for it in items:
            for m in _REF.finditer(it.text):
                ref = "§" + _ascii(m.group(1))
                if ref == it.section_hint or ref in seen_refs:
                    continue
                unit = self.resolve(ref)
                if unit:
                    seen_refs.add(ref)
                    add(unit.label, 0.3, f"the note refers to {ref}")
        for aid in mentioned or []:
            label = self.anchor_section.get(aid)
            if label:
                add(label, 0.2, f"mentions {aid}, anchored there")
        text = " ".join(f"{it.title} {it.title} {it.context.split(' / ')[-1] if it.context else ''} {it.text}" for it in items) + " " + extra_text
        best_units = self.top(text, 5)
        if best_units:
            top = best_units[0][1]
            for rank, (i, value) in enumerate(best_units):
                u = self.units[i]
                rel = value / top
                add(u.label, 0.5 * rel, f"wording matches {u.label} {u.title}" if rank == 0 else f"wording ({rel:.2f})")
        best = score.most_common()
        out: list[SectionSuggestion] = []
        for label, value in best[:k]:
            unit = self.by_label[label][0]
            out.append(SectionSuggestion(label, unit.title, round(min(1.0, value / 1.6), 3), "; ".join(reasons[label][:3])))
        return out

    def best_fit(self, text: str) -> tuple[float, Unit | None]:
        """Raw BM25 best score (for topic fit comparisons across docs)."""
        if not self.bm25 or not self.units:
            return 0.0, None
        best = self.top(text, 1)
        if not best:
            return 0.0, self.units[0]
        i, value = best[0]
        return value, self.units[i]


def _clean_title(title: str) -> str:
    t = re.sub(r"^§\s*[0-9０-９.．]+\s*", "", title).strip()
    return re.sub(r"\s+", " ", t)


def _short_path(path: str) -> str:
    return path.split("/", 1)[-1] if path.startswith("inbox/") else path
