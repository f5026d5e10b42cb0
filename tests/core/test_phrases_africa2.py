"""Zulu (``phrases/zu.toml``), Xhosa (``xh.toml``), Igbo (``ig.toml``), Kinyarwanda (``rw.toml``),
Afaan Oromo (``om.toml``) and Malagasy (``mg.toml``) notes: authors' verdicts as colleagues write them,
a note's own "nothing for this topic", section hints, field labels and headings.  The sentences that
use the same words only to describe, and stamps in words, are in ``test_phrases_africa2_more.py``.

Each positive case uses words of its own language only (Zulu and Xhosa share many, so their cases
are told apart by the words only one of them uses: "ithimba"/"iqela", "ukuhlangene"/"ayinxulumene"):
taking the language's file away makes the case fail.
"""

from __future__ import annotations

import pytest
from phrase_support import numbers

from curator.fields import match_field
from curator.lexicon import packaged_lexicon
from curator.note_headings import is_negative_title, is_structural
from curator.verdicts import VerdictReader

pytestmark = pytest.mark.usefixtures("packaged")

ZULU = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — akusikho okwethu, yi-RL.",
        "Yeqa.",
        "YEQA",
        "Kuyathakazelisa, kodwa asiyeqe.",
        "Yishiye.",
        "Akusithinti.",
        "ngaphandle kwesihloko sethu, kumayelana namarobhothi",
        "amagama angukhiye kuphela, akukho lutho ngamajaji",
        "Ngiphakamisa ukuthi siyeqe.",
    ],
    "not_topic": [
        "Akuyona i-eval, yi-RL.",
        "akuhlangene ne-evaluation",
        "ngaphandle kwe-evaluation.",
    ],
    "covered": [
        "sekusedokhumentini, isigaba 2.1",
        "Sekusesigabeni 2.1",
        "Akukho okusha.",
        "sesinakho.",
    ],
    "reported": [
        "Sekubikiwe.",
        "bekusembikweni wezolo",
        "ungaphinde ukubike",
        "sesikubikile",
    ],
    "redirect": [
        "Yithumele eqenjini le-rag.",
        "yithumele ethimbeni le-rag",
        "Lokhu kungokwethimba le-rag.",
        "ithimba le-rag lingayibheka",
        "Lokhu kungeleqembu le-rag.",
    ],
    "keep": [
        "kufanele kufundwe",
        "Kuyafaneleka ukufundwa.",
        "Ngiyakuncoma kakhulu!",
    ],
}

XHOSA = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ayisiyo eyethu, yi-RL.",
        "Tsiba.",
        "TSIBA",
        "Inomdla, kodwa masiyitsibe.",
        "Yiyeke.",
        "Ayisichaphazeli.",
        "ngaphandle komxholo wethu, ingeerobhothi",
        "amagama angundoqo kuphela",
        "Ndicebisa ukuba siyitsibe.",
    ],
    "not_topic": [
        "Ayinanto yakwenza ne-evaluation.",
        "ayinxulumene ne-evaluation",
    ],
    "covered": [
        "sele ikuxwebhu, icandelo 2.1",
        "sele ikwicandelo 2.1",
        "Akukho nto intsha.",
        "sele sinayo.",
    ],
    "reported": [
        "Sele ixeliwe.",
        "ibikwingxelo yayizolo",
        "musa ukuyixela kwakhona",
        "sesiyixelile",
    ],
    "redirect": [
        "yithumele kwiqela le-rag",
        "Yeyeqela le-rag.",
        "iqela le-rag lingayijonga",
    ],
    "keep": [
        "kufuneka ifundwe",
        "ifanele ukufundwa",
        "Ndiyayincoma kakhulu!",
    ],
}

IGBO = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ọ bụghị nke anyị, ọ bụ RL.",
        "Wụfee ya.",
        "WỤFEE YA",
        "Ọ na-atọ ụtọ, mana ka anyị hapụ ya.",
        "Leghara ya anya.",
        "O gbasaghi anyi.",
        "naanị okwu nchọ, ọ nweghị ihe gbasara ndị ikpe",
        "Ana m atụ aro ka anyị wụfee ya.",
    ],
    "not_topic": [
        "Ọ bụghị eval, ọ bụ RL.",
        "o nweghị ihe jikọrọ ya na evaluation",
        "ọ metụtaghị evaluation",
    ],
    "covered": [
        "ọ dịlarị n'akwụkwọ, ngalaba 2.1",
        "Ọ nweghị ihe ọhụrụ.",
        "anyị enweelarị ya",
    ],
    "reported": [
        "anyị akọọla ya",
        "ọ dị n'akụkọ ụnyaahụ",
        "akọla ya ọzọ",
    ],
    "redirect": [
        "zigara ya ndị otu rag",
        "Ọ bụ nke ndị otu rag.",
        "ndị otu rag ga-ele ya anya",
        "zigara bob ya",
    ],
    "keep": [
        "a ga-agụrịrị ya",
        "ọ bara uru ịgụ ya",
        "ana m akwado ya",
    ],
}

KINYARWANDA = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — si ibyacu, ni RL.",
        "Bisimbuke.",
        "BISIMBUKE",
        "Birashimishije, ariko tubireke.",
        "Byirengagize.",
        "Ntibitureba.",
        "ni ijambo ry'ingenzi gusa",
        "Ndasaba ko tubisimbuka.",
    ],
    "not_topic": [
        "Si eval, ni RL.",
        "ntaho bihuriye na evaluation",
        "Ntabwo ari evaluation.",
    ],
    "covered": [
        "bisanzwe biri mu nyandiko, igice cya 2.1",
        "Nta gishya.",
        "bimaze kujya mu gice cya 2.1",
    ],
    "reported": [
        "byamaze gutangazwa",
        "byari muri raporo y'ejo",
        "twabitangaje ejo",
        "ntimwongere kubitangaza",
    ],
    "redirect": [
        "byohereze ku itsinda rya rag",
        "Ni iby'itsinda rya rag.",
        "itsinda rya rag rishobora kubireba",
        "byoherereze bob",
    ],
    "keep": [
        "bigomba gusomwa",
        "birakwiye gusomwa",
        "ndabishyigikiye cyane",
    ],
}

OROMO = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — kan keenya miti, RL dha.",
        "Irra darbi.",
        "IRRA DARBI",
        "Nama hawwata, garuu haa dhiifnu.",
        "Dhiisi.",
        "Nu hin ilaallatu.",
        "jecha furtuu qofa",
        "Akka irra darbinu nan yaada.",
    ],
    "not_topic": [
        "Kun eval miti, RL dha.",
        "evaluation wajjin walitti dhufeenya hin qabu",
        "evaluation hin ilaallatu",
    ],
    "covered": [
        "duraanuu sanada keessa jira",
        "Wanti haaraan hin jiru.",
        "duraan qabna.",
    ],
    "reported": [
        "duraan gabaasneerra",
        "gabaasa kaleessaa keessa ture",
        "deebisnee hin gabaasin",
    ],
    "redirect": [
        "garee rag-tti ergi",
        "Kun kan garee rag ti.",
        "gareen rag ilaaluu danda'a",
        "bob-tti ergi",
    ],
    "keep": [
        "dubbifamuu qaba",
        "dubbisuuf kan ga'u",
        "Nan gorsa!",
    ],
}

MALAGASY = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — tsy anay, RL io.",
        "Dingano.",
        "DINGANO",
        "Mahaliana, fa avelao.",
        "Aza raharahiana.",
        "Tsy mahakasika anay.",
        "teny fanalahidy fotsiny",
        "Manoro hevitra aho mba hodinganina.",
    ],
    "not_topic": [
        "Tsy eval io, RL.",
        "tsy misy ifandraisany amin'ny evaluation",
        "tsy mahakasika ny evaluation",
    ],
    "covered": [
        "efa ao amin'ny antontan-taratasy, fizarana 2.1",
        "Tsy misy vaovao.",
        "efa ananantsika",
    ],
    "reported": [
        "efa notaterinay",
        "tao amin'ny tatitra omaly",
        "aza averina taterina",
    ],
    "redirect": [
        "alefaso any amin'ny ekipa rag",
        "An'ny ekipa rag io.",
        "ny ekipa rag no tokony hijery azy",
        "alefaso any amin'i bob",
    ],
    "keep": [
        "tsy maintsy vakiana",
        "mendrika hovakiana",
        "Manoro hevitra aho!",
    ],
}

REMARKS = [
    pytest.param(kind, text, id=f"{lang}-{kind}-{i}")
    for lang, table in (
        ("zu", ZULU),
        ("xh", XHOSA),
        ("ig", IGBO),
        ("rw", KINYARWANDA),
        ("om", OROMO),
        ("mg", MALAGASY),
    )
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
    capitals, "ụ", "ọ" and both apostrophes included, as the alternation does."""
    lex = packaged_lexicon()
    names = (reader.topic_names, reader.other_names, reader.people)
    whole = [m.span() for m in lex.pattern("remarks", kind, *names).finditer(text)]
    fast = [m.span() for m in lex.phrases("remarks", kind, *names).finditer(text)]
    assert whole and fast == whole


@pytest.mark.parametrize(
    ("text", "twin"),
    [
        pytest.param("Akukho okusha nge-evaluation namuhla.", "Akukho okusha nge-rag.", id="zu"),
        pytest.param("evaluation: akukho okusha", "rag: akukho okusha", id="zu-after"),
        pytest.param(
            "Akukho nto intsha nge-evaluation namhlanje.", "Akukho nto intsha nge-rag.", id="xh"
        ),
        pytest.param("evaluation: akukho nto intsha", "rag: akukho nto intsha", id="xh-after"),
        pytest.param(
            "Ọ nweghị ihe ọhụrụ gbasara evaluation taa.", "Ọ nweghị ihe ọhụrụ gbasara rag.", id="ig"
        ),
        pytest.param("evaluation: ọ nweghị", "rag: ọ nweghị", id="ig-after"),
        pytest.param("Nta gishya kuri evaluation uyu munsi.", "Nta gishya kuri rag.", id="rw"),
        pytest.param("evaluation: nta gishya", "rag: nta gishya", id="rw-after"),
        pytest.param(
            "Waa'ee evaluation wanti haaraan hin jiru.",
            "Waa'ee rag wanti haaraan hin jiru.",
            id="om",
        ),
        pytest.param("evaluation: hin jiru", "rag: hin jiru", id="om-after"),
        pytest.param(
            "Tsy misy vaovao momba ny evaluation anio.", "Tsy misy vaovao momba ny rag.", id="mg"
        ),
        pytest.param("evaluation: tsy misy vaovao", "rag: tsy misy vaovao", id="mg-after"),
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
        pytest.param("isigaba 3.2", "3.2", id="zu-section"),
        pytest.param("esigabeni 3.2", "3.2", id="zu-in-section"),
        pytest.param("Isigaba: 4", "4", id="zu-section-colon"),
        pytest.param("icandelo 3.2", "3.2", id="xh-section"),
        pytest.param("kwicandelo 3.2", "3.2", id="xh-in-section"),
        pytest.param("Icandelo: 4", "4", id="xh-section-colon"),
        pytest.param("ngalaba 3.2", "3.2", id="ig-section"),
        pytest.param("Ngalaba: 4", "4", id="ig-section-colon"),
        pytest.param("igice cya 3.2", "3.2", id="rw-section"),
        pytest.param("mu gice 3.2", "3.2", id="rw-in-section"),
        pytest.param("igice cya 4", "4", id="rw-section-of"),
        pytest.param("kutaa 3.2", "3.2", id="om-section"),
        pytest.param("Kutaa: 4", "4", id="om-section-colon"),
        pytest.param("fizarana 3.2", "3.2", id="mg-section"),
        pytest.param("ao amin'ny fizarana 3.2", "3.2", id="mg-in-section"),
        pytest.param("Fizarana: 4", "4", id="mg-section-colon"),
    ],
)
def test_a_number_after_a_hint_word_names_a_section(text: str, num: str) -> None:
    assert numbers(text) == [num]


@pytest.mark.parametrize(
    ("trap", "twin"),
    [
        pytest.param("isigaba 2 sohlelo siyasebenza", "isigaba 2.", id="zu-part-of"),
        pytest.param("icandelo 2 lenkqubo lisebenza", "icandelo 2.", id="xh-part-of"),
        pytest.param("ngalaba 2 nke sistemụ ahụ", "ngalaba 2.", id="ig-part-of"),
        pytest.param("igice cya 2 cya sisitemu", "igice cya 2.", id="rw-part-of"),
        pytest.param("kutaa 2 sirnichaa", "kutaa 2.", id="om-part-of"),
        pytest.param("fizarana 2 amin'ny rafitra", "fizarana 2.", id="mg-part-of"),
    ],
)
def test_numbers_that_are_no_section_hints(trap: str, twin: str) -> None:
    """ "isigaba 2 sohlelo", "igice cya 2 cya sisitemu": part 2 of a system, not a section."""
    assert numbers(twin)
    assert numbers(trap) == []


# --- field labels -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        pytest.param("Isixhumanisi: https://arxiv.org/abs/2611.01234", "link", id="zu-link"),
        pytest.param("- **Okuthunyelwe**: https://example.org/post", "link", id="zu-post"),
        pytest.param("- Isigaba: 3.2", "hint", id="zu-hint"),
        pytest.param("Isexwayiso: imbewu eyodwa kuphela", "caveat", id="zu-caveat"),
        pytest.param("**Amazwana**: kubukeka kukuhle", "note", id="zu-note"),
        pytest.param("Imikhawulo: imbewu eyodwa kuphela", "caveat", id="zu-limits"),
        pytest.param("Ingqungquthela: NeurIPS 2026", "skip", id="zu-venue"),
        pytest.param("Ikhonkco: https://arxiv.org/abs/2611.01234", "link", id="xh-link"),
        pytest.param("- Icandelo: 3.2", "hint", id="xh-hint"),
        pytest.param("Isilumkiso: imbewu enye kuphela", "caveat", id="xh-caveat"),
        pytest.param("**Izimvo**: ijongeka kakuhle", "note", id="xh-note"),
        pytest.param("Umhla: 2026-03-28", "skip", id="xh-date"),
        pytest.param("Njikọ: https://arxiv.org/abs/2611.01234", "link", id="ig-link"),
        pytest.param("Njiko: https://example.org/paper", "link", id="ig-link-undotted"),
        pytest.param("- Ngalaba: 3.2", "hint", id="ig-hint"),
        pytest.param("Ịdọ aka na ntị: otu mkpụrụ naanị", "caveat", id="ig-caveat"),
        pytest.param("**Nkọwa**: ọ dị mma", "note", id="ig-note"),
        pytest.param("Onye edemede: Okafor et al.", "skip", id="ig-author"),
        pytest.param("Ihuza: https://arxiv.org/abs/2611.01234", "link", id="rw-link"),
        pytest.param("- **Inkomoko**: https://example.org/paper", "link", id="rw-source"),
        pytest.param("- Igice: 3.2", "hint", id="rw-hint"),
        pytest.param("Icyitonderwa: imbuto imwe gusa", "caveat", id="rw-caveat"),
        pytest.param("**Igitekerezo**: birasa neza", "note", id="rw-note"),
        pytest.param("Umwanditsi: Uwimana et al.", "skip", id="rw-author"),
        pytest.param("Geessituu: https://arxiv.org/abs/2611.01234", "link", id="om-link"),
        pytest.param("- **Madda**: https://example.org/paper", "link", id="om-source"),
        pytest.param("- Kutaa: 3.2", "hint", id="om-hint"),
        pytest.param("Akeekkachiisa: sanyii tokko qofa", "caveat", id="om-caveat"),
        pytest.param("**Yaada**: gaarii fakkaata", "note", id="om-note"),
        pytest.param("Mata duree: Abbootii murtii haaraa", "title", id="om-title"),
        pytest.param("Barreessaa: Tolosa et al.", "skip", id="om-author"),
        pytest.param("Rohy: https://arxiv.org/abs/2611.01234", "link", id="mg-link"),
        pytest.param("- **Loharano**: https://example.org/paper", "link", id="mg-source"),
        pytest.param("- Fizarana: 3.2", "hint", id="mg-hint"),
        pytest.param("Fampitandremana: voa iray ihany", "caveat", id="mg-caveat"),
        pytest.param("**Fanamarihana**: toa tsara", "note", id="mg-note"),
        pytest.param("Lohateny: Mpitsara vaovao", "title", id="mg-title"),
        pytest.param("Mpanoratra: Rakoto et al.", "skip", id="mg-author"),
    ],
)
def test_field_labels(line: str, kind: str) -> None:
    f = match_field(line)
    assert f is not None and f.kind == kind


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("Dursa: kaleessa waliin dubbanne", id="om-name-dursa"),
        pytest.param("Marika: I read it last night", id="name-marika"),
        pytest.param("SATA: 6 Gb/s link", id="sata"),
        pytest.param("ISA: RV64GC", id="isa"),
    ],
)
def test_words_that_are_also_names_are_no_labels(line: str) -> None:
    """ "Dursa" (priority), "marika" (tags), "sata" (status), "isa" (numbers) are Oromo and
    Malagasy words, but also a name in a chat export and a bus or an instruction set: left out."""
    assert match_field(line) is None


# --- headings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("Isifinyezo", "Isifinyezo samamodeli amasha", id="zu"),
        pytest.param("Isishwankathelo", "Isishwankathelo seemodeli ezintsha", id="xh"),
        pytest.param("Nchịkọta", "Nchịkọta ụdị ọhụrụ", id="ig"),
        pytest.param("Incamake", "Incamake ya moderi nshya", id="rw"),
        pytest.param("Cuunfaa", "Cuunfaa moodeelota haaraa", id="om"),
        pytest.param("Famintinana", "Famintinana ny modely vaovao", id="mg"),
    ],
)
def test_structural_headings_are_whole_words(heading: str, other: str) -> None:
    assert is_structural(heading)
    assert not is_structural(other)


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("Ngaphandle kwesihloko", "Amajaji nomsindo", id="zu"),
        pytest.param("Ngaphandle komxholo", "Ukuvavanywa kwabagwebi", id="xh"),
        pytest.param("N'èzí isiokwu", "Nyocha ndị ikpe", id="ig"),
        pytest.param("Si ibyacu", "Isuzuma ry'abacamanza", id="rw"),
        pytest.param("Kan keenya miti", "Madaallii abbootii murtii", id="om"),
        pytest.param("Ivelan'ny lohahevitra", "Fanombanana mpitsara", id="mg"),
    ],
)
def test_headings_that_leave_items_out(heading: str, other: str) -> None:
    assert is_negative_title(heading)
    assert not is_negative_title(other)
