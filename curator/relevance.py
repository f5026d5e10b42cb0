"""How well an increment fits the topic, from what the workspace says the topic is.

The evidence is the workspace's own: the living doc's section titles, text and the names of
what it anchors; the paper cards filed under the topic; the items earlier briefings of the
topic listed; and, as contrast, the other topics' docs and cards.  A term counts for the
topic by how specific it is to it (rare among all sections of all docs, common in this
doc's), so "benchmarking" shared with a storage paper is worth little in an evaluation
workspace while "contamination" is worth a lot.  The topic's own names and the words a
keyword filter would use for it (the lexicon's ``[topics.<t>]`` names and family) do not
count at all, and neither do the parts of a negated compound ("training-free",
"judge-free"): a keyword hit is not a fit.

The score is explained: :class:`Fit` carries the terms that matched and the best section,
and the same scoring of another topic's doc says when an item fits there better.
"""

from __future__ import annotations

import functools
import hashlib
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

from curator.lexicon import Lexicon
from curator.link_strip import strip_addresses
from curator.models import LivingDoc, PaperCard
from curator.textfeatures import tokens

__all__ = ["Fit", "Profile", "base_stop", "item_terms", "section_terms"]

TOP_TERMS = 8

Vocabulary = tuple[int, Counter[str], dict[str, Counter[str]]]
"""What a profile counts once per workspace: (units, document frequency, term mass per topic)."""
"""A fit is the sum of the best few terms: long notes must not win by length alone."""
_NUMERIC = re.compile(r"^[\d.,%×x+\-~]+[a-z%×]{0,3}$")
_NEGATED_SUFFIXES = ("-free", "-less", "-agnostic")


@dataclass
class Fit:
    """One increment against one doc."""

    score: float
    """Sum of the best terms' weights (0 when nothing of the topic's own vocabulary is shared)."""
    terms: list[str] = field(default_factory=list)
    """The shared terms, heaviest first (what the reason quotes)."""
    title_terms: int = 0
    """How many of those are in a title (a title says what an item is about)."""
    coverage: float = 0.0
    """The share of a title's ordinary words the topic's vocabulary knows (names aside): a keyword
    hit covers one word of a title about something else ("image retrieval for fashion
    e-commerce")."""
    foreign: list[str] = field(default_factory=list)
    """The title's ordinary words the topic never uses."""


def _vocabulary_key(
    topic: str,
    doc: LivingDoc,
    others: list[LivingDoc],
    lexicon: Lexicon,
    cards: list[PaperCard],
    reported_titles: list[str],
    stop: frozenset[str],
) -> str:
    """A digest of everything the vocabulary is counted from (a changed card or section changes
    it)."""
    h = hashlib.blake2b(digest_size=16)
    for part in (VOCABULARY_VERSION, topic, lexicon.fingerprint, *sorted(stop)):
        h.update(part.encode("utf-8", "surrogatepass") + b"\x00")
    for d in [doc, *others]:
        h.update(f"\x01{d.topic}".encode())
        for sec in d.sections:
            h.update(
                "\x02".join(
                    [sec.title, *(a.name or "" for a in sec.anchors), sec.body[:6000]]
                ).encode("utf-8", "surrogatepass")
            )
    for c in cards:
        h.update(
            "\x03".join([str(c.empty), c.title or "", c.category or "", *c.tags]).encode(
                "utf-8", "surrogatepass"
            )
        )
    for t in reported_titles:
        h.update(b"\x04" + t.encode("utf-8", "surrogatepass"))
    return h.hexdigest()


VOCABULARY_VERSION = "1"
"""Bump when the counting changes (the code fingerprint of the cache also catches it)."""


def item_terms(text: str, exclude: frozenset[str]) -> Counter[str]:
    """Content terms of note text: no links, IDs, numbers, stop words, topic names or negated
    compounds."""
    text = strip_addresses(text)
    out = Counter(tokens(text))  # counted in C; the filters below then see each distinct term once
    drop: set[str] = set(exclude.intersection(out))
    for t in out:
        if t.endswith(_NEGATED_SUFFIXES):
            drop.add(t)
            drop.update(p for p in re.split(r"[-_.+]", t) if p)
        elif not _content_word(t):
            drop.add(t)
    for t in drop.intersection(out):
        del out[t]
    return out


def base_stop(lexicon: Lexicon) -> frozenset[str]:
    """The words that are no topic term whoever writes the notes: the stop words, and function
    words of every language ("non" in "Non autorégressif")."""
    grammar = (
        *lexicon.literals("remarks", "negations"),
        *lexicon.literals("remarks", "determiners"),
    )
    return frozenset(lexicon.literals("relevance", "stop")) | frozenset(w.lower() for w in grammar)


def section_terms(doc: LivingDoc, stop: frozenset[str]) -> list[Counter[str]]:
    """Each section's terms (empty for none): its title thrice, its anchors' names twice, its
    body once. Depends on the doc and the words only, so the doc's index keeps them (a cold
    start counts them while the doc is parsed beside it, see :mod:`curator.doc_pool`)."""
    out: list[Counter[str]] = []
    for sec in doc.sections:
        c: Counter[str] = Counter()
        for t, n in item_terms(sec.title, stop).items():
            c[t] += 3 * n
        for a in sec.anchors:
            if a.name:
                for t, n in item_terms(a.name, stop).items():
                    c[t] += 2 * n
        for t, n in item_terms(sec.body[:6000], stop).items():
            c[t] += n
        out.append(c)
    return out


@functools.lru_cache(maxsize=1 << 16)
def _content_word(t: str) -> bool:
    """Not a single character, not a number ("3.5", "15%", "2x")."""
    return len(t) >= 2 and not _NUMERIC.match(t)


class Profile:
    """The topic's vocabulary (this doc, its cards, its earlier briefings) against the others'."""

    def __init__(
        self,
        topic: str,
        doc: LivingDoc,
        others: list[LivingDoc],
        lexicon: Lexicon,
        cards: Iterable[PaperCard] = (),
        reported_titles: Iterable[str] = (),
        doc_names: Iterable[str] = (),
        people: Iterable[str] = (),
        memo: MutableMapping[str, Any] | None = None,
        terms_of: Callable[[LivingDoc], list[Counter[str]]] | None = None,
    ) -> None:
        """``memo``: a store (the workspace's index cache) for the vocabulary, which depends only on
        the docs, the cards, the earlier briefings and the words: a warm run need not count it
        again. ``terms_of``: each doc's :func:`section_terms` with :func:`base_stop`, when
        whoever indexed the doc has them (else they are counted here)."""
        self.topic = topic
        self.lexicon = lexicon
        names = set(lexicon.topic_names(topic, doc_names))
        self.family = frozenset(w for w in lexicon.topic_family(topic) if w not in names)
        base = base_stop(lexicon)
        self.people = frozenset(n.lower() for n in people)
        self.stop = base | self.people
        self._terms_of = terms_of or (lambda d: section_terms(d, base))
        self.exclude = frozenset(_name_tokens(names)) | self.stop
        cards = list(cards)
        reported_titles = list(reported_titles)
        key = _vocabulary_key(topic, doc, others, lexicon, cards, reported_titles, self.stop)
        hit: Vocabulary | None = memo.get(key) if memo is not None else None
        if hit is None:
            hit = self._vocabulary(topic, doc, others, lexicon, cards, reported_titles)
            if memo is not None:
                memo.clear()  # one workspace, one topic at a time: keep the latest only
                memo[key] = hit
        self.n_units, self.df, self.mass = hit
        self.topics = list(self.mass)
        self._scale = 1.0 / max(1.0, math.log((self.n_units + 1) / 1.5))
        """Weights as a share of the rarest term's: a fit means the same in a small doc and a large
        one."""
        self._weights: dict[tuple[str, str], float] = {}
        """:meth:`_weight`'s answers: the same few thousand terms recur in every increment."""

    def _vocabulary(
        self,
        topic: str,
        doc: LivingDoc,
        others: list[LivingDoc],
        lexicon: Lexicon,
        cards: list[PaperCard],
        reported_titles: list[str],
    ) -> Vocabulary:
        """(units, document frequency, term mass per topic) over every section, card and reported
        title."""
        units = self._section_units([doc, *others])  # (owner topic, weighted term counts)
        units += self._card_units(topic, others, lexicon, cards)
        extra: Counter[str] = Counter()
        for title in reported_titles:
            extra.update(item_terms(title, self.stop))
        if extra:
            units.append((topic, extra))
        df: Counter[str] = Counter()
        mass: dict[str, Counter[str]] = {}
        for owner, c in units:
            df.update(c.keys())
            mass.setdefault(owner, Counter()).update(c)
        return len(units), df, mass

    def _section_units(self, docs: list[LivingDoc]) -> list[tuple[str, Counter[str]]]:
        """Each section's terms (see :func:`section_terms`), the inbox's people left out."""
        units: list[tuple[str, Counter[str]]] = []
        people = self.people
        for d in docs:
            for c in self._terms_of(d):
                if people and not people.isdisjoint(c):
                    c = Counter({t: n for t, n in c.items() if t not in people})
                if c:
                    units.append((d.topic, c))
        return units

    def _card_units(
        self, topic: str, others: list[LivingDoc], lexicon: Lexicon, cards: list[PaperCard]
    ) -> list[tuple[str, Counter[str]]]:
        """Each card's title and tags, for the topic its category names (this one or a doc's)."""
        units: list[tuple[str, Counter[str]]] = []
        own_cat = {topic.lower(), *lexicon.topic_family(topic)}
        other_topics = {d.topic.lower(): d.topic for d in others}
        for card in cards:
            if card.empty or not (card.title or card.tags):
                continue
            cat = (card.category or "").lower()
            owner = topic if cat in own_cat else other_topics.get(cat)
            if owner is None:
                continue
            c = item_terms(card.title + " " + " ".join(card.tags), self.stop)
            if c:
                units.append((owner, c))
        return units

    def _weight(self, term: str, topic: str) -> float:
        """How much a shared term says the text is about ``topic``: rarity × share of the topic."""
        key = (term, topic)
        w = self._weights.get(key)
        if w is None:
            w = self._weights[key] = self._count_weight(term, topic)
        return w

    def _count_weight(self, term: str, topic: str) -> float:
        own = self.mass.get(topic, Counter()).get(term, 0)
        if not own:
            return 0.0
        total = sum(m.get(term, 0) for m in self.mass.values())
        idf = math.log((self.n_units + 1) / (self.df[term] + 0.5))
        share = own / total
        w = max(0.0, idf) * self._scale * share * min(1.0, 0.5 + 0.25 * math.log1p(own))
        if term in self.family and topic == self.topic:
            w *= 0.25
        return w

    def coverage(self, title: str, topic: str | None = None) -> tuple[float, list[str]]:
        """How much of one title the topic's vocabulary knows, and the words it does not.

        Names ("CascadeNet", "QuillBench-Lean", "MathX-2": capitals inside a word, digits)
        are new by nature and count neither way; the topic's own names do not count either.
        """
        topic = topic or self.topic
        mass = self.mass.get(topic, Counter())
        exclude = self.exclude if topic == self.topic else self.stop
        known, foreign = 0, []
        seen: set[str] = set()
        for word in _TITLE_WORD.findall(strip_addresses(title)):
            if _NAME_LIKE.search(word):
                continue
            low = word.lower()
            if low in seen:
                continue
            seen.add(low)
            if "\u3400" <= low[:1] <= "\u9fff":
                grams = [g for g in tokens(low) if g not in exclude]
                if grams:
                    share = sum(1 for g in grams if mass.get(g)) / len(grams)
                    if share >= 0.5:
                        known += 1
                    else:
                        foreign.append(low)
                continue
            parts = [low, *(p for p in re.split(r"[-_/]", low) if p and p != low)]
            content = [
                p for p in parts if p not in exclude and len(p) > 2 and not _NUMERIC.match(p)
            ]
            if not content or low.endswith(_NEGATED_SUFFIXES):
                continue
            if any(mass.get(p) or mass.get(_singular(p)) for p in content):
                known += 1
            else:
                foreign.append(low)
        total = known + len(foreign)
        return (known / total if total else 0.0), foreign

    def fit(
        self, title: str, body: str, topic: str | None = None, titles: list[str] | None = None
    ) -> Fit:
        """Score an increment's titles and body text against ``topic``'s doc (this topic by
        default); ``titles`` (each of its titles apart) give the coverage, the best of them."""
        topic = topic or self.topic
        exclude = (
            self.exclude
            if topic == self.topic
            else frozenset(_name_tokens(self.lexicon.topic_names(topic))) | self.stop
        )
        t_terms = item_terms(title, exclude)
        b_terms = item_terms(body, exclude)
        weights: dict[str, float] = {}
        in_title: set[str] = set()
        for t in t_terms:
            w = self._weight(t, topic)
            if w > 0:
                weights[t] = w
                in_title.add(t)
        for t in b_terms:
            if t in weights:
                continue
            w = 0.5 * self._weight(t, topic)
            if w > 0:
                weights[t] = w
        best = sorted(weights.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_TERMS]
        cover, foreign = max(
            (self.coverage(t, topic) for t in titles or [title]),
            key=lambda cf: cf[0],
            default=(0.0, []),
        )
        return Fit(
            round(sum(w for _t, w in best), 3),
            [t for t, _w in best],
            sum(1 for t, _w in best if t in in_title),
            round(cover, 3),
            foreign,
        )

    def best_other(
        self, title: str, body: str, titles: list[str] | None = None
    ) -> tuple[str, Fit] | None:
        """The other topic this text fits best, with its fit (None without other docs)."""
        best: tuple[str, Fit] | None = None
        for t in self.topics:
            if t == self.topic:
                continue
            f = self.fit(title, body, t, titles)
            if best is None or f.score > best[1].score:
                best = (t, f)
        return best


_TITLE_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-'’][A-Za-z0-9]+)*|[\u3400-\u9fff]{2,}")
_NAME_LIKE = re.compile(r"[a-z][A-Z]|[A-Z]{2,}[a-z]|\d|^[A-Z]{2,}$")
"""Names of systems and benchmarks: "CascadeNet", "MathX-2", "RAG", "GPT4o"."""


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 4 and word.endswith("s") and not word.endswith("ss") else word


def _name_tokens(names: Iterable[str]) -> set[str]:
    out: set[str] = set()
    for n in names:
        out.update(tokens(n))
        out.add(n.lower())
    return out
