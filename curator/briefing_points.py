"""Condensed key points (issue 11, "Condensed key points").

The briefing's 要点/Key points of an increment gather every source's bullets.  Here they
become one list an editor can sign:

* triage meta-lines are dropped: value ratings (``价值:高``), routing arrows to a doc or
  briefing (``→ 进 <doc>``), bare IDs/URLs, pointers to another note;
* a note's references to its own numbering (``跟增量 3 的关系:…``, ``see item 2``) are not
  carried into the briefing, whose numbering is its own: a clause holding one is cut, a
  point that opens with one is dropped;
* near-duplicates across sources are merged: ``fuzz.token_set_ratio`` on normalised text
  (NFKC, lower case, each CJK character a token) at or above :data:`SIMILAR` (or
  :data:`SAME_LABEL_SIMILAR` for two points under the same "Label:"), unless the
  two points state different numbers (one's numbers must contain the other's); the most
  informative wording (more numbers, then more content) is kept, at the first place;
* at most *cap* bullets, the most informative kept, in source order.  Blocks (tables,
  code) and the bullets right around them (their caption and remark) are kept whole and not
  counted; nested children go with their parent.

The words come from the lexicon (``[points]`` and ``[labels]`` in ``curator/phrases/*.toml``);
this module is pure (no Textual, no files).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from rapidfuzz import fuzz

from curator.lexicon import default_lexicon

__all__ = [
    "DEFAULT_CAP",
    "SIMILAR",
    "cap_arranged",
    "condense",
    "condense_arranged",
    "drop_meta_and_refs",
    "is_meta",
    "merge_duplicates",
    "normalise",
    "headline",
    "numbering_ref",
    "numbers",
    "similar",
    "strip_refs",
]

T = TypeVar("T")

DEFAULT_CAP = 7
SIMILAR = 85
SAME_LABEL_SIMILAR = 70
"""Near-duplicates among points under the same label ("问题:" in two notes) need less overlap."""

_CJK = re.compile(r"([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af])")
_NON_WORD = re.compile(r"[^\w.%+×-]+")
_NUM = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")
_ID = re.compile(
    r"(?<![\w.])(?:arxiv:\s*)?\d{4}\.\d{4,5}(?:v\d+)?(?![\w])|https?://\S+", re.IGNORECASE
)
_LABEL = re.compile(r"^\s*([^:：\s][^:：]{0,24}?)\s*[:：]\s*")
_CLAUSES = re.compile(r"(?<=[;；])")
_HEADING = re.compile(r"^#{1,6}\s")
_TRAILING_ARROW = re.compile(r"(?<=[。.;；!！?？])\s*(?:→|->|=>|⇒)\s*\S[^。;；→]{0,24}$")
_ARROW_ONLY = re.compile(r"^\s*(?:→|->|=>|⇒)\s*\S.{0,30}$")
_SECTION_NO = re.compile(r"§\s*\d|(?<![\w.])\d+(?:\.\d+)+(?![\w.])")
_LEADER = re.compile(r"^(?:[·•▸▪‣◦]\s*|[—–]\s+)+")
"""A digest's leading bullet dot or em rule ("· text", "— text"), not part of the point."""
_BIBTEX = re.compile(r"^\s*@?[A-Za-z_]+\s*=\s*[{\"]|^\s*@[A-Za-z]+\s*\{")
_FILLER = re.compile(r"^[\s()（）\[\]【】,，.。;；:：、/|-]*$")


def normalise(text: str) -> str:
    """NFKC, lower case, CJK characters as separate tokens, punctuation as spaces."""
    t = unicodedata.normalize("NFKC", text).lower()
    t = _CJK.sub(r" \1 ", t)
    return " ".join(_NON_WORD.sub(" ", t).split())


def numbers(text: str) -> frozenset[str]:
    """The numbers a point states ("3,500" and "3500" are one number)."""
    t = unicodedata.normalize("NFKC", text)
    return frozenset(m.group().replace(",", "") for m in _NUM.finditer(t))


def similar(a: str, b: str) -> float:
    return fuzz.token_set_ratio(normalise(a), normalise(b))


def numbering_ref(text: str) -> re.Match[str] | None:
    """A reference to a note's own numbering ("增量 3", "item 2"), not a count ("增量 3 条")."""
    lex = default_lexicon()
    counters = lex.literals("labels", "counters")
    for m in lex.phrases("labels", "words").finditer(text):
        rest = text[m.end() :]
        n = re.match(r"\s*#?\s*\d+", rest)
        if not n:
            continue
        after = rest[n.end() :].lstrip()
        if any(after.startswith(c) for c in counters):
            continue
        return m
    return next(lex.phrases("points", "elsewhere").finditer(text), None)


def _cut(table: str, key: str, text: str) -> str:
    """*text* without the matches of ``[table] key`` (found the fast way: few texts hold any)."""
    spans = [m.span() for m in default_lexicon().phrases(table, key).finditer(text)]
    for a, b in reversed(spans):
        text = text[:a] + text[b:]
    return text


def is_meta(point: str) -> bool:
    """A triage remark, not a key point: a value rating, a routing arrow, a bare ID or URL, a
    heading or a lone word that names a group ("### Details", "其他")."""
    lex = default_lexicon()
    text = _LEADER.sub("", unicodedata.normalize("NFKC", point).strip())
    if _HEADING.match(text):
        return True
    bare = _ID.sub(" ", text)
    if len(normalise(bare).split()) <= 2 and not numbers(bare):
        return True  # a lone word ("其他"), or an ID with its category ("cs.LG · arXiv:…")
    if _ARROW_ONLY.match(_LABEL.sub("", text, count=1)):
        return True  # a remark that only routes it somewhere ("注:→ §5.1")
    if lex.pattern("fields", "hint").match(text) and _SECTION_NO.search(text[:40]):
        return True  # a filing hint ("建议归入 §4.3(…)"): the section line says where it goes
    label = _LABEL.match(text)
    if label and lex.pattern("points", "value").fullmatch(label.group(1).strip()):
        return True
    rest = _cut("points", "routing", text)
    if rest != text and _FILLER.match(rest):
        return True
    if _BIBTEX.match(text):
        return True  # a BibTeX field ("doi = {…}"), not a claim
    head = _ID.match(text)
    if head:
        tail = text[head.end() :].strip()
        if not tail or tail[0] in "(（[【":
            return True
    return bool(_FILLER.match(_ID.sub("", text)))


def strip_refs(point: str) -> str:
    """*point* without what points at another note's numbering: clauses after the first that
    hold such a reference are cut, a routing tail is cut; "" when the point itself opens
    with a reference (its first clause)."""
    point = _LEADER.sub("", point)
    clauses = _CLAUSES.split(point)
    if numbering_ref(clauses[0]):
        return ""
    kept = [clauses[0], *(c for c in clauses[1:] if not numbering_ref(c))]
    out = "".join(kept)
    if len(kept) < len(clauses):
        out = out.rstrip(" ;；")
    # "…文章没提。→ RLVR 那节": the note's routing, after the sentence
    out = _TRAILING_ARROW.sub("", out)
    cut = _cut("points", "routing", out)
    if cut == out:
        return out
    cut = cut.rstrip(" ;；,，")
    return cut if cut and not _FILLER.match(cut) else out


@dataclass
class _Point:
    text: str
    index: int
    numbers: frozenset[str]
    norm: str

    @property
    def weight(self) -> tuple[int, int]:
        return (len(self.numbers), len(set(self.norm.split())))

    @property
    def label(self) -> str:
        """The point's own "Label:" (问题, 解法, Result), lower case; "" when it has none."""
        m = _LABEL.match(self.text)
        return normalise(m.group(1)) if m and len(m.group(1)) <= 12 else ""


def _duplicate(a: _Point, b: _Point) -> bool:
    if not (a.numbers <= b.numbers or b.numbers <= a.numbers):
        return False  # different numbers: two claims (or a contradiction), kept side by side
    if not a.norm or not b.norm:
        return a.norm == b.norm
    ratio = fuzz.token_set_ratio(a.norm, b.norm)
    # two sources answering the same question ("问题:", "Result:") in other words
    return ratio >= SIMILAR or (
        ratio >= SAME_LABEL_SIMILAR and a.label != "" and a.label == b.label
    )


def merge_duplicates(points: Sequence[str]) -> list[str]:
    """One bullet per claim: each near-duplicate group is shown once, in the most informative
    wording of the group, at the place of its first member."""
    return [t for _i, t in _merged(list(enumerate(points)))]


def _merged(points: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """Single-claim points first, the most informative first: each is kept unless it
    duplicates one kept before (then it is absorbed there); then the points of several
    clauses: dropped when every clause is stated by a kept point, else kept or absorbed the
    same way (a wordier one takes the place of the one it duplicates).  The kept are returned
    in source order, each at the first place of what it absorbed."""
    pts = [_Point(p, i, numbers(p), normalise(p)) for i, p in points]
    kept: list[_Point] = []
    place: dict[int, int] = {}

    def clauses(q: _Point) -> list[str]:
        return [c for c in _CLAUSES.split(q.text) if normalise(c)]

    for pt in sorted(
        pts, key=lambda q: (len(clauses(q)) > 1, tuple(-w for w in q.weight), q.index)
    ):
        parts = clauses(pt)
        if len(parts) > 1 and all(
            any(_duplicate(_Point(c, -1, numbers(c), normalise(c)), k) for k in kept) for c in parts
        ):
            home = next((k for k in kept if _duplicate(pt, k)), None)
            if home is not None:
                place[home.index] = min(place[home.index], pt.index)
            continue
        home = next((k for k in kept if _duplicate(pt, k)), None)
        if home is None:
            kept.append(pt)
            place[pt.index] = pt.index
        elif pt.weight > home.weight:
            kept[kept.index(home)] = pt
            place[pt.index] = min(place.pop(home.index), pt.index)
        else:
            place[home.index] = min(place[home.index], pt.index)
    return sorted(((place[k.index], k.text) for k in kept), key=lambda x: x[0])


def drop_meta_and_refs(points: Sequence[str]) -> list[str]:
    """Meta-lines dropped, references to a note's numbering cut."""
    out: list[str] = []
    for p in points:
        if is_meta(p):
            continue
        s = strip_refs(p)
        if s and not is_meta(s) and s not in out:
            out.append(s)
    return out


def condense(points: Sequence[str]) -> list[str]:
    """Meta-lines out, references cut, near-duplicates merged (no cap: see :func:`cap_units`)."""
    return merge_duplicates(drop_meta_and_refs(points))


def condense_arranged(arranged: Sequence[str | T]) -> list[str | T]:
    """:func:`condense` on the strings of *arranged*; anything else (a block) stays in place."""
    texts: list[tuple[int, str]] = []
    for i, p in enumerate(arranged):
        if isinstance(p, str) and not is_meta(p):
            s = strip_refs(p)
            if s and not is_meta(s) and s not in (t for _j, t in texts):
                texts.append((i, s))
    at = dict(_merged(texts))
    return [
        at[i] if isinstance(p, str) else p
        for i, p in enumerate(arranged)
        if not isinstance(p, str) or i in at
    ]


def cap_units(units: Sequence[tuple[str, int, bool]], cap: int) -> list[bool]:
    """Which units to keep: *units* are (text, bullets, protected) in order.  At most *cap*
    bullets in all; protected units first, then the most informative (more numbers, then more
    distinct content), ties by order.  *cap* 0 keeps everything."""
    keep = [False] * len(units)
    if cap <= 0 or sum(n for _t, n, _p in units) <= cap:
        return [True] * len(units)
    ranked = sorted(
        range(len(units)),
        key=lambda i: (
            not units[i][2],
            -len(numbers(units[i][0])),
            -len(set(normalise(units[i][0]).split())),
            i,
        ),
    )
    budget = cap
    for i in ranked:
        n = units[i][1]
        if n == 0 or n <= budget:
            keep[i] = True
            budget -= n
    return keep


def cap_arranged(arranged: Sequence[T], levels: Sequence[int], cap: int) -> list[T]:
    """*arranged* key points (strings, and blocks: anything else) cut to *cap* bullets.

    A unit is a top-level bullet with its nested children (*levels*: one per string, in
    order).  Blocks are no bullets and are kept, and so is the bullet right before a block
    (its caption); the others are kept by :func:`cap_units`."""
    units: list[list[int]] = []
    lv = iter(levels)
    for i, p in enumerate(arranged):
        if (
            isinstance(p, str)
            and next(lv, 0) > 0
            and units
            and isinstance(arranged[units[-1][0]], str)
        ):
            units[-1].append(i)
        else:
            units.append([i])

    def is_block(u: list[int]) -> bool:
        return not isinstance(arranged[u[0]], str)

    rows: list[tuple[str, int, bool]] = []
    for k, u in enumerate(units):
        if is_block(u):
            rows.append(("", 0, True))
        else:
            caption = k + 1 < len(units) and is_block(units[k + 1])
            rows.append((" ".join(str(arranged[i]) for i in u), len(u), caption))
    keep = cap_units(rows, cap)
    return [arranged[i] for k, u in enumerate(units) if keep[k] for i in u]


_PAREN = re.compile(r"[(（][^()（）]*[)）]")
_MEASURE_RX = re.compile(
    r"(?<![A-Za-z0-9_.\-§])(?P<sign>[+\-−~≈])?(?P<num>\d+(?:[.,]\d+)*)"
    r"(?P<range>\s*[–\-~→]\s*[+\-]?\d+(?:[.,]\d+)*)?"
    r"(?P<unit>%|×|x\b|倍|[A-Za-z]{1,4}\b(?:/[a-z]+)?|\s+[A-Z]{1,4}\b|\s+[a-z]{1,4}/[a-z]{1,4}\b)?"
)


def _measures(text: str) -> Iterator[re.Match[str]]:
    """Measured numbers: with a unit, a sign, a decimal part or a range ("15–324%", "1.92×",
    "-48%", "3,500 tok/s", "197.41 GB", "8K–128K"), not a count, a section number or a
    name's digits ("Qwen3-235B", "DeepSeek-V3")."""
    for m in _MEASURE_RX.finditer(text):
        if m.group("unit") or m.group("sign") or m.group("range") or not m.group("num").isdigit():
            yield m


_HEAD_CLAUSE = re.compile(r",(?!\d{3})|[，;；。:：|]|——|\.\s|\s→\s|\s[-—–]\s")
HEADLINE_PARTS = 2
HEADLINE_WIDTH = 40


def _strength(clause: str) -> int:
    """How much news a clause's numbers carry: a change or a ratio ("+6.8", "-48%", "1.92×",
    "41.2 → 48.0") counts three times, a size or count ("7B", "300B tokens") once."""
    score = 0
    for m in _measures(clause):
        unit = (m.group("unit") or "").strip()
        change = (m.group("sign") or "") in ("+", "-", "−") and m.group("sign") is not None
        score += (
            3 if unit in ("%", "×", "x", "倍") or change or "→" in (m.group("range") or "") else 1
        )
    return score


def _measure_key(text: str) -> str:
    return text.replace(" ", "").lstrip("+-−~≈")


def _around_measure(clause: str) -> str:
    """*clause*, or when longer than :data:`HEADLINE_WIDTH` its first measurement with the
    words just before it ("… 比 full 快 3.8–5.2×")."""
    if len(clause) <= HEADLINE_WIDTH:
        return clause
    found = list(_measures(clause))
    if not found:
        return ""
    first = found[0]
    end = max(
        (m.end() for m in found if m.end() - first.start() <= HEADLINE_WIDTH), default=first.end()
    )
    start = max(0, end - HEADLINE_WIDTH)
    head = clause[start:end]
    if start > 0 and " " in head[: first.start() - start]:
        head = head.split(" ", 1)[1]
    return head.strip(" ,，;；:：、/|·")


def headline(points: Sequence[str], title: str = "") -> str:
    """A one-line headline drafted from the strongest numbers of *points* ("15–324% 吞吐 +
    bit-identical"): the first clause holding a number of each of the (at most
    :data:`HEADLINE_PARTS`) points stating the most numbers, in source order; numbers the
    title already states are not news; "" when no point states a number."""
    seen = {_measure_key(m.group()) for m in _measures(title)}
    scored: list[tuple[int, int, str]] = []
    for i, p in enumerate(points):
        if is_meta(p):
            continue
        body = _ID.sub("", _PAREN.sub("", p))
        m = _LABEL.match(body)
        if m:
            body = body[m.end() :]
        best_here: tuple[int, int, str] | None = None
        for clause in _HEAD_CLAUSE.split(body):
            c = _around_measure(" ".join(clause.split()).strip(" ·•-—–*/|"))
            words = _MEASURE_RX.sub("", c)
            if not re.search(r"[^\W\d_]{2}", words):
                continue  # a bare number says nothing without what it measures
            if {_measure_key(x.group()) for x in _measures(c)} - seen and not _ID.search(c):
                if best_here is None or _strength(c) > best_here[0]:
                    best_here = (_strength(c), i, c)
        if best_here is not None:
            scored.append(best_here)
    best: list[tuple[int, int, str]] = []
    used: set[str] = set(seen)
    for n, i, c in sorted(scored, key=lambda x: (-x[0], x[1])):
        found = {_measure_key(x.group()) for x in _measures(c)}
        if len(best) < HEADLINE_PARTS and not found & used:
            best.append((n, i, c))
            used |= found
    return " + ".join(c for _n, _i, c in sorted(best, key=lambda x: x[1]))
