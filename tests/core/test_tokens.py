"""Tokens of mixed-script text: Latin words, then CJK bigrams (katakana, Hangul, Han), whatever
else the text holds; a text whose characters all sit below the CJK blocks skips their search
(issue 14), with the same tokens.  Accented Latin letters belong to their words: "naïve",
"Straße", "tiếng" (they were read as "na" and "ve", "stra" and "e", ...)."""

from __future__ import annotations

import pytest

from curator.textfeatures import _CJK_RUN, tokens


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "KV-cache → 2× faster, naïve café",
            ["kv-cache", "kv", "cache", "2×", "faster", "naïve", "café"],
        ),
        (
            "two-level 两级缓存 cache",
            ["two-level", "two", "level", "cache", "两级", "级缓", "缓存"],
        ),
        ("ｶﾀ テスト 한국어", ["テス", "スト", "한국", "국어"]),
        (
            "Straße für tiếng Việt, español: también",
            ["straße", "für", "tiếng", "việt", "español", "también"],
        ),
        ("", []),
    ],
)
def test_tokens_latin_then_cjk(text: str, want: list[str]) -> None:
    assert tokens(text) == want


def test_every_cjk_run_character_is_at_or_above_the_shortcut() -> None:
    """The shortcut holds only if no character a run can hold sits below the first one."""
    from curator.textfeatures import _CJK_FIRST

    below = [chr(c) for c in range(ord(_CJK_FIRST)) if _CJK_RUN.search(chr(c) * 2)]
    assert below == []
    assert _CJK_RUN.search(_CJK_FIRST * 2)


def test_only_the_space_is_printable_whitespace() -> None:
    """``squeeze`` leaves a printable text without a double space alone: that holds only while
    every other character ``\\s`` matches is unprintable."""
    import re

    from curator.regex_needs import squeeze

    printable_spaces = [
        c for c in map(chr, range(0x110000)) if c != " " and re.match(r"\s", c) and c.isprintable()
    ]
    assert printable_spaces == []
    assert squeeze("a b  c\td\u3000e\u00a0f") == "a b c d e f"
    text = "one line, single spaces"
    assert squeeze(text) is text


def test_squeeze_is_the_whitespace_pattern() -> None:
    """Random texts of letters and every kind of whitespace: the same as the pattern."""
    import random

    from curator.regex_needs import _SPACES, squeeze

    rng = random.Random(3)
    alphabet = "ab两 \t\n\r\x0b\x0c\u00a0\u3000\u2028\u0085\x1c"
    for _ in range(5000):
        text = "".join(rng.choices(alphabet, k=rng.randint(0, 12)))
        assert squeeze(text) == _SPACES.sub(" ", text), repr(text)
