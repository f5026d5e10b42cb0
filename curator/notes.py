"""Split a note into candidate items, whatever the author's style.

Authors write items as labelled headings (``## 增量2【…】Title``), numbered
lists (``1. **条目1** …``), briefing-style paragraphs (``增量 1【…】…``),
link bullets, tables of papers and ``<details>`` blocks.  :func:`split_note` is a short
pipeline: the text is pre-processed (comments, front matter, callouts, pasted formats), laid
out (markdown-it blocks, :mod:`curator.note_layout`), handed to every finder of the registry
(:data:`curator.item_finders.FINDERS`), and each item found is read field by field
(:func:`curator.note_items.build_item`); what no item claimed is the note's free text, read
for remarks and for the papers it mentions in passing.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from curator.arxiv import find_ids, find_malformed_ids, may_hold_malformed
from curator.digits import ascii_digits
from curator.footnotes import inline_footnotes, inline_numbered_refs
from curator.inline_entries import remap_lines, unfold_entries
from curator.item_finders import FINDERS
from curator.item_labels import has_ref, short_label
from curator.line_origins import compose
from curator.mdblocks import flatten_deep_nesting, plain_inline
from curator.mentions import Identities, identities, is_chat_line, sentence_spans
from curator.models import Item, Remark, SplitNote  # noqa: F401  (defined there: cached notes need no parser)
from curator.note_endnote import unfold_endnote
from curator.note_formats import QUOTE_MARK, read_formats
from curator.note_headings import HeadingSection, is_expander, is_negative_title
from curator.note_ical import unfold_ical
from curator.note_items import BULLET, Span, build_item
from curator.note_json import unfold_json
from curator.note_layout import NoteLayout, opens_entry, read_layout
from curator.note_mime import unfold_mime
from curator.note_remarks import attach_remarks, drop_own_links, find_groups
from curator.textfeatures import COINED_NAME
from curator.urls import find_urls

# --- pre-processing ------------------------------------------------------------

_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
# bounded, and a summary's text holds no other "<summary": 55,000 unclosed "<summary>" made each
# scan 2,000 characters ahead (1.1 s per MB); now each stops at the next one
_SUMMARY = re.compile(
    r"<summary[^>]{0,500}>((?:[^<]|<(?!summary)){0,2000}?)</summary>", re.IGNORECASE
)
_DETAILS = re.compile(r"</?details[^>]{0,500}>", re.IGNORECASE)
_TAGS_LEAD = re.compile(
    r"^[ \t]*(?:</?details\b[^>\n]{0,500}>[ \t]*)+|^[ \t]+(?=<summary)",
    re.IGNORECASE | re.MULTILINE,
)
"""``<details>`` tags opening a line, with the blanks around them, and a summary's indent."""


_NBSP_LEAD = re.compile(r"^[ \t\u00a0]*(?:[-*+•]|\d{1,3}[.)])\u00a0[ \t\u00a0]*", re.MULTILINE)
"""A list marker with a no-break space after it ("-\u00a0item"), and its indent: Markdown reads no
list there, so they become plain spaces (a paragraph's leading no-break spaces stay: as spaces,
four would make it code)."""


def _blank_keep_lines(m: re.Match[str]) -> str:
    return re.sub(r"[^\n]", " ", m.group(0))


def _summary_line(m: re.Match[str]) -> str:
    """``<summary>FooNet (2608.12345)</summary>``: a collapsible block's summary heads it as a
    heading would, so sibling blocks are units: an item a block's summary opened ends where the
    next block opens ("Housekeeping" below a paper's block is none of that paper's), as one under a
    heading ends at the next.  A summary that only says how to open its block ("Details", "Click
    to expand") is dropped: that block belongs to whatever is above it (a digest's paper and its
    abstract)."""
    inner = m.group(1).replace("\n", " ").strip()
    return "" if not inner or is_expander(inner) else "###### " + inner


def read_front_matter(text: str) -> tuple[dict[str, str], int]:
    """``key: value`` lines of a leading ---/+++ block (keys lower-cased), and where it ends (-1:
    none).

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


_FRONT_LINE = re.compile(r"^\s*([^\W\d][\w-]*)\s*[:=]\s*(.*?)\s*$")
"""``key: value``; a key in any script ("дата:", "日期:", "날짜:" are keys of the phrase files)."""


def preprocess(text: str) -> tuple[str, dict[str, str], list[str]]:
    """Drop HTML comments, open <details>, lift front matter, read footnotes where cited; line
    numbers are preserved."""
    warnings: list[str] = []
    text = ascii_digits(text)
    front, end = read_front_matter(text)
    if end > 0:  # blank it out, keeping line numbers
        stop = text.find("\n", end + 1)
        stop = len(text) if stop < 0 else stop
        text = re.sub(r"[^\n]", " ", text[:stop]) + text[stop:]
    if "<!--" in text:
        text = _COMMENT.sub(_blank_keep_lines, text)
    if "\u00a0" in text:  # pasted from a web page or a word processor
        text = _NBSP_LEAD.sub(lambda m: m.group(0).replace("\u00a0", " "), text)
    if "<summary" in text.lower() or "<details" in text.lower():
        # a summary on the same line as <details>, or indented under it, starts its own line; the
        # block's own lines keep their indent (a nested list stays nested)
        text = _TAGS_LEAD.sub("", text)
        text = _SUMMARY.sub(_summary_line, text)
        text = _DETAILS.sub(lambda m: " " * len(m.group(0)), text)
    if "[!" in text:
        text = _callouts(text)
    text = read_formats(text)
    text = inline_numbered_refs(inline_footnotes(text), bare=True)
    text, flattened = flatten_deep_nesting(text)
    if flattened:
        warnings.append("very deep quote/list nesting was flattened to read it")
    return text, front, warnings


_CALLOUT = re.compile(
    r"^[ \t]{0,3}>[ \t]*\[!(?P<kind>[A-Za-z][\w-]{0,20})\][+-]?[ \t]*(?P<title>.*)$"
)


def _callouts(text: str) -> str:
    """Obsidian/GitHub callouts (``> [!warning] not ours`` over ``> - …`` lines) read as a small
    heading over their lines, so a callout that leaves items out works like such a heading.  One
    without a title (``> [!NOTE]``) only styles its lines: they are read as written there, under
    the heading they sit under."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = _CALLOUT.match(lines[i])
        if m is None:
            i += 1
            continue
        lines[i] = "###### " + m["title"].strip() if m["title"].strip() else ""
        i += 1
        while i < len(lines) and QUOTE_MARK.match(lines[i]) and not _CALLOUT.match(lines[i]):
            lines[i] = QUOTE_MARK.sub("", lines[i], count=1)
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
                f"more than {MAX_CITING_LINES:,} lines cite a paper or a page; "
                f"only the first {MAX_CITING_LINES:,} are read "
                f"(from line {text.count(chr(10), 0, m.start()) + 1:,} on, "
                "the note is a dump, not a relay)"
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
        f"{text.count(chr(10)) + 1:,} lines; only the first {MAX_NOTE_LINES:,} are read "
        "(a note that long is a flood, not a relay)"
    )
    return "\n".join(lines[:MAX_NOTE_LINES])


_DOT_OR_SLASH_LINE = re.compile("^[^\n./\uff0e\uff0f]*[./\uff0e\uff0f]", re.MULTILINE)
"""The start of a line holding a dot or a slash (and where in it the first one is)."""


# --- the splitter --------------------------------------------------------------


def normalized(text: str) -> str:
    """A note's text as the splitter reads it: one kind of line break, no NUL."""
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "\ufffd")


def note_front_matter(text: str) -> dict[str, str]:
    """The front matter of a note's raw text, read as :func:`split_note` reads it: the date,
    the topic and the lookup index all take it from here, so they never disagree."""
    return read_front_matter(normalized(text))[0]


def split_note(text: str, path: str) -> SplitNote:
    """Items of one note; never raises on arbitrary text."""
    text = normalized(text)
    text, exported = unfold_exports(text)
    text, front, warnings = preprocess(text)
    text, origin = unfold_entries(text)
    origin = compose(exported, origin)
    text = _cut_dump(text, warnings)
    text = _cut_lines(text, warnings)
    layout = read_layout(text, warnings)
    out = SplitNote(front_matter=front, warnings=warnings)
    for b in layout.headings:
        out.headings[b.level] = out.headings.get(b.level, 0) + 1
    out.title = (
        plain_inline(layout.headings[0].text) if layout.headings else _first_text_line(layout.lines)
    )
    for finder in FINDERS:
        finder.find(layout)
    layout.spans.sort(key=lambda s: s.start)
    _extend_write_ups(layout)
    _build_items(out, layout, path)
    out.ids = list(dict.fromkeys(m.id for m in find_ids(text)))
    _read_free_text(out, layout, path)
    out.groups = find_groups(out.remarks, out.items)
    attach_remarks(out)
    drop_own_links(out, text)
    _named_sections(out, layout.sections, layout.lines, layout.covered)
    if origin is not None:
        remap_lines(out, origin)
    return out


def unfold_exports(text: str) -> tuple[str, list[int] | None]:
    """*text* with a quoted-printable e-mail, a JSON export, calendar invites and a reference
    manager's XML read as what people wrote in them, and for each line the line it comes from
    (None when there were none)."""
    origin: list[int] | None = None
    for unfold in (unfold_mime, unfold_json, unfold_ical, unfold_endnote):
        text, more = unfold(text)
        if more is not None:
            origin = compose(origin, more)
    return text, origin


def _first_text_line(lines: list[str]) -> str:
    for ln in lines:
        if ln.strip():
            return plain_inline(ln.strip().lstrip("#>").strip())[:200]
    return ""


_TRAILING_LINES = 12
"""How far a paragraph item reaches over the uncited lines after it."""
_RULE = re.compile(r"\s{0,3}([-*_])(?:\s*\1){2,}\s*")


def _extend_write_ups(layout: NoteLayout) -> None:
    """A write-up paragraph keeps what follows it up to the next item: its quoted abstract, the
    author's "→ governance, not ours." underneath."""
    spans, lines = layout.spans, layout.lines
    heading_starts = {b.start for b in layout.headings}
    for k, sp in enumerate(spans):
        if sp.kind != "paragraph":
            continue
        stop = min(
            spans[k + 1].start - 1 if k + 1 < len(spans) else layout.nlines,
            sp.end + _TRAILING_LINES,
        )
        end = sp.end
        for ln in range(sp.end + 1, stop + 1):
            raw = lines[ln - 1]
            if (
                layout.covered[ln]
                or ln in heading_starts
                or layout.in_fence[ln]
                or layout.line_ctx[ln] != layout.line_ctx[sp.start]
            ):
                break
            points = _own_points(layout, ln, stop, sp) if BULLET.match(raw) else 0
            if points:
                end = points
                break  # its points: the write-up ends with them
            if raw.strip() and _closes_write_up(raw):
                break  # another paper, a chat line, a list, or a rule ("---") closing the write-up
            if raw.strip():
                end = ln
        for ln in range(sp.end + 1, end + 1):
            layout.covered[ln] = True
        sp.end = end


def _own_points(layout: NoteLayout, first: int, stop: int, sp: Span) -> int:
    """The last line of the list opening at line *first* when it is the write-up's own points
    (Zotero's "Note for: <citation>" over its bullets, a bold title over its key numbers): a list
    no item claimed, citing no paper, ending at a blank line before something else, a rule or a
    heading.  0 when the list is anything else (a list of papers, a to-do list far below)."""
    lines, last = layout.lines, 0
    for ln in range(first, stop + 1):
        raw = lines[ln - 1]
        if not raw.strip():
            continue
        if (
            layout.covered[ln]
            or layout.in_fence[ln]
            or layout.line_ctx[ln] != layout.line_ctx[sp.start]
            or _RULE.fullmatch(raw)
        ):
            break
        if not (BULLET.match(raw) or raw[:1].isspace()) and last and not lines[ln - 2].strip():
            break  # a paragraph after the list: the list has ended
        if identities(raw).papers or is_chat_line(raw):
            return 0
        last = ln
    return last


def _closes_write_up(raw: str) -> bool:
    return bool(
        identities(raw).papers or is_chat_line(raw) or BULLET.match(raw) or _RULE.fullmatch(raw)
    )


def _build_items(out: SplitNote, layout: NoteLayout, path: str) -> None:
    nlines = layout.nlines
    for sp in layout.spans:
        if not 1 <= sp.start <= nlines:
            continue
        sp.end = min(max(sp.end, sp.start), nlines)
        item = build_item(sp, layout.lines, path)
        item.negative = layout.line_neg[sp.start] or is_negative_title(item.title)
        out.items.append(item)


def _read_free_text(out: SplitNote, layout: NoteLayout, path: str) -> None:
    """Remarks (for note-level judgements) from every line no item claimed, and mentions from
    runs of such lines: a run ends at a change of section or of code block, a chat line, a
    bullet, or a claimed line."""
    lines, nlines, in_fence, line_ctx = (
        layout.lines,
        layout.nlines,
        layout.in_fence,
        layout.line_ctx,
    )
    run: list[int] = []
    asked: Item | None = None  # the one paper the last chat line cited: the next line may answer
    for i in range(1, nlines + 2):
        raw = lines[i - 1] if i <= nlines else ""
        free = i <= nlines and not layout.covered[i] and bool(raw.strip())
        if not free:
            if run:
                out.carriers.extend(_carriers(run, layout, path))
                run = []
            asked = None
            continue
        out.remarks.append(Remark(i, raw.strip(), layout.line_neg[i], layout.line_struct[i]))
        if run and (
            in_fence[i] != in_fence[run[-1]]
            or is_chat_line(raw)
            or line_ctx[i] != line_ctx[run[-1]]
            or opens_entry(raw, lines[run[-1] - 1])
        ):
            out.carriers.extend(_carriers(run, layout, path))
            run = []
            asked = None
        run.append(i)
        if in_fence[i] or is_chat_line(raw) or BULLET.match(raw):
            said = _carriers(run, layout, path)
            out.carriers.extend(said)
            run = []
            if not is_chat_line(raw) or in_fence[i]:
                asked = None
            elif said:
                asked = said[0] if len(said) == 1 and len(said[0].arxiv) <= 1 else None
            elif asked is not None:
                # a chat line citing nothing, right after one citing one paper, answers it
                # ("[A] 2601.00002 is all over twitter" / "[B] pass, that's the LLM team's")
                asked.text += " " + raw.strip()
                asked.line_end = i
                asked = None


_COINED = COINED_NAME
_WORD_RUN = re.compile(r"[A-Za-z0-9_-]+")


def _named_sections(
    out: SplitNote,
    heading_spans: list[HeadingSection],
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


def _carriers(run: list[int], layout: NoteLayout, path: str) -> list[Item]:
    """Mentions in free text (a paragraph, a chat line, a code block): one carrier per sentence
    that cites something, so what is said of a paper is read in the sentence that names it.

    Links about a paper (its repo, an article on it, a discussion thread) in a run that cites a
    paper or a page are not mentions of their own.  A sentence that cites nothing belongs to the
    citing sentence before it ("… (arXiv:2611.26871). 分类:对象外。"): it joins that mention's text.
    """
    lines, line_ctx, line_neg = layout.lines, layout.line_ctx, layout.line_neg
    text = "\n".join(lines[i - 1] for i in run)
    whole = identities(text)
    # no sentence cites anything
    bare = not (whole.arxiv or whole.urls or whole.aliases or whole.threads)
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
                # what follows a citing sentence speaks of it
                out[-1].text += " " + sentence.strip()
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
