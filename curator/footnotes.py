"""Markdown footnotes read where they are cited.

A note that writes ``Foo-Net[^2] trains …`` and, at its end, ``[^2]: https://arxiv.org/abs/…``
cites the paper in the sentence, under that sentence's heading; read as written, every ID would
sit in the last section (often an aside such as "skipped talks"), far from what the note says
about it.  So each reference gets its footnote's text in parentheses and the definitions become
blank lines: line numbers stay as they are for the UI's source view.
"""

from __future__ import annotations

import re

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
