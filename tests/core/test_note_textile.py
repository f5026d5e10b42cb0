"""A wiki page written in Textile (Redmine): its ``h2.`` headings part the page, its ``# item``
lines are entries (not headings), and a verdict under "Not ours" stays there."""

from __future__ import annotations

from pathlib import Path

from test_note_formats import run

from curator.note_textile import may_be_textile, textile_markup

PAGE = """h1. Reading for the relay

h2. New

# *JudgeBench-2*: "JudgeBench-2: Auditing LLM Judges":https://arxiv.org/abs/2711.01877 — twelve judges audited, eight drift under paraphrase.
# *RubricLens*: "RubricLens":https://arxiv.org/abs/2711.02561v1 — rubric-level scores for judges.

h2. Not ours

* "HimaCast":https://arxiv.org/abs/2711.02290 — convective nowcasting from satellite images. Not our topic; it belongs to the weather team.
"""


def test_a_textile_page_reads_as_markdown_line_for_line() -> None:
    assert may_be_textile(PAGE)
    md = textile_markup(PAGE)
    assert md.splitlines()[2] == "## New"
    assert md.splitlines()[4].startswith("1. *JudgeBench-2*: [JudgeBench-2: Auditing LLM Judges](")
    assert len(md.splitlines()) == len(PAGE.splitlines())
    assert not may_be_textile("h2. one line only, no links\n# a heading\n")


def test_a_verdict_under_not_ours_leaves_the_entries_above_new(tmp_path: Path) -> None:
    incs = run(tmp_path, PAGE)
    assert incs["2711.01877"].status == "new"
    assert incs["2711.02561"].status == "new"
    assert incs["2711.02290"].status != "new"


NOTIFICATION = """SciX daily arXiv notification

 1  2027arXiv271104218H   arXiv:2711.04218 [cs.CV]
    Hale, K.; Moreau, P.
    TerraPair: Cross-Sensor Masked Pretraining for judges
    https://scixplorer.org/abs/2027arXiv271104218H/abstract

 2  2027arXiv271103390K   arXiv:2711.03390 [eess.IV]
    Kowalczyk, A.
    FloodFormer: evaluation of flood judges
    https://ui.adsabs.harvard.edu/abs/2027arXiv271103390K/abstract
"""


def test_an_abstract_services_record_is_the_papers_page_not_an_item(tmp_path: Path) -> None:
    incs = run(tmp_path, NOTIFICATION)
    assert not [k for k in incs if "scixplorer" in k or "adsabs" in k]
    assert {"2711.04218", "2711.03390"} <= set(incs)
