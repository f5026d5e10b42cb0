"""Pasted note formats end to end (split_note, analyze): what is an item, what only mentions one, what is nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.analysis import analyze
from curator.fields import match_field
from curator.mentions import is_chat_line, url_role
from curator.models import Increment
from curator.note_formats import read_formats
from curator.notes import preprocess, split_note

PATH = "inbox/alice/2026-11-20T1000-x.md"
SINCE, UNTIL = "2026-11-19T18:00:00+01:00", "2026-11-20T18:00:00+01:00"

EVAL_DOC = """# evaluation living doc

> Topic: evaluation (benchmarks, contamination, judges)

## §1 Evaluation

### §1.1 Benchmark contamination

- **ContamProbe** (arXiv:2610.01234, 10-02 anchored): detects contamination of test sets via membership inference;
  leakage of benchmark questions into pretraining corpora.
- n-gram overlap audits catch verbatim leakage but miss paraphrased leakage.

### §1.2 LLM-as-judge reliability

- **JudgeBias** (arXiv:2610.02345): position bias and verbosity bias of judge models; pairwise preference
  agreement with human raters.
- Calibration of judge scores; rubric design.
"""


def items(text: str):
    return split_note(text, PATH).items


def read_as_items(text: str) -> list:
    """Items of a note in a pasted format; the format reader keeps every line where it was."""
    assert preprocess(text)[0].count("\n") == text.count("\n")
    return split_note(text, PATH).items


def run(tmp_path: Path, note: str) -> dict[str, Increment]:
    """One note by alice inside the window of a one-doc workspace (and what the test put
    beside it) → increments by id."""
    (tmp_path / "organized/knowledge").mkdir(parents=True, exist_ok=True)
    (tmp_path / "organized/knowledge/evaluation.md").write_text(EVAL_DOC, encoding="utf-8")
    (tmp_path / "curator.toml").write_text(
        'topic = "evaluation"\ntimezone = "Europe/Berlin"\n', encoding="utf-8"
    )
    (tmp_path / "inbox/alice").mkdir(parents=True)
    (tmp_path / PATH).write_text(note, encoding="utf-8")
    a = analyze(tmp_path, since=SINCE, until=UNTIL)
    return {inc.id: inc for inc in a.increments}


# --- citation lines --------------------------------------------------------------------------------

ZOTERO = """# Zotero export

Paraphrased Leakage Probes for Benchmark Contamination. Ruiz, A.; Chen, B. arXiv:2611.05823. (2026)
Position Bias of Judge Models Revisited. C. Diaz, D. Wu. arXiv:2611.05824. (2026)
Rubric Anchors for LLM Judges. Klein, E.; Berg, T. arXiv:2611.05825. (2026)
"""


def test_citation_lines_are_one_item_each_titled_by_the_title(tmp_path: Path) -> None:
    got = {it.primary_arxiv: it.title for it in items(ZOTERO)}
    assert got == {
        "2611.05823": "Paraphrased Leakage Probes for Benchmark Contamination",
        "2611.05824": "Position Bias of Judge Models Revisited",
        "2611.05825": "Rubric Anchors for LLM Judges",
    }
    incs = run(tmp_path, ZOTERO)
    assert set(incs) == {"2611.05823", "2611.05824", "2611.05825"}
    assert incs["2611.05824"].title == "Position Bias of Judge Models Revisited"
    assert all(inc.status == "new" and not inc.sources[0].mention for inc in incs.values())


@pytest.mark.xfail(
    strict=True,
    reason="note_items._AUTHORS only knows several authors with initials ('Ruiz, A.;', "
    "'C. Diaz,'): with full names, or one author ('Klein, E.'), the title keeps the authors and a "
    "dangling '. . (2026)'",
)
@pytest.mark.parametrize(
    "line",
    [
        "Rubric Anchors for LLM Judges. Eva Klein and Tom Berg. arXiv:2611.05825. (2026)",
        "Rubric Anchors for LLM Judges. Eva Klein. arXiv:2611.05825. (2026)",
        "Rubric Anchors for LLM Judges. Klein, E. arXiv:2611.05825. (2026)",
    ],
)
def test_citation_lines_with_other_author_lists(line: str) -> None:
    got = items(line + "\nCalibrated Judges. Diaz, C.; Wu, D. arXiv:2611.05826. (2026)\n")
    assert [it.title for it in got] == ["Rubric Anchors for LLM Judges", "Calibrated Judges"]


# --- a digest ----------------------------------------------------------------------------------------

DIGEST = """# arXiv digest — 2026-11-20

## cs.CL

- **Paraphrased Leakage Probes for Benchmark Contamination** — arXiv:2611.05823 — Ana Ruiz, Bo Chen
- **Position Bias of Judge Models Revisited** — arXiv:2611.05824 — Carla Diaz

## cs.LG

- **Rubric Anchors for LLM Judges** — arXiv:2611.05825 — Eva Klein
"""


def test_a_digests_category_heading_is_no_item_and_each_entry_is(tmp_path: Path) -> None:
    got = items(DIGEST)
    assert [(it.primary_arxiv, it.title) for it in got] == [
        ("2611.05823", "Paraphrased Leakage Probes for Benchmark Contamination"),
        ("2611.05824", "Position Bias of Judge Models Revisited"),
        ("2611.05825", "Rubric Anchors for LLM Judges"),
    ]
    assert not any(it.title in ("cs.CL", "cs.LG") for it in got)
    incs = run(tmp_path, DIGEST)
    assert set(incs) == {"2611.05823", "2611.05824", "2611.05825"}
    assert incs["2611.05825"].sources[0].label == "cs.LG"


# --- chat -------------------------------------------------------------------------------------------

CHAT = """# standup chat

**alice** 09:12 — has anyone read arXiv:2611.05823? paraphrased leakage, contamination of benchmark questions
**bob** 09:14 — yes, it's good
[10:42 PM] bob: also 2611.05824 on judge position bias
[10:44 PM] dan: lol
"""


@pytest.mark.parametrize(
    "line",
    [
        "**alice** 09:12 — has anyone read it?",
        "[10:42 PM] bob: also this",
        "bob 10:42: ok",
        "<carol> nice",
        "@dan: see above",
        "- **alice** 09:12 — list-pasted chat",
    ],
)
def test_chat_lines(line: str) -> None:
    assert is_chat_line(line)


@pytest.mark.parametrize(
    "line",
    [
        "**Position Bias of Judge Models** (arXiv:2611.05824)",
        "Link: https://example.org/x",
        "1.1 Judge bias: x",
        "Note: judges at 09:12 disagree",
    ],
)
def test_not_chat_lines(line: str) -> None:
    assert not is_chat_line(line)


def test_chat_lines_are_never_items_their_ids_are_mentions(tmp_path: Path) -> None:
    split = split_note(CHAT, PATH)
    assert split.items == []
    assert sorted(i for c in split.carriers for i in c.arxiv) == ["2611.05823", "2611.05824"]
    incs = run(tmp_path, CHAT)
    assert set(incs) == {"2611.05823", "2611.05824"}  # "yes, it's good" and "lol" are nothing
    assert all(s.mention for inc in incs.values() for s in inc.sources)


CHAT_REPLY = """# lab chat

[Mina] [11:40 PM] 2611.05826 the RL-for-math paper is all over twitter
[Seo] [11:41 PM] pass, not our topic (that's the LLM team's)
[Mina] [11:42 PM] photo
[Mina] [11:43 PM] and 2611.05823 on paraphrased leakage probes for benchmark contamination
[Seo] [11:44 PM] nice
"""


def test_a_chat_reply_to_a_line_citing_one_paper_speaks_of_it(tmp_path: Path) -> None:
    """ "[A] 2611.05826 …" / "[B] pass, not our topic": the verdict is in the next chat line;
    the line after that ("photo") answers nothing."""
    [first, second] = split_note(CHAT_REPLY, PATH).carriers
    assert "pass, not our topic" in first.text and "photo" not in first.text
    assert first.line_end == first.line_start + 1
    assert "nice" in second.text
    incs = run(tmp_path, CHAT_REPLY)
    assert incs["2611.05826"].status == "off-topic"
    assert incs["2611.05823"].status != "off-topic"


BOLD_TITLES = """# Scan · 8 items

**Item 1 FooNet: fast decoding**

- URL: https://blog.example.org/foonet
- Key points: 2x faster decoding on A100

**Item 2 BarKV: cheap cache**
- URL: https://blog.example.org/barkv
- Key points: half the KV memory

**Summary**

- Items 1+2 are one story: fast serving
"""


def test_bold_lines_over_fields_title_items_as_headings_would() -> None:
    """Bold pseudo-headings (a Notion or Feishu export) over "- URL: …" fields are items; the
    note's closing "**Summary**" is a heading too, so its grouping line is not item 2's."""
    split = split_note(BOLD_TITLES, PATH)
    assert [(it.title, it.urls) for it in split.items] == [
        ("FooNet: fast decoding", ["https://blog.example.org/foonet"]),
        ("BarKV: cheap cache", ["https://blog.example.org/barkv"]),
    ]
    assert split.items[1].line_end < BOLD_TITLES.split("\n").index("**Summary**") + 1


@pytest.mark.parametrize(
    "note",
    [
        "# n\n\n**Key points:**\n\n- URL: https://e.org/a\n- fast\n",  # a bold label
        "# n\n\n**FooNet**\nhttps://e.org/a\n> fast decoding\n",  # over a link line
        "# n\n\n**This week**\n\n- FooNet https://e.org/a\n- BarKV https://e.org/b\n",
    ],
)
def test_bold_lines_over_other_things_stay_as_they_were(note: str) -> None:
    assert read_formats(note) == note


TALKS = """# talks worth watching

| Día | Sesión | Charla | Link | Comentario |
|---|---|---|---|---|
| mar 17 | M2C.3 | Ultra Ethernet in production fabrics | https://e.org/m2c3 | nada nuevo |
| jue 19 | Th3B.2 | Co-packaged optics for scale-up domains | https://e.org/th3b2 | 3,5 pJ/bit |
"""


@pytest.mark.parametrize("reverse", [False, True], ids=["as-written", "columns-reversed"])
def test_a_table_without_a_title_header_is_titled_by_its_wordiest_free_column(
    reverse: bool,
) -> None:
    """No header says "title": a day, a session code, the link and the comment column (its
    header says so) are not titles, whichever order the columns come in."""
    text = TALKS
    if reverse:
        text = "\n".join(
            "|" + "|".join(reversed(ln.strip()[1:-1].split("|"))) + "|"
            if ln.startswith("|")
            else ln
            for ln in TALKS.split("\n")
        )
    assert [it.title for it in split_note(text, PATH).items] == [
        "Ultra Ethernet in production fabrics",
        "Co-packaged optics for scale-up domains",
    ]


GLYPHS = """# reading

## FooNet: fast decoding
• URL: https://blog.example.org/foonet
• Key points: 2x faster decoding
  ◦ on A100 only

## BarKV: cheap cache
• URL: https://blog.example.org/barkv
• Key points: half the KV memory
"""


def test_bullet_glyphs_pasted_from_a_word_processor_are_list_entries() -> None:
    """ "• URL: …" is a field as "- URL: …" is; Markdown alone reads a paragraph there."""
    dashed = GLYPHS.replace("• ", "- ").replace("◦ ", "- ")
    got = [(it.title, it.urls, it.points) for it in split_note(GLYPHS, PATH).items]
    assert got == [(it.title, it.urls, it.points) for it in split_note(dashed, PATH).items]
    assert [t for t, _u, _p in got] == ["FooNet: fast decoding", "BarKV: cheap cache"]
    assert got[0][1] == ["https://blog.example.org/foonet"]


def test_a_lone_glyph_and_a_japanese_part_marker_stay_as_they_were() -> None:
    lone = "# n\n\n• one decorative line\n\ntext\n"
    parts = "# メモ\n\n■ 論文:『Foo』(arXiv:2611.26871)\n・要点:速い\n"
    assert read_formats(lone) == lone
    assert read_formats(parts).split("\n")[2] == "■ 論文:『Foo』(arXiv:2611.26871)"


@pytest.mark.xfail(
    strict=True,
    reason="a mention-only increment from a chat line is titled by analysis._name_before, "
    "which splits the line at the ':' of the clock time: '12 — has anyone read' and 'also'",
)
def test_a_chat_mention_is_not_titled_by_a_fragment_of_the_line(tmp_path: Path) -> None:
    incs = run(tmp_path, CHAT)
    assert not incs["2611.05823"].title.startswith("12 ")
    assert incs["2611.05824"].title != "also"


# --- tables and outlines ----------------------------------------------------------------------------

CSV = """# export

§,Title,arXiv,Note
1.1,Paraphrased leakage probes for benchmark contamination,2611.05823,strong
1.2,Position bias of judge models revisited,2611.05824,ok
"""


def test_a_csv_paste_with_a_section_column(tmp_path: Path) -> None:
    got = {it.primary_arxiv: (it.title, it.section_hint) for it in items(CSV)}
    assert got == {
        "2611.05823": ("Paraphrased leakage probes for benchmark contamination", "§1.1"),
        "2611.05824": ("Position bias of judge models revisited", "§1.2"),
    }
    incs = run(tmp_path, CSV)
    assert incs["2611.05823"].suggested_sections[0].section == "§1.1"
    assert incs["2611.05824"].title == "Position bias of judge models revisited"


# the pasted numbering is the opposite of where each paper belongs: read as hints, it would misfile both
OUTLINE = """# pasted doc

1.1 Judge bias: position bias of judge models (arXiv:2611.05824), agreement rose to 4.3 points.
1.2 Leakage probes: paraphrased contamination detection (arXiv:2611.05823).
"""


def test_an_outline_numbered_paste_its_numbers_are_not_hints(tmp_path: Path) -> None:
    got = items(OUTLINE)
    assert [(it.label, it.primary_arxiv, it.section_hint) for it in got] == [
        ("#1.1", "2611.05824", None),
        ("#1.2", "2611.05823", None),
    ]
    incs = run(tmp_path, OUTLINE)
    judge, leak = incs["2611.05824"], incs["2611.05823"]
    assert judge.title.startswith("Judge bias: position bias of judge models")
    assert judge.suggested_sections[0].section == "§1.2"
    assert leak.suggested_sections[0].section == "§1.1"
    for inc in (judge, leak):
        assert not any("“" in s.reason for s in inc.suggested_sections), inc.suggested_sections


# --- identifiers ------------------------------------------------------------------------------------

MALFORMED = """# Tonight's reading

Judge calibration with rubric anchors, see arXiv:2613.04418 for the details.
"""
MALFORMED_ENTRY = """# Tonight's reading

- **Rubric anchors for judges** (arXiv:2613.04418): rubric anchors lower judge variance.
"""


def test_a_malformed_id_is_unverified_never_an_arxiv_id(tmp_path: Path) -> None:
    incs = run(tmp_path, MALFORMED)
    assert list(incs) == ["?:2613.04418"]
    inc = incs["?:2613.04418"]
    assert inc.status == "unverified" and inc.status_rule == "malformed-id"
    assert "2613.04418" in inc.status_reason
    assert inc.arxiv == [] and not any("2613.04418" in u for u in inc.urls)


@pytest.mark.xfail(
    strict=True,
    reason="note_items.build_item never fills Item.malformed (only free-text carriers get "
    "it): a titled list entry with a malformed ID is keyed 't:<title>' and judged 'no-identifier' "
    "('no arXiv ID or link'), its bad ID never quoted",
)
def test_a_malformed_id_in_a_titled_entry_is_quoted(tmp_path: Path) -> None:
    incs = run(tmp_path, MALFORMED_ENTRY)
    assert list(incs) == ["?:2613.04418"]
    inc = incs["?:2613.04418"]
    assert inc.status_rule == "malformed-id" and "2613.04418" in inc.status_reason
    assert inc.title == "Rubric anchors for judges"


def test_a_titled_entry_with_a_malformed_id_is_still_unverified(tmp_path: Path) -> None:
    (inc,) = run(tmp_path, MALFORMED_ENTRY).values()
    assert inc.status == "unverified" and inc.arxiv == []


BIBTEX = """# refs

We should compare against this:

```bibtex
@article{ruiz2026leak,
  title={Paraphrased leakage probes for benchmark contamination},
  journal={arXiv preprint arXiv:2611.05823},
  year={2026}
}
```
"""


def test_bibtex_in_a_fence_is_an_item_titled_by_its_entry(tmp_path: Path) -> None:
    """A citation record names one paper: an item, titled by the entry's title, judged like any."""
    assert [(it.title, it.primary_arxiv) for it in items(BIBTEX)] == [
        ("Paraphrased leakage probes for benchmark contamination", "2611.05823"),
    ]
    inc = run(tmp_path, BIBTEX)["2611.05823"]
    assert inc.title == "Paraphrased leakage probes for benchmark contamination"
    assert inc.status == "new"


# --- newsletters, e-mail, forums ---------------------------------------------------------------------

NEWSLETTER = """# The Eval Letter #42

**This week**

- [Paraphrased leakage probes for benchmark contamination](https://leakprobe.example.org/paper) — detects paraphrased leakage of test questions.
- [Position bias of judge models](https://judgebias.example.net/post) — pairwise judges disagree with human raters.

**Off-topic but fun**

- [A robot that folds origami cranes](https://origami.example.com/cranes) — delightful.
- [Sourdough starters, ranked](https://bread.example.org/starters)

Unsubscribe: https://evalletter.example.com/unsubscribe?u=123 · Manage preferences: https://evalletter.example.com/account/preferences
Subscribe: https://evalletter.example.com/subscribe
Pasted from https://www.notion.so/alice/Eval-reading-1234abcd and https://docs.google.com/document/d/abc123/edit
"""


def test_a_newsletter(tmp_path: Path) -> None:
    incs = run(tmp_path, NEWSLETTER)
    by_host = {inc.id.split("/", 1)[0]: inc for inc in incs.values()}
    assert by_host["leakprobe.example.org"].status == "new"
    assert (
        by_host["leakprobe.example.org"].title
        == "Paraphrased leakage probes for benchmark contamination"
    )
    assert by_host["judgebias.example.net"].status == "new"
    for host in ("origami.example.com", "bread.example.org"):  # under the bold "Off-topic but fun"
        assert by_host[host].status == "off-topic", by_host[host]
    assert by_host["bread.example.org"].status_rule == "left-out-heading"
    assert "Off-topic but fun" in by_host["bread.example.org"].status_reason
    for host in ("evalletter.example.com", "www.notion.so", "notion.so", "docs.google.com"):
        assert not [i for i in incs.values() if i.id.startswith(host) and "/p/" not in i.id], host


@pytest.mark.parametrize(
    ("url", "role"),
    [
        ("https://evalletter.example.com/unsubscribe?u=123", "ignore"),
        ("https://evalletter.example.com/account/preferences", "ignore"),
        ("https://www.notion.so/alice/Eval-reading-1234abcd", "ignore"),
        ("https://docs.google.com/document/d/abc123/edit", "ignore"),
        ("zotero://select/library/items/ABCD", "ignore"),
        ("http://localhost:30000/v1", "ignore"),
        ("https://news.ycombinator.com/item?id=4242", "thread"),
        ("https://github.com/judgelab/rubric-anchors", "alias"),
        ("https://leakprobe.example.org/paper", "item"),
        # a feed is a subscription; a post about one is a page
        ("https://transitdata.example.ca/blog/feed.xml", "ignore"),
        ("https://github.com/rlsig/signalgym/commits/main.atom", "ignore"),
        ("https://example.com/feed/", "ignore"),
        ("https://example.com/blog/how-we-built-our-feed-ranker", "item"),
        # a site's index of papers is where a note was copied from; a paper's page there is one
        ("https://huggingface.co/papers?date=2027-03-13", "ignore"),
        ("https://scholar.google.com/scholar?q=rubric+anchoring", "ignore"),
        ("https://openreview.net/forum?id=Rk9vQm2LxT", "alias"),
        # a search written in the path is an index too; the abstract page it lists is a page
        ("https://ui.adsabs.harvard.edu/search/q=docs(library%2F7tQ2)&sort=date%20desc", "ignore"),
        ("https://ui.adsabs.harvard.edu/abs/2027ApJ...912..1A/abstract", "alias"),
        # a curated list of papers on a code host indexes them; an owner named so is no list
        ("https://github.com/MrNeRF/awesome-3D-gaussian-splatting", "ignore"),
        ("https://github.com/team/awesome_llm_eval/blob/main/README.md", "ignore"),
        ("https://github.com/awesome-lab/splatter", "alias"),
    ],
)
def test_url_roles(url: str, role: str) -> None:
    assert url_role(url) == role


def test_a_site_beside_its_feed_on_one_line_is_a_subscription() -> None:
    from curator.mentions import identities

    opml = (
        '<outline text="blog" type="rss" xmlUrl="https://transit.example.ca/blog/feed.xml"'
        ' htmlUrl="https://transit.example.ca/blog/">\n'
        '  <outline type="link" text="Ridership in snowstorms"'
        ' url="https://transit.example.ca/blog/ridership-in-snowstorms"/>\n'
    )
    assert identities(opml).urls == ["https://transit.example.ca/blog/ridership-in-snowstorms"]
    # on a line of its own the site stays a page
    apart = "the blog https://transit.example.ca/blog/\nits feed https://transit.example.ca/blog/feed.xml"
    assert identities(apart).urls == ["https://transit.example.ca/blog/"]


EMAIL = """# Fwd: judge bias paper

From: Maria Lopez <maria@judgelab.example.org>
To: alice@ourteam.example.com
Subject: position bias

Hi Alice, have you seen the position bias paper? https://judgebias.example.net/post
It shows pairwise judges disagree with human raters.

Best,
Maria Lopez · JudgeLab · https://judgelab.example.org/team
"""


def test_an_email_threads_sender_domain_link_is_not_an_item(tmp_path: Path) -> None:
    incs = run(tmp_path, EMAIL)
    assert list(incs) == ["judgebias.example.net/post"]
    assert incs["judgebias.example.net/post"].status == "new"


FORUM = """# reading

- Paraphrased leakage probes for benchmark contamination: https://leakprobe.example.org/paper (discussion: https://news.ycombinator.com/item?id=4242)
- Good thread on judge calibration: https://news.ycombinator.com/item?id=5353
"""


def test_a_forum_thread_beside_an_article_is_not_its_own_item(tmp_path: Path) -> None:
    incs = run(tmp_path, FORUM)
    assert "news.ycombinator.com/item?id=4242" not in incs
    article = incs["leakprobe.example.org/paper"]
    assert article.title.startswith("Paraphrased leakage probes for benchmark contamination")
    # a thread with nothing else cited beside it is the item
    assert incs["news.ycombinator.com/item?id=5353"].status == "new"


# --- headings -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "heading", ["# Notes on judge papers", "# Overview of tonight's eval papers"]
)
def test_a_note_title_starting_with_a_structural_word_keeps_its_items(heading: str) -> None:
    got = items(
        f"{heading}\n\n- **Position bias of judge models** (arXiv:2611.05825): pairwise judges.\n"
    )
    assert [(it.primary_arxiv, it.title) for it in got] == [
        ("2611.05825", "Position bias of judge models")
    ]


def test_an_item_heading_with_a_link_field() -> None:
    got = items(
        "## Judge calibration with rubric anchors\n\nLink: https://judgelab.example.org/rubric-anchors\n"
    )
    assert [(it.title, it.urls) for it in got] == [
        ("Judge calibration with rubric anchors", ["https://judgelab.example.org/rubric-anchors"])
    ]


@pytest.mark.parametrize(
    "body",
    [
        "Link: https://judgelab.example.org/rubric-anchors",
        "- Link: https://judgelab.example.org/rubric-anchors",
    ],
)
def test_an_item_heading_with_a_link_field_right_under_it(body: str) -> None:
    got = items(f"## Judge calibration with rubric anchors\n{body}\n")
    assert [(it.title, it.urls) for it in got] == [
        ("Judge calibration with rubric anchors", ["https://judgelab.example.org/rubric-anchors"])
    ]


def test_footnotes_are_read_where_they_are_cited() -> None:
    """A session write-up citing papers by footnote: each paper sits under the heading that
    discusses it, not under the last heading, where the definitions are."""
    text = (
        "# Workshop notes\n\n## Memory talk\n\n- StateSketch[^1] trains a sketcher; see also [^2].\n\n"
        "## Skipped talks\n\n- A traffic simulator[^3]. Not ours.\n\n"
        "[^1]: https://arxiv.org/abs/2610.14427v1\n[^2]: arXiv:2610.15902\n[^3]: https://arxiv.org/abs/2610.15388\n"
    )
    out = split_note(text, "inbox/callum/2026-10-24T1830-notes.md")
    where = {a: it.label for it in [*out.items, *out.carriers] for a in it.arxiv}
    assert where["2610.14427"] == where["2610.15902"] == "Memory talk"
    assert where["2610.15388"] == "Skipped talks"


def test_a_heading_whose_body_opens_with_its_link_is_one_item() -> None:
    """ "## TRACE" over "https://arxiv.org/abs/… — what it is" and bullets that cite other papers
    in passing: one item, its bullets (and their hints) part of it."""
    text = (
        "# Notas\n\n## TRACE (multiagente)\n\nhttps://arxiv.org/abs/2610.17305 — atribuição de culpa.\n\n"
        "- 78% de concordância no corpus MAST-2 (2610.03307, já está na 4.2).\n"
        "- não é o TRACE de injeção (2609.21190).\n- Vai em 4.2.\n\n"
        "## Links\n\nhttps://example.org/a — one\nhttps://example.org/b — two\n"
    )
    out = split_note(text, "inbox/rafael/2026-10-24T1955-nota.md")
    (trace,) = [it for it in out.items if "2610.17305" in it.arxiv]
    assert trace.title == "TRACE (multiagente)" and "Vai em 4.2" in trace.text
    assert trace.primary_arxiv == "2610.17305"
    assert not any(it.title == "Links" for it in out.items)  # a body of links is a list of links


def test_inline_footnotes_keeps_lines_and_leaves_code_alone() -> None:
    from curator.footnotes import inline_footnotes

    text = "a[^x] b[^nope]\n```\nc[^x]\n[^y]: in code\n```\n[^x]: first\n    continued\n"
    out = inline_footnotes(text)
    assert (
        out.split("\n")[0] == "a (first continued) b[^nope]"
    )  # an undefined reference stays as written
    assert out.split("\n")[2:4] == ["c[^x]", "[^y]: in code"]  # code is code
    assert len(out.split("\n")) == len(text.split("\n"))  # the UI's line numbers still hold
    assert inline_footnotes("no notes here") == "no notes here"


FENCED_CSV = """triage sheet, copied as CSV

```csv
title,arxiv_id,verdict,section
"Feature Recovery Scales Predictably",2603.02841,yes — v2 numbers,C.3.1
"Feature Splitting Is a Training Artifact (v2)",2602.07719v2,re-propose,C.3
Gemma Scope,2408.05147,already in doc,C.3.1
```

```python
rows = ["a,b,c", "2603.02841,x,y"]
```
"""


def test_a_csv_paste_in_a_fence_is_a_table_code_is_not() -> None:
    got = {it.primary_arxiv: (it.title, it.section_hint) for it in items(FENCED_CSV)}
    assert got == {
        "2603.02841": ("Feature Recovery Scales Predictably", "§C.3.1"),
        "2602.07719": ("Feature Splitting Is a Training Artifact (v2)", "§C.3"),
        "2408.05147": ("Gemma Scope", "§C.3.1"),
    }


DISCORD = """==============================================================
Guild: Lab
Channel: #reading
Exported: 04-Oct-26 03:10 by mai
Channel: https://discord.com/channels/1187734402201452544/1190021875543642112
==============================================================

[10:21 PM] mai: anyone read 2610.05530? the LUMEN video one
[10:40 PM] mai: also blog.example.ai/posts/anyres-is-leaking-your-budget/ — 31% of tiles are padding
[10:55 PM] mai: reading group moved — zoom https://us02web.zoom.us/j/83315529907?pwd=x
[11:02 PM] rafa: dinner after? https://maps.app.goo.gl/Xq7VhC2mR8pLkT3n9
[1:12 AM] rafa: 2610.04190 is the audio-captioning one people were hyping — not ours
"""


def test_an_exports_banner_is_no_heading_and_chat_lines_stay_apart() -> None:
    """A "=====" banner over an export's header is not a three-line heading swallowing the chat."""
    out = split_note(DISCORD, PATH)
    assert out.items == []
    by_line = {c.line_start: c for c in out.carriers}
    assert by_line[8].arxiv == ["2610.05530"] and by_line[12].arxiv == ["2610.04190"]
    assert (
        "not ours" not in by_line[9].text
    )  # a later line about another paper is not said of this one
    # the channel, the meeting and the map are no items or mentions
    assert all(not c.urls or "blog.example.ai" in c.urls[0] for c in out.carriers)


INDENTED_LINK = """Two reads for tomorrow.

1) Tokens sémantiques à 12,5 Hz — « SemantiQ: Single-Codebook Semantic Speech Tokens »
   Lien : https://arxiv.org/abs/2603.14207
   - un seul codebook de 65 536 entrées
   Section : 3.2

2) PitchTok v2 — « Reference-Free Prosody Transfer with Discrete Pitch Tokens »
   Lien : arxiv.org/abs/2603.08841v2
   Camille l'a écartée dans le briefing parce que la v1 n'avait aucun chiffre ; la v2 a un tableau.
   Section : 2.3
"""


def test_a_numbered_entry_over_an_indented_link_field_is_an_item() -> None:
    got = {it.primary_arxiv: it.section_hint for it in items(INDENTED_LINK)}
    assert got == {"2603.14207": "§3.2", "2603.08841": "§2.3"}


OBSIDIAN = """# Video LLMs — Sunday reading

> [!note] TL;DR
> Two worth a look: [[ChronoTok]] and [[LUMEN (video)]].

## [[ChronoTok]] #tokenizer

Causal 3D tokenizer with residual codes.[^1] 64k codebook.

- 37% fewer tokens per second on static scenes
- repo: https://github.com/kairos-ai/chronotok
- put under tokenizers

## [[LUMEN (video)]] #video-llm

Keeps text notes per 32-frame chunk plus 8 keyframes.[^2]

- EgoSchema 71.3
- not the same paper as LUMEN the grounding model (arXiv:2609.28814, already in the doc)

> [!warning] not ours
> - 2610.05219 "RoadDream": video diffusion world model for driving → gen team
> - VLA-Fold (2610.04018) → robotics team

[^1]: https://arxiv.org/abs/2610.03127v1
[^2]: arXiv:2610.05530
"""


def test_an_obsidian_note_headings_over_one_cited_paper_and_a_leaving_out_callout() -> None:
    out = split_note(OBSIDIAN, PATH)
    heads = {
        it.title: it.primary_arxiv
        for it in out.items
        if it.primary_arxiv in ("2610.03127", "2610.05530")
    }
    # page links read as their text: "[[ChronoTok]]" is the title ChronoTok
    assert heads == {"ChronoTok #tokenizer": "2610.03127", "LUMEN (video) #video-llm": "2610.05530"}
    chrono = next(it for it in out.items if it.primary_arxiv == "2610.03127")
    assert "https://github.com/kairos-ai/chronotok" in chrono.urls
    # the callout's title leaves its entries out, like a heading would
    assert "###### not ours" in preprocess(OBSIDIAN)[0]


def test_an_outliner_export_nests_each_reading_under_one_root_bullet() -> None:
    """A Roam/Logseq day page: one root bullet holds several papers, each with its own
    properties; each child is an item, and a paper's own bullets (ID, repo) stay its details."""
    text = (
        "- [[Reading]] saturday\n"
        "    - [[PepFlow-2]] flow matching for cyclic peptides\n"
        "        - id:: arXiv:2610.01877\n"
        "        - numbers:: 27% in silico success\n"
        '    - [[Blog]] "What ProteinGym doesn\'t measure"\n'
        "        - url:: https://lowerbound.bio/posts/proteingym-blind-spots\n"
        "    - [[SubgoalRL]] Subgoal-level RL for Lean 4\n"
        "        - arxiv.org/abs/2610.18064\n"
        "        - code: https://github.com/subgoal-rl/subgoal-rl\n"
    )
    items = split_note(text, PATH).items
    assert [it.title for it in items] == [
        "PepFlow-2 flow matching for cyclic peptides",
        'Blog "What ProteinGym doesn\'t measure"',
        "SubgoalRL Subgoal-level RL for Lean 4",
    ]
    assert items[0].arxiv == ["2610.01877"] and items[1].urls and items[2].arxiv == ["2610.18064"]
    assert "https://github.com/subgoal-rl/subgoal-rl" in items[2].urls + items[2].linked


def test_a_pasted_rss_feed_is_read_as_a_list_of_items() -> None:
    text = (
        '<!-- bot digest -->\n\n```xml\n<rss version="2.0">\n<channel>\n  <title>keyword digest</title>\n'
        "  <item>\n    <title>FlexPose-3: Pocket-Flexible Diffusion Docking</title>\n"
        "    <link>https://arxiv.org/abs/2610.02031</link>\n    <category>q-bio.BM</category>\n"
        "    <description>Matched: docking. Claims 74% &amp; more.</description>\n  </item>\n"
        '  <entry>\n    <title>An Atom entry</title>\n    <link href="https://arxiv.org/abs/2610.02688v1"/>\n  </entry>\n'
        "</channel>\n</rss>\n```\n"
    )
    items = read_as_items(text)
    assert [(it.title, it.arxiv) for it in items] == [
        ("FlexPose-3: Pocket-Flexible Diffusion Docking", ["2610.02031"]),
        ("An Atom entry", ["2610.02688"]),
    ]
    assert "Claims 74% & more." in items[0].text


def test_a_note_saying_a_preprint_is_the_same_paper_merges_them(tmp_path: Path) -> None:
    """ "the bioRxiv one is the same paper": an item that cites only that link joins the arXiv
    increment; a line that tells them apart ("not the same paper") joins nothing."""
    note = (
        "# reading\n\n"
        "JudgeScope (arXiv 2611.05823): the bioRxiv https://www.biorxiv.org/content/10.1101/2026.09.28.614402v1 "
        "is the same paper, posted both places. The medRxiv https://www.medrxiv.org/content/10.1101/2026.10.01.000001v1 "
        "is not the same paper as 2611.05823.\n\n"
        "## Board\n\n"
        "- **JudgeScope preprint version** · biorxiv.org/content/10.1101/2026.09.28.614402v1 · judge calibration for evals\n"
        "- **Other preprint** · medrxiv.org/content/10.1101/2026.10.01.000001v1 · judge calibration in clinics\n"
    )
    incs = run(tmp_path, note)
    titles = [it.title for it in incs["2611.05823"].items]
    assert "JudgeScope preprint version" in titles, titles
    assert "Other preprint" not in titles


def test_a_fenced_bibtex_export_is_a_list_of_items() -> None:
    """Each entry is an item titled by its title field; its eprint, url or a field that cites
    ("journal = {arXiv preprint arXiv:…}") identify it; its note is its text."""
    text = (
        "% Zotero export\n\n```bibtex\n@misc{a2026,\n  title = {{GRAPE}: Genome-scale Regulatory Attention},\n"
        "  author = {Weber, Jana},\n  eprint = {2610.02688},\n  archivePrefix = {arXiv},\n"
        "  note = {Not the GRAPE agent (2609.22907). Section V.2.}\n}\n\n"
        "@article{b2012,\n  title = {Sequence Transduction},\n  journal = {arXiv preprint arXiv:1211.3711},\n}\n```\n"
    )
    items = read_as_items(text)
    assert [(it.title, it.primary_arxiv) for it in items] == [
        ("GRAPE: Genome-scale Regulatory Attention", "2610.02688"),
        ("Sequence Transduction", "1211.3711"),
    ]
    assert "Section V.2" in items[0].text and "Weber" not in items[0].text


def test_reference_style_links_belong_to_the_block_that_uses_them() -> None:
    text = (
        "# NPU notes\n\n[Dendrite][1]: 4nm on-device NPU with a sparse attention engine.\n\n"
        "[FlashFP4][3] — fused NVFP4 attention, built on [CUTLASS][2].\n\n"
        "[1]: https://arxiv.org/abs/2604.00893v1\n[2]: https://github.com/NVIDIA/cutlass\n"
        '[3]: https://arxiv.org/abs/2604.02117 "FlashFP4"\n'
    )
    items = read_as_items(text)
    assert [(it.primary_arxiv, it.line_start) for it in items] == [
        ("2604.00893", 3),
        ("2604.02117", 5),
    ]


def test_a_thread_that_says_two_papers_overlap_flags_them(tmp_path: Path) -> None:
    """ "¿no es el mismo…? / no, same problem, other fix — mark them as overlap": the two papers
    the messages before the remark cite are flagged, not merged."""
    note = (
        "#evals — thread copied from Slack\n\n"
        "tomas  23:11\nLeakScan: benchmark contamination of test sets found by membership inference on pretraining "
        "corpora — https://arxiv.org/abs/2611.05824\n\n"
        "camila  23:14\nisn't it the same as the rubric one? PairRank: position bias and verbosity bias of judge "
        "models, agreement with human raters 2611.05825\n\n"
        "tomas  23:19\nno, other group and other fix, same problem\ndon't merge them, but mark them as overlap\n"
    )
    incs = run(tmp_path, note)
    assert {"2611.05824", "2611.05825"} <= set(incs)
    assert "2611.05825" in {o.id for o in incs["2611.05824"].overlaps}


@pytest.mark.parametrize(
    "remark",
    [
        "- LeakScan and PairRank really are two different papers: put them side by side.",
        "## Later\n\nCompared with Ana: LeakScan and PairRank overlap, same problem, other fix.",
    ],
)
def test_a_remark_that_names_two_papers_as_overlapping_flags_them(
    tmp_path: Path, remark: str
) -> None:
    """The remark cites no ID and no paper is just before it: it names both by their short names
    (a list item, or a paragraph under another heading), and that is what relates them."""
    note = (
        "# Reading\n\n"
        "- LeakScan: benchmark contamination of test sets found by membership inference on "
        "pretraining corpora https://arxiv.org/abs/2611.05824\n"
        "- PairRank: position bias and verbosity bias of judge models, agreement with human raters "
        "2611.05825\n\n" + remark + "\n"
    )
    incs = run(tmp_path, note)
    flagged = {o.id: o.reason for o in incs["2611.05824"].overlaps}
    assert "2611.05825" in flagged
    assert "says they overlap" in flagged["2611.05825"]


@pytest.mark.parametrize(
    ("line", "title"),
    [
        ("- SBPV(2611.05823)下午扫了一遍:冷启动那段要写进条目;放 4.3 就行", "SBPV"),
        (
            "**LoCoV**（arXiv:2611.13342）思路挺巧：在长文档里插入反事实事实，再问依赖该事实的问题。",
            "LoCoV",
        ),
        (
            "- JudgeDrift (2611.11873) did the thing we argued about last week, finally",
            "JudgeDrift",
        ),
        (
            "- SubgoalRL (2610.18064) — Subgoal-Level Reinforcement Learning for Lean 4",
            "SubgoalRL — Subgoal-Level Reinforcement Learning for Lean 4",
        ),
        (
            "- El montaje es el de Elhage et al. (2209.10652) con dos capas",
            "El montaje es el de Elhage et al. con dos capas",
        ),
    ],
)
def test_a_name_before_its_id_titles_the_remark_after_it(line: str, title: str) -> None:
    """ "Name (ID)" followed straight on by words is a remark about Name; a dash or colon leads
    into the paper's title instead, and a sentence before the ID is no name."""
    assert [it.title for it in items("# reading, sunday\n\n" + line + "\n")] == [title]


def test_a_digest_title_over_a_view_all_link_and_a_table_is_no_item() -> None:
    text = (
        "# Daily Papers — keyword digest\n\n14 papers matched. View all: https://huggingface.co/papers?date=2026-10-24\n\n"
        "| ▲ | Paper | link |\n|---:|---|---|\n| 212 | Forget-Me-Not | https://huggingface.co/papers/2610.15902 |\n"
        "| 45 | Motion planning | https://huggingface.co/papers/2610.15771 |\n"
    )
    assert sorted(a for it in split_note(text, PATH).items for a in it.arxiv) == [
        "2610.15771",
        "2610.15902",
    ]


def test_a_dismissal_word_inside_the_papers_title_is_no_verdict(tmp_path: Path) -> None:
    """ "Probes Read, Models Ignore" is a title; "ignore" there judges nothing."""
    note = (
        "# reading\n\n## 3. Causal validation of probes\n\n"
        "- Paper: Probes Read, Models Ignore: Causal Validation of 1,200 Linear Judges\n"
        "- Link: arXiv:2611.05823\n- 1,200 judge probes, 38% have no causal effect\n\n"
        "## 4. Others\n\n- Haddad, L. (2026). Probes read, models ignore: Causal validation of 1,200 linear judges. "
        "arXiv. https://arxiv.org/abs/2611.05823\n"
    )
    inc = run(tmp_path, note)["2611.05823"]
    assert inc.status_rule != "author-verdict", inc.status_reason


AF_DIGEST = """Sunday AF skim, annotated.

**1. Steering vectors don't compose**
https://www.alignmentforum.org/posts/Wm3kQy7TnB2xLc9Pd/steering-vectors-don-t-compose
> Adding two steering vectors recovers only 40–60% of the summed effect.

→ ours. 1.2 maybe.

**2. Compute thresholds after the Code of Practice**
https://www.alignmentforum.org/posts/Tz4pLw8QmR2vXk6Ne/compute-thresholds
> How the 10^25 FLOP presumption interacts with the new guidance.

→ governance, not ours.
"""


def test_a_write_up_paragraph_keeps_the_quote_and_remark_under_it() -> None:
    """(Its bold titles are its headings: a title line, no sections of its own.)"""
    got = {it.label: (it.line_start, it.line_end, "not ours" in it.text) for it in items(AF_DIGEST)}
    assert got == {"#1": (3, 8, False), "#2": (9, 14, True)}


def test_a_dash_over_a_question_is_no_section_yet_not_nowhere() -> None:
    from curator.note_items import parse_hint

    assert parse_hint("— (destilação? overthinking? deixo pra Bia)") is None
    assert parse_hint("—(agent memory 主题)") == "-"


TEMPLATE_BLANKS = """# Reading list

## Position Bias of Judge Models Revisited

- Paper: arXiv:2611.05824
- Section:
- Position bias of judge models, measured again with pairwise preference agreement.

## Paraphrased Leakage Probes for Benchmark Contamination

- Paper: arXiv:2611.05823
- Section: n/a
- Contamination probes for pretraining corpora.
"""


def test_a_section_field_left_blank_files_the_item_nowhere_yet(tmp_path: Path) -> None:
    """A template's "Section:" left empty is a field not filled in: the item is judged on what it
    says (new here), not filed under no section of this doc as "n/a" files it."""
    from curator.note_items import parse_hint

    assert parse_hint("") is None and parse_hint("  ") is None and parse_hint("n/a") == "-"
    got = run(tmp_path, TEMPLATE_BLANKS)
    assert got["2611.05824"].status == "new"
    assert got["2611.05823"].status == "off-topic"


FEISHU = """| 序号 | 论文 | arXiv | 归属 | 结论 |
| --- | --- | --- | --- | --- |
| 1 | RepoSkel：先检索骨架再补全 | 2610.14237 | 1.2 | 新增 |
| 4 | RustSWE：612 个真实 Rust issue | 2610.18820 | 三、评测 | 新增，具体小节周明定 |
| 8 | TierKV：长上下文 serving 的 KV 卸载 | 2610.16342 | — | 这篇偏 infra，不收 |
"""


def test_a_table_column_headed_by_a_section_label_of_any_language() -> None:
    got = {it.primary_arxiv: it.section_hint for it in items(FEISHU)}
    assert got == {"2610.14237": "§1.2", "2610.18820": "§3", "2610.16342": "-"}


def test_a_paper_named_only_to_be_told_apart_is_not_built_on() -> None:
    """ "Not the same paper as JudgeBias (2610.02345)" says nothing about where this one goes."""
    from types import SimpleNamespace

    from curator.increments import built_on as _built_on
    from curator.lexicon import default_lexicon
    from curator.models import Item

    ctx = SimpleNamespace(lexicon=default_lexicon())
    text = (
        "Probe sets for graders (2611.05823) build on ContamProbe (2610.01234). "
        "Not the same paper as JudgeBias (2610.02345), same acronym only."
    )
    it = Item(
        note=PATH, label=None, title="Probe sets", text=text, mentions=["2610.01234", "2610.02345"]
    )
    assert _built_on(it, ctx) == ["2610.01234"]  # type: ignore[arg-type]
    it.text = "这篇的 CLAMP 跟 D.1 那个 CLAMP(2610.02345)完全没关系。它用了 2610.01234 的探针。"
    assert _built_on(it, ctx) == ["2610.01234"]  # type: ignore[arg-type]


GH_THREAD = """pasting the #212 thread for tonight's relay

source: https://github.com/acme-lab/circuitry/issues/212

# Crosscoder eval: ground-truth check #212

**@ann** commented on Mar 6

Compiled Ground Truth (2603.05190) does almost exactly this.

**@bo** commented on Mar 7

Left comments on #215. It touches https://github.com/acme-lab/circuitry/blob/main/evals/crosscoder_eval.py — don't change the seeds.
See also https://github.com/other-lab/sae-bench for their harness.
"""


def test_a_pasted_issue_threads_own_repository_is_no_item() -> None:
    out = split_note(GH_THREAD, PATH)
    links = [u for it in [*out.items, *out.carriers] for u in it.urls]
    assert not any("acme-lab/circuitry" in u for u in links), links
    assert any("other-lab/sae-bench" in u for u in links)
    assert not [it for it in out.items if not it.arxiv and not it.urls], (
        "no key-less item left behind"
    )


THREAD = """Pasted from X — a thread.

1/4 New paper: ShortCut-TTS, zero-shot TTS in one step. arxiv.org/abs/2603.12654

2/4 Results: WER 2.21 at 1 NFE.

3/4 Demo page: shortcut-tts.github.io — code soon

4/4 Thanks to the co-authors!

---

- Also: VoxArena — huggingface.co/papers/2603.10418 — an arena for spoken dialogue
"""


def test_a_numbered_thread_about_one_paper_is_one_item() -> None:
    got = [(it.line_start, it.line_end, it.arxiv) for it in items(THREAD)]
    assert got[0] == (3, 9, ["2603.12654"]), got
    assert not any(
        it.urls and not it.arxiv for it in items(THREAD)
    )  # the demo page is that paper's


@pytest.mark.parametrize(
    "line",
    [
        "[민준] [오후 11:05] 데이터셋 하나 나왔어요 https://huggingface.co/datasets/x/y",
        "[24/10/26, 21:14:03] Ana Lima: olha esse https://arxiv.org/abs/2610.21877",
        "24/10/26, 21:14 - Ana Lima: olha esse https://arxiv.org/abs/2610.21877",
        "2026. 11. 1. 오후 11:05, 민준 : 2610.21877 봤어요?",
    ],
)
def test_more_chat_exports(line: str) -> None:
    assert is_chat_line(line)
    assert items(line + "\n") == []  # a chat line mentions; it is not an item


NUMBERED_BOLD = """# reading

1. **FooNet: fast decoding**

   - URL: https://blog.example.org/foonet
   - Key points: 2x faster decoding

2. **BarKV: cheap cache**

   - URL: https://blog.example.org/barkv
   - Key points: half the KV memory

3. **Summary**

   - Items 1+2 are one story: fast serving
"""


def test_numbered_bold_entries_over_bodies_are_read_as_headings_would_be() -> None:
    """ "1. **FooNet**" over an indented body is "## FooNet" written as a list: the same items,
    and the closing "3. **Summary**" cites nothing, so it is a section, not a third item, and
    item 2 ends where its entry ends."""
    as_headings = "\n".join(
        "## " + ln.split("**")[1] if ln[:1].isdigit() else ln.removeprefix("   ")
        for ln in NUMBERED_BOLD.split("\n")
    )
    got = [(it.title, it.urls, it.points) for it in split_note(NUMBERED_BOLD, PATH).items]
    assert got == [(it.title, it.urls, it.points) for it in split_note(as_headings, PATH).items]
    assert [t for t, _u, _p in got] == ["FooNet: fast decoding", "BarKV: cheap cache"]
    items = split_note(NUMBERED_BOLD, PATH).items
    assert items[1].line_end < NUMBERED_BOLD.split("\n").index("3. **Summary**") + 1


@pytest.mark.parametrize(
    "note",
    [
        # one entry of the list is not all bold: a digest's list, read as entries
        "# d\n\n1. **FooNet**\n   https://e.org/a\n\n2. **BarKV** (v2)\n   https://e.org/b\n",
        # the note has sections of its own
        "# d\n\n## Week\n\n1. **FooNet**\n   https://e.org/a\n2. **BarKV**\n   https://e.org/b\n",
        # no bodies: a list of bold names
        "# d\n\n1. **FooNet**\n2. **BarKV**\n",
    ],
)
def test_bold_entries_that_are_no_sections_stay_as_they_were(note: str) -> None:
    assert read_formats(note) == note


def test_a_label_line_opening_a_list_entry_ends_with_it() -> None:
    """ "6. 增量 6 …" over its indented fields, then "7. **小结**" citing nothing: the closing
    remarks are not item 6's text (a labelled heading would have ended there)."""
    note = (
        "# 晚间\n\n"
        "6. 增量 6【推理】FooServe(arXiv 2605.01280)\n"
        "   - 判断:值得看\n"
        "7. 小结\n"
        "   - 转给 Tom\n"
    )
    (item,) = split_note(note, PATH).items
    assert item.arxiv == ["2605.01280"] and "转给" not in item.text


TRACKER = """Pasted from the tracker (view "this week"), Sun 12:10
ENG-212 · Evaluate FooNet for the FP4 recipe · Status: In Progress · Labels: fp4, paper
  Link: https://tracker.example.org/issue/ENG-212
  Paper: 2604.01562
  ↳ comment (ana): one line in our kernel, we try it Tuesday
ENG-209 · Read the interconnect latency paper · Status: Todo · Labels: paper
  Link: https://tracker.example.org/issue/ENG-209
  Paper: https://arxiv.org/abs/2603.29954
  ↳ comment (bo): proposal → §3.1 scale-up
"""


def test_a_hanging_indent_paste_without_blank_lines_reads_as_with_them() -> None:
    """A tracker's paste has no blank lines: each ticket line at the margin over its indented
    fields is one entry, as the blank lines would say, not a "Paper" citation line each."""
    spaced = TRACKER.replace("\nENG-", "\n\nENG-")

    def said(text: str) -> list[tuple[str, list[str]]]:
        split = split_note(text, PATH)
        return [(it.title[:12], it.arxiv) for it in [*split.items, *split.carriers]]

    assert said(TRACKER)[-1] == ("ENG-209 · Re", ["2603.29954"])
    assert [ids for _t, ids in said(TRACKER)] == [ids for _t, ids in said(spaced)]
    assert [t for t, _ids in said(TRACKER)][1:] == [t for t, _ids in said(spaced)][1:]
    assert "Paper" not in [t for t, _ids in said(TRACKER)]


def test_a_csv_paste_right_under_its_provenance_lines_is_still_a_table() -> None:
    """No blank line between the export's provenance and the sheet: the header is the third
    line of the paragraph, and the rows are still one item each, titled by their title cell."""
    note = (
        "ravi — reading tracker\n"
        "Exported 2026-10-31 22:47 · CSV, first row is the header\n"
        "§,Title,arXiv,Note\n"
        "1.1,Paraphrased leakage probes for benchmark contamination,2611.05823,strong\n"
        "1.2,Position bias of judge models revisited,2611.05824,ok\n"
    )
    got = {it.primary_arxiv: (it.title, it.section_hint) for it in items(note)}
    assert got == {
        "2611.05823": ("Paraphrased leakage probes for benchmark contamination", "§1.1"),
        "2611.05824": ("Position bias of judge models revisited", "§1.2"),
    }


TRANSCRIPT = """# call transcript
Derek Okafor  3:09
Second is a membership inference one, 2603.03054, "Your Base Model Is the Reference".
Jordan Lee  4:30
Skip the other one, it is not ours at all.
"""


def test_a_transcripts_speaker_lines_end_what_each_speaker_said() -> None:
    """A meeting transcript pasted without blank lines: the next speaker's words are not said of
    the paper the last one cited."""
    (said,) = split_note(TRANSCRIPT, PATH).carriers
    assert said.arxiv == ["2603.03054"]
    assert "Skip" not in said.text and "Jordan" not in said.text


def test_a_part_mark_opens_the_next_entry_without_a_blank_line() -> None:
    """ "■ 論文:…" right under the last part's "・分類:…": the second paper's own verdict
    ("対象外", off-topic) stays with it, not with a citation line of its own."""
    note = (
        "# 読書メモ\n"
        "■ 論文:『Foo Bar』(arXiv:2611.26870)\n"
        "・要点:速い。\n"
        "・分類:6.1 の予定。\n"
        "■ 論文:『Safety Cases for Driving』(arXiv:2611.26871)\n"
        "・要点:LLM が下書き。\n"
        "・分類:対象外。\n"
    )
    spaced = note.replace("\n■", "\n\n■")

    def said(text: str) -> dict[str, bool]:
        split = split_note(text, PATH)
        return {it.arxiv[0]: "対象外" in it.text for it in [*split.items, *split.carriers]}

    assert said(note) == said(spaced) == {"2611.26870": False, "2611.26871": True}


def test_a_list_ends_where_a_line_at_the_margin_follows_an_entrys_body() -> None:
    """No blank line after "2) SparseDoc …" and its indented body: Markdown reads the next
    paragraph on as part of the entry (a lazy continuation), which would make one item of two
    papers; it is the note's next entry."""
    note = (
        "1) FooDrop — https://arxiv.org/abs/2610.02458\n"
        "   Drops tokens by layout.\n"
        "2) SparseDoc — https://arxiv.org/abs/2610.04771\n"
        "   Learns where resolution is worth it.\n"
        "Also: did we ever try PixelShuffle-Adapter (2609.04410)? We did; nothing to do.\n"
    )
    split = split_note(note, PATH)
    by_id = {it.arxiv[0]: it for it in [*split.items, *split.carriers]}
    assert by_id["2610.04771"].arxiv == ["2610.04771"]
    assert "PixelShuffle" not in by_id["2610.04771"].text
    assert "2609.04410" in by_id


def test_bold_named_entries_without_blank_lines_keep_their_own_prose() -> None:
    """ "**1. FooBench-Pro** (…)" over its prose, then "**2. …**", no blank lines: each paper
    keeps its own prose (its "Section 6.1" hint), the original benchmark it names in passing
    is no entry of its own; bold field labels ("**Link:** …") do not cut a write-up."""
    note = (
        "# Notes\n"
        "**1. FooBench-Pro** (https://arxiv.org/abs/2610.22410)\n"
        "1,200 new and much longer tasks (a median of 31 steps against 12 in the original "
        "FooBench, arxiv.org/abs/2607.08813). Section 6.1.\n"
        "**2. FooBench-Verified** (arXiv:2610.22951)\n"
        "Rewrites the checkers. Also section 6.1.\n"
    )
    spaced = note.replace("\n**", "\n\n**")
    for text in (note, spaced):
        split = split_note(text, PATH)
        assert [(it.arxiv[0], "6.1" in it.text) for it in split.items] == [
            ("2610.22410", True),
            ("2610.22951", True),
        ]
    labels = "# n\n**Title:** FooNet\n**Link:** https://e.org/foonet\n**Key points:** fast\n"
    assert len(split_note(labels, PATH).items) == 1


@pytest.mark.parametrize("title", ["# Notes", "# Summary", "# Links"])
def test_a_note_titled_by_a_structural_word_alone_keeps_its_items(title: str) -> None:
    """ "# Notes" is the note's title, not a section holding no items: its papers are items."""
    note = f"{title}\n\n**FooNet** (https://arxiv.org/abs/2610.22410)\nFast decoding.\n"
    assert [it.arxiv for it in split_note(note, PATH).items] == [["2610.22410"]]


EMOJI = """# reading

## FooNet: fast decoding
🔹 URL: https://blog.example.org/foonet
🔹 Key points: 2x faster decoding
🔹 Caveat: A100 only

⚠️ Not the same paper as BarNet.
🔄 carried over: 2608.12088
🔄 adjacent: 2607.09127
"""


def test_emoji_bullets_are_list_entries_and_a_marking_emoji_stays() -> None:
    """ "🔹 URL: …" three times is a list ("- URL: …"); the lone "⚠️" and the two "🔄" lines
    say what their line is, and stay as written."""
    read = read_formats(EMOJI).split("\n")
    assert read[3:6] == [
        "- URL: https://blog.example.org/foonet",
        "- Key points: 2x faster decoding",
        "- Caveat: A100 only",
    ]
    assert read[7:10] == EMOJI.split("\n")[7:10]
    (item,) = split_note(EMOJI.split("\n\n⚠️")[0], PATH).items
    assert item.urls == ["https://blog.example.org/foonet"]
    assert item.caveats == ["A100 only"]


@pytest.mark.parametrize("closing", ["## Summary", "## 3. Summary", "## 3) 小结", "## IV. Summary"])
def test_a_numbered_closing_section_is_a_section_not_an_item(closing: str) -> None:
    """ "## 3. Summary" is numbered like the items above it, but still holds no item of its own."""
    note = (
        "# reading\n\n"
        "## 1. FooNet\n\n- URL: https://blog.example.org/foonet\n- fast\n\n"
        "## 2. BarKV\n\n- URL: https://blog.example.org/barkv\n- cheap\n\n"
        f"{closing}\n\n- 1 and 2 are one story\n"
    )
    assert [it.urls for it in split_note(note, PATH).items] == [
        ["https://blog.example.org/foonet"],
        ["https://blog.example.org/barkv"],
    ]


def test_a_numbered_section_over_entries_of_their_own_is_no_item() -> None:
    """ "## 1. Engines" over entries with fields of their own is a section, as "## Engines" is:
    each entry is an item (its link, its verdict), not one item of the whole section."""
    body = (
        "\n\n- FooServe deep dive\n  - 要点: prefix tree + LRU\n  - 判断: already in the doc\n"
        "- BarBench A100 numbers\n  - URL: https://bench.example.org/a100\n  - 判断: new tier\n"
    )
    for heading in ("## Engines", "## 1. Engines", "## 1. §Engines"):
        items = split_note("# scan" + "\n\n" + heading + body, PATH).items
        assert [it.title for it in items] == ["FooServe deep dive", "BarBench A100 numbers"]
        assert items[1].urls == ["https://bench.example.org/a100"]


def test_a_numbered_heading_that_skips_its_entries_leaves_them_out() -> None:
    """ "## 3.2 · Lightning talks (skip)": numbered like the talks above it, it still says its
    entries are left out."""
    note = (
        "# session notes\n\n## 3.2 · Lightning talks (skip)\n\n"
        "- A traffic simulator, no language model anywhere (https://arxiv.org/abs/2610.15388).\n"
        "- A classical motion planner (https://arxiv.org/abs/2610.15771).\n"
    )
    split = split_note(note, PATH)
    assert all(it.negative for it in [*split.items, *split.carriers])


def test_a_numbered_heading_over_its_own_bold_fields_is_one_item() -> None:
    note = (
        "# reading\n\n## 1. FooNet\n\n- **Link**: https://blog.example.org/foonet\n"
        "- **Speed**: 2x faster decoding\n- **Memory**: half the KV cache\n"
    )
    (item,) = split_note(note, PATH).items
    assert item.title == "FooNet" and item.urls == ["https://blog.example.org/foonet"]


def test_many_lazy_continuations_each_cut_the_list_where_they_are() -> None:
    """Every entry of a long list ends with a line at the margin: each is cut where it stands,
    with the note's own line numbers (each stretch is parsed once, not the rest at every cut)."""
    n = 400
    note = "".join(f"- FooNet {i} https://e.org/{i}\n  body {i}\nlazy {i}\n" for i in range(n))
    items = split_note(note, PATH).items
    assert [it.urls for it in items] == [[f"https://e.org/{i}"] for i in range(n)]
    assert [(it.line_start, it.line_end) for it in items[-2:]] == [
        (3 * n - 5, 3 * n - 4),
        (3 * n - 2, 3 * n - 1),
    ]
    assert all("lazy" not in it.text for it in items)


FORWARDED = """# Fwd: reading list

## FooNet: fast decoding

- Link: https://arxiv.org/abs/2611.00001
- Key points: 2x faster prefill

## BarBench

- Link: https://github.com/example/barbench
- Key points: a benchmark of 400 tasks
"""


def test_a_note_quoted_whole_is_read_as_the_note_it_quotes() -> None:
    """A forwarded e-mail or a reply quoting a colleague's notes ("> ## FooNet", "> - Link: …"):
    before, the whole message was one quote and its papers were lost or merged."""
    quoted = "Forwarding Ana's list, see below.\n\n" + "\n".join(
        "> " + line if line else ">" for line in FORWARDED.split("\n")
    )
    plain = [(it.title, it.arxiv, it.urls) for it in items(FORWARDED)]
    assert [(it.title, it.arxiv, it.urls) for it in items(quoted)] == plain
    assert [t for t, _a, _u in plain] == ["FooNet: fast decoding", "BarBench"]


@pytest.mark.parametrize(
    "quote",
    [
        "> Only 38% of the steps could be autoformalized at all (arXiv:2611.00001).",
        "> - a point the author made\n> - and another one",
    ],
)
def test_a_quoted_highlight_or_remark_stays_a_quote(quote: str) -> None:
    """A highlight, or a short quoted list inside a longer note, is what someone said, not a
    message to read as the note."""
    text = (
        "# Reading\n\n## FooNet\n\n- Link: https://arxiv.org/abs/2611.00001\n"
        "- Key points: faster\n- Caveat: one benchmark only\n- Section: 1.2\n\n"
        f"{quote}\n\nMy take: worth a line in the doc, not more.\n"
    )
    assert read_formats(text) == text


def test_a_section_named_in_a_sentence_about_something_else_files_nothing(tmp_path: Path) -> None:
    """Closing lines name today's papers and say of another one "already in Section 1.1": that
    number points at the doc, it does not file the papers those lines name, so
    a paper whose card puts it in another team's topic is still theirs (before, "Section 1.1"
    counted as a hint here while "§1.1" did not)."""
    (tmp_path / "organized/knowledge").mkdir(parents=True)
    (tmp_path / "organized/knowledge/robotics.md").write_text(
        "# robotics living doc\n\n## 1 Robotics\n\n### 1.1 Manipulation\n\n"
        "- grasping, dexterous manipulation, world models for robot arms\n",
        encoding="utf-8",
    )
    (tmp_path / "paper_cards").mkdir()
    (tmp_path / "paper_cards/0001-2611-00077.md").write_text(
        "# WorldGym: world models for robot manipulation\n\n- arXiv: 2611.00077\n"
        "- category: robotics\n- tags: manipulation, world model\n",
        encoding="utf-8",
    )
    note = (
        "# Evening notes\n\n## WorldGym: world models for robot manipulation\n\n"
        "- Link: https://arxiv.org/abs/2611.00077\n- Key points: a benchmark of grasping tasks\n\n"
        "## Today\n\nNet new: 2611.00077 WorldGym · 2611.00078 FooBench\n"
        "Cross-topic: the contamination audit is already in evaluation Section 1.1, nothing new\n"
    )
    inc = run(tmp_path, note)["2611.00077"]
    assert (inc.status, inc.status_rule) == ("off-topic", "card-category"), inc.status_reason


def test_a_link_in_a_pasted_spreadsheets_first_column_ends_at_the_cells_comma() -> None:
    """A CSV row opening with its link ("github.com/acme/tool/,keep,4.1,…"): the page is the
    cell, not "…/tool/,keep" (which matched nothing, so the row's source went missing)."""
    text = (
        "Exported from the reading sheet\n\nLink,Status,Section,Note,Title\n"
        'github.com/acme/hopgraph/,keep,4.1,"incremental updates",hopgraph — GraphRAG indexer\n'
        'https://arxiv.org/abs/2611.00562,keep,,"prunes tokens",SqueezeRAG\n'
    )
    got = {it.title: (it.arxiv, it.urls) for it in items(text)}
    assert got["hopgraph — GraphRAG indexer"] == ([], ["github.com/acme/hopgraph/"])
    assert got["SqueezeRAG"] == (["2611.00562"], [])


def test_a_task_lists_boxes_are_not_part_of_its_entries() -> None:
    """GitHub's and Obsidian's to-do lists ("- [ ] …", "- [x] …"): an entry's title, its fields
    and its ID read as in a plain list; a reading log's "Read" / "待读" states hold its entries."""
    text = (
        "# Reading log\n\n## Read\n\n"
        "- [x] 2611.04417 TokenCredit (token-level credit for on-policy distillation)\n"
        "  - v1: +4.1 on MATH-500\n"
        "- [x] Re-read SPARK (2609.11842) to compare process rewards\n\n"
        "## 待读\n\n"
        "- [ ] QuillNet-2\n  - [ ] Link: https://arxiv.org/abs/2610.17305\n  - *Caveat:* one seed\n"
    )
    assert read_formats("- [ ] a\n1. [x] b\n- [link](u)\n") == "- a\n1. b\n- [link](u)\n"
    items = split_note(text, PATH).items
    titles = [it.title for it in items]
    assert all("[" not in t for t in titles), titles
    assert {it.primary_arxiv for it in items} == {"2611.04417", "2609.11842", "2610.17305"}
    [quill] = [it for it in items if it.primary_arxiv == "2610.17305"]
    assert quill.title == "QuillNet-2" and quill.caveats == ["one seed"]


@pytest.mark.parametrize(
    ("line", "kind", "rest"),
    [
        ("- Enlace — https://arxiv.org/abs/2610.16684", "link", "https://arxiv.org/abs/2610.16684"),
        ("- *Caveat* - one seed only", "caveat", "one seed only"),
        ("  - Ojo -- a batch 32 se queda en 1,3×", "caveat", "a batch 32 se queda en 1,3×"),
        ("- [ ] *Link:* https://x.org/a", "link", "https://x.org/a"),
    ],
)
def test_a_known_label_before_a_dash_or_in_italics_is_a_field(
    line: str, kind: str, rest: str
) -> None:
    f = match_field(line)
    assert f is not None and (f.kind, f.rest) == (kind, rest)


def test_a_name_before_a_dash_is_no_field() -> None:
    """Only labels the lexicon knows: "FooNet — a model" is a title and its remark."""
    assert match_field("- FooNet — a model that reads tables") is None
    assert match_field("- 2610.16684 — Drafting from early exits") is None
    assert match_field("- Cuidado: *não* é o TRACE").rest == "*não* é o TRACE"  # type: ignore[union-attr]


def test_an_html_list_reads_as_the_markdown_list_it_is() -> None:
    """A web page's or a rich-text editor's ``<ul><li>``: Markdown would read the whole list as
    one HTML block; each entry is an item, nested entries stay details, line numbers stay."""
    text = (
        "# Reading\n\nFrom the lab page:\n<ul>\n"
        '<li><b>FooNet</b> — <a href="https://arxiv.org/abs/2610.12345">paper</a></li>\n'
        "<li>BarKV &amp; friends (arXiv:2610.11111)\n  <ul><li>one seed only</li></ul>\n</li>\n"
        "</ul>\n"
    )
    read = read_formats(text)
    assert read.count("\n") == text.count("\n")
    assert "- **FooNet** — [paper](https://arxiv.org/abs/2610.12345)" in read
    assert "  - one seed only" in read and "<" not in read
    items = split_note(text, PATH).items
    assert [it.primary_arxiv for it in items] == ["2610.12345", "2610.11111"]
    assert items[1].title.startswith("BarKV & friends")


def test_an_html_table_reads_as_the_markdown_table_it_is() -> None:
    """A table pasted as HTML: each ``<tr>`` a row, read by its header as a Markdown table is;
    the header moves up into the ``<table>`` line so its separator keeps every line in place."""
    text = (
        "Compared:\n<table>\n"
        "  <tr><th>Method</th><th>Idea</th><th>Quality</th></tr>\n"
        '  <tr><td><a href="https://arxiv.org/abs/2610.09415">PagedEvict</a></td>'
        "<td>learned eviction</td><td>= on RULER 64K, no loss at all</td></tr>\n"
        "  <tr><td>MLA of FooSeek-V2 (2405.04434)</td><td>latent KV</td>"
        "<td>n/a (needs pretraining from scratch)</td></tr>\n"
        "</table>\n"
    )
    read = read_formats(text)
    assert read.count("\n") == text.count("\n") and "<" not in read
    assert read.split("\n")[1] == "| Method | Idea | Quality |"
    items = split_note(text, PATH).items
    assert [(it.title, it.primary_arxiv) for it in items] == [
        ("PagedEvict", "2610.09415"),
        ("MLA of FooSeek-V2", "2405.04434"),
    ]


TITLE_HINTS = """# Sync

| # | Paper | arXiv | Section | Verdict |
|---|---|---|---|---|
| 1 | Rubric Anchors for LLM Judges | 2611.05825 | “LLM-as-judge reliability” | new |
| 2 | Paraphrase Probes | 2611.05826 | Benchmark contamination | new |

## Position Bias of Judge Models Revisited

- Paper: arXiv:2611.05824
- Section: llm-as-judge reliability
- Pairwise agreement with raters, measured again.

## Cross-Model Memory Transfer

- Paper: arXiv:2611.05827
- Section: agent memory / judges, not contamination
- Memory embeddings mapped to a new base model.
"""


def test_a_hint_field_or_column_may_name_the_section_by_its_title(tmp_path: Path) -> None:
    """ "Section: LLM-as-judge reliability" files an item as "Section: §1.2" does (the teams whose
    docs number nothing name sections so); a sentence in the field files nothing unless it is
    a title as written."""
    got = run(tmp_path, TITLE_HINTS)

    def filed(key: str) -> str | None:
        top = got[key].suggested_sections[0]
        return top.section if "hint in" in top.reason else None

    assert filed("2611.05825") == "§1.2"
    assert filed("2611.05826") == "§1.1"
    assert filed("2611.05824") == "§1.2"
    assert filed("2611.05827") is None


DECORATED = """# Engine notes

## 📄 条目1【引擎实测】Engine Bench A

- URL:https://bench-a.example.com/post
- 要点:A100,3,500 tok/s

## 📄 条目2【引擎实测】Engine Bench B

- URL:https://bench-b.example.com/post
- 要点:H100,迁移后成本降低 73%

## ▸ 1. Numbered Heading Item

- https://bench-c.example.com/post — 吞吐提升 5×

## 📄 小结

- 条目1+2 是引擎选型的硬数字
"""


def test_pictographs_before_a_heading_leave_its_label_title_and_role() -> None:
    """ "## 📄 条目2 …", "## ▸ 1. …", "## 📄 小结": the marks decorate the line, the label, the
    number and the structural word after them still count (and the title is the words)."""
    split = split_note(DECORATED, PATH)
    got = [(it.label, it.title) for it in split.items]
    assert got == [
        ("条目1", "Engine Bench A"),
        ("条目2", "Engine Bench B"),
        ("#1", "Numbered Heading Item"),
    ]
    assert [labels for labels, _s in split.groups] == [["条目1", "条目2"]]


COLLAPSED = """# Engine notes

<details>
<summary>条目1 Engine Bench A</summary>

- URL:https://bench-a.example.com/post
- 要点:A100,3,500 tok/s

</details>

<details>
<summary>条目2 Engine Bench B</summary>

- URL:https://bench-b.example.com/post

</details>

<details>
<summary>小结</summary>

- 条目1+2 是引擎选型的硬数字

</details>
"""


def test_a_collapsed_summary_block_ends_the_item_above_it_as_its_heading_would() -> None:
    """``<summary>小结</summary>`` (a structural word) heads the note's closing remarks, which
    group its items; it is no part of the last item."""
    split = split_note(COLLAPSED, PATH)
    closing = COLLAPSED.split("\n").index("<summary>小结</summary>") + 1
    assert [it.label for it in split.items] == ["条目1", "条目2"]
    assert split.items[-1].line_end < closing
    assert [labels for labels, _s in split.groups] == [["条目1", "条目2"]]


UNTITLED_CALLOUT = """# Reading

## Stop-Aware Search Agents

- paper: https://arxiv.org/abs/2610.29903
- Explicit STOP action with a budget penalty.

> [!tip]
> - Caveat: the penalty weight is tuned per dataset.

## CiteCheck

- paper: https://arxiv.org/abs/2610.24417
"""


def test_a_callout_without_a_title_only_styles_its_lines() -> None:
    """ "> [!tip]" over quoted lines is no heading: the lines stay the entry's own (a caveat
    here), and the marker is no point of it."""
    split = split_note(UNTITLED_CALLOUT, PATH)
    first = split.items[0]
    assert [it.primary_arxiv for it in split.items] == ["2610.29903", "2610.24417"]
    assert first.caveats == ["the penalty weight is tuned per dataset."]
    assert not [p for p in first.points if "tip" in p]


def test_a_label_after_a_pictograph_is_still_a_field() -> None:
    """ "- 📌 Link: …", "- ✅ Section: 1.2": the pin decorates the entry; the label still says
    what the value is (a title word like "Ignore" in a field is no verdict)."""
    assert match_field("- 📌 Link: arXiv:2603.00983").kind == "link"  # type: ignore[union-attr]
    note = (
        "## Probe validation\n\n- 📌 Paper: Probes Read, Models Ignore\n"
        "- 📌 Link: arXiv:2603.00983\n- ✅ Section: 1.2\n"
    )
    (it,) = items(note)
    assert (it.primary_arxiv, it.section_hint) == ("2603.00983", "§1.2")


TITLE_LINES_OVER_WRITE_UPS = """Reading notes, Saturday

Rubric Anchors:

https://arxiv.org/abs/2611.05825 — anchors a judge's rubric with graded examples.

- Agreement with raters 0.81, up from 0.64.
- Not the same as JudgeBias (2610.02345), which is already in 1.2.

Paraphrase Probes:

arxiv.org/abs/2611.05826 — probes contamination with paraphrased questions.
"""


def test_a_title_line_over_a_paragraph_led_by_its_address_is_one_write_up() -> None:
    """ "Rubric Anchors:" over "https://… — what it does" and the list of details under it is
    one item, as "## Rubric Anchors" over the same lines is: the list's remarks stay its own."""
    got = [
        (it.title, it.primary_arxiv, it.line_start, it.line_end)
        for it in items(TITLE_LINES_OVER_WRITE_UPS)
    ]
    assert got == [
        ("Rubric Anchors", "2611.05825", 3, 8),
        ("Paraphrase Probes", "2611.05826", 10, 12),
    ]


QUOTED_PLACE = """# Reading

## Rubric Anchors

- Paper: arXiv:2611.05825
- Rubric anchors with graded examples; it closes the open line in “LLM-as-judge reliability”.

## Paraphrase Probes

- Paper: arXiv:2611.05826
- As they say in "the paper", paraphrases beat n-gram audits.
"""


def test_a_quoted_section_title_after_in_files_the_item_as_a_number_would(tmp_path: Path) -> None:
    """ "in “LLM-as-judge reliability”" names §1.2 as "in 1.2" would; a quoted phrase that is no
    section's title ("in \\"the paper\\"") names nothing."""
    got = run(tmp_path, QUOTED_PLACE)
    top = got["2611.05825"].suggested_sections[0]
    assert top.section == "§1.2" and "“LLM-as-judge reliability”" in top.reason
    assert all("the paper" not in s.reason for s in got["2611.05826"].suggested_sections)


COLLAPSED_LIST = """# inference · Aug 20

<details>
<summary>§推理引擎</summary>

- LMDeploy TTFT
  - 要点:TurboMind 的 TTFT 最低
  - 判断:活文档已有
- DeployBase 推理引擎横评(新)
  - URL: https://deploybase.example.ai/articles/best-llm-inference-engine
  - 要点:A100 80GB,Llama 70B;vLLM 3,500 tok/s

</details>
"""


def test_a_list_in_a_collapsed_block_keeps_its_nesting() -> None:
    """Inside ``<details>`` an entry's indented points stay its own: the block's lines keep their
    indent (they lost it, and the whole list read as one item, remarks and all)."""
    split = split_note(COLLAPSED_LIST, PATH)
    assert [it.title for it in split.items] == ["LMDeploy TTFT", "DeployBase 推理引擎横评(新)"]
    assert split.items[1].urls == [
        "https://deploybase.example.ai/articles/best-llm-inference-engine"
    ]
    assert not any("活文档已有" in p for p in split.items[1].points)


def test_a_summary_on_the_details_line_or_indented_under_it_heads_its_item() -> None:
    for opening in (
        "<details><summary>FooNet (arXiv:2611.05831)</summary>",
        "<details>\n    <summary>FooNet (arXiv:2611.05831)</summary>",
    ):
        text = f"# N\n\n{opening}\n\n- judges drift\n\n</details>\n"
        assert [it.primary_arxiv for it in split_note(text, PATH).items] == ["2611.05831"]


COLLAPSED_BLOCKS = """# Two papers and housekeeping

<details>
<summary>ResidualSysID — online actuator identification (2610.15570)</summary>

Fits a residual network on the simulator's servo model; cube stacking 23% → 68%.

</details>

<details>
<summary>Housekeeping</summary>

- The SAM-4D thing in yesterday's TLDR: not robotics, it's pure CV. Ignore.

</details>

<details>
<summary>Click to expand ▶</summary>

FooNet (arXiv:2611.05831) shows judges drift across rubric versions; 12% flip rate.

</details>
"""


def test_a_collapsed_block_is_a_unit_whatever_its_summary_says() -> None:
    """A paper's block ends where the next block opens, as a heading's section would: the
    "Ignore." of a housekeeping block is not the paper's (it made it off-topic). A summary that
    only says how to open its block titles nothing (a digest's "Details" under each paper's
    heading is that paper's abstract)."""
    split = split_note(COLLAPSED_BLOCKS, PATH)
    lines = COLLAPSED_BLOCKS.split("\n")
    first, foo = split.items[0], split.items[-1]
    assert first.primary_arxiv == "2610.15570"
    assert first.line_end < lines.index("<summary>Housekeeping</summary>") + 1
    assert not any("Ignore" in p for p in first.points)
    assert foo.primary_arxiv == "2611.05831"
    assert foo.title.startswith("FooNet")


def test_a_list_pasted_with_no_break_spaces_is_a_list() -> None:
    """``-\\u00a0item`` (a list copied from a web page) reads as ``- item``: two entries, the
    caveat under the first its own; a paragraph's leading no-break spaces are left alone."""
    nb = "\u00a0"
    text = (
        f"# N\n\n-{nb}FooNet (arXiv:2611.05831) judges drift\n{nb}{nb}-{nb}Caveat: one judge\n"
        f"-{nb}BarNet (arXiv:2611.05832) rubric probes\n"
    )
    got = [(it.primary_arxiv, it.caveats) for it in split_note(text, PATH).items]
    assert got == [("2611.05831", ["one judge"]), ("2611.05832", [])]
    para = f"# N\n\n{nb * 4}Some words about FooNet (arXiv:2611.05831).\n"
    assert preprocess(para)[0].endswith(f"{nb * 4}Some words about FooNet (arXiv:2611.05831).\n")
