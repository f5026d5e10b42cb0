"""Many short texts' TF-IDF vectors as one sparse matrix: three flat arrays, one row per text.

Why: overlaps compares ~35,000 increments' vectors on a large workspace. As one dict per text
they took ~54 bytes a term (~90 MB there) and could only be compared pair by pair in Python; as
rows of (term id, weight) in C arrays they take 12 bytes a term, and :mod:`curator.pair_sums`
compares a block of rows with their partners in a few array operations. The weights are the
floats the dict vectors held, bit for bit: the same operations in the same order.
"""

from __future__ import annotations

import math
from array import array
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from itertools import pairwise
from operator import itemgetter, mul

__all__ = ["TermMatrix"]


class TermMatrix:
    """Rows of (term, weight): row ``i`` is ``cols[starts[i]:starts[i + 1]]`` with its ``vals``,
    terms in the order the text first uses them; ``terms[c]`` is term ``c``, ``df[c]`` the rows
    holding it."""

    __slots__ = ("cols", "df", "n", "starts", "terms", "vals")

    def __init__(
        self, terms: list[str], starts: array[int], cols: array[int], vals: array[float]
    ) -> None:
        self.terms = terms
        self.starts = starts
        self.cols = cols
        self.vals = vals
        self.n = len(starts) - 1
        df = Counter(cols)
        self.df = [df[c] for c in range(len(terms))]

    @classmethod
    def sets(cls, rows: Iterable[Collection[str]]) -> TermMatrix:
        """Each row's distinct words, weight 1 each: what two rows share, counted."""
        vocab: dict[str, int] = {}
        starts, cols = array("q", [0]), array("i")
        for words in rows:
            cols.extend([vocab.setdefault(w, len(vocab)) for w in dict.fromkeys(words)])
            starts.append(len(cols))
        return cls(list(vocab), starts, cols, array("d", [1.0]) * len(cols))

    @classmethod
    def tfidf(cls, docs: Iterable[Sequence[str]]) -> TermMatrix:
        """Unit-length tf-idf rows: a term's weight is ``(1 + log tf) × idf``, ``idf = log((n + 1)
        / (df + 0.5)) + 0.1``, divided by the row's norm (an empty row stays empty)."""
        vocab: dict[str, int] = {}
        starts, cols, counts = array("q", [0]), array("i"), array("i")
        for doc in docs:
            tf = Counter(doc)
            cols.extend([vocab.setdefault(t, len(vocab)) for t in tf])
            counts.extend(tf.values())
            starts.append(len(cols))
        m = cls(list(vocab), starts, cols, array("d"))
        idf_of = {c: math.log((m.n + 1) / (c + 0.5)) + 0.1 for c in set(m.df)}
        idf = [idf_of[c] for c in m.df]
        weights = [0.0] + [1 + math.log(c) for c in range(1, max(counts, default=1) + 1)]
        for s, e in pairwise(starts):
            ws, idfs = map(weights.__getitem__, counts[s:e]), map(idf.__getitem__, cols[s:e])
            raw = list(map(mul, ws, idfs))
            norm = math.sqrt(sum(map(mul, raw, raw))) or 1.0
            m.vals.extend(map(norm.__rtruediv__, raw))  # v / norm
        return m

    def row(self, i: int) -> dict[int, float]:
        """Row ``i`` as term id → weight."""
        s, e = self.starts[i], self.starts[i + 1]
        return dict(zip(self.cols[s:e], self.vals[s:e], strict=True))

    def vector(self, i: int) -> dict[str, float]:
        """Row ``i`` as term → weight (what the dict vectors held)."""
        terms = self.terms
        return {terms[c]: v for c, v in self.row(i).items()}

    def rare_terms(self, i: int, k: int, max_df: int) -> list[int]:
        """Row ``i``'s ``k`` heaviest terms held by at most ``max_df`` rows (ids; equal weights in
        row order)."""
        s, e = self.starts[i], self.starts[i + 1]
        df = self.df
        row = zip(self.cols[s:e], self.vals[s:e], strict=True)
        cands = [(v, c) for c, v in row if df[c] <= max_df]
        cands.sort(key=itemgetter(0), reverse=True)  # stable: ties keep row order
        return [c for _v, c in cands[:k]]

    def products(self, ra: dict[int, float], b: int) -> list[tuple[float, int]]:
        """(weight in ``ra`` × weight in row ``b``, term id) for each term the two rows share
        (``ra``: a :meth:`row`)."""
        s, e = self.starts[b], self.starts[b + 1]
        cols, vals = self.cols[s:e], self.vals[s:e]
        return [(ra[c] * v, c) for c, v in zip(cols, vals, strict=True) if c in ra]

    def dot(self, ra: dict[int, float], b: int) -> float:
        """A :meth:`row` and row ``b``'s dot product, exactly rounded (one float in any order)."""
        return math.fsum([p for p, _c in self.products(ra, b)])
