"""How people name a section by its title: the title's key, its variants, equivalent terms.

A note says "section: data mixing" for §1.1 "数据配比与课程(data mixing)": titles are compared
as keys (folded, without number words at either end), whole or by their brackets, with the
lexicon's ``[sections.terms]`` for other languages' words (see
:meth:`curator.suggest.SectionIndex.resolve_title`).
"""

from __future__ import annotations

import re
import unicodedata

from curator.lexicon import default_lexicon, fold_script, memo
from curator.section_numbers import strip_section_number, written_number

__all__ = ["contains", "equivalents", "title_key", "title_variants", "unit_title"]


_BRACKETS_RE = re.compile(
    r"(?<!\s)\s*[(\[（【]([^()\[\]（）【】]*)[)\]）】]\s*|(?<=\s)[(\[（【]([^()\[\]（）【】]*)[)\]）】]\s*"
)
"""A bracket and the spaces around it; a match starts where a run of spaces starts (or at the
bracket), not at each space of a long run.  The bracket's words are group 1 or group 2."""
_TITLE_EDGE = " \"'“”‘’「」《》:：,，.。、"
"""What a title key loses at either end (``str.strip``; its only space is " "): a pattern
``[…]+$`` of them was tried from each character of a long run of them inside a title."""


@memo
def _number_words() -> re.Pattern[str]:
    words = default_lexicon().source("sections", "number_words")
    return re.compile(rf"^(?:(?:{words})\s*)+|(?:\s*(?:{words}))+$", re.IGNORECASE)


def title_key(text: str) -> str:
    t = " ".join(fold_script(unicodedata.normalize("NFKC", text)).casefold().split())
    t = t.strip(_TITLE_EDGE)
    return _number_words().sub("", t).strip(_TITLE_EDGE)


def title_variants(title: str) -> tuple[str, ...]:
    """A unit title as people name it: whole, without its bracket, and the bracket's words."""
    t = title_key(title)
    out = [t]
    inner = [
        (m.group(1) if m.group(1) is not None else m.group(2)).strip()
        for m in _BRACKETS_RE.finditer(t)
    ]
    outer = _BRACKETS_RE.sub(" ", t).strip()
    out += [outer, *inner]
    return tuple(dict.fromkeys(v for v in out if len(v) >= 2))


@memo
def _terms() -> dict[str, tuple[str, ...]]:
    """``[sections.terms]``: a term → its equivalents (both ways), lower-cased."""
    table = default_lexicon().table("sections.terms")
    pairs: dict[str, set[str]] = {}
    for key, values in table.items():
        if not isinstance(values, list):
            continue
        names = {
            title_key(key),
            *(title_key(v.removeprefix("lit:")) for v in values if not v.startswith("re:")),
        }
        names.discard("")
        for n in names:
            pairs.setdefault(n, set()).update(names - {n})
    return {k: tuple(sorted(v)) for k, v in pairs.items()}


def equivalents(query: str) -> tuple[str, ...]:
    """The query, and the query with a known term replaced by each of its equivalents."""
    out = [query]
    for term, others in _terms().items():
        if contains(query, term):
            out += [query.replace(term, o) for o in others]
    return tuple(dict.fromkeys(out))


def contains(text: str, part: str) -> bool:
    """``part`` in ``text``, on word boundaries where ``part`` starts or ends with a Latin
    letter/digit."""
    if not part or part not in text:
        return False
    if not (part[0].isascii() and part[0].isalnum()) and not (
        part[-1].isascii() and part[-1].isalnum()
    ):
        return True
    head = r"(?<![a-z0-9])" if part[0].isascii() and part[0].isalnum() else ""
    tail = r"(?![a-z0-9])" if part[-1].isascii() and part[-1].isalnum() else ""
    return re.search(head + re.escape(part) + tail, text) is not None


def unit_title(title: str, number: str | None = None) -> str:
    """A section's heading without its number, however the doc writes it ("2 Visual encoders"
    numbered by its children, "3-2-1 Flood mapping", "B5 · Hallucination", "Back-translation
    [2.1]")."""
    out = strip_section_number(title)
    if number and out == " ".join(title.split()):
        written = written_number(number, title).lstrip("§")
        for lead in dict.fromkeys((written, number.lstrip("§"))):
            out = re.sub(rf"^{re.escape(lead)}(?:[ \t]*[·|:：—–]|\.)?\s+", "", out)
        if title.rstrip().endswith(("]", ")")):
            out = re.sub(rf"\s*[\[(]{re.escape(number.lstrip('§'))}[\])]$", "", out)
    return out
