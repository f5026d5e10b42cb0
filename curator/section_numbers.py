"""Section numbers as docs and notes write them: "§4.3", "4.3.", "II.3", "C.3.1", "第4.3节".

Shared by the living-doc reader (headings), the note splitter (suggested sections) and the
judges: one reading of a number, whichever stage meets it.  The number words ("Section",
"sec.", "节") are ``[sections] number_words`` of the lexicon.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from curator import regex_cache
from curator.lexicon import default_lexicon, memo

# A section number's parts are digits; the first may be one capital letter, as appendix-style
# docs write them ("A.1 Superposition", "C.3.1 Scaling", "§B.2").
ROMAN = r"(?:(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})(?![A-Za-z]))"
"""A Roman part number ("II", "IV", "XII"), as docs that number parts "Part II" / "II.3" write
it."""
_FIRST_PART = rf"(?:{ROMAN}|[A-Z]|\d{{1,3}})"
LETTER_PART = r"(?<=[0-9０-９])[.．][A-Za-z](?![A-Za-z])"
"""A lettered section inside a numbered part ("2.A Whole-proof generation", "4.b"): one letter
after a number (numbered sections may follow it: "2.B.1 Expected shortfall")."""
_LETTERED = rf"\d{{1,3}}{LETTER_PART}(?:[.．]\d{{1,3}})*"
_ROMAN_LOWER = r"x{0,3}(?:ix|iv|v?i{0,3})"
ROMAN_PART = rf"[.．](?=[ivx]){_ROMAN_LOWER}(?![A-Za-z])"
"""A sub-part in lower-case Roman numerals after a part's capital ("B.ii Reading order")."""
_ROMAN_SUB = rf"[A-Z]{ROMAN_PART}"
"""A section in an outline numbered by capital letters, then lower-case Roman numerals."""
"""A heading's lettered number: a section of a numbered part ("2.A"); deeper ("1.2.a · tree
search") a letter labels a sub-heading of its section, which keeps the section's number."""
_OUTLINE = rf"{ROMAN}[.．][A-Z](?:[.．]\d{{1,3}}(?:[.．][a-z])?)?(?![\w.])"
"""A legal outline's section: a Roman part, a capital, a number ("II.C.3", "VII.A")."""
_OUTLINE_RE = regex_cache.compile(_OUTLINE)
_OUTLINE_HEAD = rf"{ROMAN}[.．][A-Z](?:[.．]\d{{1,3}})*"
"""The same written in full at the head of a heading, IEEE style ("### II.B Long-video QA",
"#### II.B.1 Benchmarks")."""
_SECT_NUM_RE = regex_cache.compile(rf"§[ \t]*({_LETTERED}|{_FIRST_PART}(?:\.\d+)*)\.?")
_DOTTED_NUM_RE = regex_cache.compile(
    rf"({_LETTERED}|{_ROMAN_SUB}|{_OUTLINE_HEAD}|{_FIRST_PART}(?:\.\d{{1,3}})+)(?:\.|\)|:(?!\d))?(?=\s|$)"
)
_BRACKETED_NUM_RE = regex_cache.compile(
    rf"[\[(【]\s*({_LETTERED}|(?:{ROMAN}|\d{{1,3}})(?:\.\d{{1,3}})*|[A-Z](?:\.\d{{1,3}})+)"
    rf"\s*[\])】](?=\s|$)"
)
"""A number in brackets ("[2.2] Universal potentials", "(3) Data", "【4.1】"); a bracketed word
("[WIP]") is a title."""
SECTION_REF_RE = regex_cache.compile(
    rf"§\s*({_ROMAN_SUB}|(?:{ROMAN}[.．]|[A-Za-z][.．])?[0-9０-９]{{1,3}}(?:[.．][0-9０-９]{{1,3}})*(?:{LETTER_PART}(?:[.．][0-9０-９]{{1,3}})*)?|{ROMAN})"
)
"""A "§" reference in free text ("§4.3", "§ 4.3", "§４.３", "§C.3"); group 1 is the number as
written."""
_SINGLE_NUM_RE = regex_cache.compile(
    r"(\d{1,3})(?:(?:[.)、]|[ \t]*\))(?=\s|$)|(?=[ \t]*[·|:：—–][ \t]|[ \t]+-[ \t]))"
    rf"|([A-Z]|{ROMAN})[.)](?=[ \t]+\S)"
)
""""2. Tools", "2) Tools", "2 · Tools", "2 — Tools", "B. Circuits", "II. Prompt injection": a bare
"3 agents" is a title,
not a number."""
_AFTER_NUMBER = " \t.:：、·|—–-)"
"""Separators dropped between a heading's number and its title ("§1.3: KV" → "KV")."""


def fold(text: str) -> str:
    """Fullwidth digits, dots and § look-alikes → ASCII, so "§１.６" reads as "§1.6"."""
    return unicodedata.normalize("NFKC", text)


def _canonical(digits: str) -> str:
    """ "04.3" → "§4.3", "c.3" → "§C.3": the one way a section number is written everywhere in
    curator.  A later part written with a leading zero keeps it ("22.01", as docs numbered in
    Johnny.Decimal IDs write a category's sub-sections, never "22.1")."""
    parts = digits.replace("．", ".").split(".")
    return "§" + ".".join(
        (part if k and len(part) == 2 and part[0] == "0" else str(int(part)))
        if part.isdigit()
        else part
        if k and part.islower() and _LOWER_ROMAN.fullmatch(part)
        else part.upper()
        for k, part in enumerate(parts)
    )


_LOWER_ROMAN = re.compile(_ROMAN_LOWER)


_CJK_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九")}
_CJK_NUM_RE = regex_cache.compile(
    r"(?:第\s*)?([一二三四五六七八九十]{1,3})(?:[、.．]|\s*[章部节節編篇](?:[、.．:：\s]|$))"
)
""""三、评测", "第三章 评测": a top-level part numbered the Chinese way."""


def _cjk_number(text: str) -> int | None:
    """ "三" → 3, "十二" → 12, "二十" → 20 (up to 99)."""
    if "十" in text:
        tens, _, ones = text.partition("十")
        t = _CJK_DIGITS.get(tens, 0) if tens else 1
        o = _CJK_DIGITS.get(ones, 0) if ones else 0
        return (
            t * 10 + o
            if (not tens or tens in _CJK_DIGITS) and (not ones or ones in _CJK_DIGITS)
            else None
        )
    return _CJK_DIGITS.get(text) if len(text) == 1 else None


def _number_match(title: str) -> re.Match[str] | None:
    head = fold(title[:40])
    pos = len(head) - len(head.lstrip())
    return (
        _SECT_NUM_RE.match(head, pos)
        or _DOTTED_NUM_RE.match(head, pos)
        or _SINGLE_NUM_RE.match(head, pos)
        or _BRACKETED_NUM_RE.match(head, pos)
    )


def _unmarked(title: str) -> str:
    """``title`` from its first character that is not a mark: "📌 1.2 Title", "▌Parte 4 — …"
    are numbered as "1.2 Title" and "Parte 4 — …" are."""
    pos = 0
    while pos < len(title) and (title[pos].isspace() or _is_mark(title[pos])):
        pos += 1
    return title[pos:] if pos else title


def _is_mark(ch: str) -> bool:
    """A symbol (an emoji, a box, an arrow) or what joins and shapes one (ZWJ, a variation
    selector)."""
    cat = unicodedata.category(ch)
    return cat[0] == "S" or cat in ("Cf", "Mn")


_BARE_INT_RE = regex_cache.compile(r"\s*(\d{1,3})[ \t]+(?=\S)")


def heading_numbers(headings: list[Any]) -> list[str | None]:
    """Each heading's section number (see :func:`_heading_numbers`); parts written with a
    trailing zero ("## 1.0 Transients" over "### 1.1 …") are the part numbers they stand for."""
    return _zero_parts(headings, _heading_numbers(headings))


def _zero_parts(headings: list[Any], numbers: list[str | None]) -> list[str | None]:
    """ "§1.0", "§2.0" … as "§1", "§2" … when the headings of their level number every part so
    (two at least) and the sections under them count from 1 ("§1.1"): a decimal outline that
    writes its parts with a zero, not a section 0 of each."""
    zeros = [i for i, n in enumerate(numbers) if n and n.endswith(".0") and n.count(".") == 1]
    if len(zeros) < 2:
        return numbers
    levels = {headings[i].level for i in zeros}
    if len(levels) != 1:
        return numbers
    level = levels.pop()
    at_level = [n for h, n in zip(headings, numbers, strict=True) if n and h.level == level]
    parts = {numbers[i][:-2] for i in zeros}  # type: ignore[index]
    under = any(
        n and h.level > level and n.rsplit(".", 1)[0] in parts and not n.endswith(".0")
        for h, n in zip(headings, numbers, strict=True)
    )
    if len(at_level) != len(zeros) or not under:
        return numbers
    return [n[:-2] if i in set(zeros) and n else n for i, n in enumerate(numbers)]


def _heading_numbers(headings: list[Any]) -> list[str | None]:
    """Each heading's section number.  A bare leading integer ("## 2 Visual encoders", which
    alone could be a title like "3 agents") is a number when the headings under it are numbered
    from it ("### 2.1 …") or when its siblings under the same heading count the same way
    ("## 1 …", "## 2 …"; under "## 20–29 Models": "### 21 …", "### 22 …")."""
    numbers = [section_number(h.text) for h in headings]
    _shared_word_numbers(headings, numbers)
    _styled_numbers(headings, numbers)
    bare = {
        i: int(m[1])
        for i, h in enumerate(headings)
        if numbers[i] is None and (m := _BARE_INT_RE.match(h.text))
    }
    if not bare:
        return numbers
    for i, n in bare.items():
        level = headings[i].level
        for j in range(i + 1, len(headings)):
            if headings[j].level <= level:
                break
            if (nj := numbers[j]) is not None and nj.startswith(f"§{n}."):
                numbers[i] = f"§{n}"
                break
    by_level: dict[tuple[int, int], list[int]] = {}
    parents: list[int] = []  # the heading each one sits under (-1: none)
    stack: list[int] = []
    for i, h in enumerate(headings):
        while stack and headings[stack[-1]].level >= h.level:
            stack.pop()
        parents.append(stack[-1] if stack else -1)
        stack.append(i)
    for i in bare:
        by_level.setdefault((headings[i].level, parents[i]), []).append(i)
    for idxs in by_level.values():  # siblings under one parent ("## 10–19": 11, 12, 13 …)
        seq = [bare[i] for i in idxs]
        if len(idxs) >= 2 and seq == list(range(seq[0], seq[0] + len(seq))):
            for i in idxs:
                numbers[i] = f"§{bare[i]}"
    return numbers


_WORD_NUMBER_RE = regex_cache.compile(
    r"\s*([^\W\d_]{2,20})\s+(\d{1,3}(?:\.\d{1,3})*)\.?(?=[\s:：·|—–\-)]|$)"
)
_SHARED_WORD_MIN = 3
"""Headings that must share a word before their numbers for it to be the doc's own word."""


def _shared_word_numbers(headings: list[Any], numbers: list[str | None]) -> None:
    """Numbers after a word the doc puts before its section numbers ("### Unit 1.4 · Hints",
    "## Module 3: …"), in place: a word in no phrase file is the doc's own when at least
    :data:`_SHARED_WORD_MIN` headings write it before a number and a dotted one is among them."""
    found: dict[str, list[tuple[int, str]]] = {}
    for i, h in enumerate(headings):
        if numbers[i] is None and (m := _WORD_NUMBER_RE.match(fold(_unmarked(h.text)[:60]))):
            found.setdefault(m[1].lower(), []).append((i, m[2]))
    for hits in found.values():
        if len(hits) >= _SHARED_WORD_MIN and any("." in n for _i, n in hits):
            for i, n in hits:
                numbers[i] = _canonical(n)


def number_word(title: str, number: str) -> str | None:
    """The word a heading writes before its own number, lower-cased ("unit" of "Unit 1.4 · Hints"
    numbered §1.4); None when it writes none: a note's "Unit 6.1" names a section of that doc."""
    m = _WORD_NUMBER_RE.match(fold(title)[:60])
    return m[1].lower() if m and _canonical(m[2]) == number else None


_HYPHEN_NUMBER_RE = regex_cache.compile(
    r"\s*(\d{1,2}(?:-\d{1,2}){1,3})(?=[ \t]*[·|:：—–][ \t]|[ \t]+[^\W\d_]|[ \t]*$)"
)
"""A heading numbered with hyphens ("### 3-2 SAR change detection", "#### 3-2-1 Flood mapping")."""
_LETTER_LABEL_RE = regex_cache.compile(
    r"\s*([A-Z])(\d{1,2}(?:\.\d{1,2}){0,2})([a-z])?(?=[ \t]*[·|:：—–][ \t]|[ \t]+[^\W\d_]|[ \t]*$)"
)
"""A heading labelled by a capital and a number ("### B5 · Hallucination", "#### C1b ·
Slide-level encoders", "### S3.2 Fourier operators")."""
_LETTER_PART_RE = regex_cache.compile(r"\s*([A-Z])(?=[ \t]*[·|:：—–][ \t]+\S)")
"""A part named by its capital alone ("## C — Computational pathology")."""
_STYLED_MIN = 3
"""Headings that must number themselves one of these ways for it to be the doc's way."""


_TRAILING_NUMBER_RE = regex_cache.compile(
    r"(?:\[[ \t]*(\d{1,3}(?:\.\d{1,3})*)[ \t]*\]|\([ \t]*(\d{1,3}(?:\.\d{1,3})+)[ \t]*\))[ \t]*$"
)
"""A number after the title, in brackets ("### Back-translation [2.1]", "Decoding (4.2)"); a count
in parentheses ("## Agents (7)") is none."""


def _a_tree(rx: re.Pattern[str], hits: list[re.Match[str]]) -> bool:
    """Do the numbers found look like a tree of sections, not ranges, quarters or counts?  A
    part's numbers shared ("1-1", "1-2") or a level below ("3-2-1"); two part letters or a dotted
    number ("A1", "B2"; "S3.2"); one dotted number in brackets ("[2.1]")."""
    if rx is _HYPHEN_NUMBER_RE:
        firsts = [m[1].split("-")[0] for m in hits]
        return len(set(firsts)) < len(firsts) or any(m[1].count("-") > 1 for m in hits)
    if rx is _LETTER_LABEL_RE:
        return len({m[1] for m in hits}) > 1 or any("." in m[2] for m in hits)
    return any("." in (m[1] or m[2] or "") for m in hits)


def _styled_numbers(headings: list[Any], numbers: list[str | None]) -> None:
    """Numbers written with hyphens ("3-2-1") or as a part's capital and a number ("B5", "C1b"),
    in place, as "§3.2.1" and "§B.5" / "§C.1.B": a doc's way only when at least
    :data:`_STYLED_MIN` of its headings write them (a lone "## 3-5 year outlook" is a title).  A
    capital alone ("## C — Pathology") is then the part its "C1", "C2" sit in.  How the doc
    writes them is kept for showing (:func:`written_number`)."""
    for rx in (_HYPHEN_NUMBER_RE, _LETTER_LABEL_RE, _TRAILING_NUMBER_RE):
        hits = [
            (i, m)
            for i, h in enumerate(headings)
            if numbers[i] is None
            and (
                m := rx.search(fold(h.text[-40:]))
                if rx is _TRAILING_NUMBER_RE
                else rx.match(fold(_unmarked(h.text)[:40]))
            )
        ]
        if len(hits) < _STYLED_MIN or not _a_tree(rx, [m for _i, m in hits]):
            continue
        for i, m in hits:
            if rx is _HYPHEN_NUMBER_RE:
                numbers[i] = _canonical(m[1].replace("-", "."))
            elif rx is _TRAILING_NUMBER_RE:
                numbers[i] = _canonical(m[1] or m[2])
            else:
                numbers[i] = _canonical(".".join(p for p in m.groups() if p))
        if rx is _LETTER_LABEL_RE:
            parts = {m[1] for _i, m in hits}
            for i, h in enumerate(headings):
                if numbers[i] is None and (m := _LETTER_PART_RE.match(_unmarked(h.text)[:40])):
                    if m[1] in parts:
                        numbers[i] = "§" + m[1]


def outline_numbers(headings: list[Any], numbers: list[str | None]) -> list[str | None]:
    """A legal outline's numbers composed along its tree: "## II." over "### C." over "#### 3." is
    §II.C.3, as its team cites it.  Only where each level counts its own way (Roman parts, capital
    sections, numbered sub-sections, lower-case items), and at least :data:`_STYLED_MIN` headings
    sit under a parent counted another way; else ``numbers`` unchanged."""
    single = [n[1:] if n and "." not in n else None for n in numbers]
    by_level: dict[int, list[str]] = {}
    for h, part in zip(headings, single, strict=True):
        if part:
            by_level.setdefault(h.level, []).append(part)
    roman_levels = {
        lv
        for lv, parts in by_level.items()
        if all(re.fullmatch(ROMAN, p) for p in parts) and any(len(p) > 1 for p in parts)
    }

    def rank(part: str, level: int) -> int:
        """I → A → 1 → a: an outline's levels, outermost first."""
        if part.isdigit():
            return 2
        if part.islower():
            return 3
        return 0 if level in roman_levels else 1

    out = list(numbers)
    stack: list[tuple[int, str, int]] = []  # (level, number, rank) of the numbered headings above
    composed = 0
    for i, h in enumerate(headings):
        while stack and stack[-1][0] >= h.level:
            stack.pop()
        part = single[i]
        if not part:
            if out[i]:
                stack.append((h.level, out[i] or "", -1))
            continue
        here = rank(part, h.level)
        if stack and stack[-1][2] >= 0 and here > stack[-1][2]:
            out[i] = f"{stack[-1][1]}.{part}"
            composed += 1
        stack.append((h.level, out[i] or "", here))
    return out if composed >= _STYLED_MIN else numbers


def is_outline(number: str) -> bool:
    """Is ``number`` a legal outline's section ("§II.C.3", "§VII.A")?"""
    return _OUTLINE_RE.fullmatch(number[1:]) is not None


def written_number(number: str, title: str) -> str:
    """``number`` as the heading ``title`` writes it when its joints are not dots ("§3.2.1" of
    "3-2-1 Flood mapping" → "§3-2-1", "§C.1.B" of "C1b · Slide-level" → "§C1b"): what the
    team's notes and briefings call the section.  Otherwise ``number``."""
    if "." not in number:
        return number
    parts = number[1:].split(".")
    head = fold(_unmarked(title).lstrip()[:40])
    for written in ("-".join(parts), "".join(parts), parts[0] + ".".join(parts[1:])):
        if (
            head[: len(written)].upper() == written.upper()
            and not head[len(written) : len(written) + 1].isalnum()
        ):
            return "§" + head[: len(written)]
    return number


@memo
def _worded_re() -> re.Pattern[str]:
    words = default_lexicon().source("sections", "number_words")
    return regex_cache.compile(
        rf"\s*(?:{words})\s*[:：.]?\s*((?:(?:{ROMAN}|[A-Z])\.)?\d{{1,3}}(?:\.\d{{1,3}})*(?:{LETTER_PART})?|{ROMAN})\.?(?=[\s:：·|—–\-)]|$)",
        re.IGNORECASE,
    )


def _worded_number(title: str) -> tuple[str, int] | None:
    """(number, end) of a heading that names its number in words: "Parte 4 — Decodificación",
    "Part 2: Data", "Chapter 3", "Abschnitt 2.1", "Chapter Five —" (the lexicon's ``[sections]
    number_words`` and ``cardinals``)."""
    head = fold(title[:60])
    m = _worded_re().match(head)
    if m:
        return m[1], m.end()
    spelled = _spelled_re()
    c = spelled.match(head) if spelled is not None else None
    if c is None:
        return None
    return str(_cardinals()[c[1].lower()]), c.end()


@memo
def _cardinals() -> dict[str, int]:
    out: dict[str, int] = {}
    for entry in default_lexicon().literals("sections", "cardinals"):
        word, _, value = entry.rpartition("=")
        if word.strip() and value.strip().isdigit():
            out.setdefault(word.strip(), int(value))
    return out


@memo
def _spelled_re() -> re.Pattern[str] | None:
    """A number word, then a number spelled out, then the title's separator ("Chapter Five —")."""
    names = sorted(_cardinals(), key=len, reverse=True)
    if not names:
        return None
    words = default_lexicon().source("sections", "number_words")
    alt = "|".join(map(re.escape, names))
    return regex_cache.compile(
        rf"\s*(?:{words})\s+({alt})(?=\s*(?:[:：.·|—–\-)]|$))", re.IGNORECASE
    )


def _cjk_match(title: str) -> tuple[int, int] | None:
    """(number, end) of a Chinese-numbered heading ("三、评测" → (3, 2))."""
    head = fold(title[:40])
    pos = len(head) - len(head.lstrip())
    m = _CJK_NUM_RE.match(head, pos)
    n = _cjk_number(m[1]) if m else None
    return (n, m.end()) if m and n else None


def section_number(title: str) -> str | None:
    """A heading's section number, canonical: "§1.3 KV", "1.3 KV", "1.3. KV", "§ 1.3 KV" and
    "§１.３ KV" → "§1.3"; "2. Efficient" and "§2 Efficient" → "§2"; None when unnumbered."""
    title = _unmarked(title)
    m = _number_match(title)
    if m:
        return _canonical(m[m.lastindex or 1])
    cjk = _cjk_match(title)
    if cjk:
        return f"§{cjk[0]}"
    w = _worded_number(title)
    return _canonical(w[0]) if w else None


def strip_section_number(title: str) -> str:
    """A heading's title without its number: "4.3 RLVR 与奖励建模" → "RLVR 与奖励建模"."""
    if section_number(title) is None:
        return " ".join(title.split())
    title = _unmarked(title)
    m = _number_match(title)
    end = (
        m.end()
        if m
        else (
            cjk[1]
            if (cjk := _cjk_match(title))
            else (w[1] if (w := _worded_number(title)) else None)
        )
    )
    if end is None:
        return " ".join(title.split())
    cut = 0
    while cut < len(title) and len(fold(title[:cut])) < end:
        cut += 1
    return " ".join(title[cut:].lstrip(_AFTER_NUMBER).split())


def number_depth(number: str) -> int:
    """ "§3.4.1" → 3."""
    return number.count(".") + 1


@memo
def _ref_re() -> re.Pattern[str]:
    words = default_lexicon().source("sections", "number_words")
    return regex_cache.compile(
        rf"[\s\"'“”‘’「」]*(?:(?:{words})[\s:]*)*((?-i:{_ROMAN_SUB})|(?-i:{_OUTLINE})|(?:(?:{ROMAN}|[A-Za-z])\.)?\d{{1,3}}(?:\.\d{{1,3}})*(?:{LETTER_PART}(?:\.\d{{1,3}})*)?|{ROMAN}(?=\s*$))\.?[\s\"'“”‘’「」]*(?:(?:{words})\s*)*",
        re.IGNORECASE,
    )


def canonical_section(ref: str) -> str | None:
    """A reference to a section by number → its label: "§4.3", "4.3", "4.3.", "Section 4.3",
    "sec. 4.3", "§ 4.3", "§４.３", "第4.3节" → "§4.3".  None when ``ref`` is not just a number
    (titles, free text); the number words are ``[sections] number_words`` of the lexicon."""
    if not ref or len(ref) > 80:
        return None
    m = _ref_re().fullmatch(fold(ref))
    if m:
        return _canonical(m[1])
    cjk = _cjk_match(ref.strip())
    return f"§{cjk[0]}" if cjk and len(fold(ref.strip())) <= cjk[1] + 12 else None
