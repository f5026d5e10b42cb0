"""Links a note names in passing that the living doc anchors: each is a mention of that anchored
thing, so the editor sees "already anchored, at §3.3" instead of nothing.

A note about one paper often names another thing the team already covered: "we ran it in
SimBench (github.com/acme/simbench)", "it cites the optimizer's blog, someone.github.io/…", a
footnote "[2]: https://github.com/acme/kernels".  Read alone, a repository or a blog beside a
paper is that paper's own code or write-up, so the splitter keeps it as an alias of the item.
The workspace says otherwise when the doc anchors that very link: then it is a thing of its own,
already covered.  A link the doc anchors *together with* the item's own paper (on the same anchor
line) stays the paper's own link.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from curator.mentions import identities
from curator.models import AnchorRef, Item
from curator.urls import normalize_url

__all__ = ["anchored_in_passing"]


def anchored_in_passing(
    items: Iterable[Item],
    by_url: Mapping[str, Sequence[AnchorRef]],
    by_id: Mapping[str, Sequence[AnchorRef]],
) -> list[tuple[Item, list[str]]]:
    """Each item with the links in its text that the doc anchors and that are not its own (its
    pages, its linked pages, or a link anchored on its own paper's anchor line)."""
    if not by_url:
        return []
    # the anchored links' hosts ("github.com"): a text naming none of them is not read for links
    hosts = sorted({key.split("/", 1)[0].lower() for key in by_url if key})
    out: list[tuple[Item, list[str]]] = []
    for it in items:
        low = it.text.lower()
        if not any(h in low for h in hosts):
            continue
        own = {normalize_url(u) for u in (*it.urls, *it.linked)}
        own_lines = {(r.doc, r.line) for a in it.arxiv for r in by_id.get(a, ())}
        cited = identities(it.text)
        got: list[str] = []
        for link in (*cited.urls, *cited.aliases, *cited.threads):
            key = normalize_url(link)
            refs = by_url.get(key)
            if not refs or key in own or link in got:
                continue
            if own_lines and {(r.doc, r.line) for r in refs} <= own_lines:
                continue  # anchored on its paper's own line: the paper's code or page
            got.append(link)
        if got:
            out.append((it, got))
    return out
