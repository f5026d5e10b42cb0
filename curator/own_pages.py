"""The team's own pages: links into the workspace's own domains, which are where notes come from,
not items.

A note carries links to the team's own places: the lab notebook an entry was copied from
(``https://elab.<team>.example/experiments.php?id=412``), the repository a pasted ``git log`` is
from (``github.com/<team>/reading-list``).  Named alone, such a link would be a "new" increment
nobody can brief.  Which domains are the team's is evidence in the inbox itself: the mail domain
its people sign with (``ana@acme.org`` in the note of ``inbox/ana/``, or a domain
two addresses of the window share), minus public mail providers (``[urls] mail_providers``).
"""

from __future__ import annotations

from collections.abc import Iterable

from curator.lexicon import default_lexicon, memo
from curator.mail_addresses import mail_addresses
from curator.matcher import Cluster
from curator.urls import split_url

__all__ = ["OwnPages", "own_page"]


class OwnPages:
    """The team's own domains, read from the window's notes (see the module docstring)."""

    def __init__(self, domains: Iterable[str]) -> None:
        self.domains = frozenset(d.lower() for d in domains)
        # the organisation a code host names the team by: "acme" for acme.org
        self.orgs = frozenset(d.split(".", 1)[0] for d in self.domains)

    @classmethod
    def read(cls, notes: Iterable[tuple[str, str]]) -> OwnPages:
        """From (author, text) of each note of the window; a fediverse handle (``@ana@host``) is
        no address."""
        lex = default_lexicon()
        providers = set(lex.literals("urls", "mail_providers"))
        people: dict[str, set[str]] = {}
        signed: set[str] = set()
        for author, text in notes:
            for local, domain in mail_addresses(text):
                if domain in providers or any(domain.endswith("." + p) for p in providers):
                    continue
                people.setdefault(domain, set()).add(local)
                if author and local == author.lower():
                    signed.add(domain)
        return cls(d for d, who in people.items() if len(who) >= 2 or d in signed)

    def owner(self, url: str) -> str | None:
        """The team domain ``url`` is a page of, if any: the domain or a subdomain of it, or the
        team's organisation on a code host (``[urls] code_hosts``)."""
        if not self.domains:
            return None
        host, path, _query = split_url(url)
        for d in self.domains:
            if host == d or host.endswith("." + d):
                return d
        if host in _code_hosts():
            org = path.strip("/").split("/", 1)[0].lower()
            if org in self.orgs:
                return next(d for d in sorted(self.domains) if d.split(".", 1)[0] == org)
        return None


@memo
def _code_hosts() -> frozenset[str]:
    return frozenset(default_lexicon().literals("urls", "code_hosts"))


def own_page(c: Cluster, own: OwnPages) -> str | None:
    """The team domain a link increment's page is on: the team's own page, however a note names
    it (as a signature's site is in the note it signs)."""
    return own.owner(c.key)
