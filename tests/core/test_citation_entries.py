"""A list entry that opens with its paper's ID and goes on to say what the paper is ("- arXiv:2611.
00001 — Galaxy morphology with CNNs; 94 % on Galaxy Zoo") is an item of its own, titled by what
it says.  Before, the "arXiv:" read as a link field, so the entry was only a mention: titled by
its bare ID, and judged as a paper named in passing."""

from __future__ import annotations

from curator.increments import _card_named
from curator.models import PaperCard
from curator.notes import split_note

PATH = "inbox/al/2026-08-20T1200-x.md"


def _items(text: str) -> list[tuple[str, str | None]]:
    return [(it.title, it.primary_arxiv) for it in split_note(text, PATH).items]


def test_entries_that_cite_and_describe_are_items() -> None:
    text = (
        "# misc links\n\n"
        "- arXiv:2611.00001 — Fused attention kernels for long prefill; 1.8x on H100.\n"
        "- arXiv: 2611.00002 — Paged KV eviction by reuse distance.\n"
    )
    assert _items(text) == [
        ("Fused attention kernels for long prefill; 1.8x on H100.", "2611.00001"),
        ("Paged KV eviction by reuse distance.", "2611.00002"),
    ]


def test_a_lone_link_field_stays_a_field_of_its_heading_s_item() -> None:
    text = "## FooNet\n\n- arXiv: 2611.00001 (v2)\n- Idea: skip layers while drafting\n"
    assert _items(text) == [("FooNet", "2611.00001")]


def test_the_card_names_a_paper_the_note_names_before_its_remark() -> None:
    card = PaperCard("paper_cards/0001-2611-00001.md", "2611.00001", title="RoboNet: Grasping X")
    assert _card_named("RoboNet — not ours, it is in 1.2 there", card) == "RoboNet: Grasping X"
    # a title that is all name, or a card about another name, stays as the note wrote it
    assert _card_named("RoboNet", card) == "RoboNet"
    assert _card_named("FooNet — fast", card) == "FooNet — fast"
    assert _card_named("RoboNet — not ours", None) == "RoboNet — not ours"
