"""Turning untrusted strings (notes, titles, file names, errors) into safe display text.

Textual parses markup in plain strings, so a note containing ``[/`` or ``[@click=…]``
would crash or act. Everything shown goes through these helpers: ``sanitize()`` drops
control characters and escape sequences, and the result is wrapped in ``rich.text.Text`` or
``textual.content.Content`` so it is never read as markup.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rich.text import Text
from textual.content import Content

from curator.service.text import sanitize

if TYPE_CHECKING:
    from curator.models import Increment

ACTION_MARKS = {"approve": "✓", "reject": "✗", "defer": "⏸"}
"""The mark a decided row carries in the table and the detail pane."""

_SPACES = re.compile(r"\s+")
_REPORTED_DATE = re.compile(r"\((\d{2}-\d{2})\)\s*$")


def clean(value: object, limit: int = 400, *, strip: bool = True) -> str:
    """One safe line: sanitized, whitespace collapsed, cut to *limit* characters."""
    text = _SPACES.sub(" ", sanitize(str(value)))
    text = text.strip() if strip else text
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clean_block(value: object, limit: int = 20_000) -> str:
    """Safe multi-line text (keeps newlines), bounded."""
    text = sanitize(str(value))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def plain(value: object, style: str = "", limit: int = 400) -> Text:
    """A rich Text that is never parsed as markup (for DataTable cells and Tree labels)."""
    return Text(clean(value, limit), style=style, no_wrap=True, overflow="ellipsis")


def content(value: object, style: str = "", limit: int = 400) -> Content:
    """A Textual Content that is never parsed as markup (for Static, Label, options)."""
    text = clean(value, limit)
    return Content.styled(text, style) if style else Content(text)


def status_badge(inc: Increment) -> str:
    """NEW / anchored §1.3 / reported 08-19 / cited, not anchored / verify ID (unverified) /
    off-topic."""
    if inc.status == "new":
        return "NEW"
    if inc.status == "anchored":
        where = inc.anchored_in[0].section if inc.anchored_in else ""
        return f"anchored {where}".strip()
    if inc.status == "reported":
        date = ""
        for ref in inc.reported_in:
            m = _REPORTED_DATE.search(ref)
            if m:
                date = m.group(1)
                break
        return f"reported {date}".strip()
    if inc.status == "unverified":
        return "verify ID"
    if inc.status == "cited":
        return "cited, not anchored"
    return "off-topic"
