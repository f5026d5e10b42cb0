"""Split a note into candidate items, whatever the author's style.

Authors write items as labelled headings (``## 增量2【…】Title``), numbered
lists (``1. **条目1** …``), briefing-style paragraphs (``增量 1【…】…``),
link bullets, tables of papers and ``<details>`` blocks.  The splitter finds
item boundaries from structure (markdown-it blocks) plus a few label and
field conventions, then reads each item's fields line by line.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from curator.arxiv import find_ids, find_malformed_ids, may_hold_malformed
from curator.fields import match_field
from curator.footnotes import inline_footnotes
from curator.lexicon import default_lexicon, may_match, memo, skim, text_memo
from curator.mdblocks import Block, ListEntry, flatten_deep_nesting, parse_blocks, plain_inline
from curator.mentions import Identities, identities, is_chat_line, sentence_spans, url_role
from curator.models import Item, Remark, SplitNote  # noqa: F401  (defined there: cached notes need no parser)
from curator.note_formats import read_formats
from curator.note_items import (
    BULLET,
    OUTLINE_LINE,
    Span,
    build_item,
    has_label,
    has_ref,
    label_match,
    row_title,
    short_label,
)
from curator.note_remarks import attach_remarks, drop_own_links, find_groups
from curator.textfeatures import COINED_NAME
from curator.urls import find_urls

# --- conventions -------------------------------------------------------------


_CN_ENUM_LINE = re.compile(r"^\s*[一二三四五六七八九十]{1,3}[、.．]\s*\S")


@memo
def _structural_re() -> re.Pattern[str]:
    """Headings that hold no items (the lexicon's ``[headings] structural``), matched at the start:
    "状态与矛盾" or "Status: held" or "Summary (3)", but not "Notes on judge papers"."""
    words = default_lexicon().pattern("headings", "structural")
    whole = r"(?:(?<=[^\x00-\x7f])|(?=\s*(?:$|[:：(（\[\-—–·|/,;]|\d)))"
    return re.compile(
        rf"^(?:[#\s]*)(?:[一二三四五六七八九十]+[、.]\s*)?(?:{words.pattern}){whole}", re.IGNORECASE
    )


@memo
def _structural_words() -> re.Pattern[str]:
    """The lexicon's structural headings alone: the words one of which every match of
    :func:`_structural_re` holds are this pattern's (its anchors add none)."""
    return default_lexicon().pattern("headings", "structural")


def _never(_text: str) -> None:
    """:func:`_negative` for a note holding none of the words its phrases need."""
    return None


def _negative_re() -> re.Pattern[str]:
    """Headings whose items the author left out (the lexicon's ``[headings] negative``)."""
    return default_lexicon().pattern("headings", "negative")


@text_memo
def _negative(text: str) -> re.Match[str] | None:
    """Where ``text`` says its items were left out: 250 phrases in 15 languages are a costly
    regex, so it runs only on a text holding one of the words every match needs."""
    rx = _negative_re()
    return rx.search(text) if may_match(rx, skim(text)) else None


# --- pre-processing ------------------------------------------------------------

_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
# bounded, and a summary's text holds no other "<summary": 55,000 unclosed "<summary>" made each
# scan 2,000 characters ahead (1.1 s per MB); now each stops at the next one
_SUMMARY = re.compile(
    r"<summary[^>]{0,500}>((?:[^<]|<(?!summary)){0,2000}?)</summary>", re.IGNORECASE
)
_DETAILS = re.compile(r"</?details[^>]{0,500}>", re.IGNORECASE)


def _blank_keep_lines(m: re.Match[str]) -> str:
    return re.sub(r"[^\n]", " ", m.group(0))


def _summary_line(m: re.Match[str]) -> str:
    """``<summary>🟠 Name · title(2608.12345)</summary>``: a summary naming a paper (or whose block
    names its source, ``- 链接:URL``) heads its item; any other summary stays a plain line."""
    inner = m.group(1).replace("\n", " ")
    end = m.string.find("</details>", m.end(), m.end() + 4000)
    body = m.string[m.end() : end if end >= 0 else m.end() + 4000]
    if has_ref(inner) or has_label(inner) or _has_link_field("\n" + body):
        return "###### " + inner.strip()
    return inner


def read_front_matter(text: str) -> tuple[dict[str, str], int]:
    """``key: value`` lines of a leading ---/+++ block (keys lower-cased), and where it ends (-1: none).

    Also used on its own to date a note without splitting it.
    """
    front: dict[str, str] = {}
    if not (text.startswith("---\n") or text.startswith("+++\n")):
        return front, -1
    fence = text[:3]
    end = text.find(f"\n{fence}", 3)
    if not 0 < end < 20_000:
        return front, -1
    for line in text[4:end].split("\n"):
        m = _FRONT_LINE.match(line)
        if m:
            front[m.group(1).lower()] = m.group(2).strip().strip("\"'")
    return front, end


_FRONT_LINE = re.compile(r"^\s*([A-Za-z_][\w-]*)\s*[:=]\s*(.*?)\s*$")


def preprocess(text: str) -> tuple[str, dict[str, str], list[str]]:
    """Drop HTML comments, open <details>, lift front matter, read footnotes where cited; line
    numbers are preserved."""
    warnings: list[str] = []
    front, end = read_front_matter(text)
    if end > 0:  # blank it out, keeping line numbers
        stop = text.find("\n", end + 1)
        stop = len(text) if stop < 0 else stop
        text = re.sub(r"[^\n]", " ", text[:stop]) + text[stop:]
    if "<!--" in text:
        text = _COMMENT.sub(_blank_keep_lines, text)
    if "<summary" in text.lower() or "<details" in text.lower():
        text = _SUMMARY.sub(_summary_line, text)
        text = _DETAILS.sub(lambda m: " " * len(m.group(0)), text)
        # a summary on the same line as <details> must start its own paragraph
        text = re.sub(r"^[ \t]+(?=\S)", "", text, flags=re.MULTILINE)
    if "[!" in text:
        text = _callouts(text)
    text = read_formats(text)
    text = inline_footnotes(text)
    text, flattened = flatten_deep_nesting(text)
    if flattened:
        warnings.append("very deep quote/list nesting was flattened to read it")
    return text, front, warnings


_CALLOUT = re.compile(
    r"^[ \t]{0,3}>[ \t]*\[!(?P<kind>[A-Za-z][\w-]{0,20})\][+-]?[ \t]*(?P<title>.*)$"
)
_QUOTED = re.compile(r"^[ \t]{0,3}>[ \t]?")


def _callouts(text: str) -> str:
    """Obsidian/GitHub callouts (``> [!warning] not ours`` over ``> - …`` lines) read as a small
    heading over their lines, so a callout that leaves items out works like such a heading."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = _CALLOUT.match(lines[i])
        if m is None:
            i += 1
            continue
        lines[i] = "###### " + (m["title"].strip() or m["kind"])
        i += 1
        while i < len(lines) and _QUOTED.match(lines[i]) and not _CALLOUT.match(lines[i]):
            lines[i] = _QUOTED.sub("", lines[i], count=1)
            i += 1
    return "\n".join(lines)


MAX_CITING_LINES = 4_000
"""Lines citing a paper or a page that one note is read up to: a busy day's digest has a few
hundred at most (the labelled relays' busiest note, 22), so a note past this is a dump — a
reading list exported line by line, 66,000 IDs in a list — where every line would become an item
judged on its own (a second or more for each thousand).  The rest of such a note is not read, and
the note says so; a note within the limit is read whole, as before."""


def _cut_dump(text: str, warnings: list[str]) -> str:
    """``text`` up to the line before its ``MAX_CITING_LINES + 1``-th line citing something (an
    arXiv ID or a link), with a warning; unchanged when it has no more citing lines than that.
    Only lines with a dot or a slash are read (no ID or link is without one), and only until the
    limit is passed."""
    if len(text) <= 9 * MAX_CITING_LINES or text.count("\n") < MAX_CITING_LINES:
        return text  # too short or too few lines to hold that many citing lines
    seen = 0
    for m in _DOT_OR_SLASH_LINE.finditer(text):
        end = text.find("\n", m.end())
        line = text[m.start() : end if end >= 0 else len(text)]
        if not (find_ids(line) or find_urls(line)):
            continue
        seen += 1
        if seen > MAX_CITING_LINES:
            warnings.append(
                f"more than {MAX_CITING_LINES:,} lines cite a paper or a page; only the first {MAX_CITING_LINES:,} are read "
                f"(from line {text.count(chr(10), 0, m.start()) + 1:,} on, the note is a dump, not a relay)"
            )
            return text[: m.start()]
    return text


MAX_NOTE_LINES = 100_000
"""Lines of one note that are read: the most line-heavy real note (a 470 KB awesome-list README)
has ~7,500, a relay's a few hundred.  Past this a note is a flood (500,000 one-letter lines, 250,000
list entries in a megabyte), every line of which is a remark with its own questions; what follows
line 100,000 is not read, and the note says so."""


def _cut_lines(text: str, warnings: list[str]) -> str:
    """``text``'s first ``MAX_NOTE_LINES`` lines, with a warning when there are more."""
    if text.count("\n") < MAX_NOTE_LINES:
        return text
    lines = text.split("\n", MAX_NOTE_LINES)
    if not lines[-1].strip():
        return text  # nothing but a last blank line past the limit
    warnings.append(
        f"{text.count(chr(10)) + 1:,} lines; only the first {MAX_NOTE_LINES:,} are read (a note that long is a flood, not a relay)"
    )
    return "\n".join(lines[:MAX_NOTE_LINES])


_DOT_OR_SLASH_LINE = re.compile("^[^\n./\uff0e\uff0f]*[./\uff0e\uff0f]", re.MULTILINE)
"""The start of a line holding a dot or a slash (and where in it the first one is)."""


# --- the splitter --------------------------------------------------------------


def split_note(text: str, path: str) -> SplitNote:
    """Items of one note; never raises on arbitrary text."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "\ufffd")
    text, front, warnings = preprocess(text)
    text = _cut_dump(text, warnings)
    text = _cut_lines(text, warnings)
    lines = text.split("\n")
    nlines = len(lines)
    try:
        blocks = parse_blocks(text)
    except RecursionError:
        warnings.append("markdown nesting too deep; read as plain lines")
        blocks = [Block("paragraph", i + 1, i + 1, ln) for i, ln in enumerate(lines) if ln.strip()]
    blocks = [_csv_table(b, lines) or b for b in blocks]
    out = SplitNote(front_matter=front, warnings=warnings)
    headings = [b for b in blocks if b.kind == "heading"]
    for b in headings:
        out.headings[b.level] = out.headings.get(b.level, 0) + 1
    out.title = plain_inline(headings[0].text) if headings else _first_text_line(lines)

    heading_spans = _heading_sections(headings, nlines)
    # a phrase that is nowhere in the note is in none of its headings or lines: the regexes of
    # hundreds of phrases then never run line by line (60,000 headings took ~1 s in them)
    whole = skim(text)
    negative = _negative if may_match(_negative_re(), whole) else _never
    pseudo_heading = (
        _is_pseudo_heading
        if may_match(_structural_words(), whole)
        else _is_pseudo_heading_unstructured
    )
    spans: list[Span] = []
    covered = [False] * (nlines + 2)
    for ln in _provenance_lines(lines, headings):
        covered[ln] = True  # where the note's text came from: not an item, not a mention

    # 1. heading items
    # the note's own title ("# Notes — agents, Sunday") names the note: it is no section without items
    note_title = (
        headings[0]
        if headings and sum(h.level <= headings[0].level for h in headings) == 1
        else None
    )
    item_heads: list[tuple[Block, int, int, int, str]] = []
    for hb, sec_end, body_end, ctx in heading_spans:
        title = hb.text
        if _is_structural(title):
            continue
        own = "\n".join(lines[hb.start - 1 : body_end])  # the heading line, then its own body
        if negative(title) and not has_label(title) and not has_ref(title):
            continue  # "###### not ours" over a list: the list's entries are left out one by one
        if has_label(title) or has_ref(title):
            item_heads.append((hb, sec_end, body_end, hb.level, ctx))
        elif _has_link_field(own) and not _is_group(blocks, lines, hb.start + 1, body_end):
            item_heads.append((hb, sec_end, body_end, hb.level, ctx))
        elif _address_led(own) or (hb is not note_title and _sentence_led(own)):
            item_heads.append((hb, sec_end, body_end, hb.level, ctx))
    # a heading that contains smaller item headings is a group, not an item
    kept: list[tuple[Block, int, int, int, str]] = []
    item_heads.sort(key=lambda h: h[0].start)
    for pos, h in enumerate(item_heads):
        nxt = item_heads[pos + 1] if pos + 1 < len(item_heads) else None
        if nxt is None or not (h[0].start < nxt[0].start <= h[1]):
            kept.append(h)
        elif has_label(h[0].text) or has_ref(h[0].text):
            # a labelled item with labelled sub-items: it ends where the first of them starts
            kept.append((h[0], nxt[0].start - 1, h[2], h[3], h[4]))
    starts = [h.start for h in headings]  # in order: the headings inside a write-up are a slice
    for hb, sec_end, _body_end, _lvl, ctx in kept:
        # a sub-heading that leaves items out ("###### not ours") ends the write-up above it
        inside = headings[bisect_right(starts, hb.start) : bisect_right(starts, sec_end)]
        cut = next((h.start - 1 for h in inside if negative(h.text)), sec_end)
        sec_end = max(hb.start, cut)
        spans.append(Span(hb.start, sec_end, hb.text, "heading", ctx))
        for ln in range(hb.start, sec_end + 1):
            covered[ln] = True

    # context (heading path) and negative/structural flags for every line
    line_ctx = [""] * (nlines + 2)
    line_neg = [False] * (nlines + 2)
    line_struct = [False] * (nlines + 2)
    in_fence = [False] * (nlines + 2)
    for b in blocks:
        if b.kind == "fence":
            for ln in range(b.start, min(b.end, nlines) + 1):
                in_fence[ln] = True
    title_head = note_title
    for hb, sec_end, _body_end, ctx in heading_spans:
        neg = bool(negative(hb.text)) and not has_label(hb.text)
        struct = _is_structural(hb.text) and hb is not title_head
        label_ctx = (ctx + " / " + plain_inline(hb.text)).strip(" /")
        for ln in range(hb.start, min(sec_end, nlines) + 1):
            line_ctx[ln] = label_ctx
            if neg:
                line_neg[ln] = True
            if struct:
                line_struct[ln] = True
    # briefing-style pseudo headings: "一、…", "状态" alone on a line
    heading_lines = {b.start for b in blocks if b.kind == "heading"}
    pseudo = [
        i + 1
        for i, ln in enumerate(lines)
        if not in_fence[i + 1] and not covered[i + 1] and pseudo_heading(ln)
    ]
    stops = sorted(set(pseudo) | heading_lines)
    for ln in pseudo:
        end = next((x for x in stops if x > ln), nlines + 1) - 1
        head = lines[ln - 1].strip()
        neg = bool(negative(head))
        struct = _is_structural(head)
        for x in range(ln, end + 1):
            line_ctx[x] = (line_ctx[x] + " / " + head).strip(" /")
            line_neg[x] = line_neg[x] or neg
            line_struct[x] = line_struct[x] or struct

    def usable(ln: int) -> bool:
        return not covered[ln] and not line_struct[ln] and not in_fence[ln]

    # 2. briefing-style label lines anywhere outside heading items
    label_starts = [
        i + 1
        for i, ln in enumerate(lines)
        if usable(i + 1) and not line_neg[i + 1] and _line_is_label_start(ln)
    ]
    boundaries = sorted(
        heading_lines
        | {b.start for b in blocks if b.kind == "hr"}
        | set(pseudo)
        | set(label_starts)
    )
    for ln in label_starts:
        nxt = next((x for x in boundaries if x > ln), nlines + 1)
        end = _trim_end(lines, ln, nxt - 1)
        spans.append(Span(ln, end, lines[ln - 1], "paragraph", line_ctx[ln]))
        for x in range(ln, end + 1):
            covered[x] = True
    all_stops = sorted(set(boundaries))

    # 2b. a pasted document's outline headings ("1.1 Foo:…") that head one paper
    for ln in pseudo:
        if not usable(ln) or line_neg[ln] or not OUTLINE_LINE.match(lines[ln - 1]):
            continue
        nxt = next((x for x in all_stops if x > ln), nlines + 1)
        end = _trim_end(lines, ln, nxt - 1)
        if any(covered[x] for x in range(ln, end + 1)):
            continue
        own = "\n".join(lines[ln - 1 : end])
        if len(identities(own).papers) == 1 or has_ref(lines[ln - 1]) or _has_link_field(own):
            spans.append(Span(ln, end, lines[ln - 1], "outline", line_ctx[ln]))
            for x in range(ln, end + 1):
                covered[x] = True

    # 3. list entries and table rows in still-uncovered regions
    for b in blocks:
        if b.kind == "list":
            for e in _outline_entries(b.entries, lines):
                if not usable(e.start) or line_neg[e.start]:
                    continue
                first = lines[e.start - 1] if e.start - 1 < nlines else ""
                if is_chat_line(first) or len(identities(first).papers) > 1:
                    continue  # a chat line or a comparison mentions items; it is not one
                if _entry_is_item(e, lines):
                    clip = next((x for x in all_stops if x > e.start), nlines + 1) - 1
                    end = _trim_end(lines, e.start, min(e.end, clip))
                    spans.append(
                        Span(
                            e.start,
                            end,
                            lines[e.start - 1],
                            "list",
                            line_ctx[e.start],
                            marker=e.marker_number,
                        )
                    )
                    for x in range(e.start, end + 1):
                        covered[x] = True
        elif b.kind == "table":
            for row_line, cells in b.rows:
                if not usable(row_line) or line_neg[row_line]:
                    continue
                joined = " | ".join(cells)
                if has_ref(joined):
                    spans.append(
                        Span(
                            row_line,
                            row_line,
                            row_title(cells, b.header),
                            "table",
                            line_ctx[row_line],
                            cells=cells,
                            header=b.header,
                        )
                    )
                    covered[row_line] = True

    # 3a. a numbered thread ("1/7 New paper: … arXiv …", …, "6/7 Demo page: …") about one paper
    #     is one item: its demo page and code are that paper's pages
    for run in _threads(blocks, lines):
        if any(covered[x] or not usable(x) for x in run):
            continue
        cited = identities("\n".join(lines[x - 1] for x in run))
        if len(cited.arxiv) == 1:
            spans.append(Span(run[0], run[-1], lines[run[0] - 1], "paragraph", line_ctx[run[0]]))
            for x in range(run[0], run[-1] + 1):
                covered[x] = True

    # 3b. paragraphs: one paper → an item; several lines of one paper each (citation lines,
    #     a digest without bullets) → an item per line; anything else only mentions
    for b in blocks:
        if b.kind not in ("paragraph", "quote") or not usable(b.start) or line_neg[b.start]:
            continue
        rows = [
            ln
            for ln in range(b.start, min(b.end, nlines) + 1)
            if usable(ln) and lines[ln - 1].strip()
        ]
        if not rows or any(covered[x] for x in rows):
            continue
        whole = identities("\n".join(lines[ln - 1] for ln in rows))
        if not whole:
            continue  # no line of it cites anything (a line's IDs and links are the paragraph's): not read line by line
        if any(is_chat_line(lines[ln - 1]) for ln in rows):
            continue
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
            spans.append(Span(rows[0], rows[-1], first, "paragraph", line_ctx[rows[0]]))
            for x in rows:
                covered[x] = True
            continue
        if (
            len(with_ids) >= 2
            and all(len(cited[ln]) == 1 for ln in with_ids)
            and len({cited[ln][0] for ln in with_ids}) == len(with_ids)
        ):
            for ln in with_ids:
                spans.append(Span(ln, ln, lines[ln - 1], "line", line_ctx[ln]))
                covered[ln] = True
            continue
        if len(whole.papers) == 1 and _leads_with_name_or_id(lines[rows[0] - 1]):
            spans.append(
                Span(rows[0], rows[-1], lines[rows[0] - 1], "paragraph", line_ctx[rows[0]])
            )
            for x in rows:
                covered[x] = True

    spans.sort(key=lambda s: s.start)
    heading_starts = {b.start for b in headings}
    for k, sp in enumerate(spans):
        if sp.kind != "paragraph":
            continue
        # a write-up paragraph keeps what follows it up to the next item: its quoted abstract,
        # the author's "→ governance, not ours." underneath
        stop = min(
            spans[k + 1].start - 1 if k + 1 < len(spans) else nlines, sp.end + _TRAILING_LINES
        )
        end = sp.end
        for ln in range(sp.end + 1, stop + 1):
            raw = lines[ln - 1]
            if (
                covered[ln]
                or ln in heading_starts
                or in_fence[ln]
                or line_ctx[ln] != line_ctx[sp.start]
            ):
                break
            if raw.strip() and (
                identities(raw).papers
                or is_chat_line(raw)
                or BULLET.match(raw)
                or _RULE.fullmatch(raw)
            ):
                break  # another paper, a chat line, a list, or a rule ("---") closing the write-up
            if raw.strip():
                end = ln
        for ln in range(sp.end + 1, end + 1):
            covered[ln] = True
        sp.end = end
    for sp in spans:
        if not 1 <= sp.start <= nlines:
            continue
        sp.end = min(max(sp.end, sp.start), nlines)
        item = build_item(sp, lines, path)
        if item is not None:
            item.negative = line_neg[sp.start] or _is_negative_title(item.title)
            out.items.append(item)

    # 4. IDs outside every item, and remarks for note-level judgements
    all_ids: list[str] = []
    seen: set[str] = set()
    for m in find_ids(text):
        if m.id not in seen:
            seen.add(m.id)
            all_ids.append(m.id)
    out.ids = all_ids
    run: list[int] = []
    for i in range(1, nlines + 2):
        raw = lines[i - 1] if i <= nlines else ""
        free = i <= nlines and not covered[i] and bool(raw.strip())
        if free:
            out.remarks.append(Remark(i, raw.strip(), line_neg[i], line_struct[i]))
        if (
            free
            and run
            and (
                in_fence[i] != in_fence[run[-1]]
                or is_chat_line(raw)
                or line_ctx[i] != line_ctx[run[-1]]
            )
        ):
            out.carriers.extend(_carriers(run, lines, path, line_ctx, line_neg))
            run = []
        if free:
            run.append(i)
            if in_fence[i] or is_chat_line(raw) or BULLET.match(raw):
                out.carriers.extend(_carriers(run, lines, path, line_ctx, line_neg))
                run = []
        elif run:
            out.carriers.extend(_carriers(run, lines, path, line_ctx, line_neg))
            run = []
    out.groups = find_groups(out.remarks, out.items)
    attach_remarks(out)
    drop_own_links(out, text)
    _named_sections(out, heading_spans, lines, covered)
    return out


_COINED = COINED_NAME
_WORD_RUN = re.compile(r"[A-Za-z0-9_-]+")


def _named_sections(
    out: SplitNote,
    heading_spans: list[tuple[Block, int, int, str]],
    lines: list[str],
    covered: list[bool],
) -> None:
    """A heading naming a paper that an item of the same note cites ("### 평가 비용 / FooBench"
    over what was said of it; the ID only in an action item below): its text is about that paper."""
    free = [
        (hb, body_end)
        for hb, _sec_end, body_end, _ctx in heading_spans
        if not covered[hb.start]
        and body_end > hb.start
        and not any(has_ref(ln) for ln in lines[hb.start : body_end])
    ]
    if not free:
        return
    # a coined name is a whole run of [A-Za-z0-9-] between other characters, so the headings it
    # stands in are looked up by their runs, not searched one by one (items × headings)
    by_run: dict[str, list[int]] = {}
    for k, (hb, _body_end) in enumerate(free):
        for run in dict.fromkeys(_WORD_RUN.findall(hb.text)):
            by_run.setdefault(run, []).append(k)
    for it in [*out.items, *out.carriers]:
        if not (it.arxiv or it.urls):
            continue
        first = it.text.split("\n", 1)[0]
        names = {m.group(0) for m in _COINED.finditer(first) if len(m.group(0)) >= 5}
        for k in sorted({k for n in names for k in by_run.get(n, ())}):
            hb, body_end = free[k]
            it.text += "\n" + "\n".join(lines[hb.start : body_end])


def _carriers(
    run: list[int], lines: list[str], path: str, line_ctx: list[str], line_neg: list[bool]
) -> list[Item]:
    """Mentions in free text (a paragraph, a chat line, a code block): one carrier per sentence
    that cites something, so what is said of a paper is read in the sentence that names it.

    Links about a paper (its repo, an article on it, a discussion thread) in a run that cites a
    paper or a page are not mentions of their own.  A sentence that cites nothing belongs to the
    citing sentence before it ("… (arXiv:2611.26871). 分类:对象外。"): it joins that mention's text.
    """
    text = "\n".join(lines[i - 1] for i in run)
    whole = identities(text)
    bare = not (
        whole.arxiv or whole.urls or whole.aliases or whole.threads
    )  # no sentence cites anything
    if bare and not may_hold_malformed(text):
        return []  # nothing cited, nothing shaped like an ID: no sentence carries anything
    starts = []
    pos = 0
    for i in run:
        starts.append(pos)
        pos += len(lines[i - 1]) + 1
    out: list[Item] = []
    for a, b in sentence_spans(text):
        sentence = text[a:b]
        cited = Identities() if bare else identities(sentence)
        urls = cited.links(whole)
        bad = [] if cited.arxiv or urls or whole.arxiv else find_malformed_ids(sentence)
        if not cited.arxiv and not urls and not bad:
            if out and sentence.strip():
                out[-1].text += (
                    " " + sentence.strip()
                )  # what follows a citing sentence speaks of it
            continue
        first = run[max(0, bisect_right(starts, a) - 1)]
        last = run[max(0, bisect_right(starts, max(a, b - 1)) - 1)]
        ctx = line_ctx[first]
        label = ctx.split(" / ")[-1] if ctx else None
        carrier = Item(
            note=path,
            label=short_label(label) if label else None,
            title=plain_inline(sentence.strip())[:120],
            line_start=first,
            line_end=last,
            text=sentence.strip(),
            context=ctx,
            urls=urls,
            negative=line_neg[first],
        )
        carrier.mentions = list(cited.arxiv)
        carrier.arxiv = list(cited.arxiv)
        carrier.malformed = [f"{m.raw}: {m.reason}" for m in bad]
        for m in find_ids(sentence):
            if m.version:
                carrier.arxiv_versions.setdefault(m.id, []).append(m.version)
        out.append(carrier)
    return out


_POST_NUMBER = re.compile(r"^\s*(\d{1,2})\s*/\s*(\d{1,2})\b(?!\s*[/.\d])")


def _threads(blocks: list[Block], lines: list[str]) -> list[list[int]]:
    """Lines of numbered threads: paragraphs opening "1/7", "2/7", … in order (a pasted X thread)."""
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


def _csv_table(b: Block, lines: list[str]) -> Block | None:
    """A pasted spreadsheet (``Link,Status,§,Note,Title`` then a row per line, bare or in a
    ```` ```csv ```` / ```` ```tsv ```` fence) read as a table."""
    first_line, last_line = b.start, b.end
    if b.kind == "fence":
        opener = (
            lines[b.start - 1].strip().lstrip("`~").strip().lower()
            if 0 < b.start <= len(lines)
            else ""
        )
        if opener not in ("", "csv", "tsv", "text", "txt"):
            return None  # code in a language is code
        first_line += 1
        closer = lines[b.end - 1].strip() if 0 < b.end <= len(lines) else ""
        if closer.startswith(("```", "~~~")) and b.end > b.start:
            last_line -= 1
    elif b.kind != "paragraph":
        return None
    if last_line - first_line < 1:
        return None
    first = lines[first_line - 1] if 0 < first_line <= len(lines) else ""
    delimiter = "\t" if first.count("\t") >= 2 else ","
    if first.count(delimiter) < 2 or has_ref(first):
        return None
    import csv

    try:
        rows = list(csv.reader(lines[first_line - 1 : last_line], delimiter=delimiter))
    except csv.Error:
        return None
    header = [c.strip() for c in rows[0]]
    if len(header) < 3 or any(len(c) > 40 or not c for c in header):
        return None
    body = [(first_line + i, [c.strip() for c in r]) for i, r in enumerate(rows[1:], start=1) if r]
    fitting = [br for br in body if len(br[1]) == len(header)]
    if (
        not fitting
        or len(fitting) < 0.8 * len(body)
        or not any(has_ref(" ".join(c)) for _ln, c in fitting)
    ):
        return None
    return Block("table", first_line, last_line, header=header, rows=fitting)


def _first_text_line(lines: list[str]) -> str:
    for ln in lines:
        if ln.strip():
            return plain_inline(ln.strip().lstrip("#>").strip())[:200]
    return ""


def _heading_sections(headings: list[Block], nlines: int) -> list[tuple[Block, int, int, str]]:
    """(heading, section end incl. subsections, own body end, context path)."""
    out = []
    stack: list[Block] = []
    count = len(headings)
    for idx, hb in enumerate(headings):
        sec_end = nlines
        body_end = headings[idx + 1].start - 1 if idx + 1 < count else nlines
        for k in range(idx + 1, count):  # no slice: 100,000 headings would copy the list each time
            nb = headings[k]
            if nb.level <= hb.level:
                sec_end = nb.start - 1
                break
        while stack and stack[-1].level >= hb.level:
            stack.pop()
        ctx = " / ".join(plain_inline(s.text) for s in stack)
        stack.append(hb)
        out.append((hb, sec_end, body_end, ctx))
    return out


@text_memo
def _is_pseudo_heading(line: str) -> bool:
    """Briefing-style headings that are no markdown headings: "一、…", "1.2 Foo", "**Off-topic**",
    or a structural word alone on its line ("状态")."""
    text = line.strip()
    if _is_pseudo_heading_unstructured(text):
        return True
    return 0 < len(text) <= 24 and bool(_structural_re().fullmatch(text.rstrip(":：")))


@text_memo
def _is_pseudo_heading_unstructured(line: str) -> bool:
    """:func:`_is_pseudo_heading` but for the structural words (for a note that holds none)."""
    text = line.strip()
    if not text or len(text) > 300:
        return False
    if OUTLINE_LINE.match(text):
        return True
    if len(text) > 60:
        return False
    if _CN_ENUM_LINE.match(text):
        return True
    return bool(_BOLD_ONLY.fullmatch(text)) and not has_ref(
        text
    )  # "**Off-topic but fun**": a newsletter's section heading


_BOLD_ONLY = re.compile(r"(\*\*|__)[^*_\n]{2,60}\1[:：]?")


@text_memo
def _is_negative_title(title: str) -> bool:
    """A short item title that only says the author left it out ("## 3. Not ours")."""
    plain = plain_inline(title).strip()
    m = _negative(plain)
    return bool(m) and len(plain) <= 30 and len(plain) - (m.end() - m.start()) <= 8


@text_memo
def _is_structural(title: str) -> bool:
    plain = plain_inline(title).strip()
    return bool(_structural_re().match(plain)) and not has_label(title)


@text_memo
def _line_is_label_start(line: str) -> bool:
    plain = line.strip()
    if not plain or plain.startswith(("-", "*", "+", "|", ">")):
        return False
    m = label_match(plain)
    if not m or not m.group("num"):
        return False
    rest = plain[m.end() :]
    return not rest.strip() or bool(
        re.match(r"\s*(?:[【\[(（:：·—\-.]|\S)", rest)
    )  # "항목 1" alone heads its fields


def _is_group(blocks: list[Block], lines: list[str], start: int, end: int) -> bool:
    """A heading whose body lists several cited papers, each in a block of its own, groups them.

    (An arXiv digest's ``## cs.CL`` over its entries, a reading log's heading over its lines.)
    A heading over one paper's write-up, which mentions related work in passing, is not a group.
    """
    seen: list[str] = []
    units = 0
    # blocks are in order: only those starting inside the body (each heading scanning every block
    # of the note was quadratic in a flood of headings over link fields)
    first = bisect_left(blocks, start, key=lambda b: b.start)
    for b in blocks[first : bisect_right(blocks, end, key=lambda b: b.start)]:
        texts: list[str] = []
        if b.kind == "list":
            texts = [lines[e.start - 1] if 0 < e.start <= len(lines) else e.text for e in b.entries]
        elif b.kind == "table":
            texts = [" | ".join(cells) for _ln, cells in b.rows]
        elif b.kind in ("paragraph", "quote"):
            texts = [
                lines[i - 1] for i in range(b.start, min(b.end, end) + 1) if 0 < i <= len(lines)
            ]
        for t in texts:
            papers = identities(t).papers
            if papers:
                units += 1
                seen.extend(p for p in papers if p not in seen)
    return units >= 2 and len(seen) >= 2


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


def _has_link_field(own: str) -> bool:
    """The heading's own body names its source: ``- 链接:URL``, ``**arXiv**: [ID](…)``, a bare ID bullet."""
    for raw in own.split("\n")[1:40]:
        if raw[:1] in (" ", "\t"):
            continue
        m = match_field(raw)
        if m and m.kind == "link" and has_ref(m.rest):
            return True
        stripped = re.sub(r"^\s*[-*+]\s+", "", raw).strip()
        ids = find_ids(stripped[:40]) if stripped else []
        if ids and ids[0].start <= 8 and _BARE_ID_LEAD.fullmatch(stripped[: ids[0].start]):
            # "- 2608.12345" / "- arXiv [2608.12345](…)"; not "- Resan [2607.14418](…)", a paper of a list,
            # nor "- [2611.13121] **FooBench: …** — kw: benchmark", an entry with a title of its own
            rest = plain_inline(_URL_OR_MD_LINK.sub(" ", stripped[ids[0].end :]))
            if raw.lstrip().startswith(("-", "*", "+")) and len(re.sub(r"[\W_]+", "", rest)) <= 12:
                return True
    return False


_TRAILING_LINES = 12
_RULE = re.compile(r"\s{0,3}([-*_])(?:\s*\1){2,}\s*")
"""How far a paragraph item reaches over the uncited lines after it."""

_CLOCK = re.compile(r"(?<![\d:])\d{1,2}:\d{2}(?![\d:])")
_PREAMBLE_LINES = 4


def _provenance_lines(lines: list[str], headings: list[Block]) -> list[int]:
    """1-based lines at the head of a note that say where and when its text was taken
    ("Source: https://…/pull/418 (copied Sat 24 Oct, 10:40)", "ana · written 18:30 · Programme:
    https://…"): the page is the note's origin, not one of its items, when the note cites others."""
    head = {b.start for b in headings}
    stamp = default_lexicon().pattern("time", "stamps")
    found: list[int] = []
    seen = 0
    for i, line in enumerate(lines):
        if not line.strip() or i + 1 in head:
            continue
        seen += 1
        if seen > _PREAMBLE_LINES:
            break
        if _CLOCK.search(line) and find_urls(line) and stamp.search(line):
            found.append(i + 1)
    if not found:
        return []
    rest = "\n".join(ln for i, ln in enumerate(lines) if i + 1 not in found)
    return found if identities(rest).papers else []


def _address_led(own: str) -> bool:
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
            ids and ids[0].start <= 6 and _BARE_ID_LEAD.fullmatch(bare[: ids[0].start])
        )
        if opens and first and re.search(r"\*\*[^*]+\*\*|__[^_]+__", bare):
            return False  # "[2611.13121] **FooBench: …**": an entry with a title of its own (a digest's)
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
        ids and ids[0].start <= 6 and _BARE_ID_LEAD.fullmatch(bare[: ids[0].start])
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
        if (
            line[:1] in (" ", "\t")
            or re.match(r"^\s*(?:[-*+]|\d{1,3}[.)]|>|\||#)", line)
            or match_field(line)
        ):
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


_URL_OR_MD_LINK = re.compile(r"\]\([^)]*\)|https?://\S+")
_BARE_ID_LEAD = re.compile(r"(?:arxiv|pdf|abs)?[\s:：\[(（【/]*", re.IGNORECASE)


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
        return False
    if has_ref(first):
        return True
    if _BOLD_LEAD_ENTRY.match(first):
        return True
    for child in e.children:
        cm = match_field(child.text.split("\n")[0])
        if cm:
            return True
    # "1) A title in words" over an indented "Lien : https://…" line of the same entry
    for line in lines[e.start : min(e.end, e.start + 6)]:
        cm = match_field(line)
        if cm and cm.kind == "link" and has_ref(cm.rest):
            return True
    return False


_BOLD_LEAD_ENTRY = re.compile(r"^\s*(?:\*\*|__)[^*_\n]{1,80}(?:\*\*|__)")


def _trim_end(lines: list[str], start: int, end: int) -> int:
    while end > start and not lines[end - 1].strip():
        end -= 1
    return end


# --- item fields -----------------------------------------------------------------
