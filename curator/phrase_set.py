"""Finding phrases fast: each one is tried only on texts that hold a word it needs.

Most texts hold none of a table's phrases; a cheap substring test on the words every match must
contain (:mod:`curator.regex_needs`) turns them away before a regex of hundreds of phrases runs.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from curator.phrase_regex import PLACEHOLDER, to_regex
from curator.regex_needs import regex_needs
from curator.script_fold import fold_script, skim_lower

_ONE_WORD = re.compile(r"[A-Za-z0-9]+")
_WORDS = re.compile(r"[a-z0-9]+")


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

    def present(self, low: str) -> frozenset[str]:
        """The placeholders some name of which occurs in ``low`` (a lower-cased text)."""
        words: set[str] | None = None
        out = set()
        for k, names in self.lowered.items():
            for nl, one in names:
                if one:
                    words = set(_WORDS.findall(low)) if words is None else words
                    if nl in words:
                        break
                elif nl in low:
                    break
            else:
                continue
            out.add(k)
        return frozenset(out)

    def _entry(self, i: int) -> re.Pattern[str] | None:
        if i in self._compiled:
            return self._compiled[i]
        source = to_regex(self.entries[i], self.names)
        hit = self._compiled[i] = (
            re.compile(source, re.IGNORECASE | re.MULTILINE) if source else None
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
        for w, idx in self._by_word.items():
            if w in folded:
                chosen.update(idx)
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


@functools.lru_cache(maxsize=256)
def _pattern_words(source: str) -> tuple[tuple[str, ...], re.Pattern[str]] | None:
    """The words one of which every match of ``source`` holds, and one regex of them all."""
    words, _slots = regex_needs(source)
    if not words:
        return None
    folded = tuple(dict.fromkeys(fold_script(w) for w in words))
    return folded, re.compile("|".join(re.escape(w) for w in sorted(folded, key=len, reverse=True)))


_SHORT = 48
"""Up to this length a text is scanned once by one regex of all the words (measured fastest on
titles and headings); a longer one is searched word by word (a C substring search each)."""


def may_match(rx: re.Pattern[str], skimmed: str) -> bool:
    """False when ``rx`` cannot match the text ``skimmed`` came from (it lacks every word one of
    which each match holds): a cheap test before a regex of hundreds of phrases scans it."""
    known = _pattern_words(rx.pattern)
    if known is None:
        return True
    words, any_word = known
    if len(skimmed) <= _SHORT:
        return any_word.search(skimmed) is not None
    return any(w in skimmed for w in words)
