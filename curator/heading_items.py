"""Which headings head one item's write-up (``## 增量2【§1.3】Foo-Net`` over its fields).

A heading is an item when its title carries a label or a citation, or when its own body names
one source (a ``链接:`` field, an opening address, an opening paragraph citing one paper) and
is no group of several papers.  A heading over smaller item headings is a group, unless it is
labelled itself (it then ends where its first sub-item starts).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from curator.arxiv import find_ids
from curator.fields import Field, labelled, match_field
from curator.item_labels import has_label, has_ref, lone_ref
from curator.item_titles import BOLD_NAME_ENTRY
from curator.mdblocks import LIST_MARKER, Block, ListEntry
from curator.mentions import identities, is_chat_line
from curator.note_headings import has_word_label, is_group_heading, is_structural
from curator.note_items import Span
from curator.note_layout import NoteLayout
from curator.urls import find_urls

_ItemHead = tuple[Block, int, str]
"""(heading, where its item ends, its context path)."""


def find_heading_items(layout: NoteLayout) -> None:
    """Claim the write-up of every item heading, up to a sub-heading that leaves items out
    ("###### not ours" ends the write-up above it)."""
    headings = layout.headings
    starts = [h.start for h in headings]  # in order: the headings inside a write-up are a slice
    for hb, sec_end, ctx in _outermost(_item_heads(layout)):
        inside = headings[bisect_right(starts, hb.start) : bisect_right(starts, sec_end)]
        cut = next((h.start - 1 for h in inside if layout.negative(h.text)), sec_end)
        layout.claim(Span(hb.start, max(hb.start, cut), hb.text, "heading", ctx))


def _item_heads(layout: NoteLayout) -> list[_ItemHead]:
    close = _closing_rule(layout)
    heads = [
        (hb, min(sec_end, close, _entries_after(layout, hb, min(body_end, close))), ctx)
        for hb, sec_end, body_end, ctx in layout.sections
        if _heads_item(layout, hb, min(body_end, close))
    ]
    heads.sort(key=lambda h: h[0].start)
    return heads


def _entries_after(layout: NoteLayout, hb: Block, body_end: int) -> int:
    """Where a heading's write-up ends when entries of their own follow it: a list of two or
    more, every one led by its name and citing a paper that the heading and the write-up do not
    ("## 2. FooNet" over its paragraphs, then ``- **BarNet (ID)** — …`` lines). Those are items
    of their own, as they are without a heading above them; the write-up ends before the list."""
    blocks, lines = layout.blocks, layout.lines
    seen = set(identities(hb.text).papers)
    for b in _body_blocks(blocks, hb.end + 1, body_end):
        if b.kind == "list" and seen and len(b.entries) >= 2:
            own = all(_entry_of_its_own(e, lines) for e in b.entries)
            papers = (
                [identities(_entry_citation(e, lines)).papers for e in b.entries] if own else []
            )
            if papers and all(p and seen.isdisjoint(p) for p in papers):
                return b.start - 1
        text = "\n".join(lines[max(b.start, 1) - 1 : min(b.end, body_end)])
        seen.update(identities(text).papers)
    return layout.nlines


def _closing_rule(layout: NoteLayout) -> int:
    """The last line a heading's write-up may reach: before a rule ("---") that no heading
    follows, with text after it. What comes after is the note's close (a newsletter's footer,
    the day's "Net new: …" line), not part of the last write-up above it; it stays under that
    heading for what the heading says of its items."""
    last = layout.headings[-1].start if layout.headings else 0
    for b in reversed(layout.blocks):
        if b.start <= last:
            break
        if b.kind == "hr":
            after = layout.lines[b.end :]
            return b.start - 1 if any(ln.strip() for ln in after) else layout.nlines
    return layout.nlines


def _heads_item(layout: NoteLayout, hb: Block, body_end: int) -> bool:
    title = hb.text
    if is_structural(title) or is_group_heading(title):
        return False
    if layout.negative(title) and not has_word_label(title) and not has_ref(title):
        return False  # "###### not ours" over a list: the list's entries are left out one by one
    if has_ref(title) or has_word_label(title):
        return True
    # the heading line, then its own body (after a setext heading's underline)
    own = "\n".join([layout.lines[hb.start - 1], *layout.lines[hb.end : body_end]])
    if has_label(title) and _numbered_item(layout, hb.end + 1, body_end, own):
        return True  # numbered ("## 1. FooNet"), not over entries of their own
    if has_link_field(own) and not is_group(layout.blocks, layout.lines, hb.end + 1, body_end):
        return True
    return address_led(own) or (hb is not layout.note_title and _sentence_led(own))


def _numbered_item(layout: NoteLayout, start: int, end: int, own: str) -> bool:
    """A numbered heading is one item unless the number counts sections: its body holds entries
    of their own, or cites several papers block by block with no field naming its source and no
    prose of its own discussing them ("## 2. 🧠 Research" over a newsletter's entries)."""
    blocks, lines = layout.blocks, layout.lines
    if _holds_entries(blocks, lines, start, end):
        return False
    return (
        has_link_field(own)
        or not is_group(blocks, lines, start, end)
        or _discusses(blocks, lines, start, end)
    )


def _outermost(heads: list[_ItemHead]) -> list[_ItemHead]:
    """A heading that contains smaller item headings is a group, not an item; a labelled one
    with labelled sub-items is an item that ends where the first of them starts."""
    kept: list[_ItemHead] = []
    for pos, h in enumerate(heads):
        nxt = heads[pos + 1] if pos + 1 < len(heads) else None
        if nxt is None or not (h[0].start < nxt[0].start <= h[1]):
            kept.append(h)
        elif has_label(h[0].text) or has_ref(h[0].text):
            kept.append((h[0], nxt[0].start - 1, h[2]))
    return kept


def _body_blocks(blocks: list[Block], start: int, end: int) -> list[Block]:
    """The blocks starting inside a heading's body (lines ``start``..``end``), found by bisection:
    blocks are in order, and each heading scanning every block of the note was quadratic in a
    flood of headings over link fields."""
    first = bisect_left(blocks, start, key=lambda b: b.start)
    return blocks[first : bisect_right(blocks, end, key=lambda b: b.start)]


def _holds_entries(blocks: list[Block], lines: list[str], start: int, end: int) -> bool:
    """A numbered heading over two or more entries of their own, each led by its bold name
    ("- **vLLM V1**: …") or over its own fields ("- SGLang deep dive" / "  - 要点: …"): a
    section of several things, not one item."""
    own = 0
    for b in _body_blocks(blocks, start, end):
        if b.kind == "list":
            own += sum(1 for e in b.entries if _entry_of_its_own(e, lines))
    return own >= 2


def _discusses(blocks: list[Block], lines: list[str], start: int, end: int) -> bool:
    """The body goes on, after what it cites, in a paragraph that cites nothing ("Same problem,
    opposite mechanisms."): one write-up discussing the papers it cites, not a list of them."""
    cited = False
    for b in _body_blocks(blocks, start, end):
        text = "\n".join(lines[max(b.start, 1) - 1 : min(b.end, end)])
        cites = bool(identities(text).papers)
        if b.kind == "paragraph" and cited and not cites:
            return True
        cited = cited or cites
    return False


def _entry_of_its_own(e: ListEntry, lines: list[str]) -> bool:
    first = lines[e.start - 1] if 0 < e.start <= len(lines) else e.text
    if match_field(re.sub(r"^\s*[-*+]\s+", "", first)) is not None:
        return False  # "- **Link**: …", "- 要点: …": a field of the heading's own write-up
    m = BOLD_NAME_ENTRY.match(first)
    if m is not None and m["sep"]:
        return True
    return bool(_child_fields(e))


def _child_fields(e: ListEntry) -> list[tuple[Field, str]]:
    """The fields an entry's children open (``- Link: ID`` under ``- **Name**``), with their
    lines."""
    out = []
    for c in e.children:
        line = c.text.split("\n", 1)[0]
        f = match_field(line)
        if f is not None:
            out.append((f, line))
    return out


def is_group(blocks: list[Block], lines: list[str], start: int, end: int) -> bool:
    """A heading whose body lists several cited papers, each in a block of its own, groups them.

    (An arXiv digest's ``## cs.CL`` over its entries, a reading log's heading over its lines.)
    A heading over one paper's write-up, which mentions related work in passing, is not a group.
    """
    cited: list[tuple[list[str], bool]] = []  # each line's papers; named only by a repo or page?
    paper_field = False
    for b in _body_blocks(blocks, start, end):
        texts: list[str] = []
        if b.kind == "list":
            texts = [_entry_citation(e, lines) for e in b.entries]
        elif b.kind == "table":
            texts = [" | ".join(cells) for _ln, cells in b.rows]
        elif b.kind in ("paragraph", "quote"):
            texts = [
                lines[i - 1] for i in range(b.start, min(b.end, end) + 1) if 0 < i <= len(lines)
            ]
        for t in texts:
            f = match_field(t)
            if f is not None and f.kind != "link":
                continue  # "- 关联: … (ID)", "- 要点: vs X (ID)": a labelled part of one write-up
            ids = identities(t)
            if ids.papers:
                cited.append((ids.papers, not (ids.arxiv or ids.urls)))
                paper_field = paper_field or (f is not None and bool(ids.arxiv))
    seen: list[str] = []
    units = 0
    for papers, page_only in cited:
        if page_only and paper_field:
            continue  # "- arXiv: ID" then "- ran it in SimBench (github.com/…)": one write-up
        units += 1
        seen.extend(p for p in papers if p not in seen)
    return units >= 2 and len(seen) >= 2


def _entry_citation(e: ListEntry, lines: list[str]) -> str:
    """An entry's first line with the link fields under it: ``- **Name**`` over ``- Link: ID``
    cites that ID as ``- **Name** — Link: ID`` does."""
    first = lines[e.start - 1] if 0 < e.start <= len(lines) else e.text
    links = [line for f, line in _child_fields(e) if f.kind == "link"]
    return " ".join([first, *links]) if links and not identities(first).papers else first


def has_link_field(own: str) -> bool:
    """The heading's own body names its source: ``- 链接:URL``, ``**arXiv**: [ID](…)``, a bare ID
    bullet, or a record's lone address under a label curator does not know (below)."""
    tops = [raw for raw in own.split("\n")[1:40] if raw[:1] not in (" ", "\t")]
    return any(_names_source(raw) for raw in tops) or _record_link(tops)


def _names_source(raw: str) -> bool:
    m = match_field(raw)
    if m and m.kind == "link" and has_ref(m.rest):
        return True
    stripped = re.sub(r"^\s*[-*+]\s+", "", raw).strip()
    ids = find_ids(stripped[:40]) if stripped else []
    if ids and ids[0].start <= 8 and _BARE_ID_LEAD.fullmatch(stripped[: ids[0].start]):
        # "- 2608.12345" / "- arXiv [2608.12345](…)"; not "- Resan [2607.14418](…)", a paper of
        # a list, nor "- [2611.13121] **FooBench: …** — kw: benchmark", an entry with a title of
        # its own
        return raw.lstrip().startswith(("-", "*", "+")) and lone_ref(stripped[ids[0].start :])
    return False


def _record_link(tops: list[str]) -> bool:
    """A list of fields whose labels are the team's own words, not the lexicon's: one entry gives
    a lone address ("- Collegamento: https://…"), another a plain value ("- Idee: …"), none
    carries a citation in its label.  The shape is a record's source field whatever the label
    says; a list of papers gives each entry an address of its own or a title beside it."""
    links = values = 0
    for raw in tops:
        if not _ENTRY_MARK.match(raw) or is_chat_line(raw):
            continue
        field = labelled(raw)
        if field is None:
            continue
        label, rest = field
        if has_ref(label):
            return False
        if lone_ref(rest):
            links += 1
        elif not has_ref(rest):
            values += 1
    return links >= 1 and values >= 1


def address_led(own: str) -> bool:
    """The heading's body opens with its paper's address and no other line opens with one:
    "## Foo-Net\n\nhttps://arxiv.org/abs/… — what it does\n- details (citing others in passing)".
    (A body of address lines, one per link, is a list of links, not one write-up.)"""
    led = 0
    first = True
    for raw in own.split("\n")[1:80]:
        stripped = raw.strip()
        if not stripped or raw[:1] in (" ", "\t"):
            continue
        bare = re.sub(r"^(?:[-*+]\s+|<)", "", stripped)
        urls = find_urls(bare[:300])
        ids = find_ids(bare[:40])
        opens = bool(urls and urls[0][1] == 0) or bool(
            ids and ids[0].start <= 8 and _BARE_ID_LEAD.fullmatch(bare[: ids[0].start])
        )
        if opens and first and re.search(r"\*\*[^*]+\*\*|__[^_]+__", bare):
            # "[2611.13121] **FooBench: …**": an entry with a title of its own (a digest's)
            return False
        if opens:
            if not first:
                return False
            led += 1
        elif first:
            return False
        first = False
    return led == 1


def _opens_with_address(line: str) -> bool:
    bare = re.sub(r"^(?:[-*+]\s+|\d{1,3}[.)]\s+|<)", "", line.strip())
    urls = find_urls(bare[:300])
    ids = find_ids(bare[:40])
    return bool(urls and urls[0][1] == 0) or bool(
        ids and ids[0].start <= 8 and _BARE_ID_LEAD.fullmatch(bare[: ids[0].start])
    )


def _sentence_led(own: str) -> bool:
    """The heading's body opens with a paragraph citing exactly one paper, and no later line opens
    with an address: "## [[Foo-Net (video)]]\n\nKeeps a running set of notes …[^2]\n- numbers
    - not the same as Foo-Net (arXiv:…)" is one write-up of that paper (others cited in passing)."""
    body = own.split("\n")[1:80]
    k = 0
    while k < len(body) and not body[k].strip():
        k += 1
    para: list[str] = []
    while k < len(body) and body[k].strip():
        line = body[k]
        if line[:1] in (" ", "\t") or _OTHER_BLOCK.match(line) or match_field(line):
            break
        para.append(line)
        k += 1
    if not para or len({m.id for m in find_ids("\n".join(para))}) != 1:
        return False  # one arXiv paper (or DOI) named in the opening paragraph
    rest = [line for line in body[k:] if line.strip() and line[:1] not in (" ", "\t")]
    return not any(
        _opens_with_address(line) or (line.lstrip().startswith("|") and has_ref(line))
        for line in rest
    )


_ENTRY_MARK = re.compile(r"^\s*" + LIST_MARKER + r"\s")
_OTHER_BLOCK = re.compile(r"^\s*(?:" + LIST_MARKER + r"|>|\||#)")
"""A line that opens a list entry, a quote, a table row or a heading: no paragraph's."""
_BARE_ID_LEAD = re.compile(r"(?:arxiv|pdf|abs)?[\s:：\[(（【/]*", re.IGNORECASE)
