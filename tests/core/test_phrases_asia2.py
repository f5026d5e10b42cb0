"""Telugu (``phrases/te.toml``), Kannada (``kn.toml``), Malayalam (``ml.toml``), Mongolian in
Cyrillic (``mn.toml``), Georgian (``ka.toml``) and Khmer (``km.toml``) notes: authors' remarks,
section hints, field labels, headings and stamps, as colleagues write them, and the sentences
beside them that only describe.

The vowel signs of the three Dravidian scripts and of Khmer are no ``\\w`` to the regex engine,
and Khmer puts no spaces between words: a short word is found inside a longer one unless its
pattern says where it ends.  Malayalam and Mongolian verbs do not say who did a thing ("reported"
by us or by the authors), so those remarks count only where a clause starts or a "we" says so.
Each positive case uses words of its own language only: taking the file away makes it fail.
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

TELUGU = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — మనది కాదు, ఇది RL.",
        "ఆసక్తికరంగా ఉంది, కానీ వదిలేద్దాం.",
        "వదిలేయండి",
        "మనకు సంబంధం లేదు",
        "కేవలం కీవర్డ్ మ్యాచ్ మాత్రమే, జడ్జిల గురించి ఏమీ లేదు",
        "మా టాపిక్ కాదు.",
    ],
    "not_topic": ["ఇది eval కాదు, RL.", "evaluation తో ఏ సంబంధమూ లేదు"],
    "redirect": [
        "rag టీమ్\u200cకి పంపండి",
        "ఇది rag టీమ్\u200cది",
        "rag బృందానికి చెందినది",
        "bob కి పంపించండి",
        "rag వాళ్ళు చూసుకుంటారు",
    ],
    "reported": ["నిన్నే రిపోర్ట్ చేశాం", "నిన్నటి బ్రీఫింగ్\u200cలో ఉంది", "మళ్ళీ రిపోర్ట్ చేయవద్దు"],
    "covered": [
        "ఇప్పటికే డాక్\u200cలో ఉంది, విభాగం 2.1",
        "కొత్తది ఏమీ లేదు.",
        "మన దగ్గర ఇప్పటికే ఉంది",
    ],
    "keep": ["తప్పక చదవాలి!", "చదవదగినది", "గట్టిగా సిఫార్సు చేస్తున్నాను."],
}

KANNADA = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ನಮ್ಮದಲ್ಲ, ಇದು RL.",
        "ಚೆನ್ನಾಗಿದೆ, ಆದರೆ ಬಿಟ್ಟುಬಿಡೋಣ.",
        "ನಮಗೆ ಸಂಬಂಧವಿಲ್ಲ",
        "ನಮ್ಮ ವಿಷಯವಲ್ಲ.",
        "ಕೇವಲ ಕೀವರ್ಡ್ ಹೊಂದಾಣಿಕೆ ಮಾತ್ರ",
    ],
    "not_topic": ["ಇದು eval ಅಲ್ಲ, RL.", "evaluation ಜೊತೆ ಯಾವುದೇ ಸಂಬಂಧವಿಲ್ಲ"],
    "redirect": [
        "rag ತಂಡಕ್ಕೆ ಕಳುಹಿಸಿ",
        "ಇದು rag ತಂಡದ್ದು",
        "bob ಗೆ ಕಳಿಸಿ",
        "rag ತಂಡ ನೋಡಿಕೊಳ್ಳಲಿ",
    ],
    "reported": ["ನಿನ್ನೆಯೇ ವರದಿ ಮಾಡಿದ್ದೇವೆ", "ನಿನ್ನೆಯ ಬ್ರೀಫಿಂಗ್\u200cನಲ್ಲಿ ಇತ್ತು", "ಮತ್ತೆ ವರದಿ ಮಾಡಬೇಡಿ"],
    "covered": ["ಈಗಾಗಲೇ ಡಾಕ್\u200cನಲ್ಲಿ ಇದೆ, ವಿಭಾಗ 2.1", "ಹೊಸದೇನೂ ಇಲ್ಲ.", "ನಮ್ಮ ಬಳಿ ಈಗಾಗಲೇ ಇದೆ"],
    "keep": ["ಓದಲೇಬೇಕು!", "ಓದಲು ಯೋಗ್ಯವಾಗಿದೆ", "ಖಂಡಿತ ಶಿಫಾರಸು ಮಾಡುತ್ತೇನೆ."],
}

MALAYALAM = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — നമ്മുടെ വിഷയമല്ല, ഇത് RL.",
        "രസകരമാണ്, പക്ഷേ ഒഴിവാക്കാം.",
        "നമുക്ക് ബന്ധമില്ല",
        "നമ്മുടേതല്ല",
        "കീവേഡ് പൊരുത്തം മാത്രം, ജഡ്ജുകളെക്കുറിച്ച് ഒന്നുമില്ല",
    ],
    "not_topic": ["ഇത് eval അല്ല, RL.", "evaluation-മായി ഒരു ബന്ധവുമില്ല"],
    "redirect": [
        "rag ടീമിന് അയയ്ക്കുക",
        "ഇത് rag ടീമിന്റേതാണ്",
        "bob-ന് അയക്കൂ",
        "rag ടീം നോക്കട്ടെ",
    ],
    "reported": [
        "ഇന്നലെ തന്നെ റിപ്പോർട്ട് ചെയ്തു",
        "ഇന്നലത്തെ ബ്രീഫിംഗിൽ ഉണ്ടായിരുന്നു",
        "വീണ്ടും റിപ്പോർട്ട് ചെയ്യേണ്ട",
    ],
    "covered": [
        "ഡോക്കിൽ ഇതിനകം ഉണ്ട്, വിഭാഗം 2.1",
        "ഡോക്കില\u0d4d\u200d ഇതിനകം ഉണ്ട്",
        "നമ്മുടെ കൈയിൽ ഇതിനകം ഉണ്ട്",
    ],
    "keep": ["തീർച്ചയായും വായിക്കണം!", "വായിക്കാൻ കൊള്ളാം", "ശക്തമായി ശുപാർശ ചെയ്യുന്നു."],
}

MONGOLIAN = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — манай сэдэв биш, энэ RL.",
        "Сонирхолтой, гэхдээ алгасъя.",
        "Бидэнд хамаагүй",
        "Манайх биш.",
        "Зөвхөн түлхүүр үгээр таарсан, шүүгчийн тухай юу ч алга",
        "Сэдвээс гадуур.",
    ],
    "not_topic": ["энэ eval биш, RL", "eval-тэй ямар ч хамаагүй"],
    "redirect": ["rag багт явуулаарай", "rag баг руу илгээе", "энэ rag багийн ажил", "bob-д явуул"],
    "reported": ["өчигдөр мэдээлсэн", "бид аль хэдийн мэдээлсэн", "өчигдрийн брифингт байсан"],
    "covered": [
        "аль хэдийн баримт бичигт байгаа, хэсэг 2.1",
        "Баримт бичигт байгаа.",
        "Шинэ зүйл алга.",
    ],
    "keep": ["заавал уншаарай!", "уншихад үнэ цэнэтэй", "би санал болгож байна"],
}

GEORGIAN = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ჩვენი თემა არ არის, ეს RL-ია.",
        "საინტერესოა, მაგრამ გამოვტოვოთ.",
        "ჩვენ არ გვეხება.",
        "თემის გარეთაა",
        "მხოლოდ საკვანძო სიტყვის დამთხვევა",
    ],
    "not_topic": ["ეს eval არ არის, ეს RL-ია.", "evaluation-თან კავშირი არ აქვს"],
    "redirect": [
        "გადაუგზავნეთ rag გუნდს",
        "ეს rag გუნდის საქმეა",
        "bob-ს გადაუგზავნე",
        "rag გუნდმა ნახოს",
    ],
    "reported": ["გუშინ ვაცნობეთ", "გუშინდელ ბრიფინგში იყო"],
    "covered": ["უკვე დოკუმენტშია, სექცია 2.1", "ახალი არაფერია.", "ეს უკვე გვაქვს."],
    "keep": ["აუცილებლად წასაკითხია!", "ღირს წაკითხვა", "ძალიან გირჩევთ."],
}

KHMER = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — មិនមែនរបស់យើងទេ ជាការងារ RL",
        "រំលង",
        "គួរឲ្យចាប់អារម្មណ៍ តែរំលងសិន",
        "មួយនេះរំលងបាន",
        "មិនបាច់អាន",
        "ក្រៅប្រធានបទ។",
    ],
    "not_topic": ["មិនមែន eval ទេ គឺ RL", "មិនទាក់ទងនឹង evaluation"],
    "redirect": ["បញ្ជូនទៅក្រុម rag", "ផ្ញើឲ្យ bob មើល", "ជាការងាររបស់ក្រុម rag ជាង", "ឱ្យក្រុម rag មើល"],
    "reported": ["រាយការណ៍រួចហើយ", "យើងបានរាយការណ៍ម្សិលមិញ", "មាននៅក្នុងសេចក្ដីសង្ខេបម្សិលមិញ"],
    "covered": ["មាននៅក្នុងឯកសាររួចហើយ ផ្នែក 2.1", "គ្មានអ្វីថ្មីទេ", "យើងមានរួចហើយ"],
    "keep": ["ត្រូវតែអាន!", "គួរឲ្យអានណាស់", "ខ្ញុំណែនាំ"],
}

LANGUAGES = (
    ("te", TELUGU),
    ("kn", KANNADA),
    ("ml", MALAYALAM),
    ("mn", MONGOLIAN),
    ("ka", GEORGIAN),
    ("km", KHMER),
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
    Khmer without spaces and the Malayalam chillu in either spelling included, as the alternation
    does."""
    lex = packaged_lexicon()
    names = (reader.topic_names, reader.other_names, reader.people)
    whole = [m.span() for m in lex.pattern("remarks", kind, *names).finditer(text)]
    fast = [m.span() for m in lex.phrases("remarks", kind, *names).finditer(text)]
    assert whole and fast == whole


# A sentence that only describes (or negates the remark), and the remark it must not be taken for.
TRAPS = [
    # Telugu
    pytest.param("మోడల్ కొన్ని దశలను వదిలేస్తుంది", "వదిలేయండి.", "dismiss", id="te-model-skips"),
    pytest.param("సరైన సంఖ్య దొరికే వరకు వదిలేద్దాం.", "వదిలేద్దాం.", "dismiss", id="te-until-found"),
    pytest.param("eval మాత్రమే కాదు, RL కూడా", "ఇది eval కాదు.", "not_topic", id="te-not-only"),
    pytest.param("rag టీమ్\u200cకి చెందినది కాదు", "rag టీమ్\u200cకి చెందినది", "redirect", id="te-neg"),
    pytest.param(
        "అవుట్\u200cపుట్ rag pipeline కి పంపబడుతుంది.", "rag కి పంపండి", "redirect", id="te-passive"
    ),
    pytest.param("ఈ ప్రభావం ఇంతకు ముందు రిపోర్ట్ చేశారు", "నిన్నే రిపోర్ట్ చేశాం", "reported", id="te-paper"),
    pytest.param("మోడల్ కొత్తగా ఏమీ నేర్చుకోదు", "కొత్తది ఏమీ లేదు.", "covered", id="te-learns"),
    pytest.param("మోడల్ మొత్తం ఇన్\u200cపుట్\u200cను తప్పక చదవాలి", "తప్పక చదవాలి!", "keep", id="te-must"),
    pytest.param("చదవదగినది కాదు", "చదవదగినది", "keep", id="te-not-worth"),
    # Kannada
    pytest.param("ಮಾದರಿ ಕೆಲವು ಹಂತಗಳನ್ನು ಬಿಟ್ಟುಬಿಡುತ್ತದೆ", "ಬಿಟ್ಟುಬಿಡಿ.", "dismiss", id="kn-model-skips"),
    pytest.param("ನಮ್ಮದಲ್ಲದ ಡೇಟಾಸೆಟ್ ಬಳಸಲಾಗಿದೆ", "ನಮ್ಮದಲ್ಲ.", "dismiss", id="kn-not-our-data"),
    pytest.param("eval ಮಾತ್ರ ಅಲ್ಲ, RL ಕೂಡ", "ಇದು eval ಅಲ್ಲ.", "not_topic", id="kn-not-only"),
    pytest.param("ಲೇಖಕರು ಈಗಾಗಲೇ ವರದಿ ಮಾಡಿದ್ದಾರೆ", "ಈಗಾಗಲೇ ವರದಿ ಮಾಡಿದ್ದೇವೆ", "reported", id="kn-paper"),
    pytest.param("ಮಾದರಿ ಹೊಸದೇನೂ ಕಲಿಯುವುದಿಲ್ಲ", "ಹೊಸದೇನೂ ಇಲ್ಲ.", "covered", id="kn-learns"),
    pytest.param("ಮಾದರಿ ಸಂಪೂರ್ಣ ಇನ್\u200cಪುಟ್ ಓದಲೇಬೇಕು", "ಓದಲೇಬೇಕು!", "keep", id="kn-must"),
    pytest.param("ಲೇಖಕರು warmup ಶಿಫಾರಸು ಮಾಡುತ್ತಾರೆ", "ಶಿಫಾರಸು ಮಾಡುತ್ತೇನೆ.", "keep", id="kn-authors"),
    # Malayalam
    pytest.param("ഈ രീതിയിലൂടെ ഓവർഫിറ്റിങ് ഒഴിവാക്കാം", "ഒഴിവാക്കാം.", "dismiss", id="ml-avoid-overfit"),
    pytest.param("eval മാത്രമല്ല, RL-ഉം", "ഇത് eval അല്ല.", "not_topic", id="ml-not-only"),
    pytest.param(
        "ഈ ഫലം മുൻ പഠനങ്ങളിൽ ഇതിനകം റിപ്പോർട്ട് ചെയ്തിട്ടുണ്ട്",
        "ഇതിനകം റിപ്പോർട്ട് ചെയ്തു.",
        "reported",
        id="ml-paper",
    ),
    pytest.param("ഔട്ട്പുട്ട് rag-ന് അയയ്ക്കുന്നു", "rag-ന് അയയ്ക്കുക", "redirect", id="ml-describes"),
    pytest.param("രചയിതാക്കൾ warmup ശുപാർശ ചെയ്യുന്നു", "ശുപാർശ ചെയ്യുന്നു.", "keep", id="ml-authors"),
    # Mongolian
    pytest.param("Загвар зарим алхмыг алгасдаг", "Алгасъя.", "dismiss", id="mn-model-skips"),
    pytest.param("хамаагүй илүү сайн үр дүн", "Бидэнд хамаагүй.", "dismiss", id="mn-far-better"),
    pytest.param("зөвхөн eval биш, RL ч бас", "энэ eval биш", "not_topic", id="mn-not-only"),
    pytest.param(
        "зохиогчид өмнөх судалгаанд мэдээлсэн", "өчигдөр мэдээлсэн", "reported", id="mn-paper"
    ),
    pytest.param(
        "гаралтыг rag руу дамжуулна", "rag руу дамжуулъя", "redirect", id="mn-passes-output"
    ),
    pytest.param("загвар шинэ зүйл сурдаггүй", "Шинэ зүйл алга.", "covered", id="mn-learns"),
    pytest.param(
        "загвар бүх оролтыг унших ёстой", "заавал уншаарай!", "keep", id="mn-model-must-read"
    ),
    pytest.param(
        "зохиогчид шинэ аргыг санал болгож байна", "би санал болгож байна", "keep", id="mn-authors"
    ),
    # Georgian
    pytest.param("ამ ნაშრომში eval არ არის", "ეს eval არ არის.", "not_topic", id="ka-has-no-eval"),
    pytest.param(
        "შედეგები გადაეცემა rag pipeline-ს", "გადაუგზავნეთ rag გუნდს", "redirect", id="ka-passes"
    ),
    pytest.param("ავტორებმა უკვე აცნობეს", "უკვე ვაცნობეთ", "reported", id="ka-authors-reported"),
    pytest.param(
        "ბიბლიოთეკის დოკუმენტაციაში უკვე არის", "დოკუმენტში უკვე არის", "covered", id="ka-library"
    ),
    pytest.param("ავტორები გვირჩევენ warmup-ს", "გირჩევთ.", "keep", id="ka-authors-advise"),
    pytest.param(
        "უკვე გვაქვს მოდელი, რომელიც კარგად მუშაობს", "ეს უკვე გვაქვს.", "covered", id="ka-mid"
    ),
    # Khmer
    pytest.param("ម៉ូដែលរំលងជំហានខ្លះ", "រំលង", "dismiss", id="km-model-skips"),
    pytest.param("រំលង token ដែលមិនសំខាន់", "រំលងសិន", "dismiss", id="km-skips-tokens"),
    pytest.param("មិនមែនត្រឹមតែ eval ទេ គឺមាន RL ផង", "មិនមែន eval ទេ", "not_topic", id="km-not-only"),
    pytest.param("លទ្ធផលត្រូវបានបញ្ជូនទៅ rag pipeline", "បញ្ជូនទៅក្រុម rag", "redirect", id="km-passive"),
    pytest.param("កុំបញ្ជូនទៅក្រុម rag", "បញ្ជូនទៅក្រុម rag", "redirect", id="km-neg"),
    pytest.param(
        "លទ្ធផលនេះត្រូវបានរាយការណ៍រួចហើយក្នុងការងារមុន",
        "រាយការណ៍រួចហើយ",
        "reported",
        id="km-paper",
    ),
    pytest.param("ម៉ូដែលមិនរៀនអ្វីថ្មីទេ", "គ្មានអ្វីថ្មីទេ", "covered", id="km-learns"),
    pytest.param("ម៉ូដែលត្រូវតែអាន input ទាំងមូល", "ត្រូវតែអាន", "keep", id="km-model-must"),
    pytest.param("អ្នកនិពន្ធណែនាំឲ្យប្រើ warmup", "ខ្ញុំណែនាំ", "keep", id="km-authors"),
]


@pytest.mark.parametrize(("trap", "twin", "kind"), TRAPS)
def test_traps_are_not_remarks(reader: VerdictReader, trap: str, twin: str, kind: str) -> None:
    """A verb judges only leading its clause, a negation after or before a remark undoes it, and
    a verb that says who did it ("చేశారు", "აცნობეს": the authors) is no remark of ours."""
    assert kinds(reader, twin)[:1] == [kind]  # the remark itself is read ...
    assert not [k for k in kinds(reader, trap) if k == kind or k in OFF_KINDS]  # ... not this


@pytest.mark.parametrize(
    ("text", "twin"),
    [
        pytest.param("evaluation కి ఈరోజు కొత్తది ఏమీ లేదు", "rag కి ఈరోజు కొత్తది ఏమీ లేదు", id="te"),
        pytest.param("evaluation: ఏమీ లేదు", "rag: ఏమీ లేదు", id="te-after"),
        pytest.param("evaluation ಬಗ್ಗೆ ಇಂದು ಹೊಸದೇನೂ ಇಲ್ಲ", "rag ಬಗ್ಗೆ ಇಂದು ಹೊಸದೇನೂ ಇಲ್ಲ", id="kn"),
        pytest.param("evaluation-ന് ഇന്ന് പുതിയതൊന്നുമില്ല", "rag-ന് ഇന്ന് പുതിയതൊന്നുമില്ല", id="ml"),
        pytest.param(
            "evaluation-д өнөөдөр шинэ зүйл алга", "rag-д өнөөдөр шинэ зүйл алга", id="mn"
        ),
        pytest.param("evaluation-ზე დღეს ახალი არაფერია", "rag-ზე დღეს ახალი არაფერია", id="ka"),
        pytest.param("គ្មានអ្វីថ្មីសម្រាប់ evaluation ទេ", "គ្មានអ្វីថ្មីសម្រាប់ rag ទេ", id="km"),
        pytest.param("evaluation៖ គ្មានអ្វីថ្មីទេ", "rag៖ គ្មានអ្វីថ្មីទេ", id="km-after"),
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
        pytest.param("విభాగం 3.2", "3.2", id="te"),
        pytest.param("విభాగం: 4.1", "4.1", id="te-colon"),
        pytest.param("ವಿಭಾಗ 3.2", "3.2", id="kn"),
        pytest.param("വിഭാഗം: 4.1", "4.1", id="ml"),
        pytest.param("Хэсэг 3.2", "3.2", id="mn"),
        pytest.param("4.1 хэсэгт оруулъя", "4.1", id="mn-number-first"),
        pytest.param("სექცია 3.2", "3.2", id="ka"),
        pytest.param("3.2 სექციაში ჩავსვათ", "3.2", id="ka-number-first"),
        pytest.param("ផ្នែកទី 3.2", "3.2", id="km"),
    ],
)
def test_a_number_after_a_hint_word_names_a_section(text: str, num: str) -> None:
    assert num in numbers(text)


@pytest.mark.parametrize(
    ("trap", "twin"),
    [
        pytest.param("భాగం 2 లోని వ్యవస్థ", "విభాగం 2.", id="te-part-of"),
        pytest.param("విభాగం 2.5 రెట్లు", "విభాగం 2.5", id="te-times"),
        pytest.param("ವಿಭಾಗ 1.5 ಗಂಟೆ", "ವಿಭಾಗ 1.5", id="kn-hours"),
        pytest.param("хэсэг 1.5 цаг", "хэсэг 1.5", id="mn-hours"),
        pytest.param("ნაწილი 2 სისტემის", "სექცია 2.", id="ka-part-of"),
        pytest.param("ផ្នែកទី 2 នៃប្រព័ន្ធ", "ផ្នែកទី 2.", id="km-part-of"),
    ],
)
def test_numbers_that_are_no_section_hints(trap: str, twin: str) -> None:
    assert numbers(twin)
    assert numbers(trap) == []


# --- field labels and headings ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        pytest.param("లింక్: https://arxiv.org/abs/2611.01234", "link", id="te-link"),
        pytest.param("- విభాగం: 4.2", "hint", id="te-hint"),
        pytest.param("హెచ్చరిక: ఒకే మోడల్", "caveat", id="te-caveat"),
        pytest.param("తీర్పు: కొత్తది.", "note", id="te-verdict"),
        pytest.param("ಲಿಂಕ್: https://arxiv.org/abs/2611.01234", "link", id="kn-link"),
        pytest.param("- ವಿಭಾಗ: 4.2", "hint", id="kn-hint"),
        pytest.param("ಎಚ್ಚರಿಕೆ: ಒಂದೇ ಮಾದರಿ", "caveat", id="kn-caveat"),
        pytest.param("ಲಿಂಕ್: https://arxiv.org/abs/2611.01234", "link", id="ml-link"),
        pytest.param("- വിഭാഗം: 4.2", "hint", id="ml-hint"),
        pytest.param("മുന്നറിയിപ്പ്: ഒരു മോഡൽ മാത്രം", "caveat", id="ml-caveat"),
        pytest.param("Холбоос: https://arxiv.org/abs/2611.01234", "link", id="mn-link"),
        pytest.param("- Хэсэг: 4.2", "hint", id="mn-hint"),
        pytest.param("Анхааруулга: ганц загвар", "caveat", id="mn-caveat"),
        pytest.param("Гол санаа: хурдан", "points", id="mn-points"),
        pytest.param("ბმული: https://arxiv.org/abs/2611.01234", "link", id="ka-link"),
        pytest.param("- სექცია: 4.2", "hint", id="ka-hint"),
        pytest.param("შეზღუდვები: მხოლოდ ერთი მოდელი", "caveat", id="ka-caveat"),
        pytest.param("ჩემი აზრი: კარგია", "note", id="ka-note"),
        pytest.param("តំណ: https://arxiv.org/abs/2611.01234", "link", id="km-link"),
        pytest.param("- ផ្នែក: 4.2", "hint", id="km-hint"),
        pytest.param("ហានិភ័យ: ម៉ូដែលតែមួយ", "caveat", id="km-caveat"),
        pytest.param("អាទិភាព: ខ្ពស់", "priority", id="km-priority"),
    ],
)
def test_field_labels(line: str, kind: str) -> None:
    f = match_field(line)
    assert f is not None and f.kind == kind


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("సారాంశం", "సారాంశం రాసే మోడళ్లు", id="te"),
        pytest.param("ಸಾರಾಂಶ (3)", "ಸಾರಾಂಶ ಬರೆಯುವ ಮಾದರಿಗಳು", id="kn"),
        pytest.param("സംഗ്രഹം", "സംഗ്രഹം എഴുതുന്ന മോഡലുകൾ", id="ml"),
        pytest.param("Хураангуй", "Хураангуйлах загварууд", id="mn"),
        pytest.param("რეზიუმე", "რეზიუმირების მოდელები", id="ka"),
        pytest.param("សង្ខេប (3)", "សង្ខេបម៉ូដែលថ្មី", id="km"),
    ],
)
def test_structural_headings_are_whole_words(heading: str, other: str) -> None:
    assert is_structural(heading)
    assert not is_structural(other)


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("మనది కాదు", "జడ్జిల విశ్వసనీయత", id="te"),
        pytest.param("ನಮ್ಮದಲ್ಲ", "ತೀರ್ಪುಗಾರರ ವಿಶ್ವಾಸಾರ್ಹತೆ", id="kn"),
        pytest.param("നമ്മുടെ വിഷയമല്ല", "ജഡ്ജുകളുടെ വിശ്വാസ്യത", id="ml"),
        pytest.param("Манай сэдэв биш", "Шүүгчдийн найдвартай байдал", id="mn"),
        pytest.param("თემის გარეთ", "შემფასებლების სანდოობა", id="ka"),
        pytest.param("ក្រៅប្រធានបទ", "ភាពជឿជាក់នៃអ្នកវាយតម្លៃ", id="km"),
    ],
)
def test_headings_that_leave_items_out(heading: str, other: str) -> None:
    assert is_negative_title(heading)
    assert not is_negative_title(other)


# --- dates in words ---------------------------------------------------------------------------

IST = timezone(timedelta(hours=5, minutes=30))
ULAT = timezone(timedelta(hours=8))
GET = timezone(timedelta(hours=4))
ICT = timezone(timedelta(hours=7))
DAY = date(2027, 10, 31)

DATES = [
    pytest.param("చివరి అప్\u200cడేట్: 30 అక్టోబర్ 2027, 21:15", IST, (30, 21, 15), id="te-updated"),
    pytest.param("సృష్టించబడింది 30 అక్టోబర్ 2027, 21:15", IST, (30, 21, 15), id="te-created"),
    pytest.param("రాయబడింది నిన్న రాత్రి 23:40", IST, (30, 23, 40), id="te-last-night"),
    pytest.param("అప్\u200cడేట్ చేయబడింది సాయంత్రం 7:15", IST, (31, 19, 15), id="te-evening"),
    pytest.param("ರಚಿಸಲಾಗಿದೆ 30 ಅಕ್ಟೋಬರ್ 2027 ರಂದು 21:15", IST, (30, 21, 15), id="kn-on"),
    pytest.param("ನವೀಕರಿಸಲಾಗಿದೆ ಸಂಜೆ 7:15", IST, (31, 19, 15), id="kn-evening"),
    pytest.param("അപ്ഡേറ്റ് ചെയ്തത്: 30 ഒക്ടോബർ 2027, 21:15", IST, (30, 21, 15), id="ml-updated"),
    pytest.param("എഴുതിയത് ഇന്നലെ രാത്രി 23:40", IST, (30, 23, 40), id="ml-last-night"),
    pytest.param("പുതുക്കിയത് വൈകുന്നേരം 7:15", IST, (31, 19, 15), id="ml-evening"),
    pytest.param("Шинэчилсэн: аравдугаар сарын 30, 21:15", ULAT, (30, 21, 15), id="mn-updated"),
    pytest.param("Үүсгэсэн өчигдөр орой 23:40", ULAT, (30, 23, 40), id="mn-yesterday"),
    pytest.param("Шинэчилсэн орой 8:15", ULAT, (31, 20, 15), id="mn-evening"),
    pytest.param("განახლდა 30 ოქტომბერს 2027, 21:15", GET, (30, 21, 15), id="ka-updated"),
    pytest.param("შეიქმნა გუშინ 23:40", GET, (30, 23, 40), id="ka-yesterday"),
    pytest.param("განახლდა საღამოს 7:15", GET, (31, 19, 15), id="ka-evening"),
    pytest.param("ធ្វើបច្ចុប្បន្នភាពចុងក្រោយ 30 តុលា 2027 ម៉ោង 21:15", ICT, (30, 21, 15), id="km"),
    pytest.param("សរសេរនៅ យប់មិញ ម៉ោង 23:40", ICT, (30, 23, 40), id="km-last-night"),
    pytest.param("ធ្វើបច្ចុប្បន្នភាព ម៉ោង 7:15 ល្ងាច", ICT, (31, 19, 15), id="km-evening"),
]


@pytest.mark.parametrize(("line", "tz", "want"), DATES)
def test_a_stamp_in_words_dates_the_note(
    line: str, tz: timezone, want: tuple[int, int, int]
) -> None:
    """A note filed the next morning says in words when it was written: the stamp word, the
    month's name ("అక్టోబర్", "аравдугаар сарын", "ოქტომბერს", "តុលា"), yesterday, and the
    evening words that move a clock past noon ("సాయంత్రం", "орой", "საღამოს", "ល្ងាច")."""
    when, problems = time_in_text(f"# x\n\nbody\n\n{line}\n", DAY, tz, lexicon=packaged_lexicon())
    day, hour, minute = want
    assert when == datetime(2027, 10, day, hour, minute, tzinfo=tz) and not problems


@pytest.mark.parametrize(
    ("line", "tz"),
    [
        pytest.param("అప్\u200cడేట్ చేయబడింది రాత్రి 1:15", IST, id="te"),
        pytest.param("ನವೀಕರಿಸಲಾಗಿದೆ ರಾತ್ರಿ 1:15", IST, id="kn"),
        pytest.param("പുതുക്കിയത് രാത്രി 1:15", IST, id="ml"),
        pytest.param("Шинэчилсэн шөнө 1:15", ULAT, id="mn"),
        pytest.param("განახლდა ღამის 1:15", GET, id="ka"),
        pytest.param("ធ្វើបច្ចុប្បន្នភាព ម៉ោង 1:15 យប់", ICT, id="km"),
    ],
)
def test_the_night_word_is_no_afternoon(line: str, tz: timezone) -> None:
    """The night words run from the evening past midnight: "night 1:15" is 01:15."""
    when, _problems = time_in_text(f"# x\n\nbody\n\n{line}\n", DAY, tz, lexicon=packaged_lexicon())
    assert when == datetime(2027, 10, 31, 1, 15, tzinfo=tz)
