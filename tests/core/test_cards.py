"""Paper cards: the file name is the ID, the body is optional, every problem is per file."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import BAD, SAMPLE, need

from curator.cards import CARD_NAME, load_cards, parse_card
from curator.models import PaperCard


def _by_number(cards: list[PaperCard]) -> dict[str | None, PaperCard]:
    return {c.number: c for c in cards}


@pytest.fixture(scope="module")
def sample() -> tuple[list[PaperCard], list[tuple[str, str]]]:
    return load_cards(need(SAMPLE))


def test_sample_cards_all_listed(sample: tuple[list[PaperCard], list[tuple[str, str]]]) -> None:
    cards, problems = sample
    assert len(cards) == 15
    assert problems == []
    assert [c.number for c in cards] == sorted(c.number or "" for c in cards)
    assert all(c.path.startswith("paper_cards/") and c.path.endswith(".md") for c in cards)
    assert {c.number for c in cards if c.empty} == {"1029", "1030"}
    for c in cards:
        if c.empty:
            assert c.errors == ["empty card"] and c.title == "" and c.arxiv is not None
        else:
            assert c.errors == [] and c.title and c.category and c.date


def test_sample_card_fields(sample: tuple[list[PaperCard], list[tuple[str, str]]]) -> None:
    cards = _by_number(sample[0])
    assert cards["1021"].category == "evaluation"
    assert cards["1028"].category == "engineering"
    assert cards["1003"].category == "reasoning"
    assert cards["0991"].category == "inference"
    lineage = cards["1028"]
    assert lineage.arxiv == "2608.14929" and lineage.date == "2026-08-20"
    assert lineage.title.startswith("LM Lineage Verification")
    assert lineage.tags == ["provenance", "model-lineage", "licensing", "black-box", "logprob"]
    assert cards["0991"].date == "2026-08-14"
    assert cards["0991"].arxiv == "2511.01815"
    assert cards["1029"].arxiv == "2608.13558" and cards["1030"].arxiv == "2608.13947"


def test_bad_cards() -> None:
    cards, problems = load_cards(need(BAD))
    by = _by_number(cards)
    assert set(by) == {"1029", "1031", "1032"}  # not-a-card.txt ignored silently
    assert by["1029"].empty and by["1029"].arxiv == "2608.13558"
    garbage = by["1031"]
    assert garbage.arxiv == "2608.14333" and not garbage.empty
    assert garbage.errors and "binary" in garbage.errors[0]
    invalid = by["1032"]
    assert invalid.arxiv is None and invalid.errors == ["invalid arXiv ID in file name"]
    assert invalid.title == "a card whose name carries an invalid ID"
    paths = dict(problems)
    assert set(paths) == {"paper_cards/1031-2608-14333.md", "paper_cards/1032-9999-99999.md"}
    assert paths["paper_cards/1032-9999-99999.md"] == "invalid arXiv ID in file name"
    assert all("Traceback" not in message for _, message in problems)


def test_card_name_pattern() -> None:
    assert CARD_NAME.match("1028-2608-14929.md")
    assert CARD_NAME.match("0991-2511-01815.md")
    assert CARD_NAME.match("12345-0704-0001.md")
    assert not CARD_NAME.match("not-a-card.txt")
    assert not CARD_NAME.match("1028-2608-14929.md~")
    assert not CARD_NAME.match("28-2608-14929.md")


def test_parse_card_fields_and_disagreement() -> None:
    text = (
        "# Title here #\n\n"
        "- arXiv: https://arxiv.org/abs/2608.11111v2\n"
        "- main category: systems\n"
        "- tags: a，b、 c\n"
        "- date: 2026-08-01\n\n"
        "```\n- category: inside a fence\n```\n"
    )
    card = parse_card(text, "paper_cards/1040-2608-14929.md")
    assert card.arxiv == "2608.14929" and card.number == "1040"
    assert card.title == "Title here"
    assert card.category == "systems"
    assert card.tags == ["a", "b", "c"]
    assert card.date == "2026-08-01"
    assert len(card.errors) == 1 and "2608.11111" in card.errors[0]


def test_parse_card_without_card_name_uses_body_id() -> None:
    card = parse_card("# X\n- arXiv: arXiv:2608.14376\n- category: rag\n", "notes/x.md")
    assert card.arxiv == "2608.14376" and card.number is None and card.category == "rag"


def test_whitespace_only_card_is_empty() -> None:
    card = parse_card("  \n\n", "paper_cards/1040-2608-14929.md")
    assert card.empty and card.errors == ["empty card"]


def test_load_cards_odd_folders(tmp_path: Path) -> None:
    assert load_cards(tmp_path) == ([], [])  # no folder: nothing filed yet
    (tmp_path / "paper_cards").write_text("oops", encoding="utf-8")
    cards, problems = load_cards(tmp_path)
    assert cards == [] and problems and problems[0][0] == "paper_cards"
    (tmp_path / "paper_cards").unlink()
    folder = tmp_path / "paper_cards"
    folder.mkdir()
    (folder / "1040-2608-14929.md").write_text("# ok\n- arXiv: 2608.14929\n", encoding="utf-8")
    (folder / "README.md").write_text("# about cards\n", encoding="utf-8")
    (folder / ".1041-2608-14930.md.swp").write_bytes(b"\x00")
    (folder / "1042-2608-14931.md").mkdir()
    (folder / "1043-2608-14932.md").symlink_to("missing.md")
    cards, problems = load_cards(tmp_path)
    assert [c.number for c in cards] == ["1040", "1043"]  # the folder is no card
    assert cards[0].errors == [] and cards[0].title == "ok"
    messages = dict(problems)
    assert messages["paper_cards/README.md"] == "not a paper card name"
    assert "folder" in messages["paper_cards/1042-2608-14931.md"]
    assert "symlink" in messages["paper_cards/1043-2608-14932.md"]
    assert all(c.arxiv for c in cards)


def test_card_header_links_are_the_papers_other_addresses() -> None:
    card = parse_card(
        '---\ntitle: "Plan-and-Verify"\narxiv: 2610.21876\ncode: https://github.com/snu-agents/plan-and-verify\n'
        "paper: https://arxiv.org/abs/2610.21876\n---\n\n## One line\n\nBeats https://github.com/other/baseline.\n",
        "paper_cards/4101-2610-21876.md",
    )
    assert card.links == [
        "github.com/snu-agents/plan-and-verify"
    ]  # not its arXiv page, not the body's links
