"""The judgment rules (curator.judge), one hand-built Evidence each, and the precedences an editor relies on."""

from __future__ import annotations

from dataclasses import replace

import pytest

from curator import judge as J
from curator.judge import Evidence, judge, relevance_score
from curator.models import AnchorRef, PaperCard
from curator.relevance import Fit

TOPIC = "evaluation"
GOOD = Fit(3.0, ["contamination", "leakage", "judge"], 2, 1.0, [])
"""A fit every lexical rule lets through."""
WEAK = Fit(0.3, ["benchmark"], 1, 0.25, ["fashion", "image", "retrieval"])


def ev(**kw) -> Evidence:
    kw.setdefault("fit", GOOD)
    return Evidence(topic=TOPIC, **kw)


def here(section: str = "§1.1") -> AnchorRef:
    return AnchorRef(section, 12, "ContamProbe", "organized/knowledge/evaluation.md")


def there(section: str = "§2.4") -> AnchorRef:
    return AnchorRef(section, 30, "Search-R2", "organized/knowledge/rag.md")


# --- one case per rule ---------------------------------------------------------------------------
# (name in RULES, the judgment's rule, status, evidence, words the reason must quote)

CASES = [
    (
        "anchored",
        "anchored",
        "anchored",
        ev(anchored=[here("§1.1"), here("§1.3")]),
        ["§1.1", "§1.3"],
    ),
    (
        "anchored",
        "anchored",
        "anchored",
        ev(anchored=[here()], anchored_reason="the doc already names 'ContamProbe' in §1.1"),
        ["ContamProbe", "§1.1"],
    ),
    (
        "covered-per-note",
        "covered-per-note",
        "anchored",
        ev(covered="alice/n.md says it is already covered: “already in the doc”"),
        ["alice/n.md", "already in the doc"],
    ),
    (
        "reported",
        "reported",
        "reported",
        ev(reported=["inbox/ed/briefing.md (11-19)"]),
        ["inbox/ed/briefing.md (11-19)"],
    ),
    (
        "reported",
        "reported-per-note",
        "reported",
        ev(note_reported="bob/n.md(item) says it was reported: “already reported”"),
        ["bob/n.md", "already reported"],
    ),
    (
        "doc-cited",
        "doc-cited",
        "cited",
        ev(cited=[AnchorRef("Glossary", 121, "", "organized/knowledge/evaluation.md")]),
        ["Glossary", "line 121", "not as an anchor"],
    ),
    (
        "doc-cited",
        "doc-cited",
        "cited",
        ev(cited=[AnchorRef("removed", 81, "", "organized/knowledge/evaluation.md")]),
        ["records its removal", "line 81"],
    ),
    (
        "malformed-id",
        "malformed-id",
        "unverified",
        ev(malformed=["2613.04418: month 13 does not exist"]),
        ["2613.04418", "month 13"],
    ),
    (
        "anchored-elsewhere",
        "anchored-elsewhere",
        "off-topic",
        ev(elsewhere=[there("§2.4")]),
        ["organized/knowledge/rag.md", "§2.4"],
    ),
    (
        "author-verdict",
        "author-verdict",
        "off-topic",
        ev(verdicts=["alice/n.md(item): “skip (not eval, it's RL)”"]),
        ["skip (not eval, it's RL)"],
    ),
    (
        "left-out-heading",
        "left-out-heading",
        "off-topic",
        ev(negative="bob/n.md files it under “Off-topic but fun”"),
        ["Off-topic but fun"],
    ),
    (
        "briefing-left-out",
        "briefing-left-out",
        "off-topic",
        ev(left_out="inbox/ed/briefing.md (11-19) left it out"),
        ["inbox/ed/briefing.md (11-19)"],
    ),
    (
        "section-hint",
        "no-section-here",
        "off-topic",
        ev(hint_none="alice/n.md(item) files it under no section of this doc"),
        ["alice/n.md(item)", "no section"],
    ),
    (
        "section-hint",
        "section-elsewhere",
        "off-topic",
        ev(hint_other="alice/n.md suggests §2.4, another doc's section"),
        ["§2.4", "another doc's"],
    ),
    (
        "card-category",
        "card-category",
        "off-topic",
        ev(card=PaperCard("paper_cards/0042.md", "2611.00001", category="rag"), card_kind="other"),
        ["rag"],
    ),
    (
        "note-scope",
        "note-says-none",
        "off-topic",
        ev(note_none="carol/n.md says: “no new evaluation items”"),
        ["no new evaluation items"],
    ),
    (
        "doc-scope",
        "doc-scope",
        "off-topic",
        ev(out_of_scope="OCR and handwriting recognition (→ docai team)"),
        ["scope leaves it out", "OCR and handwriting recognition"],
    ),
    (
        "note-scope",
        "other-topic-note",
        "off-topic",
        ev(note_other="from a rag note (carol/rag-notes.md)"),
        ["a rag note", "carol/rag-notes.md"],
    ),
    (
        "note-scope",
        "other-topic-group",
        "off-topic",
        ev(
            group_other="dan/n.md files it under “Vector databases”, a section of organized/knowledge/rag.md"
        ),
        ["Vector databases", "rag.md"],
    ),
    (
        "fits-other-doc",
        "fits-other-doc",
        "off-topic",
        ev(
            fit=Fit(0.7, ["index"], 1, 0.5, []),
            other_fit=("rag", Fit(4.0, ["reranker", "hnsw", "chunking"], 2, 1.0, [])),
        ),
        ["rag", "reranker", "hnsw", "chunking"],
    ),
    (
        "told-apart",
        "told-apart",
        "off-topic",
        ev(mention_only=True, told_apart="Not to be confused with LeakScan (arXiv:2611.05824)"),
        ["apart from it", "Not to be confused with LeakScan"],
    ),
    (
        "own-page",
        "own-page",
        "off-topic",
        ev(mention_only=True, own_page="acme.org"),
        ["the team's own", "acme.org"],
    ),
    ("unidentified", "no-identifier", "unverified", ev(has_key=False), ["no arXiv ID or link"]),
    (
        "relevance",
        "keyword-only",
        "off-topic",
        ev(machine_only=True, fit=Fit(1.0, ["benchmark"], 1, 0.8, [])),
        ["keyword digest", "benchmark"],
    ),
    (
        "relevance",
        "keyword-only",
        "off-topic",
        ev(machine_only=True, fit=WEAK),
        ["fashion", "image", "retrieval"],
    ),
    (
        "relevance",
        "remote-category",
        "off-topic",
        ev(remote_category="physics.chem-ph", fit=Fit(1.0, ["judge"], 1, 1.0, [])),
        ["physics.chem-ph"],
    ),
    (
        "relevance",
        "card-category-weak",
        "off-topic",
        ev(
            card=PaperCard("paper_cards/0043.md", "2611.00002", category="robotics"),
            card_kind="unknown",
            fit=Fit(1.0, ["judge"], 1, 1.0, []),
        ),
        ["robotics"],
    ),
    (
        "relevance",
        "no-fit",
        "off-topic",
        ev(fit=Fit(0.2, [], 0, 0.0, [])),
        ["beyond the topic's own name"],
    ),
    (
        "relevance",
        "passing-mention",
        "off-topic",
        ev(mention_only=True, fit=Fit(0.8, ["judge"], 0, 0.5, [])),
        ["named in passing"],
    ),
]


@pytest.mark.parametrize(
    ("name", "rule", "status", "evidence", "quotes"), CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES]
)
def test_each_rule_decides_and_quotes_its_evidence(name, rule, status, evidence, quotes) -> None:
    j = judge(evidence)
    assert (j.status, j.rule) == (status, rule), j
    for q in quotes:
        assert q in j.reason, (q, j.reason)
    # the rule itself is the one that decides: it alone, run on this evidence, gives the same judgment
    fn = dict(J.RULES)[name]
    assert fn(evidence) == j


def test_every_rule_has_a_case() -> None:
    assert {name for name, _fn in J.RULES} == {c[0] for c in CASES}


def test_nothing_against_it_is_new_and_says_why() -> None:
    j = judge(ev())
    assert (j.status, j.rule) == ("new", "new")
    assert "contamination" in j.reason and "leakage" in j.reason
    j = judge(ev(mention_only=True, fit=Fit(1.2, ["judge"], 0, 1.0, [])))
    assert j.status == "new" and j.reason == "only mentioned in passing"


# --- precedence --------------------------------------------------------------------------------


def test_anchored_beats_reported() -> None:
    j = judge(ev(anchored=[here()], reported=["inbox/ed/briefing.md (11-19)"]))
    assert (j.status, j.rule) == ("anchored", "anchored")


def test_covered_per_note_beats_reported() -> None:
    j = judge(ev(covered="n.md says it is already covered: “already anchored”", reported=["b.md"]))
    assert j.status == "anchored"


def test_reported_beats_an_authors_skip() -> None:
    j = judge(ev(reported=["inbox/ed/briefing.md (11-19)"], verdicts=["alice/n.md(item): “skip.”"]))
    assert (j.status, j.rule) == ("reported", "reported")


def test_anchored_in_another_doc_beats_a_hint_into_this_doc() -> None:
    j = judge(ev(elsewhere=[there()], hints_here=["§1.1"]))
    assert (j.status, j.rule) == ("off-topic", "anchored-elsewhere")


def test_an_authors_off_topic_remark_beats_a_hint() -> None:
    j = judge(ev(verdicts=["alice/n.md(item): “not eval”"], hints_here=["§1.2"]))
    assert (j.status, j.rule) == ("off-topic", "author-verdict")


def test_a_left_out_heading_beats_a_hint() -> None:
    j = judge(ev(negative="bob/n.md files it under “Dropped”", hints_here=["§1.2"]))
    assert j.rule == "left-out-heading"


def test_a_hint_here_overrides_a_hint_elsewhere() -> None:
    assert (
        judge(
            ev(hint_other="n.md suggests §2.4, another doc's section", hints_here=["§1.2"])
        ).status
        == "new"
    )
    assert (
        judge(ev(hint_none="n.md files it under no section", hints_here=["§1.2"])).status == "new"
    )


PROTECTED = [
    (
        "card-category",
        ev(card=PaperCard("paper_cards/1.md", "2611.00001", category="rag"), card_kind="other"),
    ),
    ("other-topic-note", ev(note_other="from a rag note (carol/rag-notes.md)")),
    ("note-says-none", ev(note_none="carol/n.md says: “no evaluation items”")),
    ("doc-scope", ev(out_of_scope="OCR and handwriting recognition (→ docai team)")),
    (
        "other-topic-group",
        ev(group_other="dan/n.md files it under “Vector databases”, a section of rag.md"),
    ),
    (
        "fits-other-doc",
        ev(
            fit=Fit(0.7, ["index"], 1, 0.5, []),
            other_fit=("rag", Fit(4.0, ["reranker"], 1, 1.0, [])),
        ),
    ),
    ("no-fit", ev(fit=Fit(0.1, [], 0, 0.0, []))),
    ("keyword-only", ev(machine_only=True, fit=WEAK)),
    ("passing-mention", ev(mention_only=True, fit=Fit(0.8, ["judge"], 0, 0.5, []))),
    ("remote-category", ev(remote_category="cs.CE", fit=Fit(1.0, ["judge"], 1, 1.0, []))),
]


@pytest.mark.parametrize(("rule", "evidence"), PROTECTED, ids=[p[0] for p in PROTECTED])
def test_a_hint_into_this_doc_protects_from_the_weak_rules(rule, evidence) -> None:
    assert judge(evidence).rule == rule  # without the hint, the weak rule decides …
    j = judge(replace(evidence, hints_here=["§1.2"]))
    assert j.status == "new", j  # … with it, the author's placement stands


def test_an_authors_keep_protects_a_colleagues_entry_but_not_a_digests() -> None:
    low = Fit(0.2, [], 0, 0.0, [])
    assert judge(ev(fit=low, keeps=["alice/n.md: “must read”"])).status == "new"
    j = judge(ev(fit=low, keeps=["digest/n.md: “must read”"], machine_only=True))
    assert (j.status, j.rule) == ("off-topic", "keyword-only")


@pytest.mark.parametrize(
    ("score", "coverage", "status"),
    [
        (J.MACHINE_FIT, J.MACHINE_COVERAGE + 0.01, "new"),
        (J.MACHINE_FIT + 1, J.MACHINE_COVERAGE, "off-topic"),
        (J.MACHINE_FIT + 1, 1.0, "new"),
        (J.MACHINE_FIT - 0.01, 1.0, "off-topic"),
        (J.MACHINE_FIT + 1, J.MACHINE_COVERAGE - 0.01, "off-topic"),
        (1.0, 0.0, "off-topic"),
    ],
)
def test_a_keyword_digests_entry_needs_fit_and_coverage(score, coverage, status) -> None:
    fit = Fit(
        score, ["contamination", "leakage"], 2, coverage, [] if coverage >= 0.5 else ["fashion"]
    )
    j = judge(ev(machine_only=True, fit=fit))
    assert j.status == status, j
    if status == "off-topic":
        assert j.rule == "keyword-only"
    # the same entry in a colleague's note is new: the bar is for digests
    assert judge(ev(fit=fit)).status == "new"


VARIANTS = [
    {},
    {"hints_here": ["§1.1"]},
    {"keeps": ["alice/n.md: “must read”"]},
    {"mention_only": True},
    {"fit": Fit(0.0, [], 0, 0.0, [])},
    {"fit": None},
    {"machine_only": True},
    {"machine_only": True, "fit": WEAK},
    {"remote_category": "cs.CE", "fit": WEAK},
]


@pytest.mark.parametrize("extra", VARIANTS, ids=lambda d: ",".join(d) or "plain")
def test_without_an_identifier_it_is_unverified_never_new(extra) -> None:
    j = judge(ev(has_key=False, **extra))
    assert (j.status, j.rule) == ("unverified", "no-identifier"), j
    j = judge(ev(has_key=False, malformed=["arXiv:2613.04418: month 13 does not exist"], **extra))
    assert (j.status, j.rule) == ("unverified", "malformed-id"), j
    assert "2613.04418" in j.reason


def test_a_malformed_id_is_unverified_even_with_a_hint_or_a_keep() -> None:
    j = judge(ev(malformed=["2613.04418: month 13"], hints_here=["§1.1"], keeps=["must read"]))
    assert j.status == "unverified"


# --- relevance_score ------------------------------------------------------------------------------


def test_relevance_score_scale() -> None:
    assert relevance_score(None) == 0.0
    assert relevance_score(Fit(0.0)) == 0.0
    assert relevance_score(Fit(1.5)) == 0.5
    scores = [relevance_score(Fit(s)) for s in (0.0, 0.1, 0.6, 1.0, 1.5, 2.4, 5.0, 50.0)]
    assert scores == sorted(scores) and len(set(scores)) == len(scores)
    assert all(0.0 <= s < 1.0 for s in scores)


def test_reported_and_anchored_beat_a_glossary_citation() -> None:
    cited = [AnchorRef("Changelog", 132, "", "organized/knowledge/evaluation.md")]
    assert judge(ev(cited=cited, reported=["inbox/ed/briefing.md (11-19)"])).status == "reported"
    assert judge(ev(cited=cited, anchored=[here()])).status == "anchored"


def test_a_note_filing_a_removed_paper_under_a_section_brings_it_back() -> None:
    """The doc dropped v1; a colleague files v2 under one of its sections: that is an argument, not a record."""
    removed = [AnchorRef("removed", 81, "", "organized/knowledge/evaluation.md")]
    assert judge(ev(cited=removed)).status == "cited"
    assert judge(ev(cited=removed, filed_here=True, hints_here=["§3.2"])).status == "new"
    # words around it that name a section are not a filing: a footnote's background citation stays known
    assert judge(ev(cited=removed, hints_here=["§1.1"])).status == "cited"


def test_a_note_filing_it_now_outweighs_an_earlier_briefings_leaving_out() -> None:
    j = judge(ev(left_out="inbox/ed/briefing.md (03-28) left it out"))
    assert j.rule == "briefing-left-out"
    assert (
        judge(
            ev(
                left_out="inbox/ed/briefing.md (03-28) left it out",
                filed_here=True,
                hints_here=["§2.3"],
            )
        ).status
        == "new"
    )


def test_a_bots_entry_filed_under_a_remote_category_is_off_topic_however_it_fits() -> None:
    strong = Fit(4.5, ["scoring", "audit", "shap"], 1, 0.57, ["lenders"])
    assert (
        judge(ev(machine_only=True, remote_category="q-fin.RM", fit=strong)).rule
        == "remote-category"
    )
    # a colleague's entry in the same category that fits the doc well stands
    assert judge(ev(remote_category="q-fin.RM", fit=strong)).status == "new"
