"""A pasted thread or mail gives the address of the page it was copied from ("Link to this
thread: …", "Permalink: …", "View this email in your browser"): that page is where the text comes
from, not an item of it, and the items the text links stay."""

from __future__ import annotations

from curator.notes import split_note

_HN = """Two threads from this morning, copied as-is.

▲ Sparse event cameras beat frames at 1 kHz (blog.example.org)
  120 points by someone 3 hours ago | 40 comments
  https://blog.example.org/posts/event-cameras-1khz

▲ commenter 2 hours ago | next [–]

  The numbers are from one sensor only; see 2703.15530 for a second one.

Link to this thread: https://news.example.com/item?id=44120387

============================================================
"""


def _links(text: str) -> set[str]:
    out = split_note(text, "inbox/ana/2027-04-04-threads.md")
    return {u for it in [*out.items, *out.carriers] for u in it.urls}


def test_the_threads_own_address_is_not_an_item_and_its_links_stay() -> None:
    links = _links(_HN)
    assert "https://news.example.com/item?id=44120387" not in links
    assert "https://blog.example.org/posts/event-cameras-1khz" in links
    out = split_note(_HN, "inbox/ana/2027-04-04-threads.md")
    assert "2703.15530" in {a for it in [*out.items, *out.carriers] for a in it.arxiv}


def test_labels_in_other_shapes_and_languages() -> None:
    for line in (
        "**Permalink:** <https://forum.example.edu/discuss.php?d=4412#p9931>",
        "- Enlace permanente: https://forum.example.edu/discuss.php?d=4412",
        "Lien vers ce fil : https://forum.example.edu/discuss.php?d=4412",
        "View this email in your browser https://forum.example.edu/discuss.php?d=4412",
    ):
        text = f"# Thread\n\nA paper: https://arxiv.org/abs/2703.15530\n\n{line}\n"
        assert not any("forum.example.edu" in u for u in _links(text)), line


def test_a_link_that_is_only_labelled_so_in_passing_stays() -> None:
    """The label must be the whole line's lead and the link its only rest: a sentence that
    says "permalink" about another page still cites that page."""
    text = (
        "# Notes\n\n- Their permalink scheme is documented at https://docs.example.org/ids "
        "and worth copying.\n"
    )
    assert "https://docs.example.org/ids" in _links(text)


def _items(text: str) -> list[tuple[str, list[str]]]:
    out = split_note(text, "inbox/omar/2027-04-27T0930-reply.md")
    return [(it.title, it.arxiv) for it in out.items]


def test_a_title_copied_over_its_link_is_an_item_with_its_points() -> None:
    text = (
        "Thanks for the briefing. One new paper:\n\n"
        "RelGT-FM: A Foundation Model for Relational Databases via Graph Transformers\n"
        "https://arxiv.org/abs/2704.08764\n\n"
        "- pretrained on 1,900 relational schemas\n"
        "- caveat: possible leakage from RelBench\n"
    )
    [(title, ids)] = _items(text)
    assert title.startswith("RelGT-FM") and ids == ["2704.08764"]
    out = split_note(text, "inbox/omar/2027-04-27T0930-reply.md")
    assert "leakage" in out.items[0].text


def test_a_sentence_over_a_link_or_a_pages_title_over_its_address_is_no_such_item() -> None:
    said = (
        "We talked about this one at lunch and it looked weak.\nhttps://arxiv.org/abs/2704.08764\n"
    )
    assert _items(said) == []
    page = "Reading for the relay — Sunday 7 Nov\nhttps://wiki.example.org/projects/relay/reading\n"
    assert _items(page) == []


def test_a_trending_pages_star_counts_are_no_bullets_and_each_entry_is_one_item() -> None:
    """Each entry of a pasted trending page: its title linked to the page, its repository, its
    abstract, "★ 412 · 38.51 stars / hour", then "[Paper](arXiv) [Code](repo)": one item of
    that paper, however many entries the page has."""
    entry = (
        "[{t}: A Model for Things](https://paperswithcode.com/paper/{s})\n"
        "lab/{s} • 5 Nov 2027\n"
        "We introduce {t}, which does things.\n"
        "★ 412 · 38.51 stars / hour\n"
        "[Paper](https://arxiv.org/abs/2711.0{n})  [Code](https://github.com/lab/{s})\n"
        "Tag one · Tag two\n\n"
    )
    text = "Trending Research\n\n" + "".join(
        entry.format(t=t, s=t.lower(), n=n)
        for t, n in (("Alpha", 5836), ("Beta", 3318), ("Gamma", 3790))
    )
    assert [ids for _t, ids in _items(text)] == [["2711.05836"], ["2711.03318"], ["2711.03790"]]


def test_star_glyphs_that_open_entries_are_still_bullets() -> None:
    text = "# Picks\n\n⭐ FooNet 2711.05836\n⭐ BarNet 2711.03318\n⭐ BazNet 2711.03790\n"
    assert [ids for _t, ids in _items(text)] == [["2711.05836"], ["2711.03318"], ["2711.03790"]]


_REPORT = """#2719043 Indirect prompt injection via a shared calendar invite

https://bugs.example.net/reports/2719043

State          Triaged
Weakness       CWE-1427: Improper Neutralization of Input Used for LLM Prompting

## Summary:
The classic indirect-injection channel (https://arxiv.org/abs/2302.12173), reached through a
calendar connector; the confused-deputy pattern is described in
https://blog.example.org/p/confused-deputies
"""


def test_the_address_under_a_title_that_numbers_the_thread_is_its_own_page() -> None:
    links = _links(_REPORT)
    assert "https://bugs.example.net/reports/2719043" not in links
    assert "https://blog.example.org/p/confused-deputies" in links


def test_a_link_whose_number_the_title_does_not_give_stays() -> None:
    merge_request = (
        "## !58 · Update the reading list\n\nSee https://tracker.example.org/issues/59\n"
    )
    assert "https://tracker.example.org/issues/59" in _links(merge_request)
    cited = "#2719043 was fixed upstream\n\nThe fix: https://git.example.org/commit/2719\n"
    assert "https://git.example.org/commit/2719" in _links(cited)
