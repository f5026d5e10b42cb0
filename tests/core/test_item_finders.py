"""Each finder of the registry (curator.item_finders.FINDERS) has its case here: a small note
written that way, the items split from it, and proof that the finder is what finds them (without
it the note splits otherwise).  A new way of writing items is one finder and one case."""

from __future__ import annotations

import pytest

from curator import notes
from curator.item_finders import FINDERS
from curator.notes import split_note

PATH = "inbox/al/2026-08-20T1200-x.md"

CASES: dict[str, tuple[str, list[tuple[str, str | None, int, int]]]] = {
    "heading write-ups": (
        "# Notes\n\n## Foo-Net\n\n- 链接: https://arxiv.org/abs/2611.00001\n- good stuff\n",
        [("Foo-Net", "2611.00001", 3, 7)],
    ),
    "section paths and briefing pseudo headings": (
        "一、Not ours\n\n- **Foo-Net**: fast (arXiv:2611.00001)\n",
        [],  # the pseudo heading leaves its entries out
    ),
    "label lines": (
        "增量 1【§1.3】Foo-Net\n链接: arXiv:2611.00001\n\n增量 2【§2.1】Bar-Net\n链接: arXiv:2611.00002\n",
        [("Foo-Net", "2611.00001", 1, 2), ("Bar-Net", "2611.00002", 4, 5)],
    ),
    "outline headings": (
        "1.1 Foo-Net: a fast net\n\nSee arXiv:2611.00001 for it.\n",
        [("Foo-Net: a fast net", "2611.00001", 1, 3)],
    ),
    "colon titles": (
        "# Notes\n\nFoo-Net:\n- Link: https://arxiv.org/abs/2611.00001\n- Section: 1.3\n",
        [("Foo-Net", "2611.00001", 3, 5)],
    ),
    "list entries": (
        "- **Foo-Net**: fast (arXiv:2611.00001)\n- **Bar-Net**: slow (arXiv:2611.00002)\n",
        [("Foo-Net", "2611.00001", 1, 1), ("Bar-Net", "2611.00002", 2, 2)],
    ),
    "table rows": (
        "| Title | ID |\n|---|---|\n| Foo-Net | 2611.00001 |\n| Bar-Net | 2611.00002 |\n",
        [("Foo-Net", "2611.00001", 3, 3), ("Bar-Net", "2611.00002", 4, 4)],
    ),
    "numbered threads": (
        "1/3 New paper: Foo-Net arXiv:2611.00001\n\n2/3 It does x\n\n3/3 Demo page: https://foo.example\n",
        [("1/3 New paper: Foo-Net", "2611.00001", 1, 5)],
    ),
    "paragraphs and citation lines": (
        "Foo-Net arXiv:2611.00001 is fast.\nBar-Net arXiv:2611.00002 is slow.\n",
        [("Foo-Net is fast.", "2611.00001", 1, 1), ("Bar-Net is slow.", "2611.00002", 2, 2)],
    ),
}


def _items(text: str) -> list[tuple[str, str | None, int, int]]:
    out = split_note(text, PATH)
    return [(it.title, it.primary_arxiv, it.line_start, it.line_end) for it in out.items]


def test_every_finder_has_its_case() -> None:
    assert [f.name for f in FINDERS] == list(CASES)


@pytest.mark.parametrize("name", list(CASES))
def test_the_finder_finds_its_items(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text, expected = CASES[name]
    assert _items(text) == expected
    monkeypatch.setattr(notes, "FINDERS", tuple(f for f in FINDERS if f.name != name))
    assert _items(text) != expected


def test_a_number_that_goes_on_with_a_wrapped_sentence_heads_nothing() -> None:
    """A mail's 72-column paragraph whose next line starts with a version ("… (CVSS 9.6). In\\n
    0.41.0 up to 0.44.1, …") goes on with its sentence; a short title line over an outline
    heading leaves it a heading."""
    wrapped = (
        "agentkit-py 0.44.2 fixes the injection bug in fetch_url (CVSS 9.6). In\n"
        "0.41.0 up to 0.44.1, text from the tool reached the planner, see arXiv:2611.00001\n"
        "for the design behind the fix.\n"
    )
    assert all(not (it.label or "").startswith("#0.41") for it in split_note(wrapped, PATH).items)
    titled = "Reading list\n1.1 Foo-Net: a fast net\n\nSee arXiv:2611.00001 for it.\n"
    assert _items(titled) == [("Foo-Net: a fast net", "2611.00001", 2, 4)]
