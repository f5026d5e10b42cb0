"""Danish (``phrases/da.toml``), Norwegian Bokmål (``nb.toml``), Icelandic (``is.toml``) and Swahili
(``sw.toml``) notes: authors' remarks, section hints, field labels, headings and stamps with month
names and "kl." / "saa", as colleagues write them, and the sentences beside them that only describe.

Each positive case uses words of its own language only (Danish and Norwegian share many, and
Swedish shares some with both): taking the file away makes the case fail.
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

DANISH = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ikke for os, det er RL.",
        "Spring over.",
        "SPRING OVER",
        "Interessant, men spring den over.",
        "Spring over denne.",
        "Den springer vi over.",
        "Ikke vores bord.",
        "ikke vores kop te",
        "Øh, ignorér den.",
        "Ignorér.",
        "Kommer ikke os ved.",
        "uden for vores område, det handler om robotter",
    ],
    "not_topic": [
        "Ikke rigtig eval, snarere RL.",
        "har intet med evaluation at gøre",
        "uden for evaluation.",
    ],
    "covered": [
        "allerede i afsnit 2.1",
        "allerede i det levende dokument",
        "Der er intet nyt.",
    ],
    "reported": [
        "i den forrige briefing",
        "vi rapporterede den i går",
        "rapportér ikke igen",
    ],
    "redirect": [
        "giv den videre til rag",
        "send den til rag-holdet",
        "for holdet bag rag",
        "rag-folkene kan tage den",
        "giv den videre til bob",
    ],
    "keep": ["værd at læse", "Læseværdig!", "anbefales varmt", "forankr i aften"],
}

NORWEGIAN = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ikke for oss, det er RL.",
        "Hopp over.",
        "HOPP OVER",
        "Interessant, men dropp den.",
        "Den hopper vi over.",
        "Ikke vårt bord.",
        "utenfor vårt område, det handler om roboter",
        "Angår ikke oss.",
    ],
    "not_topic": [
        "Ikke akkurat eval, heller RL.",
        "har ingenting med evaluation å gjøre",
        "utenfor evaluation.",
    ],
    "covered": [
        "allerede i avsnitt 2.1",
        "Det er ikke noe nytt.",
    ],
    "reported": [
        "i siste briefing",
        "vi rapporterte den i går",
        "ikke rapporter igjen",
    ],
    "redirect": [
        "gi den videre til rag",
        "for rag-gjengen",
        "det er heller rag",
        "hører heller hjemme i rag",
        "gi den videre til bob",
    ],
    "keep": ["verdt å lese", "Må leses!", "anbefales på det varmeste"],
}

ICELANDIC = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ekki fyrir okkur, þetta er RL.",
        "Sleppa.",
        "SLEPPA",
        "Áhugavert, en sleppum þessu.",
        "Ekki okkar mál.",
        "Kemur okkur ekki við.",
        "bara leitarorð, ekkert um dómara",
        "óviðkomandi okkur",
        "Hunsum þetta.",
        "Ég mæli með að sleppa þessu.",
    ],
    "not_topic": [
        "Ekki beint eval, frekar RL.",
        "hefur ekkert með evaluation að gera",
        "á ekki heima í evaluation",
    ],
    "covered": [
        "þegar í skjalinu, kafli 2.1",
        "Ekkert nýtt.",
        "við erum þegar með þetta",
    ],
    "reported": [
        "var í samantektinni í gær",
        "í samantekt gærdagsins",
        "ekki greina frá þessu aftur",
    ],
    "redirect": [
        "senda þetta á rag",
        "á heima í rag",
        "fyrir rag-teymið",
        "frekar rag.",
        "sendum þetta áfram til bob",
    ],
    "keep": ["Skyldulesning!", "vel þess virði að lesa", "mæli eindregið með henni"],
}

SWAHILI = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — si yetu, ni RL.",
        "Hii si yetu.",
        "Ruka.",
        "RUKA",
        "Inavutia, lakini tuiruke.",
        "Achana nayo.",
        "Haituhusu.",
        "nje ya mada",
        "ni neno kuu tu, hakuna kuhusu waamuzi",
        "Ninapendekeza tuiruke.",
    ],
    "not_topic": [
        "Hii si eval, ni RL.",
        "haihusiani na evaluation",
        "haina uhusiano wowote na evaluation",
    ],
    "covered": [
        "tayari iko kwenye hati, sehemu 2.1",
        "Hakuna jipya.",
        "tayari tunayo.",
    ],
    "reported": [
        "tayari imeripotiwa",
        "ilikuwa kwenye muhtasari wa jana",
        "usiiripoti tena",
    ],
    "redirect": [
        "ipeleke kwa timu ya rag",
        "kwa timu ya rag",
        "Hii ni ya rag.",
        "mtumie bob",
    ],
    "keep": ["lazima isomwe", "inafaa kusomwa", "ninapendekeza sana"],
}

REMARKS = [
    pytest.param(kind, text, id=f"{lang}-{kind}-{i}")
    for lang, table in (("da", DANISH), ("nb", NORWEGIAN), ("is", ICELANDIC), ("sw", SWAHILI))
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
    """The fast path (each phrase tried only on texts holding a word it needs) sees the Nordic
    and Swahili phrases, capitals and letters such as "ø", "ð", "þ" included, as the alternation
    does."""
    lex = packaged_lexicon()
    names = (reader.topic_names, reader.other_names, reader.people)
    whole = [m.span() for m in lex.pattern("remarks", kind, *names).finditer(text)]
    fast = [m.span() for m in lex.phrases("remarks", kind, *names).finditer(text)]
    assert whole and fast == whole


# A sentence that only describes (or negates the remark), and the remark it must not be taken for.
TRAPS = [
    # Danish
    pytest.param("Modellen kan springe trin over.", "Spring over.", "dismiss", id="da-model-skips"),
    pytest.param(
        "Vi springer over opvarmningen i vores testmiljø.",
        "Vi springer over.",
        "dismiss",
        id="da-we-skip-warmup",
    ),
    pytest.param("Modellen lærer at ignorere støj.", "Ignorér.", "dismiss", id="da-ignores"),
    pytest.param("Metoden når ikke vores mål på MMLU.", "Ikke vores.", "dismiss", id="da-goal"),
    pytest.param(
        "Resultaterne er ikke relevante for små modeller.",
        "Slet ikke relevant.",
        "dismiss",
        id="da-not-relevant-for",
    ),
    pytest.param("Spring ikke over denne.", "Spring over denne.", "dismiss", id="da-dont-skip"),
    pytest.param(
        "Den hører ikke til rag, den er vores.", "hører til rag", "redirect", id="da-negated"
    ),
    pytest.param(
        "Metoden bruger snarere rag end finjustering.",
        "Det er snarere rag.",
        "redirect",
        id="da-rather-than",
    ),
    pytest.param("Modellen passer i rag-systemer.", "hører til i rag", "redirect", id="da-fits"),
    pytest.param("Vi har brug for mere data.", "Det er snarere data.", "redirect", id="da-more"),
    pytest.param(
        "Effekten er allerede rapporteret i litteraturen.",
        "vi har allerede rapporteret",
        "reported",
        id="da-literature",
    ),
    pytest.param("Modellen lærer intet nyt.", "Intet nyt.", "covered", id="da-learns-nothing"),
    pytest.param("ikke værd at læse", "værd at læse", "keep", id="da-not-worth"),
    pytest.param("Forfatterne anbefaler stærkt warmup.", "jeg anbefaler", "keep", id="da-authors"),
    pytest.param("ikke kun eval, men også RL", "ikke eval", "not_topic", id="da-not-only"),
    # Norwegian
    pytest.param(
        "Modellen kan hoppe over steg i resonnementet.", "Hopp over.", "dismiss", id="nb-model"
    ),
    pytest.param(
        "Vi hopper over oppvarmingen i vårt testmiljø.",
        "Vi hopper over.",
        "dismiss",
        id="nb-we-skip-warmup",
    ),
    pytest.param("Modellen lærer å ignorere støy.", "Ignorer.", "dismiss", id="nb-ignores"),
    pytest.param("Metoden når ikke vårt mål.", "Ikke vårt.", "dismiss", id="nb-goal"),
    pytest.param("Ikke hopp over denne.", "Hopp over denne.", "dismiss", id="nb-dont-skip"),
    pytest.param(
        "Den hører ikke til rag, den er vår.", "hører til rag", "redirect", id="nb-negated"
    ),
    pytest.param("Det er heller ikke rag.", "Det er heller rag.", "redirect", id="nb-neither"),
    pytest.param(
        "Metoden bruker heller rag enn finjustering.",
        "heller rag",
        "redirect",
        id="nb-rather-than",
    ),
    pytest.param("Tabellen må leses med forsiktighet.", "Må leses!", "keep", id="nb-table"),
    pytest.param("Modellen lærer ikke noe nytt.", "Ikke noe nytt.", "covered", id="nb-learns"),
    pytest.param(
        "Effekten er allerede rapportert i litteraturen.",
        "vi har allerede rapportert",
        "reported",
        id="nb-literature",
    ),
    # Icelandic
    pytest.param("Líkanið lærir að hunsa suð.", "Hunsum þetta.", "dismiss", id="is-ignores"),
    pytest.param(
        "Við sleppum upphitun í okkar prófum.", "Sleppum þessu.", "dismiss", id="is-warmup"
    ),
    pytest.param("Líkanið getur sleppt skrefum.", "Sleppa.", "dismiss", id="is-model-skips"),
    pytest.param("Aðferðin nær ekki okkar markmiði.", "Ekki okkar.", "dismiss", id="is-goal"),
    pytest.param(
        "Óviðkomandi breytur skipta ekki máli.", "Óviðkomandi.", "dismiss", id="is-variables"
    ),
    pytest.param(
        "Hún á ekki heima í rag, hún er okkar.", "á heima í rag", "redirect", id="is-negated"
    ),
    pytest.param(
        "Aðferðin notar frekar rag en fínstillingu.",
        "frekar rag.",
        "redirect",
        id="is-rather-than",
    ),
    pytest.param("Höfundar vísa til rag.", "senda þetta á rag", "redirect", id="is-cite"),
    pytest.param("Líkanið lærir ekkert nýtt.", "Ekkert nýtt.", "covered", id="is-learns"),
    pytest.param(
        "Líkanið verður að lesa allt inntakið.", "Verður að lesa!", "keep", id="is-must-read"
    ),
    pytest.param("ekki þess virði að lesa", "þess virði að lesa", "keep", id="is-not-worth"),
    # Swahili
    pytest.param("Modeli inaruka hatua za kati.", "Ruka.", "dismiss", id="sw-model-skips"),
    pytest.param("Modeli hujifunza kupuuza kelele.", "Puuza.", "dismiss", id="sw-ignores"),
    pytest.param("Hii si kazi yetu ya kwanza.", "Si kazi yetu.", "dismiss", id="sw-first-work"),
    pytest.param("Hii si ya rag, ni yetu.", "Hii ni ya rag.", "redirect", id="sw-negated"),
    pytest.param("usiipeleke kwa rag", "ipeleke kwa rag", "redirect", id="sw-dont-send"),
    pytest.param(
        "Data inaenda kwenye rag pipeline.", "Inaenda kwenye rag.", "redirect", id="sw-pipeline"
    ),
    pytest.param(
        "Athari hii tayari imeripotiwa katika tafiti za awali.",
        "Tayari imeripotiwa.",
        "reported",
        id="sw-literature",
    ),
    pytest.param(
        "Msimbo tayari uko kwenye hati za maktaba.",
        "tayari iko kwenye hati",
        "covered",
        id="sw-library-docs",
    ),
    pytest.param(
        "Modeli haijifunzi jambo jipya.", "Hakuna jipya.", "covered", id="sw-learns-nothing"
    ),
    pytest.param("Waandishi wanapendekeza njia mpya.", "Ninapendekeza.", "keep", id="sw-authors"),
    pytest.param("si lazima isomwe", "lazima isomwe", "keep", id="sw-not-must"),
    pytest.param("sio tu evaluation bali pia RL", "sio evaluation", "not_topic", id="sw-not-only"),
]


@pytest.mark.parametrize(("trap", "twin", "kind"), TRAPS)
def test_traps_are_not_remarks(reader: VerdictReader, trap: str, twin: str, kind: str) -> None:
    """A one-word verdict judges only leading its clause, and a phrase ends where the remark ends:
    "springe trin over", "hopp over" after "ikke", "frekar rag en …", "inaruka hatua" describe."""
    assert kinds(reader, twin)[:1] == [kind]  # the remark itself is read ...
    assert not [k for k in kinds(reader, trap) if k == kind or k in OFF_KINDS]  # ... not this


@pytest.mark.parametrize(
    ("text", "twin"),
    [
        pytest.param("Intet nyt om evaluation i dag.", "Intet nyt om rag i dag.", id="da"),
        pytest.param("evaluation: intet nyt", "rag: intet nyt", id="da-after"),
        pytest.param("Ikke noe nytt om evaluation i dag.", "Ikke noe nytt om rag.", id="nb"),
        pytest.param("Ingen nye evaluation-saker", "Ingen nye rag-saker", id="nb-items"),
        pytest.param("Ekkert nýtt um evaluation í dag.", "Ekkert nýtt um rag í dag.", id="is"),
        pytest.param("evaluation: ekkert nýtt", "rag: ekkert nýtt", id="is-after"),
        pytest.param("Hakuna jipya kuhusu evaluation leo.", "Hakuna jipya kuhusu rag.", id="sw"),
        pytest.param("evaluation: hakuna jipya", "rag: hakuna jipya", id="sw-after"),
    ],
)
def test_a_note_declaring_nothing_for_the_topic(
    reader: VerdictReader, text: str, twin: str
) -> None:
    assert reader.declares_none(text) is not None
    assert reader.declares_none(twin) is None  # another topic's nothing is not ours


# --- section hints ----------------------------------------------------------------------------

HINTS = [
    pytest.param("afsnit 3.2", "3.2", id="da-section"),
    pytest.param("i afsnit 3.2", "3.2", id="da-in-section"),
    pytest.param("Afsnit: 3.2", "3.2", id="da-section-colon"),
    pytest.param("flyt den til 3.2", "3.2", id="da-move-to"),
    pytest.param("læg den i 4", "4", id="da-put-in"),
    pytest.param("til kapitel 3", "3", id="da-chapter"),
    pytest.param("seksjon 4.2", "4.2", id="nb-section"),
    pytest.param("i seksjon 4.2", "4.2", id="nb-in-section"),
    pytest.param("Seksjon: 4.2", "4.2", id="nb-section-colon"),
    pytest.param("legg den i 4", "4", id="nb-put-in"),
    pytest.param("flytt til 3.2", "3.2", id="nb-move-to"),
    pytest.param("til kapittel 3", "3", id="nb-chapter"),
    pytest.param("kafli 3.2", "3.2", id="is-section"),
    pytest.param("í kafla 3.2", "3.2", id="is-in-section"),
    pytest.param("Kafli: 3.2", "3.2", id="is-section-colon"),
    pytest.param("fer í 4", "4", id="is-goes-in"),
    pytest.param("á heima í 4", "4", id="is-belongs"),
    pytest.param("setjum þetta í 4", "4", id="is-put-in"),
    pytest.param("3.2 efnið", "3.2", id="is-material"),
    pytest.param("sehemu 3.2", "3.2", id="sw-section"),
    pytest.param("sehemu ya 3.2", "3.2", id="sw-section-of"),
    pytest.param("Sehemu: 3.2", "3.2", id="sw-section-colon"),
    pytest.param("inaenda kwenye 4", "4", id="sw-goes-to"),
    pytest.param("iweke kwenye 4", "4", id="sw-put-in"),
    pytest.param("nyenzo hii iko kwenye 3.2", "3.2", id="sw-in"),
]


@pytest.mark.parametrize(("text", "num"), HINTS)
def test_a_number_after_a_hint_word_names_a_section(text: str, num: str) -> None:
    assert numbers(text) == [num]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("afsnit 3.2; træningen tager under 1.5 timer", id="da"),
        pytest.param("seksjon 3.2; treningen tar under 1.5 timer", id="nb"),
        pytest.param("kafli 3.2; þjálfunin tekur undir 1.5 klst", id="is"),
    ],
)
def test_a_number_with_a_unit_is_a_quantity_not_a_section(text: str) -> None:
    """ "under 1.5 timer", "undir 1.5 klst" count hours; only the section is a hint."""
    assert numbers(text) == ["3.2"]


@pytest.mark.parametrize(
    ("trap", "twin"),
    [
        pytest.param("I kapitel 3 viser forfatterne en ny metode.", "til kapitel 3", id="da-ch"),
        pytest.param("Metoden passer i 2 af 3 tilfælde.", "passer i 2.", id="da-cases"),
        pytest.param("Metoden passer i 2 av 3 tilfeller.", "passer i 2.", id="nb-cases"),
        pytest.param("Aðferðin fer í 3 umferðir.", "fer í 3.", id="is-rounds"),
        pytest.param("sehemu 2 za mfumo zinafanya kazi", "sehemu 2.", id="sw-parts"),
    ],
)
def test_numbers_that_are_no_section_hints(trap: str, twin: str) -> None:
    assert numbers(twin)
    assert numbers(trap) == []


# --- field labels -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        pytest.param("Indlæg: https://example.org/post", "link", id="da-link"),
        pytest.param("- Afsnit: 3.2", "hint", id="da-hint"),
        pytest.param("Begrænsninger: kun ét seed", "caveat", id="da-caveat"),
        pytest.param("**Holdning**: ser godt ud", "note", id="da-note"),
        pytest.param("Lenke: https://arxiv.org/abs/2611.01234", "link", id="nb-link"),
        pytest.param("- Seksjon: 3.2", "hint", id="nb-hint"),
        pytest.param("Begrensninger: bare én seed", "caveat", id="nb-caveat"),
        pytest.param("**Notat**: ser bra ut", "note", id="nb-note"),
        pytest.param("Tengill: https://arxiv.org/abs/2611.01234", "link", id="is-link"),
        pytest.param("- Kafli: 3.2", "hint", id="is-hint"),
        pytest.param("Fyrirvari: aðeins eitt fræ", "caveat", id="is-caveat"),
        pytest.param("**Athugasemd**: lítur vel út", "note", id="is-note"),
        pytest.param("Kiungo: https://arxiv.org/abs/2611.01234", "link", id="sw-link"),
        pytest.param("- **Chanzo**: https://example.org/paper", "link", id="sw-source"),
        pytest.param("- Sehemu: 3.2", "hint", id="sw-hint"),
        pytest.param("Tahadhari: mbegu moja tu", "caveat", id="sw-caveat"),
        pytest.param("**Maoni**: inaonekana vizuri", "note", id="sw-note"),
    ],
)
def test_field_labels(line: str, kind: str) -> None:
    f = match_field(line)
    assert f is not None and f.kind == kind


def test_a_where_column_is_not_a_why_column() -> None:
    """ "Hvor:" is a hint label, but only whole: "Hvorfor:" (why) is a remark."""
    where, why = match_field("Hvor: 3.2"), match_field("Hvorfor: samme problem")
    assert where is not None and where.kind == "hint"
    assert why is not None and why.kind == "note"


# --- headings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("Oversigt (3)", "Oversigt over nye dommere", id="da"),
        pytest.param("Sammendrag", "Sammendrag av nye modeller", id="nb"),
        pytest.param("Samantekt", "Samantektir um líkön", id="is"),
        pytest.param("Muhtasari", "Muhtasari wa modeli mpya", id="sw"),
    ],
)
def test_structural_headings_are_whole_words(heading: str, other: str) -> None:
    assert is_structural(heading)
    assert not is_structural(other)


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("Ikke for os", "Dommere og støj", id="da"),
        pytest.param("Utenfor temaet", "Temaer for neste uke", id="nb"),
        pytest.param("Utan efnis", "Mat á dómurum", id="is"),
        pytest.param("Nje ya mada", "Tathmini ya waamuzi", id="sw"),
    ],
)
def test_headings_that_leave_items_out(heading: str, other: str) -> None:
    assert is_negative_title(heading)
    assert not is_negative_title(other)


# --- stamps with month names, weekdays and "kl." ----------------------------------------------------

CET = timezone(timedelta(hours=1))
UTC0 = timezone(timedelta(0))
EAT = timezone(timedelta(hours=3))

DATES = [
    pytest.param(
        "Eksporteret lørdag 28. marts 2026 kl. 19.20",
        date(2026, 3, 29),
        CET,
        datetime(2026, 3, 28, 19, 20),
        id="da-exported",
    ),
    pytest.param(
        "Sidst opdateret 31. oktober 2026 kl. 22:15",
        date(2026, 11, 1),
        CET,
        datetime(2026, 10, 31, 22, 15),
        id="da-updated",
    ),
    pytest.param(
        "Skrevet i aftes kl. 23.40",
        date(2026, 3, 29),
        CET,
        datetime(2026, 3, 28, 23, 40),
        id="da-last-night",
    ),
    pytest.param(
        "Eksportert lørdag 28. mars 2026 kl. 18.05",
        date(2026, 3, 29),
        CET,
        datetime(2026, 3, 28, 18, 5),
        id="nb-exported",
    ),
    pytest.param(
        "Sist endret 3. mai 2026 klokka 22.15",
        date(2026, 5, 4),
        CET,
        datetime(2026, 5, 3, 22, 15),
        id="nb-changed",
    ),
    pytest.param(
        "Skrevet i går kveld kl. 23.40",
        date(2026, 3, 29),
        CET,
        datetime(2026, 3, 28, 23, 40),
        id="nb-last-night",
    ),
    pytest.param(
        "Síðast uppfært lau. 28. mars 2026 kl. 20:52",
        date(2026, 3, 29),
        UTC0,
        datetime(2026, 3, 28, 20, 52),
        id="is-updated",
    ),
    pytest.param(
        "Flutt út 3. nóvember 2026 klukkan 23.40",
        date(2026, 11, 4),
        UTC0,
        datetime(2026, 11, 3, 23, 40),
        id="is-exported",
    ),
    pytest.param(
        "Skrifað í gærkvöldi kl. 23.40",
        date(2026, 3, 29),
        UTC0,
        datetime(2026, 3, 28, 23, 40),
        id="is-last-night",
    ),
    pytest.param(
        "Imesasishwa Jumamosi, 28 Machi 2026 saa 19:20",
        date(2026, 3, 29),
        EAT,
        datetime(2026, 3, 28, 19, 20),
        id="sw-updated",
    ),
    pytest.param(
        "Iliundwa 2 Agosti 2026 saa 21:05",
        date(2026, 8, 3),
        EAT,
        datetime(2026, 8, 2, 21, 5),
        id="sw-created",
    ),
    pytest.param(
        "Imeandikwa jana usiku saa 23:40",
        date(2026, 3, 29),
        EAT,
        datetime(2026, 3, 28, 23, 40),
        id="sw-last-night",
    ),
]


@pytest.mark.parametrize(("line", "day", "tz", "want"), DATES)
def test_a_stamp_in_words_dates_the_note(
    line: str, day: date, tz: timezone, want: datetime
) -> None:
    """A note filed the next morning says in words when it was written: the stamp word
    ("Eksporteret", "Síðast uppfært", "Imesasishwa"), the weekday, the month name ("marts",
    "nóvember", "Machi"), and "kl." / "klukkan" / "saa" before the clock ("19.20" with a dot)."""
    when, problems = time_in_text(f"# x\n\nbody\n\n{line}\n", day, tz, lexicon=packaged_lexicon())
    assert when == want.replace(tzinfo=tz) and not problems


@pytest.mark.parametrize("name", ["Leo", "Jana"])
def test_a_swahili_signature_by_leo_or_jana_is_no_today_or_yesterday(name: str) -> None:
    """ "leo" (today) and "jana" (yesterday) are also names: "— Jana · 19:20" is Jana signing on
    the note's own day, not yesterday evening."""
    day = date(2026, 3, 28)
    when, _problems = time_in_text(
        f"# x\n\nbody\n\n— {name} · 19:20\n", day, EAT, lexicon=packaged_lexicon()
    )
    assert when == datetime(2026, 3, 28, 19, 20, tzinfo=EAT)


def test_swahili_clock_time_with_a_dot_is_not_read_as_a_24_hour_clock() -> None:
    """ "saa 5.45 usiku" is Swahili time (23:45, six hours on): "saa" announces no 24-hour clock
    written with a dot, so nothing is read rather than 05:45."""
    day = date(2026, 10, 25)
    when, _problems = time_in_text(
        "# x\n\nbody\n\nImeandikwa saa 5.45 usiku\n", day, EAT, lexicon=packaged_lexicon()
    )
    assert when is None
