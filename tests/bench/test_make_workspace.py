"""Tests for the synthetic workspace generator ``benchmarks/make_workspace.py``."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "make_workspace.py"
ARXIV = re.compile(r"(?<![\d.])(\d{4}\.\d{5})(?!\d)")


def _load() -> ModuleType:
    """Import the generator script as a module (it is not part of a package)."""
    spec = importlib.util.spec_from_file_location("make_workspace", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_workspace"] = module
    spec.loader.exec_module(module)
    return module


mw = _load()


def _tree(root: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``root`` with its bytes and mtime."""
    return {
        p.relative_to(root).as_posix(): (p.read_bytes(), int(p.stat().st_mtime))
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def _text(root: Path, rel: str) -> str:
    """A file's text with BOM and CRLF normalised away."""
    return (root / rel).read_bytes().decode("utf-8-sig").replace("\r\n", "\n")


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One S workspace shared by the read-only checks."""
    out = tmp_path_factory.mktemp("ws") / "S"
    mw.generate(out, "S", 7)
    return out


@pytest.fixture(scope="module")
def truth(ws: Path) -> dict:
    return json.loads((ws / "ground_truth.json").read_text(encoding="utf-8"))


def test_same_seed_gives_identical_tree(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    mw.generate(a, "S", 11)
    mw.generate(b, "S", 11)
    mw.generate(c, "S", 12)
    tree_a = _tree(a)
    assert tree_a == _tree(b)
    assert tree_a != _tree(c)


def test_refuses_non_empty_out_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    assert mw.main(["--size", "S", "--seed", "1", str(out)]) == 2
    assert "not empty" in capsys.readouterr().err
    assert mw.main(["--size", "S", "--seed", "1", "--force", str(out)]) == 0
    assert (out / "keep.txt").read_text() == "mine"
    summary = capsys.readouterr().out
    assert "files" in summary and "bytes" in summary and " s" in summary


def test_force_replaces_an_earlier_generated_workspace(tmp_path: Path) -> None:
    out = tmp_path / "out"
    mw.generate(out, "S", 1)
    mw.generate(out, "S", 2, force=True)
    fresh = tmp_path / "fresh"
    mw.generate(fresh, "S", 2)
    assert _tree(out) == _tree(fresh)


def test_layout_and_config(ws: Path, truth: dict) -> None:
    config = tomllib.loads((ws / "curator.toml").read_text(encoding="utf-8"))
    assert config["topic"] == "inference"
    assert config["editor"] == "tom"
    assert config["timezone"] == "Asia/Shanghai"
    assert config["since"] == "2026-08-19T22:20:00+08:00"
    assert config["until"] == "2026-08-20T22:20:00+08:00"
    assert truth["window"] == {"since": config["since"], "until": config["until"]}
    assert (ws / "organized/knowledge/inference.md").is_file()
    assert (ws / "organized/knowledge/rag.md").is_file()
    note_name = re.compile(r"inbox/[a-z]+/\d{4}-\d{2}-\d{2}(T\d{4})?-[a-z0-9-]+\.md")
    for note in truth["notes"]:
        assert note_name.fullmatch(note["path"]), note["path"]
    for card in (ws / "paper_cards").iterdir():
        assert re.fullmatch(r"\d{4}-\d{4}-\d{5}\.md", card.name)


def test_counts_roughly_as_specified(ws: Path, truth: dict) -> None:
    c = truth["counts"]
    notes = list((ws / "inbox").rglob("*.md"))
    assert len(notes) == c["notes"] == 60
    assert len({p.parent.name for p in notes}) == 5
    assert len(list((ws / "paper_cards").iterdir())) == c["cards"] == 100
    assert 240 <= c["items"] <= 360
    assert 0.04 * c["items"] <= c["duplicate_items"] <= 0.2 * c["items"]
    assert c["overlap_pairs"] >= 3
    assert 0.08 * c["items"] <= c["anchored_items"] <= 0.25 * c["items"]
    doc = _text(ws, "organized/knowledge/inference.md")
    assert 40_000 <= len(doc.encode()) <= 65_000
    body = re.sub(r"```.*?```", "", doc, flags=re.S)
    numbered = re.findall(r"^#{3,4} §1\.\d+(?:\.\d+)? ", body, flags=re.M)
    assert 35 <= len(numbered) <= 45
    assert re.search(r"^#{2,4} [^§\n]+$", body, flags=re.M), "some headings carry no § number"
    assert "## not a heading" in doc
    assert 250 <= len(truth["anchored"]) <= 350
    assert set(c["styles"]) == {
        "briefing",
        "zengliang",
        "numbered",
        "english",
        "table",
        "links",
        "details",
        "flyp",
        "industry",
    }


def test_ground_truth_ids_exist_in_files(ws: Path, truth: dict) -> None:
    for item in truth["items"]:
        text = _text(ws, item["path"])
        for key in ("title", "arxiv", "url", "written"):
            if item[key]:
                assert item[key] in text, (key, item)
    doc = _text(ws, "organized/knowledge/inference.md")
    doc_ids = set(ARXIV.findall(doc))
    assert set(truth["anchored"]) == doc_ids
    assert all(section.startswith("§1.") for section in truth["anchored"].values())
    for url in truth["anchored_urls"]:
        assert url in doc
    rag = _text(ws, "organized/knowledge/rag.md")
    for pid, section in truth["anchored_other"]["organized/knowledge/rag.md"].items():
        assert pid in rag and section.startswith("§2.")
    for pid, path in truth["cards"].items():
        assert (ws / path).is_file() and pid.replace(".", "-") in path
        if path in truth["empty_cards"]:
            assert (ws / path).stat().st_size == 0
        else:
            assert f"- arXiv: {pid}" in _text(ws, path)
    assert truth["empty_cards"]


def test_duplicates_pair_two_different_notes(truth: dict) -> None:
    assert truth["duplicates"]
    written = {(i["path"], i["key"]): i["written"] for i in truth["items"]}
    cluster_keys = {c["key"] for c in truth["clusters"]}
    for a, b in truth["duplicates"]:
        assert a["path"] != b["path"]
        assert set(a) == set(b) == {"path", "title", "arxiv", "url"}
        if a["arxiv"]:
            assert a["arxiv"] == b["arxiv"] and a["arxiv"] in cluster_keys
            assert written[(a["path"], a["arxiv"])] != written[(b["path"], b["arxiv"])]
        else:
            assert a["url"] and b["url"] and a["title"] != b["title"]
    for cluster in truth["clusters"]:
        paths = [r["path"] for r in cluster["refs"]]
        assert len(paths) == len(set(paths)) >= 2


def test_overlaps_are_distinct_papers_in_notes(truth: dict) -> None:
    keys = {i["key"] for i in truth["items"]}
    for a, b in truth["overlaps"]:
        assert a != b and a in keys and b in keys
        assert a not in truth["anchored"] and b not in truth["anchored"]


def test_mtimes_follow_note_times(ws: Path, truth: dict) -> None:
    from datetime import datetime

    for note in truth["notes"]:
        assert int((ws / note["path"]).stat().st_mtime) == int(
            datetime.fromisoformat(note["time"]).timestamp()
        )
    in_window = [n for n in truth["notes"] if n["in_window"]]
    assert 0 < len(in_window) < len(truth["notes"])
    assert any(n["kind"] == "briefing" and not n["in_window"] for n in truth["notes"])
