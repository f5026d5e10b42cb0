"""Issue 11, item 1 "Condensed key points": one list of the increment's points, not every
source's bullets pasted together.

The relay tests approve the expected increments through the CLI (``curator decide KEY
approve``), export the briefing and read each increment's 要点 the way the editor would.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import SAMPLE, SHARED, copy_workspace, need
from rapidfuzz import fuzz
from test_export import run

from curator.briefing_points import (
    DEFAULT_CAP,
    cap_arranged,
    condense,
    is_meta,
    merge_duplicates,
    normalise,
    numbers,
    strip_refs,
)
from curator.config import load_config

BARE_ID = re.compile(r"^(?:arxiv:\s*)?\d{4}\.\d{4,5}(?:v\d+)?\s*$|^https?://\S+$", re.IGNORECASE)


def key_points(text: str) -> dict[str, list[tuple[int, str]]]:
    """Each increment's key-point bullets (depth, text), code blocks skipped."""
    out: dict[str, list[tuple[int, str]]] = {}
    for block in text.split("\n### ")[1:]:
        lines = block.split("\n")
        start = next(
            (i for i, ln in enumerate(lines) if ln.startswith(("- 要点:", "- Key points:"))), None
        )
        if start is None:
            continue
        bullets: list[tuple[int, str]] = []
        fenced = False
        for ln in lines[start + 1 :]:
            if ln.startswith(("- ", "#")):
                break
            if ln.strip().startswith(("```", "~~~")):
                fenced = not fenced
                continue
            m = re.match(r"^( +)- (.*)$", ln)
            if m and not fenced:
                bullets.append((len(m.group(1)) // 2 - 1, m.group(2)))
        out[lines[0]] = bullets
    return out


def check_condensed(text: str, cap: int = DEFAULT_CAP) -> None:
    found = key_points(text)
    assert found, "no increment with key points"
    for head, bullets in found.items():
        assert len(bullets) <= cap, (head, bullets)  # none when the notes give none
        texts = [b for _d, b in bullets]
        for i, a in enumerate(texts):
            assert not BARE_ID.match(a), (head, a)
            assert not re.match(r"^(价值|value)\s*[:：]", a, re.IGNORECASE), (head, a)
            assert "→ 进 " not in a, (head, a)
            for b in texts[i + 1 :]:
                assert fuzz.token_set_ratio(normalise(a), normalise(b)) < 85, (head, a, b)


def approve_all(ws: Path, entries: list[dict]) -> None:
    for e in entries:
        r = run("decide", e["key"], "approve", str(ws), "--section", e["section"])
        assert r.returncode == 0, r.stderr


def window_ws(src: Path, dest: Path) -> tuple[Path, dict]:
    exp = json.loads((need(src) / "expected.json").read_text(encoding="utf-8"))
    ws = copy_workspace(src, dest)
    cfg = ws / "curator.toml"
    w = exp["window"]
    cfg.write_text(
        cfg.read_text(encoding="utf-8") + f'\nsince = "{w["start"]}"\nuntil = "{w["end"]}"\n',
        encoding="utf-8",
    )
    return ws, exp


# --------------------------------------------------------------------------- the relays


def test_sample_relay_key_points_are_condensed(tmp_path: Path) -> None:
    ws, exp = window_ws(SAMPLE, tmp_path / "ws")
    approve_all(ws, exp["new_increments"])
    r = run("export", str(ws), "--stdout")
    assert r.returncode == 0, r.stderr
    text = r.stdout
    check_condensed(text)
    assert len(key_points(text)) == len(exp["new_increments"])
    # the triage remarks and cross-references the notes carry are gone
    assert "价值:" not in text.split("## ")[0] + "".join(text.split("\n### ")[1:]).split("\n## ")[0]
    assert "跟增量 3 的关系" not in text
    assert "\n  - 2608.14333\n" not in text
    # one bullet for the throughput claim three sources make
    corun = next(b for h, b in key_points(text).items() if "2608.14376" in h)
    assert sum("15–324%" in t for _d, t in corun) == 1, corun
    # the briefing shrinks (the human's is 183 lines; the uncondensed one was 329)
    assert len(text.split("\n")) <= 300


def test_sample_relay_cap_is_configurable(tmp_path: Path) -> None:
    ws, exp = window_ws(SAMPLE, tmp_path / "ws")
    cfg = ws / "curator.toml"
    cfg.write_text("max_points = 4\n" + cfg.read_text(encoding="utf-8"), encoding="utf-8")
    assert load_config(ws).max_points == 4
    approve_all(ws, exp["new_increments"][:3])
    text = run("export", str(ws), "--stdout").stdout
    check_condensed(text, cap=4)
    assert max(len(b) for b in key_points(text).values()) == 4


def test_bad_cap_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "curator.toml").write_text('max_points = "many"\n', encoding="utf-8")
    cfg = load_config(tmp_path)
    assert cfg.max_points == DEFAULT_CAP and any("max_points" in p for p in cfg.problems)


@pytest.mark.parametrize("relay", ["relay-training", "relay-eval"])
def test_dev_relays_key_points_are_condensed(tmp_path: Path, relay: str) -> None:
    """Not tuned to the sample's wording: the same properties on the two dev relays."""
    ws, exp = window_ws(SHARED / "dev-relays" / relay, tmp_path / relay)
    approve_all(ws, exp["new_increments"])
    r = run("export", str(ws), "--stdout")
    assert r.returncode == 0, r.stderr
    check_condensed(r.stdout)
    r = run("export", str(ws), "--stdout", "--lang", "en")
    check_condensed(r.stdout)


# --------------------------------------------------------------------------- the rules


def test_normalise_and_numbers() -> None:
    assert normalise("ＣoRun：吞吐 +15%") == "corun 吞 吐 +15%"
    assert numbers("vLLM 3,500 tok/s, 150–200ms, 1.92×") == {"3500", "150", "200", "1.92"}


@pytest.mark.parametrize(
    "line",
    [
        "价值:高 → 进 engineering-e1prep",
        "价值:中高;跟条目4 是同一条线",
        "Value: high -> to briefing",
        "2608.14333",
        "arXiv:2608.11668v2(v2 是 8-19 更新的)",
        "https://example.org/post/1",
        "→ 进 weekly-digest",
        "year = {2026},",
        "### Details",
        "其他",
        "· https://github.com/volcengine/verl/releases/tag/v0.7.0",
    ],
)
def test_meta_lines(line: str) -> None:
    assert is_meta(line)
    assert condense([line, "吞吐 +15%"]) == ["吞吐 +15%"]


@pytest.mark.parametrize(
    "line",
    [
        "判断:生产配置细节,不是新引擎特性",
        "吞吐 1.92×,延迟 -48%(vs 2608.14333 的基线)",
        "先降 → 进一步再看 utilization",
        "value of the cache grows with reuse: 3× hit rate",
        "staleness = 1 by default, k=2 doubles the throughput",
    ],
)
def test_points_that_are_not_meta(line: str) -> None:
    assert not is_meta(line)
    assert strip_refs(line) == line


def test_references_to_a_notes_numbering() -> None:
    assert strip_refs("跟增量 3 的关系:写入侧策略,这篇是全栈研究") == ""
    assert strip_refs("see item 2 for the numbers") == ""
    assert strip_refs("备注:条件没披露;和 1335 笔记里那条是同一篇") == "备注:条件没披露"
    assert (
        strip_refs("benchmark conditions undisclosed; same post as item 4")
        == "benchmark conditions undisclosed"
    )
    assert strip_refs("增量 3 条都在这一节") == "增量 3 条都在这一节", "a count, not a reference"
    assert strip_refs("吞吐 +15% → 进 e1prep") == "吞吐 +15%"


def test_near_duplicates_merge_to_the_most_informative() -> None:
    pts = [
        "吞吐 +15–324%,输出 bit-identical",
        "模型:Qwen3-235B-A22B / DeepSeek-V3",
        "数字:吞吐提升 15–324%,输出 bit-identical(所有模型)",
        "评测模型:Qwen3-235B-A22B、DeepSeek-V3",
    ]
    # the wordier one of each pair, at the place of the first
    assert merge_duplicates(pts) == [pts[2], pts[3]]


def test_different_numbers_are_not_duplicates() -> None:
    pts = ["TTFT 150ms on A100", "TTFT 180ms on A100"]
    assert merge_duplicates(pts) == pts
    # a point whose numbers another states in full is said there
    assert merge_duplicates(
        ["A100 80GB,Llama 70B 实测", "A100 80GB,Llama 70B;vLLM 3,500 tok/s"]
    ) == ["A100 80GB,Llama 70B;vLLM 3,500 tok/s"]


def test_a_point_whose_every_clause_is_said_elsewhere() -> None:
    pts = [
        "构建速度:比 full 快 3.8–5.2×",
        "代码量 -75%:full 521 行 → 177 行",
        "构图比 full 快 3.8–5.2×;实现代码 521 → 177 行",
    ]
    assert merge_duplicates(pts) == pts[:2]


class _Block:  # stands for a table or code block: anything not a string
    pass


def test_cap_keeps_the_most_informative_in_order() -> None:
    pts = [f"point {c} without numbers" for c in "abcdef"] + [
        "throughput 3× on 8 GPUs",
        "latency -48%",
    ]
    kept = cap_arranged(pts, [0] * len(pts), 4)
    assert kept == [
        "point a without numbers",
        "point b without numbers",
        "throughput 3× on 8 GPUs",
        "latency -48%",
    ]
    assert cap_arranged(pts, [0] * len(pts), 0) == pts


def test_cap_keeps_blocks_with_their_caption_and_children_with_their_parent() -> None:
    block = _Block()
    arranged = ["a 1", "caption", block, "b 2 3", "c", "c child", "d 4 5 6"]
    levels = [0, 0, 0, 0, 1, 0]
    kept = cap_arranged(arranged, levels, 3)
    assert kept == ["caption", block, "b 2 3", "d 4 5 6"]
    kept = cap_arranged(arranged, levels, 5)
    assert block in kept and "caption" in kept
    assert ("c" in kept) == ("c child" in kept)
