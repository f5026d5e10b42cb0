"""A note's "left out" line names what it leaves out; a link is no name.  "https://…" has a colon,
so the name before it read "https", and every item titled by its address was "left out"."""

from __future__ import annotations

from types import SimpleNamespace

from curator.evidence import _left_out_by_name
from curator.models import Item

NOTE = "inbox/arjun/2026-11-20T2215-notes.md"


def _left_out(title: str, remark: str) -> str | None:
    item = Item(note="inbox/hao/2026-11-20T1340-sync.md", label="3.1", title=title)
    ctx = SimpleNamespace(negative_remarks=[(remark, NOTE)])
    return _left_out_by_name([(item, item.title)], ctx)  # type: ignore[arg-type]


def test_an_item_titled_by_its_address_is_not_left_out_by_another_address() -> None:
    remark = "https://blog.example.org/scaling-recipes — a serving blog, not ours"
    assert _left_out("https://github.com/acme/rlkit/releases/tag/v0.7.0", remark) is None


def test_a_left_out_line_still_names_what_it_leaves_out() -> None:
    assert _left_out("RLKit 0.7", "RLKit 0.7: not ours, the infra team's") is not None
    remark = "RLKit 0.7: https://github.com/acme/rlkit — the infra team's"
    assert _left_out("RLKit 0.7 (https://github.com/acme/rlkit)", remark) is not None


def test_a_markdown_links_text_is_no_name() -> None:
    """ "[link](…)" labels an address: an item whose own line was "[link](…)" is not what a left-out
    "[link](another address)" names."""
    remark = "[link](https://blog.example.org/scaling-recipes) — a serving blog, not training"
    assert _left_out("link", remark) is None


def test_a_short_name_inside_a_longer_word_is_not_named() -> None:
    """A name is a whole word of the line: "RAG" is not in "storage"."""
    assert _left_out("RAG", "storage sizing for the cluster, not ours") is None
    assert _left_out("RAG", "RAG evals for the cluster, not ours") is not None
    assert _left_out("检索增强", "检索增强生成 / 别的: 不归这边") is not None
