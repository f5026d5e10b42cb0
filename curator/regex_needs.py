"""What every match of a phrase-file regex must contain, so it is tried only on texts that hold it.

A workspace's ``re:`` phrases (“→ {other}”, “belongs to the {other} team”) are most of what the
remark reader runs on each scope of text; a literal phrase is skipped when the text lacks its
longest word, and an ``re:`` phrase can be skipped the same way when its parse shows a literal run
or a placeholder that every match has to contain.  The analysis is sound by construction: an
alternation requires only what all its branches require, an optional or negative part requires
nothing, and any construct it does not know requires nothing.
"""

from __future__ import annotations

import functools
import re

from curator import regex_cache

TYPE_CHECKING = False  # not typing's: `curator lookup` imports this module, and typing is ~5 ms
if TYPE_CHECKING:
    from typing import Any

    _Node = tuple[Any, Any]
    """One node of the standard library's regex parse: (opcode, argument)."""
    _Needs = tuple[list[frozenset[str]], set[str]]
    """Clauses (one word of each must occur) and the placeholders' sentinels every match
    fills."""

try:  # the standard library's own regex parser: the one place that knows the syntax exactly
    from re import _constants as _c  # type: ignore[attr-defined]
    from re import _parser as _p  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - another Python: nothing is ruled out
    _p = _c = None

_SENTINEL = {"topic": "\ue000", "other": "\ue001", "person": "\ue002"}
_SENTINELS = frozenset(_SENTINEL.values())
_PLACEHOLDER = regex_cache.compile(r"\{(topic|other|person)\}")
_MIN_LITERAL = 3  # shorter runs ("a ", "of") are in nearly every text: no use as a filter


_VERSION = regex_cache.file_version(__file__)
"""This module's code: what it read from a parse is kept (see :func:`regex_cache.remembered`)
until it changes."""


@functools.lru_cache(maxsize=4096)
def regex_needs(source: str) -> tuple[tuple[str, ...] | None, tuple[str, ...]]:
    """``(words, placeholders)``: lower-cased runs of text one of which every match of ``source``
    contains (None when there are none worth checking) and the placeholders every match fills.

    Kept between runs: a parse of each of the phrase tables' hundreds of sources cost ~0.1 s of
    every cold start."""
    if _p is None:
        return None, ()
    words, slots = regex_cache.remembered(
        "needs", _VERSION, source, lambda: _in_order(*_regex_needs(source)), _needs_shape
    )
    return (tuple(words) if words is not None else None), tuple(slots)


def _in_order(words: Any, slots: Any) -> list[Any]:
    """The parse's sets as sorted lists: the same order (and the same regexes built from it)
    whatever the hash seed of the run that parsed them."""
    return [sorted(words) if words is not None else None, sorted(slots)]


def _needs_shape(v: Any) -> bool:
    return (
        type(v) is list
        and len(v) == 2
        and (v[0] is None or (type(v[0]) is list and all(type(w) is str for w in v[0])))
        and type(v[1]) is list
        and all(type(w) is str for w in v[1])
    )


def _regex_needs(source: str) -> tuple[list[str] | None, list[str]]:
    marked = _PLACEHOLDER.sub(lambda m: _SENTINEL[m[1]], source)
    try:
        tree = _p.parse(marked, re.IGNORECASE)
    except (re.error, RecursionError, OverflowError):
        return None, []
    clauses, slots = _needs(list(tree))
    best = _best(clauses)
    slot_names = sorted(k for k, v in _SENTINEL.items() if v in slots)
    return (sorted(best) if best else None), slot_names


def _best(clauses: list[frozenset[str]]) -> frozenset[str] | None:
    """The most selective clause: its shortest word longest, then fewest words."""
    usable = [c for c in clauses if c and all(map(_selective, c))]
    return max(usable, key=lambda c: (min(map(_weight, c)), -len(c)), default=None)


@functools.lru_cache(maxsize=8192)
def _weight(word: str) -> int:
    """How rare a word is, roughly: a Han, kana or Hangul character, or a sign like "→", counts as a
    Latin trigram.  Remembered: a word is weighed again at each alternation around it."""
    if word.isascii():
        return len(word) - word.count(" ")  # each ASCII character but the space counts one
    return sum(
        3 if ord(ch) >= 0x2E80 or (ord(ch) > 0x7F and not ch.isalnum()) else 1
        for ch in word
        if ch != " "
    )


def _selective(word: str) -> bool:
    """Rare enough to be worth a look first: a trigram's worth of letters, or a sign of two or
    more characters ("->", "=>") that prose hardly writes."""
    if _weight(word) >= _MIN_LITERAL:
        return True
    return len(word) >= 2 and not any(ch.isalnum() or ch.isspace() for ch in word)


_MAX_FORMS = 16  # spellings one run may stand for ("[归歸]入" is two)
_MAX_CLASS = 8  # characters a class may list and still be spelled out: the six apostrophes
# "qo[ʻʼ'’‘`]sh" may be written with make it six words, one of which the text must hold


def _is_repeat(op: Any) -> bool:
    return op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT)


def _is_space(op: Any, av: Any) -> bool:
    """``\\s+`` (or a literal space run): one space in a text whose whitespace is collapsed."""
    if _is_repeat(op) and av[0] >= 1:
        body = list(av[2])
        return body == [(_c.IN, [(_c.CATEGORY, _c.CATEGORY_SPACE)])] or body == [(_c.LITERAL, 32)]
    return op is _c.IN and av == [(_c.CATEGORY, _c.CATEGORY_SPACE)]


def _chars(op: Any, av: Any) -> frozenset[str] | None:
    """The characters a node stands for, when it is one of a few (a literal, "[归歸]")."""
    if op is _c.LITERAL:
        return frozenset(chr(av))
    if op is _c.IN and 0 < len(av) <= _MAX_CLASS and all(o is _c.LITERAL for o, _v in av):
        return frozenset(chr(v) for _o, v in av)
    return None


def _needs(seq: list[_Node]) -> _Needs:
    """What a sequence of parsed nodes requires: clauses (one word of each must occur) and
    sentinels.

    Words are lower-cased with whitespace runs as one space: they are looked for in a text folded
    the same way (:func:`squeeze`)."""
    clauses: list[frozenset[str]] = []
    slots: set[str] = set()
    run: list[frozenset[str]] = []

    def flush() -> None:
        forms = {""}
        for alts in run:
            forms = {f + a for f in forms for a in alts}
        words = frozenset(squeeze(f.lower()) for f in forms if f.strip())
        if words:
            clauses.append(words)
        run.clear()

    def push(alts: frozenset[str]) -> None:
        width = 1
        for a in run:
            width *= len(a)
        if width * len(alts) > _MAX_FORMS:
            flush()
        run.append(alts)

    for op, av in seq:
        chars = _chars(op, av)
        if chars is not None and not chars & _SENTINELS:
            push(chars)
            continue
        if _is_space(op, av):
            push(frozenset(" "))
            continue
        flush()
        if op is _c.LITERAL:  # a placeholder's sentinel
            slots.add(chr(av))
            continue
        for sub_clauses, sub_slots in _inner_needs(op, av):
            clauses += sub_clauses
            slots |= sub_slots
    flush()
    return clauses, slots


def _inner_needs(op: Any, av: Any) -> list[_Needs]:
    """What a group, a repeat taken at least once, a lookahead or an alternation requires;
    nothing for any other node (an optional part, a negative one, one not known)."""
    if op is _c.SUBPATTERN:
        return [_needs(list(av[3]))]
    if op is _c.ATOMIC_GROUP:
        return [_needs(list(av))]
    if _is_repeat(op) and av[0] >= 1:
        return [_needs(list(av[2]))]
    if op is _c.ASSERT:
        return [_needs(list(av[1]))]
    if op is _c.BRANCH and av[1]:
        branches = [_needs(list(b)) for b in av[1]]
        picks = [_best(c) for c, _s in branches]
        chosen = [p for p in picks if p]
        either = [frozenset[str]().union(*chosen)] if len(chosen) == len(picks) else []
        return [(either, set.intersection(*(s for _c2, s in branches)))]
    return []


_SPACES = regex_cache.compile(r"\s{2,}|[^\S ]")
"""A whitespace run that is not already one space (a lone space is left as it is, not rewritten:
the same text, found faster)."""


def squeeze(text: str) -> str:
    """``text`` with each whitespace run as one space: how a text is matched against the words.

    ``_SPACES.sub(" ", text)``, found in C: a printable text without two spaces in a row has
    nothing to squeeze (every whitespace character but the space is unprintable), and any other
    is its words joined by one space, with one before and after where it has a run there
    (``str.split`` and ``\\s`` agree on what whitespace is). The pattern cost ~50 ns a character,
    ~0.5 s of a cold 2,000-note run."""
    if "  " not in text and text.isprintable():
        return text
    words = text.split()
    if not words:
        return " " if text else ""
    out = " ".join(words)
    return (" " if text[0].isspace() else "") + out + (" " if text[-1].isspace() else "")


_CATEGORY_CLASS = {
    "CATEGORY_SPACE": r"\s",
    "CATEGORY_DIGIT": r"\d",
    "CATEGORY_WORD": r"\w",
}


def first_class(source: str, flags: int = 0) -> str | None:
    """A character class (regex source, "[…]") holding every character a match of ``source`` can
    start with, or None when that is not known (a match may be empty, or start with any character).

    Prefixed as a lookahead, it lets the regex engine turn away at most positions with one test
    instead of trying each of hundreds of alternatives there: the same matches, found linearly at
    a fraction of the cost on long texts that hold none of the phrases' first letters.  Case is
    not read here: the class is meant to be used under ``re.IGNORECASE`` (or by a pattern whose
    letters all fold the same way), where it holds every case of each letter.  Kept between runs
    as :func:`regex_needs` is."""
    if _p is None:
        return None
    cls: str | None = regex_cache.remembered(
        f"first:{int(flags)}",
        _VERSION,
        source,
        lambda: _first_class(source, flags),
        lambda v: v is None or type(v) is str,
    )
    return cls


def _first_class(source: str, flags: int) -> str | None:
    try:
        tree = _p.parse(source, flags)
    except (re.error, RecursionError, OverflowError):
        return None
    parts: list[str] = []
    empty = _first(list(tree), parts)
    if empty is None or empty or not parts:
        return None
    return "[" + "".join(dict.fromkeys(parts)) + "]"


def first_char_guard(rx: re.Pattern[str]) -> re.Pattern[str]:
    """``rx`` with :func:`first_class` as a lookahead in front (``rx`` itself when none is known):
    the same matches, where a long text is turned away position by position with one test."""
    cls = first_class(rx.pattern, rx.flags)
    if cls is None:
        return rx
    return regex_cache.compile(f"(?=(?i:{cls}))(?:{rx.pattern})", rx.flags)


def _first(seq: list[_Node], parts: list[str]) -> bool | None:
    """Adds to ``parts`` the class pieces a match of ``seq`` can start with; says whether ``seq``
    can match the empty string (then what follows it may start the match too), None when unknown."""
    for op, av in seq:
        if op is _c.LITERAL:
            parts.append(_class_char(av))
            return False
        if op is _c.IN:
            return _first_in_class(av, parts)
        if op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
            continue  # zero width: the next node starts the match
        empty = _first_inner(op, av, parts)
        if empty is None:
            return None
        if not empty:
            return False
    return True


def _first_in_class(items: list[_Node], parts: list[str]) -> bool | None:
    """A character class's pieces (False: it matches one character), None when not listable."""
    for iop, iav in items:
        if iop is _c.LITERAL:
            parts.append(_class_char(iav))
        elif iop is _c.RANGE:
            parts.append(_class_char(iav[0]) + "-" + _class_char(iav[1]))
        elif iop is _c.CATEGORY and str(iav) in _CATEGORY_CLASS:
            parts.append(_CATEGORY_CLASS[str(iav)])
        else:
            return None  # a negated class, a category not listed: any character may start
    return False


def _first_inner(op: Any, av: Any, parts: list[str]) -> bool | None:
    """:func:`_first` of a group, an alternation or a repeat (which may match empty when it may
    be taken no times); None for any other node (any character, a back reference, …: not known)."""
    if op is _c.SUBPATTERN:
        return _first(list(av[3]), parts)
    if op is _c.ATOMIC_GROUP:
        return _first(list(av), parts)
    if op is _c.BRANCH:
        results = [_first(list(b), parts) for b in av[1]]
        if any(r is None for r in results):
            return None
        return any(results)
    if _is_repeat(op):
        empty = _first(list(av[2]), parts)
        if empty is not None and av[0] == 0:
            empty = True
        return empty
    return None


def _class_char(code: int) -> str:
    return re.escape(chr(code)) if chr(code) not in "-]\\^" else "\\" + chr(code)
