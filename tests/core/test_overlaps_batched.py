"""find_overlaps (its flags as sortable tuples, reasons made only for kept pairs; issue 14) must
flag exactly what the scoring before it flagged: the same scores to the last bit, the same order,
the same near-twins."""

from __future__ import annotations

import gc
import math
import random
import weakref
from collections import defaultdict

import pytest

from curator import overlap_scores, overlaps, pair_sums
from curator.models import Increment, Item, Overlap
from curator.overlap_scores import twin_bonus
from curator.term_matrix import TermMatrix
from curator.textfeatures import tokens

_VOCAB = "sparse attention decoding cache serving offload kernel batch prefill expert".split()
_MORE = "quantized routing memory latency scheduler tokens draft tree pool flash".split()


def _case(seed: int, n: int = 160) -> tuple[list[Increment], list[str], list[list[Item]], dict]:
    """Titles from a small vocabulary (many near-twins), texts sharing words, sections shared by
    a few, a few known increments and said-related pairs."""
    rng = random.Random(seed)
    words = _VOCAB + _MORE
    titles = [f"Net{k}: " + " ".join(rng.sample(words, rng.randint(2, 7))) for k in range(n)]
    ids = [f"2601.{10000 + k}" for k in range(n)]
    incs = [Increment(id=i, title=t, arxiv=[i]) for i, t in zip(ids, titles, strict=True)]
    for inc in incs[::7]:
        inc.status = "anchored"
    texts = [t + " " + " ".join(rng.choices(words, k=rng.randint(0, 12))) for t in titles]
    primaries = [
        [Item(note=f"inbox/n{k}.md", label=None, title=t, arxiv=[ids[k]], primary_arxiv=ids[k])]
        for k, t in enumerate(titles)
    ]
    context = [
        frozenset(rng.sample(["s1", "s2", "s3", "s4", "s5", "s6"], rng.choice([0, 1, 1, 1, 2])))
        for _ in range(n)
    ]
    related = {tuple(sorted(rng.sample(range(n), 2))): "said" for _ in range(6)}
    return incs, texts, primaries, {"context": context, "related": related}


def _one_by_one(incs, texts, primaries, distinct, context, related) -> list[list[Overlap]]:  # type: ignore[no-untyped-def]
    """The scoring before issue 14: every pair scored by itself, flags sorted twice."""
    tfidf = TermMatrix.tfidf([tokens(t) for t in texts])
    links = dict(related)
    overlaps._link_cross_references(incs, primaries, links)
    overlaps._link_families(incs, links)
    title_words = [overlaps._title_words(inc.title) for inc in incs]
    partners = overlaps._partners(links, tfidf, len(incs), context, title_words)
    vec, n = [tfidf.vector(i) for i in range(len(incs))], len(incs)
    flags: dict[int, list[tuple[float, int, int]]] = defaultdict(list)
    twins, shared_of = set(), {}
    for a in sorted(partners):
        for b in sorted(partners[a]):
            if frozenset((incs[a].id, incs[b].id)) in distinct:
                continue
            shared = set(vec[a]) & set(vec[b])
            cos = math.fsum([vec[a][t] * vec[b][t] for t in shared])
            near = len(context[a] & context[b])
            twin = twin_bonus(title_words[a], title_words[b])
            score = cos + (0.45 if links.get((a, b)) else 0.0) + 0.26 * min(2, near) + twin
            if score >= 0.32:
                p = a * n + b
                twins.update([p] if twin else [])
                flags[a].append((round(min(1.0, score), 3), b, p))
                flags[b].append((round(min(1.0, score), 3), a, p))
                shared_of[p] = shared
    out: list[list[Overlap]] = [[] for _ in incs]
    for i, lst in flags.items():
        lst.sort(key=lambda f: f[0], reverse=True)
        lst.sort(key=lambda f: incs[f[1]].status != "new")
        extra = [f for f in lst[3:] if f[2] in twins][:2]
        for score, j, p in [*lst[:3], *extra]:
            a, b = divmod(p, n)
            top = sorted([(-(vec[a][t] * vec[b][t]), t) for t in shared_of[p]])[:4]
            why = links.get((a, b)) or ("near-twin titles" if p in twins else "")
            if top:
                why = (why + "; " if why else "") + "shared terms: " + ", ".join(t for _, t in top)
            out[i].append(Overlap(incs[j].id, score, why, incs[j].title))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("with_distinct", [False, True])
@pytest.mark.parametrize("blocks", [False, True])
def test_batched_scores_flag_what_one_by_one_flags(
    seed: int, with_distinct: bool, blocks: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``blocks``, all but the first rows' pairs are scored in numpy, in blocks of a few rows
    and a few dozen pairs (as a large workspace's are): the flags must not change."""
    if blocks:
        monkeypatch.setattr(overlap_scores, "FAST_AFTER", 50)
        monkeypatch.setattr(overlap_scores, "BLOCK", 37)
        monkeypatch.setattr(pair_sums, "DENSE_MAX", 400)
        monkeypatch.setattr(overlaps, "BAND_ARRAYS_AFTER", 0)
    calls: list[int] = []
    block = overlap_scores._Fast.block

    def counted(self, first, pend_a, pend_b):  # type: ignore[no-untyped-def]
        calls.append(len(pend_a))
        return block(self, first, pend_a, pend_b)

    monkeypatch.setattr(overlap_scores._Fast, "block", counted)
    incs, texts, primaries, kw = _case(seed)
    distinct = {frozenset((incs[k].id, incs[k + 1].id)) for k in range(0, 40, 2)}
    expected = _one_by_one(incs, texts, primaries, distinct if with_distinct else set(), **kw)
    overlaps.find_overlaps(incs, texts, primaries, distinct if with_distinct else None, **kw)
    got = [inc.overlaps for inc in incs]
    assert got == expected
    assert sum(map(len, got)) > len(incs)  # the case flags plenty: it tests something
    assert any(o.reason.startswith("near-twin") for ov in got for o in ov)
    if blocks:  # most pairs went through numpy, many blocks of them
        assert len(calls) > 5 and sum(calls) > 500


@pytest.mark.parametrize("seed", [4, 5])
def test_title_bands_in_arrays_are_the_bands_in_lists(seed: int) -> None:
    """Near-twin candidates grouped in numpy (a large workspace) and in Python (a small one)."""
    rng = random.Random(seed)
    words = [*_VOCAB, *_MORE]
    banded = [(i, sorted(set(rng.sample(words, rng.randint(3, 8))))) for i in range(0, 900, 2)]
    lists = sorted(tuple(g) for g in overlaps._band_lists(banded) if 2 <= len(g) <= 60)
    arrays = sorted(tuple(g) for g in overlaps._band_arrays(banded) if 2 <= len(g) <= 60)
    assert arrays == lists
    assert len(lists) > 100  # plenty of shared bands: a real comparison


def test_block_scoring_leaves_nothing_for_the_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    """The analysis runs with the collector paused: the block scoring's arrays (megabytes on a
    large workspace) must go when find_overlaps returns, not wait for a collection."""
    monkeypatch.setattr(overlap_scores, "FAST_AFTER", 50)
    monkeypatch.setattr(overlap_scores, "LOADED_AFTER", 50)
    made: list[weakref.ref] = []
    init = pair_sums.PairSums.__init__

    def tracked(self, *a, **kw):  # type: ignore[no-untyped-def]
        init(self, *a, **kw)
        made.append(weakref.ref(self))

    monkeypatch.setattr(pair_sums.PairSums, "__init__", tracked)
    incs, texts, primaries, kw = _case(7)
    gc.collect()
    gc.disable()
    try:
        overlaps.find_overlaps(incs, texts, primaries, **kw)
        assert made, "the block scoring did not run"
        assert [r for r in made if r() is not None] == []
    finally:
        gc.enable()
