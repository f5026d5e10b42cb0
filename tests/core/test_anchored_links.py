"""A link the living doc anchors, named in passing by a note about something else ("we ran it in
ManiSkill3 (github.com/haosulab/ManiSkill)"), is a mention of that anchored thing: the editor
sees it anchored, and where.  A link anchored on the same line as the item's own paper is that
paper's own code, not a thing of its own."""

from __future__ import annotations

from pathlib import Path

from conftest import one_note_analysis

DOC = """# robotics living doc

## 3 Simulation

### 3.3 Simulators and benchmarks

- **ManiSkill3** (https://github.com/haosulab/ManiSkill, anchored 09-18): GPU-parallel simulator.
- **GraspNet-X** (arXiv:2601.04444, code: https://github.com/acme/graspnet-x): grasping baseline.

## 4 Dexterous hands

### 4.1 Sim-to-real for hands

- Residual dynamics and actuator identification for low-cost arms.
"""

NOTE = """# Reading, 1 Nov

## ResidualSysID: online actuator identification for low-cost arms

- arXiv: 2610.15570
- Residual dynamics learned online; sim-to-real gap on the SO-100 arm halves.
- They ran the sim side in ManiSkill3 (github.com/haosulab/ManiSkill), so we could reproduce it.

## GraspNet-X, again

- arXiv: 2601.04444
- A v2 of the checkpoint in its repo (github.com/acme/graspnet-x); 2x success on real hands.
"""


def _analysis(tmp_path: Path):  # type: ignore[no-untyped-def]
    path = "inbox/jake/2026-11-01T0130-reading.md"
    return one_note_analysis(tmp_path, "robotics", DOC, path, NOTE, "2026-10-31T12:00:00+00:00")


def test_an_anchored_repo_named_in_passing_is_shown_anchored_where_the_doc_has_it(
    tmp_path: Path,
) -> None:
    incs = {inc.id: inc for inc in _analysis(tmp_path).increments}
    repo = incs.get("github.com/haosulab/maniskill")
    assert repo is not None, sorted(incs)
    assert repo.status == "anchored"
    assert [a.section for a in repo.anchored_in] == ["§3.3"]
    assert [s.path for s in repo.sources] == ["inbox/jake/2026-11-01T0130-reading.md"]
    assert all(s.mention for s in repo.sources)
    # the paper whose item names it stays the item, new
    assert incs["2610.15570"].status == "new"


def test_a_papers_own_repo_anchored_on_its_line_is_not_a_thing_of_its_own(
    tmp_path: Path,
) -> None:
    """GraspNet-X's repo is anchored on GraspNet-X's own line: an item about GraspNet-X naming
    it names its own code, so there is no second increment keyed by the repo."""
    incs = {inc.id: inc for inc in _analysis(tmp_path).increments}
    assert incs["2601.04444"].status == "anchored"
    assert "github.com/acme/graspnet-x" not in incs, sorted(incs)


def test_an_anchored_thing_named_in_passing_lends_no_words_to_the_overlaps(
    tmp_path: Path,
) -> None:
    """The passage that names ManiSkill is about ResidualSysID: what it names (other papers,
    coined names) must not count as named by ManiSkill, or a name would turn "common" (and
    stop relating anything) because one passage was counted twice."""
    from curator.analysis import _naming_items

    incs = {inc.id: inc for inc in _analysis(tmp_path).increments}
    assert _naming_items(incs["github.com/haosulab/maniskill"]) == []
    paper = incs["2610.15570"]
    assert _naming_items(paper) == paper.items and paper.items
