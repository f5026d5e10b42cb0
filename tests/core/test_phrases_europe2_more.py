"""Latvian (``phrases/lv.toml``), Slovak (``sk.toml``), Croatian (``hr.toml``) and Bulgarian (``bg.toml``)
notes: authors' remarks in their cases ("vakardienas brīfingā", "vo včerajšom briefingu", "u zadnjem
brifingu", "във вчерашния брифинг"), section hints, field labels, headings and stamps with month
names, as colleagues write them.  Croatian shares much with Serbian (``sr.toml``): its cases here
are the Croatian words sr.toml does not hold (its month names, which sr.toml also reads, excepted).
Bulgarian "раздел" is read by ru.toml already, so no Bulgarian section-number case is here.

Each positive case uses words of its own language only: taking that language's file away makes it
fail.  Beside each verdict stands a sentence that uses the same words to describe a paper, and must
not be read as one.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest
from phrase_support import kinds, numbers

from curator.fields import match_field
from curator.lexicon import packaged_lexicon
from curator.note_headings import is_negative_title, is_structural
from curator.note_stamps import time_in_text
from curator.verdicts import OFF_KINDS, VerdictReader

pytestmark = pytest.mark.usefixtures("packaged")


# --- remarks ----------------------------------------------------------------------------------

LATVIAN = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — nav mūsu, tas ir RL.",
        "Interesanti, bet izlaižam.",
        "Tas nav priekš mums.",
        "Tikai atslēgvārds.",
        "Ignorējam.",
        "Ārpus tēmas.",
    ],
    "redirect": ["Pārsūti rag komandai.", "Drīzāk rag.", "Pieder pie rag."],
    "not_topic": ["Nav eval, drīzāk RL.", "Nav nekāda sakara ar evaluation."],
    "reported": ["Jau bija vakardienas brīfingā.", "Jau ziņots.", "Atkārtoti neziņot."],
    "covered": ["Jau ir dokumentā.", "Nekā jauna.", "Mums tas jau ir."],
    "keep": ["Vērts izlasīt.", "Noteikti jāizlasa!", "Iesaku."],
}

SLOVAK = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — nie je to pre nás, je to RL.",
        "Zaujímavé, ale preskočiť.",
        "Mimo tému.",
        "Len kľúčové slovo.",
        "Nie je to naša téma.",
        "Netýka sa nás.",
    ],
    "redirect": ["Prepošli to tímu rag.", "Patrí skôr do rag.", "Skôr pre rag."],
    "not_topic": ["Nie je to eval, skôr RL.", "Nemá nič spoločné s evaluation."],
    "reported": ["Už bolo v súhrne.", "Vo včerajšom briefingu.", "Už sme to hlásili."],
    "covered": ["Už je v dokumente.", "Nič nové.", "Žiadne nové informácie."],
    "keep": ["Oplatí sa prečítať.", "Povinné čítanie.", "Odporúčam."],
}

CROATIAN = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ne zanima nas, to je RL.",
        "Promašena tema.",
        "Zanimljivo, ali zaobići.",
        "Samo ključna riječ.",
        "Nije u našoj domeni.",
    ],
    "redirect": ["Spada pod rag.", "Prije za rag.", "Prepusti to rag timu."],
    "not_topic": ["Nije vezano uz evaluation.", "Ne tiče se evaluation."],
    "reported": [
        "Bilo je u zadnjem brifingu.",
        "Već smo to spomenuli.",
        "Ne prijavljivati ponovno.",
    ],
    "covered": ["Već je dodano u dokument.", "Nema novih podataka."],
    "keep": ["Obvezno pročitati.", "Isplati se pročitati."],
}

BULGARIAN = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — не е за нас, това е RL.",
        "Интересно, но пропускаме.",
        "Извън темата.",
        "Само ключова дума.",
        "Не ни засяга.",
        "Игнорирай.",
    ],
    "redirect": ["Препрати го на екипа по rag.", "По-скоро rag.", "Спада към rag."],
    "not_topic": ["Не е eval, а RL.", "Няма нищо общо с evaluation."],
    "reported": [
        "Вече беше във вчерашния брифинг.",
        "Вече докладвано.",
        "Не го докладвай отново.",
    ],
    "covered": ["Вече е в документа.", "Нищо ново.", "Вече го имаме."],
    "keep": ["Заслужава си да се прочете.", "Препоръчвам!", "Задължително за четене."],
}

LANGS = {"lv": LATVIAN, "sk": SLOVAK, "hr": CROATIAN, "bg": BULGARIAN}

# A sentence that only describes (or negates the remark), and the remark it must not be taken for.
TRAPS = [
    # Latvian
    pytest.param("Modelis izlaiž soļus.", "Izlaist.", "dismiss", id="lv-model-skips"),
    pytest.param("Izlaižam iesildīšanu testos.", "Izlaižam.", "dismiss", id="lv-skip-warmup"),
    pytest.param("Modelis ignorē troksni.", "Ignorēt.", "dismiss", id="lv-model-ignores"),
    pytest.param("Metode nesasniedz mūsu mērķi.", "Nav mūsu.", "dismiss", id="lv-goal"),
    pytest.param("Nepieder pie rag, tas ir mūsu.", "Pieder pie rag.", "redirect", id="lv-negated"),
    pytest.param("Drīzāk rag nekā pieskaņošana.", "Drīzāk rag.", "redirect", id="lv-rather-than"),
    pytest.param("Nav vērts izlasīt.", "Vērts izlasīt.", "keep", id="lv-not-worth"),
    pytest.param("Ne tikai eval, bet arī RL.", "Nav eval, bet RL.", "not_topic", id="lv-not-only"),
    # Slovak
    pytest.param(
        "Autori odporúčajú warmup preskočiť.", "Preskočiť.", "dismiss", id="sk-authors-skip"
    ),
    pytest.param("Model sa naučí šum ignorovať.", "Ignorovať.", "dismiss", id="sk-model-ignores"),
    pytest.param(
        "Nie je pre nás dôležité, koľko to stojí.",
        "Nie je pre nás.",
        "dismiss",
        id="sk-not-important-for-us",
    ),
    pytest.param("Nepatrí do rag, je to naše.", "Patrí do rag.", "redirect", id="sk-negated"),
    pytest.param(
        "Metóda pripomína skôr rag než doladenie.", "Skôr rag.", "redirect", id="sk-rather-than"
    ),
    pytest.param("Autori odporúčajú iný prístup.", "Odporúčam.", "keep", id="sk-authors-recommend"),
    pytest.param(
        "Nie len eval, ale aj RL.", "Nie je to eval, ale RL.", "not_topic", id="sk-not-only"
    ),
    pytest.param(
        "Kód je už v dokumentácii knižnice.", "Už je v dokumente.", "covered", id="sk-library-docs"
    ),
    # Croatian
    pytest.param("Model zanemaruje šum.", "Zanemarujemo.", "dismiss", id="hr-model-ignores"),
    pytest.param("Nevažno je za male modele.", "Nevažno.", "dismiss", id="hr-unimportant-for"),
    pytest.param(
        "Prije za rag nego za fino podešavanje.", "Prije za rag.", "redirect", id="hr-rather-than"
    ),
    pytest.param(
        "Učinak je već spomenut u literaturi.",
        "Već smo to spomenuli.",
        "reported",
        id="hr-literature",
    ),
    pytest.param("Model ne uči ništa novo.", "Nema novih podataka.", "covered", id="hr-learns"),
    # Bulgarian
    pytest.param("Моделът пропуска стъпки.", "Пропусни.", "dismiss", id="bg-model-skips"),
    pytest.param(
        "Пропускаме загряването в тестовете.", "Пропускаме.", "dismiss", id="bg-skip-warmup"
    ),
    pytest.param("Това не е за наследяване.", "Не е за нас.", "dismiss", id="bg-not-for-us-prefix"),
    pytest.param("Не спада към rag, наше е.", "Спада към rag.", "redirect", id="bg-negated"),
    pytest.param(
        "По-скоро rag, отколкото фина настройка.", "По-скоро rag.", "redirect", id="bg-rather-than"
    ),
    pytest.param(
        "Авторите препоръчват друг подход.", "Препоръчвам.", "keep", id="bg-authors-recommend"
    ),
    pytest.param(
        "Ефектът вече е докладван в литературата.",
        "Вече докладвано.",
        "reported",
        id="bg-literature",
    ),
    pytest.param("Не е само eval, а и RL.", "Не е eval, а RL.", "not_topic", id="bg-not-only"),
]

NOTHING_NEW = [
    pytest.param("Nekā jauna par evaluation šodien.", "Nekā jauna par rag.", id="lv"),
    pytest.param("evaluation: nekā jauna", "rag: nekā jauna", id="lv-after"),
    pytest.param("Nič nové pre evaluation dnes.", "Nič nové pre rag.", id="sk"),
    pytest.param(
        "Nema novih članaka u području evaluation.",
        "Nema novih članaka u području rag.",
        id="hr",
    ),
    pytest.param("Нищо ново за evaluation днес.", "Нищо ново за rag.", id="bg"),
    pytest.param("evaluation: нищо ново", "rag: нищо ново", id="bg-after"),
]

TOLD_APART = [
    pytest.param("Nav tas pats raksts, kas 2510.01234.", "Raksts par to pašu tēmu.", id="lv"),
    pytest.param("Nie je to ten istý článok ako 2510.01234.", "Článok na rovnakú tému.", id="sk"),
    pytest.param("Drukčiji rad, isti akronim.", "Rad na istu temu.", id="hr"),
    pytest.param("Не е същата статия като 2510.01234.", "Статия по същата тема.", id="bg"),
]

SECTION_HINTS = [
    pytest.param("sadaļā 3.2", id="lv-in"),
    pytest.param("nodaļā 3.2", id="lv-chapter"),
    pytest.param("v oddiele 3.2", id="sk-in"),
    pytest.param("Sekcia: 3.2", id="sk-label"),
    pytest.param("u pododjeljku 3.2", id="hr-in"),
]

QUANTITIES = [
    pytest.param("sadaļa 3.2; apmācība ilgst 1.5 stundas", id="lv"),
    pytest.param("sekcia 3.2; tréning trvá 1.5 hodiny", id="sk"),
    pytest.param("pododjeljak 3.2; trening traje 1.5 tjedana", id="hr"),
]

NUMBER_TRAPS = [
    pytest.param("Sadaļā 3 autori parāda jaunu metodi.", "sadaļā 3.", id="lv"),
    pytest.param("V oddiele 3 autori ukazujú novú metódu.", "v oddiele 3.", id="sk"),
    pytest.param("U pododjeljku 3 autori pokazuju novu metodu.", "u pododjeljku 3.", id="hr"),
]

FIELDS = [
    pytest.param("Saite: https://arxiv.org/abs/2611.01234", "link", id="lv-link"),
    pytest.param("- **Avots**: https://example.org/paper", "link", id="lv-source"),
    pytest.param("- Sadaļa: 3.2", "hint", id="lv-hint"),
    pytest.param("Ierobežojumi: tikai viena sēkla", "caveat", id="lv-caveat"),
    pytest.param("**Piezīme**: labi", "note", id="lv-note"),
    pytest.param("Článok: https://arxiv.org/abs/2611.01234", "link", id="sk-link"),
    pytest.param("- Sekcia: 3.2", "hint", id="sk-hint"),
    pytest.param("Obmedzenia: len jeden seed", "caveat", id="sk-caveat"),
    pytest.param("**Komentár**: dobré", "note", id="sk-note"),
    pytest.param("Poveznica: https://arxiv.org/abs/2611.01234", "link", id="hr-link"),
    pytest.param("- Kamo: 3.2", "hint", id="hr-hint"),
    pytest.param("Ograda: samo jedno sjeme", "caveat", id="hr-caveat"),
    pytest.param("**Ocjena**: dobro", "note", id="hr-note"),
    pytest.param("Връзка: https://arxiv.org/abs/2611.01234", "link", id="bg-link"),
    pytest.param("- Място: 3.2", "hint", id="bg-hint"),
    pytest.param("Уговорки: само едно семе", "caveat", id="bg-caveat"),
    pytest.param("**Бележка**: добре", "note", id="bg-note"),
]

STRUCTURAL = [
    pytest.param("Kopsavilkums", "Kopsavilkums par jauniem modeļiem", id="lv"),
    pytest.param("Zhrnutie", "Zhrnutie metódy tréningu", id="sk"),
    pytest.param("Provjereni izvori", "Provjereni izvori za nove modele", id="hr"),
    pytest.param("Обобщение", "Обобщение на новите модели", id="bg"),
]

NEGATIVE_HEADINGS = [
    pytest.param("Ārpus tēmas", "Modeļu novērtēšana", id="lv"),
    pytest.param("Mimo tému", "Hodnotenie modelov", id="sk"),
    pytest.param("Promašena tema", "Evaluacija modela", id="hr"),
    pytest.param("Извън темата", "Оценка на модели", id="bg"),
]

CET = timezone(timedelta(hours=1))
EET = timezone(timedelta(hours=2))

DATES = [
    pytest.param(
        "Pēdējoreiz atjaunināts 2026. gada 28. martā plkst. 20.52",
        date(2026, 3, 29),
        EET,
        datetime(2026, 3, 28, 20, 52),
        id="lv-updated",
    ),
    pytest.param(
        "Rakstīts vakar plkst. 23:40",
        date(2026, 3, 29),
        EET,
        datetime(2026, 3, 28, 23, 40),
        id="lv-yesterday",
    ),
    pytest.param(
        "Aktualizované 28. marca 2026 o 20:52",
        date(2026, 3, 29),
        CET,
        datetime(2026, 3, 28, 20, 52),
        id="sk-updated",
    ),
    pytest.param(
        "Exportované 3. júla 2026 o 21:05",
        date(2026, 7, 4),
        CET,
        datetime(2026, 7, 3, 21, 5),
        id="sk-exported",
    ),
    pytest.param(
        "Izvezeno jučer ujutro u 9:05",
        date(2026, 3, 29),
        CET,
        datetime(2026, 3, 28, 9, 5),
        id="hr-yesterday-morning",
    ),
    pytest.param(
        "Izvezeno 3. listopada 2026. u 21:05",
        date(2026, 10, 4),
        CET,
        datetime(2026, 10, 3, 21, 5),
        id="hr-october",
    ),
    pytest.param(
        "Последно обновено 28 март 2026 г. в 20:52",
        date(2026, 3, 29),
        EET,
        datetime(2026, 3, 28, 20, 52),
        id="bg-updated",
    ),
    pytest.param(
        "Написано снощи в 23:40",
        date(2026, 3, 29),
        EET,
        datetime(2026, 3, 28, 23, 40),
        id="bg-last-night",
    ),
]

REMARKS = [
    pytest.param(kind, text, id=f"{lang}-{kind}-{i}")
    for lang, table in LANGS.items()
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
    "ā", "ļ", "ô", "ť", "č" and Cyrillic included, as the alternation does."""
    lex = packaged_lexicon()
    names = (reader.topic_names, reader.other_names, reader.people)
    whole = [m.span() for m in lex.pattern("remarks", kind, *names).finditer(text)]
    fast = [m.span() for m in lex.phrases("remarks", kind, *names).finditer(text)]
    assert whole and fast == whole


@pytest.mark.parametrize(("trap", "twin", "kind"), TRAPS)
def test_traps_are_not_remarks(reader: VerdictReader, trap: str, twin: str, kind: str) -> None:
    """A one-word verdict judges only leading its clause, a phrase ends where the remark ends, and
    a negation turns a remark around: "izlaižam iesildīšanu", "autori odporúčajú warmup preskočiť", "model zanemaruje šum",
    "не е за наследяване" describe."""
    assert kinds(reader, twin)[:1] == [kind]  # the remark itself is read ...
    assert not [k for k in kinds(reader, trap) if k == kind or k in OFF_KINDS]  # ... not this


@pytest.mark.parametrize(("text", "twin"), NOTHING_NEW)
def test_a_note_declaring_nothing_for_the_topic(
    reader: VerdictReader, text: str, twin: str
) -> None:
    assert reader.declares_none(text) is not None
    assert reader.declares_none(twin) is None  # another topic's nothing is not ours


@pytest.mark.parametrize(("text", "twin"), TOLD_APART)
def test_two_papers_told_apart(text: str, twin: str) -> None:
    """ "Not the same paper": the other paper is named only to be distinguished."""
    distinct = packaged_lexicon().pattern("remarks", "distinct")
    assert distinct.search(text)
    assert not distinct.search(twin)


# --- section hints ----------------------------------------------------------------------------


@pytest.mark.parametrize("text", SECTION_HINTS)
def test_a_number_after_a_hint_word_names_a_section(text: str) -> None:
    assert numbers(text) == ["3.2"]


@pytest.mark.parametrize("text", QUANTITIES)
def test_a_number_with_a_unit_is_a_quantity_not_a_section(text: str) -> None:
    assert numbers(text) == ["3.2"]


@pytest.mark.parametrize(("trap", "twin"), NUMBER_TRAPS)
def test_numbers_that_are_no_section_hints(trap: str, twin: str) -> None:
    """A paper's own chapter named in running text is no place for the item."""
    assert numbers(twin)
    assert numbers(trap) == []


# --- field labels -----------------------------------------------------------------------------


@pytest.mark.parametrize(("line", "kind"), FIELDS)
def test_field_labels(line: str, kind: str) -> None:
    f = match_field(line)
    assert f is not None and f.kind == kind


# --- headings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("heading", "other"), STRUCTURAL)
def test_structural_headings_are_whole_words(heading: str, other: str) -> None:
    assert is_structural(heading)
    assert not is_structural(other)


@pytest.mark.parametrize(("heading", "other"), NEGATIVE_HEADINGS)
def test_headings_that_leave_items_out(heading: str, other: str) -> None:
    assert is_negative_title(heading)
    assert not is_negative_title(other)


# --- stamps with month names and "today" / "yesterday" ------------------------------------------


@pytest.mark.parametrize(("line", "day", "tz", "want"), DATES)
def test_a_stamp_in_words_dates_the_note(
    line: str, day: date, tz: timezone, want: datetime
) -> None:
    """A note filed the next morning says in words when it was written: the stamp word, the month
    in the form the language uses in a date ("martā", "marca", "ožujka", "март"; "listopada" is October in Croatian), the word before the clock ("plkst.", "o", "u", "г. в"),
    or "yesterday evening"."""
    when, problems = time_in_text(f"# x\n\nbody\n\n{line}\n", day, tz, lexicon=packaged_lexicon())
    assert when == want.replace(tzinfo=tz) and not problems
