"""Pages of one thing read as that thing (a repository's folder or file, a newsletter that is
HTML alone), and a draft that says it is not the briefing read as a note."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from relay_support import analyze_relay

from curator.briefings import briefing_info
from curator.note_json import unfold_json
from curator.note_mime import unfold_mime
from curator.repo_links import repo_root
from curator.urls import find_urls, normalize_url

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("url", "root"),
    [
        (
            "https://github.com/qdecoders/stim-torch/tree/main/examples",
            "github.com/qdecoders/stim-torch",
        ),
        ("https://gitlab.com/o/r/-/tree/main/src", "gitlab.com/o/r"),
        ("https://github.com/NVIDIA/garak/releases/tag/v0.13.2", None),  # a release is news
        ("https://github.com/o/r/issues/3", None),  # a thread about it, not a page of it
        ("https://huggingface.co/datasets/o/r", None),  # a repository of its own
        ("https://github.com/o/r", None),
        ("https://example.org/a/b/tree/c", None),
    ],
)
def test_a_page_of_a_repository_belongs_to_it(url: str, root: str | None) -> None:
    assert repo_root(normalize_url(url)) == root


def test_a_newsletter_that_is_html_alone_is_decoded() -> None:
    text = (
        'Content-Type: text/html; charset="utf-8"\n'
        "Content-Transfer-Encoding: quoted-printable\n\n"
        '<p>ZXZero <a href=3D"https://ar=\nxiv.org/abs/2710.1=\n1230">paper</a></p>\n'
    )
    out, _origin = unfold_mime(text)
    assert 'href="https://arxiv.org/abs/2710.11230"' in out


def test_an_html_part_beside_a_text_part_is_left_alone() -> None:
    text = (
        "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
        "See 2710.1=\n1230\n--b\n"
        "Content-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
        '<a href=3D"x">y</a>\n'
    )
    out, _origin = unfold_mime(text)
    assert "See 2710.11230" in out and 'href=3D"x"' in out


@pytest.mark.parametrize(
    "title", ["borrador (no es el briefing) — domingo 15:30", "Draft, not the briefing — Sun"]
)
def test_a_draft_that_says_it_is_not_the_briefing_is_none(title: str) -> None:
    assert briefing_info(title + "\n\n- x\n", "2027-04-04T1530-borrador.md") == (None, None)


def test_a_briefing_is_still_one() -> None:
    topic, _ = briefing_info("neuro briefing — no items held\n\n- x\n", "2027-04-04-b.md")
    assert topic is not None


@pytest.mark.slow
def test_a_repository_folder_joins_the_repository(tmp_path: Path) -> None:
    incs = analyze_relay(ROOT / "tests" / "relays-open" / "relay-quantum", tmp_path)
    assert not any("/tree/" in k for k in incs)
    notes = {s["path"].split("/")[1] for s in incs["github.com/qdecoders/stim-torch"]["sources"]}
    assert {"aoife", "giorgi"} <= notes


def test_an_address_that_names_a_format_is_no_link() -> None:
    xml = '<data xmlns:jr="http://openrosa.org/javarosa" xmlns="http://www.w3.org/2002/xforms">'
    assert find_urls(xml + ' see href="https://github.com/x/y"') == [
        ("https://github.com/x/y", len(xml) + 11, len(xml) + 33)
    ]
    schema = (
        '{"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "url": "https://a.org/c"}'
    )
    assert [u for u, _s, _e in find_urls(schema)] == ["https://a.org/c"]


NOTEBOOK = {
    "cells": [
        {
            "cell_type": "markdown",
            "source": ["## HerdTrack\n", "[arXiv:2709.16275](https://arxiv.org/abs/2709.16275)\n"],
        },
        {
            "cell_type": "code",
            "source": ["parse_arxiv('arXiv:2709.30215v1')  # a test"],
            "outputs": [
                {"data": {"text/plain": ["'2709.30215'"]}, "output_type": "execute_result"}
            ],
        },
    ],
    "nbformat": 4,
}


def test_a_notebook_reads_as_its_cells() -> None:
    out, _lines = unfold_json(json.dumps(NOTEBOOK, indent=1))
    assert "## HerdTrack" in out and '"cell_type"' not in out
    fenced = out[out.index("```") :]
    assert "2709.30215" in fenced and fenced.rstrip().endswith("```"), "code and output fenced"


def test_a_country_domain_written_without_a_scheme_is_a_link() -> None:
    found = [u for u, _s, _e in find_urls("see blog.causal-lab.at/2027/dml-checkliste, src/app.py")]
    assert found == ["blog.causal-lab.at/2027/dml-checkliste"]


def test_an_html_mail_reads_as_its_paragraphs() -> None:
    from curator.note_html import html_blocks, may_have_html_blocks

    mail = (
        '<html><body style="x">\n<h2 style="c">This week</h2>\n'
        '<p><b>1. ZXZero.</b> <a href="https://arxiv.org/abs/2710.11230">paper</a> &mdash; ok</p>\n'
        '<p><i>Sponsored:</i> <a href="https://ads.example.com/x">demo</a></p>\n'
        "<div>a line of a rich-text editor</div>\n</body></html>"
    )
    assert may_have_html_blocks(mail)
    assert html_blocks(mail).split("\n") == [
        "",
        "## This week",
        "- **1. ZXZero.** [paper](https://arxiv.org/abs/2710.11230) — ok",
        "- *Sponsored:* [demo](https://ads.example.com/x)",
        "<div>a line of a rich-text editor</div>",  # an editor's lines stay as they are
        "",
    ]


def test_a_numbered_docs_header_anchors_nothing() -> None:
    from curator.living_doc import parse_living_doc

    doc = parse_living_doc(
        "# fairness — living doc\n\n> Cite sections as https://wiki.example.org/fairness#s3-2\n\n"
        "## § 1 Metrics\n\n- **X** (arXiv:2601.00001)\n",
        "fairness.md",
        "fairness",
    )
    assert {a.key for s in doc.sections for a in s.anchors if a.kind != "name"} == {"2601.00001"}


def test_tracked_changes_read_as_the_authors_final_text() -> None:
    from curator.note_critic import critic_markup

    text = (
        "{--ProxyMC, arXiv:2711.03985--}{++ProxyMC — arXiv:2711.03958++} goes to "
        "{~~§5.1~>§5.3~~}.{>>V: sure?<<}\n{--a deleted\nline--}\nkept"
    )
    out = critic_markup(text)
    assert out.split("\n") == ["ProxyMC — arXiv:2711.03958 goes to §5.3.(V: sure?)", "", "", "kept"]


@pytest.mark.slow
def test_links_into_the_rendered_doc_join_nothing_and_a_new_release_is_news(tmp_path: Path) -> None:
    incs = analyze_relay(ROOT / "tests" / "relays-open" / "relay-fairness", tmp_path)
    # every row of a sheet links its section in the team's rendered wiki: no row joins another
    assert incs["github.com/andinlp/bbq-andino"]["status"] == "new"
    release = incs["github.com/fairlearn/fairlearn/releases/tag/v0.14.0"]
    assert release["status"] == "new", release["status_reason"]  # the doc holds v0.13.0
    assert not any(k.startswith("wiki.lachea.co") for k in incs)


def test_a_spreadsheet_row_with_a_cell_over_several_lines_is_one_item() -> None:
    from curator.notes import split_note

    text = (
        "Reading sheet\n\n"
        "title,verdict,section,notes,url\n"
        '"Anchored by the Machine",new,7.2,"2.3x throughput.\n19% of labels move.",'
        "arxiv.org/abs/2710.00388\n"
        '"What 40,000 pairwise votes taught us",new,2.1,"Blog.\nPosition bias 6%.",'
        "https://evalcraft.substack.com/p/forty-thousand-pairwise-votes\n"
    )
    items = split_note(text, "inbox/b/2027-10-02T1920-sheet.md").items
    by_key = {it.primary_arxiv or (it.urls[0] if it.urls else ""): it for it in items}
    blog = by_key["https://evalcraft.substack.com/p/forty-thousand-pairwise-votes"]
    assert "2710.00388" not in blog.mentions and blog.line_start == 6
    assert by_key["2710.00388"].line_start == 4 and by_key["2710.00388"].section_hint == "§7.2"


def test_a_pasted_git_log_reads_as_one_entry_a_commit() -> None:
    from curator.note_gitlog import git_log_entries

    text = (
        "Reading-list repo:\n\n```\n"
        "commit 8f1c2d7a9e04b3c1f6a2d85e7c0b9f4a13d6e2b7\nAuthor: N <n@x.uy>\nDate:   Sun Apr 4\n\n"
        "    notes: SpikingSSM-7B on Loihi 3\n\n    0.9 J/token at the wall.\n\n"
        "    Refs: arXiv:2704.01268\n    Section: §6.2\n\n"
        "commit 3b90e6f1c7d24a58b0e9a3f2c61d7e48a5b2c903\nAuthor: N <n@x.uy>\n\n"
        "    notes: FlyWire-VNC\n```\nRepo: https://github.com/o/reading-list\n"
    )
    out = git_log_entries(text).split("\n")
    assert "- notes: SpikingSSM-7B on Loihi 3" in out and "  Section: §6.2" in out
    assert "- notes: FlyWire-VNC" in out
    assert "```" not in out and out[-2] == "Repo: https://github.com/o/reading-list"
    assert len(out) == len(text.split("\n"))


def test_a_skip_heading_leaves_its_items_out_but_skip_connections_do_not() -> None:
    from curator.note_headings import negative

    assert negative("Skip") is not None and negative("Skip:") is not None
    assert negative("Skip connections in U-Nets") is None


@pytest.mark.slow
def test_not_research_is_a_verdict(tmp_path: Path) -> None:
    incs = analyze_relay(ROOT / "tests" / "relays-open" / "relay-hci", tmp_path)
    page = incs["pixelharbour.agency/blog/ai-ux-trends-2028"]
    assert (page["status"], page["status_rule"]) == ("off-topic", "author-verdict")


def test_a_clone_address_is_its_repository() -> None:
    assert (
        normalize_url("https://github.com/andinlp/bbq-andino.git")
        == "github.com/andinlp/bbq-andino"
    )
    assert normalize_url("https://example.com/a.git") == "example.com/a.git"


def test_an_ads_bibcode_names_its_eprint() -> None:
    from curator.arxiv import find_ids

    url = "https://ui.adsabs.harvard.edu/abs/2027arXiv271017105O/abstract"
    assert [m.id for m in find_ids(url)] == ["2710.17105"]
    assert [m.id for m in find_ids("2014arXiv1401.1234S")] == ["1401.1234"]
    assert find_ids("2027ApJ...993..112T") == []


def test_a_russian_draft_that_says_it_is_not_the_briefing_is_none() -> None:
    text = "Черновик (не брифинг) — воскресенье\n\n- 2710.05263\n"
    assert briefing_info(text, "2027-10-31T1300-chernovik.md") == (None, None)


def test_a_saved_web_page_reads_as_its_visible_lines() -> None:
    from curator.note_html import html_page, may_be_html_page

    page = (
        "<!DOCTYPE html>\n<html>\n<head>\n <title>Exported Data</title>\n</head>\n<body>\n"
        '<div class="message">\n <div class="text">🆕 <strong>FirstLight</strong><br>\n'
        '<a href="https://arxiv.org/pdf/2710.19307v2">arxiv</a></div>\n</div>\n'
        '<div class="message">\n <div class="text">PM: Karolo 1.1.1.</div>\n</div>\n</body></html>'
    )
    assert may_be_html_page(page)
    out = html_page(page).split("\n")
    assert len(out) == len(page.split("\n"))
    assert "Exported Data" not in "\n".join(out), "the head is no text"
    assert out[7] == "🆕 **FirstLight**" and out[8] == "[arxiv](https://arxiv.org/pdf/2710.19307v2)"
    assert out[10] == "" and out[11] == "PM: Karolo 1.1.1.", "each message a paragraph"
    assert not may_be_html_page("<en-note><div>a line</div></en-note>")
