"""A heading over one write-up is one item, even when its remarks cite related papers; a heading
over entries of several papers groups them (each entry is an item)."""

from __future__ import annotations

import pytest

from curator.notes import split_note

PATH = "inbox/al/2026-08-20T1200-x.md"


def _items(text: str) -> list[tuple[str, list[str], list[str]]]:
    return [(it.title, it.arxiv, it.urls) for it in split_note(text, PATH).items]


@pytest.mark.parametrize(
    "body",
    [
        "- 链接:https://blog.example.org/quant-cookbook\n- 要点:快\n"
        "- 关联:活文档 §1.10.2 的 QuillFlow(arXiv:2607.14016)是同一方向\n",
        "- Link: https://blog.example.org/quant-cookbook\n- Key points: fast\n"
        "- Related: QuillFlow (arXiv:2607.14016), same direction\n",
        "- Link: https://blog.example.org/quant-cookbook\n"
        "- Caveat: compare with QuillFlow (arXiv:2607.14016) first\n",
    ],
)
def test_a_remark_citing_a_paper_does_not_make_the_heading_a_group(body: str) -> None:
    text = f"# Notes\n\n## Quantization Cookbook\n\n{body}\n## Other\n\n- Link: https://e.org/b\n"
    first = _items(text)[0]
    assert first[0] == "Quantization Cookbook"
    assert first[2] == ["https://blog.example.org/quant-cookbook"]
    assert all("QuillFlow" not in title for title, _a, _u in _items(text))
    [item] = [it for it in split_note(text, PATH).items if it.title == "Quantization Cookbook"]
    assert item.primary_arxiv is None  # the related paper is a mention, not its key
    assert item.mentions == ["2607.14016"]


def test_a_heading_over_paper_entries_is_still_a_group() -> None:
    text = (
        "# Digest\n\n## Serving\n\n"
        "- **Foo-Net**: fast decoding (arXiv:2611.00001)\n"
        "- **Bar-Net**: cheap prefill (arXiv:2611.00002)\n"
    )
    assert [(t, a) for t, a, _u in _items(text)] == [
        ("Foo-Net", ["2611.00001"]),
        ("Bar-Net", ["2611.00002"]),
    ]


@pytest.mark.parametrize(
    "link",
    ["github.com/haosulab/ManiSkill", "https://github.com/haosulab/ManiSkill", "mani.github.io"],
)
def test_a_repo_named_in_a_papers_write_up_does_not_make_the_heading_a_group(link: str) -> None:
    """ "- arXiv: ID" names the heading's paper; a later bullet naming a repository or a project
    page it used is part of that write-up, not an entry of its own (the paper was lost)."""
    text = (
        "# Reading\n\n## ResidualSysID: online actuator identification\n\n"
        "- arXiv: 2610.15570\n- Sim-to-real gap halves on the SO-100 arm.\n"
        f"- They ran the sim side in ManiSkill3 ({link}), so we could reproduce it.\n\n"
        "## HandFlow\n\n- arXiv: 2610.17777\n- 2x success on real hands.\n"
    )
    assert [(t, a) for t, a, _u in _items(text)] == [
        ("ResidualSysID: online actuator identification", ["2610.15570"]),
        ("HandFlow", ["2610.17777"]),
    ]


def test_a_heading_over_repo_entries_is_still_a_group() -> None:
    text = (
        "# Trending\n\n## Repos\n\n"
        "- github.com/acme/foo-serve: a fast server\n"
        "- github.com/acme/bar-kv: a KV store\n"
    )
    assert [u for _t, _a, u in _items(text)] == [
        ["github.com/acme/foo-serve"],
        ["github.com/acme/bar-kv"],
    ]
