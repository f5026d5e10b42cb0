"""Tests for curator.arxiv: every ID form is found once, nothing else is, offsets stay true."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import salted_text

from curator.arxiv import (
    ArxivMatch,
    Malformed,
    find_ids,
    find_malformed_ids,
    normalize_id,
    unique_ids,
)
from curator.dois import doi_address, find_dois

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
EVE = SHARED / "bad-inputs" / "inbox" / "eve"
FACTS = SHARED / "real" / "facts.json"
EXPECTED = SHARED / "sample-relay" / "expected.json"

needs_shared = pytest.mark.skipif(
    not SHARED.is_dir(), reason=f"shared fixtures not found at {SHARED} (expected beside the repo)"
)


def _read(path: Path) -> str:
    if not path.is_file():
        pytest.skip(f"fixture missing: {path}")
    return path.read_bytes().decode("utf-8", errors="replace")


def _facts() -> dict[str, Any]:
    if not FACTS.is_file():
        return {"living_docs": [], "notes": []}
    data: dict[str, Any] = json.loads(FACTS.read_text(encoding="utf-8"))
    return data


def _fact_files() -> list[tuple[str, list[str]]]:
    facts = _facts()
    files = [(d["path"], d["arxiv_ids"]) for d in facts["living_docs"]]
    files += [(f["path"], f["arxiv_ids"]) for n in facts["notes"] for f in n["files"]]
    return files


def _lookups() -> list[dict[str, Any]]:
    if not EXPECTED.is_file():
        return []
    lookups: list[dict[str, Any]] = json.loads(EXPECTED.read_text(encoding="utf-8"))["lookups"]
    return lookups


# --- normalize_id -----------------------------------------------------------------------------

VALID_QUERIES = [
    ("2608.14376", "2608.14376", None),
    ("2608.14376v12", "2608.14376", "v12"),
    ("arXiv:2608.14376", "2608.14376", None),
    ("ARXIV:2605.19537", "2605.19537", None),
    ("arxiv 2608.13947", "2608.13947", None),
    ("arXiv: 2608.13947v3", "2608.13947", "v3"),
    ("arXiv.2608.14376", "2608.14376", None),
    ("https://arxiv.org/abs/2608.14376", "2608.14376", None),
    ("https://arxiv.org/pdf/2608.11668v2", "2608.11668", "v2"),
    ("https://www.arxiv.org/pdf/2608.14376.pdf", "2608.14376", None),
    ("https://arxiv.org/pdf/2608.14376v1.pdf", "2608.14376", "v1"),
    ("http://export.arxiv.org/abs/2608.11668", "2608.11668", None),
    ("arxiv.org/abs/2601.06288", "2601.06288", None),
    ("https://arxiv.org/html/2608.14376v2", "2608.14376", "v2"),
    ("https://arxiv.org/abs/2608.14376v2#S3", "2608.14376", "v2"),
    ("https://arxiv.org/abs/2608.14376?context=cs", "2608.14376", None),
    ("https://arxiv.org/abs/2608.14376/", "2608.14376", None),
    ("10.48550/arXiv.2608.14376", "2608.14376", None),
    ("https://doi.org/10.48550/arXiv.2608.14333", "2608.14333", None),
    ("https://huggingface.co/papers/2608.14376", "2608.14376", None),
    ("https://www.alphaxiv.org/abs/2608.14333", "2608.14333", None),
    ("https://ar5iv.labs.arxiv.org/html/2608.14376", "2608.14376", None),
    ("hep-th/9901001", "hep-th/9901001", None),
    ("arXiv:hep-th/9901001v2", "hep-th/9901001", "v2"),
    ("math.GT/0309136", "math.GT/0309136", None),
    ("cond-mat.mes-hall/0102536", "cond-mat.mes-hall/0102536", None),
    ("https://arxiv.org/abs/quant-ph/0201082", "quant-ph/0201082", None),
    ("0704.0001", "0704.0001", None),
    ("1412.6980", "1412.6980", None),
    ("1501.00001", "1501.00001", None),
    ("２６０８.１４３７６", "2608.14376", None),
    ("ａｒＸｉｖ：２６０８．１４３７６ｖ２", "2608.14376", "v2"),
    ("2608.1\u200b4376", "2608.14376", None),
    ("\ufeff26\u200c08.\u200d14\u206037\u00ad6", "2608.14376", None),
    ("  (arXiv:2608.14376).  ", "2608.14376", None),
    ("<https://arxiv.org/abs/2608.14376>", "2608.14376", None),
]

INVALID_QUERIES = [
    "2608.143760",  # six digits: never truncated to 2608.14376
    "not-an-arxiv-id",
    "2613.01234",  # month 13
    "2600.01234",  # month 00
    "2608.1234",  # four digits after 2015
    "0704.00001",  # five digits before 2015
    "0703.0001",  # before new-style IDs began
    "99999.12345",
    "12608.143761",
    "",
    "   ",
    "arXiv:",
    "2608.14376 2608.14333",  # two IDs is not one ID
    "see 2608.14376",
    "https://example.com/abs/2608.14376",
    "foo/9901001",  # unknown archive
    "hep-th/9913001",  # month 13
    "10.1145/3582016.3582018",
]


@pytest.mark.parametrize(("query", "key", "version"), VALID_QUERIES)
def test_normalize_id_accepts_every_form(query: str, key: str, version: str | None) -> None:
    assert normalize_id(query) == (key, version)


@pytest.mark.parametrize("query", INVALID_QUERIES)
def test_normalize_id_rejects(query: str) -> None:
    assert normalize_id(query) is None


@needs_shared
@pytest.mark.parametrize("lookup", _lookups(), ids=lambda q: q["query"])
def test_expected_json_lookups(lookup: dict[str, Any]) -> None:
    result = normalize_id(lookup["query"])
    if lookup["valid"]:
        assert result is not None
        assert result[0] == lookup["normalized"]
    else:
        assert result is None


# --- find_ids on hand-made text -------------------------------------------------------------


def test_find_ids_reports_original_offsets_and_versions() -> None:
    text = "A (arXiv:2608.14376v2) and https://arxiv.org/pdf/2608.11668.pdf."
    found = find_ids(text)
    assert [(m.id, m.version, m.raw) for m in found] == [
        ("2608.14376", "v2", "2608.14376v2"),
        ("2608.11668", None, "2608.11668"),
    ]
    for m in found:
        assert text[m.start : m.end] == m.raw


def test_find_ids_offsets_survive_zero_width_and_fullwidth() -> None:
    text = "\u200b前\ufeff言 ２６０８.１\u200b4376 then 2608.14333"
    found = find_ids(text)
    assert [m.id for m in found] == ["2608.14376", "2608.14333"]
    assert found[0].raw == "２６０８.１\u200b4376"
    assert text[found[1].start : found[1].end] == "2608.14333"


@pytest.mark.parametrize(
    "text",
    [
        "12608.143761",
        "2608.143760",
        "10.1145/3582016.3582018",
        "https://dl.acm.org/doi/10.1145/3722212.3724428",
        "1.2608.14376",  # preceded by "<digit>."
        "2613.01234 2608.1234 99999.12345 0704.00011 1412.12345",
        "v0.6.1 and 2024.03 and 3.14159 and 2025.10.01",
        "/usr/foo/9901001 and xhep-th/9901001 and hep-th/9913001 and hep-th/0801001",
    ],
)
def test_find_ids_ignores_non_ids(text: str) -> None:
    assert find_ids(text) == []


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("[![arXiv](https://img.shields.io/badge/arXiv-2503.17407-b31b1b.svg)]", ["2503.17407"]),
        ("@article{x, journal={arXiv preprint arXiv:2503.17407}}", ["2503.17407"]),
        ("https://arxiv.org/ftp/arxiv/papers/2403/2403.20041.pdf", ["2403.20041"]),
        ("| 2024.03 | [pdf](https://arxiv.org/pdf/2403.20041v1.pdf) |", ["2403.20041"]),
        (
            "arXiv2608.14376 arXiv.2608.14333 arXiv 2608.11668",
            ["2608.14376", "2608.14333", "2608.11668"],
        ),
        ("https://huggingface.co/papers/2608.14376?x=1#y", ["2608.14376"]),
        ("https://www.semanticscholar.org/arxiv/2608.14376", ["2608.14376"]),
        ("cs.AI/9912001, astro-ph/0701001v3 and (cond-mat/0102536)", None),
    ],
)
def test_find_ids_finds_ids_anywhere(text: str, ids: list[str] | None) -> None:
    expected = ids or ["cs.AI/9912001", "astro-ph/0701001", "cond-mat/0102536"]
    assert unique_ids(text) == expected


def test_unique_ids_keeps_first_appearance_order() -> None:
    text = "2608.14333 then 2608.14376v2, again arXiv:2608.14333 and hep-th/9901001"
    assert unique_ids(text) == ["2608.14333", "2608.14376", "hep-th/9901001"]


def test_arxiv_match_is_frozen() -> None:
    m = ArxivMatch("2608.14376", None, 0, 10, "2608.14376")
    with pytest.raises(AttributeError):
        m.id = "x"  # type: ignore[misc]


# --- arXiv DOIs -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("10.48550/arXiv.2611.04417", ["2611.04417"]),
        ("10.48550/ARXIV.2611.04417", ["2611.04417"]),
        ("https://doi.org/10.48550/ARXIV.2611.04417", ["2611.04417"]),
        ("https://dx.doi.org/10.48550/arxiv.2611.04417v2.", ["2611.04417"]),
        ("doi:10.48550/arXiv.hep-th/9901001", ["hep-th/9901001"]),
        (
            "@misc{x,\n  doi = {10.48550/ARXIV.2611.04417},\n  url = {https://arxiv.org/abs/2611.04417},\n}",
            ["2611.04417"],
        ),
        ("@article{y, journal = {arXiv preprint arXiv:2306.13649}, year={2023}}", ["2306.13649"]),
        ("DOI：10.48550/arXiv.2611.04417。", ["2611.04417"]),
    ],
)
def test_find_ids_reads_arxiv_dois(text: str, ids: list[str]) -> None:
    assert unique_ids(text) == ids


@pytest.mark.parametrize(
    "query",
    [
        "10.48550/ARXIV.2611.04417",
        "https://doi.org/10.48550/ARXIV.2611.04417",
        "doi:10.48550/arXiv.2611.04417",
    ],
)
def test_normalize_id_reads_arxiv_dois(query: str) -> None:
    assert normalize_id(query) == ("2611.04417", None)


# --- other DOIs -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("10.1145/3600006.3613165", ["doi:10.1145/3600006.3613165"]),
        ("https://doi.org/10.1145/3600006.3613165.", ["doi:10.1145/3600006.3613165"]),
        ("http://dx.doi.org/10.1145/3600006.3613165/", ["doi:10.1145/3600006.3613165"]),
        ("(doi:10.1145/3600006.3613165)", ["doi:10.1145/3600006.3613165"]),
        ("doi = {10.1145/3600006.3613165},", ["doi:10.1145/3600006.3613165"]),
        ("DOI：10.18653/v1/2023.ACL-LONG.1，见", ["doi:10.18653/v1/2023.acl-long.1"]),
        ("https://doi.org/10.1145%2F3600006.3613165", ["doi:10.1145/3600006.3613165"]),
        (
            "https://dl.acm.org/doi/10.1145/3722212.3724428?download=true",
            ["doi:10.1145/3722212.3724428"],
        ),
        ("10.1002/(SICI)1097-4636(199706)35:4", ["doi:10.1002/(sici)1097-4636(199706)35:4"]),
        ("10.5281/zenodo.123 and again 10.5281/ZENODO.123", ["doi:10.5281/zenodo.123"]),
        # arXiv DOIs are arXiv IDs, not DOIs
        ("10.48550/arXiv.2611.04417 https://doi.org/10.48550/ARXIV.2611.04417", []),
        # not DOIs
        ("v10.1145/x 2510.1145/3600006 10.1/abc 10.1145/ 3.10.1145/x", []),
    ],
)
def test_find_dois(text: str, keys: list[str]) -> None:
    assert find_dois(text) == keys


# --- malformed IDs ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "raw", "reason"),
    [
        ("see arXiv:2613.04418 for EvalGate", "2613.04418", "month 13 does not exist"),
        ("- [ ] 2613.02210 —— 群里转的", "2613.02210", "month 13 does not exist"),
        (
            "【论文】arxiv.org/abs/2611.0234(链接被截断)",
            "2611.0234",
            "2611 IDs have 5 digits after the dot",
        ),
        ("2611.118730", "2611.118730", "2611 IDs have 5 digits after the dot"),
        ("arXiv:2611.4418", "2611.4418", "2611 IDs have 5 digits after the dot"),
        (
            "https://arxiv.org/pdf/2611.0234v2.pdf",
            "2611.0234v2",
            "2611 IDs have 5 digits after the dot",
        ),
        ("10.48550/arXiv.2611.4418", "2611.4418", "2611 IDs have 5 digits after the dot"),
        ("arXiv: 2600.01234", "2600.01234", "month 00 does not exist"),
        ("arXiv:1412.12345", "1412.12345", "1412 IDs have 4 digits after the dot"),
        ("arXiv:0703.0001", "0703.0001", "new-style IDs begin with 0704 (April 2007)"),
        ("arXiv:99999.12345", "99999.12345", "99999 is not a year and month (YYMM)"),
        ("arXiv:hep-th/9913001", "hep-th/9913001", "month 13 does not exist"),
        ("arXiv:hep-th/990100", "hep-th/990100", "old-style IDs have 7 digits after the slash"),
        ("hep-th/0801001", "hep-th/0801001", "old-style IDs are from 1991 to 2007"),
        ("ａｒＸｉｖ：２６１３．０４４１８", "２６１３．０４４１８", "month 13 does not exist"),
        ("arXiv:2613.0\u200b4418", "2613.0\u200b4418", "month 13 does not exist"),
    ],
)
def test_find_malformed_ids(text: str, raw: str, reason: str) -> None:
    found = find_malformed_ids(text)
    assert [(m.raw, m.reason) for m in found] == [(raw, reason)]
    assert text[found[0].start : found[0].end] == raw
    assert find_ids(text) == []  # never read as a (shorter) valid ID


@pytest.mark.parametrize(
    "text",
    [
        "1412.6980 and 0704.0001 and 1501.00001 and 2611.04417",
        "hep-th/9901001 and arXiv:hep-th/9901001v2 and math.GT/0309136",
        "2611.04417v3 and arXiv:2611.04417v12",
        "v3.1.2 and 0.41 and 1.92× faster, 2026.11 release, 128.0 GB, $3,500.00",
        "10.5281/zenodo.123 and 10.1145/3600006.3613165 and 10.1145/3582016.3582018",
        "2026-11-05, 2026.11.05, 2026/11/05, 2026年11月",
        "| 1234.5678 | 2048.0000 | 1536.2500 |",  # four decimals in a table
        "arXiv 2024 and arxiv 2.0 and arXiv, 2026.11",
        "docs/math/0801001 and /usr/lib/9913001",
        "1.2613.02210 and 12613.02210 and 2613.0221011",
        "https://arxiv.org/list/cs.CL/recent and arxiv.org/abs/2611.04417",
    ],
)
def test_find_malformed_ids_leaves_valid_ids_and_numbers_alone(text: str) -> None:
    assert find_malformed_ids(text) == []


def test_malformed_offsets_and_order() -> None:
    text = "A 2613.02210, B arXiv:2611.4418 and C 2611.04417 (ok), D 2611.118730."
    found = find_malformed_ids(text)
    assert [m.raw for m in found] == ["2613.02210", "2611.4418", "2611.118730"]
    for m in found:
        assert text[m.start : m.end] == m.raw
    assert unique_ids(text) == ["2611.04417"]


def test_malformed_is_frozen() -> None:
    m = Malformed("2613.02210", 0, 10, "month 13 does not exist")
    with pytest.raises(AttributeError):
        m.reason = "x"  # type: ignore[misc]


# --- shared fixtures --------------------------------------------------------------------------


@needs_shared
def test_arxiv_edges_note() -> None:
    text = _read(EVE / "2026-08-20T1213-arxiv-edges.md")
    ids = set(unique_ids(text))
    assert ids == {
        "2608.14376",
        "2608.14333",
        "2608.11668",
        "hep-th/9901001",
        "math.GT/0309136",
        "0704.0001",
        "1501.00001",
    }
    for bad in ("2613.01234", "2608.1234", "99999.12345", "9999.12345", "12608.143761"):
        assert bad not in ids
    fullwidth = next(line for line in text.splitlines() if "fullwidth" in line)
    assert unique_ids(fullwidth) == ["2608.14376"]
    for m in find_ids(text):
        assert text[m.start : m.end] == m.raw


@needs_shared
@pytest.mark.parametrize("relay", ["relay-eval", "relay-training"])
def test_dev_relay_malformed_ids_found(relay: str) -> None:
    root = SHARED / "dev-relays" / relay
    expected = root / "expected.json"
    if not expected.is_file():
        pytest.skip(f"fixture missing: {expected}")
    wanted = json.loads(expected.read_text(encoding="utf-8")).get("malformed_ids") or []
    assert wanted
    for entry in wanted:
        found = find_malformed_ids(_read(root / entry["source"]))
        raws = [m.raw for m in found]
        assert entry["text"].removeprefix("arXiv:") in raws, (entry, raws)
    for note in sorted((root / "inbox").rglob("*.md")):  # and nothing else in the notes
        sources = {e["source"] for e in wanted}
        if str(note.relative_to(root)) not in sources:
            assert find_malformed_ids(_read(note)) == [], note.name


@needs_shared
@pytest.mark.parametrize(("path", "ids"), _fact_files(), ids=lambda v: str(v)[:60])
def test_real_files_have_no_malformed_ids(path: str, ids: list[str]) -> None:
    assert find_malformed_ids(_read(SHARED / "real" / path)) == []


@needs_shared
def test_escapes_note_zero_width_inside_id() -> None:
    text = _read(EVE / "2026-08-20T1206-escapes.md")
    assert "2608.1\u200b4376" in text
    assert unique_ids(text) == ["2608.14376"]
    hidden = [m for m in find_ids(text) if "\u200b" in m.raw]
    assert len(hidden) == 1 and hidden[0].id == "2608.14376"


@needs_shared
@pytest.mark.parametrize(("path", "ids"), _fact_files(), ids=lambda v: str(v)[:60])
def test_real_files_match_facts(path: str, ids: list[str]) -> None:
    text = _read(SHARED / "real" / path)
    assert set(unique_ids(text)) == set(ids)


@needs_shared
def test_real_naive_extras_not_found() -> None:
    docs = _facts()["living_docs"]
    assert docs, "facts.json has no living docs"
    for doc in docs:
        found = set(unique_ids(_read(SHARED / "real" / doc["path"])))
        for extra in doc["naive_pattern_extra_matches"]:
            assert extra not in found, (doc["path"], extra)


@needs_shared
def test_one_megabyte_scans_fast() -> None:
    doc = _read(SHARED / "real" / "Xnhyacinth__Awesome-LLM-Long-Context-Modeling" / "README.md")
    text = (doc * (1_000_000 // len(doc) + 1))[:1_000_000]
    slow = text[:500_000] + "\u200b２" + text[500_000:]  # forces the normalising path
    for find in (find_ids, find_malformed_ids, find_dois):
        find(text)  # warm up
        for sample in (text, slow):
            best = min(_timed(find, sample) for _ in range(3))
            # ~15 / 35 / 1 ms here; CI headroom
            assert best < 0.25, f"{find.__name__}: 1 MB took {best * 1000:.0f} ms"


def _timed(find: Any, text: str) -> float:
    t0 = time.perf_counter()
    find(text)
    return time.perf_counter() - t0


# --- properties -------------------------------------------------------------------------------

_PIECES = st.sampled_from(
    [
        "2608.14376",
        "v2",
        "arXiv:",
        "hep-th/",
        "9901001",
        "math.GT/0309136",
        "0704.0001",
        "2613.0441",
        "2611.118730",
        "10.1145/",
        ".",
        "/",
        "1",
        " ",
        "\u200b",
        "\ufeff",
        "\u00ad",
        "２６０８",
        "．",
        "１４３７６",
        "https://arxiv.org/abs/",
        "10.48550/arXiv.",
        "\x1b[2J",
        "\x00",
        "中文",
    ]
)
_TEXT = salted_text(_PIECES)


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_property_find_ids_offsets_and_round_trip(text: str) -> None:
    found = find_ids(text)
    last_end = 0
    for m in found:
        assert 0 <= last_end <= m.start < m.end <= len(text)
        assert text[m.start : m.end] == m.raw
        assert normalize_id(m.raw) == (m.id, m.version)
        last_end = m.end
    assert unique_ids(text) == list(dict.fromkeys(m.id for m in found))


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_property_malformed_never_overlaps_valid_ids(text: str) -> None:
    valid = [(m.start, m.end) for m in find_ids(text)]
    last_end = 0
    for m in find_malformed_ids(text):
        assert 0 <= last_end <= m.start < m.end <= len(text)
        assert text[m.start : m.end] == m.raw and m.reason
        assert all(end <= m.start or start >= m.end for start, end in valid)
        last_end = m.end
    for key in find_dois(text):
        assert (
            key == key.lower() and key.startswith("doi:10.") and not key.startswith("doi:10.48550/")
        )


@settings(max_examples=300, deadline=None)
@given(_TEXT)
def test_property_normalize_id_never_raises(text: str) -> None:
    result = normalize_id(text)
    if result is not None:
        key, version = result
        assert unique_ids(key) == [key]
        assert version is None or version.startswith("v")


@pytest.mark.parametrize(
    "value, address",
    [
        ("10.1145/3600006.3613165", "https://doi.org/10.1145/3600006.3613165"),
        ("doi:10.1145/3600006.3613165", "https://doi.org/10.1145/3600006.3613165"),
        (
            " https://dx.doi.org/10.48550/arXiv.2410.10393 ",
            "https://doi.org/10.48550/arXiv.2410.10393",
        ),
        ("doi.org/10.1109/ICASSP.2023.1", "https://doi.org/10.1109/ICASSP.2023.1"),
        ("ISBN 978-3-16-148410-0", None),
        ("see 10.1145/3600006.3613165", None),
        ("", None),
    ],
)
def test_a_doi_field_is_its_papers_address_and_nothing_else_is(
    value: str, address: str | None
) -> None:
    assert doi_address(value) == address
