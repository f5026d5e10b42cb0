"""A note's whole form is held deflated until the cache is written; unpacking what a cache file
carries is bounded and checked (a cache is untrusted input)."""

from __future__ import annotations

import zlib

import pytest

from curator import persist
from curator.persist import Miss, pack, unpack


def test_a_packed_blob_unpacks_to_what_was_packed_and_is_smaller() -> None:
    data = b'{"text":"' + b"a note's line, again and again; " * 200 + b'"}'
    packed = pack(data)
    assert unpack(packed) == data
    assert unpack(memoryview(packed)) == data
    assert len(packed) * 4 < len(data)


@pytest.mark.parametrize(
    "blob",
    [b"", b"not deflated at all", zlib.compress(b"whole")[:-3], zlib.compress(b"x") + b"tail"],
    ids=["empty", "junk", "cut", "trailing"],
)
def test_what_pack_did_not_write_is_a_miss(blob: bytes) -> None:
    with pytest.raises(Miss):
        unpack(blob)


def test_a_blob_that_unpacks_past_the_limit_is_a_miss(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A few KB that would inflate to gigabytes are refused at the limit, not inflated."""
    monkeypatch.setattr(persist, "PACKED_MAX", 1 << 16)
    bomb = zlib.compress(b"\0" * (1 << 20), 9)
    assert len(bomb) < 2048
    with pytest.raises(Miss):
        unpack(bomb)
    assert unpack(zlib.compress(b"\0" * (1 << 16))) == b"\0" * (1 << 16)
