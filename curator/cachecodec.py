"""Cached objects as plain data and back: notes, split notes, living docs with their index, cards.

What ``.curator/`` holds is untrusted input (see :mod:`curator.persist`): every decoder here
checks the type of everything it takes and raises :class:`~curator.persist.Miss` when
something is off; the caller then reads the files again.  Decoding builds objects only
through their classes' own constructors, so a cache can say nothing but data.

The dataclasses of :mod:`curator.models` are converted field by field, in field order, by
codecs made from their annotations (:func:`_codec`): a new field is cached as soon as it is
declared, and a field this module cannot convert fails at import (the tests import it).
Where the code relies on two objects being one, they stay one: a note's items *are* its
split's items.
"""

from __future__ import annotations

import dataclasses
import math
import types
from collections import Counter
from collections.abc import Callable
from datetime import datetime
from itertools import chain
from operator import attrgetter, itemgetter
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from curator.context import DocIndex
from curator.models import AnchorRef, Item, LivingDoc, Note, PaperCard, Section, SplitNote
from curator.persist import (
    Blobs,
    Miss,
    blob,
    check,
    datetime_from_data,
    datetime_to_data,
    dumps,
    loads,
)
from curator.suggest import SectionIndex, Unit, units_bm25
from curator.textfeatures import BM25

Enc = Callable[[Any], Any] | None
"""None: the value is plain data already (JSON writes it as it is)."""
Dec = Callable[[Any], Any]


def _str(v: Any) -> Any:
    check(type(v) is str)
    return v


def _int(v: Any) -> Any:
    check(type(v) is int)
    return v


def _num(v: Any) -> Any:
    check(type(v) is float or type(v) is int)
    return v


def _bool(v: Any) -> Any:
    check(type(v) is bool)
    return v


def _strs(v: Any) -> Any:
    """list[str]: checked in C (``map``/``set``), the commonest field of all."""
    check(type(v) is list and (not v or set(map(type, v)) == {str}))
    return v


def _ints(v: Any) -> list[int]:
    check(type(v) is list and (not v or set(map(type, v)) == {int}))
    return v


def _floats(v: Any) -> list[float]:
    check(type(v) is list and (not v or set(map(type, v)) <= {float, int}))
    return v


def _datetime(v: Any) -> datetime:
    dt = datetime_from_data(v)
    check(dt is not None)
    return dt  # type: ignore[return-value]


def _codec(tp: Any) -> tuple[Enc, Dec]:
    """(encoder, decoder) for one annotated type; TypeError for a type a cache cannot hold."""
    simple = {str: _str, int: _int, float: _num, bool: _bool}
    if tp in simple:
        return None, simple[tp]
    if tp is datetime:
        return datetime_to_data, _datetime
    if dataclasses.is_dataclass(tp):
        return _dataclass_codec(tp)
    origin, args = get_origin(tp), get_args(tp)
    if origin is Literal:
        allowed = frozenset(args)

        def literal(v: Any) -> Any:
            check(type(v) is str and v in allowed)
            return v

        return None, literal
    if origin in (Union, types.UnionType) and len(args) == 2 and type(None) in args:
        enc, dec = _codec(args[0] if args[1] is type(None) else args[1])

        def opt_dec(v: Any) -> Any:
            return None if v is None else dec(v)

        return (None if enc is None else (lambda v: None if v is None else enc(v))), opt_dec
    if origin is list:
        if args[0] is str:
            return None, _strs
        enc, dec = _codec(args[0])

        def list_dec(v: Any) -> Any:
            check(type(v) is list)
            return [dec(x) for x in v]

        return (None if enc is None else (lambda v: [enc(x) for x in v])), list_dec
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        enc, dec = _codec(args[0])
        return (lambda v: list(v) if enc is None else [enc(x) for x in v]), lambda v: tuple(list_of(v, dec))
    if origin is tuple:
        codecs = [_codec(a) for a in args]

        def tuple_dec(v: Any) -> Any:
            check(type(v) is list and len(v) == len(codecs))
            return tuple(d(x) for (_e, d), x in zip(codecs, v, strict=True))

        return (lambda v: [x if e is None else e(x) for (e, _d), x in zip(codecs, v, strict=True)]), tuple_dec
    if origin is dict and args[0] is str and args[1] in (str, list[str]):
        return None, _str_dict if args[1] is str else _strs_dict
    if origin is dict and args[0] is str:
        enc, dec = _codec(args[1])

        def dict_dec(v: Any) -> Any:
            check(type(v) is dict)  # JSON keys are always strings
            return {k: dec(x) for k, x in v.items()}

        return (None if enc is None else (lambda v: {k: enc(x) for k, x in v.items()})), dict_dec
    if origin is dict and args == (int, int):
        return (lambda v: [x for kv in v.items() for x in kv]), _int_pairs
    raise TypeError(f"a cache cannot hold {tp!r}")


def _str_dict(v: Any) -> dict[str, str]:
    check(type(v) is dict and (not v or set(map(type, v.values())) == {str}))
    return v


def _strs_dict(v: Any) -> dict[str, list[str]]:
    """dict[str, list[str]], checked in C (JSON keys are always strings)."""
    check(type(v) is dict)
    if v:
        check(set(map(type, v.values())) == {list} and set(map(type, chain.from_iterable(v.values()))) <= {str})
    return v


def list_of(v: Any, dec: Dec) -> list[Any]:
    check(type(v) is list)
    return [dec(x) for x in v]


def _int_pairs(v: Any) -> dict[int, int]:
    _ints(v)
    check(len(v) % 2 == 0)
    return dict(zip(v[::2], v[1::2], strict=True))


_NONE = type(None)
_PLAIN = {str: {str}, int: {int}, float: {float, int}, bool: {bool}}
_SHAPES_MAX = 4096
"""Shapes a codec remembers (the valid ones are a few dozen; a hostile file cannot grow the set past this)."""


class _DataclassCodec:
    """A dataclass as the list of its fields' values, in field order.

    Decoding is the hot path of a warm start (tens of thousands of items on a large
    workspace), so the checks run in C where they can: the exact types of an object's
    values (its *shape*, one ``tuple(map(type, ...))``) are checked field by field only the
    first time that shape is seen; the strings inside its ``list[str]`` fields are checked
    all at once; only the other fields (nested objects, dicts, times) take a decoder call each.
    """

    def __init__(self, cls: type) -> None:
        hints = get_type_hints(cls)
        fields = [f for f in dataclasses.fields(cls) if f.init]
        self.cls = cls
        self.names = [f.name for f in fields]
        self.n = len(fields)
        self.get = attrgetter(*self.names)
        codecs = [_codec(hints[f.name]) for f in fields]
        self.encs = [e for e, _d in codecs]
        self.plain = all(e is None for e in self.encs)
        self.allowed: list[set[type] | None] = []
        """Per field: the exact types its value may have; None: its decoder checks it."""
        lists: list[int] = []
        self.others: list[tuple[int, Dec]] = []
        for i, f in enumerate(fields):
            tp = hints[f.name]
            args = get_args(tp)
            optional = get_origin(tp) in (Union, types.UnionType) and len(args) == 2 and _NONE in args
            inner = (args[0] if args[1] is _NONE else args[1]) if optional else tp
            if inner in _PLAIN:
                self.allowed.append(_PLAIN[inner] | ({_NONE} if optional else set()))
            elif tp == list[str]:
                self.allowed.append({list})
                lists.append(i)
            else:
                self.allowed.append(None)
                self.others.append((i, codecs[i][1]))
        self.lists = _picker(lists) if lists else None
        self.shapes: set[tuple[type, ...]] = set()

    def encode(self, obj: Any) -> list[Any]:
        values = self.get(obj)
        if self.plain:
            return list(values)
        return [v if e is None else e(v) for e, v in zip(self.encs, values, strict=True)]

    def _learn(self, shape: tuple[type, ...]) -> None:
        check(len(shape) == self.n)
        check(all(ok is None or t in ok for t, ok in zip(shape, self.allowed, strict=True)))
        if len(self.shapes) < _SHAPES_MAX:
            self.shapes.add(shape)

    def decode(self, v: Any) -> Any:
        check(type(v) is list)
        shape = tuple(map(type, v))
        if shape not in self.shapes:
            self._learn(shape)
        if self.lists is not None:
            check(set(map(type, chain.from_iterable(self.lists(v)))) <= {str})
        if self.others:
            v = list(v)
            for i, dec in self.others:
                v[i] = dec(v[i])
        return self.cls(*v)


def _picker(idx: list[int]) -> Callable[[list[Any]], tuple[Any, ...]]:
    """``itemgetter`` that always returns a tuple (one index included)."""
    if len(idx) == 1:
        i = idx[0]
        return lambda v: (v[i],)
    return itemgetter(*idx)


_CODECS: dict[type, _DataclassCodec] = {}


def _dataclass_codec(cls: type) -> tuple[Enc, Dec]:
    codec = _CODECS.get(cls)
    if codec is None:
        codec = _CODECS[cls] = _DataclassCodec(cls)
    return codec.encode, codec.decode


def codec(cls: type) -> _DataclassCodec:
    _dataclass_codec(cls)
    return _CODECS[cls]


NOTE, SPLIT, LIVING_DOC, CARD, ANCHOR_REF = (codec(c) for c in (Note, SplitNote, LivingDoc, PaperCard, AnchorRef))
ITEM = codec(Item)


# --------------------------------------------------------------------------- notes


def note_to_data(note: Note) -> list[Any]:
    return NOTE.encode(note)


def note_from_data(v: Any) -> Note:
    return NOTE.decode(v)


def full_note_to_data(note: Note, split: SplitNote | None) -> list[Any]:
    """A note read in full with what it was split into; its items and IDs *are* the split's."""
    items = split is not None and note.items is split.items
    ids = split is not None and note.ids is split.ids
    light = dataclasses.replace(note, items=[] if items else note.items, ids=[] if ids else note.ids)
    return [NOTE.encode(light), None if split is None else SPLIT.encode(split), items, ids]


def full_note_from_data(v: Any) -> tuple[Note, SplitNote | None]:
    check(type(v) is list and len(v) == 4)
    note, split = NOTE.decode(v[0]), None if v[1] is None else SPLIT.decode(v[1])
    items, ids = v[2], v[3]
    check(type(items) is bool and type(ids) is bool and (split is not None or not (items or ids)))
    if split is not None and items:
        note.items = split.items
    if split is not None and ids:
        note.ids = split.ids
    return note, split


# --------------------------------------------------------------------------- living docs and their index


def doc_to_data(doc: LivingDoc, blobs: Blobs) -> list[Any]:
    """The doc, and its index when one was built (see :func:`curator.context.doc_index`)."""
    di = doc.__dict__.get("_curator_index")
    return [LIVING_DOC.encode(doc), _doc_index_to_data(di, doc, blobs) if isinstance(di, DocIndex) else None]


def doc_from_data(v: Any, blobs: memoryview) -> LivingDoc:
    check(type(v) is list and len(v) == 2)
    doc = LIVING_DOC.decode(v[0])
    check(all(type(s) is Section and s.index == i for i, s in enumerate(doc.sections)))
    if v[1] is not None:
        doc.__dict__["_curator_index"] = _doc_index_from_data(v[1], doc, blobs)
    return doc


def _refs_to_data(by_key: dict[str, list[AnchorRef]]) -> dict[str, list[Any]]:
    return {k: [ANCHOR_REF.encode(r) for r in refs] for k, refs in by_key.items()}


def _refs_from_data(v: Any) -> dict[str, list[AnchorRef]]:
    check(type(v) is dict)
    return {k: list_of(refs, ANCHOR_REF.decode) for k, refs in v.items()}


def _doc_index_to_data(di: DocIndex, doc: LivingDoc, blobs: Blobs) -> list[Any]:
    names = [[sorted(toks), ANCHOR_REF.encode(ref), name] for toks, ref, name in di.name_anchors]
    return [_section_index_to_data(di.index, doc, blobs), _refs_to_data(di.anchors_by_id), _refs_to_data(di.anchors_by_url),
            names, di.name_by_token, _refs_to_data(di.cited)]


def _doc_index_from_data(v: Any, doc: LivingDoc, blobs: memoryview) -> DocIndex:
    check(type(v) is list and len(v) == 6)
    index, by_id, by_url, names, by_token, cited = v
    name_anchors = []
    for entry in list_of(names, lambda e: e):
        check(type(entry) is list and len(entry) == 3)
        toks, ref, name = entry
        name_anchors.append((set(_strs(toks)), ANCHOR_REF.decode(ref), _str(name)))
    check(type(by_token) is dict)
    n = len(name_anchors)
    for ids in by_token.values():
        check(not _ints(ids) or 0 <= min(ids) and max(ids) < n)
    return DocIndex(_section_index_from_data(index, doc, blobs), _refs_from_data(by_id), _refs_from_data(by_url),
                    name_anchors, by_token, _refs_from_data(cited))


def _section_index_to_data(ix: SectionIndex, doc: LivingDoc, blobs: Blobs) -> list[Any]:
    """The index's own parts; the memo of scores is saved apart (see :func:`memo_to_data`)."""
    if ix.doc is not doc:
        raise Miss
    where = {id(s): i for i, s in enumerate(doc.sections)}
    units: list[Unit] = list(ix.units)
    seen = {id(u) for u in units}
    for us in ix.by_label.values():
        for u in us:
            if id(u) not in seen:
                seen.add(id(u))
                units.append(u)
    pos = {id(u): i for i, u in enumerate(units)}
    if any(id(u.section) not in where for u in units):
        raise Miss
    return [
        [[where[id(u.section)], u.label, u.title, u.text, list(u.parts)] for u in units],
        len(ix.units),
        {label: [pos[id(u)] for u in us] for label, us in ix.by_label.items()},
        [x for kv in ix.section_unit.items() for x in kv],
        None if ix.bm25 is None else blobs.add(_bm25_blob(ix.bm25)),
        ix.lower_titles,
        ix.anchor_section,
        sorted(ix.anchoring),
    ]


def _section_index_from_data(v: Any, doc: LivingDoc, blobs: memoryview) -> SectionIndex:
    check(type(v) is list and len(v) == 8)
    units_v, n_leaves, by_label_v, section_unit_v, bm25_v, lower_titles, anchor_section, anchoring = v
    sections = doc.sections
    units = []
    for u in list_of(units_v, lambda e: e):
        check(type(u) is list and len(u) == 5)
        at, label, title, text, parts = u
        check(type(at) is int and 0 <= at < len(sections))
        units.append(Unit(sections[at], _str(label), _str(title), _str(text), tuple(_strs(parts))))
    check(type(n_leaves) is int and 0 <= n_leaves <= len(units))
    check(type(by_label_v) is dict)
    by_label = {}
    for label, ids in by_label_v.items():
        check(not _ints(ids) or 0 <= min(ids) and max(ids) < len(units))
        by_label[label] = [units[i] for i in ids]
    section_unit = _int_str_pairs(section_unit_v)
    check(type(anchor_section) is dict and (not anchor_section or set(map(type, anchor_section.values())) == {str}))
    ix: SectionIndex = object.__new__(SectionIndex)  # its parts, not its constructor: that is the cost saved
    ix.doc = doc
    ix.units = units[:n_leaves]
    ix.by_label = by_label
    ix.section_unit = section_unit
    check(bm25_v is None or n_leaves > 0)
    ix.bm25 = None if bm25_v is None else LazyBM25(blob(blobs, bm25_v), ix.units)
    ix.memo = {}
    ix.memo_changed = False
    ix.lower_titles = _strs(lower_titles)
    ix._titles = None
    ix.anchor_section = anchor_section
    ix.anchoring = set(_strs(anchoring))
    return ix


def _int_str_pairs(v: Any) -> dict[int, str]:
    check(type(v) is list and len(v) % 2 == 0)
    keys, values = v[::2], v[1::2]
    _ints(keys)
    _strs(values)
    return dict(zip(keys, values, strict=True))


class LazyBM25(BM25):
    """A cached index's BM25, decoded on its first query: a warm run rarely makes one (the memo
    of scores answers), and its thousands of floats are the slowest part of a doc to decode.
    Data that does not decode is rebuilt from the units, as the index's constructor builds it."""

    def __init__(self, data: bytes, units: list[Unit]) -> None:
        self.data: bytes | None = data
        self.units = units
        self.loaded = False

    def load(self) -> None:
        if self.loaded:
            return
        try:
            real = _bm25_from_data(loads(self.data or b""), len(self.units))
        except Exception:  # damaged or foreign: count it again
            real = units_bm25(self.units)
            self.data = None
            check(real is not None)
        self.__dict__.update(vars(real))
        self.loaded = True

    def scores(self, query: Any, max_terms: int = 48) -> list[float]:
        self.load()
        return super().scores(query, max_terms)


def _bm25_blob(bm: BM25) -> bytes:
    if isinstance(bm, LazyBM25) and bm.data is not None:
        return bm.data  # as it was read: it decodes (or it would have been rebuilt)
    return dumps(_bm25_to_data(bm))


def _bm25_to_data(bm: BM25) -> list[Any]:
    """Postings flat (tokens, their counts, then every (document, weight) in order): decoded in C."""
    toks = list(bm.postings)
    docs = [i for t in toks for i, _w in bm.postings[t]]
    weights = [w for t in toks for _i, w in bm.postings[t]]
    return [bm.n, bm.k1, bm.b, toks, [len(bm.postings[t]) for t in toks], docs, weights, [bm.idf[t] for t in toks]]


def _bm25_from_data(v: Any, n_docs: int) -> BM25:
    check(type(v) is list and len(v) == 8)
    n, k1, b, toks, counts, docs, weights, idf = v
    check(n == n_docs and type(n) is int)
    for part, kind in ((k1, _num), (b, _num), (toks, _strs), (counts, _ints), (docs, _ints), (weights, _floats),
                       (idf, _floats)):
        kind(part)
    check(len(counts) == len(toks) == len(idf) and len(docs) == len(weights) == sum(counts))
    check(not docs or 0 <= min(docs) and max(docs) < n)
    check(not counts or min(counts) > 0)
    check(all(map(math.isfinite, weights)) and all(map(math.isfinite, idf)))
    pairs = list(zip(docs, weights, strict=True))
    postings: dict[str, list[tuple[int, float]]] = {}
    at = 0
    for t, c in zip(toks, counts, strict=True):
        postings[t] = pairs[at : at + c]
        at += c
    check(len(postings) == len(toks))
    bm: BM25 = object.__new__(BM25)
    bm.k1, bm.b, bm.n = k1, b, n
    bm.postings = postings
    bm.idf = dict(zip(toks, idf, strict=True))
    return bm


def memo_to_data(memo: dict[tuple[bytes, int], tuple[tuple[int, float], ...]]) -> list[Any]:
    """A section index's memo of scores (:meth:`curator.suggest.SectionIndex.top`), oldest first."""
    return [[key.hex(), k, [x for pair in best for x in pair]] for (key, k), best in memo.items()]


def memo_from_data(v: Any, n_units: int) -> dict[tuple[bytes, int], tuple[tuple[int, float], ...]]:
    out = {}
    for entry in list_of(v, lambda e: e):
        check(type(entry) is list and len(entry) == 3)
        key, k, flat = entry
        check(type(key) is str and len(key) == 32 and type(k) is int and type(flat) is list and len(flat) % 2 == 0)
        ids, scores = _ints(flat[::2]), _floats(flat[1::2])
        check(not ids or 0 <= min(ids) and max(ids) < n_units)
        try:
            digest = bytes.fromhex(key)
        except ValueError as exc:
            raise Miss from exc
        out[(digest, k)] = tuple(zip(ids, scores, strict=True))
    return out


# --------------------------------------------------------------------------- cards and the topic vocabulary


def card_to_data(card: PaperCard) -> list[Any]:
    return CARD.encode(card)


def card_from_data(v: Any) -> PaperCard:
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
