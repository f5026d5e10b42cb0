"""A reference manager's XML export (EndNote: ``<records><record>…</record>``) read as entries.

Each record wraps every field in ``<style face=… font=… size=…>`` and puts its parts far apart
(title, URL, DOI, the reader's notes); read as text, the paper's ID sits in a tag soup and the
notes are no part of its entry.  So each record becomes ``- [title](url)`` with its notes beneath
(as a reference manager's JSON entry does, :mod:`curator.note_json`), and the split note's lines
point back at the line each record starts on.  Read by patterns on the text (no XML parser runs on
a note: no entities expanded, no document type read).
"""

from __future__ import annotations

import html
import re

from curator.line_origins import splice

__all__ = ["unfold_endnote"]

_RECORD = re.compile(r"<record>(.*?)</record>", re.DOTALL)
_MAX_RECORD = 50_000
"""Characters of one record that are read; a longer one is no reference."""
_TAG = re.compile(r"<[^<>]{0,300}>")
_TITLE = re.compile(r"<titles>\s*<title>(.*?)</title>", re.DOTALL)
_URL = re.compile(r"<url>(.*?)</url>", re.DOTALL)
_DOI = re.compile(r"<electronic-resource-num>(.*?)</electronic-resource-num>", re.DOTALL)
_NOTES = re.compile(r"<(notes|research-notes|custom\d|abstract)>(.*?)</\1>", re.DOTALL)
_READ_NOTES = ("notes", "research-notes")
"""The reader's own words; ``custom`` fields and abstracts are read only when a note says so."""


def _field(raw: str) -> str:
    """A field's text: its style tags gone, entities read, one line."""
    return " ".join(html.unescape(_TAG.sub("", raw)).split())


def unfold_endnote(text: str) -> tuple[str, list[int] | None]:
    """``text`` with each EndNote record read as an entry, and for each line the line of
    ``text`` it comes from; ``(text, None)`` when it holds no records."""
    if "<record>" not in text or "</record>" not in text or "<records>" not in text:
        return text, None
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    pieces: list[tuple[str, int]] = []
    first = last = None
    for m in _RECORD.finditer(text):
        at = _line_at(starts, m.start())
        first = at if first is None else first
        last = _line_at(starts, m.end() - 1)
        if len(m[1]) <= _MAX_RECORD and (entry := _entry(m[1])):
            pieces.append((entry, at))
    if first is None or last is None or not pieces:
        return text, None
    # the records' lines, with the document's own wrapping and a fence around it
    while first > 0 and _WRAPPING.fullmatch(lines[first - 1].strip()):
        first -= 1
    while last + 1 < len(lines) and _WRAPPING.fullmatch(lines[last + 1].strip()):
        last += 1
    return splice(lines, first, last, pieces)


_WRAPPING = re.compile(
    r"(?:<\?xml[^<>]*\?>|</?(?:xml|records)>)+|(?:```|~~~)\s*(?:xml)?", re.IGNORECASE
)
"""Lines around the records that are no one's words: the XML declaration, the export's root
tags, a code fence."""


def _line_at(starts: list[int], pos: int) -> int:
    lo, hi = 0, len(starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if starts[mid] <= pos:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _entry(record: str) -> str | None:
    """One record as ``- [title](url)`` over its notes; None when it names no paper or page."""
    title = _field(m[1]) if (m := _TITLE.search(record)) else ""
    url = next((u for u in (_field(x) for x in _URL.findall(record)) if u), "")
    if not url and (d := _DOI.search(record)) and (doi := _field(d[1])):
        url = doi if doi.lower().startswith(("http", "doi.org")) else "https://doi.org/" + doi
    if not url and not title:
        return None
    head = f"- [{title}]({url})" if title and url else f"- {title or url}"
    notes = [_field(v) for k, v in _NOTES.findall(record) if k in _READ_NOTES]
    return "\n".join([head, *("  " + n for n in notes if n)])
