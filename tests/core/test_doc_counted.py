"""A doc its renderer numbers (pandoc / Quarto ``number-sections``): cited by the rendered
numbers, its front matter no heading."""

from __future__ import annotations

from curator.living_doc import parse_living_doc

QUARTO = """---
title: "neuro — living doc"
number-sections: true
format:
  html:
    anchor-sections: true
---

Readers cite the rendered numbers.

## Neural data models {#sec-ndfm}

### Pretraining {#sec-pre}

- **SpikeFM** (arXiv:2601.00001)

### Alignment

## Reading queue {.unnumbered}

- arXiv:2601.00009

## Spike sorting

### Learned sorters {-}

### Drift correction

- **DriftNet** (arXiv:2601.00002)
"""


def _sections(text: str) -> dict[str, str | None]:
    return {s.title: s.number for s in parse_living_doc(text, "neuro.md", "neuro").sections}


def test_headings_take_the_numbers_the_renderer_gives_them() -> None:
    got = _sections(QUARTO)
    assert got["Neural data models"] == "§1"
    assert got["Pretraining"] == "§1.1"
    assert got["Alignment"] == "§1.2"
    assert got["Reading queue"] is None, "an unnumbered heading gets no number"
    assert got["Spike sorting"] == "§2", "… and does not count"
    assert got["Learned sorters"] is None
    assert got["Drift correction"] == "§2.1"


def test_front_matter_is_no_heading() -> None:
    doc = parse_living_doc(QUARTO, "neuro.md", "neuro")
    assert not any("anchor-sections" in s.title for s in doc.sections)
    anchors = {a.key: s.number for s in doc.sections for a in s.anchors}
    assert anchors["2601.00002"] == "§2.1"


def test_without_the_switch_nothing_is_counted() -> None:
    got = _sections(QUARTO.replace("number-sections: true", "toc: true"))
    assert got["Neural data models"] is None


def test_a_doc_that_numbers_its_own_headings_keeps_its_numbers() -> None:
    got = _sections(QUARTO.replace("## Spike sorting", "## 7. Spike sorting"))
    assert got["7. Spike sorting"] == "§7"
    assert got["Neural data models"] is None, "its own numbers, not a count"


def test_a_heading_written_as_html_is_a_heading() -> None:
    text = (
        "# hci — living doc\n\n"
        '<h2 id="p3">3 · Trust &amp; reliance</h2>\n\n### 3.2 Calibration displays\n\n'
        "- **CalibBar** (arXiv:2710.01482)\n\n"
        '<h2 id="queue">Reading queue (not anchored)</h2>\n\n- arXiv:2709.27104 — to read\n'
    )
    doc = parse_living_doc(text, "hci.md", "hci")
    got = {s.title: s.number for s in doc.sections}
    assert got["3 · Trust & reliance"] == "§3" and got["3.2 Calibration displays"] == "§3.2"
    anchored = {a.key for s in doc.sections for a in s.anchors if a.kind == "arxiv"}
    assert anchored == {"2710.01482"}, "the queue under its HTML heading anchors nothing"


def test_parts_written_with_a_trailing_zero_are_the_parts() -> None:
    text = (
        "# astro\n\n## 1.0 Transients\n\n### 1.1 Classifiers\n\n- **A** (arXiv:2601.00001)\n\n"
        "## 2.0 Galaxies\n\n### 2.1 Photo-z\n\n- **B** (arXiv:2601.00002)\n"
    )
    got = _sections(text)
    assert got["1.0 Transients"] == "§1" and got["1.1 Classifiers"] == "§1.1"
    assert got["2.0 Galaxies"] == "§2" and got["2.1 Photo-z"] == "§2.1"
    lone = _sections("# x\n\n## 1.0 Only\n\n### 1.1 Sub\n")
    assert lone["1.0 Only"] == "§1.0", "one part alone is no outline"
