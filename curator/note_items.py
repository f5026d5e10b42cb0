"""One candidate item of a note: its title, the fields of its body, the paper and pages it is about.

:func:`build_item` reads the lines of one span the splitter (:mod:`curator.notes`) found, in
named steps: the title line (:mod:`curator.item_titles`), the body's fields ("Key points:",
"链接:") and plain lines, then which ID is the item's own paper and which links are its pages.
The words live in the lexicon's tables, not here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.arxiv import find_ids
from curator.fields import is_remark, label_kind, labelled
from curator.item_body import BULLET, BodyReading, hint_title, names_page, parse_hint
from curator.item_titles import (
    PRIORITY,
    STARS,
    clean_title,
    lead_title,
    number_label,
    parse_title,
)
from curator.lexicon import default_lexicon, memo
from curator.mdblocks import plain_inline
from curator.mentions import Identities, identities, url_role
from curator.models import Item
from curator.urls import find_urls, normalize_url

__all__ = ["BULLET", "Span", "build_item", "clean_title", "parse_hint", "row_title"]


@dataclass
class Span:
    """Where one item sits in its note (lines ``start``..``end``) and how it was found."""

    start: int
    end: int
    title_text: str
    kind: str
    context: str
    label: str | None = None
    marker: int | None = None
    cells: list[str] | None = None
    header: list[str] | None = None


@memo
def _column_words(kind: str) -> tuple[str, ...]:
    """A column's header words: the ``[tables]`` ones, and for titles and sections also the
    ``[fields]`` labels of that meaning in every language ("归属", "Раздел", "Seção")."""
    lex = default_lexicon()
    words = list(lex.literals("tables", kind))
    if kind in ("hint", "title"):
        words += [w.lower() for w in lex.literals("fields", kind) if w]
    return tuple(dict.fromkeys(words))


@memo
def _column_is(kind: str, head: str) -> bool:
    """Does a table header name a column of this kind (the lexicon's ``[tables]``)?  Asked once
    per header cell, not once per row."""
    h = plain_inline(head).strip().lower()
    words = _column_words(kind)
    if kind == "number":
        return h in words
    return any(w == h or (len(w) > 2 and w in h) for w in words)


@memo
def _header_kind(head: str) -> str | None:
    """The field a table header names (asked once per header cell, not once per row)."""
    return label_kind(plain_inline(head).strip())


def row_title(cells: list[str], header: list[str]) -> str:
    """The cell of a title column; without one, the wordiest cell of a column whose header names
    nothing else (not a comment, a link, a date, a section): a day ("mar 17") or a session code
    ("Th3B.2") in the first column is no title."""
    best, most = "", 0
    for idx, cell in enumerate(cells):
        plain = plain_inline(cell)
        head = header[idx] if idx < len(header) else ""
        if _column_is("title", head) and plain:
            return plain
        if (
            plain
            and not re.fullmatch(r"[\d.\-/#\s]+", plain)
            and not find_ids(plain[:20])
            and _header_kind(head) in (None, "title")
            and (letters := sum(ch.isalpha() for ch in plain)) > most
        ):
            best, most = plain, letters
    return best or plain_inline(" ".join(cells))


def build_item(sp: Span, lines: list[str], path: str) -> Item:
    """The item of one span: its title line, its body's fields, then its paper and its pages."""
    item = _titled_item(sp, lines, path)
    title_line = " | ".join(sp.cells) if sp.kind == "table" and sp.cells else lines[sp.start - 1]
    title_ids = find_ids(title_line)
    reading = BodyReading(
        item,
        primary=title_ids[0].id if title_ids else None,
        field_urls=_title_pages(title_line, title_ids[0].end if title_ids else None, sp.kind),
    )
    body_lines = lines[sp.start : sp.end] if sp.kind != "table" else []
    for raw in body_lines[:400]:  # a point list longer than this is not read as points
        reading.read(raw)
    ordered = _ordered_ids(item)
    # an item with a page of its own (a post, a repo) is about that page: a paper only its
    # remarks cite is related work; without one, such a paper may well be the item's own
    remarked = _remarked_only(body_lines, ordered) if reading.field_urls else frozenset()
    primary = _own_paper(reading.primary, ordered, sp, lines, title_line, remarked)
    # a table row's cells, not its separators: "github.com/a/b/,keep" in a pasted CSV row
    cited = identities(title_line if sp.kind == "table" and sp.cells else item.text)
    field_urls, primary = _own_pages(reading.field_urls, primary, ordered, cited, sp.kind, remarked)
    _finish(item, primary, ordered, field_urls, cited)
    return item


def _title_pages(line: str, paper_end: int | None, kind: str) -> list[str]:
    """The pages a title line names as the item's own.

    After the line's arXiv ID, the line is the item's comment, read as its body lines are: a link
    there is the item's own page when it stands alone in its clause ("…; https://…; …") or under a
    link label ("— code: https://…"), and cited in passing when words lead to it ("the idea of
    Smith et al. (https://doi.org/…)", "they ran it in FooSim (github.com/…)"): the item's
    paper is named already.  A table row's cells are all its own.
    """
    pages = []
    last = paper_end
    for u, s, e in find_urls(line):
        if not names_page(u):
            continue
        after = last is not None and s >= last and kind != "table"
        if not (after and _words_before(line[last:s])):
            pages.append(u)
        if after:
            last = e
    return pages


_CLAUSE = re.compile(r"[;；|·]|\s[—–]\s")
_MARKUP = re.compile(r"[*_`\[\]()<>]")


def _words_before(between: str) -> bool:
    """Words in a link's own clause before it, other than a label closing them ("[Online].
    Available: …", "— code: …", "; Readwise: …", a field in the team's words): cited in passing."""
    clause = _MARKUP.sub(" ", _CLAUSE.split(between)[-1]).strip(" \t—–-,.")
    if not clause:
        return False
    label = clause.rsplit(". ", 1)[-1].strip()
    if label.endswith((":", "：")) and labelled(label + " x") is not None:
        return False
    return label_kind(label) != "link"


def _titled_item(sp: Span, lines: list[str], path: str) -> Item:
    """The item with what its title line says: label, title, tag, priority, section hint, and
    the comment after a title that is only part of the line (its first point)."""
    title_source, lead_rest = lead_title(sp.title_text, sp.kind)
    label, title, tag, priority, stars, tag_hint = parse_title(title_source)
    if label is None and title_source is not sp.title_text:
        label = number_label(sp.title_text)
    if sp.kind == "table":
        label, title, priority, stars, tag_hint = _table_title(sp, tag_hint)
    if label is None and sp.kind == "list" and sp.marker is not None:
        label = f"#{sp.marker}"
    item = Item(
        note=path,
        label=label,
        title=title,
        line_start=sp.start,
        line_end=sp.end,
        text="\n".join(lines[sp.start - 1 : sp.end]),
        context=sp.context,
        priority=priority,
        stars=stars,
    )
    if tag:
        item.context = (item.context + " / " + tag).strip(" /")
    if tag_hint:
        item.section_hint = tag_hint
    elif sp.kind == "table":
        item.section_title_hint = _hint_title_cell(sp)
    if lead_rest:
        _lead_point(item, lead_rest)
    return item


def _table_title(
    sp: Span, tag_hint: str | None
) -> tuple[str | None, str, str | None, int, str | None]:
    """(label, title, priority, stars, section hint) of a table row, read from its cells and
    what its header calls their columns."""
    label = None
    title = clean_title(plain_inline(sp.title_text)) or plain_inline(sp.title_text)
    row_text = " ".join(sp.cells or [])
    pm = PRIORITY.search(row_text)
    priority = pm.group(0) if pm else None
    stars = len(STARS.findall(row_text))
    for head, cell in zip(sp.header or [], sp.cells or [], strict=False):
        if _column_is("hint", head) and plain_inline(cell).strip():
            tag_hint = parse_hint(cell) or tag_hint
        elif _column_is("number", head) and plain_inline(cell).strip().isdigit():
            label = f"#{plain_inline(cell).strip()}"
    return label, title, priority, stars, tag_hint


def _hint_title_cell(sp: Span) -> str | None:
    """The section a table row's hint column names by its title ("| “Issue 修复” |")."""
    for head, cell in zip(sp.header or [], sp.cells or [], strict=False):
        if _column_is("hint", head) and (title := hint_title(cell)):
            return title
    return None


def _lead_point(item: Item, lead_rest: str) -> None:
    """The rest of a title line ("[Title](url) — my comment"): its marks and its first point."""
    if item.priority is None:
        pm = PRIORITY.search(lead_rest)
        item.priority = pm.group(0) if pm else None
    item.stars = item.stars or len(STARS.findall(lead_rest))
    rest = STARS.sub("", PRIORITY.sub("", plain_inline(lead_rest))).strip()
    if rest:
        item.points.append(rest)


def _ordered_ids(item: Item) -> list[str]:
    """The IDs the item's text cites, in order, each once; their versions noted on the item."""
    ordered: list[str] = []
    for m in find_ids(item.text):
        if m.id not in ordered:
            ordered.append(m.id)
        if m.version:
            vs = item.arxiv_versions.setdefault(m.id, [])
            if m.version not in vs:
                vs.append(m.version)
    return ordered


def _remarked_only(body: list[str], ordered: list[str]) -> frozenset[str]:
    """The IDs of ``ordered`` that the body cites only in remarks (:func:`is_remark`)."""
    if not ordered:
        return frozenset()
    elsewhere: set[str] = set()
    remarked: set[str] = set()
    for raw in body[:400]:
        if any(i in raw for i in ordered):
            found = {m.id for m in find_ids(raw)}
            (remarked if is_remark(raw) else elsewhere).update(found)
    return frozenset(remarked - elsewhere)


def _own_paper(
    primary: str | None,
    ordered: list[str],
    sp: Span,
    lines: list[str],
    title_line: str,
    remarked: frozenset[str] = frozenset(),
) -> str | None:
    """The item's own paper when neither its title line nor a link field named one: how the
    span was found says which of the IDs it cites that is (never one only a remark cites)."""
    if primary is not None or not ordered:
        return primary
    if sp.kind == "table":
        return ordered[0]
    if sp.kind == "list":
        first = find_ids(title_line)
        return first[0].id if first else None
    if sp.kind in ("line", "paragraph") and len(ordered) == 1 and ordered[0] not in remarked:
        return ordered[0]
    if sp.kind in ("heading", "outline"):
        return _lead_id(lines[sp.start : sp.end], remarked)
    return None


def _own_pages(
    field_urls: list[str],
    primary: str | None,
    ordered: list[str],
    cited: Identities,
    kind: str,
    remarked: frozenset[str] = frozenset(),
) -> tuple[list[str], str | None]:
    """The item's own pages (and its paper, when its pages are that paper's): a link naming only
    the site of a page cited below it is no page of its own; a paper only a remark cites
    (``remarked``: "- 关联: X (2605.03057)") is related work, not what the page is about."""
    if field_urls:  # "(github.com/openai)" after a title only labels the site of the page below it
        longer = [normalize_url(u) for u in (*cited.urls, *cited.aliases, *field_urls)]
        field_urls = [
            u for u in field_urls if not any(o.startswith(normalize_url(u) + "/") for o in longer)
        ]
        if not field_urls and primary is None and (cited.urls or cited.aliases):
            field_urls.append((cited.urls + cited.aliases)[0])
    own = [i for i in ordered if i not in remarked]
    if (
        primary is None
        and field_urls
        and len(set(own)) == 1
        and all(url_role(u) == "alias" for u in field_urls)
    ):
        primary = own[0]  # "Show HN: <repo> … → paper 2610.00001": the repo is the paper's page
    if (
        not field_urls
        and primary is None
        and not ordered
        and kind in ("line", "paragraph", "outline", "heading")
        and len(cited.papers) == 1
    ):
        field_urls.extend((cited.urls + cited.aliases)[:1])
    return field_urls, primary


def _finish(
    item: Item, primary: str | None, ordered: list[str], field_urls: list[str], cited: Identities
) -> None:
    """The item's IDs, pages and other links set; a title from its first point if it had none."""
    item.primary_arxiv = primary
    item.arxiv = ([primary] if primary else []) + [i for i in ordered if i != primary]
    item.mentions = [i for i in ordered if i != primary]
    item.urls = dedupe(field_urls)
    own = {normalize_url(u) for u in item.urls}
    if primary or item.urls:  # its own pages in a record's fields are not links in passing
        own |= _record_links(item.text)
    item.linked = [u for u in cited.urls if normalize_url(u) not in own]
    if not item.title:
        item.title = (item.points[0][:80] if item.points else "") or (primary or "")
    item.points = [p for p in dedupe(item.points) if p]
    item.caveats = [c for c in dedupe(item.caveats) if c]


def _record_links(text: str) -> set[str]:
    """Links that are the whole value of a field in a record of three or more ``Label: value``
    lines (an export's metadata: "- Full Title: …", "- URL: …", "- Readwise: <url>"): the item's
    own pages elsewhere, not links it makes in passing (which become increments of their own)."""
    out: set[str] = set()
    run: list[str] = []
    for raw in [*text.split("\n")[1:401], ""]:
        field = labelled(raw)
        if field is not None:
            run.append(field[1].strip())
            continue
        if len(run) >= 3:
            for value in run:
                urls = find_urls(value)
                if len(urls) == 1 and urls[0][1] == 0 and urls[0][2] == len(value):
                    out.add(normalize_url(urls[0][0]))
        run = []
    return out


def _lead_id(body: list[str], remarked: frozenset[str] = frozenset()) -> str | None:
    """The paper a heading's body opens with ("DOI 10.48550/arXiv.2611.04417 — I read v3"): the one
    ID of the first lines that cite anything, if they are among the first three lines of text."""
    seen = 0
    for raw in body:
        if not raw.strip() or raw.lstrip().startswith(("```", "~~~")):
            continue
        seen += 1
        if seen > 3:
            return None
        ids = list(dict.fromkeys(m.id for m in find_ids(raw)))
        if ids and remarked.issuperset(ids):
            continue  # "- Related: X (2607.14016)" under a blog's heading: not what it opens with
        if ids:
            return ids[0] if len(ids) == 1 else None
    return None


def dedupe(values: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for v in values:
        if v not in seen:
            seen.add(v)
            out.append(v)
    return out
