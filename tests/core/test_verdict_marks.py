"""A cross mark opening a remark is its author's "no" in any language; elsewhere it is not."""

from __future__ import annotations

import pytest

from curator.lexicon import default_lexicon
from curator.verdicts import VerdictReader


@pytest.fixture(scope="module")
def reader() -> VerdictReader:
    return VerdictReader(default_lexicon(), ["graphs"], ["retrieval"], ["lupita"])


@pytest.mark.parametrize(
    "text",
    [
        '>> ✗ "message passing" de MPI, jaja.',
        "✗ compiladores.",
        "- ❌ not ours",
        "✘ combinatoria pura.",
    ],
)
def test_a_cross_opening_a_remark_dismisses(reader: VerdictReader, text: str) -> None:
    assert [v.kind for v in reader.read(text)] == ["dismiss"]


@pytest.mark.parametrize(
    "text",
    [
        "| FooNet | 2703.01234 | code ✗ |",
        "Code ✗, weights ✓ — strong on ogbn-arxiv.",
        "✓ sí, 4.3).",
    ],
)
def test_a_cross_inside_a_sentence_or_cell_does_not(reader: VerdictReader, text: str) -> None:
    assert [v.kind for v in reader.read(text)] == []
