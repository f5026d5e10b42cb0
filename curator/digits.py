"""Decimal digits of every script read as ASCII: "بخش ۱.۲.۲", "खण्ड ४.१", "２０２６年".

Why: section numbers, times, dates and IDs are matched by ASCII patterns and compared with the
doc's own labels; a note written with Persian, Devanagari or full-width digits names the same
section.  One digit becomes one digit: offsets and line numbers stay where they were.  (The
living doc is not folded: its titles are shown as written, and its section numbers are read by
:mod:`curator.section_numbers`.)
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["ascii_digits"]

_OTHER_DIGIT = re.compile(r"(?![0-9])\d")
"""A decimal digit (Unicode category Nd) that is not ASCII."""


def ascii_digits(text: str) -> str:
    """*text* with every decimal digit written as its ASCII digit (ASCII text is returned as is)."""
    if text.isascii():
        return text
    return _OTHER_DIGIT.sub(lambda m: str(unicodedata.decimal(m.group())), text)
