"""Shapes notes apps and docs write that no labelled relay had before stop 40: a machine's stamp
with milliseconds, a time counted since 1970 in front matter, an app's metadata after the text,
and sub-sections written as bold lines under a numbered part."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from test_note_formats import run
from test_unseen_shapes import add_to_doc, with_bobs_note

import curator.written as written_mod
from curator.living_doc import parse_living_doc
from curator.note_stamps import time_in_text
from curator.written import written_at

MX = ZoneInfo("America/Mexico_City")


def test_a_stamp_with_milliseconds_keeps_its_utc_mark() -> None:
    when, _p = time_in_text("created_time: 2027-03-14T01:20:07.402Z", date(2027, 3, 14), MX)
    assert when == datetime(2027, 3, 14, 1, 20, 7, tzinfo=UTC)


def test_front_matter_counted_in_milliseconds_dates_the_note_over_its_name() -> None:
    # Dendron: the author's file name is Amsterdam's clock (02:40 on the 15th), the stamp is UTC
    front = {"created": "1805074800000", "updated": "1805075100000", "title": "Gfm Kaart"}
    when, source, _p = written_at(front, "# Kaart\n", "2027-03-15T0240-kaart.md", 0, MX)
    assert source == "front_matter"
    assert when == datetime(2027, 3, 15, 1, 40, tzinfo=UTC)
    assert when.astimezone(MX).hour == 19  # 19:40 in Mexico City on the 14th


def test_seconds_since_1970_read_as_well_and_other_numbers_are_not_times() -> None:
    when, _s, _p = written_at({"created": "1805074800"}, "", "2027-03-15-x.md", 0, MX)
    assert when == datetime(2027, 3, 15, 1, 40, tzinfo=UTC)
    # an issue number or a count is not a time: the name's day is used
    when, source, _p = written_at({"created": "12345"}, "", "2027-03-15-x.md", 0, MX)
    assert (when.date(), source) == (date(2027, 3, 15), "name")


JOPLIN = """# Нотатки

- GraphTok (2703.04418) — токенізатор графів.

id: 6e1f4b9a2c0d47f1a8b3c5d7e9f01234
parent_id: 0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d
created_time: 2027-03-14T01:20:07.402Z
updated_time: 2027-03-14T01:31:55.018Z
is_conflict: 0
source_url:
markup_language: 1
type_: 1
"""


def test_an_apps_metadata_after_the_text_dates_a_note_with_a_date_only_name() -> None:
    when, source, _p = written_at({}, JOPLIN, "2027-03-14-notatky.md", 0, MX)
    assert source == "front_matter"
    assert when == datetime(2027, 3, 14, 1, 20, 7, tzinfo=UTC)  # created, not updated
    assert when.astimezone(MX).day == 13


def test_an_apps_metadata_is_read_from_a_file_saved_with_crlf_line_ends() -> None:
    when, source, _p = written_at({}, JOPLIN.replace("\n", "\r\n"), "2027-03-14-notatky.md", 0, MX)
    assert (source, when) == ("front_matter", datetime(2027, 3, 14, 1, 20, 7, tzinfo=UTC))


def test_a_persons_closing_fields_are_not_an_apps_metadata() -> None:
    text = "# Notes\n\nFooNet is good.\n\nTitle: FooNet\nSection: 4.1\nWhy: strong\nDate: 2027-03-14 10:00\n"
    assert written_mod.back_matter(text) == {}
    assert (
        written_mod.back_matter("# Notes\n\nid: 1\ncreated: 2027-03-14T10:00Z\n") == {}
    )  # too few lines


DOC = """# Graph ML

## 1) Message passing

**1.1) Spectral convolutions**

- GCN — arXiv:1609.02907.

**Why it matters:** more than most tweaks.

**1.2) Depth**
- Over-squashing — arXiv:2111.14522.

**Further reading**

- A survey — arXiv:2001.00001.

```text
**1.3) Draft in a fence**
- arXiv:2702.20077
```

## 2) Expressivity

**3.1) Not a child of this part**

- GIN — arXiv:1810.00826.
"""


def test_bold_lines_numbered_under_a_part_are_its_sub_sections() -> None:
    doc = parse_living_doc(DOC, "organized/knowledge/graphs.md", "graphs")
    where = {a.key: s.number for s in doc.sections for a in s.anchors if a.kind == "arxiv"}
    assert [s.number for s in doc.sections if s.number] == ["§1", "§1.1", "§1.2", "§2"]
    assert where["1609.02907"] == "§1.1"
    assert where["2111.14522"] == "§1.2"
    assert where["2001.00001"] == "§1.2"  # an unnumbered bold line is no section
    assert "2702.20077" not in where or where["2702.20077"] == "§1.2"  # a fence opens none
    assert where["1810.00826"] == "§2"  # 3.1 is not a sub-section of §2


AREAS = """# Forecast living doc

## 10–19 Foundations

### 11 Statistical baselines

- AutoETS — arXiv:2001.00011.

### 12 Deep supervised models

- DLinear — arXiv:2205.13504.

## 20–29 Foundation models

### 21 Encoders

- MOMENT — arXiv:2402.03885.

### 22 Decoder-only

- TimesFM — arXiv:2310.10688.

## 90–99 Archive

### 91 Glossary

- ETS: error, trend, seasonality (arXiv:2001.00011).

### 92 Changelog

- 2026-10-24: anchored TimesFM (2310.10688) in 22.
"""


def test_numbers_counted_under_each_area_are_sections_and_areas_are_not() -> None:
    doc = parse_living_doc(AREAS, "organized/knowledge/forecast.md", "forecast")
    assert [s.number for s in doc.sections if s.number] == [
        "§11",
        "§12",
        "§21",
        "§22",
        "§91",
        "§92",
    ]
    from curator.living_doc import section_roles

    roles = section_roles(doc)
    by_number = {s.number: s.index for s in doc.sections if s.number}
    # a numbered glossary and change log are the doc's apparatus, no places for papers
    assert by_number["§91"] in roles.not_place and by_number["§92"] in roles.not_place
    assert by_number["§22"] not in roles.not_place


def test_a_word_the_doc_puts_before_its_numbers_is_read_as_a_number_word() -> None:
    doc = parse_living_doc(
        "# Edu\n\n## Part 1 · Tutoring\n\n### Unit 1.1 · Dialogue tutors\n\n- A — arXiv:2401.00001\n\n"
        "### Unit 1.2 · Hints\n\n- B — arXiv:2401.00002\n\n## Part 2 · Grading\n\n"
        "### Unit 2.1 · Essays\n\n- C — arXiv:2401.00003\n",
        "organized/knowledge/edu.md",
        "edu",
    )
    where = {a.key: s.number for s in doc.sections for a in s.anchors if a.kind == "arxiv"}
    assert where == {"2401.00001": "§1.1", "2401.00002": "§1.2", "2401.00003": "§2.1"}


def test_two_headings_with_a_word_and_a_number_are_titles() -> None:
    doc = parse_living_doc(
        "# Notes\n\n## 1. Models\n\n### Top 10 papers\n\n- arXiv:2401.00001\n\n### Top 5.1 oddities\n\n",
        "organized/knowledge/x.md",
        "x",
    )
    assert [s.number for s in doc.sections if s.number] == ["§1"]


def test_a_johnny_decimal_id_keeps_its_zero() -> None:
    from curator.section_numbers import canonical_section, section_number

    assert section_number("22.01 Escala e mixture-of-experts") == "§22.01"
    assert canonical_section("41.01") == "§41.01"
    assert section_number("04.3 Old style") == "§4.3"  # a leading zero of the first part goes


def test_a_jobs_structured_log_is_a_programs_note() -> None:
    from curator.context import _is_log

    log = "\n".join(
        f'time=2026-10-25T07:00:0{k}Z level=info job=watch msg=match id=2610.2{k}000v1 kw="forecast*"'
        for k in range(4)
    )
    assert _is_log("arxiv-watch weekly run\n\n```\n" + log + "\n```\n")
    assert not _is_log("Settings: lr=3e-4 bs=64 wd=0.1 warmup=500 — strong results.\nok\n")
    assert not _is_log(("a=a" * 20_000 + '"\n') * 3)  # no line of pairs: fast, and no


def test_a_reference_managers_entry_is_its_paper_with_its_note() -> None:
    from curator.notes import split_note

    text = (
        "Exported from Zotero:\n\n```json\n"
        '[{"id": "http://zotero.org/users/1/items/A", "type": "article",\n'
        '  "title": "Are Time Series Foundation Models Really Zero-Shot?",\n'
        '  "URL": "https://arxiv.org/abs/2610.23077",\n'
        '  "note": "Bruno: not the same as 2607.14412. Proposal: 52.01."},\n'
        ' {"id": "http://zotero.org/users/1/items/B", "type": "article",\n'
        '  "title": "GIFT-Eval: A Benchmark", "DOI": "10.48550/arXiv.2410.10393",\n'
        '  "note": "Bruno: for reference only."}]\n```\n'
    )
    items = {it.primary_arxiv: it for it in split_note(text, "inbox/bruno/x.md").items}
    assert "2610.23077" in items and "2410.10393" in items
    assert items["2610.23077"].title.startswith("Are Time Series Foundation Models")
    assert "Proposal: 52.01" in items["2610.23077"].text  # its note is its text: hints are read


def test_a_note_names_a_section_with_the_docs_own_number_word() -> None:
    from curator.hints import doc_number_words, read_hints

    words = doc_number_words([("§1", "Part 1 · Tutoring"), ("§6.1", "Unit 6.1 · Writing tutors")])
    assert words == {"part", "unit"}
    found = read_hints("→ NY, Unit 6.1. Ikke 6.3: det er dansk som modersmål.", None, words)
    assert [h.value for h in found if h.kind == "number"] == ["6.1"]
    assert not [h for h in read_hints("→ NY, Unit 6.1.", None) if h.kind == "number"]
    assert not [
        h for h in read_hints("We ran 3 units 6.1 times.", None, words) if h.kind == "number"
    ]


def test_atlantic_and_other_zone_words_are_read() -> None:
    tz = ZoneInfo("Atlantic/Reykjavik")
    text = "Halifax, Sat Mar 28 2026, 6:30 PM ADT — poster session\n\nnotes\n"
    when, source, _p = written_at({}, text, "2026-03-28T1830-poster-ocr.md", 0, tz)
    assert source == "body" and when == datetime(2026, 3, 28, 21, 30, tzinfo=UTC)


@pytest.mark.parametrize(("heading", "status"), [("Reading queue", "new"), ("Glossary", "cited")])
def test_a_paper_on_the_docs_reading_queue_is_news_and_one_in_its_glossary_is_known(
    tmp_path: Path, heading: str, status: str
) -> None:
    note = "- **Misconceptions as Prompts** (arXiv:2611.14458) — judges flag misconceptions; 71% recall.\n"
    run(tmp_path, note)
    add_to_doc(tmp_path, f"\n## {heading}\n\n- Misconceptions as Prompts — arXiv:2611.14458\n")
    inc = next(i for i in with_bobs_note(tmp_path, "") if i.id == "2611.14458")
    assert inc.status == status, inc.status_reason


def test_a_doc_that_writes_1_4_paren_makes_a_notes_1_4_paren_that_section() -> None:
    from curator.hints import doc_number_words, read_hints

    words = doc_number_words([("§1", "1) Message passing"), ("§1.4", "1.4) Depth")])
    assert ")" in words

    def numbers(text: str, w: frozenset[str] = words) -> list[str]:
        return [h.value for h in read_hints(text, None, w) if h.kind == "number"]

    assert numbers("¡¿otro?! misma idea, pero Forman. 1.4) también.") == ["1.4"]
    assert numbers("see (1.4) here") == [] and numbers("v1.4) x") == []
    assert numbers("misma idea. 1.4) también.", frozenset()) == []  # another doc's notes


def test_an_arxiv_listings_links_are_no_part_of_a_title() -> None:
    from curator.item_titles import clean_title

    assert clean_title("[37] arXiv:2703.09215 [pdf, html, other]") == "[37]"
    assert clean_title("[PDF] Quantized Keyword Spotting") == "Quantized Keyword Spotting"
    assert clean_title("FooNet [WIP] (arXiv:2703.09215)") == "FooNet [WIP]"


def test_a_newsletters_sponsored_slot_is_left_out(tmp_path: Path) -> None:
    note = (
        "## Research\n\n- **Misconceptions as Prompts** (arXiv:2611.14458) — judges flag misconceptions.\n\n"
        "## From our sponsor\n\n- Build adaptive quizzes in minutes: https://quizforge.io/pro?ref=weekly\n"
    )
    run(tmp_path, note)
    sponsor = next(i for i in with_bobs_note(tmp_path, "") if "quizforge" in i.id)
    assert sponsor.status == "off-topic" and "leaves it out" in sponsor.status_reason


def test_an_authors_signature_with_accents_outweighs_a_clock_in_the_text() -> None:
    text = (
        "Tonight's relay (21:20) anchors the approved rows.\n\n"
        "— Sigrún, lau. 28. mars 2026 kl. 20:52 (Reykjavík)\n"
    )
    tz = ZoneInfo("Atlantic/Reykjavik")
    when, _p = time_in_text(text, date(2026, 3, 28), tz, author="sigrun")
    assert when is not None and (when.hour, when.minute) == (20, 52)


def test_a_typeset_minus_in_an_offset_is_read() -> None:
    text = "Kindle · Nuuk · lørdag 28. marts 2026 kl. 19.20 (UTC−02:00 — vintertid)\n\nnotes\n"
    when, source, _p = written_at(
        {}, text, "2026-03-28T1920-kindle.md", 0, ZoneInfo("Atlantic/Reykjavik")
    )
    assert source == "body" and when == datetime(2026, 3, 28, 21, 20, tzinfo=UTC)


CONTENTS_DOC = """# Policy

## Contents

| No. | Section |
|---|---|
| 1 | Evaluations for regulation |
| 1.1 | Dangerous-capability evaluations |
| 1.2 | Tooling |
| 2 | Compute governance |
| 2.1 | Compute thresholds |
| 2.2 | Hardware-enabled mechanisms |
| 2.2.1 | Location verification |
| 2.3 | Tooling |

## Evaluations for regulation

### Dangerous-capability evaluations

- A — arXiv:2701.00001

### Tooling

- B — arXiv:2701.00002

## Compute governance

### Hardware-enabled mechanisms

#### Location verification

- C — arXiv:2701.00003

#### Further reading

- D — arXiv:2701.00004

### Compute thresholds

- E — arXiv:2701.00005

### Tooling

- F — arXiv:2701.00006

## Glossary

- G — arXiv:2701.00007
"""


def test_a_docs_contents_table_numbers_its_bare_headings_by_title_within_their_part() -> None:
    doc = parse_living_doc(CONTENTS_DOC, "organized/knowledge/policy.md", "policy")
    where = {a.key: s.number for s in doc.sections for a in s.anchors if a.kind == "arxiv"}
    assert where["2701.00001"] == "§1.1"
    assert where["2701.00002"] == "§1.2" and where["2701.00006"] == "§2.3"  # one title, two parts
    assert where["2701.00003"] == "§2.2.1"
    assert where["2701.00005"] == "§2.1"  # the body's order is not the table's
    assert where.get("2701.00004") in (None, "§2.2.1")  # an unlisted #### heading is no section
    assert [s.number for s in doc.sections if s.title == "Glossary"] == [None]


def test_a_numbered_list_in_a_docs_body_numbers_nothing() -> None:
    doc = parse_living_doc(
        "# Doc\n\n## Intro\n\n1. First we read.\n2. Then we write.\n3. Then we check.\n"
        "4. Then we ship.\n5. Then we rest.\n\n## Methods\n\n## Results\n\n## Ideas\n\n## Data\n\n## Notes\n",
        "organized/knowledge/x.md",
        "x",
    )
    assert not any(s.number for s in doc.sections)


def test_an_outline_of_capital_parts_and_roman_sub_parts_is_numbered() -> None:
    from curator.hints import read_hints
    from curator.section_numbers import canonical_section, section_number

    doc = parse_living_doc(
        "# DocAI\n\n## B. Layout analysis\n\n### B.ii Reading order\n\n- A — arXiv:2701.00001\n\n"
        "### B.iii Restoration\n\n- B — arXiv:2701.00002\n",
        "organized/knowledge/docai.md",
        "docai",
    )
    where = {a.key: s.number for s in doc.sections for a in s.anchors if a.kind == "arxiv"}
    assert where == {"2701.00001": "§B.ii", "2701.00002": "§B.iii"}
    assert canonical_section("Section B.iii") == "§B.iii"
    assert [h.value for h in read_hints("→ B.ii") if h.kind == "number"] == ["B.ii"]
    assert section_number("A.I safety") is None  # "A.I" is an abbreviation, not A.i


@pytest.mark.parametrize(
    ("head", "name", "offset_minutes"),
    [
        (
            "grace — Sun 4 Apr 2027, 09:05 CHAST (UTC+12:45; Chatham went back)",
            "2027-04-04T0905-x.md",
            765,
        ),
        ("Written:: 2027-04-04 01:40 Kathmandu time (NPT, UTC+05:45)", "2027-04-04T0140-x.md", 345),
        ("Updated Sunday 06:48 waktu Lord Howe — LHST, UTC+10:30", "2027-04-04T0650-x.md", 630),
    ],
)
def test_a_zone_written_a_few_words_after_the_names_clock_dates_the_note(
    head: str, name: str, offset_minutes: int
) -> None:
    when, source, _p = written_at({}, head + "\n\nnotes\n", name, 0, ZoneInfo("Africa/Nairobi"))
    assert source == "body"
    assert when.utcoffset().total_seconds() == offset_minutes * 60
    assert (when.hour, when.minute) == (int(name[11:13]), int(name[13:15]))  # the name's clock


DOKUWIKI = """====== Bacaan DocAI ======

===== Baharu =====

==== PlotTrace ====
  * Pautan: [[https://arxiv.org/abs/2704.00920|arXiv:2704.00920]]
  * Bahagian: **G.i**

==== pdfstitch ====
  * [[https://github.com/sciparse/pdfstitch|pdfstitch]] — stitches tables across pages.
"""


def test_a_dokuwiki_page_reads_as_headed_entries_with_their_links() -> None:
    from curator.notes import split_note

    items = split_note(DOKUWIKI, "inbox/lim/x.md").items
    assert [it.title for it in items] == ["PlotTrace", "pdfstitch"]
    assert items[0].primary_arxiv == "2704.00920"
    assert items[1].urls == ["https://github.com/sciparse/pdfstitch"]


def test_a_mediawiki_page_counts_its_headings_the_other_way() -> None:
    from curator.note_formats import read_formats

    text = "== Notes, 8-9 March ==\n\n=== New ===\n\n* FooNet 2603.01234\n\n=== Not ours ===\n"
    assert read_formats(text).split("\n")[0::2][:3] == [
        "# Notes, 8-9 March",
        "## New",
        "* FooNet 2603.01234",
    ]
    assert "==========" in read_formats(
        "Title\n==========\n\ntext\n"
    )  # a setext rule is no wiki heading


def test_an_address_copied_from_html_with_its_ampersands_escaped_is_the_same_page() -> None:
    from curator.urls import normalize_url

    a = "https://parsebench.substack.com/p/lying-tables?utm_source=x&amp;utm_medium=email&amp;id=3"
    assert normalize_url(a) == normalize_url("https://parsebench.substack.com/p/lying-tables?id=3")


ENDNOTE = """EndNote XML export, my comments in the notes fields.

```xml
<?xml version="1.0" encoding="UTF-8" ?>
<xml><records>
<record><ref-type name="Electronic Article">43</ref-type>
<titles><title><style face="normal" font="default" size="100%">Pre-registering Dangerous-Capability Evaluations</style></title></titles>
<urls><related-urls><url><style face="normal" font="default" size="100%">https://arxiv.org/abs/2710.04417v1</style></url></related-urls></urls>
<notes><style face="normal" font="default" size="100%">New. Section: 1.2 &amp; maybe 1.1.</style></notes></record>
<record><titles><title><style face="normal">Model Cards for Model Reporting</style></title></titles>
<electronic-resource-num><style face="normal">10.48550/arXiv.1810.03993</style></electronic-resource-num></record>
</records></xml>
```

Done for tonight.
"""


def test_a_reference_managers_xml_export_reads_as_entries_with_their_notes() -> None:
    from curator.notes import split_note

    items = {it.primary_arxiv: it for it in split_note(ENDNOTE, "inbox/zsofia/x.md").items}
    assert set(items) == {"2710.04417", "1810.03993"}
    first = items["2710.04417"]
    assert first.title == "Pre-registering Dangerous-Capability Evaluations"
    assert "Section: 1.2 & maybe 1.1" in first.text  # its note, entities read
    assert first.line_start == 6  # the line its record starts on, as written


def test_a_records_doi_field_is_its_link_and_an_isbn_there_is_none() -> None:
    from curator.note_endnote import unfold_endnote

    def record(number: str) -> str:
        return (
            "<xml><records><record><titles><title>Pre-registering Evaluations</title></titles>"
            f"<electronic-resource-num>{number}</electronic-resource-num></record></records></xml>"
        )

    shown, _lines = unfold_endnote(record("doi.org/10.1145/3600006.3613165"))
    assert "- [Pre-registering Evaluations](https://doi.org/10.1145/3600006.3613165)" in shown
    shown, _lines = unfold_endnote(record("ISBN 978-3-16-148410-0"))
    assert "- Pre-registering Evaluations" in shown and "doi.org" not in shown


def test_a_meetings_live_q_and_a_page_is_no_item() -> None:
    from curator.notes import split_note

    text = "Slido export of the Q&A (https://app.sli.do/event/qX7rT2mVbNcL4d)\n\n- FooNet (arXiv:2710.04417) — asked about.\n"
    assert [it.primary_arxiv or it.urls for it in split_note(text, "inbox/maud/x.md").items] == [
        "2710.04417"
    ]


def test_a_hostile_run_of_unclosed_records_is_read_in_one_pass() -> None:
    from curator.note_endnote import unfold_endnote

    text = "<records></record>" + "<record><url>" * 50_000
    assert unfold_endnote(text) == (text, None)


def test_hostile_runs_of_spaces_read_in_one_pass() -> None:
    from curator.doc_contents import contents_numbers
    from curator.note_formats import read_formats
    from curator.note_stamps import time_in_text

    line = "== " + " " * 200_000 + "x"
    assert read_formats(line) == line  # no closing "==": no heading, and no quadratic search
    text = "saved 07:20" + " a" * 250 + " " * 200_000 + "\n"
    assert time_in_text(text, date(2027, 4, 3), ZoneInfo("Africa/Nairobi"))[0] is not None
    assert contents_numbers(["| 1 | x" + " " * 200_000, "1 x" + " " * 200_000 + "y"], [], []) == []
