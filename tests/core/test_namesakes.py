"""One acronym, two papers: a new paper named like one the doc anchors ("CLAMP" the feature
visualization method, "CLAMP" the steering method) goes where its words say, not where its
namesake sits; the name is an identifier, not wording."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import one_note_analysis

from curator.analysis import analyze

RELAYS = Path(__file__).resolve().parents[1] / "relays"

DOC = """# interpretability living doc

## C Vision

### C.2 Feature visualization

- **MACO** (2306.06805): magnitude-constrained optimization of images for ViTs.

### C.3 Sparse autoencoders

- **TopK SAE** (2406.04093): top-k sparsity for dictionary learning on residual streams.

### C.4 Circuits

- **ACDC** (2304.14997): automated circuit discovery by patching edges.

## D Control

### D.1 Steering vectors and activation addition

- **CLAMP: Contrastive Layer-wise Activation Modulation** (arXiv:2511.09234): per-layer
  learned scales on contrastive steering vectors; persona consistency 0.81.
- **CAA** (2312.06681): contrastive activation addition for steering.
- Glossary: CLAMP (as in D.1) clamps layer-wise activation scales.
- CLAMP's ablations: per-head scales help less than per-layer ones.

### D.2 Probing

- **Linear probes** (1610.01644): linear classifiers on hidden states.
"""

NOTE = """# reading

1. **CLAMP** (arXiv:2603.01472): clamped activation maximization for feature visualization;
   humans name the concept 64% vs 38% (CLAMP off: 38%)
"""


def _analysis(tmp_path: Path, note: str = NOTE):  # type: ignore[no-untyped-def]
    path = "inbox/yu/2026-03-08T2210-reading.md"
    return one_note_analysis(tmp_path, "interp", DOC, path, note, "2026-03-08T00:00:00+00:00")


def test_a_namesake_of_an_anchored_paper_goes_where_its_words_say(tmp_path: Path) -> None:
    """relay-interp: CLAMP (2603.01472, feature visualization of ViT SAE latents) is named like
    the anchored steering paper CLAMP (2511.09234, §D.1); the name pulled it to §D.1."""
    relay = RELAYS / "relay-interp"
    window = json.loads((relay / "expected.json").read_text(encoding="utf-8"))["window"]
    got = analyze(relay, "interpretability", window["start"], window["end"], save_cache=False)
    incs = {inc.id: inc for inc in got.increments}
    clamp = incs["2603.01472"]
    assert clamp.status == "new"
    assert [s.section for s in clamp.suggested_sections][:1] == ["§C.2"]


def test_the_anchored_paper_itself_still_finds_its_section_by_name(tmp_path: Path) -> None:
    """Its own name is no namesake: a note on the anchored CLAMP is placed with it."""
    note = (
        "# reading\n\n1. **CLAMP: Contrastive Layer-wise Activation Modulation** "
        "(arXiv:2511.09234)\n   - v2 adds a persona ablation\n"
    )
    incs = {inc.id: inc for inc in _analysis(tmp_path, note).increments}
    assert incs["2511.09234"].status == "anchored"
    assert [a.section for a in incs["2511.09234"].anchored_in] == ["§D.1"]
