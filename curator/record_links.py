"""Which record a page is: a vulnerability's entry in one database and another's, or its
machine-readable form, are one page.  Notes cite a record from whichever site they read."""

from __future__ import annotations

import functools
import re

from curator.lexicon import default_lexicon, forget_with_lexicon, memo

__all__ = ["record_key"]


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


forget_with_lexicon(record_key.cache_clear)
