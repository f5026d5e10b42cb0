"""A digest's one-line entries (``- **Title** — Paper: …; Link: …; Caveat: …``) read as the same
entries written over lines: their fields, their caveats, their own paper, and the line they are
on."""

from __future__ import annotations

from pathlib import Path

from test_note_formats import items, run

from curator.inline_entries import unfold_entries

ONE_LINE = """# Evening digest

Read on the train; links inline.

- **Judge audit** — Paper: Judges Read, Models Ignore: Rubric Checks of LLM Judges; Link: arXiv:2611.05830; Points: judge models ignore the rubric in 38% of pairwise preference comparisons; Caveat: only two judge families; not the same as JudgeBias (2610.02345), do not merge
- **Judge drift** — Link: https://arxiv.org/abs/2611.05831; Caveat: one judge model; Where: 1.2
"""

MULTI_LINE = """# Evening digest

Read on the train; links inline.

- **Judge audit**
  - Paper: Judges Read, Models Ignore: Rubric Checks of LLM Judges
  - Link: arXiv:2611.05830
  - Points: judge models ignore the rubric in 38% of pairwise preference comparisons
  - Caveat: only two judge families
    - not the same as JudgeBias (2610.02345), do not merge
- **Judge drift**
  - Link: https://arxiv.org/abs/2611.05831
  - Caveat: one judge model
  - Where: 1.2
"""


def _read(text: str) -> list[tuple[str, str | None, list[str], list[str], str | None]]:
    return [
        (it.title, it.primary_arxiv, it.points, it.caveats, it.section_hint) for it in items(text)
    ]


def test_a_one_line_entry_of_fields_reads_as_the_entry_written_over_lines() -> None:
    """Its caveat naming another paper no longer turns the entry into a remark about two papers;
    caveats are caveats and the section field files it, as on separate lines."""
    got = _read(ONE_LINE)
    assert got == _read(MULTI_LINE)
    assert got[0][:2] == ("Judge audit", "2611.05830")
    assert got[0][3] == [
        "only two judge families",
        "not the same as JudgeBias (2610.02345), do not merge",
    ]
    assert got[1][1:] == ("2611.05831", [], ["one judge model"], "§1.2")


def test_items_point_at_the_line_their_author_wrote() -> None:
    """Unfolding adds lines to read; the items and remarks still carry the note's own lines."""
    assert [(it.line_start, it.line_end) for it in items(ONE_LINE)] == [(5, 5), (6, 6)]
    split = __import__("curator.notes", fromlist=["split_note"]).split_note(ONE_LINE, "n.md")
    assert {r.line for r in split.remarks} <= {1, 3}


def test_the_title_field_of_a_one_line_entry_is_no_verdict(tmp_path: Path) -> None:
    """ "Models Ignore: …" is the paper's title (its ``Paper:`` field), not the author skipping it;
    on one line it used to be read as a dismissal and the paper went off-topic."""
    got = run(tmp_path, ONE_LINE)
    assert got["2611.05830"].status == "new", got["2611.05830"].status_reason
    assert got["2611.05831"].suggested_sections[0].section == "§1.2"


def test_lines_that_are_not_entries_of_fields_stay_as_written() -> None:
    """Prose with semicolons, a list entry with one field, a kanban card and a table row are not
    unfolded: the text comes back unchanged, with no line map."""
    for text in (
        "- Read it twice; still unsure; Caveat: small eval\n",
        "- **openfold3-lite** — distilled co-folding · github.com/aqlab/x · #structure\n",
        "| Paper: x | Link: y | Caveat: z |\n",
        "Paper: x; Link: y; Caveat: z\n",
        "```\n- **T** — Paper: x; Link: y; Caveat: z\n```\n",
    ):
        assert unfold_entries(text) == (text, None), text


def test_an_entry_that_opens_with_its_field_unfolds_under_that_field() -> None:
    text = "- Paper: Rubric Anchors; Link: arXiv:2611.05825; Caveat: one rater pool\n"
    unfolded, origin = unfold_entries(text)
    assert unfolded.split("\n") == [
        "- Paper: Rubric Anchors",
        "  - Link: arXiv:2611.05825",
        "  - Caveat: one rater pool",
        "",
    ]
    assert origin == [1, 1, 1, 2]
    (it,) = items("# Notes\n\n" + text)
    assert (it.primary_arxiv, it.caveats, it.line_start) == ("2611.05825", ["one rater pool"], 3)


HEADING_THEN_ENTRY = """# 読書メモ

## swe-runner 1.0

リンク：https://github.com/agentlab-sh/swe-runner
要点：
- コンテナで並列実行

- **「Bimanual Code Policies」** — リンク：2611.05832; 注意：ロボット制御、うちの範囲外
"""


def test_an_unfolded_entry_under_a_write_up_stays_an_item_of_its_own() -> None:
    """The entry's paper is in a field under its name now; a heading's write-up above it does not
    swallow it, as it did not when the paper was on the name's line."""
    got = [(it.title, it.primary_arxiv) for it in items(HEADING_THEN_ENTRY)]
    assert ("「Bimanual Code Policies」", "2611.05832") in got
    assert len(got) == 2


DIGEST_WITH_SUMMARY = """# Digest

- **1. Rubric Anchors** — Link: arXiv:2611.05825; Points: graded examples per rubric line
- **2. Rubric Anchors, the blog post** — Link: https://example.org/rubric-anchors; Points: the authors' own walk-through
- **3. Paraphrase Probes** — Link: arXiv:2611.05826; Points: paraphrases beat n-gram audits
- **Summary** — items 1+2 are one story; item 3 stands alone
"""


def test_a_closing_summary_entry_groups_the_items_as_a_summary_heading_would() -> None:
    """``- **Summary** — items 1+2 …`` after entries citing their papers is the digest's closing
    remark, not an item: its "1+2" groups the paper with its post as ``## Summary`` does."""
    split = __import__("curator.notes", fromlist=["split_note"]).split_note(
        DIGEST_WITH_SUMMARY, "n"
    )
    assert [it.label for it in split.items] == ["#1", "#2", "#3"]
    assert [labels for labels, _text in split.groups] == [["#1", "#2"]]
    assert all(r.structural and r.line == 6 for r in split.remarks if r.line > 1)


NOTES_INSIDE_A_WRITE_UP = """# Reading

## Rubric Anchors

- **Link** — arXiv:2611.05825
- **Notes** — graded examples; one rater pool
"""


def test_a_notes_entry_inside_one_write_up_stays_part_of_it() -> None:
    """Only after a list of entries that cite their own papers is a structural entry the closing
    remark; under one paper's heading, ``- **Notes** — …`` is that paper's."""
    (it,) = items(NOTES_INSIDE_A_WRITE_UP)
    assert (it.title, it.primary_arxiv) == ("Rubric Anchors", "2611.05825") and it.line_end >= 6
    assert "one rater pool" in it.text


WRITE_UP_THEN_ENTRIES = """# Lesenotizen

## 2. WorldEval-R — Politikbewertung im gelernten Weltmodell

https://arxiv.org/abs/2610.18855v1

- 8 Policies × 50 Tasks; Rangkorrelation 0,87
- Vergleich mit SIMPLER (arXiv 2405.05941): 0,87 vs. 0,71

Eher 5.2 als 3.1.

- **3. ResidualSysID (2610.15570)** — Actuator-Net-Idee auf billigen Servos. Abschnitt 3.2.1.
- **4. Trajektorienvorhersage für autonomes Fahren (arXiv:2610.13950)** — Nicht unser Thema.
"""


def test_entries_after_a_heading_write_up_are_items_of_their_own() -> None:
    """A numbered write-up, then one-line entries each naming its own paper: the write-up ends
    before them. It swallowed them, so the paper above took their words ("Nicht unser Thema")
    and went off-topic, and the two papers were lost."""
    got = {it.primary_arxiv: it for it in items(WRITE_UP_THEN_ENTRIES)}
    assert list(got) == ["2610.18855", "2610.15570", "2610.13950"]
    assert got["2610.18855"].line_end == 11
    assert "Nicht unser Thema" not in got["2610.18855"].text
    assert (got["2610.15570"].line_start, got["2610.13950"].line_start) == (12, 13)


COMPARISONS_IN_A_WRITE_UP = """# Reading

## 2. WorldEval-R

https://arxiv.org/abs/2610.18855v1

Ranks policies in a learned world model.

- **vs SIMPLER (2405.05941)** — WorldEval-R 0.87 against 0.71 for SIMPLER (2405.05941) on 2610.18855's tasks
- **vs real rollouts** — MAE 18 points
"""


def test_a_write_up_s_own_bold_points_stay_in_it() -> None:
    """Bold points that do not each cite a paper of their own (one compares with the heading's
    paper, one cites nothing) are the write-up's: it keeps them."""
    (it,) = items(COMPARISONS_IN_A_WRITE_UP)
    assert it.primary_arxiv == "2610.18855" and it.line_end >= 10
    assert "MAE 18 points" in it.text


CITING_DOI = """# Lesenotizen

- **ResidualSysID (2610.15570)** — im Kern die Actuator-Net-Idee von Hwangbo et al. (https://doi.org/10.1126/scirobotics.aau5872), für billige Servos.
- **FooNet (2610.22222)** — DOI: https://doi.org/10.1145/3600000.3600001
- **BarNet (2610.33333)** — https://doi.org/10.1145/3600000.3600002 (the journal version)
- **SimArm (2610.44444)** — cube stacking 23% → 68%; they ran the sim side in ManiSkill3 (github.com/haosulab/ManiSkill); Readwise: https://readwise.io/bookreview/48213377
- **PlanNet (2610.55555)** — planner probe; https://github.com/plan/net; H. Liu et al. [Online]. Available: https://plannet.example.org
"""


def test_a_link_the_comment_cites_is_not_the_entrys_own_page() -> None:
    """After an entry's own paper its line is its comment, read as body lines are: a prior work's
    DOI or repo that words lead to is a link in passing (were it the entry's own page, a doc
    anchoring that prior work would show the new paper as anchored). Right after the paper, alone
    in its clause, or under a label (a known one or the team's own), a link is the paper's own."""
    got = [(it.primary_arxiv, it.urls) for it in items(CITING_DOI)]
    assert got == [
        ("2610.15570", []),
        ("2610.22222", ["https://doi.org/10.1145/3600000.3600001"]),
        ("2610.33333", ["https://doi.org/10.1145/3600000.3600002"]),
        ("2610.44444", ["https://readwise.io/bookreview/48213377"]),
        ("2610.55555", ["https://github.com/plan/net", "https://plannet.example.org"]),
    ]
    assert items(CITING_DOI)[0].linked == ["https://doi.org/10.1126/scirobotics.aau5872"]


def test_an_entry_citing_an_anchored_dois_paper_is_new(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """What the editor sees: the doc anchors the prior work by its DOI, the entry's own paper is
    not anchored, so the entry is new (it showed as anchored where the prior work is)."""
    import test_note_formats

    doc = test_note_formats.EVAL_DOC + (
        "- **Judge rubric audits** (doi:10.1126/scirobotics.aau5872, 10-05 anchored): rubric checks.\n"
    )
    note = (
        "# Reading notes\n\n"
        "- **RubricProbe (2611.07777)** — builds on the rubric audits of Hwangbo et al. "
        "(https://doi.org/10.1126/scirobotics.aau5872) for judge models.\n"
    )
    monkeypatch.setattr(test_note_formats, "EVAL_DOC", doc)
    incs = run(tmp_path, note)
    inc = incs["2611.07777"]
    assert inc.status == "new"
    assert not inc.anchored_in
