"""What a note's headings say: which hold no items, which leave items out, which are headings at
all.

A heading can be structural ("状态与矛盾", "Summary (3)": no items under it), negative ("not ours":
its items were left out), or a briefing-style pseudo heading that is no Markdown heading ("一、…",
"**Off-topic**").  The words live in the lexicon's ``[headings]``; the item finders
(:mod:`curator.item_finders`) and the splitter ask these questions, each once per text.
"""

from __future__ import annotations

import re

from curator import regex_cache
from curator.item_labels import OUTLINE_LINE, has_label, has_ref
from curator.lexicon import default_lexicon, may_match, memo, skim, text_memo
from curator.mdblocks import Block, plain_inline
from curator.priority import DECORATION

_CN_ENUM_LINE = regex_cache.compile(r"^\s*[一二三四五六七八九十]{1,3}[、.．]\s*\S")


_ENUMERATION = (
    r"[一二三四五六七八九十]+[、.]\s*|\d{1,3}(?:\.\d{1,3})*[.)、）]?\s+|[IVX]{1,5}[.)]\s+"
)
"""A heading's number ("一、", "9. ", "2.3 ", "IV) "): "9. Summary" holds no items, as "Summary"."""


def _heading_words_re(kind: str) -> re.Pattern[str]:
    """The lexicon's ``[headings] <kind>`` words matched at a heading's start, after its number,
    as whole words: "Status: held", "Summary (3)", but not "Notes on judge papers"."""
    words = default_lexicon().pattern("headings", kind)
    whole = r"(?:(?<=[^\x00-\x7f])|(?=\s*(?:$|[:：(（\[\-—–·|/,;]|\d)))"
    return regex_cache.compile(
        rf"^(?:[#\s]*)(?:{DECORATION.pattern})?(?:{_ENUMERATION})?(?:{words.pattern}){whole}",
        re.IGNORECASE,
    )


@memo
def _structural_re() -> re.Pattern[str]:
    """Headings that hold no items (the lexicon's ``[headings] structural``): "状态与矛盾"."""
    return _heading_words_re("structural")


@memo
def _group_re() -> re.Pattern[str]:
    """Headings that group entries without being an item (the lexicon's ``[headings] groups``, a
    reading log's "Read", "待读"), matched at the start as :func:`_structural_re` is."""
    return _heading_words_re("groups")


def is_group_heading(title: str) -> bool:
    """A heading over entries that are each an item ("## Read", "## 待读 / 待办")."""
    return bool(_group_re().match(plain_inline(title).strip())) and not has_word_label(title)


@memo
def structural_words() -> re.Pattern[str]:
    """The lexicon's structural headings alone: the words one of which every match of
    :func:`_structural_re` holds are this pattern's (its anchors add none)."""
    return default_lexicon().pattern("headings", "structural")


def never(_text: str) -> None:
    """:func:`negative` for a note holding none of the words its phrases need."""
    return None


def negative_re() -> re.Pattern[str]:
    """Headings whose items the author left out (the lexicon's ``[headings] negative``)."""
    return default_lexicon().pattern("headings", "negative")


@text_memo
def negative(text: str) -> re.Match[str] | None:
    """Where ``text`` says its items were left out: 250 phrases in 15 languages are a costly
    regex, so it runs only on a text holding one of the words every match needs."""
    rx = negative_re()
    return rx.search(text) if may_match(rx, skim(text)) else None


@text_memo
def is_pseudo_heading(line: str) -> bool:
    """Briefing-style headings that are no markdown headings: "一、…", "1.2 Foo", "**Off-topic**",
    or a structural word alone on its line ("状态")."""
    text = line.strip()
    if is_pseudo_heading_unstructured(text):
        return True
    return 0 < len(text) <= 24 and bool(_structural_re().fullmatch(text.rstrip(":：")))


@text_memo
def is_pseudo_heading_unstructured(line: str) -> bool:
    """:func:`is_pseudo_heading` but for the structural words (for a note that holds none)."""
    text = line.strip()
    if not text or len(text) > 300:
        return False
    if OUTLINE_LINE.match(text):
        return True
    if len(text) > 60:
        return False
    if _CN_ENUM_LINE.match(text):
        return True
    # "**Off-topic but fun**": a newsletter's section heading
    return bool(_BOLD_ONLY.fullmatch(text)) and not has_ref(text)


_BOLD_ONLY = regex_cache.compile(r"(\*\*|__)[^*_\n]{2,60}\1[:：]?")


@text_memo
def is_negative_title(title: str) -> bool:
    """A short item title that only says the author left it out ("## 3. Not ours")."""
    plain = plain_inline(title).strip()
    m = negative(plain)
    if m is None:
        return False
    return len(plain) <= 30 and len(plain) - (m.end() - m.start()) <= 8


def is_expander(summary: str) -> bool:
    """A collapsible block's summary that only says how to open it ("Click to expand ▶", "展开"):
    the lexicon's ``[headings] expanders``, the whole text."""
    plain = plain_inline(summary).strip(" \t.…:：!▶▸►▼▾→»>⬇🔽👇").strip().lower()
    return bool(plain) and plain in _expanders()


@memo
def _expanders() -> frozenset[str]:
    return frozenset(default_lexicon().literals("headings", "expanders"))


@text_memo
def is_structural(title: str) -> bool:
    plain = plain_inline(title).strip()
    return bool(_structural_re().match(plain)) and not has_word_label(title)


def has_word_label(title: str) -> bool:
    """A heading's item label ("增量 2", "Item 3", "[3]"), not just the number of a heading
    ("9. Summary", "1. Inference engines"): numbered sections are still sections."""
    plain = plain_inline(title).strip().lstrip("#").strip()
    return has_label(_NUMBERED.sub("", plain, count=1))


_NUMBERED = regex_cache.compile(rf"^(?:{_ENUMERATION})")


HeadingSection = tuple[Block, int, int, str]
"""(heading, section end incl. subsections, own body end, context path)."""


def heading_sections(headings: list[Block], nlines: int) -> list[HeadingSection]:
    """(heading, section end incl. subsections, own body end, context path)."""
    out = []
    stack: list[Block] = []
    count = len(headings)
    for idx, hb in enumerate(headings):
        sec_end = nlines
        body_end = headings[idx + 1].start - 1 if idx + 1 < count else nlines
        for k in range(idx + 1, count):  # no slice: 100,000 headings would copy the list each time
            nb = headings[k]
            if nb.level <= hb.level:
                sec_end = nb.start - 1
                break
        while stack and stack[-1].level >= hb.level:
            stack.pop()
        ctx = " / ".join(plain_inline(s.text) for s in stack)
        stack.append(hb)
        out.append((hb, sec_end, body_end, ctx))
    return out
