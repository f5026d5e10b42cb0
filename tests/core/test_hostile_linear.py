"""Hostile notes stay linear, and the limits that bound them hold (issue 12: a 1 MB hostile note in < 2 s).

Each test compares work, not wall time against a constant: a count of calls that must not grow with
the note, the same answers from a faster path, or the CPU time of n against 4n copies in the same
test (linear is ~4x, quadratic 16x; the bound of 9x on the best of three leaves room for a noisy
machine), as tests/core/test_split_linear.py does.
"""

from __future__ import annotations

import gc
import random
import re
import time

import pytest

from curator import mentions, note_items, notes
from curator.arxiv import find_ids
from curator.hints import _patterns, read_hints
from curator.lexicon import default_lexicon, forget_texts
from curator.mdblocks import plain_inline
from curator.models import Item
from curator.note_items import clean_title
from curator.notes import split_note
from curator.regex_needs import first_char_guard, first_class
from curator.urls import find_urls

PATH = "inbox/al/2026-08-20T1200-x.md"


def _best_cpu(fn, *args, rounds: int = 3) -> float:  # type: ignore[no-untyped-def]
    """The least CPU time of *rounds* calls in this thread, the collector held off.

    Neither is the cost being measured: a thread an earlier test left running counts in the
    process's time (a large case that always overlaps its wake-ups, a small one that can fit
    between them: CI read 10x for 4x the input, 4-6x alone), and the collector's passes scan
    every object the test process holds."""
    best = float("inf")
    for _ in range(rounds):
        forget_texts(plain_inline.cache_clear)
        gc.collect()
        gc.disable()
        try:
            start = time.thread_time()
            fn(*args)
            best = min(best, time.thread_time() - start)
        finally:
            gc.enable()
    return best


# --- clean_title: one pass per step ----------------------------------------------------------


def _clean_title_before(text: str) -> str:
    """clean_title as it was (a cut and a prefix search per ID): the reference for the same answers."""
    for _u, s, e in sorted(find_urls(text), key=lambda t: -t[1]):
        text = text[:s] + text[e:]
    for m in sorted(find_ids(text), key=lambda m: -m.start):
        s = m.start
        prefix = re.search(r"(?:arxiv|arXiv|ARXIV)\s*[:：]?\s*$", text[:s])
        if prefix:
            s = prefix.start()
        text = text[:s] + text[m.end :]
    text = re.sub(r"[(（\[]\s*[,，;；:：\s]*[)）\]]", "", text)
    text = re.sub(r"[(（]\s*[,，;；]\s*", "(", text)
    text = re.sub(r"\s*[,，;；]\s*[)）]", ")", text)
    text = re.sub(r"^[\s:：\-—–·.、|]+", "", text)
    text = re.sub(r"[\s:：\-—–·、|,，]+$", "", text)
    return re.sub(r"\s{2,}", " ", text).strip()


_ATOMS = [
    "arXiv",
    "arxiv",
    "ARXIV",
    "ArXiv",
    ":",
    "：",
    " ",
    "\n",
    "\t",
    "\u3000",
    "2608.10001",
    "2608.1234",
    "v2",
    "(",
    ")",
    "（",
    "）",
    "[",
    "]",
    ",",
    "，",
    ";",
    "；",
    "|",
    "-",
    "—",
    "–",
    "·",
    ".",
    "、",
    "x",
    "Foo",
    "https://example.org/a",
    "hep-th/9901001",
    "arXiv:2608.10002",
    "<https://a.b/c>",
    "http://x.y",
]


def test_clean_title_answers_as_before() -> None:
    rng = random.Random(12)
    for _ in range(20_000):
        text = "".join(rng.choice(_ATOMS) for _ in range(rng.randrange(0, 14)))
        assert clean_title(text) == _clean_title_before(text), repr(text)


def test_a_table_row_of_many_ids_is_cleaned_in_linear_time() -> None:
    def row(n: int) -> str:
        return " | ".join(["arXiv: 2608.10001"] * n) + " | , ; " + " " * n

    small, large = _best_cpu(clean_title, row(2_000)), _best_cpu(clean_title, row(8_000))
    assert large < 9 * max(small, 0.005), (small, large)


# --- hint regexes: their words' first letters first --------------------------------------------


def test_first_char_guard_finds_the_same_matches() -> None:
    number, _trailing, title, in_num, _named = _patterns(default_lexicon())
    texts = [
        "Section: 1.2 and → 3.4; belongs in §2.1, goes under Memory. 放 1.1",
        " ".join(f"2608.{i:05d}" for i in range(3_000)),
        "x\n" * 2_000 + "file under: KV cache\nsee 4.3 material",
        "建议归入 §4.3，或者 2.1 那节",
    ]
    for rx in (number, title, in_num):
        plain = (
            re.compile(rx.pattern.split("))(?:", 1)[1][:-1], rx.flags)
            if rx.pattern.startswith("(?=")
            else rx
        )
        for text in texts:
            assert [m.span() for m in rx.finditer(text)] == [m.span() for m in plain.finditer(text)]


def test_first_class_is_none_when_any_character_may_start() -> None:
    assert first_class(r"a?b*") is None  # may match empty
    assert first_class(r".x") is None
    assert first_class(r"[^a]x") is None
    assert first_class(r"(?<!x)(?:ab|cd)e") == "[ac]"
    assert first_char_guard(re.compile(r"\s*x")).pattern.startswith("(?=")


def test_hints_in_an_id_dump_are_read_faster_than_by_the_plain_alternation() -> None:
    """The lookahead turns away positions that start no hint word: a dump of IDs is skipped in C."""
    number, _t, _title, _i, _n = _patterns(default_lexicon())
    plain = re.compile(number.pattern.split("))(?:", 1)[1][:-1], number.flags)
    dump = " ".join(f"2608.{i % 100000:05d}" for i in range(20_000))
    fast = _best_cpu(lambda: list(number.finditer(dump)))
    slow = _best_cpu(lambda: list(plain.finditer(dump)))
    assert fast * 4 < slow, (fast, slow)
    assert read_hints(dump + " Section: 1.2") != []


# --- lines without a dot or a slash are not read for citations ----------------------------------


def test_lines_citing_nothing_are_not_searched_for_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"n": 0}

    def counting(real):  # type: ignore[no-untyped-def]
        def inner(text: str):  # type: ignore[no-untyped-def]
            calls["n"] += 1
            return real(text)

        return inner

    monkeypatch.setattr(mentions, "find_ids", counting(mentions.find_ids))
    monkeypatch.setattr(mentions, "find_urls", counting(mentions.find_urls))
    monkeypatch.setattr(note_items, "find_ids", counting(note_items.find_ids))
    counts = []
    for n in (1_000, 4_000):
        forget_texts(plain_inline.cache_clear)
        calls["n"] = 0
        split_note(
            "- a point\n" * n
            + "\n"
            + "one line\n" * n
            + "\n"
            + "".join(f"## Heading {i}\n" for i in range(n)),
            PATH,
        )
        counts.append(calls["n"])
    assert counts[1] <= counts[0] + 4, counts


@pytest.mark.parametrize(
    "make",
    [
        lambda n: "- x\n" * n,
        lambda n: "x\n\n" * n,
        lambda n: "".join(f"## Heading {i}\n" for i in range(n)),
        lambda n: "|" + "a|" * n + "\n|" + "-|" * n + "\n" + ("|" + "2608.10001|" * n + "\n") * 4,
    ],
    ids=["list entries", "paragraphs", "distinct headings", "wide table"],
)
def test_four_times_the_flood_costs_about_four_times(make) -> None:  # type: ignore[no-untyped-def]
    # five rounds: under CI's load one of three was once 1.09 s where 0.64-0.90 s is usual
    small, large = (
        _best_cpu(split_note, make(2_000), PATH, rounds=5),
        _best_cpu(split_note, make(8_000), PATH, rounds=5),
    )
    assert large < 9 * max(small, 0.01), (small, large)


# --- the limits ------------------------------------------------------------------------------------


def test_a_dump_is_read_up_to_its_limit_of_citing_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past MAX_CITING_LINES lines citing something, the rest of a note is not read (and it says so);
    a note within the limit is read whole.  The limit itself stays above bad-inputs' 3,000 write-ups."""
    assert notes.MAX_CITING_LINES >= 3_000
    monkeypatch.setattr(notes, "MAX_CITING_LINES", 50)
    entries = "".join(f"- 2608.{i:05d} plain words\n" for i in range(80))
    split = split_note("# dump\n\n" + entries + "- not ours\n", PATH)
    assert len(split.items) == 50
    assert [it.primary_arxiv for it in split.items][-1] == "2608.00049"
    assert any("only the first 50" in w for w in split.warnings), split.warnings
    whole = split_note("# list\n\n" + entries[: entries.index("- 2608.00050")], PATH)
    assert len(whole.items) == 50 and not any("first 50" in w for w in whole.warnings)


def test_lines_without_citations_do_not_count_toward_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(notes, "MAX_CITING_LINES", 50)
    text = "words. and more / words\n" * 400 + "".join(
        f"- 2608.{i:05d} plain words\n" for i in range(40)
    )
    split = split_note(text, PATH)
    assert len(split.items) == 40 and not split.warnings


def _bare_item(text: str) -> Item:
    """An item that is only its text (what section wording reads)."""
    return Item(note=PATH, label=None, title="t", line_start=1, line_end=1, text=text)


def test_wording_is_scored_on_the_first_characters_of_an_item() -> None:
    """An item's text past WORDING_CHARS does not change its section scores (a dump's long line);
    one within it is scored whole."""
    from curator.living_doc import parse_living_doc
    from curator.suggest import WORDING_CHARS, SectionIndex

    doc = parse_living_doc(
        "# Serving\n\n## Retrieval\n\n- dense retrieval index 2608.14376\n\n## Memory\n\n- KV cache paging 2608.13558\n",
        "x.md",
        "t",
    )
    index = SectionIndex(doc)
    item = _bare_item

    head = ("filler " * WORDING_CHARS)[:WORDING_CHARS]
    cut = index.suggest([item(head)])
    assert index.suggest([item(head + " KV cache paging" * 5_000)]) == cut
    assert index.suggest([item(head[: WORDING_CHARS // 2] + " KV cache paging")]) != index.suggest(
        [item(head[: WORDING_CHARS // 2])]
    )


def test_a_flood_is_read_up_to_its_limit_of_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past MAX_NOTE_LINES lines the rest of a note is not read (and it says so); a note within the
    limit, or with only a blank line past it, is read whole.  The limit stays far above real notes."""
    assert notes.MAX_NOTE_LINES >= 50_000
    monkeypatch.setattr(notes, "MAX_NOTE_LINES", 100)
    late = "x\n" * 120 + "- 2608.10001 a paper\n"
    split = split_note(late, PATH)
    assert not split.items and any("only the first 100" in w for w in split.warnings), (
        split.warnings
    )
    early = "x\n" * 60 + "\n- 2608.10001 a paper\n" + "y\n" * 37 + "\n"
    assert early.count("\n") == 100
    split = split_note(early, PATH)
    assert [it.primary_arxiv for it in split.items] == ["2608.10001"] and not split.warnings


def test_ids_and_links_are_stripped_as_by_the_pattern_in_linear_time() -> None:
    """strip_ids_and_links answers as ``_ID_OR_LINK.sub`` does, without rereading a long run of
    "a.a.a…" from each of its word starts (8,000 characters of it took 1.8 s in the pattern)."""
    from curator.overlap_inputs import _ID_OR_LINK, strip_ids_and_links

    atoms = [
        "a",
        "B",
        ".",
        "-",
        "_",
        "com",
        "COM",
        "io",
        "cn",
        "blog",
        "/",
        " ",
        "\n",
        "2608.00001",
        "2608.1234",
        "v2",
        "arxiv",
        "arXiv",
        ":",
        "www.",
        "http://",
        "中",
        "x.com/",
        "a.b",
        "12345",
        "é",
    ]
    rng = random.Random(3)
    for _ in range(20_000):
        text = "".join(rng.choice(atoms) for _ in range(rng.randrange(0, 16)))
        assert strip_ids_and_links(text) == _ID_OR_LINK.sub(" ", text), repr(text)

    def run(n: int) -> str:
        return "a." * n + " x.com/y " + "a-" * n + ".io/ arXiv:2608.00001"

    assert strip_ids_and_links(run(500)) == _ID_OR_LINK.sub(" ", run(500))
    small, large = (
        _best_cpu(strip_ids_and_links, run(20_000)),
        _best_cpu(strip_ids_and_links, run(80_000)),
    )
    assert large < 9 * max(small, 0.002), (small, large)


def test_field_and_separator_patterns_turn_down_long_space_runs_quickly() -> None:
    """A field name after 2,000 spaces took a second to turn down (the spaces were given back to the
    name one by one); a joiner or a segment bar was looked for from each space of a run.  The same
    answers, in time that grows with the run, not its square."""
    from curator.briefing_facts import _JOINER_RE
    from curator.cards import _SEGMENT_SPLIT_RE
    from curator.fields import match_field

    assert match_field("  - **Link** :  https://a.b/c") is not None
    assert match_field("-   : x") is None
    assert _JOINER_RE.split("a , , b and c") == ["a", "", "b", "c"]
    assert _SEGMENT_SPLIT_RE.split("a | b · c｜d") == ["a", "b", "c", "d"]

    def lines(n: int) -> None:
        for text in (" " * n + "x", "- " + " " * n + "x", "> " * n + "x"):
            match_field(text)
            _JOINER_RE.split(text)
            _SEGMENT_SPLIT_RE.split(text)

    small, large = _best_cpu(lines, 2_000), _best_cpu(lines, 8_000)
    assert large < 9 * max(small, 0.002), (small, large)


def test_title_and_doc_patterns_are_linear_on_long_runs() -> None:
    """Patterns once tried from each character of a long run (rescanning the rest of it each time):
    a bare-host link reader over "a.a.a…", a bracket after spaces, a number after letters, a table
    delimiter row of spaces, a title's edge characters.  Same answers, linear time."""
    from curator.doc_anchors import _DELIM_ROW_RE
    from curator.link_strip import URL_TLDS as _URL_TLDS
    from curator.link_strip import strip_links
    from curator.matcher import _NUMBER
    from curator.section_titles import title_variants as _title_variants

    # the pattern strip_links reads in linear time, as a regex tries it from every word start
    _URL = re.compile(
        r"(?:https?://|www\.)\S+|\b[\w.-]+\.(?:com|org|net|io|ai|dev|cn|xyz|blog|app)/\S*",
        re.IGNORECASE,
    )

    assert _NUMBER.findall("gpt4 and 7b, 1a2") == ["gpt4", "7b", "1a", "2"]
    assert _DELIM_ROW_RE.match("| --- | :-: |") and not _DELIM_ROW_RE.match("| a | b |")
    assert _title_variants("  Memory (KV cache) 。") == ("memory (kv cache)", "memory", "kv cache")
    sample = "see x.com/a and www.b.org c.io/ d http://e 2608.00001"
    assert strip_links(sample, _URL_TLDS) == _URL.sub(" ", sample)

    def runs(n: int) -> None:
        _NUMBER.findall("a" * n)
        _DELIM_ROW_RE.match(" " * n + "x")
        _title_variants("x" + " ." * n + " (y)" + " " * n + "z")
        strip_links("a." * n + " " + "b-" * n + ".app/", _URL_TLDS)

    small, large = _best_cpu(runs, 2_000), _best_cpu(runs, 8_000)
    assert large < 9 * max(small, 0.002), (small, large)


def test_an_html_list_of_unclosed_links_reads_in_linear_time() -> None:
    """A pasted ``<li>`` line of thousands of ``<a href=…>`` never closed: each link's text is
    sought at most 300 characters on, so 4x the line costs ~4x, not 16x."""
    from curator.note_formats import read_formats

    def note(n: int) -> str:
        return (
            "<ul>\n<li>"
            + '<a href="https://e.org/x">x <a href="https://e.org/y">' * n
            + "\n</ul>\n"
        )

    small, large = _best_cpu(read_formats, note(2_000)), _best_cpu(read_formats, note(8_000))
    assert large <= 9 * max(small, 1e-3), (small, large)


def test_a_new_version_of_a_paper_is_filed_where_the_first_one_was() -> None:
    """ "2604.01562v2" read as words ("v", "2") moved a marginal section (relay-hw with every ID
    versioned): an item's version suffixes do not change its suggestions."""
    from curator.link_strip import unversioned
    from curator.living_doc import parse_living_doc
    from curator.suggest import SectionIndex

    assert unversioned("arXiv:2604.01562v2 and 2604.01563v12, v2 of 2604.01564") == (
        "arXiv:2604.01562 and 2604.01563, v2 of 2604.01564"
    )
    doc = parse_living_doc(
        "# Numerics\n\n## MX formats\n\n- MX v2 scaling 2 v2 2604.00001\n\n"
        "## Kernels\n\n- CUDA kernels 2604.00002\n",
        "x.md",
        "t",
    )
    index = SectionIndex(doc)
    item = _bare_item

    plain = index.suggest([item("loss spikes, kernels https://arxiv.org/abs/2604.01562")])
    assert index.suggest([item("loss spikes, kernels https://arxiv.org/abs/2604.01562v2")]) == plain
