"""Issue 2 acceptance: curator reaches the editor's understanding of the sample relay.

Every check reads ../shared/sample-relay/expected.json (nothing copied here), so
the same test holds for any relay that ships such a file.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import SAMPLE, SINCE, UNTIL, need

from curator.arxiv import normalize_id
from curator.report import analysis_json
from curator.urls import normalize_url


@pytest.fixture(scope="module")
def result(sample_analysis) -> dict:
    return analysis_json(sample_analysis)


def _matches(inc: dict, key: str, aliases: list[str]) -> bool:
    keys = [key, *aliases]
    for k in keys:
        nid = normalize_id(k)
        if nid and nid[0] in inc["arxiv"]:
            return True
        if not nid:
            nk = normalize_url(k if "://" in k else "https://" + k)
            if nk == inc["id"] or nk in {normalize_url(u) for u in inc["urls"]}:
                return True
    return False


def _find(result: dict, key: str, aliases: list[str] | None = None) -> list[dict]:
    return [inc for inc in result["increments"] if _matches(inc, key, aliases or [])]


def test_window_and_topic(result, expected):
    assert result["topic"] == expected["topic"]
    assert result["living_doc"]["path"] == expected["living_doc"]


def test_each_new_increment_once_new_with_exact_sources(result, expected):
    for exp in expected["new_increments"]:
        found = _find(result, exp["key"], exp.get("aliases"))
        assert len(found) == 1, f"{exp['key']} found {len(found)} times: {[f['id'] for f in found]}"
        inc = found[0]
        assert inc["status"] == "new", f"{exp['key']} is {inc['status']}: {inc['status_reason']}"
        assert {s["path"] for s in inc["sources"]} == set(exp["sources"]), exp["key"]


def test_nothing_else_is_new(result, expected):
    """The editor's 7 are the only new increments: no noise to wade through."""
    new = [inc for inc in result["increments"] if inc["status"] == "new"]
    assert len(new) == len(expected["new_increments"]), [i["title"] for i in new]


def test_anchored_ids_in_expected_section(result, expected):
    for exp in expected["anchored"]:
        found = _find(result, exp["key"])
        assert found, exp["key"]
        inc = found[0]
        assert inc["status"] == "anchored", f"{exp['key']}: {inc['status']} {inc['status_reason']}"
        assert exp["section"] in {a["section"] for a in inc["anchored_in"]}
        for note in exp["in_notes"]:
            assert note in {s["path"] for s in inc["sources"]}, (exp["key"], note)


def test_overlaps_flagged_and_kept_apart(result, expected):
    strong = [o for o in expected["overlaps"] if o["strength"] == "strong"]
    assert strong
    for o in strong:
        a = _find(result, o["a"])
        b = _find(result, o["b"])
        assert len(a) == 1 and len(b) == 1 and a[0]["id"] != b[0]["id"]
        assert b[0]["id"] in {x["id"] for x in a[0]["overlaps"]}
        assert a[0]["id"] in {x["id"] for x in b[0]["overlaps"]}
        assert all(x["score"] > 0 and x["reason"] for x in a[0]["overlaps"])


def test_off_topic_items_are_not_new(result, expected):
    for o in expected["off_topic"]:
        if normalize_id(o["key"]):
            for inc in _find(result, o["key"]):
                assert inc["status"] != "new", (o["key"], inc["status_reason"])
        else:
            # named items: nothing whose title carries the name may be new
            name = o["key"].split(" (")[0].split(" / ")[0].lower()
            for inc in result["increments"]:
                if inc["status"] == "new":
                    assert name not in inc["title"].lower(), (o["key"], inc["title"])


def test_note_windows_and_kinds(result, expected):
    notes = {n["path"]: n for n in result["notes"]}
    for p in expected["in_window_notes"]:
        assert notes[p]["in_window"] is True, p
        assert notes[p]["time_source"] in ("front_matter", "name", "body", "mtime")
    for p in expected["out_of_window"]:
        assert notes[p]["in_window"] is False, p
    for p in expected["previous_briefings"]:
        assert notes[p]["kind"] == "briefing"
    for p in expected["in_window_notes"]:
        assert notes[p]["kind"] == "note", p


def test_section_suggestions(result, expected):
    top1 = 0
    for exp in expected["new_increments"]:
        inc = _find(result, exp["key"], exp.get("aliases"))[0]
        sections = [s["section"] for s in inc["suggested_sections"]]
        assert exp["section"] in sections[:3], (exp["key"], sections)
        assert all(s["reason"] and 0 <= s["score"] <= 1 for s in inc["suggested_sections"])
        top1 += sections[0] == exp["section"]
    assert top1 >= len(expected["new_increments"]) - 1


def test_empty_cards_reported(result, expected):
    cards = {c["path"]: c for c in result["paper_cards"]}
    for p in expected["empty_files"]:
        assert cards[p]["empty"] is True
    for p in expected["in_window_paper_cards"]:
        assert cards[p]["recent"] is True, p


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "curator", *args], capture_output=True, text=True, timeout=120
    )


def test_lookups_match_expected(expected):
    ws = str(need(SAMPLE))
    for lk in expected["lookups"]:
        proc = _run("lookup", lk["query"], ws, "--json")
        if not lk["valid"]:
            assert proc.returncode == 2, lk
            continue
        data = json.loads(proc.stdout)
        assert data["id"] == lk["normalized"]
        assert sorted({a["section"] for a in data["anchored"]}) == sorted(
            lk["anchored_sections"]
        ), lk["query"]
        cards = [c["path"] for c in data["paper_cards"]]
        assert cards == ([lk["paper_card"]] if lk["paper_card"] else []), lk["query"]
        if lk.get("paper_card_empty"):
            assert data["paper_cards"][0]["empty"] is True
        assert proc.returncode == (0 if lk["anchored_sections"] else 1), lk["query"]
        mentioned = {n["path"] for n in data["notes"]} | {b["path"] for b in data["briefings"]}
        assert set(lk["in_notes"]) | set(lk["in_other_notes"]) <= mentioned, lk["query"]
        for doc, secs in lk.get("anchored_in_other_docs", {}).items():
            assert {a["section"] for a in data["anchored_other_topics"] if a["doc"] == doc} == set(
                secs
            )


def test_analyze_json_cli_contract():
    proc = _run("analyze", str(need(SAMPLE)), "--since", SINCE, "--until", UNTIL, "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    for key in ("topic", "window", "living_doc", "notes", "increments", "errors"):
        assert key in data
    assert set(data["window"]) >= {"since", "until"}
    inc = data["increments"][0]
    for key in (
        "id",
        "title",
        "arxiv",
        "urls",
        "sources",
        "status",
        "anchored_in",
        "reported_in",
        "suggested_sections",
        "overlaps",
    ):
        assert key in inc
    note = data["notes"][0]
    for key in ("path", "author", "time", "time_source", "in_window", "kind", "items", "errors"):
        assert key in note


def test_cli_errors_are_one_line(tmp_path):
    proc = _run("analyze", str(tmp_path / "nope"))
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "not found" in proc.stderr
    (tmp_path / "ws").mkdir()
    proc = _run("analyze", str(tmp_path / "ws"))
    assert proc.returncode == 2 and "inbox" in proc.stderr and proc.stderr.count("\n") == 1
    (tmp_path / "ws" / "inbox").mkdir()
    proc = _run("analyze", str(tmp_path / "ws"))
    assert proc.returncode == 2 and "organized/knowledge" in proc.stderr
    proc = _run("analyze", str(need(SAMPLE)), "--since", "yesterday")
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
