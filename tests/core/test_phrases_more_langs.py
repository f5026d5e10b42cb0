"""Malay (``phrases/ms.toml``), Finnish (``fi.toml``), Romanian (``ro.toml``), Hungarian (``hu.toml``),
Amharic (``am.toml``) and Somali (``so.toml``) notes: authors' remarks, section hints, field labels,
headings and stamps with month names, as colleagues write them, and the sentences beside them that
only describe.

Each positive case uses words of its own language only (Malay shares many with Indonesian, whose
phrases are already packaged): taking the file away makes the case fail.
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

MALAY = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — bukan skop kita, ini RL.",
        "Langkau.",
        "LANGKAU",
        "Menarik, tetapi langkau sahaja.",
        "Bukan dalam skop kita.",
        "Di luar skop kita.",
        "padanan kata kunci sahaja, tiada tentang hakim",
        "Saya cadangkan kita langkau.",
    ],
    "not_topic": [
        "tiada kaitan dengan evaluation",
        "tiada kena-mengena dengan eval",
        "di luar skop evaluation.",
    ],
    "covered": [
        "sudah ada dalam dokumen, bahagian 2.1",
        "Tiada yang baharu.",
        "sudah diliputi",
    ],
    "reported": [
        "Sudah dilaporkan.",
        "ada dalam taklimat semalam",
        "jangan laporkan lagi",
    ],
    "redirect": [
        "serahkan kepada pasukan rag",
        "untuk pasukan rag",
        "lebih sesuai untuk rag.",
        "hantar kepada bob",
        "pasukan rag boleh ambil",
    ],
    "keep": ["mesti dibaca", "Berbaloi dibaca!", "sangat disyorkan"],
}

FINNISH = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ei kuulu meille, tämä on RL:ää.",
        "Ohitetaan.",
        "OHITETAAN",
        "Kiinnostava, mutta jätetään väliin.",
        "Ei meidän aihettamme.",
        "Ei koske meitä.",
        "pelkkä avainsanaosuma, ei mitään tuomareista",
        "Ehdotan että ohitetaan.",
    ],
    "not_topic": [
        "Ei oikeastaan eval, vaan RL.",
        "ei liity evaluation-aiheeseen",
        "ei ole mitään tekemistä evaluation-tutkimuksen kanssa",
    ],
    "covered": [
        "jo dokumentissa, osio 2.1",
        "Ei mitään uutta.",
        "meillä on se jo",
    ],
    "reported": [
        "jo raportoitu.",
        "raportoimme sen jo eilen",
        "älä raportoi uudelleen",
    ],
    "redirect": [
        "kuuluu rag-tiimille",
        "välitetään rag-tiimille",
        "Pikemminkin RAG.",
        "tämä on rag-juttu",
        "rag-porukka hoitakoon",
    ],
    "keep": ["pakko lukea!", "kannattaa lukea", "Suosittelen."],
}

ROMANIAN = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — nu e pentru noi, e RL.",
        "De sărit.",
        "DE SĂRIT",
        "Interesant, dar sărim peste.",
        "Nu ține de noi.",
        "nu tine de noi",
        "în afara subiectului",
        "Irelevant.",
        "Propun să-l sărim.",
    ],
    "not_topic": [
        "Nu chiar eval, mai degrabă RL.",
        "nu are legătură cu evaluation",
        "nu ține de evaluation",
    ],
    "covered": [
        "e deja în document, secțiunea 2.1",
        "Nimic nou.",
        "îl avem deja",
    ],
    "reported": [
        "deja raportat.",
        "l-am raportat ieri",
        "nu-l mai raportăm",
    ],
    "redirect": [
        "trimite-l la echipa de rag",
        "pentru echipa de rag",
        "mai degrabă rag.",
        "trimite la bob",
    ],
    "keep": ["merită citit", "Lectură obligatorie!", "recomand călduros"],
}

HUNGARIAN = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — nem a mi témánk, ez RL.",
        "Kihagyjuk.",
        "KIHAGYJUK",
        "Érdekes, de ugorjuk át.",
        "Nem hozzánk tartozik.",
        "Témán kívül.",
        "Nem releváns.",
        "Azt javaslom, hogy hagyjuk ki.",
    ],
    "not_topic": [
        "Nem igazán eval, inkább RL.",
        "nincs köze az evaluation témához",
        "nem eval-cikk",
    ],
    "covered": [
        "már a dokumentumban van, 2.1 szakasz",
        "Semmi új.",
        "Ez már megvan.",
    ],
    "reported": [
        "már jelentettük",
        "a tegnapi briefingben",
        "ne jelentsük újra",
    ],
    "redirect": [
        "küldjük a rag-csapatnak",
        "a rag-csapatnak.",
        "inkább rag.",
        "a rag-hez tartozik",
    ],
    "keep": ["kötelező olvasmány", "Érdemes elolvasni!", "melegen ajánlom"],
}

SOMALI = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ma aha kuweena, waa RL.",
        "Iska dhaaf.",
        "ISKA DHAAF",
        "Xiiso leh, laakiin ka bood.",
        "Nama khuseyso.",
        "ka baxsan mowduuca",
        "Waxaan soo jeedinayaa in la iska dhaafo.",
    ],
    "not_topic": [
        "Ma aha eval, waa RL.",
        "kuma saabsana evaluation",
        "xiriir lama laha evaluation",
    ],
    "covered": [
        "horey ayuu ugu jiray dukumeentiga, qaybta 2.1",
        "Wax cusub ma jiro.",
        "horey ayaan u haynaa",
    ],
    "reported": [
        "horey loo soo sheegay.",
        "shalay ayaan soo sheegnay",
        "ha mar kale soo sheegin",
    ],
    "redirect": [
        "u gudbi kooxda rag",
        "waxay khusaysaa kooxda rag",
        "waa kooxda rag.",
        "u dir bob",
    ],
    "keep": ["waa in la akhriyaa", "akhrin mudan", "waan ku talinayaa"],
}

AMHARIC = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — የእኛ አይደለም፣ RL ነው።",
        "ይዝለሉ።",
        "አስደሳች ነው፣ ግን ተወው።",
        "ከርዕሱ ውጪ",
        "ይህ የእኛ ርዕስ አይደለም",
        "እኛን አይመለከትም",
    ],
    "not_topic": [
        "eval አይደለም፣ RL ነው።",
        "ከevaluation ጋር ግንኙነት የለውም",
    ],
    "covered": [
        "ቀድሞውኑ በሰነዱ ውስጥ አለ",
        "ምንም አዲስ ነገር የለም።",
    ],
    "reported": [
        "ትናንት ሪፖርት አድርገነዋል",
        "በትናንቱ ማጠቃለያ ውስጥ ነበር",
        "ድጋሚ ሪፖርት አታድርጉ",
    ],
    "redirect": [
        "ወደ rag ቡድን ይላክ",
        "የrag ቡድን ጉዳይ ነው",
        "ለrag ቡድን።",
    ],
    "keep": ["መነበብ ያለበት", "በጣም እመክራለሁ", "እመክራለሁ።"],
}

LANGUAGES = (
    ("ms", MALAY),
    ("fi", FINNISH),
    ("ro", ROMANIAN),
    ("hu", HUNGARIAN),
    ("so", SOMALI),
    ("am", AMHARIC),
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
    capitals, "ă", "ő", "ä" and Ge'ez letters included, as the alternation does."""
    lex = packaged_lexicon()
    names = (reader.topic_names, reader.other_names, reader.people)
    whole = [m.span() for m in lex.pattern("remarks", kind, *names).finditer(text)]
    fast = [m.span() for m in lex.phrases("remarks", kind, *names).finditer(text)]
    assert whole and fast == whole


# A sentence that only describes (or negates the remark), and the remark it must not be taken for.
TRAPS = [
    # Malay
    pytest.param("Model ini melangkau langkah perantaraan.", "Langkau.", "dismiss", id="ms-model"),
    pytest.param(
        "Kami langkau pemanasan dalam ujian kami.", "Langkau.", "dismiss", id="ms-we-skip-warmup"
    ),
    pytest.param(
        "Kesan ini sudah dilaporkan dalam kajian lepas.",
        "Sudah dilaporkan.",
        "reported",
        id="ms-literature",
    ),
    pytest.param(
        "Kod sudah ada dalam dokumentasi rasmi.",
        "sudah ada dalam dokumen",
        "covered",
        id="ms-documentation",
    ),
    pytest.param(
        "Model ini tidak mempelajari apa-apa yang baharu.",
        "Tiada yang baharu.",
        "covered",
        id="ms-learns-nothing",
    ),
    pytest.param("tidak berbaloi dibaca", "berbaloi dibaca", "keep", id="ms-not-worth"),
    pytest.param("Penulis mengesyorkan kaedah ini.", "sangat disyorkan", "keep", id="ms-authors"),
    pytest.param(
        "Kaedah ini lebih sesuai untuk rag pipeline.",
        "lebih sesuai untuk rag.",
        "redirect",
        id="ms-suits-pipeline",
    ),
    pytest.param(
        "jangan serahkan kepada rag", "serahkan kepada rag", "redirect", id="ms-dont-hand"
    ),
    # Finnish
    pytest.param("Malli ohittaa välivaiheita.", "Ohitetaan.", "dismiss", id="fi-model-skips"),
    pytest.param(
        "Ohitetaan lämmittely testiympäristössämme.",
        "Ohitetaan.",
        "dismiss",
        id="fi-we-skip-warmup",
    ),
    pytest.param("Malli oppii sivuuttamaan kohinaa.", "Sivuutetaan.", "dismiss", id="fi-ignores"),
    pytest.param(
        "Tulokset eivät ole relevantteja pienille malleille.",
        "Ei relevantti.",
        "dismiss",
        id="fi-not-relevant-for",
    ),
    pytest.param("Älä ohita tätä.", "Ohita tämä.", "dismiss", id="fi-dont-skip"),
    pytest.param(
        "Se ei kuulu rag-tiimille, se on meidän.",
        "kuuluu rag-tiimille",
        "redirect",
        id="fi-negated",
    ),
    pytest.param(
        "Menetelmä käyttää pikemminkin RAG:ia kuin hienosäätöä.",
        "Pikemminkin RAG.",
        "redirect",
        id="fi-rather-than",
    ),
    pytest.param(
        "Vaikutus on jo raportoitu kirjallisuudessa.",
        "jo raportoitu.",
        "reported",
        id="fi-literature",
    ),
    pytest.param("Malli ei opi mitään uutta.", "Ei mitään uutta.", "covered", id="fi-learns"),
    pytest.param("ei kannata lukea", "kannattaa lukea", "keep", id="fi-not-worth"),
    pytest.param(
        "Kirjoittajat suosittelevat lämmittelyä.", "Suosittelen.", "keep", id="fi-authors"
    ),
    pytest.param("ei vain eval vaan myös RL", "ei eval", "not_topic", id="fi-not-only"),
    # Romanian
    pytest.param("Modelul sare peste pași intermediari.", "De sărit.", "dismiss", id="ro-model"),
    pytest.param(
        "Sărim peste încălzire în mediul de test.", "Sărim peste.", "dismiss", id="ro-warmup"
    ),
    pytest.param("Modelul învață să ignore zgomotul.", "Ignorăm.", "dismiss", id="ro-ignores"),
    pytest.param(
        "Rezultatele sunt irelevante pentru modelele mici.",
        "Irelevant.",
        "dismiss",
        id="ro-irrelevant-for",
    ),
    pytest.param("Nu ține de rag, e al nostru.", "ține de rag.", "redirect", id="ro-negated"),
    pytest.param(
        "Metoda folosește mai degrabă rag decât fine-tuning.",
        "mai degrabă rag.",
        "redirect",
        id="ro-rather-than",
    ),
    pytest.param(
        "Efectul a fost deja raportat în literatură.",
        "deja raportat.",
        "reported",
        id="ro-literature",
    ),
    pytest.param("Modelul nu învață nimic nou.", "Nimic nou.", "covered", id="ro-learns"),
    pytest.param("nu merită citit", "merită citit", "keep", id="ro-not-worth"),
    pytest.param("Autorii recomandă o încălzire.", "Recomand.", "keep", id="ro-authors"),
    pytest.param("nu doar eval, ci și RL", "nu eval", "not_topic", id="ro-not-only"),
    # Hungarian
    pytest.param("A modell kihagy lépéseket.", "Kihagyjuk.", "dismiss", id="hu-model"),
    pytest.param(
        "Kihagyjuk a bemelegítést a tesztkörnyezetben.",
        "Kihagyjuk.",
        "dismiss",
        id="hu-we-skip-warmup",
    ),
    pytest.param(
        "Az eredmények nem relevánsak a kis modellekre.",
        "Nem releváns.",
        "dismiss",
        id="hu-not-relevant-for",
    ),
    pytest.param(
        "Nem a rag-hez tartozik, a miénk.", "a rag-hez tartozik", "redirect", id="hu-negated"
    ),
    pytest.param(
        "A módszer inkább RAG, mint finomhangolás.",
        "Inkább RAG.",
        "redirect",
        id="hu-rather-than",
    ),
    pytest.param(
        "A RAG csapatnak is hasznos lehet.", "a rag-csapatnak.", "redirect", id="hu-useful-to"
    ),
    pytest.param("A kód már megvan a GitHubon.", "Ez már megvan.", "covered", id="hu-github"),
    pytest.param("A modell semmi újat nem tanul.", "Semmi új.", "covered", id="hu-learns"),
    pytest.param("nem érdemes elolvasni", "érdemes elolvasni", "keep", id="hu-not-worth"),
    pytest.param("nem csak eval, hanem RL is", "nem eval", "not_topic", id="hu-not-only"),
    # Somali
    pytest.param(
        "Moodelku wuu ka boodaa tallaabooyinka.", "Ka bood.", "dismiss", id="so-model-skips"
    ),
    pytest.param(
        "Saamayntan horey loo soo sheegay cilmi-baaris hore.",
        "Horey loo soo sheegay.",
        "reported",
        id="so-literature",
    ),
    pytest.param("Moodelku wax cusub ma barto.", "Wax cusub ma jiro.", "covered", id="so-learns"),
    pytest.param("Ma aha eval keliya, sidoo kale RL.", "Ma aha eval.", "not_topic", id="so-only"),
    pytest.param("ha u gudbin kooxda rag", "u gudbi kooxda rag", "redirect", id="so-dont-send"),
    pytest.param(
        "Qorayaashu waxay ku talinayaan hab cusub.",
        "Waan ku talinayaa.",
        "keep",
        id="so-authors",
    ),
    # Amharic
    pytest.param("ሞዴሉ ደረጃዎችን ይዘላል።", "ይዝለሉ።", "dismiss", id="am-model-skips"),
    pytest.param("eval ብቻ አይደለም፣ RL ም ነው", "eval አይደለም", "not_topic", id="am-not-only"),
    pytest.param("ሞዴሉ ምንም አዲስ ነገር አይማርም።", "ምንም አዲስ ነገር የለም።", "covered", id="am-learns-nothing"),
    pytest.param("የrag ጉዳይ አይደለም፣ የእኛ ነው", "የrag ጉዳይ ነው", "redirect", id="am-negated"),
    pytest.param("ደራሲዎቹ ይመክራሉ", "እመክራለሁ።", "keep", id="am-authors"),
]


@pytest.mark.parametrize(("trap", "twin", "kind"), TRAPS)
def test_traps_are_not_remarks(reader: VerdictReader, trap: str, twin: str, kind: str) -> None:
    """A one-word verdict judges only leading its clause, and a phrase ends where the remark ends:
    "melangkau langkah", "ohitetaan lämmittely", "sare peste pași", "kihagy lépéseket" describe."""
    assert kinds(reader, twin)[:1] == [kind]  # the remark itself is read ...
    assert not [k for k in kinds(reader, trap) if k == kind or k in OFF_KINDS]  # ... not this


@pytest.mark.parametrize(
    ("text", "twin"),
    [
        pytest.param(
            "Tiada yang baharu untuk evaluation hari ini.", "Tiada yang baharu untuk rag.", id="ms"
        ),
        pytest.param("evaluation: tiada apa-apa", "rag: tiada apa-apa", id="ms-after"),
        pytest.param(
            "Ei mitään uutta evaluation-rintamalla tänään.",
            "Ei mitään uutta rag-rintamalla.",
            id="fi",
        ),
        pytest.param("evaluation: ei mitään uutta", "rag: ei mitään uutta", id="fi-after"),
        pytest.param("Nimic nou pentru evaluation azi.", "Nimic nou pentru rag azi.", id="ro"),
        pytest.param("evaluation: nimic nou", "rag: nimic nou", id="ro-after"),
        pytest.param(
            "Nincs semmi új az evaluation témában ma.", "Nincs semmi új a rag témában.", id="hu"
        ),
        pytest.param("evaluation: semmi új", "rag: semmi új", id="hu-after"),
        pytest.param(
            "Wax cusub kama jiro evaluation maanta.", "Wax cusub kama jiro rag maanta.", id="so"
        ),
        pytest.param("evaluation: wax cusub ma jiro", "rag: wax cusub ma jiro", id="so-after"),
        pytest.param("ለevaluation ምንም አዲስ ነገር የለም", "ለrag ምንም አዲስ ነገር የለም", id="am"),
        pytest.param("evaluation: ምንም የለም", "rag: ምንም የለም", id="am-after"),
    ],
)
def test_a_note_declaring_nothing_for_the_topic(
    reader: VerdictReader, text: str, twin: str
) -> None:
    assert reader.declares_none(text) is not None
    assert reader.declares_none(twin) is None  # another topic's nothing is not ours


# --- section hints ----------------------------------------------------------------------------

HINTS = [
    pytest.param("bahagian 3.2", "3.2", id="ms-section"),
    pytest.param("Bahagian: 3.2", "3.2", id="ms-section-colon"),
    pytest.param("letakkan di 4", "4", id="ms-put-in"),
    pytest.param("osio 3.2", "3.2", id="fi-section"),
    pytest.param("Osio: 3.2", "3.2", id="fi-section-colon"),
    pytest.param("osioon 4.1", "4.1", id="fi-into-section"),
    pytest.param("kuuluu kohtaan 3", "3", id="fi-belongs"),
    pytest.param("secțiunea 3.2", "3.2", id="ro-section"),
    pytest.param("sectiunea 3.2", "3.2", id="ro-no-diacritics"),
    pytest.param("Secțiune: 3.2", "3.2", id="ro-section-colon"),
    pytest.param("pune-l în 4", "4", id="ro-put-in"),
    pytest.param("la capitolul 3", "3", id="ro-chapter"),
    pytest.param("materialul în 4.3", "4.3", id="ro-in"),
    pytest.param("Szakasz: 3.2", "3.2", id="hu-section-colon"),
    pytest.param("kerüljön a 3.2-be", "3.2", id="hu-goes-into"),
    pytest.param("mehet a 4-be", "4", id="hu-may-go"),
    pytest.param("ez a 3.2. szakaszba való", "3.2", id="hu-ordinal"),
    pytest.param("qaybta 3.2", "3.2", id="so-section"),
    pytest.param("Qaybta: 3.2", "3.2", id="so-section-colon"),
    pytest.param("ክፍል 3.2", "3.2", id="am-section"),
    pytest.param("በክፍል 3.2", "3.2", id="am-in-section"),
    pytest.param("ክፍል፦ 3.2", "3.2", id="am-section-colon"),
]


@pytest.mark.parametrize(("text", "num"), HINTS)
def test_a_number_after_a_hint_word_names_a_section(text: str, num: str) -> None:
    assert numbers(text) == [num]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("secțiunea 3.2; antrenarea durează în 1.5 ore", id="ro"),
        pytest.param("bahagian 3.2; latihan ambil 1.5 jam", id="ms"),
    ],
)
def test_a_number_with_a_unit_is_a_quantity_not_a_section(text: str) -> None:
    """ "în 1.5 ore", "1.5 jam" count hours; only the section is a hint."""
    assert numbers(text) == ["3.2"]


@pytest.mark.parametrize(
    ("trap", "twin"),
    [
        pytest.param("bahagian daripada 2 model", "bahagian 2.", id="ms-part-of"),
        pytest.param("letak di 2 tempat berbeza", "letak di 2.", id="ms-places"),
        pytest.param("siirretään kohtaan 2 myöhemmin", "siirretään kohtaan 2.", id="fi-later"),
        pytest.param("Metoda merge în 2 din 3 cazuri.", "merge în 2.", id="ro-cases"),
        pytest.param(
            "În capitolul 3 autorii arată o metodă nouă.", "la capitolul 3", id="ro-chapter"
        ),
        pytest.param("A modell 3 szakaszban tanul.", "a 3. szakaszba", id="hu-stages"),
        pytest.param("kerüljön a 3 legjobb közé", "kerüljön a 3-ba.", id="hu-best-three"),
        pytest.param("qaybta 2 ee nidaamka", "qaybta 2.", id="so-parts"),
        pytest.param("ክፍል 2 ውስጥ ያለው ስርዓት", "ክፍል 2።", id="am-part"),
    ],
)
def test_numbers_that_are_no_section_hints(trap: str, twin: str) -> None:
    assert numbers(twin)
    assert numbers(trap) == []


# --- field labels -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        pytest.param("Pautan: https://arxiv.org/abs/2611.01234", "link", id="ms-link"),
        pytest.param("- Bahagian: 3.2", "hint", id="ms-hint"),
        pytest.param("Kaveat: satu benih sahaja", "caveat", id="ms-caveat"),
        pytest.param("**Ulasan**: nampak baik", "note", id="ms-note"),
        pytest.param("Linkki: https://arxiv.org/abs/2611.01234", "link", id="fi-link"),
        pytest.param("- Osio: 3.2", "hint", id="fi-hint"),
        pytest.param("Rajoitukset: vain yksi siemen", "caveat", id="fi-caveat"),
        pytest.param("**Kommentti**: näyttää hyvältä", "note", id="fi-note"),
        pytest.param("Sursa: https://arxiv.org/abs/2611.01234", "link", id="ro-link"),
        pytest.param("- Secțiunea: 3.2", "hint", id="ro-hint"),
        pytest.param("Limitări: o singură sămânță", "caveat", id="ro-caveat"),
        pytest.param("**Părere**: arată bine", "note", id="ro-note"),
        pytest.param("Hivatkozás: https://arxiv.org/abs/2611.01234", "link", id="hu-link"),
        pytest.param("- Szakasz: 3.2", "hint", id="hu-hint"),
        pytest.param("Korlátok: csak egy seed", "caveat", id="hu-caveat"),
        pytest.param("**Megjegyzés**: jónak tűnik", "note", id="hu-note"),
        pytest.param("Xiriir: https://arxiv.org/abs/2611.01234", "link", id="so-link"),
        pytest.param("- Qaybta: 3.2", "hint", id="so-hint"),
        pytest.param("Digniin: hal moodel oo keliya", "caveat", id="so-caveat"),
        pytest.param("**Faallo**: way fiican tahay", "note", id="so-note"),
        pytest.param("ሊንክ: https://arxiv.org/abs/2611.01234", "link", id="am-link"),
        pytest.param("- ክፍል: 3.2", "hint", id="am-hint"),
        pytest.param("ማስጠንቀቂያ: አንድ ሞዴል ብቻ", "caveat", id="am-caveat"),
        pytest.param("**አስተያየት**: ጥሩ ይመስላል", "note", id="am-note"),
    ],
)
def test_field_labels(line: str, kind: str) -> None:
    f = match_field(line)
    assert f is not None and f.kind == kind


def test_a_title_label_is_not_a_tags_label() -> None:
    """ "Cím:" (title) is a title label, but only whole: "Címkék:" (tags) is metadata."""
    title, tags = match_field("Cím: Új bírák"), match_field("Címkék: eval, bírák")
    assert title is not None and title.kind == "title"
    assert tags is not None and tags.kind == "skip"


# --- headings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("Rumusan (3)", "Rumusan tentang model baharu", id="ms"),
        pytest.param("Tiivistelmä", "Tiivistelmä uusista malleista", id="fi"),
        pytest.param("Prezentare generală", "Prezentare generală a modelelor noi", id="ro"),
        pytest.param("Összefoglaló", "Összefoglaló az új bírákról", id="hu"),
        pytest.param("Soo koobid", "Soo koobidda moodellada cusub", id="so"),
        pytest.param("ማጠቃለያ", "ማጠቃለያዎች ስለ አዳዲስ ሞዴሎች", id="am"),
    ],
)
def test_structural_headings_are_whole_words(heading: str, other: str) -> None:
    assert is_structural(heading)
    assert not is_structural(other)


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("Bukan skop kita", "Penilaian hakim", id="ms"),
        pytest.param("Aiheen ulkopuolella", "Arvioijien kohina", id="fi"),
        pytest.param("Nu e pentru noi", "Evaluarea judecătorilor", id="ro"),
        pytest.param("Témán kívül", "Bírák értékelése", id="hu"),
        pytest.param("Ka baxsan mowduuca", "Qiimeynta garsoorayaasha", id="so"),
        pytest.param("ከርዕሱ ውጪ", "የዳኞች ግምገማ", id="am"),
    ],
)
def test_headings_that_leave_items_out(heading: str, other: str) -> None:
    assert is_negative_title(heading)
    assert not is_negative_title(other)


# --- stamps with month names, weekdays and clock words ---------------------------------------

MYT = timezone(timedelta(hours=8))
EEST = timezone(timedelta(hours=3))
CET = timezone(timedelta(hours=1))
EAT = timezone(timedelta(hours=3))

DATES = [
    pytest.param(
        "Dikemas kini Sabtu 3 April 2027, 21:40",
        date(2027, 4, 4),
        MYT,
        datetime(2027, 4, 3, 21, 40),
        id="ms-updated",
    ),
    pytest.param(
        "Dicipta 3 Ogos 2027 pada pukul 21:40",
        date(2027, 8, 4),
        MYT,
        datetime(2027, 8, 3, 21, 40),
        id="ms-created",
    ),
    pytest.param(
        "Ditulis malam tadi pukul 23.40",
        date(2027, 4, 4),
        MYT,
        datetime(2027, 4, 3, 23, 40),
        id="ms-last-night",
    ),
    pytest.param(
        "Päivitetty lauantaina 30. lokakuuta 2027 klo 21.15",
        date(2027, 10, 31),
        EEST,
        datetime(2027, 10, 30, 21, 15),
        id="fi-updated",
    ),
    pytest.param(
        "Kirjoitettu eilen illalla klo 23.40",
        date(2027, 10, 31),
        EEST,
        datetime(2027, 10, 30, 23, 40),
        id="fi-last-night",
    ),
    pytest.param(
        "Actualizat sâmbătă, 30 octombrie 2027, ora 21:15",
        date(2027, 10, 31),
        EEST,
        datetime(2027, 10, 30, 21, 15),
        id="ro-updated",
    ),
    pytest.param(
        "Scris aseară la ora 23.40",
        date(2027, 10, 31),
        EEST,
        datetime(2027, 10, 30, 23, 40),
        id="ro-last-night",
    ),
    pytest.param(
        "Exportálva: 2027. október 30., szombat 21:15",
        date(2027, 10, 31),
        CET,
        datetime(2027, 10, 30, 21, 15),
        id="hu-exported",
    ),
    pytest.param(
        "Frissítve 2027. március 6. 19:05",
        date(2027, 3, 7),
        CET,
        datetime(2027, 3, 6, 19, 5),
        id="hu-updated",
    ),
    pytest.param(
        "Írva tegnap este 23:40",
        date(2027, 10, 31),
        CET,
        datetime(2027, 10, 30, 23, 40),
        id="hu-last-night",
    ),
    pytest.param(
        "La cusboonaysiiyay Sabti, 30 Oktoobar 2027, saacadda 21:15",
        date(2027, 10, 31),
        EAT,
        datetime(2027, 10, 30, 21, 15),
        id="so-updated",
    ),
    pytest.param(
        "Waxaa la qoray xalay 23:40",
        date(2027, 10, 31),
        EAT,
        datetime(2027, 10, 30, 23, 40),
        id="so-last-night",
    ),
    pytest.param(
        "ተሻሽሏል፦ ቅዳሜ፣ ኦክቶበር 30, 2027 21:15",
        date(2027, 10, 31),
        EAT,
        datetime(2027, 10, 30, 21, 15),
        id="am-updated",
    ),
    pytest.param(
        "ተጻፈ ትናንት ማታ 23:40",
        date(2027, 10, 31),
        EAT,
        datetime(2027, 10, 30, 23, 40),
        id="am-last-night",
    ),
]


@pytest.mark.parametrize(("line", "day", "tz", "want"), DATES)
def test_a_stamp_in_words_dates_the_note(
    line: str, day: date, tz: timezone, want: datetime
) -> None:
    """A note filed the next morning says in words when it was written: the stamp word
    ("Dikemas kini", "Päivitetty", "Exportálva", "ተሻሽሏል"), the weekday, the month name ("Ogos",
    "lokakuuta", "octombrie", "Oktoobar", "ኦክቶበር") and the clock word ("klo 21.15", "ora")."""
    when, problems = time_in_text(f"# x\n\nbody\n\n{line}\n", day, tz, lexicon=packaged_lexicon())
    assert when == want.replace(tzinfo=tz) and not problems


def test_an_ethiopian_clock_word_joins_no_date_to_a_clock_time() -> None:
    """ "ሰዓት 3:40" may be Ethiopian time (09:40): "ሰዓት" joins no date to a clock time, so
    "yesterday at 3:40" is not read as a stamp of yesterday night."""
    when, _problems = time_in_text(
        "# x\n\nbody\n\nተሻሽሏል ትናንት ሰዓት 3:40\n", date(2027, 10, 31), EAT, lexicon=packaged_lexicon()
    )
    assert when is None or when.date() != date(2027, 10, 30)
