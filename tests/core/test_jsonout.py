"""``jsonout.emit`` writes a document in pieces (no whole copy of a large analysis): the bytes
are exactly those of ``json.dumps`` of the whole, escaped, plus a newline."""

from __future__ import annotations

import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from curator import jsonout

_TEXT = st.text(
    alphabet=st.sampled_from(list('ab"\\\n\x00\x7f\x85\u2028\u2029\udcff é中😀')), max_size=6
)
_SCALAR = st.none() | st.booleans() | st.integers() | st.floats() | _TEXT
_KEY = _TEXT | st.integers() | st.floats() | st.booleans() | st.none()
_DOC = st.recursive(
    _SCALAR,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(_TEXT, inner, max_size=4)
        | st.dictionaries(_KEY, inner, max_size=3)
    ),
    max_leaves=30,
)


class _Stdout:
    """A text stream with a binary buffer, as ``sys.stdout`` has."""

    def __init__(self) -> None:
        self.buffer = io.BytesIO()

    def write(self, _text: str) -> int:
        raise AssertionError("emit writes UTF-8 to the buffer")

    def flush(self) -> None:
        pass


def _whole(obj: object) -> str:
    return jsonout.dumps(obj) + "\n"


@settings(max_examples=400, deadline=None)
@given(doc=_DOC, batch=st.sampled_from([1, 7, 1 << 20]))
def test_emit_is_dumps_of_the_whole(doc: object, batch: int) -> None:
    old = jsonout._BATCH
    jsonout._BATCH = batch
    try:
        out = _Stdout()
        jsonout.emit(doc, out)
        text = io.StringIO()
        jsonout.emit(doc, text)
    finally:
        jsonout._BATCH = old
    assert out.buffer.getvalue() == _whole(doc).encode("utf-8")
    assert text.getvalue() == _whole(doc)
    json.loads(out.buffer.getvalue())  # lone surrogates and C1 controls went out escaped


def test_emit_with_indent_is_dumps_with_indent() -> None:
    doc = {"a": [1, {"b": "\x85"}], "c": []}
    out = _Stdout()
    jsonout.emit(doc, out, indent=2)
    assert out.buffer.getvalue() == (jsonout.dumps(doc, indent=2) + "\n").encode("utf-8")
