"""An arXiv listing e-mail pasted into a note: each announced paper is its own item, titled, with
its abstract as points; the mailing's boilerplate is no item's words."""

from __future__ import annotations

from pathlib import Path

from relay_support import analyze_relay

from curator.note_arxiv_mail import arxiv_mail_entries, may_have_arxiv_mail
from curator.notes import split_note

ROOT = Path(__file__).resolve().parents[2]
PATH = "inbox/listbot/2026-05-04T0700-listing.md"

MAIL = r"""From: no-reply@arxiv.org
Subject: cs daily Subj-class mailing 4a1 1

------------------------------------------------------------------------------
Archives at http://arxiv.org/
To unsubscribe, e-mail To: cs@arXiv.org, Subject: cancel
------------------------------------------------------------------------------
 Submissions to:
Computation and Language
------------------------------------------------------------------------------
\\
arXiv:2605.01111
Date: Mon, 3 May 2026 10:00:00 GMT   (300kb)

Title: Sparse Retrieval Heads for Long-Context Question Answering over
  Scientific Tables
Authors: A. Author, B. Author
Categories: cs.CL cs.IR
Comments: 9 pages; code released
\\
  We find that a handful of attention heads retrieve table cells; pruning
the rest keeps 97% of accuracy at a third of the cost ...
\\ ( https://arxiv.org/abs/2605.01111 ,  300kb)
------------------------------------------------------------------------------
\\
arXiv:2605.02222
Date: Mon, 3 May 2026 11:00:00 GMT   (120kb)

Title: Grain Futures under Drought: A Structural Model
Authors: C. Author
Categories: econ.GN
\\
  A structural model of grain futures ...
\\ ( https://arxiv.org/abs/2605.02222 ,  120kb)
------------------------------------------------------------------------------
%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%
------------------------------------------------------------------------------
\\
arXiv:2604.03333
replaced with revised version Sun, 2 May 2026 09:00:00 GMT   (800kb,D)

Title: Token Budgets for Agents
Authors: D. Author
Categories: cs.AI
Comments: v2: adds a second benchmark
\\ ( https://arxiv.org/abs/2604.03333 ,  800kb)
------------------------------------------------------------------------------
For subscribe options to combined physics archives, visit:
   http://arxiv.org/help/subscribe
"""


def test_each_announced_paper_is_an_item_titled_as_announced() -> None:
    got = [(i.title, i.arxiv) for i in split_note(MAIL, PATH).items]
    assert got == [
        (
            "Sparse Retrieval Heads for Long-Context Question Answering over Scientific Tables",
            ["2605.01111"],
        ),
        ("Grain Futures under Drought: A Structural Model", ["2605.02222"]),
        ("Token Budgets for Agents", ["2604.03333"]),
    ]


def test_the_abstract_and_comments_are_the_entrys_lines_and_the_boilerplate_is_gone() -> None:
    read = arxiv_mail_entries(MAIL)
    assert len(read.split("\n")) == len(MAIL.split("\n"))  # every line stays where it was
    first = split_note(MAIL, PATH).items[0]
    body = " ".join(first.points)
    assert "97% of accuracy" in read and "97% of accuracy" in body
    assert "  9 pages; code released" in read and "Comments:" not in read
    assert "Authors:" not in read and "Categories:" not in read and "-----" not in read
    assert "v2: adds a second benchmark" in read and "replaced with revised version" in read
    assert "unsubscribe" not in " ".join(i.title for i in split_note(MAIL, PATH).items)


def test_a_note_that_only_mentions_arxiv_ids_is_left_as_written() -> None:
    plain = "- Sparse heads arXiv:2605.01111\n- a path C:\\\\temp\\\\x\n"
    assert not may_have_arxiv_mail(plain)
    assert may_have_arxiv_mail(MAIL)


def test_relay_fairness_the_listing_mails_entries_are_judged_each_on_its_own(
    tmp_path: Path,
) -> None:
    """The two fairness papers the keyword bot's listing announces are new; the cake-cutting and
    6G scheduling entries beside them stay off-topic."""
    incs = analyze_relay(ROOT / "tests" / "relays-open" / "relay-fairness", tmp_path)
    assert incs["2711.06208"]["status"] == "new"
    assert incs["2711.06655"]["status"] == "new"
    assert incs["2711.05941"]["status"] == "off-topic"
    assert incs["2711.06377"]["status"] == "off-topic"
