"""A bare "§6.1" that ends an entry's remark as a clause of its own files the entry there; inside a
sentence it only refers to the doc."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import one_note_analysis

DOC = """# tabular living doc

## 1 Benchmarks

### 1.1 Broad benchmark suites

- **TabArena** (2601.00001): a living benchmark of tabular learners.

## 6 Synthetic data

### 6.1 Generative models

- **TabDDPM** (2601.00002): diffusion for tables.
"""


def _top(tmp_path: Path, remark: str) -> str:
    note = (
        "Sélection arXiv\n\n"
        "arXiv:2704.14698 [stat.ML]\n"
        "MissGen: A Broad Benchmark Suite of Tabular Learners\n"
        f"→ {remark}\n"
    )
    got = one_note_analysis(
        tmp_path,
        "tabular",
        DOC,
        "inbox/rami/2027-04-28T1640-selection.md",
        note,
        "2027-04-28T00:00:00+00:00",
    )
    [inc] = [i for i in got.increments if "2704.14698" in i.arxiv]
    return inc.suggested_sections[0].section


def test_a_reference_ending_the_remark_files_the_entry(tmp_path: Path) -> None:
    assert _top(tmp_path, "ne pas fusionner. §6.1.") == "§6.1"


def test_pour_a_section_files_the_entry(tmp_path: Path) -> None:
    assert _top(tmp_path, "à voir, pour §6.1 je pense") == "§6.1"


def test_a_reference_inside_a_sentence_does_not(tmp_path: Path) -> None:
    assert _top(tmp_path, "as §6.1 says, compared on benchmarks") == "§1.1"


def _verdict_list(tmp_path: Path, line: str) -> str:
    note = (
        "My pass before your cut.\n\n" + line + "\n✅ arXiv:2704.20001 — TabArena follow-up — 1.1\n"
    )
    got = one_note_analysis(
        tmp_path,
        "tabular",
        DOC,
        "inbox/rami/2027-04-28T1640-verdicts.md",
        note,
        "2027-04-28T00:00:00+00:00",
    )
    [inc] = [i for i in got.increments if "2704.14698" in i.arxiv]
    return inc.suggested_sections[0].section


def test_a_section_as_the_last_field_of_a_verdict_line_files_the_entry(tmp_path: Path) -> None:
    # the wording fits §1.1 (benchmarks); the row's last field says §6.1
    assert (
        _verdict_list(tmp_path, "✅ 2704.14698 — MissGen: a broad benchmark suite — 6.1") == "§6.1"
    )


def test_a_number_inside_the_line_is_no_section(tmp_path: Path) -> None:
    line = "✅ 2704.14698 — MissGen: a broad benchmark suite, 6.1 points up — strong"
    assert _verdict_list(tmp_path, line) == "§1.1"


def test_an_arrow_between_two_values_is_no_section(tmp_path: Path) -> None:
    # "1.9 → 1.1" is a load that went down, not a place in the doc
    assert _top(tmp_path, "max/mean load 1.9 → 6.1 on 256 experts, a broad benchmark") == "§1.1"


@pytest.mark.parametrize("remark", ["2704.14698 → 6.1", "Part 6 → 6.1", "Open of 6.1 → 6.1"])
def test_an_arrow_after_an_id_or_its_part_still_files_it(tmp_path: Path, remark: str) -> None:
    assert _top(tmp_path, remark) == "§6.1"
