"""Identifiers a note writes with their label ("PMID: 42873305", "PMID 42873305"): each stands
for the page of its record (``https://pubmed.ncbi.nlm.nih.gov/42873305/``), as a DOI stands for
its doi.org address.  A reference list that gives only the label then joins the note that links
the page, and the editor sees one increment.  Labels, identifiers and addresses are
``[urls] labelled_ids`` ("<label>|<identifier's pattern>|<address with {}>")."""

from __future__ import annotations

import functools
import re
from typing import TypeVar

from curator.lexicon import default_lexicon, forget_with_lexicon
from curator.models import Item

T = TypeVar("T")

__all__ = ["labelled_spans", "reference_runs", "with_identifiers"]


@functools.lru_cache(maxsize=1)
def _entries() -> tuple[re.Pattern[str] | None, tuple[str, ...], tuple[str, ...]]:
    """One pattern (a named group per entry's identifier), the entries' address templates, and
    the spellings of their labels a text must hold for any to match (none: always look)."""
    parts: list[str] = []
    templates: list[str] = []
    gates: list[str] = []
    for entry in default_lexicon().words("urls", "labelled_ids"):
        label, _, rest = entry.removeprefix("lit:").partition("|")
        ident, _, template = rest.partition("|")
        if not (label and ident and "{}" in template):
            continue
        n = len(templates)
        parts.append(rf"(?:{label})[ \t]*[:=#.]?[ \t]*\{{?(?P<i{n}>{ident})(?![\w-])")
        templates.append(template)
        if gates is not None and re.escape(label) == label:
            gates += [label.upper(), label.lower(), label.title()]
        else:
            gates = None  # type: ignore[assignment]
    if not parts:
        return None, (), ()
    rx = re.compile(rf"(?<![\w-])(?:{'|'.join(parts)})", re.IGNORECASE)
    return rx, tuple(templates), tuple(dict.fromkeys(gates)) if gates is not None else ()


forget_with_lexicon(_entries.cache_clear)


def labelled_spans(text: str) -> list[tuple[str, int, int]]:
    """(the record's address, start, end) of every labelled identifier in ``text``."""
    rx, templates, gates = _entries()
    if rx is None or (gates and not any(g in text for g in gates)):
        return []
    out = []
    for m in rx.finditer(text):
        group = m.lastgroup or ""
        if group.startswith("i") and group[1:].isdigit():
            out.append((templates[int(group[1:])].replace("{}", m[group]), m.start(), m.end()))
    return out


def reference_runs(mentions: list[tuple[Item, T]]) -> list[list[tuple[Item, T]]]:
    """Runs of passing mentions that cite one work: a sentence that gives only labelled
    identifiers ("PMID: 42873305.") on the line of the citing sentence before it, in one note."""
    runs: list[list[tuple[Item, T]]] = []
    prev: tuple[Item, T] | None = None
    for entry in mentions:
        car = entry[0]
        if (
            prev is not None
            and car.urls
            and prev[0].urls
            and car.note == prev[0].note
            and car.line_start <= prev[0].line_end
            and set(car.urls) <= {u for u, _s, _e in labelled_spans(car.text)}
        ):
            if runs and runs[-1][-1] is prev:
                runs[-1].append(entry)
            else:
                runs.append([prev, entry])
        prev = entry
    return runs


def with_identifiers(text: str, found: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """``found`` (links as written) with the addresses of the DOIs written bare or as
    ``doi:10.1126/…`` outside them and of the labelled identifiers, in order of position."""
    extra = []
    if "10." in text:
        from curator.dois import doi_spans

        taken = [(s, e) for _u, s, e in found]
        extra = [d for d in doi_spans(text) if not any(s <= d[1] < e for s, e in taken)]
    extra += labelled_spans(text)
    return sorted(found + extra, key=lambda f: f[1]) if extra else found
