"""What rows of a :class:`~curator.term_matrix.TermMatrix` share with their partners, a block of
rows at a time, in numpy.

Why: overlaps scores ~250,000 candidate pairs on 2,000 notes (~1.4 M on 8,000); pair by pair in
Python that was ~6 µs each. Here a block of rows is scattered into a dense array (one stripe
of the vocabulary per row), every partner's terms are gathered against its row's stripe, and the
products are added up per pair: ~10 array operations per block of thousands of pairs.

The sums add the same products as :meth:`TermMatrix.dot` in another order, so a float may differ
from the exactly rounded one in its last bits (counts of shared words are exact). The caller
rescores exactly the pairs such a difference could move across a threshold.
"""

from __future__ import annotations

import numpy as np

from curator.term_matrix import TermMatrix

__all__ = ["DENSE_MAX", "PairSums"]

DENSE_MAX = 1 << 20
"""Floats in the dense array (8 MB): a block spans at most ``DENSE_MAX // vocabulary`` rows."""


class PairSums:
    """Σ of ``val_a × val_b`` over the terms rows ``a`` and ``b`` share, for many pairs at once."""

    def __init__(self, m: TermMatrix, rows: int | None = None) -> None:
        self.starts = np.frombuffer(m.starts, dtype=np.int64)
        self.cols = np.frombuffer(m.cols, dtype=np.intc).astype(np.intp)
        self.vals = np.frombuffer(m.vals, dtype=np.float64)
        self.width = max(1, len(m.terms))
        self.rows = min(rows or m.n, max(1, DENSE_MAX // self.width))
        """The most rows a block may span (at most ``rows``, and what the dense array holds)."""
        self.dense = np.zeros(self.rows * self.width)

    def __call__(self, first: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """The sums for pairs ``(a[k], b[k])``; ``a`` ascends, from ``first`` to below ``first +
        rows``."""
        pair, _cols, prods = self.products(first, a, b)
        return np.bincount(pair, weights=prods, minlength=len(b))

    def products(
        self, first: int, a: np.ndarray, b: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(pair ``k``, term, ``val_a × val_b``) for each term of each ``b[k]``, in row order
        (0.0 where ``a[k]`` lacks the term; weights are positive)."""
        starts, cols, vals, width = self.starts, self.cols, self.vals, self.width
        last = int(a[-1]) + 1 if len(a) else first
        lo, hi = starts[first], starts[last]
        stripe = np.repeat(np.arange(last - first) * width, np.diff(starts[first : last + 1]))
        slots = stripe + cols[lo:hi]
        self.dense[slots] = vals[lo:hi]
        begin = starts[b]
        lens = starts[b + 1] - begin
        pair = np.repeat(np.arange(len(b)), lens)
        pos = np.arange(int(lens.sum())) + np.repeat(begin - (np.cumsum(lens) - lens), lens)
        terms = cols[pos]
        prods = self.dense[(a - first)[pair] * width + terms] * vals[pos]
        self.dense[slots] = 0.0
        return pair, terms, prods
