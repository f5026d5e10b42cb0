"""Issue 5: the briefing (curator.briefing) and ``curator export`` (curator.export).

The acceptance test replays the editor's 7 decisions from expected.json with the
CLI and reads the written briefing back; the golden files pin the exact layout
(regenerate with ``CURATOR_UPDATE_GOLDEN=1 pytest tests/core/test_export.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import BAD, SINCE, UNTIL, copy_workspace, need

from curator.analysis import analyze
from curator.arxiv import normalize_id
from curator.briefing import default_output_path, load_template, render_briefing
from curator.cli.export import EXIT_CLIPBOARD
from curator.cli.export import run as cmd_export
from curator.config import load_config
from curator.export import ExportExists, ExportRefused, copy_to_clipboard, write_briefing
from curator.models import Analysis, LivingDoc, Window
from curator.store import DecisionStore
from curator.triage import Triage
from curator.urls import find_urls, normalize_url

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
DEFAULT_REL = "inbox/tom/2026-08-20-inference-e1prep.md"
ID_RE = re.compile(r"^\d{4}\.\d{4,5}(?:v\d+)?$")


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "curator", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )


def export_args(ws: Path, **kw: object) -> argparse.Namespace:
    base = dict(
        workspace=str(ws),
        topic=None,
        since=None,
        until=None,
        out=None,
        force=False,
        clipboard=False,
        lang=None,
        stdout=False,
    )
    base.update(kw)
    return argparse.Namespace(**base)


def decide(ws: Path, decisions: list[tuple[str, str, dict]]) -> None:
    """Record decisions in-process (fast); keys are resolved like the CLI does."""
    analysis = analyze(ws)
    store = DecisionStore.open(ws, "tom", session_lock=False)
    try:
        triage = Triage(analysis, store)
        for query, action, kw in decisions:
            row = triage.resolve(query)
            assert row is not None, query
            store.decide(triage.decision_key(row), action, **kw)
    finally:
        store.close()


def render(ws: Path, **kw: object) -> str:
    analysis = analyze(ws)
    store = DecisionStore.open(ws, "tom", readonly=True, session_lock=False)
    try:
        return render_briefing(Triage(analysis, store), editor="tom", **kw)
    finally:
        store.close()


# --------------------------------------------------------------------------- parsing helpers


def blocks(text: str) -> list[str]:
    """One string per increment (from its ### heading to the next heading)."""
    out: list[str] = []
    cur: list[str] | None = None
    for line in text.split("\n"):
        if line.startswith("#"):
            if cur is not None:
                out.append("\n".join(cur))
            cur = [line] if line.startswith("### ") else None
        elif cur is not None:
            cur.append(line)
    if cur is not None:
        out.append("\n".join(cur))
    return out


def block_for(text: str, key: str) -> str:
    nid = normalize_id(key)
    found = []
    for b in blocks(text):
        if nid:
            if f"arXiv:{nid[0]}" in b.split("\n")[0] or f"https://arxiv.org/abs/{nid[0]}" in b:
                found.append(b)
        else:
            urls = {normalize_url(u) for u, _s, _e in find_urls(b)}
            if normalize_url(key) in urls:
                found.append(b)
    assert len(found) == 1, f"{key}: {len(found)} blocks"
    return found[0]


def field_line(block: str, name: str) -> str:
    for line in block.split("\n"):
        if line.startswith(f"- {name}:"):
            return line
    raise AssertionError(f"no {name} line in\n{block}")


def table_after(text: str, start_marker: str, end_marker: str) -> list[list[str]]:
    part = text.split(start_marker, 1)[1].split(end_marker, 1)[0]
    rows = []
    for line in part.split("\n"):
        if line.startswith("| ") and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if ID_RE.match(cells[0]):
                rows.append(cells)
    return rows


# --------------------------------------------------------------------------- acceptance


def test_acceptance_seven_increments_via_cli(sample_ws: Path, expected: dict) -> None:
    for exp in expected["new_increments"]:
        r = run("decide", exp["key"], "approve", str(sample_ws), "--section", exp["section"])
        assert r.returncode == 0, r.stderr
    r = run("export", str(sample_ws))
    assert r.returncode == 0, r.stderr
    path = sample_ws / DEFAULT_REL
    assert f"wrote {path} (7 increments)" in r.stdout
    text = path.read_text(encoding="utf-8")

    assert text.split("\n", 1)[0] == "inference · E1 预消化简报(2026-08-20)"
    assert (
        f"<!-- curator:briefing topic=inference since={SINCE} until={UNTIL} editor=tom -->" in text
    )
    for exp in expected["new_increments"]:
        b = block_for(text, exp["key"])
        assert exp["section"] in b.split("\n")[0], b.split("\n")[0]
        assert field_line(b, "建议归入节").startswith(f"- 建议归入节: {exp['section']}")
        sources = field_line(b, "来源")
        for src in exp["sources"]:
            m = re.search(re.escape(src) + r"\(([^)]+)\)", sources)
            assert m, f"{exp['key']}: {src} (with its label) missing from {sources}"

    new = table_after(text, "🆕", "🔄")
    assert {normalize_id(c[0])[0] for c in new} == {
        "2608.14376",
        "2608.14333",
        "2608.11668",
        "2605.01280",
    }
    assert any(c[0] == "2608.11668v2" for c in new), "the version seen is kept"
    carried = {normalize_id(c[0])[0]: c for c in table_after(text, "🔄", "## 四")}
    for exp in expected["anchored"]:
        assert exp["key"] in carried, exp["key"]
        assert carried[exp["key"]][2].startswith(exp["section"]), (exp["key"], carried[exp["key"]])
    assert not set(carried) & {normalize_id(c[0])[0] for c in new}

    # the same window analysed again does not take this briefing for a note or an earlier briefing
    r = run("analyze", str(sample_ws), "--json")
    data = json.loads(r.stdout)
    new_now = [i for i in data["increments"] if i["status"] == "new"]
    assert len(new_now) == len(expected["new_increments"])


def test_sections_checked_and_quiet_areas(sample_ws: Path, expected: dict) -> None:
    decide(sample_ws, [("2608.14376", "approve", {"section": "§1.3"})])
    text = render(sample_ws)
    part = text.split("## 四", 1)[1].split("## 五", 1)[0]
    for path in expected["in_window_notes"] + expected["in_window_paper_cards"]:
        assert f"- {path} → " in part, path
    for path in expected["empty_files"]:
        assert f"- {path} → 空文件/缺失" in part
    assert "- organized/knowledge/inference.md → 2026-08-20 版活文档基线" in part
    assert "- inbox/tom/2026-08-20-rag-e1prep.md → 无 inference 直接新增" in part
    assert re.search(
        r"- inbox/spark/2026-08-20-llm-infra-e1prep\.md → 增量 1「[^」]+」\(本文 增量2\)", part
    )
    quiet = text.split("## 五", 1)[1].split("## 六", 1)[0]
    line = next(x for x in quiet.split("\n") if x.startswith("- §1.13 推理引擎可复现性 —— "))
    assert "The Silent Hyperparameter(2605.19537, 8-19)" in line and line.endswith(";本棒无新增量")
    assert "CoRun" not in quiet


def test_caveats_table_and_relation(sample_ws: Path) -> None:
    decide(
        sample_ws,
        [
            ("2608.14333", "approve", {"section": "§1.3", "priority": "🔴"}),
            ("2608.11668", "approve", {"section": "§1.3"}),
            ("2608.14376", "approve", {"section": "§1.3"}),
        ],
    )
    store = DecisionStore.open(sample_ws, "tom", session_lock=False)
    try:
        store.edit(
            "2608.14376",
            caveats=["评测条件要看 PDF", "GitHub 未开源;方向已确认"],
            note="- 我的关系说明\n第二行",
        )
    finally:
        store.close()
    text = render(sample_ws)
    dash = block_for(text, "2608.14333")
    assert "增量 1【KV Cache 管理 · §1.3】🔴 DASH" in dash.split("\n")[0]
    assert "与本棒 增量 " in dash and "HBF Sucks 可能重叠" in dash
    corun = block_for(text, "2608.14376")
    assert "- 与活文档现有脉络的关系:\n  - 我的关系说明\n  - 第二行\n- 建议归入节: §1.3" in corun
    table = text.split("## 二", 1)[1].split("## 三", 1)[0]
    assert re.search(r"\| \d+ \| CoRun —— 评测条件要看 PDF \| arXiv:2608\.14376 \| 🟡 中 \|", table)
    assert re.search(
        r"\| \d+ \| CoRun —— GitHub 未开源;方向已确认 \| arXiv:2608\.14376 \| 🟢 低", table
    )


def test_priority_order_and_adjacent(sample_ws: Path) -> None:
    decide(
        sample_ws,
        [
            ("2605.01280", "approve", {"section": "§1.13", "priority": "🟡"}),
            (
                "https://www.lmsys.org/blog/2026-08-17-advanced-cuda-graph",
                "approve",
                {"section": "§1.1", "priority": "🟠"},
            ),
            ("2608.14376", "approve", {"section": "§1.3", "priority": "🔴"}),
        ],
    )
    heads = [b.split("\n")[0] for b in blocks(render(sample_ws))]
    assert heads[0].startswith("### 增量 1【KV Cache 管理 · §1.3】🔴 CoRun")
    assert heads[1].startswith("### 增量 2【推理引擎与生产基准 · §1.1】🟠")
    assert heads[2].startswith("### 邻接 A【推理引擎可复现性 · §1.13】🟡")
    en = [b.split("\n")[0] for b in blocks(render(sample_ws, lang="en"))]
    assert en[2].startswith("### Increment A (adjacent)【")


# --------------------------------------------------------------------------- writing safely


def test_no_clobber_then_force(sample_ws: Path) -> None:
    target = sample_ws / DEFAULT_REL
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("the editor's own briefing\n", encoding="utf-8")
    before = target.stat()
    r = run("export", str(sample_ws))
    assert r.returncode == 3
    assert (
        r.stderr.strip()
        == f"curator: {target} exists; use --force to overwrite or --out to choose another file"
    )
    assert target.read_text(encoding="utf-8") == "the editor's own briefing\n"
    assert target.stat().st_mtime_ns == before.st_mtime_ns

    r = run("export", str(sample_ws), "--force")
    assert r.returncode == 0, r.stderr
    assert target.read_text(encoding="utf-8").startswith("inference · E1 预消化简报(2026-08-20)\n")
    assert not list(target.parent.glob("*.tmp"))


def test_out_and_stdout(sample_ws: Path) -> None:
    r = run("export", str(sample_ws), "--out", "drafts/b.md", "--lang", "en")
    assert r.returncode == 0, r.stderr
    text = (sample_ws / "drafts/b.md").read_text(encoding="utf-8")
    assert text.startswith("inference · E1 briefing (2026-08-20)\n")
    r = run("export", str(sample_ws), "--stdout")
    assert r.returncode == 0
    assert r.stdout.startswith("inference · E1 预消化简报(2026-08-20)\n")
    assert not (sample_ws / DEFAULT_REL).exists()


def test_nothing_approved_still_writes_a_valid_briefing(sample_ws: Path) -> None:
    r = run("export", str(sample_ws))
    assert r.returncode == 0
    assert "(0 increments)" in r.stdout
    assert "nothing is approved" in r.stderr
    text = (sample_ws / DEFAULT_REL).read_text(encoding="utf-8")
    assert "增量条数: 0 条" in text and "## 一、最重要的 0 条增量" in text
    assert "<!-- curator:briefing topic=inference" in text


def test_failed_replace_keeps_the_old_file(
    sample_ws: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    target = sample_ws / DEFAULT_REL
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("old\n", encoding="utf-8")

    def boom(*_a: object, **_k: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    assert cmd_export(export_args(sample_ws, force=True)) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == "old\n"
    assert not [p for p in target.parent.iterdir() if p.name.endswith(".tmp")]


def test_failed_new_write_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*_a: object, **_k: object) -> None:
        raise OSError(5, "I/O error")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError):
        write_briefing(tmp_path, "inbox/tom/x.md", "text")
    assert list((tmp_path / "inbox/tom").iterdir()) == []


def test_write_briefing_refuses_and_creates(tmp_path: Path) -> None:
    p = write_briefing(tmp_path, "inbox/tom/x.md", "one\n")
    assert p == tmp_path / "inbox/tom/x.md" and p.read_text(encoding="utf-8") == "one\n"
    with pytest.raises(ExportExists) as err:
        write_briefing(tmp_path, "inbox/tom/x.md", "two\n")
    assert err.value.path == p and p.read_text(encoding="utf-8") == "one\n"
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    for force in (
        False,
        True,
    ):  # a link is never written through nor replaced (test_export_paths.py)
        with pytest.raises(ExportRefused):
            write_briefing(tmp_path, str(tmp_path / "dangling"), "x", force=force)
    assert (tmp_path / "dangling").is_symlink() and not (tmp_path / "nowhere").exists()
    assert (
        write_briefing(tmp_path, "inbox/tom/x.md", "two\n", force=True).read_text(encoding="utf-8")
        == "two\n"
    )


# --------------------------------------------------------------------------- clipboard


def test_clipboard_fallback(sample_ws: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    import pyperclip

    def fail(_text: str) -> None:
        raise pyperclip.PyperclipException(
            "Pyperclip could not find a copy/paste mechanism for your system.\nmore"
        )

    monkeypatch.setattr(pyperclip, "copy", fail)
    assert (
        cmd_export(export_args(sample_ws, clipboard=True)) == EXIT_CLIPBOARD
    )  # a script must know
    out = capsys.readouterr()
    path = sample_ws / DEFAULT_REL
    assert path.is_file()  # the file part was still done
    lines = [ln for ln in out.err.splitlines() if "clipboard" in ln]
    assert len(lines) == 1 and "clipboard unavailable" in lines[0] and str(path) in lines[0]
    assert "clipboard unavailable" not in out.out
    # --stdout too: the briefing is printed, the failure is on stderr and in the exit code
    assert cmd_export(export_args(sample_ws, clipboard=True, stdout=True)) == EXIT_CLIPBOARD
    out = capsys.readouterr()
    assert out.out == path.read_text(encoding="utf-8")
    assert [ln for ln in out.err.splitlines() if "clipboard" in ln] == [
        lines[0].split("; the briefing")[0]
    ]


def test_failed_clipboard_exits_non_zero_from_the_command(
    sample_ws: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    import pyperclip

    from curator import cli

    def fail(_text: str) -> None:
        raise pyperclip.PyperclipException("no copy/paste mechanism")

    monkeypatch.setattr(pyperclip, "copy", fail)
    assert cli.main(["export", str(sample_ws), "--clipboard"]) == 6
    assert "clipboard unavailable (no copy/paste mechanism)" in capsys.readouterr().err
    assert (sample_ws / DEFAULT_REL).is_file()


def test_clipboard_copies_the_file_text(sample_ws: Path, capsys) -> None:
    import pyperclip

    assert cmd_export(export_args(sample_ws, clipboard=True)) == 0
    assert "copied the briefing to the clipboard" in capsys.readouterr().out
    assert pyperclip.paste() == (sample_ws / DEFAULT_REL).read_text(encoding="utf-8")


@pytest.mark.parametrize("exc", [RuntimeError("no display"), OSError(2, "xclip"), Exception()])
def test_copy_to_clipboard_never_raises(monkeypatch: pytest.MonkeyPatch, exc: Exception) -> None:
    import pyperclip

    def fail(_text: str) -> None:
        raise exc

    monkeypatch.setattr(pyperclip, "copy", fail)
    ok, message = copy_to_clipboard("x")
    assert not ok and message.startswith("clipboard unavailable") and "\n" not in message


# --------------------------------------------------------------------------- round trip


def test_round_trip_next_window_sees_it_reported(sample_ws: Path) -> None:
    decide(
        sample_ws,
        [
            ("2608.14376", "approve", {"section": "§1.3"}),
            (
                "https://www.lmsys.org/blog/2026-08-17-advanced-cuda-graph",
                "approve",
                {"section": "§1.1"},
            ),
        ],
    )
    r = run("export", str(sample_ws))
    assert r.returncode == 0, r.stderr
    note = sample_ws / "inbox/jay/2026-08-21T1000-jay-followup.md"
    note.write_text(
        "# jay 8-21\n\n## 增量1 CoRun 后续\n- arXiv: 2608.14376\n- 要点: GitHub 已开源\n\n"
        "## 增量2 SGLang CUDA Graph 复测\n- 链接: https://www.lmsys.org/blog/2026-08-17-advanced-cuda-graph\n"
        "- 要点: breakable 复测\n",
        encoding="utf-8",
    )
    r = run(
        "analyze",
        str(sample_ws),
        "--since",
        "2026-08-20T22:20:00+08:00",
        "--until",
        "2026-08-21T22:20:00+08:00",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    incs = json.loads(r.stdout)["increments"]
    corun = [i for i in incs if "2608.14376" in i["arxiv"]]
    blog = [i for i in incs if i["id"] == "lmsys.org/blog/2026-08-17-advanced-cuda-graph"]
    for found in (corun, blog):
        assert len(found) == 1
        assert found[0]["status"] == "reported", found[0]
        assert any(DEFAULT_REL in x for x in found[0]["reported_in"])


# --------------------------------------------------------------------------- golden files

GOLDEN_SUMMARY = {
    "zh": "本棒固定总结:CoRun 与 DASH 进 §1.3;SGLang 博客本棒不收。",
    "en": "Fixed summary: CoRun and DASH go to §1.3; the SGLang blog is left out.",
}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_golden(sample_ws: Path, lang: str) -> None:
    decide(
        sample_ws,
        [
            ("2608.14376", "approve", {"section": "§1.3", "priority": "🔴"}),
            ("2608.14333", "approve", {"section": "§1.3"}),
            ("https://www.lmsys.org/blog/2026-08-17-advanced-cuda-graph", "reject", {}),
        ],
    )
    text = render(sample_ws, lang=lang, summary=GOLDEN_SUMMARY[lang])
    golden = GOLDEN / f"briefing_{lang}.md"
    if os.environ.get("CURATOR_UPDATE_GOLDEN") == "1":
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert golden.is_file(), f"missing {golden}; run with CURATOR_UPDATE_GOLDEN=1"
    assert text == golden.read_text(encoding="utf-8"), (
        f"{golden.name} differs; if the change is intended, regenerate with CURATOR_UPDATE_GOLDEN=1"
    )


def test_drafted_summary(sample_ws: Path) -> None:
    decide(
        sample_ws,
        [
            ("2608.14376", "approve", {"section": "§1.3", "priority": "🔴"}),
            ("2605.01280", "approve", {"section": "§1.13", "priority": "🟡"}),
        ],
    )
    text = render(sample_ws)
    summary = text.split("## 六", 1)[1]
    assert "2 条增量(主线 1 条 · 邻接 1 条)" in summary
    assert "最重要:CoRun(§1.3)" in summary
    assert "- §1.3 KV Cache 管理 ← 增量 1 CoRun" in summary
    assert "- §1.13 推理引擎可复现性 ← 邻接 A" in summary
    assert "本棒固定" not in summary
    assert (
        render(sample_ws, summary="  自己写的  ")
        .split("## 六", 1)[1]
        .split("\n", 1)[1]
        .split("\n\n")[0]
        == "自己写的"
    )


# --------------------------------------------------------------------------- templates and paths


def test_workspace_template_override(sample_ws: Path) -> None:
    (sample_ws / "tpl").mkdir()
    (sample_ws / "tpl/mine_zh.md").write_text(
        "$title\nTOPIC=$topic COUNT=$count $$5 $unknown\n$summary\n", encoding="utf-8"
    )
    cfg = sample_ws / "curator.toml"
    cfg.write_text(
        cfg.read_text(encoding="utf-8") + 'template = "tpl/mine_{lang}.md"\n', encoding="utf-8"
    )
    r = run("export", str(sample_ws), "--stdout")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.split("\n")
    assert lines[0] == "inference · E1 预消化简报(2026-08-20)"
    assert lines[1].startswith("<!-- curator:briefing topic=inference "), (
        "marker added when the template lacks it"
    )
    assert lines[2] == "TOPIC=inference COUNT=0 $5 $unknown"
    assert render(sample_ws).split("\n")[2] == "TOPIC=inference COUNT=0 $5 $unknown", (
        "the UI path honours it too"
    )
    r = run("export", str(sample_ws), "--stdout", "--lang", "en")
    assert (
        r.returncode == 2 and "briefing template not found" in r.stderr and "mine_en.md" in r.stderr
    )


def test_builtin_template_when_unset(sample_ws: Path) -> None:
    cfg = load_config(sample_ws)
    assert "$increments" in load_template(cfg, "zh") and "## 1. The $count" in load_template(
        cfg, "en"
    )


def test_default_output_path_uses_the_window_offset() -> None:
    utc = UTC
    a = Analysis(
        topic="inference",
        window=Window(
            datetime(2026, 8, 20, 0, 0, tzinfo=utc), datetime(2026, 8, 20, 23, 30, tzinfo=utc)
        ),
        living_doc=LivingDoc(path="organized/knowledge/inference.md", topic="inference"),
    )
    assert default_output_path(a, "tom") == "inbox/tom/2026-08-20-inference-e1prep.md"
    assert default_output_path(a, "a b/c") == "inbox/a-b-c/2026-08-20-inference-e1prep.md"


# --------------------------------------------------------------------------- untrusted text


def test_untrusted_note_text_is_literal_and_inert(tmp_path: Path) -> None:
    ws = copy_workspace(need(BAD), tmp_path / "bad")
    cfg = ws / "curator.toml"
    cfg.write_text(
        cfg.read_text(encoding="utf-8")
        + '\nsince = "2026-08-20T00:00:00+08:00"\nuntil = "2026-08-21T00:00:00+08:00"\n',
        encoding="utf-8",
    )
    store = DecisionStore.open(ws, "tom", session_lock=False)
    try:
        store.decide("2608.14376", "approve", section="§1.3")
    finally:
        store.close()
    r = run("export", str(ws))
    assert r.returncode == 0, r.stderr
    text = (ws / "inbox/tom/2026-08-21-inference-e1prep.md").read_bytes().decode("utf-8")
    assert "[bold red]HACKED[/]" in text
    assert "[@click=app.quit]click me[/]" in text
    assert "[link=file:///etc/passwd]open[/link]" in text
    assert "inbox/eve/2026-08-20T1206-escapes.md" in text
    bad = [
        c
        for c in text
        if (ord(c) < 32 and c not in "\n\t")
        or 0x7F <= ord(c) <= 0x9F
        or c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b\u200c\u200d\ufeff"
    ]
    assert not bad, sorted({hex(ord(c)) for c in bad})
