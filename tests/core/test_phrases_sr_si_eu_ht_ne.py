"""Serbian (``phrases/sr.toml``, in Latin and Cyrillic letters), Sinhala (``si.toml``), Basque
(``eu.toml``), Haitian Creole (``ht.toml``) and Nepali (``ne.toml``) notes: authors' remarks, section
hints, field labels, headings and stamps with month names, as colleagues write them, and the
sentences beside them that only describe.

Serbian is written in two alphabets and often without its diacritics ("vec", "preskociti"); Basque
and Serbian hang case endings on a name ("RAG-ekin", "RAG-u"); Sinhala and Devanagari vowel signs
are no ``\\w`` to the regex engine, and the Sinhala signs "ේ", "ො", "ෝ" have two Unicode spellings
that notes hold both of. Each positive case uses words of its own language only (Nepali shares some
with Hindi, whose phrases are already packaged): taking the file away makes the case fail.
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

SERBIAN = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — nije za nas, ovo je RL.",
        "Preskočiti.",
        "PRESKOČITI",
        "Zanimljivo, ali preskačemo.",
        "Preskacemo ovo.",  # without diacritics
        "Za sada preskočiti.",
        "Ignorišemo.",
        "Zanemariti.",
        "Nije naša tema.",
        "Ne tiče nas se.",
        "Van naše teme.",
        "Nije relevantno.",
        "samo poklapanje ključne reči, ništa o sudijama",
        "Predlažem da ga preskočimo.",
        "- 2611.05823 JudgeDrift — није за нас, ово је RL.",
        "Прескочити.",
        "Занимљиво, али прескачемо.",
        "Игноришемо.",
        "Није наша тема.",
        "Ван теме.",
        "Небитно.",
    ],
    "not_topic": [
        "Nije eval, nego RL.",
        "nema nikakve veze sa evaluation",
        "ne odnosi se na evaluation",
        "ne spada u eval.",
        "Није eval, него RL.",
        "нема везе са evaluation",
        "не односи се на evaluation",
    ],
    "covered": [
        "već je u dokumentu, odeljak 2.1",
        "vec je u dokumentu",
        "Ništa novo.",
        "Već imamo.",
        "već u odeljku 2.1",
        "Već je pokriveno.",
        "већ је у документу, одељак 2.1",
        "Ништа ново.",
        "MASt3R (2406.09756) већ имамо, и у 4.2 и у 5.3.",
    ],
    "reported": [
        "Već smo to prijavili.",
        "javili smo juče",
        "bilo je u jučerašnjem brifingu",
        "ne prijavljivati ponovo",
        "Već prijavljeno.",
        "Већ смо то пријавили.",
        "било је у јучерашњем брифингу",
        "не пријављивати поново",
    ],
    "redirect": [
        "proslediti rag timu",
        "prosledi timu za rag",
        "Za rag tim.",
        "više za rag.",
        "spada u rag",
        "ide rag timu",
        "neka rag tim pogleda",
        "проследити rag тиму",
        "За rag тим.",
        "спада у rag",
        "иде групи за rag",
    ],
    "keep": [
        "obavezno pročitati!",
        "vredi pročitati",
        "vrijedi pročitati",
        "Toplo preporučujem.",
        "usidriti večeras",
        "обавезно прочитати!",
        "Топло препоручујем.",
    ],
}

SINHALA = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — අපේ මාතෘකාව නෙවෙයි, මේක RL.",
        "මඟහරින්න.",
        "රසවත්, ඒත් මඟහරින්න.",
        "දැනට මගහරිමු.",
        "අතහරින්න.",
        "නොසලකා හරින්න.",
        "අපේ නෙවෙයි.",
        "අප\u0dd9\u0dca නෙවෙයි.",  # "ේ" as "ෙ" + "්"
        "මේක අපේ මාතෘකාවට අදාළ නෑ.",
        "අපිට අදාළ නැහැ.",
        "අපේ විෂය පථයෙන් පිටත",
        "අදාළ නෑ.",
        "මාතෘකාවෙන් පිටත.",
        "මූල පදය විතරයි ගැළපෙන්නේ, විනිශ්චයකරුවන් ගැන කිසිවක් නෑ",
        "මඟහරින්න මම යෝජනා කරනවා.",
    ],
    "not_topic": [
        "මේක eval නෙවෙයි, RL.",
        "eval නොවේ.",
        "evaluation එකට අදාළ නෑ",
        "evaluation එක්ක කිසිම සම්බන්ධයක් නෑ",
        "eval විෂය පථයෙන් පිටත.",
    ],
    "covered": [
        "දැනටමත් ලේඛනයේ තියෙනවා, කොටස 2.1",
        "දැනටමත් ල\u0dd9\u0dcaඛනය\u0dd9\u0dca තියෙනවා",  # "ේ" as "ෙ" + "්"
        "අලුත් දෙයක් නෑ.",
        "අපිට දැනටමත් තියෙනවා.",
        "2.1 හි දැනටමත් තියෙනවා",
        "දැනටමත් anchor කරලා",
    ],
    "reported": [
        "දැනටමත් වාර්තා කරලා තියෙන්නේ.",
        "අපි ඊයේ වාර්තා කළා",
        "ඊයේ briefing එකේ තිබුණා",
        "ආයෙත් වාර්තා කරන්න එපා",
        "අලුත් එකක් විදියට වාර්තා කරන්න එපා",
    ],
    "redirect": [
        "rag කණ්ඩායමට යවන්න",
        "bobට forward කරන්න",
        "මේක rag කණ්ඩායමේ වැඩක්.",
        "rag කණ්ඩායමට.",
        "rag කණ්ඩායම බලයි",
    ],
    "keep": [
        "අනිවාර්යයෙන්ම කියවන්න!",
        "කියවන්න වටිනවා",
        "මම මේක තදින්ම නිර්දේශ කරනවා.",
        "නිර්දේශ කරමි.",
        "අද රෑ anchor කරමු",
    ],
}

BASQUE = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ez da gurea, RL da.",
        "Saltatu.",
        "SALTATU",
        "Interesgarria, baina saltatu.",
        "Oraingoz saltatu hau.",
        "Baztertu.",
        "Alde batera utzi.",
        "Ez da gure gaia.",
        "Ez dagokigu.",
        "Gaitik kanpo.",
        "gure esparrutik kanpo",
        "Ez da garrantzitsua.",
        "gako-hitzaren bat-etortzea besterik ez, epaileei buruz ezer ez",
        "Saltatzea proposatzen dut.",
    ],
    "not_topic": [
        "Ez da eval, RL baizik.",
        "ez du zerikusirik evaluation-ekin",
        "evaluation gaiarekin ez du inolako zerikusirik",
        "ez dagokio eval gaiari",
        "eval-etik kanpo.",
    ],
    "covered": [
        "dagoeneko dokumentuan, 2.1 atala",
        "Dagoeneko dokumentuan (DataSentinel, II.C.3).",
        "Ezer berririk ez.",
        "Jada badugu.",
        "dagoeneko 2.1 atalean",
        "dokumentuan badago (II.C.1), ez dago ezer berririk.",
    ],
    "reported": [
        "Dagoeneko jakinarazita.",
        "atzo jakinarazi genuen",
        "atzoko buletinean zegoen",
        "ez berriro jakinarazi",
    ],
    "redirect": [
        "rag taldeari bidali",
        "bidali hau rag taldeari",
        "bob-i bidali",
        "Hau rag taldearentzat da.",
        "rag taldearena da",
        "Hau rag-i dagokio.",
        "rag taldeak begiratu dezala",
    ],
    "keep": [
        "derrigor irakurtzekoa!",
        "irakurtzea merezi du",
        "Biziki gomendatzen dut.",
        "gaur gauean ainguratu",
    ],
}

HAITIAN = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — pa pou nou, se RL.",
        "Sote.",
        "SOTE",
        "Enteresan, men ann sote l.",
        "Kidonk nou ka sote sa a.",
        "Inyore l.",
        "Kite l tonbe.",
        "Se pa sijè nou.",
        "Sa pa gade nou.",
        "Andeyò sijè a.",
        "Pa enpòtan.",
        "sèlman mo kle a, anyen sou jij yo",
        "M pwopoze nou sote l.",
        "| 2311.17035 | pa pou nou | — |",
    ],
    "not_topic": [
        "Se pa eval, se RL.",
        "pa gen anyen pou wè ak evaluation",
        "pa gen rapò ak evaluation",
        "andeyò eval.",
    ],
    "covered": [
        "deja nan dokiman an, seksyon 2.1",
        "Pa gen anyen nouvo.",
        "Nou deja genyen l.",
        "deja nan 2.1",
        "**Stealing Part of a Production LM** — deja la (IV.A), pa gen anyen nouvo.",
    ],
    "reported": [
        "Nou te deja rapòte l.",
        "nou te rapòte l yè",
        "li te nan brifing yè a",
        "pa rapòte l ankò",
        "Deja rapote.",  # without accents
    ],
    "redirect": [
        "voye l bay ekip rag la",
        "pase l bay bob",
        "se pou ekip rag la.",
        "Se yon bagay rag.",
        "ekip rag la ka gade l",
        "pito rag.",
    ],
    "keep": [
        "Fòk nou li l!",
        "vo lapenn li",
        "M rekòmande l anpil.",
        "ann ankre l aswè a",
    ],
}

NEPALI = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — हाम्रो काम होइन, यो RL हो।",
        "छोडौं।",
        "छोडौँ।",  # with candrabindu
        "रोचक छ, तर छोडौं।",
        "अहिलेलाई यसलाई छोडौं।",
        "छोडिदिनुहोस्।",
        "बेवास्ता गर्नुहोस्।",
        "स्किप गरौं।",
        "हाम्रो होइन।",
        "हाम्रो लागि होइन।",
        "हाम्रो दायराबाहिर",
        "विषयबाहिर।",
        "सान्दर्भिक छैन।",
        "असान्दर्भिक।",
        "किवर्ड मात्र मिलेको, न्यायाधीशबारे केही छैन",
        "म छोड्न सुझाव दिन्छु।",
    ],
    "not_topic": [
        "यो eval होइन, RL हो।",
        "evaluation सँग कुनै सम्बन्ध छैन",
        "evaluationसँग कुनै सरोकार छैन",
        "eval को दायराबाहिर।",
        "eval होइन बरु RL",
    ],
    "covered": [
        "डकमा पहिले नै छ, सेक्सन 2.1",
        "नयाँ केही छैन।",
        "हामीसँग पहिले नै छ।",
        "खण्ड 2.1 मा पहिले नै छ",
        "पहिले नै एंकर गरिसकिएको छ",
    ],
    "reported": [
        "पहिले नै रिपोर्ट गरिसकिएको छ।",
        "पहिल्यै रिपोर्ट भइसकेको।",
        "हामीले हिजो रिपोर्ट गरिसक्यौं",
        "हिजोको ब्रिफिङमा थियो",
        "फेरि रिपोर्ट नगर्नुहोस्",
    ],
    "redirect": [
        "rag टिमलाई पठाउनुहोस्",
        "bobलाई फरवार्ड गर्नुहोस्",
        "यो rag टिमको काम हो।",
        "rag टिमको लागि।",
        "rag टिमले हेरोस्",
        "बरु rag।",
    ],
    "keep": [
        "अवश्य पढ्नुहोस्!",
        "पढ्न लायक",
        "म यो जोडदार सिफारिस गर्छु।",
        "आज राति एंकर गरौं",
    ],
}

LANGUAGES = (
    ("sr", SERBIAN),
    ("si", SINHALA),
    ("eu", BASQUE),
    ("ht", HAITIAN),
    ("ne", NEPALI),
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
    Cyrillic, Serbian without its diacritics, Sinhala in either spelling and Devanagari included,
    as the alternation does."""
    lex = packaged_lexicon()
    names = (reader.topic_names, reader.other_names, reader.people)
    whole = [m.span() for m in lex.pattern("remarks", kind, *names).finditer(text)]
    fast = [m.span() for m in lex.phrases("remarks", kind, *names).finditer(text)]
    assert whole and fast == whole


# A sentence that only describes (or negates the remark), and the remark it must not be taken for.
TRAPS = [
    # Serbian
    pytest.param("Model preskače međukorake.", "Preskočiti.", "dismiss", id="sr-model-skips"),
    pytest.param(
        "Preskačemo zagrevanje u našim testovima.",
        "Preskačemo.",
        "dismiss",
        id="sr-we-skip-warmup",
    ),
    pytest.param("Model uči da ignoriše šum.", "Ignorišemo.", "dismiss", id="sr-ignores"),
    pytest.param(
        "Nije relevantno koji seed koristimo.",
        "Nije relevantno.",
        "dismiss",
        id="sr-not-relevant-which",
    ),
    pytest.param(
        "Rezultati nisu relevantni za male modele.",
        "Nije relevantno.",
        "dismiss",
        id="sr-not-relevant-for",
    ),
    pytest.param(
        "Pitanja van teme zbunjuju model.", "Van teme.", "dismiss", id="sr-off-topic-questions"
    ),
    pytest.param(
        "Ovi primeri su van distribucije.",
        "Van naše teme.",
        "dismiss",
        id="sr-out-of-distribution",
    ),
    pytest.param(
        "Stopa lažno pozitivnih je pala.",
        "Lažno pozitivan.",
        "dismiss",
        id="sr-false-positive-rate",
    ),
    pytest.param("Nemoj preskočiti ovo.", "Preskočiti ovo.", "dismiss", id="sr-dont-skip"),
    pytest.param("Ovo nije naša prva verzija.", "Ovo nije naše.", "dismiss", id="sr-first"),
    pytest.param(
        "Efekat je već prijavljen u ranijim radovima.",
        "Već prijavljeno.",
        "reported",
        id="sr-literature",
    ),
    pytest.param(
        "dodaj u sutrašnji brifing", "u jučerašnjem brifingu", "reported", id="sr-tomorrow"
    ),
    pytest.param(
        "Kod je već u dokumentaciji biblioteke.",
        "već je u dokumentu",
        "covered",
        id="sr-library-docs",
    ),
    pytest.param(
        "Rezultat je već u odeljku 4 rada.",
        "već u odeljku 4.",
        "covered",
        id="sr-paper-section",
    ),
    pytest.param("Model ne uči ništa novo.", "Ništa novo.", "covered", id="sr-learns-nothing"),
    pytest.param("Već imamo kod za ovo.", "Već imamo.", "covered", id="sr-have-code"),
    pytest.param("ne vredi pročitati", "vredi pročitati", "keep", id="sr-not-worth"),
    pytest.param("nije vredno čitanja", "vredno čitanja", "keep", id="sr-not-worth-reading"),
    pytest.param("Autori preporučuju zagrevanje.", "Preporučujem.", "keep", id="sr-authors"),
    pytest.param("nije samo eval nego i RL", "nije eval", "not_topic", id="sr-not-only"),
    pytest.param(
        "Model nije evaluiran na ovim podacima.", "Nije eval.", "not_topic", id="sr-evaluated"
    ),
    pytest.param("ne spada u rag, ovo je naše", "spada u rag", "redirect", id="sr-negated"),
    pytest.param(
        "nemoj proslediti rag timu", "proslediti rag timu", "redirect", id="sr-dont-forward"
    ),
    pytest.param(
        "Izlaz se prosleđuje enkoderu.", "proslediti rag timu", "redirect", id="sr-encoder"
    ),
    pytest.param("Novi alat za rag tim.", "Za rag tim.", "redirect", id="sr-tool-for"),
    pytest.param(
        "Metoda koristi više rag nego fine-tuning.",
        "Više za rag.",
        "redirect",
        id="sr-more-rag",
    ),
    pytest.param("Модел прескаче међукораке.", "Прескочити.", "dismiss", id="sr-cyr-model"),
    pytest.param(
        "Прескачемо загревање у нашим тестовима.",
        "Прескачемо.",
        "dismiss",
        id="sr-cyr-warmup",
    ),
    pytest.param(
        "Питања ван теме збуњују модел.", "Ван теме.", "dismiss", id="sr-cyr-off-topic-questions"
    ),
    pytest.param(
        "Ефекат је већ пријављен у ранијим радовима.",
        "Већ пријављено.",
        "reported",
        id="sr-cyr-literature",
    ),
    pytest.param("Модел не учи ништа ново.", "Ништа ново.", "covered", id="sr-cyr-learns"),
    pytest.param("Аутори препоручују загревање.", "Препоручујем.", "keep", id="sr-cyr-authors"),
    pytest.param("не вреди прочитати", "вреди прочитати", "keep", id="sr-cyr-not-worth"),
    pytest.param("није само eval него и RL", "није eval", "not_topic", id="sr-cyr-not-only"),
    pytest.param("не спада у rag, ово је наше", "спада у rag", "redirect", id="sr-cyr-negated"),
    # Sinhala
    pytest.param("ආකෘතිය පියවර කිහිපයක් මඟහරිනවා.", "මඟහරින්න.", "dismiss", id="si-model-skips"),
    pytest.param("අපි පරීක්ෂණවලදී warmup එක මඟහරිනවා.", "මඟහරින්න.", "dismiss", id="si-we-skip-warmup"),
    pytest.param(
        "ආකෘතිය ඝෝෂාව නොසලකා හරින්න ඉගෙන ගන්නවා.",
        "නොසලකා හරින්න.",
        "dismiss",
        id="si-ignores",
    ),
    pytest.param("ප්‍රතිඵල කුඩා ආකෘතිවලට අදාළ නෑ.", "අදාළ නෑ.", "dismiss", id="si-not-relevant-for"),
    pytest.param(
        "මාතෘකාවෙන් පිටත ප්‍රශ්න ආකෘතිය ව්‍යාකූල කරනවා.",
        "මාතෘකාවෙන් පිටත.",
        "dismiss",
        id="si-off-topic-questions",
    ),
    pytest.param(
        "මෙම උදාහරණ ව්‍යාප්තියෙන් පිටත ඇත.",
        "අපේ විෂය පථයෙන් පිටත",
        "dismiss",
        id="si-out-of-distribution",
    ),
    pytest.param("මඟහරින්න එපා.", "මඟහරින්න.", "dismiss", id="si-dont-skip"),
    pytest.param(
        "මෙම බලපෑම පෙර අධ්‍යයනවල දැනටමත් වාර්තා කර ඇත.",
        "දැනටමත් වාර්තා කරලා තියෙන්නේ.",
        "reported",
        id="si-literature",
    ),
    pytest.param(
        "කේතය දැනටමත් library එකේ ලේඛනවල තියෙනවා.",
        "දැනටමත් ලේඛනයේ තියෙනවා",
        "covered",
        id="si-library-docs",
    ),
    pytest.param(
        "ආකෘතිය අලුත් දෙයක් ඉගෙන ගන්නේ නෑ.",
        "අලුත් දෙයක් නෑ.",
        "covered",
        id="si-learns-nothing",
    ),
    pytest.param(
        "ආකෘතිය සම්පූර්ණ ආදානය අනිවාර්යයෙන්ම කියවිය යුතුයි.",
        "අනිවාර්යයෙන්ම කියවන්න!",
        "keep",
        id="si-must-read",
    ),
    pytest.param("කියවන්න වටින්නේ නෑ", "කියවන්න වටිනවා", "keep", id="si-not-worth"),
    pytest.param("කතුවරුන් warmup නිර්දේශ කරනවා.", "මම නිර්දේශ කරනවා.", "keep", id="si-authors"),
    pytest.param("eval විතරක් නෙවෙයි, RL-ත්", "eval නෙවෙයි.", "not_topic", id="si-not-only"),
    pytest.param("ප්‍රතිඵල rag pipeline එකට යවනවා.", "rag කණ්ඩායමට යවන්න", "redirect", id="si-pipeline"),
    pytest.param("rag කණ්ඩායමට යවන්න එපා", "rag කණ්ඩායමට යවන්න", "redirect", id="si-dont-send"),
    pytest.param("rag කණ්ඩායමට අලුත් මෙවලමක්", "rag කණ්ඩායමට.", "redirect", id="si-tool-for"),
    pytest.param("ප්‍රතිදානය encoder එකට යවනවා.", "bobට යවන්න", "redirect", id="si-encoder"),
    # Basque
    pytest.param("Ereduak urratsak saltatzen ditu.", "Saltatu.", "dismiss", id="eu-model-skips"),
    pytest.param("Ereduak hiru urrats saltatu ditu.", "Saltatu.", "dismiss", id="eu-skipped"),
    pytest.param(
        "Saltatu egiten dugu beroketa gure probetan.",
        "Saltatu.",
        "dismiss",
        id="eu-we-skip-warmup",
    ),
    pytest.param(
        "Ereduak zarata alde batera uzten ikasten du.",
        "Alde batera utzi.",
        "dismiss",
        id="eu-ignores",
    ),
    pytest.param(
        "Ez da garrantzitsua zein seed erabiltzen den.",
        "Ez da garrantzitsua.",
        "dismiss",
        id="eu-not-important-which",
    ),
    pytest.param(
        "Gaitik kanpoko galderek eredua nahasten dute.",
        "Gaitik kanpo.",
        "dismiss",
        id="eu-off-topic-questions",
    ),
    pytest.param(
        "Adibide hauek banaketatik kanpo daude.",
        "gure esparrutik kanpo",
        "dismiss",
        id="eu-out-of-distribution",
    ),
    pytest.param(
        "Positibo faltsuen tasa jaitsi da.",
        "Positibo faltsua.",
        "dismiss",
        id="eu-false-positive-rate",
    ),
    pytest.param("Ez saltatu hau.", "Saltatu hau.", "dismiss", id="eu-dont-skip"),
    pytest.param("Hau ez da gure lehen bertsioa.", "Hau ez da gurea.", "dismiss", id="eu-first"),
    pytest.param(
        "Efektu hau dagoeneko jakinarazi zen aurreko lanetan.",
        "Dagoeneko jakinarazita.",
        "reported",
        id="eu-literature",
    ),
    pytest.param("gehitu biharko buletinean", "atzoko buletinean", "reported", id="eu-tomorrow"),
    pytest.param(
        "Kodea liburutegiaren dokumentazioan dago jada.",
        "dokumentuan dago jada",
        "covered",
        id="eu-library-docs",
    ),
    pytest.param(
        "Ereduak ez du ezer berririk ikasten.",
        "Ezer berririk ez.",
        "covered",
        id="eu-learns-nothing",
    ),
    pytest.param("Jada badugu kodea horretarako.", "Jada badugu.", "covered", id="eu-have-code"),
    pytest.param("ez du irakurtzea merezi", "irakurtzea merezi du", "keep", id="eu-not-worth"),
    pytest.param("Egileek beroketa gomendatzen dute.", "Gomendatzen dut.", "keep", id="eu-authors"),
    pytest.param("ez da eval bakarrik, RL ere bai", "ez da eval", "not_topic", id="eu-only"),
    pytest.param(
        "Irteera rag pipeline-ra bidaltzen da.",
        "rag taldeari bidali",
        "redirect",
        id="eu-pipeline",
    ),
    pytest.param("ez bidali rag taldeari", "bidali rag taldeari", "redirect", id="eu-dont-send"),
    pytest.param(
        "rag taldeari ez bidali", "rag taldeari bidali", "redirect", id="eu-dont-send-after"
    ),
    pytest.param(
        "rag taldearentzat tresna berria",
        "Hau rag taldearentzat da.",
        "redirect",
        id="eu-tool-for",
    ),
    pytest.param(
        "Irteera kodetzaileari bidaltzen zaio.", "bob-i bidali", "redirect", id="eu-encoder"
    ),
    # Haitian Creole
    pytest.param("Modèl la sote kèk etap.", "Sote.", "dismiss", id="ht-model-skips"),
    pytest.param(
        "Nou sote etap chofaj la nan tès nou yo.", "Sote.", "dismiss", id="ht-we-skip-warmup"
    ),
    pytest.param("Modèl la aprann inyore bri a.", "Inyore l.", "dismiss", id="ht-ignores"),
    pytest.param(
        "Rezilta yo pa enpòtan pou ti modèl yo.",
        "Pa enpòtan.",
        "dismiss",
        id="ht-not-important-for",
    ),
    pytest.param(
        "Kesyon andeyò sijè a konfonn modèl la.",
        "Andeyò sijè a.",
        "dismiss",
        id="ht-off-topic-questions",
    ),
    pytest.param(
        "Egzanp sa yo andeyò distribisyon an.",
        "Andeyò sijè a.",
        "dismiss",
        id="ht-out-of-distribution",
    ),
    pytest.param("To fo pozitif yo bese.", "Fo pozitif.", "dismiss", id="ht-false-positive-rate"),
    pytest.param("Pa sote sa a.", "Sote sa a.", "dismiss", id="ht-dont-skip"),
    pytest.param("Sa a pa pou nou konnen.", "Sa a pa pou nou.", "dismiss", id="ht-ours-to-know"),
    pytest.param(
        "- **SafeShell** — toujou pa gen kòd. Kite l an atant.",
        "Kite l tonbe.",
        "dismiss",
        id="ht-held-not-dropped",
    ),
    pytest.param(
        "Efè sa a deja rapòte nan travay anvan yo.",
        "Deja rapòte.",
        "reported",
        id="ht-literature",
    ),
    pytest.param("mete l nan brifing demen an", "nan brifing yè a", "reported", id="ht-tomorrow"),
    pytest.param(
        "Kòd la deja nan dokimantasyon bibliyotèk la.",
        "deja nan dokiman an",
        "covered",
        id="ht-library-docs",
    ),
    pytest.param(
        "Modèl la pa aprann anyen nouvo.",
        "Pa gen anyen nouvo.",
        "covered",
        id="ht-learns-nothing",
    ),
    pytest.param("Kòd la deja la sou GitHub.", "Li deja la.", "covered", id="ht-code-there"),
    pytest.param("pa vo lapenn li", "vo lapenn li", "keep", id="ht-not-worth"),
    pytest.param("Otè yo rekòmande yon chofaj.", "M rekòmande l.", "keep", id="ht-authors"),
    pytest.param("Fòk modèl la li tout antre a.", "Fòk nou li l.", "keep", id="ht-model-must-read"),
    pytest.param("se pa eval sèlman, se RL tou", "se pa eval", "not_topic", id="ht-not-only"),
    pytest.param(
        "Done yo pase nan rag pipeline la.",
        "pase l bay ekip rag la",
        "redirect",
        id="ht-pipeline",
    ),
    pytest.param(
        "pa voye l bay ekip rag la", "voye l bay ekip rag la", "redirect", id="ht-dont-send"
    ),
    pytest.param(
        "yon nouvo zouti pou ekip rag la.", "se pou ekip rag la.", "redirect", id="ht-tool-for"
    ),
    pytest.param("Rezilta a voye bay encoder a.", "voye l bay bob", "redirect", id="ht-encoder"),
    pytest.param(
        "Metòd la itilize rag pito pase fine-tuning.",
        "pito rag.",
        "redirect",
        id="ht-rather-than",
    ),
    # Nepali
    pytest.param("मोडेलले केही चरणहरू छोड्छ।", "छोडौं।", "dismiss", id="ne-model-skips"),
    pytest.param("हामी परीक्षणमा वार्मअप छोड्छौं।", "छोडौं।", "dismiss", id="ne-we-skip-warmup"),
    pytest.param(
        "मोडेलले आवाजलाई बेवास्ता गर्न सिक्छ।",
        "बेवास्ता गर्नुहोस्।",
        "dismiss",
        id="ne-ignores",
    ),
    pytest.param(
        "नतिजा साना मोडेलका लागि सान्दर्भिक छैन।",
        "सान्दर्भिक छैन।",
        "dismiss",
        id="ne-not-relevant-for",
    ),
    pytest.param(
        "विषयबाहिरका प्रश्नहरूले मोडेललाई अलमल्याउँछन्।",
        "विषयबाहिर।",
        "dismiss",
        id="ne-off-topic-questions",
    ),
    pytest.param(
        "यी उदाहरणहरू वितरणभन्दा बाहिर छन्।",
        "हाम्रो दायराबाहिर",
        "dismiss",
        id="ne-out-of-distribution",
    ),
    pytest.param(
        "यो प्रभाव अघिल्ला अध्ययनहरूमा पहिले नै रिपोर्ट गरिएको छ।",
        "पहिले नै रिपोर्ट गरिसकिएको छ।",
        "reported",
        id="ne-literature",
    ),
    pytest.param("भोलिको ब्रिफिङमा राख्नुहोस्", "हिजोको ब्रिफिङमा थियो", "reported", id="ne-tomorrow"),
    pytest.param(
        "कोड लाइब्रेरीको कागजातमा पहिले नै छ।",
        "कागजातमा पहिले नै छ।",
        "covered",
        id="ne-library-docs",
    ),
    pytest.param("मोडेलले केही नयाँ सिक्दैन।", "नयाँ केही छैन।", "covered", id="ne-learns-nothing"),
    pytest.param(
        "मोडेलले पूरै इनपुट अवश्य पढ्नुपर्छ।",
        "अवश्य पढ्नुहोस्!",
        "keep",
        id="ne-must-read",
    ),
    pytest.param("पढ्न लायक छैन", "पढ्न लायक", "keep", id="ne-not-worth"),
    pytest.param("लेखकहरू वार्मअप सिफारिस गर्छन्।", "सिफारिस गर्छु।", "keep", id="ne-authors"),
    pytest.param("eval मात्र होइन, RL पनि", "eval होइन।", "not_topic", id="ne-not-only"),
    pytest.param(
        "नतिजा rag पाइपलाइनमा पठाइन्छ।",
        "rag टिमलाई पठाउनुहोस्",
        "redirect",
        id="ne-pipeline",
    ),
    pytest.param(
        "rag टिमलाई नपठाउनुहोस्",
        "rag टिमलाई पठाउनुहोस्",
        "redirect",
        id="ne-dont-send",
    ),
    pytest.param("rag टिमको लागि नयाँ उपकरण", "rag टिमको लागि।", "redirect", id="ne-tool-for"),
    pytest.param("आउटपुट encoder लाई पठाइन्छ।", "bobलाई पठाउनुहोस्", "redirect", id="ne-encoder"),
    pytest.param("यो rag टिमको होइन, हाम्रो हो।", "यो rag टिमको हो।", "redirect", id="ne-negated"),
]


@pytest.mark.parametrize(("trap", "twin", "kind"), TRAPS)
def test_traps_are_not_remarks(reader: VerdictReader, trap: str, twin: str, kind: str) -> None:
    """A verb judges only leading its clause and ending it, and a phrase ends where the remark
    ends: "preskače korake", "පියවර මඟහරිනවා", "urratsak saltatzen ditu", "sote kèk etap", "चरण
    छोड्छ" describe."""
    assert kinds(reader, twin)[:1] == [kind]  # the remark itself is read ...
    assert not [k for k in kinds(reader, trap) if k == kind or k in OFF_KINDS]  # ... not this


@pytest.mark.parametrize(
    ("text", "twin"),
    [
        pytest.param("Ništa novo za evaluation danas.", "Ništa novo za rag danas.", id="sr"),
        pytest.param("evaluation: ništa novo", "rag: ništa novo", id="sr-after"),
        pytest.param("Ништа ново за evaluation данас.", "Ништа ново за rag данас.", id="sr-cyr"),
        pytest.param("evaluation: ништа ново", "rag: ништа ново", id="sr-cyr-after"),
        pytest.param("evaluation සඳහා අද අලුත් දෙයක් නෑ", "rag සඳහා අද අලුත් දෙයක් නෑ", id="si"),
        pytest.param("evaluation: අලුත් දෙයක් නෑ", "rag: අලුත් දෙයක් නෑ", id="si-after"),
        pytest.param(
            "Gaur ez dago ezer berririk evaluation-en inguruan.",
            "Gaur ez dago ezer berririk rag-en inguruan.",
            id="eu",
        ),
        pytest.param("evaluation: ezer berririk ez", "rag: ezer berririk ez", id="eu-after"),
        pytest.param(
            "Pa gen anyen nouvo pou evaluation jodi a.",
            "Pa gen anyen nouvo pou rag jodi a.",
            id="ht",
        ),
        pytest.param("evaluation: anyen nouvo", "rag: anyen nouvo", id="ht-after"),
        pytest.param("evaluation को लागि आज केही नयाँ छैन", "rag को लागि आज केही नयाँ छैन", id="ne"),
        pytest.param("evaluation: केही नयाँ छैन", "rag: केही नयाँ छैन", id="ne-after"),
    ],
)
def test_a_note_declaring_nothing_for_the_topic(
    reader: VerdictReader, text: str, twin: str
) -> None:
    assert reader.declares_none(text) is not None
    assert reader.declares_none(twin) is None  # another topic's nothing is not ours


# --- section hints ----------------------------------------------------------------------------

HINTS = [
    pytest.param("odeljak 3.2", "3.2", id="sr-section"),
    pytest.param("u odeljku 3.2", "3.2", id="sr-in-section"),
    pytest.param("Odeljak: 3.2", "3.2", id="sr-section-colon"),
    pytest.param("odjeljak 4.1", "4.1", id="sr-ijekavian"),
    pytest.param("sekcija 3.2", "3.2", id="sr-sekcija"),
    pytest.param("ide u 4.", "4", id="sr-goes-in"),
    pytest.param("materijal u 4.3", "4.3", id="sr-in"),
    pytest.param("одељак 3.2", "3.2", id="sr-cyr-section"),
    pytest.param("Одељак: 3.2", "3.2", id="sr-cyr-section-colon"),
    pytest.param("у одељку 4.1", "4.1", id="sr-cyr-in-section"),
    pytest.param("спада у 3.", "3", id="sr-cyr-belongs"),
    pytest.param("කොටස 3.2", "3.2", id="si-section"),
    pytest.param("කොටස: 3.2", "3.2", id="si-section-colon"),
    pytest.param("3.2 කොටසට දාන්න", "3.2", id="si-put-in"),
    pytest.param("ලේඛනයේ 4.1 හි", "4.1", id="si-in"),
    pytest.param("පරිච්ඡේදය 4", "4", id="si-chapter"),
    pytest.param("Atala: 3.2", "3.2", id="eu-section-colon"),
    pytest.param("3.2 atalean", "3.2", id="eu-in-section"),
    pytest.param("4 atala", "4", id="eu-section-after"),
    pytest.param("proposatutako atala: 3.2", "3.2", id="eu-proposed"),
    pytest.param("mete l nan 4", "4", id="ht-put-in"),
    pytest.param("met sa nan 2.", "2", id="ht-put-that-in"),
    pytest.param("materyèl sa a nan 4.3", "4.3", id="ht-in"),
    pytest.param("सेक्सन 3.2", "3.2", id="ne-section"),
    pytest.param("सेक्सन: 3.2", "3.2", id="ne-section-colon"),
    pytest.param("परिच्छेद 4", "4", id="ne-chapter"),
    pytest.param("परिच्छेद: 3.2", "3.2", id="ne-chapter-colon"),
]


@pytest.mark.parametrize(("text", "num"), HINTS)
def test_a_number_after_a_hint_word_names_a_section(text: str, num: str) -> None:
    assert numbers(text) == [num]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("odeljak 3.2; trening traje u 1.5 sati", id="sr"),
        pytest.param("одељак 3.2; тренинг траје у 1.5 сати", id="sr-cyr"),
        pytest.param("materyèl la nan 3.2; antrènman an fini nan 1.5 èdtan", id="ht"),
    ],
)
def test_a_number_with_a_unit_is_a_quantity_not_a_section(text: str) -> None:
    """ "u 1.5 sati", "nan 1.5 èdtan" count hours; only the section is a hint."""
    assert numbers(text) == ["3.2"]


@pytest.mark.parametrize(
    ("trap", "twin"),
    [
        pytest.param("odeljak 2 rada opisuje metod", "odeljak 2.", id="sr-paper-section"),
        pytest.param("ide u 2 faze", "ide u 2.", id="sr-two-phases"),
        pytest.param(
            "U poglavlju 3 autori pokazuju novi metod.", "u poglavlju 3.", id="sr-chapter"
        ),
        pytest.param("одељак 2 рада описује метод", "одељак 2.", id="sr-cyr-paper-section"),
        pytest.param("කොටස 2 ක් තියෙනවා", "කොටස 2.", id="si-two-parts"),
        pytest.param("2027 හි ප්‍රකාශිත", "4.1 හි", id="si-year"),
        pytest.param("පිටුව 5 හි", "4.1 හි", id="si-page"),
        pytest.param("2 atal ditu sistemak", "2 atala.", id="eu-two-parts"),
        pytest.param("Li monte nan 2.5 pwen.", "materyèl la nan 2.5.", id="ht-points"),
        pytest.param("mete l nan 2 kote", "mete l nan 2.", id="ht-two-places"),
        pytest.param("परिच्छेद 2 देखि 4 सम्म लेखकहरूले तुलना गरेका छन्", "परिच्छेद 2।", id="ne-from-to"),
        pytest.param("सेक्सन 2 को प्रणाली", "सेक्सन 2।", id="ne-part-of"),
    ],
)
def test_numbers_that_are_no_section_hints(trap: str, twin: str) -> None:
    assert numbers(twin)
    assert numbers(trap) == []


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("Одељак 5.2 (Део V, Одељак 2).", id="sr-cyr"),
        pytest.param("Odeljak 5.2 (Deo V, odeljak 2).", id="sr-latin"),
        pytest.param("Odjeljak 5.2 (Dio V, odjeljak 2)", id="sr-ijekavian"),
    ],
)
def test_a_section_of_a_serbian_part_is_not_the_doc_section_of_its_number(text: str) -> None:
    """ "Deo V, odeljak 2" is Part V's second section (5.2): the "2" names no section 2."""
    assert numbers(text) == ["5.2"]


def test_a_basque_outline_number_is_not_read_as_its_last_letter_and_number() -> None:
    """ "II.C.3 atalera" is a legal outline's path: read as a number after "atal", it would be a
    bare "C.3", which the doc does not have."""
    assert numbers("II.C.3 atalera (detekzioa eta guard ereduak)") == []
    assert numbers("3.2 atalera") == ["3.2"]


# --- field labels -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        pytest.param("Izvor: https://arxiv.org/abs/2611.01234", "link", id="sr-source"),
        pytest.param("- **Linkovi**: https://example.org/paper", "link", id="sr-links"),
        pytest.param("- Odeljak: 3.2", "hint", id="sr-hint"),
        pytest.param("Gde: 3.2", "hint", id="sr-where"),
        pytest.param("Ograničenja: samo jedan seed", "caveat", id="sr-caveat"),
        pytest.param("**Mišljenje**: izgleda dobro", "note", id="sr-note"),
        pytest.param("Naslov: Nove sudije", "title", id="sr-title"),
        pytest.param("Ključne reči: eval, sudije", "skip", id="sr-keywords"),
        pytest.param("Линк: https://arxiv.org/abs/2611.01234", "link", id="sr-cyr-link"),
        pytest.param("- Одељак: 3.2", "hint", id="sr-cyr-hint"),
        pytest.param("Ограничења: само један seed", "caveat", id="sr-cyr-caveat"),
        pytest.param("**Мишљење**: изгледа добро", "note", id="sr-cyr-note"),
        pytest.param("Наслов: Нове судије", "title", id="sr-cyr-title"),
        pytest.param("Аутор: Петровић et al.", "skip", id="sr-cyr-author"),
        pytest.param("සබැඳිය: https://arxiv.org/abs/2611.01234", "link", id="si-link"),
        pytest.param("- **මූලාශ්‍රය**: https://example.org/paper", "link", id="si-source"),
        pytest.param("- කොටස: 3.2", "hint", id="si-hint"),
        pytest.param("ක\u0dd9\u0dcfටස: 3.2", "hint", id="si-hint-other-spelling"),
        pytest.param("සීමාවන්: එක seed එකක් විතරයි", "caveat", id="si-caveat"),
        pytest.param("**අදහස**: හොඳයි වගේ", "note", id="si-note"),
        pytest.param("මාතෘකාව: අලුත් විනිශ්චයකරුවන්", "title", id="si-title"),
        pytest.param("කතුවරුන්: Perera et al.", "skip", id="si-authors"),
        pytest.param("Esteka: https://arxiv.org/abs/2611.01234", "link", id="eu-link"),
        pytest.param("- **Iturria**: https://example.org/paper", "link", id="eu-source"),
        pytest.param("- Atala: 3.2", "hint", id="eu-hint"),
        pytest.param("Mugak: hazi bakarra", "caveat", id="eu-caveat"),
        pytest.param("**Iruzkina**: itxura ona du", "note", id="eu-note"),
        pytest.param("Izenburua: Epaile berriak", "title", id="eu-title"),
        pytest.param("Egilea: Etxeberria et al.", "skip", id="eu-author"),
        pytest.param("Lyen: https://arxiv.org/abs/2611.01234", "link", id="ht-link"),
        pytest.param("- **Sous**: https://example.org/paper", "link", id="ht-source"),
        pytest.param("- Ki kote: 3.2", "hint", id="ht-hint"),
        pytest.param("Atansyon: yon sèl seed", "caveat", id="ht-caveat"),
        pytest.param("**Kòmantè**: sanble bon", "note", id="ht-note"),
        pytest.param("Tit: Nouvo jij yo", "title", id="ht-title"),
        pytest.param("Otè: Pierre et al.", "skip", id="ht-author"),
        pytest.param("लिङ्क: https://arxiv.org/abs/2611.01234", "link", id="ne-link"),
        pytest.param("- सेक्सन: 3.2", "hint", id="ne-hint"),
        pytest.param("कहाँ राख्ने: 3.2", "hint", id="ne-where"),
        pytest.param("सीमाहरू: एउटा मात्र seed", "caveat", id="ne-caveat"),
        pytest.param("**विचार**: राम्रो देखिन्छ", "note", id="ne-note"),
        pytest.param("लेखकहरू: Shrestha et al.", "skip", id="ne-authors"),
    ],
)
def test_field_labels(line: str, kind: str) -> None:
    f = match_field(line)
    assert f is not None and f.kind == kind


# --- headings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("Pregled (3)", "Pregled novih sudija", id="sr"),
        pytest.param("Преглед (3)", "Преглед нових судија", id="sr-cyr"),
        pytest.param("සාරාංශය (3)", "සාරාංශය අලුත් ආකෘති ගැන", id="si"),
        pytest.param("Laburpena (3)", "Laburpena eredu berriei buruz", id="eu"),
        pytest.param("Apèsi (3)", "Apèsi sou nouvo modèl yo", id="ht"),
        pytest.param("Nòt", "Nòt pou relè a", id="ht-notes"),
        pytest.param("सिंहावलोकन (3)", "सिंहावलोकन नयाँ मोडेलहरूको", id="ne"),
    ],
)
def test_structural_headings_are_whole_words(heading: str, other: str) -> None:
    assert is_structural(heading)
    assert not is_structural(other)


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("Van teme", "Procena sudija", id="sr"),
        pytest.param("Ван теме", "Процена судија", id="sr-cyr"),
        pytest.param("මාතෘකාවෙන් පිටත", "විනිශ්චයකරුවන්ගේ ඇගයීම", id="si"),
        pytest.param("Gaitik kanpo", "Epaileen ebaluazioa", id="eu"),
        pytest.param("Andeyò sijè a", "Evalyasyon jij yo", id="ht"),
        pytest.param("विषयबाहिर", "न्यायाधीशहरूको मूल्याङ्कन", id="ne"),
    ],
)
def test_headings_that_leave_items_out(heading: str, other: str) -> None:
    assert is_negative_title(heading)
    assert not is_negative_title(other)


# --- stamps with month names, weekdays and clock words ---------------------------------------

CET = timezone(timedelta(hours=1))
SLST = timezone(timedelta(hours=5, minutes=30))
EDT = timezone(timedelta(hours=-4))
NPT = timezone(timedelta(hours=5, minutes=45))

DATES = [
    pytest.param(
        "Ažurirano: subota, 30. oktobar 2027. u 21:15",
        date(2027, 10, 31),
        CET,
        datetime(2027, 10, 30, 21, 15),
        id="sr-updated",
    ),
    pytest.param(
        "Ažurirano 30. listopada 2027. u 21:15",
        date(2027, 10, 31),
        CET,
        datetime(2027, 10, 30, 21, 15),
        id="sr-croatian-month",
    ),
    pytest.param(
        "Napisano sinoć u 23:40",
        date(2027, 10, 31),
        CET,
        datetime(2027, 10, 30, 23, 40),
        id="sr-last-night",
    ),
    pytest.param(
        "Napisano jučer u 23:40",
        date(2027, 10, 31),
        CET,
        datetime(2027, 10, 30, 23, 40),
        id="sr-yesterday-ijekavian",
    ),
    pytest.param(
        "Sačuvano u 7:15 uveče",
        date(2027, 10, 31),
        CET,
        datetime(2027, 10, 31, 19, 15),
        id="sr-evening",
    ),
    pytest.param(
        "Ажурирано: субота, 30. октобар 2027. у 21:15",
        date(2027, 10, 31),
        CET,
        datetime(2027, 10, 30, 21, 15),
        id="sr-cyr-updated",
    ),
    pytest.param(
        "Написано синоћ у 23:40",
        date(2027, 10, 31),
        CET,
        datetime(2027, 10, 30, 23, 40),
        id="sr-cyr-last-night",
    ),
    pytest.param(
        "අවසන් යාවත්කාලීනය: සෙනසුරාදා, ඔක්තෝබර් 30, 2027, 21:15",
        date(2027, 10, 31),
        SLST,
        datetime(2027, 10, 30, 21, 15),
        id="si-updated",
    ),
    pytest.param(
        "ලිව්වා ඊයේ රෑ 23:40",
        date(2027, 10, 31),
        SLST,
        datetime(2027, 10, 30, 23, 40),
        id="si-last-night",
    ),
    pytest.param(
        "යාවත්කාලීන කළා සවස 6:00",
        date(2027, 10, 31),
        SLST,
        datetime(2027, 10, 31, 18, 0),
        id="si-evening",
    ),
    pytest.param(
        "ලිව්වා 6:15 ප.ව.",
        date(2027, 10, 31),
        SLST,
        datetime(2027, 10, 31, 18, 15),
        id="si-pm",
    ),
    pytest.param(
        "Azken eguneraketa: larunbata, urriak 30, 21:15",
        date(2027, 10, 31),
        CET,
        datetime(2027, 10, 30, 21, 15),
        id="eu-updated",
    ),
    pytest.param(
        "Idatzia bart gauean 23:40",
        date(2027, 10, 31),
        CET,
        datetime(2027, 10, 30, 23, 40),
        id="eu-last-night",
    ),
    pytest.param(
        "Idatzia atzo 23:40",
        date(2027, 10, 31),
        CET,
        datetime(2027, 10, 30, 23, 40),
        id="eu-yesterday",
    ),
    pytest.param(
        "Gordea arratsaldeko 7:15ean",
        date(2027, 10, 31),
        CET,
        datetime(2027, 10, 31, 19, 15),
        id="eu-evening",
    ),
    pytest.param(
        "Dènye mizajou: samdi 30 oktòb 2027 a 21:15",
        date(2027, 10, 31),
        EDT,
        datetime(2027, 10, 30, 21, 15),
        id="ht-updated",
    ),
    pytest.param(
        "Ekri yè swa 23:40",
        date(2027, 10, 31),
        EDT,
        datetime(2027, 10, 30, 23, 40),
        id="ht-last-night",
    ),
    pytest.param(
        "Sove 9:15 diswa",
        date(2027, 10, 31),
        EDT,
        datetime(2027, 10, 31, 21, 15),
        id="ht-evening",
    ),
    pytest.param(
        "पछिल्लो अपडेट: शनिबार, 30 अक्टोबर 2027, 21:15",
        date(2027, 10, 31),
        NPT,
        datetime(2027, 10, 30, 21, 15),
        id="ne-updated",
    ),
    pytest.param(
        "सिर्जना गरिएको 30 अक्टोबर 2027 21:15",
        date(2027, 10, 31),
        NPT,
        datetime(2027, 10, 30, 21, 15),
        id="ne-created",
    ),
    pytest.param(
        "लेखिएको हिजो राति 23:40",
        date(2027, 10, 31),
        NPT,
        datetime(2027, 10, 30, 23, 40),
        id="ne-last-night",
    ),
    pytest.param(
        "अपडेट गरिएको बेलुका 7:15",
        date(2027, 10, 31),
        NPT,
        datetime(2027, 10, 31, 19, 15),
        id="ne-evening",
    ),
]


@pytest.mark.parametrize(("line", "day", "tz", "want"), DATES)
def test_a_stamp_in_words_dates_the_note(
    line: str, day: date, tz: timezone, want: datetime
) -> None:
    """A note filed the next morning says in words when it was written: the stamp word
    ("Ažurirano", "අවසන් යාවත්කාලීනය", "Azken eguneraketa", "Dènye mizajou", "पछिल्लो अपडेट"), the
    month name ("oktobar", "listopada", "ඔක්තෝබර්", "urriak", "oktòb", "अक्टोबर"), the joiner
    ("u", "a") and the clock words ("uveče", "සවස", "ප.ව.", "arratsaldeko", "diswa", "बेलुका")."""
    when, problems = time_in_text(f"# x\n\nbody\n\n{line}\n", day, tz, lexicon=packaged_lexicon())
    assert when == want.replace(tzinfo=tz) and not problems


@pytest.mark.parametrize(
    ("line", "tz"),
    [
        pytest.param("යාවත්කාලීන කළා රෑ 1:15", SLST, id="si"),
        pytest.param("अपडेट गरिएको राति 1:15", NPT, id="ne"),
        pytest.param("Gordea gaueko 1:15", CET, id="eu"),
        pytest.param("Sačuvano noću u 1:15", CET, id="sr"),
    ],
)
def test_the_night_word_is_no_afternoon(line: str, tz: timezone) -> None:
    """ "රෑ", "राति", "gaueko", "noću" (night) run from the evening past midnight: "night 1:15" is
    01:15, so the night word does not move a clock time past noon."""
    day = date(2027, 10, 31)
    when, _problems = time_in_text(f"# x\n\nbody\n\n{line}\n", day, tz, lexicon=packaged_lexicon())
    assert when == datetime(2027, 10, 31, 1, 15, tzinfo=tz)
