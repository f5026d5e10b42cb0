"""When a date-only note says it was written, in French, Spanish, German, Portuguese, Arabic,
Persian, Hebrew, Hindi and Greek (the ``[time]`` tables of ``phrases/{fr,es,de,pt,ar,fa,he,hi,el}``).

A chat export named by its date (``2027-03-14-telegram-export.md``) holds message stamps from the
day before ("[13/03/2027 23:58]", read on the note's day as 23:58); its export line, "last
updated" or signature is when the note was written and must win.  A meeting, a deadline or a
received message cites another time: never the note's, even when it is the latest clock in it.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from curator.lexicon import packaged_lexicon
from curator.note_stamps import time_in_text
from curator.timezones import resolve_timezone

pytestmark = pytest.mark.usefixtures("packaged")

TZ = timezone(timedelta(hours=1))
DAY = date(2027, 3, 14)


def _when(text: str, day: date = DAY) -> datetime | None:
    when, problems = time_in_text(text, day, TZ, lexicon=packaged_lexicon())
    assert not problems
    return when


def _export(stamp: str, message: str) -> str:
    """A chat export: a title, the stamp line, then a message from the night before."""
    return f"Export — canal RecSys\n{stamp}\n\n────────\n[13/03/2027 23:58] {message}\n👍 3\n"


# --- the stamp wins over an earlier message read as a later clock ------------------------------

STAMPS = [
    # French
    ("Exporté le 14/03/2027 à 13:05 (heure de Paris)", "Salma B.\nÀ lire ce soir.", "fr"),
    ("exporte le 14/03/2027 a 13:05", "Salma B.\nÀ lire ce soir.", "fr-unaccented"),
    ("Dernière mise à jour : 14 mars 2027 à 13:05", "Salma B.\nÀ lire.", "fr-month"),
    ("Mis a jour le 14/03/2027 a 13h05", "Salma B.\nÀ lire.", "fr-13h05"),
    ("Créé le 14/03/2027 à 1:05 de l'après-midi", "Salma B.\nÀ lire.", "fr-afternoon"),
    # Spanish
    ("Exportado el 14/03/2027 a las 13:05", "Lucía R.\nPara leer.", "es"),
    ("Última actualización: 14 de marzo de 2027 a las 13:05", "Lucía R.\nPara leer.", "es-month"),
    ("ultima actualizacion 14/03/2027 13:05", "Lucía R.\nPara leer.", "es-unaccented"),
    ("Firmado el 14/03/2027 a la 1:05 p. m.", "Lucía R.\nPara leer.", "es-pm"),
    # German
    ("Exportiert am 14.03.2027 um 13:05 Uhr", "Jonas K.\nLesen.", "de"),
    ("Zuletzt geaendert: 14. März 2027, 13:05", "Jonas K.\nLesen.", "de-no-umlaut"),
    ("Stand: 14.03.2027, 13:05 Uhr MEZ", "Jonas K.\nLesen.", "de-stand"),
    ("Erstellt am 14. März 2027 um 1:05 Uhr nachmittags", "Jonas K.\nLesen.", "de-afternoon"),
    # Portuguese
    ("Exportado em 14/03/2027 às 13:05", "Beatriz S.\nPara ler.", "pt"),
    ("Última atualização: 14 de março de 2027 às 13h05", "Beatriz S.\nPara ler.", "pt-month"),
    ("ultima atualizacao 14/03/2027 13:05", "Beatriz S.\nPara ler.", "pt-unaccented"),
    # Arabic
    ("تم التصدير في 14/03/2027 الساعة 13:05", "سلمى\nللقراءة.", "ar"),
    ("آخر تحديث: ١٤ مارس ٢٠٢٧، ١٣:٠٥", "سلمى\nللقراءة.", "ar-digits"),
    ("اخر تحديث 14 آذار 2027 الساعة 1:05 بعد الظهر", "سلمى\nللقراءة.", "ar-levant"),
    # Persian
    ("خروجی گرفته شده در ۱۴ مارس ۲۰۲۷ ساعت ۱۳:۰۵", "شیرین\nبرای خواندن.", "fa"),
    ("آخرین به‌روزرسانی: ۱۴ مارس ۲۰۲۷، ساعت ۱۳:۰۵", "شیرین\nبرای خواندن.", "fa-zwnj"),
    ("آخرین بروزرسانی ۱:۰۵ ب.ظ", "شیرین\nبرای خواندن.", "fa-pm"),
    # Hebrew
    ("יוצא ב-14/03/2027 בשעה 13:05", "נועה\nלקריאה.", "he"),
    ("עודכן לאחרונה: 14 במרץ 2027, 13:05", "נועה\nלקריאה.", "he-month"),
    ("נוצר בתאריך 14.03.2027 בשעה 1:05 אחה״צ", "נועה\nלקריאה.", "he-pm"),
    # Hindi
    ("निर्यात किया गया: 14/03/2027, 13:05", "अनीश\nपढ़ने के लिए।", "hi"),
    ("अंतिम अपडेट: 14 मार्च 2027 को 13:05 बजे", "अनीश\nपढ़ने के लिए।", "hi-month"),
    ("आखिरी अपडेट: १४/०३/२०२७ दोपहर १:०५", "अनीश\nपढ़ने के लिए।", "hi-afternoon"),
    # Greek
    ("Εξαγωγή: 14/03/2027 13:05", "Ελένη\nΓια διάβασμα.", "el"),
    ("Τελευταία ενημέρωση: 14 Μαρτίου 2027 στις 13:05", "Ελένη\nΓια διάβασμα.", "el-month"),
    ("ΤΕΛΕΥΤΑΙΑ ΕΝΗΜΕΡΩΣΗ 14/03/2027 1:05 μ.μ.", "Ελένη\nΓια διάβασμα.", "el-capitals-pm"),
]


@pytest.mark.parametrize(("stamp", "message"), [pytest.param(s, m, id=i) for s, m, i in STAMPS])
def test_the_export_line_dates_the_note_not_the_message_before_it(stamp: str, message: str) -> None:
    """The export, update or creation line wins over the night before's message, which a
    date-only note reads as 23:58 on its own day."""
    assert _when(_export(stamp, message)) == datetime(2027, 3, 14, 13, 5, tzinfo=TZ)


SIGNATURES = [
    ("— Claire · signé le 14 mars 2027 à 19:40", "fr"),
    ("Firmado: 14 de marzo de 2027 a las 19:40", "es"),
    ("Unterschrieben am 14. März 2027 um 19:40 Uhr", "de"),
    ("Assinado em 14/03/2027 às 19:40", "pt"),
    ("تم التوقيع في 14 مارس 2027 الساعة 19:40", "ar"),
    ("امضا شده: ۱۴ مارس ۲۰۲۷ ساعت ۱۹:۴۰", "fa"),
    ("נחתם ב-14 במרץ 2027 בשעה 19:40", "he"),
    ("हस्ताक्षरित: 14 मार्च 2027 को शाम 7:40", "hi"),
    ("Υπογράφηκε στις 14 Μαρτίου 2027, ώρα 19:40", "el"),
]


@pytest.mark.parametrize("line", [pytest.param(s, id=i) for s, i in SIGNATURES])
def test_a_signed_line_at_the_end_dates_a_briefing(line: str) -> None:
    """A briefing signed at the end, with a window's later bound and a plan for the night in
    its body: the signature is when it was written."""
    text = (
        "# recsys · briefing\n\n"
        "Table 13/03 20:00 → 14/03 20:00\n\n"
        "- 2703.05590\n\n"
        "[14/03/2027 21:30] relay\n\n"
        f"{line}\n"
    )
    assert _when(text) == datetime(2027, 3, 14, 19, 40, tzinfo=TZ)


YESTERDAY = [
    ("Mis à jour hier soir à 23:40", "fr"),
    ("Actualizado anoche a las 23:40", "es"),
    ("Zuletzt geändert gestern Abend um 23:40", "de"),
    ("Atualizado em ontem à noite às 23:40", "pt"),
    ("آخر تحديث أمس الساعة 23:40", "ar"),
    ("آخرین ویرایش دیشب ساعت ۲۳:۴۰", "fa"),
    ("עודכן אתמול בערב בשעה 23:40", "he"),
    ("अंतिम अपडेट बीती रात को 23:40", "hi"),
    ("Τελευταία ενημέρωση χθες το βράδυ στις 23:40", "el"),
]


@pytest.mark.parametrize("line", [pytest.param(s, id=i) for s, i in YESTERDAY])
def test_a_stamp_of_last_night_is_the_day_before(line: str) -> None:
    """A note filed in the morning says it was last updated the evening before: that evening,
    not 23:40 on the file's day."""
    text = f"# notes\n\n- 2703.05590\n\n{line}\n"
    assert _when(text) == datetime(2027, 3, 13, 23, 40, tzinfo=TZ)


ZONED = [
    ("Exporté le 14/03/2027 à 09:05 heure du Québec", "America/Toronto", "fr"),
    ("Exportado el 14/03/2027 a las 09:05 hora de Colombia", "America/Bogota", "es"),
    ("Exportiert am 14.03.2027 um 09:05 Uhr MESZ", "+02:00", "de"),
    ("Exportado em 14/03/2027 às 09:05 (horário de Brasília)", "America/Sao_Paulo", "pt"),
    ("تم التصدير في 14/03/2027 الساعة 09:05 بتوقيت مكة", "Asia/Riyadh", "ar"),
    ("خروجی گرفته شده در ۱۴ مارس ۲۰۲۷ ساعت ۰۹:۰۵ به وقت تهران", "Asia/Tehran", "fa"),
    ("יוצא ב-14/03/2027 בשעה 09:05 שעון ישראל", "Asia/Jerusalem", "he"),
    ("निर्यात किया गया: 14/03/2027 09:05 भारतीय मानक समय", "Asia/Kolkata", "hi"),
    ("Εξαγωγή: 14/03/2027 09:05 ώρα Ελλάδας", "Europe/Athens", "el"),
]


@pytest.mark.parametrize(("line", "zone"), [pytest.param(s, z, id=i) for s, z, i in ZONED])
def test_the_place_written_after_the_stamp_is_its_zone(line: str, zone: str) -> None:
    """ "heure du Québec", "Uhr MESZ", "به وقت تهران", "שעון ישראל" after the clock: that
    zone's 09:05, not ours."""
    want = datetime(2027, 3, 14, 9, 5, tzinfo=resolve_timezone(zone))
    assert _when(_export(line, "x\ny")) == want


# --- a time citing a meeting is not the note's --------------------------------------------------

MEETINGS = [
    ("Réunion d'équipe à 15:00 pour en parler.", "fr"),
    ("15:00 réunion avec l'équipe search", "fr-after"),
    ("Échéance 15:00 pour les relectures.", "fr-deadline"),
    ("Reunión del equipo a las 15:00 para hablarlo.", "es"),
    ("15:00 reunión con el equipo", "es-after"),
    ("Besprechung um 15:00 Uhr, bitte vorher lesen.", "de"),
    ("15:00 Uhr Besprechung mit dem Team", "de-after"),
    ("Fällig um 15:00 Uhr: die Rückmeldungen.", "de-deadline"),
    ("Reunião da equipe às 15:00 para discutir.", "pt"),
    ("15h00 reunião com a equipe", "pt-after"),
    ("اجتماع الفريق الساعة 15:00 لمناقشته.", "ar"),
    ("15:00 اجتماع مع الفريق", "ar-after"),
    ("جلسهٔ تیم ساعت ۱۵:۰۰ برای بحث.", "fa"),
    ("۱۵:۰۰ جلسه با تیم", "fa-after"),
    ("פגישת צוות בשעה 15:00 כדי לדבר על זה.", "he"),
    ("15:00 פגישה עם הצוות", "he-after"),
    ("अंतिम तिथि: 15:00, इस पर चर्चा होगी।", "hi-deadline"),
    ("15:00 बजे मीटिंग है।", "hi-after"),
    ("Συνάντηση ομάδας στις 15:00 για συζήτηση.", "el"),
    ("15:00 σύσκεψη με την ομάδα", "el-after"),
]


@pytest.mark.parametrize("line", [pytest.param(s, id=i) for s, i in MEETINGS])
def test_a_meeting_time_is_not_when_the_note_was_written(line: str) -> None:
    """A note's last line names the afternoon's meeting: the morning message before it is the
    note's time, though the meeting is the later clock."""
    text = f"# notes\n\n[09:12] - 2703.05590 à lire\n\n{line}\n"
    assert _when(text) == datetime(2027, 3, 14, 9, 12, tzinfo=TZ)


RECEIVED = [
    ("Reçu le 14/03/2027 à 15:30 de l'équipe search", "fr"),
    ("Recibido el 14/03/2027 a las 15:30", "es"),
    ("Empfangen am 14.03.2027 um 15:30", "de"),
    ("Recebido em 14/03/2027 às 15:30", "pt"),
    ("تم الاستلام 14/03/2027 الساعة 15:30", "ar"),
    ("دریافت شده ۱۴ مارس ۲۰۲۷ ساعت ۱۵:۳۰", "fa"),
    ("התקבל ב-14/03/2027 בשעה 15:30", "he"),
    ("फ़ॉरवर्ड किया गया: 14/03/2027, 15:30", "hi-forwarded"),
    ("Ελήφθη 14/03/2027 15:30", "el"),
]


@pytest.mark.parametrize("line", [pytest.param(s, id=i) for s, i in RECEIVED])
def test_a_received_message_is_cited_not_stamped(line: str) -> None:
    """A forwarded message's "received" (or "forwarded") time at the top cites it; the note's own bare clock
    below is when it was written."""
    text = f"# fwd\n{line}\n\n- 2703.05590\n\n[09:12] à lire\n"
    assert _when(text) == datetime(2027, 3, 14, 9, 12, tzinfo=TZ)
