"""Hypothesis strategies shared by the property tests: arbitrary text salted with the pieces a
reader must not trip on (a module of ``tests/``, importable from every test folder)."""

from __future__ import annotations

from hypothesis import strategies as st


def salted_text(pieces: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """Any text, wide Unicode, full-width forms, and runs of *pieces* with short filler."""
    return st.one_of(
        st.text(),
        st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x2FFF)),
        st.text(alphabet=st.characters(min_codepoint=0xFF00, max_codepoint=0xFF65)),
        st.lists(st.one_of(pieces, st.text(max_size=3)), max_size=20).map("".join),
    )
