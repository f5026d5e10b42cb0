"""Tagalog (``phrases/tl.toml``), Thai (``th.toml``), Bengali (``bn.toml``), Tamil (``ta.toml``) and
Urdu (``ur.toml``) notes: authors' remarks, section hints, field labels, headings and stamps with
month names, as colleagues write them, and the sentences beside them that only describe.

Thai is written without spaces between words, and the Bengali, Tamil and Thai vowel signs are no
``\\w`` to the regex engine: a short word is found inside a longer one ("বাদ" in "সংবাদ") unless
its pattern says where it ends.  Bengali and Tamil letters such as "য়" and "ো" have two Unicode
spellings, and notes hold both.  Each positive case uses words of its own language only: taking
the file away makes the case fail.
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

TAGALOG = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — hindi para sa atin, RL ito.",
        "Hindi ito para sa atin, para lang alam ninyo.",
        "Wala sa topic natin pero may nag-share sa group chat.",
        "Laktawan.",
        "LAKTAWAN",
        "Interesante, pero i-skip na natin.",
        "Pero skip na lang.",
        "Laktawan na natin ito.",
        "Laktawan ang papel na ito.",
        "Huwag nang pansinin.",
        "Balewalain na.",
        "Hindi atin 'to.",
        "Labas sa saklaw natin.",
        "keyword lang, walang tungkol sa mga judge",
        "Hindi relevant.",
        "Iminumungkahi kong laktawan na natin.",
        "maling listahan 'to",
    ],
    "not_topic": [
        "Hindi talaga eval, RL ito.",
        "Hindi ito tungkol sa evaluation.",
        "walang kinalaman sa evaluation",
        "Hindi eval kundi RL.",
    ],
    "covered": [
        "nasa doc na, seksiyon 2.1",
        "Yung at-risk paper na nasa doc na natin (4.1).",
        "Walang bago.",
        "Meron na tayo nito.",
        "Naka-anchor na.",
        "nasa 6.2 na rin",
    ],
    "reported": [
        "Naiulat na.",
        "Ini-report na namin kahapon.",
        "nasa briefing kahapon",
        "nasa huling briefing",
        "huwag nang i-report ulit",
    ],
    "redirect": [
        "ipasa sa rag team",
        "Ipasa na natin sa rag.",
        "para sa rag team",
        "Mas bagay sa rag.",
        "ipasa kay bob",
        "pang-rag team 'yan.",
        "rag team na ang bahala",
    ],
    "keep": [
        "Dapat basahin!",
        "sulit basahin",
        "Inirerekomenda ko.",
        "Lubos kong inirerekomenda.",
        "Unahin natin 'to.",
    ],
}

THAI = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ไม่ใช่ของเรา เป็นงาน RL",
        "ข้าม",
        "ข้ามไปก่อน",
        "น่าสนใจ แต่ข้ามไปก่อนนะ",
        "อันนี้ข้ามได้เลย",
        "| 2611.05823 | ข้าม |",
        "ไม่ต้องอ่าน",
        "ไม่เกี่ยวกับเรา",
        "นอกขอบเขตของเรา",
        "นอกหัวข้อ",
        "แค่คีย์เวิร์ดตรง ไม่ได้พูดถึง judge เลย",
        "ผมเสนอให้ข้ามไป",
        "ไม่ใช่หัวข้อของเรา",
    ],
    "not_topic": [
        "ไม่ใช่ eval แต่เป็น RL",
        "ไม่เกี่ยวกับ evaluation",
        "ไม่ได้เกี่ยวข้องกับงาน eval เลย",
        "ไม่ใช่งาน eval",
    ],
    "covered": [
        "มีในเอกสารแล้ว หมวด 2.1",
        "(อันนี้มีในเอกสารเราแล้ว หมวด 4.1 — แค่แจ้งว่ามี v3)",
        "ไม่มีอะไรใหม่",
        "เรามีแล้ว",
        "อยู่ในหมวด 2.1 แล้ว",
        "anchor ไว้แล้ว",
    ],
    "reported": [
        "รายงานไปแล้ว",
        "รายงานไปแล้วเมื่อวาน",
        "อยู่ในบรีฟฟิงเมื่อวาน",
        "อยู่ใน briefing ครั้งก่อน",
        "ไม่ต้องรายงานซ้ำ",
    ],
    "redirect": [
        "ส่งต่อให้ทีม rag",
        "ฝากทีม rag ดูหน่อย",
        "ส่งให้ bob ดู",
        "เป็นงานของทีม rag มากกว่า",
        "เหมาะกับ rag มากกว่า",
        "ให้ทีม rag ดูแล",
    ],
    "keep": ["ต้องอ่าน!", "น่าอ่านมาก", "แนะนำเลย", "ขอแนะนำ", "ควร anchor คืนนี้"],
}

BENGALI = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — আমাদের বিষয় নয়, এটা RL।",
        "বাদ।",
        "আকর্ষণীয়, তবে বাদ দিন।",
        "আপাতত বাদ।",
        "এড়িয়ে যান।",
        "উপেক্ষা করুন।",
        "আমাদের না।",
        "আমাদের আওতার বাইরে",
        "বিষয়বহির্ভূত",
        "শুধু কীওয়ার্ডের মিল, বিচারক নিয়ে কিছু নেই",
        "আমি বাদ দেওয়ার পরামর্শ দিচ্ছি।",
        "প্রাসঙ্গিক নয়।",
        "প্রাসঙ্গিক ন\u09df।",  # "য়" as one code point
        "অপ্রাসঙ্গিক।",
    ],
    "not_topic": [
        "এটা eval নয়, RL।",
        "evaluation-এর সাথে কোনো সম্পর্ক নেই",
        "evaluation-এর সাথে ক\u09c7\u09beন\u09c7\u09be সম্পর্ক নেই",  # "ো" as "ে" + "া"
        "eval-এর আওতার বাইরে",
        "eval নয় বরং RL",
    ],
    "covered": [
        "ডকে আগেই আছে, বিভাগ 2.1",
        "নতুন কিছু নেই।",
        "আমাদের কাছে আগেই আছে।",
        "বিভাগ 2.1-এ আগেই আছে",
        "আগেই অ্যাঙ্কর করা আছে",
    ],
    "reported": [
        "আগেই রিপোর্ট করা হয়েছে।",
        "আমরা গতকাল রিপোর্ট করেছি",
        "গতকালের ব্রিফিংয়ে ছিল",
        "আবার রিপোর্ট করবেন না",
    ],
    "redirect": [
        "rag টিমকে পাঠান",
        "bob-কে ফরওয়ার্ড করুন",
        "এটা rag টিমের।",
        "rag টিমের জন্য।",
        "বরং rag।",
        "rag টিম দেখুক",
    ],
    "keep": [
        "অবশ্যই পড়ুন!",
        "পড়ার মতো",
        "প\u09dcার মতো",  # "ড়" as one code point
        "জোরালোভাবে সুপারিশ করছি।",
        "অবশ্যপাঠ্য",
    ],
}

TAMIL = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — எங்களுடையது அல்ல, இது RL.",
        "தவிர்க்கவும்.",
        "சுவாரசியம், ஆனால் விட்டுவிடலாம்.",
        "இப்போதைக்கு தவிர்க்கலாம்.",
        "புறக்கணிக்கவும்.",
        "நமது தலைப்பு அல்ல.",
        "நமது எல்லைக்கு வெளியே",
        "தலைப்புக்கு அப்பாற்பட்டது",
        "முக்கியச்சொல் பொருத்தம் மட்டுமே, நடுவர்கள் பற்றி எதுவும் இல்லை",
        "தவிர்க்கப் பரிந்துரைக்கிறேன்.",
        "தொடர்பில்லாதது.",
    ],
    "not_topic": [
        "இது eval அல்ல, RL.",
        "இது eval இல்லை, RL.",
        "evaluation-உடன் தொடர்பில்லை",
        "evaluation-உடன் த\u0bc6\u0bbeடர்பில்லை",  # "ொ" as "ெ" + "ா"
        "eval சார்ந்தது அல்ல.",
    ],
    "covered": [
        "ஏற்கனவே ஆவணத்தில் உள்ளது, பிரிவு 2.1",
        "புதிதாக எதுவும் இல்லை.",
        "நம்மிடம் ஏற்கனவே உள்ளது.",
        "ஏற்கனவே பிரிவு 2.1-இல் உள்ளது",
        "ஏற்கனவே anchor செய்யப்பட்டது",
    ],
    "reported": [
        "ஏற்கனவே அறிக்கையிடப்பட்டது.",
        "நேற்றே report செய்தோம்",
        "நேற்றைய சுருக்கத்தில் இருந்தது",
        "மீண்டும் report செய்ய வேண்டாம்",
    ],
    "redirect": [
        "rag குழுவுக்கு அனுப்புங்கள்",
        "bob-க்கு அனுப்பவும்",
        "இது rag குழுவுடையது.",
        "rag குழுவுக்குப் பொருத்தமானது.",
        "rag குழு பார்த்துக்கொள்ளட்டும்",
    ],
    "keep": [
        "கட்டாயம் படிக்க வேண்டியது!",
        "படிக்கத் தகுந்தது",
        "மிகவும் பரிந்துரைக்கிறேன்.",
        "இன்றிரவே anchor செய்யலாம்",
    ],
}

URDU = {
    "dismiss": [
        "- 2611.05823 JudgeDrift — ہمارا موضوع نہیں، یہ RL ہے۔",
        "چھوڑ دیں۔",
        "دلچسپ ہے، لیکن چھوڑ دیں۔",
        "فی الحال رہنے دیں۔",
        "نظر انداز کریں۔",
        "ہمارا نہیں۔",
        "ہمارے دائرہ کار سے باہر",
        "موضوع سے باہر",
        "صرف کلیدی لفظ کا میچ، ججوں کے بارے میں کچھ نہیں",
        "میں چھوڑنے کا مشورہ دوں گا۔",
        "غیر متعلق۔",
    ],
    "not_topic": [
        "یہ eval نہیں، RL ہے۔",
        "evaluation سے کوئی تعلق نہیں",
        "eval کے دائرے سے باہر",
        "eval نہیں بلکہ RL",
    ],
    "covered": [
        "دستاویز میں پہلے سے موجود ہے، سیکشن 2.1",
        "کچھ نیا نہیں۔",
        "ہمارے پاس پہلے سے ہے۔",
        "سیکشن 2.1 میں پہلے سے موجود ہے",
        "پہلے ہی اینکر ہو چکا",
    ],
    "reported": [
        "پہلے ہی رپورٹ ہو چکا ہے۔",
        "ہم کل رپورٹ کر چکے ہیں",
        "کل کی بریفنگ میں تھا",
        "پچھلی بریفنگ میں",
        "دوبارہ رپورٹ نہ کریں",
    ],
    "redirect": [
        "rag ٹیم کو بھیج دیں",
        "bob کو فارورڈ کر دیں",
        "یہ rag ٹیم کا کام ہے۔",
        "rag ٹیم کے لیے۔",
        "rag والے دیکھ لیں",
    ],
    "keep": ["ضرور پڑھیں!", "پڑھنے کے قابل", "پرزور سفارش کرتا ہوں۔", "آج رات اینکر کریں"],
}

LANGUAGES = (
    ("tl", TAGALOG),
    ("th", THAI),
    ("bn", BENGALI),
    ("ta", TAMIL),
    ("ur", URDU),
)

REMARKS = [
    pytest.param(kind, text, id=f"{lang}-{kind}-{i}")
    for lang, table in LANGUAGES
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
    Thai without spaces, Bengali and Tamil letters in either spelling and Urdu's own letters
    included, as the alternation does."""
    lex = packaged_lexicon()
    names = (reader.topic_names, reader.other_names, reader.people)
    whole = [m.span() for m in lex.pattern("remarks", kind, *names).finditer(text)]
    fast = [m.span() for m in lex.phrases("remarks", kind, *names).finditer(text)]
    assert whole and fast == whole


# A sentence that only describes (or negates the remark), and the remark it must not be taken for.
TRAPS = [
    # Tagalog
    pytest.param(
        "Nilalaktawan ng modelo ang ilang hakbang.", "Laktawan.", "dismiss", id="tl-model-skips"
    ),
    pytest.param(
        "Laktawan ang warmup sa mga eksperimento.", "Laktawan na.", "dismiss", id="tl-warmup"
    ),
    pytest.param(
        "I-skip ang warmup sa training.", "I-skip na natin.", "dismiss", id="tl-skip-warmup"
    ),
    pytest.param(
        "Natututo ang modelo na balewalain ang ingay.",
        "Balewalain na.",
        "dismiss",
        id="tl-ignores",
    ),
    pytest.param(
        "Ang resulta ay hindi relevant sa maliliit na modelo.",
        "Hindi relevant.",
        "dismiss",
        id="tl-not-relevant-for",
    ),
    pytest.param(
        "Nasa labas ng distribusyon ang mga halimbawang ito.",
        "Labas sa saklaw natin.",
        "dismiss",
        id="tl-out-of-distribution",
    ),
    pytest.param(
        "Hindi natin alam kung bakit.", "Hindi natin 'to.", "dismiss", id="tl-we-dont-know"
    ),
    pytest.param(
        "Ang epektong ito ay naiulat na sa mga naunang pag-aaral.",
        "Naiulat na.",
        "reported",
        id="tl-literature",
    ),
    pytest.param(
        "Ang code ay nasa dokumentasyon na ng library.",
        "nasa doc na",
        "covered",
        id="tl-documentation",
    ),
    pytest.param(
        "nasa doc na ibinigay ni Bob ang mga numero",
        "nasa doc na.",
        "covered",
        id="tl-linker-na",
    ),
    pytest.param(
        "Walang bagong natutunan ang modelo.", "Walang bago.", "covered", id="tl-learns-nothing"
    ),
    pytest.param(
        "Dapat basahin ng modelo ang buong input.", "Dapat basahin!", "keep", id="tl-must-read"
    ),
    pytest.param("hindi sulit basahin", "sulit basahin", "keep", id="tl-not-worth"),
    pytest.param(
        "Inirerekomenda ng mga may-akda ang warmup.",
        "Inirerekomenda ko.",
        "keep",
        id="tl-authors",
    ),
    pytest.param("hindi lang eval kundi pati RL", "hindi eval", "not_topic", id="tl-not-only"),
    pytest.param(
        "Hindi para sa rag team, atin ito.", "para sa rag team", "redirect", id="tl-negated"
    ),
    pytest.param(
        "Ang data ay ipinapasa sa rag pipeline.", "ipasa sa rag", "redirect", id="tl-pipeline"
    ),
    pytest.param("huwag ipasa sa rag", "ipasa sa rag", "redirect", id="tl-dont-pass"),
    pytest.param(
        "Mas bagay ang paraang ito sa rag pipeline.",
        "Mas bagay sa rag.",
        "redirect",
        id="tl-suits-pipeline",
    ),
    pytest.param(
        "Ipinapadala ang output sa encoder.", "Ipadala kay bob.", "redirect", id="tl-encoder"
    ),
    pytest.param(
        "pang-rag na pipeline ang ginamit", "pang-rag 'to.", "redirect", id="tl-rag-pipeline"
    ),
    # Thai
    pytest.param("โมเดลข้ามบางขั้นตอน", "ข้าม", "dismiss", id="th-model-skips"),
    pytest.param("ข้าม token ที่ไม่สำคัญเพื่อลดค่าใช้จ่าย", "ข้ามไป", "dismiss", id="th-skips-tokens"),
    pytest.param("เราข้ามขั้น warmup ในการทดลองของเรา", "ข้ามได้เลย", "dismiss", id="th-we-skip-warmup"),
    pytest.param("โมเดลเรียนรู้ที่จะไม่สนใจ noise", "ไม่ต้องสนใจ", "dismiss", id="th-ignores"),
    pytest.param("คำถามนอกหัวข้อทำให้โมเดลสับสน", "นอกหัวข้อ", "dismiss", id="th-off-topic-questions"),
    pytest.param("อัตราผลบวกลวงลดลง", "ผลบวกลวง", "dismiss", id="th-false-positive-rate"),
    pytest.param("ผลลัพธ์ไม่เกี่ยวข้องกับโมเดลขนาดเล็ก", "ไม่เกี่ยวข้อง", "dismiss", id="th-unrelated-to"),
    pytest.param(
        "ตัวอย่างเหล่านี้อยู่นอกการแจกแจง", "นอกขอบเขตของเรา", "dismiss", id="th-out-of-distribution"
    ),
    pytest.param("ผลนี้มีการรายงานไปแล้วในงานก่อนหน้า", "รายงานไปแล้ว", "reported", id="th-literature"),
    pytest.param("โค้ดมีอยู่ในเอกสารประกอบแล้ว", "มีในเอกสารแล้ว", "covered", id="th-documentation"),
    pytest.param("โมเดลไม่ได้เรียนรู้อะไรใหม่", "ไม่มีอะไรใหม่", "covered", id="th-learns-nothing"),
    pytest.param("โมเดลต้องอ่านอินพุตทั้งหมด", "ต้องอ่าน!", "keep", id="th-must-read"),
    pytest.param("ไม่น่าอ่าน", "น่าอ่าน", "keep", id="th-not-worth"),
    pytest.param("ผู้เขียนแนะนำให้ warmup ก่อน", "แนะนำเลย", "keep", id="th-authors"),
    pytest.param("ไม่ใช่แค่ eval แต่รวม RL ด้วย", "ไม่ใช่ eval", "not_topic", id="th-not-only"),
    pytest.param("ไม่ใช่ eval อย่างเดียว", "ไม่ใช่ eval แต่เป็น RL", "not_topic", id="th-not-alone"),
    pytest.param("ไม่ใช่งานของทีม rag เป็นของเรา", "เป็นงานของทีม rag", "redirect", id="th-negated"),
    pytest.param("ผลลัพธ์ถูกส่งต่อให้ rag pipeline", "ส่งต่อให้ rag", "redirect", id="th-pipeline"),
    pytest.param("อย่าส่งต่อให้ทีม rag", "ส่งต่อให้ทีม rag", "redirect", id="th-dont-send"),
    pytest.param(
        "วิธีนี้เหมาะกับ rag pipeline มากกว่า fine-tuning",
        "เหมาะกับ rag มากกว่า",
        "redirect",
        id="th-suits-pipeline",
    ),
    pytest.param("เอาต์พุตถูกส่งไปยัง encoder", "ส่งให้ bob", "redirect", id="th-encoder"),
    # Bengali
    pytest.param("মডেলটি কিছু টোকেন বাদ দেয়।", "বাদ।", "dismiss", id="bn-model-drops"),
    pytest.param("আমরা পরীক্ষায় ওয়ার্মআপ বাদ দিই।", "বাদ দিন।", "dismiss", id="bn-we-skip-warmup"),
    pytest.param("মডেলটি নয়েজ উপেক্ষা করতে শেখে।", "উপেক্ষা করুন।", "dismiss", id="bn-ignores"),
    pytest.param("সংবাদ।", "বাদ।", "dismiss", id="bn-news"),
    pytest.param("অপ্রাসঙ্গিক টোকেন বাদ দেওয়া হয়।", "অপ্রাসঙ্গিক।", "dismiss", id="bn-irrelevant-tokens"),
    pytest.param(
        "ফলাফল ছোট মডেলের জন্য প্রাসঙ্গিক নয়।",
        "প্রাসঙ্গিক নয়।",
        "dismiss",
        id="bn-not-relevant-for",
    ),
    pytest.param(
        "এই উদাহরণগুলো বণ্টনের বাইরে।",
        "আমাদের আওতার বাইরে",
        "dismiss",
        id="bn-out-of-distribution",
    ),
    pytest.param(
        "এই প্রভাব আগের গবেষণায় আগেই রিপোর্ট করা হয়েছে।",
        "আগেই রিপোর্ট করা হয়েছে।",
        "reported",
        id="bn-literature",
    ),
    pytest.param(
        "কোডটি লাইব্রেরির ডকুমেন্টেশনে আগেই আছে।",
        "ডকুমেন্টে আগেই আছে",
        "covered",
        id="bn-documentation",
    ),
    pytest.param("মডেলটি নতুন কিছু শেখে না।", "নতুন কিছু নেই।", "covered", id="bn-learns-nothing"),
    pytest.param("মডেলটিকে অবশ্যই পুরো ইনপুট পড়তে হবে।", "অবশ্যই পড়ুন!", "keep", id="bn-must-read"),
    pytest.param("পড়ার মতো না", "পড়ার মতো", "keep", id="bn-not-worth"),
    pytest.param("লেখকরা ওয়ার্মআপের সুপারিশ করেন।", "সুপারিশ করছি।", "keep", id="bn-authors"),
    pytest.param("শুধু eval নয়, RL-ও", "eval নয়", "not_topic", id="bn-not-only"),
    pytest.param(
        "eval না করে মডেলটি প্রকাশ করা হয়েছে", "এটা eval না।", "not_topic", id="bn-without-eval"
    ),
    pytest.param("ফলাফল rag পাইপলাইনে পাঠানো হয়।", "rag টিমকে পাঠান", "redirect", id="bn-pipeline"),
    pytest.param("rag টিমকে পাঠান না", "rag টিমকে পাঠান", "redirect", id="bn-dont-send"),
    pytest.param(
        "পদ্ধতিটি ফাইন-টিউনিংয়ের বদলে বরং rag ব্যবহার করে।",
        "বরং rag।",
        "redirect",
        id="bn-rather-than",
    ),
    pytest.param("rag টিমের জন্য নতুন টুল", "rag টিমের জন্য।", "redirect", id="bn-tool-for"),
    pytest.param("আউটপুট এনকোডারে পাঠানো হয়।", "bob-কে পাঠান", "redirect", id="bn-encoder"),
    # Tamil
    pytest.param("மாதிரி சில படிகளைத் தவிர்க்கிறது.", "தவிர்க்கவும்.", "dismiss", id="ta-model-skips"),
    pytest.param(
        "இந்த முறையால் overfitting-ஐத் தவிர்க்கலாம்.",
        "தவிர்க்கலாம்.",
        "dismiss",
        id="ta-avoids-overfitting",
    ),
    pytest.param(
        "மாதிரி இரைச்சலைப் புறக்கணிக்கக் கற்றுக்கொள்கிறது.",
        "புறக்கணிக்கவும்.",
        "dismiss",
        id="ta-ignores",
    ),
    pytest.param(
        "எங்களுடையது அல்லது அவர்களுடையது", "எங்களுடையது அல்ல.", "dismiss", id="ta-ours-or-theirs"
    ),
    pytest.param(
        "தொடர்பில்லாதது போலத் தோன்றும் டோக்கன்கள் நீக்கப்படுகின்றன.",
        "தொடர்பில்லாதது.",
        "dismiss",
        id="ta-unrelated-tokens",
    ),
    pytest.param(
        "இந்த எடுத்துக்காட்டுகள் பரவலுக்கு வெளியே உள்ளன.",
        "நமது எல்லைக்கு வெளியே",
        "dismiss",
        id="ta-out-of-distribution",
    ),
    pytest.param(
        "இந்த விளைவு முந்தைய ஆய்வுகளில் ஏற்கனவே அறிக்கையிடப்பட்டது.",
        "ஏற்கனவே அறிக்கையிடப்பட்டது.",
        "reported",
        id="ta-literature",
    ),
    pytest.param(
        "குறியீடு ஏற்கனவே நூலக ஆவணத்தில் உள்ளது.",
        "ஏற்கனவே ஆவணத்தில் உள்ளது",
        "covered",
        id="ta-library-docs",
    ),
    pytest.param(
        "மாதிரி புதிதாக எதையும் கற்றுக்கொள்வதில்லை.",
        "புதிதாக எதுவும் இல்லை.",
        "covered",
        id="ta-learns-nothing",
    ),
    pytest.param(
        "மாதிரி முழு உள்ளீட்டையும் படிக்க வேண்டும்.",
        "கட்டாயம் படிக்க வேண்டும்!",
        "keep",
        id="ta-must-read",
    ),
    pytest.param("படிக்கத் தகுந்தது அல்ல", "படிக்கத் தகுந்தது", "keep", id="ta-not-worth"),
    pytest.param(
        "ஆசிரியர்கள் warmup-ஐப் பரிந்துரைக்கின்றனர்.",
        "பரிந்துரைக்கிறேன்.",
        "keep",
        id="ta-authors",
    ),
    pytest.param("eval மட்டும் அல்ல, RL-உம்", "eval அல்ல.", "not_topic", id="ta-not-only"),
    pytest.param("இந்த ஆய்வில் eval இல்லை.", "இது eval இல்லை.", "not_topic", id="ta-has-no-eval"),
    pytest.param(
        "வெளியீடு rag pipeline-க்கு அனுப்பப்படுகிறது.",
        "rag-க்கு அனுப்புங்கள்",
        "redirect",
        id="ta-pipeline",
    ),
    pytest.param(
        "rag குழுவுக்கு அனுப்ப வேண்டாம்",
        "rag குழுவுக்கு அனுப்புங்கள்",
        "redirect",
        id="ta-dont-send",
    ),
    pytest.param(
        "வெளியீடு encoder-க்கு அனுப்பப்படுகிறது.", "bob-க்கு அனுப்பவும்", "redirect", id="ta-encoder"
    ),
    # Urdu
    pytest.param("ماڈل کچھ ٹوکن چھوڑ دیتا ہے۔", "چھوڑ دیں۔", "dismiss", id="ur-model-drops"),
    pytest.param(
        "ہم ٹیسٹ میں وارم اپ چھوڑ دیتے ہیں۔", "چھوڑ دیں۔", "dismiss", id="ur-we-skip-warmup"
    ),
    pytest.param(
        "ماڈل شور کو نظر انداز کرنا سیکھتا ہے۔", "نظر انداز کریں۔", "dismiss", id="ur-ignores"
    ),
    pytest.param(
        "نتائج چھوٹے ماڈلز کے لیے غیر متعلق ہیں۔", "غیر متعلق۔", "dismiss", id="ur-irrelevant-for"
    ),
    pytest.param(
        "موضوع سے باہر سوالات ماڈل کو الجھاتے ہیں۔",
        "موضوع سے باہر",
        "dismiss",
        id="ur-off-topic-questions",
    ),
    pytest.param(
        "یہ مثالیں تقسیم سے باہر ہیں۔",
        "ہمارے دائرہ کار سے باہر",
        "dismiss",
        id="ur-out-of-distribution",
    ),
    pytest.param(
        "یہ اثر پچھلی تحقیق میں پہلے ہی رپورٹ ہو چکا ہے۔",
        "پہلے ہی رپورٹ ہو چکا ہے۔",
        "reported",
        id="ur-literature",
    ),
    pytest.param(
        "کل کی بریفنگ میں شامل کریں", "کل کی بریفنگ میں تھا", "reported", id="ur-tomorrow"
    ),
    pytest.param(
        "کوڈ لائبریری کی دستاویزات میں پہلے سے موجود ہے۔",
        "دستاویز میں پہلے سے موجود ہے",
        "covered",
        id="ur-documentation",
    ),
    pytest.param("ماڈل کچھ نیا نہیں سیکھتا۔", "کچھ نیا نہیں۔", "covered", id="ur-learns-nothing"),
    pytest.param("ماڈل کو پورا ان پٹ ضرور پڑھنا چاہیے۔", "ضرور پڑھیں!", "keep", id="ur-must-read"),
    pytest.param("پڑھنے کے قابل نہیں", "پڑھنے کے قابل", "keep", id="ur-not-worth"),
    pytest.param("مصنفین وارم اپ کی سفارش کرتے ہیں۔", "سفارش کرتا ہوں۔", "keep", id="ur-authors"),
    pytest.param("صرف eval نہیں بلکہ RL بھی", "eval نہیں۔", "not_topic", id="ur-not-only"),
    pytest.param("eval نہیں کیا گیا", "یہ eval نہیں ہے۔", "not_topic", id="ur-not-evaluated"),
    pytest.param(
        "نتائج rag پائپ لائن کو بھیجے جاتے ہیں۔",
        "rag ٹیم کو بھیج دیں",
        "redirect",
        id="ur-pipeline",
    ),
    pytest.param("rag ٹیم کے لیے نیا ٹول", "rag ٹیم کے لیے۔", "redirect", id="ur-tool-for"),
    pytest.param(
        "آؤٹ پٹ encoder کو بھیجا جاتا ہے۔", "bob کو بھیج دیں", "redirect", id="ur-encoder"
    ),
]


@pytest.mark.parametrize(("trap", "twin", "kind"), TRAPS)
def test_traps_are_not_remarks(reader: VerdictReader, trap: str, twin: str, kind: str) -> None:
    """A verb judges only leading its clause and ending it, and a phrase ends where the remark
    ends: "nilalaktawan ng modelo", "ข้าม token", "টোকেন বাদ দেয়", "படிகளைத் தவிர்க்கிறது",
    "ٹوکن چھوڑ دیتا ہے" describe."""
    assert kinds(reader, twin)[:1] == [kind]  # the remark itself is read ...
    assert not [k for k in kinds(reader, trap) if k == kind or k in OFF_KINDS]  # ... not this


@pytest.mark.parametrize(
    ("text", "twin"),
    [
        pytest.param("Walang bago para sa evaluation ngayon.", "Walang bago para sa rag.", id="tl"),
        pytest.param("evaluation: wala", "rag: wala", id="tl-after"),
        pytest.param("วันนี้ไม่มีอะไรใหม่สำหรับ evaluation", "วันนี้ไม่มีอะไรใหม่สำหรับ rag", id="th"),
        pytest.param("evaluation: ไม่มีอะไรใหม่", "rag: ไม่มีอะไรใหม่", id="th-after"),
        pytest.param("evaluation-এর জন্য আজ নতুন কিছু নেই", "rag-এর জন্য আজ নতুন কিছু নেই", id="bn"),
        pytest.param("evaluation: নতুন কিছু নেই", "rag: নতুন কিছু নেই", id="bn-after"),
        pytest.param(
            "evaluation-க்கு இன்று புதிதாக எதுவும் இல்லை",
            "rag-க்கு இன்று புதிதாக எதுவும் இல்லை",
            id="ta",
        ),
        pytest.param("evaluation: எதுவும் இல்லை", "rag: எதுவும் இல்லை", id="ta-after"),
        pytest.param("evaluation کے لیے آج کچھ نیا نہیں", "rag کے لیے آج کچھ نیا نہیں", id="ur"),
        pytest.param("evaluation: کچھ نیا نہیں", "rag: کچھ نیا نہیں", id="ur-after"),
    ],
)
def test_a_note_declaring_nothing_for_the_topic(
    reader: VerdictReader, text: str, twin: str
) -> None:
    assert reader.declares_none(text) is not None
    assert reader.declares_none(twin) is None  # another topic's nothing is not ours


# --- section hints ----------------------------------------------------------------------------

HINTS = [
    pytest.param("seksiyon 3.2", "3.2", id="tl-section"),
    pytest.param("sa seksyon 3.2", "3.2", id="tl-in-section"),
    pytest.param("Seksiyon: 3.2", "3.2", id="tl-section-colon"),
    pytest.param("ilagay sa 4", "4", id="tl-put-in"),
    pytest.param("ilagay natin sa 3.2", "3.2", id="tl-lets-put-in"),
    pytest.param("nasa 3.2 ang materyal na ito", "3.2", id="tl-in"),
    pytest.param("หมวด 3.2", "3.2", id="th-section"),
    pytest.param("หมวดที่ 3.2", "3.2", id="th-section-no"),
    pytest.param("ส่วนที่ 3.2", "3.2", id="th-part-no"),
    pytest.param("หมวด: 3.2", "3.2", id="th-section-colon"),
    pytest.param("ใส่ใน 4", "4", id="th-put-in"),
    pytest.param("บทที่ 3", "3", id="th-chapter"),
    pytest.param("เนื้อหานี้อยู่ใน 3.2", "3.2", id="th-in"),
    pytest.param("বিভাগ 3.2", "3.2", id="bn-section"),
    pytest.param("বিভাগ 3.2-এ", "3.2", id="bn-in-section"),
    pytest.param("বিভাগ: 3.2", "3.2", id="bn-section-colon"),
    pytest.param("অনুচ্ছেদ 4", "4", id="bn-paragraph"),
    pytest.param("பிரிவு 3.2", "3.2", id="ta-section"),
    pytest.param("பிரிவு 3.2-இல்", "3.2", id="ta-in-section"),
    pytest.param("பிரிவு: 3.2", "3.2", id="ta-section-colon"),
    pytest.param("பகுதி 4", "4", id="ta-part"),
    pytest.param("سیکشن 3.2", "3.2", id="ur-section"),
    pytest.param("سیکشن: 3.2", "3.2", id="ur-section-colon"),
    pytest.param("سیکشن 3 میں ڈالیں", "3", id="ur-put-in"),
    pytest.param("باب 4", "4", id="ur-chapter"),
]


@pytest.mark.parametrize(("text", "num"), HINTS)
def test_a_number_after_a_hint_word_names_a_section(text: str, num: str) -> None:
    assert numbers(text) == [num]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("seksiyon 3.2; tapos ang training sa 1.5 oras", id="tl"),
        pytest.param("หมวด 3.2 เทรนเสร็จใน 1.5 ชั่วโมง", id="th"),
    ],
)
def test_a_number_with_a_unit_is_a_quantity_not_a_section(text: str) -> None:
    """ "sa 1.5 oras", "ใน 1.5 ชั่วโมง" count hours; only the section is a hint."""
    assert numbers(text) == ["3.2"]


@pytest.mark.parametrize(
    ("trap", "twin"),
    [
        pytest.param("bahagi 2 ng sistema", "bahagi 2.", id="tl-part-of"),
        pytest.param("ilagay sa 2 magkaibang GPU", "ilagay sa 2.", id="tl-two-gpus"),
        pytest.param("ส่วนที่ 2 ของระบบ", "ส่วนที่ 2.", id="th-part-of"),
        pytest.param("อัตราส่วน 3.2 ต่อ 1", "หมวด 3.2", id="th-ratio"),
        pytest.param("ใส่ใน 2 ที่", "ใส่ใน 2.", id="th-two-places"),
        pytest.param("অনুচ্ছেদ 2 থেকে 4 পর্যন্ত লেখকরা তুলনা করেছেন", "অনুচ্ছেদ 2।", id="bn-from-to"),
        pytest.param("பகுதி 2 இல் உள்ள அமைப்பு", "பகுதி 2.", id="ta-part-of"),
        pytest.param("حصہ 2 میں نظام", "حصہ 2۔", id="ur-part-of"),
    ],
)
def test_numbers_that_are_no_section_hints(trap: str, twin: str) -> None:
    assert numbers(twin)
    assert numbers(trap) == []


# --- field labels -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        pytest.param("Kawing: https://arxiv.org/abs/2611.01234", "link", id="tl-link"),
        pytest.param("- **Pinagmulan**: https://example.org/paper", "link", id="tl-source"),
        pytest.param("- Seksiyon: 3.2", "hint", id="tl-hint"),
        pytest.param("Saan ilalagay: 3.2", "hint", id="tl-where"),
        pytest.param("Paalala: yung numbers sa poster lang", "caveat", id="tl-caveat"),
        pytest.param("**Puna**: mukhang maayos", "note", id="tl-note"),
        pytest.param("Pamagat: Mga bagong judge", "title", id="tl-title"),
        pytest.param("May-akda: Santos et al.", "skip", id="tl-author"),
        pytest.param("ลิงก์: https://arxiv.org/abs/2611.01234", "link", id="th-link"),
        pytest.param("- **แหล่งที่มา**: https://example.org/paper", "link", id="th-source"),
        pytest.param("- หมวด: 3.2", "hint", id="th-hint"),
        pytest.param("ข้อควรระวัง: ใช้ seed เดียว", "caveat", id="th-caveat"),
        pytest.param("**ความเห็น**: ดูดี", "note", id="th-note"),
        pytest.param("ชื่อเรื่อง: judge แบบใหม่", "title", id="th-title"),
        pytest.param("ผู้เขียน: Somchai et al.", "skip", id="th-author"),
        pytest.param("লিংক: https://arxiv.org/abs/2611.01234", "link", id="bn-link"),
        pytest.param("- **সূত্র**: https://example.org/paper", "link", id="bn-source"),
        pytest.param("- বিভাগ: 3.2", "hint", id="bn-hint"),
        pytest.param("কোথায় যাবে: 3.2", "hint", id="bn-where"),
        pytest.param("ক\u09c7\u09beথায\u09bc যাবে: 3.2", "hint", id="bn-where-other-spelling"),
        pytest.param("সীমাবদ্ধতা: শুধু একটি seed", "caveat", id="bn-caveat"),
        pytest.param("**মন্তব্য**: ভালো মনে হচ্ছে", "note", id="bn-note"),
        pytest.param("শিরোনাম: নতুন বিচারক", "title", id="bn-title"),
        pytest.param("இணைப்பு: https://arxiv.org/abs/2611.01234", "link", id="ta-link"),
        pytest.param("- **மூலம்**: https://example.org/paper", "link", id="ta-source"),
        pytest.param("- பிரிவு: 3.2", "hint", id="ta-hint"),
        pytest.param("வரம்புகள்: ஒரே ஒரு seed", "caveat", id="ta-caveat"),
        pytest.param("**கருத்து**: நன்றாக உள்ளது", "note", id="ta-note"),
        pytest.param("தலைப்பு: புதிய நடுவர்கள்", "title", id="ta-title"),
        pytest.param("ஆசிரியர்: Kumar et al.", "skip", id="ta-author"),
        pytest.param("لنک: https://arxiv.org/abs/2611.01234", "link", id="ur-link"),
        pytest.param("- **ماخذ**: https://example.org/paper", "link", id="ur-source"),
        pytest.param("- سیکشن: 3.2", "hint", id="ur-hint"),
        pytest.param("حدود: صرف ایک seed", "caveat", id="ur-caveat"),
        pytest.param("**تبصرہ**: اچھا لگتا ہے", "note", id="ur-note"),
        pytest.param("سرخی: نئے جج", "title", id="ur-title"),
        pytest.param("مصنف: Khan et al.", "skip", id="ur-author"),
    ],
)
def test_field_labels(line: str, kind: str) -> None:
    f = match_field(line)
    assert f is not None and f.kind == kind


# --- headings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("Buod (3)", "Buod ng mga bagong modelo", id="tl"),
        pytest.param("Mga tala", "Mga tala sa bagong modelo", id="tl-notes"),
        pytest.param("สรุป (3)", "สรุปโมเดลใหม่", id="th"),
        pytest.param("সারসংক্ষেপ (3)", "সারসংক্ষেপের নতুন মডেল", id="bn"),
        pytest.param("சுருக்கம் (3)", "சுருக்கமாக புதிய மாதிரிகள்", id="ta"),
        pytest.param("خلاصہ (3)", "خلاصہ نئے ماڈلز کا", id="ur"),
    ],
)
def test_structural_headings_are_whole_words(heading: str, other: str) -> None:
    assert is_structural(heading)
    assert not is_structural(other)


@pytest.mark.parametrize(
    ("heading", "other"),
    [
        pytest.param("Labas sa paksa", "Mga bagong hukom", id="tl"),
        pytest.param("Nilaktawan", "Pagsusuri ng mga hukom", id="tl-skipped"),
        pytest.param("นอกหัวข้อ", "การประเมิน judge", id="th"),
        pytest.param("বিষয়বহির্ভূত", "বিচারকদের মূল্যায়ন", id="bn"),
        pytest.param("தலைப்புக்கு அப்பாற்பட்டவை", "நடுவர்களின் மதிப்பீடு", id="ta"),
        pytest.param("موضوع سے باہر", "ججوں کی جانچ", id="ur"),
    ],
)
def test_headings_that_leave_items_out(heading: str, other: str) -> None:
    assert is_negative_title(heading)
    assert not is_negative_title(other)


# --- stamps with month names, weekdays and clock words ---------------------------------------

PHT = timezone(timedelta(hours=8))
ICT = timezone(timedelta(hours=7))
BST = timezone(timedelta(hours=6))  # Bangladesh
IST = timezone(timedelta(hours=5, minutes=30))
PKT = timezone(timedelta(hours=5))

DATES = [
    pytest.param(
        "Huling na-update: Sabado, Oktubre 30, 2027, 9:15 ng gabi",
        date(2027, 10, 31),
        PHT,
        datetime(2027, 10, 30, 21, 15),
        id="tl-updated",
    ),
    pytest.param(
        "Nilikha 3 Nobyembre 2027 11:05 ng umaga",
        date(2027, 11, 4),
        PHT,
        datetime(2027, 11, 3, 11, 5),
        id="tl-created",
    ),
    pytest.param(
        "Isinulat kagabi 23:40",
        date(2027, 10, 31),
        PHT,
        datetime(2027, 10, 30, 23, 40),
        id="tl-last-night",
    ),
    pytest.param(
        "อัปเดตล่าสุด วันเสาร์ที่ 30 ตุลาคม 2027 เวลา 21:15 น.",
        date(2027, 10, 31),
        ICT,
        datetime(2027, 10, 30, 21, 15),
        id="th-updated",
    ),
    pytest.param(
        "แก้ไขล่าสุด 30 ต.ค. 2027 เวลา 21.15 น.",
        date(2027, 10, 31),
        ICT,
        datetime(2027, 10, 30, 21, 15),
        id="th-edited-dot-clock",
    ),
    pytest.param(
        "เขียนเมื่อคืน 23:40",
        date(2027, 10, 31),
        ICT,
        datetime(2027, 10, 30, 23, 40),
        id="th-last-night",
    ),
    pytest.param(
        "সর্বশেষ আপডেট: শনিবার, 30 অক্টোবর 2027, 21:15",
        date(2027, 10, 31),
        BST,
        datetime(2027, 10, 30, 21, 15),
        id="bn-updated",
    ),
    pytest.param(
        "লেখা হয়েছে গতকাল রাতে 23:40",
        date(2027, 10, 31),
        BST,
        datetime(2027, 10, 30, 23, 40),
        id="bn-last-night",
    ),
    pytest.param(
        "আপডেট করা হয়েছে সন্ধ্যা 7:15",
        date(2027, 10, 31),
        BST,
        datetime(2027, 10, 31, 19, 15),
        id="bn-evening",
    ),
    pytest.param(
        "கடைசியாகப் புதுப்பிக்கப்பட்டது: சனிக்கிழமை, 30 அக்டோபர் 2027, 21:15",
        date(2027, 10, 31),
        IST,
        datetime(2027, 10, 30, 21, 15),
        id="ta-updated",
    ),
    pytest.param(
        "உருவாக்கப்பட்டது 30 அக்டோபர் 2027 அன்று 21:15",
        date(2027, 10, 31),
        IST,
        datetime(2027, 10, 30, 21, 15),
        id="ta-created-on",
    ),
    pytest.param(
        "எழுதப்பட்டது: நேற்று இரவு 23:40",
        date(2027, 10, 31),
        IST,
        datetime(2027, 10, 30, 23, 40),
        id="ta-last-night",
    ),
    pytest.param(
        "புதுப்பிக்கப்பட்டது மாலை 7:15",
        date(2027, 10, 31),
        IST,
        datetime(2027, 10, 31, 19, 15),
        id="ta-evening",
    ),
    pytest.param(
        "آخری بار اپ ڈیٹ: ہفتہ، 30 اکتوبر 2027، 21:15",
        date(2027, 10, 31),
        PKT,
        datetime(2027, 10, 30, 21, 15),
        id="ur-updated",
    ),
    pytest.param(
        "لکھا گیا: گزشتہ رات 23:40",
        date(2027, 10, 31),
        PKT,
        datetime(2027, 10, 30, 23, 40),
        id="ur-last-night",
    ),
    pytest.param(
        "اپ ڈیٹ کیا گیا شام 7:15 بجے",
        date(2027, 10, 31),
        PKT,
        datetime(2027, 10, 31, 19, 15),
        id="ur-evening",
    ),
]


@pytest.mark.parametrize(("line", "day", "tz", "want"), DATES)
def test_a_stamp_in_words_dates_the_note(
    line: str, day: date, tz: timezone, want: datetime
) -> None:
    """A note filed the next morning says in words when it was written: the stamp word
    ("Huling na-update", "อัปเดตล่าสุด", "সর্বশেষ আপডেট", "புதுப்பிக்கப்பட்டது", "آخری بار اپ ڈیٹ"),
    the weekday, the month name, and the clock words ("ng gabi", "เวลา 21.15 น.", "সন্ধ্যা",
    "மாலை", "شام"); the Urdu comma "،" joins the date to its clock."""
    when, problems = time_in_text(f"# x\n\nbody\n\n{line}\n", day, tz, lexicon=packaged_lexicon())
    assert when == want.replace(tzinfo=tz) and not problems


def test_a_buddhist_era_year_dates_no_stamp() -> None:
    """ "30 ตุลาคม 2570" is the Thai solar year (2027 + 543): it is no date near the note's own
    day, so the stamp is not read rather than read as the year 2570."""
    when, _problems = time_in_text(
        "# x\n\nbody\n\nอัปเดตล่าสุด 30 ตุลาคม 2570 เวลา 21:15 น.\n",
        date(2027, 10, 31),
        ICT,
        lexicon=packaged_lexicon(),
    )
    assert when is None


@pytest.mark.parametrize(
    ("line", "tz"),
    [
        pytest.param("আপডেট করা হয়েছে রাত 1:15", BST, id="bn"),
        pytest.param("புதுப்பிக்கப்பட்டது இரவு 1:15", IST, id="ta"),
        pytest.param("اپ ڈیٹ کیا گیا رات 1:15 بجے", PKT, id="ur"),
    ],
)
def test_the_night_word_is_no_afternoon(line: str, tz: timezone) -> None:
    """ "রাত", "இரவு", "رات" (night) run from the evening past midnight: "night 1:15" is 01:15,
    so the night word does not move a clock time past noon."""
    day = date(2027, 10, 31)
    when, _problems = time_in_text(f"# x\n\nbody\n\n{line}\n", day, tz, lexicon=packaged_lexicon())
    assert when == datetime(2027, 10, 31, 1, 15, tzinfo=tz)
