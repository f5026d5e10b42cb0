"""Addresses that stand for another page: a short link for the page it opens, a page one query
parameter identifies for that parameter alone.  Notes copy whichever the app gave them."""

from __future__ import annotations

from curator.lexicon import default_lexicon, memo

__all__ = ["aliased"]


def aliased(key: str) -> str:
    """The page a short link stands for ("youtu.be/ID?t=42" is "youtube.com/watch?v=ID"), and a
    page one parameter identifies without the others (``[urls] short_links``,
    ``identity_params``)."""
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
def _short_links() -> dict[str, str]:
    pairs = (e.partition("=") for e in default_lexicon().literals("urls", "short_links"))
    return {short: page for short, _eq, page in pairs if short and page}


@memo
def _identity_params() -> dict[str, str]:
    pairs = (e.partition("=") for e in default_lexicon().literals("urls", "identity_params"))
    return {page: param for page, _eq, param in pairs if page and param}
