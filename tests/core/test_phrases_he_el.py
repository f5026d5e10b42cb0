"""Hebrew (``phrases/he.toml``) and Greek (``phrases/el.toml``) notes: authors' remarks, section hints
and field labels as colleagues write them, and the sentences beside them that only describe.

Greek is checked with and without its accents (people often type without tonos, and capitals drop
it): the lexicon does not fold accents, so the phrase files spell both.
"""

from __future__ import annotations

import pytest
from phrase_support import kinds, numbers

from curator.fields import match_field
from curator.lexicon import packaged_lexicon
from curator.note_headings import is_negative_title, is_structural
from curator.verdicts import OFF_KINDS, VerdictReader

pytestmark = pytest.mark.usefixtures("packaged")


# --- remarks ----------------------------------------------------------------------------------

HEBREW = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — לא שלנו, זה RL.",
        "זה לא רלוונטי לנו",
        "לא רלוונטי.",
        "מעניין אבל לדלג.",
        "- מדלגים",
        "מחוץ לתחום שלנו, מדובר ברובוטיקה",
        "רק מילת מפתח, אין פה כלום על שופטים",
        "פולס פוזיטיב של הפילטר",
        "ממש לא רלוונטי",
        "אני ממליץ לדלג.",
    ],
    "not_topic": [
        "זה לא ממש eval, יותר אימון",
        "לא קשור ל-evaluation בכלל",
        "אין לזה קשר ל-eval",
    ],
    "covered": [
        "כבר במסמך, סעיף 2.1",
        "זה כבר מעוגן",
        "אין פה שום דבר חדש",
        "כבר יש לנו את זה",
    ],
    "reported": [
        "כבר דיווחנו על זה אתמול",
        "היה בבריפינג של אתמול",
        "לא לדווח שוב",
        "בתדריך הקודם",
    ],
    "redirect": [
        "להעביר לצוות rag",
        "שייך ל-agents",
        "זה יותר של rag",
        "נעביר את זה ל-bob",
        "בשביל החבר'ה של rag",
        "שייך ל־rag",
    ],
    "keep": ["חובה לקרוא!", "ממליץ בחום", "שווה לעגן"],
}

GREEK = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — όχι δικό μας, είναι RL.",
        "οχι δικο μας",
        "Εκτός θέματος",
        "ΕΚΤΟΣ ΘΕΜΑΤΟΣ",
        "εκτος θεματος, προσπερναμε",
        "Παράλειψη.",
        "- το προσπερνάμε",
        "Δεν μας αφορά",
        "Ενδιαφέρον αλλά προσπερνάμε.",
        "μόνο λέξη-κλειδί, τίποτα για κριτές",
        "Προτείνω να το προσπεράσουμε.",
    ],
    "not_topic": [
        "όχι eval, είναι RL",
        "δεν έχει σχέση με το evaluation",
        "δεν αφορα το eval",
    ],
    "covered": [
        "ήδη στο έγγραφο",
        "ηδη στο εγγραφο, ενότητα 2.1",
        "είναι ήδη αγκυρωμένο",
        "Τίποτα νέο.",
    ],
    "reported": [
        "το αναφέραμε ήδη",
        "ήταν στο χθεσινό briefing",
        "στην προηγούμενη ενημέρωση",
        "μην το ξαναναφέρουμε",
    ],
    "redirect": [
        "ανήκει στο rag",
        "ΑΝΗΚΕΙ ΣΤΟ RAG",
        "για την ομάδα του rag",
        "να το προωθήσουμε στους agents",
        "στείλτε το στον bob",
        "είναι μάλλον rag.",
    ],
    "keep": ["πρέπει να διαβαστεί", "αξίζει να το διαβάσουμε", "το προτείνω"],
}

REMARKS = [
    pytest.param(kind, text, id=f"{lang}-{kind}-{i}")
    for lang, table in (("he", HEBREW), ("el", GREEK))
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
    """The fast path (each phrase tried only on texts holding a word it needs) must see the Hebrew
    and Greek phrases, capitals and missing accents included, exactly as the alternation does."""
    lex = packaged_lexicon()
    names = (reader.topic_names, reader.other_names, reader.people)
    whole = [m.span() for m in lex.pattern("remarks", kind, *names).finditer(text)]
    fast = [m.span() for m in lex.phrases("remarks", kind, *names).finditer(text)]
    assert whole and fast == whole


# A sentence that only describes (or negates the remark), and the remark it must not be taken for.
TRAPS = [
    # Hebrew
    pytest.param("זה כן רלוונטי", "זה לא רלוונטי", "dismiss", id="he-affirmed"),
    pytest.param(
        "השיטה מדלגת על שלבים בתהליך הדיפוזיה", "מדלגים.", "dismiss", id="he-method-skips"
    ),
    pytest.param(
        "המודל מתעלם מההוראות כשהפרומפט ארוך", "אז להתעלם.", "dismiss", id="he-model-ignores"
    ),
    pytest.param("הפרמטר לא רלוונטי למשימה הזו", "לא רלוונטי.", "dismiss", id="he-param"),
    pytest.param("לא לדלג על זה", "לדלג", "dismiss", id="he-dont-skip"),
    pytest.param("זה לא שייך ל-rag, זה שלנו", "שייך ל-rag", "redirect", id="he-negated-redirect"),
    pytest.param(
        "כפי שדווח במאמר המקורי, הדיוק עלה", "כבר דיווחנו", "reported", id="he-paper-reported"
    ),
    pytest.param("המודל לא לומד שום דבר חדש", "שום דבר חדש.", "covered", id="he-learns-nothing"),
    pytest.param("לא חובה לקרוא", "חובה לקרוא", "keep", id="he-not-must-read"),
    # Greek
    pytest.param("δεν είναι εκτός θέματος", "εκτός θέματος", "dismiss", id="el-negated"),
    pytest.param("δεν νομίζω ότι είναι εκτός θέματος", "Εκτός θέματος.", "dismiss", id="el-think"),
    pytest.param(
        "Η μέθοδος παραλείπει βήματα στη διάχυση", "Παράλειψη.", "dismiss", id="el-method-skips"
    ),
    pytest.param("το μοντέλο αγνοεί τις οδηγίες", "τα αγνοούμε.", "dismiss", id="el-model-ignores"),
    pytest.param("άσχετο με τη μέθοδο εκπαίδευσης", "Άσχετο.", "dismiss", id="el-unrelated-to"),
    pytest.param("δεν το προσπερνάμε", "το προσπερνάμε", "dismiss", id="el-dont-skip"),
    pytest.param(
        "δεν ανήκει στο rag, είναι δικό μας", "ανήκει στο rag", "redirect", id="el-negated-redirect"
    ),
    pytest.param(
        "η μέθοδος είναι RAG με επανακατάταξη", "είναι μάλλον rag.", "redirect", id="el-is-rag"
    ),
    pytest.param(
        "όπως αναφέρθηκε ήδη από τους συγγραφείς", "αναφέρθηκε ήδη.", "reported", id="el-authors"
    ),
    pytest.param(
        "το μοντέλο δεν μαθαίνει τίποτα νέο", "Τίποτα νέο.", "covered", id="el-learns-nothing"
    ),
    pytest.param("όχι μόνο eval αλλά και RL", "όχι eval", "not_topic", id="el-not-only"),
]


@pytest.mark.parametrize(("trap", "twin", "kind"), TRAPS)
def test_traps_are_not_remarks(reader: VerdictReader, trap: str, twin: str, kind: str) -> None:
    assert kinds(reader, twin)[:1] == [kind]  # the remark itself is read ...
    assert not [k for k in kinds(reader, trap) if k == kind or k in OFF_KINDS]  # ... not this


@pytest.mark.parametrize(
    ("text", "twin"),
    [
        pytest.param("אין פריטים חדשים ל-evaluation הערב", "אין פריטים חדשים ל-rag", id="he"),
        pytest.param("evaluation: אין חדש", "rag: אין חדש", id="he-after"),
        pytest.param("τίποτα νέο για evaluation σήμερα", "τίποτα νέο για rag", id="el"),
        pytest.param("για evaluation: τίποτα", "για rag: τίποτα", id="el-after"),
    ],
)
def test_a_note_declaring_nothing_for_the_topic(
    reader: VerdictReader, text: str, twin: str
) -> None:
    assert reader.declares_none(text) is not None
    assert reader.declares_none(twin) is None  # another topic's nothing is not ours


# --- section hints ----------------------------------------------------------------------------

HINTS = [
    pytest.param("סעיף 4.2", "4.2", id="he-section"),
    pytest.param("סעיף: 5.1", "5.1", id="he-section-colon"),
    pytest.param("שייך ל-3.1", "3.1", id="he-belongs"),
    pytest.param("להכניס ל-2.2", "2.2", id="he-put-into"),
    pytest.param("בסעיף 1.4", "1.4", id="he-in-section"),
    pytest.param("תת-סעיף 1.3", "1.3", id="he-subsection"),
    pytest.param("שים ב-§4.1", "4.1", id="he-sign"),
    pytest.param("Ενότητα: 2.3", "2.3", id="el-section-colon"),
    pytest.param("στην § 4.1", "4.1", id="el-sign"),
    pytest.param("ενότητα 4.2", "4.2", id="el-section"),
    pytest.param("ΕΝΟΤΗΤΑ 5.1", "5.1", id="el-capitals"),
    pytest.param("ενοτητα 2.2", "2.2", id="el-no-accent"),
    pytest.param("στην ενότητα 1.4", "1.4", id="el-in-section"),
    pytest.param("ανήκει στην 3.2", "3.2", id="el-belongs"),
]


@pytest.mark.parametrize(("text", "num"), HINTS)
def test_a_number_after_a_hint_word_names_a_section(text: str, num: str) -> None:
    assert num in numbers(text)


@pytest.mark.parametrize(
    ("trap", "twin"),
    [
        pytest.param("הדיוק ירד ב-2.3 נקודות", "סעיף 2.3", id="he-points"),
        pytest.param("שים לב 2.1 הוא הגרסה", "שים ב-2.1", id="he-note-that"),
        pytest.param("מסעיף 2.3 של המאמר", "לסעיף 2.3", id="he-from-section"),
        pytest.param("η ακρίβεια έπεσε στο 4.3 από 5.1", "ενότητα 4.3", id="el-fell-to"),
        pytest.param("ανήκει στην 2.1 δευτερόλεπτα", "ανήκει στην 2.1", id="el-seconds"),
        pytest.param("από την ενότητα 2.3 του άρθρου", "στην ενότητα 2.3", id="el-from-section"),
    ],
)
def test_numbers_that_are_no_section_hints(trap: str, twin: str) -> None:
    assert numbers(twin)
    assert numbers(trap) == []


# --- field labels -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        pytest.param("קישור: https://arxiv.org/abs/2611.01234", "link", id="he-link"),
        pytest.param("- סעיף: 4.2", "hint", id="he-hint"),
        pytest.param("הסתייגות: רק על מודל אחד", "caveat", id="he-caveat"),
        pytest.param("**הערה**: נראה טוב", "note", id="he-note"),
        pytest.param("Σύνδεσμος: https://arxiv.org/abs/2611.01234", "link", id="el-link"),
        pytest.param("Συνδεσμος: https://arxiv.org/abs/2611.01234", "link", id="el-link-no-accent"),
        pytest.param("- Ενότητα: 2.3", "hint", id="el-hint"),
        pytest.param("Επιφυλάξεις: μόνο ένα μοντέλο", "caveat", id="el-caveat"),
    ],
)
def test_field_labels(line: str, kind: str) -> None:
    f = match_field(line)
    assert f is not None and f.kind == kind


# --- headings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("סיכום", "סיכומי מודלים חדשים", id="he"),
        pytest.param("ΣΥΝΟΨΗ", "Συνοψίζοντας τα μοντέλα", id="el"),
    ],
)
def test_structural_headings_are_whole_words(heading: str, other: str) -> None:
    assert is_structural(heading)
    assert not is_structural(other)


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("לא שלנו", "רעש בתוויות", id="he"),
        pytest.param("Εκτός θέματος", "Αξιολόγηση κριτών", id="el"),
    ],
)
def test_headings_that_leave_items_out(heading: str, other: str) -> None:
    assert is_negative_title(heading)
    assert not is_negative_title(other)
