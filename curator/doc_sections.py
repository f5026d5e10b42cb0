"""Sections of a parsed living doc as places: what each is for, and finding them.

Sections are where papers are anchored, so a reader needs each section's role as a place
(its numbered home, whether it is divided further, whether it is apparatus such as a
contents list or change log that anchors nothing) and to find a section by line or by a
reference such as "§1.3".
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

from curator import regex_cache
from curator.lexicon import default_lexicon, memo
from curator.models import LivingDoc, Section
from curator.section_numbers import canonical_section, fold, strip_section_number


@dataclass
class SectionRoles:
    """What each section of a doc is, as a place to anchor papers (indexes into
    ``doc.sections``)."""

    home: list[int | None]
    """The nearest numbered section holding each section (itself if numbered), else None:
    an unnumbered sub-heading ("#### 参考文献" in §2.3) is part of that section."""
    groups: set[int]
    """Numbered sections divided into numbered subsections (§3.1 when §3.1.1 exists)."""
    not_place: set[int]
    """Unnumbered headings that are no place for papers (contents, change log, glossary:
    ``[sections] not_places``) and the dated entries under them ("### 2026-11-20"), unless
    they sit inside a numbered section that is not divided further.  They anchor nothing.
    Other sub-headings are judged by their own title: some lists nest every section under
    their "Contents" heading."""
    rollup: set[int]
    """Unnumbered headings named like a part of the section around them (references,
    appendix: ``[sections] rollup``)."""

    @property
    def numbered(self) -> bool:
        """Whether the doc numbers its sections at all (else headings are the places)."""
        return any(h is not None for h in self.home)


_EDGE_PUNCT_RE = regex_cache.compile(r"^[\W_]+|[\W_]+$")
_STAMP_RE = regex_cache.compile(
    r"(?:v(?:er(?:sion)?)?\s*)?\d{1,4}(?:[-./]\d{1,2})+(?!\d)|v\d", re.IGNORECASE
)
"""A change-log entry's heading: a date or a version."""


def _heading_key(title: str) -> str:
    """A heading reduced for matching phrase lists: folded, no markup, emoji or edge punctuation."""
    return _EDGE_PUNCT_RE.sub("", " ".join(fold(title).replace("*", " ").replace("`", " ").split()))


@memo
def _named_re(key: str) -> re.Pattern[str]:
    """A heading that is one of ``[sections] key`` (maybe followed by a bracket or a remark after a
    rule)."""
    words = default_lexicon().source("sections", key)
    return regex_cache.compile(rf"(?:{words})(?:\s*[(\[{{:—–|·-].*)?", re.IGNORECASE | re.DOTALL)


def _has_children(sections: list[Section], s: Section) -> bool:
    return any(c.parent == s.index for c in sections[s.index + 1 : s.index + 2])


def _ancestors(sections: list[Section], s: Section) -> list[int]:
    out: list[int] = []
    p = s.parent
    while p is not None:
        out.append(p)
        p = sections[p].parent
    return out


_LEAD_NUMBER_RE = re.compile(r"^\s*\d{1,3}[\s.:)·—–-]+")
"""A bare number heading its title ("91 Glossário"), when its siblings made it one."""


def section_roles(doc: LivingDoc) -> SectionRoles:
    """Numbered homes, subdivided sections, not-places and roll-up headings of ``doc``."""
    sections = doc.sections
    home: list[int | None] = []
    for s in sections:
        if s.number:
            home.append(s.index)
        else:
            home.append(home[s.parent] if s.parent is not None else None)
    groups = {
        h
        for s in sections
        if s.number and s.parent is not None and (h := home[s.parent]) is not None
    }
    not_re, roll_re = _named_re("not_places"), _named_re("rollup")
    unanchored = default_lexicon().phrases("sections", "unanchored")
    not_place: set[int] = set()
    rollup: set[int] = set()
    numbered = any(s.number for s in sections)
    holds_numbers = {h for s in sections if s.number for h in _ancestors(sections, s)}
    # a sub-heading several sections repeat ("#### Key papers" under each) is a part of each
    seen_keys: dict[str, int] = {}
    for s in sections:
        if not s.number and s.parent is not None:
            k = _heading_key(s.title)
            seen_keys[k] = seen_keys.get(k, 0) + 1
    for s in sections:
        if s.number and s.index not in holds_numbers:
            # a numbered apparatus ("### 91 Glossário", "## 9. Changelog") is no place either
            if not_re.fullmatch(
                _heading_key(_LEAD_NUMBER_RE.sub("", strip_section_number(s.title)))
            ):
                not_place.add(s.index)
            continue
        if s.number or (s.index == 0 and s.level == 1):
            continue
        key = _heading_key(s.title)
        if roll_re.fullmatch(key) or (
            seen_keys.get(key, 0) >= 2 and not _has_children(sections, s)
        ):
            rollup.add(s.index)
        if next(unanchored.finditer(s.title), None) is not None:
            not_place.add(s.index)  # "## Reading list (not anchored)": the heading says so itself
            continue
        h = home[s.index]
        if h is not None and h not in groups:
            continue  # inside a numbered section that is not divided further: part of it
        if not_re.fullmatch(key) or (s.parent in not_place and _STAMP_RE.match(key)):
            not_place.add(s.index)
        elif numbered and h is None and s.index not in holds_numbers and not roll_re.fullmatch(key):
            # outside the numbered tree of a numbered doc ("## Open problems", "## Wishlist" after
            # "## E. Evaluation"): the doc's apparatus, whatever its name, not a place
            not_place.add(s.index)
    return SectionRoles(home, groups, not_place, rollup)


# --- public API -------------------------------------------------------------------------------


def section_for_line(doc: LivingDoc, line: int) -> Section | None:
    """The deepest section containing 1-based ``line`` (None before the first heading)."""
    k = bisect_right(doc.sections, line, key=lambda s: s.line) - 1
    if k < 0:
        return None
    sec = doc.sections[k]
    return sec if line <= sec.end_line else None


def find_section(doc: LivingDoc, ref: str) -> list[Section]:
    """Sections matching "§1.3", "1.3", "Section 1.3", "§１.３", a full label or a title fragment.

    Duplicate numbers are real in hand-edited docs, so every match is returned in
    document order; exact title matches win over fragments."""
    query = fold(ref).strip()
    if not query:
        return []
    number = canonical_section(query)
    if number:
        hits = [s for s in doc.sections if s.number == number]
        if hits:
            return hits
    folded = query.casefold()
    exact: list[Section] = []
    partial: list[Section] = []
    for s in doc.sections:
        title = fold(s.title).casefold()
        label = (
            fold(f"{s.number} {strip_section_number(s.title)}").casefold() if s.number else title
        )
        if folded in (title, label):
            exact.append(s)
        elif folded in title:
            partial.append(s)
    return exact or partial
