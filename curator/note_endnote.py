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

from curator.dois import doi_address
from curator.line_origins import splice

__all__ = ["unfold_endnote"]

_OPEN, _CLOSE = "<record>", "</record>"
_MAX_RECORD = 50_000
"""Characters of one record that are read; a longer one is no reference."""
_TAG = re.compile(r"<[^<>]{0,300}>")
_NOTE_TAGS = ("notes", "research-notes")
"""The fields that hold the reader's own words (not the abstract, not ``custom`` fields)."""


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
    for start, end in _records(text):
        at = _line_at(starts, start)
        first = at if first is None else first
        last = _line_at(starts, end - 1)
        body = text[start + len(_OPEN) : end - len(_CLOSE)]
        if len(body) <= _MAX_RECORD and (entry := _entry(body)):
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
    titles = _between(record, "<titles>", "</titles>")
    title = _field(_between(titles or "", "<title>", "</title>") or "")
    url = _field(_between(record, "<url>", "</url>") or "")
    if not url and (
        doi := _field(
            _between(record, "<electronic-resource-num>", "</electronic-resource-num>") or ""
        )
    ):
        url = doi_address(doi) or (doi if doi.lower().startswith("http") else "")
    if not url and not title:
        return None
    head = f"- [{title}]({url})" if title and url else f"- {title or url}"
    notes = [_field(_between(record, f"<{t}>", f"</{t}>") or "") for t in _NOTE_TAGS]
    return "\n".join([head, *("  " + n for n in notes if n)])


def _between(text: str, open_tag: str, close_tag: str) -> str | None:
    """What the first ``open_tag`` … ``close_tag`` pair holds (found by plain search: linear)."""
    start = text.find(open_tag)
    end = text.find(close_tag, start + len(open_tag)) if start >= 0 else -1
    return text[start + len(open_tag) : end] if end >= 0 else None


def _records(text: str) -> list[tuple[int, int]]:
    """(start, end) of each ``<record>…</record>``: every opening paired with the first closing
    after it, in one pass over each (a record left open never makes the search start over)."""
    opens, closes = _positions(text, _OPEN), _positions(text, _CLOSE)
    out: list[tuple[int, int]] = []
    k = 0
    for start in opens:
        if out and start < out[-1][1]:
            continue  # inside the record before (no nesting in an export)
        while k < len(closes) and closes[k] < start:
            k += 1
        if k == len(closes):
            break
        out.append((start, closes[k] + len(_CLOSE)))
    return out


def _positions(text: str, tag: str) -> list[int]:
    out, at = [], text.find(tag)
    while at >= 0:
        out.append(at)
        at = text.find(tag, at + len(tag))
    return out
