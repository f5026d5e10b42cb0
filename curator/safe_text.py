"""Untrusted text made safe to show or write: terminal escape sequences, controls, bidi
overrides and zero-width characters removed; editors' swap and backup files told apart.

Its own module, apart from :mod:`curator.textio`'s decoding, because every command's output
passes through :func:`sanitize`: ``curator lookup`` (a process that should cost no more than a
``grep``) loads this and ``re``, not the dataclasses and the decoders.
"""

from __future__ import annotations

import re

__all__ = ["is_ignored_name", "sanitize"]

# Terminal escape sequences, removed whole so their payload (an OSC 52
# clipboard write, an OSC 8 URL) never shows up as stray text.  8-bit C1
# introducers (CSI U+009B, OSC U+009D, DCS U+0090...) are treated like their
# ESC forms.  An unterminated string sequence is cut at the end of its line so
# one stray ESC cannot swallow the rest of a note.
_ESCAPE_SEQUENCE = re.compile(
    r"""
    (?:\x1b\[|\x9b) [\x30-\x3f]* [\x20-\x2f]* [\x40-\x7e]?          # CSI
  | (?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])                         # OSC DCS SOS PM APC
        [^\x07\x1b\x9c\n]* (?:\x07|\x1b\\|\x9c)?                    #   ... BEL or ST
  | \x1b [\x20-\x2f]* [\x30-\x7e]?                                  # other ESC sequences
    """,
    re.VERBOSE,
)
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")

_DROPPED_CHARS: dict[int, None] = dict.fromkeys(
    [c for c in range(0x20) if c not in (0x09, 0x0A)]
    + list(range(0x7F, 0xA0))  # DEL and C1
    + list(range(0x202A, 0x202F))  # bidi embeddings/overrides
    + list(range(0x2066, 0x206A))  # bidi isolates
    + [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF]  # zero-width
)

_IGNORED_SUFFIXES = ("~", ".swp", ".swo", ".tmp")


def sanitize(text: str) -> str:
    """Make untrusted text safe to show in a terminal or write to an export.

    Removes ANSI CSI/OSC/DCS escape sequences as whole sequences, C0 controls
    except newline and tab, DEL, C1 controls, bidi overrides/isolates and
    zero-width characters (which could hide or reorder IDs).  Lone surrogates,
    which cannot be encoded for output, become U+FFFD.  Everything else,
    including markup-looking text such as ``[bold]``, is left untouched.
    """
    text = _ESCAPE_SEQUENCE.sub("", text)
    text = text.translate(_DROPPED_CHARS)
    return _LONE_SURROGATE.sub("\ufffd", text)


def is_ignored_name(name: str) -> bool:
    """Editor swap/backup/lock and hidden files are never notes, so skip them silently."""
    if not name or name.startswith("."):  # also .DS_Store, .#lock, .foo.swp
        return True
    if len(name) >= 2 and name.startswith("#") and name.endswith("#"):
        return True
    return name.lower().endswith(_IGNORED_SUFFIXES)
