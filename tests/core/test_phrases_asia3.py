"""Azerbaijani (``phrases/az.toml``), Armenian (``hy.toml``), Javanese (``jv.toml``), Moroccan
Darija in Latin chat script (``ary.toml``), Burmese (``my.toml``) and Lao (``lo.toml``) notes:
authors' remarks as colleagues write them, and the sentences beside them that only describe.

Burmese and Lao put no spaces between words: a short word is found inside a longer one unless its
pattern says where its clause starts and ends.  Darija and Javanese share the Latin letters, and
many short words, with French, Italian and Indonesian: their remarks are whole phrases, and a word
that also describes ("ma kaynch", "khellih", "liwati") counts only as a clause of its own.  Each
positive case uses words of its own language only: taking the file away makes it fail.
"""

from __future__ import annotations

import pytest
from phrase_support import kinds

from curator.lexicon import packaged_lexicon
from curator.verdicts import OFF_KINDS, VerdictReader

pytestmark = pytest.mark.usefixtures("packaged")


AZERBAIJANI = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — bizim deyil, bu RL-dir.",
        "Maraqlıdır, amma keçək.",
        "Keç.",
        "Bizə aid deyil",
        "Mövzudan kənardır.",
        "Müəlliflər tərəfindən geri çəkilib.",
        "Səhv link, bunu nəzərə almayın.",
    ],
    "not_topic": ["bu eval deyil, RL-dir.", "evaluation ilə heç bir əlaqəsi yoxdur"],
    "redirect": [
        "rag komandasına göndərin",
        "Bu, rag komandasına aiddir.",
        "bu rag komandasının işidir",
        "bob-a göndər",
    ],
    "reported": ["artıq bildirmişik", "dünənki brifinqdə var idi", "təkrar bildirməyin"],
    "covered": ["artıq sənəddə var, bölmə 2.1", "Yeni heç nə yoxdur.", "bizdə artıq var"],
    "keep": ["mütləq oxunmalı!", "oxumağa dəyər", "tövsiyə edirəm."],
}

ARMENIAN = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — մերը չէ, սա RL է։",
        "Հետաքրքիր է, բայց բաց թողնենք։",
        "Մեզ չի վերաբերում",
        "Թեմայից դուրս է։",
        "Հեղինակները հետ են կանչել։",
        "Սխալ հղում",
    ],
    "not_topic": ["Սա eval չէ, RL է։", "evaluation-ի հետ կապ չունի"],
    "redirect": [
        "Ուղարկեք rag թիմին",
        "bob-ին փոխանցեք",
        "սա rag թիմի գործն է",
        "rag թիմը թող նայի",
    ],
    "reported": ["արդեն զեկուցել ենք", "երեկվա բրիֆինգում էր", "կրկին մի զեկուցեք"],
    "covered": ["արդեն փաստաթղթում է, բաժին 2.1", "Նոր բան չկա։", "սա արդեն ունենք։"],
    "keep": ["անպայման կարդացեք։", "արժե կարդալ", "խորհուրդ եմ տալիս։"],
}

JAVANESE = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — dudu urusane awake dhewe, iki RL.",
        "Menarik, tapi liwati wae.",
        "Liwati.",
        "mung cocok tembung kunci",
        "link-e salah",
        "ditarik karo penulise",
    ],
    "not_topic": ["dudu eval, iki RL.", "ora ana hubungane karo evaluation"],
    "redirect": [
        "kirim wae menyang tim rag",
        "terusno nang bob",
        "iki urusane tim rag",
        "luwih cocok kanggo tim rag",
    ],
    "reported": ["wis dilaporake wingi", "ana ing briefing wingi", "ojo dilaporke maneh"],
    "covered": ["wis ana ing dokumen, bagean 2.1", "ora ana sing anyar.", "awake dhewe wis duwe"],
    "keep": ["kudu diwaca!", "pantes diwaca", "tak saranke"],
}

DARIJA = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — machi dyalna, hadi RL.",
        "**ma kaynch.** 7elt l-lien: 404.",
        "L-assistant khtar3o.",
        "Matdkhlouch.",
        "mezyan, walakin khellih.",
        "barra l-mawdou3",
        "l-lien ghalet",
        "l-authors s7bouh",
    ],
    "not_topic": ["hadi machi eval, hadi RL", "ma 3ndouch 3ala9a m3a evaluation"],
    "redirect": ["hadi dyal l-équipe rag", "siftouh l l-équipe rag", "siftih l bob"],
    "reported": ["deja signalinah lbare7", "kan f l-briefing dyal lbare7", "matreportiwhch"],
    "covered": ["deja 3ndna f [3.1]", "deja kayn f l-doc", "walou jdid."],
    "keep": ["khassek t9rah!", "yestahel l-9raya", "kansse7 bih"],
}

BURMESE = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ကျွန်တော်တို့နဲ့ မဆိုင်ဘူး၊ ဒါ RL။",
        "စိတ်ဝင်စားစရာ၊ ဒါပေမဲ့ ကျော်လိုက်ရအောင်။",
        "ကျော်လိုက်ပါ",
        "ဖတ်စရာ မလိုဘူး။",
        "ခေါင်းစဉ်ပြင်ပ။",
        "လင့်ခ် မှားနေတယ်",
        "စာရေးသူတွေက ပြန်ရုပ်သိမ်းလိုက်တယ်",
    ],
    "not_topic": ["ဒါ eval မဟုတ်ဘူး၊ RL။", "evaluation နဲ့ ဘာမှ မဆိုင်ဘူး"],
    "redirect": ["rag အဖွဲ့ကို ပို့လိုက်ပါ", "bob ဆီ လွှဲပေးပါ", "rag အဖွဲ့ရဲ့ ကိစ္စ"],
    "reported": ["ကျွန်တော်တို့ အစီရင်ခံပြီးပြီ", "မနေ့က briefing မှာ ပါပြီးသား"],
    "covered": ["doc ထဲမှာ ရှိပြီးသား၊ အပိုင်း 2.1", "အသစ် ဘာမှ မရှိဘူး။", "ကျွန်တော်တို့ ရှိပြီးသား"],
    "keep": ["မဖြစ်မနေ ဖတ်ရမယ်!", "ဖတ်ဖို့ တန်တယ်", "ကျွန်တော် အကြံပြုပါတယ်။"],
}

LAO = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ບໍ່ແມ່ນຂອງພວກເຮົາ ເປັນວຽກ RL",
        "ຂ້າມ",
        "ໜ້າສົນໃຈ ແຕ່ຂ້າມໄປກ່ອນ",
        "ບໍ່ຕ້ອງອ່ານ",
        "ນອກຫົວຂໍ້.",
        "ລິ້ງຜິດ",
    ],
    "not_topic": ["ບໍ່ແມ່ນ eval ເປັນ RL", "ບໍ່ກ່ຽວກັບ evaluation"],
    "redirect": ["ສົ່ງໃຫ້ທີມ rag", "ສົ່ງຕໍ່ໃຫ້ bob", "ເປັນວຽກຂອງທີມ rag"],
    "reported": ["ລາຍງານແລ້ວ", "ພວກເຮົາລາຍງານແລ້ວມື້ວານ", "ຢູ່ໃນສະຫຼຸບມື້ວານ"],
    "covered": ["ມີໃນເອກະສານແລ້ວ ພາກ 2.1", "ບໍ່ມີຫຍັງໃໝ່", "ພວກເຮົາມີແລ້ວ"],
    "keep": ["ຕ້ອງອ່ານ!", "ໜ້າອ່ານ", "ຂ້ອຍແນະນຳ"],
}

LANGUAGES = (
    ("az", AZERBAIJANI),
    ("hy", ARMENIAN),
    ("jv", JAVANESE),
    ("ary", DARIJA),
    ("my", BURMESE),
    ("lo", LAO),
)

REMARKS = [
    pytest.param(kind, text, id=f"{lang}-{kind}-{i}")
    for lang, table in LANGUAGES
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
    Burmese and Lao without spaces included, as the alternation does."""
    lex = packaged_lexicon()
    names = (reader.topic_names, reader.other_names, reader.people)
    whole = [m.span() for m in lex.pattern("remarks", kind, *names).finditer(text)]
    fast = [m.span() for m in lex.phrases("remarks", kind, *names).finditer(text)]
    assert whole and fast == whole


# A sentence that only describes (or negates the remark), and the remark it must not be taken for.
TRAPS = [
    # Azerbaijani
    pytest.param("Model bəzi addımları atlayır.", "Keçək.", "dismiss", id="az-model-skips"),
    pytest.param("Keçid mexanizmi sadədir.", "Keç.", "dismiss", id="az-keçid"),
    pytest.param("təkcə eval deyil, RL də", "bu eval deyil.", "not_topic", id="az-not-only"),
    pytest.param("rag komandasına aid deyil", "rag komandasına aiddir", "redirect", id="az-neg"),
    pytest.param("nəticə rag-a ötürülür", "rag-a göndərin", "redirect", id="az-passive"),
    pytest.param(
        "rag komandasına görə nəticə yaxşıdır", "rag komandasına göndər", "redirect", id="az-per"
    ),
    pytest.param(
        "bu nəticə əvvəlki işlərdə artıq bildirilib", "artıq bildirmişik", "reported", id="az-paper"
    ),
    pytest.param("model yeni heç nə öyrənmir", "yeni heç nə yoxdur.", "covered", id="az-learns"),
    pytest.param("müəlliflər warmup tövsiyə edir", "tövsiyə edirəm.", "keep", id="az-authors"),
    # Armenian
    pytest.param(
        "Մոդելը բաց է թողնում որոշ քայլեր", "Բաց թողնենք։", "dismiss", id="hy-model-skips"
    ),
    pytest.param("ոչ միայն eval, այլ նաև RL", "Սա eval չէ։", "not_topic", id="hy-not-only"),
    pytest.param("մի ուղարկեք rag թիմին", "ուղարկեք rag թիմին", "redirect", id="hy-neg-before"),
    pytest.param("rag թիմի գործը չէ", "rag թիմի գործն է", "redirect", id="hy-neg-after"),
    pytest.param(
        "արդյունքը ուղարկվում է rag pipeline-ին", "ուղարկեք rag թիմին", "redirect", id="hy-passive"
    ),
    pytest.param(
        "հեղինակներն արդեն զեկուցել են", "արդեն զեկուցել ենք", "reported", id="hy-authors"
    ),
    pytest.param(
        "արդեն ունենք մոդել, որը լավ է աշխատում", "սա արդեն ունենք։", "covered", id="hy-mid"
    ),
    pytest.param(
        "հեղինակները խորհուրդ են տալիս warmup", "խորհուրդ եմ տալիս։", "keep", id="hy-authors-advise"
    ),
    # Javanese
    pytest.param("model nglewati sawetara langkah", "Liwati.", "dismiss", id="jv-model-skips"),
    pytest.param("dudu eval thok, ana RL uga", "dudu eval.", "not_topic", id="jv-not-only"),
    pytest.param(
        "aja dikirim menyang tim rag", "kirim menyang tim rag", "redirect", id="jv-passive"
    ),
    pytest.param("aja kirim menyang tim rag", "kirim menyang tim rag", "redirect", id="jv-neg"),
    pytest.param(
        "asil iki wis dilaporake ing riset sadurunge",
        "wis dilaporake wingi",
        "reported",
        id="jv-paper",
    ),
    pytest.param(
        "kode-ne wis ana ing dokumentasi", "wis ana ing dokumen", "covered", id="jv-library-docs"
    ),
    pytest.param("kabeh input kudu diwaca model", "kudu diwaca!", "keep", id="jv-model-reads"),
    # Darija
    pytest.param("l-data machi dyalna dyal l-benchmark", "machi dyalna.", "dismiss", id="ary-data"),
    pytest.param("ma kaynch code, ghir l-paper", "ma kaynch.", "dismiss", id="ary-no-code"),
    pytest.param(
        "l-authors khtar3o method jdida f 2024", "l-assistant khtar3o", "dismiss", id="ary-invented"
    ),
    pytest.param("machi ghir eval, 7ta RL", "machi eval.", "not_topic", id="ary-not-only"),
    pytest.param(
        "l-benchmark dyal l-équipe rag kbir", "hadi dyal l-équipe rag", "redirect", id="ary-owner"
    ),
    pytest.param("ma siftouh l rag", "siftouh l rag", "redirect", id="ary-neg"),
    pytest.param("we sift rag outputs by hand", "siftouh l rag", "redirect", id="ary-english-sift"),
    pytest.param(
        "deja 3ndna model kaykhdem mezyan", "deja 3ndna f l-doc", "covered", id="ary-have-model"
    ),
    pytest.param("l-model ma t3llem walou jdid", "walou jdid.", "covered", id="ary-learns"),
    # Burmese
    pytest.param("မော်ဒယ်က အဆင့်တချို့ကို ကျော်လိုက်တယ်", "ကျော်လိုက်ပါ", "dismiss", id="my-model-skips"),
    pytest.param("eval ပဲ မဟုတ်ဘူး၊ RL လည်းပါတယ်", "ဒါ eval မဟုတ်ဘူး", "not_topic", id="my-not-only"),
    pytest.param("output ကို rag pipeline ဆီ ပို့တယ်", "rag ဆီ ပို့ပေးပါ", "redirect", id="my-describes"),
    pytest.param("rag ကို ပို့ပေးတယ်", "rag ကို ပို့ပေးပါ", "redirect", id="my-statement"),
    pytest.param(
        "ဒီရလဒ်ကို အရင်သုတေသနမှာ အစီရင်ခံခဲ့ပြီးပြီ",
        "ကျွန်တော်တို့ အစီရင်ခံပြီးပြီ",
        "reported",
        id="my-paper",
    ),
    pytest.param("မော်ဒယ်က အသစ် ဘာမှ မသင်ယူဘူး", "အသစ် ဘာမှ မရှိဘူး။", "covered", id="my-learns"),
    pytest.param(
        "မော်ဒယ်က input အားလုံးကို မဖြစ်မနေ ဖတ်ရမယ်",
        "မဖြစ်မနေ ဖတ်ရမယ်!",
        "keep",
        id="my-model-must",
    ),
    pytest.param("စာရေးသူတွေက warmup ကို အကြံပြုပါတယ်", "ကျွန်တော် အကြံပြုပါတယ်။", "keep", id="my-authors"),
    # Lao
    pytest.param("ໂມເດວຂ້າມບາງຂັ້ນຕອນ", "ຂ້າມ", "dismiss", id="lo-model-skips"),
    pytest.param("ຂ້າມ token ທີ່ບໍ່ສຳຄັນ", "ຂ້າມໄປກ່ອນ", "dismiss", id="lo-skips-tokens"),
    pytest.param("ບໍ່ແມ່ນແຕ່ eval ເທົ່ານັ້ນ ມີ RL ນຳ", "ບໍ່ແມ່ນ eval", "not_topic", id="lo-not-only"),
    pytest.param("ຜົນຖືກສົ່ງຕໍ່ໃຫ້ rag pipeline", "ສົ່ງໃຫ້ທີມ rag", "redirect", id="lo-passive"),
    pytest.param("ຢ່າສົ່ງໃຫ້ທີມ rag", "ສົ່ງໃຫ້ທີມ rag", "redirect", id="lo-neg"),
    pytest.param("ຜົນນີ້ຖືກລາຍງານແລ້ວໃນວຽກກ່ອນໜ້າ", "ລາຍງານແລ້ວ", "reported", id="lo-paper"),
    pytest.param("ໂມເດວບໍ່ໄດ້ຮຽນຮູ້ຫຍັງໃໝ່", "ບໍ່ມີຫຍັງໃໝ່", "covered", id="lo-learns"),
    pytest.param("ໂມເດວຕ້ອງອ່ານ input ທັງໝົດ", "ຕ້ອງອ່ານ", "keep", id="lo-model-must"),
    pytest.param("ຜູ້ຂຽນແນະນຳໃຫ້ໃຊ້ warmup", "ຂ້ອຍແນະນຳ", "keep", id="lo-authors"),
]


@pytest.mark.parametrize(("trap", "twin", "kind"), TRAPS)
def test_traps_are_not_remarks(reader: VerdictReader, trap: str, twin: str, kind: str) -> None:
    """A verb judges only leading its clause, a negation after or before a remark undoes it, and
    a verb that says who did it ("զեկուցել են", the authors) is no remark of ours."""
    assert kinds(reader, twin)[:1] == [kind]  # the remark itself is read ...
    assert not [k for k in kinds(reader, trap) if k == kind or k in OFF_KINDS]  # ... not this


@pytest.mark.parametrize(
    ("text", "twin"),
    [
        pytest.param(
            "evaluation üçün bu gün yeni heç nə yoxdur",
            "rag üçün bu gün yeni heç nə yoxdur",
            id="az",
        ),
        pytest.param(
            "evaluation-ի համար այսօր նոր բան չկա", "rag-ի համար այսօր նոր բան չկա", id="hy"
        ),
        pytest.param(
            "ora ana sing anyar kanggo evaluation", "ora ana sing anyar kanggo rag", id="jv"
        ),
        pytest.param("walou f evaluation lyoum", "walou f rag lyoum", id="ary"),
        pytest.param("evaluation အတွက် ဒီနေ့ အသစ် ဘာမှ မရှိဘူး", "rag အတွက် ဒီနေ့ အသစ် ဘာမှ မရှိဘူး", id="my"),
        pytest.param("ບໍ່ມີຫຍັງໃໝ່ສຳລັບ evaluation", "ບໍ່ມີຫຍັງໃໝ່ສຳລັບ rag", id="lo"),
    ],
)
def test_a_note_declaring_nothing_for_the_topic(
    reader: VerdictReader, text: str, twin: str
) -> None:
    assert reader.declares_none(text) is not None
    assert reader.declares_none(twin) is None  # another topic's nothing is not ours
