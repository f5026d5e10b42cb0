"""Every row of ../shared/bad-inputs/README.md: hostile files are reported per file, the rest loads."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import BAD, copy_workspace, need

from curator.analysis import analyze
from curator.models import Analysis

SINCE = "2026-08-20T00:00:00+08:00"
UNTIL = "2026-08-21T00:00:00+08:00"
EVE = "inbox/eve/"


@pytest.fixture(scope="module")
def bad_ws(tmp_path_factory: pytest.TempPathFactory) -> Path:
    ws = copy_workspace(need(BAD), tmp_path_factory.mktemp("bad") / "ws")
    eve = ws / "inbox" / "eve"
    # the shared copy holds these as plain files; make them the real hostile thing
    for name, target in [
        ("2026-08-20T1216-dangling-link.md", "2026-08-20T1299-does-not-exist.md"),
        ("loop-a.md", "loop-b.md"),
        ("loop-b.md", "loop-a.md"),
    ]:
        (eve / name).unlink()
        os.symlink(target, eve / name)
    return ws


@pytest.fixture(scope="module")
def bad(bad_ws: Path) -> Analysis:
    return analyze(bad_ws, since=SINCE, until=UNTIL)


def note(a: Analysis, suffix: str):
    found = [n for n in a.notes if n.path.endswith(suffix)]
    assert len(found) == 1, (suffix, [n.path for n in a.notes])
    return found[0]


def ids_of(n) -> set[str]:
    return {i for it in n.items for i in it.arxiv}


def errors_of(a: Analysis, suffix: str) -> list[str]:
    return [e.message for e in a.errors if e.path.endswith(suffix)]


def test_gbk_decoded_and_noted(bad):
    n = note(bad, "-gbk.md")
    assert "2608.14333" in ids_of(n)
    assert n.encoding == "gb18030"
    assert any("GB18030" in e for e in errors_of(bad, "-gbk.md"))


def test_utf16_and_bom(bad):
    assert "2608.14333" in ids_of(note(bad, "-utf16.md"))
    n = note(bad, "-bom.md")
    assert "\ufeff" not in n.text
    assert n.items and n.items[0].label == "增量1" and "DASH" in n.items[0].title


def test_binary_skipped_empty_listed(bad):
    n = note(bad, "-binary.md")
    assert not n.items and any("binary" in e for e in n.errors)
    n = note(bad, "-empty.md")
    assert not n.items and any("empty" in e for e in n.errors)


def test_markup_kept_literally(bad):
    n = note(bad, "-markup.md")
    titles = [it.title for it in n.items]
    assert any("[bold red]HACKED[/]" in t for t in titles), titles
    assert any("[reverse]fake selection[/reverse]" in t for t in titles)


def test_escapes_do_not_hide_the_id(bad):
    n = note(bad, "-escapes.md")
    assert "2608.14376" in ids_of(n)


def test_escapes_never_reach_the_terminal(bad_ws):
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "curator",
            "analyze",
            str(bad_ws),
            "--since",
            SINCE,
            "--until",
            UNTIL,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    bad_chars = [
        c
        for c in proc.stdout
        if (ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F or c in "\u202e\u200b"
    ]
    assert not bad_chars, bad_chars[:5]
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "curator",
            "analyze",
            str(bad_ws),
            "--since",
            SINCE,
            "--until",
            UNTIL,
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "\x1b" not in proc.stdout and json.loads(proc.stdout)


def test_deep_nesting_degrades_fast(bad_ws):
    from curator.workspace import load_note, load_workspace_config

    cfg = load_workspace_config(bad_ws)
    start = time.perf_counter()
    ln = load_note(bad_ws / EVE / "2026-08-20T1207-deep.md", bad_ws, cfg)
    assert time.perf_counter() - start < 5  # generous: the point is no hang and no RecursionError
    assert "deep" in ln.note.text


def test_many_headings_all_items(bad):
    n = note(bad, "-many-headings.md")
    assert len(n.items) == 3000
    assert len(ids_of(n)) == 3000


def test_truncated_utf8(bad):
    n = note(bad, "-truncated-utf8.md")
    assert "2608.14333" in ids_of(n)
    assert any("truncated" in e or "damaged" in e or "replaced" in e for e in n.errors)


def test_mixed_newlines(bad):
    n = note(bad, "-mixed-newlines.md")
    assert "2608.11668" in ids_of(n)
    assert "\r" not in n.text


def test_names_without_or_with_impossible_dates(bad):
    n = note(bad, "not-a-date-name.md")
    assert n.time is not None and n.time_source == "mtime"
    n = note(bad, "2026-13-45T9999-bad-date.md")
    assert n.time_source == "mtime" and n.time is not None
    assert any("impossible date" in e for e in errors_of(bad, "bad-date.md"))


def test_swap_and_backup_files_ignored(bad):
    paths = [n.path for n in bad.notes]
    assert not any(p.endswith((".swp", "~")) for p in paths)
    assert not any(e.path.endswith((".swp", "~")) for e in bad.errors)


def test_arxiv_edges(bad):
    n = note(bad, "-arxiv-edges.md")
    # a list entry naming several forms is a mention of each (not one item): every ID counts, wherever it is
    found = {i for it in n.items for i in it.arxiv} | set(n.ids)
    assert {
        "2608.14376",
        "hep-th/9901001",
        "math.GT/0309136",
        "0704.0001",
        "1501.00001",
        "2608.14333",
        "2608.11668",
    } <= found
    for invalid in ("2613.01234", "2608.1234", "99999.12345", "12608.143761", "2608.14376v12"):
        assert invalid not in found
    all_ids = {i for inc in bad.increments for i in inc.arxiv}
    assert not {"2613.01234", "9999.12345", "2608.14376v12"} & all_ids


def test_no_items_note(bad):
    n = note(bad, "-no-items.md")
    assert n.items == [] and n.errors == []


def test_html(bad):
    n = note(bad, "-html.md")
    assert "2608.99999" not in {i for inc in bad.increments for i in inc.arxiv}
    assert any(it.label == "增量1" and "2608.14376" in it.arxiv for it in n.items)


def test_symlinks_reported_once_and_skipped(bad):
    for name in ("-dangling-link.md", "loop-a.md", "loop-b.md"):
        msgs = errors_of(bad, name)
        assert len(msgs) == 1, (name, msgs)
        assert "symlink" in msgs[0] or "link" in msgs[0]
        assert not note(bad, name).items


def test_directory_named_like_a_note_skipped(bad):
    assert not [n for n in bad.notes if n.path.endswith("-a-directory.md")]


def test_living_doc_tree(bad):
    doc = bad.living_doc
    dup = [s for s in doc.sections if s.number == "§1.3"]
    assert len(dup) == 2 and dup[0].line != dup[1].line
    assert any(s.number == "§1.6" for s in doc.sections)
    titles = [s.title for s in doc.sections]
    assert not any("inside an HTML comment" in t or "inside a code block" in t for t in titles)
    anchored = {a.key for s in doc.sections for a in s.anchors}
    assert "2608.14376" not in anchored
    setext = next(s for s in doc.sections if "Setext" in s.title)
    assert "2511.01815" in {a.key for a in setext.anchors}
    assert any("[bold]markup in a heading[/]" in t for t in titles)


def test_cards(bad):
    cards = {c.path: c for c in bad.cards}
    assert cards["paper_cards/1029-2608-13558.md"].empty
    garbage = cards["paper_cards/1031-2608-14333.md"]
    assert garbage.arxiv == "2608.14333" and garbage.errors
    assert "paper_cards/not-a-card.txt" not in cards
    assert errors_of(bad, "1032-9999-99999.md"), "invalid ID in a card name must be reported"


def test_everything_else_still_loads(bad):
    good = [n for n in bad.notes if n.items]
    assert len(good) >= 10


def test_generated_huge_note_and_vanishing_file(tmp_path, monkeypatch):
    ws = copy_workspace(need(BAD), tmp_path / "ws")
    big = ws / "inbox" / "eve" / "2026-08-20T1300-huge.md"
    block = "## 增量1 Huge\n- arXiv: 2608.14376\n" + ("filler text line\n" * 1000)
    with open(big, "w", encoding="utf-8") as fh:
        while fh.tell() < 20 * 1024 * 1024:
            fh.write(block)
    from curator import workspace

    real = workspace.list_note_paths

    def with_ghost(lay):
        paths, problems = real(lay)
        return [*paths, lay.inbox / "eve" / "2026-08-20T1301-vanished.md"], problems

    monkeypatch.setattr(workspace, "list_note_paths", with_ghost)
    import curator.reading as reading_mod

    monkeypatch.setattr(reading_mod, "list_note_paths", with_ghost)
    a = analyze(ws, since=SINCE, until=UNTIL)
    huge = note(a, "-huge.md")
    assert "2608.14376" in ids_of(huge)
    assert any("MB" in e for e in huge.errors)
    assert any("vanished" in e for e in errors_of(a, "-vanished.md"))


def test_read_only_workspace(tmp_path):
    ws = copy_workspace(need(BAD), tmp_path / "ws")
    for p in [ws, *ws.rglob("*")]:
        if not p.is_symlink():
            p.chmod(0o555 if p.is_dir() else 0o444)
    try:
        a = analyze(ws, since=SINCE, until=UNTIL)
        assert a.increments
    finally:
        for p in [ws, *ws.rglob("*")]:
            if not p.is_symlink():
                p.chmod(0o755 if p.is_dir() else 0o644)


def test_huge_living_doc(tmp_path):
    ws = copy_workspace(need(BAD), tmp_path / "ws")
    lines = ["# big doc", ""]
    for i in range(5000):
        lines.append(f"### §{1 + i // 100}.{i % 100 + 1} section {i}")
        lines.extend(
            f"- **Sys{i}-{j}**(arXiv:{2500 + i % 12 + 1:04d}.{10000 + i * 7 + j:05d}, 8-1{j % 10} 锚入): text"
            for j in range(3)
        )
        lines.extend(["plain body line"] * 36)
    (ws / "organized" / "knowledge" / "inference.md").write_text("\n".join(lines), encoding="utf-8")
    start = time.perf_counter()
    a = analyze(ws, since=SINCE, until=UNTIL)
    elapsed = time.perf_counter() - start
    assert len(a.living_doc.sections) >= 5000
    print(f"200k-line doc analysed in {elapsed:.1f}s")
