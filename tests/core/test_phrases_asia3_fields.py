"""Azerbaijani, Armenian, Javanese, Moroccan Darija (Latin chat script), Burmese and Lao notes:
section hints, field labels, headings and stamps in words, each case in its own language only, and
the numbers and headings beside them that are none (see ``test_phrases_asia3.py``)."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest
from phrase_support import numbers

from curator.fields import match_field
from curator.lexicon import packaged_lexicon
from curator.note_headings import is_negative_title, is_structural
from curator.note_stamps import time_in_text

pytestmark = pytest.mark.usefixtures("packaged")


# --- section hints ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "num"),
    [
        pytest.param("bölmə 3.2", "3.2", id="az"),
        pytest.param("4.1-ci bölməyə əlavə edək", "4.1", id="az-number-first"),
        pytest.param("բաժին 3.2", "3.2", id="hy"),
        pytest.param("bagean 3.2", "3.2", id="jv"),
        pytest.param("L-9ism 4.3", "4.3", id="ary"),
        pytest.param("l-9ism 4.", "4", id="ary-single"),
        pytest.param("အပိုင်း 3.2", "3.2", id="my"),
        pytest.param("ພາກທີ 3.2", "3.2", id="lo"),
    ],
)
def test_a_number_after_a_hint_word_names_a_section(text: str, num: str) -> None:
    assert num in numbers(text)


@pytest.mark.parametrize(
    ("trap", "twin"),
    [
        pytest.param("bölmə 2 sistemin", "bölmə 2.", id="az-part-of"),
        pytest.param("bölmə 1.5 saat", "bölmə 1.5", id="az-hours"),
        pytest.param("բաժին 2 համակարգի", "բաժին 2.", id="hy-part-of"),
        pytest.param("բաժին 1.5 ժամ", "բաժին 1.5", id="hy-hours"),
        pytest.param("bagean saka sistem 2", "bagean 2.", id="jv-part-of"),
        pytest.param("အပိုင်း 2 ရဲ့ စနစ်", "အပိုင်း 2.", id="my-part-of"),
        pytest.param("အပိုင်း 1.5 နာရီ", "အပိုင်း 1.5", id="my-hours"),
        pytest.param("ພາກສ່ວນທີ 2 ຂອງລະບົບ", "ພາກສ່ວນທີ 2.", id="lo-part-of"),
    ],
)
def test_numbers_that_are_no_section_hints(trap: str, twin: str) -> None:
    assert numbers(twin)
    assert numbers(trap) == []


# --- field labels and headings ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        pytest.param("Keçid: https://arxiv.org/abs/2611.01234", "link", id="az-link"),
        pytest.param("- Bölmə: 4.2", "hint", id="az-hint"),
        pytest.param("Xəbərdarlıq: tək model", "caveat", id="az-caveat"),
        pytest.param("Əsas məqamlar: sürətli", "points", id="az-points"),
        pytest.param("Başlıq: JudgeDrift", "title", id="az-title"),
        pytest.param("Qeyd: yaxşıdır", "note", id="az-note"),
        pytest.param("Vaciblik: yüksək", "priority", id="az-priority"),
        pytest.param("Հղում: https://arxiv.org/abs/2611.01234", "link", id="hy-link"),
        pytest.param("- Բաժին: 4.2", "hint", id="hy-hint"),
        pytest.param("Զգուշացում: միայն մեկ մոդել", "caveat", id="hy-caveat"),
        pytest.param("Հիմնական կետեր: արագ", "points", id="hy-points"),
        pytest.param("Վերնագիր: JudgeDrift", "title", id="hy-title"),
        pytest.param("Հեղինակներ: Պետրոսյան", "skip", id="hy-skip"),
        pytest.param("Առաջնահերթություն: բարձր", "priority", id="hy-priority"),
        pytest.param("Pranala: https://arxiv.org/abs/2611.01234", "link", id="jv-link"),
        pytest.param("- Bagean: 4.2", "hint", id="jv-hint"),
        pytest.param("Pepeling: mung siji model", "caveat", id="jv-caveat"),
        pytest.param("Ringkesan: cepet", "points", id="jv-points"),
        pytest.param("Irah-irahan: JudgeDrift", "title", id="jv-title"),
        pytest.param("Panemu: apik", "note", id="jv-note"),
        pytest.param("L-lien: https://arxiv.org/abs/2611.01234", "link", id="ary-link"),
        pytest.param("- L-qism: 4.3", "hint", id="ary-hint"),
        pytest.param("Tanbih: ghir model wa7d", "caveat", id="ary-caveat"),
        pytest.param("L-khoulasa: sri3", "points", id="ary-points"),
        pytest.param("L-3onwan: JudgeDrift", "title", id="ary-title"),
        pytest.param("Ra2yi: mezyan", "note", id="ary-note"),
        pytest.param("လင့်ခ်: https://arxiv.org/abs/2611.01234", "link", id="my-link"),
        pytest.param("- အပိုင်း: 4.2", "hint", id="my-hint"),
        pytest.param("သတိပေးချက်: မော်ဒယ်တစ်ခုတည်း", "caveat", id="my-caveat"),
        pytest.param("အနှစ်ချုပ်: မြန်တယ်", "points", id="my-points"),
        pytest.param("မှတ်ချက်: ကောင်းတယ်", "note", id="my-note"),
        pytest.param("ဦးစားပေး: မြင့်", "priority", id="my-priority"),
        pytest.param("ລິ້ງ: https://arxiv.org/abs/2611.01234", "link", id="lo-link"),
        pytest.param("- ພາກ: 4.2", "hint", id="lo-hint"),
        pytest.param("ຂໍ້ຈຳກັດ: ໂມເດວດຽວ", "caveat", id="lo-caveat"),
        pytest.param("ຊື່ບົດຄວາມ: JudgeDrift", "title", id="lo-title"),
        pytest.param("ໝາຍເຫດ: ດີ", "note", id="lo-note"),
        pytest.param("ຄວາມສຳຄັນ: ສູງ", "priority", id="lo-priority"),
    ],
)
def test_field_labels(line: str, kind: str) -> None:
    f = match_field(line)
    assert f is not None and f.kind == kind


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("Xülasə", "Xülasələndirmə modelləri", id="az"),
        pytest.param("Ամփոփում (3)", "Ամփոփման մոդելներ", id="hy"),
        pytest.param("အနှစ်ချုပ်", "အနှစ်ချုပ်ရေးသည့် မော်ဒယ်များ", id="my"),
        pytest.param("ສະຫຼຸບ (3)", "ສະຫຼຸບໂມເດວໃໝ່", id="lo"),
    ],
)
def test_structural_headings_are_whole_words(heading: str, other: str) -> None:
    assert is_structural(heading)
    assert not is_structural(other)


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("Mövzudan kənar", "Hakimlərin etibarlılığı", id="az"),
        pytest.param("Թեմայից դուրս", "Գնահատողների հուսալիություն", id="hy"),
        pytest.param("Dudu topik kita", "Keandalan juri", id="jv"),
        pytest.param("Machi dyalna", "L-qodat w t-tqyim", id="ary"),
        pytest.param("ခေါင်းစဉ်ပြင်ပ", "အကဲဖြတ်သူများ၏ ယုံကြည်စိတ်ချရမှု", id="my"),
        pytest.param("ນອກຫົວຂໍ້", "ຄວາມໜ້າເຊື່ອຖືຂອງຜູ້ປະເມີນ", id="lo"),
    ],
)
def test_headings_that_leave_items_out(heading: str, other: str) -> None:
    assert is_negative_title(heading)
    assert not is_negative_title(other)


# --- dates in words ---------------------------------------------------------------------------

AZT = timezone(timedelta(hours=4))
WIB = timezone(timedelta(hours=7))
MAR = timezone(timedelta(hours=1))
MMT = timezone(timedelta(hours=6, minutes=30))
DAY = date(2027, 10, 31)

DATES = [
    pytest.param("Son yeniləmə: 30 oktyabr 2027, 21:15", AZT, (30, 21, 15), id="az-updated"),
    pytest.param("Yazıldı dünən axşam 23:40", AZT, (30, 23, 40), id="az-last-night"),
    pytest.param("Yeniləndi axşam 7:15", AZT, (31, 19, 15), id="az-evening"),
    pytest.param("Թարմացվել է 30 հոկտեմբերի 2027, 21:15", AZT, (30, 21, 15), id="hy-updated"),
    pytest.param("Գրվել է երեկ 23:40", AZT, (30, 23, 40), id="hy-yesterday"),
    pytest.param("Թարմացվել է երեկոյան 7:15", AZT, (31, 19, 15), id="hy-evening"),
    pytest.param("Dianyari 30 Oktober 2027, 21:15", WIB, (30, 21, 15), id="jv-updated"),
    pytest.param("Ditulis wingi bengi 23:40", WIB, (30, 23, 40), id="jv-last-night"),
    pytest.param("Dianyari sore 7:15", WIB, (31, 19, 15), id="jv-evening"),
    pytest.param("akhir tbdil: 30 oktobr 2027, 21:15", MAR, (30, 21, 15), id="ary-month"),
    pytest.param("tktbat lbare7 23:40", MAR, (30, 23, 40), id="ary-yesterday"),
    pytest.param("tbeddlat f l-3chiya 7:15", MAR, (31, 19, 15), id="ary-afternoon"),
    pytest.param("နောက်ဆုံးပြင်ဆင်ချိန် 30 အောက်တိုဘာ 2027 21:15", MMT, (30, 21, 15), id="my"),
    pytest.param("ရေးသားချိန် မနေ့ညက 23:40", MMT, (30, 23, 40), id="my-last-night"),
    pytest.param("ပြင်ဆင်ချိန် ညနေ 7:15", MMT, (31, 19, 15), id="my-evening"),
    pytest.param("ອັບເດດລ່າສຸດ 30 ຕຸລາ 2027 ເວລາ 21:15", WIB, (30, 21, 15), id="lo"),
    pytest.param("ຂຽນເມື່ອ ມື້ຄືນ ເວລາ 23:40", WIB, (30, 23, 40), id="lo-last-night"),
]


@pytest.mark.parametrize(("line", "tz", "want"), DATES)
def test_a_stamp_in_words_dates_the_note(
    line: str, tz: timezone, want: tuple[int, int, int]
) -> None:
    """A note filed the next morning says in words when it was written: the stamp word, the
    month's name ("oktyabr", "հոկտեմբերի", "oktobr", "အောက်တိုဘာ", "ຕຸລາ"), yesterday, and the
    evening words that move a clock past noon ("axşam", "երեկոյան", "sore", "ညနေ")."""
    when, problems = time_in_text(f"# x\n\nbody\n\n{line}\n", DAY, tz, lexicon=packaged_lexicon())
    day, hour, minute = want
    assert when == datetime(2027, 10, day, hour, minute, tzinfo=tz) and not problems
