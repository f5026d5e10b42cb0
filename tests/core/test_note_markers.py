"""Lists written with a rule or an arrow for their bullets ("— point", "→ point"), a typewriter's
and a chat's habit, or lettered ("a) point").  Before, Markdown read no list there, and the relays
rewritten that way cost 22 (rules), 26 (arrows) and 5 (letters) corrections."""

from __future__ import annotations

import pytest

from curator.note_formats import read_formats
from curator.notes import split_note

PATH = "inbox/al/2026-08-20T1200-x.md"

NOTE = (
    "# reading\n\n## FooNet\n\n{m} Link: https://blog.example.org/foonet\n{m} Key points: 2x faster\n"
    "{m} Caveat: A100 only\n\n## BarKV\n\n{m} Link: https://blog.example.org/barkv\n{m} cheap\n"
)


@pytest.mark.parametrize("mark", ["—", "–", "→", "⇒", "►"])
def test_a_dash_or_arrow_list_reads_as_the_markdown_list(mark: str) -> None:
    as_markdown = split_note(NOTE.format(m="-"), PATH).items
    items = split_note(NOTE.format(m=mark), PATH).items
    assert [(i.title, i.urls, i.caveats) for i in items] == [
        (i.title, i.urls, i.caveats) for i in as_markdown
    ]
    assert items[0].caveats == ["A100 only"]
    assert read_formats(NOTE.format(m=mark)).count("\n") == NOTE.count("\n")


def test_an_arrow_under_a_quote_is_a_verdict_and_a_dash_line_a_signature() -> None:
    text = (
        "1. FooNet https://blog.example.org/foonet\n> what it does\n→ governance, not ours.\n\n"
        "2. BarKV https://blog.example.org/barkv\n> what it does\n→ ours, D.1\n\n"
        "3. BazLM https://blog.example.org/bazlm\n> what it does\n→ forecasting, skip.\n\n"
        "— anna · 2026-08-20 21:10\n"
    )
    assert read_formats(text) == text


def test_arrows_under_markdown_entries_stay_arrows() -> None:
    text = (
        "- FooNet https://blog.example.org/foonet\n  → 5.1\n  → not new\n"
        "- BarKV https://blog.example.org/barkv\n  → 2.1\n  → v2 only\n"
        "- BazLM https://blog.example.org/bazlm\n  → skip\n"
    )
    assert read_formats(text) == text


def test_an_outline_of_arrows_reads_as_the_outline_it_is() -> None:
    # one root arrow over its children, as an outliner exports a page
    text = (
        "→ Reading, Saturday\n    → FooNet flow matching for cyclic peptides\n"
        "        → id:: arXiv:2611.00001\n        → section:: 2.3\n"
        "    → BarNet https://arxiv.org/abs/2611.00002\n        → section:: 4.1\n"
    )
    assert read_formats(text) == text.replace("→", "-")


def test_lettered_entries_read_as_numbered_ones_of_the_same_width() -> None:
    text = "x\na) FooNet arXiv:2611.00001\nb) BarNet\n   a) sub\n   b) sub\nc) BazNet\n\nq) alone\n"
    assert read_formats(text) == (
        "x\n1) FooNet arXiv:2611.00001\n2) BarNet\n   1) sub\n   2) sub\n3) BazNet\n\nq) alone\n"
    )
    items = split_note(NOTE.format(m="-").replace("## ", "").replace("- ", "a) ", 1), PATH).items
    assert items  # a lone "a)" is prose, and the note still splits


def test_a_lone_letter_or_a_run_not_from_a_stays() -> None:
    text = "a. m. we met\n\nb) then c) happened\nc) and more\n"
    assert read_formats(text) == text
