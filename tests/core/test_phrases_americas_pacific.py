"""Southern Quechua (``phrases/qu.toml``), Aymara (``ay.toml``), Guarani (``gn.toml``), Māori
(``mi.toml``), Samoan (``sm.toml``) and Tok Pisin (``tpi.toml``) notes: authors' verdicts as
colleagues write them, a note's own "nothing for this topic", section hints and field labels.  The
sentences that use the same words only to describe, and stamps in words, are in
``test_phrases_americas_pacific_more.py``.

Each positive case uses words of its own language only (Māori both with macrons and without):
taking the language's file away makes the case fail.
"""

from __future__ import annotations

import pytest
from phrase_support import numbers

from curator.fields import match_field
from curator.lexicon import packaged_lexicon
from curator.verdicts import VerdictReader

pytestmark = pytest.mark.usefixtures("packaged")


@pytest.fixture
def reader() -> VerdictReader:
    return VerdictReader(packaged_lexicon(), ["evaluation", "eval"], ["rag"], ["bob"])


QUECHUA = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — manam ñuqaykupaqchu, RL-mi.",
        "Saqiy.",
        "SAQISUN",
        "Allinmi, ichaqa saqisun.",
        "Kayta qunqasun.",
        "mana ñuqanchikpaqchu",
        "pantasqa t'inki",
    ],
    "not_topic": [
        "Manam eval-chu, RL-mi.",
        "manam evaluation-mantachu",
    ],
    "covered": [
        "Ñam qillqanchikpiña kachkan.",
        "Mana imapas musuqchu.",
        "ñam kapuwanchikña.",
    ],
    "reported": [
        "Ñam willarqaykuña.",
        "qayna p'unchaw willakuypi karqan",
        "willarqanchikña",
    ],
    "redirect": [
        "Kayqa rag huñupaqmi.",
        "rag huñuman apachisun",
        "Apachiy bob-man.",
    ],
    "keep": [
        "Allinmi ñawinchanapaq.",
        "ñawinchananchikpuni!",
    ],
}

AYMARA = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — janiw nanakatakikiti, RL ukawa.",
        "Jaytañani.",
        "JAYTAÑANI",
        "Walikiwa, ukampis jaytañani.",
        "Janiw jiwasankikiti.",
    ],
    "not_topic": [
        "Janiw evaluation ukakiti, RL ukawa.",
        "janiw eval-kiti",
    ],
    "covered": [
        "Niya qillqatankiwa.",
        "Janiw kuna machaqas utjkiti.",
    ],
    "reported": [
        "Niya yatiyatawa.",
        "masuru yatiyawina utjäna",
        "niya yatiyapxtwa",
    ],
    "redirect": [
        "Rag tamatakiwa.",
        "rag tamaru apayam",
        "Apayam bob-ru.",
    ],
    "keep": [
        "Aka ullañapuniwa.",
        "ullañataki walikiwa",
    ],
}

GUARANI = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ndaha'éi ore mba'e, RL.",
        "Eheja.",
        "EHEJA",
        "Iporã, ha katu jaheja.",
        "Nda ore mba’éi.",
        "Ndaha'éi oréve guarã.",
    ],
    "not_topic": [
        "Ndaha'éi eval, RL.",
        "ndojoajúi evaluation rehe",
    ],
    "covered": [
        "Oĩma ore kuatiápe.",
        "Ndaipóri mba'e pyahu.",
        "orerekóma.",
    ],
    "reported": [
        "Romombe'úma.",
        "kuehe marandúpe oĩ",
        "ani pemombe'u jey",
    ],
    "redirect": [
        "Kóva rag aty mba'e.",
        "Emondo rag atýpe.",
        "emondo bob-pe",
    ],
    "keep": [
        "Tekotevẽ ñamoñe'ẽ.",
        "iporã ñamoñe'ẽ",
    ],
}

MAORI = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ehara i a mātou, he RL.",
        "Waiho.",
        "WAIHO",
        "He pai, engari waiho.",
        "Waiho tēnā.",
        "waiho tena",
        "Kaua e aro ki tēnei.",
        "ehara i te mea mo tatou",
        "Kāore e pā ana ki a tātou.",
        "hononga hē",
    ],
    "not_topic": [
        "Ehara i te eval, he RL.",
        "ehara tenei i te evaluation",
        "Kāore he hononga ki te evaluation.",
    ],
    "covered": [
        "Kei roto kē i te tuhinga.",
        "kei te tuhinga ke",
        "Kei roto kē i te wāhanga 2.1",
        "Kāore he mea hou.",
        "kaore he mea hou",
    ],
    "reported": [
        "Kua pūrongotia kē.",
        "kua purongotia ke",
        "Kua pūrongotia kē inanahi.",
        "i te pūrongo o inanahi",
        "kaua e pūrongo anō",
    ],
    "redirect": [
        "Tukuna ki te tīma rag.",
        "tukuna tenei ki te tima rag",
        "Mā te rōpū rag tēnei.",
        "tukuna ki a bob",
    ],
    "keep": [
        "Me pānui tēnei!",
        "me panui",
        "He pai kia pānuitia.",
    ],
}

SAMOAN = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — e le mo i tatou, o le RL.",
        "Tuu ese.",
        "TU'U ESE",
        "Manaia, ae tuʻu ese.",
        "Aua le amana'ia.",
        "E lē mō mātou.",
        "sootaga sese",
    ],
    "not_topic": [
        "E le o se eval, o le RL.",
        "e le fa'atatau i le evaluation",
    ],
    "covered": [
        "Ua i ai i la tatou pepa.",
        "ua uma ona tuu i le vaega 2.1",
        "Leai se mea fou.",
    ],
    "reported": [
        "Ua uma ona lipoti.",
        "sa i le lipoti ananafi",
        "aua le toe lipotia",
    ],
    "redirect": [
        "Auina atu i le au rag.",
        "Mo le 'au rag lenei.",
        "auina atu ia bob",
    ],
    "keep": [
        "E tatau ona faitau!",
        "e aoga le faitau",
    ],
}

TOK_PISIN = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — em i no bilong yumi, em i RL.",
        "Larim.",
        "LARIM",
        "Gutpela, tasol larim.",
        "Lusim dispela pepa.",
        "No ken wari long em.",
        "rong link",
    ],
    "not_topic": [
        "Em i no eval, em i RL.",
        "i no samting bilong evaluation",
    ],
    "covered": [
        "Em i stap pinis long dokumen.",
        "i stap pinis long seksen 2.1",
        "Nogat nupela samting.",
        "mipela i gat pinis.",
    ],
    "reported": [
        "Mipela ripotim pinis.",
        "em i stap long ripot asde",
        "no ken ripotim gen",
    ],
    "redirect": [
        "Salim i go long rag tim.",
        "Em i bilong rag tim.",
        "salim long bob",
        "rag tim i ken lukim",
    ],
    "keep": [
        "Yu mas ritim!",
        "em i gutpela long ritim",
    ],
}

REMARKS = [
    pytest.param(kind, text, id=f"{lang}-{kind}-{i}")
    for lang, table in (
        ("qu", QUECHUA),
        ("ay", AYMARA),
        ("gn", GUARANI),
        ("mi", MAORI),
        ("sm", SAMOAN),
        ("tpi", TOK_PISIN),
    )
    for kind, texts in table.items()
    for i, text in enumerate(texts)
]


@pytest.mark.parametrize(("kind", "text"), REMARKS)
def test_remarks_are_read(reader: VerdictReader, kind: str, text: str) -> None:
    """A colleague's verdict in their own language takes effect as the English one would, and the
    words that say it are quoted back."""
    found = reader.read(text)
    assert found and found[0].kind == kind, found
    assert all(v.text and v.text in " ".join(text.split()) for v in found)


@pytest.mark.parametrize(("kind", "text"), REMARKS)
def test_phrase_sets_find_what_the_whole_alternation_finds(
    reader: VerdictReader, kind: str, text: str
) -> None:
    """The fast path (each phrase tried only on texts holding a word it needs) sees these phrases,
    suffixes glued to a name ("eval-chu", "bob-pe", "bob-ru"), macrons, "ñ" and both apostrophes
    included, as the alternation does."""
    lex = packaged_lexicon()
    names = (reader.topic_names, reader.other_names, reader.people)
    whole = [m.span() for m in lex.pattern("remarks", kind, *names).finditer(text)]
    fast = [m.span() for m in lex.phrases("remarks", kind, *names).finditer(text)]
    assert whole and fast == whole


@pytest.mark.parametrize(
    ("text", "twin"),
    [
        pytest.param("evaluation: mana imapas", "rag: mana imapas", id="qu-after"),
        pytest.param(
            "evaluation: janiw kuna machaqas utjkiti",
            "rag: janiw kuna machaqas utjkiti",
            id="ay-after",
        ),
        pytest.param(
            "Ndaipóri mba'e pyahu evaluation rehe ko árape.",
            "Ndaipóri mba'e pyahu rag rehe.",
            id="gn",
        ),
        pytest.param("evaluation: ndaipóri", "rag: ndaipóri", id="gn-after"),
        pytest.param(
            "Kāore he mea hou mō te evaluation i tēnei rā.",
            "Kāore he mea hou mō te rag.",
            id="mi",
        ),
        pytest.param("evaluation: kaore", "rag: kaore", id="mi-after"),
        pytest.param(
            "Leai se mea fou e uiga i le evaluation.", "Leai se mea fou e uiga i le rag.", id="sm"
        ),
        pytest.param("evaluation: leai", "rag: leai", id="sm-after"),
        pytest.param(
            "Nogat nupela samting long evaluation tude.", "Nogat nupela samting long rag.", id="tpi"
        ),
        pytest.param("evaluation: nogat", "rag: nogat", id="tpi-after"),
    ],
)
def test_a_note_declaring_nothing_for_the_topic(
    reader: VerdictReader, text: str, twin: str
) -> None:
    assert reader.declares_none(text) is not None
    assert reader.declares_none(twin) is None  # another topic's nothing is not ours


# --- section hints ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "num"),
    [
        pytest.param("t'aqa 3.2", "3.2", id="qu-section"),
        pytest.param("T’aqa: 4", "4", id="qu-section-colon"),
        pytest.param("vore 3.2", "3.2", id="gn-section"),
        pytest.param("Vore: 4", "4", id="gn-section-colon"),
        pytest.param("wāhanga 3.2", "3.2", id="mi-section"),
        pytest.param("wahanga 3.2", "3.2", id="mi-section-no-macron"),
        pytest.param("Wāhanga: 4", "4", id="mi-section-colon"),
        pytest.param("vaega 3.2", "3.2", id="sm-section"),
        pytest.param("Vaega: 4", "4", id="sm-section-colon"),
        pytest.param("seksen 3.2", "3.2", id="tpi-section"),
        pytest.param("Seksen: 4", "4", id="tpi-section-colon"),
    ],
)
def test_a_number_after_a_hint_word_names_a_section(text: str, num: str) -> None:
    assert numbers(text) == [num]


@pytest.mark.parametrize(
    ("trap", "twin"),
    [
        pytest.param("wāhanga 2 o te pūnaha", "wāhanga 2.", id="mi-part-of"),
        pytest.param("vaega 2 o le polokalama", "vaega 2.", id="sm-part-of"),
        pytest.param("vore 2 sistema-pegua", "vore 2.", id="gn-part-of"),
    ],
)
def test_numbers_that_are_no_section_hints(trap: str, twin: str) -> None:
    """ "wāhanga 2 o te pūnaha", "vaega 2 o le polokalama": part 2 of a system, not a section."""
    assert numbers(twin)
    assert numbers(trap) == []


# --- field labels -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        pytest.param("T'inki: https://arxiv.org/abs/2611.01234", "link", id="qu-link"),
        pytest.param("- **Pukyu**: https://example.org/paper", "link", id="qu-source"),
        pytest.param("- T'aqa: 3.2", "hint", id="qu-hint"),
        pytest.param("Paqtataq: huk muhullam", "caveat", id="qu-caveat"),
        pytest.param("**Yuyay**: allinmi rikch'akun", "note", id="qu-note"),
        pytest.param("Qillqaq: Mamani et al.", "skip", id="qu-author"),
        pytest.param("**Amuyu**: walikiwa", "note", id="ay-note"),
        pytest.param("Qillqiri: Quispe et al.", "skip", id="ay-author"),
        pytest.param("Joajuha: https://arxiv.org/abs/2611.01234", "link", id="gn-link"),
        pytest.param("- Vore: 3.2", "hint", id="gn-hint"),
        pytest.param("Mombykypyre: jueces pyahu", "points", id="gn-summary"),
        pytest.param("Haihára: Benítez et al.", "skip", id="gn-author"),
        pytest.param("Hononga: https://arxiv.org/abs/2611.01234", "link", id="mi-link"),
        pytest.param("- Wāhanga: 3.2", "hint", id="mi-hint"),
        pytest.param("Whakatūpato: kotahi anake te kākano", "caveat", id="mi-caveat"),
        pytest.param("Whakatupato: kotahi anake", "caveat", id="mi-caveat-no-macron"),
        pytest.param("**Tuhipoka**: he pai", "note", id="mi-note"),
        pytest.param("Taitara: He kaiwhakawā hou", "title", id="mi-title"),
        pytest.param("Kaituhi: Ngata et al.", "skip", id="mi-author"),
        pytest.param("Sootaga: https://arxiv.org/abs/2611.01234", "link", id="sm-link"),
        pytest.param("- Vaega: 3.2", "hint", id="sm-hint"),
        pytest.param("Lapataiga: tasi le fatu", "caveat", id="sm-caveat"),
        pytest.param("**Manatu**: e lelei", "note", id="sm-note"),
        pytest.param("Ulutala: O faamasino fou", "title", id="sm-title"),
        pytest.param("Tusitala: Tuilagi et al.", "skip", id="sm-author"),
        pytest.param("- Seksen: 3.2", "hint", id="tpi-hint"),
        pytest.param("Lukaut: wanpela sid tasol", "caveat", id="tpi-caveat"),
        pytest.param("**Tingting**: em i gutpela", "note", id="tpi-note"),
        pytest.param("Raita: Kila et al.", "skip", id="tpi-author"),
    ],
)
def test_field_labels(line: str, kind: str) -> None:
    f = match_field(line)
    assert f is not None and f.kind == kind
