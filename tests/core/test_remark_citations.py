"""A paper that only a remark of an item cites ("- 关联: … (ID)", "- 结论: … cites X (ID)") is
related work: the item keeps its own page or title as its key, and the paper is a mention."""

from __future__ import annotations

from curator.notes import split_note

PATH = "inbox/al/2026-08-20T1200-x.md"


def _first(text: str):  # type: ignore[no-untyped-def]
    return split_note(text, PATH).items[0]


def test_a_post_whose_related_paper_is_a_remark_is_keyed_by_its_page() -> None:
    item = _first(
        "# Scan\n\n1. **Item 1** Ollama Observability Stack on H20\n"
        "   - URL: https://zhuanlan.zhihu.com/p/148693203\n"
        "   - P99 TTFT -36%\n"
        "   - 关联:活文档 §1.17.7 的 Nofir(2605.03057)是同一方向\n"
        "2. **Item 2** DVKL — https://arxiv.org/abs/2605.05642\n   - fast\n"
    )
    assert item.primary_arxiv is None
    assert item.urls == ["https://zhuanlan.zhihu.com/p/148693203"]
    assert item.mentions == ["2605.03057"]


def test_an_essay_citing_a_paper_in_its_verdict_is_its_own_item() -> None:
    item = _first(
        "# Filter\n\n7. **Item 7** A2A vs MCP (essay)\n"
        "   - Link: https://example.substack.com/p/a2a-vs-mcp\n"
        "   - Verdict: complementary; the author cites Context Engineering (2603.09619)\n"
        "8. **Item 8** Miles v0.1\n   - RL framework\n"
    )
    assert item.title.startswith("A2A vs MCP")
    assert item.primary_arxiv is None
    assert item.mentions == ["2603.09619"]


def test_without_a_page_of_its_own_the_paper_a_remark_names_is_the_items() -> None:
    """ "Details: arXiv 2608.12345" under a bare title: nothing else could be the item's key."""
    item = _first(
        "# Chat\n\n1. **Item 1** Foo-Net decoding\n"
        "   - Details: see arXiv 2608.12345, 2x faster\n"
        "2. **Item 2** Bar — https://arxiv.org/abs/2605.05642\n   - fast\n"
    )
    assert item.primary_arxiv == "2608.12345"


def test_key_points_naming_the_paper_still_name_the_items_own_paper() -> None:
    item = _first(
        "# Scan\n\n1. **Item 1** Foo-Net decoding\n"
        "   - Key points: Foo-Net (2608.12345) speeds decoding up 2x\n"
        "2. **Item 2** Bar — https://arxiv.org/abs/2605.05642\n   - fast\n"
    )
    assert item.primary_arxiv == "2608.12345"
