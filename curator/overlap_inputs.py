"""What overlap flagging reads of each increment, and which pairs a passage discusses together.

:func:`curator.matcher.find_overlaps` compares texts; this says which text stands for an
increment (its titles and points, without IDs and links), where a new one sits in the doc
(its neighbourhood), and which new ones one passage cites side by side.
"""

from __future__ import annotations

import re

from curator.context import Context
from curator.increments import primary_items
from curator.link_strip import strip_links
from curator.models import Increment, Item, PaperCard, short_path

__all__ = ["discussed_together", "inc_text", "neighbourhood", "strip_ids_and_links"]


_ID_OR_LINK = re.compile(
    r"(?:https?://|www\.)\S+|\b[\w.-]+\.(?:com|org|net|io|ai|dev|cn|blog)/\S*|(?:arxiv[:\s]*)?\b\d{4}\.\d{4,5}(?:v\d+)?\b",
    re.IGNORECASE,
)
"""IDs and links say which paper, not what it is about: an ID's month ("2611") is no shared term.
Read through :func:`strip_ids_and_links`: its bare-host branch, tried at each word start of a long
run like "a.a.a.…", rescanned the run from each (8,000 characters of it took 1.8 s)."""

_ID_TLDS = ("com", "org", "net", "io", "ai", "dev", "cn", "blog")
_ARXIV_ID = re.compile(r"(?:arxiv[:\s]*)?\b\d{4}\.\d{4,5}(?:v\d+)?\b", re.IGNORECASE)


def strip_ids_and_links(text: str) -> str:
    """``_ID_OR_LINK.sub(" ", text)`` in linear time (:func:`curator.link_strip.strip_links`)."""
    return strip_links(text, _ID_TLDS, _ARXIV_ID)


def neighbourhood(inc: Increment, ctx: Context) -> frozenset[str]:
    """Where a new increment sits in the doc: its suggested section and the anchored papers its own
    items build on.  Known items have none: a flag between two of them is noise."""
    if inc.status != "new":
        return frozenset()
    keys = {inc.suggested_sections[0].section} if inc.suggested_sections else set()
    for it in primary_items(inc):
        keys.update(m for m in it.mentions if m in ctx.anchors_by_id)
    return frozenset(keys)


def inc_text(inc: Increment, card: PaperCard | None = None) -> str:
    """What an increment is about, for overlap flagging: titles and key points (a mention's
    sentence when that is all there is), and its card's title and tags (the paper's own words,
    when the notes are in several languages), without IDs and links."""
    parts = [inc.title, inc.title]
    if card is not None and not card.empty:
        parts.extend([card.title, card.title, *card.tags])
    primary = primary_items(inc)
    for it in primary:
        parts.append(it.title)
        parts.extend(it.points[:12])
    if not primary:
        known = [a.title for a in inc.anchored_in + inc.anchored_elsewhere if a.title]
        # an anchored paper is what the doc says it is; the sentence that mentions it is about
        # something else
        parts.extend(known[:3] or [it.text for it in inc.items[:6]])
    # each part cut first: the first 8,000 characters of the join are the same, without joining
    # megabytes (a long passage cited by hundreds of increments) to keep a few thousand
    return strip_ids_and_links(" ".join([p[:8000] for p in parts])[:8000])


_TOGETHER = 3
"""A passage that cites at most this many new papers discusses them together; more is a list."""


def discussed_together(items: list[Item], incs: list[Increment]) -> dict[tuple[int, int], str]:
    """Pairs of new increments one passage cites together ("two answers, back to back: A[^1] …
    B[^2]"), whatever else (anchored, background) it cites."""
    new_of = {a: k for k, inc in enumerate(incs) if inc.status == "new" for a in inc.arxiv}
    out: dict[tuple[int, int], str] = {}
    for it in items:
        cited = sorted({new_of[a] for a in (*it.arxiv, *it.mentions) if a in new_of})
        if not 2 <= len(cited) <= _TOGETHER:
            continue
        for x, a in enumerate(cited[:-1]):
            for b in cited[x + 1 :]:
                out.setdefault(
                    (a, b), f"{short_path(it.note)}({it.label or 'item'}) discusses both"
                )
    return out
