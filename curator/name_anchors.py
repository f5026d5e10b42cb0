"""An ID-less item the living doc names as a thing it covers ("FooNet", "the FooBench repo"):
anchored by its name, conservatively, when no link of it is anchored."""

from __future__ import annotations

import re

from curator.context import Context, _name_tokens, _strong
from curator.lexicon import default_lexicon, memo
from curator.models import AnchorRef, Item
from curator.textfeatures import title_core

__all__ = ["name_anchor"]


@memo
def _page_words() -> frozenset[str]:
    """Words a linked page's title may add to an anchored name and still be that thing's page
    ("FooNet repo", "FooNet code release"): the words of the lexicon's link labels."""
    return frozenset(
        w for label in default_lexicon().literals("fields", "link") for w in _name_tokens(label)
    )


_VERSION = re.compile(r"(?<![\w.])v?\d+\.\d+(?:\.\d+)*(?![\w.])")
"""A release's version in a title ("Fairlearn v0.14.0", "garak 0.13.2")."""


def name_anchor(items: list[Item], ctx: Context) -> AnchorRef | None:
    """Conservative named-system match: all of the anchor's name in the title, or the title's name
    in the anchor.  A page with a link of its own is the anchored thing's page only when its
    title adds nothing but page words to the name ("FooNet repo"); "The FooBench leak audit
    (blog)" is a post about FooBench, not FooBench; "Fairlearn v0.14.0" is a release the doc's
    "Fairlearn" entry does not hold yet, news of its own."""
    by_token = ctx.name_by_token
    for it in items:
        version = _VERSION.search(it.title) if it.urls else None
        title_t = _name_tokens(it.title)
        core_t = _name_tokens(title_core(it.title))
        cands: set[int] = set()
        for t in _strong(title_t):
            cands.update(by_token.get(t, ()))
        for i in sorted(cands):
            toks, ref, name = ctx.name_anchors[i]
            if version is not None and version[0].lower() not in name.lower():
                continue
            if toks <= title_t and not (it.urls and _strong(title_t - toks) - _page_words()):
                return ref
            if _strong(core_t) and core_t <= toks:
                return ref
    return None
