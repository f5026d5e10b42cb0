"""Authors' remarks (curator.verdicts) in the languages the phrase tables cover, with the traps beside them."""

from __future__ import annotations

import pytest
from phrase_support import kinds, reader_for

from curator.lexicon import load_lexicon, packaged_lexicon
from curator.verdicts import OFF_KINDS, VerdictReader

POSITIVES = {
    "redirect": [
        "→ agents",
        "-> rag",
        "forward to bob",
        "for the rag folks",
        "belongs to rag",
        "that's a rag paper",
        "转 rag",
        "这篇是 rag 的",
        "归 rag",
        "rag 那边",
        "转给 bob",
        "これは rag の話",
        "rag チームで拾って",
        "es de rag",
        "para el equipo de rag",
        "gehört zu rag",
        "eher rag",
        "weiter an rag",
    ],
    "not_topic": [
        "not eval",
        "not really eval, more like RL",
        "nothing to do with evaluation",
        "unrelated to evals",
        "不是评测",
        "与评测无关",
        "和 评测 无关",
        "評価ではない",
        "評価とは無関係",
        "nada que ver con evaluation",
        "fuera de evaluation",
        "hat nichts mit evaluation zu tun",
        "keine evaluation",
    ],
    "dismiss": [
        "eh, skip.",
        "Nota: só para contexto, sem PLN. Fora do tema.",
        "es estadística de ensayos, fuera de tema",
        "HarmoniX was withdrawn by the authors (v2 is a withdrawal notice)",
        "HarmoniX yazarlar tarafından geri çekildi.",
        "語音識別 benchmark,冇 LLM ❌ 唔關我哋事",
        "son neurología clínica, no son nuestros.",
        "puuzeni kiungo cha hapo juu, ni karatasi isiyo sahihi",
        "Skip it, not ours",
        "lol no",
        "nope",
        "keyword hit",
        "out of scope",
        "(skip)",
        "**skip**",
        "Drop, not ours",
        "skip; RL paper",
        "跳过",
        "不看",
        "只是关键词命中",
        "不归我们",
        "対象外",
        "スキップ",
        "見送り",
        "fuera de alcance",
        "no es lo nuestro",
        "saltar",
        "nicht für uns",
        "überspringen",
        "verworfen",
    ],
    "reported": [
        "already reported",
        "in yesterday's briefing",
        "don't re-report",
        "不重复报",
        "已经报过",
        "简报已报",
        "上期已报",
        "既報",
        "報告済み",
        "ya reportado",
        "ya salió en el briefing",
        "schon berichtet",
        "stand schon im briefing",
    ],
    "covered": [
        "already anchored",
        "already in the doc",
        "nothing new",
        "an update of the 4.2 entry, not a new item",
        "已锚",
        "活文档 1.1 已锚",
        "已覆盖",
        "活文档已有",
        "掲載済み",
        "ya está anclado",
        "nada nuevo",
        "bereits verankert",
        "nichts neues",
    ],
    "keep": [
        "must read",
        "worth anchoring",
        "必读",
        "值得跟",
        "必読",
        "imprescindible",
        "vale la pena",
        "unbedingt lesen",
        "lesenswert",
    ],
}
POSITIVE_CASES = [(k, t) for k, ts in POSITIVES.items() for t in ts]


@pytest.mark.parametrize(
    ("kind", "text"), POSITIVE_CASES, ids=[f"{k}:{t}" for k, t in POSITIVE_CASES]
)
def test_remarks_are_read(reader: VerdictReader, kind: str, text: str) -> None:
    found = reader.read(text)
    assert found and found[0].kind == kind, found
    assert all(v.text and v.text in " ".join(text.split()) for v in found)


@pytest.mark.parametrize(
    "sentence",
    [
        "Contamination probes for judges, skip.",
        "The harness paper (not eval, it's RL)",
    ],
)
def test_remark_quotes_its_words(reader: VerdictReader, sentence: str) -> None:
    v = reader.read(sentence)[0]
    assert v.kind in OFF_KINDS
    assert ("skip" in v.text) or ("not eval" in v.text)


def test_skip_with_a_reason_is_both_a_dismissal_and_not_this_topic(reader: VerdictReader) -> None:
    assert set(kinds(reader, "skip (not eval, it's RL)")) == {"not_topic", "dismiss"}


def test_not_repeating_a_report_is_reported_not_dismissed(reader: VerdictReader) -> None:
    assert kinds(reader, "不重复报") == ["reported"]
    assert kinds(reader, "昨天报过,不重复报") == ["reported"]


TRAPS = [
    # descriptions, not judgements
    "a single model family is not a benchmark study",
    "agents begin editing, skipping or deleting tests",
    "We skip the warmup phase in our harness",
    "they ignore the prompt and answer anyway",
    "models ignore instructions when the rubric is long",
    "the skip connection matters",
    "They saw a 4-point drop in accuracy",
    "Position bias of judge models revisited",
    "Contamination audits for evaluation suites",
    # another topic named without a remark about the item
    "compared with the rag baseline from last week",
]


@pytest.mark.parametrize("text", TRAPS)
def test_traps_are_not_remarks(reader: VerdictReader, text: str) -> None:
    assert reader.read(text) == []


MORE_TRAPS = [
    pytest.param("Skip-gram probes for judge position bias", id="skip-gram"),
    pytest.param("A drop-in replacement for pairwise judges", id="drop-in"),
    pytest.param("judges show a 4-point drop, mostly on long answers", id="a-drop-comma"),
    pytest.param("The probes were not evaluated on code benchmarks yet", id="not-evaluated"),
    pytest.param("it does not belong to rag, it is ours", id="negated-redirect"),
    pytest.param("no es de rag, es nuestro", id="negated-redirect-es"),
    pytest.param("the benchmark's test split was withdrawn in 2024", id="withdrawn-split"),
    pytest.param("we corrected a wrong label in 3% of the images", id="wrong-label"),
]


@pytest.mark.parametrize("text", MORE_TRAPS)
def test_more_traps_that_are_not_remarks(reader: VerdictReader, text: str) -> None:
    assert not [v for v in reader.read(text) if v.kind in OFF_KINDS]


def test_not_an_evaluation_paper_is_not_this_topic(reader: VerdictReader) -> None:
    assert kinds(reader, "This is not an evaluation paper") == ["not_topic"]


def test_a_remark_about_this_topic_does_not_redirect(reader: VerdictReader) -> None:
    # the topic's own names are never "another topic"
    assert kinds(reader, "→ evaluation") == []
    assert kinds(reader, "belongs to evaluation") == []


def test_the_same_words_redirect_for_the_other_topic() -> None:
    rag_reader = reader_for(packaged_lexicon(), "rag")
    assert kinds(rag_reader, "→ evaluation") == ["redirect"]
    assert kinds(rag_reader, "-> rag") == []


def test_redirect_to_a_person_only_for_people_of_the_inbox(reader: VerdictReader) -> None:
    assert kinds(reader, "forward to carol") == ["redirect"]
    assert kinds(reader, "forward to zed") == []


def test_read_sentences_scopes_each_remark(reader: VerdictReader) -> None:
    text = "Position bias of judge models. Not eval, more like RL. Must read anyway."
    got = reader.read_sentences(text)
    assert [(s.strip(), [v.kind for v in vs]) for s, vs in got] == [
        ("Not eval, more like RL.", ["not_topic"]),
        ("Must read anyway.", ["keep"]),
    ]
    only_off = reader.read_sentences(text, keep=set(OFF_KINDS))
    assert [s.strip() for s, _vs in only_off] == ["Not eval, more like RL."]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("## Summary\nNo new evaluation items today.", "No new evaluation items"),
        ("nothing for evaluation tonight", "nothing for evaluation"),
        ("评测相关:无新增", "评测相关:无新增"),
    ],
)
def test_a_note_declaring_nothing_for_the_topic(
    reader: VerdictReader, text: str, expected: str
) -> None:
    said = reader.declares_none(text)
    assert said is not None and expected in said


@pytest.mark.parametrize(
    "text", ["We found nothing new on judges", "no new rag items", "Position bias of judges"]
)
def test_a_note_not_declaring_nothing(reader: VerdictReader, text: str) -> None:
    assert reader.declares_none(text) is None


def test_a_workspace_phrase_is_a_remark() -> None:
    packaged = reader_for(packaged_lexicon())
    assert packaged.read("passt nicht zu uns") == []
    team = reader_for(
        load_lexicon(
            {
                "remarks": {
                    "dismiss": ["passt nicht zu uns"],
                    "not_topic": ["kein Thema für {topic}"],
                }
            }
        )
    )
    assert kinds(team, "Passt nicht zu uns.") == ["dismiss"]
    assert kinds(team, "kein Thema für eval") == ["not_topic"]
    assert kinds(team, "kein Thema für rag") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Nice idea, but skip.", ["dismiss"]),
        ("drop - not ours", ["dismiss"]),
        ("eh, drop.", ["dismiss"]),
        ("please don't ignore.", []),
        ("これは rag の話ではない", []),
        ("rag 쪽 이야기 아니다", []),
        ("não é de rag", []),
    ],
    ids=[
        "but-skip",
        "dash-separator",
        "eh-drop",
        "negated-dismiss",
        "ja-negation-after",
        "ko-negation-after",
        "pt-negation",
    ],
)
def test_negations_and_clause_ends(reader: VerdictReader, text: str, expected: list[str]) -> None:
    """A judgement word still judges at a clause end; a negation next to a remark turns it off."""
    assert [k for k in kinds(reader, text) if k in OFF_KINDS] == expected


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("RoadDream: video diffusion world model for driving → gen team", "redirect"),
        ("Great → the robotics folks", "redirect"),
        ("→ evaluation team, they own the harness", None),  # this topic's own team
        ("→ our team please", None),
        ("PointSeg-XL — LiDAR-Segmentierung, gehört nicht zu uns (3D-Perception-Team)", "dismiss"),
        ("this one is for the robotics folks.", "redirect"),
        ("one for the robotics side, I think", "redirect"),
        # a sentence that opens with the aspect it speaks of sends nothing anywhere
        ("For the robotics side, everything in the post can be reproduced.", None),
        ("Nice read. For the robotics side, the code is public.", None),
    ],
)
def test_a_redirect_to_another_team_by_any_name(text: str, kind: str | None) -> None:
    from curator.lexicon import default_lexicon
    from curator.verdicts import VerdictReader

    r = VerdictReader(default_lexicon(), ["evaluation"], ["robotics"], ["tom"])
    assert [v.kind for v in r.read(text)][:1] == ([kind] if kind else [])


@pytest.mark.parametrize(
    ("text", "judged"),
    [
        ("eh, skip (not eval, it's RL)", True),
        ("→ forecasting, skip.", True),
        ("not ours, ignore", True),
        ("estilo que o modelo deteta e ignora - → [[Faithfulness of reasoning traces]]", False),
        ("probes whose direction the model simply ignored.", False),
        # an order whose object is the paper's identifier; a sentence that tells of one is not
        ("Correction to my 11:05 list: **drop 2609.19950 (WayBench-AV)**.", True),
        ("skip arXiv:2609.19950, the eval is broken", True),
        ("Ignore https://example.org/post please", True),
        ("They drop 2609.19950 from the table.", False),
        ("a 4-point drop 2609 runs later", False),
        ("drop 2.3 points on the hard split", False),
        # "ignore it" ends its clause as one word does
        ("2603.05172 is a lattice-QCD paper, ignore it", True),
        ("ignore this one.", True),
        ("skip it please", True),
        ("we skip it in the ablation", False),
        ("the model learns to ignore it entirely", False),
        # Spanish and Portuguese "out" alone, after a sign or an emoji, ending its sentence
        ("- 2710.20744 (gigantes rojas): bonito, pero sin ML. Fuera.", True),
        ("es de fútbol, la definición clínica 😂 fuera", True),
        ("{++marcas de agua, no es de equidad. Fuera.++}", True),
        ("Nadie fuera de este chat puede leerlos.", False),
        ("trabajamos fuera de casa esta semana", False),
        ("lo vimos desde fuera", False),
        ("interessante, mas sem ML. Fora.", True),
        ("fora do tempo de treino", False),
    ],
)
def test_a_one_word_dismissal_leads_its_clause(text: str, judged: bool) -> None:
    from curator.lexicon import default_lexicon
    from curator.verdicts import VerdictReader

    r = VerdictReader(default_lexicon(), ["evaluation"], ["rag"], [])
    assert any(v.kind == "dismiss" for v in r.read(text)) is judged


def test_a_quoted_remark_starts_and_ends_on_whole_words(reader: VerdictReader) -> None:
    """The quote a reason shows keeps the identifier whole ("2609.16230", not "609.16230")."""
    text = "- 2609.16230 SwarmPlan and its multi-agent planners — drones. Out of scope for us here."
    v = reader.read(text)[0]
    assert v.kind in OFF_KINDS
    assert "2609.16230" in v.text or not any(c.isdigit() for c in v.text)
    first, last = v.text.split()[0], v.text.split()[-1]
    assert first in text.split() and last.rstrip(".") in [w.rstrip(".") for w in text.split()]


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("Not an evaluation paper per se, but it is where future benchmarks will come from.", []),
        ("Not ours as such, but the harness is worth a look.", []),
        ("Kein Evaluation-Paper an sich, aber nützlich.", []),
        ("Not an evaluation paper.", ["not_topic"]),
        ("not ours, skip", ["dismiss"]),
    ],
)
def test_a_verdict_narrowed_to_a_label_is_no_verdict(text: str, kinds: list[str]) -> None:
    """A remark like "Not X per se, but …" says what the paper is not, not that it is out."""
    from curator.lexicon import default_lexicon
    from curator.verdicts import VerdictReader

    r = VerdictReader(default_lexicon(), ["evaluation"], ["rag"], [])
    assert [v.kind for v in r.read(text)] == kinds
