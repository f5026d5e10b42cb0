"""A page written in Textile (Redmine's and Textpattern's wiki markup) read as Markdown.

Its headings are ``h2. Title`` lines, its numbered and bulleted lists ``# item`` / ``* item``
(``##`` and ``**`` one level deeper), its links ``"text":https://…``.  Read as Markdown, each
``# item`` would be a heading of its own and ``h2. Not ours`` no heading at all, so a verdict
under it would run into the entries above.  Same line count, line for line.
"""

from __future__ import annotations

import re

__all__ = ["may_be_textile", "textile_markup"]

_HEADING = re.compile(r"^h([1-6])\.[ \t]+(?=\S)", re.MULTILINE)
_LIST = re.compile(r"^([#*]{1,4})[ \t]+(?=\S)", re.MULTILINE)
_LINK = re.compile(r'"([^"\n]{1,300})":(https?://[^\s"<>]+[^\s"<>.,;:!?)])')


def may_be_textile(text: str) -> bool:
    """Two ``hN.`` heading lines at least, or one and a ``"text":https://…`` link."""
    if "h" not in text or ". " not in text:
        return False
    found = len(_HEADING.findall(text, 0, 200_000))
    return found >= 2 or (found == 1 and _LINK.search(text) is not None)


def textile_markup(text: str) -> str:
    """``text`` with its Textile headings, lists and links written as Markdown's."""
    # the lists before the headings, which become "##"
    text = _LIST.sub(lambda m: "  " * (len(m[1]) - 1) + ("1. " if m[1][0] == "#" else "- "), text)
    text = _HEADING.sub(lambda m: "#" * int(m[1]) + " ", text)
    return _LINK.sub(r"[\1](\2)", text)
