"""A kept answer (curator.result_memo): the same document while nothing changed, a fresh one the
moment any input does, never one a changed file or another window could have made."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from curator import result_memo, stamps
from curator.cli import main
from curator.service.evening import Evening
from curator.store import DecisionStore

LATER = 60 * 10**9
"""How far the clock is moved so that files just written count as settled."""


@pytest.fixture
def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files written by the test count as settled (their stamps are a minute old)."""
    monkeypatch.setattr(stamps, "now_ns", lambda: time.time_ns() + LATER)


def _kept(ws: Path) -> list[str]:
    """The answers kept (not the key tables beside them)."""
    return sorted(
        p.name
        for p in (ws / ".curator").glob("result-*.cache")
        if not p.name.endswith("-keys.cache")
    )


def _kept_json(ws: Path) -> tuple[Path, bytes]:
    """The one kept ``--json`` answer and its bytes as written."""
    (kept,) = (ws / ".curator").glob("result-*-json.cache")
    return kept, kept.read_bytes()


def _analyze(ws: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> dict:
    capsys.readouterr()
    assert main(["analyze", str(ws), "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def _no_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_a: object, **_k: object) -> None:
        raise AssertionError("analysed although the answer was kept")

    monkeypatch.setattr(Evening, "analyze", refuse)


def test_a_second_analyze_prints_the_kept_document_without_analysing(
    sample_ws: Path, settled: None, capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    first = _analyze(sample_ws, capsys)
    assert len(_kept(sample_ws)) == 1
    _no_analysis(monkeypatch)
    assert _analyze(sample_ws, capsys) == first


def test_the_kept_document_is_the_one_printed_encoded_once(
    sample_ws: Path, settled: None, capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    """Kept from a copy made as it was printed, not encoded again; and when no copy can be made
    (no temporary file), encoded again to be kept: the same bytes either way."""
    from curator.service import answers

    made = []
    real = answers.document_of

    def counted(*a: object, **k: object):  # type: ignore[no-untyped-def]
        made.append(1)
        return real(*a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(answers, "document_of", counted)
    capsys.readouterr()
    assert main(["analyze", str(sample_ws), "--json"]) == 0
    printed = capsys.readouterr().out
    assert made == [1]
    _kept_path, first = _kept_json(sample_ws)
    assert printed.encode("utf-8") in first

    for p in (sample_ws / ".curator").glob("result-*"):
        p.unlink()
    monkeypatch.setattr(answers, "_copy_file", lambda: None)
    assert main(["analyze", str(sample_ws), "--json"]) == 0
    assert capsys.readouterr().out == printed
    assert made == [1, 1, 1]
    assert _kept_json(sample_ws)[1] == first


def test_any_changed_note_or_doc_is_a_fresh_analysis(
    sample_ws: Path, settled: None, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _analyze(sample_ws, capsys)
    note = next(iter(sorted((sample_ws / "inbox").rglob("*.md"))))
    text = note.read_text(encoding="utf-8")
    note.write_text(text + "\n", encoding="utf-8")
    st = note.stat()
    os.utime(note, ns=(st.st_atime_ns, st.st_mtime_ns))  # the same mtime; the size moved
    again = _analyze(sample_ws, capsys)
    assert again["increments"] == first["increments"]  # a blank line changes no increment...
    assert len(_kept(sample_ws)) == 2  # ...but it was a new analysis, kept beside the first
    added = sample_ws / "inbox" / "zed" / "2026-08-20T0900-new.md"
    added.parent.mkdir()
    added.write_text("# New\n\n- Paper: Something new https://arxiv.org/abs/2608.99999\n")
    ids = {a for inc in _analyze(sample_ws, capsys)["increments"] for a in inc["arxiv"]}
    assert "2608.99999" in ids
    doc = next((sample_ws / "organized" / "knowledge").glob("*.md"))
    doc.write_text(doc.read_text(encoding="utf-8") + "\n## 99. New part\n", encoding="utf-8")
    _analyze(sample_ws, capsys)
    assert len(_kept(sample_ws)) == 4


def test_only_the_newest_files_are_kept(
    sample_ws: Path, settled: None, capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    monkeypatch.setattr(result_memo, "KEEP", 3)
    for day in ("19", "18", "17"):
        _analyze(sample_ws, capsys, "--until", f"2026-08-{day}T22:00:00+08:00")
    kept = list((sample_ws / ".curator").glob("result-*.cache"))
    assert len(kept) == 3  # three answers and three key tables made, the newest three kept


def test_another_window_or_topic_is_another_answer(
    sample_ws: Path, settled: None, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = _analyze(sample_ws, capsys)
    day = _analyze(
        sample_ws,
        capsys,
        "--since",
        "2026-08-19T18:00:00+08:00",
        "--until",
        "2026-08-20T00:00:00+08:00",
    )
    assert day["window"] != whole["window"]
    assert len(_kept(sample_ws)) == 2
    cfg = sample_ws / "curator.toml"
    cfg.write_text(cfg.read_text(encoding="utf-8").replace('editor = "tom"', 'editor = "ann"'))
    _analyze(sample_ws, capsys)
    assert len(_kept(sample_ws)) == 3  # curator.toml is an input too


def test_fresh_files_are_not_kept_and_no_cache_keeps_nothing(
    sample_ws: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _analyze(sample_ws, capsys)  # every file was written a moment ago: its stamp may still move
    assert _kept(sample_ws) == []
    _analyze(sample_ws, capsys, "--no-cache")
    assert _kept(sample_ws) == []


def test_a_damaged_or_foreign_answer_is_a_miss(
    sample_ws: Path, settled: None, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _analyze(sample_ws, capsys)
    kept, raw = _kept_json(sample_ws)
    kept.write_bytes(raw.replace(b'"topic"', b'"topiq"', 1))  # the document no longer its digest
    assert _analyze(sample_ws, capsys) == first
    kept.write_bytes(raw[: len(raw) // 2])  # cut short
    assert _analyze(sample_ws, capsys) == first
    kept.write_bytes(raw)
    os.chmod(kept, 0o666)  # others may write it: not trusted
    assert _analyze(sample_ws, capsys) == first
    assert kept.stat().st_mode & 0o077 == 0  # rewritten by us, private again


def test_a_tampered_document_is_never_printed_over_a_fresh_one(
    sample_ws: Path, settled: None, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _analyze(sample_ws, capsys)
    kept, raw = _kept_json(sample_ws)
    kept.write_bytes(raw[:-2])  # the document's closing brace and newline gone
    assert _analyze(sample_ws, capsys) == first


def test_decide_on_a_kept_answer_records_without_analysing(
    sample_ws: Path, settled: None, capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    doc = _analyze(sample_ws, capsys)
    inc = next(i for i in doc["increments"] if i["arxiv"] and i["suggested_sections"])
    _no_analysis(monkeypatch)
    capsys.readouterr()
    assert main(["decide", inc["arxiv"][0], "approve", str(sample_ws), "--json"]) == 0
    saved = json.loads(capsys.readouterr().out)
    assert saved["increment"] == inc["id"]
    assert saved["section"] == inc["suggested_sections"][0]["section"]
    assert saved["title"] == inc["title"]
    # a key the table does not name is looked for afresh, then refused; nothing recorded
    monkeypatch.undo()
    assert main(["decide", "2999.99999", "reject", str(sample_ws)]) == 2
    store = DecisionStore.open(sample_ws, "tom", readonly=True, session_lock=False)
    try:
        assert [e.get("key") for e in store.history()] == [saved["key"]]
    finally:
        store.close()


def test_every_alias_names_the_same_row_in_the_kept_table_as_in_the_analysis(
    sample_ws: Path, settled: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """What decide resolves on a kept answer is what it resolves on a full analysis."""
    from curator.service.deciding import _from_key_table
    from curator.triage import Triage

    analysis = Evening.at(sample_ws).analyze()
    _analyze(sample_ws, capsys)
    kept = _from_key_table(Evening.at(sample_ws), (None, None, None))
    assert kept is not None
    light, alias_of = kept
    full, fast = Triage(analysis, None), Triage(light, None, alias_of)
    keys = set(full.by_key) | set(full.shared)
    assert keys and keys == set(fast.by_key) | set(fast.shared)
    for key in sorted(keys):
        want = [(r.inc.id, r.title, r.section) for r in full.candidates(key)]
        assert [(r.inc.id, r.title, r.section) for r in fast.candidates(key)] == want, key


def test_the_summary_is_kept_apart_and_printed_the_same(
    sample_ws: Path, settled: None, capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    capsys.readouterr()
    assert main(["analyze", str(sample_ws)]) == 0
    summary = capsys.readouterr().out
    assert summary.strip() and not summary.lstrip().startswith("{")
    document = _analyze(sample_ws, capsys)  # the JSON answer is another one
    assert len(_kept(sample_ws)) == 2
    _no_analysis(monkeypatch)
    assert main(["analyze", str(sample_ws)]) == 0
    assert capsys.readouterr().out == summary
    assert _analyze(sample_ws, capsys) == document


def test_decide_looks_again_for_a_key_its_table_does_not_name(
    sample_ws: Path, settled: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """A key table that misses a key (a note edited into the window in place) is no refusal:
    the key is looked for in a fresh analysis."""
    from curator.service import answers

    doc = _analyze(sample_ws, capsys)
    inc = next(i for i in doc["increments"] if i["arxiv"])
    evening = Evening.at(sample_ws)
    where = answers.slot(evening, None, None, None, "window", scan=False)
    table = answers.key_table(evening, where)
    assert table is not None and any(r.id == inc["id"] for r in table.rows)
    table.rows = [r for r in table.rows if r.id != inc["id"]]
    assert where is not None
    assert result_memo.store_rows(sample_ws, f"{where.table}-keys", table)
    capsys.readouterr()
    assert main(["decide", inc["arxiv"][0], "reject", str(sample_ws), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["increment"] == inc["id"]


def test_a_note_added_or_a_doc_changed_outdates_the_key_table(
    sample_ws: Path, settled: None, capsys: pytest.CaptureFixture[str]
) -> None:
    from curator.service import answers

    _analyze(sample_ws, capsys)
    evening = Evening.at(sample_ws)
    where = answers.slot(evening, None, None, None, "window", scan=False)
    assert answers.key_table(evening, where) is not None
    (sample_ws / "inbox" / "zed").mkdir()
    assert answers.key_table(evening, where) is None  # the inbox folder moved
    _analyze(sample_ws, capsys)
    assert answers.key_table(evening, where) is not None
    doc = next((sample_ws / "organized" / "knowledge").glob("*.md"))
    with doc.open("a", encoding="utf-8") as fh:  # in place: no folder moves
        fh.write("\n")
    assert answers.key_table(evening, where) is None
