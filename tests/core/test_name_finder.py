"""Names found in any case without ``re.IGNORECASE`` (issue 14) must be found where
``re.IGNORECASE`` finds them, whatever the script: dotted and dotless i, long s, the sigmas, the
Kelvin sign, sharp s, Cyrillic, CJK.  (The one difference: one pattern of names with
``re.IGNORECASE`` takes the first of two names that differ only in case-equal letters, "ς…" before
"σb"; the folded scan takes the longest, as it does for every other name.)"""

from __future__ import annotations

import random
import re
import sys

import pytest

from curator.name_finder import _FOLD, NameFinder, _trie_regex

_TRICKY = "aAbBiIıİsSſkKKσςΣµμΜßẞёЁéÉθϑΘ两级 -.1"


def _ignorecase_spans(names: set[str], text: str) -> list[tuple[int, int]]:
    return [m.span() for m in _trie_regex(frozenset(names), True).finditer(text)]


def _leftmost_longest(names: set[str], text: str) -> list[tuple[int, int]]:
    """At each position from the left, the longest name ``re.IGNORECASE`` matches there, written
    out name by name."""
    out, p = [], 0
    while p < len(text):
        fits = [
            len(n) for n in names if re.fullmatch(re.escape(n), text[p : p + len(n)], re.IGNORECASE)
        ]
        step = max(fits, default=0)
        if step:
            out.append((p, p + step))
        p += step or 1
    return out


@pytest.mark.parametrize("seed", range(6))
def test_folded_matches_are_the_ignorecase_matches(seed: int) -> None:
    rng = random.Random(seed)
    found = 0
    for _ in range(400):
        names = {
            "".join(rng.choices(_TRICKY, k=rng.randint(1, 4))).lower()
            for _ in range(rng.randint(1, 12))
        }
        names.discard("")
        finder = NameFinder(names, fold=True)
        for _ in range(5):
            text = "".join(rng.choices(_TRICKY, k=rng.randint(0, 40)))
            if len(text.lower()) == len(text):
                want = _leftmost_longest(names, text)
            else:  # a dotted İ: matched with re.IGNORECASE itself
                want = _ignorecase_spans(names, text)
            assert list(finder.finditer(text)) == want, (names, text)
            found += len(want)
    assert found > 1000  # the texts hold plenty of names: the comparison means something


def test_names_as_written_match_case_sensitively() -> None:
    finder = NameFinder({"QUIL", "Net"})
    assert list(finder.finditer("QUIL and quil, Net net NETS")) == [(0, 4), (15, 18)]


@pytest.mark.skipif(_FOLD is None, reason="this Python has no re._casefix table")
def test_the_fold_table_is_re_ignorecase_beyond_lower_case() -> None:
    """Every cased character of the Basic Multilingual Plane against its other cases and its
    class: equal after lowering and folding exactly when ``re.IGNORECASE`` matches them."""
    assert _FOLD is not None
    checked = 0
    for code in range(0x10000):
        c = chr(code)
        if 0xD800 <= code < 0xE000 or len(c.lower()) != 1:
            continue
        others = {c.upper(), c.lower(), c.swapcase(), c.title(), *(chr(k) for k in _FOLD)}
        if c.lower() == c.upper() and code not in _FOLD:
            continue
        for p in others:
            if len(p) != 1 or len(p.lower()) != 1:
                continue
            same = c.lower().translate(_FOLD) == p.lower().translate(_FOLD)
            assert same == bool(re.fullmatch(re.escape(p), c, re.IGNORECASE)), (c, p)
            checked += 1
    assert checked > 5000, checked
    assert sys.version_info >= (3, 11)
