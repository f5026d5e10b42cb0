"""Uzbek (``phrases/uz.toml``, Latin and Cyrillic), Kazakh (``kk.toml``), Kyrgyz (``ky.toml``) and
Tajik (``tg.toml``) notes: authors' remarks, section hints and field labels as colleagues write them,
and the sentences beside them that only describe.

Uzbek Latin spells oʻ/gʻ with any of ʻ ' ’ ‘ and the tutuq belgisi with ʼ or ': each spelling is
checked.  The Turkic languages put the negation last ("… emas", "… емес", "… эмес"), Tajik often
types its letters on a Russian keyboard ("мавзуи мо нест" for "мавзӯи мо нест").
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest
from phrase_support import kinds, numbers

from curator.fields import match_field
from curator.lexicon import packaged_lexicon
from curator.note_headings import is_negative_title, is_structural
from curator.timeutil import time_in_text
from curator.verdicts import OFF_KINDS, VerdictReader

pytestmark = pytest.mark.usefixtures("packaged")


# --- remarks ----------------------------------------------------------------------------------

UZBEK = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — bizning mavzu emas, bu RL.",
        "Bizga aloqasi yo'q",
        "bizga aloqasi yoʻq, robototexnika haqida",
        "Qiziq, lekin oʻtkazib yuboramiz.",
        "- o‘tkazamiz",
        "Faqat kalit so’z bo’yicha tushgan, hakamlar haqida hech narsa yo‘q",
        "Mavzudan tashqari.",
        "Bizniki emas",
        "Бизнинг мавзу эмас.",
        "Бизга алоқаси йўқ",
        "Қизиқ, лекин ўтказиб юборамиз.",
    ],
    "not_topic": [
        "bu eval emas, RL",
        "eval bilan hech qanday aloqasi yo'q",
        "evaluation-ga aloqasi yoʻq",
        "бу eval эмас, RL",
    ],
    "covered": [
        "allaqachon hujjatda, 2.1-boʻlim",
        "Hujjatda allaqachon bor",
        "allaqachon bog'langan",
        "Yangi narsa yo‘q.",
        "Ҳужжатда аллақачон бор",
        "янги нарса йўқ",
    ],
    "reported": [
        "kechagi brifingda bor edi",
        "Kecha xabar qildik",
        "qayta xabar qilmang",
        "кечаги брифингда",
        "такрор хабар қилманг",
    ],
    "redirect": [
        "rag jamoasiga yuboring",
        "rag-ga o'tkazamiz",
        "bu koʻproq rag mavzusi",
        "bob-ga yuboraman",
        "rag жамоасига юборинг",
        "ragга ўтказамиз",
    ],
    "keep": [
        "albatta oʻqish kerak!",
        "albatta o'qing",
        "Oʻqishga arziydi",
        "tavsiya qilaman",
        "албатта ўқиш керак",
        "тавсия қиламан",
    ],
}

KAZAKH = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — біздің тақырып емес, бұл RL.",
        "Бізге қатысы жоқ",
        "Қызық, бірақ өткізіп жібереміз.",
        "Тек кілт сөз бойынша түскен, төрешілер туралы ештеңе жоқ",
        "Тақырыптан тыс.",
        "БІЗДІҢ ТАҚЫРЫП ЕМЕС",
    ],
    "not_topic": [
        "бұл eval емес, RL",
        "eval-мен еш қатысы жоқ",
        "evaluation-ға қатысы жоқ",
    ],
    "covered": [
        "әлдеқашан құжатта, 2.1-бөлім",
        "құжатта бұрыннан бар",
        "Жаңа ештеңе жоқ.",
    ],
    "reported": [
        "кешегі брифингте болды",
        "кеше хабарладық",
        "қайта хабарламаңыз",
    ],
    "redirect": [
        "rag командасына жіберіңіз",
        "rag-қа жатады",
        "бұл көбірек rag тақырыбы",
        "bob-қа жіберемін",
    ],
    "keep": ["міндетті түрде оқу керек", "Оқуға тұрарлық", "ұсынамын"],
}

KYRGYZ = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — биздин тема эмес, бул RL.",
        "Бизге тиешеси жок",
        "Кызык, бирок өткөрүп жиберебиз.",
        "Ачкыч сөз боюнча гана түшкөн",
        "темадан тышкары",
    ],
    "not_topic": [
        "бул eval эмес, RL",
        "eval менен эч байланышы жок",
    ],
    "covered": [
        "мурунтан эле документте, 2.1-бөлүм",
        "бизде буга чейин бар",
        "Жаңы эч нерсе жок.",
    ],
    "reported": [
        "кечээки брифингде болгон",
        "кечээ билдирдик",
        "кайра билдирбейбиз",
    ],
    "redirect": [
        "rag командасына жөнөткүлө",
        "rag-ка тиешелүү",
        "бул көбүрөөк rag темасы",
        "bob-ко жөнөтөм",
    ],
    "keep": ["сөзсүз окуу керек", "Окууга арзыйт", "сунуштайм"],
}

TAJIK = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — мавзӯи мо нест, ин RL аст.",
        "мавзуи мо нест",
        "Ба мо ҳеҷ дахл надорад",
        "Ҷолиб, вале мегузарем.",
        "Фақат аз рӯи калидвожа омадааст",
        "Берун аз мавзӯъ.",
        "аз они мо нест",
    ],
    "not_topic": [
        "ин eval нест, RL аст",
        "ба eval ҳеҷ рабт надорад",
        "ба evaluation хеч дахл надорад",
    ],
    "covered": [
        "аллакай дар ҳуҷҷат, бахши 2.1",
        "аллакай пайваст шудааст",
        "Чизи нав нест.",
        "хеч чизи нав нест",
    ],
    "reported": [
        "дар брифинги дирӯза буд",
        "дирӯз хабар додем",
        "дубора хабар надиҳед",
    ],
    "redirect": [
        "ба гурӯҳи rag фиристед",
        "ба rag тааллуқ дорад",
        "ин бештар rag аст.",
        "ба bob фиристед",
    ],
    "keep": ["ҳатман хонед", "арзиши хонданро дорад", "тавсия медиҳам"],
}

REMARKS = [
    pytest.param(kind, text, id=f"{lang}-{kind}-{i}")
    for lang, table in (("uz", UZBEK), ("kk", KAZAKH), ("ky", KYRGYZ), ("tg", TAJIK))
    for kind, texts in table.items()
    for i, text in enumerate(texts)
]


@pytest.mark.parametrize(("kind", "text"), REMARKS)
def test_remarks_are_read(reader: VerdictReader, kind: str, text: str) -> None:
    found = reader.read(text)
    assert found and found[0].kind == kind, found
    assert all(v.text and v.text in " ".join(text.split()) for v in found)


@pytest.mark.parametrize(("kind", "text"), REMARKS)
def test_phrase_sets_find_what_the_whole_alternation_finds(
    reader: VerdictReader, kind: str, text: str
) -> None:
    """The fast path (each phrase tried only on texts holding a word it needs) must see these
    phrases, each apostrophe of Uzbek and each Tajik letter typed both ways, as the alternation
    does."""
    lex = packaged_lexicon()
    names = (reader.topic_names, reader.other_names, reader.people)
    whole = [m.span() for m in lex.pattern("remarks", kind, *names).finditer(text)]
    fast = [m.span() for m in lex.phrases("remarks", kind, *names).finditer(text)]
    assert whole and fast == whole


# A sentence that only describes (or negates the remark), and the remark it must not be taken for.
TRAPS = [
    # Uzbek
    pytest.param(
        "Model baʼzi qadamlarni oʻtkazib yuboradi", "Oʻtkazib yuboramiz.", "dismiss", id="uz-skips"
    ),
    pytest.param(
        "Biz bu qadamni oʻtkazib yuboramiz va vaqtni tejaymiz",
        "Oʻtkazib yuboramiz.",
        "dismiss",
        id="uz-we-skip-a-step",
    ),
    pytest.param("Ahamiyatsiz farq kuzatildi", "Ahamiyatsiz.", "dismiss", id="uz-insignificant"),
    pytest.param(
        "Qayta oʻqitish kerak emas", "Bizga kerak emas", "dismiss", id="uz-no-retraining-needed"
    ),
    pytest.param(
        "rag jamoasiga tegishli emas, bizniki", "rag jamoasiga tegishli", "redirect", id="uz-neg"
    ),
    pytest.param(
        "rag usuli bilan solishtirilgan", "rag jamoasiga yuboring", "redirect", id="uz-compared"
    ),
    pytest.param(
        "avval xabar qilinganidek, aniqlik oshdi", "kecha xabar qildik", "reported", id="uz-paper"
    ),
    pytest.param(
        "model kontekstni albatta oʻqishi kerak", "albatta oʻqish kerak", "keep", id="uz-must-read"
    ),
    pytest.param(
        "mualliflar yangi usulni tavsiya qiladi", "tavsiya qilaman", "keep", id="uz-authors-advise"
    ),
    pytest.param("faqat eval emas, balki RL ham", "bu eval emas", "not_topic", id="uz-not-only"),
    pytest.param("eval emasmi?", "bu eval emas", "not_topic", id="uz-question"),
    pytest.param(
        "Модел қадамларни ўтказиб юборади", "Ўтказиб юборамиз.", "dismiss", id="uz-cyr-skips"
    ),
    # Kazakh
    pytest.param(
        "Модель кейбір қадамдарды өткізіп жібереді", "Өткіземіз.", "dismiss", id="kk-skips"
    ),
    pytest.param(
        "бұрыннан бар әдістерден жақсы", "бізде бұрыннан бар", "covered", id="kk-existing-methods"
    ),
    pytest.param(
        "модель жаңа ештеңе үйренбейді", "жаңа ештеңе жоқ", "covered", id="kk-learns-nothing"
    ),
    pytest.param("авторлар жаңа әдісті ұсынамыз", "ұсынамын", "keep", id="kk-we-propose"),
    pytest.param(
        "rag командасына тиесілі емес, біздікі", "rag командасына тиесілі", "redirect", id="kk-neg"
    ),
    pytest.param("тек eval емес, RL де", "бұл eval емес", "not_topic", id="kk-not-only"),
    pytest.param("eval ғана емес", "бұл eval емес", "not_topic", id="kk-not-only-after"),
    pytest.param("eval емес пе?", "бұл eval емес", "not_topic", id="kk-question"),
    pytest.param("бұрын хабарланғандай, дәлдік өсті", "кеше хабарладық", "reported", id="kk-paper"),
    # Kyrgyz
    pytest.param(
        "Модель кээ бир кадамдарды өткөрүп жиберет", "Өткөрөбүз.", "dismiss", id="ky-skips"
    ),
    pytest.param(
        "rag командасына тиешелүү эмес, биздики",
        "rag командасына тиешелүү",
        "redirect",
        id="ky-neg",
    ),
    pytest.param("eval гана эмес, RL да", "бул eval эмес", "not_topic", id="ky-not-only"),
    pytest.param("eval эмеспи?", "бул eval эмес", "not_topic", id="ky-question"),
    pytest.param("мурда билдирилгендей, тактык өстү", "кечээ билдирдик", "reported", id="ky-paper"),
    pytest.param("авторлор жаңы ыкманы сунуштайбыз", "сунуштайм", "keep", id="ky-we-propose"),
    # Tajik
    pytest.param("Модел баъзе қадамҳоро мегузарад", "Мегузарем.", "dismiss", id="tg-skips"),
    pytest.param("дар мақола eval нест", "ин eval нест", "not_topic", id="tg-there-is-none"),
    pytest.param("на танҳо eval, балки RL", "ин eval нест", "not_topic", id="tg-not-only"),
    pytest.param(
        "ба гурӯҳи rag тааллуқ надорад", "ба гурӯҳи rag фиристед", "redirect", id="tg-neg"
    ),
    pytest.param(
        "Ин усул ба RAG марбут аст", "ба rag тааллуқ дорад", "redirect", id="tg-related-method"
    ),
    pytest.param(
        "чунон ки қаблан гузориш дода шуд", "дирӯз хабар додем", "reported", id="tg-paper"
    ),
    pytest.param("модел чизи нав намеомӯзад", "чизи нав нест", "covered", id="tg-learns-nothing"),
    pytest.param("муаллифон тавсия медиҳанд", "тавсия медиҳам", "keep", id="tg-authors-advise"),
]


@pytest.mark.parametrize(("trap", "twin", "kind"), TRAPS)
def test_traps_are_not_remarks(reader: VerdictReader, trap: str, twin: str, kind: str) -> None:
    assert kinds(reader, twin)[:1] == [kind]  # the remark itself is read ...
    assert not [k for k in kinds(reader, trap) if k == kind or k in OFF_KINDS]  # ... not this


@pytest.mark.parametrize(
    ("text", "twin"),
    [
        pytest.param(
            "evaluation bo'yicha yangi narsa yo'q", "rag bo'yicha yangi narsa yo'q", id="uz"
        ),
        pytest.param("evaluation: hech narsa yoʻq", "rag: hech narsa yoʻq", id="uz-after"),
        pytest.param("evaluation бўйича янги нарса йўқ", "rag бўйича янги нарса йўқ", id="uz-cyr"),
        pytest.param("evaluation бойынша жаңа ештеңе жоқ", "rag бойынша ештеңе жоқ", id="kk"),
        pytest.param("evaluation боюнча жаңы эч нерсе жок", "rag боюнча эч нерсе жок", id="ky"),
        pytest.param("оид ба evaluation чизи нав нест", "оид ба rag чизи нав нест", id="tg"),
        pytest.param("evaluation: чизи нав нест", "rag: чизи нав нест", id="tg-after"),
    ],
)
def test_a_note_declaring_nothing_for_the_topic(
    reader: VerdictReader, text: str, twin: str
) -> None:
    assert reader.declares_none(text) is not None
    assert reader.declares_none(twin) is None  # another topic's nothing is not ours


# --- section hints ----------------------------------------------------------------------------

HINTS = [
    pytest.param("Boʻlim 3.2.2", "3.2.2", id="uz-section"),
    pytest.param("bo'lim: 4.1", "4.1", id="uz-apostrophe"),
    pytest.param("bo’limi 2.1", "2.1", id="uz-right-quote"),
    pytest.param("BO‘LIM 5.1", "5.1", id="uz-capitals"),
    pytest.param("3.2-boʻlimga qoʻshing", "3.2", id="uz-number-first"),
    pytest.param("4.1-ga qoʻshish", "4.1", id="uz-add-to"),
    pytest.param("Boʻlimga qoʻshish: 1.3", "1.3", id="uz-label"),
    pytest.param("бўлим 4.2", "4.2", id="uz-cyr"),
    pytest.param("2.3-бўлимга қўшинг", "2.3", id="uz-cyr-number-first"),
    pytest.param("бөлім 4.1 ге", "4.1", id="kk-section"),
    pytest.param("Бөлім: 2.2", "2.2", id="kk-colon"),
    pytest.param("4.1-бөлімге қосу", "4.1", id="kk-number-first"),
    pytest.param("3.2-ге қосыңыз", "3.2", id="kk-add-to"),
    pytest.param("Bölım 3.1", "3.1", id="kk-latin"),
    pytest.param("бөлүм 4.1ге", "4.1", id="ky-section"),
    pytest.param("Бөлүм: 5.2", "5.2", id="ky-colon"),
    pytest.param("4.1-бөлүмгө кошуу", "4.1", id="ky-number-first"),
    pytest.param("бахши 4.2", "4.2", id="tg-section"),
    pytest.param("Бахш: 1.4", "1.4", id="tg-colon"),
    pytest.param("ба бахши 3.1", "3.1", id="tg-to-section"),
    pytest.param("фасли 2.2", "2.2", id="tg-chapter"),
    pytest.param("ба 4.3 илова кунед", "4.3", id="tg-add-to"),
]


@pytest.mark.parametrize(("text", "num"), HINTS)
def test_a_number_after_a_hint_word_names_a_section(text: str, num: str) -> None:
    assert num in numbers(text)


@pytest.mark.parametrize(
    ("trap", "twin"),
    [
        pytest.param("aniqlik 0.5 ga oshdi", "4.1-ga qoʻshish", id="uz-rose-by"),
        pytest.param("bo'lim 2.5 marta", "bo'lim 2.5", id="uz-times"),
        pytest.param("дәлдік 0.5-ке өсті", "4.1-ге қосыңыз", id="kk-rose-by"),
        pytest.param("бөлім 1.5 сағат", "бөлім 1.5", id="kk-hours"),
        pytest.param("бөлүм 2.5 эсе", "бөлүм 2.5", id="ky-times"),
        pytest.param("ба 0.5 расид", "ба 4.3 илова кунед", id="tg-reached"),
        pytest.param("аз бахши 2.3", "ба бахши 2.3", id="tg-from-section"),
        pytest.param("бахши 2.5 маротиба", "бахши 2.5", id="tg-times"),
    ],
)
def test_numbers_that_are_no_section_hints(trap: str, twin: str) -> None:
    assert numbers(twin)
    assert numbers(trap) == []


# --- field labels -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        pytest.param("Havola: https://arxiv.org/abs/2611.01234", "link", id="uz-link"),
        pytest.param("- Boʻlim: 4.2", "hint", id="uz-hint"),
        pytest.param("- Bo'lim: 4.2", "hint", id="uz-hint-apostrophe"),
        pytest.param("Boʻlimga qoʻshish: 4.1", "hint", id="uz-hint-add"),
        pytest.param("Ogohlantirish: faqat bitta model", "caveat", id="uz-caveat"),
        pytest.param("**Izoh**: yaxshi", "note", id="uz-note"),
        pytest.param("Ҳавола: https://arxiv.org/abs/2611.01234", "link", id="uz-cyr-link"),
        pytest.param("- Бўлим: 4.2", "hint", id="uz-cyr-hint"),
        pytest.param("Сілтеме: https://arxiv.org/abs/2611.01234", "link", id="kk-link"),
        pytest.param("- Бөлім: 2.3", "hint", id="kk-hint"),
        pytest.param("Ескерту: тек бір модель", "caveat", id="kk-caveat"),
        pytest.param("Пікір: жақсы", "note", id="kk-note"),
        pytest.param("Шилтеме: https://arxiv.org/abs/2611.01234", "link", id="ky-link"),
        pytest.param("- Бөлүм: 2.3", "hint", id="ky-hint"),
        pytest.param("Эскертүү: бир гана модель", "caveat", id="ky-caveat"),
        pytest.param("Пайванд: https://arxiv.org/abs/2611.01234", "link", id="tg-link"),
        pytest.param("- Бахш: 2.3", "hint", id="tg-hint"),
        pytest.param("Огоҳӣ: танҳо як модел", "caveat", id="tg-caveat"),
        pytest.param("Эзоҳ: хуб", "note", id="tg-note"),
    ],
)
def test_field_labels(line: str, kind: str) -> None:
    f = match_field(line)
    assert f is not None and f.kind == kind


# --- headings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("Xulosa", "Xulosa chiqarish usullari", id="uz"),
        pytest.param("Қорытынды", "Қорытынды модельдер", id="kk"),
        pytest.param("Корутунду (3)", "Корутундулоочу моделдер", id="ky"),
        pytest.param("Хулоса", "Хулосабарории моделҳо", id="tg"),
    ],
)
def test_structural_headings_are_whole_words(heading: str, other: str) -> None:
    assert is_structural(heading)
    assert not is_structural(other)


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("Mavzudan tashqari", "Hakamlar ishonchliligi", id="uz"),
        pytest.param("Тақырыптан тыс", "Төрешілердің сенімділігі", id="kk"),
        pytest.param("Темадан тышкары", "Калыстардын ишенимдүүлүгү", id="ky"),
        pytest.param("Берун аз мавзӯъ", "Эътимоднокии довар", id="tg"),
    ],
)
def test_headings_that_leave_items_out(heading: str, other: str) -> None:
    assert is_negative_title(heading)
    assert not is_negative_title(other)


# --- dates in words ---------------------------------------------------------------------------

TZ = timezone(timedelta(hours=5))


@pytest.mark.parametrize(
    ("line", "want"),
    [
        pytest.param(
            "Yangilandi 31 oktabr 2027 soat 22:15", datetime(2027, 10, 31, 22, 15), id="uz"
        ),
        pytest.param(
            "Янгиланди 31 октябр 2027 соат 22:15", datetime(2027, 10, 31, 22, 15), id="uz-cyr"
        ),
        pytest.param(
            "Жаңартылды 31 қазан 2027 ж. сағат 22:15", datetime(2027, 10, 31, 22, 15), id="kk"
        ),
        pytest.param(
            "Навсозӣ шуд 31 октябри 2027 соати 22:15", datetime(2027, 10, 31, 22, 15), id="tg"
        ),
        pytest.param("Yaratildi: kecha 22:15", datetime(2027, 10, 31, 22, 15), id="uz-yesterday"),
        pytest.param("Жаңыртылды: кечээ 22:15", datetime(2027, 10, 31, 22, 15), id="ky-yesterday"),
        pytest.param("Навсозӣ шуд бегоҳ 8:15", datetime(2027, 11, 1, 20, 15), id="tg-evening"),
    ],
)
def test_a_stamp_in_words_dates_the_note(line: str, want: datetime) -> None:
    """A note filed the next morning says when it was written in its own words: the month's name
    ("oktabr", "қазан", "октябри"), yesterday ("kecha", "кечээ"), the evening ("бегоҳ")."""
    when, problems = time_in_text(
        f"# x\n\nbody\n\n{line}\n", date(2027, 11, 1), TZ, lexicon=packaged_lexicon()
    )
    assert when == want.replace(tzinfo=TZ) and not problems
