"""Scoring overlaps' candidate pairs and keeping each increment's best flags.

A pair's score is its TF-IDF cosine, +0.45 when one names the other (a link), +0.26 per shared
piece of doc context (two at most), + a bonus for near-twin titles; a pair at 0.32 or more is
flagged. The first pairs are scored one by one in Python; past :data:`FAST_AFTER` (about what
importing numpy costs) the rest are scored a block of rows at a time (:mod:`curator.pair_sums`),
and the pairs whose block sum could round differently from the exact one are scored one by one
again, so the flags are the same either way, to the bit.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence
from itertools import compress, islice, repeat
from typing import TYPE_CHECKING, Protocol

from curator.models import Increment, Overlap
from curator.term_matrix import TermMatrix

if TYPE_CHECKING:
    from curator.pair_sums import PairSums

__all__ = ["BAR", "FAST_AFTER", "Scored", "twin_bonus"]

BAR = 0.32
"""The score a pair needs to be flagged."""
NEIGHBOUR_BONUS = 0.26
"""What one shared piece of context (a section, an anchored paper both build on) adds."""
LINK_BONUS = 0.45
TWIN_BONUS = 0.5
CUT = 16
"""Flags an increment's list holds before it is cut to those it can still show."""
FAST_AFTER = 20_000
"""Pairs scored one by one before the rest go to numpy (~6 µs a pair: about its import)."""
BLOCK = 8192
"""Pairs scored in one block."""


def twin_bonus(a: frozenset[str], b: Collection[str]) -> float:
    """Two titles with most of their words in common (different papers, or the clustering would
    have merged them) are a pair to show, above pairs that share only a number or a rare term."""
    if len(a) < 3 or len(b) < 3:
        return 0.0
    shared = len(a.intersection(b))
    if shared < 3:
        return 0.0
    # their names differ ("FooNet: …" and "BarKV: …"): not the union
    held = shared / min(len(a), len(b))
    return TWIN_BONUS * held if held >= 0.6 else 0.0


class Partners(Protocol):
    def partners(self, a: int) -> set[int]: ...


class Scored:
    """The scored pairs: flags per increment, each one int (:func:`flag`) that sorts as the flags
    are shown.  A list is cut to the flags it can still show once it grows past ``CUT``: the
    ~1.2 M flags of 35,000 increments are never all held."""

    def __init__(
        self,
        incs: list[Increment],
        matrix: TermMatrix,
        links: dict[tuple[int, int], str],
        per_item: int,
        distinct: set[frozenset[str]],
        context: list[frozenset[str]] | None,
        title_words: Sequence[tuple[str, ...]],
    ) -> None:
        self.incs = incs
        self.n = len(incs)
        self.matrix = matrix
        self.links = links
        self.per_item = per_item
        self.distinct = distinct
        self.context = context
        self.title_words = title_words
        self.flags: dict[int, list[int]] = defaultdict(list)
        # an increment still to triage first: its flag is a decision; one with a known item is
        # context
        self.known = [inc.status != "new" for inc in incs]

    def score(self, rows: Partners) -> None:
        """Score every candidate pair, row by row (a block of rows at a time once there are many);
        flag those that reach the bar."""
        done = 0
        fast: _Fast | None = None
        first = 0
        pend_a: list[int] = []  # the block being gathered: its rows, their partners
        pend_b: list[int] = []
        for a in range(self.n):
            partners = rows.partners(a)
            if not partners:
                continue
            bs = sorted(partners)
            if fast is None:
                va, ta = self.matrix.row(a), frozenset(self.title_words[a])
                for b in bs:
                    self.score_one(a, b, va, ta)
                done += len(bs)
                if done >= FAST_AFTER:
                    fast = _Fast(self)
                continue
            if pend_a and (a - first >= fast.rows or len(pend_b) >= BLOCK):
                fast.block(first, pend_a, pend_b)
                pend_a, pend_b = [], []
            if not pend_a:
                first = a
            pend_a.extend(repeat(a, len(bs)))
            pend_b.extend(bs)
        if fast is not None and pend_a:
            fast.block(first, pend_a, pend_b)
        self.title_words = ()  # not held while the overlaps are made

    def score_one(self, a: int, b: int, va: dict[int, float], ta: frozenset[str]) -> None:
        """Score one pair exactly and flag it if it reaches the bar (``va``: row ``a``)."""
        incs = self.incs
        if self.distinct and frozenset((incs[a].id, incs[b].id)) in self.distinct:
            return
        cos = self.matrix.dot(va, b)
        twin = twin_bonus(ta, self.title_words[b])
        context = self.context
        near = len(context[a] & context[b]) if context is not None else 0
        link = LINK_BONUS if self.links.get((a, b)) else 0.0
        score = cos + link + NEIGHBOUR_BONUS * min(2, near) + twin
        if score >= BAR:
            self.flag_pair(a, b, score, twin > 0)

    def flag_pair(self, a: int, b: int, score: float, twin: bool) -> None:
        rank = 1000 - round(round(min(1.0, score), 3) * 1000)  # 0 for 1.0
        marks = (a > b) * 2 + twin
        flags = self.flags
        for i, j in ((a, b), (b, a)):
            lst = flags[i]
            lst.append(flag(self.known[j], rank, j, marks, self.n))
            if len(lst) > CUT:
                lst.sort()
                flags[i] = shown(lst, self.per_item)

    def reason(self, p: int, twin: bool) -> str:
        a, b = divmod(p, self.n)
        terms = self.matrix.terms
        # heaviest product, then term
        top = sorted([(-x, terms[c]) for x, c in self.matrix.products(self.matrix.row(a), b)])[:4]
        why = self.links.get((a, b)) or ("near-twin titles" if twin else "")
        if top:
            why = (why + "; " if why else "") + "shared terms: " + ", ".join([t for _, t in top])
        return why

    def keep(self) -> None:
        """Each increment's best ``per_item`` flags become its overlaps; only the kept flags get
        a reason (most pairs are cut here)."""
        incs = self.incs
        reasons: dict[int, str] = {}
        flags = self.flags
        while flags:  # each list goes as its overlaps come (in any order: each row is its own)
            i, lst = flags.popitem()
            # new partners first, then the best score, then the partner's order
            lst.sort()
            kept = []
            for f in shown(lst, self.per_item):
                rest, marks = divmod(f, 4)
                rest, j = divmod(rest, self.n)
                a, b = (i, j) if (i < j) != (marks > 1) else (j, i)
                p = a * self.n + b
                why = reasons.get(p)
                if why is None:
                    why = reasons[p] = self.reason(p, bool(marks & 1))
                kept.append(Overlap(incs[j].id, (1000 - rest % 1024) / 1000, why, incs[j].title))
            incs[i].overlaps = kept


class _Fast:
    """The block scoring: cosines, shared title words and shared context in numpy."""

    def __init__(self, scored: Scored) -> None:
        import numpy as np

        from curator.pair_sums import PairSums

        self.np = np
        self.scored = scored
        n = scored.n
        self.text = PairSums(scored.matrix)
        self.title = PairSums(TermMatrix.sets(scored.title_words))
        self.title_len = np.array([len(w) for w in scored.title_words], dtype=np.float64)
        ctx = scored.context
        self.near: PairSums | None = PairSums(TermMatrix.sets(ctx)) if ctx is not None else None
        keys = sorted(a * n + b for (a, b), why in scored.links.items() if why)
        self.links = np.array(keys, dtype=np.int64)
        self.rows = min(s.rows for s in (self.text, self.title, self.near) if s is not None)

    def block(self, first: int, pend_a: list[int], pend_b: list[int]) -> None:
        np, sc = self.np, self.scored
        a = np.array(pend_a, dtype=np.intp)
        b = np.array(pend_b, dtype=np.intp)
        score = self.text(first, a, b)
        keys = a * sc.n + b
        at = np.searchsorted(self.links, keys).clip(max=max(0, len(self.links) - 1))
        if len(self.links):
            score += np.where(self.links[at] == keys, LINK_BONUS, 0.0)
        if self.near is not None:
            score += NEIGHBOUR_BONUS * np.minimum(2.0, self.near(first, a, b))
        shared = self.title(first, a, b)
        small = np.minimum(self.title_len[a], self.title_len[b])
        held = shared / np.maximum(small, 1.0)
        twin = np.where((small >= 3) & (shared >= 3) & (held >= 0.6), TWIN_BONUS * held, 0.0)
        score += twin
        # where the block's sum may round otherwise than the exact one: at the bar, or at the
        # half-thousandth the rank rounds at
        unsure = (np.abs(score - BAR) < 1e-9) | (np.abs(np.mod(score * 1000, 1.0) - 0.5) < 1e-6)
        pick = np.flatnonzero((score >= BAR) | unsure)
        incs, distinct = sc.incs, sc.distinct
        for k, s, t, u in zip(
            pick.tolist(),
            score[pick].tolist(),
            (twin[pick] > 0).tolist(),
            unsure[pick].tolist(),
            strict=True,
        ):
            x, y = pend_a[k], pend_b[k]
            if u:
                sc.score_one(x, y, sc.matrix.row(x), frozenset(sc.title_words[x]))
            elif not (distinct and frozenset((incs[x].id, incs[y].id)) in distinct):
                sc.flag_pair(x, y, s, t)


def flag(known: bool, rank: int, partner: int, marks: int, n: int) -> int:
    """A flag as one int (~40 bytes where a tuple took ~145), ordered as (partner known, score
    rounded to 3 places, highest first, partner, pair): ``rank`` is 1000 less the score in
    thousandths (``(1000 - rank) / 1000`` is the rounded score, to the bit); ``marks``: 2 when
    the pair was scored higher index first (a linked pair given so), 1 for near-twin titles
    (never decides: partner and pair differ in a list)."""
    return (((known << 10) + rank) * n + partner << 2) + marks


def shown(flags: list[int], per_item: int) -> list[int]:
    """The flags shown of a sorted list: the best ``per_item``, and a near-twin always (up to
    two beyond the cap): it is the pair most likely mistaken for one paper.  Cutting a list to
    these loses nothing later flags could bring back: a flag only ever moves down the list."""
    rest = flags[per_item:]
    return [*flags[:per_item], *islice(compress(rest, map((1).__and__, rest)), 2)]
