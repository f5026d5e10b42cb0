"""Many literal names found in a text at once, as written or in any case.

Why: overlaps looks for ~8,000 increments' short names in every item's text. One pattern holds
them all, as a character trie, so a text costs its length rather than its length times the
names. Names matched in any case are looked for in the lowered text with a case-sensitive
pattern: ``re.IGNORECASE`` made the same scan ~12× slower (0.69 s of 2.7 M characters on a
2,000-note workspace). The text is lowered, and the few characters ``re`` also equates beyond
lower case (its own table) are taken to one of their class, in the text and in the names: that
matches what ``re.IGNORECASE`` matches wherever lowering keeps each character one character (a
text where it does not, with a dotted İ, is matched with ``re.IGNORECASE``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

from curator.textfeatures import REGEX_CASE_FOLD

__all__ = ["NameFinder", "trie_branches"]


_FOLD = (
    {c: r for c, r in REGEX_CASE_FOLD.items() if r is not None and chr(c) != r}
    if REGEX_CASE_FOLD is not None
    else None
)
"""``str.translate`` table taking each character ``re.IGNORECASE`` equates beyond lower case
(dotless ı with i, long ſ with s, ς with σ, µ with μ, ...) to one of its class; None when this
Python does not say which (names in any case are then matched with ``re.IGNORECASE``)."""
_FOLDABLE = re.compile("[" + re.escape("".join(map(chr, _FOLD))) + "]") if _FOLD else None
"""What ``_FOLD`` changes: a text with none (nearly every one) is not translated (~80 ns a
character)."""


class NameFinder:
    """Where any of ``names`` occurs in a text: (start, end) of each leftmost-longest match.
    With ``fold``, the names are lower case and match in any case."""

    def __init__(self, names: Iterable[str], fold: bool = False) -> None:
        self.names = frozenset(names)
        self.fold = fold
        self.lowered = fold and _FOLD is not None
        words = {n.translate(_FOLD or {}) for n in self.names} if self.lowered else self.names
        self.plain = _trie_regex(frozenset(words), False)
        """Case-sensitive: the names as written, or (``fold``) in a lowered, folded text."""

    def finditer(self, text: str) -> Iterator[tuple[int, int]]:
        if self.lowered:
            low = text.lower()
            if len(low) == len(text):  # each character lowered to one: the same offsets
                if _FOLDABLE is not None and _FOLDABLE.search(low):
                    low = low.translate(_FOLD or {})
                for m in self.plain.finditer(low):
                    yield m.span()
                return
        rx = _trie_regex(self.names, True) if self.fold else self.plain
        for m in rx.finditer(text):
            yield m.span()


@lru_cache(maxsize=8)
def _trie_regex(words: frozenset[str], fold: bool) -> re.Pattern[str]:
    """One pattern for many literal names (:func:`trie_branches`).  Memoised on the name set:
    re-analysing the same increments rebuilds a ~8,000-name pattern otherwise (tens of ms;
    ~0.4 s when ``re`` compiles it anew)."""
    source = "|".join(trie_branches(words))
    if "" in words:
        source = f"(?:{source})?"
    return re.compile(source, re.IGNORECASE if fold else 0)


def trie_branches(words: Iterable[str], *, spaces: bool = False) -> list[str]:
    """Literal ``words`` as one regex branch per first character, shared prefixes factored out.

    Joined with ``|`` they match what ``"|".join(sorted(words, key=len, reverse=True))``
    matches (the longest word at the leftmost position) in time proportional to the text, not to
    the text times the words; a flat top-level alternation, too, lets the engine skip ahead by
    the branches' first characters.  ``spaces``: a space matches any run of white space.
    """
    trie: dict[str, dict] = {}
    for w in words:
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def char(ch: str) -> str:
        return r"\s+" if spaces and ch.isspace() else re.escape(ch)

    def build(node: dict[str, dict]) -> str:
        alts = [char(ch) + build(child) for ch, child in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body

    return [char(ch) + build(child) for ch, child in sorted(trie.items()) if ch]
