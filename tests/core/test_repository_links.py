"""One repository however a note writes it: owner names in any case, a file of it, its project
site. A decision stored under a key written before still finds its increment."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import one_note_analysis
from relay_support import analyze_relay

from curator.mentions import url_role
from curator.models import Analysis, Increment, Window
from curator.repo_links import project_key, repo_root
from curator.triage import Triage
from curator.urls import normalize_url

ROOT = Path(__file__).resolve().parents[2]


def test_owner_and_repository_names_ignore_case_but_a_files_path_does_not() -> None:
    assert normalize_url("https://github.com/Volta-RL/VoltGym/") == normalize_url(
        "github.com/volta-rl/voltgym"
    )
    assert normalize_url("https://gitlab.com/Org/Repo/-/blob/main/README.md").endswith(
        "/-/blob/main/README.md"
    )
    # not every host: a page elsewhere keeps its case
    assert normalize_url("https://example.org/Team/Paper") == "example.org/Team/Paper"


@pytest.mark.parametrize(
    ("key", "root"),
    [
        ("hekla-lab.github.io/nordload", "github.com/hekla-lab/nordload"),
        ("hekla-lab.github.io/nordload/docs/start", "github.com/hekla-lab/nordload"),
        ("grp.gitlab.io/tool", "gitlab.com/grp/tool"),
        ("hekla-lab.github.io", None),  # the owner's own site names no repository
        ("a.b.github.io/x", None),
    ],
)
def test_a_project_site_belongs_to_its_repository(key: str, root: str | None) -> None:
    assert repo_root(key) == root


def test_a_file_of_a_repository_is_a_link_a_local_file_is_not() -> None:
    assert url_role("https://github.com/nanolab/bench/blob/main/RESULTS.md") != "ignore"
    assert url_role("notes/RESULTS.md") == "ignore"
    assert url_role("https://example.org/files/notes.md") == "ignore"


def test_relay_energy_repository_written_three_ways_is_one_increment(tmp_path: Path) -> None:
    incs = analyze_relay(ROOT / "tests" / "relays-open" / "relay-energy", tmp_path)
    volt = [k for k in incs if "voltgym" in k.lower()]
    assert volt == ["github.com/volta-rl/voltgym"], volt
    assert len({s["path"] for s in incs[volt[0]]["sources"]}) >= 2
    assert not any(k.startswith("hekla-energy-lab.github.io") for k in incs)
    site = incs["github.com/hekla-energy-lab/nordload"]
    assert any("ximena" in s["path"] for s in site["sources"])


def _attached(key: str, url: str, stored: str) -> tuple[object, list[object], object]:
    """The decision a row of one increment (``key``, linking ``url``) gets from a store holding
    one decision under ``stored``; the orphans; the decision."""
    inc = Increment(id=key, title="A thing", status="new", urls=[url])
    window = Window(since=None, until=None)  # type: ignore[arg-type]
    analysis = Analysis(topic="t", window=window, living_doc=None)  # type: ignore[arg-type]
    analysis.increments = [inc]
    decision = SimpleNamespace(key=stored, action="approve")
    t = Triage(analysis, SimpleNamespace(current=lambda: {stored: decision}))
    return t.rows[0].decision, t.orphans, decision


def test_a_decision_stored_under_a_key_written_in_capitals_still_finds_its_increment() -> None:
    got, orphans, decision = _attached(
        "github.com/nvidia/cutlass",
        "https://github.com/nvidia/cutlass",
        "github.com/NVIDIA/cutlass",
    )
    assert got is decision and orphans == []


def test_a_decision_on_a_preprints_page_finds_the_preprint_now_keyed_by_its_doi() -> None:
    page = "medrxiv.org/content/10.1101/2026.09.29.26351120v1"
    assert normalize_url(f"https://www.{page}.full.pdf") == "doi.org/10.1101/2026.09.29.26351120"
    got, orphans, decision = _attached(
        "doi.org/10.1101/2026.09.29.26351120", f"https://www.{page}", page
    )
    assert got is decision and orphans == []


def test_a_release_stands_for_its_repository_unless_the_doc_anchors_that_repository() -> None:
    from curator.project_pages import page_root

    release = "github.com/openlab-sdl/benchbot/releases/tag/v1.0.0"
    assert page_root(release, frozenset()) == "github.com/openlab-sdl/benchbot"
    assert page_root(release, frozenset({"github.com/openlab-sdl/benchbot"})) is None
    assert page_root("github.com/openlab-sdl/benchbot/issues/3", frozenset()) is None


def test_relay_chem_a_new_repositorys_release_page_is_that_repositorys_increment(
    tmp_path: Path,
) -> None:
    incs = analyze_relay(ROOT / "tests" / "relays-open" / "relay-chem", tmp_path)
    assert not any("/releases/" in k for k in incs)
    notes = {s["path"].split("/")[1] for s in incs["github.com/openlab-sdl/benchbot"]["sources"]}
    assert "thanh" in notes


def test_relay_fairness_a_release_of_an_anchored_repository_stays_news(tmp_path: Path) -> None:
    incs = analyze_relay(ROOT / "tests" / "relays-open" / "relay-fairness", tmp_path)
    assert incs["github.com/fairlearn/fairlearn/releases/tag/v0.14.0"]["status"] == "new"


def test_a_teams_self_hosted_tracker_is_where_notes_come_from() -> None:
    for url in (
        "https://jira.lab-robust.id/browse/ROB-214",
        "https://redmine.kpiag.org.au/issues/2301",
        "https://youtrack.example.org/issue/ML-7",
    ):
        assert url_role(url) == "ignore", url
    assert url_role("https://jirafe.example.com/post/1") == "item"  # a label, not a prefix


def test_a_merge_into_a_key_written_before_still_folds_the_row() -> None:
    primary = Increment(
        id="github.com/acme-lab/foonet",
        title="FooNet",
        status="new",
        urls=["https://github.com/acme-lab/foonet"],
    )
    other = Increment(id="2710.01234", title="FooNet paper", status="new", arxiv=["2710.01234"])
    window = Window(since=None, until=None)  # type: ignore[arg-type]
    analysis = Analysis(topic="t", window=window, living_doc=None)  # type: ignore[arg-type]
    analysis.increments = [primary, other]
    merged = SimpleNamespace(
        key="2710.01234", action="merge", merged_into="github.com/Acme-Lab/FooNet"
    )
    t = Triage(analysis, SimpleNamespace(current=lambda: {"2710.01234": merged}))
    assert [r.inc.id for r in t.rows] == ["github.com/acme-lab/foonet"]
    assert t.rows[0].absorbed == [other]


@pytest.mark.parametrize(
    ("url", "project"),
    [
        ("https://huggingface.co/datasets/Acme-NLP/web-clean/", "acme-nlp/web-clean"),
        ("https://github.com/acme-nlp/web-clean", "acme-nlp/web-clean"),
        ("https://github.com/acme-nlp/web-clean/tree/main/scripts", "acme-nlp/web-clean"),
        ("https://huggingface.co/spaces/acme-nlp/web-clean", "acme-nlp/web-clean"),
        ("https://github.com/acme-nlp/web-clean/issues/3", None),  # a thread about it
        ("https://huggingface.co/papers/2701.00001", None),  # a kind of page, not an owner
        ("https://github.com/acme-nlp", None),
    ],
)
def test_a_repository_and_its_hub_page_are_one_project(url: str, project: str | None) -> None:
    assert project_key(normalize_url(url)) == project


def test_relay_datacentric_a_dataset_and_its_build_repository_are_one_increment(
    tmp_path: Path,
) -> None:
    incs = analyze_relay(ROOT / "tests" / "relays-open" / "relay-datacentric", tmp_path)
    both = [k for k in incs if k.endswith("/oz-commons")]
    assert len(both) == 1, both


def test_a_hub_page_of_an_anchored_repository_stays_news(tmp_path: Path) -> None:
    doc = (
        "# data living doc\n\n## 1 Corpora\n\n### 1.1 Web corpora\n\n"
        "- **web-clean code** (https://github.com/acme-nlp/web-clean): the cleaning pipeline.\n"
    )
    note = (
        "Corpora today\n\n"
        "- The cleaned web corpus is out as a dataset: https://huggingface.co/datasets/acme-nlp/web-clean\n"
        "- Its pipeline, for reference: https://github.com/acme-nlp/web-clean\n"
    )
    got = one_note_analysis(
        tmp_path,
        "data",
        doc,
        "inbox/ben/2027-10-03T0900-corpora.md",
        note,
        "2027-10-03T00:00:00+00:00",
    )
    keys = sorted(u for i in got.increments for u in i.urls if "web-clean" in u)
    assert len([i for i in got.increments if any("web-clean" in u for u in i.urls)]) == 2, keys
