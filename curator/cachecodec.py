"""Cached objects as plain data and back: notes, split notes, cards, the topic vocabulary.

What ``.curator/`` holds is untrusted input (see :mod:`curator.persist`): every decoder here
checks the type of everything it takes and raises :class:`~curator.persist.Miss` when
something is off; the caller then reads the files again.  Decoding builds objects only
through their classes' own constructors, so a cache can say nothing but data.

The dataclasses of :mod:`curator.models` are converted by :class:`Columns`, made from their
annotations: a new field is cached as soon as it is declared, and a field this module cannot
convert fails at import (the tests import it).  Where the code relies on two objects being
one, they stay one: a note's items *are* its split's items.  A living doc and its index
have a module of their own, :mod:`curator.doccodec`.
"""

from __future__ import annotations

import dataclasses
import types
from collections import Counter
from collections.abc import Callable
from datetime import datetime
from itertools import chain, islice
from operator import attrgetter
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from curator.models import AnchorRef, LivingDoc, Note, PaperCard, SplitNote
from curator.persist import (
    check,
    datetime_from_data,
    datetime_to_data,
)

Enc = Callable[[Any], Any] | None
"""None: the value is plain data already (JSON writes it as it is)."""
Dec = Callable[[Any], Any]


def check_str(v: Any) -> Any:
    check(type(v) is str)
    return v


def _int(v: Any) -> Any:
    check(type(v) is int)
    return v


def check_num(v: Any) -> Any:
    check(type(v) is float or type(v) is int)
    return v


def _bool(v: Any) -> Any:
    check(type(v) is bool)
    return v


def check_strs(v: Any) -> Any:
    """list[str]: checked in C (``map``/``set``), the commonest field of all."""
    check(type(v) is list and (not v or set(map(type, v)) == {str}))
    return v


def check_ints(v: Any) -> list[int]:
    check(type(v) is list and (not v or set(map(type, v)) == {int}))
    return v


def check_floats(v: Any) -> list[float]:
    check(type(v) is list and (not v or set(map(type, v)) <= {float, int}))
    return v


def _datetime(v: Any) -> datetime:
    dt = datetime_from_data(v)
    check(dt is not None)
    return dt  # type: ignore[return-value]


def _codec(tp: Any) -> tuple[Enc, Dec]:
    """(encoder, decoder) of one value of an annotated type; TypeError for a type a cache cannot
    hold."""
    simple = {str: check_str, int: _int, float: check_num, bool: _bool}
    if tp in simple:
        return None, simple[tp]
    if tp is datetime:
        return datetime_to_data, _datetime
    origin, args = get_origin(tp), get_args(tp)
    if origin is Literal:
        allowed = frozenset(args)

        def literal(v: Any) -> Any:
            check(type(v) is str and v in allowed)
            return v

        return None, literal
    if origin in (Union, types.UnionType) and len(args) == 2 and type(None) in args:
        return _optional_codec(args[0] if args[1] is type(None) else args[1])
    if origin is list:
        return (None, check_strs) if args[0] is str else _list_codec(args[0])
    if origin is tuple:
        return _tuple_codec(args)
    if origin is dict and args[0] is str:
        return _dict_codec(args[1])
    if origin is dict and args == (int, int):
        return (lambda v: [x for kv in v.items() for x in kv]), _int_pairs
    raise TypeError(f"a cache cannot hold {tp!r}")


def _optional_codec(tp: Any) -> tuple[Enc, Dec]:
    enc, dec = _codec(tp)

    def opt_dec(v: Any) -> Any:
        return None if v is None else dec(v)

    if enc is None:
        return None, opt_dec
    return (lambda v: None if v is None else enc(v)), opt_dec


def _list_codec(tp: Any) -> tuple[Enc, Dec]:
    enc, dec = _codec(tp)

    def list_dec(v: Any) -> Any:
        check(type(v) is list)
        return [dec(x) for x in v]

    if enc is None:
        return None, list_dec
    return (lambda v: [enc(x) for x in v]), list_dec


def _tuple_codec(args: tuple[Any, ...]) -> tuple[Enc, Dec]:
    """``tuple[X, ...]`` as a list; a fixed ``tuple[X, Y]`` as a list of its values."""
    if len(args) == 2 and args[1] is Ellipsis:
        enc, dec = _codec(args[0])
        return (lambda v: list(v) if enc is None else [enc(x) for x in v]), lambda v: tuple(
            list_of(v, dec)
        )
    codecs = [_codec(a) for a in args]

    def tuple_dec(v: Any) -> Any:
        check(type(v) is list and len(v) == len(codecs))
        return tuple(d(x) for (_e, d), x in zip(codecs, v, strict=True))

    return (
        lambda v: [x if e is None else e(x) for (e, _d), x in zip(codecs, v, strict=True)]
    ), tuple_dec


def _dict_codec(value: Any) -> tuple[Enc, Dec]:
    """``dict[str, value]`` (JSON keys are always strings)."""
    if value in (str, list[str]):
        return None, _str_dict if value is str else _strs_dict
    enc, dec = _codec(value)

    def dict_dec(v: Any) -> Any:
        check(type(v) is dict)  # JSON keys are always strings
        return {k: dec(x) for k, x in v.items()}

    if enc is None:
        return None, dict_dec
    return (lambda v: {k: enc(x) for k, x in v.items()}), dict_dec


def _str_dict(v: Any) -> dict[str, str]:
    check(type(v) is dict and (not v or set(map(type, v.values())) == {str}))
    return v


def _strs_dict(v: Any) -> dict[str, list[str]]:
    """dict[str, list[str]], checked in C (JSON keys are always strings)."""
    check(type(v) is dict)
    if v:
        check(
            set(map(type, v.values())) == {list}
            and set(map(type, chain.from_iterable(v.values()))) <= {str}
        )
    return v


def list_of(v: Any, dec: Dec) -> list[Any]:
    check(type(v) is list)
    return [dec(x) for x in v]


def _int_pairs(v: Any) -> dict[int, int]:
    check_ints(v)
    check(len(v) % 2 == 0)
    return dict(zip(v[::2], v[1::2], strict=True))


_NONE = type(None)
_PLAIN: dict[type, set[type]] = {str: {str}, int: {int}, float: {float, int}, bool: {bool}}
ColEnc = Callable[[tuple[Any, ...]], Any]
ColDec = Callable[[Any, int], list[Any]]


def _column(tp: Any) -> tuple[ColEnc, ColDec]:
    """(encoder, decoder) of one field's values across many objects: one JSON list, checked in C."""
    args = get_args(tp)
    optional = get_origin(tp) in (Union, types.UnionType) and len(args) == 2 and _NONE in args
    inner = (args[0] if args[1] is _NONE else args[1]) if optional else tp
    if inner in _PLAIN:
        return list, column_types(_PLAIN[inner] | ({_NONE} if optional else set()))
    if get_origin(tp) is Literal:
        return list, _literals(frozenset(args))
    if tp == list[str]:
        return list, nested_types(list, {str})
    if tp == dict[str, str]:
        return list, nested_types(dict, {str})
    if tp == dict[str, list[str]]:
        return list, _strs_dicts
    if get_origin(tp) is list and isinstance(args[0], type) and dataclasses.is_dataclass(args[0]):
        return nested_column(Columns.of(args[0]))
    enc, dec = _codec(tp)  # anything else: one decoder call per value

    def per_value(col: Any, n: int) -> list[Any]:
        check(type(col) is list and len(col) == n)
        return list(map(dec, col))

    return (list if enc is None else (lambda col: list(map(enc, col)))), per_value


def column_types(allowed: set[type]) -> ColDec:
    def dec(col: Any, n: int) -> list[Any]:
        check(type(col) is list and len(col) == n and set(map(type, col)) <= allowed)
        return col

    return dec


def _literals(allowed: frozenset[str]) -> ColDec:
    def dec(col: Any, n: int) -> list[Any]:
        check(
            type(col) is list
            and len(col) == n
            and set(map(type, col)) <= {str}
            and set(col) <= allowed
        )
        return col

    return dec


def nested_types(container: type, allowed: set[type]) -> ColDec:
    """A column of lists (or dicts) whose elements (values) must be of ``allowed`` types."""

    def dec(col: Any, n: int) -> list[Any]:
        check(type(col) is list and len(col) == n and set(map(type, col)) <= {container})
        inner = chain.from_iterable(col if container is list else map(dict.values, col))
        check(set(map(type, inner)) <= allowed)
        return col

    return dec


def _strs_dicts(col: Any, n: int) -> list[Any]:
    nested_types(dict, {list})(col, n)
    check(set(map(type, chain.from_iterable(chain.from_iterable(map(dict.values, col))))) <= {str})
    return col


def nested_column(sub: Columns) -> tuple[ColEnc, ColDec]:
    """list[<dataclass>]: how many each object has, then all of them as columns of their own."""

    def enc(col: tuple[Any, ...]) -> Any:
        return [list(map(len, col)), sub.encode(list(chain.from_iterable(col)))]

    def dec(v: Any, n: int) -> list[Any]:
        check(type(v) is list and len(v) == 2)
        counts, objs = v
        check(
            type(counts) is list
            and len(counts) == n
            and (not counts or set(map(type, counts)) == {int})
        )
        check(not counts or min(counts) >= 0)
        flat = sub.decode(objs)
        check(sum(counts) == len(flat))
        it = iter(flat)
        return [list(islice(it, c)) for c in counts]

    return enc, dec


class Columns:
    """Many objects of one dataclass as one list per field, in field order: ``[count, columns]``.

    Decoding is the hot path of a warm start (tens of thousands of items on a large
    workspace), so each column is checked at once, in C (``set(map(type, column))``), and
    the objects are built by ``map(cls, *columns)``.  Lists of dataclasses inside (a note's
    items, a section's anchors) become columns of their own.  The codecs are made from the
    annotations: a new field is cached as soon as it is declared, and a field this module
    cannot convert fails at import (the tests import it).
    """

    _made: dict[type, Columns] = {}

    @classmethod
    def of(cls, dc: type) -> Columns:
        made = cls._made.get(dc)
        if made is None:
            made = cls._made[dc] = cls(dc)
        return made

    def __init__(self, dc: type) -> None:
        hints = get_type_hints(dc)
        fields = [f for f in dataclasses.fields(dc) if f.init]
        self.cls = dc
        self.get = attrgetter(*(f.name for f in fields))
        codecs = [_column(hints[f.name]) for f in fields]
        self.encs = [e for e, _d in codecs]
        self.decs = [d for _e, d in codecs]

    def encode(self, objs: list[Any]) -> list[Any]:
        cols = list(zip(*map(self.get, objs), strict=True)) if objs else [()] * len(self.encs)
        return [len(objs), [enc(col) for enc, col in zip(self.encs, cols, strict=True)]]

    def decode(self, v: Any) -> list[Any]:
        check(type(v) is list and len(v) == 2)
        n, cols = v
        check(type(n) is int and n >= 0 and type(cols) is list and len(cols) == len(self.decs))
        return list(map(self.cls, *[dec(col, n) for dec, col in zip(self.decs, cols, strict=True)]))

    def encode_one(self, obj: Any) -> list[Any]:
        return self.encode([obj])

    def decode_one(self, v: Any) -> Any:
        objs = self.decode(v)
        check(len(objs) == 1)
        return objs[0]


NOTE, SPLIT, LIVING_DOC, CARD, ANCHOR_REF = map(
    Columns.of, (Note, SplitNote, LivingDoc, PaperCard, AnchorRef)
)


# --------------------------------------------------------------------------- notes


def notes_to_data(notes: list[Note]) -> list[Any]:
    """Many notes (the cached metadata of every note) as columns."""
    return NOTE.encode(notes)


def notes_from_data(v: Any) -> list[Note]:
    return NOTE.decode(v)


def full_note_to_data(note: Note, split: SplitNote | None) -> list[Any]:
    """A note read in full with what it was split into; its items and IDs *are* the split's."""
    items = split is not None and note.items is split.items
    ids = split is not None and note.ids is split.ids
    light = dataclasses.replace(
        note, items=[] if items else note.items, ids=[] if ids else note.ids
    )
    return [NOTE.encode_one(light), None if split is None else SPLIT.encode_one(split), items, ids]


def full_note_from_data(v: Any) -> tuple[Note, SplitNote | None]:
    check(type(v) is list and len(v) == 4)
    note, split = NOTE.decode_one(v[0]), None if v[1] is None else SPLIT.decode_one(v[1])
    items, ids = v[2], v[3]
    check(type(items) is bool and type(ids) is bool and (split is not None or not (items or ids)))
    if split is not None and items:
        note.items = split.items
    if split is not None and ids:
        note.ids = split.ids
    return note, split


# ------------------------------------------------------------------- cards and the topic vocabulary


def cards_to_data(cards: list[PaperCard]) -> list[Any]:
    return CARD.encode(cards)


def cards_from_data(v: Any) -> list[PaperCard]:
    return CARD.decode(v)


def _counts(v: Any) -> Counter[str]:
    check(type(v) is dict and (not v or set(map(type, v.values())) <= {int, float}))
    return Counter(v)


def vocabulary_to_data(hit: tuple[int, Counter[str], dict[str, Counter[str]]]) -> list[Any]:
    """One counted vocabulary (see :class:`curator.relevance.Profile`)."""
    n_units, df, mass = hit
    return [n_units, dict(df), {t: dict(c) for t, c in mass.items()}]


def vocabulary_from_data(v: Any) -> tuple[int, Counter[str], dict[str, Counter[str]]]:
    check(type(v) is list and len(v) == 3)
    n_units, df, mass = v
    check(type(n_units) is int and type(mass) is dict)
    return n_units, _counts(df), {t: _counts(c) for t, c in mass.items()}
