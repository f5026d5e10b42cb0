"""Note formats read as the Markdown the splitter knows, before it splits (one registry).

Teams paste what their tools export: an outliner's ``[[page links]]``, an RSS/Atom feed, a
BibTeX file, Markdown with reference-style links.  Each reader here rewrites one such format
into plain Markdown list entries or inline links, keeping every line where it was (line numbers
are how items point back at their note), and is tried only when a cheap test says the format may
be there.  A new format is one reader and its test (``tests/core/test_note_formats.py``); the
splitter does not change.  (The ways Markdown itself writes items, headings, lists, tables, are
found after parsing, by the finders of :data:`curator.item_finders.FINDERS`.)
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from curator.fields import match_field
from curator.mdblocks import LIST_MARKER
from curator.note_citations import BIB_ENTRY, RIS_START, bibtex_items, ris_items
from curator.note_critic import critic_markup, may_have_critic_markup
from curator.note_gitlog import git_log_entries, may_have_git_log
from curator.note_html import (
    html_blocks,
    html_bookmarks,
    html_lists,
    html_page,
    html_tables,
    may_be_html_page,
    may_have_html_blocks,
    may_have_html_bookmarks,
    may_have_html_lists,
    may_have_html_tables,
)
from curator.note_legends import may_have_legend, read_legends
from curator.note_markers import (
    EMOJI_BULLET,
    GLYPH_BULLET,
    LETTERED,
    RULE_BULLET,
    TASK_BOX,
    emoji_bullets,
    glyph_bullets,
    lettered_entries,
    rule_bullets,
    task_boxes,
)
from curator.note_textile import may_be_textile, textile_markup

__all__ = ["READERS", "read_formats"]


_FEED_ROOT = re.compile(r"<(?:rss|feed|channel|rdf:RDF)\b", re.IGNORECASE)
_FEED_TAG = re.compile(
    r"^[ \t]*<(?P<tag>[A-Za-z:]+)(?P<attrs>[^>]*)>(?P<body>.*?)</(?P=tag)>[ \t]*$"
    r"|^[ \t]*<(?P<empty>[A-Za-z:]+)(?P<eattrs>[^>]*)/>[ \t]*$"
)
_FEED_HREF = re.compile(r"""href\s*=\s*["']([^"']+)["']""")
_ANY_TAG = re.compile(r"<[^<>]{0,200}>")


def _feed_items(text: str) -> str:
    """An RSS/Atom feed pasted into a note (bare or fenced) read as a list: each ``<item>`` /
    ``<entry>`` becomes an entry (its title, then its link and summary as its lines);
    the feed's own title a heading; other markup blank.  Line numbers are kept."""
    lines = text.split("\n")
    out: list[str] = []
    in_item = False
    feed_fence = False
    for i, line in enumerate(lines):
        s = line.strip()
        if s.startswith(("```", "~~~")):
            ahead = "\n".join(lines[i + 1 : i + 4])
            if (
                feed_fence
                or _FEED_ROOT.search(ahead)
                or s[3:].strip().lower() in ("xml", "rss", "atom")
            ):
                feed_fence = (
                    not feed_fence if (feed_fence or _FEED_ROOT.search(ahead)) else feed_fence
                )
                out.append("")
                continue
        low = s.lower()
        if low in ("<item>", "<entry>") or low.startswith(("<item ", "<entry ")):
            in_item = True
            out.append("")
            continue
        if low in ("</item>", "</entry>"):
            in_item = False
            out.append("")
            continue
        m = _FEED_TAG.match(line)
        if m is None:
            out.append("" if s.startswith("<") and s.endswith(">") else line)
            continue
        tag = (m.group("tag") or m.group("empty") or "").lower()
        body = html.unescape(_ANY_TAG.sub(" ", html.unescape(m.group("body") or ""))).strip()
        if tag == "link" and not body:
            href = _FEED_HREF.search(m.group("attrs") or m.group("eattrs") or "")
            body = href.group(1) if href else ""
        if tag == "title":
            out.append(("- " if in_item else "# ") + body if body else "")
        elif in_item and tag == "link" and body:
            out.append("  link: " + body)
        elif in_item and tag in ("description", "summary", "content") and body:
            out.append("  " + body)
        else:
            out.append("")
    return "\n".join(out)


_BOLD_LINE = re.compile(r"^(?P<mark>\*\*|__)(?P<title>[^*_\s](?:(?!(?P=mark)).)*?)(?P=mark)\s*$")
_ATX = re.compile(r"^(#{1,6})\s")
_LIST_ENTRY = re.compile(r"^\s{0,3}(?:[•·]|" + LIST_MARKER + r")\s+(?P<rest>.*)$")


def _may_have_bold_titles(text: str) -> bool:
    return "\n**" in text or "\n__" in text or text.startswith(("**", "__"))


def _bold_titles(text: str) -> str:
    """Lines that are all bold are the note's headings where one of them stands over a list of
    labelled fields ("**FooNet: fast decoding**" then "- URL: …", "- Key points: …"), or where
    the note has two or more and no headings of its own but a title: each is read as a heading a
    level below the ones around it ("**Summary**" over the note's closing list too).  A bold label
    ending in a colon and a bold line inside a paragraph or a list stay as they were.  Line
    numbers are kept."""
    lines = text.split("\n")
    level = 1
    fence = ""
    found: list[tuple[int, str, int]] = []  # (line index, title, heading level)
    over_fields = sub_headings = False
    for i, line in enumerate(lines):
        s = line.strip()
        if s.startswith(("```", "~~~")):
            fence = "" if fence and s.startswith(fence) else (fence or s[:3])
            continue
        if fence:
            continue
        h = _ATX.match(line)
        if h:
            level = len(h.group(1))
            sub_headings = sub_headings or level > 1
            continue
        m = _BOLD_LINE.match(line)
        if m is None or m.group("title").rstrip().endswith((":", "：")):
            continue
        if i and lines[i - 1].strip() and not _ATX.match(lines[i - 1]):
            continue  # a bold line inside a paragraph or a list
        found.append((i, m.group("title").strip(), min(6, level + 1)))
        nxt = next((ln for ln in lines[i + 1 : i + 3] if ln.strip()), "")
        entry = _LIST_ENTRY.match(nxt)
        over_fields = over_fields or bool(entry and match_field(entry.group("rest")))
    # a note without sections of its own ("#" its title at most) may use bold lines for them
    if over_fields or (len(found) >= 2 and not sub_headings):
        for i, title, depth in found:
            lines[i] = "#" * depth + " " + title
    return "\n".join(lines)


_BOLD_ENTRY = re.compile(
    r"^" + LIST_MARKER + r"[ \t]+(?P<mark>\*\*|__)(?P<title>[^*_\s].*?)(?P=mark)[ \t]*$",
    re.MULTILINE,
)
_INDENTED = re.compile(r"^[ \t]+\S")
_TOP_ENTRY = re.compile(r"^" + LIST_MARKER + r"[ \t]+\S")


def _may_have_bold_entries(text: str) -> bool:
    return ("**" in text or "__" in text) and _BOLD_ENTRY.search(text) is not None


def _bold_entries(text: str) -> str:
    """Top-level list entries that are all bold and hold an indented body ("1. **FooNet**" over
    "   - URL: …", "   - Key points: …"; "7. **Summary**" over the closing remarks) are the
    note's sections, as "## FooNet" would be, where the note has two or more of them, every
    entry of their list is such, and the note has no sections of its own: each is read as a
    heading under the note's title and its body dedented, so an item ends where its entry ends
    and an entry citing nothing of its own is a section, not an item.  Line numbers are kept."""
    lines = text.split("\n")
    found: list[tuple[int, str, int]] = []  # (line index, title, last line of its body)
    run: list[tuple[int, str, int] | None] = []  # the current list's entries (None: not bold)
    fence = ""
    for i, line in enumerate([*lines, "."]):
        s = line.strip()
        if s.startswith(("```", "~~~")):
            fence = "" if fence and s.startswith(fence) else (fence or s[:3])
        if fence or not s or _INDENTED.match(line):
            continue
        if (h := _ATX.match(line)) and len(h.group(1)) > 1:
            return text  # the note has sections of its own
        if _TOP_ENTRY.match(line):
            run.append(_bold_entry(lines, i))
            continue
        if run and all(run):
            found.extend(e for e in run if e)
        run = []
    if len(found) < 2:
        return text
    for i, title, end in found:
        lines[i] = "## " + title
        cut = min(len(ln) - len(ln.lstrip(" \t")) for ln in lines[i + 1 : end + 1] if ln.strip())
        for j in range(i + 1, end + 1):
            lines[j] = lines[j][cut:]
    return "\n".join(lines)


def _bold_entry(lines: list[str], i: int) -> tuple[int, str, int] | None:
    """Line ``i`` as (line, title, last line of its indented body) if it is an all-bold entry
    over a body."""
    m = _BOLD_ENTRY.match(lines[i])
    if m is None or m.group("title").rstrip().endswith((":", "：")):
        return None
    end = i
    for j in range(i + 1, len(lines)):
        if lines[j].strip() and not _INDENTED.match(lines[j]):
            break
        if lines[j].strip():
            end = j
    return (i, m.group("title").strip(), end) if end > i else None


_REF_DEF = re.compile(
    r"^[ ]{0,3}\[(?P<label>[^\[\]\n]{1,60})\]:[ \t]*<?(?P<url>\S+?)>?(?:[ \t]+[\"'(].*)?[ \t]*$",
    re.MULTILINE,
)
_REF_USE = re.compile(r"\[(?P<text>[^\[\]\n]{1,300})\]\[(?P<label>[^\[\]\n]{0,60})\]")


def _reference_links(text: str) -> str:
    """Reference-style links ("[a paper][3]" … "[3]: https://…") read inline, where they are
    used: the definitions at the bottom are blanked, so the link belongs to its own block."""
    defs = {m.group("label").strip().lower(): m.group("url") for m in _REF_DEF.finditer(text)}
    if not defs:
        return text

    def inline(m: re.Match[str]) -> str:
        url = defs.get((m.group("label") or m.group("text")).strip().lower())
        return f"[{m.group('text')}]({url})" if url else m.group(0)

    text = _REF_USE.sub(inline, text)
    return _REF_DEF.sub(lambda m: " " * len(m.group(0)), text)


_WIKILINK = re.compile(r"\[\[([^\[\]|\n]{1,200})(?:\|([^\[\]\n]{1,200}))?\]\]")


def _wikilink_text(m: re.Match[str]) -> str:
    """An outliner's page link as its text; a wiki's link to an address (DokuWiki's
    ``[[https://…|text]]``) as a Markdown link, so the address stays the item's."""
    target, text = m.group(1).strip(), m.group(2)
    if target.startswith(("http://", "https://", "www.")):
        return f"[{text.strip()}]({target})" if text and text.strip() else target
    return text or m.group(1)


_WIKI_LINE = re.compile(r"^(={2,6})[ \t]*([^=\s][^\n]*)$", re.MULTILINE)


def _wiki_title(m: re.Match[str]) -> str | None:
    """The title of a ``== Title ==`` line (as many ``=`` closing it as opening), else None."""
    body = m[2].rstrip()
    n = len(m[1])
    if not body.endswith(m[1]) or body[:-n].endswith("="):
        return None
    return body[:-n].rstrip() or None


def _wiki_headings(text: str) -> str:
    """A wiki page's ``== Title ==`` headings as Markdown's ``#``.  MediaWiki nests deeper with
    more ``=``, DokuWiki with fewer (``====== Page ======`` over ``===== Part =====``): the page's
    first heading, its top, says which way this page counts."""
    found = [m for m in _WIKI_LINE.finditer(text) if _wiki_title(m)]
    counts = sorted({len(m[1]) for m in found})
    if not found:
        return text
    down = len(found[0][1]) == counts[-1] and len(counts) > 1  # DokuWiki: the top has most
    rank = {c: i for i, c in enumerate(reversed(counts) if down else counts)}
    level = (lambda c: rank[c] + 1) if len(counts) > 1 else (lambda c: 2)

    def heading(m: re.Match[str]) -> str:
        title = _wiki_title(m)
        return "#" * min(6, level(len(m[1]))) + " " + title if title else m[0]

    text = _WIKI_LINE.sub(heading, text)
    if down:  # DokuWiki's list items are indented two spaces a level: "  * entry"
        text = _DOKU_ITEM.sub(lambda m: " " * (len(m[1]) - 2) + "- ", text)
    return text


_DOKU_ITEM = re.compile(r"^((?:  )+)[*-][ \t]", re.MULTILINE)


def _may_be_feed(text: str) -> bool:
    return ("<item>" in text or "<entry>" in text) and _FEED_ROOT.search(text) is not None


def _outliner_links(text: str) -> str:
    """An outliner's page links ("[[Faithfulness of reasoning traces]]") read as their text."""
    return _WIKILINK.sub(_wikilink_text, text)


QUOTE_MARK = re.compile(r"^[ \t]{0,3}>[ \t]?")
"""One level of a quote's ``>`` (a callout's lines, a message quoted whole)."""
_QUOTED_LINE = re.compile(r"(?m)^[ \t]{0,3}>")
_CITES = re.compile(r"\d{4}\.\d{4,5}|https?://|www\.")
_QUOTED_STRUCTURE = re.compile(r"^ {0,3}(?:#{1,6}\s|[-*+]\s|\d{1,3}[.)]\s|\||```|~~~)")


def _quoted_messages(text: str) -> str:
    """A message quoted whole (a forwarded e-mail, a reply that quotes a colleague's notes) read
    as the note it quotes: one level of ``>`` taken off a run of quoted lines that holds a
    heading or a code fence, or list entries, table rows or lines citing papers making up most
    of the note. A quoted highlight or remark (a line or a paragraph) stays a quote."""
    lines = text.split("\n")
    filled = sum(1 for ln in lines if QUOTE_MARK.sub("", ln, count=1).strip())  # ">" alone is blank
    out: list[str] = []
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and QUOTE_MARK.match(lines[j]):
            j += 1
        if j == i:
            out.append(lines[i])
            i += 1
            continue
        inner = [QUOTE_MARK.sub("", ln, count=1) for ln in lines[i:j]]
        marks = [ln for ln in inner if _QUOTED_STRUCTURE.match(ln)]
        headed = any(ln.lstrip().startswith(("#", "```", "~~~")) for ln in marks)
        cites = sum(1 for ln in inner if _CITES.search(ln))
        most = max(len(marks), cites) >= 2 and 2 * sum(1 for ln in inner if ln.strip()) >= filled
        out.extend(inner if headed or most else lines[i:j])
        i = j
    return "\n".join(out)


READERS: tuple[tuple[str, Callable[[str], bool], Callable[[str], str]], ...] = (
    ("tracked changes", may_have_critic_markup, critic_markup),
    ("git log", may_have_git_log, git_log_entries),
    ("quoted messages", lambda t: _QUOTED_LINE.search(t) is not None, _quoted_messages),
    ("code legends", may_have_legend, read_legends),
    ("outliner page links", lambda t: "[[" in t, _outliner_links),
    ("wiki headings", lambda t: "==" in t and _WIKI_LINE.search(t) is not None, _wiki_headings),
    ("Textile", may_be_textile, textile_markup),
    ("bullet glyphs", lambda t: GLYPH_BULLET.search(t) is not None, glyph_bullets),
    ("emoji bullets", lambda t: EMOJI_BULLET.search(t) is not None, emoji_bullets),
    ("lettered entries", lambda t: LETTERED.search(t) is not None, lettered_entries),
    ("rule and arrow bullets", lambda t: RULE_BULLET.search(t) is not None, rule_bullets),
    ("task lists", lambda t: "[" in t and TASK_BOX.search(t) is not None, task_boxes),
    ("HTML bookmarks", may_have_html_bookmarks, html_bookmarks),
    ("HTML lists", may_have_html_lists, html_lists),
    ("HTML tables", may_have_html_tables, html_tables),
    ("HTML paragraphs", may_have_html_blocks, html_blocks),
    ("HTML page", may_be_html_page, html_page),
    ("bold item titles", _may_have_bold_titles, _bold_titles),
    ("bold list entries as sections", _may_have_bold_entries, _bold_entries),
    ("RSS/Atom feed", _may_be_feed, _feed_items),
    ("BibTeX", lambda t: "@" in t and BIB_ENTRY.search(t) is not None, bibtex_items),
    ("RIS", lambda t: "TY  - " in t and RIS_START.search(t) is not None, ris_items),
    (
        "reference-style links",
        lambda t: "][" in t and _REF_DEF.search(t) is not None,
        _reference_links,
    ),
)
"""(name, may it be here?, reader), in the order they run."""


def read_formats(text: str) -> str:
    """*text* with every format of :data:`READERS` it holds read as Markdown; same line count."""
    for _name, may, reader in READERS:
        if may(text):
            text = reader(text)
    return text
