"""The splitter on note styles beyond the sample relay (English, tables, link lists, nesting)."""

from __future__ import annotations

from pathlib import Path

from curator.notes import split_note

DATA = Path(__file__).resolve().parents[1] / "data"


def _items(text: str):
    return split_note(text, "inbox/x/2026-08-20-x.md").items


def test_english_note_items_fields():
    items = _items((DATA / "english-note.md").read_text(encoding="utf-8"))
    by_label = {it.label: it for it in items}
    one = by_label["Item 1"]
    assert one.title == "FlashDecoding++ v3" and one.primary_arxiv == "2608.12345"
    assert one.section_hint == "§1.4" and one.priority == "🔴"
    assert (
        one.caveats == ["only tested with batch 1"] and "2.1x decode speedup on H100" in one.points
    )
    two = by_label["Item 2"]
    assert two.urls == ["https://blog.vllm.ai/2026/08/19/disagg.html"] and two.caveats == [
        "vendor benchmark"
    ]
    assert by_label["#1"].primary_arxiv == "2608.22222" and by_label["#1"].priority == "🟠"
    assert by_label["#2"].primary_arxiv == "2608.33333"
    table = next(it for it in items if it.title == "MoE-Lightning")
    assert table.primary_arxiv == "2608.44444" and table.section_hint == "§1.5"
    assert not any("2608.55555" in it.arxiv for it in items), "a 'not relevant' list is not items"
    assert not any(it.label and it.label.startswith("Paper") for it in items)


def test_briefing_paragraph_style():
    text = (
        "状态\n- 增量条数: 2 条\n一、最重要的增量\n"
        "增量 1【KV · §1.3】🔴 Foo(arXiv:2608.11111):bar ★★\n来源: inbox/a/x.md(增量1)\n要点:\n- p1\n警示: - c1 - c2\n建议归入节: §1.3\n"
        "邻接 A【引擎 · §1.1】🟡 Baz:qux\n来源: inbox/b/y.md(条目2)\nURL: https://example.org/post\n"
        "二、值得警惕的矛盾\n| # | 项 | 来源 |\n|---|---|---|\n| 1 | Foo 数字 | arXiv:2608.11111 |\n"
    )
    items = _items(text)
    assert [it.label for it in items] == ["增量1", "邻接A"]
    foo, baz = items
    assert foo.primary_arxiv == "2608.11111" and foo.priority == "🔴" and foo.stars == 2
    assert foo.caveats == ["c1", "c2"] and foo.section_hint == "§1.3"
    assert baz.urls == ["https://example.org/post"] and baz.section_hint == "§1.1"


def test_numbered_list_with_bold_labels_and_nested_fields():
    text = (
        "# filter\n\n1. **条目1** Foo blog\n   - URL: https://foo.dev/a/\n   - 价值:高\n"
        "2. **条目2** Bar — arxiv 2608.22222\n   - 待核:needs PDF\n\n小结\n- 条目1+2 是一组\n"
    )
    split = split_note(text, "inbox/j/2026-08-20T1000-f.md")
    labels = {it.label: it for it in split.items}
    assert labels["条目1"].urls == ["https://foo.dev/a/"]
    assert labels["条目2"].primary_arxiv == "2608.22222" and labels["条目2"].caveats == [
        "needs PDF"
    ]
    assert split.groups and split.groups[0][0] == ["条目1", "条目2"]


def test_html_comment_and_details():
    text = "<!-- 2608.99999 hidden -->\n<details><summary>增量1 CoRun</summary>\n- arXiv: 2608.14376\n</details>\n"
    split = split_note(text, "n.md")
    assert "2608.99999" not in split.ids
    assert split.items and split.items[0].primary_arxiv == "2608.14376"
