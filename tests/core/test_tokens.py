"""Tokens of mixed-script text: Latin words, then CJK bigrams (katakana, Hangul, Han), whatever
else the text holds; a text whose characters all sit below the CJK blocks skips their search
(issue 14), with the same tokens.  (Latin words are ASCII runs: "naïve" is read as "na" and
"ve"; these expectations hold what the tokens were before the shortcut.)"""

from __future__ import annotations

import pytest

from curator.textfeatures import _CJK_RUN, tokens


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "KV-cache → 2× faster, naïve café",
            ["kv-cache", "kv", "cache", "2×", "faster", "na", "ve", "caf"],
        ),
        (
            "two-level 两级缓存 cache",
            ["two-level", "two", "level", "cache", "两级", "级缓", "缓存"],
        ),
        ("ｶﾀ テスト 한국어", ["テス", "スト", "한국", "국어"]),
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
