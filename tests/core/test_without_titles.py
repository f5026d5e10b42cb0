"""Blanking a paper's titles in a remark finds what the case-insensitive regex finds, "İ" and "ſ"
and "ς" included."""

from __future__ import annotations

import random
import re

from curator.evidence import _without_titles
from curator.textfeatures import blank_word


def test_titles_are_blanked_as_the_regex_blanks_them() -> None:
    rng = random.Random(1)
    alpha = "abcXYZ kKsSiI.*(ıİſKΣσςéÉ中文"
    for _ in range(20000):
        plain = rng.random() < 0.7
        title = "".join(rng.choices(alpha[:16] if plain else alpha, k=rng.randint(8, 10)))
        text = "".join(rng.choices(alpha, k=rng.randint(0, 40)))
        if rng.random() < 0.5:
            at = rng.randint(0, len(text))
            text = text[:at] + (title.upper() if rng.random() < 0.5 else title) + text[at:]
        want = text
        if title.lower() in text.lower():
            want = re.sub(re.escape(title), " … ", text, flags=re.IGNORECASE)
        assert _without_titles(text, [title]) == want, (text, title)


def test_every_title_in_turn() -> None:
    text = "Agents Ignore Their Tools (AGENTS IGNORE THEIR TOOLS): skip, agents ignore their tools"
    got = _without_titles(text, ["agents ignore their tools", "Their Tools"])
    assert got == " …  ( … ): skip,  … "


def test_a_name_is_blanked_as_the_word_bounded_regex_blanks_it() -> None:
    """``blank_word`` (suggest's wording read without another paper's name) agrees with
    ``(?<!\\w)name(?!\\w)`` under IGNORECASE, in and out of the characters lower() gets wrong."""
    rng = random.Random(2)
    alpha = "abAB_ -.1é中ıİſ"
    for _ in range(40000):
        cut = 10 if rng.random() < 0.8 else len(alpha)
        word = "".join(rng.choices(alpha[:cut], k=rng.randint(1, 3)))
        text = "".join(rng.choices(alpha[:cut], k=rng.randint(0, 14)))
        want = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", " ", text, flags=re.IGNORECASE)
        assert blank_word(text, word) == want, (text, word)


def test_a_name_inside_a_longer_word_stays() -> None:
    assert blank_word("MiraFlow-2 beats MiraFlow, miraflow and MiraFlows", "MiraFlow") == (
        " -2 beats  ,   and MiraFlows"
    )


def test_a_title_wrapped_over_lines_is_blanked() -> None:
    """A hard-wrapped reference ("… Probes read, models ignore:\\nCausal validation …") holds the
    title as the card writes it on one line: "ignore" in it is no verdict."""
    text = "Haddad, L. (2026). Probes read, models ignore:\n  Causal validation of 1,200 linear probes. arXiv."
    title = "Probes read, models ignore: Causal validation of 1,200 linear probes"
    assert _without_titles(text, [title]) == "Haddad, L. (2026).  … . arXiv."
