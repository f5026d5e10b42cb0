"""Which record a page is: a vulnerability's entry in one database and another's, or its
machine-readable form, are one page.  Notes cite a record from whichever site they read, and
under whichever identifier: a note that writes two databases' identifiers as one ("CVE-… (GHSA-…)")
says they are one record."""

from __future__ import annotations

import functools
import re

from curator.lexicon import default_lexicon, forget_with_lexicon, memo

__all__ = ["record_aliases", "record_key"]


@memo
def _records() -> tuple[tuple[frozenset[str], re.Pattern[str]], ...]:
    """``[urls] record_ids`` as (hosts, the identifier's pattern) pairs."""
    out = []
    for entry in default_lexicon().words("urls", "record_ids"):
        hosts, _bar, pattern = entry.removeprefix("lit:").partition("|")
        if hosts.strip() and pattern:
            rx = re.compile(rf"(?<![\w-])(?:{pattern})(?![\w-])", re.IGNORECASE)
            out.append((frozenset(hosts.lower().split()), rx))
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def record_key(key: str) -> str | None:
    """The record a normalised page key names ("nvd.nist.gov/vuln/detail/CVE-2027-1",
    "cve.org/cverecord?id=cve-2027-1" → "CVE-2027-1"), for the hosts ``[urls] record_ids``
    lists; None for any other page."""
    host, _, rest = key.partition("/")
    host = host.removeprefix("www.")
    for hosts, rx in _records():
        if host in hosts or any(host.endswith("." + h) for h in hosts):
            m = rx.search(rest)
            if m:
                return m.group(0).upper()
    return None


_JOINS = r"\s*(?:\(|/|=)\s*"
"""What stands between two identifiers of one record: "CVE-… (GHSA-…", "GHSA-… / CVE-…"."""


@memo
def _pair() -> re.Pattern[str] | None:
    """Two identifiers of the listed kinds, written as one: each kind's pattern a named group."""
    kinds = [rx.pattern for _hosts, rx in _records()]
    if len(kinds) < 2:
        return None
    either = "|".join(f"(?P<k{i}>{p})" for i, p in enumerate(kinds))
    second = either.replace("(?P<k", "(?P<s")
    return re.compile(rf"(?:{either}){_JOINS}(?:{second})", re.IGNORECASE)


def record_aliases(texts: list[str]) -> dict[str, str]:
    """Identifiers of other kinds that the notes write as one record ("CVE-2027-1 (GHSA-…)"),
    each to the one the record is kept under (the first in order); two of one kind side by side
    ("CVE-1 / CVE-2") are two records."""
    pair = _pair()
    if pair is None:
        return {}
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    for text in texts:
        if "-" not in text:
            continue
        at = 0
        while (m := pair.search(text, at)) is not None:
            named = {k: v for k, v in m.groupdict().items() if v is not None}
            (first_kind, a), (second_kind, b) = sorted(named.items(), key=lambda kv: m.start(kv[0]))
            if first_kind[1:] != second_kind[1:]:
                ra, rb = sorted((root(a.upper()), root(b.upper())))
                parent[ra] = parent[rb] = ra
            at = m.start(second_kind)  # the second may be written as one with a third
    return {x: root(x) for x in parent if root(x) != x}


forget_with_lexicon(record_key.cache_clear)
