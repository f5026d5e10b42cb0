"""A doc index's BM25 as the cache stores it (binary arrays after a JSON line) decodes to the
same postings and the same scores; anything else in its place is counted again from the doc."""

from __future__ import annotations

import math
import struct

import pytest
from conftest import SAMPLE, need

from curator.context import build_doc_index
from curator.doccodec import LazyBM25, _bm25_blob, doc_from_data, doc_to_data
from curator.living_doc import load_living_doc
from curator.persist import Blobs
from curator.suggest import SectionIndex
from curator.textfeatures import tokens


def _index() -> SectionIndex:
    root = need(SAMPLE)
    rel = next(p.relative_to(root).as_posix() for p in (root / "organized/knowledge").glob("*.md"))
    doc = load_living_doc(root, rel, "t")
    return build_doc_index(doc).index


def _round_trip(ix: SectionIndex, damage: bytes | None = None) -> SectionIndex:
    blobs = Blobs()
    data = doc_to_data(ix.doc, build_doc_index(ix.doc), blobs)
    raw = b"".join(blobs.parts)
    if damage is not None:
        raw = raw[: -len(damage)] + damage
    return doc_from_data(data, memoryview(raw))[1].index  # type: ignore[union-attr]


QUERIES = ["kv cache offload", "speculative decoding draft model", "memory bandwidth", ""]


def test_the_stored_postings_are_the_built_ones() -> None:
    built = _index()
    got = _round_trip(built)
    assert got.bm25 is not None and built.bm25 is not None
    got.bm25.load()  # type: ignore[attr-defined]
    assert got.bm25.idf == built.bm25.idf
    assert {t: (list(i), list(p)) for t, (i, p) in got.bm25.postings.items()} == {
        t: (list(i), list(p)) for t, (i, p) in built.bm25.postings.items()
    }
    for q in QUERIES:
        assert got.top(q) == built.top(q)


def _damaged(built: SectionIndex, how: str) -> bytes:
    blob = _bm25_blob(built.bm25)  # type: ignore[arg-type]
    nl = blob.index(b"\n")
    total = (len(blob) - nl - 1) // 12
    if how == "nan weight":
        return blob[:-8] + struct.pack("<d", math.nan)
    if how == "document out of range":
        return blob[: nl + 1] + struct.pack("<i", 10**6) + blob[nl + 5 :]
    if how == "cut":
        return blob[:-1]
    assert how == "counts off"
    return blob[: nl + 1] + blob[nl + 1 : nl + 1 + 4 * total] + blob[nl + 1 + 4 * total + 12 :]


@pytest.mark.parametrize("how", ["nan weight", "document out of range", "cut", "counts off"])
def test_damaged_postings_are_counted_again(how: str) -> None:
    """A weight that is not finite, a document out of range, a cut blob: the doc's own BM25."""
    built = _index()
    lazy = LazyBM25(_damaged(built, how), built.units)
    lazy.load()
    assert lazy.data is None  # rebuilt, not decoded
    assert lazy.idf == built.bm25.idf  # type: ignore[union-attr]
    for q in QUERIES:
        assert lazy.top(tokens(q)) == built.bm25.top(tokens(q))  # type: ignore[union-attr]
