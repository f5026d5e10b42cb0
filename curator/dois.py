"""DOIs other than arXiv's, wherever a note writes them: bare, ``doi:``, as a doi.org address,
percent-escaped, or alone in a reference manager's DOI field. A DOI is an address like any link,
so each is given as its ``https://doi.org/`` URL. Pure string work, safe on hostile input."""

from __future__ import annotations

import re

__all__ = ["doi_address", "doi_spans", "find_dois"]

# Crossref's pattern for modern DOIs (10.NNNN/suffix of -._;()/: and alphanumerics), plus
# percent-escapes from doi.org URLs; not after a digit, letter or "." ("2510.1145/x").
_DOI_RE = re.compile(
    r"1(?<![0-9A-Za-z.]1)0\.[0-9]{4,9}(?:/|%2[Ff])(?:[-._;()/:A-Za-z0-9]|%[0-9A-Fa-f]{2})+",
    re.ASCII,
)
_DOI_TRAILING = ".,;:/"


def _trim_doi(doi: str) -> str:
    """Drop sentence punctuation and an unbalanced ')' ("(doi:10.1/x)."), keep "(SICI)"."""
    while True:
        before = doi
        doi = doi.rstrip(_DOI_TRAILING)
        if doi.endswith(")") and doi.count("(") < doi.count(")"):
            doi = doi[:-1]
        if doi == before:
            return doi


def doi_spans(text: str) -> list[tuple[str, int, int]]:
    """(``https://doi.org/<doi>`` lower-case, start, end) of every DOI other than arXiv's, in a
    text that writes it bare or as ``doi:``: a DOI is an address like any link."""
    if "10." not in text:
        return []
    out = []
    for m in _DOI_RE.finditer(text):
        doi = _trim_doi(m.group())
        if "%" in doi:
            from urllib.parse import unquote

            doi = _trim_doi(unquote(doi))
        doi = doi.lower()
        if not doi.startswith("10.48550/") and doi.partition("/")[2]:
            out.append(("https://doi.org/" + doi, m.start(), m.start() + len(doi)))
    return out


def find_dois(text: str) -> list[str]:
    """Distinct DOIs other than arXiv's, as keys ``doi:10.1145/3600006.3613165`` (lower case),
    in order of first appearance; bare, ``doi:`` and ``doi.org/`` forms alike.

    arXiv's own DOIs (``10.48550/arXiv.…``) are left out: ``find_ids`` reads them as IDs.
    """
    return list(
        dict.fromkeys(
            "doi:" + url.removeprefix("https://doi.org/") for url, _a, _b in doi_spans(text)
        )
    )


_DOI_PREFIX = re.compile(r"(?:(?:https?://)?(?:dx\.)?doi\.org/|doi:[ \t]?)?", re.IGNORECASE)


def doi_address(value: str) -> str | None:
    """``https://doi.org/<doi>`` when ``value`` is one DOI and nothing else (bare, ``doi:`` or its
    address; arXiv's own included, case kept): a reference manager's DOI field is its paper's link.
    None for anything else (an ISBN, a sentence)."""
    v = value.strip()
    doi = v[_DOI_PREFIX.match(v).end() :]  # type: ignore[union-attr]
    return "https://doi.org/" + doi if _DOI_RE.fullmatch(doi) else None
