"""A note saved as a JSON export reads as what its author wrote: its ``\\uXXXX`` escapes as the
characters they stand for (an offset "UTC\\u221206", a "\\u00a75.1"), and an annotation tool's
entries (a page's address, its title inside the object that describes the page, the note on it)
as items."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import one_note_analysis

from curator.json_escapes import unescape_json_text
from curator.note_json import unfold_json
from curator.notes import split_note


@pytest.mark.parametrize(
    ("escaped", "read"),
    [
        (r"UTC\u221206", "UTC−06"),
        (r"\u00a75.1", "§5.1"),
        (r"Gal\u00e1pagos", "Galápagos"),
        (r"\ud83d\ude00", "😀"),  # a surrogate pair: one character
        (r"Aso S\u00c4\u0081", "Aso Sā"),  # a chat download escapes each byte of UTF-8
        (r"caf\u00e9 \u00e0", "café à"),  # bytes that are no UTF-8 are each their character
        (r"\u001b[31m", r"\u001b[31m"),  # a control character stays an escape: never run
        (r"\u009b31m", r"\u009b31m"),  # a C1 control as well
        (r"\ud83d alone", r"\ud83d alone"),  # a lone surrogate is no character
        (r"\u0022 \u005c", r"\u0022 \u005c"),  # JSON's own quote and backslash stay escaped
        (r"\\u00e9", r"\\u00e9"),  # an escaped backslash: the rest is text
        ("no escapes here", "no escapes here"),
    ],
)
def test_escapes_read_as_the_printable_characters_they_stand_for(escaped: str, read: str) -> None:
    assert unescape_json_text(escaped) == read


def test_an_unescaped_document_is_still_the_same_json() -> None:
    doc = {"a": 'He said "§5.1" \\ é 😀 \x1b[0m', "b": ["Gal\u00e1pagos", "\u2028"]}
    escaped = json.dumps(doc)  # ensure_ascii: every non-ASCII character escaped
    assert json.loads(unescape_json_text(escaped)) == doc


def _annotation(uri: str, title: str, text: str) -> dict:
    return {
        "id": "Xk4Qe3pYEe",
        "created": "2027-11-06T20:02:51.118Z",
        "uri": uri,
        "document": {"title": [title]},
        "target": [{"source": uri, "selector": [{"type": "TextQuoteSelector", "exact": "x"}]}],
        "text": text,
        "tags": ["fairness"],
        "links": {"html": "https://hypothes.is/a/Xk4Qe3pYEe"},
    }


EXPORT = json.dumps(
    {
        "export_note": "Mateo, annotations exported from Puerto Ayora (Galápagos, UTC−06)"
        " on Sat 6 Nov 2027 19:35.",
        "total": 2,
        "rows": [
            _annotation(
                "https://arxiv.org/abs/2711.03417v1",
                "DriftGap: Certifying Equalized-Odds Gaps Under Bounded Covariate Shift",
                "A certificate for fairness under covariate shift, new for §5.1.",
            ),
            _annotation(
                "https://www.auditlens.org/blog/ll144-400-reports/",
                "What 400 Bias-Audit Reports Actually Say",
                "Systematic read of 412 audit reports; new for §3.4.",
            ),
        ],
    },
    indent=2,
)


def test_an_annotation_tools_entries_are_items_with_their_titles() -> None:
    text, origin = unfold_json(unescape_json_text(EXPORT))
    assert origin is not None
    items = split_note(text, "inbox/mateo/x.md").items
    assert [(it.title[:8], it.arxiv, it.urls) for it in items] == [
        ("DriftGap", ["2711.03417"], []),
        ("What 400", [], ["https://www.auditlens.org/blog/ll144-400-reports/"]),
    ]


DOC = """# fairness living doc

## 3 Audits

### 3.4 Regulatory audits

## 5 Robustness

### 5.1 Distribution shift

- **Older shift study** (2601.00001): fairness under covariate shift.
"""


def test_an_escaped_export_is_dated_by_the_offset_it_writes(tmp_path: Path) -> None:
    """19:35 at UTC−06 is 01:35 UTC the next day: inside a window that starts at midnight UTC,
    which the file name's 19:35 alone would put before it."""
    got = one_note_analysis(
        tmp_path,
        "fairness",
        DOC,
        "inbox/mateo/2027-11-06T1935-hypothesis-export.md",
        EXPORT,
        "2027-11-07T00:00:00+00:00",
    )
    (note,) = got.notes
    assert note.time is not None and note.time.isoformat() == "2027-11-06T19:35:00-06:00"
    assert note.in_window
    paper = next(i for i in got.increments if i.id == "2711.03417")
    assert paper.status == "new"
    assert paper.suggested_sections[0].section == "§5.1"
