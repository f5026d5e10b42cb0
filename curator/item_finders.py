"""The ways notes write their items, one finder each, behind one registry (:data:`FINDERS`).

Authors write items as labelled headings, briefing-style label lines (``增量 1【…】…``), a
pasted document's outline headings, list entries, table rows, numbered threads, and paragraphs
or citation lines.  Each finder claims the lines of the items it recognises in a
:class:`~curator.note_layout.NoteLayout`; they run in the registry's order, and a line one has
claimed is not read by those after it.  A new way of writing items is one finder here (its
place in the order says what it yields to) and its test; :func:`curator.notes.split_note`
does not change.  (Formats read *before* parsing, such as BibTeX or feeds, are
:mod:`curator.note_formats`'s readers.)
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass

from curator.arxiv import find_ids
from curator.entry_counters import counted_entry, counter_lines, past_rules
from curator.fields import match_field
from curator.heading_items import address_led, find_heading_items, has_link_field, is_group
from curator.item_labels import OUTLINE_LINE, has_label, has_ref, label_match, lone_ref
from curator.lexicon import text_memo
from curator.mdblocks import Block, ListEntry, plain_inline
from curator.mentions import identities, is_chat_line, url_role
from curator.note_headings import has_word_label, is_structural
from curator.note_items import Span, row_title
from curator.note_layout import NoteLayout, opens_entry
from curator.urls import find_urls


def _next_stop(stops: list[int], ln: int, default: int) -> int:
    """The first of the sorted ``stops`` after line ``ln`` (``default`` when none is)."""
    k = bisect_right(stops, ln)
    return stops[k] if k < len(stops) else default


def _trim_end(lines: list[str], start: int, end: int) -> int:
    while end > start and not lines[end - 1].strip():
        end -= 1
    return end


# --- sections ------------------------------------------------------------------------------


def mark_sections(layout: NoteLayout) -> None:
    """Every line's heading path, and whether a heading above it leaves items out or holds
    none; briefing-style pseudo headings ("一、…", "状态" alone on a line) count as headings."""
    nlines = layout.nlines
    for hb, sec_end, _body_end, ctx in layout.sections:
        neg = bool(layout.negative(hb.text)) and not has_word_label(hb.text)
        struct = is_structural(hb.text) and hb is not layout.note_title
        label_ctx = (ctx + " / " + plain_inline(hb.text)).strip(" /")
        for ln in range(hb.start, min(sec_end, nlines) + 1):
            layout.line_ctx[ln] = label_ctx
            if neg:
                layout.line_neg[ln] = True
            if struct:
                layout.line_struct[ln] = True
    _mark_pseudo_headings(layout)


def _mark_pseudo_headings(layout: NoteLayout) -> None:
    lines, nlines = layout.lines, layout.nlines
    heads = {h.start for h in layout.headings}  # a real heading is read as one ("# Notes")
    layout.pseudo = [
        i + 1
        for i, ln in enumerate(lines)
        if not layout.in_fence[i + 1]
        and not layout.covered[i + 1]
        and i + 1 not in heads
        and layout.pseudo_heading(ln)
    ]
    stops = sorted(set(layout.pseudo) | {h.start for h in layout.headings})
    for ln in layout.pseudo:
        end = _next_stop(stops, ln, nlines + 1) - 1
        head = lines[ln - 1].strip()
        neg = bool(layout.negative(head))
        struct = is_structural(head)
        for x in range(ln, end + 1):
            layout.line_ctx[x] = (layout.line_ctx[x] + " / " + head).strip(" /")
            layout.line_neg[x] = layout.line_neg[x] or neg
            layout.line_struct[x] = layout.line_struct[x] or struct


# --- label lines and outline headings ------------------------------------------------------


def find_label_lines(layout: NoteLayout) -> None:
    """Briefing-style label lines anywhere outside heading items ("增量 1【…】…", "항목 1"):
    each item runs to the next label line, heading, rule or pseudo heading."""
    lines = layout.lines
    label_starts = [
        i + 1
        for i, ln in enumerate(lines)
        if layout.usable(i + 1) and not layout.line_neg[i + 1] and _line_is_label_start(ln)
    ]
    layout.stops = sorted(
        {h.start for h in layout.headings}
        | {b.start for b in layout.blocks if b.kind == "hr"}
        | set(layout.pseudo)
        | set(label_starts)
    )
    entry_end = _entry_ends(layout.blocks)
    for ln in label_starts:
        stop = _next_stop(layout.stops, ln, layout.nlines + 1) - 1
        end = _trim_end(lines, ln, min(stop, entry_end.get(ln, stop)))
        layout.claim(Span(ln, end, lines[ln - 1], "paragraph", layout.line_ctx[ln]))


def _entry_ends(blocks: list[Block]) -> dict[int, int]:
    """The last line of every list entry, by its first line: a label line that opens a list
    entry ("6. **Item 6 …**") ends with that entry, as a labelled heading ends at the next."""
    ends: dict[int, int] = {}
    todo = [e for b in blocks if b.kind == "list" for e in b.entries]
    while todo:
        e = todo.pop()
        ends[e.start] = e.end
        todo.extend(e.children)
    return ends


@text_memo
def _line_is_label_start(line: str) -> bool:
    plain = line.strip()
    if not plain or plain.startswith(("-", "*", "+", "|", ">")):
        return False
    m = label_match(plain)
    if not m or not m.group("num"):
        return False
    rest = plain[m.end() :]
    # "항목 1" alone heads its fields
    return not rest.strip() or bool(re.match(r"\s*(?:[【\[(（:：·—\-.]|\S)", rest))


_WRAPPED = re.compile(r"[^\W\d_],?[ \t]*$")
"""A line that stops after a word (or its comma): its sentence goes on on the next line."""
_WRAP_WIDTH = 50
"""A line this long that stops after a word was wrapped (a mail's 72 columns); a short one
("Reading list") may title what follows."""


def find_outline_headings(layout: NoteLayout) -> None:
    """A pasted document's outline headings ("1.1 Foo:…") that head one paper."""
    lines = layout.lines
    for ln in layout.pseudo:
        if not layout.usable(ln) or layout.line_neg[ln] or not OUTLINE_LINE.match(lines[ln - 1]):
            continue
        if ln > 1 and len(lines[ln - 2].strip()) >= _WRAP_WIDTH and _WRAPPED.search(lines[ln - 2]):
            continue  # "…(CVSS 9.6). In\n0.41.0 up to 0.44.1, …": a hard-wrapped sentence goes on
        end = _trim_end(lines, ln, _next_stop(layout.stops, ln, layout.nlines + 1) - 1)
        if any(layout.covered[x] for x in range(ln, end + 1)):
            continue
        own = "\n".join(lines[ln - 1 : end])
        if len(identities(own).papers) == 1 or has_ref(lines[ln - 1]) or has_link_field(own):
            layout.claim(Span(ln, end, lines[ln - 1], "outline", layout.line_ctx[ln]))


def find_colon_titles(layout: NoteLayout) -> None:
    """A plain-text note's title line ("FooNet:") right over the record of fields that names
    its source ("- Link: https://…", "- Section: 4.1"), or over a paragraph that opens with its
    paper's address ("https://arxiv.org/abs/… — what it does", then its list of details): one
    item, as a heading over the same record is.  A field's own label over its values
    ("Caveats:" over a list) is no title, and a line over a list of several papers introduces
    the list."""
    blocks, lines = layout.blocks, layout.lines
    for k, b in enumerate(blocks[:-1]):
        nxt = blocks[k + 1]
        if b.kind != "paragraph" or b.start != b.end or nxt.kind not in ("list", "paragraph"):
            continue
        line = lines[b.start - 1].strip()
        if nxt.start > b.end + 2 or not _COLON_TITLE.match(line):
            continue
        if not layout.usable(b.start) or layout.line_neg[b.start]:
            continue
        if match_field(line) or has_ref(line) or is_chat_line(line):
            continue
        if nxt.kind == "list":
            own = "\n".join(lines[b.start - 1 : nxt.end])
            titled = has_link_field(own) and not is_group(blocks, lines, nxt.start, nxt.end)
            end = nxt.end
        else:  # the write-up's paragraph, and the list of details right under it
            after = blocks[k + 2] if k + 2 < len(blocks) else None
            listed = after is not None and after.kind == "list" and after.start <= nxt.end + 2
            end = after.end if after is not None and listed else nxt.end
            titled = address_led("\n".join(lines[b.start - 1 : end]))
        if titled:
            end = _trim_end(lines, b.start, end)
            layout.claim(Span(b.start, end, line[:-1], "outline", layout.line_ctx[b.start]))


_COLON_TITLE = re.compile(r"^[^\s:：#>|*+-][^:：\n]{0,78}[:：]$")


# --- lists and tables ----------------------------------------------------------------------


def find_list_entries(layout: NoteLayout) -> None:
    """List entries that are items (a label, a citation, a bold lead, fields of their own); an
    outliner's root bullet over several things stands for its children."""
    lines, nlines = layout.lines, layout.nlines
    for b in layout.blocks:
        if b.kind != "list":
            continue
        for e in _outline_entries(b.entries, lines):
            if not layout.usable(e.start) or layout.line_neg[e.start]:
                continue
            first = lines[e.start - 1] if e.start - 1 < nlines else ""
            if is_chat_line(first) or len(identities(first).papers) > 1:
                continue  # a chat line or a comparison mentions items; it is not one
            if _entry_is_item(e, lines):
                clip = _next_stop(layout.stops, e.start, nlines + 1) - 1
                end = _trim_end(lines, e.start, min(e.end, clip))
                ctx = layout.line_ctx[e.start]
                layout.claim(
                    Span(e.start, end, lines[e.start - 1], "list", ctx, marker=e.marker_number)
                )


def find_table_rows(layout: NoteLayout) -> None:
    """Table rows that cite something, one item each."""
    for b in layout.blocks:
        if b.kind != "table":
            continue
        for row_line, cells in b.rows:
            if not layout.usable(row_line) or layout.line_neg[row_line]:
                continue
            if has_ref(" | ".join(cells)):
                title = row_title(cells, b.header)
                ctx = layout.line_ctx[row_line]
                layout.claim(
                    Span(row_line, row_line, title, "table", ctx, cells=cells, header=b.header)
                )


def _outline_entries(entries: list[ListEntry], lines: list[str]) -> list[ListEntry]:
    """The list entries that may be items: an entry whose children are two or more things of
    their own (each citing its own paper or link and carrying its own nested details, as an
    outliner's export nests a day's reading under one root bullet) stands for its children,
    not for one item.  A paper's own bullets (its ID, its repo, a reference) are details."""
    out: list[ListEntry] = []
    for e in entries:
        own = [c for c in e.children if c.children and _cites_own_thing(c, lines)]
        keys = {k for c in own for k in _thing_keys(c, lines)}
        if len(own) >= 2 and len(keys) >= 2 and not _thing_keys_line(e.text.split("\n")[0]):
            out.extend(_outline_entries(e.children, lines))
        else:
            out.append(e)
    return out


def _thing_keys_line(text: str) -> set[str]:
    return set(identities(text).papers)


def _thing_keys(e: ListEntry, lines: list[str]) -> set[str]:
    return _thing_keys_line("\n".join(lines[e.start - 1 : e.end]))


def _cites_own_thing(e: ListEntry, lines: list[str]) -> bool:
    return bool(_thing_keys(e, lines))


def _entry_is_item(e: ListEntry, lines: list[str]) -> bool:
    first = e.text.partition("\n")[0]
    if has_label(first) or ((lm := label_match(first.strip())) is not None and lm.group("num")):
        return True
    m = match_field(first)
    if m and m.kind in ("link", "hint", "skip", "priority", "caveat", "points"):
        if m.kind != "link" or lone_ref(m.rest):
            return False
    if has_ref(first):
        return True
    if _BOLD_LEAD_ENTRY.match(first):
        return True
    for child in e.children:
        cm = match_field(child.text.split("\n")[0])
        if cm:
            return True
    if e.children and _WORD.search(first) and lone_ref(e.children[0].text.split("\n")[0]):
        return True  # a title over its link, the link alone on the first line under it
    # "1) A title in words" over an indented "Lien : https://…" line of the same entry
    for line in lines[e.start : min(e.end, e.start + 6)]:
        cm = match_field(line)
        if cm and cm.kind == "link" and has_ref(cm.rest):
            return True
    return False


_WORD = re.compile(r"[^\W\d_]{2}")
"""Two letters: an entry's line that says something ("*" in a comment block's margin does not)."""
_BOLD_LEAD_ENTRY = re.compile(r"^\s*(?:\*\*|__)[^*_\n]{1,80}(?:\*\*|__)")


def _leads_with_bold_name(line: str) -> bool:
    """ "**2. FooNet** (arXiv:…)", not a bold field label ("**Link:** …", "**Tipo**: …")."""
    m = _BOLD_LEAD_ENTRY.match(line)
    if m is None:
        return False
    return not m.group().rstrip("*_").rstrip().endswith((":", "：")) and not line[
        m.end() :
    ].lstrip().startswith((":", "："))


# --- threads and paragraphs ----------------------------------------------------------------


def find_threads(layout: NoteLayout) -> None:
    """A numbered thread ("1/7 New paper: … arXiv …", …, "6/7 Demo page: …") about one paper is
    one item: its demo page and code are that paper's pages."""
    lines = layout.lines
    for run in _threads(layout.blocks, lines):
        if any(layout.covered[x] or not layout.usable(x) for x in run):
            continue
        cited = identities("\n".join(lines[x - 1] for x in run))
        if len(cited.arxiv) == 1:
            ctx = layout.line_ctx[run[0]]
            layout.claim(Span(run[0], run[-1], lines[run[0] - 1], "paragraph", ctx))


_POST_NUMBER = re.compile(r"^\s*(\d{1,2})\s*/\s*(\d{1,2})\b(?!\s*[/.\d])")


def _threads(blocks: list[Block], lines: list[str]) -> list[list[int]]:
    """Lines of numbered threads: paragraphs opening "1/7", "2/7", … in order (a pasted X
    thread)."""
    out: list[list[int]] = []
    run: list[int] = []
    last: tuple[int, int] | None = None
    for b in blocks:
        m = (
            _POST_NUMBER.match(lines[b.start - 1])
            if b.kind == "paragraph" and 0 < b.start <= len(lines)
            else None
        )
        post = (int(m[1]), int(m[2])) if m and 0 < int(m[1]) <= int(m[2]) else None
        if post and last and post[1] == last[1] and post[0] == last[0] + 1:
            run.extend(range(b.start, b.end + 1))
        else:
            if len({lines[x - 1][:3] for x in run}) >= 2 and last and last[0] >= 2:
                out.append(run)
            run = list(range(b.start, b.end + 1)) if post and post[0] == 1 else []
        last = post if post and (post[0] == 1 or run) else None
    if run and last and last[0] >= 2:
        out.append(run)
    return out


def find_paragraph_items(layout: NoteLayout) -> None:
    """Paragraphs: one paper → an item; several lines of one paper each (citation lines, a
    digest without bullets) → an item per line; anything else only mentions."""
    found: list[list[list[int]]] = []
    for b in layout.blocks:
        if b.kind not in ("paragraph", "quote") or not layout.usable(b.start):
            continue
        if layout.line_neg[b.start]:
            continue
        rows = [
            ln
            for ln in range(b.start, min(b.end, layout.nlines) + 1)
            if layout.usable(ln) and layout.lines[ln - 1].strip()
        ]
        if rows and not any(layout.covered[x] for x in rows):
            found.append(_entry_groups(rows, layout.lines))
    # a block that is one entry may open with its number; one cut into entries is no such block
    counters = counter_lines(
        (ln, layout.lines[ln - 1])
        for groups in found
        if len(groups) == 1 and (ln := past_rules(groups[0], layout.lines))
    )
    for groups in found:
        for group in groups:
            _paragraph_items(layout, group, counters)


def _entry_groups(rows: list[int], lines: list[str]) -> list[list[int]]:
    """A paragraph's lines cut where a line opens the next entry (:func:`opens_entry`), or at
    each of two or more lines leading with a bold name ("**2. FooNet** (arXiv:…)" over its
    prose), as blank lines would have cut it."""
    leads = {ln for ln in rows if _leads_with_bold_name(lines[ln - 1])}
    if len(leads) < 2:
        leads = set()
    groups = [rows[:1]]
    for ln in rows[1:]:
        if ln in leads or opens_entry(lines[ln - 1], lines[groups[-1][-1] - 1]):
            groups.append([])
        groups[-1].append(ln)
    return groups


def _paragraph_items(layout: NoteLayout, rows: list[int], counters: set[int]) -> None:
    lines, line_ctx = layout.lines, layout.line_ctx
    whole = identities("\n".join(lines[ln - 1] for ln in rows))
    if not whole:
        # no line of it cites anything (a line's IDs and links are the paragraph's): not read line
        # by line
        return
    if title := counted_entry(lines, rows, counters, whole):
        layout.claim(Span(title, rows[-1], lines[title - 1], "paragraph", line_ctx[title]), rows)
        return
    if any(is_chat_line(lines[ln - 1]) for ln in rows):
        return
    in_whole = set(whole.arxiv)
    cited = {
        ln: [p for p in identities(lines[ln - 1]).papers if not in_whole or p in in_whole]
        for ln in rows
    }
    with_ids = [ln for ln in rows if cited[ln]]
    first = lines[rows[0] - 1]
    if (
        len(cited[rows[0]]) == 1
        and _NAME_LEAD.match(first)
        and not any(_leads_with_name_or_id(lines[ln - 1]) for ln in rows[1:])
    ):
        # "**1. Widget-Pro** (arXiv …)" over prose that cites others in passing: one item
        layout.claim(Span(rows[0], rows[-1], first, "paragraph", line_ctx[rows[0]]), rows)
    elif (
        len(with_ids) >= 2
        and all(len(cited[ln]) == 1 for ln in with_ids)
        and len({cited[ln][0] for ln in with_ids}) == len(with_ids)
    ):
        for ln in with_ids:  # citation lines: an item per line
            layout.claim(Span(ln, ln, lines[ln - 1], "line", line_ctx[ln]))
    elif len(whole.papers) == 1 and (
        _leads_with_name_or_id(first)
        or (
            len(rows) >= 2
            and whole.arxiv
            and not cited[rows[0]]
            and _title_over_link(first, lines[rows[1] - 1])
        )
    ):
        layout.claim(Span(rows[0], rows[-1], first, "paragraph", line_ctx[rows[0]]), rows)


_TITLE_WORDS = 30
_SENTENCE_END = re.compile(r"[.!?。！？]\s*$")


def _title_over_link(first: str, second: str) -> bool:
    """A title copied over its link ("RelGT-FM: A Foundation Model for …" / "https://arxiv.org/
    abs/…"): the first line a short line that ends no sentence, the second the link alone.  (The
    caller asks it of a paper's link only: a page's title over its address is as often the
    heading of the page the note was pasted from.)"""
    if len(first.split()) > _TITLE_WORDS or _SENTENCE_END.search(first):
        return False
    rest = second
    for _u, s0, e0 in sorted(find_urls(second), key=lambda t: -t[1]):
        rest = rest[:s0] + rest[e0:]
    for m in sorted(find_ids(rest), key=lambda m: -m.start):
        rest = rest[: m.start] + rest[m.end :]
    return not re.sub(r"(?i)arxiv|[\s<>()\[\]:*_-]", "", rest)


_NAME_LEAD = re.compile(
    r"^\s*(?:>\s*)*(?:[-*+■□◆◇●○▪▶▸]\s*)?(?:\*\*|__|【|\[|「|『|“|\"|[^\s:：]{1,12}[:：]\s*(?:\*\*|__|【|「|『|“|\"))"
)


def _leads_with_name_or_id(line: str) -> bool:
    """A paragraph about one paper opens with its name (bold, bracketed, quoted) or its ID/link."""
    if _NAME_LEAD.match(line) or match_field(line):
        return True
    ids = find_ids(line)
    if ids and ids[0].start <= 60:
        return True
    urls = [s0 for u, s0, _e in find_urls(line) if url_role(u) != "ignore"]
    return bool(urls and urls[0] <= 60)


@dataclass(frozen=True)
class Finder:
    """One way notes write their items: ``find`` claims the lines of each such item."""

    name: str
    find: Callable[[NoteLayout], None]


FINDERS: tuple[Finder, ...] = (
    Finder("heading write-ups", find_heading_items),
    Finder("section paths and briefing pseudo headings", mark_sections),
    Finder("label lines", find_label_lines),
    Finder("outline headings", find_outline_headings),
    Finder("colon titles", find_colon_titles),
    Finder("list entries", find_list_entries),
    Finder("table rows", find_table_rows),
    Finder("numbered threads", find_threads),
    Finder("paragraphs and citation lines", find_paragraph_items),
)
"""In the order they run.  Heading write-ups come first: the sections every later finder reads
in depend on which headings head items; label lines set the stops the finders after them end at."""
