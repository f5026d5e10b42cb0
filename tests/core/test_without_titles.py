"""Blanking a paper's titles in a remark finds what the case-insensitive regex finds, "İ" and "ſ"
and "ς" included."""

from __future__ import annotations

import random
import re

from curator.evidence import _without_titles


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
