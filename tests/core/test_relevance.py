"""How well a title fits a topic (curator.relevance), against a small hand-written living doc and a neighbour's."""

from __future__ import annotations

import pytest

from curator.judge import HUMAN_FIT, MACHINE_COVERAGE, MACHINE_FIT
from curator.lexicon import packaged_lexicon
from curator.living_doc import parse_living_doc
from curator.models import PaperCard
from curator.relevance import Profile

EVAL_DOC = """# evaluation living doc

> Topic: evaluation (benchmarks, contamination, judges)

## §1 Evaluation

### §1.1 Benchmark contamination

- **ContamProbe** (arXiv:2610.01234, 10-02 anchored): detects contamination of test sets via membership inference;
  leakage of benchmark questions into pretraining corpora and training data.
- n-gram overlap audits catch verbatim leakage but miss paraphrased leakage.

### §1.2 LLM-as-judge reliability

- **JudgeBias** (arXiv:2610.02345): position bias and verbosity bias of judge models; pairwise preference
  agreement with human raters. Strong performance on simple tasks says little.
- Calibration of judge scores; rubric design.

### §1.3 Agent evaluation harnesses

- Sandboxed harnesses for long-horizon tasks; flaky test suites; reproducibility of harness runs.
"""

RAG_DOC = """# rag living doc

> Topic: rag

## §2 RAG

### §2.1 Retrievers and rerankers

- **ColLite** (arXiv:2605.14208): late-interaction retriever with a compressed multi-vector index; reranker
  distillation; dense passage embeddings.

### §2.2 Vector databases

- HNSW index, filtered search recall, hybrid sparse and dense search, chunking of documents.
"""

ZH_EVAL_DOC = """# 评测 活文档

> 主题:评测(基准 / 污染 / 裁判模型)

## §1 评测

### §1.1 基准污染检测

- **ContamProbe**(arXiv:2610.01234):用成员推断检测测试集污染;预训练语料中的题目泄漏。

### §1.2 裁判模型的偏差

- 位置偏差、冗长偏差;裁判模型与人工标注的一致性。
"""

ZH_RAG_DOC = """# rag 活文档

> 主题:RAG

## §2 检索增强

### §2.1 向量数据库

- 向量索引、混合检索、文档分块与重排。
"""


def _profile(cards: list[PaperCard] = (), doc: str = EVAL_DOC, other: str = RAG_DOC) -> Profile:
    d = parse_living_doc(doc, "organized/knowledge/evaluation.md", "evaluation")
    o = parse_living_doc(other, "organized/knowledge/rag.md", "rag")
    return Profile("evaluation", d, [o], packaged_lexicon(), cards)


@pytest.fixture(scope="module")
def prof() -> Profile:
    return _profile()


# --- fits and non-fits ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "title",
    [
        "Detecting benchmark contamination through paraphrased leakage",
        "Position bias in judge models",
        "Verbosity bias and calibration of LLM judges",
    ],
)
def test_a_title_sharing_the_docs_specific_vocabulary_fits(prof: Profile, title: str) -> None:
    f = prof.fit(title, "")
    assert f.score >= MACHINE_FIT * 0.8 and f.score >= HUMAN_FIT
    assert f.title_terms >= 2 and f.coverage >= MACHINE_COVERAGE
    assert f.terms and all(t in title.lower() for t in f.terms)


@pytest.mark.parametrize(
    "title",
    [
        "Evaluation",
        "An evaluation of evaluations",
        "Evals: evaluation and eval",
    ],
)
def test_the_topics_own_name_is_no_fit(prof: Profile, title: str) -> None:
    f = prof.fit(title, "")
    assert f.score == 0 and f.terms == []


def test_a_negated_compound_is_no_fit(prof: Profile) -> None:
    # "training" and "contamination" are words of this doc; "-free" compounds of them are not about them
    assert prof.fit("training data", "").score > 0
    assert prof.fit("Training-free evaluation", "").score == 0
    assert prof.fit("Contamination-free evaluation", "").score == 0
    assert prof.fit("contamination", "").score > 0
    f = prof.fit("Training-free image generation evaluation", "")
    assert f.score == 0 and "image" in f.foreign and "generation" in f.foreign


def test_generic_english_words_do_not_count(prof: Profile) -> None:
    # the doc says "Strong performance on simple tasks"; a title of such words shares nothing specific
    f = prof.fit("Strong performance on simple tasks", "strong results, great performance")
    assert f.score == 0 and f.terms == []


def test_a_keyword_hit_on_a_title_about_something_else_fits_weakly(prof: Profile) -> None:
    f = prof.fit("A benchmark for fashion image retrieval in e-commerce", "")
    assert f.score < HUMAN_FIT
    assert f.coverage < MACHINE_COVERAGE
    assert {"fashion", "image"} <= set(f.foreign)


def test_body_text_counts_less_than_the_title(prof: Profile) -> None:
    in_title = prof.fit("Verbatim leakage audits", "")
    in_body = prof.fit("A new thing", "verbatim leakage audits")
    assert 0 < in_body.score < in_title.score
    assert in_body.title_terms == 0 and in_title.title_terms > 0


# --- coverage ------------------------------------------------------------------------------------


def test_coverage_of_known_words(prof: Profile) -> None:
    cov, foreign = prof.coverage("Position bias of judges")
    assert cov == 1.0 and foreign == []


@pytest.mark.parametrize("name", ["CascadeNet", "MathX-2", "QuillBench-Lean", "GPT4o", "RAG"])
def test_names_count_neither_way(prof: Profile, name: str) -> None:
    base = prof.coverage("Position bias of judges")
    assert prof.coverage(f"{name}: position bias of judges") == base
    assert prof.coverage(f"Position bias of {name} judges with fashion") == prof.coverage(
        "Position bias of judges with fashion"
    )


def test_foreign_ordinary_words_lower_coverage(prof: Profile) -> None:
    one, f1 = prof.coverage("Position bias of fashion judges")
    two, f2 = prof.coverage("Position bias of fashion shopping judges")
    assert 1.0 > one > two > 0
    assert f1 == ["fashion"] and f2 == ["fashion", "shopping"]


def test_fit_takes_the_best_coverage_of_its_titles(prof: Profile) -> None:
    f = prof.fit("x", "", titles=["Origami folding robots", "Position bias of judges"])
    assert f.coverage == 1.0


# --- CJK -----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def zh() -> Profile:
    return _profile(doc=ZH_EVAL_DOC, other=ZH_RAG_DOC)


@pytest.mark.parametrize("title", ["测试集污染检测的新方法", "裁判模型的位置偏差"])
def test_cjk_title_against_a_cjk_doc_fits(zh: Profile, title: str) -> None:
    f = zh.fit(title, "")
    assert f.score >= HUMAN_FIT and f.coverage == 1.0 and f.foreign == []
    assert "污染" in f.terms or "偏差" in f.terms


def test_cjk_title_about_something_else_does_not(zh: Profile) -> None:
    f = zh.fit("时尚电商的图像生成", "")
    assert f.score == 0 and f.coverage == 0.0 and f.foreign


def test_cjk_topic_name_alone_is_no_fit(zh: Profile) -> None:
    assert zh.fit("评测", "").score == 0


def test_cjk_best_other(zh: Profile) -> None:
    topic, other = zh.best_other("向量索引的分块策略", "")
    assert topic == "rag" and other.score > 1.0
    assert zh.fit("向量索引的分块策略", "").score == 0


# --- the other doc -------------------------------------------------------------------------------


def test_best_other_prefers_the_other_doc_for_its_vocabulary(prof: Profile) -> None:
    title = "Compressed multi-vector index for late-interaction rerankers"
    here = prof.fit(title, "")
    topic, there = prof.best_other(title, "")
    assert topic == "rag"
    assert there.score > 1.5 * max(here.score, 0.5) and "rerankers" in there.terms
    # and the other way round, this doc's vocabulary stays this doc's
    topic, there = prof.best_other("Position bias in judge models", "")
    assert topic == "rag" and there.score < prof.fit("Position bias in judge models", "").score


def test_best_other_without_other_docs_is_none() -> None:
    d = parse_living_doc(EVAL_DOC, "organized/knowledge/evaluation.md", "evaluation")
    assert Profile("evaluation", d, [], packaged_lexicon()).best_other("Position bias", "") is None


# --- cards -----------------------------------------------------------------------------------------


CARDS = [
    PaperCard(
        "paper_cards/1.md",
        "2611.00001",
        title="Watermark radioactivity for test-set provenance",
        category="evaluation",
        tags=["provenance"],
    ),
    PaperCard(
        "paper_cards/2.md", "2611.00002", title="Sommelier wine tasting embeddings", category="rag"
    ),
    PaperCard("paper_cards/3.md", "2611.00003", title="Origami folding", category="robotics"),
    PaperCard(
        "paper_cards/4.md",
        "2611.00004",
        title="Kombucha fermentation judges",
        category="benchmarks",
    ),
]


def test_cards_of_this_topics_category_add_vocabulary(prof: Profile) -> None:
    with_cards = _profile(CARDS)
    assert prof.fit("Radioactivity watermark provenance", "").score == 0
    f = with_cards.fit("Radioactivity watermark provenance", "")
    assert f.score >= HUMAN_FIT and "provenance" in f.terms
    # a card filed under the topic's family ("benchmarks") is this topic's too
    assert with_cards.fit("Kombucha fermentation", "").score > 0
    assert prof.fit("Kombucha fermentation", "").score == 0


def test_cards_of_another_topic_add_to_that_topic(prof: Profile) -> None:
    with_cards = _profile(CARDS)
    assert with_cards.fit("Sommelier wine", "").score == 0
    topic, there = with_cards.best_other("Sommelier wine", "")
    assert topic == "rag" and there.score > 0


def test_cards_of_an_unknown_category_add_nothing() -> None:
    with_cards = _profile(CARDS)
    assert with_cards.fit("Origami folding", "").score == 0
    assert with_cards.best_other("Origami folding", "")[1].score == 0
