"""HTML lists and tables pasted into a note (a web page's or a rich-text editor's
``<ul><li>…</li></ul>``, ``<table><tr><td>…``) read as the Markdown list or table they are.

Markdown takes a line that opens with ``<ul>`` for an HTML block and reads nothing inside it
until a blank line: every entry of the list, its links and its IDs, was one opaque block.
Here each ``<li>`` becomes a ``- `` entry (indented by its list's depth), the list tags go,
and the inline tags an entry carries become their Markdown (``<a href>`` a link, ``<b>`` bold,
``<code>`` a code span, ``<br>`` a space).  Every line stays where it was; nothing is rendered.
"""

from __future__ import annotations

import html
import re

__all__ = [
    "html_blocks",
    "html_page",
    "html_bookmarks",
    "html_lists",
    "html_tables",
    "may_have_html_blocks",
    "may_have_html_bookmarks",
    "may_be_html_page",
    "may_have_html_lists",
    "may_have_html_tables",
]

_LI = re.compile(r"<li\b", re.IGNORECASE)
_LIST_TAG = re.compile(r"[ \t]*<(?P<close>/?)(?:ul|ol)\b[^<>]{0,200}>", re.IGNORECASE)
_LI_OPEN = re.compile(r"[ \t]*<li\b[^<>]{0,200}>[ \t]*", re.IGNORECASE)
_CLOSERS = re.compile(r"(?:[ \t]*</(?:li|ul|ol|p)[ \t]*>)+[ \t]*$", re.IGNORECASE)
_LIST_CLOSE = re.compile(r"</(?:ul|ol)", re.IGNORECASE)
_LINK = re.compile(
    r"<a\b[^<>]{0,500}?\bhref[ \t]*=[ \t]*[\"']([^\"'<>]{1,2000})[\"'][^<>]{0,300}>"
    r"(.{0,300}?)</a[ \t]*>",
    re.IGNORECASE,
)
_BOLD = re.compile(r"</?(?:strong|b)[ \t]*>", re.IGNORECASE)
_ITALIC = re.compile(r"</?(?:em|i)[ \t]*>", re.IGNORECASE)
_CODE = re.compile(r"</?code[ \t]*>", re.IGNORECASE)
_BREAK = re.compile(r"<br[ \t]*/?>|</?p[ \t]*>|</?span\b[^<>]{0,200}>", re.IGNORECASE)


def may_have_html_lists(text: str) -> bool:
    """A cheap test: an ``<li`` tag somewhere."""
    return _LI.search(text) is not None


def html_lists(text: str) -> str:
    """*text* with its HTML lists written as Markdown list entries; same line count.  Lines in
    code fences and lines outside every list stay as they are."""
    out: list[str] = []
    depth = 0
    fence = False
    for line in text.split("\n"):
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        if fence:
            out.append(line)
            continue
        rest, depth = _list_tags(line, depth)
        li = _LI_OPEN.match(rest)
        if li is None and depth == 0 and rest is line:
            out.append(line)  # no list here
            continue
        indent = "  " * max(0, depth - 1)
        closers = _CLOSERS.search(rest)
        if closers:
            depth = max(0, depth - len(_LIST_CLOSE.findall(closers.group())))
            rest = rest[: closers.start()]
        if li is not None:
            out.append(indent + "- " + _inline(rest[li.end() :]))
        else:
            out.append(_inline(rest) if rest.strip() else "")
    return "\n".join(out)


def _list_tags(line: str, depth: int) -> tuple[str, int]:
    """``line`` without the ``<ul>`` / ``</ol>`` tags it opens with, and the depth after them."""
    rest = line
    while (m := _LIST_TAG.match(rest)) is not None:
        depth = max(0, depth - 1) if m.group("close") else depth + 1
        rest = rest[m.end() :]
    return rest, depth


def _inline(text: str) -> str:
    """An entry's inline HTML as Markdown: links, bold, italics, code, breaks."""
    if "<" not in text:
        return html.unescape(text)
    text = _LINK.sub(lambda m: f"[{m.group(2).strip() or m.group(1)}]({m.group(1)})", text)
    text = _BOLD.sub("**", text)
    text = _ITALIC.sub("*", text)
    text = _CODE.sub("`", text)
    text = _BREAK.sub(" ", text)
    return html.unescape(text)


_TABLE = re.compile(r"<table\b", re.IGNORECASE)
_TABLE_TAGS = re.compile(
    r"^(?:[ \t]*</?(?:table|thead|tbody|tfoot)\b[^<>]{0,200}>)+[ \t]*$", re.IGNORECASE
)
_ROW = re.compile(r"^[ \t]*<tr\b", re.IGNORECASE)
_CELL = re.compile(r"<t([hd])\b[^<>]{0,200}>(.{0,2000}?)</t[hd][ \t]*>", re.IGNORECASE)


def may_have_html_tables(text: str) -> bool:
    """A cheap test: a ``<table`` tag somewhere."""
    return _TABLE.search(text) is not None


def html_tables(text: str) -> str:
    """*text* with each HTML table whose ``<table>`` tag stands on a line of its own written as
    a Markdown table: each ``<tr>`` line a row; the header row moves up into the line the table's
    tags held, so its separator can take the header's line.  Same line count."""
    out: list[str] = []
    slot = -1  # the last blanked tag line of the table being read, free for its header row
    rows = 0
    for line in text.split("\n"):
        if _TABLE_TAGS.match(line):
            opens = bool(_TABLE.search(line))
            if opens:
                rows = 0
            out.append("")
            slot = len(out) - 1 if (opens or slot >= 0) and rows == 0 else -1
            continue
        cells = _CELL.findall(line) if _ROW.match(line) else []
        if not cells:
            out.append(line)
            slot = -1 if line.strip() else slot
            continue
        row = "| " + " | ".join(_inline(c).replace("|", "/").strip() for _k, c in cells) + " |"
        if rows == 0 and slot >= 0:
            out[slot] = row  # the header, one line up
            out.append("|" + " --- |" * len(cells))
        else:
            out.append(row)
        rows += 1
        slot = -1
    return "\n".join(out)


_DT = re.compile(r"<dt>", re.IGNORECASE)
_DT_LINK = re.compile(r"[ \t]*<dt>[ \t]*(?=<a\b)", re.IGNORECASE)
_DT_FOLDER = re.compile(
    r"[ \t]*<dt>[ \t]*<h\d\b[^<>]{0,300}>(.{0,300}?)</h\d[ \t]*>", re.IGNORECASE
)
_DD = re.compile(r"[ \t]*<dd>[ \t]*", re.IGNORECASE)
_HEADING_TAG = re.compile(
    r"[ \t]*<h(\d)\b[^<>]{0,300}>(.{0,300}?)</h\d[ \t]*>[ \t]*$", re.IGNORECASE
)
_FILE_TAGS = re.compile(
    r"[ \t]*(?:<!doctype\b[^<>]*>|<meta\b[^<>]*>|<title>.{0,300}?</title>|</?dl>(?:[ \t]*<p>)?|<p>)"
    r"[ \t]*$",
    re.IGNORECASE,
)


def may_have_html_bookmarks(text: str) -> bool:
    """A cheap test: a ``<DT>`` tag somewhere (a browser's or a bookmark app's export)."""
    return _DT.search(text) is not None


def html_bookmarks(text: str) -> str:
    """*text* with a bookmark file's entries read as Markdown; same line count.  Each ``<DT><A
    HREF>`` is a ``- [title](url)`` entry and the ``<DD>`` line under it its comment (the saver's
    own words, with their verdict and section); a ``<DT><H3>`` folder is a heading; the file's
    own tags go."""
    out: list[str] = []
    for line in text.split("\n"):
        if (m := _DT_LINK.match(line)) is not None:
            out.append("- " + _inline(line[m.end() :]).strip())
        elif (m := _DT_FOLDER.match(line)) is not None:
            out.append("## " + html.unescape(m.group(1)).strip())
        elif (m := _DD.match(line)) is not None:
            out.append("  " + _inline(line[m.end() :]).strip())
        elif (m := _HEADING_TAG.match(line)) is not None:
            out.append("#" * int(m.group(1)) + " " + html.unescape(m.group(2)).strip())
        elif _FILE_TAGS.match(line):
            out.append("")
        else:
            out.append(line)
    return "\n".join(out)


_BLOCK_LINE = re.compile(r"^[ \t]*<p\b[^<>]{0,300}>", re.IGNORECASE)
_PAGE_TAGS = re.compile(
    r"^[ \t]*(?:</?(?:html|body|head|center|table|tbody|tr|td)\b[^<>]{0,300}>[ \t]*)+$",
    re.IGNORECASE,
)
_ANY_TAG = re.compile(r"<[^<>]{0,300}>")
_MIN_BLOCKS = 2
_BLOCK_START = re.compile(r"(?m)^[ \t]*<(?:p|h[1-6])\b", re.IGNORECASE)


def may_have_html_blocks(text: str) -> bool:
    """A cheap test: two lines or more open with a paragraph or heading tag (an HTML mail's body,
    a web page's source pasted as is)."""
    if "<" not in text:
        return False
    blocks = _BLOCK_START.finditer(text)
    return sum(1 for _m in zip(range(_MIN_BLOCKS), blocks, strict=False)) >= _MIN_BLOCKS


def html_blocks(text: str) -> str:
    """*text* with its HTML paragraphs and headings read as Markdown; same line count.  A
    ``<hN>`` line is a heading; a ``<p>`` line an entry of its own (a newsletter's paragraphs are
    its entries: without the tags they would run into one Markdown paragraph), its links
    ``[text](url)``, other tags gone, entities read; the page's frame tags go.  A rich-text
    editor's ``<div>`` lines are left as they are: its lines, not its paragraphs."""
    out: list[str] = []
    for line in text.split("\n"):
        if (m := _HEADING_TAG.match(line)) is not None:
            out.append("#" * int(m.group(1)) + " " + _plain(m.group(2)))
        elif _BLOCK_LINE.match(line):
            body = _plain(line)
            out.append("- " + body if body else "")
        elif _PAGE_TAGS.match(line):
            out.append("")
        else:
            out.append(line)
    return "\n".join(out)


def _plain(text: str) -> str:
    """A block's inline HTML as Markdown (see :func:`_inline`), every other tag dropped."""
    return " ".join(_ANY_TAG.sub(" ", _inline(text)).split())


_PAGE = re.compile(r"<!doctype\s+html|<html\b", re.IGNORECASE)
_HIDDEN_OPEN = re.compile(r"<(head|script|style)\b", re.IGNORECASE)


def may_be_html_page(text: str) -> bool:
    """A cheap test: a whole web page saved as the note (a chat app's HTML export)."""
    return "<" in text and _PAGE.search(text, 0, 4000) is not None and "<body" in text.lower()


def html_page(text: str) -> str:
    """*text*, a saved web page, as its visible lines; same line count.  A line of tags alone is
    blank (so a page's blocks, a chat export's messages, are paragraphs of their own), any other
    line its text with links ``[text](url)``; the head, scripts and styles go.  HTML comments
    stay: a saver's own words often sit in one."""
    out: list[str] = []
    hidden: str | None = None
    for line in text.split("\n"):
        if hidden is not None:
            if re.search(rf"</{hidden}\s*>", line, re.IGNORECASE):
                hidden = None
            out.append("")
            continue
        if (m := _HIDDEN_OPEN.search(line)) is not None and not re.search(
            rf"</{m[1]}\s*>", line, re.IGNORECASE
        ):
            hidden = m[1]
            out.append("")
            continue
        if "<" not in line or line.lstrip().startswith("<!--") or "-->" in line:
            out.append(line)
            continue
        out.append(_plain(line))
    return "\n".join(out)
