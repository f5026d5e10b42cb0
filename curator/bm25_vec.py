"""BM25 scoring over arrays: the same additions as :meth:`curator.textfeatures.BM25.scores`, one
array operation per query term instead of one Python step per document.

Why: a section index answers one query per increment, and each query touches every section
through its common terms, so on a doc of a thousand sections the list arithmetic grew as
sections × increments. Element-wise ``+`` and ``*`` on float64 arrays are the IEEE operations
the list code does, applied to each document in the same term order, so the scores are the
same floats bit for bit (no reduction, no reordering); ``tests/core/test_bm25_scores.py`` holds
that. numpy is imported only here, and only once a doc's queries have cost more than importing
it (see ``BM25.top``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from curator.textfeatures import BM25

__all__ = ["Columns"]


class Columns:
    """A BM25's postings as arrays: dense columns for common terms, (documents, parts) pairs for
    the rest, each built on its first use."""

    def __init__(self, bm: BM25) -> None:
        self.n = bm.n
        self.postings = bm.postings
        self.floor = max(2, bm.n // 4)
        self.dense: dict[str, np.ndarray] = {}
        self.sparse: dict[str, tuple[np.ndarray, np.ndarray]] = {}

    def top(self, terms: list[tuple[str, float]], k: int) -> tuple[tuple[int, float], ...]:
        """The ``k`` best documents with a positive score as (index, score), best first, equal
        scores in document order: ``terms`` are (token, weight) in the order they are added."""
        out: np.ndarray | None = None
        for tok, weight in terms:
            column = self._dense(tok)
            if column is not None:
                scaled = column * weight
                if out is None:
                    out = scaled  # 0.0 + x is x
                else:
                    out += scaled
                continue
            docs, parts = self._sparse(tok)
            if out is None:
                out = np.zeros(self.n)
            out[docs] += parts * weight  # a document appears once per term: no repeats
        if out is None:
            return ()
        scored = np.flatnonzero(out > 0.0)
        # best first; a stable sort of the negated scores keeps equal ones in document order
        best = scored[np.argsort(-out[scored], kind="stable")[:k]]
        return tuple((int(i), float(out[i])) for i in best)

    def _dense(self, tok: str) -> np.ndarray | None:
        column = self.dense.get(tok)
        if column is None:
            plist = self.postings[tok]
            if len(plist) < self.floor:
                return None
            column = np.zeros(self.n)
            docs, parts = self._sparse(tok)
            column[docs] = parts
            self.dense[tok] = column
        return column

    def _sparse(self, tok: str) -> tuple[np.ndarray, np.ndarray]:
        pair = self.sparse.get(tok)
        if pair is None:
            plist = self.postings[tok]
            docs = np.fromiter((i for i, _ in plist), dtype=np.intp, count=len(plist))
            parts = np.fromiter((p for _, p in plist), dtype=np.float64, count=len(plist))
            pair = self.sparse[tok] = (docs, parts)
        return pair
