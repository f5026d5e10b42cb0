"""Finding phrases fast: each one is tried only on texts that hold a word it needs.

Most texts hold none of a table's phrases; a cheap substring test on the words every match must
contain (:mod:`curator.regex_needs`) turns them away before a regex of hundreds of phrases runs.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import NamedTuple

from curator import regex_cache
from curator.phrase_regex import PLACEHOLDER, to_regex
from curator.regex_needs import regex_needs
from curator.script_fold import fold_script, skim_lower

_ONE_WORD = regex_cache.compile(r"[A-Za-z0-9]+")
_WORDS = regex_cache.compile(r"[a-z0-9]+")


class PhraseSet:
    """The phrases of one ``[table] key``, each tried only on texts that can hold it.

    One alternation of every phrase and every name (81 other topics' names x the redirect
    phrases is 75 KB of regex) costs the regex engine a try of each branch at each position of
    each text.  A phrase cannot match a text that lacks its longest literal word, nor fill a
    placeholder in a text that holds none of its names; so each phrase is compiled on its own,
    once, tried on the texts that hold what it needs, and :meth:`finditer` merges the phrases'
    matches the way the alternation would: leftmost first, the earlier phrase on a tie, the next
    search after the end of the last match.
    """

    def __init__(self, entries: list[str], names: dict[str, tuple[str, ...]]) -> None:
        self.entries = entries
        self.names = names
        # a name of one ASCII word ("rag", "rl") matches only a whole word: look it up among the
        # text's words, not as a substring (which "fragment" and "world" would hold)
        self.lowered = {
            k: tuple((n.lower(), bool(_ONE_WORD.fullmatch(n))) for n in v) for k, v in names.items()
        }
        # each placeholder's one-word names as a set (looked up all at once), the others in order
        self._names_by_kind = {
            k: (frozenset(nl for nl, one in v if one), tuple(nl for nl, one in v if not one))
            for k, v in self.lowered.items()
        }
        # per phrase: a word the text must hold, and the placeholders it must fill (an re: phrase's
        # parse says what every match contains: "{other}|{person}" needs neither for certain)
        self.needs: list[tuple[tuple[str, ...] | None, tuple[str, ...]]] = []
        for w in entries:
            literal: tuple[str, ...] | None = None
            slots: tuple[str, ...] = ()
            if w.startswith("re:"):
                words_any, slots = regex_needs(w[3:])
                literal = tuple(fold_script(x) for x in words_any) if words_any else None
            else:
                slots = tuple(sorted(set(PLACEHOLDER.findall(w))))
                words = [
                    t for chunk in PLACEHOLDER.split(w.removeprefix("lit:")) for t in chunk.split()
                ]
                words = [t for t in words if t not in ("topic", "other", "person")]
                literal = (fold_script(max(words, key=len).lower()),) if words else None
            self.needs.append((literal, slots))
        self._compiled: dict[int, re.Pattern[str] | None] = {}
        # the phrases by the words they need: a text is searched once per distinct word
        self._always = [i for i, (lit, _s) in enumerate(self.needs) if lit is None]
        self._by_word: dict[str, list[int]] = {}
        for i, (lit, _s) in enumerate(self.needs):
            for w in lit or ():
                self._by_word.setdefault(w, []).append(i)
        self._always.extend(self._by_word.get("", ()))  # every text holds the empty word
        self._indexes: dict[frozenset[str], tuple[frozenset[str], dict[str, list[str]]]] = {}

    def _index(self, present: frozenset[str]) -> tuple[frozenset[str], dict[str, list[str]]]:
        """The words worth looking for when the names of ``present`` occur (some phrase needing
        the word needs no other placeholder), by a character of theirs that few texts hold: a
        text lacking that character lacks the word."""
        hit = self._indexes.get(present)
        if hit is None:
            needs = self.needs
            by_char: dict[str, list[str]] = {}
            for w, idx in self._by_word.items():
                if w and any(all(p in present for p in needs[i][1]) for i in idx):
                    by_char.setdefault(max(w, key=_rarity), []).append(w)
            hit = self._indexes[present] = (frozenset(by_char), by_char)
        return hit

    def present(self, low: str) -> frozenset[str]:
        """The placeholders some name of which occurs in ``low`` (a lower-cased text)."""
        words: set[str] | None = None
        out = set()
        for k, (one_word, other) in self._names_by_kind.items():
            if one_word:
                words = set(_WORDS.findall(low)) if words is None else words
                if not one_word.isdisjoint(words):
                    out.add(k)
                    continue
            if any(nl in low for nl in other):
                out.add(k)
        return frozenset(out)

    def _entry(self, i: int) -> re.Pattern[str] | None:
        if i in self._compiled:
            return self._compiled[i]
        source = to_regex(self.entries[i], self.names)
        hit = self._compiled[i] = (
            regex_cache.compile(source, re.IGNORECASE | re.MULTILINE) if source else None
        )
        return hit

    def finditer(
        self, text: str, low: str | None = None, present: frozenset[str] | None = None
    ) -> Iterator[re.Match[str]]:
        """What ``re.finditer`` of the whole alternation would yield, in the same order."""
        low = text.lower() if low is None else low
        present = self.present(low) if present is None else present
        folded = skim_lower(low)  # a phrase written in one script is looked for in both
        chosen = set(self._always)
        by_word = self._by_word
        chars, by_char = self._index(present)
        for c in chars & text_chars(folded):
            for w in by_char[c]:
                if w in folded:
                    chosen.update(by_word[w])
        needs = self.needs
        pats = [
            pat
            for i in sorted(chosen)
            if all(p in present for p in needs[i][1]) and (pat := self._entry(i)) is not None
        ]
        if not pats:
            return
        nxt: list[re.Match[str] | None] = [p.search(text) for p in pats]
        pos = 0
        while True:
            best = None
            for k, m in enumerate(nxt):
                if m is not None and m.start() < pos:
                    m = nxt[k] = pats[k].search(text, pos)
                if m is not None and (best is None or m.start() < best.start()):
                    best = m
            if best is None:
                return
            yield best
            pos = best.end() if best.end() > best.start() else best.start() + 1


_COMMON = " etaoinsrhldcumfpgwybvkxjqz"
"""Latin letters (and the space) by how often English text holds them, commonest first."""


def _rarity(ch: str) -> int:
    """How few texts hold ``ch``: any other script's letter beats a Latin one, a rare Latin
    letter a common one; digits and punctuation rank between."""
    at = _COMMON.find(ch)
    return at if at >= 0 else (len(_COMMON) if not ch.isascii() else 8)


def rarest_char(word: str) -> str:
    """The character of ``word`` fewest texts hold ("" for the empty word): a text without it
    cannot hold the word, so words are looked for only in texts that hold theirs."""
    return max(word, key=_rarity) if word else ""


@functools.lru_cache(maxsize=16)
def text_chars(text: str) -> frozenset[str]:
    """The characters of ``text``, kept while the phrase sets of one reader ask about it."""
    return frozenset(text)


class _Words(NamedTuple):
    """The words one of which every match of a regex holds."""

    any_word: re.Pattern[str]
    """One regex of them all."""
    chars: frozenset[str]
    by_char: dict[str, tuple[str, ...]]
    """The words by a character of theirs that few texts hold."""


@functools.lru_cache(maxsize=256)
def _pattern_words(source: str) -> _Words | None:
    """The words one of which every match of ``source`` holds."""
    words, _slots = regex_needs(source)
    if not words:
        return None
    folded = tuple(dict.fromkeys(fold_script(w) for w in sorted(words)))  # one order, any seed
    by_char: dict[str, tuple[str, ...]] = {}
    for w in folded:
        key = rarest_char(w)
        by_char[key] = (*by_char.get(key, ()), w)
    return _Words(
        regex_cache.compile("|".join(re.escape(w) for w in sorted(folded, key=len, reverse=True))),
        frozenset(by_char),
        by_char,
    )


_SHORT = 48
"""Up to this length a text is scanned once by one regex of all the words (measured fastest on
titles and headings); a longer one is searched word by word (a C substring search each), for the
words whose rarest character it holds."""


def may_match(rx: re.Pattern[str], skimmed: str) -> bool:
    """False when ``rx`` cannot match the text ``skimmed`` came from (it lacks every word one of
    which each match holds): a cheap test before a regex of hundreds of phrases scans it."""
    known = _pattern_words(rx.pattern)
    if known is None:
        return True
    if len(skimmed) <= _SHORT:
        return known.any_word.search(skimmed) is not None
    if "" in known.by_char:
        return True  # every text holds the empty word
    by_char = known.by_char
    return any(w in skimmed for c in known.chars & text_chars(skimmed) for w in by_char[c])
