"""Irish (``phrases/ga.toml``), Welsh (``cy.toml``), Estonian (``et.toml``) and Lithuanian (``lt.toml``) notes:
authors' remarks, with Celtic initial mutations ("ní dár gcuid é", "i dîm rag") and cases ("rag-tiimile",
"vakarykščiame brifinge"), section hints, field labels, headings and stamps with month names, as
colleagues write them.

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

IRISH = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ní dár gcuid é, is RL é.",
        "Suimiúil, ach ná bac leis.",
        "Scipeáil.",
        "Ní dúinne é, is robataic é.",
        "Ní bhaineann sé linn.",
        "Lasmuigh dár raon.",
        "Eochairfhocal amháin.",
    ],
    "redirect": [
        "Seol ar aghaidh chuig an bhfoireann rag é.",
        "Is le foireann rag é.",
        "Baineann sé le rag.",
        "Don fhoireann rag.",
    ],
    "not_topic": ["Ní eval é, is RL é.", "Níl baint ar bith aige le evaluation."],
    "reported": ["Tuairiscithe cheana.", "Bhí sé san achoimre inné.", "Thuairiscíomar cheana é."],
    "covered": [
        "Tá sé sa doiciméad cheana.",
        "Faic nua.",
        "Ancaireáilte cheana, §2.1.",
        "An suirbhé sin — ansin cheana.",
    ],
    "keep": ["Is fiú é a léamh.", "Molaim é.", "Léamh riachtanach."],
}

WELSH = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — nid i ni, RL yw e.",
        "Diddorol, ond hepgor.",
        "Dim ond gair allweddol.",
        "Nid ein pwnc ni.",
        "Anwybyddwch hwn.",
        "Oddi ar y pwnc.",
    ],
    "redirect": [
        "Anfonwch hwn at dîm rag.",
        "Mae'n perthyn i rag.",
        "I'r tîm rag.",
        "Anfon ymlaen at bob.",
    ],
    "not_topic": ["Nid eval, ond RL.", "Dim byd i'w wneud ag evaluation."],
    "reported": ["Roedd e yn y briff ddoe.", "Wedi'i adrodd yn barod.", "Dim angen adrodd eto."],
    "covered": ["Mae yn y ddogfen yn barod.", "Dim byd newydd.", "Wedi'i angori yn barod."],
    "keep": ["Mae'n werth ei ddarllen.", "Rhaid ei ddarllen!", "Dw i'n ei argymell."],
}

ESTONIAN = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — pole meie teema, see on RL.",
        "Huvitav, aga jätame vahele.",
        "See pole meile.",
        "Ainult märksõna.",
        "Ignoreeri.",
        "Teemaväline.",
    ],
    "redirect": [
        "Saada edasi rag-tiimile.",
        "See on pigem rag.",
        "Kuulub rag alla.",
        "See on rag tiimile.",
    ],
    "not_topic": [
        "Mitte eval, pigem RL.",
        "Pole eval-iga seotud.",
        "Sellel pole midagi pistmist evaluation’iga.",
    ],
    "reported": ["Oli juba eilses kokkuvõttes.", "Juba raporteeritud.", "Me juba raporteerisime."],
    "covered": ["On juba dokumendis.", "Midagi uut pole.", "Meil on see juba."],
    "keep": ["Tasub lugeda.", "Kindlasti läbi lugeda!", "Soovitan seda."],
}

LITHUANIAN = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — mums neaktualu, tai RL.",
        "Įdomu, bet praleidžiam.",
        "Tai ne mūsų tema.",
        "Tik raktinis žodis.",
        "Ignoruojam.",
        "Ne į temą.",
    ],
    "redirect": ["Persiųsk rag komandai.", "Greičiau rag.", "Priklauso rag sričiai."],
    "not_topic": ["Tai nėra eval, greičiau RL.", "Neturi nieko bendro su evaluation."],
    "reported": [
        "Jau buvo vakarykščiame brifinge.",
        "Jau pranešta.",
        "Nepranešti dar kartą.",
    ],
    "covered": ["Jau yra dokumente.", "Nieko naujo.", "Jau turime."],
    "keep": ["Verta perskaityti.", "Rekomenduoju!", "Būtina perskaityti."],
}

LANGS = {"ga": IRISH, "cy": WELSH, "et": ESTONIAN, "lt": LITHUANIAN}

# A sentence that only describes (or negates the remark), and the remark it must not be taken for.
TRAPS = [
    # Irish
    pytest.param(
        "Déanann an múnla neamhaird den torann.", "Déan neamhaird de.", "dismiss", id="ga-ignores"
    ),
    pytest.param(
        "Ní dúinne amháin atá sé seo úsáideach.", "Ní dúinne é.", "dismiss", id="ga-not-only-us"
    ),
    pytest.param(
        "Ní bhaineann sé le rag, is linne é.", "Baineann sé le rag.", "redirect", id="ga-negated"
    ),
    pytest.param(
        "Níos mó do rag ná do mhionchoigeartú.", "Níos mó do rag.", "redirect", id="ga-rather-than"
    ),
    pytest.param(
        "Tá an éifeacht tuairiscithe cheana sa litríocht.",
        "Tuairiscithe cheana.",
        "reported",
        id="ga-literature",
    ),
    pytest.param("Ní fiú é a léamh.", "Is fiú é a léamh.", "keep", id="ga-not-worth"),
    # Welsh
    pytest.param(
        "Mae'r model yn dysgu anwybyddu sŵn.", "Anwybyddu.", "dismiss", id="cy-model-ignores"
    ),
    pytest.param(
        "Nid i ni yn unig mae hwn yn ddefnyddiol.", "Nid i ni.", "dismiss", id="cy-not-only-us"
    ),
    pytest.param(
        "Dyw e ddim yn perthyn i rag, mae'n un ni.",
        "Mae'n perthyn i rag.",
        "redirect",
        id="cy-negated",
    ),
    pytest.param("Mwy i rag nag i fireinio.", "Mwy i rag.", "redirect", id="cy-rather-than"),
    pytest.param(
        "Dyw e ddim yn werth ei ddarllen.", "Mae'n werth ei ddarllen.", "keep", id="cy-not-worth"
    ),
    pytest.param(
        "Nid eval yn unig, ond RL hefyd.", "Nid eval, ond RL.", "not_topic", id="cy-not-only"
    ),
    # Estonian
    pytest.param(
        "Jätame soojenduse testides vahele.", "Jätame vahele.", "dismiss", id="et-skip-warmup"
    ),
    pytest.param("Mudel ignoreerib müra.", "Ignoreeri.", "dismiss", id="et-model-ignores"),
    pytest.param("Meetod ei jõua meie eesmärgini.", "Pole meie asi.", "dismiss", id="et-goal"),
    pytest.param("Pigem rag kui peenhäälestus.", "Pigem rag.", "redirect", id="et-rather-than"),
    pytest.param(
        "Mõju on kirjanduses juba raporteeritud.",
        "Juba raporteeritud.",
        "reported",
        id="et-literature",
    ),
    pytest.param("Ei tasu lugeda.", "Tasub lugeda.", "keep", id="et-not-worth"),
    pytest.param(
        "Mitte ainult eval, vaid ka RL.", "Mitte eval, pigem RL.", "not_topic", id="et-not-only"
    ),
    # Lithuanian
    pytest.param("Modelis praleidžia žingsnius.", "Praleisti.", "dismiss", id="lt-model-skips"),
    pytest.param("Praleidžiam apšilimą testuose.", "Praleidžiam.", "dismiss", id="lt-skip-warmup"),
    pytest.param("Tai ne mūsų tikslas šiame darbe.", "Ne mūsų.", "dismiss", id="lt-goal"),
    pytest.param("Nepriklauso rag, tai mūsų.", "Priklauso rag.", "redirect", id="lt-negated"),
    pytest.param("Greičiau rag nei derinimas.", "Greičiau rag.", "redirect", id="lt-rather-than"),
    pytest.param("Neverta perskaityti.", "Verta perskaityti.", "keep", id="lt-not-worth"),
    pytest.param("Ne tik eval, bet ir RL.", "Tai nėra eval.", "not_topic", id="lt-not-only"),
    pytest.param(
        "Autoriai rekomenduoja kitą metodą.", "Rekomenduoju.", "keep", id="lt-authors-recommend"
    ),
]

NOTHING_NEW = [
    pytest.param("Faic nua faoi evaluation inniu.", "Faic nua faoi rag inniu.", id="ga"),
    pytest.param("evaluation: dada nua", "rag: dada nua", id="ga-after"),
    pytest.param("Dim byd newydd am evaluation heddiw.", "Dim byd newydd am rag.", id="cy"),
    pytest.param("evaluation: dim byd newydd", "rag: dim byd newydd", id="cy-after"),
    pytest.param("Midagi uut evaluation-i kohta pole.", "Midagi uut rag-i kohta pole.", id="et"),
    pytest.param("evaluation: midagi uut pole", "rag: midagi uut pole", id="et-after"),
    pytest.param("Nieko naujo apie evaluation šiandien.", "Nieko naujo apie rag.", id="lt"),
    pytest.param("evaluation: nieko naujo", "rag: nieko naujo", id="lt-after"),
]

TOLD_APART = [
    pytest.param(
        "Ní hé an páipéar céanna é agus 2510.01234.", "Páipéar ar an ábhar céanna.", id="ga"
    ),
    pytest.param("Nid yr un papur â 2510.01234.", "Papur ar yr un pwnc.", id="cy"),
    pytest.param("Pole sama artikkel mis 2510.01234.", "Artikkel samal teemal.", id="et"),
    pytest.param("Ne tas pats straipsnis kaip 2510.01234.", "Straipsnis ta pačia tema.", id="lt"),
]

SECTION_HINTS = [
    pytest.param("roinn 3.2", id="ga"),
    pytest.param("i roinn 3.2", id="ga-in"),
    pytest.param("Caibidil 3.2", id="ga-chapter"),
    pytest.param("Roinn: 3.2", id="ga-label"),
    pytest.param("adran 3.2", id="cy"),
    pytest.param("yn adran 3.2", id="cy-in"),
    pytest.param("jaotisesse 3.2", id="et-into"),
    pytest.param("peatükis 3.2", id="et-in"),
    pytest.param("skyriuje 3.2", id="lt-in"),
    pytest.param("į skyrių 3.2", id="lt-into"),
]

QUANTITIES = [
    pytest.param("roinn 3.2; tógann sé 1.5 uair", id="ga"),
    pytest.param("adran 3.2; mae'n cymryd 1.5 awr", id="cy"),
    pytest.param("jaotis 3.2; treening võtab 1.5 tundi", id="et"),
    pytest.param("skyrius 3.2; mokymas trunka 1.5 valandos", id="lt"),
]

NUMBER_TRAPS = [
    pytest.param("I roinn 3 taispeánann na húdair modh nua.", "i roinn 3.", id="ga"),
    pytest.param("Yn adran 3 mae'r awduron yn dangos dull newydd.", "yn adran 3.", id="cy"),
    pytest.param("Peatükis 3 näitavad autorid uut meetodit.", "peatükis 3.", id="et"),
    pytest.param("Skyriuje 3 autoriai parodo naują metodą.", "skyriuje 3.", id="lt"),
]

FIELDS = [
    pytest.param("Nasc: https://arxiv.org/abs/2611.01234", "link", id="ga-link"),
    pytest.param("- **Foinse**: https://example.org/paper", "link", id="ga-source"),
    pytest.param("- Roinn: 3.2", "hint", id="ga-hint"),
    pytest.param("Fainic: síol amháin", "caveat", id="ga-caveat"),
    pytest.param("Príomhphointí: a, b", "points", id="ga-points"),
    pytest.param("**Tuairim**: go maith", "note", id="ga-note"),
    pytest.param("Dolen: https://arxiv.org/abs/2611.01234", "link", id="cy-link"),
    pytest.param("- **Ffynhonnell**: https://example.org/paper", "link", id="cy-source"),
    pytest.param("- Adran: 3.2", "hint", id="cy-hint"),
    pytest.param("Cyfyngiadau: un hedyn yn unig", "caveat", id="cy-caveat"),
    pytest.param("**Sylwadau**: da", "note", id="cy-note"),
    pytest.param("Allikas: https://arxiv.org/abs/2611.01234", "link", id="et-link"),
    pytest.param("- Jaotis: 3.2", "hint", id="et-hint"),
    pytest.param("Piirangud: ainult üks seeme", "caveat", id="et-caveat"),
    pytest.param("**Märkus**: hea", "note", id="et-note"),
    pytest.param("Nuoroda: https://arxiv.org/abs/2611.01234", "link", id="lt-link"),
    pytest.param("- Skyrius: 3.2", "hint", id="lt-hint"),
    pytest.param("Apribojimai: tik viena sėkla", "caveat", id="lt-caveat"),
    pytest.param("**Pastaba**: gerai", "note", id="lt-note"),
]

STRUCTURAL = [
    pytest.param("Achoimre", "Achoimre ar mhúnlaí nua", id="ga"),
    pytest.param("Crynodeb", "Crynodeb o fodelau newydd", id="cy"),
    pytest.param("Kokkuvõte", "Kokkuvõte uutest mudelitest", id="et"),
    pytest.param("Santrauka", "Santrauka apie naujus modelius", id="lt"),
]

NEGATIVE_HEADINGS = [
    pytest.param("As ábhar", "Measúnú múnlaí", id="ga"),
    pytest.param("Oddi ar y pwnc", "Gwerthuso modelau", id="cy"),
    pytest.param("Teemaväline", "Mudelite hindamine", id="et"),
    pytest.param("Ne į temą", "Modelių vertinimas", id="lt"),
]

UTC0 = timezone(timedelta(0))
EET = timezone(timedelta(hours=2))

DATES = [
    pytest.param(
        "Nuashonraithe Dé Sathairn, 28 Márta 2026 ag 20:52",
        date(2026, 3, 29),
        UTC0,
        datetime(2026, 3, 28, 20, 52),
        id="ga-updated",
    ),
    pytest.param(
        "Easpórtáilte 3 Samhain 2026 ag 21:05",
        date(2026, 11, 4),
        UTC0,
        datetime(2026, 11, 3, 21, 5),
        id="ga-exported",
    ),
    pytest.param(
        "Scríofa aréir ag 23:40",
        date(2026, 3, 29),
        UTC0,
        datetime(2026, 3, 28, 23, 40),
        id="ga-last-night",
    ),
    pytest.param(
        "Diweddarwyd ddiwethaf 28 Mawrth 2026 am 20:52",
        date(2026, 3, 29),
        UTC0,
        datetime(2026, 3, 28, 20, 52),
        id="cy-updated",
    ),
    pytest.param(
        "Allforiwyd 3 Tachwedd 2026 am 21:05",
        date(2026, 11, 4),
        UTC0,
        datetime(2026, 11, 3, 21, 5),
        id="cy-exported",
    ),
    pytest.param(
        "Ysgrifennwyd neithiwr am 23:40",
        date(2026, 3, 29),
        UTC0,
        datetime(2026, 3, 28, 23, 40),
        id="cy-last-night",
    ),
    pytest.param(
        "Viimati muudetud 28. märtsil 2026 kell 20.52",
        date(2026, 3, 29),
        EET,
        datetime(2026, 3, 28, 20, 52),
        id="et-changed",
    ),
    pytest.param(
        "Kirjutatud eile õhtul kell 23:40",
        date(2026, 3, 29),
        EET,
        datetime(2026, 3, 28, 23, 40),
        id="et-last-night",
    ),
    pytest.param(
        "Atnaujinta 2026 m. kovo 28 d. 20:52",
        date(2026, 3, 29),
        EET,
        datetime(2026, 3, 28, 20, 52),
        id="lt-updated",
    ),
    pytest.param(
        "Parašyta vakar vakare 23:40",
        date(2026, 3, 29),
        EET,
        datetime(2026, 3, 28, 23, 40),
        id="lt-last-night",
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
    "á", "ŵ", "õ", "ą", "ų" included, as the alternation does."""
    lex = packaged_lexicon()
    names = (reader.topic_names, reader.other_names, reader.people)
    whole = [m.span() for m in lex.pattern("remarks", kind, *names).finditer(text)]
    fast = [m.span() for m in lex.phrases("remarks", kind, *names).finditer(text)]
    assert whole and fast == whole


@pytest.mark.parametrize(("trap", "twin", "kind"), TRAPS)
def test_traps_are_not_remarks(reader: VerdictReader, trap: str, twin: str, kind: str) -> None:
    """A one-word verdict judges only leading its clause, a phrase ends where the remark ends, and
    a negation turns a remark around: "déanann an múnla neamhaird", "dyw e ddim yn perthyn i rag", "jätame soojenduse vahele",
    "praleidžiam apšilimą" describe."""
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
    in the form the language uses in a date ("Márta", "Tachwedd", "märtsil", "kovo"), the word before the clock ("ag", "am", "kell", "d."),
    or "yesterday evening"."""
    when, problems = time_in_text(f"# x\n\nbody\n\n{line}\n", day, tz, lexicon=packaged_lexicon())
    assert when == want.replace(tzinfo=tz) and not problems
