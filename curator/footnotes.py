"""Markdown footnotes read where they are cited.

A note that writes ``Foo-Net[^2] trains …`` and, at its end, ``[^2]: https://arxiv.org/abs/…``
cites the paper in the sentence, under that sentence's heading; read as written, every ID would
sit in the last section (often an aside such as "skipped talks"), far from what the note says
about it.  So each reference gets its footnote's text in parentheses and the definitions become
blank lines: line numbers stay as they are for the UI's source view.
"""

from __future__ import annotations

import re

from curator.arxiv import find_ids
from curator.item_labels import lone_ref
from curator.urls import find_urls

_DEF = re.compile(r"^ {0,3}\[\^([^\]\s]{1,40})\]:[ \t]?(.*)$")
_REF = re.compile(r"\[\^([^\]\s]{1,40})\](?!:)")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_CONTINUATION = re.compile(r"^(?: {4}|\t)\S")


def inline_footnotes(text: str) -> str:
    """``text`` with each ``[^label]`` replaced by `` (its footnote)``; definitions blanked."""
    if "[^" not in text:
        return text
    lines = text.split("\n")
    defs: dict[str, str] = {}
    prose: list[int] = []  # lines outside code fences and definitions
    fence: str | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        fm = _FENCE.match(line)
        if fence is not None:
            if fm and fm[1][0] == fence[0] and len(fm[1]) >= len(fence):
                fence = None
            i += 1
            continue
        if fm:
            fence = fm[1]
            i += 1
            continue
        dm = _DEF.match(line)
        if dm is None:
            prose.append(i)
            i += 1
            continue
        body = [dm[2].strip()]
        lines[i] = ""
        i += 1
        while i < len(lines) and _CONTINUATION.match(lines[i]):
            body.append(lines[i].strip())
            lines[i] = ""
            i += 1
        defs.setdefault(dm[1].lower(), " ".join(b for b in body if b))
    if not defs:
        return text

    def cite(m: re.Match[str]) -> str:
        note = defs.get(m[1].lower())
        return m[0] if note is None else f" ({_REF.sub('', note)})"

    for k in prose:
        if "[^" in lines[k]:
            lines[k] = _REF.sub(cite, lines[k])
    return "\n".join(lines)


_NUM_DEF = re.compile(r"^ {0,3}(?:[-*+][ \t]+)?\[(\d{1,4})\]:?[ \t]+(\S.*)$")
_NUM_REF = re.compile(r"(?<![\]\\!])\[(\d{1,4}(?:[ \t]*[,;–-][ \t]*\d{1,4}){0,19})\](?![(\[:])")


def inline_numbered_refs(text: str, *, bare: bool = False) -> str:
    """A document's numbered references read where they are cited, as footnotes are.

    A survey-style doc writes ``FooNet [12] trains …`` in §3.2 and lists ``[12] Smith et al.,
    arXiv:…`` under its closing "References": the paper is anchored in §3.2, not in the list.
    Each citation (``[12]``, ``[3, 7]``, ``[4–6]``) gets its references' text in parentheses, and
    the definitions it cited become blank lines; a reference no line cites stays where it is.

    ``bare`` (a note's reading): only when every definition is a bare address (``[2]
    arXiv:2610.18734``), which says nothing of its own: the entry that cites it is the item.  A
    note whose references are full citations ("[1] A. Author, "FooRank: …", arXiv:…")
    lists its items there, and its prose's ``[1]`` names them by number.
    """
    if "[" not in text:
        return text
    lines = text.split("\n")
    defs, at = _numbered_defs(lines)
    if bare and not all(map(lone_ref, defs.values())):
        return text
    if len(defs) < 2 and not bare:
        defs, at = _closing_list(lines)
    if len(defs) < (1 if bare else 2):  # a bare address is a reference even alone
        return text
    cited: set[str] = set()

    def cite(m: re.Match[str]) -> str:
        keys = _ref_numbers(m[1])
        if not keys or any(k not in defs for k in keys):
            return m[0]
        cited.update(keys)
        space = "" if m.start() == 0 or m.string[m.start() - 1].isspace() else " "
        return space + "(" + "; ".join(defs[k] for k in keys) + ")"

    for k, line in enumerate(lines):
        if k not in at and "[" in line:
            lines[k] = _NUM_REF.sub(cite, line)
    if not cited:
        return text
    for k, key in at.items():
        if key in cited:
            lines[k] = ""
    return "\n".join(lines)


def _numbered_defs(lines: list[str]) -> tuple[dict[str, str], dict[int, str]]:
    """``[12] text`` lines outside code fences that cite a paper or a page: number → text, and
    line index → number."""
    defs: dict[str, str] = {}
    at: dict[int, str] = {}
    fence: str | None = None
    for k, line in enumerate(lines):
        fm = _FENCE.match(line)
        if fence is not None or fm:
            if fence is None:
                fence = fm[1] if fm else None
            elif fm and fm[1][0] == fence[0] and len(fm[1]) >= len(fence):
                fence = None
            continue
        dm = _NUM_DEF.match(line) if line[:8].lstrip(" -*+\t").startswith("[") else None
        key = str(int(dm[1])) if dm else ""
        if dm and key not in defs and (find_ids(dm[2]) or find_urls(dm[2])):
            defs[key], at[k] = dm[2].strip(), key
    return defs, at


_LISTED = re.compile(r"^ {0,3}(\d{1,4})[.)][ \t]+(\S.*)$")


def _closing_list(lines: list[str]) -> tuple[dict[str, str], dict[int, str]]:
    """The doc's closing numbered list, when every entry cites a paper or a page and at least
    half of its numbers are cited as ``[n]`` elsewhere: a bibliography written as an ordered
    list ("1. Smith et al., arXiv:…").  Any other numbered list is the doc's own content."""
    defs: dict[str, str] = {}
    at: dict[int, str] = {}
    k = len(lines) - 1
    while k >= 0:
        line = lines[k]
        m = _LISTED.match(line)
        if m and (find_ids(m[2]) or find_urls(m[2])) and str(int(m[1])) not in defs:
            defs[str(int(m[1]))], at[k] = m[2].strip(), str(int(m[1]))
        elif line.strip():
            break
        k -= 1
    if len(defs) < 2:
        return {}, {}
    cited = {
        n
        for j, line in enumerate(lines)
        if j not in at and "[" in line
        for ref in _NUM_REF.finditer(line)
        for n in _ref_numbers(ref[1])
    }
    if len(cited & defs.keys()) * 2 < len(defs):
        return {}, {}
    return defs, at


def _ref_numbers(inner: str) -> list[str]:
    """ "3, 7" → ["3", "7"]; "4–6" → ["4", "5", "6"] (a range of at most 20)."""
    out: list[str] = []
    for part in re.split(r"[ \t]*[,;][ \t]*", inner):
        bounds = [int(b) for b in re.split(r"[ \t]*[–-][ \t]*", part)]
        if len(bounds) == 2 and bounds[0] < bounds[1] <= bounds[0] + 20:
            out.extend(str(n) for n in range(bounds[0], bounds[1] + 1))
        elif len(bounds) == 1:
            out.append(str(bounds[0]))
        else:
            return []
    return out
