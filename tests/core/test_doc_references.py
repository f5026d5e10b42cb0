"""Numbered references in a living doc ("FooNet [12] …" in §3.2, "[12] Smith et al., arXiv:…"
under a closing "References") anchor their papers where they are cited, as footnotes do.  Before,
every such paper was anchored in "References", so "is it anchored, and where?" answered the
bibliography (the doc rewrite with numbered references found it on 6 of 17 relays)."""

from __future__ import annotations

from curator.footnotes import inline_numbered_refs
from curator.living_doc import parse_living_doc

BODY = (
    "# Inference\n\n## 1.1 Engines\n\nFooNet [1] and BarNet [2, 3] are fast; see also [4-5].\n\n"
    "## 1.2 Kernels\n\nBazNet[6] fuses attention.\n\n## References\n\n"
)
BRACKETED = "".join(f"[{n}] Author {n}, Title {n}, arXiv:2611.0000{n}\n" for n in range(1, 8))
LISTED = "".join(f"{n}. Author {n}, Title {n}, arXiv:2611.0000{n}\n" for n in range(1, 8))


def _where(text: str) -> dict[str, str]:
    doc = parse_living_doc(text, "organized/knowledge/inference.md", "inference")
    return {a.key: s.title for s in doc.sections for a in s.anchors if a.kind == "arxiv"}


def test_a_cited_reference_is_anchored_where_it_is_cited() -> None:
    for refs in (BRACKETED, LISTED):
        where = _where(BODY + refs)
        assert {k: where[k] for k in sorted(where)} == {
            "2611.00001": "1.1 Engines",
            "2611.00002": "1.1 Engines",
            "2611.00003": "1.1 Engines",
            "2611.00004": "1.1 Engines",
            "2611.00005": "1.1 Engines",
            "2611.00006": "1.2 Kernels",
            "2611.00007": "References",  # cited nowhere: it stays in the list
        }


def test_line_numbers_stay_and_links_are_left_alone() -> None:
    text = "See [1](https://x.example) and ![fig][2] and [x][3] and [1].\n\n" + BRACKETED
    out = inline_numbered_refs(text)
    assert out.count("\n") == text.count("\n")
    first = out.split("\n")[0]
    assert first.startswith("See [1](https://x.example) and ![fig][2] and [x][3] and (Author 1")
    assert out.split("\n")[2] == ""  # [1]'s definition, cited, is blank
    assert out.split("\n")[3].startswith("[2] Author 2")  # cited only as an image: kept


def test_an_ordinary_numbered_list_is_not_a_bibliography() -> None:
    # a section's own numbered list of papers, with a stray "[1]" elsewhere: nothing moves
    text = "## 1.1 Engines\n\nSee table [1].\n\n" + LISTED
    assert inline_numbered_refs(text) == text
    # not the doc's closing list: a paragraph follows it
    text2 = "## 1.1 Engines\n\nFooNet [1], BarNet [2].\n\n" + LISTED + "\nMore prose.\n"
    assert inline_numbered_refs(text2) == text2


def test_unknown_numbers_and_wide_ranges_stay_as_written() -> None:
    text = "FooNet [9] and [1-40].\n\n" + BRACKETED
    assert inline_numbered_refs(text).split("\n")[0] == "FooNet [9] and [1-40]."


BARE_REFS_NOTE = """# Reading

## CascadeRank

- Paper: [1]
- Early-exit cross-encoder cascades, p95 410 ms → 180 ms.

## When not to rerank

- Paper: [2]
- Query-adaptive depth under a compute budget.

References

[1] arXiv:2610.18734
[2] https://arxiv.org/abs/2611.02291
"""

CITATIONS_NOTE = """Memo — related work

- [1] should go in 2.2; [2] is already in 2.2.2.

References

[1] T. Brightwater, "CascadeRank: Early-exit cross-encoder cascades," arXiv:2610.18734, 2026.
[2] R. Pradeep, "RankZephyr: zero-shot listwise reranking," arXiv:2312.02724, 2023.
"""


def test_a_note_citing_bare_references_names_its_papers_where_it_cites_them() -> None:
    """``- Paper: [1]`` over a closing ``[1] arXiv:…``: the entry is the item, the list only its
    address; a note's full citations are its items themselves, named by number in its prose."""
    from curator.notes import split_note

    got = {it.title: it.primary_arxiv for it in split_note(BARE_REFS_NOTE, "inbox/a/x.md").items}
    assert got == {"CascadeRank": "2610.18734", "When not to rerank": "2611.02291"}
    assert inline_numbered_refs(CITATIONS_NOTE, bare=True) == CITATIONS_NOTE
    assert inline_numbered_refs(BARE_REFS_NOTE, bare=True).count("\n") == BARE_REFS_NOTE.count("\n")
