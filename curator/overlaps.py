"""Overlaps: increments that are related but distinct, each flagged with a score and a reason.

Two papers are related when their words are (TF-IDF cosine), when one's text names the other
(its ID, its short name), when both are named for one coined name ("FooBench-Pro" and
"FooBench-Lite"), when they sit at the same place in the doc, or when their titles are near
twins.  Candidate pairs are blocked (rare terms, doc places, min-hash bands of title words), and
a block of more than 60 is dropped, so an increment has a bounded number of partners: the work is
linear in the increments once the blocks fill, faster-growing until then (on the generated
corpora, with few distinct title words, 4× the increments still bring ~8× the pairs).
"""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_right
from collections import Counter, defaultdict
from collections.abc import Collection, Iterator, Sequence
from functools import lru_cache
from itertools import chain, pairwise
from operator import itemgetter

from curator.gcpause import paused_gc
from curator.lexicon import default_lexicon, memo
from curator.models import Increment, Item, short_path
from curator.name_finder import NameFinder
from curator.overlap_scores import Scored
from curator.term_matrix import TermMatrix
from curator.textfeatures import SPLIT_JOINED, title_core, tokens

__all__ = ["find_overlaps", "generic_names", "name_family", "word_inside"]


_FAMILY_RE = re.compile(r"([A-Za-z][A-Za-z0-9]{2,})(?:[-\u2010 ][A-Za-z0-9][\w.-]*)?")


def name_family(title: str) -> str | None:
    """The coined name a title's name part builds on: "FooBench-Pro" → "FooBench".

    Only a coined word counts (inner capitals, capitals throughout, or letters with digits):
    "Evaluating Agents" is a phrase, not a family."""
    m = _FAMILY_RE.fullmatch(title_core(title))
    if m is None:
        return None
    base = m[1]
    coined = (
        re.search(r"[a-z][A-Z]", base)
        or (base.isupper() and len(base) >= 3)
        or (re.search(r"\d", base) and re.search(r"[A-Za-z]{2}", base))
    )
    if not coined or base.lower() in generic_names():
        return None
    return base


def find_overlaps(
    incs: list[Increment],
    texts: list[str],
    primaries: list[list[Item]],
    distinct: set[frozenset[str]] | None = None,
    per_item: int = 3,
    context: list[frozenset[str]] | None = None,
    related: dict[tuple[int, int], str] | None = None,
    names: IncrementNames | None = None,
) -> None:
    """Flag related-but-distinct increments (content, cross-mentions, names, shared context); fills
    ``overlaps``.  ``context`` holds, per increment, what places it in the doc (its section, the
    anchored papers it builds on): two increments that share it are neighbours, compared even when
    their wording differs, and what they share adds to their score.  ``related`` holds pairs
    (index, index, low first) the caller knows are related, with the reason; ``names``, the
    increments' :class:`IncrementNames` when the caller made them (else made here)."""
    if len(incs) < 2:
        return
    # ~10^5 short-lived sets, lists and tuples, no cycles: full passes only cost time
    with paused_gc():
        tfidf = TermMatrix.tfidf(map(tokens, texts))
        del texts  # when the caller holds no other reference, the texts go before the pairs come
        links: dict[tuple[int, int], str] = dict(related or {})
        _link_cross_references(incs, primaries, links, names)
        _flag_overlaps(incs, tfidf, distinct or set(), per_item, context, links)


_TITLE_BANDS = 24
"""Min-hash bands over a title's words, three words each: two titles sharing 60 % of their words
share a band with probability 1 − (1 − 0.6³)²⁴ ≈ 99.7 %, two unrelated ones almost never.  Three
words, not two: titles drawn from a small vocabulary would crowd a two-word band's few pairs of
lowest-hashing words into blocks too large to compare."""


_NAME_LEAD = re.compile(r"^\s*[^\s:：]+(?:\s+[^\s:：]+){0,2}\s*[:：]\s+")
"""A paper's own name before its title's colon ("FooNet-2: …"): twins are named differently."""


def _title_words(title: str) -> frozenset[str]:
    """What a title says, as words: its leading name aside, joined words by their parts only."""
    body = _NAME_LEAD.sub("", title, count=1) or title
    return frozenset(t for t in tokens(body) if len(t) >= 2 and not SPLIT_JOINED.search(t))


@lru_cache(maxsize=1 << 16)
def _word_hashes(word: str) -> tuple[int, ...]:
    """One independent 16-bit hash of ``word`` per band (ties go to the first word in order)."""
    d = hashlib.blake2b(
        word.encode("utf-8", "surrogatepass"), digest_size=2 * _TITLE_BANDS
    ).digest()
    return tuple(int.from_bytes(d[i : i + 2], "big") for i in range(0, len(d), 2))


def _flag_overlaps(
    incs: list[Increment],
    tfidf: TermMatrix,
    distinct: set[frozenset[str]],
    per_item: int,
    context: list[frozenset[str]] | None,
    links: dict[tuple[int, int], str],
) -> None:
    _link_families(incs, links)
    # as tuples: a frozenset of a title's ~6 words takes ~650 bytes, ~23 MB at 35,000 increments
    title_words = [tuple(_title_words(inc.title)) for inc in incs]
    rows = _Rows(links, _blocks(tfidf, len(incs), context, title_words), len(incs))
    scored = Scored(incs, tfidf, links, per_item, distinct, context, title_words)
    scored.score(rows)
    del rows, title_words  # not held while the overlaps are made
    scored.keep()


def _names(incs: list[Increment], primaries: list[list[Item]]) -> dict[str, int]:
    """Each increment's short names, as its texts may name it: short ones as written ("QUIL"),
    longer ones in any case ("quillnet" for QuillNet)."""
    names: dict[str, int] = {}
    for i, inc in enumerate(incs):
        # a title that is only an address ("https://arxiv.org/abs/…") has no name: its core would be
        # "https"
        cores = [
            title_core(_LINKS.sub(" ", t))
            for t in (inc.title, *(it.title for it in primaries[i][:3]))
            if t
        ]
        for core in dict.fromkeys(c.strip() for c in cores):
            if (
                3 <= len(core) <= 30
                and not re.fullmatch(r"[\d.\s#§]+", core)
                and core.lower() not in generic_names()
            ):
                names.setdefault(core if len(core) < 6 else core.lower(), i)
    return names


class IncrementNames:
    """The increments' short names (:func:`_names`) and where a text names them: names of six
    characters or more in any case, shorter ones as written, never inside a longer word."""

    def __init__(self, incs: list[Increment], primaries: list[list[Item]]) -> None:
        names = _names(incs, primaries)
        exact = {k: v for k, v in names.items() if len(k) < 6}
        folded = {k: v for k, v in names.items() if len(k) >= 6}
        self._finders = [
            (NameFinder(table, fold), table, fold)
            for table, fold in ((exact, False), (folded, True))
            if table  # no names: no pattern (an empty one matches everywhere)
        ]

    def named(self, text: str) -> Iterator[tuple[int, str]]:
        """(increment, the name as written) for each name *text* holds."""
        for finder, table, fold in self._finders:
            for start, end in finder.finditer(text):
                name = text[start:end]
                j = table.get(name.lower() if fold else name)
                if j is not None and not word_inside(text, start, end):
                    yield j, name


def _link_cross_references(
    incs: list[Increment],
    primaries: list[list[Item]],
    links: dict[tuple[int, int], str],
    names: IncrementNames | None = None,
) -> None:
    """Pairs one's text names the other: its ID, or its short name (unless half the relay does).
    ``names``: the increments' names when the caller has them already."""
    names = names or IncrementNames(incs, primaries)
    id_owner = {a: i for i, inc in enumerate(incs) for a in inc.arxiv[:1]}
    named: dict[int, dict[int, str]] = {}  # increment named → {increment whose text names it: why}
    for i, inc in enumerate(incs):
        own = set(inc.arxiv)
        for it in primaries[i]:
            where = f"{short_path(it.note)}({it.label or 'item'})"
            # a list of IDs ("涉及 arXiv 号: a / b / c / d") relates none of them
            for mid in it.mentions if len(it.mentions) <= 3 else ():
                j = id_owner.get(mid)
                if j is not None and j != i and mid not in own:
                    links.setdefault(_pair(i, j), f"{where} mentions {mid}")
            for j, name in names.named(it.text):
                if j != i:
                    by = named.setdefault(j, {})
                    if len(by) < _COMMON_NAME:  # past it, the name is common: held no more
                        by.setdefault(i, f"{where} names {name}")
    for j, by in named.items():
        if len(by) >= _COMMON_NAME:
            # a name half the relay mentions (an engine, a lab) relates nothing in particular
            continue
        for i, why in by.items():
            links.setdefault(_pair(i, j), why)


def _link_families(incs: list[Increment], links: dict[tuple[int, int], str]) -> None:
    """Pairs named for one coined name ("FooBench-Pro", "FooBench-Lite"): one family, two papers."""
    family: dict[str, list[int]] = defaultdict(list)
    for i, inc in enumerate(incs):
        base = name_family(inc.title)
        if base:
            family[base.lower()].append(i)
    for members in family.values():
        if len(members) >= _COMMON_NAME:
            continue
        for k, x in enumerate(members[:-1]):
            for y in members[k + 1 :]:
                if title_core(incs[x].title).lower() != title_core(incs[y].title).lower():
                    # the same name twice is a collision (one acronym, two papers), not a family
                    links.setdefault(_pair(x, y), f"both named for {name_family(incs[x].title)}")


def _partners(
    links: dict[tuple[int, int], str],
    tfidf: TermMatrix,
    n: int,
    context: list[frozenset[str]] | None,
    title_words: list[frozenset[str]],
) -> dict[int, set[int]]:
    """All candidate partners per row at once (what :class:`_Rows` gives one row at a time)."""
    rows = _Rows(links, _blocks(tfidf, n, context, title_words), n)
    return {a: got for a in range(n) if (got := rows.partners(a))}


def _blocks(
    tfidf: TermMatrix,
    n: int,
    context: list[frozenset[str]] | None,
    title_words: Sequence[Collection[str]],
) -> list[list[int]]:
    """The members (ascending) of each block of 2 to 60: increments that share a rare term, a
    place in the doc, a band of title words.  A bigger block is dropped; a block of one pairs
    nothing."""
    block: dict[int | str, list[int]] = defaultdict(list)
    for i in range(n):
        for t in tfidf.rare_terms(i, k=6, max_df=max(3, n // 20)):
            block[t].append(i)
    if context is not None:
        for i, keys_i in enumerate(context):
            for key in keys_i:
                # neighbours in the doc: compared whatever their words
                block["\x00" + key].append(i)
    kept = [members for members in block.values() if 2 <= len(members) <= 60]
    del block
    in_titles = Counter(chain.from_iterable(title_words))
    # a word no other title holds (the paper's own name) can bring no pair together
    shared = [sorted(w for w in words if in_titles[w] > 1) for words in title_words]
    banded = [(i, ws) for i, ws in enumerate(shared) if len(ws) >= 3]
    bands = _band_arrays if len(banded) >= BAND_ARRAYS_AFTER else _band_lists
    kept.extend(members for members in bands(banded) if 2 <= len(members) <= 60)
    return kept


BAND_ARRAYS_AFTER = 2000
"""Titles banded in Python (~60 µs each) before numpy (its import ~0.1 s) does them all."""


def _band_lists(banded: list[tuple[int, list[str]]]) -> Iterator[list[int]]:
    """The increments (ascending) under each key of each band: near-twin titles, most words
    shared, however common the words.  A band's key is its three lowest (hash, word) pairs."""
    hashes = [[*map(_word_hashes, ws)] for _i, ws in banded]
    for band in range(_TITLE_BANDS):
        # one band at a time: the keys of all bands at once (~660k at 35,000 increments, nearly
        # all alone) held ~300 MB
        in_band: dict[tuple[tuple[int, str], ...], list[int]] = defaultdict(list)
        column = itemgetter(band)
        for (i, ws), hs in zip(banded, hashes, strict=True):
            in_band[tuple(sorted(zip(map(column, hs), ws, strict=True))[:3])].append(i)
        yield from in_band.values()


def _band_arrays(banded: list[tuple[int, list[str]]]) -> Iterator[list[int]]:
    """:func:`_band_lists` in numpy, its groups of 2 to 60 only (a key's three words, in order,
    are its three pairs): a band in a few array operations."""
    import numpy as np

    words = sorted({w for _i, ws in banded for w in ws})  # a word's rank orders as the word
    rank = {w: r for r, w in enumerate(words)}
    width = len(words)
    table = np.array([_word_hashes(w) for w in words], dtype=np.int64)
    lens = np.array([len(ws) for _i, ws in banded])
    which = np.repeat(np.arange(len(banded), dtype=np.int64), lens)
    word = np.array([rank[w] for _i, ws in banded for w in ws], dtype=np.int64)
    first = np.cumsum(lens) - lens
    ids = np.array([i for i, _ws in banded])
    for band in range(_TITLE_BANDS):
        # each title's words by (hash, word): its first three are the band's key
        order = np.argsort(((which << 16) + table[word, band]) * width + word)
        w = word[order]
        key = (w[first] * width + w[first + 1]) * width + w[first + 2]
        _u, group, count = np.unique(key, return_inverse=True, return_counts=True)
        held = np.flatnonzero(((count >= 2) & (count <= 60))[group])  # a block of 2 to 60
        ranked = held[np.argsort(group[held], kind="stable")]  # by key, ascending within one
        cuts = (np.flatnonzero(np.diff(group[ranked])) + 1).tolist()
        members = ids[ranked].tolist()
        yield from (members[s:e] for s, e in pairwise([0, *cuts, len(members)]))


class _Rows:
    """Each row's candidate partners (b > a, and the linked pairs), made when the row is scored:
    the ~1.4 M candidate pairs of 35,000 increments are never all held at once."""

    def __init__(self, links: dict[tuple[int, int], str], blocks: list[list[int]], n: int) -> None:
        self.linked: dict[int, list[int]] = defaultdict(list)
        for a, b in links:
            self.linked[a].append(b)
        self.blocks = blocks
        self.of: list[list[int]] = [[] for _ in range(n)]  # the blocks each increment is in
        for k, members in enumerate(blocks):
            for x in members[:-1]:
                self.of[x].append(k)

    def partners(self, a: int) -> set[int]:
        got = set(self.linked.get(a, ()))
        blocks = self.blocks
        for k in self.of[a]:
            members = blocks[k]
            got.update(members[bisect_right(members, a) :])  # members ascend
        return got


_LINKS = re.compile(r"(?:https?://|www\.)\S+", re.IGNORECASE)

_COMMON_NAME = 4
"""Named by this many other increments' texts, a name is common ground, not a relation."""


@memo
def generic_names() -> frozenset[str]:
    """Names too common to relate two increments (the lexicon's ``[overlaps] generic_names``)."""
    return frozenset(default_lexicon().literals("overlaps", "generic_names"))


def word_inside(text: str, s: int, e: int) -> bool:
    """True when the match is part of a longer Latin word (e.g. 'CARD' in 'CARDS')."""
    before = text[s - 1] if s > 0 else " "
    after = text[e] if e < len(text) else " "
    return (before.isascii() and before.isalnum()) or (after.isascii() and after.isalnum())


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)
