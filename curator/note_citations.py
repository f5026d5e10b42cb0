"""Citation records pasted into a note read as list entries: BibTeX entries (bare or in a
```bibtex fence) and RIS records, each entry one item whose ID, link and note lines follow it.
Part of :data:`curator.note_formats.READERS`; every line stays where it was."""

from __future__ import annotations

import re

from curator.arxiv import find_ids
from curator.lexicon import default_lexicon

__all__ = ["BIB_ENTRY", "RIS_START", "bibtex_items", "ris_items"]


BIB_ENTRY = re.compile(
    r"^[ \t]*@(?!comment|string|preamble)[A-Za-z]+[ \t]*\{[^,\n]*,[ \t]*$",
    re.MULTILINE | re.IGNORECASE,
)
_BIB_FIELD = re.compile(r"^[ \t]*(?P<name>[A-Za-z_-]+)[ \t]*=[ \t]*(?P<value>.*?),?[ \t]*$")
_BIB_ID_FIELDS = ("eprint", "arxiv", "arxivid")
_BIB_LINK_FIELDS = ("url", "doi", "howpublished")
_BIB_TEXT_FIELDS = ("note", "annote", "annotation", "comment", "abstract", "keywords")


def _bib_value(raw: str) -> str:
    v = raw.strip().rstrip(",").strip()
    if v[:1] in '{"' and v[-1:] in '}"':
        v = v[1:-1]
    return " ".join(v.replace("{", "").replace("}", "").split())


def bibtex_items(text: str) -> str:
    """BibTeX entries (bare or in a ```bibtex fence) read as a list: each ``@type{key,`` becomes
    an entry titled by its ``title``, with its eprint / url / doi as a link line and its note as
    its text; other fields blank.  Line numbers are kept."""
    lex_fences = set(default_lexicon().literals("points", "citation_fences"))
    lines = text.split("\n")
    out = list(lines)
    i, n = 0, len(lines)
    while i < n:
        s = lines[i].strip()
        if s.startswith(("```", "~~~")) and s[3:].strip().lower() in lex_fences:
            out[i] = ""  # the fence of a citation record: its entries are read below
            j = i + 1
            while j < n and not lines[j].strip().startswith(s[:3]):
                j += 1
            if j < n:
                out[j] = ""
            i += 1
        elif BIB_ENTRY.match(lines[i]):
            i = _bib_entry(lines, out, i) + 1
        else:
            i += 1
    return "\n".join(out)


def _bib_entry(lines: list[str], out: list[str], i: int) -> int:
    """The entry opening at line index ``i`` written into ``out``; where it ends."""
    n = len(lines)
    depth, j = 0, i
    while j < n and j - i < 200:
        depth += lines[j].count("{") - lines[j].count("}")
        if depth <= 0 and j > i:
            break
        j += 1
    fields: dict[str, tuple[int, str]] = {}
    for k in range(i + 1, min(j, n)):
        m = _BIB_FIELD.match(lines[k])
        if m:
            fields.setdefault(m.group("name").lower(), (k, _bib_value(m.group("value"))))
    for k in range(i, min(j + 1, n)):
        out[k] = ""
    title = fields.get("title", (i, ""))[1]
    out[i] = "- " + (title or lines[i].strip())
    for name, (k, value) in fields.items():
        if value and name != "title":
            out[k] = _bib_line(name, value) or out[k]
    return j


def _bib_line(name: str, value: str) -> str:
    """The line a field becomes: an ID, a link, or text ("" for a field not read)."""
    if name in _BIB_ID_FIELDS:
        return "  arXiv:" + value
    if name in _BIB_LINK_FIELDS:
        return "  link: " + (
            value if "://" in value or not value.startswith("10.") else "https://doi.org/" + value
        )
    if name in _BIB_TEXT_FIELDS:
        return "  " + value
    if cited := find_ids(value):  # "journal = {arXiv preprint arXiv:1211.3711}"
        return "  arXiv:" + cited[0].id
    if "://" in value:
        return "  link: " + value
    return ""


_RIS_TAG = re.compile(r"^[ \t]*(?P<tag>[A-Z][A-Z0-9])  -(?: (?P<value>.*))?$")
RIS_START = re.compile(r"^[ \t]*TY  - ", re.MULTILINE)
_RIS_TITLE_TAGS = ("TI", "T1", "CT", "BT")
_RIS_LINK_TAGS = ("UR", "L1", "L2", "LK", "DO")
_RIS_TEXT_TAGS = ("N1", "N2", "AB", "RN")


def ris_items(text: str) -> str:
    """RIS records (a reference manager's export: ``TY  - JOUR`` … ``ER  - ``) read as a list:
    each record an entry titled by its ``TI``, its ``UR`` / ``DO`` as link lines, its notes
    (``N1``, ``AB``) as its text, other tags blank.  Line numbers are kept."""
    lines = text.split("\n")
    out = list(lines)
    i, n = 0, len(lines)
    while i < n:
        if not RIS_START.match(lines[i]):
            i += 1
            continue
        j = i
        tags: list[tuple[int, str, str]] = []
        while j < n and (m := _RIS_TAG.match(lines[j])) is not None and j - i < 400:
            tags.append((j, m["tag"], (m["value"] or "").strip()))
            if m["tag"] == "ER":
                break
            j += 1
        title = next((v for _k, t, v in tags if t in _RIS_TITLE_TAGS and v), "")
        read = [line for _k, tag, value in tags if (line := _ris_line(tag, value))]
        # the read lines right under the title, the record's other lines blank after them (blank
        # lines inside would end the entry)
        record = ["- " + (title or lines[i].strip()), *read]
        for k, (line_k, _t, _v) in enumerate(tags):
            out[line_k] = record[k] if k < len(record) else ""
        i = max(j, i) + 1
    return "\n".join(out)


def _ris_line(tag: str, value: str) -> str:
    """The line a tag becomes: a link, text, an ID a field cites, or "" for a tag not read."""
    if not value:
        return ""
    if tag in _RIS_LINK_TAGS:
        return "  link: " + (
            value if "://" in value or not value.startswith("10.") else "https://doi.org/" + value
        )
    if tag in _RIS_TEXT_TAGS:
        return "  " + value
    if tag not in _RIS_TITLE_TAGS and (cited := find_ids(value)):
        return "  arXiv:" + cited[0].id
    return ""
