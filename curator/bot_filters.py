"""The words a keyword program says it matched ("filter: reasoning | chain of thought | proof").

A keyword digest keeps an entry because one of its words is in the title: "Verifier-Efficient
Zero-Knowledge Proofs" passes a filter on "verifier | proof".  That match is the program's, not
evidence the paper is about the topic, so those words do not count toward the entry's fit with
the doc (:meth:`curator.relevance.Profile.fit`'s ``ignore``).  The labels of such a line live in
the phrase files (``[notes] filter_labels``).
"""

from __future__ import annotations

import re

from curator.lexicon import Lexicon

__all__ = ["filter_words", "ignored"]

_WORD = re.compile(r"[^\W\d_][\w-]*[^\W\d_]|[^\W\d_]", re.UNICODE)
_HEAD_LINES = 30
_SHORTEST = 3
_STEM = 5
"""A filter word this long or longer also stands for the words it begins ("discriminat")."""


def filter_words(text: str, lexicon: Lexicon) -> frozenset[str]:
    """The lower-cased words of a filter line in the note's first 30 lines ("filter: …",
    "keywords = …"), else none."""
    labels = lexicon.literals("notes", "filter_labels")
    if not labels:
        return frozenset()
    label = "|".join(re.escape(w) for w in sorted(labels, key=len, reverse=True))
    line = re.compile(rf"^[\s>*_-]*(?:{label})[\s*_]*[:=：]\s*(.+)$", re.IGNORECASE)
    words: set[str] = set()
    for raw in text.split("\n", _HEAD_LINES)[:_HEAD_LINES]:
        m = line.match(raw)
        if m:
            words.update(w.lower() for w in _WORD.findall(m.group(1)) if len(w) >= _SHORTEST)
    return frozenset(words)


def ignored(term: str, words: frozenset[str]) -> bool:
    """Whether *term* is one of the filter's words, or begins with a long one."""
    if term in words:
        return True
    return any(len(w) >= _STEM and term.startswith(w) for w in words)
