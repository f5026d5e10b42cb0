"""Notes written as blocks of plain lines, each opening with its number ("Paper #1", "Glæra 2"),
with separator lines between them: each block is one entry, its remarks its own."""

from __future__ import annotations

from curator.entry_counters import counter_lines, is_rule
from curator.notes import split_note

NOTE = """hemi · papers for the week

=====
Paper #1
Sparse Routers for Federated Experts
arXiv: 2709.19001
Different group from the older router paper; beats Krum (1703.02757) at 5% participation.
Section: 4.3.
=====
Paper #2
Robot Mapping with Gossip Merging — 2709.19002
"gossip" but it's robot mapping, not learning. Not ours.
=====
Paper #3 (a blog post, not a paper)
Federated adapters for our keyboard, one year in
https://engineering.example.org/blog/federated-keyboard
2-bit error feedback for the uploads, 410k devices a round. Section 6.3.
=====
"""


def test_each_numbered_block_is_one_entry_with_its_own_remarks() -> None:
    items = split_note(NOTE, "inbox/hemi/x.md").items
    assert [it.title for it in items] == [
        "Sparse Routers for Federated Experts",
        "Robot Mapping with Gossip Merging",
        "Federated adapters for our keyboard, one year in",
    ]
    assert items[0].arxiv[0] == "2709.19001"
    assert "Not ours." in items[1].text and "Not ours." not in items[2].text
    assert items[2].urls == ["https://engineering.example.org/blog/federated-keyboard"]


def test_a_date_over_several_headlines_is_no_entry() -> None:
    note = (
        "Headlines I clipped.\n\n"
        "NOV 02\n"
        "14:32 *BANK TO ROLL OUT ASSISTANT\n"
        "      https://news.example.com/a/bank-assistant\n"
        "14:47 *RATES: GAINS NOT YET VISIBLE\n"
        "      https://news.example.com/a/rates-gains\n\n"
        "NOV 03\n"
        "06:58 *STUDY: MODELS MISREAD NUMBERS\n"
        "      https://news.example.com/a/study\n"
        "07:12 *STAFF PAPER: STRESS TEST\n"
        "      https://news.example.com/a/stress\n"
    )
    # the headlines are not read as the dates' entries
    assert [it.title for it in split_note(note, "inbox/m/x.md").items] == []


def test_a_page_whose_block_cites_a_paper_in_a_remark_is_not_that_paper() -> None:
    note = NOTE.replace("410k devices a round", "410k devices a round, baseline Krum (1703.02757)")
    items = split_note(note, "inbox/hemi/x.md").items
    assert all(it.arxiv != ["1703.02757"] for it in items)


def test_counting_needs_two_numbers_of_one_word() -> None:
    assert counter_lines([(1, "Paper #1"), (5, "Paper #2"), (9, "Figure 3")]) == {1, 5}
    assert counter_lines([(1, "Paper #1"), (5, "Slide 2")]) == set()
    assert counter_lines([(1, "Статья 1"), (4, "статья 2")]) == {1, 4}


def test_separator_lines() -> None:
    assert is_rule("=====") and is_rule("* * *") and not is_rule("==> 2709.19001")
