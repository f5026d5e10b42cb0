"""The sparse TF-IDF matrix overlaps compares increments with (issue 14): the same weights as the
formula computed term by term, and block sums that agree with the exact dot products."""

from __future__ import annotations

import math
import random
from collections import Counter

import numpy as np
import pytest

from curator import pair_sums
from curator.pair_sums import PairSums
from curator.term_matrix import TermMatrix

_WORDS = "cache kv sparse decode expert route batch 显存 两级 flash tree draft".split()


def _docs(seed: int, n: int = 120) -> list[list[str]]:
    rng = random.Random(seed)
    docs = [rng.choices(_WORDS, k=rng.randint(0, 14)) for _ in range(n)]
    docs[3] = []  # an empty text has an empty row
    return docs


def _formula(docs: list[list[str]]) -> list[dict[str, float]]:
    """The weights written out: (1 + log tf) × (log((n + 1) / (df + 0.5)) + 0.1), over the norm."""
    n = len(docs)
    df = Counter(t for d in docs for t in set(d))
    out = []
    for d in docs:
        raw = {
            t: (1 + math.log(c)) * (math.log((n + 1) / (df[t] + 0.5)) + 0.1)
            for t, c in Counter(d).items()
        }
        norm = math.sqrt(sum(v * v for v in raw.values())) or 1.0
        out.append({t: v / norm for t, v in raw.items()})
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_tfidf_weights_are_the_formulas_to_the_bit(seed: int) -> None:
    docs = _docs(seed)
    m = TermMatrix.tfidf(iter(docs))  # one pass over a stream of texts
    want = _formula(docs)
    assert m.n == len(docs)
    for i in range(len(docs)):
        got = m.vector(i)
        assert got == want[i]
        assert list(got) == list(dict.fromkeys(docs[i]))  # terms in the order the text uses them
    assert m.vector(3) == {}
    assert sorted(m.df) == sorted(Counter(t for d in docs for t in set(d)).values())


def test_rare_terms_heaviest_first_within_the_cap() -> None:
    docs = [["a", "b", "b", "c"], ["a", "c"], ["a", "d"], ["c", "e"]]
    m = TermMatrix.tfidf(docs)
    ids = {t: c for c, t in enumerate(m.terms)}
    # "a" is in 3 rows, "c" in 3: over a cap of 2; "b" (tf 2) outweighs nothing else here
    assert [m.terms[c] for c in m.rare_terms(0, k=5, max_df=2)] == ["b"]
    assert [m.terms[c] for c in m.rare_terms(0, k=5, max_df=3)][0] == "b"
    assert m.rare_terms(2, k=1, max_df=1) == [ids["d"]]


@pytest.mark.parametrize("dense_max", [1 << 20, 60])
def test_block_sums_agree_with_exact_dots(dense_max: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rows spread over a dense array of a few rows or of all of them: each pair's sum is its dot
    product to within rounding, and shared-word counts are exact."""
    monkeypatch.setattr(pair_sums, "DENSE_MAX", dense_max)
    docs = _docs(5)
    m = TermMatrix.tfidf(docs)
    sums = PairSums(m)
    rng = random.Random(9)
    first = 10
    a = sorted(rng.randrange(first, min(len(docs), first + sums.rows)) for _ in range(200))
    b = [rng.randrange(len(docs)) for _ in a]
    got = sums(first, np.array(a), np.array(b))
    want = [m.dot(m.row(x), y) for x, y in zip(a, b, strict=True)]
    assert max(abs(g - w) for g, w in zip(got.tolist(), want, strict=True)) < 1e-12
    assert sum(w > 0 for w in want) > 50  # most pairs share a term: the sums are exercised
    words = TermMatrix.sets(set(d) for d in docs)
    counts = PairSums(words)(first, np.array(a), np.array(b)).tolist()
    assert counts == [len(set(docs[x]) & set(docs[y])) for x, y in zip(a, b, strict=True)]
