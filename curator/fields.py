"""``Label: value`` lines of a note item, with the labels read from the lexicon.

Authors mark an item's parts with labels ("链接:", "**Caveats**:", "【论文】", "- Where:") in
their own words and languages; what each label *means* (a source link, a section hint, a
caveat, key points, metadata) is looked up in the lexicon's ``[fields]`` tables, so a team
that writes "Quelle:" or "所感:" adds a word to a data file instead of a regex to the code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.lexicon import default_lexicon, memo
from curator.priority import DECORATION
from curator.script_fold import fold_script

__all__ = ["Field", "KINDS", "REMARKS", "is_remark", "label_kind", "labelled", "match_field"]

KINDS = ("link", "hint", "caveat", "points", "priority", "title", "skip", "note")

_LEAD = (
    r"^\s*+(?:>\s*+)*(?:[-*+·•▸▹・■□◆◇●○▪]\s*+|\d{1,3}[.)]\s++)?(?:\[[ xX]\]\s++)?"
    r"(?:\*\*|__|\*|_)?"
)
"""What comes before a label: quote marks, an entry's marker, a task's box, emphasis."""
_COLON_FIELD = re.compile(
    _LEAD + r"(?P<name>[^:：\n*_【】|]{1,28}?)(?:\*\*|__|\*|_)?"
    r"\s*[:：]\s*(?:\*\*|__|[*_](?=\s|$))?\s*(?P<rest>.*)$"
)
"""A task list's box ("- [ ] Link: …") and italics ("- *Link:* …") may come before the label.
The spaces before a name are taken whole (possessive ``*+``): given back one by one to the name,
which may hold spaces, a line of 2,000 spaces took a second to turn down.  A name they could make
is blank, and a blank name is no field, so no line reads differently."""
_RULED_FIELD = re.compile(
    _LEAD + r"(?P<name>[^:：\n*_【】|—–-]{1,28}?)(?:\*\*|__|\*|_)?"
    r"[ \t]+(?:—|–|--?)[ \t]+(?P<rest>.*)$"
)
"""A known label before a long or short rule ("- Link — https://…", "- Caveat - one seed"): read
only when the lexicon knows the label, as a name before such a rule is most often a title."""
_BRACKET_FIELD = re.compile(
    r"^\s*(?:[-*+·•]\s+)?(?:\[[ xX]\]\s+)?【(?P<name>[^】\n]{1,16})】\s*[:：]?\s*(?P<rest>.*)$"
)


@dataclass(frozen=True)
class Field:
    kind: str
    name: str
    """The label as written."""
    rest: str


@memo
def _tables() -> tuple[dict[str, str], list[tuple[re.Pattern[str], str]]]:
    lex = default_lexicon()
    exact: dict[str, str] = {}
    patterns: list[tuple[re.Pattern[str], str]] = []
    for kind in KINDS:
        for w in lex.words("fields", kind):
            if w.startswith("re:"):
                patterns.append((re.compile(w[3:], re.IGNORECASE), kind))
            else:
                exact.setdefault(fold_script(w.removeprefix("lit:")).casefold(), kind)
    return exact, patterns


def label_kind(name: str) -> str | None:
    """The kind of field a plain label names ("Comentario" → note, "Link" → link), or None."""
    return _kind(name)


def _kind(name: str) -> str | None:
    # a label in either Chinese script ("要點", "判斷", "建議歸入" as "要点", "判断", "建议归入")
    key = fold_script(" ".join(name.strip().split())).casefold()
    if not key:
        return None
    exact, patterns = _tables()
    hit = exact.get(key)
    if hit:
        return hit
    for pat, kind in patterns:
        if pat.fullmatch(key):
            return kind
    return None


def labelled(line: str) -> tuple[str, str] | None:
    """(label, value) of a line shaped as a field, known label or not ("- Readwise: <url>"); not a
    bare address ("https://…") nor a time ("10:30")."""
    if ":" not in line and "：" not in line:
        return None
    m = _COLON_FIELD.match(line)
    if m is None:
        return None
    name, rest = m.group("name").strip(), m.group("rest")
    if not name or name[0].isdigit() or rest.startswith("//"):
        return None
    return name, rest


def match_field(line: str) -> Field | None:
    """The field a line opens (``"- 链接: https://…"`` → link), or None for any other line."""
    if ":" in line or "：" in line or "【" in line:
        for rx in (_BRACKET_FIELD, _COLON_FIELD):
            m = rx.match(line)
            if m:
                name = _undecorated(m.group("name"))
                kind = _kind(name)
                if kind:
                    return Field(kind, name.strip(), m.group("rest"))
    head = line[:40]
    if (" -" in head or " —" in head or " –" in head) and (m := _RULED_FIELD.match(line)):
        name = _undecorated(m.group("name"))
        kind = _kind(name)
        if kind:
            return Field(kind, name.strip(), m.group("rest"))
    return None  # no colon, no 【, no rule after a label (most lines)


def _undecorated(name: str) -> str:
    """A label after the marks that decorate its line ("- 📌 論文: …" → "論文")."""
    deco = DECORATION.match(name)
    return name[deco.end() :] if deco and deco.end() < len(name) else name


REMARKS = ("note", "caveat")
"""The field kinds that remark on an item rather than name or describe it."""


def is_remark(line: str) -> bool:
    """A remark about the item (``note``, ``caveat``): the papers it cites are related work, not
    the item's own paper ("- 关联: … (2607.14016)", "- Caveat: compare X", "- 结论: … cites Y")."""
    f = match_field(line)
    return f is not None and f.kind in REMARKS
