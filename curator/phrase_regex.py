"""A phrase of the phrase tables as a regex: Latin word edges, placeholders filled with names.

``"not {topic}"`` must read "not eval" but not "not evaluated"; "与{topic}无关" also reads
"与 serving 无关"; consecutive alternatives share their edge guards, which compiles and scans
several times faster than a guard per phrase.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from curator.script_fold import escape_scripts, has_cjk

PLACEHOLDER = re.compile(r"\{(topic|other|person)\}")


def placeholder_names(
    topic: Iterable[str], other: Iterable[str], person: Iterable[str]
) -> dict[str, tuple[str, ...]]:
    """Placeholder names, longest first (an alternation tries them in order)."""
    return {
        "topic": tuple(sorted({n for n in topic if n}, key=lambda n: (-len(n), n))),
        "other": tuple(sorted({n for n in other if n}, key=lambda n: (-len(n), n))),
        "person": tuple(sorted({n for n in person if n}, key=lambda n: (-len(n), n))),
    }


# Latin word edges.  Case-sensitive inside (the class holds both cases already): under IGNORECASE
# the regex compiler folds every letter of the class, which made compiling a phrase with 80 names 5x
# slower.
_HEAD = r"(?-i:(?<![A-Za-z0-9]))"
_TAIL = r"(?-i:(?![A-Za-z0-9]))"


def _alt(names: tuple[str, ...]) -> str:
    """The names, each whole: "not {topic}" reads "not eval" but not "not evaluated".

    Consecutive names with the same kind of edges share one guard on each side (the regex engine
    backtracks into the group when a guard fails, so the first name that fits still wins): the
    same matches as a guard per name, at a fraction of the cost to compile.
    """
    if not names:
        return r"(?!x)x"
    return guarded_alternation(
        (_HEAD if _latin_edge(n[:1]) else "", re.escape(n), _TAIL if _latin_edge(n[-1:]) else "")
        for n in names
    )


def _latin_edge(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def guarded_alternation(parts: Iterable[tuple[str, str, str]]) -> str:
    """``(head, body, tail)`` alternatives as one alternation, in order, where consecutive ones with
    the same guards share them: ``H(?:a|b)T`` tries ``a`` then ``b`` exactly as ``HaT|HbT`` does
    (the engine backtracks into the group when ``T`` fails), but compiles and scans several times
    faster than a pair of look-arounds around each of hundreds of phrases."""
    runs: list[tuple[str, str, list[str]]] = []
    for head, body, tail in parts:
        if runs and runs[-1][0] == head and runs[-1][1] == tail:
            runs[-1][2].append(body)
        else:
            runs.append((head, tail, [body]))
    return "|".join(
        head
        + (group[0] if len(group) == 1 and not head and not tail else "(?:" + "|".join(group) + ")")
        + tail
        for head, tail, group in runs
    )


def to_regex(entry: str, names: dict[str, tuple[str, ...]]) -> str:
    """A phrase → a regex on word boundaries (Latin edges only); ``re:`` entries as they are.
    Chinese characters match in either script ("我们" also reads "我們")."""
    return "".join(regex_parts(entry, names))


def regex_parts(entry: str, names: dict[str, tuple[str, ...]]) -> tuple[str, str, str]:
    """``to_regex`` as (head guard, body, tail guard); a ``re:`` body is grouped, it may hold a
    ``|``."""
    if entry.startswith("re:"):
        body = PLACEHOLDER.sub(lambda m: f"(?:{_alt(names[m[1]])})", entry[3:])
        return "", f"(?:{body})" if body else "", ""
    text = entry.removeprefix("lit:")
    pieces = []
    pos = 0
    cjk = has_cjk(text)
    esc = escape_scripts if cjk else re.escape
    pad = r"\s*" if cjk else ""  # "与{topic}无关" also reads "与 serving 无关"
    for m in PLACEHOLDER.finditer(text):
        pieces.append(esc(text[pos : m.start()]))
        pieces.append(f"{pad}(?:{_alt(names[m[1]])}){pad}")
        pos = m.end()
    pieces.append(esc(text[pos:]))
    body = (
        "".join(pieces).replace(r"\ ", r"\s*")
        if has_cjk(text)
        else "".join(pieces).replace(r"\ ", r"\s+")
    )
    head = _HEAD if _latin_edge(text[:1]) else ""
    tail = _TAIL if _latin_edge(text[-1:]) else ""
    return head, body, tail
