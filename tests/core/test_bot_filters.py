"""A keyword program's own filter words are no evidence that an entry it kept is about the topic."""

from __future__ import annotations

import json
from pathlib import Path

from relay_support import analyze_relay

from curator.bot_filters import filter_words, ignored
from curator.lexicon import default_lexicon

ROOT = Path(__file__).resolve().parents[2]


def test_the_filter_line_gives_its_words() -> None:
    head = '---\nbot: radar 0.3\nfilter: "ranking | tree search | discriminat" (title only)\n---\n'
    words = filter_words(head, default_lexicon())
    assert {"ranking", "tree", "search", "discriminat", "title", "only"} <= words
    assert filter_words("- keywords = layout, OCR\n", default_lexicon()) >= {"layout", "ocr"}
    assert filter_words("A note about filters in signal processing.\n", default_lexicon()) == set()


def test_a_long_filter_word_stands_for_the_words_it_begins() -> None:
    words = frozenset({"discriminat", "ocr", "proof"})
    assert ignored("discrimination", words) and ignored("proofs", words)
    assert ignored("ocr", words) and not ignored("ocrbench", words)  # a short word: itself only
    assert not ignored("proving", words)


def test_relay_policy_a_digest_entry_that_fits_only_by_the_bots_words_is_off_topic(
    tmp_path: Path,
) -> None:
    """The OpenAlex bot matched "regulation" / "evaluation"; the gene-regulatory network paper it
    kept shares nothing else with the AI-policy doc."""
    relay = ROOT / "tests" / "relays-open" / "relay-policy"
    incs = analyze_relay(relay, tmp_path)
    assert incs["2710.14207"]["status"] == "off-topic"
    expected = json.loads((relay / "expected.json").read_text(encoding="utf-8"))
    for e in expected["new_increments"]:  # the new ones the same bot carries stay new
        if e["key"] in incs:
            assert incs[e["key"]]["status"] == "new", e["key"]
