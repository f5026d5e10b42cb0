"""Matcher rules, one pair each way: what must stay apart and what must still merge."""

from __future__ import annotations

import pytest

from curator.matcher import Cluster, _words_nested, cluster_items, normalized_title
from curator.models import Increment, Item
from curator.overlaps import find_overlaps


def _item(note: str, title: str, *, arxiv: str | None = None, url: str | None = None) -> Item:
    return Item(
        note=note,
        label=None,
        title=title,
        arxiv=[arxiv] if arxiv else [],
        urls=[url] if url else [],
        primary_arxiv=arxiv,
    )


def _merged(a: Item, b: Item) -> bool:
    clusters: list[Cluster] = cluster_items([a, b], [], [])
    return len(clusters) == 1


# --- fuzzy title merges need nested Latin words ------------------------------------------------


@pytest.mark.parametrize(
    ("ta", "tb"),
    [
        # separator-less news headlines that differ only in the subject's name (the benchmark's false merges)
        (
            "vLLM 进入 CNCF Incubating 后的第 8 次社区会议",
            "KServe 进入 CNCF Incubating 后的第 8 次社区会议",
        ),
        (
            "Zhipu gpt-oss-120b API 迁到 L40S 集群并降价约 35%",
            "StepFun gpt-oss-120b API 迁到 L40S 集群并降价约 35%",
        ),
        # a generic prefix before the separator is no shared name
        ("跟进:vLLM 进入 CNCF Incubating 社区会议", "跟进:KServe 进入 CNCF Incubating 社区会议"),
    ],
)
def test_name_swapped_headlines_stay_apart(ta: str, tb: str) -> None:
    assert not _merged(_item("inbox/a.md", ta), _item("inbox/b.md", tb))


@pytest.mark.parametrize(
    ("ta", "tb"),
    [
        (
            "跟进:agent harness trace 隐私",
            "Agent harness 的 trace 隐私",
        ),  # prefixed and reworded (sample relay)
        ("长上下文 vs RAG 的成本账", "长上下文 vs RAG 成本账"),
        (
            "Tiered KV cache offloading in SGLang",
            "Tiered KV cache offload in SGLang",
        ),  # inflection only
        (
            "KServe 进入 CNCF Incubating 后的第 8 次社区会议",
            "KServe 进入 CNCF Incubating 后的第 8 次社区会议(转)",
        ),
    ],
)
def test_reworded_duplicates_still_merge(ta: str, tb: str) -> None:
    assert _merged(_item("inbox/a.md", ta), _item("inbox/b.md", tb))


def test_words_nested_ignores_stop_words_and_joins() -> None:
    assert _words_nested(
        normalized_title("Prefix caching in SGLang"), normalized_title("SGLang prefix caching")
    )
    assert _words_nested(
        normalized_title("DeepSeek-V4-Pro 上 H20"), normalized_title("DeepSeek V4 Pro on H20")
    )
    assert not _words_nested(normalized_title("vLLM 社区会议"), normalized_title("llm-d 社区会议"))


def test_other_id_and_url_forms_still_merge() -> None:
    """The word rule only gates fuzzy title merges: same ID / same URL merge whatever the titles say."""
    assert _merged(
        _item("inbox/a.md", "DASH · MoE 的 HBM+Flash", arxiv="2501.01234"),
        _item("inbox/b.md", "HBM+Flash tiering for MoE experts", arxiv="2501.01234"),
    )
    assert _merged(
        _item(
            "inbox/a.md",
            "SGLang prefix caching",
            url="https://www.lmsys.org/blog/2026-05-01-prefix",
        ),
        _item(
            "inbox/b.md", "Prefix caching in SGLang (blog)", url="lmsys.org/blog/2026-05-01-prefix/"
        ),
    )


# --- find_overlaps -------------------------------------------------------------------------------


def _overlap_case() -> tuple[list[Increment], list[str], list[list[Item]]]:
    texts = [
        "DASH tiered HBM flash offload for MoE experts, expert cache in HBM, cold experts on flash",
        "HBF Sucks: HBM flash offload for MoE experts is bandwidth bound, flash tiering costs",
        "Speculative decoding with draft trees on long prompts",
        "RAG chunking heuristics for legal documents",
        "Prefill disaggregation across GPU pools",
        "Quantised KV cache for long context serving",
    ]
    ids = ["2501.00001", "2501.00002", "2501.00003", "2501.00004", "2501.00005", "2501.00006"]
    incs = [
        Increment(id=i, title=t.split(" ")[0], arxiv=[i]) for i, t in zip(ids, texts, strict=True)
    ]
    primaries = [[_item(f"inbox/n{k}.md", incs[k].title, arxiv=ids[k])] for k in range(len(ids))]
    primaries[1][0].mentions = ["2501.00001"]
    primaries[1][0].text = texts[1] + " (vs 2501.00001)"
    return incs, texts, primaries


def test_find_overlaps_flags_related_pair_with_reason() -> None:
    incs, texts, primaries = _overlap_case()
    find_overlaps(incs, texts, primaries)
    (o,) = incs[0].overlaps
    assert (o.id, o.score) == ("2501.00002", 0.867)  # cosine + 0.45 for the cross-mention
    # the link first, then the four shared terms with the heaviest tf-idf products (pinned across rewrites)
    assert o.reason == "n1.md(item) mentions 2501.00001; shared terms: flash, experts, hbm, moe"
    assert [x.id for x in incs[1].overlaps] == ["2501.00001"]
    assert not any(inc.overlaps for inc in incs[2:])


def test_find_overlaps_skips_distinct_pairs() -> None:
    incs, texts, primaries = _overlap_case()
    find_overlaps(incs, texts, primaries, distinct={frozenset(("2501.00001", "2501.00002"))})
    assert not any(inc.overlaps for inc in incs)


def _named_case(titles: list[str], texts: list[str]) -> list[Increment]:
    ids = [f"2501.0001{k}" for k in range(len(titles))]
    incs = [Increment(id=i, title=t, arxiv=[i]) for i, t in zip(ids, titles, strict=True)]
    primaries = [[_item(f"inbox/n{k}.md", t, arxiv=ids[k])] for k, t in enumerate(titles)]
    find_overlaps(incs, texts, primaries)
    return incs


def test_one_name_family_is_an_overlap_even_in_other_words() -> None:
    """Two papers named for the same coined name (a benchmark's successors) are related whatever
    their notes say about them; the same name twice is a collision and takes no such link."""
    incs = _named_case(
        [
            "DeskArena-Pro: 1,200 Harder Desktop Tasks",
            "DeskArena-Verified",
            "Speculative decoding trees",
            "RAG chunking for legal documents",
            "Prefill disaggregation across pools",
        ],
        [
            "1,200 longer desktop tasks, best agent 22%",
            "re-grades the checkers with state diffs, 1 in 8 wrong",
            "draft trees on long prompts",
            "chunking heuristics",
            "GPU pools",
        ],
    )
    (o,) = incs[0].overlaps
    assert o.id == "2501.00011" and o.reason.startswith("both named for DeskArena")
    twins = _named_case(
        [
            "PRISM: Probing Refusal in Sparse Models",
            "PRISM (the watermark one)",
            "Speculative decoding trees",
        ],
        ["refusal probes in sparse models", "watermarks for generated text", "draft trees"],
    )
    assert not any(o.reason.startswith("both named") for inc in twins for o in inc.overlaps)


def test_a_link_its_paper_card_gives_joins_the_paper() -> None:
    """A note that links only a paper's repo is a source of that paper when its card lists the repo."""
    paper = _item("inbox/a.md", "Plan-and-Verify", arxiv="2610.21876")
    repo = _item(
        "inbox/b.md",
        "검증기 기반 재계획 (PAV)",
        url="https://github.com/snu-agents/plan-and-verify",
    )
    (c,) = cluster_items(
        [paper, repo], [], [], {"github.com/snu-agents/plan-and-verify": "2610.21876"}
    )
    assert c.key == "2610.21876" and c.merge == "likely" and len(c.items) == 2
    assert len(cluster_items([paper, repo], [], [])) == 2  # without the card: two increments


def test_pairs_the_caller_knows_are_related_are_flagged_in_any_words() -> None:
    """Two papers one passage discusses together ("two answers, back to back") share no words."""
    incs = [
        Increment(id=f"2501.0002{k}", title=t, arxiv=[f"2501.0002{k}"])
        for k, t in enumerate(["StateSketch", "Forget-Me-Not", "RAG chunking", "Prefill pools"])
    ]
    primaries = [[_item(f"inbox/n{k}.md", inc.title, arxiv=inc.id)] for k, inc in enumerate(incs)]
    texts = [
        "learned summaries of agent state",
        "pruning stale trajectory steps",
        "chunk sizes",
        "gpu pools",
    ]
    find_overlaps(incs, texts, primaries)
    assert not incs[0].overlaps
    find_overlaps(incs, texts, primaries, related={(0, 1): "talk.md(#2.1) discusses both"})
    (o,) = incs[0].overlaps
    assert o.id == "2501.00021" and o.reason.startswith("talk.md(#2.1) discusses both")


def test_overlap_names_are_never_an_address() -> None:
    """An item titled by its URL has no name: "https" would otherwise name it in every note."""
    from curator.overlaps import _LINKS, title_core

    assert title_core(_LINKS.sub(" ", "https://arxiv.org/abs/2610.15502")).strip() in ("", "…")


def test_near_twin_titles_are_flagged_whatever_else_the_relay_holds() -> None:
    """Two papers whose titles share most words (names aside) are shown as an overlap even when
    every one of those words is common in the relay and each already has three stronger-looking
    pairs: the pair an editor would most likely mistake for one paper."""
    import random

    rng = random.Random(7)
    vocab = [
        "sparse",
        "attention",
        "decoding",
        "cache",
        "serving",
        "offload",
        "kernel",
        "batch",
        "prefill",
        "expert",
        "quantized",
        "routing",
        "memory",
        "latency",
        "scheduler",
        "tokens",
    ]
    titles = [f"Net{k}: " + " ".join(rng.sample(vocab, 6)) for k in range(120)]
    titles[10] = "FooKV: sparse attention decoding for long cache serving"
    titles[90] = "BarNet-2: sparse attention decoding for long cache batching"
    ids = [f"2601.{10000 + k}" for k in range(len(titles))]
    incs = [Increment(id=i, title=t, arxiv=[i]) for i, t in zip(ids, titles, strict=True)]
    texts = [t + " 3.4x faster p99 634 ms" for t in titles]  # a number every text shares
    primaries = [[_item(f"inbox/n{k}.md", t, arxiv=ids[k])] for k, t in enumerate(titles)]
    find_overlaps(incs, texts, primaries)
    twin = next(o for o in incs[10].overlaps if o.id == ids[90])
    assert twin.reason.startswith("near-twin titles")
    assert any(o.id == ids[10] for o in incs[90].overlaps)
    assert len(incs[10].overlaps) <= 5
