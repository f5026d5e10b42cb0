"""Issue 11, items 3 and 4: caveats found wherever a note puts them, contradictions between
sources, risk levels, the drafted headline and the tier a note's hints suggest."""

from __future__ import annotations

import pytest

from curator.briefing_caveats import (
    contradictions,
    find,
    is_caveat,
    prose_lines,
    risk,
    without_caveats,
)
from curator.briefing_points import headline
from curator.tiers import ADJACENT, MAIN, default_tier


@pytest.mark.parametrize(
    "clause",
    [
        "有没有真实系统实验要看 PDF",  # verification needed (zh)
        "引用关系待查",
        "数字来自论文自身评测",  # self-reported
        "GitHub 开没开源没找到",  # missing artefact
        "README 写着 coming soon,目前是空仓库",
        "DeployBase 是工程垂直站,测试条件没写全",  # conditions
        "Stripe 73% 是 Lyceum 转引",  # second-hand
        "numbers are the authors' own",  # en
        "needs to be verified on the full benchmark",
        "cost is not discussed",
        "code not released yet",
        "only tested on a single GPU",
        "著者自身の評価なので要確認",  # ja
        "nur auf einem Datensatz getestet, zu prüfen",  # de
    ],
)
def test_caveat_like_clauses(clause: str) -> None:
    assert is_caveat(clause)


@pytest.mark.parametrize(
    "clause",
    [
        "问题:MoE 模型 KV cache 超过 HBM,单卡放不下",
        "吞吐提升 15–324%,输出 bit-identical",
        "形式化方法能给出最坏情况鲁棒性的保证",
        "the verifier is trained jointly with the policy",
        "代价:禁用 split-KV decode",
    ],
)
def test_facts_are_not_caveats(clause: str) -> None:
    assert not is_caveat(clause)


def test_find_gathers_labelled_then_found_without_labels_leads_or_numbering() -> None:
    labelled = ["GitHub 开没开源没找到;15–324% 的评测条件要看 PDF"]
    points = [
        "判断:A100 档位的实测;但 DeployBase 是工程垂直站,测试条件没写全",
        "备注:Stripe 73% 是 Lyceum 转引,原始出处没找到",
        "价值:中高;跟条目4 DASH 是同一条线,可能同组 → 需要看 PDF 确认",
        "数字:吞吐提升 15–324%",
    ]
    got = find(labelled, points, cap=0)
    assert got[:2] == ["GitHub 开没开源没找到", "15–324% 的评测条件要看 PDF"]
    assert "DeployBase 是工程垂直站,测试条件没写全" in got  # "但" and the label are gone
    assert "Stripe 73% 是 Lyceum 转引,原始出处没找到" in got  # "备注:" is gone
    assert any(c.startswith("可能同组") and "条目" not in c for c in got), (
        got
    )  # the note's numbering is cut
    assert not any("15–324%" in c and "吞吐" in c for c in got)
    assert len(find(labelled, points, cap=2)) == 2


def test_near_duplicate_caveats_merge() -> None:
    got = find(
        [],
        [
            "numbers are self-reported by the authors",
            "the numbers are self-reported by the authors.",
        ],
        cap=0,
    )
    assert len(got) == 1


def test_without_caveats_keeps_the_facts() -> None:
    points = [
        "判断:A100 档位的实测;但 DeployBase 是工程垂直站,测试条件没写全",
        "备注:Stripe 73% 是 Lyceum 转引,原始出处没找到",
        "TTFT:vLLM、TGI 都在 150–200ms",
    ]
    assert without_caveats(points) == ["判断:A100 档位的实测", "TTFT:vLLM、TGI 都在 150–200ms"]


def test_contradictions_need_two_sources_the_same_claim_and_other_numbers() -> None:
    a = ("inbox/a.md", ["vLLM 在 A100 上吞吐 3,500 tok/s,TTFT 150ms", "prefix caching 默认打开"])
    b = ("inbox/b.md", ["vLLM 在 A100 上吞吐 2,900 tok/s,TTFT 150ms"])
    c = ("inbox/c.md", ["SGLang 在 H100 上多轮对话吞吐高 29%"])
    found = contradictions([a, b, c])
    assert len(found) == 1 and {found[0].a_source, found[0].b_source} == {
        "inbox/a.md",
        "inbox/b.md",
    }
    assert contradictions([a, ("inbox/a.md", b[1])]) == []  # one source does not contradict itself
    assert contradictions([a, ("inbox/b.md", a[1])]) == []  # same numbers: agreement


def test_risk_levels() -> None:
    assert risk("数字来自论文自身评测") == "mid"
    assert risk("两个来源的数字不一致") == "high"
    assert risk("only a wording issue, minor") == "low"
    assert risk("anything", contradiction=True) == "high"


def test_prose_lines_skip_code_and_tables() -> None:
    text = "- 要看 PDF\n```bash\n# 待确认的命令\nrun --x\n```\n| a | 待核 |\n|---|---|\n### 待核\n- 没开源"
    assert prose_lines(text) == ["- 要看 PDF", "- 没开源"]


def test_headline_from_measured_numbers() -> None:
    points = [
        "问题:continuous batching 把不同长度请求混在一起",
        "解法:① prefill 隔离;② decode pad 到最大并发",
        "数字:吞吐提升 15–324%(所有模型均超过 2×),输出 bit-identical",
        "评测模型:Qwen3-235B-A22B、DeepSeek-V3、Hy3",
        "吞吐 +15–324%,所有模型超过 2×",
    ]
    got = headline(points, "CoRun")
    assert "15–324%" in got and got.count("15–324%") == 1, got  # one claim, said once
    assert "Qwen" not in got and "①" not in got  # names' digits are no measurements
    assert (
        headline(["Llama 4 Maverick:vs RelayOnly 吞吐 1.92×、E2E 延迟 -48%"], "DASH")
        == "vs RelayOnly 吞吐 1.92×、E2E 延迟 -48%"
    )
    assert (
        headline(["§1.13 The Silent Hyperparameter", "31 models at launch"], "x") == ""
    )  # no measurement
    assert headline(["speedup 2.1× on 8 GPUs"], "Fast 2.1× kernels") == ""  # the title says it


def test_tier_default_reads_the_hints() -> None:
    assert default_tier("🟡", []) == ADJACENT
    assert default_tier("🔴", ["邻接 A"]) == MAIN
    assert default_tier(None, ["邻接 A", "Adjacent 2"]) == ADJACENT
    assert default_tier(None, ["条目6"], ["和活文档的关系:可以挂在可复现性旁边做邻接"]) == ADJACENT
    assert default_tier(None, ["#1"], [], authors=1, paper=False) == ADJACENT
    assert default_tier(None, ["#1"], [], authors=1, paper=True) == MAIN
    assert default_tier(None, ["#1", "#3"], [], authors=2, paper=False) == MAIN
