"""The prefilter that skips a phrase regex on texts it cannot match must never skip a match.

``regex_needs`` reads what every match of a pattern contains; a wrong answer would silently drop
an author's remark or section hint.  Checked here on examples and, for soundness, on every
packaged ``re:`` phrase and section-hint pattern against every note of every labelled relay.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from curator import hints
from curator.lexicon import default_lexicon, may_match, skim
from curator.phrase_files import packaged_data
from curator.phrase_regex import to_regex
from curator.regex_needs import regex_needs

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"


@pytest.mark.parametrize(
    ("source", "words", "slots"),
    [
        (r"\bforward(?:ed)?\s+to\s+the\s+{other}\b", ("forward",), ("other",)),
        (r"(?:→|->|=>)\s*{person}\b", ("->", "=>", "→"), ("person",)),
        (r"{other}|{person}", None, ()),  # either placeholder: neither is certain
        (r"[归歸]入", ("归入", "歸入"), ()),  # a class of a few characters is each spelling
        (r"va\s+a\b", ("va a",), ()),  # whitespace runs read as one space
        # each apostrophe a word may be written with is one spelling: "qo'sh" alone has no run
        # of three letters, and without the six spellings every English note was scanned for it
        (r"qo[ʻʼ'’‘`]sh", ("qo'sh", "qo`sh", "qoʻsh", "qoʼsh", "qo‘sh", "qo’sh"), ()),
        (r"x[abcdefghi]yz", None, ()),  # a class of nine letters is not spelled out
        (r"(?:abc|de)x", None, ()),  # one branch needs too little to be worth a look
        (r"x(?!{other})", None, ()),  # a negative part requires nothing
        (r"(?:foo)+barbaz", ("barbaz",), ()),
        (r"ab{1,3}cde", ("cde",), ()),
        (r"(", None, ()),  # not a pattern: nothing is ruled out
    ],
)
def test_what_every_match_contains(
    source: str, words: tuple[str, ...] | None, slots: tuple[str, ...]
) -> None:
    assert regex_needs(source) == (words, slots)


def _texts() -> list[str]:
    out = []
    for base in (SHARED / "sample-relay", SHARED / "dev-relays", ROOT / "tests" / "relays"):
        out += [p.read_text("utf-8", "replace") for p in sorted(base.rglob("*.md"))]
    # a few remarks written the way the phrase files expect them, whitespace and case varied
    out += [
        "FORWARD   to the RAG team please",
        "→ @hanna",
        "va  a la secció 3.2",
        "归入 §4.3",
        "歸入 §4.3",
        "belongs\tin 2.1",
        "parking this for the agents folks",
        "これは rag の話",
        "skip.",
        "不重复报",
        "4.1-ga qoʻshing",
        "3.2 ga qo'shish kerak",
        "5.1-ga ko‘chiring",
        "Boʻlim: 2.1",
        "4.1-га қўшинг",
    ]
    return out


def _phrase_entries(node: object) -> list[str]:
    if isinstance(node, dict):
        return [e for v in node.values() for e in _phrase_entries(v)]
    if isinstance(node, list):
        return [e for e in node if isinstance(e, str) and e.startswith("re:")]
    return []


def test_no_packaged_phrase_is_skipped_on_a_text_it_matches() -> None:
    names = {
        "topic": ("serving", "rag"),
        "other": ("rag", "agents", "evaluation"),
        "person": ("hanna", "@hanna"),
    }
    entries = sorted(set(_phrase_entries(packaged_data())))
    assert len(entries) > 100  # the check covers the phrase files, not an empty list
    texts = [(t, skim(t)) for t in _texts()]
    checked = 0
    for entry in entries:
        words, _slots = regex_needs(entry[3:])
        if words is None:
            continue
        rx = re.compile(to_regex(entry, names), re.IGNORECASE | re.MULTILINE)
        folded = tuple(skim(w) for w in words)
        for text, skimmed in texts:
            if rx.search(text):
                checked += 1
                assert any(w in skimmed for w in folded), (entry, words, rx.search(text))
    assert checked > 20  # phrases with a filter did match some texts, and none was skipped


def test_section_hint_patterns_are_never_skipped_on_a_match() -> None:
    patterns = [*hints._patterns(default_lexicon()), default_lexicon().pattern("hints", "after")]
    matched = 0
    for text in _texts():
        norm = unicodedata.normalize("NFKC", text)
        skimmed = skim(norm)
        for rx in patterns:
            if rx.search(norm):
                matched += 1
                assert may_match(rx, skimmed), (rx.pattern[:80], rx.search(norm))
    assert matched > 20
