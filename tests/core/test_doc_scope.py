"""A living doc's scope statement: what it leaves out makes a paper off-topic, read as an
editor reads it (the doc's own subjects, qualifiers and quoted keywords are not exclusions)."""

from __future__ import annotations

from pathlib import Path

import pytest
from relay_support import analyze_relay

from curator.doc_scope import read_scope, scope_text

ROOT = Path(__file__).resolve().parents[2]

STATEMENT = """# mt — living doc

> **Scope.** Text and speech *translation* between languages, multilingual LLMs and their
> evaluation. **Not ours:** monolingual ASR and TTS (→ `speech.md`); OCR and handwriting
> recognition, including Tifinagh OCR (→ docai team); code-to-code "translation" (→ code team);
> classic web vulnerabilities (SQL injection, XSS) unless an LLM is the confused deputy;
> anything that only shares a word with us ("corpus", "alignment").
> Version: 2027-02-06

## 1. Models
"""


def _scope(text: str = STATEMENT):  # type: ignore[no-untyped-def]
    return read_scope(scope_text(text.split("\n")))


def test_the_statement_ends_at_the_next_field_of_the_header() -> None:
    text = scope_text(STATEMENT.split("\n"))
    assert text.startswith("Text and speech")
    assert "Version" not in text and "Models" not in text


def test_a_title_naming_what_the_doc_sends_elsewhere_is_left_out() -> None:
    scope = _scope()
    why = scope.leaves_out(["Transformer OCR for Maghrebi Arabic Manuscripts"])
    assert why is not None and "OCR and handwriting" in why
    assert scope.leaves_out(["Handwritten Character Recognition with Synthetic Glyphs"])
    assert scope.leaves_out(["Monolingual TTS for Darija"]), "a lone word shares the modifiers"


def test_what_the_doc_keeps_wins_over_what_it_leaves_out() -> None:
    assert _scope().leaves_out(["OCR-robust speech translation for Darija"]) is None


def test_words_that_only_look_alike_are_not_the_subject() -> None:
    scope = _scope()
    # "code-to-code" is a compound of its own: "Code-Switched" is not it
    assert scope.leaves_out(["Streaming Translation for Code-Switched Darija"]) is None
    # a qualifier ("unless an LLM …") narrows the examples before it too
    assert scope.leaves_out(["Prompt-to-SQL Injection in LLM Agents"]) is None
    # quoted keywords are words a keyword shares, not subjects
    assert scope.leaves_out(["A Parallel Corpus for Wolof"]) is None


def test_a_subject_the_doc_itself_covers_is_no_exclusion() -> None:
    doc = STATEMENT + "\n## 2. Scripts\n\n- **TifiOCR** (arXiv:2601.00001): OCR feeding our MT.\n"
    scope = _scope(doc)
    bodies = [doc]
    fitted = scope.fitted(scope_text(doc.split("\n")), bodies, ["Models", "Scripts"])
    assert fitted.leaves_out(["Transformer OCR for Manuscripts"]) is None
    assert fitted.leaves_out(["Handwriting Recognition at Scale"]) is not None


def test_a_doc_without_a_statement_leaves_nothing_out() -> None:
    assert _scope("# doc\n\n## 1. Models\n").leaves_out(["OCR anything"]) is None


@pytest.mark.slow
def test_the_mt_relay_rejects_the_ocr_papers_its_doc_sends_to_docai(tmp_path: Path) -> None:
    incs = analyze_relay(ROOT / "tests" / "relays-open" / "relay-mt", tmp_path)
    for key in ("2702.03540", "2702.03876"):
        assert incs[key]["status"] == "off-topic", incs[key]["status_reason"]
    # only the doc's scope says so of the Tifinagh paper; hafsa's Darija "machi dyalna — hadi
    # dyal l-équipe docai" says it of the manuscripts one first, and the author's word wins
    assert incs["2702.03876"]["status_rule"] == "doc-scope"
    assert incs["2702.03540"]["status_rule"] == "author-verdict"
    assert incs["2702.00935"]["status"] == "new"  # "Code-Switched" is not code-to-code


def test_a_statement_in_another_language_reads_by_its_phrase_file() -> None:
    doc = (
        "# kausal — lebendes Dokument\n\n"
        "> **Umfang.** Kausale Entdeckung und Effektschätzung. **Nicht bei uns:** "
        "Zeitreihenprognose (→ `zeitreihen.md`); Ökonometrie ohne Lernen.\n\n## 1 Entdeckung\n"
    )
    scope = _scope(doc)
    assert scope.leaves_out(["Zeitreihenprognose mit Transformern"]) is not None
    assert scope.leaves_out(["Kausale Entdeckung für Zeitreihenprognose"]) is None, "kept too"
    assert scope.leaves_out(["Ökonometrie für Panels"]) is None, "a qualified subject"
