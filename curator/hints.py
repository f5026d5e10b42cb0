"""Where the author says an item belongs: section numbers and section names in free text.

"建议归入 §4.3", "放 1.1", "section: data mixing", "→ RLVR 那节", "Belongs with the process-reward
material in 4.3", "§3.8 material", "Where: Reasoning benchmarks": a number after a hint word
names a section by number, words after one (or before a trailing word like "那节" or
"material") name it by title.  Bare dotted numbers elsewhere are not hints — a pasted
document numbers its own headings ("2.1 Foo") — but a ``§`` always is a reference.
The words are the lexicon's ``[hints]`` tables; resolving a hint against the doc is
:class:`curator.suggest.SectionIndex`'s job.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from curator import regex_cache
from curator.lexicon import Lexicon, default_lexicon, may_match, skim
from curator.phrase_regex import to_regex
from curator.phrase_set import rarest_char, text_chars
from curator.regex_needs import first_char_guard, regex_needs
from curator.script_fold import fold_script
from curator.section_numbers import (
    LETTER_PART,
    ROMAN,
    ROMAN_PART,
    is_outline,
    number_word,
    written_number,
)
from curator.textfeatures import REGEX_CASE_FOLD

__all__ = ["Hint", "read_hints"]

# A number's first part may be a capital letter in appendix-style docs ("C.3", "§B.2.1").
_NUM = (
    r"[“\"'「『]?§?\s*(?P<num>(?<![A-Za-z])(?-i:[A-Z]"
    rf"{ROMAN_PART}"
    r")|"
    r"(?:(?<![A-Za-z])(?-i:[A-Z])\s*[.．]\s*)?\d{1,2}(?:\s*[.．]\s*\d{1,2}){0,3}"
    rf"(?:{LETTER_PART})?)"
    r"(?![\d.]*\d)(?![A-Za-z%×])"
)
_TITLE_STOP = regex_cache.compile(
    r"[,，。;；:：!?！？()（）\[\]【】|]|\.(?:\s|$)|\s[-—–]\s|\bor\b|\bif\b|\band\b|或者|或|如果|吧|就行|即可"
)


@dataclass(frozen=True)
class Hint:
    kind: str
    """number | title | named (a quoted title after "in") | ref (a bare "§3.8" in passing)"""
    value: str
    text: str
    """The words that say it."""


@functools.lru_cache(maxsize=4)
def _patterns(
    lexicon: Lexicon,
) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    after = lexicon.pattern("hints", "after")
    arrows = (
        "|".join(re.escape(a.removeprefix("lit:")) for a in lexicon.words("hints", "arrows"))
        or r"(?!x)x"
    )
    lead = rf"(?:{lexicon.source('hints', 'before')}|{arrows})"
    quantity = rf"(?!\s*(?:{lexicon.source('hints', 'units')})(?![A-Za-z]))"
    num = _NUM + quantity
    number = regex_cache.compile(
        rf"(?:{lead})\s*(?:[:：]{{1,2}}|\s(?:the\s+)?(?:section\s+|sec\.?\s*)?)?\s*{num}",
        re.IGNORECASE,
    )
    trailing = regex_cache.compile(rf"{num}\s*(?:的)?\s*(?:{after.pattern})", re.IGNORECASE)
    # "material in 4.3", "a line in E.2": a dotted number after an "in" word names a section (a
    # plain number would be a count)
    inside = lexicon.source("hints", "in_words")
    in_num = regex_cache.compile(
        rf"(?<![A-Za-z])(?:{inside})\s+(?:§\s*)?(?P<num>(?:(?-i:[A-Z])\.)?\d{{1,2}}\.\d{{1,2}}(?:\.\d{{1,2}})?|(?-i:[A-Z])\.\d{{1,2}})(?![\d.]*\d)(?![A-Za-z%×]){quantity}",
        re.IGNORECASE,
    )
    title = regex_cache.compile(
        rf"(?:{lead})\s*[:：]{{0,2}}\s*(?P<title>[^\n]{{2,60}})", re.IGNORECASE
    )
    # "closes the open line in “GUI grounding”": a quoted name after an "in" word, as "in 5.1"
    in_title = regex_cache.compile(
        rf"(?<![A-Za-z])(?:{inside})\s+[“\"«「『](?P<title>[^”\"»」』\n]{{2,60}})[”\"»」』]",
        re.IGNORECASE,
    )
    # the hint words' first letters, looked at before the words: a 1 MB ID dump was ~3 µs a
    # character in these alternations, ~0.02 µs with the lookahead (same matches)
    return (
        first_char_guard(number),
        trailing,
        first_char_guard(title),
        first_char_guard(in_num),
        in_title,
    )


_CASES = REGEX_CASE_FOLD


@functools.lru_cache(maxsize=4)
def _lead_words(lexicon: Lexicon) -> tuple[tuple[str, tuple[str, ...]], ...] | None:
    """Each word one of which a hint word's (or arrow's) every match holds, folded as
    :func:`_may_lead` reads a text, with the regexes of the hint words that need it; None when
    some hint word needs none.  Asked of each hint word apart: as one alternation the regex parser
    folds "va a|va a la" into "va(?: a| a la)", and "va" is too short to tell."""
    if _CASES is None:
        return None
    sources = [re.escape(a.removeprefix("lit:")) for a in lexicon.words("hints", "arrows")]
    try:
        sources += [to_regex(entry, {}) for entry in lexicon.words("hints", "before")]
    except KeyError:  # a placeholder: its words are not known here
        return None
    by_word: dict[str, list[str]] = {}
    for source in sources:
        words, _slots = regex_needs(source)
        if not words:
            return None
        for w in sorted(words):  # a set: one order whatever the hash seed
            by_word.setdefault(fold_script(w).translate(_CASES), []).append(source)
    return tuple((w, tuple(dict.fromkeys(srcs))) for w, srcs in by_word.items())


@functools.lru_cache(maxsize=1024)
def _hint_word(source: str) -> re.Pattern[str]:
    """One hint word's regex, as the number and title patterns read it."""
    return regex_cache.compile(source, re.IGNORECASE)


def _may_lead(lexicon: Lexicon, skimmed: str, norm: str) -> bool:
    """False when no hint word (so neither the number nor the title pattern) matches ``norm``:
    most scopes of text hold none, and those two alternations cost most of reading one.  Only
    the hint words whose needed word the text holds are tried, each on its own ("para" in
    "parallel" is no hint)."""
    index = _lead_index(lexicon)
    if index is None or _CASES is None:
        return True
    folded = skimmed.translate(_CASES)
    # only the words whose rarest character the text holds can be in it (249 words, ~44 µs
    # a scope when each was searched for)
    held = index.keys() & text_chars(folded) if "" not in index else index.keys()
    return any(
        _hint_word(source).search(norm)
        for c in sorted(held)  # a set: one order (so one set of patterns compiled) any seed
        for w, sources in index[c]
        if w in folded
        for source in sources
    )


@functools.lru_cache(maxsize=4)
def _lead_index(lexicon: Lexicon) -> dict[str, list[tuple[str, tuple[str, ...]]]] | None:
    """:func:`_lead_words` by each word's rarest character."""
    words = _lead_words(lexicon)
    if words is None:
        return None
    index: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    for w, sources in words:
        index.setdefault(rarest_char(w), []).append((w, sources))
    return index


@functools.lru_cache(maxsize=4)
def _after_guarded(after: re.Pattern[str]) -> re.Pattern[str]:
    return first_char_guard(after)


_VALUE_BEFORE = regex_cache.compile(r"(?<![\w.,])(?P<v>\d{1,3}(?:[.,]\d{1,3})?)[ \t]?$")


def _changed_value(norm: str, m: re.Match[str]) -> bool:
    """Is the hint an arrow after a short number to another ("1.9 → 1.1")?  The arrow gives the
    number's new value.  After an ID ("2709.07735 → 1.1", "…/2710.16925v1 → 5.3.1") it files the
    item, as it does after a part of its own section ("Cap. 7 → 7.3"), after the same number
    ("the open line of 6.1 → 6.1") and before a "§" ("Section 2 → §4.2")."""
    if m.group(0)[:1].isalpha() or "§" in m.group(0):
        return False
    v = _VALUE_BEFORE.search(norm, max(0, m.start() - 12), m.start())
    num = m.group("num")
    return v is not None and num != v["v"] and not num.startswith(v["v"] + ".")


_REF = regex_cache.compile(
    rf"§\s*(?P<num>(?:(?:{ROMAN}|[A-Z])[.．])?\d{{1,2}}(?:\s*[.．]\s*\d{{1,2}}){{0,3}}|{ROMAN})"
)
_LAST_FIELD = regex_cache.compile(
    r"[—–][ \t]*§?(?P<num>(?<![\d.])\d{1,2}(?:[.．]\d{1,2}){1,3})[ \t]*\.?[ \t]*$", re.MULTILINE
)
"""A dotted number that is the last “—”-separated field of a line ("✅ 2710.07765 — Who Gets
Bail? — 4.3"): the column of a verdict list that files each row, read as a bare "§4.3" ending a
clause (a place only when the doc has that label)."""
_TITLE_BEFORE = regex_cache.compile(
    r"(?P<title>[^\s,，。;；:：→]{2,16}(?:\s[^\s,，。;；:：→]{1,16}){0,2})\s*(?:的)?\s*$"
)


def _refs(norm: str, spans: list[tuple[int, int]]) -> list[Hint]:
    """Bare references ("§6.1", a verdict row's last field "— 6.1") outside the spans read so far:
    whether one files the item is the caller's question (:func:`curator.evidence` asks whether it
    stands alone)."""
    out = []
    for m in _REF.finditer(norm):
        if not any(a <= m.start() < b for a, b in spans):
            out.append(Hint("ref", re.sub(r"\s+", "", m.group("num")), m.group(0)))
            spans.append(m.span())
    for m in _LAST_FIELD.finditer(norm) if "—" in norm or "–" in norm else ():
        if not any(a <= m.start("num") < b for a, b in spans):
            out.append(Hint("ref", m.group("num").replace("．", "."), m.group("num")))
            spans.append(m.span())
    return out


def _named(norm: str, in_title: re.Pattern[str], spans: list[tuple[int, int]]) -> list[Hint]:
    """Quoted names after an "in" word ("in “GUI grounding”"), as hints of kind ``named``: a
    place only when a section of the doc has that title exactly (see curator.evidence)."""
    if not any(q in norm for q in '“"«「『'):
        return []
    out = []
    for m in in_title.finditer(norm):
        if not any(a <= m.start() < b for a, b in spans):
            out.append(Hint("named", m["title"].strip(), m.group(0).strip()))
            spans.append(m.span())
    return out


def _title_words(m: re.Match[str], after: re.Pattern[str]) -> str | None:
    """The title a hint word leads to ("file under the data mixing part" → "data mixing part"),
    up to where the title ends; None when it is asked ("Section: multilingual?", as "1.2.2?")."""
    stop = _TITLE_STOP.search(m.group("title"))
    if stop and stop.group(0) in ("?", "？"):
        return None
    words = m.group("title")[: stop.start()] if stop else m.group("title")
    words = after.split(words, maxsplit=1)[0].strip(" *_`'\"“”")
    words = re.sub(r"^(?:in\s+|with\s+|to\s+)?(?:the|a|an|our)\s+", "", words, flags=re.IGNORECASE)
    return words if len(words) >= 2 and not re.fullmatch(r"[\d.§\s]+", words) else None


def doc_number_words(titles: Iterable[tuple[str, str]]) -> frozenset[str]:
    """The words a doc writes before its section numbers ("Unit" of "### Unit 1.4 · Hints"),
    lower-cased, from its numbered sections' (number, title) pairs: in a note, "Unit 6.1" then
    names a section as "Section 6.1" does.  ")" when it writes them "1.4) Depth": a note's
    "1.4)" then names §1.4."""
    words: set[str] = set()
    for number, title in titles:
        title = unicodedata.normalize("NFKC", title)
        if word := number_word(title, number):
            words.add(word)
        elif "." in number and title.lstrip().startswith(number[1:] + ")"):
            words.add(")")  # "1.4) Depth": a note's "1.4)" is that section as the doc writes it
        elif (written := written_number(number, title)) != number or is_outline(number):
            words.add(f"{written}\t{number}")  # "§3-2-1", "§B5", "§II.C.3": see _doc_worded
        elif (tail := title.rstrip()[-12:]) and tail.endswith(
            (f"[{number[1:]}]", f"({number[1:]})")
        ):
            bracket = tail[tail.rindex("[" if tail[-1] == "]" else "(") :]
            words.add(f"§{bracket}\t{number}")  # "§[2.1]"
    return frozenset(words)


def _doc_worded(
    norm: str, words: frozenset[str], spans: list[tuple[int, int]], lex: Lexicon
) -> list[Hint]:
    """Numbers after one of the doc's own number words ("→ NY, Unit 6.1"), ``spans`` extended.
    A doc that writes its numbers its own way ("§3-2-1\t§3.2.1", "§B5\t§B.5" among ``words``: the
    label as written, then its section) is named by them bare in a note ("Sekce 3-2-1", "→ E4"):
    only labels the doc has, and not after or before a negation ("not A1", "A1 அல்ல")."""
    if not words:
        return []
    low = norm.lower()
    # a doc's own labels are looked for by the pattern itself (a doc may have hundreds)
    if not any(w[0] == "§" or w in low for w in words):
        return []
    out = []
    for m in _worded_in_note(words).finditer(norm):
        if any(a <= m.start() < b for a, b in spans):
            continue
        if label := m["label"]:
            if _negated(norm, m.start(), m.end(), lex):
                continue
            num = _labels(words)[label][1:]
        else:
            num = m["num"] or m["pnum"]
        out.append(Hint("number", num, m.group(0).strip()))
        spans.append(m.span())
    return out


@functools.lru_cache(maxsize=8)
def _labels(words: frozenset[str]) -> dict[str, str]:
    """The doc's own labels as written → their sections' numbers ("3-2-1" → "3.2.1")."""
    return dict(w[1:].split("\t", 1) for w in words if w[0] == "§")


def _negated(norm: str, start: int, end: int, lex: Lexicon) -> bool:
    """A negation just before the number in its clause ("not A1", "don't file it under B5") or
    just after it ("A1 அல்ல")."""
    before = re.search(r"[^.;!?\n]{0,30}$", norm[max(0, start - 30) : start])
    if before and _negation_before(lex).search(before.group()):
        return True
    return _negation_after(lex).match(norm, end) is not None


@functools.lru_cache(maxsize=4)
def _negation_before(lex: Lexicon) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w)(?:{lex.source('remarks', 'negations')})(?!\w)", re.IGNORECASE)


@functools.lru_cache(maxsize=4)
def _negation_after(lex: Lexicon) -> re.Pattern[str]:
    after = lex.source("remarks", "negations_after") or r"(?!x)x"
    return re.compile(rf"[ \t]*(?:{after})(?!\w)", re.IGNORECASE)


@functools.lru_cache(maxsize=8)
def _worded_in_note(words: frozenset[str]) -> re.Pattern[str]:
    plain = {w for w in words if w != ")" and w[0] != "§"}
    alt = "|".join(sorted(map(re.escape, plain), key=len, reverse=True)) or r"(?!x)x"
    paren = (
        r"|(?<![\w(.,])(?P<pnum>\d{1,3}(?:\.\d{1,3})+)\)(?=[\s.,;:!?]|$)" if ")" in words else ""
    )
    labels = sorted(_labels(words), key=len, reverse=True)
    styled = "|".join(map(re.escape, labels)) or r"(?!x)x"
    return re.compile(
        rf"(?<![^\W\d_])(?:{alt})\s+(?P<num>\d{{1,3}}(?:\.\d{{1,3}})+)(?![\d.]*\d){paren}"
        rf"|(?:§[ \t]?)?(?<![\w.\-/])(?P<label>(?-i:{styled}))(?![\w-]|[./]\w|\()",
        re.IGNORECASE,
    )


def read_hints(
    text: str, lexicon: Lexicon | None = None, doc_words: frozenset[str] = frozenset()
) -> list[Hint]:
    """The section hints of one scope of text, in order of appearance (numbers before titles);
    ``doc_words`` (:func:`doc_number_words`) name sections as the lexicon's words do."""
    lex = lexicon or default_lexicon()
    norm = unicodedata.normalize("NFKC", text)
    number, trailing, title, in_num, in_title = _patterns(lex)
    after = lex.pattern("hints", "after")
    out: list[Hint] = []
    spans: list[tuple[int, int]] = []
    skimmed = skim(norm)
    lead = _may_lead(lex, skimmed, norm)
    for rx in (number, trailing, in_num):
        if not (lead or rx is not number) or not may_match(rx, skimmed):
            continue
        for m in rx.finditer(norm):
            if norm[m.end("num") : m.end("num") + 2].lstrip()[:1] in ("?", "？"):
                spans.append(m.span())
                continue  # "Section: 1.2.2?": the author asks, the editor decides
            if _changed_value(norm, m):
                spans.append(m.span())
                continue  # "1.9 → 1.1": a value that changed, not a place to file it
            num = re.sub(r"\s+", "", m.group("num")).replace("．", ".")
            out.append(Hint("number", num, m.group(0).strip()))
            spans.append(m.span())
    out.extend(_doc_worded(norm, doc_words, spans, lex))
    out.extend(_named(norm, in_title, spans))
    out.extend(_refs(norm, spans))
    for m in title.finditer(norm) if lead and may_match(title, skimmed) else ():
        if not any(a <= m.start() < b for a, b in spans) and (words := _title_words(m, after)):
            out.append(Hint("title", words, m.group(0).strip()[:60]))
    for m in _after_guarded(after).finditer(norm) if may_match(after, skimmed) else ():
        if any(a <= m.start() < b for a, b in spans):
            continue
        tm = _TITLE_BEFORE.search(norm[max(0, m.start() - 40) : m.start()])
        if tm and not re.search(r"\d", tm.group("title")):
            out.append(
                Hint(
                    "title",
                    tm.group("title").strip(),
                    norm[max(0, m.start() - 40) : m.end()].strip(),
                )
            )
    seen: set[tuple[str, str]] = set()
    unique = []
    for h in out:
        if (h.kind, h.value.lower()) not in seen:
            seen.add((h.kind, h.value.lower()))
            unique.append(h)
    return unique
