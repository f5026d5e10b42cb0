"""The phrase tables (curator.lexicon): the packaged files, a workspace's [lexicon] table, and switching workspaces."""

from __future__ import annotations

import re
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from curator.analysis import analyze
from curator.config import load_config
from curator.fields import match_field
from curator.hints import read_hints
from curator.lexicon import (
    default_lexicon,
    load_lexicon,
    memo,
    packaged_lexicon,
    phrases_dir,
    use_lexicon,
)
from curator.notes import split_note
from curator.verdicts import VerdictReader

PACKAGED = sorted(phrases_dir().glob("*.toml"))
NAMES = {
    "topic": "(?:evaluation|eval|评测)",
    "other": "(?:rag|agents|检索)",
    "person": "(?:alice|bob)",
}


@pytest.fixture(autouse=True)
def _packaged_again() -> Iterator[None]:
    """A workspace's words must not leak into the next test."""
    use_lexicon(packaged_lexicon())
    yield
    use_lexicon(packaged_lexicon())


def _patterns(data: object, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _patterns(v, f"{path}.{k}" if path else k)
    elif isinstance(data, list):
        for v in data:
            if isinstance(v, str) and v.startswith("re:"):
                yield path, v


# --- the packaged tables -------------------------------------------------------------------------


def test_the_packaged_files_are_there() -> None:
    assert {"common.toml", "en.toml", "zh.toml", "ja.toml", "es.toml", "de.toml"} <= {
        p.name for p in PACKAGED
    }


@pytest.mark.parametrize("path", PACKAGED, ids=[p.name for p in PACKAGED])
def test_every_packaged_file_parses(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data, f"{path.name} is empty"
    for table, value in data.items():
        assert isinstance(value, dict), f"{path.name}: top-level {table!r} is not a table"


PATTERN_ENTRIES = [
    (p.name, where, entry)
    for p in PACKAGED
    for where, entry in _patterns(tomllib.loads(p.read_text(encoding="utf-8")))
]


@pytest.mark.parametrize(
    ("name", "where", "entry"),
    PATTERN_ENTRIES,
    ids=[f"{n}:{w}:{i}" for i, (n, w, _e) in enumerate(PATTERN_ENTRIES)],
)
def test_every_packaged_pattern_compiles_with_its_placeholders_filled(
    name: str, where: str, entry: str
) -> None:
    source = re.sub(r"\{(topic|other|person)\}", lambda m: NAMES[m[1]], entry[3:])
    re.compile(source, re.IGNORECASE | re.MULTILINE)


def test_every_packaged_table_compiles_as_one_pattern() -> None:
    lex = packaged_lexicon()

    def keys(data: dict, prefix: str = "") -> Iterator[tuple[str, str]]:
        for k, v in data.items():
            if isinstance(v, dict):
                yield from keys(v, f"{prefix}.{k}" if prefix else k)
            elif isinstance(v, list) and prefix:
                yield prefix, k

    n = 0
    for table, key in keys(lex.data):
        lex.pattern(table, key, ["evaluation", "评测"], ["rag"], ["alice"])
        n += 1
    assert n > 50


def test_the_merged_tables_hold_every_language() -> None:
    lex = packaged_lexicon()
    dismiss = lex.literals("remarks", "dismiss")
    for phrase in ("skip", "跳过", "スキップ", "fuera de alcance", "überspringen"):
        assert phrase in dismiss


# --- a workspace's entries are literal ----------------------------------------------------------


def test_a_workspace_pattern_is_taken_literally_and_fast() -> None:
    lex = load_lexicon({"remarks": {"dismiss": ["re:(a+)+$"]}, "fields": {"link": ["re:(a+)+$"]}})
    pat = lex.pattern("remarks", "dismiss")
    assert pat.search("see re:(a+)+$ here")
    hostile = "a" * 24 + "!"
    t0 = time.perf_counter()
    assert not pat.search(hostile)
    assert not pat.search("aaaa")
    assert time.perf_counter() - t0 < 0.5

    reader = VerdictReader(lex, ["evaluation"], ["rag"], [])
    t0 = time.perf_counter()
    assert [v.kind for v in reader.read(hostile * 20)] == []
    assert [v.kind for v in reader.read("verdict: re:(a+)+$")] == ["dismiss"]
    use_lexicon(lex)
    assert match_field(hostile + ": https://example.org/x") is None
    assert time.perf_counter() - t0 < 0.5


def test_a_workspace_pattern_in_hint_words_is_literal() -> None:
    lex = load_lexicon({"hints": {"before": ["re:.*"]}})
    assert [h.kind for h in read_hints("nothing here 2.3", lex)] == []
    assert ("number", "2.3") in [(h.kind, h.value) for h in read_hints("re:.* 2.3", lex)]


def test_a_workspace_phrase_extends_the_packaged_ones() -> None:
    lex = load_lexicon({"remarks": {"dismiss": ["nicht unser Bier"]}})
    assert "nicht unser bier" in lex.literals("remarks", "dismiss")
    assert "skip" in lex.literals("remarks", "dismiss")  # the packaged phrases stay
    assert lex.fingerprint != packaged_lexicon().fingerprint
    assert load_lexicon({}) is packaged_lexicon() and load_lexicon(None) is packaged_lexicon()


def test_use_lexicon_rebuilds_what_was_derived_and_a_same_lexicon_is_a_no_op() -> None:
    calls: list[str] = []

    @memo
    def derived() -> str:
        calls.append(default_lexicon().fingerprint)
        return default_lexicon().fingerprint

    assert derived() == packaged_lexicon().fingerprint
    derived()
    assert len(calls) == 1
    use_lexicon(load_lexicon({"remarks": {"dismiss": ["nicht unser Bier"]}}))
    assert derived() != packaged_lexicon().fingerprint and len(calls) == 2
    use_lexicon(
        load_lexicon({"remarks": {"dismiss": ["nicht unser Bier"]}})
    )  # the same words again
    derived()
    assert len(calls) == 2
    use_lexicon(packaged_lexicon())
    assert derived() == packaged_lexicon().fingerprint and len(calls) == 3


# --- a workspace's curator.toml -------------------------------------------------------------------

EVAL_DOC = """# evaluation living doc

> Topic: evaluation

## §1 Evaluation

### §1.1 Benchmark contamination

- **ContamProbe** (arXiv:2610.01234): membership inference detects contamination; paraphrased leakage of test questions.

### §1.2 LLM-as-judge reliability

- Position bias and verbosity bias of judge models; calibration of judge scores; rubric design.
"""

FIELD_NOTE = """# Lesestoff

## Judge calibration with rubric anchors

Fundstelle: https://judgelab.example.org/rubric-anchors
Kernpunkte: rubric anchors lower judge variance.

## Contamination audits at scale

Quelle: https://audits.example.net/contam
"""


def _workspace(root: Path, toml_extra: str = "", notes: dict[str, str] | None = None) -> Path:
    (root / "organized/knowledge").mkdir(parents=True)
    (root / "organized/knowledge/evaluation.md").write_text(EVAL_DOC, encoding="utf-8")
    (root / "curator.toml").write_text(
        'topic = "evaluation"\ntimezone = "Europe/Berlin"\n' + toml_extra, encoding="utf-8"
    )
    for rel, text in (notes or {}).items():
        p = root / "inbox" / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    (root / "inbox").mkdir(exist_ok=True)
    return root


def _split_items(text: str) -> dict[str, list[str]]:
    return {it.title: it.urls for it in split_note(text, "inbox/alice/2026-11-20T1000-x.md").items}


def test_a_workspace_field_word_makes_a_link_field_and_switching_back_forgets_it(
    tmp_path: Path,
) -> None:
    team = _workspace(tmp_path / "team", '[lexicon.fields]\nlink = ["Quelle", "Fundstelle"]\n')
    plain = _workspace(tmp_path / "plain")
    before = _split_items(FIELD_NOTE)
    assert "Judge calibration with rubric anchors" not in before  # "Fundstelle:" is no field here
    assert before["Contamination audits at scale"] == [
        "https://audits.example.net/contam"
    ]  # "Quelle" is packaged (de)
    load_config(team)
    assert match_field("Fundstelle: https://judgelab.example.org/x").kind == "link"
    assert match_field("Quelle: https://audits.example.net/contam").kind == "link"
    assert _split_items(FIELD_NOTE) == {
        "Judge calibration with rubric anchors": ["https://judgelab.example.org/rubric-anchors"],
        "Contamination audits at scale": ["https://audits.example.net/contam"],
    }
    load_config(plain)
    assert match_field("Fundstelle: https://judgelab.example.org/x") is None
    assert "Judge calibration with rubric anchors" not in _split_items(FIELD_NOTE)


SINCE, UNTIL = "2026-11-19T18:00:00+01:00", "2026-11-20T18:00:00+01:00"
REMARK_NOTE = """# Tonight's reading

- **Paraphrased leakage probes for benchmark contamination** (arXiv:2611.05823): detects paraphrased leakage
  of test questions. Nicht für uns.
- **Verbosity bias of judge models** (arXiv:2611.05824): judges prefer long answers. Passt nicht zu uns.
- **Position bias of judge models revisited** (arXiv:2611.05825): pairwise judges disagree with raters.
"""


def _statuses(root: Path) -> dict[str, tuple[str, str, str]]:
    a = analyze(root, since=SINCE, until=UNTIL)
    return {inc.id: (inc.status, inc.status_rule, inc.status_reason) for inc in a.increments}


def test_a_workspace_remark_takes_an_item_off_topic_end_to_end(tmp_path: Path) -> None:
    notes = {"alice/2026-11-20T1000-x.md": REMARK_NOTE}
    team = _workspace(
        tmp_path / "team",
        '[lexicon.remarks]\ndismiss = ["nicht für uns", "passt nicht zu uns"]\n',
        notes,
    )
    plain = _workspace(tmp_path / "plain", "", notes)

    got = _statuses(team)
    assert (
        got["2611.05823"][:2] == ("off-topic", "author-verdict")
        and "Nicht für uns" in got["2611.05823"][2]
    )
    assert (
        got["2611.05824"][:2] == ("off-topic", "author-verdict")
        and "Passt nicht zu uns" in got["2611.05824"][2]
    )
    assert got["2611.05825"][0] == "new"

    # the same notes in a workspace without those words ("nicht für uns" is a packaged German phrase)
    got = _statuses(plain)
    assert got["2611.05823"][:2] == ("off-topic", "author-verdict")
    assert got["2611.05824"][0] == "new", got["2611.05824"]
    assert got["2611.05825"][0] == "new"


def _relay_lines() -> list[str]:
    from curator.textio import read_text

    root = Path(__file__).resolve().parents[1]
    folders = [root.parent.parent / "shared" / "sample-relay", *sorted((root / "relays").iterdir())]
    lines: list[str] = []
    for folder in folders:
        for path in sorted((folder / "inbox").rglob("*.md")):
            # as curator reads a note: a relay may hold one in another encoding (Windows-1252)
            text = read_text(path).text
            lines.extend(ln for ln in text.splitlines() if ln.strip())
    return lines


def test_phrase_sets_find_exactly_what_the_whole_alternation_finds() -> None:
    """PhraseSet is a faster way to run one alternation: on every line of every relay's notes
    (and lines made to hold the names) it must yield the very same matches, in order."""
    from curator.lexicon import packaged_lexicon

    lex = packaged_lexicon()
    topic = lex.topic_names("agents")
    others = sorted(
        {n for t in lex.table("topics") if t != "agents" for n in lex.topic_names(t)} - set(topic)
    )
    people = ["tom", "Ana", "준호"]
    made = [
        f"{a} {b} {c}"
        for a in ("→", "not for", "passing it to the", "转给")
        for b in (*others[:6], "tom")
        for c in ("folks.", "那边", "")
    ]
    texts = _relay_lines() + made
    assert len(texts) > 500
    for key in ("redirect", "not_topic", "dismiss", "reported", "covered", "keep", "note_none"):
        whole = lex.pattern("remarks", key, topic, others, people)
        fast = lex.phrases("remarks", key, topic, others, people)
        for text in texts:
            assert [m.span() for m in fast.finditer(text)] == [
                m.span() for m in whole.finditer(text)
            ], (key, text)


def test_chinese_phrases_match_in_either_script() -> None:
    """A colleague in Taipei writes "這篇不是我們的" where the tables say "这篇不是我们的"."""
    from curator.hints import read_hints
    from curator.lexicon import default_lexicon, fold_script
    from curator.verdicts import VerdictReader

    r = VerdictReader(default_lexicon(), ["code"], ["inference"], [])
    assert [v.kind for v in r.read("這篇不是我們的，是 inference 的")][:1] in (
        ["dismiss"],
        ["redirect"],
    )
    assert [(h.kind, h.value) for h in read_hints("歸到 2.1")] == [("number", "2.1")]
    assert fold_script("特徵視覺化那一節") == "特征视觉化那一节"
    assert len(fold_script("這篇")) == 2  # one for one: offsets into the text stay valid


def test_catalan_notes_are_read() -> None:
    from curator.fields import match_field
    from curator.lexicon import default_lexicon
    from curator.verdicts import VerdictReader

    assert match_field("Secció: secció 5.1").kind == "hint"  # type: ignore[union-attr]
    assert match_field("Enllaç: https://arxiv.org/abs/2610.19902").kind == "link"  # type: ignore[union-attr]
    r = VerdictReader(default_lexicon(), ["efficiency"], ["inference"], [])
    assert [v.kind for v in r.read("És de fine-tuning eficient (PEFT), no és nostre.")] == [
        "dismiss"
    ]


@pytest.mark.parametrize(
    "line", ["链接: https://e.org/a", "連結:arXiv:2603.00983", "網址: https://e.org/a"]
)
def test_link_labels_in_either_chinese_script(line: str) -> None:
    """Taipei writes "連結" and "網址" where Beijing writes "链接": both label a link."""
    m = match_field(line)
    assert m is not None and m.kind == "link"


@pytest.mark.parametrize(
    ("line", "kind"),
    [("要點: 快兩倍", "points"), ("判斷: 值得看", "note"), ("建議歸入: 2.1", "hint")],
)
def test_field_labels_written_in_traditional_chinese(line: str, kind: str) -> None:
    """The field labels are data in Simplified ("要点", "判断", "建议归入"); a colleague in Taipei
    writes them in Traditional, and they are the same fields."""
    m = match_field(line)
    assert m is not None and m.kind == kind
