"""Living-doc parsing: headings as CommonMark sees them, anchors where the editor put them."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from conftest import BAD, REAL, SAMPLE, SHARED, copy_workspace, need
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from curator.living_doc import (
    find_section,
    load_living_doc,
    parse_living_doc,
    section_for_line,
    section_roles,
)
from curator.mdblocks import plain_inline
from curator.models import Anchor, LivingDoc, Section
from curator.section_numbers import canonical_section, section_number, strip_section_number
from curator.suggest import SectionIndex

KNOWLEDGE = "organized/knowledge"


def _doc(ws: Path, name: str, topic: str = "inference") -> LivingDoc:
    need(ws / KNOWLEDGE / name)
    return load_living_doc(ws, f"{KNOWLEDGE}/{name}", topic)


def _by_number(doc: LivingDoc, number: str) -> Section:
    hits = [s for s in doc.sections if s.number == number]
    assert len(hits) == 1, (number, hits)
    return hits[0]


def _within(doc: LivingDoc, sec: Section, anchor_line: int) -> bool:
    """Whether the anchor line's deepest section is ``sec`` or one of its descendants."""
    found = section_for_line(doc, anchor_line)
    while found is not None:
        if found.index == sec.index:
            return True
        found = doc.sections[found.parent] if found.parent is not None else None
    return False


def _anchors(doc: LivingDoc, kind: str, key: str) -> list[Anchor]:
    return [a for s in doc.sections for a in s.anchors if a.kind == kind and a.key == key]


def _anchored_in(doc: LivingDoc, key: str, number: str) -> bool:
    sec = _by_number(doc, number)
    found = _anchors(doc, "arxiv", key)
    return bool(found) and all(_within(doc, sec, a.line) for a in found)


# --- sample-relay -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def inference() -> LivingDoc:
    return _doc(SAMPLE, "inference.md")


def test_sample_sections_and_titles(inference: LivingDoc) -> None:
    titles = {
        "§1.1": "推理引擎与生产基准",
        "§1.2": "PD 分离与弹性扩缩容",
        "§1.3": "KV Cache 管理",
        "§1.4": "投机解码",
        "§1.5": "量化与端侧推理",
        "§1.6": "推理经济学",
        "§1.7": "多模态推理",
        "§1.8": "Agent 推理栈",
        "§1.9": "推理评测与基准方法",
        "§1.10": "长上下文与稀疏注意力",
        "§1.11": "测试时计算与上下文工程",
        "§1.12": "推理安全",
        "§1.13": "推理引擎可复现性",
    }
    for number, title in titles.items():
        sec = _by_number(inference, number)
        assert sec.title == f"{number} {title}"
        assert sec.level == 3
        assert inference.sections[sec.parent or 0].number == "§1"
    appendix = [s for s in inference.sections if s.title == "附录:术语表"]
    assert len(appendix) == 1 and appendix[0].number is None
    assert inference.version == "2026-08-20"
    assert inference.title == "inference 活文档 · 2026-08-20 版"
    assert inference.errors == []


def test_sample_fence_line_is_not_a_heading(inference: LivingDoc) -> None:
    assert not [s for s in inference.sections if "not a heading" in s.title]
    econ = _by_number(inference, "§1.6")
    assert econ.line == 156 and econ.end_line == 186  # the bash fence sits inside it
    assert "## not a heading" in econ.body


def test_sample_tree_lines(inference: LivingDoc) -> None:
    s11 = _by_number(inference, "§1.1")
    assert (s11.line, s11.end_line) == (31, 72)
    subs = [s.title for s in inference.sections if s.parent == s11.index]
    assert subs == [
        "引擎版本与特性",
        "分布式编排层",
        "生产基准(只在同硬件内比较)",
        "配置搜索与调度开销",
        "开放问题(本节)",
    ]
    last = inference.sections[-1]
    assert (last.title, last.line, last.end_line) == ("变更记录", 256, 260)
    assert section_for_line(inference, 5) is inference.sections[0]
    assert section_for_line(inference, 64) is not None
    assert section_for_line(inference, 64).title == "配置搜索与调度开销"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("key", "number"),
    [
        ("2601.06288", "§1.1"),
        ("2606.01927", "§1.1"),
        ("2604.25724", "§1.2"),
        ("2507.06608", "§1.2"),
        ("2511.01815", "§1.3"),
        ("2608.02870", "§1.3"),
        ("2608.13263", "§1.3"),
        ("2608.16157", "§1.3"),
        ("2606.22190", "§1.7"),
        ("2603.09619", "§1.11"),
        ("2608.14465", "§1.11"),
        ("2608.09867", "§1.12"),
        ("2605.19537", "§1.13"),
        ("2607.08028", "§1.13"),
    ],
)
def test_sample_arxiv_anchors(inference: LivingDoc, key: str, number: str) -> None:
    assert _anchored_in(inference, key, number)


def test_sample_anchor_details(inference: LivingDoc) -> None:
    (harness,) = _anchors(inference, "arxiv", "2607.08028")
    assert (harness.line, harness.date, harness.name) == (233, "8-19", "Harness Engineering")
    (albireo,) = _anchors(inference, "arxiv", "2606.01927")  # written 2606.01927v2
    assert (albireo.line, albireo.name, albireo.date) == (65, "Albireo", "8-19")
    (nexus,) = _anchors(inference, "arxiv", "2507.06608")  # pdf/…v3 URL
    assert (nexus.name, nexus.date) == ("Nexus", "8-15")
    (maglev,) = _anchors(inference, "arxiv", "2608.02870")  # [ID](abs URL): one anchor per line
    assert maglev.name == "Maglev"


def test_sample_named_anchors(inference: LivingDoc) -> None:
    s11 = _by_number(inference, "§1.1")
    names = {
        a.name: a
        for s in inference.sections
        for a in s.anchors
        if a.kind == "name" and _within(inference, s11, a.line)
    }
    for name in ("NVIDIA Dynamo", "vLLM vs TensorRT-LLM 选型(BentoML 指南)", "PremAI H100 横评"):
        assert name in names, sorted(names)
    assert names["PremAI H100 横评"].date == "8-19"
    assert names["NVIDIA Dynamo"].date == "8-20"
    assert names["vLLM vs TensorRT-LLM 选型(BentoML 指南)"].date == "8-16"


def test_sample_url_anchors_skip_arxiv(inference: LivingDoc) -> None:
    urls = [a for s in inference.sections for a in s.anchors if a.kind == "url"]
    assert not [a for a in urls if "arxiv" in a.key]


def test_sample_rag_doc() -> None:
    rag = _doc(SAMPLE, "rag.md", "rag")
    assert _anchored_in(rag, "2607.22460", "§2.4")
    assert rag.version == "2026-08-20"
    assert [s.number for s in rag.sections if s.level == 3][:6] == [
        "§2.1",
        "§2.2",
        "§2.3",
        "§2.4",
        "§2.5",
        "§2.6",
    ]


def test_find_section(inference: LivingDoc) -> None:
    for ref in ("§1.3", "1.3", "§１.３", " §1.3 "):
        hits = find_section(inference, ref)
        assert [s.number for s in hits] == ["§1.3"], ref
    assert [s.number for s in find_section(inference, "KV Cache")] == ["§1.3"]
    assert [s.title for s in find_section(inference, "术语表")] == ["附录:术语表"]
    assert find_section(inference, "§9.9") == []
    assert find_section(inference, "") == []


# --- bad-inputs -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def hostile() -> LivingDoc:
    return _doc(BAD, "inference.md")


def test_bad_tree(hostile: LivingDoc) -> None:
    assert hostile.title == "Inference living doc (2026-08-20 版)"
    assert hostile.version == "2026-08-20"
    dup = [s for s in hostile.sections if s.number == "§1.3"]
    assert len(dup) == 2 and dup[0].line != dup[1].line and dup[0].index != dup[1].index
    sub = _by_number(hostile, "§1.3.1")
    assert sub.parent == dup[1].index
    jump = next(s for s in hostile.sections if s.title == "跳级的标题")
    assert jump.level == 6 and jump.parent == sub.index
    assert _by_number(hostile, "§1.6").title == "§１.６ 全角节号"
    assert [s.number for s in find_section(hostile, "§1.6")] == ["§1.6"]


def test_bad_hidden_headings_and_oddities(hostile: LivingDoc) -> None:
    titles = [s.title for s in hostile.sections]
    assert not [t for t in titles if "1.99" in t or "1.98" in t]
    assert "" in titles  # the empty heading is kept, harmlessly
    assert "§1.13 推理引擎可复现性 [bold]markup in a heading[/]" in titles
    setext = next(s for s in hostile.sections if s.title == "Setext 二级标题")
    assert setext.level == 2 and setext.number is None


def test_bad_anchors(hostile: LivingDoc) -> None:
    assert _anchors(hostile, "arxiv", "2608.14376") == []  # only inside a code block
    (kv,) = _anchors(hostile, "arxiv", "2511.01815")
    assert section_for_line(hostile, kv.line).title == "Setext 二级标题"  # type: ignore[union-attr]
    (alb,) = _anchors(hostile, "arxiv", "2606.01927")
    assert alb.date == "8-19"


def test_load_problems_are_plain_words(tmp_path: Path) -> None:
    missing = load_living_doc(tmp_path, "organized/knowledge/nope.md", "inference")
    assert missing.sections == [] and missing.errors
    assert "nope.md" in missing.errors[0] and "Traceback" not in missing.errors[0]
    (tmp_path / "bin.md").write_bytes(b"\x00\x01garbage\x00" * 10)
    binary = load_living_doc(tmp_path, "bin.md", "inference")
    assert binary.sections == [] and "binary" in binary.errors[0]
    (tmp_path / "empty.md").write_bytes(b"")
    empty = load_living_doc(tmp_path, "empty.md", "inference")
    assert empty.sections == [] and empty.title == "" and empty.errors


# --- real documents ---------------------------------------------------------------------------


def _real_docs() -> list[dict]:
    if not (REAL / "facts.json").exists():
        return []
    return json.loads((REAL / "facts.json").read_text(encoding="utf-8"))["living_docs"]


@pytest.fixture(scope="module")
def id_headings() -> dict:
    return json.loads(need(REAL / "facts_all_id_headings.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("facts", _real_docs(), ids=lambda f: f["path"].split("__")[0])
def test_real_docs_match_facts(facts: dict, id_headings: dict) -> None:
    start = time.perf_counter()
    doc = load_living_doc(REAL, facts["path"], "real")
    elapsed = time.perf_counter() - start
    print(f"{facts['path']}: {facts['lines']} lines parsed in {elapsed:.3f}s")
    assert doc.errors == []
    by_level = Counter(str(s.level) for s in doc.sections)
    assert dict(by_level) == facts["atx_headings_by_level"]
    first = [
        {"line": s.line, "level": s.level, "text": s.title}
        for s in doc.sections[: len(facts["first_heading_lines"])]
    ]
    # the facts give markdown-it's inline source; a section is titled by its plain text
    assert first == [{**h, "text": plain_inline(h["text"])} for h in facts["first_heading_lines"]]
    anchored = {a.key for s in doc.sections for a in s.anchors if a.kind == "arxiv"}
    assert anchored == set(facts["arxiv_ids"])
    for arxiv_id, fact in id_headings[facts["path"]].items():
        sec = section_for_line(doc, fact["first_occurrence_line"])
        if fact["nearest_heading"] is None:
            assert sec is None, arxiv_id
            continue
        assert sec is not None, arxiv_id
        nearest = plain_inline(fact["nearest_heading"])
        assert (sec.title, sec.line) == (nearest, fact["nearest_heading_line"])
        path = [sec.title]
        while path and sec.parent is not None:
            sec = doc.sections[sec.parent]
            path.insert(0, sec.title)
        assert path == [plain_inline(h) for h in fact["heading_path"]], arxiv_id


@pytest.mark.parametrize("facts", _real_docs(), ids=lambda f: f["path"].split("__")[0])
def test_real_docs_same_headings_as_markdown_it(facts: dict) -> None:
    text = (REAL / facts["path"]).read_text(encoding="utf-8")
    assert _headings(parse_living_doc(text, facts["path"], "real")) == _reference(text)


def test_real_named_anchors_from_bold_links_and_tables() -> None:
    docs = {f["path"].split("__")[0]: f["path"] for f in _real_docs()}
    if not docs:
        pytest.skip("real fixtures missing")
    xn = load_living_doc(REAL, docs["Xnhyacinth"], "real")
    (first,) = _anchors(xn, "arxiv", "1904.10509")
    assert first.name == "Generating Long Sequences with Sparse Transformers"
    names = {a.name for s in xn.sections for a in s.anchors if a.kind == "name"}
    assert "Longformer: The Long-Document Transformer" in names
    xl = load_living_doc(REAL, docs["xlite-dev"], "real")
    (ds,) = [a for a in _anchors(xl, "arxiv", "2405.04434") if a.line == 84]
    assert "DeepSeek-V2" in ds.name  # the Title column, not the [[pdf]] link


# --- agreement with markdown-it on generated input ---------------------------------------------

_MD = MarkdownIt("commonmark", {"maxNesting": 200}).enable("table")

_LINES = [
    "",
    "",
    "# H1",
    "## §1.3 x ##",
    "  ## indented",
    "    ## code",
    "- **Bold** 2608.14376",
    "  - sub 2608.11668",
    "  continuation",
    "para text",
    "1. one",
    "```",
    "~~~",
    "  ```",
    "- ```",
    "> ## quoted",
    "<!-- c 2608.99999",
    "-->",
    "<!-- x -->",
    "<div>",
    "</div>",
    "<pre>",
    "</pre>",
    "===",
    "---",
    "| a | b |",
    "|---|---|",
    "#",
    "\t## tab",
    "<details>",
]


def _headings(doc: LivingDoc) -> list[tuple[int, int, str]]:
    return [(s.line, s.level, s.title) for s in doc.sections]


def _reference(text: str) -> list[tuple[int, int, str]]:
    tokens = _MD.parse(text)
    return [
        (
            t.map[0] + 1,
            int(t.tag[1:]),
            plain_inline(" ".join(p.strip() for p in tokens[i + 1].content.split("\n"))),
        )
        for i, t in enumerate(tokens)
        if t.type == "heading_open" and t.level == 0 and t.map is not None
    ]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_LINES), max_size=60))
def test_chunked_parse_agrees_with_markdown_it(lines: list[str]) -> None:
    text = "\n".join(lines)
    doc = parse_living_doc(text, "gen.md", "t")
    assert _headings(doc) == _reference(text)


def test_headings_in_fenced_chunks_keep_line_numbers() -> None:
    text = (
        "# T\n\npara\n\n```\n## fenced 2608.14376\n\n## still fenced\n```\n\n## real 2608.11668\n"
    )
    doc = parse_living_doc(text, "x.md", "t")
    assert _headings(doc) == [(1, 1, "T"), (11, 2, "real 2608.11668")]
    assert [(a.key, a.line) for a in doc.sections[1].anchors] == [("2608.11668", 11)]
    assert doc.sections[0].anchors == []


def test_unclosed_comment_and_fence_swallow_the_rest() -> None:
    text = "# T\n\n<!-- open\n\n## hidden 2608.14376\n"
    doc = parse_living_doc(text, "x.md", "t")
    assert _headings(doc) == [(1, 1, "T")] and doc.sections[0].anchors == []
    text = "# T\n\n```\n\n## hidden 2608.14376\n"
    doc = parse_living_doc(text, "x.md", "t")
    assert _headings(doc) == [(1, 1, "T")] and doc.sections[0].anchors == []


def test_numbers_and_versions() -> None:
    doc = parse_living_doc(
        "# Doc (version 2026-07-01)\n\n## 3.1.2 Streaming\n\n## 1) Foo\n\n## 2. Efficient\n\n"
        "## 2024 Papers\n\n## §１.６ wide\n\n## § 2 spaced\n",
        "x.md",
        "t",
    )
    assert doc.version == "2026-07-01"
    assert [s.number for s in doc.sections] == [None, "§3.1.2", "§1", "§2", None, "§1.6", "§2"]
    plain = parse_living_doc("just text, no headings\n", "x.md", "t")
    assert plain.sections == [] and plain.title == "just text, no headings"
    assert plain.version is None


def test_crlf_and_cr_line_endings_keep_line_numbers() -> None:
    doc = parse_living_doc("# T\r\n\r\n## A\r- x 2608.14376\r\n", "x.md", "t")
    assert _headings(doc) == [(1, 1, "T"), (3, 2, "A")]
    assert doc.sections[1].anchors[0].line == 4


def test_anchor_dates_and_names() -> None:
    text = (
        "# T\n\n## S\n\n"
        "- **Foo Serve**(arXiv:2608.14376,8-19 锚入):text\n"
        "  - follow-up https://example.com/post (2026-08-20 anchored)\n"
        "- plain item 2608.11668\n\n"
        "| Title | Paper | 锚入 |\n|---|---|---|\n| Bar Engine | [pdf](https://arxiv.org/pdf/2608.13558) | 8-18 |\n"
        "| No Date Row | nothing | — |\n"
    )
    doc = parse_living_doc(text, "x.md", "t")
    anchors = doc.sections[1].anchors
    (foo,) = [a for a in anchors if a.key == "2608.14376"]
    assert (foo.name, foo.date, foo.line) == ("Foo Serve", "8-19", 5)
    (post,) = [a for a in anchors if a.kind == "url"]
    assert (post.key, post.name, post.date) == ("example.com/post", "Foo Serve", "2026-08-20")
    (plain,) = [a for a in anchors if a.key == "2608.11668"]
    assert plain.name == "" and plain.date is None
    (bar,) = [a for a in anchors if a.key == "2608.13558"]
    assert (bar.name, bar.date) == ("Bar Engine", "8-18")
    names = {a.name for a in anchors if a.kind == "name"}
    assert names == {"Foo Serve", "Bar Engine"}


# --- size and nesting -------------------------------------------------------------------------


def test_200k_line_doc_parses() -> None:
    rng = random.Random(7)
    lines = ["# Big living doc (2026-08-20 版)", ""]
    for s in range(5000):
        lines += [f"### §{s // 100 + 1}.{s % 100 + 1} Section {s}", ""]
        for i in range(38):
            if i == 20:
                lines += ["", "```bash", "## not a heading 2608.14376", "```", ""]
                continue
            if i in (21, 22, 23, 24):
                continue
            yymm = 2601 + rng.randrange(8)
            lines.append(
                f"- **Name {s}-{i}**(arXiv:{yymm}.{rng.randrange(100000):05d},8-19 锚入):"
                f"text https://example.com/{s}/{i}"
            )
    text = "\n".join(lines) + "\n"
    assert text.count("\n") >= 200_000
    start = time.perf_counter()
    doc = parse_living_doc(text, "big.md", "big")
    elapsed = time.perf_counter() - start
    anchors = sum(len(s.anchors) for s in doc.sections)
    print(f"200k-line living doc: {len(doc.sections)} sections, {anchors} anchors, {elapsed:.1f}s")
    assert len(doc.sections) == 5001
    assert doc.version == "2026-08-20"
    assert _anchors(doc, "arxiv", "2608.14376") == []
    assert doc.sections[-1].end_line == text.count("\n")


def test_deep_nesting_does_not_recurse() -> None:
    quotes = "".join(">" * i + " 2608.14376\n" for i in range(1, 2001))
    lists = "".join("  " * i + "- item 2608.11668\n" for i in range(400))
    text = f"# T\n\n{'>' * 2000} ## not top level\n\n{quotes}\n{lists}\n## after\n"
    doc = parse_living_doc(text, "deep.md", "t")
    assert [s.title for s in doc.sections] == ["T", "after"]
    keys = Counter(a.key for a in doc.sections[0].anchors)
    assert keys["2608.14376"] == 2000 and keys["2608.11668"] == 400


def test_eve_deep_note_as_living_doc() -> None:
    path = need(BAD / "inbox/eve/2026-08-20T1207-deep.md")
    start = time.perf_counter()
    parse_living_doc(path.read_text(encoding="utf-8", errors="replace"), "deep.md", "t")
    assert time.perf_counter() - start < 30  # generous: it must finish, not be fast


# --- sections by number (dev relays) ----------------------------------------------------------

TRAINING = SHARED / "dev-relays" / "relay-training"
EVAL = SHARED / "dev-relays" / "relay-eval"
SPELLINGS = (
    "§4.3",
    "4.3",
    "4.3.",
    "Section 4.3",
    "section 4.3",
    "sec. 4.3",
    "§ 4.3",
    "§４.３",
    "4．3",
    "第4.3节",
)


@pytest.fixture(scope="module")
def training() -> LivingDoc:
    return _doc(TRAINING, "training.md", "training")


@pytest.fixture(scope="module")
def evaluation() -> LivingDoc:
    return _doc(EVAL, "evaluation.md", "evaluation")


def _labels_of(doc: LivingDoc, key: str) -> set[str]:
    """Where the analysis reports an arXiv ID as anchored (what --json and the UI show)."""
    from curator.context import build_doc_index

    return {ref.section for ref in build_doc_index(doc).anchors_by_id.get(key, [])}


def test_one_label_per_section_by_number(training: LivingDoc) -> None:
    numbers = [s.number for s in training.sections if s.number]
    assert all(re.fullmatch(r"§\d+(?:\.\d+)*", n) for n in numbers), numbers
    assert len(numbers) == 22 and len(set(numbers)) == 22  # six parts, sixteen subsections
    heads = {s.title: s.number for s in training.sections}
    assert heads["4.3 RLVR 与奖励建模"] == "§4.3"
    assert heads["§4.4 策略优化算法(GRPO 及变体)"] == "§4.4"
    assert heads["2.2. 学习率调度与 scaling law"] == "§2.2"
    assert heads["4. 后训练"] == "§4"
    assert heads["§5 蒸馏与小模型"] == "§5"
    assert strip_section_number("2.2. 学习率调度与 scaling law") == "学习率调度与 scaling law"
    assert strip_section_number("§１.６ 全角节号") == "全角节号"
    for ref in SPELLINGS:
        assert canonical_section(ref) == "§4.3", ref
        assert [s.number for s in find_section(training, ref)] == ["§4.3"], ref
    assert canonical_section("4.3 RLVR") is None and canonical_section("2611.06120") is None
    index = SectionIndex(training)
    assert {index.resolve(ref).label for ref in SPELLINGS} == {"§4.3"}  # type: ignore[union-attr]
    assert index.resolve("4.3").title == "RLVR 与奖励建模"  # type: ignore[union-attr]
    assert [u.label for u in index.units] == [
        "§1.1",
        "§1.2",
        "§1.3",
        "§2.1",
        "§2.2",
        "§2.3",
        "§3.1",
        "§3.2",
        "§4.1",
        "§4.2",
        "§4.3",
        "§4.4",
        "§4.5",
        "§5.1",
        "§5.2",
        "§6.1",
    ]


def test_2610_02231_is_anchored_in_2_3(training: LivingDoc) -> None:
    """Listed only under "#### 参考文献" inside "### 2.3 …": the anchor is §2.3's."""
    assert _anchored_in(training, "2610.02231", "§2.3")
    assert _labels_of(training, "2610.02231") == {"§2.3"}
    assert _labels_of(training, "2412.19437") == {"§2.3"}
    index = SectionIndex(training)
    assert index.anchor_section["2610.02231"] == "§2.3"
    refs = next(
        s
        for s in training.sections
        if s.title == "参考文献" and s.parent == _by_number(training, "§2.3").index
    )
    assert index.section_unit[refs.index] == "§2.3"


def test_2501_12948_is_anchored_in_4_3_and_5_2(training: LivingDoc) -> None:
    assert _labels_of(training, "2501.12948") == {"§4.3", "§5.2"}
    assert _labels_of(training, "2609.11842") == {"§4.3"}  # inline and in §4.3's 参考文献
    assert _labels_of(training, "2610.09977") == {"§2.2"}  # heading spelled "### 2.2. …"


def test_unnumbered_doc_keeps_headings_as_places() -> None:
    doc = parse_living_doc(
        "# Papers\n\n## Retrieval\n\n- a 2608.14376\n\n### References\n\n- b 2608.11668\n\n"
        "## Serving\n\n- c 2608.13558\n\n## Changelog\n\n- anchored 2608.22222 in Serving\n",
        "x.md",
        "t",
    )
    index = SectionIndex(doc)
    assert [u.label for u in index.units] == [
        "Retrieval",
        "Serving",
    ]  # References rolls up, Changelog is no place
    assert index.anchor_section == {
        "2608.14376": "Retrieval",
        "2608.11668": "Retrieval",
        "2608.13558": "Serving",
    }
    assert index.resolve_title("serving").label == "Serving"  # type: ignore[union-attr]


def test_changelog_anchors_nothing(evaluation: LivingDoc, training: LivingDoc) -> None:
    for doc, titles in (
        (evaluation, ("Contents", "Open questions", "Changelog")),
        (training, ("目录", "附录:术语表", "变更记录")),
    ):
        roles = section_roles(doc)
        index = SectionIndex(doc)
        for title in titles:
            (sec,) = [s for s in doc.sections if s.title == title]
            assert sec.index in roles.not_place, title
            assert sec.anchors == [] and sec.index not in index.section_unit, title
            assert index.resolve_title(title) is None, title
        labels = {u.label for us in index.by_label.values() for u in us}
        assert not labels & set(titles)


def test_changelog_ids_are_not_anchors_but_section_ids_are() -> None:
    text = (
        "# T\n\n## §1 A\n\n### §1.1 B\n\n- **Foo** (arXiv:2608.14376, anchored 11-02)\n\n"
        "#### Open questions\n\n- does 2608.11668 hold up?\n\n"  # inside §1.1: part of it
        "## Changelog\n\n- 11-02: anchored Foo (2608.14376) in §1.1; moved 2608.13558 out\n\n"
        "### 2026-11-01\n\n- anchored 2608.22222\n\n"  # a dated entry of the change log
        "## Contents\n\n### Misc\n\n- 2608.33333\n"  # unnumbered, outside the numbered tree
        "## Wishlist\n\n- 2608.44444 someday\n"  # the doc's apparatus, whatever its name
    )
    doc = parse_living_doc(text, "x.md", "t")
    found = {
        a.key: section_for_line(doc, a.line).title
        for s in doc.sections
        for a in s.anchors
        if a.kind == "arxiv"
    }  # type: ignore[union-attr]
    assert found == {"2608.14376": "§1.1 B", "2608.11668": "Open questions"}
    index = SectionIndex(doc)
    assert index.anchor_section == {"2608.14376": "§1.1", "2608.11668": "§1.1"}


def test_numbered_sections_nested_under_an_unnumbered_heading_stay_places() -> None:
    text = "# T\n\n## Contents\n\n### 1. A\n\n- 2608.14376 Foo\n\n### 2. B\n\n#### Refs\n\n- 2608.11668\n"
    doc = parse_living_doc(text, "x.md", "t")
    index = SectionIndex(doc)
    assert index.anchor_section == {"2608.14376": "§1", "2608.11668": "§2"}


def test_letter_numbered_sections() -> None:
    text = (
        "# T\n\n## A. Foundations\n\n### A.1 Superposition\n\n- arXiv:2209.10652\n\n"
        "## C. Methods\n\n### C.3 Sparse autoencoders\n\n#### Replications\n\n- 2602.00001\n\n"
        "#### C.3.1 Scaling SAEs\n\n- 2408.05147\n\n## Open problems\n\n- 2602.16204 does it hold?\n"
    )
    doc = parse_living_doc(text, "x.md", "t")
    assert [s.number for s in doc.sections] == [
        None,
        "§A",
        "§A.1",
        "§C",
        "§C.3",
        None,
        "§C.3.1",
        None,
    ]
    index = SectionIndex(doc)
    assert index.anchor_section == {
        "2209.10652": "§A.1",
        "2602.00001": "§C.3",
        "2408.05147": "§C.3.1",
    }
    assert index.resolve("c.3.1").label == "§C.3.1"  # type: ignore[union-attr]
    assert index.resolve("Section C.3").label == "§C.3"  # type: ignore[union-attr]
    assert canonical_section("§ c.3") == "§C.3"


def test_roman_numbered_parts() -> None:
    """ "Part II — Protein design" over "### II.3 Binders": Roman parts are numbers too, and a note
    citing "6.1" means the doc's VI.1 when the doc has no §6."""
    text = (
        "# T\n\n## Part I — Structure\n\n### I.1 Monomers\n\n- **A** (arXiv:2601.00001)\n\n"
        "## Part II — Design\n\n### II.3 Binders\n\n- **B** (arXiv:2601.00002)\n\n"
        "## Part VI — Small molecules\n\n### VI.1 Docking\n\n- **C** (arXiv:2601.00003)\n"
    )
    doc = parse_living_doc(text, "x.md", "t")
    assert [s.number for s in doc.sections] == [None, "§I", "§I.1", "§II", "§II.3", "§VI", "§VI.1"]
    index = SectionIndex(doc)
    assert index.anchor_section == {
        "2601.00001": "§I.1",
        "2601.00002": "§II.3",
        "2601.00003": "§VI.1",
    }
    assert index.resolve("section II.3").label == "§II.3"  # type: ignore[union-attr]
    assert index.resolve("6.1").label == "§VI.1"  # type: ignore[union-attr]
    assert canonical_section("§IV.2") == "§IV.2" and canonical_section("Part VII") == "§VII"
    assert section_number("Civic duties") is None and section_number("VIII.2 Later") == "§VIII.2"


def test_a_heading_that_says_not_anchored_anchors_nothing() -> None:
    """ "## Reading list (not anchored)" lists papers the doc does not cover yet."""
    text = (
        "# T\n\n## Attacks\n\n- **LiRA** (arXiv:2112.03570)\n\n"
        "## Reading list (not anchored)\n\n- **ScrubEval** (arXiv:2602.18811) — waiting for code\n"
    )
    doc = parse_living_doc(text, "x.md", "t")
    assert [a.key for s in doc.sections for a in s.anchors if a.kind == "arxiv"] == ["2112.03570"]


def test_removed_lines_are_not_anchors() -> None:
    lines = [
        "- ~~**Old Serve**~~ (arXiv:2608.10001) — removed 11-20, superseded",
        "- 已移除:arXiv:2608.10002(与 §1.2 重复)",
        "- **Gone**(arXiv:2608.10003,10-01 锚入;11-20 移除)",
        "| Dropped | 2608.10004 | dropped 11-19 |",
        "- 2608.10005 → moved to §1.2",
        "- Removed 11-18: https://example.com/old-post",
        "- **DoReMi**(arXiv:2608.20001,10-02 锚入):小代理模型上求域权重,再迁移到大模型。",
        "- **Dr. GRPO** (2608.20002, anchored 10-08): length normalisation removed from the loss",
        "- **Sketch** (arXiv:2608.20003): the critic is dropped; see https://example.com/keep",
        "- **A** (arXiv:2608.20004) superseded by **B** (arXiv:2608.20005)",
    ]
    doc = parse_living_doc("# T\n\n## §1 S\n\n" + "\n".join(lines) + "\n", "x.md", "t")
    anchors = doc.sections[1].anchors
    keys = {a.key for a in anchors if a.kind != "name"}
    assert keys == {"2608.20001", "2608.20002", "2608.20003", "example.com/keep", "2608.20005"}
    names = {a.name for a in anchors if a.kind == "name"}
    assert "Old Serve" not in names and "Gone" not in names
    assert {"DoReMi", "Dr. GRPO", "Sketch"} <= names


def test_2_9_is_not_a_section(training: LivingDoc, evaluation: LivingDoc) -> None:
    """Fenced code is neither heading nor anchor."""
    assert not [s for s in training.sections if "2.9" in s.title]
    assert not _anchors(
        training, "arxiv", "2611.06120"
    )  # the "# TODO 对比 arXiv:2611.06120" fence line
    assert not [s for s in evaluation.sections if "3.9" in s.title]
    assert not _anchors(evaluation, "arxiv", "2610.27745") and not _anchors(
        evaluation, "arxiv", "2611.10320"
    )
    assert _anchored_in(evaluation, "2610.16688", "§3.5.1")  # the anchor after the fence
    assert _labels_of(evaluation, "2609.08812") == {"§3.4.1", "§3.8"}
    index = SectionIndex(training)
    assert index.resolve("§2.9") is None  # §2 is divided into §2.1-§2.3; 2.9 is not among them
    assert index.resolve("§1.4") is None  # inference.md's §1.4, not this doc's


def test_resolve_deeper_numbers_and_divided_sections(evaluation: LivingDoc) -> None:
    index = SectionIndex(evaluation)
    assert index.resolve("§3.4.1.2").label == "§3.4.1"  # type: ignore[union-attr]
    assert index.resolve("section 3.5.2").label == "§3.5.2"  # type: ignore[union-attr]
    parent = index.resolve("3.2")
    assert parent is not None and parent.label == "§3.2" and parent.parts == ("§3.2.1", "§3.2.2")
    assert "§3.2" not in {u.label for u in index.units}  # named, never suggested by wording
    assert (
        index.resolve("§3.9") is None
        and index.resolve("§4.5") is None
        and index.resolve("foo") is None
    )


def test_resolve_title(training: LivingDoc, evaluation: LivingDoc) -> None:
    tr, ev = SectionIndex(training), SectionIndex(evaluation)

    def label(index: SectionIndex, text: str) -> str | None:
        unit = index.resolve_title(text)
        return unit.label if unit else None

    assert label(tr, "data mixing") == "§1.1"
    assert label(tr, "optimizers") == "§2.1"
    assert label(tr, "synthetic data") == "§1.3"  # "合成数据与改写", via [sections.terms]
    assert label(tr, "RLVR") == "§4.3"
    assert label(tr, "RL 框架") == "§3.2"
    assert label(tr, "curriculum") == "§1.1"  # the "#### 课程(curriculum)" inside §1.1
    assert label(tr, "section: data mixing") == "§1.1"
    assert label(tr, "蒸馏") == "§5"  # §5, §5.1 and §5.2 all fit: the divided section
    assert label(tr, "参考文献") is None  # under §2.3 and §4.3 alike
    assert label(tr, "4.3") == "§4.3"
    assert label(tr, "no such thing at all") is None
    assert label(ev, "Reasoning benchmarks") == "§3.1"
    assert label(ev, "reasoning benchmark") == "§3.1"  # near enough
    assert label(ev, "judge bias") == "§3.4.1"
    assert label(ev, "Changelog") is None and label(ev, "agent benchmarks") is None


def test_resolve_title_of_two_names_for_one_place() -> None:
    """ "vai em busca/MCTS": each name alone; the place where those that name one agree."""
    doc = parse_living_doc(
        "# R\n\n## Search (MCTS, beam, best-of-N)\n\n- x 2608.14376\n\n"
        "## Outcome verifiers\n\n- y 2608.11668\n\n## Generative verifiers\n\n- z 2608.11669\n",
        "r.md",
        "r",
    )
    index = SectionIndex(doc)

    def label(text: str) -> str | None:
        unit = index.resolve_title(text)
        return unit.label if unit else None

    assert label("busca/MCTS") == "Search (MCTS, beam, best-of-N)"
    assert label("busca / MCTS") == "Search (MCTS, beam, best-of-N)"
    assert label("MCTS/outcome") is None  # two places
    assert label("busca/nada") is None


def test_number_not_deeper_than_its_section_is_a_sub_heading() -> None:
    doc = parse_living_doc(
        "# T\n\n## §1 A\n\n### §1.3 KV\n\n#### 1. 背景\n\n- x 2608.14376\n\n#### 1.3.1 Paging\n\n- y 2608.11668\n",
        "x.md",
        "t",
    )
    assert [s.number for s in doc.sections] == [None, "§1", "§1.3", None, "§1.3.1"]
    index = SectionIndex(doc)
    assert index.anchor_section == {"2608.14376": "§1.3", "2608.11668": "§1.3.1"}
    assert section_number("1) Foo") == "§1" and section_number("2024 Papers") is None


def _training_ws(tmp_path: Path) -> Path:
    ws = copy_workspace(TRAINING, tmp_path / "ws")
    window = json.loads((TRAINING / "expected.json").read_text(encoding="utf-8"))["window"]
    cfg = ws / "curator.toml"
    cfg.write_text(
        cfg.read_text(encoding="utf-8")
        + f'\nsince = "{window["start"]}"\nuntil = "{window["end"]}"\n',
        encoding="utf-8",
    )
    return ws


def _curator(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "curator", *args], capture_output=True, text=True, timeout=120
    )


def test_decide_section_4_3_stores_4_3(tmp_path: Path) -> None:
    need(TRAINING)
    ws = _training_ws(tmp_path)
    for key, typed in (
        ("2611.04417", "4.3"),
        ("2611.06120", "Section 2.1"),
        ("2611.07705", "synthetic data"),
    ):
        proc = _curator("decide", key, "approve", str(ws), "--section", typed)
        assert proc.returncode == 0, proc.stderr
    proc = _curator("decide", "2611.05823", "approve", str(ws), "--section", "§7.7")
    assert (
        proc.returncode == 2 and "no section §7.7; closest: §6.1 污染检测" in proc.stderr
    )  # refused
    proc = _curator("history", str(ws), "--json")
    sections = {ev["key"]: ev.get("section") for ev in json.loads(proc.stdout)}
    assert sections["2611.04417"] == "§4.3"
    assert sections["2611.06120"] == "§2.1"
    assert sections["2611.07705"] == "§1.3"
    assert "2611.05823" not in sections  # nothing recorded


def test_briefing_prints_old_labels_by_number(tmp_path: Path) -> None:
    """A decision stored as "4.3" (before labels were canonical) prints as §4.3 with its title."""
    from curator.analysis import analyze
    from curator.briefing import render_briefing
    from curator.store import DecisionStore
    from curator.triage import Triage

    need(TRAINING)
    ws = _training_ws(tmp_path)
    analysis = analyze(ws)
    store = DecisionStore.open(ws, "lin", session_lock=False)
    try:
        triage = Triage(analysis, store)
        row = triage.resolve("2611.04417")
        assert row is not None
        store.decide(triage.decision_key(row), "approve", section="4.3")
        text = render_briefing(Triage(analysis, store), editor="lin")
    finally:
        store.close()
    assert "§4.3 RLVR 与奖励建模" in text
    assert "4.3 4.3" not in text


def test_lookups_report_canonical_sections() -> None:
    ws = str(need(TRAINING))
    for query, sections in (
        ("2610.02231", ["§2.3"]),
        ("arXiv:2501.12948", ["§4.3", "§5.2"]),
        ("2610.09977", ["§2.2"]),
        ("2611.06120", []),
    ):
        proc = _curator("lookup", query, ws, "--json")
        data = json.loads(proc.stdout)
        assert sorted({a["section"] for a in data["anchored"]}) == sections, query


@pytest.mark.parametrize(
    ("title", "number"),
    [
        ("1 · Planning", "§1"),
        ("3 — Memory", "§3"),
        ("4: Evals", "§4"),
        ("2 - Tools", "§2"),
        ("2. Tools", "§2"),
        ("3 agents that work", None),
        ("2026 roadmap", None),
        ("1-2 agents", None),
        ("10:30 sync", None),
    ],
)
def test_a_top_level_number_before_a_separator(title: str, number: str | None) -> None:
    assert section_number(title) == number


def test_what_the_doc_names_without_anchoring_is_cited() -> None:
    """A glossary entry and a removal record name a paper the doc knows but does not anchor; an
    unnumbered sub-heading under "## 3 · Memory" is part of §3."""
    text = (
        "# agents\n\n## 3 · Memory\n\n### 3.1 · Context\n\n- Folding, arXiv:2610.01138\n"
        "- Withdrawn: *CrewBench* (2610.06611) was removed, do not cite.\n\n"
        "### Further notes\n\n- Memory Is a Retrieval Problem, 2609.30561\n\n"
        "## Glossary\n\n- ReAct: reason+act loop, arXiv:2210.03629\n"
    )
    doc = parse_living_doc(text, "organized/knowledge/agents.md", "agents")
    anchored = {a.key for s in doc.sections for a in s.anchors if a.kind == "arxiv"}
    assert anchored == {"2610.01138", "2609.30561"}
    assert {(c.key, c.where) for c in doc.cited} == {
        ("2610.06611", "removed"),
        ("2210.03629", "Glossary"),
    }
    roles = section_roles(doc)
    further = next(s for s in doc.sections if s.title == "Further notes")
    assert doc.sections[roles.home[further.index]].number == "§3"


def test_an_unnamed_briefing_by_the_editor_is_this_topics(tmp_path: Path) -> None:
    """ "Interp evening briefing — Sat 3/7" names no topic curator knows: its author, the editor, decides."""
    from curator.briefings import briefing_info
    from curator.note_roles import is_topic_briefing as _is_topic_briefing

    topic, _until = briefing_info(
        "# Interp evening briefing — Sat 3/7\n\n## On hold\n", "2026-03-07T1620-evening-briefing.md"
    )
    assert topic == ""
    assert briefing_info("# Reading notes\n\nnothing here\n", "2026-03-07T1620-notes.md") == (
        None,
        None,
    )
    note = _note(
        path="inbox/ann/x.md",
        author="ann",
        briefing_topic="",
        title="Interp evening briefing — Sat 3/7",
    )
    assert _is_topic_briefing(
        note, "interpretability", None
    )  # a short form of the topic in its title
    assert _is_topic_briefing(
        _note(path="inbox/a/x.md", author="a", briefing_topic="eval"), "evaluation", None
    )
    note = _note(
        path="inbox/dmitri/x.md", author="dmitri", briefing_topic="", title="Evening briefing"
    )
    assert _is_topic_briefing(note, "interpretability", "dmitri")
    assert not _is_topic_briefing(note, "interpretability", "someone-else")
    known = frozenset({"rag", "interpretability"})
    assert not _is_topic_briefing(
        _note(path="inbox/a/x.md", author="a", briefing_topic="rag"), "interpretability", "a", known
    )
    # a topic this workspace does not know ("Raciocínio — briefing de sábado"): the editor's is ours
    odd = _note(
        path="inbox/bia/x.md",
        author="bia",
        briefing_topic="raciocínio",
        title="Raciocínio — briefing",
    )
    assert _is_topic_briefing(odd, "reasoning", "bia", known)
    assert not _is_topic_briefing(odd, "reasoning", "someone-else", known)


def _note(**kw):
    from curator.models import Note

    return Note(time=None, time_source="name", in_window=False, **kw)


def test_a_footnote_anchors_where_it_is_cited() -> None:
    text = (
        "# T\n\n## 1. A\n\n### 1.1 Superposition\n\nToy models of superposition[^1] started it.\n\n"
        "### 1.3 Universality\n\nSee the platonic paper[^2].\n\n[^1]: arXiv:2209.10652\n[^2]: https://arxiv.org/abs/2405.07987\n"
    )
    index = SectionIndex(parse_living_doc(text, "x.md", "t"))
    assert index.anchor_section == {"2209.10652": "§1.1", "2405.07987": "§1.3"}


def test_struck_through_ids_are_no_anchors() -> None:
    text = (
        "# T\n\n## 1. A\n\n### 1.1 B\n\n- ~~**SAE-Lite** (arXiv:2512.04460) — low-rank SAEs~~ superseded at matched L0\n"
        "- **JumpReLU** (arXiv:2407.14435) ~~was 2.1 points~~ now 2.4\n"
    )
    index = SectionIndex(parse_living_doc(text, "x.md", "t"))
    assert index.anchor_section == {"2407.14435": "§1.1"}


def test_a_sub_heading_every_section_repeats_is_part_of_each() -> None:
    """An unnumbered doc's "#### Key papers" under several leaves is not a place of its own."""
    text = (
        "# R\n\n## Verifiers\n\n### Process reward models\n\nStep-level rewards.\n\n#### Key papers\n\n- arXiv:2305.20050\n\n"
        "## Math\n\n### Formal theorem proving\n\nLean.\n\n#### Key papers\n\n- arXiv:2102.06203\n\n"
        "## About this doc\n\nSee 2201.11903 for the origin of the name.\n"
    )
    index = SectionIndex(parse_living_doc(text, "x.md", "t"))
    assert index.anchor_section == {
        "2305.20050": "Process reward models",
        "2102.06203": "Formal theorem proving",
    }
    assert {u.label for u in index.units} == {"Process reward models", "Formal theorem proving"}


@pytest.mark.parametrize(
    ("title", "number", "rest"),
    [
        ("一、代码生成", "§1", "代码生成"),
        ("三、评测", "§3", "评测"),
        ("第三章 评测", "§3", "评测"),
        ("十二、附录", "§12", "附录"),
        ("一些想法", None, "一些想法"),
        ("三维重建", None, "三维重建"),
    ],
)
def test_chinese_numbered_parts(title: str, number: str | None, rest: str) -> None:
    assert section_number(title) == number and strip_section_number(title) == rest


def test_bare_integers_number_a_part_when_its_children_or_siblings_count_from_it() -> None:
    text = (
        "# M\n\n## 1 Scope\n\n## 2 Visual encoders\n\n### 2.1 Contrastive\n\n### 2.2) Tokenizers\n\n#### Reading list\n\n"
        "- [FlexTok-2](https://huggingface.co/papers/2609.21877)\n\n### 2.3: High resolution\n\n## Notes\n\n### 3 agents worth a look\n"
    )
    doc = parse_living_doc(text, "x.md", "t")
    assert [s.number for s in doc.sections] == [
        None,
        "§1",
        "§2",
        "§2.1",
        "§2.2",
        None,
        "§2.3",
        None,
        None,
    ]
    index = SectionIndex(doc)
    assert index.anchor_section == {"2609.21877": "§2.2"}
    assert index.by_label["§2"][0].title == "Visual encoders"


def test_headings_that_name_their_number_in_words() -> None:
    for title, number, rest in [
        ("Parte 4 — Decodificación, caché KV", "§4", "Decodificación, caché KV"),
        ("Part 2: Data", "§2", "Data"),
        ("Sección 2.1 · Poda", "§2.1", "Poda"),
        ("Partial results", None, "Partial results"),
    ]:
        assert section_number(title) == number and strip_section_number(title) == rest


def test_a_briefing_is_known_by_its_decision_buckets() -> None:
    from curator.briefings import briefing_info

    text = "# Eficiencia — parte del sábado 24/10\n\n## Aprobado\n\n| 1 | X | 2610.15118 |\n\n## En espera\n\n## Descartado\n"
    assert briefing_info(text, "2026-10-24T1952-parte-eficiencia.md")[0] is not None
    assert briefing_info(
        "# Borrador\n\n- **MARS** (2610.19902): entra en la 5.1\n", "2026-10-25T1950-borrador.md"
    ) == (None, None)


def test_a_headings_attribute_block_is_not_its_title() -> None:
    """Pandoc, kramdown and Quarto write ``{#sec-id .class}`` after a heading: the section is
    "Membership inference", as the notes and the editor name it; braces of the title stay."""
    text = (
        "# Privacy {#top}\n\n## Membership inference {#sec-4 .unnumbered}\n\n"
        "- **LiRA** (arXiv:2112.03570)\n\n## 1.2 Sets {a, b} ##\n\n## Audits {-}\n\ntext\n"
    )
    doc = parse_living_doc(text, "x.md", "t")
    assert [t for _l, _v, t in _headings(doc)] == [
        "Privacy",
        "Membership inference",
        "1.2 Sets {a, b}",
        "Audits",
    ]
    assert [s.title for s in doc.sections if s.number] == ["1.2 Sets {a, b}"]


@pytest.mark.parametrize(
    "heading",
    [
        "## **1.2 Quantization**",
        '## <a id="sec-1-2"></a>1.2 Quantization',
        "## 📌 1.2 Quantization",
        "## ▌Sección 1.2 · Quantization",
        "## [1.2 Quantization](#sec-1-2)",
    ],
)
def test_a_sections_number_is_read_through_its_headings_markup(heading: str) -> None:
    """Bold, an HTML anchor, a link or an emoji before the number: the section is still §1.2,
    titled by its words (what the notes' "§1.2" and the editor call it)."""
    text = f"# Doc\n\n## 1 Compression\n\n{heading}\n\n- **FooQ** (arXiv:2112.03570)\n"
    doc = parse_living_doc(text, "x.md", "t")
    [sec] = [s for s in doc.sections if s.number == "§1.2"]
    assert sec.title.endswith("Quantization") and "*" not in sec.title and "<" not in sec.title
    assert section_number("📌 Membership inference") is None
    assert strip_section_number("📌 Membership inference") == "📌 Membership inference"


def test_a_parsed_doc_leaves_nothing_behind_once_let_go() -> None:
    """A living doc's IDs are read once: no memo may keep its matches (or its text) alive after
    the doc itself is gone (at 8,000 notes they held ~8 MB through the whole run)."""
    import gc
    import tracemalloc

    def doc_text(word: str) -> str:
        rows = "\n".join(
            f"- {word} {n}: see arXiv:2601.{n:05d} and arxiv.org/abs/2602.{n:05d}"
            for n in range(3000)
        )
        return "# Doc\n\n## 1 Section\n\n" + rows + "\n"

    parse_living_doc(doc_text("Paper"), "organized/knowledge/t.md", "t")  # imports, patterns
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        doc = parse_living_doc(doc_text("Study"), "organized/knowledge/t.md", "t")
        assert sum(len(s.anchors) for s in doc.sections) >= 6000
        del doc
        gc.collect()
        left = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert left < 500_000  # the 6,000 matches of a 190 KB doc held ~2 MB


@pytest.mark.parametrize(
    ("heading", "number", "title"),
    [
        ("[2.2] Universal / foundation potentials", "§2.2", "Universal / foundation potentials"),
        ("[1] Crystal structures", "§1", "Crystal structures"),
        ("(3) Data", "§3", "Data"),
        ("【4.1】 数据", "§4.1", "数据"),
        ("2.A Whole-proof generation", "§2.A", "Whole-proof generation"),
        ("3.b Premise search", "§3.B", "Premise search"),
        ("§4.A Proof repair", "§4.A", "Proof repair"),
        # a letter under a numbered section labels a sub-heading; a bracketed word is a title
        ("1.2.a · tree search over plans", None, "1.2.a · tree search over plans"),
        ("[WIP] Reading queue", None, "[WIP] Reading queue"),
        ("U.S. policy notes", None, "U.S. policy notes"),
    ],
)
def test_bracketed_and_lettered_section_numbers(
    heading: str, number: str | None, title: str
) -> None:
    """Docs that number "[2.2] …" or letter the sections of a part ("2.A …") have sections the
    notes and the briefing name §2.2 and §2.A."""
    assert section_number(heading) == number
    assert strip_section_number(heading) == title


LETTERED_DOC = """# mathai — living doc

## 1 — Autoformalization

### 1.A Statement autoformalization

- **StmtForm** — arXiv:2601.00001

### 1.B Proof sketches

- **SketchIt** — arXiv:2601.00002

#### Further reading

- **OldSketch** — arXiv:2601.00003

## 2 — Provers

### 2.A Whole-proof generation

- **WholeProof** — arXiv:2601.00004
"""


def test_a_doc_lettering_its_sections_anchors_and_resolves_by_letter() -> None:
    doc = parse_living_doc(LETTERED_DOC, "mathai.md", "mathai")
    index = SectionIndex(doc)
    assert index.anchor_section == {
        "2601.00001": "§1.A",
        "2601.00002": "§1.B",
        "2601.00003": "§1.B",  # an unnumbered sub-heading belongs to the lettered section above
        "2601.00004": "§2.A",
    }
    assert index.resolve("1.b").label == "§1.B"  # type: ignore[union-attr]
    assert index.resolve("§2.A").label == "§2.A"  # type: ignore[union-attr]


def test_a_lettered_hint_into_a_doc_without_letters_names_the_numbered_section() -> None:
    """ "→ 1.2.a" where the doc's §1.2 has no lettered parts: §1.2, not "a missing section"."""
    doc = parse_living_doc(
        "# t\n\n## 1 Planning\n\n### 1.1 Loops\n\n- a 2608.14376\n\n### 1.2 Search\n\n- b 2608.11668\n",
        "x.md",
        "t",
    )
    index = SectionIndex(doc)
    assert index.resolve("1.2.a").label == "§1.2"  # type: ignore[union-attr]
    assert index.resolve("§1.B").label == "§1"  # type: ignore[union-attr]
