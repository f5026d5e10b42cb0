"""Shapes first met in a relay written blind to the code: a working note that only mentions the
briefing, a feed's row of buttons, a paper named only to be told apart, a bot's category for a
paper a colleague also names.  Each is judged by what the text is, whatever the team or topic."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_note_formats import PATH, SINCE, UNTIL, read_as_items, run

from curator.analysis import analyze
from curator.briefings import briefing_info
from curator.models import Increment


@pytest.mark.parametrize(
    ("first", "name"),
    [
        ("Bits for tonight's evaluation briefing", "2026-11-20T1000-bits.md"),
        ("domingo 19:20 — para el briefing de mañana", "2026-11-20T1920-tarde.md"),
        ("pra amanhã (fica pro briefing de segunda)", "2026-11-20T2005-pra-amanha.md"),
        (
            "Scratch, Friday evening — reference list for the reading group with my own triage "
            "remarks underneath. Briefing proper comes at 22:00.",
            "2026-11-20T2005-scratch.md",
        ),
    ],
)
def test_a_note_that_only_mentions_the_briefing_is_not_one(first: str, name: str) -> None:
    assert briefing_info(f"{first}\n\n- FooBench (arXiv:2611.05823): a new benchmark.\n", name) == (
        None,
        None,
    )


@pytest.mark.parametrize(
    ("first", "topic"),
    [
        ("Evaluation · evening briefing · Fri 20 Nov 2026", "evaluation"),
        ("Evaluation briefing — Fri 2026-11-20", "evaluation"),
        ("evaluation — briefing de sábado, 21/11/2026", "evaluation"),
    ],
)
def test_a_briefings_title_still_makes_one(first: str, topic: str) -> None:
    assert (
        briefing_info(f"# {first}\n\n- FooBench (arXiv:2611.05823)\n", "2026-11-20.md")[0] == topic
    )


def test_the_editors_note_for_tonights_briefing_holds_candidates(tmp_path: Path) -> None:
    run(
        tmp_path,
        "Bits for tonight's briefing\n\n"
        "- LeakProbe (arXiv:2611.05823): paraphrased benchmark leakage found by membership "
        "inference on pretraining corpora; contamination of test sets. §1.1\n",
    )
    (tmp_path / "curator.toml").write_text(
        'topic = "evaluation"\ntimezone = "Europe/Berlin"\neditor = "alice"\n', encoding="utf-8"
    )
    a = analyze(tmp_path, since=SINCE, until=UNTIL)
    assert not [n.path for n in a.notes if n.briefing_topic is not None]
    inc = next(i for i in a.increments if i.id == "2611.05823")
    assert (inc.status, inc.sources[0].path) == ("new", PATH)


FEED = """# Your Research Feed · 3 new papers

**LeakProbe: Paraphrased Benchmark Contamination Detection by Membership Inference**
A. Ruiz, B. Chen · 2 Nov 2026 · cs.CL
TLDR: detects paraphrased leakage of benchmark questions into pretraining corpora.
[Read](https://arxiv.org/abs/2611.05823) · [Save to library] · [Not relevant]
"""


@pytest.mark.parametrize(
    "row",
    [
        "[Read](https://arxiv.org/abs/2611.05823) · [Save to library] · [Not relevant]",
        "arXiv: https://arxiv.org/abs/2611.05823\n[Save] [Not relevant] [Cite]",  # spaces only
    ],
)
def test_a_feeds_not_relevant_button_is_no_verdict(tmp_path: Path, row: str) -> None:
    inc = run(tmp_path, FEED.replace(FEED.splitlines()[-1], row))["2611.05823"]
    assert inc.status == "new", inc.status_reason
    assert inc.status_rule != "author-verdict"


def test_a_lone_not_relevant_tag_still_judges(tmp_path: Path) -> None:
    inc = run(
        tmp_path,
        "- LeakProbe (arXiv:2611.05823): paraphrased benchmark leakage detection [not relevant]\n",
    )["2611.05823"]
    assert (inc.status, inc.status_rule) == ("off-topic", "author-verdict")


def test_a_paper_named_only_to_be_told_apart_is_no_candidate(tmp_path: Path) -> None:
    incs = run(
        tmp_path,
        "- LeakProbe (arXiv:2611.05823): finds paraphrased benchmark leakage by membership "
        "inference; contamination of test sets. Not to be confused with LeakScan (Kumar et al., "
        "2026, arXiv:2611.05824), which we are not tracking.\n",
    )
    assert incs["2611.05823"].status == "new"
    told = incs["2611.05824"]
    assert (told.status, told.status_rule) == ("off-topic", "told-apart")
    assert "confused" in told.status_reason


def with_bobs_note(tmp_path: Path, text: str) -> list[Increment]:
    """The workspace :func:`run` made, analysed again with a note of bob's beside alice's (none
    when ``text`` is empty)."""
    if text:
        (tmp_path / "inbox/bob").mkdir(parents=True)
        (tmp_path / "inbox/bob/2026-11-20T1100-y.md").write_text(text, encoding="utf-8")
    return analyze(tmp_path, since=SINCE, until=UNTIL).increments


def add_to_doc(tmp_path: Path, line: str) -> None:
    """One more line at the end of the living doc :func:`run` wrote (§1.2 is its last section)."""
    doc = tmp_path / "organized/knowledge/evaluation.md"
    doc.write_text(doc.read_text(encoding="utf-8") + line + "\n", encoding="utf-8")


BOT = """---
bot: arxiv-alerts
---
# arXiv alert: keywords contamination, leakage

## physics.soc-ph

- **Leakage of Benchmark Questions into Pretraining Corpora: a Contamination Census** (arXiv:2611.05826)
  membership inference; contamination; test sets; judges
"""


@pytest.mark.parametrize("named", [False, True])
def test_a_bots_remote_category_gives_way_when_a_colleague_names_the_paper(
    tmp_path: Path, named: bool
) -> None:
    run(tmp_path, BOT)
    bob = (
        "- JudgeBias follow-up (arXiv:2610.02345) — compare with the census in arXiv:2611.05826.\n"
    )
    incs = with_bobs_note(tmp_path, bob if named else "")
    inc = next(i for i in incs if i.id == "2611.05826")
    assert (inc.status_rule == "remote-category") is not named, inc.status_reason


def test_a_chat_line_naming_one_paper_relates_it_to_the_link_posted_just_before(
    tmp_path: Path,
) -> None:
    chat = (
        "10:31 <kev> new post from the audits blog: https://audits.example.org/posts/paraphrase-leaks\n"
        "10:33 <kev> argues that n-gram audits miss paraphrased leakage; rewrites every question\n"
        "10:35 <ana> same problem LeakProbe attacks, different fix. don't merge them, but flag it\n"
    )
    run(tmp_path, chat)
    incs = with_bobs_note(
        tmp_path,
        "- LeakProbe (arXiv:2611.05823): membership inference finds benchmark questions in "
        "pretraining corpora.\n",
    )
    probe = next(i for i in incs if i.id == "2611.05823")
    post = next(i for i in incs if i.urls and "paraphrase-leaks" in i.urls[0])
    assert probe.status == post.status == "new"
    flagged = [o for o in probe.overlaps if o.id == post.id]
    assert flagged and "says they overlap" in flagged[0].reason


BOOKMARKS = """My bookmarks export, tonight's adds. My comments are the <DD> lines.

<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3 ADD_DATE="1775302260">eval-inbox</H3>
    <DL><p>
        <DT><A HREF="https://arxiv.org/abs/2611.05823v2" ADD_DATE="1775302260" TAGS="x">LeakProbe: Paraphrased Leakage Detection</A>
        <DD>Membership inference finds paraphrased benchmark questions in pretraining corpora. Already in 1.2 — nothing to do.
        <DT><A HREF="https://arxiv.org/abs/2611.05824" ADD_DATE="1775302440">JudgeDrift: Position Bias of Judge Models Over Time</A>
        <DD>Position bias and verbosity bias of judge models drift across versions. → 1.2
        <DT><A HREF="https://jobs.example.org/vacancies/ml-engineer-2026" ADD_DATE="1775302800">ML Engineer (Evaluation), Berlin</A>
        <DD>Not for the doc — for Bob, he was asking.
    </DL><p>
</DL><p>
"""


def test_a_bookmark_files_comments_belong_to_their_own_links(tmp_path: Path) -> None:
    from curator.note_formats import read_formats

    read = read_formats(BOOKMARKS)
    assert read.count("\n") == BOOKMARKS.count("\n")
    assert (
        "- [JudgeDrift: Position Bias of Judge Models Over Time](https://arxiv.org/abs/2611.05824)"
        in read
    )
    incs = run(tmp_path, BOOKMARKS)
    drift = incs["2611.05824"]
    assert drift.title.startswith("JudgeDrift")
    assert drift.suggested_sections[0].section == "§1.2"
    job = next(i for i in incs.values() if i.urls and "jobs.example.org" in i.urls[0])
    assert job.status == "off-topic", job.status_reason


@pytest.mark.parametrize(
    ("note", "section"),
    [
        ("- JudgeDrift (arXiv:2611.05824): سوگیری موقعیت داوران.\n  - پیشنهاد بخش: ۱.۱\n", "§1.1"),
        ("- JudgeDrift (arXiv:2611.05824): विषय पर नया पेपर. खंड १.१ में।\n", "§1.1"),
        ("- JudgeDrift (arXiv:2611.05824): ورقة جديدة.\n  - القسم المقترح: ١.١\n", "§1.1"),
    ],
    ids=["persian", "hindi", "arabic"],
)
def test_a_hint_in_another_script_with_its_own_digits_names_the_section(
    tmp_path: Path, note: str, section: str
) -> None:
    # the words say "judge bias" (§1.2's subject): only the hint can place it in §1.1
    inc = run(tmp_path, note)["2611.05824"]
    assert inc.suggested_sections[0].section == section, inc.suggested_sections


def test_digits_of_every_script_read_as_ascii_one_for_one() -> None:
    from curator.digits import ascii_digits

    text = "بخش ۱.۲.۲ · खण्ड ४.१ · ٣.٤ · ２０２６年 · x² · 12"
    assert ascii_digits(text) == "بخش 1.2.2 · खण्ड 4.1 · 3.4 · 2026年 · x² · 12"
    assert len(ascii_digits(text)) == len(text)


QUEUE = """# reading-queue.yaml, dumped by our triage script
# status: new = for the relay · have = already in the doc · drop = not ours
items:
  - id: "2611.05823"
    title: LeakProbe — paraphrased benchmark leakage by membership inference
    status: new
    take: contamination of test sets in pretraining corpora; §1.1
  - id: "2611.05827"
    title: JudgeCopy — benchmark questions for judge models
    status: drop
    take: judge models and benchmark contamination, but a products-team tool.
"""


def test_a_notes_own_legend_gives_its_codes_their_meaning(tmp_path: Path) -> None:
    from curator.note_legends import read_legends

    read = read_legends(QUEUE)
    assert "    status: drop (not ours)" in read.split("\n")
    assert read.count("\n") == QUEUE.count("\n")
    incs = run(tmp_path, QUEUE)
    assert incs["2611.05823"].status == "new"
    dropped = incs["2611.05827"]
    assert (dropped.status, dropped.status_rule) == ("off-topic", "author-verdict")
    assert "not ours" in dropped.status_reason


@pytest.mark.parametrize(
    "line",
    [
        "- FooNet (arXiv:2611.05823): tau = 0.92 cuts samples",
        "eff = shift(model, [v_a, v_b], layer=12, alpha=8.0, n=400)",
        "https://x.example.org/a?utm_campaign=w13&utm_medium=email&utm_source=newsletter",
        'Content-Type: text/plain; charset="UTF-8"; format=flowed',
        "Saturday batch from Berlin, read tonight. Ticked = read fully, unticked = skimmed only",
    ],
)
def test_code_queries_and_prose_are_no_legend(line: str) -> None:
    from curator.note_legends import read_legends

    text = f"{line}\n  status: flowed\n  kind: skimmed\n"
    assert read_legends(text) == text


@pytest.mark.parametrize(
    "url",
    [
        "https://dl.acm.org/doi/10.1145/3298689.3346996",
        "https://dl.acm.org/doi/abs/10.1145/3298689.3346996?casa_token=AbC",
        "https://doi.org/10.1145/3298689.3346996",
        "doi:10.1145/3298689.3346996",
    ],
)
def test_a_publishers_page_named_by_its_doi_is_the_paper_doi_org_names(url: str) -> None:
    from curator.urls import find_urls, normalize_url

    link = url if url.startswith("http") else next(u for u, _s, _e in find_urls(url))
    assert normalize_url(link) == "doi.org/10.1145/3298689.3346996"


def test_a_path_that_only_contains_a_doi_like_number_is_not_a_doi() -> None:
    from curator.urls import normalize_url

    assert normalize_url("https://github.com/foo/10.1234/x") == "github.com/foo/10.1234/x"


def test_a_note_linking_the_publishers_page_finds_the_doi_the_doc_anchors(tmp_path: Path) -> None:
    run(tmp_path, "- JudgeACM (https://dl.acm.org/doi/abs/10.1145/3298689.3346996): judge bias.\n")
    add_to_doc(
        tmp_path, "- **JudgeACM** (https://doi.org/10.1145/3298689.3346996): judges at scale."
    )
    inc = next(i for i in with_bobs_note(tmp_path, "") if i.id.startswith("doi.org/10.1145"))
    assert inc.status == "anchored", inc.status_reason
    assert inc.anchored_in[0].section == "§1.2"


@pytest.mark.parametrize(
    ("text", "judges"),
    [
        ("New: they *dropped* the graph objective for boards", False),
        ("New: they _skipped_ the warm-up stage entirely", False),
        ("eh, **skip**.", True),
        ("meh. *drop*", True),
    ],
)
def test_an_emphasised_verb_in_a_sentence_is_no_verdict(text: str, judges: bool) -> None:
    from curator.lexicon import default_lexicon
    from curator.verdicts import VerdictReader

    reader = VerdictReader(default_lexicon(), ["evaluation"], ["rag"], [])
    assert bool([v for v in reader.read(text) if v.kind == "dismiss"]) is judges


def test_a_doi_named_in_passing_keeps_the_publishers_link_the_note_wrote(tmp_path: Path) -> None:
    acm = "https://dl.acm.org/doi/10.1145/3298689.3346996"
    run(tmp_path, f"- LeakProbe (arXiv:2611.05823): leakage audits; compare with {acm}.\n")
    inc = next(i for i in with_bobs_note(tmp_path, "") if i.id.startswith("doi.org/10.1145"))
    assert inc.urls == ["doi.org/10.1145/3298689.3346996", acm]


def test_an_id_whose_card_gives_the_doi_the_doc_anchors_is_anchored_there(tmp_path: Path) -> None:
    from curator.lookup import lookup

    run(tmp_path, "- JudgeLens (arXiv:2609.04417): judge bias attribution; new numbers.\n")
    doi = "doi:10.1145/3705328.3748012"
    add_to_doc(tmp_path, f"- **JudgeLens** (RecSys '26, {doi}): attributing judge bias.")
    card = tmp_path / "paper_cards/0104-2609-04417.md"
    card.parent.mkdir()
    card.write_text(
        f"# JudgeLens\n\n- Published: RecSys '26, {doi}\n- arXiv version: 2609.04417\n\n## One line\n",
        encoding="utf-8",
    )
    inc = next(i for i in with_bobs_note(tmp_path, "") if i.id == "2609.04417")
    assert (inc.status, inc.anchored_in[0].section) == ("anchored", "§1.2"), inc.status_reason
    assert [a["section"] for a in lookup(tmp_path, "2609.04417").anchored] == ["§1.2"]


def test_a_readers_link_naming_the_paper_in_its_query_is_that_paper(tmp_path: Path) -> None:
    from curator.urls import is_arxiv_url

    link = "https://reader.example.org/?rank=pid&pid=2611.05823"
    assert is_arxiv_url(link) and not is_arxiv_url("https://shop.example.org/?item=1234.5")
    incs = run(tmp_path, f"- [LeakProbe]({link}): paraphrased benchmark leakage.\n")
    assert list(incs) == ["2611.05823"]


@pytest.mark.parametrize("heading", ["Tonight's rejections", "Not going in", "Won't do"])
def test_items_under_a_rejections_heading_are_left_out(tmp_path: Path, heading: str) -> None:
    inc = run(
        tmp_path,
        f"# evaluation notes\n\n## {heading}\n\n- JudgeDrift (arXiv:2611.05824): position bias "
        "of judge models, again.\n",
    )["2611.05824"]
    assert (inc.status, inc.status_rule) == ("off-topic", "left-out-heading"), inc.status_reason


ALICE_TWO_TITLES = """# reading

- **JudgeScope: Calibrated Judges for Benchmark Leaderboards** (arXiv:2611.05823): judge calibration.
- **Leaderboard Judges Done Right** · https://openreview.net/forum?id=AbC123xyz · the conference version.
"""


@pytest.mark.parametrize(
    ("remark", "merged"),
    [
        (
            'Note: JudgeScope = "Leaderboard Judges Done Right" (same paper, conference title).',
            True,
        ),
        ("Leaderboard Judges Done Right is the same paper as JudgeScope, one entry.", True),
        ("Leaderboard Judges Done Right is not the same paper as JudgeScope.", False),
        ("Leaderboard Judges Done Right and JudgeScope: same problem, other fix.", False),
    ],
)
def test_a_note_naming_two_titles_as_one_paper_merges_them(
    tmp_path: Path, remark: str, merged: bool
) -> None:
    """The editor's "X = Y (same paper, conference title)" puts the OpenReview page known only by
    its conference title into the arXiv increment; a line that tells them apart does not."""
    run(tmp_path, ALICE_TWO_TITLES)
    incs = {inc.id: inc for inc in with_bobs_note(tmp_path, remark + "\n")}
    paper = incs["2611.05823"]
    assert ("https://openreview.net/forum?id=AbC123xyz" in paper.urls) is merged
    assert ("openreview.net/forum?id=AbC123xyz" in incs) is not merged


def test_a_same_paper_remark_naming_two_ids_merges_nothing(tmp_path: Path) -> None:
    """Two papers with IDs named in one "same paper" line: which one the link is stays unsaid."""
    run(
        tmp_path,
        ALICE_TWO_TITLES + "- **RubricNet: Rubric Judges** (arXiv:2611.05824): rubric judges.\n",
    )
    remark = "JudgeScope, RubricNet and Leaderboard Judges Done Right: same paper family?\n"
    incs = {inc.id: inc for inc in with_bobs_note(tmp_path, remark)}
    assert "openreview.net/forum?id=AbC123xyz" in incs


def test_a_write_ups_own_bullets_after_a_blank_line_are_its_points() -> None:
    """A citation or bold title over its bullets (a Zotero notes export, a reading log): the
    bullets, which cite nothing, are that paper's points and hints; a list of other papers and the
    prose after a list are not."""
    text = (
        "# Notes\n\n"
        "**Note for:** Smith, J. (2026). *FooNet: fast*. arXiv:2609.11111\n"
        "Added: 26/9/2026\n\n"
        "- point one about FooNet\n- Section: § 4.1\n\n"
        "---\n\n"
        "**BarNet** arXiv:2609.22222\n\n"
        "- bar point\n\n"
        "Unrelated closing remark about the week.\n\n"
        "**BazNet** arXiv:2609.33333\n\n"
        "- see also arXiv:2609.44444 for the baseline\n- and arXiv:2609.55555\n"
    )
    items = {it.primary_arxiv: it for it in read_as_items(text)}
    assert "Section: § 4.1" in items["2609.11111"].text
    assert "bar point" in items["2609.22222"].text
    assert "closing remark" not in items["2609.22222"].text
    assert "2609.44444" not in items["2609.33333"].text  # a list citing papers is its own


SLACK_EXPORT = """[
  {
    "type": "message",
    "user": "U05BRUNO",
    "text": "Dataset nuevo: <https://arxiv.org/abs/2611.05823|LeakProbe: contamination probes> \\u2014 12k probes, AUROC 0.91.\\nYo la pondr\\u00eda en 1.2.",
    "ts": "1775347500.000200",
    "blocks": [{"type": "rich_text", "elements": [{"type": "text", "text": "Dataset nuevo: LeakProbe"}]}]
  },
  {
    "type": "message",
    "user": "U05ANA",
    "text": "and <https://example.org/post>, unrelated",
    "attachments": [{"title": "Judge drift in the wild", "title_link": "https://blog.example.com/judge-drift"}]
  }
]
"""

KEEP_EXPORT = """Google Keep export, saved as is.

{
  "title": "evaluation reading",
  "textContent": "New:\\n\\u2022 JudgeScope (arXiv 2611.05824) \\u2014 judge calibration, 3 benchmarks.\\n",
  "annotations": [{"source": "WEBLINK", "title": "JudgeScope: calibrated judges", "url": "https://arxiv.org/abs/2611.05824"}]
}
"""


def test_a_chat_workspaces_json_export_is_read_as_its_messages() -> None:
    """Each message's text once (not again from its rich-text blocks), its ``<url|title>`` links
    as links, an attachment's preview as a link; every line points back into the JSON."""
    from curator.note_json import unfold_json

    text, origin = unfold_json(SLACK_EXPORT)
    assert origin is not None and len(origin) == text.count("\n") + 1
    assert "[LeakProbe: contamination probes](https://arxiv.org/abs/2611.05823)" in text
    assert text.count("Dataset nuevo") == 1
    assert "- [Judge drift in the wild](https://blog.example.com/judge-drift)" in text
    assert '"ts"' not in text
    first = text.split("\n").index(next(ln for ln in text.split("\n") if "LeakProbe" in ln))
    assert SLACK_EXPORT.split("\n")[origin[first] - 1].lstrip().startswith('"text"')


def test_a_notes_apps_json_export_gives_its_items_and_hints(tmp_path: Path) -> None:
    incs = run(tmp_path, KEEP_EXPORT)
    paper = incs["2611.05824"]
    assert paper.status == "new"
    assert paper.title.startswith("JudgeScope")


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,  # nesting no export has
        '{"text": ' * 5_000 + '"x"' + "}" * 5_000,
        "# notes\n\n[[wikilink]] and more\n\n- a [link](https://x.org) ]\n",  # not JSON at all
        '{"config": {"retries": 3}, "enabled": true}\n',  # JSON without anyone's words
    ],
)
def test_json_that_is_no_export_is_read_as_text(text: str) -> None:
    from curator.note_json import unfold_json

    assert unfold_json(text) == (text, None)


BOT_FAR = """---
bot: arxiv-alerts
---
# arXiv alert: keywords benchmark

- **Sampling-Based Motion Planning for Robot Arms in Cluttered Shelves** (arXiv:2611.07777)
  benchmark; planners; shelves
"""


@pytest.mark.parametrize(
    ("bob", "kept"),
    [
        ("", False),
        ("bob 10:02: new dataset, finally: https://arxiv.org/abs/2611.07777 for 1.1\n", True),
        (
            "## Lightning talks (skip)\n\n- a robot arm planner, no LLM anywhere[^1]\n\n"
            "[^1]: https://arxiv.org/abs/2611.07777\n",
            False,
        ),
    ],
)
def test_a_keyword_digests_entry_a_colleague_names_is_no_keyword_match(
    tmp_path: Path, bob: str, kept: bool
) -> None:
    """A bot's entry the doc knows few words of is a keyword match, until a colleague names the
    paper (in chat, in passing); naming it under a heading that leaves things out does not count."""
    run(tmp_path, BOT_FAR)
    inc = next(i for i in with_bobs_note(tmp_path, bob) if i.id == "2611.07777")
    assert (inc.status_rule != "keyword-only") is kept, inc.status_reason


RIS = """RIS export, my comments in N1.

TY  - JOUR
TI  - LeakProbe: paraphrased contamination probes
AU  - Ruiz, Ana
PY  - 2026
T2  - Journal of Evaluation
DO  - 10.1007/s10817-026-09731-2
KW  - contamination
N1  - new for us, section 1.1.
ER  - 

TY  - RPRT
TI  - JudgeScope: calibrated judges
PB  - arXiv
UR  - https://arxiv.org/abs/2611.05824
N1  - judge calibration, 1.2
ER  - 
"""


def test_a_reference_managers_ris_export_is_one_item_per_record() -> None:
    """Each record an item titled by its TI, its DO / UR its link, its N1 its text (with the
    author's section), its other tags not read; line numbers kept."""
    items = read_as_items(RIS)
    assert [(it.title, it.primary_arxiv, it.urls) for it in items] == [
        (
            "LeakProbe: paraphrased contamination probes",
            None,
            ["https://doi.org/10.1007/s10817-026-09731-2"],
        ),
        ("JudgeScope: calibrated judges", "2611.05824", []),
    ]
    assert "section 1.1" in items[0].text and "Ruiz" not in items[0].text
    assert (items[0].line_start, items[1].line_start) == (3, 13)


ICS = """Invite for Monday's reading group, pasted as is.

BEGIN:VCALENDAR
BEGIN:VEVENT
DTSTART;TZID=Europe/Berlin:20261123T120000
ATTENDEE;CN=team:mailto:team@example.org
SUMMARY:reading group
DESCRIPTION:Two papers:\\n\\n1) LeakProbe: paraphrased contamination pro
 bes\\nhttps://arxiv.org/abs/2611.05823\\nProbes\\, not n-grams. New -> 1.1.
 \\n\\n2) JudgeScope\\nhttps://arxiv.org/abs/2611.0
 5824\\nCalibrated judges. New -> 1.2.\\n
END:VEVENT
END:VCALENDAR
"""


def test_a_pasted_calendar_invite_is_read_as_its_description(tmp_path: Path) -> None:
    """Folded lines joined (an ID cut at a fold is whole again), escapes read, each paper in its
    own paragraph with its own hint; the invite's times and attendees are not read."""
    from curator.note_ical import unfold_ical

    text, origin = unfold_ical(ICS)
    assert "https://arxiv.org/abs/2611.05824" in text and "Probes, not n-grams" in text
    assert "ATTENDEE" not in text and "DTSTART" not in text
    assert origin is not None and ICS.split("\n")[
        origin[text.split("\n").index("2) JudgeScope")] - 1
    ].startswith("DESCRIPTION")
    incs = run(tmp_path, ICS)
    assert incs["2611.05823"].suggested_sections[0].section == "§1.1"
    assert incs["2611.05824"].suggested_sections[0].section == "§1.2"


@pytest.mark.parametrize(
    ("line", "anchored"),
    [
        ("- ContamProbe repo: https://github.com/x/contamprobe\n", True),
        (
            "- The ContamProbe leak audit (blog): https://blog.example.org/contamprobe-audit\n",
            False,
        ),
    ],
)
def test_a_linked_page_is_the_anchored_things_page_only_by_its_name_and_page_words(
    tmp_path: Path, line: str, anchored: bool
) -> None:
    """ "ContamProbe repo" is the anchored ContamProbe's page; "The ContamProbe leak audit
    (blog)" is a post about it."""
    incs = run(tmp_path, "# links\n\n" + line)
    inc = next(iter(incs.values()))
    assert (inc.status == "anchored") is anchored, inc.status_reason


def test_the_teams_own_domains_are_read_from_the_mail_its_people_sign_with() -> None:
    from curator.own_pages import OwnPages

    own = OwnPages.read(
        [
            ("ibrahim", "Author: Ibrahim <ibrahim@loopstreet.org>"),  # signed by the note's author
            ("ana", "cc bob@partner.edu and carol@partner.edu"),  # two people of one domain
            ("ana", "from dave@gmail.com, erin@gmail.com"),  # a public mail service
            ("ana", "follow @zed@sciences.social and @yan@sciences.social"),  # fediverse handles
            ("ana", "one-off: someone@elsewhere.org"),
        ]
    )
    assert own.domains == {"loopstreet.org", "partner.edu"}
    assert own.owner("https://github.com/loopstreet/reading-list") == "loopstreet.org"
    assert own.owner("https://elab.partner.edu/experiments.php?id=4") == "partner.edu"
    assert own.owner("https://github.com/other/loopstreet") is None
    assert own.owner("https://loopstreet.org.evil.com/x") is None


@pytest.mark.parametrize(
    ("line", "own"),
    [
        ("Repo: https://github.com/acme/reading-list\n", True),
        ("Internal copy: https://jupyter.acme.org/user/ana/fad-sweep.ipynb (team only)\n", True),
        (
            "- **AcmeJudge: calibrated judges** (https://blog.acmelab.org/acmejudge): judges.\n",
            False,
        ),
    ],
)
def test_a_link_into_the_teams_own_domain_is_where_a_note_comes_from(
    tmp_path: Path, line: str, own: bool
) -> None:
    """The notebook an entry was copied from, the repository a pasted log is from: not items,
    when another note of the window is signed from that domain (a look-alike domain is not it)."""
    run(tmp_path, "# notes\n\n" + line)
    inc = next(
        i for i in with_bobs_note(tmp_path, "ok\n\n— bob <bob@acme.org>\n") if "acme" in i.id
    )
    assert (inc.status_rule == "own-page") is own, inc.status_reason


@pytest.mark.parametrize("text", [SLACK_EXPORT, ICS])
def test_an_export_forwarded_as_a_quoted_message_reads_as_the_export(text: str) -> None:
    """Each line quoted ("> [", "> BEGIN:VCALENDAR", a fold as ">  onjecture"): the same items
    on the same lines as the export pasted bare."""
    from curator.notes import split_note

    quoted = "\n".join(f"> {line}" if line else ">" for line in text.split("\n"))
    bare, forwarded = split_note(text, PATH), split_note(quoted, PATH)

    def found(note):  # noqa: ANN001, ANN202
        return [(it.title, it.urls, it.arxiv, it.line_start) for it in note.items + note.carriers]

    assert found(bare) and found(forwarded) == found(bare)


def test_a_fediverse_posts_html_reads_as_text_with_its_links_whole() -> None:
    """A post's ``content`` is HTML: a link is its address, not the text shown for it ("doi.org/
    10.1109/ICASSP4…" cut short); a hashtag and a mention are words, not items."""
    export = (
        '{"orderedItems": [{"object": {"content": "<p>Stems by text: '
        '<a href=\\"https://doi.org/10.1109/ICASSP49660.2026.10890417\\"><span>doi.org/10.1109/ICASSP49660.20</span></a>'
        '</p><p>cc <a href=\\"https://social.example/@ana\\">@<span>ana</span></a> '
        '<a href=\\"https://social.example/tags/MIR\\">#<span>MIR</span></a> &amp; more</p>"}}]}\n'
    )
    from curator.note_json import unfold_json

    text, _origin = unfold_json(export)
    assert "https://doi.org/10.1109/ICASSP49660.2026.10890417" in text
    assert "ICASSP49660.20\n" not in text and "<span>" not in text and "& more" in text
    assert "@ana #MIR" in text


@pytest.mark.parametrize(
    ("url", "role"),
    [
        ("https://social.example/@ana", "ignore"),  # a person's profile
        ("https://medium.com/@ana/judges-at-scale-1234", "item"),  # a post under it
        ("https://social.example/tags/MIR", "ignore"),  # a hashtag's page
        ("http://xml.evernote.com/pub/enml2.dtd", "ignore"),  # an export's document type
        ("https://blog.example.org/judges", "item"),
    ],
)
def test_profiles_hashtags_and_document_types_are_no_items(url: str, role: str) -> None:
    from curator.mentions import url_role

    assert url_role(url) == role


def test_an_xml_attributes_line_break_ends_a_link() -> None:
    from curator.urls import find_urls

    text = '<outline _note="https://hf.example/datasets/a/maqam-1k&#10;1,012 recordings"/>'
    assert [u for u, _s, _e in find_urls(text)] == ["https://hf.example/datasets/a/maqam-1k"]


def test_a_names_clock_written_with_seconds_and_a_zone_inside_says_its_zone() -> None:
    """ "…T2350-fwd.md" whose e-mail header says "Date: Fri, 24 Apr 2026 23:50:31 +0530": the
    name was the sender's local time (seconds do not make it another minute)."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from curator.written import written_at

    text = "Date: Fri, 24 Apr 2026 23:50:31 +0530\nFrom: Priya <p@example.in>\n\nHi all\n"
    when, source, _p = written_at({}, text, "2026-04-24T2350-fwd.md", 0, ZoneInfo("Africa/Cairo"))
    assert source == "body" and when is not None
    assert when.utcoffset().total_seconds() == 5.5 * 3600  # type: ignore[union-attr]
    assert when.replace(tzinfo=None) == datetime(2026, 4, 24, 23, 50, 31)


def test_a_papers_other_address_a_note_names_is_listed_with_the_paper(tmp_path: Path) -> None:
    """A chat line naming only the journal DOI that the paper's card gives joins the arXiv
    increment, and the increment lists that address: asked "is doi:… in?", the answer is there."""
    run(tmp_path, "- JudgeLens (arXiv:2609.04417): judge bias attribution.\n")
    card = tmp_path / "paper_cards/0104-2609-04417.md"
    card.parent.mkdir()
    card.write_text(
        "JudgeLens | arXiv 2609.04417 | published: doi:10.1145/3705328.3748012\n\nJudge bias.\n",
        encoding="utf-8",
    )
    bob = "bob 10:02: nuevo? https://doi.org/10.1145/3705328.3748012 — judge bias, in the journal\n"
    inc = next(i for i in with_bobs_note(tmp_path, bob) if i.id == "2609.04417")
    assert "https://doi.org/10.1145/3705328.3748012" in inc.urls


QP_MAIL = """Date: Fri, 20 Nov 2026 11:50:31 +0100
From: Ana <ana@example.org>
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="b1"

--b1
Content-Type: text/plain; charset="UTF-8"
Content-Transfer-Encoding: quoted-printable

Hi all =E2=80=94 one for tonight.

LeakProbe: paraphrased contamination probes, AUROC 0.91 on the held-out s=
plit.
Link: https://arxiv.org/abs/2611.058=
23
Suggest section 1.1.

--b1
Content-Type: text/html; charset="UTF-8"
Content-Transfer-Encoding: quoted-printable

<p>Hi all =E2=80=94 one for tonight.</p>
--b1--
"""


def test_a_raw_e_mails_quoted_printable_body_reads_as_its_sender_wrote_it(tmp_path: Path) -> None:
    """Soft line breaks joined (an ID cut at one is whole again), bytes read in the part's
    charset; the HTML part beside it is left as it is; each line points where it starts."""
    from curator.note_mime import unfold_mime

    text, origin = unfold_mime(QP_MAIL)
    assert "Link: https://arxiv.org/abs/2611.05823" in text and "Hi all — one" in text
    assert "<p>Hi all =E2=80=94" in text  # the HTML part is not decoded
    assert origin is not None and len(origin) == text.count("\n") + 1
    at = text.split("\n").index("Link: https://arxiv.org/abs/2611.05823")
    assert QP_MAIL.split("\n")[origin[at] - 1] == "Link: https://arxiv.org/abs/2611.058="
    inc = run(tmp_path, QP_MAIL)["2611.05823"]
    assert inc.suggested_sections[0].section == "§1.1"


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("לא מצאתי לאיזה מאמר התכוונו. להתעלם.", 2),  # Hebrew has no capitals
        ("لم أجد الورقة. تجاهلها.", 2),
        ("링크가 깨졌어요. 무시하세요.", 2),
        ("Accuracy drops 2.3 points. 2611.12920 is the paper.", 1),  # a digit starts nothing
    ],
)
def test_a_sentence_in_a_script_without_capitals_ends_at_its_full_stop(
    text: str, sentences: int
) -> None:
    """A remark after a full stop is a sentence of its own in Hebrew, Arabic or Korean as after
    a capital in Latin text: "…which paper they meant. Ignore." judges the broken link it follows,
    not the papers before it."""
    from curator.mentions import sentence_spans

    assert len(sentence_spans(text)) == sentences
