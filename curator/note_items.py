"""One candidate item of a note: its labels, title, section hint and fields.

:func:`build_item` reads the lines of one span the splitter (:mod:`curator.notes`) found: the
label ("增量2", "Item 3"), the title, priority marks, the fields ("Key points:", "链接:") and the
IDs and links that identify it.  The words live in the lexicon's tables, not here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.arxiv import find_ids
from curator.fields import match_field
from curator.lexicon import default_lexicon, memo, text_memo
from curator.mdblocks import plain_inline
from curator.mentions import identities, may_cite, url_role
from curator.models import Item
from curator.section_numbers import ROMAN, SECTION_REF_RE, canonical_section
from curator.urls import find_urls, is_arxiv_url, normalize_url


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


_GROUP_SEP = r"(?:[-–~+、,,/&]|和|与|and)"
GROUP_HINT = re.compile(rf"[0-9]\s*{_GROUP_SEP}", re.IGNORECASE)
"""What every match of the grouping pattern ("条目3-6", "Item 1 + 2") holds: a digit, then a separator."""


@memo
def _labels() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], frozenset[str]]:
    """Item labels ("增量2", "Item 3"), a note's grouping of them ("条目3-6 合起来"), and the labels
    valid without a number: built from the lexicon's ``[labels]``."""
    lex = default_lexicon()
    words = (
        "|".join(
            re.escape(w) for w in sorted(lex.literals("labels", "words"), key=len, reverse=True)
        )
        or r"(?!x)x"
    )
    counters = "|".join(re.escape(w) for w in lex.literals("labels", "counters")) or r"(?!x)x"
    label = re.compile(
        rf"^\s*(?:[-*+]\s+|\d{{1,3}}[.)]\s+)?(?:\*\*|__)?\s*(?P<word>{words})(?![A-Za-z])\s*"
        rf"(?P<num>[0-9]{{1,4}}(?!\s*(?:{counters}|[-–~]\s*\d|\s*items?\b))|(?-i:[A-Z])(?![A-Za-z]))?\s*(?:\*\*|__)?",
        re.IGNORECASE,
    )
    grouping = re.compile(
        rf"(?P<word>{words}|Items?|#)\s*(?P<spec>[0-9]{{1,3}}(?:\s*{_GROUP_SEP}\s*(?:{words}|Item|#)?\s*[0-9]{{1,3}})+)"
        r"(?P<after>[^\n]{0,40})",
        re.IGNORECASE,
    )
    together = lex.pattern("labels", "group_words")
    return label, grouping, together, frozenset(w.lower() for w in lex.literals("labels", "bare"))


def grouping_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A note's grouping of its items ("条目3-6 合起来") and the words that say "together"."""
    _label, grouping, together, _bare = _labels()
    return grouping, together


def label_match(text: str) -> re.Match[str] | None:
    return _labels()[0].match(text)


def _is_bare_label(word: str) -> bool:
    return word.lower() in _labels()[3]


NUM_LABEL = re.compile(
    r"^\s*(?:(?P<n>\d{1,3})\s*[.)、)](?!\d)|\[(?P<b>\d{1,4})\]|#(?P<h>\d{1,4})\b|No\.\s*(?P<no>\d{1,4}))\s*"
)


_TAG = re.compile(r"【([^】]{0,60})】")


_PRIORITY = re.compile(r"[🔴🟠🟡]")


_STARS = re.compile(r"[★⭐]")


_SECTION_REF = SECTION_REF_RE


OUTLINE_LINE = re.compile(r"^\s*(?P<num>\d{1,2}(?:\.\d{1,2})+)\.?\s+(?P<rest>\S.{1,300})$")
"""A pasted document's own outline numbering ("1.1 Foo:…", "3.1 bar 0.7"): a heading of the note."""


@text_memo
def has_label(text: str) -> bool:
    plain = text.strip()
    m = label_match(plain)
    if m and (m.group("num") or _is_bare_label(m.group("word"))):
        return True
    plain = plain_inline(plain)
    return bool(NUM_LABEL.match(plain) or OUTLINE_LINE.match(plain))  # "3. Foo", "[3]", "2.1 Foo"


@text_memo
def has_ref(text: str) -> bool:
    if not may_cite(text):
        return (
            False  # no dot, no slash: no ID, no link (a heading flood asks this of every heading)
        )
    if find_ids(text):
        return True
    return any(not is_file_link(u) for u, _s, _e in find_urls(text))


def is_file_link(url: str) -> bool:
    return bool(re.search(r"\.(?:md|png|jpe?g|gif|svg)$", url.split("?")[0], re.IGNORECASE))


@memo
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


def row_title(cells: list[str], header: list[str]) -> str:
    best = ""
    for idx, cell in enumerate(cells):
        plain = plain_inline(cell)
        head = header[idx] if idx < len(header) else ""
        if _column_is("title", head) and plain:
            return plain
        if (
            not best
            and plain
            and not re.fullmatch(r"[\d.\-/#\s]+", plain)
            and not find_ids(plain[:20])
        ):
            best = plain
    return best or plain_inline(" ".join(cells))


def short_label(text: str | None, limit: int = 40) -> str:
    if not text:
        return ""
    text = plain_inline(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _normalize_label(word: str, num: str | None) -> str:
    if re.match(r"[A-Za-z]", word):
        word = word[0].upper() + word[1:].lower()
        return f"{word} {num}" if num else word
    return f"{word}{num or ''}"


def parse_title(raw: str) -> tuple[str | None, str, str | None, str | None, int, str | None]:
    """Title line → (label, title, tag, priority, stars, hint-from-tag)."""
    text = plain_inline(raw.strip().lstrip("#").strip())
    label = None
    m = label_match(text)
    if m and (m.group("num") or _is_bare_label(m.group("word"))):
        label = _normalize_label(m.group("word"), m.group("num"))
        text = text[m.end() :]
    elif (om := OUTLINE_LINE.match(text)) is not None:
        label = f"#{om.group('num')}"
        text = om.group("rest")
    else:
        nm = NUM_LABEL.match(text)
        if nm:
            n = nm.group("n") or nm.group("b") or nm.group("h") or nm.group("no")
            label = f"#{n}"
            text = text[nm.end() :]
            m2 = label_match(text)
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
            hint = canonical_section(sref.group(1)) or "§" + _ascii_digits(sref.group(1))
        text = (text[: tm.start()] + " " + text[tm.end() :]).strip()
    pm = _PRIORITY.search(text)
    priority = pm.group(0) if pm else None
    stars = len(_STARS.findall(text))
    text = _PRIORITY.sub("", text)
    text = _STARS.sub("", text)
    named = _NAME_BEFORE_ID.match(text)
    if (
        named
        and _REMARK_START.match(text, named.end())
        and len(text) - named.end() >= _PROSE_AFTER
        and named.group("name").count(" ") <= 2
    ):
        text = named.group(
            "name"
        )  # "Foo(2611.05823)下午扫了一遍:…": the name, not the remark after it
    text = clean_title(text)
    return label, text, tag, priority, stars, hint


_NAME_BEFORE_ID = re.compile(
    r"^\s*(?P<name>[^()（）\[\]\n:：]{2,40}?)\s*[(（]\s*(?:arxiv\s*[:：]?\s*)?\d{4}\.\d{4,5}(?:v\d+)?\s*[)）]",
    re.IGNORECASE,
)
_PROSE_AFTER = 10
_REMARK_START = re.compile(r"\s*(?:[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]|[a-z])")
"""A line that opens "Name (ID)" and goes straight on in words (no "—" or ":" before a title)
is a remark about Name: "Foo（2611.13342）思路挺巧…", "Foo (2611.11873) did the …"."""


def clean_title(text: str) -> str:
    # drop URLs and "arXiv:ID" mentions from the title, then tidy brackets/separators; every step
    # is one pass (a table row of 5,000 IDs was a title with 5,000 cuts, each copying the row)
    text = _cut(text, [(s, e) for _u, s, e in find_urls(text)])
    text = _cut(text, [(_arxiv_prefix_start(text, m.start), m.end) for m in find_ids(text)])
    text = _EMPTY_BRACKETS.sub("", text)
    text = _OPEN_SEP.sub("(", text)
    text = _SEP_CLOSE.sub(")", text)
    text = _strip_ends(text)
    return _SPACES.sub(" ", text).strip()


_EMPTY_BRACKETS = re.compile(r"[(（\[][,，;；:：\s]*[)）\]]")
r"""An emptied bracket ("( , )", "[]"); one class, not ``\s*`` then a class that also takes spaces."""
_OPEN_SEP = re.compile(r"[(（]\s*[,，;；]\s*")
_SEP_CLOSE = re.compile(r"(?<!\s)\s*[,，;；]\s*[)）]")
"""A separator left before a closing bracket; starts only where a run of spaces starts, so a long
run of spaces is not tried from each of its characters."""
_SPACES = re.compile(r"\s{2,}")
_LEAD_SEP = ":：-—–·.、|"
_TRAIL_SEP = ":：-—–·、|,，"


def _strip_ends(text: str) -> str:
    r"""Separators and spaces off both ends (as ``^[\s:：\-—–·.、|]+`` and ``[\s:：\-—–·、|,，]+$``
    would remove, without a trailing pattern retried from every character of a long run)."""
    i, n = 0, len(text)
    while i < n and (text[i].isspace() or text[i] in _LEAD_SEP):
        i += 1
    j = n
    while j > i and (text[j - 1].isspace() or text[j - 1] in _TRAIL_SEP):
        j -= 1
    return text[i:j]


def _arxiv_prefix_start(text: str, start: int) -> int:
    r"""Where an "arXiv:" before an ID at *start* begins (*start* when there is none): what
    ``(?:arxiv|arXiv|ARXIV)\s*[:：]?\s*$`` finds in ``text[:start]``, read backwards from *start*."""
    j = start
    while j > 0 and text[j - 1].isspace():
        j -= 1
    if j > 0 and text[j - 1] in ":：":
        j -= 1
        while j > 0 and text[j - 1].isspace():
            j -= 1
    return j - 5 if j >= 5 and text[j - 5 : j] in ("arxiv", "arXiv", "ARXIV") else start


def _cut(text: str, spans: list[tuple[int, int]]) -> str:
    """*text* without the spans, joined once.  Spans that overlap are cut one by one from the
    last, as before (the result of overlapping cuts depends on their order)."""
    if not spans:
        return text
    spans = sorted(spans)
    if any(spans[k][1] > spans[k + 1][0] for k in range(len(spans) - 1)):
        for s, e in sorted(spans, key=lambda t: -t[0]):
            text = text[:s] + text[e:]
        return text
    parts, at = [], 0
    for s, e in spans:
        parts.append(text[at:s])
        at = e
    parts.append(text[at:])
    return "".join(parts)


def _ascii_digits(s: str) -> str:
    return s.translate(str.maketrans("０１２３４５６７８９．", "0123456789."))


def parse_hint(value: str) -> str | None:
    """``§1.3 KV …`` → "§1.3"; ``—(agent memory 主题)`` → "-" (belongs nowhere here)."""
    v = plain_inline(value).strip().lstrip(":：").strip()
    if re.match(r"^§?\s*[\w.．]{1,12}\s*[?？]", v):
        return None  # "1.2.2? (it's French) — your call": a question, not a filing
    m = _SECTION_REF.search(v)
    if m:
        return canonical_section(m.group(1)) or "§" + _ascii_digits(m.group(1))
    # "2.1", "2.1절", "2.1 (planning)", "C.3" (a bare "2" is a count, not a section)
    m = re.match(
        rf"^((?:(?:{ROMAN}|[A-Z])\.)?\d+(?:\.\d+)+|(?:{ROMAN}|[A-Z])\.\d+)(?![\d.]*\d)(?![A-Za-z])",
        v,
    )
    if m:
        return canonical_section(m.group(1)) or "§" + m.group(1)
    if (cjk := canonical_section(v)) is not None and not v.isdigit():
        return cjk  # "三、评测", "第三章"
    if re.match(r"^[—\-–]+(?:\s|[(（]|$)", v) and re.search(r"[?？]", v):
        return None  # "— (distillation? overthinking? your call)": undecided, not "nowhere"
    if (
        not v
        or re.match(r"^[—\-–]+(?:\s|[(（]|$)", v)
        or default_lexicon().pattern("hints", "nowhere").match(v)
    ):
        return "-"
    return None


BULLET = re.compile(r"^(\s*)(?:[-*+]|\d{1,3}[.)])\s+")


_BOLD_LEAD = re.compile(
    r"^\s*(?:[-*+]\s+|\d{1,3}[.)]\s+)?(?:\*\*|__)(?P<name>[^*_\n]{1,80})(?:\*\*|__)\s*[:：]\s*(?P<rest>.+)$"
)


_LINK_LEAD = re.compile(r"^\s*(?:[-*+]\s+|\d{1,3}[.)]\s+)?\[[^\]\n]+\]\([^)\s]+\)(?P<rest>.*)$")


def build_item(sp: Span, lines: list[str], path: str) -> Item | None:
    lead_rest = None
    title_source = sp.title_text
    bold = _BOLD_LEAD.match(title_source)
    link = _LINK_LEAD.match(title_source)
    if bold and not label_match(bold.group("name")) and not match_field(title_source):
        title_source, lead_rest = bold.group("name"), bold.group("rest")
    elif link and link.group("rest").strip(" —–-:：·"):
        # "[Title](url) — my comment": the link text is the title, the comment a point
        title_source = title_source[: link.start("rest")]
        lead_rest = link.group("rest").strip(" —–-:：·")
    elif (
        sp.kind in ("line", "list", "paragraph")
        and (cited := _cited_title(title_source)) is not None
    ):
        title_source, lead_rest = cited
    label, title, tag, priority, stars, tag_hint = parse_title(title_source)
    if label is None and title_source is not sp.title_text:
        nm = NUM_LABEL.match(plain_inline(sp.title_text.strip().lstrip("#").strip()))
        if nm:
            label = f"#{nm.group('n') or nm.group('b') or nm.group('h') or nm.group('no')}"
    if sp.kind == "table":
        label, title = None, clean_title(plain_inline(sp.title_text)) or plain_inline(sp.title_text)
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
        if not is_arxiv_url(u) and not is_file_link(u) and url_role(u) != "ignore":
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
                    if not is_arxiv_url(u) and not is_file_link(u) and url_role(u) != "ignore":
                        field_urls.append(u)
                continue
            if kind == "hint":
                hint = parse_hint(rest)
                if hint and (item.section_hint in (None, "-") or hint != "-"):
                    item.section_hint = (
                        hint if item.section_hint is None or hint != "-" else item.section_hint
                    )
                continue
            if kind == "priority":
                item.priority = item.priority or _priority_word(rest)
                continue
            if kind == "title":
                if not item.title and rest:
                    item.title = clean_title(plain_inline(rest)) or plain_inline(rest)
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
        stripped = BULLET.sub("", raw).strip()
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
            and url_role(only_url[0][0])
            != "ignore"  # a mailer's redirect, a meeting: names nothing
        ):
            field_urls.append(only_url[0][0])  # a line that is just a link names the source
            continue
        if primary is None and not field_urls and BULLET.match(raw):
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
    cited = identities(item_text)
    if field_urls:  # "(github.com/openai)" after a title only labels the site of the page below it
        longer = [normalize_url(u) for u in (*cited.urls, *cited.aliases, *field_urls)]
        field_urls = [
            u for u in field_urls if not any(o.startswith(normalize_url(u) + "/") for o in longer)
        ]
        if not field_urls and primary is None and (cited.urls or cited.aliases):
            field_urls.append((cited.urls + cited.aliases)[0])
    if (
        primary is None
        and field_urls
        and len(set(ordered)) == 1
        and all(url_role(u) == "alias" for u in field_urls)
    ):
        primary = ordered[0]  # "Show HN: <repo> … → paper 2610.00001": the repo is the paper's page
    if (
        not field_urls
        and primary is None
        and not ordered
        and sp.kind in ("line", "paragraph", "outline", "heading")
    ):
        if len(cited.papers) == 1:
            field_urls.extend((cited.urls + cited.aliases)[:1])
    item.primary_arxiv = primary
    item.arxiv = ([primary] if primary else []) + [i for i in ordered if i != primary]
    item.mentions = [i for i in ordered if i != primary]
    item.urls = dedupe(field_urls)
    own = {normalize_url(u) for u in item.urls}
    item.linked = [u for u in cited.urls if normalize_url(u) not in own]
    if not item.title:
        item.title = (item.points[0][:80] if item.points else "") or (primary or "")
    item.points = [p for p in dedupe(item.points) if p]
    item.caveats = [c for c in dedupe(item.caveats) if c]
    return item


_BOLD_SPAN = re.compile(r"(?:\*\*|__)(?P<t>[^*_\n]{6,200}?)(?:\*\*|__)")


_BRACKET_TITLE = re.compile(r"[『「《](?P<t>[^』」》\n]{6,250})[』」》]")


_QUOTED_TITLE = re.compile(r"[“\"](?P<t>[^”\"\n]{8,250}?)[,.]?[”\"]")


_APA_TITLE = re.compile(r"\(\d{4}[a-z]?\)\.\s+(?P<t>[^\n]{8,250}?)\.\s")


_CITATION_TITLE = re.compile(
    r"^\s*(?:[-*+]\s+|\[\d{1,3}\]\s*|\d{1,3}[.)]\s+)?(?P<t>[^\n]{8,250}?)\.\s+(?P<rest>\S.*)$"
)


_AUTHORS = re.compile(
    r"^(?:[A-Z][\w'’-]+,\s*(?:[A-Z]\.\s*)+[;,]|[A-Z]\.\s*(?:[A-Z]\.\s*)?[A-Z][\w'’-]+\s*(?:,|and\b))"
)


def _cited_title(line: str) -> tuple[str, str] | None:
    """The title of a line that cites a paper by more than its name: a digest entry's bold title
    (``- [2611.13240] **Title** — kw: …``), a reference's quoted title (IEEE), the title after the
    year (APA), or the title before the authors (``Title. Zhao, Y.; Li, K. arXiv:…``).  Returns
    (title, the rest of the line) or None."""
    m = _BOLD_SPAN.search(line)
    if m and (find_ids(line[: m.start()]) or line[: m.start()].strip(" -*+[]()0123456789.") == ""):
        return m.group("t"), line[m.end() :]
    m = _BRACKET_TITLE.search(line)
    if m and has_ref(line):
        return m.group("t"), line[m.end() :]
    m = _QUOTED_TITLE.search(line)
    if m and has_ref(line[m.end() :]):
        return m.group("t"), line[m.end() :]
    m = _APA_TITLE.search(line)
    if m and has_ref(line[m.end() :]):
        return m.group("t"), line[m.end() :]
    m = _CITATION_TITLE.match(line)
    if (
        m
        and _AUTHORS.match(m.group("rest"))
        and has_ref(m.group("rest"))
        and not has_ref(m.group("t"))
    ):
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


def dedupe(values: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for v in values:
        if v not in seen:
            seen.add(v)
            out.append(v)
    return out
