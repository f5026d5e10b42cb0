"""Section numbers a doc's renderer gives it: pandoc's and Quarto's ``number-sections``.

A doc published with ``number-sections: true`` in its front matter has no numbers in its source;
readers cite what the rendered page shows, where the n-th top-level heading is §n and the m-th
heading under it §n.m, and a heading marked ``{.unnumbered}`` (or ``{-}``) neither gets a number
nor counts.  This module numbers such a doc's headings the same way, and finds the front matter
block itself, which is metadata, never a heading ("anchor-sections: true" above a closing
``---`` reads as a setext heading otherwise).

The front-matter keys and the attribute classes are ``[docs]`` entries of the lexicon's common
table (``number_sections_keys``, ``unnumbered_classes``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from curator.lexicon import default_lexicon

__all__ = ["counted_numbers", "front_matter_end"]

_FRONT_MAX = 200
"""Lines a front matter block may span: past that, the opening ``---`` was a rule."""
_ATTRIBUTES = re.compile(r"\{([^{}]*)\}\s*$")
_KEY = re.compile(r"^[A-Za-z_][\w-]*\s*:(?:\s|$)")
_HEADING = re.compile(r"^ {0,3}#{1,6}(?:\s|$)")
_TRUE = re.compile(r"^\s*(?:true|yes|on)\b", re.IGNORECASE)


def front_matter_end(lines: Sequence[str]) -> int:
    """The index of the first line after a YAML front matter block at the very top (``---`` …
    ``---`` or ``...``), 0 when the doc opens with none."""
    if not lines or lines[0].strip() != "---":
        return 0
    for i in range(1, min(len(lines), _FRONT_MAX)):
        s = lines[i].strip()
        if s in ("---", "..."):
            block = lines[1:i]
            # YAML, not a rule above a heading: a key, and no Markdown heading
            yaml = any(_KEY.match(ln) for ln in block) and not any(
                _HEADING.match(ln) for ln in block
            )
            return i + 1 if yaml else 0
    return 0


def counted_numbers(
    lines: Sequence[str], headings: Sequence[Any], numbers: list[str | None], front: int
) -> list[str | None]:
    """``numbers`` (each heading's own), or, when none of its headings is numbered and its front
    matter (``lines[:front]``) turns on section numbering, the numbers its renderer gives them
    (see the module docstring)."""
    if not front or any(numbers) or not headings or not _numbered(lines[:front]):
        return numbers
    unnumbered = frozenset(default_lexicon().literals("docs", "unnumbered_classes"))
    titles = [h for h in headings if h.level == 1]
    top = min(h.level for h in headings if h.level > 1 or len(titles) > 1)
    counters: list[int] = []
    out: list[str | None] = []
    for h in headings:
        attrs = _ATTRIBUTES.search(lines[h.line]) if h.line < len(lines) else None
        marks = set(attrs[1].lower().split()) if attrs else set()
        if h.level < top or marks & unnumbered:
            out.append(None)
            continue
        depth = h.level - top
        counters = (counters + [0] * (depth + 1))[: depth + 1]
        counters[depth] += 1
        out.append("§" + ".".join(str(c) for c in counters))
    return out


def _numbered(front: Sequence[str]) -> bool:
    """The front matter turns numbering on (``number-sections: true``, at any indent: R
    Markdown writes it under ``output: html_document:``)."""
    keys = default_lexicon().literals("docs", "number_sections_keys")
    for line in front:
        key, sep, value = line.partition(":")
        if sep and key.strip().lower() in keys and _TRUE.match(value):
            return True
    return False
