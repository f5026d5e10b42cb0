"""Zulu, Xhosa, Igbo, Kinyarwanda, Afaan Oromo and Malagasy notes (``phrases/zu.toml``, ``xh.toml``,
``ig.toml``, ``rw.toml``, ``om.toml``, ``mg.toml``): the sentences that use a verdict's words only to
describe, or that forbid it, and the stamps in words that date a note (month names such as
"Okthoba", "EyeDwarha", "Ọktoba", "Ukwakira", "Onkololeessa", "Oktobra"; "kusihlwa", "n'mgbede",
"hariva" after the clock).  The verdicts themselves are in ``test_phrases_africa2.py``.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest
from phrase_support import kinds

from curator.lexicon import packaged_lexicon
from curator.note_stamps import time_in_text
from curator.verdicts import OFF_KINDS, VerdictReader

pytestmark = pytest.mark.usefixtures("packaged")


# A sentence that only describes (or negates the remark), and the remark it must not be taken for.
TRAPS = [
    pytest.param("Imodeli yeqa izinyathelo ezithile.", "Yeqa.", "dismiss", id="zu-model-skips"),
    pytest.param("Imodeli ifunda ukuziba umsindo.", "Ziba.", "dismiss", id="zu-ignores"),
    pytest.param("Ungayeqi lokhu.", "Yeqa lokhu.", "dismiss", id="zu-dont-skip"),
    pytest.param(
        "Akusiwona umsebenzi wethu wokuqala.",
        "Akusiwona umsebenzi wethu.",
        "dismiss",
        id="zu-first-work",
    ),
    pytest.param(
        "Akusikho okwethimba le-rag, kungokwethu.",
        "Kungokwethimba le-rag.",
        "redirect",
        id="zu-negated",
    ),
    pytest.param(
        "Ungayithumeli eqenjini le-rag.",
        "Yithumele eqenjini le-rag.",
        "redirect",
        id="zu-dont-send",
    ),
    pytest.param(
        "Imiphumela ithunyelwa ku-rag pipeline.",
        "Yithumele eqenjini le-rag.",
        "redirect",
        id="zu-pipeline",
    ),
    pytest.param(
        "Sekubikiwe ezifundweni zangaphambili ukuthi iyasebenza.",
        "Sekubikiwe.",
        "reported",
        id="zu-literature",
    ),
    pytest.param(
        "Ikhodi seyisemqulwini womtapo.", "Seyisemqulwini.", "covered", id="zu-library-docs"
    ),
    pytest.param("Imodeli ayifundi lutho olusha.", "Akukho okusha.", "covered", id="zu-learns"),
    pytest.param(
        "Imodeli kufanele ifunde konke okufakwayo.", "Kufanele kufundwe.", "keep", id="zu-must-read"
    ),
    pytest.param("Akufanele kufundwe.", "Kufanele kufundwe.", "keep", id="zu-not-must"),
    pytest.param("Ababhali bancoma indlela entsha.", "Ngiyakuncoma.", "keep", id="zu-authors"),
    pytest.param(
        "Akuyona i-eval kuphela, kukhona ne-RL.", "Akuyona i-eval.", "not_topic", id="zu-not-only"
    ),
    pytest.param("Imodeli itsiba amanyathelo athile.", "Tsiba.", "dismiss", id="xh-model-skips"),
    pytest.param("Ungayitsibi le.", "Yitsibe.", "dismiss", id="xh-dont-skip"),
    pytest.param(
        "Ayingomsebenzi wethu wokuqala.", "Ayingomsebenzi wethu.", "dismiss", id="xh-first-work"
    ),
    pytest.param(
        "Ayisiyo yeqela le-rag, yeyethu.", "Yeyeqela le-rag.", "redirect", id="xh-negated"
    ),
    pytest.param(
        "Iziphumo zithunyelwa ku-rag pipeline.",
        "Yithumele kwiqela le-rag.",
        "redirect",
        id="xh-pipeline",
    ),
    pytest.param(
        "Sele ixeliwe kwizifundo zangaphambili.", "Sele ixeliwe.", "reported", id="xh-literature"
    ),
    pytest.param(
        "Ikhowudi sele ikuxwebhu lwethala leencwadi.",
        "Sele ikuxwebhu.",
        "covered",
        id="xh-library-docs",
    ),
    pytest.param("Imodeli ayifundi nto intsha.", "Akukho nto intsha.", "covered", id="xh-learns"),
    pytest.param(
        "Imodeli kufuneka ifunde lonke igalelo.", "Kufuneka ifundwe.", "keep", id="xh-must-read"
    ),
    pytest.param("Ababhali bayayincoma le ndlela.", "Ndiyayincoma.", "keep", id="xh-authors"),
    pytest.param("Ụdị ahụ na-awụfe nzọụkwụ ụfọdụ.", "Wụfee ya.", "dismiss", id="ig-model-skips"),
    pytest.param(
        "Ụdị ahụ na-amụta ileghara mkpọtụ anya.", "Leghara ya anya.", "dismiss", id="ig-ignores"
    ),
    pytest.param("Ahapụla ya.", "Hapụ ya.", "dismiss", id="ig-dont-leave"),
    pytest.param("Ọ bụghị ọrụ anyị mbụ.", "Ọ bụghị ọrụ anyị.", "dismiss", id="ig-first-work"),
    pytest.param(
        "Data ndị a abụghị nke anyị, ha bụ nke Google.",
        "Ọ bụghị nke anyị.",
        "dismiss",
        id="ig-whose-data",
    ),
    pytest.param(
        "Ọ bụghị nke ndị otu rag, ọ bụ nke anyị.",
        "Ọ bụ nke ndị otu rag.",
        "redirect",
        id="ig-negated",
    ),
    pytest.param(
        "Ezigala ya ndị otu rag.", "Zigara ya ndị otu rag.", "redirect", id="ig-dont-send"
    ),
    pytest.param(
        "Ha na-ezigara rag pipeline data.", "Zigara ya ndị otu rag.", "redirect", id="ig-pipeline"
    ),
    pytest.param(
        "Ndị nchọcha akọọla mmetụta a n'ọmụmụ gara aga.",
        "Anyị akọọla ya.",
        "reported",
        id="ig-literature",
    ),
    pytest.param(
        "Koodu dịlarị n'akwụkwọ ntuziaka ọba akwụkwọ.",
        "Ọ dịlarị n'akwụkwọ.",
        "covered",
        id="ig-library-docs",
    ),
    pytest.param("Ụdị ahụ amụtaghị ihe ọhụrụ.", "Ọ nweghị ihe ọhụrụ.", "covered", id="ig-learns"),
    pytest.param(
        "Ụdị ahụ kwesịrị ịgụ ntinye niile.", "Ekwesịrị ịgụ ya.", "keep", id="ig-must-read"
    ),
    pytest.param("Ọ baghị uru ịgụ ya.", "Ọ bara uru ịgụ ya.", "keep", id="ig-not-worth"),
    pytest.param("Ndị edemede na-akwado usoro ọhụrụ.", "Ana m akwado ya.", "keep", id="ig-authors"),
    pytest.param("Ọ bụghị naanị eval, RL kwa.", "Ọ bụghị eval.", "not_topic", id="ig-not-only"),
    pytest.param("Moderi isimbuka intambwe zimwe.", "Bisimbuke.", "dismiss", id="rw-model-skips"),
    pytest.param("Ntubisimbuke.", "Bisimbuke.", "dismiss", id="rw-dont-skip"),
    pytest.param("Si umurimo wacu wa mbere.", "Si umurimo wacu.", "dismiss", id="rw-first-work"),
    pytest.param(
        "Aya makuru si ayacu, ni aya Google.", "Si ibyacu.", "dismiss", id="rw-whose-data"
    ),
    pytest.param(
        "Si iby'itsinda rya rag, ni ibyacu.", "Ni iby'itsinda rya rag.", "redirect", id="rw-negated"
    ),
    pytest.param("Ntubyohereze kuri rag.", "Byohereze kuri rag.", "redirect", id="rw-dont-send"),
    pytest.param(
        "Bohereza ibisubizo kuri rag pipeline.",
        "Byohereze ku itsinda rya rag.",
        "redirect",
        id="rw-pipeline",
    ),
    pytest.param(
        "Iyi ngaruka yamaze gutangazwa mu bushakashatsi bwabanje.",
        "Byamaze gutangazwa.",
        "reported",
        id="rw-literature",
    ),
    pytest.param(
        "Ibyo bisanzwe biri mu nyandiko z'isomero.",
        "Bisanzwe biri mu nyandiko.",
        "covered",
        id="rw-library-docs",
    ),
    pytest.param("Moderi nta kintu gishya yiga.", "Nta gishya.", "covered", id="rw-learns"),
    pytest.param(
        "Moderi igomba gusoma ibyinjijwe byose.", "Bigomba gusomwa.", "keep", id="rw-must-read"
    ),
    pytest.param("Ntibigomba gusomwa.", "Bigomba gusomwa.", "keep", id="rw-not-must"),
    pytest.param("Si eval gusa, na RL.", "Si eval.", "not_topic", id="rw-not-only"),
    pytest.param(
        "Moodeelichi tarkaanfiiwwan tokko tokko irra darba.",
        "Irra darbi.",
        "dismiss",
        id="om-model-skips",
    ),
    pytest.param("Irra hin darbinaa.", "Irra darbi.", "dismiss", id="om-dont-skip"),
    pytest.param(
        "Daataan kun kan keenya miti, kan Google ti.",
        "Kan keenya miti.",
        "dismiss",
        id="om-whose-data",
    ),
    pytest.param(
        "Kan garee rag miti, kan keenya.", "Kan garee rag ti.", "redirect", id="om-negated"
    ),
    pytest.param("Garee rag-tti hin ergin.", "Garee rag-tti ergi.", "redirect", id="om-dont-send"),
    pytest.param(
        "Bu'aan gara rag pipeline ergama.", "Gara garee rag ergi.", "redirect", id="om-pipeline"
    ),
    pytest.param(
        "Dhiibbaan kun qorannoo duraa keessatti gabaafameera.",
        "Duraan gabaasneerra.",
        "reported",
        id="om-literature",
    ),
    pytest.param(
        "Koodiin duraanuu sanada maktabaa keessa jira.",
        "Duraanuu sanada keessa jira.",
        "covered",
        id="om-library-docs",
    ),
    pytest.param(
        "Moodeelichi waan haaraa hin baranne.", "Wanti haaraan hin jiru.", "covered", id="om-learns"
    ),
    pytest.param(
        "Moodeelichi galtee hunda dubbisuu qaba.", "Dubbifamuu qaba.", "keep", id="om-must-read"
    ),
    pytest.param("Dubbifamuu hin qabu.", "Dubbifamuu qaba.", "keep", id="om-not-must"),
    pytest.param("Barreessitoonni mala haaraa ni gorsu.", "Nan gorsa.", "keep", id="om-authors"),
    pytest.param("Eval qofa miti, RL dha.", "Kun eval miti.", "not_topic", id="om-not-only"),
    pytest.param(
        "Mandingana dingana sasany ny modely.", "Dingano.", "dismiss", id="mg-model-skips"
    ),
    pytest.param("Aza dinganina ity.", "Dingano ity.", "dismiss", id="mg-dont-skip"),
    pytest.param(
        "Tsy anay ireo angona ireo fa an'i Google.", "Tsy anay.", "dismiss", id="mg-whose-data"
    ),
    pytest.param(
        "Tsy an'ny ekipa rag io, anay.", "An'ny ekipa rag io.", "redirect", id="mg-negated"
    ),
    pytest.param(
        "Aza alefaso any amin'ny rag.", "Alefaso any amin'ny rag.", "redirect", id="mg-dont-send"
    ),
    pytest.param(
        "Mandefa ny vokatra any amin'ny rag pipeline izy ireo.",
        "Alefaso any amin'ny ekipa rag.",
        "redirect",
        id="mg-pipeline",
    ),
    pytest.param(
        "Efa notaterina tamin'ny fikarohana teo aloha io vokatra io.",
        "Efa notaterina.",
        "reported",
        id="mg-literature",
    ),
    pytest.param(
        "Efa ao amin'ny antontan-taratasin'ny tranomboky ny kaody.",
        "Efa ao amin'ny antontan-taratasy.",
        "covered",
        id="mg-library-docs",
    ),
    pytest.param(
        "Tsy mianatra zava-baovao ny modely.", "Tsy misy vaovao.", "covered", id="mg-learns"
    ),
    pytest.param(
        "Tsy maintsy mamaky ny fampidirana rehetra ny modely.",
        "Tsy maintsy vakiana.",
        "keep",
        id="mg-must-read",
    ),
    pytest.param("Tsy mendrika hovakiana.", "Mendrika hovakiana.", "keep", id="mg-not-worth"),
    pytest.param("Manoro hevitra ny mpanoratra.", "Manoro hevitra aho.", "keep", id="mg-authors"),
    pytest.param("Tsy eval ihany, fa RL koa.", "Tsy eval.", "not_topic", id="mg-not-only"),
]


@pytest.mark.parametrize(("trap", "twin", "kind"), TRAPS)
def test_traps_are_not_remarks(reader: VerdictReader, trap: str, twin: str, kind: str) -> None:
    """A one-word verdict judges only leading its clause, an order only as an order, and a phrase
    ends where the remark ends: "imodeli yeqa izinyathelo", "ụdị ahụ na-awụfe", "moderi isimbuka",
    "irra darba", "mandingana" describe; "ungayeqi", "ntubisimbuke", "irra hin darbinaa" forbid."""
    assert kinds(reader, twin)[:1] == [kind]  # the remark itself is read ...
    assert not [k for k in kinds(reader, trap) if k == kind or k in OFF_KINDS]  # ... not this


# --- stamps with month names, "ngo", "n'elekere", "tamin'ny" and day words ----------------------

SAST = timezone(timedelta(hours=2))
WAT = timezone(timedelta(hours=1))
CAT = timezone(timedelta(hours=2))
EAT = timezone(timedelta(hours=3))
DAY = date(2027, 10, 31)

DATES = [
    pytest.param(
        "Kubuyekezwe: uMgqibelo, 30 Okthoba 2027, 21:15", SAST, (30, 21, 15), id="zu-updated"
    ),
    pytest.param("Kubhalwe izolo kusihlwa, 23:40", SAST, (30, 23, 40), id="zu-last-night"),
    pytest.param("Kubuyekezwe ngo 7:15 kusihlwa", SAST, (31, 19, 15), id="zu-evening"),
    pytest.param("Ihlaziyiwe: 30 EyeDwarha 2027, 21:15", SAST, (30, 21, 15), id="xh-updated"),
    pytest.param("Ihlaziyiwe 30 Okthobha 2027 ngo 21:15", SAST, (30, 21, 15), id="xh-month"),
    pytest.param("Ibhaliwe izolo ebusuku, 23:40", SAST, (30, 23, 40), id="xh-last-night"),
    pytest.param("Ihlaziyiwe ngo 7:15 ngokuhlwa", SAST, (31, 19, 15), id="xh-evening"),
    pytest.param("Emelitere: Satọde, 30 Ọktoba 2027, 21:15", WAT, (30, 21, 15), id="ig-updated"),
    pytest.param("E dere ya ụnyaahụ, 23:40", WAT, (30, 23, 40), id="ig-yesterday"),
    pytest.param("Emelitere n'elekere 7:15 n'mgbede", WAT, (31, 19, 15), id="ig-evening"),
    pytest.param("Byavuguruwe: 30 Ukwakira 2027, 21:15", CAT, (30, 21, 15), id="rw-updated"),
    pytest.param("Byanditswe ejo hashize, 23:40", CAT, (30, 23, 40), id="rw-yesterday"),
    pytest.param("Haaromfame: 30 Onkololeessa 2027, 21:15", EAT, (30, 21, 15), id="om-updated"),
    pytest.param("Barreeffame kaleessa, 23:40", EAT, (30, 23, 40), id="om-yesterday"),
    pytest.param(
        "Nohavaozina: Sabotsy 30 Oktobra 2027 tamin'ny 21:15", EAT, (30, 21, 15), id="mg-updated"
    ),
    pytest.param("Nosoratana omaly hariva, 23:40", EAT, (30, 23, 40), id="mg-last-night"),
    pytest.param("Nohavaozina tamin'ny 7:15 hariva", EAT, (31, 19, 15), id="mg-evening"),
]


@pytest.mark.parametrize(("line", "tz", "want"), DATES)
def test_a_stamp_in_words_dates_the_note(line: str, tz: timezone, want: tuple[int, ...]) -> None:
    """A note filed the next morning says in words when it was written: the stamp word
    ("Kubuyekezwe", "Ihlaziyiwe", "Emelitere", "Byavuguruwe", "Haaromfame", "Nohavaozina"), the
    month name, the day word ("izolo", "ụnyaahụ", "ejo hashize", "kaleessa", "omaly") and the
    evening words after the clock ("kusihlwa", "ngokuhlwa", "n'mgbede", "hariva")."""
    day, hour, minute = want
    when, problems = time_in_text(f"# x\n\nbody\n\n{line}\n", DAY, tz, lexicon=packaged_lexicon())
    assert when == datetime(2027, 10, day, hour, minute, tzinfo=tz) and not problems


@pytest.mark.parametrize(
    ("night", "afternoon", "tz"),
    [
        pytest.param(
            "Kubuyekezwe ngo 1:15 ebusuku", "Kubuyekezwe ngo 1:15 ntambama", SAST, id="zu"
        ),
        pytest.param(
            "Ihlaziyiwe ngo 1:15 ebusuku", "Ihlaziyiwe ngo 1:15 emva kwemini", SAST, id="xh"
        ),
        pytest.param(
            "Nohavaozina tamin'ny 1:15 alina", "Nohavaozina tamin'ny 1:15 tolakandro", EAT, id="mg"
        ),
    ],
)
def test_the_night_word_is_no_afternoon(night: str, afternoon: str, tz: timezone) -> None:
    """ "ebusuku", "alina" (night) run from the evening past midnight: "1:15 ebusuku" is 01:15,
    while the afternoon words ("ntambama", "emva kwemini", "tolakandro") move it past noon."""

    def read(line: str) -> datetime | None:
        when, _problems = time_in_text(
            f"# x\n\nbody\n\n{line}\n", DAY, tz, lexicon=packaged_lexicon()
        )
        return when

    assert read(night) == datetime(2027, 10, 31, 1, 15, tzinfo=tz)
    assert read(afternoon) == datetime(2027, 10, 31, 13, 15, tzinfo=tz)


def test_a_kinyarwanda_clock_counted_from_dawn_is_not_read_as_a_24_hour_clock() -> None:
    """ "saa 3.30 za mu gitondo" is 09:30 (hours counted from dawn): "saa" announces no 24-hour
    clock written with a dot, so nothing is read rather than 03:30."""
    line = "Byanditswe saa 3.30 za mu gitondo"
    when, _problems = time_in_text(f"# x\n\nbody\n\n{line}\n", DAY, CAT, lexicon=packaged_lexicon())
    assert when is None


def test_a_signature_by_halina_is_no_last_night() -> None:
    """ "halina" (last night, Malagasy) is also a name: "— Halina · 19:20" signs the note on its
    own day, while "omaly hariva" (yesterday evening) dates it the day before."""
    for line, day in (("— Halina · 19:20", 31), ("Nosoratana omaly hariva, 19:20", 30)):
        when, _problems = time_in_text(
            f"# x\n\nbody\n\n{line}\n", DAY, EAT, lexicon=packaged_lexicon()
        )
        assert when == datetime(2027, 10, day, 19, 20, tzinfo=EAT)
