"""Ukrainian, Czech and Swedish notes (curator/phrases/uk.toml, cs.toml, sv.toml): remarks and the
descriptions that only look like them, section hints and quantities, field labels, dates with month
names."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest
from phrase_support import kinds, numbers, reader_for

from curator.fields import match_field
from curator.lexicon import packaged_lexicon
from curator.timeutil import time_in_text
from curator.verdicts import VerdictReader

pytestmark = pytest.mark.usefixtures("packaged")


# --- remarks ------------------------------------------------------------------------------------

REMARKS = [
    # Ukrainian
    ("uk", "dismiss", "Пропускаємо."),
    ("uk", "dismiss", "Цікаво, але це поза нашою темою."),
    ("uk", "dismiss", "не по темі, пропускаємо"),
    ("uk", "dismiss", "Лише за ключовим словом."),
    ("uk", "covered", "вже в документі"),
    ("uk", "covered", "Вже заякорено в розділі 1.1."),
    ("uk", "reported", "вже було в брифінгу"),
    ("uk", "reported", "у вчорашньому брифінгу"),
    ("uk", "redirect", "передати в rag"),
    ("uk", "redirect", "перешліть команді rag"),
    ("uk", "redirect", "скоріше для rag"),
    ("uk", "redirect", "переслати bob"),
    ("uk", "not_topic", "Не стосується evaluation, це RL."),
    ("uk", "not_topic", "нічого спільного з evaluation"),
    ("uk", "keep", "обов'язково прочитати"),
    ("uk", "keep", "обов’язково до прочитання"),
    ("uk", "keep", "варто прочитати"),
    # Czech
    ("cs", "dismiss", "Přeskočit."),
    ("cs", "dismiss", "Zajímavé, ale přeskočit."),
    ("cs", "dismiss", "Není to pro nás."),
    ("cs", "dismiss", "jen klíčové slovo"),
    ("cs", "covered", "už je v dokumentu"),
    ("cs", "covered", "Už ukotveno v sekci 1.1."),
    ("cs", "reported", "už bylo v briefingu"),
    ("cs", "reported", "ve včerejším briefingu"),
    ("cs", "redirect", "předat týmu rag"),
    ("cs", "redirect", "patří do rag"),
    ("cs", "redirect", "pošli to bob"),
    ("cs", "not_topic", "Ne eval, spíš RL."),
    ("cs", "not_topic", "nemá nic společného s evaluation"),
    ("cs", "keep", "stojí za přečtení"),
    ("cs", "keep", "povinná četba"),
    # Swedish
    ("sv", "dismiss", "Hoppa över."),
    ("sv", "dismiss", "Intressant, men skippa."),
    ("sv", "dismiss", "Inte för oss."),
    ("sv", "dismiss", "Inte vårt bord."),
    ("sv", "covered", "redan förankrad"),
    ("sv", "covered", "finns redan i dokumentet"),
    ("sv", "reported", "redan i briefingen"),
    ("sv", "reported", "i gårdagens briefing"),
    ("sv", "redirect", "skicka till rag"),
    ("sv", "redirect", "hör hemma i rag"),
    ("sv", "redirect", "skicka den vidare till bob"),
    ("sv", "not_topic", "Inte eval, snarare RL."),
    ("sv", "not_topic", "har inget med evaluation att göra"),
    ("sv", "keep", "värd att läsa"),
    ("sv", "keep", "ett måste"),
]


@pytest.mark.parametrize(
    ("lang", "kind", "text"), REMARKS, ids=[f"{lang}-{kind}:{t}" for lang, kind, t in REMARKS]
)
def test_remarks_are_read(reader: VerdictReader, lang: str, kind: str, text: str) -> None:
    """A colleague's verdict in their own language takes effect as the English one would, and the
    words that say it are quoted back."""
    found = reader.read(text)
    assert found and found[0].kind == kind, found
    assert all(v.text and v.text in " ".join(text.split()) for v in found)


# Each verdict beside a sentence that uses its words to describe a paper: the verdict is read,
# the description is no remark at all.
LOOKALIKES = [
    ("uk", "Пропускаємо.", "Модель пропускає крок і ігнорує інструкції."),
    ("uk", "Пропускаємо.", "Ми пропускаємо warmup у нашому стенді."),
    ("uk", "Пропустити.", "Деталь, яку легко пропустити."),
    ("uk", "Поза eval.", "Поза eval-бенчмарками модель працює гірше."),
    ("uk", "Це для rag.", "Це для rag-систем важливо."),
    ("uk", "вже в документі", "Код уже в документації до репозиторію."),
    ("uk", "Обов'язково прочитати.", "Агентові обов'язково читати опис кожного інструмента."),
    ("uk", "Ігноруємо.", "Моделі ігнорують інструкції, коли рубрика довга."),
    ("cs", "Přeskočit.", "Autoři doporučují warmup přeskočit."),
    ("cs", "Přeskočit.", "Přeskočit warmup je riskantní."),
    ("cs", "Ignorovat.", "Model se naučí šum ignorovat."),
    ("cs", "mimo eval.", "Mimo evaluation benchmarky přidává i trénovací data."),
    ("cs", "spíš rag", "Metoda připomíná spíše rag než fine-tuning."),
    ("cs", "Nerelevantní.", "Výsledky jsou pro malé modely nerelevantní."),
    ("sv", "Hoppa över.", "Modellen kan hoppa över steg i resonemanget."),
    ("sv", "Hoppa över.", "Vi hoppar över uppvärmningen i vår testmiljö."),
    ("sv", "Inte vårt.", "Metoden når inte vårt mål på MMLU."),
    ("sv", "utanför eval.", "Utanför eval-benchmarks fungerar metoden sämre."),
    ("sv", "snarare rag", "Metoden använder snarare rag än finjustering."),
    ("sv", "hör hemma i rag", "Modellen passar i rag-system."),
    ("sv", "Ignorera.", "Modellen lär sig ignorera brus."),
]


@pytest.mark.parametrize(
    ("lang", "verdict", "sentence"),
    LOOKALIKES,
    ids=[f"{lang}:{s}" for lang, _v, s in LOOKALIKES],
)
def test_a_description_with_a_verdicts_words_is_no_remark(
    reader: VerdictReader, lang: str, verdict: str, sentence: str
) -> None:
    """A one-word verdict judges only standing alone or leading its clause, and a phrase must end
    where the remark ends: "пропускає крок", "hoppa över steg", "spíše rag než …" describe."""
    assert reader.read(verdict), verdict
    assert reader.read(sentence) == []


@pytest.mark.parametrize(
    ("lang", "remark", "negated"),
    [
        ("uk", "належить до rag", "Не належить до rag, це наше."),
        ("cs", "patří do rag", "nepatří do rag, je to naše"),
        ("sv", "hör till rag", "Den hör inte till rag, den är vår."),
    ],
)
def test_a_negated_redirect_is_none(
    reader: VerdictReader, lang: str, remark: str, negated: str
) -> None:
    """ "Does not belong to rag" keeps the item here, in each language's own way of saying no (a
    prefix in Czech, a word between in Swedish)."""
    assert kinds(reader, remark) == ["redirect"]
    assert not [k for k in kinds(reader, negated) if k == "redirect"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("## Підсумок\nНічого нового по evaluation сьогодні.", "Нічого нового по evaluation"),
        ("## Shrnutí\nK eval nic nového.", "K eval nic nového"),
        ("## Sammanfattning\nInget nytt för evaluation i dag.", "Inget nytt för evaluation"),
    ],
)
def test_a_note_declaring_nothing_for_the_topic(
    reader: VerdictReader, text: str, expected: str
) -> None:
    """A whole note saying it holds nothing for this topic."""
    said = reader.declares_none(text)
    assert said is not None and expected in said


# --- section hints --------------------------------------------------------------------------------


SECTION_HINTS = [
    ("uk", "розділ 3.2"),
    ("uk", "у розділі 3.2"),
    ("uk", "Розділ: 3.2"),
    ("uk", "матеріал у 3.2"),
    ("cs", "sekce 3.2"),
    ("cs", "v sekci 3.2"),
    ("cs", "kapitola 3.2"),
    ("cs", "materiál v 3.2"),
    ("sv", "avsnitt 3.2"),
    ("sv", "i avsnitt 3.2"),
    ("sv", "lägg i 3.2"),
    ("sv", "materialet i 3.2"),
]


@pytest.mark.parametrize(("lang", "text"), SECTION_HINTS, ids=[t for _l, t in SECTION_HINTS])
def test_a_number_after_a_section_word_names_a_section(lang: str, text: str) -> None:
    """ "розділ 3.2", "sekce 3.2", "avsnitt 3.2": the author says where the item belongs."""
    assert numbers(text) == ["3.2"]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("uk", "розділ 3.2: прискорення в 2.5 рази"),
        ("cs", "sekce 3.2 — přidat do 2 týdnů"),
        ("sv", "avsnitt 3.2; träningen tar under 2 timmar"),
    ],
)
def test_a_number_with_a_unit_is_a_quantity_not_a_section(lang: str, text: str) -> None:
    """ "в 2.5 рази", "do 2 týdnů", "under 2 timmar" count something; only the section is a hint."""
    assert numbers(text) == ["3.2"]


def test_a_section_of_another_paper_is_no_hint() -> None:
    """ "DUET з розділу 2.3" cites where another paper sits, not where this one goes."""
    assert numbers("розділ 3.2; DUET з розділу 2.3 вже є") == ["3.2"]


# --- field labels ---------------------------------------------------------------------------------

FIELDS = [
    ("Посилання: https://arxiv.org/abs/2611.01234", "link"),
    ("- **Джерело**: https://example.org/paper", "link"),
    ("Розділ: 3.2", "hint"),
    ("Застереження: лише один сід", "caveat"),
    ("Odkaz: https://arxiv.org/abs/2611.01234", "link"),
    ("- **Zdroj**: https://example.org/paper", "link"),
    ("Sekce: 3.2", "hint"),
    ("Výhrady: jen jeden seed", "caveat"),
    ("Länk: https://arxiv.org/abs/2611.01234", "link"),
    ("- **Källa**: https://example.org/paper", "link"),
    ("Avsnitt: 3.2", "hint"),
    ("Förbehåll: bara ett frö", "caveat"),
]


@pytest.mark.parametrize(("line", "kind"), FIELDS, ids=[ln for ln, _k in FIELDS])
def test_field_labels(line: str, kind: str) -> None:
    """An item's "Label: value" lines in the colleague's language: its source, its section, what
    to check."""
    f = match_field(line)
    assert f is not None and f.kind == kind


# --- dates with month names -----------------------------------------------------------------------

TZ = timezone(timedelta(hours=2))

DATES = [
    (
        "uk",
        "Експортовано 20 жовтня 2026 о 23:40",
        date(2026, 10, 21),
        datetime(2026, 10, 20, 23, 40),
    ),
    ("uk", "— Олена · 3 березня 2026 р. о 22:15", date(2026, 3, 4), datetime(2026, 3, 3, 22, 15)),
    (
        "cs",
        "Exportováno 20. listopadu 2026 v 23:40",
        date(2026, 11, 21),
        datetime(2026, 11, 20, 23, 40),
    ),
    (
        "cs",
        "Aktualizováno 14. července 2026 ve 22:15",
        date(2026, 7, 15),
        datetime(2026, 7, 14, 22, 15),
    ),
    (
        "cs",
        "Aktualizováno 14. června 2026 ve 22:15",
        date(2026, 6, 15),
        datetime(2026, 6, 14, 22, 15),
    ),
    (
        "sv",
        "Exporterad 20 augusti 2026 kl. 23.40",
        date(2026, 8, 21),
        datetime(2026, 8, 20, 23, 40),
    ),
    (
        "sv",
        "Senast ändrad 31 oktober 2026 kl. 22:15",
        date(2026, 11, 1),
        datetime(2026, 10, 31, 22, 15),
    ),
]


@pytest.mark.parametrize(
    ("lang", "line", "day", "want"), DATES, ids=[f"{lang}:{ln}" for lang, ln, _d, _w in DATES]
)
def test_a_stamp_with_a_month_name_dates_the_note(
    lang: str, line: str, day: date, want: datetime
) -> None:
    """A note filed the next morning says in words when it was written: "20 жовтня", "20. listopadu",
    "20 augusti" (June and July told apart in Czech), with the language's own joiner ("о", "v",
    "kl.")."""
    when, problems = time_in_text(f"# x\n\nbody\n\n{line}\n", day, TZ, lexicon=packaged_lexicon())
    assert when == want.replace(tzinfo=TZ) and not problems


def test_russian_phrases_end_where_their_words_end() -> None:
    """ "рекомендую" and "не для нас" (ru.toml) were read inside "рекомендуют"/"рекомендують" and
    "не для наслідування": a description, not the author's verdict."""
    from curator.note_headings import negative

    r = reader_for(packaged_lexicon())
    assert [v.kind for v in r.read("Авторы рекомендуют другой подход.")] == []
    assert [v.kind for v in r.read("Автори рекомендують інший підхід, не для наслідування.")] == []
    assert [v.kind for v in r.read("Это не для нас.")] == ["dismiss"]
    assert negative("Не для наступних кроків") is None and negative("Не для нас")
