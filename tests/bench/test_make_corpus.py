"""make_corpus.py: the same (N, seed) gives the same bytes and times, and its ground truth is true of the files.

Why: scale.py's quality figures are only as good as ground_truth.json, and growth exponents compare
sizes generated in different runs, so the corpus must not drift between them.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import make_corpus as mc  # noqa: E402

N = 60
ID_RE = re.compile(r"(?<![\d.])(\d{4}\.\d{5})(?:v\d+)?(?!\d)")


def fingerprint(root: Path) -> dict[str, tuple[str, int]]:
    return {
        str(p.relative_to(root)): (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mtime_ns)
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("corpus") / "ws"
    mc.generate(out, N, 7)
    return out, json.loads((out / "ground_truth.json").read_text(encoding="utf-8"))


def test_output_depends_only_on_notes_and_seed(corpus: tuple[Path, dict], tmp_path: Path) -> None:
    out, _gt = corpus
    again = tmp_path / "again"
    mc.generate(again, N, 7)
    assert fingerprint(again) == fingerprint(out)
    other = tmp_path / "other"
    mc.generate(other, N, 8)
    assert fingerprint(other) != fingerprint(out)


def test_generating_again_replaces_the_corpus(corpus: tuple[Path, dict], tmp_path: Path) -> None:
    out = tmp_path / "ws"
    mc.generate(out, 30, 1)
    (out / ".curator").mkdir()
    mc.generate(out, N, 7)
    assert fingerprint(out) == fingerprint(corpus[0])


def test_shape(corpus: tuple[Path, dict]) -> None:
    out, gt = corpus
    c = gt["counts"]
    notes = sorted((out / "inbox").rglob("*.md"))
    assert len(notes) == c["notes"] == N
    assert c["items"] == N * mc.ITEMS_PER_NOTE
    assert (
        len(list((out / "paper_cards").glob("*.md"))) == c["cards"] == round(N * mc.CARDS_PER_NOTE)
    )
    assert len(gt["anchored"]) == round(N * mc.ANCHORS_PER_NOTE)
    assert c["sections"] == N // mc.NOTES_PER_SECTION
    assert len({p.parent.name for p in notes}) == 20
    name_re = re.compile(r"^\d{4}-\d{2}-\d{2}(T\d{4})?-[a-z0-9-]+\.md$")
    assert all(name_re.match(p.name) for p in notes)
    assert all(
        re.match(r"^\d{4,5}-\d{4}-\d{5}\.md$", p.name) for p in (out / "paper_cards").iterdir()
    )
    toml = (out / "curator.toml").read_text(encoding="utf-8")
    assert (
        f'since = "{gt["window"]["since"]}"' in toml
        and f'until = "{gt["window"]["until"]}"' in toml
    )
    kinds = c["kinds"]
    assert (
        kinds["rereport"] > 0
        and kinds["anchored"] > 0
        and kinds["twin"] == 2 * c["near_twin_pairs"]
    )
    assert gt["evening"]["notes"] >= 1


def test_every_id_form_and_layout_is_used(tmp_path: Path) -> None:
    mc.generate(tmp_path, 200, 0)
    text = "\n".join(p.read_text(encoding="utf-8") for p in (tmp_path / "inbox").rglob("*.md"))
    for pattern in (
        r"arXiv:\d{4}\.\d{5}\b",
        r"\b\d{4}\.\d{5}v\d\b",
        r"arxiv\.org/abs/",
        r"arxiv\.org/pdf/",
        r"\[\d{4}\.\d{5}\]",
        r"^## \d+\. ",
        r"^\d+\. \*\*",
        r"^\| \d+ \| ",
        r"^- \[.+\]\(https://",
    ):
        assert re.search(pattern, text, re.M), pattern
    doc = (tmp_path / "organized/knowledge" / f"{mc.TOPIC}.md").read_text(encoding="utf-8")
    assert re.search(r"^### §\d+\.\d+ ", doc, re.M) and re.search(r"^### \d+\.\d+ ", doc, re.M)


def test_ground_truth_is_true_of_the_files(corpus: tuple[Path, dict]) -> None:
    out, gt = corpus
    ids_in: dict[str, set[str]] = {}
    for p in (out / "inbox").rglob("*.md"):
        ids_in[str(p.relative_to(out))] = set(ID_RE.findall(p.read_text(encoding="utf-8")))
    for it in gt["items"]:  # every planted item's ID is written in its note
        assert it["arxiv"] in ids_in[it["path"]], it
    per_note: dict[str, list[str]] = {}
    for it in gt["items"]:
        per_note.setdefault(it["path"], []).append(it["arxiv"])
    assert all(len(v) == len(set(v)) == mc.ITEMS_PER_NOTE for v in per_note.values())
    assert set().union(*ids_in.values()) == {
        it["arxiv"] for it in gt["items"]
    }  # no stray IDs in notes

    doc = (out / "organized/knowledge" / f"{mc.TOPIC}.md").read_text(encoding="utf-8")
    section = None
    anchored_at: dict[str, str] = {}
    for line in doc.splitlines():
        m = re.match(r"^### §?(\d+\.\d+) ", line)
        if m:
            section = "§" + m.group(1)
        for aid in ID_RE.findall(line):
            anchored_at[aid] = section or ""
    assert anchored_at == gt["anchored"]
    assert set(gt["anchored_in_notes"]) <= set(gt["anchored"])

    counts: dict[str, int] = {}
    for it in gt["items"]:
        counts[it["arxiv"]] = counts.get(it["arxiv"], 0) + 1
    assert {d["ids"][0] for d in gt["duplicates"]} == {k for k, v in counts.items() if v > 1}
    for d in gt["duplicates"]:
        assert len({r["path"] for r in d["refs"]}) == len(d["refs"]) >= 2  # one ref per note

    twins = [i for pair in gt["near_twins"] for i in pair]
    assert len(twins) == len(set(twins))
    assert not set(twins) & set(gt["anchored"])
    first_title: dict[str, str] = {}
    for it in gt["items"]:
        first_title.setdefault(it["arxiv"], it["title"])
    for a, b in gt["near_twins"]:
        wa, wb = (set(first_title[x].split(": ")[-1].lower().split()) for x in (a, b))
        assert a != b and len(wa & wb) >= len(wa) - 2, (first_title[a], first_title[b])

    cards = {
        p.name.split("-", 1)[1].removesuffix(".md").replace("-", ".")
        for p in (out / "paper_cards").iterdir()
    }
    assert cards <= set(gt["anchored"]) | set(counts)
