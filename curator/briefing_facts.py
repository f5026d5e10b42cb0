"""Facts the briefing states more than once, kept consistent (issue 11, "Consistent facts").

:mod:`curator.briefing_model` decides what goes into the briefing; this module holds the small
rules that keep one fact the same wherever it appears:

* :func:`signature_stamp` — the signature's time is the window's end, shown in the
  workspace's time zone (``timezone`` in curator.toml, read by
  :func:`curator.briefing.workspace_settings`), never the wall clock of the export;
* :class:`SectionLabels` — every reference to a section of the living doc is written as the
  doc labels it ("§1.13"), whatever form the editor or a note typed ("1.13", "Section 1.13",
  a section title);
* :func:`distinct_names` — near-duplicate names (rapidfuzz over normalised text) become one;
* :func:`is_real_anchor` — what the "relation to the living doc" lines may call an anchor.

Pure functions over the analysis' models; no Textual, no file writes.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from curator.models import Anchor, LivingDoc
    from curator.suggest import SectionIndex

__all__ = [
    "NEAR_DUPLICATE",
    "QuietArea",
    "SectionLabels",
    "anchored_things",
    "cell_only_lines",
    "fold_text",
    "is_real_anchor",
    "merge_quiet_areas",
    "signature_stamp",
]


# --------------------------------------------------------------------------- signature time


def signature_stamp(until: datetime, zone: tzinfo | None) -> str:
    """ "2026-08-20 22:20 +08:00": the window's end in *zone* (its own offset when None)."""
    when = until if until.tzinfo else until.replace(tzinfo=zone)
    if zone is not None:
        when = when.astimezone(zone)
    offset = when.strftime("%z")
    return when.strftime("%Y-%m-%d %H:%M") + (f" {offset[:3]}:{offset[3:5]}" if offset else "")


# --------------------------------------------------------------------------- section labels

_JOINER_RE = re.compile(
    r"(?<!\s)\s*(?:[+＋、,，/;；&]|\band\b)\s*|(?<=\s)(?:[+＋、,，/;；&]|\band\b)\s*", re.IGNORECASE
)
r"""A joiner and the spaces around it.  A match starts where a run of spaces starts (or at the
joiner itself): tried from each space of a long run, ``\s*`` rescanned the rest of the run each
time."""
_LEADING_REF_RE = re.compile(
    r"\s*(§\s*[\w.．]+|(?:section|sec\.?)\s*[\d.．]+|[0-9０-９]{1,3}(?:[.．][0-9０-９]{1,3})+)\s*",
    re.IGNORECASE,
)
_EDGE_PUNCT_RE = re.compile(r"^[\s·:：\-—()（）]+|[\s·:：\-—()（）]+$")


class SectionLabels:
    """One form per section: whatever names a section of the living doc becomes its label.

    "1.13", "§ 1.13", "Section 1.13", "第1.13节", the section's title ("推理经济学") and a
    label followed by its own title ("§1.6 推理经济学") all give "§1.13"/"§1.6"; several
    sections joined by "+", "、", "/", "," or "and" give their labels joined by " + ".  Free
    text that names no section ("a new subsection there") is kept as the editor typed it.
    """

    def __init__(self, index: SectionIndex) -> None:
        self.index = index
        self._memo: dict[str, str] = {}

    def label(self, text: str | None) -> str:
        t = (text or "").strip()
        if not t:
            return ""
        hit = self._memo.get(t)
        if hit is None:
            hit = self._memo[t] = self._label(t)
        return hit

    def _label(self, text: str) -> str:
        one = self._one(text)
        if one:
            return one
        parts = [p for p in _JOINER_RE.split(text) if p.strip()]
        if len(parts) > 1:
            labels = [self._one(p) for p in parts]
            if all(labels):
                return " + ".join(dict.fromkeys(x for x in labels if x))
        return text

    def _one(self, text: str) -> str | None:
        from curator.section_numbers import canonical_section

        number = canonical_section(text)
        if number:
            unit = self.index.resolve(text)
            return unit.label if unit is not None else number
        m = _LEADING_REF_RE.match(text)
        if m and m.end() < len(text):
            # "§1.6 推理经济学": a label and that same section's title
            unit = self.index.resolve(m.group(1))
            rest = _EDGE_PUNCT_RE.sub("", text[m.end() :])
            if unit is not None and (
                not rest or rest in unit.title or self.index.resolve_title(rest) is unit
            ):
                return unit.label
            return None
        unit = self.index.resolve_title(text)
        return unit.label if unit is not None else None


# --------------------------------------------------------------------------- near-duplicate names

NEAR_DUPLICATE = 80.0
"""rapidfuzz ``token_set_ratio`` (0–100) over :func:`fold_text` at which two names in one
section are taken for the same thing.  Calibrated on names a note gives an anchored item
("<system> 维护模式后续") beside the doc's own anchor name for it ("<vendor> <system> 正式进入
维护模式": 85); unrelated names sharing one system name score about 70."""

_CJK_RE = re.compile(r"([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff])")
_NON_WORD_RE = re.compile(r"[^\w]+")


def fold_text(text: str) -> str:
    """Text for comparing names: NFKC, lower case, punctuation dropped, each CJK character a
    token of its own (so token-set measures work on text without spaces)."""
    s = unicodedata.normalize("NFKC", text).lower()
    s = _CJK_RE.sub(r" \1 ", s)
    return " ".join(_NON_WORD_RE.sub(" ", s).split())


@dataclass
class QuietArea:
    """One line of section 五: an anchored item the window's notes touch without news."""

    section: str
    name: str
    ids: list[str] = field(default_factory=list)
    date: str | None = None
    in_doc: bool = False
    """The doc's own anchor (a line of the living doc), not only "anchored, per the note"."""


def merge_quiet_areas(areas: list[QuietArea], threshold: float = NEAR_DUPLICATE) -> list[QuietArea]:
    """One line per thing: in each section, a name a note gives an anchored item joins the
    closest name (the doc's own first) when their folded texts score ≥ *threshold*, or when
    they share an arXiv ID.  Two of the doc's own anchors are never merged (they are
    separate lines of the doc).  The kept line is the doc's own name, else the longest; IDs
    and the date are gathered from the whole group.  Order of *areas* is kept."""
    from rapidfuzz import fuzz

    groups: list[list[QuietArea]] = []
    folded: dict[int, str] = {}

    def key(a: QuietArea) -> str:
        k = folded.get(id(a))
        if k is None:
            k = folded[id(a)] = fold_text(a.name)
        return k

    # the doc's own anchors first: they are the heads a note's name may join
    for a in sorted(areas, key=lambda x: not x.in_doc):
        best: tuple[float, list[QuietArea]] | None = None
        for g in groups:
            if g[0].section != a.section or (a.in_doc and any(m.in_doc for m in g)):
                continue
            shared_id = bool(set(a.ids) & {i for m in g for i in m.ids})
            score = 100.0 if shared_id else max(fuzz.token_set_ratio(key(a), key(m)) for m in g)
            if score >= threshold and (best is None or score > best[0]):
                best = (score, g)
        if best is None:
            groups.append([a])
        else:
            best[1].append(a)
    order = {id(a): i for i, a in enumerate(areas)}
    out: list[tuple[int, QuietArea]] = []
    for g in groups:
        keep = max(g, key=lambda m: (m.in_doc, m.date is not None, len(key(m))))
        ids: list[str] = []
        for m in g:
            ids.extend(i for i in m.ids if i not in ids)
        date = keep.date or next((m.date for m in g if m.date), None)
        first = min(order[id(m)] for m in g)
        out.append((first, QuietArea(keep.section, keep.name, ids, date, any(m.in_doc for m in g))))
    return [a for _i, a in sorted(out, key=lambda p: p[0])]


# --------------------------------------------------------------------------- anchors


def is_real_anchor(anchor: Anchor) -> bool:
    """What "relation to the living doc" may call an anchor: an arXiv ID or a URL wherever
    the doc has it, a named system only from a list item or paragraph — never a table cell
    ("built into the engine" in a column of representative work is no anchor)."""
    return anchor.kind != "name" or not anchor.in_table


def cell_only_lines(doc: LivingDoc) -> set[int]:
    """Lines of *doc* whose only anchors are table cells: an item matched to one of them is
    not named as a neighbour in the living doc."""
    real: set[int] = set()
    cells: set[int] = set()
    for s in doc.sections:
        for a in s.anchors:
            (real if is_real_anchor(a) else cells).add(a.line)
    return cells - real


def anchored_things(anchors: list[Anchor]) -> list[str]:
    """The names of the things *anchors* stand for, once each, in order: a paper's ID on its
    bold-named line and again in a reference list is one thing (named by that line), and an
    ID or URL goes with the first named thing of its line; two names are two things.  Table
    cells are left out (:func:`is_real_anchor`); a thing with no name is shown by its key."""
    things: list[list[str]] = []  # [name, fallback key]
    by_id: dict[str, list[str]] = {}
    first_on_line: dict[int, list[str]] = {}
    for a in anchors:
        if not is_real_anchor(a):
            continue
        name = a.name.strip()
        ident = f"{a.kind}:{a.key}"
        thing = by_id.get(ident)
        if thing is None and a.kind != "name":
            thing = first_on_line.get(a.line)
        if thing is None:
            thing = [name, a.key]
            things.append(thing)
        elif not thing[0] and name:
            thing[0] = name
        by_id.setdefault(ident, thing)
        first_on_line.setdefault(a.line, thing)
    out: list[str] = []
    for name, key in things:
        shown = name or key
        if shown and shown not in out:
            out.append(shown)
    return out
