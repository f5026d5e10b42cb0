"""An arXiv ID asked for in the digits a note writes it in ("٢٧٠٤.١١٢٠٥", "２７０４．１１２０５") is
that ID, as the analysis reads it in the note."""

from __future__ import annotations

import pytest

from curator.arxiv import normalize_id


@pytest.mark.parametrize(
    "query",
    ["٢٧٠٤.١١٢٠٥", "۲۷۰۴.۱۱۲۰۵", "२७०४.११२०५", "arXiv:٢٧٠٤.١١٢٠٥v2", "２７０４.１１２０５"],
)
def test_an_id_in_other_digits_is_the_same_id(query: str) -> None:
    got = normalize_id(query)
    assert got is not None and got[0] == "2704.11205"


def test_a_malformed_id_in_other_digits_is_still_rejected() -> None:
    assert normalize_id("٢٧٠٤.٠٣٣") is None
    assert normalize_id("٢٧٠٤.١١٢٠٥٠") is None  # six digits: never truncated to another paper
