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
from typing import IO, Any

_UNSAFE = re.compile("[\\ud800-\\udfff\\u007f-\\u009f\\u2028\\u2029]")


def dumps(obj: Any, *, indent: int | None = None) -> str:
    """``json.dumps`` with lone surrogates, DEL, C1 controls and line separators escaped.

    Compact by default: only then does the standard library use its C encoder (an ``indent``
    makes it encode in Python, four times slower on a large analysis); pipe through ``jq`` to
    read."""
    text = json.dumps(obj, ensure_ascii=False, indent=indent)
    if _UNSAFE.search(text):
        text = _UNSAFE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)
    return text


def emit(obj: Any, stream: IO[str] | None = None, *, indent: int | None = None) -> None:
    """One JSON document and a newline, in one write, always valid UTF-8."""
    out = stream or sys.stdout
    text = dumps(obj, indent=indent) + "\n"
    buffer = getattr(out, "buffer", None)
    if buffer is not None:
        out.flush()
        buffer.write(text.encode("utf-8"))
        buffer.flush()
    else:
        out.write(text)
