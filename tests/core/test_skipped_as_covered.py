"""A note that skips a paper because it believes the doc already has it leaves the question to the
doc: not anchored there, the paper is new; a plain "skip" is still the author's verdict."""

from __future__ import annotations

from pathlib import Path

from conftest import one_note_analysis

DOC = """# genomics living doc

## 5 Single-cell models

### 5.2 Foundation models

- **scGPT** (2503.22974): generative pretraining on 33M cells.
"""


def _status(tmp_path: Path, line: str) -> str:
    note = f"# Reading\n\n- {line}\n"
    got = one_note_analysis(
        tmp_path,
        "genomics",
        DOC,
        "inbox/agnieszka/2027-10-31T1000-czytanie.md",
        note,
        "2027-10-31T00:00:00+00:00",
    )
    [inc] = [i for i in got.increments if "2710.20318" in i.arxiv]
    return inc.status


def test_skipped_as_already_in_the_doc_but_not_anchored_is_new(tmp_path: Path) -> None:
    line = "scRNA foundation model 2710.20318 — już jest w dokumencie pod 5.2 — pomijam"
    assert _status(tmp_path, line) == "new"


def test_skipped_in_english_too(tmp_path: Path) -> None:
    line = "Cell atlas transformer 2710.20318: already in the doc under 5.2, skip"
    assert _status(tmp_path, line) == "new"


def test_a_plain_skip_is_still_the_authors_verdict(tmp_path: Path) -> None:
    line = "Cell atlas transformer 2710.20318: wrong team, skip"
    assert _status(tmp_path, line) == "off-topic"
