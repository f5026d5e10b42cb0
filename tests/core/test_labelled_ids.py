"""An identifier written with its label ("PMID: 42873305") is the page of its record, as a DOI
is its doi.org address: a reference list that gives only the label and a note that links the
page are one increment, and a reference's DOI and PMID are one work, never two."""

from __future__ import annotations

from pathlib import Path

from conftest import one_note_analysis

from curator.urls import find_urls

PUBMED = "https://pubmed.ncbi.nlm.nih.gov/{}/"

DOC = """# clinlp living doc

## 4 Coding

### 4.3 ICD coding

- **ICD-10 coding in practice** (https://pubmed.ncbi.nlm.nih.gov/40551872/): 14 hospitals.
"""

REFERENCES = """# Reading list, exported from the index

1. Oliveira R, Marín L. Automated ICD-10 coding of discharge reports with a fine-tuned encoder.
   J Am Med Inform Assoc. 2027 Nov;34(11):1902-1911. doi: 10.1093/jamia/ocaf388. PMID: 42873305.

2. Sánchez L, Prats J. ICD-10 coding in practice with CodiEsp-trained models.
   Gac Sanit. 2026;40(3):221-229. doi: 10.1016/j.gaceta.2026.02.007. PMID: 40551872.
"""


def test_a_labelled_pmid_is_its_records_address() -> None:
    assert [u for u, _s, _e in find_urls("doi: 10.1/x. PMID: 42873305.")][-1] == PUBMED.format(
        "42873305"
    )
    assert [u for u, _s, _e in find_urls("pmid = {123456},")] == [PUBMED.format("123456")]
    assert find_urls("the PMIDs were checked; 42873305 citations") == []
    assert find_urls("XPMID: 42873305") == []


def _analysis(tmp_path: Path, other: str | None):  # type: ignore[no-untyped-def]
    if other is not None:
        chat = tmp_path / "inbox" / "ainhoa" / "2027-10-31T2140-notes.md"
        chat.parent.mkdir(parents=True)
        chat.write_text(other, encoding="utf-8")
    return one_note_analysis(
        tmp_path,
        "clinlp",
        DOC,
        "inbox/joao/2027-10-31T1130-reading-list.md",
        REFERENCES,
        "2027-10-31T00:00:00+00:00",
    )


def _with(got, word: str) -> list:  # type: ignore[no-untyped-def]
    return [i for i in got.increments if any(word in u for u in i.urls) or word in i.id]


def test_a_references_doi_and_pmid_are_one_work_that_joins_a_link_to_its_page(
    tmp_path: Path,
) -> None:
    got = _analysis(
        tmp_path, "- The JAMIA coding paper: https://pubmed.ncbi.nlm.nih.gov/42873305/\n"
    )
    jamia = _with(got, "42873305")
    assert len(jamia) == 1
    assert {s.path.split("/")[1] for s in jamia[0].sources} == {"ainhoa", "joao"}
    assert not [i for i in _with(got, "ocaf388") if i is not jamia[0]]


def test_a_references_doi_joins_the_anchored_record_its_pmid_names(tmp_path: Path) -> None:
    got = _analysis(tmp_path, None)
    gaceta = _with(got, "40551872")
    assert [i.status for i in gaceta] == ["anchored"]
    assert not [i for i in _with(got, "gaceta") if i is not gaceta[0]]
