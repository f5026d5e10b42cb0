"""Caveats found and gathered (issue 11, "Caveats found and gathered").

Notes rarely put every reservation under a 警示/Caveats label: "numbers are the authors' own",
"要看 PDF", "原始出处没找到", "测试条件没写全" sit among the key points or in a remark.  Here a
clause is a caveat when it says one of the kinds of thing the ``[caveats]`` phrase tables of
``curator/phrases/*.toml`` list (verification needed, self-reported numbers, missing artefacts,
limits of the conditions, second-hand sources), wherever it stands in an item:

* :func:`find` gathers an increment's caveats: its labelled ones first, then each caveat-like
  clause of its sources' points, without the remark label, the leading "but", and the parts
  that point at a note's own numbering; near-duplicates merged, at most *cap*;
* :func:`without_caveats` takes those clauses out of the key points, so a reservation is said
  once, under 警示 (a point of caveats only leaves the key points, numbers and all);
* :func:`contradictions` finds points that two sources state with different numbers;
* :func:`risk` grades a caveat (``high`` for contradictions and the ``[caveats] high`` words,
  ``low`` for the ``low`` words, else ``mid``).

Pure: no Textual, no files.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rapidfuzz import fuzz

from curator.briefing_points import is_meta, merge_duplicates, normalise, numbering_ref, numbers
from curator.lexicon import default_lexicon

__all__ = [
    "DEFAULT_CAP",
    "KINDS",
    "Contradiction",
    "contradictions",
    "find",
    "gathered",
    "is_caveat",
    "prose_lines",
    "risk",
    "without_caveats",
]

DEFAULT_CAP = 4
KINDS = ("verify", "self_reported", "missing", "conditions", "secondhand")
"""The ``[caveats]`` keys whose phrases make a clause a caveat."""

_CLAUSE_END = re.compile(r"(?<=[;；。!！?？])\s*|(?<=[.!?])\s+(?=[A-Z])|\s+·\s+")
_FENCE = re.compile(r"^\s*(?:```|~~~)")
_POINT_CLAUSE = re.compile(r"(?<=[;；])")
_SEGMENT = re.compile(r"\s*(?:[,，]|→|->|=>)\s*")
_LABEL = re.compile(r"^\s*([^:：\s][^:：]{0,24}?)\s*[:：]\s*")
_BULLET = re.compile(r"^\s*(?:[-*+•·]|\d+[.)、])\s+")
_TRIM = " \t,，;；、:：-—–→"
_SIMILAR_TEXT = 90


def _kinds_match(text: str) -> bool:
    lex = default_lexicon()
    return any(next(lex.phrases("caveats", k).finditer(text), None) is not None for k in KINDS)


def is_caveat(clause: str) -> bool:
    """Does *clause* say something an editor must check before trusting the item?"""
    return _kinds_match(unicodedata.normalize("NFKC", clause))


def _remark_label(text: str) -> str:
    """*text* without a leading remark label ("备注:", "Note:", "警示:") the lexicon knows."""
    m = _LABEL.match(text)
    if not m:
        return text
    lex = default_lexicon()
    label = m.group(1).strip()
    for key in ("note", "caveat", "points"):
        if lex.pattern("fields", key).fullmatch(label):
            return text[m.end() :]
    return text


def _lead(text: str) -> str:
    lex = default_lexicon()
    low = text.lower()
    for w in sorted(lex.literals("caveats", "lead"), key=len, reverse=True):
        if low.startswith(w) and (
            not w[-1].isalpha()
            or not w.isascii()
            or len(low) == len(w)
            or not low[len(w)].isalpha()
        ):
            return text[len(w) :].lstrip(_TRIM)
    return text


def _tidy(text: str) -> str:
    return " ".join(_lead(_remark_label(_BULLET.sub("", text)).strip(_TRIM)).split()).strip(_TRIM)


def _clauses(text: str) -> list[str]:
    return [c for c in _CLAUSE_END.split(text) if c.strip()]


def _without_refs(clause: str) -> str:
    """*clause* without the comma-separated parts that point at a note's own numbering."""
    if not numbering_ref(clause):
        return clause
    parts = [p for p in _SEGMENT.split(clause) if p.strip() and not numbering_ref(p)]
    return "，".join(parts) if any(ord(ch) > 0x2E80 for ch in clause) else ", ".join(parts)


def _caveat_clauses(line: str) -> list[str]:
    out: list[str] = []
    for clause in _clauses(_remark_label(_BULLET.sub("", line))):
        c = _without_refs(clause)
        if c.strip() and is_caveat(c):
            t = _tidy(c)
            if t and not is_meta(t):
                out.append(t)
    return out


def prose_lines(text: str) -> list[str]:
    """The lines of an item's text that are prose: not inside fenced code, not table rows."""
    out: list[str] = []
    fenced = False
    for line in text.split("\n"):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        s = line.strip()
        if fenced or not s or s.startswith("|") or s.startswith("#"):
            continue
        out.append(s)
    return out


def gathered(row: Any, cap: int = DEFAULT_CAP) -> list[str]:
    """The caveats the briefing shows for *row* (a :class:`curator.triage.Row`): the editor's
    list as written, else :func:`find` over its notes (labelled caveats, points, prose lines).
    The UI's edit screen starts from the same list."""
    if row.decision is not None and getattr(row.decision, "caveats", None) is not None:
        return list(row.caveats)
    from curator.analysis import primary_items
    from curator.textio import sanitize

    incs = [row.inc, *row.absorbed]
    raw = [p for inc in incs for p in inc.points]
    raw += [
        ln for inc in incs for it in primary_items(inc) for ln in prose_lines(sanitize(it.text))
    ]
    return find(row.caveats, raw, cap)


def find(labelled: Iterable[str], points: Iterable[str], cap: int = DEFAULT_CAP) -> list[str]:
    """An increment's caveats: the labelled ones (split at ";"), then the caveat-like clauses of
    its points, near-duplicates merged, at most *cap* (0: all), labelled ones first."""
    found: list[str] = []
    for c in labelled:
        for part in _POINT_CLAUSE.split(c):
            t = _tidy(_without_refs(part))
            if t and t not in found:
                found.append(t)
    n_labelled = len(found)
    for p in points:
        for t in _caveat_clauses(p):
            if t not in found:
                found.append(t)
    merged = merge_duplicates(found)
    if cap > 0 and len(merged) > cap:
        first = [c for c in merged if c in found[:n_labelled]]
        rest = [c for c in merged if c not in first]
        merged = [c for c in merged if c in (first + rest)[:cap]]
    return merged


def without_caveats(points: Sequence[str]) -> list[str]:
    """The key points with their caveat clauses taken out (said under 警示 instead)."""
    out: list[str] = []
    for p in points:
        clauses = _POINT_CLAUSE.split(p)
        flags = [is_caveat(_without_refs(c)) for c in clauses]
        if not any(flags):
            out.append(p)
        elif all(flags):
            continue  # said under 警示, numbers and all
        else:
            kept = "".join(c for c, f in zip(clauses, flags, strict=True) if not f).rstrip(" ;；")
            if kept.strip():
                out.append(kept)
    return out


def risk(text: str, *, contradiction: bool = False) -> str:
    """``high`` / ``mid`` / ``low`` for a caveat (a contradiction between sources is high)."""
    lex = default_lexicon()
    t = unicodedata.normalize("NFKC", text)
    if contradiction or next(lex.phrases("caveats", "high").finditer(t), None) is not None:
        return "high"
    if next(lex.phrases("caveats", "low").finditer(t), None) is not None:
        return "low"
    return "mid"


@dataclass(frozen=True)
class Contradiction:
    """Two sources state one claim with different numbers."""

    a: str
    a_source: str
    b: str
    b_source: str


_NUM_TOKEN = re.compile(r"\d+(?:[.,]\d+)*")


def contradictions(points_by_source: Sequence[tuple[str, Sequence[str]]]) -> list[Contradiction]:
    """Pairs of points from different sources that say the same thing (the same words once the
    numbers are set aside) with numbers neither of which holds the other's."""
    shaped: list[tuple[str, str, str, frozenset[str]]] = []
    for source, pts in points_by_source:
        for p in pts:
            nums = numbers(p)
            if nums and not is_meta(p):
                shaped.append((source, p, normalise(_NUM_TOKEN.sub(" # ", p)), nums))
    out: list[Contradiction] = []
    seen: set[tuple[str, str]] = set()
    for i, (sa, pa, na, xa) in enumerate(shaped):
        for sb, pb, nb, xb in shaped[i + 1 :]:
            if sa == sb or xa <= xb or xb <= xa or (pa, pb) in seen:
                continue
            if len(na.split()) < 4 or fuzz.ratio(na, nb) < _SIMILAR_TEXT:
                continue
            seen.add((pa, pb))
            out.append(Contradiction(pa, sa, pb, sb))
    return out
