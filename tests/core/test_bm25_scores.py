"""BM25 scores mapped over dense columns are the floats the plain postings loop adds up."""

from __future__ import annotations

import math
import random
from collections import Counter

from curator import suggest, textfeatures
from curator.living_doc import parse_living_doc
from curator.suggest import SectionIndex
from curator.textfeatures import BM25


def _plain_scores(bm: BM25, query: list[str], max_terms: int = 48) -> list[float]:
    """The scoring as it was written first: term by term over the postings."""
    out = [0.0] * bm.n
    terms = [(t, c) for t, c in Counter(query).items() if t in bm.idf]
    if len(terms) > max_terms:
        terms.sort(key=lambda tc: -bm.idf[tc[0]])
        terms = terms[:max_terms]
    for tok, qtf in terms:
        weight = bm.idf[tok] * (1 + math.log(qtf))
        for i, part in zip(*bm.postings[tok], strict=True):
            out[i] += weight * part
    return out


def test_scores_are_the_postings_sums_bit_for_bit() -> None:
    rng = random.Random(7)
    vocab = [f"w{i}" for i in range(60)]
    docs = [rng.choices(vocab[: rng.randint(5, 60)], k=rng.randint(0, 80)) for _ in range(40)]
    bm = BM25(docs)
    for _ in range(300):
        query = rng.choices(vocab + ["unknown"], k=rng.randint(0, 120))
        got = bm.scores(query)
        want = _plain_scores(bm, query)
        assert [x.hex() for x in got] == [x.hex() for x in want]
    assert bm.scores([]) == [0.0] * 40


def _index(n: int) -> SectionIndex:
    text = "# Doc\n\n" + "".join(
        f"## {i + 1}. topic{i} words\n\ntopic{i} body\n\n" for i in range(n)
    )
    return SectionIndex(parse_living_doc(text, "doc.md", "t"))


def test_a_run_keeps_every_text_it_scored(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(suggest, "MEMO_LIMIT", 8)
    ix = _index(4)
    assert len(ix.units) == 4
    texts = [f"topic{i % 4} words {i}" for i in range(30)]
    for t in texts:
        ix.top(t)
    assert len(ix.memo) == 30  # past the limit, but all of this run's
    ix.memo_changed = False
    for t in texts:
        ix.top(t)
    assert not ix.memo_changed  # a second pass is answered from the memo


def test_an_answer_from_the_memo_is_the_answer_scored() -> None:
    """The memo holds its answers packed: the same units (ints) and scores (the same floats)."""
    ix = _index(12)
    texts = [f"topic{i} words topic{(i * 5) % 12} body" for i in range(12)]
    scored = [ix.top(t) for t in texts]
    assert any(len(s) > 1 for s in scored)
    again = [ix.top(t) for t in texts]
    assert [[(type(i), i, x.hex()) for i, x in s] for s in again] == [
        [(int, i, x.hex()) for i, x in s] for s in scored
    ]


def _listed_top(bm: BM25, query: list[str], k: int) -> list[tuple[int, str]]:
    lex = _plain_scores(bm, query)
    best = sorted((i for i in range(bm.n) if lex[i] > 0), key=lex.__getitem__, reverse=True)
    return [(i, lex[i].hex()) for i in best[:k]]


def test_top_in_lists_and_in_arrays_is_the_same_floats(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The first queries are added up in lists, the rest in arrays: the switch changes no float,
    no order of equal scores, and no count of results."""
    rng = random.Random(11)
    vocab = [f"w{i}" for i in range(50)]
    # few distinct lengths and words, so equal scores (ties) are common
    docs = [
        rng.choices(vocab[: rng.choice((3, 8, 50))], k=rng.choice((0, 4, 30))) for _ in range(90)
    ]
    docs += [docs[3], docs[3], docs[7]]
    queries = [rng.choices(vocab + ["unknown"], k=rng.randint(0, 70)) for _ in range(200)]
    want = [_listed_top(BM25(docs), q, k) for q in queries for k in (1, 5)]
    monkeypatch.setattr(textfeatures, "VECTOR_AFTER", 0)
    arrays = BM25(docs)
    got = [[(i, s.hex()) for i, s in arrays.top(q, k)] for q in queries for k in (1, 5)]
    assert arrays._vec is not None  # the arrays answered
    assert got == want
    monkeypatch.setattr(textfeatures, "VECTOR_AFTER", 10**12)
    lists = BM25(docs)
    assert [[(i, s.hex()) for i, s in lists.top(q, k)] for q in queries for k in (1, 5)] == want
    assert lists._vec is None


def test_a_doc_switches_to_arrays_after_enough_work(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(textfeatures, "VECTOR_AFTER", 500)
    bm = BM25([["a", "b"], ["b", "c"], ["c"]] * 20)  # 60 documents
    bm.top(["a", "b", "c"])  # 60 × 3 = 180
    bm.top(["a", "b", "c"])  # 360
    assert bm._vec is None
    bm.top(["a", "b", "c"])  # 540: past the budget
    first = bm.top(["a"])
    assert bm._vec is not None
    assert first == tuple((i, bm.scores(["a"])[i]) for i in range(0, 60, 3))[:5]
