"""The note splitter's cost grows with the note, not faster (issue 12: a 1 MB hostile note in < 2 s).

Headings naming a model over plain text, with a line citing each model, were quadratic twice
(each item searched every heading for its name; each remark tried every item's name: 10x the time
for 4x the note before).  The test splits n and 4n copies and compares CPU time in the same test:
linear is ~4x, quadratic 16x; the bound (9x, on the best of three) leaves room for a noisy machine. Asking questions of
text is counted too: a heading repeated 4n times is asked about once, as n times is.
"""

from __future__ import annotations

import time

import pytest

from curator import note_headings as notes
from curator.lexicon import forget_texts
from curator.mdblocks import plain_inline
from curator.notes import split_note


def _named_headings(n: int) -> str:
    """Headings naming a model over plain text, then a line citing each model (the headings are
    joined to the item that names them)."""
    heads = "".join(f"## About ModelNet{i}\n\nplain words here\n\n" for i in range(n))
    return heads + "".join(f"ModelNet{i} is arXiv:2608.{i:05d} indeed.\n\n" for i in range(n))


def _cpu(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        forget_texts(plain_inline.cache_clear)
        start = time.process_time()
        split_note(text, "inbox/al/2026-08-20T1200-x.md")
        best = min(best, time.process_time() - start)
    return best


def test_four_times_the_note_costs_about_four_times() -> None:
    small, large = _cpu(_named_headings(500)), _cpu(_named_headings(2_000))
    assert large < 9 * max(small, 0.01), (small, large)


def test_a_repeated_heading_is_asked_about_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"n": 0}
    real = notes._structural_re

    def counting() -> object:
        calls["n"] += 1
        return real()

    monkeypatch.setattr(notes, "_structural_re", counting)
    counts = []
    for n in (1_000, 4_000):
        forget_texts(plain_inline.cache_clear)
        calls["n"] = 0
        split_note("## Status of things\n\ntext\n\n" * n, "inbox/al/2026-08-20T1200-x.md")
        counts.append(calls["n"])
    assert counts[1] == counts[0] <= 4, counts
