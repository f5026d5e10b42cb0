"""Afrikaans notes (``phrases/af.toml``): authors' verdicts as colleagues write them, with the
double negation ("nie ons s'n nie"), and sentences beside them that only describe.  Each positive
case uses Afrikaans words only: taking the file away makes it fail."""

from __future__ import annotations

import pytest
from phrase_support import kinds

from curator.lexicon import packaged_lexicon
from curator.verdicts import VerdictReader

pytestmark = pytest.mark.usefixtures("packaged")


@pytest.fixture
def reader() -> VerdictReader:
    return VerdictReader(packaged_lexicon(), ["causal"], ["zeitreihen", "rag"], ["annelie"])


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("- Nie ons s'n nie: Causal-Attention Transformers (2710.14158)", "dismiss"),
        ("Interessant, maar nie vir ons nie.", "dismiss"),
        ("dis voorspelling met 'n kousale masker, hoort by zeitreihen.", "redirect"),
        ("Stuur dit aan die rag-span.", "redirect"),
        ("Dit het niks met causal te doen nie.", "not_topic"),
        ("Reeds gerapporteer.", "reported"),
        ("Staan al in die dokument, §2.1.", "covered"),
        ("Die moeite werd, anker vanaand.", "keep"),
    ],
)
def test_afrikaans_remarks_are_read(reader: VerdictReader, text: str, kind: str) -> None:
    assert kinds(reader, text)[:1] == [kind]


@pytest.mark.parametrize(
    "text",
    [
        "Die model hoort by die beste op die maatstaf.",  # "belongs with the best": no team
        "Hierdie werk hoort nie by zeitreihen nie, dis kousale ontdekking.",  # negated redirect
        "Die data is nie relevant vir die tweede eksperiment.",  # no closing "nie": a description
    ],
)
def test_afrikaans_descriptions_are_no_remarks(reader: VerdictReader, text: str) -> None:
    assert "redirect" not in kinds(reader, text)
    assert "dismiss" not in kinds(reader, text)
