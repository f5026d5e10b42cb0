"""The analysis seen through the editor's decisions: what the UI, CLI and export show.

Decisions are keyed by an increment's stable key; an increment also answers to
its aliases (every arXiv ID, normalised URL and title fingerprint of its
items), so a decision survives re-analysis, edits and notes that join later.
Merged increments are folded into their primary.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from curator.arxiv import normalize_id
from curator.models import Analysis, Increment, SourceRef
from curator.urls import find_urls, normalize_url

PRIORITY_CYCLE = [None, "🔴", "🟠", "🟡"]
PRIORITY_WORDS = {"red": "🔴", "high": "🔴", "orange": "🟠", "medium": "🟠", "yellow": "🟡", "low": "🟡"}


def aliases(inc: Increment) -> list[str]:
    """Every key a decision about this increment may have been stored under."""
    from curator.matcher import fingerprint  # rapidfuzz & co. load with the analysis, not the UI

    out = [inc.id, *inc.arxiv]
    out.extend(normalize_url(u) for u in inc.urls)
    for it in inc.items:
        if not it.primary_arxiv and it.title:
            out.append("t:" + fingerprint(it.title))
    seen: set[str] = set()
    return [a for a in out if not (a in seen or seen.add(a))]


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


class Triage:
    """Rows for the current analysis and store; cheap to rebuild after every decision."""

    def __init__(self, analysis: Analysis, store: Any | None) -> None:
        self.analysis = analysis
        self.store = store
        self.rows: list[Row] = []
        self.by_key: dict[str, Row] = {}
        self.orphans: list[Any] = []
        self.rebuild()

    def rebuild(self) -> None:
        current: dict[str, Any] = self.store.current() if self.store is not None else {}
        rows: list[Row] = []
        alias_owner: dict[str, Row] = {}
        for inc in self.analysis.increments:
            row = Row(inc)
            for a in aliases(inc):
                if row.decision is None and a in current:
                    row.decision = current[a]
                alias_owner.setdefault(a, row)
            rows.append(row)
        # fold merged increments into their primary
        hidden: set[int] = set()
        for row in rows:
            d = row.decision
            target = getattr(d, "merged_into", None) if d else None
            if target and target in alias_owner and alias_owner[target] is not row:
                alias_owner[target].absorbed.append(row.inc)
                hidden.add(id(row))
        self.rows = [r for r in rows if id(r) not in hidden]
        self.by_key = {}
        for r in self.rows:
            for a in aliases(r.inc):
                self.by_key.setdefault(a, r)
            for other in r.absorbed:
                for a in aliases(other):
                    self.by_key.setdefault(a, r)
        known = set(alias_owner)
        self.orphans = [d for k, d in current.items() if k not in known and getattr(d, "action", None)]

    def decision_key(self, row: Row) -> str:
        """The key a new decision on this row is stored under (the one already used, if any)."""
        d = row.decision
        return getattr(d, "key", None) or row.inc.id

    def resolve(self, query: str) -> Row | None:
        """arXiv ID in any form, URL, increment id or alias → row."""
        q = query.strip()
        if q in self.by_key:
            return self.by_key[q]
        norm = normalize_id(q)
        if norm and norm[0] in self.by_key:
            return self.by_key[norm[0]]
        urls = find_urls(q if "://" in q else "https://" + q)
        if urls:
            key = normalize_url(urls[0][0])
            if key in self.by_key:
                return self.by_key[key]
        return None

    def counts(self) -> dict[str, int]:
        c = {"new": 0, "approved": 0, "rejected": 0, "deferred": 0, "left": 0, "total": len(self.rows)}
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
    urls = find_urls(query if "://" in query else "https://" + query)
    if urls and "." in urls[0][0]:
        return normalize_url(urls[0][0])
    return None
