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


@pytest.mark.parametrize("number", ["", "1. ", "4) ", "2.1 · "])
def test_a_heading_over_entries_each_citing_its_own_paper_is_a_group_numbered_or_not(
    number: str,
) -> None:
    """A newsletter's "## 2. 🧠 Research" over entries of their own, each with its link: the
    number counts the sections, so each entry is still an item (before, a numbered heading was
    one item holding all of them)."""
    text = (
        f"# Weekly digest\n\n## {number}🧠 Research & Innovation\n\n"
        "**One controller, nine humanoids (5 minute read)**\n"
        "https://arxiv.org/abs/2610.16204\nA single whole-body controller.\n\n"
        "**Segment Anything goes 4D (7 minute read)**\n"
        "https://arxiv.org/abs/2610.18002\nStreaming memory for video segmentation.\n"
    )
    assert [(t, a) for t, a, _u in _items(text)] == [
        ("One controller, nine humanoids (5 minute read)", ["2610.16204"]),
        ("Segment Anything goes 4D (7 minute read)", ["2610.18002"]),
    ]


def test_a_numbered_heading_whose_prose_discusses_what_it_cites_is_one_item() -> None:
    """A talk's write-up presents two papers and then compares them in a paragraph of its own:
    one item about both (they are discussed together), not two entries."""
    text = (
        "# Workshop notes\n\n## 2.1 · Invited talk — Agents should forget on purpose\n\n"
        "- **Learned state summaries.** StateSketch (arXiv:2610.14427) rewrites the state.\n"
        "- **Trajectory pruning.** Forget-Me-Not (arXiv:2610.15902) drops stale steps.\n\n"
        "Same problem, opposite mechanisms; nobody has tried composing them.\n"
    )
    [(title, arxiv, _u)] = _items(text)
    assert title.startswith("Invited talk")
    assert sorted(arxiv) == ["2610.14427", "2610.15902"]


def test_a_numbered_heading_over_one_papers_write_up_is_still_one_item() -> None:
    text = (
        "# Reading\n\n## 3. ToolCache\n\n- Link: https://arxiv.org/abs/2610.19876\n"
        "- Caches tool results; overlaps weakly with MCP-Guard (arXiv:2610.12096).\n"
    )
    [(title, arxiv, _u)] = _items(text)
    assert "ToolCache" in title
    assert arxiv[0] == "2610.19876"


def test_a_link_in_an_exports_record_of_fields_is_the_items_own_not_one_in_passing() -> None:
    """A reading app's export lists the paper's metadata as fields; its own page there
    ("- Readwise: <url>") is not a link the write-up makes in passing (which would become an
    increment of its own), while a link in a sentence of the write-up still is."""
    text = (
        "# Export\n\n## 1. Step Labels from Lean\n\n"
        "- Author: Marta Quintela\n- Full Title: Step Labels from Lean\n"
        "- URL: https://arxiv.org/abs/2610.19427\n"
        "- Readwise: https://readwise.io/bookreview/48213377\n\n"
        "> Labels attach to natural-language steps, unlike https://blog.example.org/leanstep-notes\n"
    )
    [item] = split_note(text, PATH).items
    assert item.arxiv == ["2610.19427"]
    assert item.linked == ["https://blog.example.org/leanstep-notes"]


@pytest.mark.parametrize(
    "close",
    [
        "Net new: 2611.00077 WorldGym · 2611.00078 FooBench\n",
        "Love this digest? View online: https://digest.example.org/2026-10-31\n",
    ],
)
def test_a_rule_no_heading_follows_ends_the_last_write_up(close: str) -> None:
    """What follows the note's last "---" when no heading does (the day's net-new line, a
    newsletter's footer) is the note's close, not part of the write-up above it: before, the
    close's IDs made the last heading a group and its paper was lost, or the footer's link
    became the paper's page."""
    text = (
        "# Evening notes\n\n## 1. WorldGym: world models for robot manipulation\n\n"
        "- Link: https://arxiv.org/abs/2611.00077\n- Key points: a benchmark of grasping tasks\n\n"
        f"---\n\n{close}"
    )
    item = split_note(text, PATH).items[0]
    assert (item.title, item.arxiv, item.urls) == (
        "WorldGym: world models for robot manipulation",
        ["2611.00077"],
        [],
    )
    assert item.line_end < 8  # the rule's line


@pytest.mark.parametrize("underline", [False, True])
def test_a_setext_heading_over_its_papers_address_is_one_write_up(underline: bool) -> None:
    """ "TRACE\\n-----" heads a write-up as "## TRACE" does: its body starts after the underline,
    so the paper's address opening it (and the remarks citing others) are the heading's."""
    head = "TRACE (multi-agent)\n-------------------" if underline else "## TRACE (multi-agent)"
    text = (
        "# Notes of the day\n\nRead two things.\n\n"
        f"{head}\n\n"
        "https://arxiv.org/abs/2610.17305 — blame assignment by counterfactual replay.\n\n"
        "- 78% agreement on 400 failed traces from the MAST-2 corpus (2610.03307).\n"
        "- Not the tool-injection TRACE (2609.21190). Do not merge.\n"
    )
    [item] = split_note(text, PATH).items
    assert item.title == "TRACE (multi-agent)"
    assert item.primary_arxiv == "2610.17305"
    assert item.mentions == ["2610.03307", "2609.21190"]


def test_a_tickets_description_is_no_item_of_its_own() -> None:
    """An issue tracker's export heads its parts "Description" and "Comments": the baseline its
    description cites in passing is a mention, not an item titled "Description"."""
    text = (
        "[ROB-9] Evaluate FooNet-2 on our arm\n\n"
        "Links:\n  Web Link  paper — https://arxiv.org/abs/2610.17342\n\n"
        "Description\n-----------\n"
        "Evaluate FooNet-2 against our baseline, FooNet v1 (https://arxiv.org/abs/2406.09246).\n\n"
        "Comments\n--------\nzero-shot 3/20.\n"
    )
    titles = [it.title for it in split_note(text, PATH).items]
    assert "Description" not in titles and "Comments" not in titles


def test_a_note_headings_attribute_block_is_not_in_the_items_title() -> None:
    text = "# Notes {#top}\n\n## QuillNet-2 {#quill .paper}\n\n- Link: https://arxiv.org/abs/2610.17305\n"
    assert [it.title for it in split_note(text, PATH).items] == ["QuillNet-2"]
