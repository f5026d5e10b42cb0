"""Split a note into candidate items, whatever the author's style.

Authors write items as labelled headings (``## 增量2【…】Title``), numbered
lists (``1. **条目1** …``), briefing-style paragraphs (``增量 1【…】…``),
link bullets, tables of papers and ``<details>`` blocks.  The splitter finds
item boundaries from structure (markdown-it blocks) plus a few label and
field conventions, then reads each item's fields line by line.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

from curator.arxiv import find_ids, find_malformed_ids
from curator.fields import match_field
from curator.lexicon import default_lexicon, memo
from curator.mdblocks import Block, ListEntry, flatten_deep_nesting, parse_blocks, plain_inline
from curator.mentions import identities, is_chat_line, sentence_spans, url_role
from curator.models import Item, Remark, SplitNote  # noqa: F401  (defined there: cached pickles need no parser)
from curator.urls import find_urls, is_arxiv_url, normalize_url

# --- conventions -------------------------------------------------------------

@memo
def _labels() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], frozenset[str]]:
    """Item labels ("增量2", "Item 3"), a note's grouping of them ("条目3-6 合起来"), and the labels
    valid without a number: built from the lexicon's ``[labels]``."""
    lex = default_lexicon()
    words = "|".join(re.escape(w) for w in sorted(lex.literals("labels", "words"), key=len, reverse=True)) or r"(?!x)x"
    counters = "|".join(re.escape(w) for w in lex.literals("labels", "counters")) or r"(?!x)x"
    label = re.compile(
        rf"^\s*(?:[-*+]\s+|\d{{1,3}}[.)]\s+)?(?:\*\*|__)?\s*(?P<word>{words})(?![A-Za-z])\s*"
        rf"(?P<num>[0-9]{{1,4}}(?!\s*(?:{counters}|[-–~]\s*\d|\s*items?\b))|(?-i:[A-Z])(?![A-Za-z]))?\s*(?:\*\*|__)?",
        re.IGNORECASE,
    )
    grouping = re.compile(
        rf"(?P<word>{words}|Items?|#)\s*(?P<spec>[0-9]{{1,3}}(?:\s*(?:[-–~+、,,/&]|和|与|and)\s*(?:{words}|Item|#)?\s*[0-9]{{1,3}})+)"
        r"(?P<after>[^\n]{0,40})",
        re.IGNORECASE,
    )
    together = lex.pattern("labels", "group_words")
    return label, grouping, together, frozenset(w.lower() for w in lex.literals("labels", "bare"))


def _label_match(text: str) -> re.Match[str] | None:
    return _labels()[0].match(text)


def _is_bare_label(word: str) -> bool:
    return word.lower() in _labels()[3]


_NUM_LABEL = re.compile(r"^\s*(?:(?P<n>\d{1,3})\s*[.)、)]|\[(?P<b>\d{1,4})\]|#(?P<h>\d{1,4})\b|No\.\s*(?P<no>\d{1,4}))\s*")
_TAG = re.compile(r"【([^】]{0,60})】")
_PRIORITY = re.compile(r"[🔴🟠🟡]")
_STARS = re.compile(r"[★⭐]")
_SECTION_REF = re.compile(r"§\s*([0-9０-９]+(?:[.．][0-9０-９]+)*)")
_CN_ENUM_LINE = re.compile(r"^\s*[一二三四五六七八九十]{1,3}[、.．]\s*\S")
_OUTLINE_LINE = re.compile(r"^\s*(?P<num>\d{1,2}(?:\.\d{1,2})+)\.?\s+(?P<rest>\S.{1,300})$")
"""A pasted document's own outline numbering ("1.1 Foo:…", "3.1 bar 0.7"): a heading of the note."""

@memo
def _structural_re() -> re.Pattern[str]:
    """Headings that hold no items (the lexicon's ``[headings] structural``), matched at the start."""
    words = default_lexicon().pattern("headings", "structural")
    return re.compile(rf"^(?:[#\s]*)(?:[一二三四五六七八九十]+[、.]\s*)?(?:{words.pattern})", re.IGNORECASE)


def _negative_re() -> re.Pattern[str]:
    """Headings whose items the author left out (the lexicon's ``[headings] negative``)."""
    return default_lexicon().pattern("headings", "negative")


# --- pre-processing ------------------------------------------------------------

_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_SUMMARY = re.compile(r"<summary[^>]*>(.*?)</summary>", re.IGNORECASE | re.DOTALL)
_DETAILS = re.compile(r"</?details[^>]*>", re.IGNORECASE)


def _blank_keep_lines(m: re.Match[str]) -> str:
    return re.sub(r"[^\n]", " ", m.group(0))


def _summary_line(m: re.Match[str]) -> str:
    """``<summary>🟠 Name · title(2608.12345)</summary>``: a summary naming a paper (or whose block
    names its source, ``- 链接:URL``) heads its item; any other summary stays a plain line."""
    inner = m.group(1).replace("\n", " ")
    end = m.string.find("</details>", m.end())
    body = m.string[m.end() : end if end >= 0 else m.end() + 4000]
    if _has_ref(inner) or _has_label(inner) or _has_link_field("\n" + body):
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
    """Drop HTML comments, open <details>, lift front matter; line numbers are preserved."""
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
    text, flattened = flatten_deep_nesting(text)
    if flattened:
        warnings.append("very deep quote/list nesting was flattened to read it")
    return text, front, warnings


# --- the splitter --------------------------------------------------------------


@dataclass
class _Span:
    start: int
    end: int
    title_text: str
    kind: str
    context: str
    label: str | None = None
    marker: int | None = None
    cells: list[str] | None = None
    header: list[str] | None = None


def split_note(text: str, path: str) -> SplitNote:
    """Items of one note; never raises on arbitrary text."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "\ufffd")
    text, front, warnings = preprocess(text)
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
    spans: list[_Span] = []
    covered = [False] * (nlines + 2)

    # 1. heading items
    item_heads: list[tuple[Block, int, int, int, str]] = []
    for hb, sec_end, body_end, ctx in heading_spans:
        title = hb.text
        if _is_structural(title):
            continue
        own = "\n".join(lines[hb.start : body_end])
        if _has_label(title) or _has_ref(title):
            item_heads.append((hb, sec_end, body_end, hb.level, ctx))
        elif _has_link_field(own) and not _is_group(blocks, lines, hb.start + 1, body_end):
            item_heads.append((hb, sec_end, body_end, hb.level, ctx))
    # a heading that contains smaller item headings is a group, not an item
    kept: list[tuple[Block, int, int, int, str]] = []
    item_heads.sort(key=lambda h: h[0].start)
    for pos, h in enumerate(item_heads):
        nxt = item_heads[pos + 1] if pos + 1 < len(item_heads) else None
        if nxt is None or not (h[0].start < nxt[0].start <= h[1]):
            kept.append(h)
        elif _has_label(h[0].text) or _has_ref(h[0].text):
            # a labelled item with labelled sub-items: it ends where the first of them starts
            kept.append((h[0], nxt[0].start - 1, h[2], h[3], h[4]))
    for hb, sec_end, _body_end, _lvl, ctx in kept:
        spans.append(_Span(hb.start, sec_end, hb.text, "heading", ctx))
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
    for hb, sec_end, _body_end, ctx in heading_spans:
        neg = bool(_negative_re().search(hb.text)) and not _has_label(hb.text)
        struct = _is_structural(hb.text)
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
        if not in_fence[i + 1] and not covered[i + 1] and _is_pseudo_heading(ln)
    ]
    stops = sorted(set(pseudo) | heading_lines)
    for ln in pseudo:
        end = next((x for x in stops if x > ln), nlines + 1) - 1
        head = lines[ln - 1].strip()
        neg = bool(_negative_re().search(head))
        struct = _is_structural(head)
        for x in range(ln, end + 1):
            line_ctx[x] = (line_ctx[x] + " / " + head).strip(" /")
            line_neg[x] = line_neg[x] or neg
            line_struct[x] = line_struct[x] or struct

    def usable(ln: int) -> bool:
        return not covered[ln] and not line_struct[ln] and not in_fence[ln]

    # 2. briefing-style label lines anywhere outside heading items
    label_starts = [
        i + 1 for i, ln in enumerate(lines) if usable(i + 1) and not line_neg[i + 1] and _line_is_label_start(ln)
    ]
    boundaries = sorted(heading_lines | {b.start for b in blocks if b.kind == "hr"} | set(pseudo) | set(label_starts))
    for ln in label_starts:
        nxt = next((x for x in boundaries if x > ln), nlines + 1)
        end = _trim_end(lines, ln, nxt - 1)
        spans.append(_Span(ln, end, lines[ln - 1], "paragraph", line_ctx[ln]))
        for x in range(ln, end + 1):
            covered[x] = True
    all_stops = sorted(set(boundaries))

    # 2b. a pasted document's outline headings ("1.1 Foo:…") that head one paper
    for ln in pseudo:
        if not usable(ln) or line_neg[ln] or not _OUTLINE_LINE.match(lines[ln - 1]):
            continue
        nxt = next((x for x in all_stops if x > ln), nlines + 1)
        end = _trim_end(lines, ln, nxt - 1)
        if any(covered[x] for x in range(ln, end + 1)):
            continue
        own = "\n".join(lines[ln - 1 : end])
        if len(identities(own).papers) == 1 or _has_ref(lines[ln - 1]) or _has_link_field(own):
            spans.append(_Span(ln, end, lines[ln - 1], "outline", line_ctx[ln]))
            for x in range(ln, end + 1):
                covered[x] = True

    # 3. list entries and table rows in still-uncovered regions
    for b in blocks:
        if b.kind == "list":
            for e in b.entries:
                if not usable(e.start) or line_neg[e.start]:
                    continue
                first = lines[e.start - 1] if e.start - 1 < nlines else ""
                if is_chat_line(first) or len(identities(first).papers) > 1:
                    continue  # a chat line or a comparison mentions items; it is not one
                if _entry_is_item(e, lines):
                    clip = next((x for x in all_stops if x > e.start), nlines + 1) - 1
                    end = _trim_end(lines, e.start, min(e.end, clip))
                    spans.append(_Span(e.start, end, lines[e.start - 1], "list", line_ctx[e.start], marker=e.marker_number))
                    for x in range(e.start, end + 1):
                        covered[x] = True
        elif b.kind == "table":
            for row_line, cells in b.rows:
                if not usable(row_line) or line_neg[row_line]:
                    continue
                joined = " | ".join(cells)
                if _has_ref(joined):
                    spans.append(
                        _Span(row_line, row_line, _row_title(cells, b.header), "table", line_ctx[row_line], cells=cells, header=b.header)
                    )
                    covered[row_line] = True

    # 3b. paragraphs: one paper → an item; several lines of one paper each (citation lines,
    #     a digest without bullets) → an item per line; anything else only mentions
    for b in blocks:
        if b.kind not in ("paragraph", "quote") or not usable(b.start) or line_neg[b.start]:
            continue
        rows = [ln for ln in range(b.start, min(b.end, nlines) + 1) if usable(ln) and lines[ln - 1].strip()]
        if not rows or any(covered[x] for x in rows):
            continue
        if any(is_chat_line(lines[ln - 1]) for ln in rows):
            continue
        whole = identities("\n".join(lines[ln - 1] for ln in rows))
        cited = {ln: [p for p in identities(lines[ln - 1]).papers if not whole.arxiv or p in whole.arxiv] for ln in rows}
        with_ids = [ln for ln in rows if cited[ln]]
        if len(with_ids) >= 2 and all(len(cited[ln]) == 1 for ln in with_ids) and len({cited[ln][0] for ln in with_ids}) == len(with_ids):
            for ln in with_ids:
                spans.append(_Span(ln, ln, lines[ln - 1], "line", line_ctx[ln]))
                covered[ln] = True
            continue
        if len(whole.papers) == 1 and _leads_with_name_or_id(lines[rows[0] - 1]):
            spans.append(_Span(rows[0], rows[-1], lines[rows[0] - 1], "paragraph", line_ctx[rows[0]]))
            for x in rows:
                covered[x] = True

    spans.sort(key=lambda s: s.start)
    for sp in spans:
        if not 1 <= sp.start <= nlines:
            continue
        sp.end = min(max(sp.end, sp.start), nlines)
        item = _build_item(sp, lines, path)
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
        if free and run and (in_fence[i] != in_fence[run[-1]] or is_chat_line(raw) or line_ctx[i] != line_ctx[run[-1]]):
            out.carriers.extend(_carriers(run, lines, path, line_ctx, line_neg))
            run = []
        if free:
            run.append(i)
            if in_fence[i] or is_chat_line(raw) or _BULLET.match(raw):
                out.carriers.extend(_carriers(run, lines, path, line_ctx, line_neg))
                run = []
        elif run:
            out.carriers.extend(_carriers(run, lines, path, line_ctx, line_neg))
            run = []
    out.groups = _find_groups(out.remarks, out.items)
    _attach_remarks(out)
    _drop_own_links(out, text)
    return out


_EMAIL = re.compile(r"[\w.+-]+@(?P<host>[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)")


def _drop_own_links(out: SplitNote, text: str) -> None:
    """Links to the site of an e-mail address in the note (a pasted thread's signature: "Alice
    Example · Acme Labs · https://acme.example/research") are the senders' own pages, not items."""
    hosts = {m.group("host").lower().removeprefix("www.") for m in _EMAIL.finditer(text)}
    if not hosts:
        return

    def own(url: str) -> bool:
        host = normalize_url(url).split("/", 1)[0]
        return any(host == h or host.endswith("." + h) for h in hosts)

    for it in [*out.items, *out.carriers]:
        it.urls = [u for u in it.urls if not own(u)]
    out.carriers = [c for c in out.carriers if c.urls or c.mentions or c.malformed]


_BRACKET_REF = re.compile(r"\[(\d{1,3})\]")
_NAME_SEP = re.compile(r"\s*(?:[—–:：(（,，]|-\s|\s-\s|$)")


def _attach_remarks(out: SplitNote) -> None:
    """A note's lines about its own items by number or name ("[1] should go in 2.2", "Foo —
    section: data mixing") join those items' text, where hints and verdicts are read; an ID-less
    "item" that is only such a remark stops being an item."""
    cited = [it for it in out.items if it.primary_arxiv or it.urls]
    if not cited:
        return
    by_num: dict[str, list[Item]] = {}
    for it in cited:
        m = re.fullmatch(r"#(\d{1,3})", it.label or "")
        if m:
            by_num.setdefault(m.group(1), []).append(it)
    names: list[tuple[str, Item]] = []
    for it in cited:
        core = re.split(r"\s[·—–|]\s|[:：(（【]|\s-\s|——", it.title, maxsplit=1)[0].strip(" -—·:：*")
        if 3 <= len(core) <= 40 and not core.isdigit():
            names.append((core.lower(), it))
    names.sort(key=lambda p: -len(p[0]))

    def targets(text: str) -> list[Item]:
        plain = plain_inline(re.sub(r"^\s*(?:[-*+]\s+|\d{1,3}[.)]\s+)", "", text)).strip()
        hits = [it for n in _BRACKET_REF.findall(plain) for it in by_num.get(n, [])] if by_num else []
        if not hits:
            low = plain.lower()
            for name, it in names:
                if low.startswith(name) and _NAME_SEP.match(low, len(name)):
                    hits = [it]
                    break
        return list(dict.fromkeys(id(h) for h in hits)) and [h for i, h in enumerate(hits) if h not in hits[:i]]

    keep: list[Item] = []
    for it in out.items:
        if not (it.primary_arxiv or it.urls or it.mentions) and (hits := targets(it.text.split("\n", 1)[0])):
            for h in hits:
                h.text += "\n" + it.text
            continue
        keep.append(it)
    out.items = keep
    for r in out.remarks:
        if r.structural or find_ids(r.text) or find_urls(r.text):
            continue
        for h in targets(r.text):
            if r.text not in h.text:
                h.text += "\n" + r.text


def _carriers(run: list[int], lines: list[str], path: str, line_ctx: list[str], line_neg: list[bool]) -> list[Item]:
    """Mentions in free text (a paragraph, a chat line, a code block): one carrier per sentence
    that cites something, so what is said of a paper is read in the sentence that names it.

    Links about a paper (its repo, an article on it, a discussion thread) in a run that cites a
    paper or a page are not mentions of their own.  A sentence that cites nothing belongs to the
    citing sentence before it ("… (arXiv:2611.26871). 分类:对象外。"): it joins that mention's text.
    """
    text = "\n".join(lines[i - 1] for i in run)
    starts = []
    pos = 0
    for i in run:
        starts.append(pos)
        pos += len(lines[i - 1]) + 1
    whole = identities(text)
    out: list[Item] = []
    for a, b in sentence_spans(text):
        sentence = text[a:b]
        cited = identities(sentence)
        urls = cited.links(whole)
        bad = [] if cited.arxiv or urls or whole.arxiv else find_malformed_ids(sentence)
        if not cited.arxiv and not urls and not bad:
            if out and sentence.strip():
                out[-1].text += " " + sentence.strip()  # what follows a citing sentence speaks of it
            continue
        first = run[max(0, bisect_right(starts, a) - 1)]
        last = run[max(0, bisect_right(starts, max(a, b - 1)) - 1)]
        ctx = line_ctx[first]
        label = ctx.split(" / ")[-1] if ctx else None
        carrier = Item(
            note=path,
            label=_short(label) if label else None,
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


def _csv_table(b: Block, lines: list[str]) -> Block | None:
    """A pasted spreadsheet (``Link,Status,§,Note,Title`` then a row per line) read as a table."""
    if b.kind != "paragraph" or b.end - b.start < 1:
        return None
    first = lines[b.start - 1] if 0 < b.start <= len(lines) else ""
    if first.count(",") < 2 or _has_ref(first):
        return None
    import csv

    try:
        rows = list(csv.reader(lines[b.start - 1 : b.end]))
    except csv.Error:
        return None
    header = [c.strip() for c in rows[0]]
    if len(header) < 3 or any(len(c) > 40 or not c for c in header):
        return None
    body = [(b.start + i, [c.strip() for c in r]) for i, r in enumerate(rows[1:], start=1) if r]
    fitting = [br for br in body if len(br[1]) == len(header)]
    if not fitting or len(fitting) < 0.8 * len(body) or not any(_has_ref(" ".join(c)) for _ln, c in fitting):
        return None
    return Block("table", b.start, b.end, header=header, rows=fitting)


def _first_text_line(lines: list[str]) -> str:
    for ln in lines:
        if ln.strip():
            return plain_inline(ln.strip().lstrip("#>").strip())[:200]
    return ""


def _heading_sections(headings: list[Block], nlines: int) -> list[tuple[Block, int, int, str]]:
    """(heading, section end incl. subsections, own body end, context path)."""
    out = []
    stack: list[Block] = []
    for idx, hb in enumerate(headings):
        sec_end = nlines
        body_end = nlines
        for nb in headings[idx + 1 :]:
            if body_end == nlines:
                body_end = nb.start - 1
            if nb.level <= hb.level:
                sec_end = nb.start - 1
                break
        while stack and stack[-1].level >= hb.level:
            stack.pop()
        ctx = " / ".join(plain_inline(s.text) for s in stack)
        stack.append(hb)
        out.append((hb, sec_end, body_end, ctx))
    return out


def _is_pseudo_heading(line: str) -> bool:
    text = line.strip()
    if not text or len(text) > 300:
        return False
    if _OUTLINE_LINE.match(text):
        return True
    if len(text) > 60:
        return False
    if _CN_ENUM_LINE.match(text):
        return True
    if _BOLD_ONLY.fullmatch(text) and not _has_ref(text):
        return True  # "**Off-topic but fun**": a newsletter's section heading
    return len(text) <= 24 and bool(_structural_re().fullmatch(text.rstrip(":：")))


_BOLD_ONLY = re.compile(r"(\*\*|__)[^*_\n]{2,60}\1[:：]?")


def _is_negative_title(title: str) -> bool:
    """A short item title that only says the author left it out ("## 3. Not ours")."""
    plain = plain_inline(title).strip()
    m = _negative_re().search(plain)
    return bool(m) and len(plain) <= 30 and len(plain) - (m.end() - m.start()) <= 8


def _is_structural(title: str) -> bool:
    plain = plain_inline(title).strip()
    return bool(_structural_re().match(plain)) and not _has_label(title)


def _has_label(text: str) -> bool:
    plain = text.strip()
    m = _label_match(plain)
    if m and (m.group("num") or _is_bare_label(m.group("word"))):
        return True
    return bool(_NUM_LABEL.match(plain_inline(plain)))


def _line_is_label_start(line: str) -> bool:
    plain = line.strip()
    if not plain or plain.startswith(("-", "*", "+", "|", ">")):
        return False
    m = _label_match(plain)
    if not m or not m.group("num"):
        return False
    rest = plain[m.end() :]
    return bool(re.match(r"\s*(?:[【\[(（:：·—\-.]|\S)", rest))


def _is_group(blocks: list[Block], lines: list[str], start: int, end: int) -> bool:
    """A heading whose body lists several cited papers, each in a block of its own, groups them.

    (An arXiv digest's ``## cs.CL`` over its entries, a reading log's heading over its lines.)
    A heading over one paper's write-up, which mentions related work in passing, is not a group.
    """
    seen: list[str] = []
    units = 0
    for b in blocks:
        if b.start < start or b.start > end:
            continue
        texts: list[str] = []
        if b.kind == "list":
            texts = [lines[e.start - 1] if 0 < e.start <= len(lines) else e.text for e in b.entries]
        elif b.kind == "table":
            texts = [" | ".join(cells) for _ln, cells in b.rows]
        elif b.kind in ("paragraph", "quote"):
            texts = [lines[i - 1] for i in range(b.start, min(b.end, end) + 1) if 0 < i <= len(lines)]
        for t in texts:
            papers = identities(t).papers
            if papers:
                units += 1
                seen.extend(p for p in papers if p not in seen)
    return units >= 2 and len(seen) >= 2


_NAME_LEAD = re.compile(r"^\s*(?:>\s*)*(?:[-*+■□◆◇●○▪▶▸]\s*)?(?:\*\*|__|【|\[|「|『|“|\"|[^\s:：]{1,12}[:：]\s*(?:\*\*|__|【|「|『|“|\"))")


def _leads_with_name_or_id(line: str) -> bool:
    """A paragraph about one paper opens with its name (bold, bracketed, quoted) or its ID/link."""
    if _NAME_LEAD.match(line) or match_field(line):
        return True
    ids = find_ids(line)
    if ids and ids[0].start <= 60:
        return True
    urls = [s0 for u, s0, _e in find_urls(line) if url_role(u) != "ignore"]
    return bool(urls and urls[0] <= 60)


def _has_ref(text: str) -> bool:
    if find_ids(text):
        return True
    return any(not _is_file_link(u) for u, _s, _e in find_urls(text))


def _is_file_link(url: str) -> bool:
    return bool(re.search(r"\.(?:md|png|jpe?g|gif|svg)$", url.split("?")[0], re.IGNORECASE))


def _has_link_field(own: str) -> bool:
    """The heading's own body names its source: ``- 链接:URL``, ``**arXiv**: [ID](…)``, a bare ID bullet."""
    for raw in own.split("\n")[1:40]:
        if raw[:1] in (" ", "\t"):
            continue
        m = match_field(raw)
        if m and m.kind == "link" and _has_ref(m.rest):
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


_URL_OR_MD_LINK = re.compile(r"\]\([^)]*\)|https?://\S+")
_BARE_ID_LEAD = re.compile(r"(?:arxiv|pdf|abs)?[\s:：\[(（【/]*", re.IGNORECASE)


def _entry_is_item(e: ListEntry, lines: list[str]) -> bool:
    first = e.text.split("\n")[0]
    if _has_label(first) or ((lm := _label_match(first.strip())) is not None and lm.group("num")):
        return True
    m = match_field(first)
    if m and m.kind in ("link", "hint", "skip", "priority", "caveat", "points"):
        return False
    if _has_ref(first):
        return True
    if re.match(r"^\s*(?:\*\*|__)[^*_\n]{1,80}(?:\*\*|__)", first):
        return True
    for child in e.children:
        cm = match_field(child.text.split("\n")[0])
        if cm:
            return True
    return False


def _trim_end(lines: list[str], start: int, end: int) -> int:
    while end > start and not lines[end - 1].strip():
        end -= 1
    return end


@memo
def _column_words(kind: str) -> tuple[str, ...]:
    return tuple(default_lexicon().literals("tables", kind))


def _column_is(kind: str, head: str) -> bool:
    """Does a table header name a column of this kind (the lexicon's ``[tables]``)?"""
    h = plain_inline(head).strip().lower()
    words = _column_words(kind)
    if kind == "number":
        return h in words
    return any(w == h or (len(w) > 2 and w in h) for w in words)


def _row_title(cells: list[str], header: list[str]) -> str:
    best = ""
    for idx, cell in enumerate(cells):
        plain = plain_inline(cell)
        head = header[idx] if idx < len(header) else ""
        if _column_is("title", head) and plain:
            return plain
        if not best and plain and not re.fullmatch(r"[\d.\-/#\s]+", plain) and not find_ids(plain[:20]):
            best = plain
    return best or plain_inline(" ".join(cells))


def _short(text: str | None, limit: int = 40) -> str:
    if not text:
        return ""
    text = plain_inline(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- item fields -----------------------------------------------------------------


def _normalize_label(word: str, num: str | None) -> str:
    if re.match(r"[A-Za-z]", word):
        word = word[0].upper() + word[1:].lower()
        return f"{word} {num}" if num else word
    return f"{word}{num or ''}"


def parse_title(raw: str) -> tuple[str | None, str, str | None, str | None, int, str | None]:
    """Title line → (label, title, tag, priority, stars, hint-from-tag)."""
    text = plain_inline(raw.strip().lstrip("#").strip())
    label = None
    m = _label_match(text)
    if m and (m.group("num") or _is_bare_label(m.group("word"))):
        label = _normalize_label(m.group("word"), m.group("num"))
        text = text[m.end() :]
    elif (om := _OUTLINE_LINE.match(text)) is not None:
        label = f"#{om.group('num')}"
        text = om.group("rest")
    else:
        nm = _NUM_LABEL.match(text)
        if nm:
            n = nm.group("n") or nm.group("b") or nm.group("h") or nm.group("no")
            label = f"#{n}"
            text = text[nm.end() :]
            m2 = _label_match(text)
            if m2 and m2.group("num"):
                label = _normalize_label(m2.group("word"), m2.group("num"))
                text = text[m2.end() :]
    tag = None
    hint = None
    tm = _TAG.search(text)
    if tm:
        tag = tm.group(1).strip()
        sref = _SECTION_REF.search(tag)
        if sref:
            hint = "§" + _ascii_digits(sref.group(1))
        text = (text[: tm.start()] + " " + text[tm.end() :]).strip()
    pm = _PRIORITY.search(text)
    priority = pm.group(0) if pm else None
    stars = len(_STARS.findall(text))
    text = _PRIORITY.sub("", text)
    text = _STARS.sub("", text)
    text = _clean_title(text)
    return label, text, tag, priority, stars, hint


def _clean_title(text: str) -> str:
    # drop URLs and "arXiv:ID" mentions from the title, then tidy brackets/separators
    for _u, s, e in sorted(find_urls(text), key=lambda t: -t[1]):
        text = text[:s] + text[e:]
    for m in sorted(find_ids(text), key=lambda m: -m.start):
        s = m.start
        prefix = re.search(r"(?:arxiv|arXiv|ARXIV)\s*[:：]?\s*$", text[:s])
        if prefix:
            s = prefix.start()
        text = text[:s] + text[m.end :]
    text = re.sub(r"[(（\[]\s*[,，;；:：\s]*[)）\]]", "", text)
    text = re.sub(r"[(（]\s*[,，;；]\s*", "(", text)
    text = re.sub(r"\s*[,，;；]\s*[)）]", ")", text)
    text = re.sub(r"^[\s:：\-—–·.、|]+", "", text)
    text = re.sub(r"[\s:：\-—–·、|,，]+$", "", text)
    return re.sub(r"\s{2,}", " ", text).strip()


def _ascii_digits(s: str) -> str:
    return s.translate(str.maketrans("０１２３４５６７８９．", "0123456789."))


def parse_hint(value: str) -> str | None:
    """``§1.3 KV …`` → "§1.3"; ``—(agent memory 主题)`` → "-" (belongs nowhere here)."""
    v = plain_inline(value).strip().lstrip(":：").strip()
    m = _SECTION_REF.search(v)
    if m:
        return "§" + _ascii_digits(m.group(1))
    m = re.match(r"^(\d+(?:\.\d+)+)\b", v)
    if m:
        return "§" + m.group(1)
    if not v or re.match(r"^[—\-–]+(?:\s|[(（]|$)", v) or default_lexicon().pattern("hints", "nowhere").match(v):
        return "-"
    return None


_BULLET = re.compile(r"^(\s*)(?:[-*+]|\d{1,3}[.)])\s+")


_BOLD_LEAD = re.compile(r"^\s*(?:[-*+]\s+|\d{1,3}[.)]\s+)?(?:\*\*|__)(?P<name>[^*_\n]{1,80})(?:\*\*|__)\s*[:：]\s*(?P<rest>.+)$")


_LINK_LEAD = re.compile(r"^\s*(?:[-*+]\s+|\d{1,3}[.)]\s+)?\[[^\]\n]+\]\([^)\s]+\)(?P<rest>.*)$")


def _build_item(sp: _Span, lines: list[str], path: str) -> Item | None:
    lead_rest = None
    title_source = sp.title_text
    bold = _BOLD_LEAD.match(title_source)
    link = _LINK_LEAD.match(title_source)
    if bold and not _label_match(bold.group("name")) and not match_field(title_source):
        title_source, lead_rest = bold.group("name"), bold.group("rest")
    elif link and link.group("rest").strip(" —–-:：·"):
        # "[Title](url) — my comment": the link text is the title, the comment a point
        title_source = title_source[: link.start("rest")]
        lead_rest = link.group("rest").strip(" —–-:：·")
    elif sp.kind in ("line", "list", "paragraph") and (cited := _cited_title(title_source)) is not None:
        title_source, lead_rest = cited
    label, title, tag, priority, stars, tag_hint = parse_title(title_source)
    if label is None and title_source is not sp.title_text:
        nm = _NUM_LABEL.match(plain_inline(sp.title_text.strip().lstrip("#").strip()))
        if nm:
            label = f"#{nm.group('n') or nm.group('b') or nm.group('h') or nm.group('no')}"
    if sp.kind == "table":
        label, title = None, _clean_title(plain_inline(sp.title_text)) or plain_inline(sp.title_text)
        row_text = " ".join(sp.cells or [])
        pm = _PRIORITY.search(row_text)
        priority = pm.group(0) if pm else None
        stars = len(_STARS.findall(row_text))
        for head, cell in zip(sp.header or [], sp.cells or [], strict=False):
            if _column_is("hint", head) and plain_inline(cell).strip():
                tag_hint = parse_hint(cell) or tag_hint
            elif _column_is("number", head) and plain_inline(cell).strip().isdigit():
                label = f"#{plain_inline(cell).strip()}"
    if label is None and sp.kind == "list" and sp.marker is not None:
        label = f"#{sp.marker}"
    body_lines = lines[sp.start : sp.end] if sp.kind != "table" else []
    item_text = "\n".join(lines[sp.start - 1 : sp.end])
    item = Item(
        note=path,
        label=label,
        title=title,
        line_start=sp.start,
        line_end=sp.end,
        text=item_text,
        context=sp.context,
        priority=priority,
        stars=stars,
    )
    if tag:
        item.context = (item.context + " / " + tag).strip(" /")
    if tag_hint:
        item.section_hint = tag_hint
    if lead_rest:
        if item.priority is None:
            pm = _PRIORITY.search(lead_rest)
            item.priority = pm.group(0) if pm else None
        item.stars = item.stars or len(_STARS.findall(lead_rest))
        rest = _STARS.sub("", _PRIORITY.sub("", plain_inline(lead_rest))).strip()
        if rest:
            item.points.append(rest)

    # identities: primary ID / URLs from the title and from link fields
    title_line = " | ".join(sp.cells) if sp.kind == "table" and sp.cells else lines[sp.start - 1]
    title_ids = [m for m in find_ids(title_line)]
    primary: str | None = title_ids[0].id if title_ids else None
    field_urls: list[str] = []
    for u, _s, _e in find_urls(title_line):
        if not is_arxiv_url(u) and not _is_file_link(u):
            field_urls.append(u)
    current_field: str | None = None
    field_indent = -1
    for raw in body_lines[:400]:  # a point list longer than this is not read as points
        if not raw.strip():
            continue
        indent = len(raw) - len(raw.lstrip())
        fm = match_field(raw)
        if fm:
            kind = fm.kind
            rest = fm.rest.strip()
            current_field, field_indent = kind, indent
            if kind == "link":
                ids = find_ids(rest)
                if ids and primary is None:
                    primary = ids[0].id
                for u, _s, _e in find_urls(rest):
                    if not is_arxiv_url(u) and not _is_file_link(u) and url_role(u) != "ignore":
                        field_urls.append(u)
                continue
            if kind == "hint":
                hint = parse_hint(rest)
                if hint and (item.section_hint in (None, "-") or hint != "-"):
                    item.section_hint = hint if item.section_hint is None or hint != "-" else item.section_hint
                continue
            if kind == "priority":
                item.priority = item.priority or _priority_word(rest)
                continue
            if kind == "skip":
                continue
            if kind == "caveat":
                item.caveats.extend(_split_inline_list(rest))
            elif rest:
                if kind == "points":
                    item.points.extend(_split_inline_list(rest))
                else:
                    item.points.append(f"{fm.name}:{plain_inline(rest)}")
            continue
        stripped = _BULLET.sub("", raw).strip()
        if raw.lstrip().startswith("|"):
            if re.fullmatch(r"[|\s:\-]+", raw.strip()):
                continue
            stripped = " | ".join(c.strip() for c in raw.strip().strip("|").split("|"))
        if raw.lstrip().startswith(("```", "~~~")):
            continue
        only_url = find_urls(stripped)
        if (
            primary is None
            and not field_urls
            and only_url
            and only_url[0][1] <= 1
            and len(stripped) - (only_url[0][2] - only_url[0][1]) <= 2
            and not is_arxiv_url(only_url[0][0])
        ):
            field_urls.append(only_url[0][0])  # a line that is just a link names the source
            continue
        if primary is None and not field_urls and _BULLET.match(raw):
            ids = find_ids(stripped[:40])
            lead_urls = [u for u, s0, _e in find_urls(stripped) if s0 <= 2]
            if ids and ids[0].start <= 2:
                primary = ids[0].id
            elif lead_urls and is_arxiv_url(lead_urls[0]) and find_ids(lead_urls[0]):
                primary = find_ids(lead_urls[0])[0].id
            else:
                urls = [u for u, s, _e in find_urls(stripped) if s <= 2 and not is_arxiv_url(u)]
                field_urls.extend(urls)
        if current_field is not None and indent > field_indent:
            if current_field == "caveat":
                item.caveats.append(plain_inline(stripped))
                continue
        else:
            current_field = None
        if stripped:
            item.points.append(plain_inline(stripped))

    ids_all = find_ids(item_text)
    ordered: list[str] = []
    for m in ids_all:
        if m.id not in ordered:
            ordered.append(m.id)
        if m.version:
            vs = item.arxiv_versions.setdefault(m.id, [])
            if m.version not in vs:
                vs.append(m.version)
    if primary is None and sp.kind == "table" and ordered:
        primary = ordered[0]
    if primary is None and sp.kind == "list" and ordered:
        first = find_ids(title_line)
        if first:
            primary = first[0].id
    if primary is None and ordered and sp.kind in ("line", "paragraph") and len(ordered) == 1:
        primary = ordered[0]
    if primary is None and ordered and sp.kind in ("heading", "outline"):
        primary = _lead_id(lines[sp.start : sp.end])
    if not field_urls and primary is None and not ordered and sp.kind in ("line", "paragraph", "outline", "heading"):
        cited = identities(item_text)
        if len(cited.papers) == 1:
            field_urls.extend((cited.urls + cited.aliases)[:1])
    item.primary_arxiv = primary
    item.arxiv = ([primary] if primary else []) + [i for i in ordered if i != primary]
    item.mentions = [i for i in ordered if i != primary]
    item.urls = _dedupe(field_urls)
    own = {normalize_url(u) for u in item.urls}
    cited = identities(item_text)
    item.linked = [u for u in cited.urls if normalize_url(u) not in own]
    if not item.title:
        item.title = (item.points[0][:80] if item.points else "") or (primary or "")
    item.points = [p for p in _dedupe(item.points) if p]
    item.caveats = [c for c in _dedupe(item.caveats) if c]
    return item


_BOLD_SPAN = re.compile(r"(?:\*\*|__)(?P<t>[^*_\n]{6,200}?)(?:\*\*|__)")
_BRACKET_TITLE = re.compile(r"[『「《](?P<t>[^』」》\n]{6,250})[』」》]")
_QUOTED_TITLE = re.compile(r"[“\"](?P<t>[^”\"\n]{8,250}?)[,.]?[”\"]")
_APA_TITLE = re.compile(r"\(\d{4}[a-z]?\)\.\s+(?P<t>[^\n]{8,250}?)\.\s")
_CITATION_TITLE = re.compile(r"^\s*(?:[-*+]\s+|\[\d{1,3}\]\s*|\d{1,3}[.)]\s+)?(?P<t>[^\n]{8,250}?)\.\s+(?P<rest>\S.*)$")
_AUTHORS = re.compile(r"^(?:[A-Z][\w'’-]+,\s*(?:[A-Z]\.\s*)+[;,]|[A-Z]\.\s*(?:[A-Z]\.\s*)?[A-Z][\w'’-]+\s*(?:,|and\b))")


def _cited_title(line: str) -> tuple[str, str] | None:
    """The title of a line that cites a paper by more than its name: a digest entry's bold title
    (``- [2611.13240] **Title** — kw: …``), a reference's quoted title (IEEE), the title after the
    year (APA), or the title before the authors (``Title. Zhao, Y.; Li, K. arXiv:…``).  Returns
    (title, the rest of the line) or None."""
    m = _BOLD_SPAN.search(line)
    if m and (find_ids(line[: m.start()]) or line[: m.start()].strip(" -*+[]()0123456789.") == ""):
        return m.group("t"), line[m.end() :]
    m = _BRACKET_TITLE.search(line)
    if m and _has_ref(line):
        return m.group("t"), line[m.end() :]
    m = _QUOTED_TITLE.search(line)
    if m and _has_ref(line[m.end() :]):
        return m.group("t"), line[m.end() :]
    m = _APA_TITLE.search(line)
    if m and _has_ref(line[m.end() :]):
        return m.group("t"), line[m.end() :]
    m = _CITATION_TITLE.match(line)
    if m and _AUTHORS.match(m.group("rest")) and _has_ref(m.group("rest")) and not _has_ref(m.group("t")):
        return m.group("t"), ""
    return None


def _lead_id(body: list[str]) -> str | None:
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
        if ids:
            return ids[0] if len(ids) == 1 else None
    return None


def _priority_word(text: str) -> str | None:
    t = text.strip().lower()
    if t.startswith(("高", "high", "p0", "p1")):
        return "🔴"
    if t.startswith(("中", "medium", "p2")):
        return "🟠"
    if t.startswith(("低", "low", "p3")):
        return "🟡"
    return None


def _split_inline_list(text: str) -> list[str]:
    """``- a - b`` (a flattened list on one line) → [a, b]."""
    text = plain_inline(text).strip()
    if not text:
        return []
    parts = re.split(r"(?:^|\s)-\s+(?=\S)", text)
    return [p.strip() for p in parts if p.strip()]


def _dedupe(values: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for v in values:
        if v not in seen:
            seen.add(v)
            out.append(v)
    return out


def _find_groups(remarks: list[Remark], items: list[Item]) -> list[tuple[list[str], str]]:
    """"条目1+2 是…", "条目3-6、8 合起来…": the note itself groups its items."""
    labels = {it.label for it in items if it.label}
    groups: list[tuple[list[str], str]] = []
    for r in remarks:
        _label, grouping, together, _bare = _labels()
        for m in grouping.finditer(r.text):
            spec = m.group("spec")
            if "+" not in spec + m.group("after") and not together.search(spec + m.group("after")):
                continue
            word = m.group("word")
            nums = _expand_spec(spec)
            if len(nums) < 2:
                continue
            cand = []
            for n in nums:
                for lab in (f"{word}{n}", f"{word.capitalize()} {n}", f"#{n}"):
                    if lab in labels:
                        cand.append(lab)
                        break
            if len(cand) >= 2:
                groups.append((cand, r.text))
    return groups


def _expand_spec(spec: str) -> list[int]:
    nums: list[int] = []
    parts = re.split(r"\s*(?:[、,,/&+]|和|与|and)\s*", spec)
    for part in parts:
        part = re.sub(r"^\D*", "", part).strip()
        rng = re.match(r"^(\d+)\s*[-–~]\s*(\d+)$", part)
        if rng:
            a, b = int(rng.group(1)), int(rng.group(2))
            if 0 < b - a < 50:
                nums.extend(range(a, b + 1))
        elif part.isdigit():
            nums.append(int(part))
    return nums
