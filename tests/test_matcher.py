"""Matcher rules, one pair each way: what must stay apart and what must still merge."""

from __future__ import annotations

import pytest

from curator.matcher import Cluster, _words_nested, cluster_items, normalized_title
from curator.models import Item


def _item(note: str, title: str, *, arxiv: str | None = None, url: str | None = None) -> Item:
    return Item(note=note, label=None, title=title, arxiv=[arxiv] if arxiv else [], urls=[url] if url else [],
                primary_arxiv=arxiv)


def _merged(a: Item, b: Item) -> bool:
    clusters: list[Cluster] = cluster_items([a, b], [], [])
    return len(clusters) == 1


# --- fuzzy title merges need nested Latin words ------------------------------------------------


@pytest.mark.parametrize(("ta", "tb"), [
    # separator-less news headlines that differ only in the subject's name (the benchmark's false merges)
    ("vLLM 进入 CNCF Incubating 后的第 8 次社区会议", "KServe 进入 CNCF Incubating 后的第 8 次社区会议"),
    ("Zhipu gpt-oss-120b API 迁到 L40S 集群并降价约 35%", "StepFun gpt-oss-120b API 迁到 L40S 集群并降价约 35%"),
    # a generic prefix before the separator is no shared name
    ("跟进:vLLM 进入 CNCF Incubating 社区会议", "跟进:KServe 进入 CNCF Incubating 社区会议"),
])
def test_name_swapped_headlines_stay_apart(ta: str, tb: str) -> None:
    assert not _merged(_item("inbox/a.md", ta), _item("inbox/b.md", tb))


@pytest.mark.parametrize(("ta", "tb"), [
    ("跟进:agent harness trace 隐私", "Agent harness 的 trace 隐私"),  # prefixed and reworded (sample relay)
    ("长上下文 vs RAG 的成本账", "长上下文 vs RAG 成本账"),
    ("Tiered KV cache offloading in SGLang", "Tiered KV cache offload in SGLang"),  # inflection only
    ("KServe 进入 CNCF Incubating 后的第 8 次社区会议", "KServe 进入 CNCF Incubating 后的第 8 次社区会议(转)"),
])
def test_reworded_duplicates_still_merge(ta: str, tb: str) -> None:
    assert _merged(_item("inbox/a.md", ta), _item("inbox/b.md", tb))


def test_words_nested_ignores_stop_words_and_joins() -> None:
    assert _words_nested(normalized_title("Prefix caching in SGLang"), normalized_title("SGLang prefix caching"))
    assert _words_nested(normalized_title("DeepSeek-V4-Pro 上 H20"), normalized_title("DeepSeek V4 Pro on H20"))
    assert not _words_nested(normalized_title("vLLM 社区会议"), normalized_title("llm-d 社区会议"))


def test_other_id_and_url_forms_still_merge() -> None:
    """The word rule only gates fuzzy title merges: same ID / same URL merge whatever the titles say."""
    assert _merged(_item("inbox/a.md", "DASH · MoE 的 HBM+Flash", arxiv="2501.01234"),
                   _item("inbox/b.md", "HBM+Flash tiering for MoE experts", arxiv="2501.01234"))
    assert _merged(_item("inbox/a.md", "SGLang prefix caching", url="https://www.lmsys.org/blog/2026-05-01-prefix"),
                   _item("inbox/b.md", "Prefix caching in SGLang (blog)", url="lmsys.org/blog/2026-05-01-prefix/"))
