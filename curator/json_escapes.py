"""A note exported as JSON (an annotation tool's export, a chat download, a vulnerability record)
writes every non-ASCII character as a ``\\uXXXX`` escape: "UTC\\u221206", "\\u00a75.1".  Read
as written, its offset, section signs and words are lost; read here as the characters they
stand for, the note says what its author wrote.

Only printable characters are restored: an escaped control character (``\\u001b``, a C1 code)
stays an escape, so a note can never smuggle a terminal sequence in this way, and so do a quote
and a backslash, so that the document stays the JSON it was.  A run of escapes
below ``\\u0100`` that spells valid UTF-8 is read as UTF-8: chat downloads escape each byte of
the UTF-8 form ("\\u00c3\\u00a9" for "é").
"""

from __future__ import annotations

import re

__all__ = ["unescape_json_text"]

_ESCAPE = re.compile(
    r"(\\\\)"  # an escaped backslash: what follows it is text, not an escape
    r"|((?:\\u00[0-9a-fA-F]{2})+)"  # a run of byte-sized escapes
    r"|\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})"  # a surrogate pair
    r"|\\u([0-9a-fA-F]{4})"
)


def unescape_json_text(text: str) -> str:
    """``text`` with its ``\\uXXXX`` escapes as the printable characters they stand for."""
    if "\\u" not in text:
        return text
    return _ESCAPE.sub(_one, text)


def _one(m: re.Match[str]) -> str:
    if m[1]:
        return m[1]
    if m[2]:
        return _bytes_run(m[2])
    if m[3]:
        high, low = int(m[3], 16), int(m[4], 16)
        return _printable(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00), m[0])
    return _printable(int(m[5], 16), m[0])


def _bytes_run(run: str) -> str:
    """A run of ``\\u00XX`` escapes: UTF-8 when its bytes are, else each its own character."""
    codes = [int(run[i + 2 : i + 6], 16) for i in range(0, len(run), 6)]
    if any(c >= 0x80 for c in codes):
        try:
            decoded = bytes(codes).decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:
            if decoded.isprintable() and not _JSON_SYNTAX & set(decoded):
                return decoded
    return "".join(_printable(c, run[i * 6 : i * 6 + 6]) for i, c in enumerate(codes))


_JSON_SYNTAX = frozenset('"\\')
"""Characters an escape keeps standing for: restored, they would end or escape a JSON string."""


def _printable(code: int, escape: str) -> str:
    """The character, or the escape as written for one that is not printable (a control
    character, a lone surrogate) or that is JSON's own syntax (a quote, a backslash)."""
    if 0xD800 <= code <= 0xDFFF:
        return escape
    ch = chr(code)
    return ch if ch.isprintable() and ch not in _JSON_SYNTAX else escape
