"""A list entry that names its paper in words, with the paper's link alone on the first line under
it (a Notion toggle export, an outline), is an item like one with a "Link:" field."""

from __future__ import annotations

from curator.notes import split_note

NOTE = """Weekly reading

- ▸ ChronoMark — timestamp tokens for video grounding
    - https://huggingface.co/papers/2711.06021
    - seconds as 300 dedicated tokens instead of digits in text
    - II.C.1 would fit
- ▸ OrbitCam — camera control with ray tokens
    - arXiv:2711.02931
    - no adapter branch
"""


def test_a_title_over_its_link_is_an_item() -> None:
    items = split_note(NOTE, "inbox/minji/x.md").items
    assert [(it.title, it.arxiv) for it in items] == [
        ("ChronoMark — timestamp tokens for video grounding", ["2711.06021"]),
        ("OrbitCam — camera control with ray tokens", ["2711.02931"]),
    ]


def test_a_margin_mark_over_a_link_is_no_title() -> None:
    note = "Notes\n\n- *\n    - https://arxiv.org/abs/2711.02561\n      phase unwrapping. NEW.\n"
    assert all(it.title != "*" for it in split_note(note, "inbox/o/x.md").items)
