"""The analysis seen through the editor's decisions: what the UI, CLI and export show.

Decisions are keyed by an increment's stable key; an increment also answers to
its aliases (every arXiv ID, normalised URL and title fingerprint of its
items), so a decision survives re-analysis, edits and notes that join later.
Merged increments are folded into their primary.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from curator import priority
from curator.arxiv import normalize_id
from curator.models import Analysis, Increment, SourceRef

PRIORITY_CYCLE = priority.CYCLE
PRIORITY_WORDS = priority.ALIASES


def aliases(inc: Increment) -> list[str]:
    """Every key a decision about this increment may have been stored under."""
    from curator.matcher import fingerprint  # rapidfuzz & co. load with the analysis, not the UI
    from curator.urls import normalize_url

    out = [inc.id, *inc.arxiv]
    out.extend(normalize_url(u) for u in inc.urls)
    for it in inc.items:
        if not it.primary_arxiv and it.title:
            out.append("t:" + fingerprint(it.title))
    return list(dict.fromkeys(out))  # each once, first place kept


@dataclass
class Row:
    inc: Increment
    decision: Any = None
    absorbed: list[Increment] = field(default_factory=list)

    @property
    def key(self) -> str:
        return self.inc.id

    @property
    def action(self) -> str | None:
        return getattr(self.decision, "action", None) if self.decision else None

    @property
    def title(self) -> str:
        t = getattr(self.decision, "title", None) if self.decision else None
        return t or self.inc.title

    @property
    def section(self) -> str | None:
        s = getattr(self.decision, "section", None) if self.decision else None
        if s:
            return str(s)
        return self.inc.suggested_sections[0].section if self.inc.suggested_sections else None

    @property
    def priority(self) -> str | None:
        p = getattr(self.decision, "priority", None) if self.decision else None
        return p or self.inc.priority

    @property
    def tier(self) -> str:
        """ "main" or "adjacent": the editor's choice, else the default rule (curator.tiers)."""
        from curator.tiers import row_tier

        return row_tier(self)

    @property
    def tier_chosen(self) -> bool:
        """Whether the editor chose this row's tier (rather than the default rule)."""
        return bool(getattr(self.decision, "tier", None)) if self.decision else False

    @property
    def points(self) -> list[str]:
        p = getattr(self.decision, "points", None) if self.decision else None
        if p is not None:
            return list(p)
        pts = list(self.inc.points)
        for other in self.absorbed:
            pts.extend(x for x in other.points if x not in pts)
        return pts

    @property
    def caveats(self) -> list[str]:
        c = getattr(self.decision, "caveats", None) if self.decision else None
        if c is not None:
            return list(c)
        cav = list(self.inc.caveats)
        for other in self.absorbed:
            cav.extend(x for x in other.caveats if x not in cav)
        return cav

    @property
    def sources(self) -> list[SourceRef]:
        out = [replace(s) for s in self.inc.sources]
        paths = {s.path for s in out}
        for other in self.absorbed:
            for s in other.sources:
                if s.path in paths:
                    for o in out:
                        if o.path == s.path and s.label not in o.label:
                            o.label = f"{o.label} + {s.label}"
                else:
                    out.append(s)
                    paths.add(s.path)
        return out

    @property
    def arxiv(self) -> list[str]:
        out = list(self.inc.arxiv)
        for other in self.absorbed:
            out.extend(a for a in other.arxiv if a not in out)
        return out

    @property
    def urls(self) -> list[str]:
        out = list(self.inc.urls)
        for other in self.absorbed:
            out.extend(u for u in other.urls if u not in out)
        return out


class _Owners:
    """Which row an alias belongs to: the row whose id it is, else the one row carrying it."""

    def __init__(self, rows: list[Row], alias_of: Callable[[Increment], list[str]]) -> None:
        self.own = {row.inc.id: row for row in rows}
        self.carriers: dict[str, list[Row]] = {}
        """Alias → every row carrying it."""
        self.aliases: dict[int, list[str]] = {}
        """id(row) → its aliases, first place first."""
        for row in rows:
            found = self.aliases[id(row)] = alias_of(row.inc)
            for a in found:
                self.carriers.setdefault(a, []).append(row)

    def __call__(self, alias: str) -> Row | None:
        if alias in self.own:
            return self.own[alias]
        found = self.carriers.get(alias, ())
        return found[0] if len(found) == 1 else None


def _attach(rows: list[Row], current: dict[str, Any], owner: _Owners) -> set[str]:
    """Give each row the decision stored under one of its aliases; the keys used."""
    attached: set[str] = set()
    stored = _stored_forms(current)
    for row in rows:
        for a in owner.aliases[id(row)]:
            k = stored.get(a)
            if k is not None and owner(a) is row:
                row.decision = current[k]
                attached.add(k)
                break
    return attached


def _stored_forms(current: dict[str, Any]) -> dict[str, str]:
    """Each stored key → itself, and a link's key as links are normalised today → the key it
    was stored under: a decision on "github.com/Acme-Lab/FooNet" or on a preprint's page
    "medrxiv.org/content/10.1101/…v1", stored before owner names were read case-blind and
    preprint pages as their DOI, still finds "github.com/acme-lab/foonet" or "doi.org/10.1101/…"."""
    forms = {k: k for k in current}
    for k in current:
        if form := _link_form(k):
            forms.setdefault(form, k)
    return forms


def _link_form(key: str) -> str | None:
    """A stored link key as links are normalised today (None for an ID or a title key)."""
    if "/" not in key or "." not in key.split("/", 1)[0] or key[:2] == "t:":
        return None
    from curator.urls import normalize_url  # loads only where such a key is stored

    return normalize_url(key) or None


def _fold_merges(rows: list[Row], owner: _Owners) -> dict[int, Row]:
    """Fold merged increments into their primary: id(merged row) → the row it is shown as."""
    shown_as: dict[int, Row] = {}
    for row in rows:
        d = row.decision
        target = getattr(d, "merged_into", None) if d else None
        primary = (owner(target) or owner(_link_form(target) or target)) if target else None
        if primary is not None and primary is not row:
            primary.absorbed.append(row.inc)
            shown_as[id(row)] = primary
    return shown_as


class Triage:
    """Rows for the current analysis and store; cheap to rebuild after every decision.

    Keys are unambiguous: an increment's id names it alone (even where another increment
    carries the same string among its aliases), and any other alias names an increment only
    when no other increment carries it too. A decision is attached to the one increment its
    key names; one stored under a key that names several is attached to none (an orphan).
    """

    def __init__(
        self,
        analysis: Analysis,
        store: Any | None,
        alias_of: Callable[[Increment], list[str]] | None = None,
    ) -> None:
        """*alias_of*: each increment's aliases when they are known already (a kept answer's);
        by default :func:`aliases` reads them from the increment."""
        self.analysis = analysis
        self.store = store
        self.alias_of = alias_of or aliases
        self.rows: list[Row] = []
        self.by_key: dict[str, Row] = {}
        """Key or alias → the row shown for it (unambiguous keys only)."""
        self.shared: dict[str, list[Row]] = {}
        """Aliases several rows carry → those rows (a decision cannot be keyed by them)."""
        self.orphans: list[Any] = []
        self.rebuild()

    def rebuild(self) -> None:
        current: dict[str, Any] = self.store.current() if self.store is not None else {}
        rows = [Row(inc) for inc in self.analysis.increments]
        owner = _Owners(rows, self.alias_of)
        attached = _attach(rows, current, owner)
        shown_as = _fold_merges(rows, owner)

        def shown(row: Row) -> Row:
            for _ in range(len(rows)):  # a merge chain ends at a row that is shown
                if id(row) not in shown_as:
                    break
                row = shown_as[id(row)]
            return row

        self.rows = [r for r in rows if id(r) not in shown_as]
        self.by_key = {}
        self.shared = {}
        for alias, found in owner.carriers.items():
            rows_for = list({id(r): r for r in map(shown, found)}.values())
            holder = owner(alias)
            if holder is not None:
                self.by_key[alias] = shown(holder)
            elif len(rows_for) == 1:
                self.by_key[alias] = rows_for[0]
            else:
                self.shared[alias] = rows_for
        self.orphans = [
            d for k, d in current.items() if k not in attached and getattr(d, "action", None)
        ]

    def decision_key(self, row: Row) -> str:
        """The key a new decision on this row is stored under (the one already used, if any)."""
        d = row.decision
        return getattr(d, "key", None) or row.inc.id

    @staticmethod
    def _forms(query: str) -> Iterator[str]:
        """The query as given, as an arXiv ID, as a URL: each made only when the ones before it
        named nothing (a URL's normalising library loads only for a URL)."""
        q = query.strip()
        yield q
        norm = normalize_id(q)
        if norm:
            yield norm[0]
        from curator.urls import find_urls, normalize_url  # loads only for a query left unnamed

        urls = find_urls(q if "://" in q else "https://" + q)
        if urls:
            yield normalize_url(urls[0][0])

    def candidates(self, query: str) -> list[Row]:
        """Every row *query* (arXiv ID in any form, URL, increment id or alias) may mean."""
        for form in self._forms(query):
            if form in self.by_key:
                return [self.by_key[form]]
            if form in self.shared:
                return list(self.shared[form])
        return []

    def resolve(self, query: str) -> Row | None:
        """The one row *query* names; None when it names none or several (see
        :meth:`candidates`)."""
        found = self.candidates(query)
        return found[0] if len(found) == 1 else None

    def counts(self) -> dict[str, int]:
        c = {
            "new": 0,
            "approved": 0,
            "rejected": 0,
            "deferred": 0,
            "left": 0,
            "total": len(self.rows),
        }
        for r in self.rows:
            if r.inc.status == "new":
                c["new"] += 1
            act = r.action
            if act == "approve":
                c["approved"] += 1
            elif act == "reject":
                c["rejected"] += 1
            elif act == "defer":
                c["deferred"] += 1
            else:
                c["left"] += 1
        return c

    def approved(self) -> list[Row]:
        return [r for r in self.rows if r.action == "approve"]


def store_key_for(query: str) -> str | None:
    """A key for a decision about something not in the current analysis (valid ID or URL only)."""
    norm = normalize_id(query)
    if norm:
        return norm[0]
    from curator.urls import find_urls, normalize_url

    urls = find_urls(query if "://" in query else "https://" + query)
    if urls and "." in urls[0][0]:
        return normalize_url(urls[0][0])
    return None
