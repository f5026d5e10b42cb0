"""Property tests: the note splitter and the ID normaliser never raise on arbitrary text."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from curator.arxiv import find_ids, normalize_id
from curator.notes import split_note

MD_BITS = st.sampled_from(
    [
        "#",
        "## ",
        "### 增量1【x】",
        "- ",
        "  - ",
        "1. ",
        "**条目2** ",
        "|",
        "| a | b |\n|---|---|\n",
        "```\n",
        "<!--",
        "-->",
        "<details><summary>",
        "</summary>",
        "</details>",
        "> ",
        "\n",
        "\r\n",
        "\r",
        "建议归入节: §1.3",
        "警示:",
        "arXiv:2608.14376",
        "https://arxiv.org/abs/2608.11668v2",
        "https://example.com/x",
        "2608.1\u200b4376",
        "２６０８.１４３７６",
        "\x1b[2J",
        "[bold]",
        "[/]",
        "---\n",
    ]
)
TEXT = st.lists(st.one_of(MD_BITS, st.text(max_size=30)), max_size=60).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT)
def test_split_note_never_raises(text: str) -> None:
    out = split_note(text, "inbox/x/2026-08-20-x.md")
    for it in out.items:
        assert it.line_start <= it.line_end
        assert all(isinstance(a, str) for a in it.arxiv)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_split_plain_text_never_raises(text: str) -> None:
    split_note(text, "n.md")


@settings(max_examples=500, deadline=None)
@given(TEXT)
def test_normalizer_never_raises(text: str) -> None:
    normalize_id(text)
    for m in find_ids(text):
        assert normalize_id(m.raw) is not None
