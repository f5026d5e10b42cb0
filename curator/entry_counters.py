"""Counter lines: the "Paper #1", "Paper #2", … that open each entry of a note written as blocks
of plain lines, one paper a block, with no list marker or heading to say where an entry starts.

A lone "Paper #3" could be anything; the same word counting up over several blocks is the note's
own way of numbering its entries, in any language ("Статья 2", "Artículo 3", "#4")."""

from __future__ import annotations

import re
from collections.abc import Iterable

from curator.arxiv import find_ids
from curator.mentions import Identities, url_role
from curator.urls import find_urls

_COUNTER = re.compile(
    r"^[ \t]*(?:[*_]{1,2})?(?P<word>[^\W\d_][^\W\d]{0,24})?[ \t]*(?:#|№|No\.|Nr\.)?[ \t]*"
    r"(?P<n>\d{1,3})(?:[ \t]*/[ \t]*\d{1,3})?[*_]{0,2}[ \t]*[:.)—–-]?[ \t]*(?:\([^()\n]{0,60}\))?"
    r"[ \t]*$"
)
_RULE = re.compile(r"^[ \t]*([=*_~#+·•-])(?:[ \t]*\1){2,}[ \t]*$")


def is_rule(line: str) -> bool:
    """A line of one repeated mark ("=====", "* * *"): a separator, never an entry's title."""
    return _RULE.match(line) is not None


def counter_lines(firsts: Iterable[tuple[int, str]]) -> set[int]:
    """The lines among blocks' first lines (line number, text) that count the note's entries:
    the same word (or none, "#1") with two or more different numbers."""
    by_word: dict[str, dict[int, str]] = {}
    for ln, text in firsts:
        m = _COUNTER.match(text)
        if m:
            by_word.setdefault((m["word"] or "").casefold(), {})[ln] = m["n"]
    return {ln for lines in by_word.values() if len(set(lines.values())) >= 2 for ln in lines}


def past_rules(rows: list[int], lines: list[str]) -> int:
    """The first of *rows* that is no separator line (0 if none is)."""
    return next((ln for ln in rows if not is_rule(lines[ln - 1])), 0)


def counted_entry(lines: list[str], rows: list[int], counters: set[int], whole: Identities) -> int:
    """The title line of a block that opens with its number ("Paper #3" over the paper's title,
    its link and remarks: the block is that entry), else 0.  A date over several headlines, each
    with its link, is no entry; nor is a page's block that cites a paper in a remark, left to the
    readers that tell a page from its related work."""
    lead = past_rules(rows, lines)
    title = past_rules(rows[rows.index(lead) + 1 :], lines) if lead in counters else 0
    if not title:
        return 0
    opening = [ln for ln in rows if _cites_early(lines[ln - 1].strip(), _OPENS)]
    if len(opening) > 1:
        return 0
    one = len(whole.arxiv) + len(whole.urls) == 1
    return title if one or (opening and find_ids(lines[opening[0] - 1])) else 0


def _cites_early(line: str, within: int) -> bool:
    """An ID or a link (a paper's own, "https://arxiv.org/abs/…", too) near the start of the
    line: the line is about that paper or page."""
    ids = find_ids(line)
    if ids and ids[0].start <= within:
        return True
    return any(
        s0 <= within and (url_role(u) != "ignore" or find_ids(u)) for u, s0, _e in find_urls(line)
    )


_OPENS = 8
"""How far into a line an ID or link opens it ("arXiv: 2709.19142", "https://…")."""
