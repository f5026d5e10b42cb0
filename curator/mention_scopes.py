"""The text of each source that speaks of one increment: its own item whole, and from a note
that only mentions it, the sentences (or the stretch near the ID) that name it.

What the authors say of an increment (remarks, hints) is read in these scopes, so a remark about
the next paper in the same paragraph is not taken for one about this one.
"""

from __future__ import annotations

from functools import lru_cache

from curator.arxiv import find_ids, find_malformed_ids, may_hold_malformed
from curator.matcher import Cluster
from curator.mentions import sentence_spans
from curator.models import Item

_SCOPES_MAX = 200
"""Items read for what is said of one increment: a table pasting one ID 16,000 times says it
once."""


def scopes(c: Cluster, keys: set[str]) -> list[tuple[Item, str]]:
    """Each source item with the text that speaks of this increment: a primary item's own
    sentences (not those about another paper it cites), a mention's sentence."""
    out: list[tuple[Item, str]] = []
    for it in c.items[:_SCOPES_MAX]:
        cm = _citations(it.text)
        own = [
            it.text[a:b]
            for (a, b), cited, bad in zip(cm.spans, cm.cited, cm.malformed, strict=True)
            if not (cited or bad)
            or cited
            & keys  # not about another paper ("They compare against Bench-X (2610.14001)…")
        ]
        out.append((it, " ".join(own) if own else it.text))
    out.extend(
        (m, _mention_scope(m.text, keys)) for m in c.mentions[:_SCOPES_MAX] if m not in c.items
    )
    return out


class _CitationMap:
    """One text's sentences, the IDs each cites and where each ID occurs: read once per text, so a
    note citing thousands of papers is not re-read for each of them."""

    __slots__ = ("cited", "malformed", "next_citing", "positions", "sentences_of", "spans")

    def __init__(self, text: str) -> None:
        self.spans = sentence_spans(text)
        self.cited: list[frozenset[str]] = []
        self.positions: dict[str, list[tuple[int, int]]] = {}
        self.sentences_of: dict[str, list[int]] = {}
        found = find_ids(text)
        k = 0
        for i, (a, b) in enumerate(self.spans):
            here: set[str] = set()
            while k < len(found) and found[k].start < b:
                m = found[k]
                k += 1
                # an ID is cited by the sentence that holds it whole
                if m.start >= a and m.end <= b:
                    here.add(m.id)
                    self.positions.setdefault(m.id, []).append((m.start, m.end))
            for key in here:
                self.sentences_of.setdefault(key, []).append(i)
            self.cited.append(frozenset(here))
        # a sentence giving an ID that cannot be one ("arxiv.org/abs/2603.0412 — a digit is
        # missing, ignore it") speaks of that paper, not of the one before it
        bad = [m.start for m in find_malformed_ids(text)] if may_hold_malformed(text) else []
        self.malformed = [any(a <= at < b for at in bad) for a, b in self.spans]
        self.next_citing = [len(self.spans)] * len(self.spans)
        nxt = len(self.spans)
        for i in range(len(self.spans) - 1, -1, -1):
            self.next_citing[i] = nxt
            if self.cited[i] or self.malformed[i]:
                nxt = i


@lru_cache(maxsize=64)
def _citations(text: str) -> _CitationMap:
    return _CitationMap(text)


def _mention_scope(text: str, keys: set[str]) -> str:
    """The run of sentences that speak of this increment in a text citing several papers: from a
    sentence citing it to the next one citing another ("… the study (2609.11274) we have in 1.1"
    is no hint for the paper two bullets down).  The whole text when no sentence cites it."""
    cm = _citations(text)
    chosen: set[int] = set()
    for key in keys:
        for i in cm.sentences_of.get(key, ()):
            chosen.update(range(i, cm.next_citing[i]))  # up to the next sentence citing any paper
    own = []
    for i in sorted(chosen):
        a, b = cm.spans[i]
        own.append(_near(text, keys, a, b) if b - a > _LONG_SENTENCE else text[a:b])
    return (
        " ".join(own)
        if own
        else (_near(text, keys, 0, len(text)) if len(text) > _LONG_SENTENCE else text)
    )


_LONG_SENTENCE = 1200
"""Longer than any sentence a person writes about a paper: a list pasted without punctuation."""
_NEAR = 240


def _near(text: str, keys: set[str], a: int, b: int) -> str:
    """The words around each citation of ``keys`` in a run-on stretch ``text[a:b]`` (what a mention
    in it says is said near it), so a note of thousands of IDs on one line is not re-read whole for
    each."""
    cm = _citations(text)
    spans = sorted(
        (max(a, s - _NEAR), min(b, e + _NEAR))
        for key in keys
        for s, e in cm.positions.get(key, ())
        if a <= s and e <= b
    )
    if not spans:
        return text[a : a + 2 * _NEAR]
    return " … ".join(text[x:y] for x, y in spans[:8])
