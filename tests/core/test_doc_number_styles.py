"""Docs that number their sections in their own way: with hyphens ("3-2-1"), by a part's capital
and a number ("B5", "C1b"), or by words that count afresh in each part with the numbers only in
the Contents table.  curator reads them, shows each number as the doc writes it, and reads a
note's "Sekce 3-2-1" or "→ E4" as that section."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import one_note_analysis

from curator.hints import doc_number_words, read_hints
from curator.living_doc import parse_living_doc, shown_numbers
from curator.report import analysis_json

HYPHENS = """# Earth observation

## 1 Foundation models

### 1-1 Optical pretraining

- SatMAE — arXiv:2201.00001

### 1-2 Multi-sensor models

- CROMA — arXiv:2201.00002

## 3 Change detection

### 3-1 Optical bi-temporal

- BIT — arXiv:2201.00003

### 3-2 SAR change detection

#### 3-2-1 Flood mapping

- Sen1Floods11 — arXiv:2201.00004

#### 12-day repeat pass

- InSAR-Former — arXiv:2201.00005

#### 3-2-2 Damage assessment

- xBD — arXiv:2201.00006
"""

LETTERS = """# Medical imaging

## A — Segmentation

### A1 · Promptable segmentation

- MedSAM — arXiv:2201.00011

### A2 · Volumetric segmentation

- SAM-Med3D — arXiv:2201.00012

## C — Computational pathology

### C1 · Pathology foundation models

#### C1a · Tile encoders

- UNI — arXiv:2201.00013

#### C1b · Slide-level encoders

- Prov-GigaPath — arXiv:2201.00014

## E — Clinical evaluation

### E4 · Post-deployment monitoring

- DriftWatch — arXiv:2201.00015
"""


def _where(doc_text: str) -> dict[str, str | None]:
    doc = parse_living_doc(doc_text, "organized/knowledge/x.md", "x")
    shown = shown_numbers(doc)
    return {
        a.key: shown.get(s.number, s.number) if s.number else None
        for s in doc.sections
        for a in s.anchors
        if a.kind == "arxiv"
    }


def test_a_doc_numbered_with_hyphens_is_read_and_shown_its_way() -> None:
    where = _where(HYPHENS)
    assert where["2201.00001"] == "§1-1"
    assert where["2201.00004"] == "§3-2-1"
    assert where["2201.00006"] == "§3-2-2"
    doc = parse_living_doc(HYPHENS, "organized/knowledge/x.md", "x")
    assert [s.number for s in doc.sections if "repeat" in s.title] == [None]  # no "12-day"


def test_a_lone_hyphenated_heading_is_a_title() -> None:
    doc = parse_living_doc(
        "# Outlook\n\n## 3-5 year outlook\n\n## Methods\n", "organized/knowledge/x.md", "x"
    )
    assert [s.number for s in doc.sections] == [None, None, None]


def test_a_doc_labelled_by_part_capitals_and_numbers_is_read_and_shown_its_way() -> None:
    where = _where(LETTERS)
    assert where == {
        "2201.00011": "§A1",
        "2201.00012": "§A2",
        "2201.00013": "§C1a",
        "2201.00014": "§C1b",
        "2201.00015": "§E4",
    }
    doc = parse_living_doc(LETTERS, "organized/knowledge/x.md", "x")
    parts = {s.title: s.number for s in doc.sections if s.level == 2}
    assert parts["C — Computational pathology"] == "§C"  # the part its C1, C2 sit in


def _numbers(text: str, doc_text: str) -> list[str]:
    doc = parse_living_doc(doc_text, "organized/knowledge/x.md", "x")
    words = doc_number_words((s.number, s.title) for s in doc.sections if s.number)
    return [h.value for h in read_hints(text, doc_words=words) if h.kind == "number"]


def test_a_note_names_a_section_as_the_doc_writes_it() -> None:
    assert _numbers("Patří do sekce *3-2-1*, zavírá tam otevřený bod.", HYPHENS) == ["3.2.1"]
    assert _numbers("New; it answers the open line in 1-2 almost word for word.", HYPHENS) == [
        "1.2"
    ]
    assert _numbers("Solid, code and dashboards released. → E4.", LETTERS) == ["E.4"]
    assert _numbers("- Section: C1b. Not Prov-GigaPath.", LETTERS) == ["C.1.B"]  # §C1b's number


def test_a_negated_section_label_is_no_hint() -> None:
    assert _numbers("* Living doc: *A2* (native 3D). Not A1: it is volumetric.", LETTERS) == ["A.2"]
    assert _numbers(
        "Goes with B3 (metrics); don't file it under B5.", LETTERS + "\n### B3 · M\n"
    ) == ["B.3"]


def test_dates_and_ids_in_a_hyphen_doc_name_no_section() -> None:
    assert _numbers("Seen 2027-11-07, arXiv:2711.01877, pages 3-12.", HYPHENS) == []


def test_a_doc_in_plain_numbers_reads_no_bare_labels() -> None:
    doc = "# D\n\n## 1 Intro\n\n### 1.1 A\n\n### 1.2 B\n"
    assert _numbers("Scored 3-2 in the final, see A1 and B5.", doc) == []


def test_the_analysis_shows_sections_and_suggestions_as_the_doc_writes_them(
    tmp_path: Path,
) -> None:
    a = one_note_analysis(
        tmp_path,
        "eo",
        HYPHENS,
        "inbox/dana/2027-11-07T1000-floods.md",
        "# Floods\n\n- FloodNet v2 (arXiv:2711.00001): SAR flood maps. Sekce 3-2-1.\n"
        "- Sen1Floods11 (arXiv:2201.00004) again.\n",
        "2027-11-07T00:00:00+00:00",
    )
    out = json.loads(json.dumps(analysis_json(a)))
    by_id = {inc["id"]: inc for inc in out["increments"]}
    assert by_id["2711.00001"]["suggested_sections"][0]["section"] == "§3-2-1"
    assert [x["section"] for x in by_id["2201.00004"]["anchored_in"]] == ["§3-2-1"]
    assert "§3-2-1" in [s["section"] for s in out["living_doc"]["sections"]]
    # the editor may name it the doc's way
    from curator.decide import section_label

    assert section_label("3-2-1", a) == section_label("§3.2.1", a) == "§3.2.1"


RESTARTING = """# 3D vision

## Contents

| § | Heading in the body |
|---|---|
| §1 | Part I — Scene representations |
| §1.1 | Section 1 — Neural radiance fields |
| §1.2 | Section 2 — Grid encodings |
| §2 | Part II — Gaussian splatting |
| §2.1 | Section 1 — Core method |
| §2.2 | Section 2 — Compression |

## Part I — Scene representations

### Section 1 — Neural radiance fields

- NeRF — arXiv:2003.08934

### Section 2 — Grid encodings

- Instant-NGP — arXiv:2201.05989

## Part II — Gaussian splatting

### Section 1 — Core method

- 3DGS — arXiv:2308.04079

### Section 2 — Compression

- LightGaussian — arXiv:2311.17245
"""


def test_headings_that_count_afresh_in_each_part_take_the_contents_tables_numbers() -> None:
    assert _where(RESTARTING) == {
        "2003.08934": "§1.1",
        "2201.05989": "§1.2",
        "2308.04079": "§2.1",
        "2311.17245": "§2.2",
    }


PREFIXED = """# SciML

## S1 Foundations

### S1.1 Operator-learning theory

- DeepONet — arXiv:1910.03193

### S1.2 Hard constraints

- PINN-C — arXiv:2201.00021

## S3 Neural operators

### S3.2 Fourier operators

- FNO — arXiv:2010.08895
"""


def test_a_doc_numbered_after_a_letter_is_read_and_shown_its_way() -> None:
    assert _where(PREFIXED) == {
        "1910.03193": "§S1.1",
        "2201.00021": "§S1.2",
        "2010.08895": "§S3.2",
    }
    assert _numbers("Goes to S3.2, next to FNO.", PREFIXED) == ["S.3.2"]


OUTLINE = """# LLM security

## I. Threat model

### A. Attacker capabilities

- TM — arXiv:2201.00031

## II. Prompt injection

### B. Indirect injection

#### 1. Web content

- Greshake — arXiv:2302.12173

### C. Defenses

#### 3. Detection and guard models

- DataSentinel — arXiv:2201.00032

#### 4. System design

- CaMeL — arXiv:2201.00033
"""


def test_a_legal_outline_is_numbered_along_its_tree() -> None:
    assert _where(OUTLINE) == {
        "2201.00031": "§I.A",
        "2302.12173": "§II.B.1",
        "2201.00032": "§II.C.3",
        "2201.00033": "§II.C.4",
    }
    assert _numbers("TripWire — nouvo, seksyon II.C.3, bò kote DataSentinel.", OUTLINE) == [
        "II.C.3"
    ]
    assert _numbers("New paper for us: §II.C.4, not §II.B.1.", OUTLINE)[0] == "II.C.4"


def test_an_outline_written_in_full_in_each_heading_is_read_ieee_style() -> None:
    full = (
        OUTLINE.replace("### A. Attacker", "### I.A Attacker")
        .replace("### B. Indirect", "### II.B Indirect")
        .replace("#### 1. Web", "#### II.B.1 Web")
        .replace("### C. Defenses", "### II.C Defenses")
        .replace("#### 3. Detection", "#### II.C.3 Detection")
        .replace("#### 4. System", "#### II.C.4 System")
    )
    assert _where(full) == {
        "2201.00031": "§I.A",
        "2302.12173": "§II.B.1",
        "2201.00032": "§II.C.3",
        "2201.00033": "§II.C.4",
    }


def test_a_list_of_lettered_headings_alone_is_no_outline() -> None:
    doc = parse_living_doc(
        "# D\n\n## A. Data\n\n### 1. Sources\n\n## B. Models\n", "organized/knowledge/x.md", "x"
    )
    assert [s.number for s in doc.sections] == [None, "§A", None, "§B"]


BRACKETED = """# MT

## Low-resource MT [2]

### Back-translation and synthetic data [2.1]

- BT — arXiv:1808.09381

### Transfer and pivoting [2.2]

- Pivot — arXiv:2201.00041

### Leaderboard snapshot [2027-01]

- LB — arXiv:2201.00042
"""


def test_numbers_after_the_title_in_brackets_are_the_sections() -> None:
    where = _where(BRACKETED)
    assert where["1808.09381"] == "§2.1" and where["2201.00041"] == "§2.2"
    doc = parse_living_doc(BRACKETED, "organized/knowledge/x.md", "x")
    assert [s.number for s in doc.sections if "2027-01" in s.title] == [None]  # a date


def test_a_note_names_a_section_in_the_docs_brackets() -> None:
    assert _numbers(
        "ParityBPE: sabuwa ce (new). Sashe [2.1], it answers the Open line.", BRACKETED
    ) == ["2.1"]
    assert _numbers("See [2.9] and [1](https://example.org).", BRACKETED) == []


def test_the_briefing_and_the_session_show_sections_as_the_doc_writes_them(
    tmp_path: Path,
) -> None:
    from test_export import decide, render

    from curator.service.session import Session
    from curator.store import DecisionStore

    ws = tmp_path / "ws"
    (ws / "organized/knowledge").mkdir(parents=True)
    (ws / "organized/knowledge/eo.md").write_text(HYPHENS, encoding="utf-8")
    (ws / "inbox/dana").mkdir(parents=True)
    (ws / "inbox/dana/2027-11-07T1000-floods.md").write_text(
        "# Floods\n\n- FloodNet v2 (arXiv:2711.00001): SAR flood maps. Sekce 3-2-1.\n",
        encoding="utf-8",
    )
    (ws / "curator.toml").write_text(
        'topic = "eo"\ntimezone = "UTC"\nsince = "2027-11-07T00:00:00+00:00"\n'
        'until = "2027-11-08T00:00:00+00:00"\n',
        encoding="utf-8",
    )
    decide(ws, [("2711.00001", "approve", {"section": "§3.2.1"})])
    out = render(ws)
    assert "§3-2-1" in out and "§3.2.1" not in out
    from curator.analysis import analyze

    store = DecisionStore.open(ws, "tom", readonly=True, session_lock=False)
    try:
        session = Session(ws, None, analyze(ws), store, None)  # type: ignore[arg-type]
        assert session.written("§3.2.1") == "§3-2-1" and session.written("§1") == "§1"
        assert session.written(None) == ""
    finally:
        store.close()


def test_counts_quarters_and_ranges_in_headings_are_no_numbers() -> None:
    for text in (
        "# D\n\n## Agents (7)\n\n## Tools (3)\n\n## Data (12)\n",
        "# D\n\n## Q1 review\n\n## Q2 review\n\n## Q3 review\n",
        "# D\n\n## 2-3 players\n\n## 4-5 players\n\n## 6-8 players\n",
    ):
        assert not any(s.number for s in parse_living_doc(text, "x.md", "x").sections), text


def test_a_number_spelled_out_after_its_word_is_the_number() -> None:
    from curator.section_numbers import section_number

    assert section_number("Chapter Five — Quantum error mitigation") == "§5"
    assert section_number("Part Two: Data") == "§2"
    assert section_number("Chapter one of the story") is None, "a title, not a number"
    assert section_number("Five ways to decode") is None


LETTERED_DEEP = """# finance — living doc

## 1 Forecasting returns

### 1.A Deep sequence models

- **TSFM** (2201.00001): a foundation model for returns.

#### 1.A.1 Time-series foundation models

- **ChronoFin** (2201.00002): zero-shot forecasting.

## 2 Volatility & risk

### 2.B Tail risk

#### 2.B.1 Expected shortfall & quantile models

- **DeepES** (2201.00003): expected shortfall by quantile regression.
"""


def test_numbered_sections_under_a_lettered_section_are_sections() -> None:
    where = _where(LETTERED_DEEP)
    assert where["2201.00001"] == "§1.A"
    assert where["2201.00002"] == "§1.A.1"
    assert where["2201.00003"] == "§2.B.1"
    from curator.section_numbers import canonical_section

    assert canonical_section("Section 2.B.1") == "§2.B.1"
    assert canonical_section("§4.A.1") == "§4.A.1"
