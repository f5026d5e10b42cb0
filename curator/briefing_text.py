"""Small text rules every part of the briefing follows: untrusted text on one line, table
cells that keep their columns, short names, section references and their order.

Everything taken from notes is data: :func:`curator.textio.sanitize` removes control
characters and escape sequences, while markup such as ``[bold]`` is kept as typed.
"""

from __future__ import annotations

import re
from datetime import datetime
from urllib.parse import urlsplit

from curator.section_numbers import SECTION_REF_RE, canonical_section
from curator.textfeatures import title_core
from curator.textio import sanitize


def one_line(text: str | None) -> str:
    """Untrusted text on one line: escapes and controls removed, markup kept."""
    return re.sub(r"\s+", " ", sanitize(text or "")).strip()


def cell(text: str | None) -> str:
    """A table cell: one line, pipes escaped so the row keeps its columns."""
    return one_line(text).replace("|", "\\|")


def path_part(value: str) -> str:
    """*value* as one part of a file name (no spaces, slashes or colons); "editor" when empty."""
    cleaned = re.sub(r"[\s/\\:]+", "-", sanitize(value)).strip("-.")
    return cleaned or "editor"


def marker_value(value: str) -> str:
    """*value* as a word of the ``<!-- curator:briefing ... -->`` marker (cannot close it)."""
    return re.sub(r"\s+", "_", sanitize(value)).replace("-->", "").replace(">", "") or "-"


def short_name(title: str) -> str:
    """The core of a title ("Name: what it does" → "Name") when it is a sensible name, else its
    start."""
    core = title_core(title)
    return core if 2 <= len(core) <= 60 else title[:60]


def section_refs(text: str) -> list[str]:
    """Every "§…" reference in ``text``, as written ("§4.3", "§ C.2")."""
    return [m.group(0) for m in SECTION_REF_RE.finditer(text)]


def is_section_ref(text: str) -> bool:
    """Is *text* one "§…" reference and nothing else?"""
    return SECTION_REF_RE.fullmatch(text) is not None


def section_label(text: str) -> str:
    """ "4.3", "Section 4.3", "§ 4.3" (as an editor may have typed it) → "§4.3"; other text as it
    is."""
    return canonical_section(text) or text


def section_order(ref: str) -> tuple[int, tuple[int, ...] | tuple[str]]:
    """Sort key of a section reference: numbered ones by their numbers, then the others."""
    nums = re.findall(r"\d+", ref)
    return (0, tuple(int(n) for n in nums)) if nums else (1, (ref,))


def hours(since: datetime, until: datetime) -> str:
    """The window's length in hours ("24", "36.5")."""
    return f"{round((until - since).total_seconds() / 3600, 1):g}"


def host(url: str) -> str:
    """The host of *url* without "www." ("" when it has none)."""
    try:
        name = urlsplit(url if "://" in url else "https://" + url).hostname or ""
    except ValueError:
        name = ""
    return name[4:] if name.startswith("www.") else name


def distinct_lines(values: list[str]) -> list[str]:
    """*values* on one line each, the empty ones and repeats (by wording, punctuation and case
    aside) left out, in order."""
    out: list[str] = []
    seen: set[str] = set()
    for v in values:
        c = one_line(v)
        k = re.sub(r"[\s,，.。;；:：]+", "", c).lower()
        if c and k not in seen:
            seen.add(k)
            out.append(c)
    return out
