"""Addresses that stand for another page: a short link for the page it opens, a page one query
parameter identifies for that parameter alone.  Notes copy whichever the app gave them."""

from __future__ import annotations

import re

from curator.lexicon import default_lexicon, memo

__all__ = ["aliased"]


def aliased(key: str) -> str:
    """The page a short link stands for ("youtu.be/ID?t=42" is "youtube.com/watch?v=ID"), and a
    page one parameter identifies without the others, and another address of one page
    (``[urls] short_links``, ``identity_params``, ``same_pages``)."""
    for form, own in _same_pages():
        if m := form.fullmatch(key):
            return own.format(m.group(1))
    page, _, query = key.partition("?")
    host, _, path = page.partition("/")
    short = _short_links()
    if host in short and path:
        return short[host] + path.split("/", 1)[0]
    if "/" in page and page in short:  # another host's form of the page ("m.youtube.com/watch")
        page = short[page]
        key = f"{page}?{query}" if query else page
    param = _identity_params().get(page)
    if param and query:
        kept = [p for p in query.split("&") if p.partition("=")[0] == param]
        return f"{page}?{kept[0]}" if kept else key
    return key


@memo
def _same_pages() -> list[tuple[re.Pattern[str], str]]:
    """``[urls] same_pages``: (the other form as a pattern, the page's own with ``{}``)."""
    out = []
    for entry in default_lexicon().literals("urls", "same_pages"):
        form, _bar, own = entry.partition("|")
        if form.count("{}") == 1 and own.count("{}") == 1:
            before, after = (re.escape(p) for p in form.split("{}"))
            out.append((re.compile(f"{before}([A-Za-z0-9._-]+){after}", re.IGNORECASE), own))
    return out


@memo
def _short_links() -> dict[str, str]:
    pairs = (e.partition("=") for e in default_lexicon().literals("urls", "short_links"))
    return {short: page for short, _eq, page in pairs if short and page}


@memo
def _identity_params() -> dict[str, str]:
    pairs = (e.partition("=") for e in default_lexicon().literals("urls", "identity_params"))
    return {page: param for page, _eq, param in pairs if page and param}
