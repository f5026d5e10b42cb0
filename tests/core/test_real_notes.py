"""Real public notes (../shared/real): every arXiv ID and heading count of facts.json is found.

The notes are analysed as a workspace (copied at run time into a temp folder,
never into the project), so this checks the whole path: reading, splitting,
items and mentions.
"""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import REAL, need

from curator.analysis import analyze


@pytest.fixture(scope="module")
def facts() -> dict:
    return json.loads(need(REAL / "facts.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def real_analysis(facts, tmp_path_factory):
    ws = tmp_path_factory.mktemp("real") / "ws"
    (ws / "organized" / "knowledge").mkdir(parents=True)
    (ws / "paper_cards").mkdir()
    mapping: dict[str, str] = {}
    for coll in facts["notes"]:
        author = coll["folder"].split("__")[0].lower()
        for f in coll["files"]:
            src = REAL / f["path"]
            # keep names unique per author (index.md appears once per day folder)
            name = f["path"].split("/", 1)[1].replace("/", "_")
            dest = ws / "inbox" / author / name
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dest)
            mapping[f["path"]] = f"inbox/{author}/{name}"
    for i, d in enumerate(facts["living_docs"]):
        shutil.copyfile(REAL / d["path"], ws / "organized" / "knowledge" / f"doc{i}.md")
    (ws / "curator.toml").write_text('topic = "doc0"\ntimezone = "+00:00"\n', encoding="utf-8")
    a = analyze(ws, since="1990-01-01T00:00:00+00:00", until="2100-01-01T00:00:00+00:00")
    return a, mapping


def test_every_note_id_found(real_analysis, facts):
    a, mapping = real_analysis
    notes = {n.path: n for n in a.notes}
    by_note: dict[str, set[str]] = {}
    for inc in a.increments:
        for it in inc.items:
            by_note.setdefault(it.note, set()).update(it.arxiv)
    for coll in facts["notes"]:
        for f in coll["files"]:
            path = mapping[f["path"]]
            assert path in notes, path
            found = by_note.get(path, set())
            assert found == set(f["arxiv_ids"]), (path, sorted(set(f["arxiv_ids"]) ^ found)[:10])


def test_heading_counts(real_analysis, facts):
    from curator.mdblocks import count_headings, parse_blocks
    from curator.notes import preprocess

    _a, mapping = real_analysis
    for coll in facts["notes"]:
        for f in coll["files"]:
            text = (REAL / f["path"]).read_text(encoding="utf-8")
            clean, _fm, _w = preprocess(text)
            counts = count_headings(parse_blocks(clean))
            assert sum(counts.values()) == f["atx_headings_outside_fences"], f["path"]


def test_living_doc_headings(real_analysis, facts):
    a, _mapping = real_analysis
    docs = {d.path: d for d in [a.living_doc, *a.other_docs]}
    for i, d in enumerate(facts["living_docs"]):
        doc = docs[f"organized/knowledge/doc{i}.md"]
        by_level: dict[str, int] = {}
        for s in doc.sections:
            by_level[str(s.level)] = by_level.get(str(s.level), 0) + 1
        assert by_level == d["atx_headings_by_level"], d["path"]
        ids = {an.key for s in doc.sections for an in s.anchors if an.kind == "arxiv"}
        assert ids == set(d["arxiv_ids"]), d["path"]


def test_overlap_with_living_doc_is_anchored(real_analysis, facts):
    a, _ = real_analysis
    overlap = set(
        facts["notes_summary"]["overlap_with_living_docs"][facts["living_docs"][0]["path"]]
    )
    for inc in a.increments:
        if inc.id in overlap:
            assert inc.status == "anchored", (inc.id, inc.status_reason)


def test_digest_items_split(real_analysis):
    """A daily digest is many items, not one."""
    a, mapping = real_analysis
    digest = next(n for n in a.notes if n.path.startswith("inbox/zl-asica/"))
    assert len(digest.items) >= 15
