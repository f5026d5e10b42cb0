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
        self.floor = max(2, bm.n // 4)
        self.dense: dict[str, np.ndarray] = {}
        # every term's postings, end to end, as two arrays; a term is a slice of them (a view)
        lengths = [len(ids) for ids, _parts in bm.postings.values()]
        ends = np.cumsum(lengths, dtype=np.intp) if lengths else np.zeros(0, dtype=np.intp)
        starts = (ends - lengths).tolist()
        self.span = dict(zip(bm.postings, zip(starts, ends.tolist(), strict=True), strict=True))
        ids = [np.frombuffer(i, dtype=np.intc) for i, _p in bm.postings.values()]
        parts = [np.frombuffer(p, dtype=np.float64) for _i, p in bm.postings.values()]
        self.docs = np.concatenate(ids).astype(np.intp) if ids else np.zeros(0, dtype=np.intp)
        self.parts = np.concatenate(parts) if parts else np.zeros(0)

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
            start, end = self.span[tok]
            if out is None:
                out = np.zeros(self.n)
            # a document appears once per term: no repeats
            out[self.docs[start:end]] += self.parts[start:end] * weight
        if out is None:
            return ()
        return _best(out, k)

    def _dense(self, tok: str) -> np.ndarray | None:
        column = self.dense.get(tok)
        if column is None:
            start, end = self.span[tok]
            if end - start < self.floor:
                return None
            column = np.zeros(self.n)
            column[self.docs[start:end]] = self.parts[start:end]
            self.dense[tok] = column
        return column


def _best(out: np.ndarray, k: int) -> tuple[tuple[int, float], ...]:
    """The ``k`` highest positive scores, best first, equal ones in document order.

    Only the scores at least the k-th highest can be among them (ties at the k-th included), so
    those few are sorted, not all."""
    scored = np.flatnonzero(out > 0.0)
    if len(scored) > k:
        kth = np.partition(out[scored], len(scored) - k)[len(scored) - k]
        scored = scored[out[scored] >= kth]
    # best first; a stable sort of the negated scores keeps equal ones in document order
    best = scored[np.argsort(-out[scored], kind="stable")[:k]]
    return tuple((int(i), float(out[i])) for i in best)
