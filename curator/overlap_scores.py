"""Scoring overlaps' candidate pairs and keeping each increment's best flags.

A pair's score is its TF-IDF cosine, +0.45 when one names the other (a link), +0.26 per shared
piece of doc context (two at most), + a bonus for near-twin titles; a pair at 0.32 or more is
flagged. The first pairs are scored one by one in Python; past :data:`FAST_AFTER` (about what
importing numpy costs) the rest are scored a block of rows at a time (:mod:`curator.pair_sums`),
and the pairs whose block sum could round differently from the exact one are scored one by one
again, so the flags are the same either way, to the bit.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Collection, Sequence
from itertools import compress, islice, pairwise, repeat
from typing import TYPE_CHECKING, Protocol

from curator.models import Increment, Overlap
from curator.term_matrix import TermMatrix

if TYPE_CHECKING:
    import numpy as np

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
LOADED_AFTER = 2_000
""":data:`FAST_AFTER` once numpy is imported (by BM25 or the title bands on a large workspace)."""
BLOCK = 4096
"""Pairs scored in one block (~5 MB of arrays a block, each pair's terms gathered)."""


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
        self.fast: _Fast | None = None
        """The block scoring, once the pairs are many."""
        # an increment still to triage first: its flag is a decision; one with a known item is
        # context
        self.known = [inc.status != "new" for inc in incs]

    def score(self, rows: Partners) -> None:
        """Score every candidate pair, row by row (a block of rows at a time once there are many);
        flag those that reach the bar."""
        done = 0
        after = FAST_AFTER if "numpy" not in sys.modules else min(FAST_AFTER, LOADED_AFTER)
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
                if done >= after:
                    fast = self.fast = _Fast(self)
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

    def add_flags(self, owners: np.ndarray, new: np.ndarray) -> None:
        """:meth:`flag_pair`'s flags for many pairs at once: ``new[k]`` goes to ``owners[k]``
        (the order flags come in changes nothing: each list is sorted before it is cut)."""
        if not len(owners):
            return
        order = owners.argsort(kind="stable")
        owners = owners[order]
        cuts = (owners[1:] != owners[:-1]).nonzero()[0] + 1
        firsts, new_flags = owners[[0, *cuts.tolist()]].tolist(), new[order].tolist()
        flags = self.flags
        for i, (s, e) in zip(firsts, pairwise([0, *cuts.tolist(), len(owners)]), strict=False):
            lst = flags[i]
            lst.extend(new_flags[s:e])
            if len(lst) > CUT:
                lst.sort()
                flags[i] = shown(lst, self.per_item)

    def reason(self, p: int, twin: bool) -> str:
        a, b = divmod(p, self.n)
        terms = self.matrix.terms
        # heaviest product, then term
        top = sorted([(-x, terms[c]) for x, c in self.matrix.products(self.matrix.row(a), b)])[:4]
        return self.why(p, twin, [t for _, t in top])

    def why(self, p: int, twin: bool, top: list[str]) -> str:
        """A pair's reason: its link or near-twin titles, then the terms it shares most."""
        why = self.links.get(divmod(p, self.n)) or ("near-twin titles" if twin else "")
        if top:
            why = (why + "; " if why else "") + "shared terms: " + ", ".join(top)
        return why

    def keep(self) -> None:
        """Each increment's best ``per_item`` flags become its overlaps; only the kept flags get
        a reason (most pairs are cut here)."""
        incs, n = self.incs, self.n
        rows: list[tuple[int, list[tuple[int, int, int]]]] = []  # i, [(j, rest, pair)]
        wanted: dict[int, bool] = {}  # pair → near-twin titles
        flags = self.flags
        while flags:  # each list goes as its flags are read (in any order: each row is its own)
            i, lst = flags.popitem()
            # new partners first, then the best score, then the partner's order
            lst.sort()
            row = []
            for f in shown(lst, self.per_item):
                rest, marks = divmod(f, 4)
                rest, j = divmod(rest, n)
                a, b = (i, j) if (i < j) != (marks > 1) else (j, i)
                wanted.setdefault(a * n + b, bool(marks & 1))
                row.append((j, rest, a * n + b))
            rows.append((i, row))
        if self.fast is not None:
            reasons = self.fast.reasons(wanted)
            # the two refer to each other, and the analysis runs with the collector paused:
            # without this the matrices and arrays would live until the process ends
            self.fast = None
        else:
            reasons = {p: self.reason(p, twin) for p, twin in wanted.items()}
        for i, row in rows:
            incs[i].overlaps = [
                Overlap(incs[j].id, (1000 - rest % 1024) / 1000, reasons[p], incs[j].title)
                for j, rest, p in row
            ]


class _Fast:
    """The block scoring: cosines, shared title words and shared context in numpy."""

    def __init__(self, scored: Scored) -> None:
        import numpy as np

        from curator.pair_sums import PairSums

        self.np = np
        self.scored = scored
        n = scored.n
        self.text = PairSums(scored.matrix)
        self.rows = self.text.rows  # a block's rows: the other sums' dense arrays hold as many
        self.title = PairSums(TermMatrix.sets(scored.title_words), self.rows)
        self.title_len = np.array([len(w) for w in scored.title_words], dtype=np.float64)
        ctx = scored.context
        self.near: PairSums | None = None
        if ctx is not None:
            self.near = PairSums(TermMatrix.sets(ctx), self.rows)
        keys = sorted(a * n + b for (a, b), why in scored.links.items() if why)
        self.links = np.array(keys, dtype=np.int64)
        self.rows = min(s.rows for s in (self.text, self.title, self.near) if s is not None)
        self.known = np.array(scored.known, dtype=np.int64)
        self.distinct = np.array(sorted(_distinct_pairs(scored)), dtype=np.int64)

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
        sure = (score >= BAR) & ~unsure
        if len(self.distinct):  # pairs the editor called distinct are never flagged
            sure &= ~np.isin(a * sc.n + b, self.distinct)
        k = np.flatnonzero(sure)
        x, y = a[k], b[k]
        rank = 1000 - np.rint(np.minimum(score[k], 1.0) * 1000).astype(np.int64)
        marks = (x > y) * 2 + (twin[k] > 0)
        known, n = self.known, sc.n
        sc.add_flags(
            np.concatenate([x, y]),
            np.concatenate(
                [
                    ((((known[y] << 10) + rank) * n + y) << 2) + marks,  # flag(), in arrays
                    ((((known[x] << 10) + rank) * n + x) << 2) + marks,
                ]
            ),
        )
        for k in np.flatnonzero(unsure).tolist():
            x0 = pend_a[k]
            sc.score_one(x0, pend_b[k], sc.matrix.row(x0), frozenset(sc.title_words[x0]))

    def reasons(self, wanted: dict[int, bool]) -> dict[int, str]:
        """:meth:`Scored.reason` for each pair, a block of rows at a time: each pair's shared
        terms by product, heaviest first, then by term."""
        np, sc = self.np, self.scored
        names = sc.matrix.terms
        rank = np.empty(len(names), dtype=np.int64)
        rank[sorted(range(len(names)), key=names.__getitem__)] = np.arange(len(names))
        pairs = sorted(wanted)
        a_all, b_all = np.divmod(np.array(pairs, dtype=np.int64), sc.n)
        out: dict[int, str] = {}
        start = 0
        while start < len(pairs):
            first = int(a_all[start])
            end = int(np.searchsorted(a_all, first + self.text.rows))
            pair, terms, prods = self.text.products(first, a_all[start:end], b_all[start:end])
            held = prods != 0.0  # a term of both rows
            pair, terms, prods = pair[held], terms[held], prods[held]
            order = np.lexsort((rank[terms], -prods, pair))
            pair, terms = pair[order], terms[order]
            at = np.arange(len(pair))
            lead = np.maximum.accumulate(np.where(np.r_[True, pair[1:] != pair[:-1]], at, 0))
            top = at - lead < 4
            shared: dict[int, list[str]] = defaultdict(list)
            for k, c in zip(pair[top].tolist(), terms[top].tolist(), strict=True):
                shared[k].append(names[c])
            for k, p in enumerate(pairs[start:end]):
                out[p] = sc.why(p, wanted[p], shared.get(k, []))
            start = end
        return out


def _distinct_pairs(scored: Scored) -> set[int]:
    """The pairs (``a * n + b``, both orders) whose increments' IDs the editor called distinct."""
    at: dict[str, list[int]] = defaultdict(list)
    for i, inc in enumerate(scored.incs):
        at[inc.id].append(i)
    n = scored.n
    out: set[int] = set()
    for ids in scored.distinct:
        u, v = (*ids, *ids)[:2]  # one ID: increments that share it
        for x in at.get(u, ()):
            out.update(x * n + y for y in at.get(v, ()) if y != x)
            out.update(y * n + x for y in at.get(v, ()) if y != x)
    return out


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
