"""A living doc and its index (curator.context.DocIndex) as plain data and back.

The index is what a warm run saves most by caching: building it tokenises the whole doc
(~0.2 s on a 1 MB doc).  Its parts are checked while decoding like everything a cache holds
(see :mod:`curator.cachecodec`); references between them (a unit's section, a label's
units) are positions, checked to be in range.  The BM25 postings are a blob of their own,
decoded on the first query that needs them (:class:`LazyBM25`).
"""

from __future__ import annotations

import math
import sys
from array import array
from collections import Counter
from itertools import chain
from typing import Any

from curator.cachecodec import (
    ANCHOR_REF,
    LIVING_DOC,
    check_floats,
    check_ints,
    check_num,
    check_str,
    check_strs,
    column_types,
    list_of,
    nested_column,
    nested_types,
)
from curator.context import DocIndex
from curator.models import AnchorRef, LivingDoc, Section
from curator.persist import Blobs, Miss, blob, check, dumps, loads
from curator.suggest import SectionIndex, Unit, pack_best, units_bm25, unpack_best
from curator.textfeatures import BM25, Postings


def doc_to_data(doc: LivingDoc, di: DocIndex | None, blobs: Blobs) -> list[Any]:
    """The doc, and its index when one was built (see :func:`curator.context.build_doc_index`)."""
    return [
        LIVING_DOC.encode_one(doc),
        _doc_index_to_data(di, doc, blobs) if di is not None else None,
    ]


def doc_from_data(v: Any, blobs: memoryview) -> tuple[LivingDoc, DocIndex | None]:
    check(type(v) is list and len(v) == 2)
    doc = LIVING_DOC.decode_one(v[0])
    check(all(type(s) is Section and s.index == i for i, s in enumerate(doc.sections)))
    return doc, _doc_index_from_data(v[1], doc, blobs) if v[1] is not None else None


def _refs_to_data(by_key: dict[str, list[AnchorRef]]) -> list[Any]:
    """key → refs as the keys, how many refs each has, and all the refs as columns."""
    return [
        list(by_key),
        list(map(len, by_key.values())),
        ANCHOR_REF.encode(list(chain.from_iterable(by_key.values()))),
    ]


def _refs_from_data(v: Any) -> dict[str, list[AnchorRef]]:
    check(type(v) is list and len(v) == 3)
    keys, counts, refs = v
    check_strs(keys)
    check(len(keys) == len(set(keys)))
    grouped = nested_column(ANCHOR_REF)[1]([counts, refs], len(keys))
    return dict(zip(keys, grouped, strict=True))


def _doc_index_to_data(di: DocIndex, doc: LivingDoc, blobs: Blobs) -> list[Any]:
    names = [
        [sorted(toks) for toks, _r, _n in di.name_anchors],
        ANCHOR_REF.encode([r for _t, r, _n in di.name_anchors]),
        [name for _t, _r, name in di.name_anchors],
    ]
    return [
        _section_index_to_data(di.index, doc, blobs),
        _refs_to_data(di.anchors_by_id),
        _refs_to_data(di.anchors_by_url),
        names,
        di.name_by_token,
        _refs_to_data(di.cited),
        _terms_to_data(di.section_terms),
    ]


def _terms_to_data(held: tuple[str, list[Counter[str]]] | None) -> list[Any] | None:
    if held is None:
        return None
    return [held[0], [[list(c), list(c.values())] for c in held[1]]]


def _terms_from_data(v: Any, n_sections: int) -> tuple[str, list[Counter[str]]] | None:
    if v is None:
        return None
    check(type(v) is list and len(v) == 2 and type(v[0]) is str)
    check(type(v[1]) is list and len(v[1]) == n_sections)
    out: list[Counter[str]] = []
    for row in v[1]:
        check(type(row) is list and len(row) == 2)
        terms, counts = check_strs(row[0]), check_ints(row[1])
        check(len(terms) == len(counts) == len(set(terms)) and (not counts or min(counts) > 0))
        out.append(Counter(dict(zip(terms, counts, strict=True))))
    return v[0], out


def _doc_index_from_data(v: Any, doc: LivingDoc, blobs: memoryview) -> DocIndex:
    check(type(v) is list and len(v) == 7)
    index, by_id, by_url, names, by_token, cited, terms = v
    check(type(names) is list and len(names) == 3)
    toks, refs, labels = names
    refs = ANCHOR_REF.decode(refs)
    nested_types(list, {str})(toks, len(refs))
    column_types({str})(labels, len(refs))
    name_anchors = list(zip(map(set, toks), refs, labels, strict=True))
    check(type(by_token) is dict)
    n = len(name_anchors)
    for ids in by_token.values():
        check(not check_ints(ids) or 0 <= min(ids) and max(ids) < n)
    return DocIndex(
        _section_index_from_data(index, doc, blobs),
        _refs_from_data(by_id),
        _refs_from_data(by_url),
        name_anchors,
        by_token,
        _refs_from_data(cited),
        _terms_from_data(terms, len(doc.sections)),
    )


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
    (
        units_v,
        n_leaves,
        by_label_v,
        section_unit_v,
        bm25_v,
        lower_titles,
        anchor_section,
        anchoring,
    ) = v
    sections = doc.sections
    units = []
    for u in list_of(units_v, lambda e: e):
        check(type(u) is list and len(u) == 5)
        at, label, title, text, parts = u
        check(type(at) is int and 0 <= at < len(sections))
        units.append(
            Unit(
                sections[at],
                check_str(label),
                check_str(title),
                check_str(text),
                tuple(check_strs(parts)),
            )
        )
    check(type(n_leaves) is int and 0 <= n_leaves <= len(units))
    check(type(by_label_v) is dict)
    by_label = {}
    for label, ids in by_label_v.items():
        check(not check_ints(ids) or 0 <= min(ids) and max(ids) < len(units))
        by_label[label] = [units[i] for i in ids]
    section_unit = _int_str_pairs(section_unit_v)
    check(
        type(anchor_section) is dict
        and (not anchor_section or set(map(type, anchor_section.values())) == {str})
    )
    # its parts, not its constructor: that is the cost saved
    ix: SectionIndex = object.__new__(SectionIndex)
    ix.doc = doc
    ix.units = units[:n_leaves]
    ix.by_label = by_label
    ix.section_unit = section_unit
    check(bm25_v is None or n_leaves > 0)
    ix.bm25 = None if bm25_v is None else LazyBM25(blob(blobs, bm25_v), ix.units)
    ix.memo = {}
    ix.memo_changed = False
    ix.lower_titles = check_strs(lower_titles)
    ix._titles = None
    ix.anchor_section = anchor_section
    ix.anchoring = set(check_strs(anchoring))
    return ix


def _int_str_pairs(v: Any) -> dict[int, str]:
    check(type(v) is list and len(v) % 2 == 0)
    keys, values = v[::2], v[1::2]
    check_ints(keys)
    check_strs(values)
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
            real = _bm25_from_blob(self.data or b"", len(self.units))
        except Exception:  # damaged or foreign: count it again
            rebuilt = units_bm25(self.units)
            self.data = None
            if rebuilt is None:
                raise Miss from None
            real = rebuilt
        self.__dict__.update(vars(real))
        self.loaded = True

    def scores(self, query: Any, max_terms: int = 48) -> list[float]:
        self.load()
        return super().scores(query, max_terms)

    def top(self, query: Any, k: int = 5, max_terms: int = 48) -> tuple[tuple[int, float], ...]:
        self.load()
        return super().top(query, k, max_terms)


def _bm25_blob(bm: BM25) -> bytes:
    """A line of JSON (documents, k1, b, the terms, their counts and idf), then every term's
    documents (int32) and weighted parts (float64), little-endian, end to end: the arrays as they
    are held, written and read in C (as JSON they took ~30 MB to write at 8,000 notes)."""
    if isinstance(bm, LazyBM25) and bm.data is not None:
        return bm.data  # as it was read: it decodes (or it would have been rebuilt)
    toks = list(bm.postings)
    ids, parts = array("i"), array("d")
    for t in toks:
        ids.extend(bm.postings[t][0])
        parts.extend(bm.postings[t][1])
    if sys.byteorder != "little":
        ids.byteswap()
        parts.byteswap()
    head = [bm.n, bm.k1, bm.b, toks, [len(bm.postings[t][0]) for t in toks]]
    return dumps([*head, [bm.idf[t] for t in toks]]) + b"\n" + ids.tobytes() + parts.tobytes()


def _bm25_from_blob(data: bytes, n_docs: int) -> BM25:
    end = data.find(b"\n")
    check(end > 0 and array("i").itemsize == 4)
    v = loads(data[:end])
    check(type(v) is list and len(v) == 6)
    n, k1, b, toks, counts, idf = v
    check(n == n_docs and type(n) is int)
    for part, kind in (
        (k1, check_num),
        (b, check_num),
        (toks, check_strs),
        (counts, check_ints),
        (idf, check_floats),
    ):
        kind(part)
    total = sum(counts)
    check(len(counts) == len(toks) == len(idf) and len(data) - end - 1 == 12 * total)
    all_ids, all_parts = array("i"), array("d")
    all_ids.frombytes(data[end + 1 : end + 1 + 4 * total])
    all_parts.frombytes(data[end + 1 + 4 * total :])
    if sys.byteorder != "little":
        all_ids.byteswap()
        all_parts.byteswap()
    check(not all_ids or 0 <= min(all_ids) and max(all_ids) < n)
    check(not counts or min(counts) > 0)
    check(all(map(math.isfinite, all_parts)) and all(map(math.isfinite, idf)))
    postings: dict[str, Postings] = {}
    at = 0
    for t, c in zip(toks, counts, strict=True):
        postings[t] = (all_ids[at : at + c], all_parts[at : at + c])
        at += c
    check(len(postings) == len(toks))
    bm: BM25 = object.__new__(BM25)
    bm.k1, bm.b, bm.n = k1, b, n
    bm.postings = postings
    bm.idf = dict(zip(toks, idf, strict=True))
    return bm


def memo_to_data(memo: dict[tuple[bytes, int], bytes]) -> list[Any]:
    """A section index's memo of scores (:meth:`curator.suggest.SectionIndex.top`), oldest first."""
    return [
        [key.hex(), k, [x for pair in unpack_best(best) for x in pair]]
        for (key, k), best in memo.items()
    ]


def memo_from_data(v: Any, n_units: int) -> dict[tuple[bytes, int], bytes]:
    out = {}
    for entry in list_of(v, lambda e: e):
        check(type(entry) is list and len(entry) == 3)
        key, k, flat = entry
        check(
            type(key) is str
            and len(key) == 32
            and type(k) is int
            and type(flat) is list
            and len(flat) % 2 == 0
        )
        ids, scores = check_ints(flat[::2]), check_floats(flat[1::2])
        check(not ids or 0 <= min(ids) and max(ids) < n_units)
        try:
            digest = bytes.fromhex(key)
        except ValueError as exc:
            raise Miss from exc
        out[(digest, k)] = pack_best(tuple(zip(ids, scores, strict=True)))
    return out
