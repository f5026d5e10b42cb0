"""A team's own field labels, in words no phrase file holds ("Collegamento:", "Ссылка:"): the
shape of a record still says which line names the item's source.  Without it a heading's write-up
whose link label is unknown split into an item titled by the label, and an item's nested aside
(another paper's ID) became its own paper."""

from __future__ import annotations

from curator.item_labels import lone_ref
from curator.notes import split_note

PATH = "inbox/al/2026-08-20T1200-x.md"


def _items(text: str) -> list[tuple[str, str | None, list[str], int, int]]:
    out = split_note(text, PATH)
    return [(it.title, it.primary_arxiv, it.urls, it.line_start, it.line_end) for it in out.items]


RECORD = (
    "# Notizen\n\n## Pixelgenaues Zeigen\n\n"
    "- {label}: https://arxiv.org/abs/2611.00001\n"
    "- Idea: coordinate tokens instead of numbers as text\n"
    "- Resultados: 84.7 vs 79.2\n"
)


def test_a_record_under_unknown_labels_is_its_heading_s_item() -> None:
    known = _items(RECORD.format(label="Link"))
    assert [(t, a) for t, a, _u, _s, _e in known] == [("Pixelgenaues Zeigen", "2611.00001")]
    for label in ("Collegamento", "Ссылка", "Xqlink", "id:"):
        assert _items(RECORD.format(label=label)) == known, label


def test_a_list_of_papers_under_their_names_stays_a_list() -> None:
    text = (
        "## Reading\n\n- FooNet: https://arxiv.org/abs/2611.00001\n"
        "- BarNet: https://arxiv.org/abs/2611.00002\n- Notes: both fast\n"
    )
    got = [(t, a) for t, a, _u, _s, _e in _items(text)]
    assert got == [("FooNet", "2611.00001"), ("BarNet", "2611.00002")]


def test_one_named_paper_with_no_record_around_it_keeps_its_name() -> None:
    text = "## Reading\n\n- FooNet: https://arxiv.org/abs/2611.00001\n"
    assert [(t, a) for t, a, _u, _s, _e in _items(text)] == [("FooNet", "2611.00001")]


def test_an_unknown_label_s_lone_address_is_the_item_s_page_not_an_aside_s_paper() -> None:
    text = (
        "## 条目1【inference】Engine comparison guide, August update\n\n"
        "- {label}:https://blog.example.com/engine-comparison\n"
        "- 要点:\n  - the search can go to a tuner (https://arxiv.org/abs/2611.00009)\n"
    )
    known = _items(text.format(label="URL"))
    [(_t, _a, urls, _s, _e)] = known
    assert urls == ["https://blog.example.com/engine-comparison"]
    assert _items(text.format(label="Indirizzo")) == known


def test_a_label_s_citation_after_another_is_not_the_source() -> None:
    # the body cites its paper first; a later "Baseline: <ID>" under an unknown label is an aside
    text = (
        "## FooNet\n\n- 2611.00001 — fast decoding\n- Vergleichsbasis: arXiv:2611.00002\n"
        "- Idea: skip layers\n"
    )
    [(title, arxiv, _u, _s, _e)] = _items(text)
    assert (title, arxiv) == ("FooNet", "2611.00001")


def test_lone_ref() -> None:
    assert lone_ref(" https://arxiv.org/abs/2611.00001")
    assert lone_ref("<https://example.com/post>")
    assert lone_ref("arXiv:2611.00001v2")
    assert lone_ref("[paper](https://arxiv.org/abs/2611.00001)")
    assert not lone_ref(
        "https://arxiv.org/abs/2611.00001 — the one that skips layers while drafting"
    )
    assert not lone_ref("no address here")
