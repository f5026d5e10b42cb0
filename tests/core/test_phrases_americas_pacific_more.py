"""Southern Quechua, Aymara, Guarani, Māori, Samoan and Tok Pisin notes (``phrases/qu.toml``,
``ay.toml``, ``gn.toml``, ``mi.toml``, ``sm.toml``, ``tpi.toml``): the sentences that use a
verdict's words only to describe, or that forbid it, headings, and the stamps in words that date a
note (month names such as "Whiringa-ā-nuku", "Oketopa", "jasypa"; "i te ahiahi", "ka'aru",
"long apinun", "jayp'u" after the clock).  The verdicts themselves are in
``test_phrases_americas_pacific.py``.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest
from phrase_support import kinds

from curator.lexicon import packaged_lexicon
from curator.note_headings import is_negative_title, is_structural
from curator.note_stamps import time_in_text
from curator.verdicts import OFF_KINDS, VerdictReader

pytestmark = pytest.mark.usefixtures("packaged")


@pytest.fixture
def reader() -> VerdictReader:
    return VerdictReader(packaged_lexicon(), ["evaluation", "eval"], ["rag"], ["bob"])


# A sentence that only describes (or negates the remark), and the remark it must not be taken for.
TRAPS = [
    pytest.param("Manam eval-llachu, RL-pas.", "Manam eval-chu.", "not_topic", id="qu-not-only"),
    pytest.param(
        "Manam rag huñupaqchu, ñuqaykupaqmi.", "Rag huñupaqmi.", "redirect", id="qu-negated"
    ),
    pytest.param(
        "Datota rag pipeline-man apachinku.", "Rag huñuman apachiy.", "redirect", id="qu-pipeline"
    ),
    pytest.param("Modeloqa wakin ruraykunata saqin.", "Saqiy.", "dismiss", id="qu-model-leaves"),
    pytest.param("Ama saqiychu.", "Saqiy.", "dismiss", id="qu-dont-skip"),
    pytest.param(
        "Ñam willarqankuña ñawpaq llamk'aykunapi.",
        "Ñam willarqaykuña.",
        "reported",
        id="qu-literature",
    ),
    pytest.param(
        "Modelox yaqha lurawinak jaytawayi.", "Jaytañani.", "dismiss", id="ay-model-leaves"
    ),
    pytest.param(
        "Janiw eval sapakiti, RL ukawa.", "Janiw eval ukakiti.", "not_topic", id="ay-not-only"
    ),
    pytest.param(
        "Datonakax rag pipeline-ruw apayata.",
        "Rag tamaru apayam.",
        "redirect",
        id="ay-pipeline",
    ),
    pytest.param(
        "Niya yatiyatawa nayra yatxatawinakana.",
        "Niya yatiyatawa.",
        "reported",
        id="ay-literature",
    ),
    pytest.param("Ndaha'éi eval añoite, RL avei.", "Ndaha'éi eval.", "not_topic", id="gn-not-only"),
    pytest.param(
        "Ndaha'éi rag aty mba'e, ore mba'e.", "Kóva rag aty mba'e.", "redirect", id="gn-negated"
    ),
    pytest.param(
        "Omondo hikuái dato rag pipeline-pe.", "Emondo rag atýpe.", "redirect", id="gn-pipeline"
    ),
    pytest.param("Ani reheja.", "Eheja.", "dismiss", id="gn-dont-skip"),
    pytest.param("Modelo oheja umi mba'e.", "Eheja.", "dismiss", id="gn-model-leaves"),
    pytest.param(
        "Ojemombe'úma ymave tembiapokuérape.", "Ojemombe'úma.", "reported", id="gn-literature"
    ),
    pytest.param("Oĩma kuatiápe ko tembiapo.", "Oĩma ore kuatiápe.", "covered", id="gn-the-paper"),
    pytest.param("Ka waiho te tauira i ngā tohu.", "Waiho.", "dismiss", id="mi-model-leaves"),
    pytest.param(
        "Ehara i a mātou te raraunga, nā Google kē.",
        "Ehara i a mātou.",
        "dismiss",
        id="mi-data-not-ours",
    ),
    pytest.param(
        "Ehara i te eval anake, he RL anō.", "Ehara i te eval.", "not_topic", id="mi-not-only"
    ),
    pytest.param(
        "Ka tukuna ngā hua ki te rag pipeline.",
        "Tukuna ki te tīma rag.",
        "redirect",
        id="mi-pipeline",
    ),
    pytest.param(
        "Kua pūrongotia kē i ngā rangahau o mua.",
        "Kua pūrongotia kē.",
        "reported",
        id="mi-literature",
    ),
    pytest.param(
        "Kei roto kē i te tuhinga o te whare pukapuka te waehere.",
        "Kei roto kē i te tuhinga.",
        "covered",
        id="mi-library-docs",
    ),
    pytest.param(
        "Kāore he mea hou i akona e te tauira.", "Kāore he mea hou.", "covered", id="mi-learns"
    ),
    pytest.param(
        "Me pānui te tauira i ngā kōrero katoa.", "Me pānui tēnei.", "keep", id="mi-model-reads"
    ),
    pytest.param(
        "E tuu ese e le faataitaiga nisi laasaga.", "Tuu ese.", "dismiss", id="sm-model-leaves"
    ),
    pytest.param(
        "E le na'o le eval, o le RL foi.", "E le o se eval.", "not_topic", id="sm-not-only"
    ),
    pytest.param("E le mo le au rag, e mo i tatou.", "Mo le au rag.", "redirect", id="sm-negated"),
    pytest.param(
        "Ua i ai i le pepa le taunuuga.", "Ua i ai i la tatou pepa.", "covered", id="sm-the-paper"
    ),
    pytest.param(
        "E tatau ona faitau e le faataitaiga upu uma.",
        "E tatau ona faitau.",
        "keep",
        id="sm-model-counts",
    ),
    pytest.param(
        "Ua uma ona lipotia i suesuega muamua lenei taunuuga.",
        "Ua uma ona lipoti.",
        "reported",
        id="sm-literature",
    ),
    pytest.param(
        "Model i lusim sampela step long trening.", "Larim.", "dismiss", id="tpi-model-leaves"
    ),
    pytest.param(
        "Em i no eval tasol, em i RL tu.", "Em i no eval.", "not_topic", id="tpi-not-only"
    ),
    pytest.param(
        "Ol i salim data i go long rag pipeline.",
        "Salim i go long rag tim.",
        "redirect",
        id="tpi-pipeline",
    ),
    pytest.param(
        "Em i no bilong rag tim, em i bilong yumi.",
        "Em i bilong rag tim.",
        "redirect",
        id="tpi-negated",
    ),
    pytest.param(
        "Ol i ripotim pinis long ol pepa bipo.",
        "Mipela ripotim pinis.",
        "reported",
        id="tpi-literature",
    ),
    pytest.param(
        "Kod i stap pinis long dokumen bilong laibreri.",
        "Em i stap pinis long dokumen.",
        "covered",
        id="tpi-library-docs",
    ),
    pytest.param("Model i mas ritim olgeta data.", "Yu mas ritim.", "keep", id="tpi-model-reads"),
]


@pytest.mark.parametrize(("trap", "twin", "kind"), TRAPS)
def test_traps_are_not_remarks(reader: VerdictReader, trap: str, twin: str, kind: str) -> None:
    """A one-word verdict judges only leading its clause, an order only as an order, and a phrase
    ends where the remark ends: "saqin", "jaytawayi", "oheja", "ka waiho", "e tuu ese", "i lusim"
    describe; "ama saqiychu", "ani reheja" forbid."""
    assert kinds(reader, twin)[:1] == [kind]  # the remark itself is read ...
    assert not [k for k in kinds(reader, trap) if k == kind or k in OFF_KINDS]  # ... not this


# --- headings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("Pisillapi", "Pisillapi musuq modelokuna", id="qu"),
        pytest.param("Mombykypyre", "Mombykypyre modelo pyahu", id="gn"),
        pytest.param("Whakarāpopototanga", "Whakarāpopototanga o ngā tauira hou", id="mi"),
        pytest.param("Aotelega", "Aotelega o faataitaiga fou", id="sm"),
        pytest.param("Sotpela tok", "Sotpela tok bilong nupela model", id="tpi"),
    ],
)
def test_structural_headings_are_whole_words(heading: str, other: str) -> None:
    assert is_structural(heading)
    assert not is_structural(other)


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("Manam ñuqaykupaqchu", "Juezkunaq chaninchaynin", id="qu"),
        pytest.param("Janiw nanakatakikiti", "Juezanakan chanichawipa", id="ay"),
        pytest.param("Ndaha'éi ore mba'e", "Jueskuéra jehechajey", id="gn"),
        pytest.param("Ehara i a mātou", "Te aromatawai i ngā kaiwhakawā", id="mi"),
        pytest.param("E le mo i tatou", "Iloiloga o faamasino", id="sm"),
        pytest.param("I no bilong yumi", "Ol jas na ol model", id="tpi"),
    ],
)
def test_headings_that_leave_items_out(heading: str, other: str) -> None:
    assert is_negative_title(heading)
    assert not is_negative_title(other)


# --- stamps with month names, day words and evening words -----------------------------------------

PET = timezone(timedelta(hours=-5))  # Peru
BOT = timezone(timedelta(hours=-4))  # Bolivia
PYT = timezone(timedelta(hours=-3))  # Paraguay
NZDT = timezone(timedelta(hours=13))  # Aotearoa in summer
WST = timezone(timedelta(hours=13))  # Samoa
PGT = timezone(timedelta(hours=10))  # Papua New Guinea
DAY = date(2027, 10, 31)

DATES = [
    pytest.param("Musuqchasqa qayna tuta, 23:40", PET, (30, 23, 40), id="qu-last-night"),
    pytest.param("Musuqchasqa qayna p'unchaw 7:15 tutamanta", PET, (30, 7, 15), id="qu-morning"),
    pytest.param("Qillqata masuru aruma, 23:40", BOT, (30, 23, 40), id="ay-last-night"),
    pytest.param("Qillqata 7:15 jayp'u", BOT, (31, 19, 15), id="ay-evening"),
    pytest.param("Oñembopyahu: 30 jasypa 2027, 21:15", PYT, (30, 21, 15), id="gn-updated"),
    pytest.param("Ojehai kuehe pyhare, 23:40", PYT, (30, 23, 40), id="gn-last-night"),
    pytest.param("Oñembopyahu 7:15 ka'aru", PYT, (31, 19, 15), id="gn-evening"),
    pytest.param(
        "I whakahoutia: 30 Whiringa-ā-nuku 2027, 21:15", NZDT, (30, 21, 15), id="mi-updated"
    ),
    pytest.param("I whakahoutia: 30 Oketopa 2027, 21:15", NZDT, (30, 21, 15), id="mi-month"),
    pytest.param("I tuhia inanahi, 23:40", NZDT, (30, 23, 40), id="mi-yesterday"),
    pytest.param("I tuhia inapo, 23:40", NZDT, (30, 23, 40), id="mi-last-night-no-macron"),
    pytest.param("I whakahoutia 7:15 i te ahiahi", NZDT, (31, 19, 15), id="mi-evening"),
    pytest.param("Na tusia ananafi, 23:40", WST, (30, 23, 40), id="sm-yesterday"),
    pytest.param("Na faafouina 7:15 i le afiafi", WST, (31, 19, 15), id="sm-evening"),
    pytest.param("Mi raitim asde long nait, 23:40", PGT, (30, 23, 40), id="tpi-last-night"),
    pytest.param("Apdetim 7:15 long apinun", PGT, (31, 19, 15), id="tpi-afternoon"),
]


@pytest.mark.parametrize(("line", "tz", "want"), DATES)
def test_a_stamp_in_words_dates_the_note(line: str, tz: timezone, want: tuple[int, ...]) -> None:
    """A note filed the next morning says in words when it was written: the stamp word, the month
    name, the day word ("qayna", "masuru", "kuehe", "inanahi", "ananafi", "asde") and the time of
    day after the clock ("tutamanta", "jayp'u", "ka'aru", "i te ahiahi", "i le afiafi",
    "long apinun")."""
    day, hour, minute = want
    when, problems = time_in_text(f"# x\n\nbody\n\n{line}\n", DAY, tz, lexicon=packaged_lexicon())
    assert when == datetime(2027, 10, day, hour, minute, tzinfo=tz) and not problems


@pytest.mark.parametrize(
    ("night", "evening", "tz"),
    [
        pytest.param("I whakahoutia 1:15 i te pō", "I whakahoutia 1:15 i te ahiahi", NZDT, id="mi"),
        pytest.param("Apdetim 1:15 long nait", "Apdetim 1:15 long apinun", PGT, id="tpi"),
    ],
)
def test_the_night_word_is_no_afternoon(night: str, evening: str, tz: timezone) -> None:
    """ "i te pō", "long nait" (at night) run from the evening past midnight: "1:15 i te pō" is
    01:15, while the afternoon words ("i te ahiahi", "long apinun") move it past noon."""

    def read(line: str) -> datetime | None:
        when, _problems = time_in_text(
            f"# x\n\nbody\n\n{line}\n", DAY, tz, lexicon=packaged_lexicon()
        )
        return when

    assert read(night) == datetime(2027, 10, 31, 1, 15, tzinfo=tz)
    assert read(evening) == datetime(2027, 10, 31, 13, 15, tzinfo=tz)
