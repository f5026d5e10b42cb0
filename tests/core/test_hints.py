"""Section hints in free text (curator.hints): numbers and titles after hint words, in five languages, and the
numbers that are not hints."""

from __future__ import annotations

import pytest

from curator.hints import read_hints
from curator.lexicon import load_lexicon, packaged_lexicon


def hints(text: str, lex=None) -> list[tuple[str, str]]:
    return [(h.kind, h.value) for h in read_hints(text, lex or packaged_lexicon())]


NUMBERS = [
    # English
    ("section:: 5.2", "5.2"),
    ("section: 5.2", "5.2"),
    ("Section 4.3", "4.3"),
    ("file under 2.2", "2.2"),
    ("goes in §1.3", "1.3"),
    ("→ 4.3", "4.3"),
    ("§3.8 material", "3.8"),
    ("put it in 1.2.1 please", "1.2.1"),
    # Chinese
    ("建议归入 §4.3", "4.3"),
    ("放 1.1", "1.1"),
    ("归入 3.2", "3.2"),
    ("锚到 ２．３", "2.3"),
    # Japanese
    ("1.2 に入れる", "1.2"),
    ("2.4 の節", "2.4"),
    # Spanish
    ("va en 2.1", "2.1"),
    ("sección 3.4", "3.4"),
    # French
    ("À mettre en 1.2", "1.2"),
    ("à classer dans 3.1", "3.1"),
    ("Rubrique : 2.2", "2.2"),
    # German
    ("Abschnitt 2.3", "2.3"),
    ("gehört in 4.1", "4.1"),
    # appendix-style numbers, a capital letter first
    ("sección C.3.1", "C.3.1"),
    ("§B.2 material", "B.2"),
    ("section: E.2", "E.2"),
    ("归到 C.3", "C.3"),
    # a lettered section of a numbered part
    ("New for us -> 6.A", "6.A"),
    ("Раздел: 4.A", "4.A"),
    ("section: 2.C.", "2.C"),
]


@pytest.mark.parametrize(("text", "num"), NUMBERS, ids=[t for t, _n in NUMBERS])
def test_a_number_after_a_hint_word_names_a_section(text: str, num: str) -> None:
    found = read_hints(text, packaged_lexicon())
    assert ("number", num) in [(h.kind, h.value) for h in found]
    h = next(h for h in found if h.kind == "number")
    assert num[-1] in h.text  # the words that say it are quoted


def test_a_dotted_number_after_in_names_a_section() -> None:
    assert ("number", "4.3") in hints("Belongs with the process-reward material in 4.3")


def test_a_lettered_label_after_in_names_a_section() -> None:
    assert ("number", "E.2") in hints("Worth a line in E.2 next to the other estimators")
    assert not [h for h in hints("scored in A.5x runs") if h[0] == "number"]


TITLES = [
    ("Where: Reasoning benchmarks", "Reasoning benchmarks"),
    ("section: data mixing", "data mixing"),
    ("file under judge reliability, I think", "judge reliability"),
    ("→ RLVR 那节", "RLVR"),
    ("数据配比那节", "数据配比"),
    ("評価の節", "評価"),
    ("en la sección datos sintéticos", "datos sintéticos"),
    ("einordnen unter Datenmischung", "Datenmischung"),
]


@pytest.mark.parametrize(("text", "title"), TITLES, ids=[t for t, _n in TITLES])
def test_words_after_a_hint_word_name_a_section_by_title(text: str, title: str) -> None:
    assert ("title", title) in hints(text)
    assert not [h for h in hints(text) if h[0] == "number"]


def test_a_quoted_number_after_a_hint_word_is_the_number() -> None:
    """ "→ “3.2”", "Section: \"4.1\"" and a table cell "[2.1]" file as the bare number does."""
    from curator.item_body import parse_hint

    assert ("number", "3.2") in hints("- → “3.2”")
    assert ("number", "4.1") in hints('Section: "4.1"')
    assert (parse_hint("[2.1]"), parse_hint("“3.2”"), parse_hint("「1.3」")) == (
        "§2.1",
        "§3.2",
        "§1.3",
    )


def test_a_title_asked_is_no_hint_as_a_number_asked_is_none() -> None:
    """ "Section: 1.2.2?" and "Section: multilingual ASR?" both leave the choice to the editor."""
    assert not hints("Section: multilingual ASR? (it's French) — your call")
    assert not hints("Section: 1.2.2? (it's French) — your call")
    assert ("title", "multilingual ASR") in hints("Section: multilingual ASR (it's French)")


def test_a_bare_section_sign_in_passing_is_a_reference_not_a_hint() -> None:
    assert hints("see §3.8 for background") == [("ref", "3.8")]


NOT_HINTS = [
    "2.1 SPARK: a sparse attention kernel",  # a pasted document's own numbering
    "1.1 Leakage probes: paraphrased contamination detection",
    "Scores rose to 4.3 points on MMLU",
    "accuracy went from 71.2 to 74.5",
    "In 2024 we saw 3.5 times more judges",
    "v0.6 is 2.3x faster",
    "GPT-4.1 and Claude 3.5 disagree",
    "judges agree 0.81 with raters (Spearman)",
]


@pytest.mark.parametrize("text", NOT_HINTS)
def test_numbers_without_a_hint_word_are_not_hints(text: str) -> None:
    assert [h for h in hints(text) if h[0] in ("number", "ref")] == []


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("inference finishes in 2.1 seconds per pair", id="in-2.1-seconds"),
        pytest.param("it trains in under 2 hours of compute", id="under-2-hours"),
    ],
)
def test_quantities_after_hint_words_are_not_hints(text: str) -> None:
    assert [h for h in hints(text) if h[0] == "number"] == []


def test_hints_come_in_order_numbers_first_and_once_each() -> None:
    got = hints("section: 1.2 — or maybe section: 1.2 again, or file under 2.1")
    nums = [v for k, v in got if k == "number"]
    assert nums == ["1.2", "2.1"]


def test_a_workspace_hint_word() -> None:
    assert hints("einsortieren bei 2.3") == []
    team = load_lexicon({"hints": {"before": ["einsortieren bei"]}})
    assert ("number", "2.3") in hints("einsortieren bei 2.3", team)


def test_the_hint_word_prefilter_turns_away_no_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text is read for numbers and titles after hint words only when it holds one of their
    words; the regex engine's case folding ("kisim" for "kısım", "SECTİON") is the prefilter's
    too."""
    import curator.hints as hints_mod
    from curator.lexicon import skim

    lex = packaged_lexicon()
    texts = [t for t, _v in NUMBERS] + [
        "kisim 3.1",
        "KISIM: data mixing",
        "SECTİON 4.3",
        "ſection: 2.1",
        "Where: Reasoning benchmarks",
        "nothing to see here, 2.1 of the paper",
        "parallel decoding in 2.1",
        "para 3.2",
        "歸入 3.2",
        "放在 Optimizers 那节",
        "",
    ]
    filtered = [hints(t, lex) for t in texts]
    for plain in ("nothing to see here, 2.1 of the paper", "parallel decoding in 2.1"):
        assert not hints_mod._may_lead(lex, skim(plain), plain)
    monkeypatch.setattr(hints_mod, "_may_lead", lambda _lex, _skimmed, _norm: True)
    assert filtered == [hints(t, lex) for t in texts]
    assert filtered[len(NUMBERS)] == [("number", "3.1")]


def test_the_lead_words_index_finds_what_searching_every_word_finds() -> None:
    """Hint words looked for only in texts that hold their rarest character: the same answer
    as looking for each of them in every text."""
    import random

    import curator.hints as hints_mod
    from curator.lexicon import skim

    lex = packaged_lexicon()
    words = hints_mod._lead_words(lex)
    assert words is not None

    def every_word(skimmed: str, norm: str) -> bool:
        folded = skimmed.translate(hints_mod._CASES)
        return any(
            hints_mod._hint_word(s).search(norm) for w, srcs in words if w in folded for s in srcs
        )

    rng = random.Random(3)
    pieces = [w for w, _s in words] + ["2.1", "3.4.1", "data", "para", "§", "  ", "x", "é", "→"]
    texts = [" ".join(rng.choices(pieces, k=rng.randint(0, 6))) for _ in range(3000)]
    answers = [hints_mod._may_lead(lex, skim(t), t) for t in texts]
    assert answers == [every_word(skim(t), t) for t in texts]
    assert 0 < sum(answers) < len(texts)
