"""JSON on stdout that any parser reads, whatever a workspace's file names and notes hold.

A file name with an undecodable byte reaches Python as a lone surrogate ("\\udcff"); written
with ``ensure_ascii=False`` it would go out as the raw byte and break ``json.load``.  C1 control
characters (U+0080–U+009F) are valid JSON but act on terminals that print them.  Both are
written as ``\\uXXXX`` escapes instead; everything else stays readable UTF-8.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator

TYPE_CHECKING = False  # typing is not imported at run time (~2 ms of every command)
if TYPE_CHECKING:
    from typing import IO, Any

_UNSAFE = re.compile("[\\ud800-\\udfff\\u007f-\\u009f\\u2028\\u2029]")

_DEPTH = 2
"""How deep :func:`_pieces` opens containers before handing one whole to the C encoder: an
analysis's lists of increments, notes and cards, each element encoded on its own (one level
deeper makes ~10^5 small calls and costs three times the time)."""

_BATCH = 1 << 20
"""Characters gathered before a write: few writes, and no copy of the whole document."""


class Each:
    """A list written one element at a time, ``fn`` of each of ``items`` as it is encoded: the
    plain form of a long list (an analysis's increments) is never held whole.  Only
    :func:`encoded` and :func:`emit` without an indent know it."""

    __slots__ = ("fn", "items")

    def __init__(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> None:
        self.fn, self.items = fn, items


def _safe(text: str) -> str:
    if _UNSAFE.search(text):
        text = _UNSAFE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)
    return text


def dumps(obj: Any, *, indent: int | None = None) -> str:
    """``json.dumps`` with lone surrogates, DEL, C1 controls and line separators escaped.

    Compact by default: only then does the standard library use its C encoder (an ``indent``
    makes it encode in Python, four times slower on a large analysis); pipe through ``jq`` to
    read."""
    return _safe(json.dumps(obj, ensure_ascii=False, indent=indent))


def _pieces(obj: Any, depth: int = _DEPTH) -> Iterator[str]:
    """``json.dumps(obj, ensure_ascii=False)`` in consecutive pieces, the same characters.

    The outer ``depth`` levels of dicts (with string keys) and lists are written here, with
    the encoder's own separators; anything inside goes to the C encoder whole.  A whole
    analysis encoded at once is a string of 2 bytes a character (any non-Latin-1 title), then
    a copy with the newline, then its UTF-8: three copies of the largest thing the run holds.
    """
    kind = type(obj)
    if depth and obj and kind is dict and all(type(k) is str for k in obj):
        sep = "{"
        for key, value in obj.items():
            yield sep + json.dumps(key, ensure_ascii=False) + ": "
            yield from _pieces(value, depth - 1)
            sep = ", "
        yield "}"
    elif kind is Each:
        sep = "["
        for value in obj.items:
            yield sep
            yield from _pieces(obj.fn(value), max(depth - 1, 0))
            sep = ", "
        yield "]" if sep == ", " else "[]"
    elif depth and obj and (kind is list or kind is tuple):
        sep = "["
        for value in obj:
            yield sep
            yield from _pieces(value, depth - 1)
            sep = ", "
        yield "]"
    else:
        yield json.dumps(obj, ensure_ascii=False)


def _batches(pieces: Iterator[str]) -> Iterator[str]:
    """The pieces and a final newline, joined about ``_BATCH`` characters at a time."""
    batch: list[str] = []
    size = 0
    for piece in pieces:
        batch.append(piece)
        size += len(piece)
        if size >= _BATCH:
            yield "".join(batch)
            batch, size = [], 0
    batch.append("\n")
    yield "".join(batch)


def encoded(obj: Any) -> list[bytes]:
    """One JSON document and a newline as UTF-8, in pieces of about ``_BATCH`` characters (what
    :func:`emit` writes), never the whole document as one string."""
    return list(encoding(obj))


def encoding(obj: Any) -> Iterator[bytes]:
    """:func:`encoded`'s pieces one at a time, each encoded as it is asked for."""
    for text in _batches(_pieces(obj)):
        yield _safe(text).encode("utf-8")


def emit(obj: Any, stream: IO[str] | None = None, *, indent: int | None = None) -> None:
    """One JSON document and a newline, always valid UTF-8, written in a few large writes.

    ``json.dump`` would write each of ~10^6 tokens to the stream on its own (a third of a warm
    run on L); encoding it whole first held three copies of it at once (see :func:`_pieces`)."""
    out = stream or sys.stdout
    if indent is None:
        pieces = _pieces(obj)
    else:
        pieces = iter([json.dumps(obj, ensure_ascii=False, indent=indent)])
    buffer = getattr(out, "buffer", None)
    if buffer is None:
        for text in _batches(pieces):
            out.write(_safe(text))
        return
    out.flush()
    for text in _batches(pieces):
        buffer.write(_safe(text).encode("utf-8"))
    buffer.flush()
