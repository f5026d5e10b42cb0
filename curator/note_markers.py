"""List markers other tools and habits write, read as the Markdown list markers they stand for.

A word processor's bullet glyphs ("• "), a chat's emoji ("🔹 "), a typewriter's rules and arrows
("— ", "→ "), letters ("a) "), a task list's boxes ("- [ ] "): Markdown reads no list (or a
box in every entry) there.  Each reader rewrites only the marker, keeping every line where it
was and every column after it, so line numbers in the UI's source view stay right.
:mod:`curator.note_formats` runs them with its other readers.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import islice

from curator.mdblocks import LIST_MARKER

__all__ = [
    "EMOJI_BULLET",
    "GLYPH_BULLET",
    "LETTERED",
    "RULE_BULLET",
    "TASK_BOX",
    "emoji_bullets",
    "glyph_bullets",
    "lettered_entries",
    "rule_bullets",
    "task_boxes",
]


GLYPH_BULLET = re.compile(r"^(?P<indent>[ \t]*)[•◦▪‣▸▹・·](?:[ \t\u3000]+)(?=\S)", re.MULTILINE)
"""A list entry pasted from a word processor or a chat ("• point", "◦ sub-point", "・項目"):
Markdown reads no list there, only paragraphs.  (Not "■", "◆", "●": in a Japanese or Chinese
note those open a part of their own, a heading more than an entry.)"""


def glyph_bullets(text: str) -> str:
    """Bullet glyphs at the start of a line read as the list markers they stand for ("- "), when
    a note has at least two such lines (one is a decoration, not a list).  Line numbers are
    kept."""
    if next(islice(GLYPH_BULLET.finditer(text), 1, None), None) is None:
        return text  # fewer than two
    return GLYPH_BULLET.sub(lambda m: m.group("indent") + "- ", text)


TASK_BOX = re.compile(
    r"^(?P<lead>[ \t]*(?:>[ \t]?)*(?:[-*+]|\d{1,9}[.)])[ \t]+)\[[ xX]\][ \t]+(?=\S)", re.MULTILINE
)
"""A task list's box after an entry's marker ("- [ ] read FooNet", "1. [x] …", GitHub's and
Obsidian's to-do lists): the entry is what follows it."""


def task_boxes(text: str) -> str:
    """Task-list boxes dropped, so an entry reads as the plain entry it is.  Line numbers are
    kept."""
    return TASK_BOX.sub(lambda m: m.group("lead"), text)


EMOJI_BULLET = re.compile(
    r"^(?P<indent>[ \t]*)(?P<mark>[\U0001F300-\U0001FAFF\u2600-\u27BF\u2B50\u2B55]\uFE0F?)"
    r"[ \t\u3000]+(?=\S)",
    re.MULTILINE,
)
"""A list entry pasted from a chat or a Notion page with an emoji for its bullet ("🔹 point",
"👉 sub-point")."""


def emoji_bullets(text: str) -> str:
    """Emoji that open three or more lines of a note, the same emoji each time, read as the list
    markers they stand for ("- "); one that opens fewer marks what its line is ("⚠️ not the same
    paper", "🆕 net new"), and stays.  Line numbers are kept."""
    marks = Counter(m.group("mark") for m in EMOJI_BULLET.finditer(text) if not _rating(text, m))
    bullets = {mark for mark, n in marks.items() if n >= _EMOJI_LIST}
    if not bullets:
        return text
    return EMOJI_BULLET.sub(
        lambda m: (
            m.group("indent") + "- "
            if m.group("mark") in bullets and not _rating(text, m)
            else m.group(0)
        ),
        text,
    )


_EMOJI_LIST = 3
_RATING_MARKS = frozenset("★☆⭐")


def _rating(text: str, m: re.Match[str]) -> bool:
    """A star before a number counts or rates ("★ 412 · 38.51 stars / hour", a repository's
    stars on a pasted page), whatever else it opens: no bullet."""
    return m.group("mark")[:1] in _RATING_MARKS and text[m.end() : m.end() + 1].isdigit()


RULE_BULLET = re.compile(r"^(?P<indent>[ \t]*)(?P<mark>[—–→⇒►])[ \t\u3000]+(?=\S)", re.MULTILINE)
_MD_ENTRY = re.compile(r"^[ \t]*" + LIST_MARKER + r"[ \t]+\S", re.MULTILINE)


def rule_bullets(text: str) -> str:
    """A rule (—, –) or an arrow that opens runs of lines (each right after another it opens,
    three or more in all; lines indented under one belong to it), over twice as many lines as
    Markdown's own markers open, read as the marker it stands for ("— point", "→ point":
    typewriter and chat habits).  An arrow after a line of another kind is what it says (a
    verdict under a quote), a rule line alone a signature ("— anna · 21:10"), an arrow under a
    Markdown entry its remark ("  → 5.1"): all stay.  Line numbers are kept."""
    marks: Counter[str] = Counter()
    runs: Counter[str] = Counter()
    before = ""
    depth = 0  # the indent of the run's last rule line
    for line in text.split("\n"):
        m = RULE_BULLET.match(line)
        key = m.group("mark") if m else ""
        if m:
            marks[m.group("mark")] += 1
            runs[m.group("mark")] += key == before
            depth = len(m.group("indent"))
        elif line.strip() and len(line) - len(line.lstrip()) <= depth:
            # a line of another kind ends the run; a blank line does not, nor a line indented
            # under the entry (its fields: "— id: …" over "    title: …")
            before = ""
        before = key or before
    most = max(marks.values(), default=0)
    entries = sum(1 for _ in islice(_MD_ENTRY.finditer(text), most))
    bullets = {
        mark
        for mark, n in marks.items()
        if n >= _EMOJI_LIST and runs[mark] >= 2 and n > 2 * entries
    }
    if not bullets:
        return text
    return RULE_BULLET.sub(
        lambda m: m.group("indent") + "- " if m.group("mark") in bullets else m.group(0), text
    )


LETTERED = re.compile(
    r"^(?P<indent>[ \t]*)(?P<letter>[a-z])(?P<mark>[.)])[ \t]+(?=\S)", re.MULTILINE
)


def lettered_entries(text: str) -> str:
    """Entries lettered in order ("a) …", "b) …", "c. …"), which Markdown reads as no list, read
    as the numbered entries they are ("1) …"): the same width, so columns and line numbers stay.
    A run starts at "a" and goes on letter by letter at one depth, two at least ("a. m." alone is
    prose); past "i" a number would be wider, and the letters stay."""
    runs: dict[tuple[str, str], list[re.Match[str]]] = {}
    keep: set[int] = set()
    for m in LETTERED.finditer(text):
        key = (m.group("indent"), m.group("mark"))
        run = runs.get(key, [])
        if run and ord(m.group("letter")) == ord(run[-1].group("letter")) + 1:
            run.append(m)
        else:
            if len(run) >= 2:
                keep.update(x.start() for x in run)
            run = [m] if m.group("letter") == "a" else []
        runs[key] = run
    keep.update(x.start() for run in runs.values() if len(run) >= 2 for x in run)
    if not keep:
        return text
    return LETTERED.sub(
        lambda m: (
            m.group("indent") + str(ord(m.group("letter")) - 96) + m.group("mark") + " "
            if m.start() in keep and m.group("letter") <= "i"
            else m.group(0)
        ),
        text,
    )
