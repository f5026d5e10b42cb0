"""An item's title line read: its label, title, tag, priority marks, and the title of a citation.

``## 增量2【§1.3】🔴 Foo-Net (arXiv:2611.00001)`` → label "增量2", title "Foo-Net", tag "§1.3",
priority "🔴".  A line that cites a paper by more than its name (a bold title in a digest, a
reference's quoted title) yields that title and the rest of the line.
"""

from __future__ import annotations

import re

from curator import regex_cache
from curator.arxiv import find_ids
from curator.fields import match_field
from curator.item_labels import (
    NUM_LABEL,
    OUTLINE_LINE,
    has_ref,
    is_bare_label,
    label_match,
    normalize_label,
)
from curator.lexicon import default_lexicon, memo
from curator.mdblocks import plain_inline
from curator.priority import DECORATION as _DECORATION
from curator.priority import MARKER_RE
from curator.section_numbers import SECTION_REF_RE, canonical_section
from curator.urls import find_urls

_TAG = regex_cache.compile(r"【([^】]{0,60})】")

_NOT_DECORATION = " \t\ufe0f\u200d"


PRIORITY = MARKER_RE


STARS = regex_cache.compile(r"[★⭐]")


def parse_title(raw: str) -> tuple[str | None, str, str | None, str | None, int, str | None]:
    """Title line → (label, title, tag, priority, stars, hint-from-tag)."""
    text = plain_inline(raw.strip().lstrip("#").strip())
    # "📄 条目2【…】Title": the pictographs decorate the line; its label follows them
    deco = _DECORATION.match(text)
    if deco and deco.end() < len(text) and deco.group(0).strip(_NOT_DECORATION):
        text = text[deco.end() :]
    else:
        deco = None
    label = None
    m = label_match(text)
    if m and (m.group("num") or is_bare_label(m.group("word"))):
        label = normalize_label(m.group("word"), m.group("num"))
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
                label = normalize_label(m2.group("word"), m2.group("num"))
                text = text[m2.end() :]
    if deco is not None:  # its priority marks and stars are still read
        text = deco.group(0) + text
    tag = None
    hint = None
    tm = _TAG.search(text)
    if tm:
        tag = tm.group(1).strip()
        sref = SECTION_REF_RE.search(tag)
        if sref:
            hint = canonical_section(sref.group(1)) or "§" + ascii_digits(sref.group(1))
        text = (text[: tm.start()] + " " + text[tm.end() :]).strip()
    pm = PRIORITY.search(text)
    priority = pm.group(0) if pm else None
    stars = len(STARS.findall(text))
    text = PRIORITY.sub("", text)
    text = STARS.sub("", text)
    named = _NAME_BEFORE_ID.match(text)
    if (
        named
        and _REMARK_START.match(text, named.end())
        and len(text) - named.end() >= _PROSE_AFTER
        and named.group("name").count(" ") <= 2
    ):
        # "Foo(2611.05823)下午扫了一遍:…": the name, not the remark after it
        text = named.group("name")
    text = clean_title(text)
    if (d := _DECORATION.match(text)) and d.end() < len(text):
        text = text[d.end() :]  # what the line's marks leave of a title is no part of it
    return label, text, tag, priority, stars, hint


_NAME_BEFORE_ID = regex_cache.compile(
    r"^\s*(?P<name>[^()（）\[\]\n:：]{2,40}?)\s*[(（]\s*(?:arxiv\s*[:：]?\s*)?\d{4}\.\d{4,5}(?:v\d+)?\s*[)）]",
    re.IGNORECASE,
)
_PROSE_AFTER = 10
_REMARK_START = regex_cache.compile(r"\s*(?:[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]|[a-z])")
"""A line that opens "Name (ID)" and goes straight on in words (no "—" or ":" before a title)
is a remark about Name: "Foo（2611.13342）思路挺巧…", "Foo (2611.11873) did the …"."""


def clean_title(text: str) -> str:
    # drop URLs and "arXiv:ID" mentions from the title, then tidy brackets/separators; every step
    # is one pass (a table row of 5,000 IDs was a title with 5,000 cuts, each copying the row)
    text = _cut(text, [(s, e) for _u, s, e in find_urls(text)])
    text = _cut(text, [(_arxiv_prefix_start(text, m.start), m.end) for m in find_ids(text)])
    if "[" in text:
        text = _listing_links().sub("", text)
    text = _EMPTY_BRACKETS.sub("", text)
    text = _OPEN_SEP.sub("(", text)
    text = _SEP_CLOSE.sub(")", text)
    text = _strip_ends(text)
    return _SPACES.sub(" ", text).strip()


@memo
def _listing_links() -> re.Pattern[str]:
    """A bracket of an arXiv listing's links only ("[pdf, html, other]")."""
    words = "|".join(map(re.escape, default_lexicon().literals("arxiv", "listing_links")))
    return regex_cache.compile(rf"\[\s*(?:{words})(?:\s*,\s*(?:{words}))*\s*\]", re.IGNORECASE)


_EMPTY_BRACKETS = regex_cache.compile(r"[(（\[][,，;；:：\s]*[)）\]]")
r"""An emptied bracket ("( , )", "[]"); one class, not ``\s*`` then a class that also takes
spaces."""
_OPEN_SEP = regex_cache.compile(r"[(（]\s*[,，;；]\s*")
_SEP_CLOSE = regex_cache.compile(r"(?<!\s)\s*[,，;；]\s*[)）]")
"""A separator left before a closing bracket; starts only where a run of spaces starts, so a long
run of spaces is not tried from each of its characters."""
_SPACES = regex_cache.compile(r"\s{2,}")
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
    ``(?:arxiv|arXiv|ARXIV)\s*[:：]?\s*$`` finds in ``text[:start]``, read backwards from
    *start*."""
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


def ascii_digits(s: str) -> str:
    return s.translate(str.maketrans("０１２３４５６７８９．", "0123456789."))


BOLD_NAME_ENTRY = regex_cache.compile(
    r"^(?P<indent>[^\S\n]*)[-*+][^\S\n]+(?:\*\*|__)(?P<name>[^*_\n]{1,120}?)(?:\*\*|__)"
    r"[^\S\n]*(?P<sep>[:：—–-])?[^\S\n]*(?P<rest>.*)$"
)
"""A list entry led by a bold name: ``- **FooNet** — …``, ``- **Summary:** …`` (``sep``: what
follows the name, when something does)."""

_BOLD_LEAD = regex_cache.compile(
    r"^\s*(?:[-*+]\s+|\d{1,3}[.)]\s+)?(?:\*\*|__)(?P<name>[^*_\n]{1,80})(?:\*\*|__)\s*[:：]\s*(?P<rest>.+)$"
)


_LINK_LEAD = regex_cache.compile(
    r"^\s*(?:[-*+]\s+|\d{1,3}[.)]\s+)?\[[^\]\n]+\]\([^)\s]+\)(?P<rest>.*)$"
)


def lead_title(line: str, kind: str) -> tuple[str, str | None]:
    """The part of an item's first line that holds its title, and the rest of the line when the
    title is only part of it (a bold lead, a link's text, a citation's title)."""
    bold = _BOLD_LEAD.match(line)
    link = _LINK_LEAD.match(line)
    if bold and not label_match(bold.group("name")) and not match_field(line):
        return bold.group("name"), bold.group("rest")
    if link and link.group("rest").strip(" —–-:：·"):
        # "[Title](url) — my comment": the link text is the title, the comment a point
        return line[: link.start("rest")], link.group("rest").strip(" —–-:：·")
    if kind in ("line", "list", "paragraph") and (cited := _cited_title(line)) is not None:
        return cited
    return line, None


def number_label(line: str) -> str | None:
    """ "#3" for a line that opens with a number ("3.", "[3]", "#3", "No. 3"), else None."""
    nm = NUM_LABEL.match(plain_inline(line.strip().lstrip("#").strip()))
    if nm:
        return f"#{nm.group('n') or nm.group('b') or nm.group('h') or nm.group('no')}"
    return None


_BOLD_SPAN = regex_cache.compile(r"(?:\*\*|__)(?P<t>[^*_\n]{6,200}?)(?:\*\*|__)")


_BRACKET_TITLE = regex_cache.compile(r"[『「《](?P<t>[^』」》\n]{6,250})[』」》]")


_QUOTED_TITLE = regex_cache.compile(r"[“\"](?P<t>[^”\"\n]{8,250}?)[,.]?[”\"]")


_APA_TITLE = regex_cache.compile(r"\(\d{4}[a-z]?\)\.\s+(?P<t>[^\n]{8,250}?)\.\s")


_CITATION_TITLE = regex_cache.compile(
    r"^\s*(?:[-*+]\s+|\[\d{1,3}\]\s*|\d{1,3}[.)]\s+)?(?P<t>[^\n]{8,250}?)\.\s+(?P<rest>\S.*)$"
)


_AUTHORS = regex_cache.compile(
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
