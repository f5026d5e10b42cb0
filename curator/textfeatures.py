"""Tokens for matching mixed Chinese/English research text.

Latin words are lower-cased (keeping ``v0.6``, ``kv-cache`` style joins),
CJK runs become overlapping bigrams, so "两级 KV cache" and "KV Cache 两级管理"
share evidence without a segmenter.
"""

from __future__ import annotations

import math
import re
from array import array
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from itertools import chain, compress, filterfalse
from operator import add
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from curator.bm25_vec import Columns

Postings = tuple["array[int]", "array[float]"]
"""A term's (documents, weighted parts) in a :class:`BM25`."""

_LETTERS = "a-z\u00df-\u00f6\u00f8-\u00ff\u0100-\u024f\u1e00-\u1eff"
"""Lower-case Latin letters, accented ones too (Latin-1, Extended-A and -B, Vietnamese): "naïve"
is one word, not "na" and "ve"."""
_LATIN = re.compile(
    rf"[{_LETTERS}][{_LETTERS}0-9]*(?:[.+\-_][{_LETTERS}0-9]+)*|\d+(?:\.\d+)?[{_LETTERS}×%]*"
)
_CJK_RUN = re.compile(
    r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[\uac00-\ud7a3]+|[\u30a1-\u30fa\u30fc]{2,}"
)
"""Runs of Han characters, of Hangul syllables, of katakana: each read as overlapping bigrams."""
_CJK_FIRST = "\u30a1"
"""The lowest character a run can hold."""
SPLIT_JOINED = re.compile(r"[.\-_+]")
"""What joins a word's parts ("kv-cache", "v0.6"): such a word is also read as its parts."""
COINED_NAME = re.compile(
    r"(?<![A-Za-z0-9_-])[A-Z][a-z0-9]*[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*(?![A-Za-z0-9_-])"
)
"""A coined name ("FooBench", "BarNet-R", "QuuX-Drop"): two capitals at least."""
VECTOR_AFTER = 4_000_000
"""Document-terms a BM25 adds up in lists before it switches to arrays: about the time of
importing numpy (~0.1 s), so a small doc or a short evening never pays for it."""
_POSITIVE = (0.0).__lt__


def _stop_words() -> tuple[frozenset[str], frozenset[str]]:
    """Latin stop words and CJK stop bigrams (the lexicon's ``[tokens] stop``), split by script."""
    from curator.lexicon import default_lexicon

    words = frozenset(default_lexicon().literals("tokens", "stop"))
    latin = frozenset(w for w in words if w.isascii() or _LATIN.fullmatch(w))
    cjk = words - latin
    return latin, cjk


STOP, CJK_STOP = _stop_words()
_CJK_STOP_CHARS = frozenset(s for s in CJK_STOP if len(s) == 1)
"""Single characters that drop every bigram they are part of: none in the packaged list, so bigrams
take the C-level path in ``_tokens``."""
_is_cjk_stop = CJK_STOP.__contains__


def _regex_case_fold() -> dict[int, str | None] | None:
    """Characters the regex engine takes for one another under IGNORECASE though their lower
    cases differ ("ı" and "i", "ſ" and "s"), each as one of them, and the dot that "İ" gains when
    lower-cased, left out: two texts so folded after ``lower()`` share a word wherever a
    case-insensitive regex of it matches.  None when this Python does not say which."""
    try:
        from re._casefix import _EXTRA_CASES  # type: ignore[import-not-found]
    except ImportError:  # pragma: no cover - another Python: nothing is ruled out
        return None
    table: dict[int, str | None] = {0x307: None}
    for code, others in _EXTRA_CASES.items():
        table[code] = chr(min(code, *others))
    return table


REGEX_CASE_FOLD = _regex_case_fold()
CASE_PEERS: frozenset[str] | None = (
    None
    if REGEX_CASE_FOLD is None
    else frozenset(chr(c) for c in REGEX_CASE_FOLD if c > 0x7F) | {"\u0130"}
)
"""The characters (none of them ASCII) in whose presence ``lower()`` and a case-insensitive regex
may disagree on whether two texts are equal; None when not known."""


def blank_word(text: str, word: str, blank: str = " ") -> str:
    r"""``re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", blank, text, flags=re.IGNORECASE)``, found
    with ``str.find`` where lower-casing decides equality as the regex does: compiling a name
    per increment cost more than the search."""
    if CASE_PEERS is None or not (CASE_PEERS.isdisjoint(text) and CASE_PEERS.isdisjoint(word)):
        return re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", blank, text, flags=re.IGNORECASE)
    low, needle = text.lower(), word.lower()
    parts: list[str] = []
    pos = start = 0
    while needle and (at := low.find(needle, start)) >= 0:
        end = at + len(needle)
        if (at and _is_word(text[at - 1])) or (end < len(text) and _is_word(text[end])):
            start = at + 1
            continue
        parts += (text[pos:at], blank)
        pos = start = end
    if not parts:
        return text
    parts.append(text[pos:])
    return "".join(parts)


def _is_word(ch: str) -> bool:
    r"""The regex engine's ``\w`` for one character of a str pattern."""
    return ch.isalnum() or ch == "_"


def tokens(text: str) -> list[str]:
    """Tokens with duplicates (for term frequencies), in text order (Latin words first, then
    CJK)."""
    return list(_tokens(text))


@lru_cache(maxsize=1 << 14)
def _tokens(text: str) -> tuple[str, ...]:
    """``tokens`` as a tuple, memoised: re-analysis sees the same note texts again and again."""
    out = list(chain.from_iterable(map(_latin_tokens, _LATIN.findall(text.lower()))))
    if max(text, default="") < _CJK_FIRST or not _CJK_RUN.search(text):
        # no character as high as the first one a run holds: no run (max() reads a text ~30×
        # faster than the pattern, and most texts of a Latin-script workspace have none)
        return tuple(out)
    from curator.lexicon import fold_script  # 們 counts as 们

    text = fold_script(text)
    for run in _CJK_RUN.findall(text):
        if len(run) == 1:
            if run not in CJK_STOP:
                out.append(run)
        elif _CJK_STOP_CHARS:
            out += [
                bg
                for bg in map(add, run, run[1:])
                if not (_CJK_STOP_CHARS.intersection(bg) or bg in CJK_STOP)
            ]
        else:
            # no single-character stop words: only whole bigrams can be stop words (the C-level
            # path)
            out += filterfalse(_is_cjk_stop, map(add, run, run[1:]))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _latin_tokens(w: str) -> tuple[str, ...]:
    """One Latin word's tokens (itself, then its joined parts): ~200k words, ~10k distinct, on a
    large workspace."""
    if w in STOP or len(w) < 2 and not w.isdigit():
        return ()
    if not SPLIT_JOINED.search(w):
        return (w,)
    return (w, *(p for p in SPLIT_JOINED.split(w) if len(p) >= 2 and p not in STOP))


def token_set(text: str) -> set[str]:
    return set(tokens(text))


class BM25:
    """Okapi BM25 with postings lists, so a query costs what its tokens occur in."""

    _built: tuple[dict[str, list[float]], dict[tuple[str, int], list[float]]] | None = None
    """:meth:`_columns`, once built."""
    _weighted_cap = 0
    _list_work = 0
    """Document-terms :meth:`top` has added up in lists so far."""
    _vec: Columns | None = None
    """The postings as arrays, once :meth:`top` has switched to them."""

    def __init__(self, docs: list[list[str]], k1: float = 1.4, b: float = 0.6) -> None:
        self.k1, self.b = k1, b
        self.n = len(docs)
        lengths = [len(d) for d in docs]
        avg = (sum(lengths) / self.n) if self.n else 1.0
        lists: dict[str, tuple[list[int], list[float]]] = {}
        for i, d in enumerate(docs):
            norm = k1 * (1 - b + b * lengths[i] / avg)
            for tok, f in Counter(d).items():
                p = lists.get(tok)
                if p is None:
                    p = lists[tok] = ([], [])
                p[0].append(i)
                p[1].append(f * (k1 + 1) / (f + norm))
        self.postings: dict[str, Postings] = {
            t: (array("i", ids), array("d", parts)) for t, (ids, parts) in lists.items()
        }
        """Each term's documents and weighted parts, as C arrays: a doc of a thousand sections
        has half a million, which as (int, float) tuples held ~25 MB."""
        self.idf = {
            t: math.log(1 + (self.n - len(p[0]) + 0.5) / (len(p[0]) + 0.5))
            for t, p in self.postings.items()
        }

    def _terms(self, query: Iterable[str], max_terms: int) -> list[tuple[str, int]]:
        """The query's known terms with their counts, in query order, the rarest ``max_terms``."""
        idf = self.idf
        terms = [(t, c) for t, c in Counter(query).items() if t in idf]
        if len(terms) > max_terms:  # the rarest terms carry the signal; common ones cost the time
            terms.sort(key=lambda tc: -idf[tc[0]])
            terms = terms[:max_terms]
        return terms

    def top(
        self, query: Iterable[str], k: int = 5, max_terms: int = 48
    ) -> tuple[tuple[int, float], ...]:
        """The ``k`` best documents with a positive score as (index, score), best first, equal
        scores in document order: the floats :meth:`scores` adds up.

        A doc's first queries are added up in lists; once they have cost about what importing
        numpy costs, the rest go through arrays (:mod:`curator.bm25_vec`), whose work per query
        does not grow with the documents in Python steps. Both add the same floats in the same
        order, so where the switch falls changes nothing but the time.
        """
        terms = self._terms(query, max_terms)
        if self._vec is None and self._list_work < VECTOR_AFTER:
            self._list_work += self.n * len(terms)
            lex = self._sum(terms)
            scored = compress(range(self.n), map(_POSITIVE, lex))
            # equal scores in document order (as heapq.nlargest), sorted in C
            best = sorted(scored, key=lex.__getitem__, reverse=True)[:k]
            return tuple((i, lex[i]) for i in best)
        if self._vec is None:
            from curator.bm25_vec import Columns

            self._vec = Columns(self)
            self._built = None  # the lists' columns answer no query of ``top`` now (~10 MB)
        idf = self.idf
        return self._vec.top([(t, idf[t] * (1 + math.log(c))) for t, c in terms], k)

    def scores(self, query: Iterable[str], max_terms: int = 48) -> list[float]:
        """Each document's score: per document, the terms' parts added in query-term order."""
        return self._sum(self._terms(query, max_terms))

    def _sum(self, terms: list[tuple[str, int]]) -> list[float]:
        """The scores of known terms, added in order.

        A term found in many documents is added as a dense column of its weighted parts, mapped
        in C (``0.0`` where it is absent adds nothing: every part is positive), a rare one
        through its postings: each document's sum is the same sequence of additions either
        way, so the same floats.
        """
        idf = self.idf
        dense, weighted = self._columns()
        out: list[float] | None = None
        for tok, qtf in terms:
            column = dense.get(tok)
            if column is not None:
                scaled = weighted.get((tok, qtf))
                if scaled is None:
                    weight = idf[tok] * (1 + math.log(qtf))
                    scaled = list(map(weight.__mul__, column))
                    if len(weighted) < self._weighted_cap:
                        weighted[tok, qtf] = scaled
                # 0.0 + x is x: a first column is the sum so far (copied: postings add in place)
                out = list(map(add, out, scaled)) if out is not None else scaled[:]
                continue
            if out is None:
                out = [0.0] * self.n
            weight = idf[tok] * (1 + math.log(qtf))
            for i, part in zip(*self.postings[tok], strict=True):
                out[i] += weight * part
        return out if out is not None else [0.0] * self.n

    def _columns(self) -> tuple[dict[str, list[float]], dict[tuple[str, int], list[float]]]:
        """The dense columns of the terms in at least a quarter of the documents, and those
        columns times a query's weight by (term, count in the query), kept up to 2^18 floats
        (~8 MB; 9,000 queries on 273 sections ask ~1,250 such columns, and the first ~960 kept
        answer as fast as all): built on first use (a decoded index has only its postings)."""
        built = self._built
        if built is None:
            dense: dict[str, list[float]] = {}
            floor = max(2, self.n // 4)
            for tok, (ids, parts) in self.postings.items():
                if len(ids) >= floor:
                    column = [0.0] * self.n
                    for i, part in zip(ids, parts, strict=True):
                        column[i] = part
                    dense[tok] = column
            built = self._built = (dense, {})
            self._weighted_cap = (1 << 18) // max(1, self.n)
        return built


def title_core(title: str) -> str:
    """The name part of a title: "Quill · 两级 KV 缓存管理" → "Quill"."""
    core = re.split(r"\s[·—–|]\s|[:：(（【]|\s-\s|——", title, maxsplit=1)[0]
    return core.strip(" -—·:：")


def normalized_title(title: str) -> str:
    """Lower case, short parentheticals dropped, punctuation as spaces: titles compared as words."""
    t = title.lower()
    t = re.sub(r"[(（【\[][^)）】\]]{0,40}[)）】\]]", " ", t)
    return re.sub(r"[^\w\u3400-\u9fff.+]+", " ", t).strip()
