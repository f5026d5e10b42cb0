"""When a colleague abroad wrote a note, as the note itself says it: a clock in another script, a
place and an offset a few words on, a 12-hour clock for the name's minute, a wiki's own stamp
before the text.  Also: a picture's source address is no link."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import curator.written as written_mod
from curator.urls import find_urls
from curator.written import written_at

KOLKATA = ZoneInfo("Asia/Kolkata")
DHAKA = timezone(timedelta(hours=6))


def test_a_clock_in_bengali_digits_with_an_offset_after_the_place_dates_the_note() -> None:
    text = "রবিবার ৩১ অক্টোবর ২০২৭, রাত ১২:০৫ — ঢাকা সময় (GMT+06:00)\n\n- arXiv:2710.16604\n"
    when, source, _p = written_at({}, text, "2027-10-31T0005-ghumanor-age.md", 0, KOLKATA)
    # the name's 00:05 is Dhaka's, written "12:05" at night: 18:05 UTC, before Kolkata's 23:40 cut
    assert (source, when) == ("body", datetime(2027, 10, 31, 0, 5, tzinfo=DHAKA))


def test_a_bare_gmt_in_brackets_after_a_place_is_utc() -> None:
    text = "Sun 31 Oct 2027, 18:20 London (GMT now — clocks went back last night).\n\n- x\n"
    when, source, _p = written_at({}, text, "2027-10-31T1820-late.md", 0, KOLKATA)
    assert (source, when) == ("body", datetime(2027, 10, 31, 18, 20, tzinfo=UTC))


def test_a_negated_utc_or_another_hour_says_nothing_of_the_names_zone() -> None:
    text = "Sun 31 Oct 2027, 18:20 our time (not UTC).\n"
    _when, source, _p = written_at({}, text, "2027-10-31T1820-late.md", 0, KOLKATA)
    assert source == "name"
    text = "Sun 31 Oct 2027, 12:25 — Dhaka (GMT+06:00)\n"  # 12 h and 20 min off the name: not it
    _when, source, _p = written_at({}, text, "2027-10-31T0005-x.md", 0, KOLKATA)
    assert source == "name"


TIDDLER = """created: 20271030183500000
creator: hamza
modified: 20271030191200000
modifier: hamza
tags: vision3d relay
title: Saturday night reading
type: text/vnd.tiddlywiki

!! New

* PartForge (`2710.06183`)
"""


def test_a_wikis_stamp_before_the_text_dates_a_note_with_a_date_only_name() -> None:
    when, source, _p = written_at({}, TIDDLER, "2027-10-30-tiddler.md", 0, KOLKATA)
    assert (source, when) == ("front_matter", datetime(2027, 10, 30, 18, 35, tzinfo=UTC))


def test_a_persons_opening_fields_and_note_ids_are_no_wiki_stamp() -> None:
    person = "title: FooNet\nsection: 4.1\nwhy: strong\ndate: Friday evening\n\nFooNet is good.\n"
    assert written_mod.head_matter(person) == {}
    zettel = "id: 202710031412\nlinks: a\ntags: b\ntitle: c\n\nText.\n"  # a local note ID
    assert written_mod.head_matter(zettel) == {}


def test_a_pictures_source_is_no_link_and_the_link_around_it_is() -> None:
    text = (
        "[![GitHub](https://img.shields.io/github/stars/acme/splat?style=social)]"
        "(https://github.com/acme/splat) ![fig](https://example.org/fig.png) "
        "[paper](https://example.org/p)"
    )
    assert [u for u, _s, _e in find_urls(text)] == [
        "https://github.com/acme/splat",
        "https://example.org/p",
    ]


def test_a_place_and_the_word_time_name_the_zone_with_its_summer_time() -> None:
    denver = ZoneInfo("America/Denver")
    when, source, _p = written_at(
        {}, "Sunday, 6:40 pm Arizona time.\n\n- x\n", "2027-03-14T1840-x.md", 0, denver
    )
    assert (source, when.utcoffset()) == ("body", timedelta(hours=-7))  # Phoenix keeps no DST
    when, source, _p = written_at(
        {}, "Sun 10:50 pm Sydney time\n", "2027-10-03T2250-x.md", 0, ZoneInfo("Australia/Perth")
    )
    assert (source, when.utcoffset()) == ("body", timedelta(hours=11))  # AEDT from that morning


BOGOTA = ZoneInfo("America/Bogota")


def test_a_bare_offset_after_a_zone_word_dates_the_note() -> None:
    text = "Chuqiyapu (La Paz), sábado 6 nov, 21:20 (BOT, −04:00) — notita\n\n- arXiv:2711.04529\n"
    when, source = written_at({}, text, "2027-11-06T2120-x.md", 0, BOGOTA)[:2]
    assert source == "body" and when.utcoffset() == timedelta(hours=-4)


def test_a_dotted_clock_an_offset_follows_is_a_clock() -> None:
    text = "Tambahan — Minggu 3 Oktober 2027, 19.45 WIT (Jayapura, UTC+09:00)\n\n- x\n"
    when, source = written_at({}, text, "2027-10-03T1945-x.md", 0, BOGOTA)[:2]
    assert source == "body" and when.utcoffset() == timedelta(hours=9)
    plain = "Version 2.10 out, 18:45\n\n- x\n"
    assert written_at({}, plain, "2027-11-07T1845-x.md", 0, BOGOTA)[1] == "name"


def test_an_offset_eight_words_after_a_twelve_hour_clock_dates_the_note() -> None:
    text = "# Kila (Sarere 2 Oktoba 2027, 8:25 long nait, taim bilong Pot Mosbi / PGT UTC+10:00)\n"
    when, source = written_at({}, text + "\n- x\n", "2027-10-02T2025-x.md", 0, BOGOTA)[:2]
    assert source == "body" and when.utcoffset() == timedelta(hours=10)


def test_an_offset_before_the_clock_on_its_line_dates_the_note() -> None:
    text = "Nota desde Ponta Delgada (hora dos Açores, UTC+0 dende o 28 de marzo), sábado 23:50.\n\n- x\n"
    when, source = written_at({}, text, "2027-04-03T2350-x.md", 0, ZoneInfo("America/Asuncion"))[:2]
    assert (source, when.utcoffset()) == ("body", timedelta(0))


def test_an_offset_of_hours_alone_where_its_group_ends_dates_the_note() -> None:
    seoul = ZoneInfo("Asia/Seoul")
    minus4 = timezone(timedelta(hours=-4))
    text = (
        "Oye, una cosita más (05:30, ya con el horario de invierno, -04).\n\n- arXiv:2704.02418\n"
    )
    when, source, _p = written_at({}, text, "2027-04-04T0530-addendum.md", 0, seoul)
    assert (source, when) == ("body", datetime(2027, 4, 4, 5, 30, tzinfo=minus4))
    text = "exportado 23:30 (-04)\n\n- x\n"
    when, source, _p = written_at({}, text, "2027-04-04T2330-hilo.md", 0, seoul)
    assert (source, when) == ("body", datetime(2027, 4, 4, 23, 30, tzinfo=minus4))


def test_two_digits_after_a_clock_that_go_on_are_no_offset() -> None:
    seoul = ZoneInfo("Asia/Seoul")
    text = "Call moved: 05:30 -04 minutes late, sorry.\n\n- x\n"
    when, _source, _p = written_at({}, text, "2027-04-04T0530-call.md", 0, seoul)
    assert when is not None and when.utcoffset() == timedelta(hours=9)
