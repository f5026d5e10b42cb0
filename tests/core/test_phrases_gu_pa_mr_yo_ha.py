"""Gujarati (``phrases/gu.toml``), Punjabi in Gurmukhi (``pa.toml``), Marathi (``mr.toml``), Yoruba
(``yo.toml``) and Hausa (``ha.toml``) notes: authors' remarks, section hints, field labels, headings
and stamps with month names, as colleagues write them, and the sentences beside them that only
describe.

The Gujarati, Gurmukhi and Devanagari vowel signs are no ``\\w`` to the regex engine: a short word
is found inside a longer one unless its pattern says where it ends.  Gurmukhi letters with a nukta
("ਸ਼", "ਜ਼", "ਫ਼") have two Unicode spellings and are often written without it, Marathi's "ऱ्य" has
three, and Yoruba's "ẹ", "ọ", "ṣ" are one code point or a letter and a combining dot, with or
without tone marks; Hausa's "ƙ", "ɗ" are often written "k", "d".  Notes hold every spelling.  The
Marathi cases use words Hindi (``hi.toml``, also Devanagari) does not have.  Each positive case uses
words of its own language only: taking the file away makes the case fail.
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

GUJARATI = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — આપણો વિષય નથી, આ RL છે.",
        "છોડો.",
        "રસપ્રદ છે, પણ છોડી દો.",
        "હાલ પૂરતું રહેવા દો.",
        "અવગણો.",
        "આપણું નથી.",
        "આ આપણા માટે નથી.",
        "આપણા દાયરાની બહાર",
        "વિષયની બહાર.",
        "ફક્ત કીવર્ડ મેચ, જજ વિશે કંઈ નથી",
        "હું છોડી દેવાનું સૂચન કરું છું.",
        "અપ્રસ્તુત.",
        "ખોટી યાદી",
    ],
    "not_topic": [
        "આ eval નથી, RL છે.",
        "evaluation સાથે કોઈ સંબંધ નથી",
        "eval ના દાયરાની બહાર",
        "eval નહીં પણ RL",
        "આ પેપર eval વિશે નથી.",
    ],
    "covered": [
        "ડૉકમાં પહેલેથી છે, વિભાગ 2.1",
        "ડોકમાં પહેલેથી જ છે",
        "કંઈ નવું નથી.",
        "આપણી પાસે પહેલેથી છે.",
        "વિભાગ 2.1માં પહેલેથી છે",
        "પહેલેથી એન્કર કરેલું છે",
    ],
    "reported": [
        "પહેલેથી રિપોર્ટ થઈ ગયું છે.",
        "અમે ગઈકાલે રિપોર્ટ કર્યું હતું",
        "ગઈકાલના બ્રીફિંગમાં હતું",
        "ફરીથી રીપોર્ટ ન કરો",
    ],
    "redirect": [
        "rag ટીમને મોકલો",
        "bob ને ફોરવર્ડ કરો",
        "આ rag ટીમનું છે.",
        "rag ટીમ માટે.",
        "rag ટીમ જોઈ લે",
        "આ rag માટે વધુ યોગ્ય છે.",
    ],
    "keep": [
        "જરૂર વાંચો!",
        "વાંચવા જેવું",
        "ખાસ ભલામણ કરું છું.",
        "આજે રાત્રે એન્કર કરો",
    ],
}

PUNJABI = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ਸਾਡਾ ਵਿ\u0a36ਾ ਨਹੀਂ, ਇਹ RL ਹੈ।",  # "ਸ਼" as one code point
        "ਛੱਡੋ।",
        "ਦਿਲਚਸਪ ਹੈ, ਪਰ ਛੱਡ ਦਿਓ।",
        "ਫ\u0a3cਿਲਹਾਲ ਰਹਿਣ ਦਿਓ।",  # "ਫ਼" as "ਫ" + nukta
        "ਇਸ ਨੂੰ ਨਜ\u0a3cਰਅੰਦਾਜ\u0a3c ਕਰੋ।",
        "ਨਜਰਅੰਦਾਜ ਕਰੋ।",  # without the nukta
        "ਅਣਡਿੱਠਾ ਕਰੋ।",
        "ਸਾਡਾ ਨਹੀਂ।",
        "ਸਾਡੇ ਦਾਇਰੇ ਤੋਂ ਬਾਹਰ",
        "ਵਿਸ\u0a3cੇ ਤੋਂ ਬਾਹਰ।",
        "ਸਿਰ\u0a5e ਕੀਵਰਡ ਮਿਲਦਾ ਹੈ, ਜੱਜਾਂ ਬਾਰੇ ਕੁਝ ਨਹੀਂ",
        "ਮੈਂ ਛੱਡਣ ਦੀ ਸਲਾਹ ਦਿੰਦਾ ਹਾਂ।",
        "ਅਪ੍ਰਸੰਗਿਕ।",
    ],
    "not_topic": [
        "ਇਹ eval ਨਹੀਂ, RL ਹੈ।",
        "evaluation ਨਾਲ ਕੋਈ ਸੰਬੰਧ ਨਹੀਂ",
        "eval ਦੇ ਦਾਇਰੇ ਤੋਂ ਬਾਹਰ",
        "eval ਨਹੀਂ ਸਗੋਂ RL",
        "ਇਹ ਪੇਪਰ eval ਬਾਰੇ ਨਹੀਂ ਹੈ।",
    ],
    "covered": [
        "ਡੌਕ ਵਿੱਚ ਪਹਿਲਾਂ ਹੀ ਹੈ, ਭਾਗ 2.1",
        "ਕੁਝ ਨਵਾਂ ਨਹੀਂ।",
        "ਸਾਡੇ ਕੋਲ ਪਹਿਲਾਂ ਹੀ ਹੈ।",
        "ਭਾਗ 2.1 ਵਿੱਚ ਪਹਿਲਾਂ ਹੀ ਮੌਜੂਦ ਹੈ",
        "ਪਹਿਲਾਂ ਹੀ ਐਂਕਰ ਹੋ ਚੁੱਕਾ ਹੈ",
    ],
    "reported": [
        "ਪਹਿਲਾਂ ਹੀ ਰਿਪੋਰਟ ਹੋ ਚੁੱਕਾ ਹੈ।",
        "ਅਸੀਂ ਕੱਲ੍ਹ ਰਿਪੋਰਟ ਕਰ ਦਿੱਤਾ ਸੀ",
        "ਕੱਲ੍ਹ ਦੀ ਬ੍ਰੀਫਿੰਗ ਵਿੱਚ ਸੀ",
        "ਪਿਛਲੀ ਬ੍ਰੀ\u0a5eਿੰਗ ਵਿੱਚ",
        "ਦੁਬਾਰਾ ਰਿਪੋਰਟ ਨਾ ਕਰੋ",
    ],
    "redirect": [
        "rag ਟੀਮ ਨੂੰ ਭੇਜੋ",
        "bob ਨੂੰ ਫਾਰਵਰਡ ਕਰੋ",
        "ਇਹ rag ਟੀਮ ਦਾ ਕੰਮ ਹੈ।",
        "rag ਟੀਮ ਲਈ।",
        "rag ਟੀਮ ਦੇਖ ਲਵੇ",
        "rag ਲਈ ਜ\u0a3cਿਆਦਾ ਢੁਕਵਾਂ ਹੈ।",
    ],
    "keep": [
        "\u0a5bਰੂਰ ਪੜ੍ਹੋ!",  # "ਜ਼" as one code point
        "ਜ\u0a3cਰੂਰ ਪੜ੍ਹੋ!",  # "ਜ਼" as "ਜ" + nukta
        "ਜਰੂਰ ਪੜ੍ਹੋ!",
        "ਪੜ੍ਹਨ ਲਾਇਕ",
        "ਪੜ੍ਹਨ ਯੋਗ ਹੈ।",
        "ਮੈਂ ਜ\u0a3cੋਰਦਾਰ ਸਿਫ\u0a3cਾਰਸ\u0a3c ਕਰਦਾ ਹਾਂ।",
        "ਸਿ\u0a5eਾਰਿ\u0a36 ਕਰਦੀ ਹਾਂ।",
        "ਅੱਜ ਰਾਤ ਐਂਕਰ ਕਰੋ",
    ],
}

MARATHI = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — आपला विषय नाही, हे RL आहे.",
        "वगळा.",
        "रोचक आहे, पण वगळा.",
        "सध्या राहू द्या.",
        "म्हणून सोडून द्या.",
        "याकडे दुर्लक्ष करा.",
        "आपलं नाही.",
        "आपल्या कक्षेबाहेर",
        "विषयाबाहेर.",
        "फक्त कीवर्ड जुळतो, न्यायाधीशांबद्दल काही नाही",
        "मी वगळण्याचा सल्ला देतो.",
        "असंबद्ध.",
        "चुकीची यादी",
    ],
    "not_topic": [
        "हे eval नाही, RL आहे.",
        "evaluation शी काहीही संबंध नाही",
        "eval च्या कक्षेबाहेर",
        "eval नाही तर RL",
        "हा पेपर eval बद्दल नाही.",
    ],
    "covered": [
        "डॉकमध्ये आधीच आहे, विभाग 2.1",
        "काही नवीन नाही.",
        "आपल्याकडे आधीच आहे.",
        "विभाग 2.1 मध्ये आधीच आहे",
        "आधीच अँकर केलं आहे",
    ],
    "reported": [
        "आधीच रिपोर्ट केलं आहे.",
        "आम्ही काल रिपोर्ट केलं",
        "कालच्या ब्रीफिंगमध्ये होतं",
        "पुन्हा रिपोर्ट करू नका",
    ],
    "redirect": [
        "rag टीमकडे पाठवा",
        "bob ला फॉरवर्ड करा",
        "हे rag टीमचं आहे.",
        "rag टीमसाठी.",
        "rag टीमने बघावं",
        "rag साठी जास्त योग्य आहे.",
    ],
    "keep": [
        "नक्की वाचा!",
        "वाचण्यासारखा",
        "आवर्जून शिफारस करतो.",
        "आज रात्री अँकर करा",
    ],
}

YORUBA = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — kì í ṣe tiwa, RL ni.",
        "Fò ó.",
        "FÒ Ó",
        "Fo o.",  # without marks
        "Ó dùn, ṣùgbọ́n ẹ fi sílẹ̀.",
        "Ẹ fi sile\u0323\u0300.",  # "ẹ̀" as "e" + combining dot + tone
        "Fún báyìí, ẹ pa á tì.",
        "Jẹ́ ká fò ó.",
        "Kò kàn wá.",
        "Èyí kì í ṣe àkòrí wa.",
        "Ní ìta àkòrí wa.",
        "ni ita akori wa",
        "Ìbámu ọ̀rọ̀ kókó nìkan, kò sí nǹkan nípa àwọn adájọ́",
        "Mo dábàá pé ká fò ó.",
        "Kò wúlò fún wa.",
        "àtòjọ tí kò tọ́",
    ],
    "not_topic": [
        "Kì í ṣe eval, RL ni.",
        "Kii se eval, RL ni.",
        "Kò jẹmọ́ evaluation.",
        "Kò ní nǹkan ṣe pẹ̀lú evaluation.",
        "ko ni nkan se pelu evaluation",
        "Èyí kì í ṣe nípa evaluation.",
    ],
    "covered": [
        "Ó ti wà nínú ìwé wa, abala 2.1",
        "Kò sí nǹkan tuntun.",
        "A ti ní i tẹ́lẹ̀.",
        "Ó ti wà nínú abala 2.1",
    ],
    "reported": [
        "A ti ròyìn rẹ̀ tẹ́lẹ̀.",
        "A ti jábọ̀ rẹ̀ lánàá.",
        "Ó wà nínú ìjábọ̀ àná.",
        "Ẹ má ròyìn rẹ̀ mọ́.",
    ],
    "redirect": [
        "Fi ránṣẹ́ sí ẹgbẹ́ rag.",
        "Ẹ fi ránṣẹ́ sí bob.",
        "Ti ẹgbẹ́ rag ni.",
        "Èyí jẹ́ ti ẹgbẹ́ rag.",
        "Fún ẹgbẹ́ rag.",
        "Jẹ́ kí ẹgbẹ́ rag bójú tó o.",
        "Ó bá rag mu jù.",
    ],
    "keep": [
        "Ẹ gbọ́dọ̀ kà á!",
        "Ó yẹ ní kíkà.",
        "Mo dámọ̀ràn rẹ̀ gidigidi.",
    ],
}

HAUSA = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ba namu ba ne, RL ne.",
        "A tsallake.",
        "A TSALLAKE",
        "Yana da ban sha'awa, amma a bar shi.",
        "Mu tsallake shi.",
        "Ku ƙyale shi.",
        "Ku kyale shi.",  # "ƙ" written "k"
        "A yi watsi da shi.",
        "Ba batunmu ba ne.",
        "A wajen batunmu.",
        "Kalma ce kawai ta dace, babu komai game da alƙalai",
        "Ina ba da shawarar a tsallake shi.",
        "Bai dace ba.",
        "Bai shafe mu ba.",
    ],
    "not_topic": [
        "Ba eval ba ne, RL ne.",
        "Ba shi da alaƙa da evaluation.",
        "babu alaka da evaluation",
        "Bai shafi evaluation ba.",
        "Ya fita daga batun eval.",
    ],
    "covered": [
        "Yana cikin takardar tuni, sashe 2.1",
        "Babu sabon abu.",
        "Muna da shi tuni.",
        "Yana cikin sashe 2.1 tuni",
        "Tuni yana cikin takardarmu.",
    ],
    "reported": [
        "An riga an ba da rahotonsa.",
        "Mun ba da rahotonsa jiya.",
        "Yana cikin rahoton jiya.",
        "Kada a sake ba da rahotonsa.",
    ],
    "redirect": [
        "A tura wa ƙungiyar rag.",
        "A aika wa bob.",
        "Na ƙungiyar rag ne.",
        "Wannan aikin kungiyar rag ne.",
        "Don ƙungiyar rag.",
        "Bari ƙungiyar rag ta duba shi.",
        "Ya fi dacewa da rag.",
    ],
    "keep": [
        "Dole a karanta!",
        "Ya cancanci a karanta.",
        "Ina ba da shawara sosai.",
        "A ba shi fifiko.",
    ],
}

LANGUAGES = (
    ("gu", GUJARATI),
    ("pa", PUNJABI),
    ("mr", MARATHI),
    ("yo", YORUBA),
    ("ha", HAUSA),
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
    vowel signs, nukta letters in either spelling, Yoruba tone marks and Hausa hooked letters
    included, as the alternation does."""
    lex = packaged_lexicon()
    names = (reader.topic_names, reader.other_names, reader.people)
    whole = [m.span() for m in lex.pattern("remarks", kind, *names).finditer(text)]
    fast = [m.span() for m in lex.phrases("remarks", kind, *names).finditer(text)]
    assert whole and fast == whole


# A sentence that only describes (or negates the remark), and the remark it must not be taken for.
TRAPS = [
    # Gujarati
    pytest.param("મૉડલ કેટલાક ટોકન છોડી દે છે.", "છોડી દો.", "dismiss", id="gu-model-drops"),
    pytest.param("અમે પ્રયોગમાં વૉર્મઅપ છોડી દઈએ છીએ.", "છોડી દઈએ.", "dismiss", id="gu-we-skip-warmup"),
    pytest.param("મૉડલ ઘોંઘાટને અવગણતાં શીખે છે.", "અવગણો.", "dismiss", id="gu-ignores"),
    pytest.param(
        "વિષયની બહારના પ્રશ્નો મૉડલને ગૂંચવે છે.",
        "વિષયની બહાર.",
        "dismiss",
        id="gu-off-topic-questions",
    ),
    pytest.param(
        "પરિણામો નાના મૉડલ માટે પ્રસ્તુત નથી.",
        "પ્રસ્તુત નથી.",
        "dismiss",
        id="gu-not-relevant-for",
    ),
    pytest.param(
        "આ ઉદાહરણો વિતરણની બહાર છે.", "આપણા દાયરાની બહાર", "dismiss", id="gu-out-of-distribution"
    ),
    pytest.param("આપણું નથી કે તેમનું?", "આપણું નથી.", "dismiss", id="gu-ours-or-theirs"),
    pytest.param("ડેટા આપણું નથી, Googleનું છે.", "આપણું નથી.", "dismiss", id="gu-whose-data"),
    pytest.param(
        "આ અસર અગાઉના સંશોધનમાં પહેલેથી રિપોર્ટ થયેલી છે.",
        "પહેલેથી રિપોર્ટ થયેલું છે.",
        "reported",
        id="gu-literature",
    ),
    pytest.param(
        "કોડ લાઇબ્રેરીના દસ્તાવેજીકરણમાં પહેલેથી છે.",
        "દસ્તાવેજમાં પહેલેથી છે",
        "covered",
        id="gu-documentation",
    ),
    pytest.param("મૉડલ કંઈ નવું શીખતું નથી.", "કંઈ નવું નથી.", "covered", id="gu-learns-nothing"),
    pytest.param("મૉડલે આખું ઇનપુટ વાંચવું જ જોઈએ.", "જરૂર વાંચો!", "keep", id="gu-must-read"),
    pytest.param("વાંચવા જેવું નથી", "વાંચવા જેવું", "keep", id="gu-not-worth"),
    pytest.param("લેખકો વૉર્મઅપની ભલામણ કરે છે.", "ભલામણ કરું છું.", "keep", id="gu-authors"),
    pytest.param("માત્ર eval નહીં, RL પણ", "eval નહીં પણ RL", "not_topic", id="gu-not-only"),
    pytest.param("આ પેપરમાં eval નથી.", "આ eval નથી.", "not_topic", id="gu-has-no-eval"),
    pytest.param(
        "પરિણામો rag પાઇપલાઇનને મોકલવામાં આવે છે.",
        "rag ટીમને મોકલો",
        "redirect",
        id="gu-pipeline",
    ),
    pytest.param("rag ટીમને મોકલો નહીં", "rag ટીમને મોકલો", "redirect", id="gu-dont-send"),
    pytest.param("rag ટીમ માટે નવું ટૂલ", "rag ટીમ માટે.", "redirect", id="gu-tool-for"),
    pytest.param("આઉટપુટ એન્કોડરને મોકલવામાં આવે છે.", "bob ને મોકલો", "redirect", id="gu-encoder"),
    pytest.param("આ rag ટીમનું નથી, આપણું છે.", "આ rag ટીમનું છે.", "redirect", id="gu-negated"),
    pytest.param(
        "આ પદ્ધતિ rag પાઇપલાઇન માટે વધુ યોગ્ય છે.",
        "rag માટે વધુ યોગ્ય છે.",
        "redirect",
        id="gu-suits-pipeline",
    ),
    # Punjabi
    pytest.param("ਮਾਡਲ ਕੁਝ ਟੋਕਨ ਛੱਡ ਦਿੰਦਾ ਹੈ।", "ਛੱਡ ਦਿਓ।", "dismiss", id="pa-model-drops"),
    pytest.param("ਅਸੀਂ ਟੈਸਟ ਵਿੱਚ ਵਾਰਮਅੱਪ ਛੱਡ ਦਿੰਦੇ ਹਾਂ।", "ਛੱਡੋ।", "dismiss", id="pa-we-skip-warmup"),
    pytest.param(
        "ਮਾਡਲ ਸ\u0a3cੋਰ ਨੂੰ ਨਜ\u0a3cਰਅੰਦਾਜ\u0a3c ਕਰਨਾ ਸਿੱਖਦਾ ਹੈ।",
        "ਨਜ\u0a3cਰਅੰਦਾਜ\u0a3c ਕਰੋ।",
        "dismiss",
        id="pa-ignores",
    ),
    pytest.param(
        "ਵਿਸ\u0a3cੇ ਤੋਂ ਬਾਹਰ ਸਵਾਲ ਮਾਡਲ ਨੂੰ ਉਲਝਾਉਂਦੇ ਹਨ।",
        "ਵਿਸ\u0a3cੇ ਤੋਂ ਬਾਹਰ।",
        "dismiss",
        id="pa-off-topic-questions",
    ),
    pytest.param(
        "ਨਤੀਜੇ ਛੋਟੇ ਮਾਡਲਾਂ ਲਈ ਸੰਬੰਧਿਤ ਨਹੀਂ ਹਨ।",
        "ਸੰਬੰਧਿਤ ਨਹੀਂ।",
        "dismiss",
        id="pa-not-relevant-for",
    ),
    pytest.param(
        "ਇਹ ਉਦਾਹਰਣਾਂ ਵੰਡ ਤੋਂ ਬਾਹਰ ਹਨ।", "ਸਾਡੇ ਦਾਇਰੇ ਤੋਂ ਬਾਹਰ", "dismiss", id="pa-out-of-distribution"
    ),
    pytest.param("ਡਾਟਾ ਸਾਡਾ ਨਹੀਂ, Google ਦਾ ਹੈ।", "ਸਾਡਾ ਨਹੀਂ।", "dismiss", id="pa-whose-data"),
    pytest.param(
        "ਇਹ ਅਸਰ ਪਿਛਲੀ ਖੋਜ ਵਿੱਚ ਪਹਿਲਾਂ ਹੀ ਰਿਪੋਰਟ ਹੋ ਚੁੱਕਾ ਹੈ।",
        "ਪਹਿਲਾਂ ਹੀ ਰਿਪੋਰਟ ਹੋ ਚੁੱਕਾ ਹੈ।",
        "reported",
        id="pa-literature",
    ),
    pytest.param(
        "ਕੱਲ੍ਹ ਦੀ ਬ੍ਰੀਫਿੰਗ ਵਿੱਚ ਸ\u0a3cਾਮਲ ਕਰੋ",
        "ਕੱਲ੍ਹ ਦੀ ਬ੍ਰੀਫਿੰਗ ਵਿੱਚ ਸੀ",
        "reported",
        id="pa-tomorrow",
    ),
    pytest.param(
        "ਕੋਡ ਲਾਇਬ੍ਰੇਰੀ ਦੇ ਦਸਤਾਵੇ\u0a5bਾਂ ਵਿੱਚ ਪਹਿਲਾਂ ਹੀ ਮੌਜੂਦ ਹੈ।",
        "ਦਸਤਾਵੇ\u0a5b ਵਿੱਚ ਪਹਿਲਾਂ ਹੀ ਮੌਜੂਦ ਹੈ",
        "covered",
        id="pa-documentation",
    ),
    pytest.param("ਮਾਡਲ ਕੁਝ ਨਵਾਂ ਨਹੀਂ ਸਿੱਖਦਾ।", "ਕੁਝ ਨਵਾਂ ਨਹੀਂ।", "covered", id="pa-learns-nothing"),
    pytest.param(
        "ਮਾਡਲ ਨੂੰ ਪੂਰਾ ਇਨਪੁਟ ਜ\u0a3cਰੂਰ ਪੜ੍ਹਨਾ ਚਾਹੀਦਾ ਹੈ।",
        "ਜ\u0a3cਰੂਰ ਪੜ੍ਹੋ!",
        "keep",
        id="pa-must-read",
    ),
    pytest.param("ਪੜ੍ਹਨ ਲਾਇਕ ਨਹੀਂ", "ਪੜ੍ਹਨ ਲਾਇਕ", "keep", id="pa-not-worth"),
    pytest.param("ਮਾਡਲ ਪੜ੍ਹਨ ਯੋਗ ਟੈਕਸਟ ਬਣਾਉਂਦਾ ਹੈ।", "ਪੜ੍ਹਨ ਯੋਗ ਹੈ।", "keep", id="pa-readable"),
    pytest.param(
        "ਲੇਖਕ ਵਾਰਮਅੱਪ ਦੀ ਸਿਫ\u0a3cਾਰਸ\u0a3c ਕਰਦੇ ਹਨ।",
        "ਸਿਫ\u0a3cਾਰਸ\u0a3c ਕਰਦਾ ਹਾਂ।",
        "keep",
        id="pa-authors",
    ),
    pytest.param("ਸਿਰ\u0a5e eval ਨਹੀਂ ਸਗੋਂ RL ਵੀ", "eval ਨਹੀਂ ਸਗੋਂ RL", "not_topic", id="pa-not-only"),
    pytest.param("ਇਸ ਪੇਪਰ ਵਿੱਚ eval ਨਹੀਂ।", "ਇਹ eval ਨਹੀਂ।", "not_topic", id="pa-has-no-eval"),
    pytest.param("ਨਤੀਜੇ rag ਪਾਈਪਲਾਈਨ ਨੂੰ ਭੇਜੇ ਜਾਂਦੇ ਹਨ।", "rag ਟੀਮ ਨੂੰ ਭੇਜੋ", "redirect", id="pa-pipeline"),
    pytest.param("rag ਟੀਮ ਨੂੰ ਨਾ ਭੇਜੋ", "rag ਟੀਮ ਨੂੰ ਭੇਜੋ", "redirect", id="pa-dont-send"),
    pytest.param("rag ਟੀਮ ਲਈ ਨਵਾਂ ਟੂਲ", "rag ਟੀਮ ਲਈ।", "redirect", id="pa-tool-for"),
    pytest.param("ਆਉਟਪੁਟ ਐਨਕੋਡਰ ਨੂੰ ਭੇਜਿਆ ਜਾਂਦਾ ਹੈ।", "bob ਨੂੰ ਭੇਜੋ", "redirect", id="pa-encoder"),
    pytest.param("ਇਹ rag ਟੀਮ ਦਾ ਨਹੀਂ, ਸਾਡਾ ਹੈ।", "ਇਹ rag ਟੀਮ ਦਾ ਹੈ।", "redirect", id="pa-negated"),
    # Marathi
    pytest.param("मॉडेल काही टोकन वगळते.", "वगळा.", "dismiss", id="mr-model-skips"),
    pytest.param("आम्ही चाचणीत वॉर्मअप वगळतो.", "वगळा.", "dismiss", id="mr-we-skip-warmup"),
    pytest.param("वॉर्मअप वगळा आणि थेट प्रशिक्षण सुरू करा.", "वगळा.", "dismiss", id="mr-method-step"),
    pytest.param("मॉडेल आवाजाकडे दुर्लक्ष करायला शिकते.", "दुर्लक्ष करा.", "dismiss", id="mr-ignores"),
    pytest.param(
        "विषयाबाहेरील प्रश्न मॉडेलला गोंधळात टाकतात.",
        "विषयाबाहेर.",
        "dismiss",
        id="mr-off-topic-questions",
    ),
    pytest.param(
        "निकाल लहान मॉडेलसाठी संबंधित नाहीत.",
        "संबंधित नाही.",
        "dismiss",
        id="mr-not-relevant-for",
    ),
    pytest.param(
        "ही उदाहरणे वितरणाबाहेर आहेत.", "आपल्या कक्षेबाहेर", "dismiss", id="mr-out-of-distribution"
    ),
    pytest.param("डेटा आपला नाही, Google चा आहे.", "आपला नाही.", "dismiss", id="mr-whose-data"),
    pytest.param(
        "हा परिणाम आधीच्या संशोधनात आधीच नोंदवला गेला आहे.",
        "आधीच रिपोर्ट केलं आहे.",
        "reported",
        id="mr-literature",
    ),
    pytest.param(
        "कोड लायब्ररीच्या दस्तऐवजीकरणात आधीच आहे.",
        "दस्तऐवजात आधीच आहे",
        "covered",
        id="mr-documentation",
    ),
    pytest.param("मॉडेल काही नवीन शिकत नाही.", "काही नवीन नाही.", "covered", id="mr-learns-nothing"),
    pytest.param("मॉडेलला संपूर्ण इनपुट वाचावं लागतं.", "नक्की वाचा!", "keep", id="mr-must-read"),
    pytest.param("वाचण्यासारखा नाही", "वाचण्यासारखा", "keep", id="mr-not-worth"),
    pytest.param("लेखक वॉर्मअपची शिफारस करतात.", "शिफारस करतो.", "keep", id="mr-authors"),
    pytest.param("फक्त eval नाही तर RL सुद्धा", "eval नाही तर RL", "not_topic", id="mr-not-only"),
    pytest.param("या पेपरमध्ये eval नाही.", "हे eval नाही.", "not_topic", id="mr-has-no-eval"),
    pytest.param(
        "निकाल rag पाइपलाइनकडे पाठवले जातात.", "rag टीमकडे पाठवा", "redirect", id="mr-pipeline"
    ),
    pytest.param("rag टीमकडे पाठवू नका", "rag टीमकडे पाठवा", "redirect", id="mr-dont-send"),
    pytest.param("rag टीमसाठी नवीन टूल", "rag टीमसाठी.", "redirect", id="mr-tool-for"),
    pytest.param("आउटपुट एन्कोडरकडे पाठवले जाते.", "bob कडे पाठवा", "redirect", id="mr-encoder"),
    pytest.param("हे rag टीमचं नाही, आपलं आहे.", "हे rag टीमचं आहे.", "redirect", id="mr-negated"),
    pytest.param(
        "ही पद्धत rag पाइपलाइनसाठी जास्त योग्य आहे.",
        "rag साठी जास्त योग्य आहे.",
        "redirect",
        id="mr-suits-pipeline",
    ),
    # Yoruba
    pytest.param("Àwòṣe náà fo àwọn ìgbésẹ̀ kan.", "Fò ó.", "dismiss", id="yo-model-skips"),
    pytest.param("A fo warmup nínú àyẹ̀wò wa.", "Ẹ fò ó.", "dismiss", id="yo-we-skip-warmup"),
    pytest.param("Àwòṣe náà kọ́ láti pa ariwo tì.", "Pa á tì.", "dismiss", id="yo-ignores-noise"),
    pytest.param("Má fò ó.", "Fò ó.", "dismiss", id="yo-dont-skip"),
    pytest.param(
        "Àwọn èsì náà kò wúlò fún àwọn àwòṣe kékeré.",
        "Kò wúlò.",
        "dismiss",
        id="yo-useless-for",
    ),
    pytest.param(
        "Àwọn àpẹẹrẹ yìí wà ní ìta ìpínkiri.",
        "Ní ìta àkòrí wa.",
        "dismiss",
        id="yo-out-of-distribution",
    ),
    pytest.param(
        "Dátà yìí kì í ṣe tiwa, ti Google ni.", "Kì í ṣe tiwa.", "dismiss", id="yo-whose-data"
    ),
    pytest.param(
        "Àwọn olùwádìí ti ròyìn ipa yìí tẹ́lẹ̀.",
        "A ti ròyìn rẹ̀ tẹ́lẹ̀.",
        "reported",
        id="yo-literature",
    ),
    pytest.param(
        "Kóòdù náà ti wà nínú ìwé àlàyé library.",
        "Ó ti wà nínú ìwé wa.",
        "covered",
        id="yo-documentation",
    ),
    pytest.param(
        "Àlàyé náà ti wà nínú ìwé náà.",
        "Ó ti wà nínú ìwé wa.",
        "covered",
        id="yo-the-paper",
    ),
    pytest.param(
        "Ó ti wà nínú abala 2.1 ti àpilẹ̀kọ náà.",
        "Ó ti wà nínú abala 2.1 tẹ́lẹ̀.",
        "covered",
        id="yo-section-of-the-paper",
    ),
    pytest.param(
        "Àwòṣe náà kò kọ́ nǹkan tuntun.", "Kò sí nǹkan tuntun.", "covered", id="yo-learns-nothing"
    ),
    pytest.param("Àwòṣe náà gbọ́dọ̀ ka gbogbo ìgbéwọlé.", "Ẹ gbọ́dọ̀ kà á!", "keep", id="yo-must-read"),
    pytest.param("Kò yẹ ní kíkà.", "Ó yẹ ní kíkà.", "keep", id="yo-not-worth"),
    pytest.param("Àwọn òǹkọ̀wé dámọ̀ràn warmup.", "Mo dámọ̀ràn rẹ̀.", "keep", id="yo-authors"),
    pytest.param("Kì í ṣe eval nìkan, RL pẹ̀lú.", "Kì í ṣe eval.", "not_topic", id="yo-not-only"),
    pytest.param("A kò ṣe eval kankan.", "Kì í ṣe eval.", "not_topic", id="yo-no-eval-done"),
    pytest.param(
        "Wọ́n ń fi àbájáde ránṣẹ́ sí rag pipeline.",
        "Fi ránṣẹ́ sí ẹgbẹ́ rag.",
        "redirect",
        id="yo-pipeline",
    ),
    pytest.param(
        "Má fi ránṣẹ́ sí ẹgbẹ́ rag.", "Fi ránṣẹ́ sí ẹgbẹ́ rag.", "redirect", id="yo-dont-send"
    ),
    pytest.param(
        "Ẹ má ṣe fi ránṣẹ́ sí ẹgbẹ́ rag.",
        "Ẹ fi ránṣẹ́ sí ẹgbẹ́ rag.",
        "redirect",
        id="yo-do-not-send",
    ),
    pytest.param("Irinṣẹ́ tuntun fún ẹgbẹ́ rag", "Fún ẹgbẹ́ rag.", "redirect", id="yo-tool-for"),
    pytest.param(
        "Wọ́n ń fi ìgbéjáde ránṣẹ́ sí encoder.",
        "Fi ránṣẹ́ sí bob.",
        "redirect",
        id="yo-encoder",
    ),
    pytest.param("Kì í ṣe ti ẹgbẹ́ rag, tiwa ni.", "Ti ẹgbẹ́ rag ni.", "redirect", id="yo-negated"),
    pytest.param(
        "Ọ̀nà yìí bá rag pipeline mu jù fine-tuning lọ.",
        "Ó bá rag mu jù.",
        "redirect",
        id="yo-suits-pipeline",
    ),
    # Hausa
    pytest.param(
        "Samfurin yana tsallake wasu matakai.", "A tsallake.", "dismiss", id="ha-model-skips"
    ),
    pytest.param(
        "Mun tsallake warmup a gwajinmu.", "Mu tsallake shi.", "dismiss", id="ha-we-skip-warmup"
    ),
    pytest.param(
        "A tsallake warmup a lokacin gwaji.", "A tsallake.", "dismiss", id="ha-method-step"
    ),
    pytest.param(
        "Samfurin ya koyi yin watsi da hayaniya.",
        "A yi watsi da shi.",
        "dismiss",
        id="ha-ignores-noise",
    ),
    pytest.param("Kada a tsallake.", "A tsallake.", "dismiss", id="ha-dont-skip"),
    pytest.param(
        "Sakamakon bai dace da ƙananan samfura ba.",
        "Bai dace ba.",
        "dismiss",
        id="ha-not-relevant-for",
    ),
    pytest.param(
        "Waɗannan misalai suna wajen rarrabuwar bayanai.",
        "A wajen batunmu.",
        "dismiss",
        id="ha-out-of-distribution",
    ),
    pytest.param(
        "Waɗannan bayanan ba namu ba ne, daga Google suke.",
        "Ba namu ba ne.",
        "dismiss",
        id="ha-whose-data",
    ),
    pytest.param("A bar chart.", "A bar shi.", "dismiss", id="ha-english-bar"),
    pytest.param(
        "An riga an ba da rahoton wannan tasiri a binciken baya.",
        "An riga an ba da rahotonsa.",
        "reported",
        id="ha-literature",
    ),
    pytest.param(
        "Kodin yana cikin takardun bayanin laburaren tuni.",
        "Yana cikin takardar tuni.",
        "covered",
        id="ha-documentation",
    ),
    pytest.param(
        "Samfurin bai koyi wani sabon abu ba.",
        "Babu sabon abu.",
        "covered",
        id="ha-learns-nothing",
    ),
    pytest.param(
        "Dole samfurin ya karanta dukkan bayanan shigarwa.",
        "Dole a karanta!",
        "keep",
        id="ha-must-read",
    ),
    pytest.param("Bai cancanci a karanta ba.", "Ya cancanci a karanta.", "keep", id="ha-not-worth"),
    pytest.param(
        "Marubutan suna ba da shawarar warmup.",
        "Ina ba da shawara sosai.",
        "keep",
        id="ha-authors",
    ),
    pytest.param("Ba eval kawai ba, har da RL.", "Ba eval ba ne.", "not_topic", id="ha-not-only"),
    pytest.param("Ba a yi eval ba.", "Ba eval ba ne.", "not_topic", id="ha-no-eval-done"),
    pytest.param(
        "Ana tura sakamakon zuwa rag pipeline.",
        "A tura wa ƙungiyar rag.",
        "redirect",
        id="ha-pipeline",
    ),
    pytest.param(
        "Kada a tura wa ƙungiyar rag.", "A tura wa ƙungiyar rag.", "redirect", id="ha-dont-send"
    ),
    pytest.param(
        "Sabon kayan aiki don ƙungiyar rag", "Don ƙungiyar rag.", "redirect", id="ha-tool-for"
    ),
    pytest.param("Ana aika fitarwar zuwa encoder.", "A aika wa bob.", "redirect", id="ha-encoder"),
    pytest.param(
        "Ba na ƙungiyar rag ba ne, namu ne.",
        "Na ƙungiyar rag ne.",
        "redirect",
        id="ha-negated",
    ),
    pytest.param(
        "Hanyar ta fi dacewa da rag pipeline.",
        "Ya fi dacewa da rag.",
        "redirect",
        id="ha-suits-pipeline",
    ),
]


@pytest.mark.parametrize(("trap", "twin", "kind"), TRAPS)
def test_traps_are_not_remarks(reader: VerdictReader, trap: str, twin: str, kind: str) -> None:
    """A verb judges only leading its clause and ending it, and a phrase ends where the remark
    ends: "ટોકન છોડી દે છે", "ਟੋਕਨ ਛੱਡ ਦਿੰਦਾ ਹੈ", "टोकन वगळते", "fo àwọn ìgbésẹ̀", "yana tsallake
    wasu matakai" describe."""
    assert kinds(reader, twin)[:1] == [kind]  # the remark itself is read ...
    assert not [k for k in kinds(reader, trap) if k == kind or k in OFF_KINDS]  # ... not this


@pytest.mark.parametrize(
    ("text", "twin"),
    [
        pytest.param("evaluation માટે આજે કંઈ નવું નથી", "rag માટે આજે કંઈ નવું નથી", id="gu"),
        pytest.param("evaluation: કંઈ નથી", "rag: કંઈ નથી", id="gu-after"),
        pytest.param("evaluation ਲਈ ਅੱਜ ਕੁਝ ਨਵਾਂ ਨਹੀਂ", "rag ਲਈ ਅੱਜ ਕੁਝ ਨਵਾਂ ਨਹੀਂ", id="pa"),
        pytest.param("evaluation: ਕੁਝ ਨਹੀਂ", "rag: ਕੁਝ ਨਹੀਂ", id="pa-after"),
        pytest.param("evaluation साठी आज काही नवीन नाही", "rag साठी आज काही नवीन नाही", id="mr"),
        pytest.param("evaluation: काही नाही", "rag: काही नाही", id="mr-after"),
        pytest.param(
            "Kò sí nǹkan tuntun fún evaluation lónìí.",
            "Kò sí nǹkan tuntun fún rag lónìí.",
            id="yo",
        ),
        pytest.param("evaluation: kò sí nǹkan", "rag: kò sí nǹkan", id="yo-after"),
        pytest.param(
            "Babu sabon abu game da evaluation a yau.",
            "Babu sabon abu game da rag a yau.",
            id="ha",
        ),
        pytest.param("evaluation: babu komai", "rag: babu komai", id="ha-after"),
    ],
)
def test_a_note_declaring_nothing_for_the_topic(
    reader: VerdictReader, text: str, twin: str
) -> None:
    assert reader.declares_none(text) is not None
    assert reader.declares_none(twin) is None  # another topic's nothing is not ours


# --- section hints ----------------------------------------------------------------------------

HINTS = [
    pytest.param("વિભાગ 3.2", "3.2", id="gu-section"),
    pytest.param("વિભાગ 3.2માં", "3.2", id="gu-in-section"),
    pytest.param("વિભાગ: 3.2", "3.2", id="gu-section-colon"),
    pytest.param("વિભાગ 3માં મૂકો", "3", id="gu-put-in"),
    pytest.param("3.2માં મૂકો", "3.2", id="gu-put-in-after"),
    pytest.param("પ્રકરણ 4", "4", id="gu-chapter"),
    pytest.param("ਭਾਗ 3.2", "3.2", id="pa-section"),
    pytest.param("ਭਾਗ 3.2 ਵਿੱਚ", "3.2", id="pa-in-section"),
    pytest.param("ਭਾਗ: 3.2", "3.2", id="pa-section-colon"),
    pytest.param("ਭਾਗ 3 ਵਿੱਚ ਪਾਓ", "3", id="pa-put-in"),
    pytest.param("ਸੈਕ\u0a36ਨ 4.1", "4.1", id="pa-section-loanword"),
    pytest.param("ਸੈਕਸ\u0a3cਨ 4.1", "4.1", id="pa-section-loanword-nukta"),
    pytest.param("ਅਧਿਆਇ 4", "4", id="pa-chapter"),
    pytest.param("विभाग 3.2", "3.2", id="mr-section"),
    pytest.param("विभाग 3.2 मध्ये", "3.2", id="mr-in-section"),
    pytest.param("विभाग: 3.2", "3.2", id="mr-section-colon"),
    pytest.param("विभाग 3 मध्ये टाका", "3", id="mr-put-in"),
    pytest.param("3.2 मध्ये टाका", "3.2", id="mr-put-in-after"),
    pytest.param("प्रकरण 4", "4", id="mr-chapter"),
    pytest.param("abala 3.2", "3.2", id="yo-section"),
    pytest.param("Abala: 3.2", "3.2", id="yo-section-colon"),
    pytest.param("ìpín 4", "4", id="yo-part"),
    pytest.param("ó wà nínú 4.3", "4.3", id="yo-in"),
    pytest.param("sashe 3.2", "3.2", id="ha-section"),
    pytest.param("Sashe: 3.2", "3.2", id="ha-section-colon"),
    pytest.param("sashe na 4", "4", id="ha-section-no"),
    pytest.param("a saka shi a cikin 4.3", "4.3", id="ha-in"),
]


@pytest.mark.parametrize(("text", "num"), HINTS)
def test_a_number_after_a_hint_word_names_a_section(text: str, num: str) -> None:
    assert numbers(text) == [num]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("abala 3.2; ìdánilẹ́kọ̀ọ́ parí nínú 1.5 wákàtí", id="yo"),
        pytest.param("abala 3.2; idanileko pari ninu 1.5 wakati", id="yo-unmarked"),
        pytest.param("sashe 3.2; horaswa ta ɗauki cikin 1.5 awa", id="ha"),
    ],
)
def test_a_number_with_a_unit_is_a_quantity_not_a_section(text: str) -> None:
    """ "nínú 1.5 wákàtí", "cikin 1.5 awa" count hours; only the section is a hint."""
    assert numbers(text) == ["3.2"]


@pytest.mark.parametrize(
    ("trap", "twin"),
    [
        pytest.param("વિભાગ 2 માંથી 4 સુધી લેખકો સરખામણી કરે છે", "વિભાગ 2.", id="gu-from-to"),
        pytest.param("ਭਾਗ 2 ਵਿੱਚ ਸਿਸਟਮ", "ਭਾਗ 2।", id="pa-part-of"),
        pytest.param("विभाग 2 मध्ये प्रणाली", "विभाग 2.", id="mr-part-of"),
        pytest.param("प्रकरण 2 ते 4 मध्ये लेखक तुलना करतात", "प्रकरण 2.", id="mr-from-to"),
        pytest.param("abala 2 ti ètò náà", "abala 2.", id="yo-part-of"),
        pytest.param("sashe 2 na tsarin", "sashe 2.", id="ha-part-of"),
    ],
)
def test_numbers_that_are_no_section_hints(trap: str, twin: str) -> None:
    assert numbers(twin)
    assert numbers(trap) == []


# --- field labels -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        pytest.param("લિંક: https://arxiv.org/abs/2611.01234", "link", id="gu-link"),
        pytest.param("- **સ્રોત**: https://example.org/paper", "link", id="gu-source"),
        pytest.param("- વિભાગ: 3.2", "hint", id="gu-hint"),
        pytest.param("ક્યાં મૂકવું: 3.2", "hint", id="gu-where"),
        pytest.param("મર્યાદાઓ: ફક્ત એક seed", "caveat", id="gu-caveat"),
        pytest.param("**ટિપ્પણી**: સારું લાગે છે", "note", id="gu-note"),
        pytest.param("શીર્ષક: નવા જજ", "title", id="gu-title"),
        pytest.param("લેખક: Patel et al.", "skip", id="gu-author"),
        pytest.param("ਲਿੰਕ: https://arxiv.org/abs/2611.01234", "link", id="pa-link"),
        pytest.param("- **ਸਰੋਤ**: https://example.org/paper", "link", id="pa-source"),
        pytest.param("- ਭਾਗ: 3.2", "hint", id="pa-hint"),
        pytest.param("ਕਿੱਥੇ ਜਾਵੇ: 3.2", "hint", id="pa-where"),
        pytest.param("ਸੀਮਾਵਾਂ: ਸਿਰ\u0a5e ਇੱਕ seed", "caveat", id="pa-caveat"),
        pytest.param("**ਟਿੱਪਣੀ**: ਵਧੀਆ ਲੱਗਦਾ ਹੈ", "note", id="pa-note"),
        pytest.param("ਸਿਰਲੇਖ: ਨਵੇਂ ਜੱਜ", "title", id="pa-title"),
        pytest.param("ਤਾਰੀ\u0a59: 2027-10-30", "skip", id="pa-date"),
        pytest.param("ਤਾਰੀਖ\u0a3c: 2027-10-30", "skip", id="pa-date-nukta"),
        pytest.param("ਤਾਰੀਖ: 2027-10-30", "skip", id="pa-date-plain"),
        pytest.param("दुवा: https://arxiv.org/abs/2611.01234", "link", id="mr-link"),
        pytest.param("- विभाग: 3.2", "hint", id="mr-hint"),
        pytest.param("कुठे टाकायचे: 3.2", "hint", id="mr-where"),
        pytest.param("मर्यादा: फक्त एक seed", "caveat", id="mr-caveat"),
        pytest.param("**शेरा**: चांगला वाटतो", "note", id="mr-note"),
        pytest.param("मथळा: नवे न्यायाधीश", "title", id="mr-title"),
        pytest.param("दिनांक: 2027-10-30", "skip", id="mr-date"),
        pytest.param("Ìjápọ̀: https://arxiv.org/abs/2611.01234", "link", id="yo-link"),
        pytest.param("- **Orísun**: https://example.org/paper", "link", id="yo-source"),
        pytest.param("- Abala: 3.2", "hint", id="yo-hint"),
        pytest.param("Ìkìlọ̀: irúgbìn kan ṣoṣo", "caveat", id="yo-caveat"),
        pytest.param("**Àlàyé**: ó dára", "note", id="yo-note"),
        pytest.param("Àkọlé: Àwọn adájọ́ tuntun", "title", id="yo-title"),
        pytest.param("Òǹkọ̀wé: Adéyẹmí et al.", "skip", id="yo-author"),
        pytest.param("Onkowe: Adeyemi et al.", "skip", id="yo-author-unmarked"),
        pytest.param("Mahaɗi: https://arxiv.org/abs/2611.01234", "link", id="ha-link"),
        pytest.param("- **Majiya**: https://example.org/paper", "link", id="ha-source"),
        pytest.param("- Sashe: 3.2", "hint", id="ha-hint"),
        pytest.param("Iyakoki: iri ɗaya kawai", "caveat", id="ha-caveat"),
        pytest.param("**Sharhi**: yana da kyau", "note", id="ha-note"),
        pytest.param("Ra’ayi: yana da kyau", "note", id="ha-opinion"),
        pytest.param("Taken maƙala: Sababbin alƙalai", "title", id="ha-title"),
        pytest.param("Marubuci: Bello et al.", "skip", id="ha-author"),
    ],
)
def test_field_labels(line: str, kind: str) -> None:
    f = match_field(line)
    assert f is not None and f.kind == kind


def test_labels_left_out_stay_as_they_were() -> None:
    """ "Take" (Hausa: title) is an English note label, "IPO" no Yoruba status without its tone."""
    take, ipo = match_field("Take: overhyped"), match_field("IPO: 2027")
    assert take is not None and take.kind == "note"
    assert ipo is None


# --- headings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("સારાંશ (3)", "સારાંશમાં નવા મૉડલ", id="gu"),
        pytest.param("ਸਾਰ (3)", "ਸਾਰੇ ਨਵੇਂ ਮਾਡਲ", id="pa"),
        pytest.param("ਸਾਰਾਂ\u0a36", "ਸਾਰਾਂਸ\u0a3cਾਂ ਦੇ ਨਵੇਂ ਮਾਡਲ", id="pa-summary"),
        pytest.param("आढावा (3)", "आढावा नवीन मॉडेलचा", id="mr"),
        pytest.param("पुढच्या पायऱ्या", "पुढच्या पायऱ्यांमधील मॉडेल", id="mr-next-steps"),
        pytest.param("पुढच्या पायर\u094d\u200dया", "पुढच्या पायरीवर", id="mr-next-steps-zwj"),
        pytest.param("Àkópọ̀ (3)", "Àkópọ̀ àwọn àwòṣe tuntun", id="yo"),
        pytest.param("Akopo", "Akopo awon awose tuntun", id="yo-unmarked"),
        pytest.param("Taƙaitawa (3)", "Taƙaitawar sababbin samfura", id="ha"),
        pytest.param("Takaitawa", "Takaitawar sababbin samfura", id="ha-unhooked"),
    ],
)
def test_structural_headings_are_whole_words(heading: str, other: str) -> None:
    assert is_structural(heading)
    assert not is_structural(other)


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("વિષયની બહાર", "જજનું મૂલ્યાંકન", id="gu"),
        pytest.param("ਵਿ\u0a36ੇ ਤੋਂ ਬਾਹਰ", "ਜੱਜਾਂ ਦਾ ਮੁਲਾਂਕਣ", id="pa"),
        pytest.param("विषयाबाहेरचे", "न्यायाधीशांचे मूल्यमापन", id="mr"),
        pytest.param("Ní ìta àkòrí", "Ìdánwò àwọn adájọ́", id="yo"),
        pytest.param("Ba namu ba", "Tantance alƙalai", id="ha"),
    ],
)
def test_headings_that_leave_items_out(heading: str, other: str) -> None:
    assert is_negative_title(heading)
    assert not is_negative_title(other)


# --- stamps with month names, weekdays and clock words ---------------------------------------

IST = timezone(timedelta(hours=5, minutes=30))
WAT = timezone(timedelta(hours=1))

DATES = [
    pytest.param(
        "છેલ્લે અપડેટ: શનિવાર, 30 ઑક્ટોબર 2027, 21:15",
        date(2027, 10, 31),
        IST,
        datetime(2027, 10, 30, 21, 15),
        id="gu-updated",
    ),
    pytest.param(
        "બનાવ્યું 30 ઓક્ટોબર 2027 ના રોજ 21:15",
        date(2027, 10, 31),
        IST,
        datetime(2027, 10, 30, 21, 15),
        id="gu-created-on",
    ),
    pytest.param(
        "લખ્યું ગઈકાલે રાત્રે 23:40",
        date(2027, 10, 31),
        IST,
        datetime(2027, 10, 30, 23, 40),
        id="gu-last-night",
    ),
    pytest.param(
        "અપડેટ કર્યું સાંજે 7:15",
        date(2027, 10, 31),
        IST,
        datetime(2027, 10, 31, 19, 15),
        id="gu-evening",
    ),
    pytest.param(
        "ਆਖ\u0a3cਰੀ ਅੱਪਡੇਟ: ਸ\u0a3cਨੀਵਾਰ, 30 ਅਕਤੂਬਰ 2027, 21:15",
        date(2027, 10, 31),
        IST,
        datetime(2027, 10, 30, 21, 15),
        id="pa-updated",
    ),
    pytest.param(
        "ਬਣਾਇਆ 30 ਅਕਤੂਬਰ 2027 ਨੂੰ 21:15",
        date(2027, 10, 31),
        IST,
        datetime(2027, 10, 30, 21, 15),
        id="pa-created-on",
    ),
    pytest.param(
        "ਲਿਖਿਆ ਬੀਤੀ ਰਾਤ 23:40",
        date(2027, 10, 31),
        IST,
        datetime(2027, 10, 30, 23, 40),
        id="pa-last-night",
    ),
    pytest.param(
        "ਅੱਪਡੇਟ ਕੀਤਾ \u0a36ਾਮ 7:15 ਵਜੇ",
        date(2027, 10, 31),
        IST,
        datetime(2027, 10, 31, 19, 15),
        id="pa-evening",
    ),
    pytest.param(
        "शेवटचे अपडेट: शनिवार, 30 ऑक्टोबर 2027, 21:15",
        date(2027, 10, 31),
        IST,
        datetime(2027, 10, 30, 21, 15),
        id="mr-updated",
    ),
    pytest.param(
        "तयार केले 30 ऑक्टोबर 2027 रोजी 21:15",
        date(2027, 10, 31),
        IST,
        datetime(2027, 10, 30, 21, 15),
        id="mr-created-on",
    ),
    pytest.param(
        "लिहिले काल रात्री 23:40",
        date(2027, 10, 31),
        IST,
        datetime(2027, 10, 30, 23, 40),
        id="mr-last-night",
    ),
    pytest.param(
        "अपडेट केले संध्याकाळी 7:15",
        date(2027, 10, 31),
        IST,
        datetime(2027, 10, 31, 19, 15),
        id="mr-evening",
    ),
    pytest.param(
        "Àtúnṣe ìkẹyìn: Sátidé, 30 Oṣù Ọ̀wàrà 2027, 21:15",
        date(2027, 10, 31),
        WAT,
        datetime(2027, 10, 30, 21, 15),
        id="yo-updated",
    ),
    pytest.param(
        "Atunse ikeyin: Satide, 30 Osu Owara 2027, 21:15",
        date(2027, 10, 31),
        WAT,
        datetime(2027, 10, 30, 21, 15),
        id="yo-updated-unmarked",
    ),
    pytest.param(
        "A ṣẹ̀dá 30 Oṣù Kẹwàá 2027 ní aago 21:15",
        date(2027, 10, 31),
        WAT,
        datetime(2027, 10, 30, 21, 15),
        id="yo-created-ordinal-month",
    ),
    pytest.param(
        "A kọ ọ́ ní alẹ́ àná, 23:40",
        date(2027, 10, 31),
        WAT,
        datetime(2027, 10, 30, 23, 40),
        id="yo-last-night",
    ),
    pytest.param(
        "A ṣàtúnṣe ní aago 7:15 ìrọ̀lẹ́",
        date(2027, 10, 31),
        WAT,
        datetime(2027, 10, 31, 19, 15),
        id="yo-evening",
    ),
    pytest.param(
        "An sabunta: Asabar, 30 Oktoba 2027, da ƙarfe 21:15",
        date(2027, 10, 31),
        WAT,
        datetime(2027, 10, 30, 21, 15),
        id="ha-updated",
    ),
    pytest.param(
        "An rubuta daren jiya, 23:40",
        date(2027, 10, 31),
        WAT,
        datetime(2027, 10, 30, 23, 40),
        id="ha-last-night",
    ),
    pytest.param(
        "An sabunta ƙarfe 7:15 na yamma",
        date(2027, 10, 31),
        WAT,
        datetime(2027, 10, 31, 19, 15),
        id="ha-evening",
    ),
]


@pytest.mark.parametrize(("line", "day", "tz", "want"), DATES)
def test_a_stamp_in_words_dates_the_note(
    line: str, day: date, tz: timezone, want: datetime
) -> None:
    """A note filed the next morning says in words when it was written: the stamp word
    ("છેલ્લે અપડેટ", "ਆਖ਼ਰੀ ਅੱਪਡੇਟ", "शेवटचे अपडेट", "Àtúnṣe ìkẹyìn", "An sabunta"), the month name
    ("ઑક્ટોબર", "ਅਕਤੂਬਰ", "ऑक्टोबर", "Oṣù Ọ̀wàrà", "Oktoba"), the word joining date and clock
    ("ના રોજ", "ਨੂੰ", "रोजी", "ní aago", "da ƙarfe") and the evening words ("સાંજે", "ਸ਼ਾਮ",
    "संध्याकाळी", "ìrọ̀lẹ́", "na yamma")."""
    when, problems = time_in_text(f"# x\n\nbody\n\n{line}\n", day, tz, lexicon=packaged_lexicon())
    assert when == want.replace(tzinfo=tz) and not problems


@pytest.mark.parametrize(
    ("night", "afternoon", "tz"),
    [
        pytest.param("અપડેટ કર્યું રાત્રે 1:15", "અપડેટ કર્યું બપોરે 1:15", IST, id="gu"),
        pytest.param("ਅੱਪਡੇਟ ਕੀਤਾ ਰਾਤ 1:15 ਵਜੇ", "ਅੱਪਡੇਟ ਕੀਤਾ ਦੁਪਹਿਰ 1:15 ਵਜੇ", IST, id="pa"),
        pytest.param("अपडेट केले रात्री 1:15", "अपडेट केले दुपारी 1:15", IST, id="mr"),
        pytest.param("A ṣàtúnṣe ní aago 1:15 alẹ́", "A ṣàtúnṣe ní aago 1:15 ọ̀sán", WAT, id="yo"),
        pytest.param(
            "An sabunta ƙarfe 1:15 na dare", "An sabunta ƙarfe 1:15 na rana", WAT, id="ha"
        ),
    ],
)
def test_the_night_word_is_no_afternoon(night: str, afternoon: str, tz: timezone) -> None:
    """ "રાત્રે", "ਰਾਤ", "रात्री", "alẹ́", "na dare" (night) run from the evening past midnight:
    "night 1:15" is 01:15, while the afternoon words ("બપોરે", "ਦੁਪਹਿਰ", "दुपारी", "ọ̀sán", "na
    rana") move it past noon."""
    day = date(2027, 10, 31)

    def read(line: str) -> datetime | None:
        when, _problems = time_in_text(
            f"# x\n\nbody\n\n{line}\n", day, tz, lexicon=packaged_lexicon()
        )
        return when

    assert read(night) == datetime(2027, 10, 31, 1, 15, tzinfo=tz)
    assert read(afternoon) == datetime(2027, 10, 31, 13, 15, tzinfo=tz)


@pytest.mark.parametrize(
    ("signed", "yesterday"),
    [
        pytest.param("— Jiya · 19:20", "An rubuta jiya da yamma, 19:20", id="ha-jiya"),
        pytest.param("— Yau · 19:20", "An rubuta daren jiya, 19:20", id="ha-yau"),
        pytest.param("— Ana · 19:20", "A kọ ọ́ ní ìrọ̀lẹ́ àná, 19:20", id="yo-ana"),
    ],
)
def test_a_name_is_no_day_word(signed: str, yesterday: str) -> None:
    """ "Jiya", "Yau", "Ana" sign notes (they are names): only "jiya da yamma", "daren jiya", "àná"
    with its time of day say yesterday."""
    day, tz = date(2027, 10, 31), WAT
    when, _problems = time_in_text(
        f"# x\n\nbody\n\n{signed}\n", day, tz, lexicon=packaged_lexicon()
    )
    assert when == datetime(2027, 10, 31, 19, 20, tzinfo=tz)
    when, _problems = time_in_text(
        f"# x\n\nbody\n\n{yesterday}\n", day, tz, lexicon=packaged_lexicon()
    )
    assert when == datetime(2027, 10, 30, 19, 20, tzinfo=tz)
