"""Find and normalise arXiv identifiers in arbitrary text.

Notes name papers in many ways (bare IDs, ``arXiv:`` labels, abs/pdf URLs,
DOIs, mirrors, fullwidth digits, IDs split by zero-width characters), and the
rest of curator needs one key per paper. Everything here is pure string work:
no I/O, no Textual, safe on hostile input.
"""

from __future__ import annotations

import bisect
import functools
import re

from curator.digits import ascii_digits

__all__ = [
    "ArxivMatch",
    "Malformed",
    "find_ids",
    "find_malformed_ids",
    "normalize_id",
    "unique_ids",
]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    ArxivMatch = Any
    Malformed = Any

_MADE: dict[str, type] = {}


def _match_class() -> type:
    """ArxivMatch, made on first use: ``dataclasses`` costs ~10 ms to import (it pulls in
    ``inspect``) and ``normalize_id``, all a ``curator lookup`` needs, never makes a match."""
    cls = _MADE.get("ArxivMatch")
    if cls is None:
        from dataclasses import dataclass

        @dataclass(frozen=True)
        class ArxivMatch:
            """One occurrence of an arXiv ID, with offsets into the original text."""

            id: str
            """Normalised key without version: "2608.14376", "hep-th/9901001", "math.GT/0309136"."""
            version: str | None
            """Version suffix as "v2", or None."""
            start: int
            end: int
            raw: str
            """The matched substring of the original text (may contain zero-width characters)."""

        ArxivMatch.__qualname__ = "ArxivMatch"  # prints as curator.arxiv.ArxivMatch
        cls = _MADE.setdefault("ArxivMatch", ArxivMatch)  # two threads at once both get the first
    return cls


def _malformed_class() -> type:
    """Malformed, made on first use (as ArxivMatch)."""
    cls = _MADE.get("Malformed")
    if cls is None:
        from dataclasses import dataclass

        @dataclass(frozen=True)
        class Malformed:
            """Something written as an arXiv ID that cannot be one: the item needs verification."""

            raw: str
            """The substring of the original text, as written ("arXiv:2613.04418")."""
            start: int
            end: int
            reason: str
            """Why it cannot be an ID, in plain words ("month 13 does not exist")."""

        Malformed.__qualname__ = "Malformed"
        cls = _MADE.setdefault("Malformed", Malformed)
    return cls


def __getattr__(name: str) -> Any:
    if name == "ArxivMatch":
        return _match_class()
    if name == "Malformed":
        return _malformed_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- text normalisation -----------------------------------------------------------------------

# Zero-width characters hide nothing from a reader, so they must hide nothing from us either.
_ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff\u00ad"
_FOLD: dict[str, str] = {chr(cp): chr(cp - 0xFEE0) for cp in range(0xFF01, 0xFF5F)}
_FOLD.update({ch: "" for ch in _ZERO_WIDTH})
_FOLD["\u3000"] = " "  # ideographic space: one char for one char, offsets stay put
_SPECIAL_RE = re.compile("[\uff01-\uff5e\u3000" + _ZERO_WIDTH + "]")
_ZERO_WIDTH_RE = re.compile("[" + _ZERO_WIDTH + "]")


class _OffsetMap:
    """Maps offsets in the normalised text back to the original one.

    Fullwidth folding is one char for one char; only deleted zero-width characters
    shift offsets, so a sorted list of kept runs is enough (no per-char table).
    """

    def __init__(self, text: str) -> None:
        self._norm_starts: list[int] = []
        self._orig_starts: list[int] = []
        norm = 0
        orig = 0
        for m in _ZERO_WIDTH_RE.finditer(text):
            if m.start() > orig:
                self._norm_starts.append(norm)
                self._orig_starts.append(orig)
                norm += m.start() - orig
            orig = m.end()
        if orig < len(text):
            self._norm_starts.append(norm)
            self._orig_starts.append(orig)

    def orig(self, norm_index: int) -> int:
        """Original index of the kept character at ``norm_index``."""
        i = bisect.bisect_right(self._norm_starts, norm_index) - 1
        return self._orig_starts[i] + norm_index - self._norm_starts[i]


def _fold(m: re.Match[str]) -> str:
    return _FOLD[m.group()]


def _normalise(text: str) -> tuple[str, _OffsetMap | None]:
    """Fold fullwidth ASCII and drop zero-width chars; fast path when there is nothing to do."""
    if _SPECIAL_RE.search(text) is None:
        return text, None
    # re.sub touches only the special characters; str.translate would walk every character
    # of a non-ASCII text in Python-level dict lookups (~150 ms per MB).
    norm = _SPECIAL_RE.sub(_fold, text)
    return norm, (_OffsetMap(text) if len(norm) != len(text) else None)


# --- patterns ---------------------------------------------------------------------------------

# Old-style archives (1991-2007), plus newer archive names people also write this way.
_ARCHIVES = (
    "acc-phys adap-org alg-geom ao-sci astro-ph atom-ph bayes-an chao-dyn chem-ph cmp-lg "
    "comp-gas cond-mat cs dg-ga econ eess funct-an gr-qc hep-ex hep-lat hep-ph hep-th math "
    "math-ph mtrl-th nlin nucl-ex nucl-th patt-sol physics plasm-ph q-alg q-bio q-fin quant-ph "
    "solv-int stat supr-con"
).split()
_ARCHIVE_ALT = "|".join(sorted((re.escape(a) for a in _ARCHIVES), key=len, reverse=True))

_NEW_CORE = r"(?P<yymm>[0-9]{4})\.(?P<num>[0-9]{4,5})"
_CLASS = r"(?:\.(?P<cls>[a-z]{2,10}(?:-[a-z]{2,10})?))?"
_OLD_CORE = rf"(?P<archive>{_ARCHIVE_ALT}){_CLASS}/(?P<oldnum>[0-9]{{7}})"
_VERSION = r"(?P<ver>v[0-9]+)?"
_FLAGS = re.ASCII | re.IGNORECASE

# find_ids, new style: not preceded by a digit or by "<digit>.", not followed by a digit.
# The pattern starts with a plain digit class (lookbehinds come after it) so that the regex
# engine can skip quickly through text without digits: about 10 ms per MB instead of 75.
_FIND_NEW_RE = re.compile(
    r"(?P<yymm>[0-9](?<![0-9][0-9])(?<![0-9]\.[0-9])[0-9]{3})\.(?P<num>[0-9]{4,5})"
    rf"{_VERSION}(?![0-9])",
    _FLAGS,
)
# find_ids, old style: a cheap scan for "/NNNNNNN", then the archive just before the slash is
# matched on the reversed preceding few characters (an anchored match, no search). Trying an
# archive alternation at every position instead would cost ~150 ms per MB.
# find_ids, an ADS bibcode of an e-print: year, "arXiv", the ID's digits without its dot, the
# first author's initial ("2027arXiv271017105O" is 2710.17105; a four-digit number keeps its
# dot, "2014arXiv1401.1234S", and is found as it is).
_FIND_BIBCODE_RE = re.compile(
    r"(?<![0-9A-Za-z])(?:19|20)[0-9]{2}arXiv(?P<yymm>[0-9]{4})(?P<num>[0-9]{5})[A-Z.]"
    r"(?![0-9A-Za-z])",
    re.ASCII,
)
_FIND_OLD_TAIL_RE = re.compile(rf"/(?P<oldnum>[0-9]{{7}}){_VERSION}(?![0-9])", _FLAGS)
_REV_ARCHIVE_ALT = "|".join(sorted((re.escape(a[::-1]) for a in _ARCHIVES), key=len, reverse=True))
_FIND_OLD_HEAD_REV_RE = re.compile(
    rf"(?:(?P<cls>(?:[a-z]{{2,10}}-)?[a-z]{{2,10}})\.)?(?P<archive>{_REV_ARCHIVE_ALT})"
    r"(?![a-z0-9_-])",
    _FLAGS,
)
# Longest head ("archive.class") plus one char so the boundary check sees what precedes it.
_OLD_HEAD_WINDOW = max(map(len, _ARCHIVES)) + 1 + 21 + 1

# normalize_id: the whole (trimmed) query must be one of these wrappers around one ID.
_PREFIX = r"""(?:
    arxiv\s*[:.]?\s*
  | (?:https?://)?(?:www\.|export\.)?arxiv\.org/(?:abs|pdf|html|format|ps|src)/
  | (?:https?://)?(?:www\.)?(?:dx\.)?doi\.org/10\.48550/arxiv\.
  | (?:doi\s*:?\s*)?10\.48550/arxiv\.
  | (?:https?://)?(?:www\.)?huggingface\.co/papers/
  | (?:https?://)?(?:www\.)?alphaxiv\.org/(?:abs|overview|pdf)/
  | (?:https?://)?(?:www\.)?ar5iv(?:\.labs\.arxiv)?\.org/(?:abs|html)/
  | (?:https?://)?(?:www\.)?semanticscholar\.org/arxiv/
)?"""
_QUERY_RE = re.compile(
    rf"{_PREFIX}(?:{_NEW_CORE}|{_OLD_CORE}){_VERSION}(?:\.pdf)?/?(?:[?#]\S*)?",
    _FLAGS | re.VERBOSE,
)
_TRIM = " \t\r\n\v\f<>()[]{}\"'`.,;:!?*|\u3001\u3002\u300a\u300b\u300c\u300d\u3010\u3011"


def _months(first: int, last: int) -> frozenset[str]:
    """Every "YYMM" from ``first`` to ``last`` (as YYMM numbers) with a real month."""
    return frozenset(f"{n:04d}" for n in range(first, last + 1) if 1 <= n % 100 <= 12)


# Set look-ups instead of int() arithmetic: dense documents have tens of thousands of matches.
_NEW_4 = _months(704, 1412)  # 0704-1412: four digits after the dot
_NEW_5 = _months(1501, 2912)  # 1501 on: five digits
_OLD_YYMM = _months(9101, 9912) | _months(1, 712)  # old style ran 1991-2007


def _new_key(yymm: str, num: str) -> str | None:
    """Key for a new-style ID, or None when the month or digit count cannot exist."""
    if yymm in (_NEW_5 if len(num) == 5 else _NEW_4):
        return f"{yymm}.{num}"
    return None


def _old_key(archive: str, cls: str | None, num: str) -> str | None:
    """Key for an old-style ID, or None when its year/month cannot exist."""
    if num[:4] not in _OLD_YYMM:
        return None
    key = archive.lower()
    if cls:
        # Two-letter classes are upper case (math.GT, cs.AI); longer ones lower (cond-mat.mes-hall).
        key += "." + (cls.upper() if len(cls) == 2 else cls.lower())
    return f"{key}/{num}"


def _version(ver: str | None) -> str | None:
    return ver.lower() if ver else None


def _scan(norm: str) -> list[tuple[int, int, str, str | None]]:
    """``(start, end, key, version)`` for every valid ID in normalised text, in order."""
    hits: list[tuple[int, int, str, str | None]] = []
    append = hits.append
    for m in _FIND_NEW_RE.finditer(norm):
        yymm, num, ver = m.group("yymm", "num", "ver")
        if yymm in (_NEW_5 if len(num) == 5 else _NEW_4):
            append((m.start(), m.end(), f"{yymm}.{num}", ver.lower() if ver else None))
    if "Xiv" in norm or "xiv" in norm or "XIV" in norm:
        for m in _FIND_BIBCODE_RE.finditer(norm):  # "2027arXiv271017105O": ADS's name of it
            yymm, num = m.group("yymm", "num")
            if yymm in (_NEW_5 if len(num) == 5 else _NEW_4):
                append((m.start(), m.end(), f"{yymm}.{num}", None))
        hits.sort()
    old_found = False
    for m in _FIND_OLD_TAIL_RE.finditer(norm):
        slash = m.start()
        before = norm[max(0, slash - _OLD_HEAD_WINDOW) : slash][::-1]
        head = _FIND_OLD_HEAD_REV_RE.match(before)
        if head is None:
            continue
        cls = head["cls"]
        key = _old_key(head["archive"][::-1], cls[::-1] if cls else None, m["oldnum"])
        if key is not None:
            hits.append((slash - head.end(), m.end(), key, _version(m["ver"])))
            old_found = True
    if old_found:
        hits.sort()
    return hits


# --- public API -------------------------------------------------------------------------------


def normalize_id(query: str) -> tuple[str, str | None] | None:
    """Turn one query (bare ID, label, URL, DOI, mirror link) into ``(id, version)``.

    Digits of any script count ("٢٧٠٤.١١٢٠٥").  Returns None unless the whole trimmed query is
    a single valid ID form, so that
    "2608.143760" is rejected rather than silently truncated to another paper.
    """
    norm, _ = _normalise(ascii_digits(query))  # "٢٧٠٤.١١٢٠٥" as a note writes it
    m = _QUERY_RE.fullmatch(norm.strip(_TRIM))
    if m is None:
        return None
    if m["yymm"] is not None:
        key = _new_key(m["yymm"], m["num"])
    else:
        key = _old_key(m["archive"], m["cls"], m["oldnum"])
    return None if key is None else (key, _version(m["ver"]))


_LONG_TEXT = 4096


def find_ids(text: str, *, keep: bool = True) -> list[ArxivMatch]:
    """Every valid arXiv ID occurrence in ``text``, in order, with offsets into ``text``.

    A long text (a whole note, a run of lines) is asked about by several readers in turn; its
    answer is kept for the next one (a 1 MB ID dump was scanned eight times). ``keep=False``: a
    text no other reader asks about (a whole living doc, whose ~80,000 matches held ~8 MB)."""
    if keep and len(text) > _LONG_TEXT:
        return list(_find_ids_long(text))
    return _find_ids(text)


@functools.lru_cache(maxsize=4)
def _find_ids_long(text: str) -> tuple[ArxivMatch, ...]:
    return tuple(_find_ids(text))


def _find_ids(text: str) -> list[ArxivMatch]:
    norm, offsets = _normalise(text)
    match = _match_class()
    found: list[ArxivMatch] = []
    for start, end, key, version in _scan(norm):
        if offsets is not None:
            start, end = offsets.orig(start), offsets.orig(end - 1) + 1
        found.append(match(key, version, start, end, text[start:end]))
    return found


def unique_ids(text: str) -> list[str]:
    """Distinct normalised IDs in order of first appearance."""
    return list(dict.fromkeys(m.id for m in find_ids(text)))


# --- malformed IDs ----------------------------------------------------------------------------

# Compiled on first use: a warm ``curator lookup`` imports this module and never needs them.
_MALFORMED_RES: list[re.Pattern[str]] = []


def _malformed_res() -> list[re.Pattern[str]]:
    if not _MALFORMED_RES:
        _MALFORMED_RES.extend(
            [
                # An arXiv context, then anything shaped like an ID (checked afterwards).
                re.compile(
                    r"(?:arxiv\.org/(?:abs|pdf|html)/|10\.48550/arxiv\.|arxiv[ \t]*[:.]?[ \t]*)"
                    r"(?P<id>(?P<yymm>[0-9]{3,6})\.(?P<num>[0-9]{3,7})"
                    r"|(?P<archive>[a-z]+(?:-[a-z]+)?)(?:\.(?P<cls>[a-z]{2,10}(?:-[a-z]{2,10})?))?"
                    r"/(?P<oldnum>[0-9]{5,9}))"
                    r"(?P<ver>v[0-9]+)?(?![0-9])",
                    _FLAGS,
                ),
                # Bare: "NNNN.NNNN…" as find_ids reads it, but 4 to 6 digits after the dot.
                re.compile(
                    r"(?P<yymm>[0-9](?<![0-9][0-9])(?<![0-9]\.[0-9])[0-9]{3})\.(?P<num>[0-9]{4,6})"
                    r"(?P<ver>v[0-9]+)?(?![0-9])(?!\.[0-9])",
                    _FLAGS,
                ),
                # Bare old style: "archive/NNNNNNN" (the archive is checked on the text before it).
                re.compile(rf"/(?P<oldnum>[0-9]{{7}}){_VERSION}(?![0-9])", _FLAGS),
            ]
        )
    return _MALFORMED_RES


def _new_problem(yymm: str, num: str) -> str | None:
    """Why "yymm.num" cannot be a new-style ID, or None if it is one."""
    if len(yymm) != 4:
        return f"{yymm} is not a year and month (YYMM)"
    if _new_key(yymm, num) is not None:
        return None
    month = int(yymm[2:])
    if not 1 <= month <= 12:
        return f"month {yymm[2:]} does not exist"
    if yymm < "0704":
        return "new-style IDs begin with 0704 (April 2007)"
    if yymm > max(_NEW_5):
        return f"no arXiv IDs from 20{yymm[:2]} yet"
    digits = 4 if yymm <= "1412" else 5
    return f"{yymm} IDs have {digits} digits after the dot"


def _old_problem(archive: str, cls: str | None, num: str) -> str | None:
    """Why "archive[.class]/num" cannot be an old-style ID, or None if it is one."""
    if archive.lower() not in _ARCHIVE_SET:
        return f"{archive} is not an arXiv archive"
    if len(num) != 7:
        return "old-style IDs have 7 digits after the slash"
    if _old_key(archive, cls, num) is not None:
        return None
    month = int(num[2:4])
    if not 1 <= month <= 12:
        return f"month {num[2:4]} does not exist"
    return "old-style IDs are from 1991 to 2007"


_ARCHIVE_SET = frozenset(_ARCHIVES)


_MALFORMED_HINT = re.compile(r"[0-9]\.[0-9]{3}|/[0-9]{5}")
"""What every pattern of :func:`_malformed_res` needs in the normalised text."""


def may_hold_malformed(text: str) -> bool:
    """False when :func:`find_malformed_ids` finds nothing in ``text`` nor in any part of it:
    the cheap answer for the lines of a note that hold no digits shaped like an ID."""
    return _MALFORMED_HINT.search(_normalise(text)[0]) is not None


def find_malformed_ids(text: str) -> list[Malformed]:
    """Strings that are written as an arXiv ID but cannot be one, in order, with offsets
    of the ID-shaped part (a label or URL before it is not included, as in ``find_ids``).

    After an arXiv context (``arXiv:``, ``arxiv``, ``arxiv.org/abs|pdf/``,
    ``10.48550/arXiv.``) anything ID-shaped that is not a valid ID counts. Bare, only
    shapes that are hardly anything but an ID do: a known archive with an impossible
    ``/YYMMNNN``; ``YYMM.`` with a plausible year (07 to next year) followed by five
    digits with an impossible month or for a month before 2015, or by six digits (an ID
    with a digit too many, never read as the shorter one). Bare ``NNNN.NNNN`` is left
    alone: in tables it is far more often a number with four decimals.
    """
    import time

    norm, offsets = _normalise(text)
    if _MALFORMED_HINT.search(norm) is None:
        return []
    context_re, bare_new_re, bare_old_re = _malformed_res()
    found: dict[int, tuple[int, str]] = {}  # start -> (end, reason), in normalised text
    for m in context_re.finditer(norm):
        if m["yymm"] is not None:
            reason = _new_problem(m["yymm"], m["num"])
        else:
            reason = _old_problem(m["archive"], m["cls"], m["oldnum"])
        if reason is not None:
            found[m.start("id")] = (m.end(), reason)  # the ID as written, as ArxivMatch.raw
    last_yy = time.localtime().tm_year % 100 + 1
    for m in bare_new_re.finditer(norm):
        yymm, num = m["yymm"], m["num"]
        if m.start() in found or not 7 <= int(yymm[:2]) <= last_yy:
            continue
        month_ok = 1 <= int(yymm[2:]) <= 12
        if (len(num) == 5 and (not month_ok or yymm < "1501")) or (len(num) == 6 and month_ok):
            reason = _new_problem(yymm, num)
            if reason is not None:
                found.setdefault(m.start(), (m.end(), reason))
    for m in bare_old_re.finditer(norm):
        slash = m.start()
        before = norm[max(0, slash - _OLD_HEAD_WINDOW) : slash][::-1]
        head = _FIND_OLD_HEAD_REV_RE.match(before)
        if head is None or before[head.end() : head.end() + 1] == "/":
            continue
        cls = head["cls"]
        reason = _old_problem(head["archive"][::-1], cls[::-1] if cls else None, m["oldnum"])
        start = slash - head.end()
        if reason is not None and not any(s <= start < e for s, (e, _r) in found.items()):
            found[start] = (m.end(), reason)
    make = _malformed_class()
    out: list[Malformed] = []
    ends: list[tuple[int, int]] = []
    for start in sorted(found):
        end, reason = found[start]
        if ends and start < ends[-1][1]:
            continue  # inside a longer one ("arXiv:2613.02210" holds "2613.02210")
        ends.append((start, end))
        if offsets is not None:
            start, end = offsets.orig(start), offsets.orig(end - 1) + 1
        out.append(make(text[start:end], start, end, reason))
    return out
