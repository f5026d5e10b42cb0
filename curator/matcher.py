"""Items → increments: merge what several notes report (what merely overlaps is flagged by
:mod:`curator.overlaps`).

Rules, in order of certainty:

* the same normalised arXiv ID (or URL) is the same increment (certain);
* items a note explicitly groups ("条目3-6、8 合起来…") are one increment (likely);
* items without an ID whose titles match strongly are one increment (likely),
  unless each title has a Latin word the other lacks ("AlphaDB 加入基金会…" vs
  "BetaDB 加入基金会…": same template, other subject);
* two different arXiv IDs are never merged automatically: related papers
  (one measures, the other mitigates) become *overlaps* with a score and a reason
  (:mod:`curator.overlaps`).

Fuzzy work is blocked on rare tokens so it stays near-linear at 10,000 items.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rapidfuzz import fuzz

from curator.labelled_ids import reference_runs
from curator.models import Item, Merge, SourceRef, short_path
from curator.project_pages import package_project, page_root, project_page, same_thing
from curator.repo_links import package_name
from curator.textfeatures import (
    STOP,
    normalized_title,
    title_core,
    token_set,
)
from curator.urls import normalize_url


@dataclass
class Cluster:
    key: str
    kind: str  # arxiv | url | title
    items: list[Item] = field(default_factory=list)
    mentions: list[Item] = field(default_factory=list)
    """Items that only mention the key in passing."""
    merge: Merge = "single"
    reasons: list[str] = field(default_factory=list)


class _UnionFind:
    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, a: int) -> int:
        while self.parent[a] != a:
            self.parent[a] = self.parent[self.parent[a]]
            a = self.parent[a]
        return a

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def fingerprint(title: str) -> str:
    t = title.lower()
    t = re.sub(r"[(（【\[].*?[)）】\]]", " ", t)
    t = re.sub(r"[^\w\u3400-\u9fff]+", "-", t).strip("-")
    return t[:60] or "untitled"


def cluster_items(
    items: list[Item],
    carriers: list[Item],
    groups: list[tuple[list[Item], str]],
    url_ids: Mapping[str, str] | None = None,
    said: Mapping[str, str] | None = None,
    passing: Sequence[tuple[Item, Sequence[str]]] = (),
    own: frozenset[str] = frozenset(),
    anchored: frozenset[str] = frozenset(),
    aliases: Mapping[str, str] | None = None,
) -> list[Cluster]:
    """Group items into increments (see module docstring).

    ``url_ids`` maps a normalised link to the arXiv ID whose paper card gives it (its code, its
    project page) or that a note says it is (``said``: link → that note): an item that links
    only that is about the paper.  ``passing`` holds links items name in passing beyond their
    own (those the doc anchors): each joins the increment with that link as a mention.  ``own``
    holds the living doc's own addresses: a link there cites a section of it, so it neither
    joins two items nor keys one nor is named in passing.  ``anchored``: the links the doc
    anchors (a release of a repository there is news of its own: :mod:`curator.project_pages`).
    ``aliases``: record identifiers the notes write as one (:func:`record_aliases`)."""
    made = _Clusters(url_ids or {}, said or {}, own, anchored, aliases or {})
    idless = made.add_by_id(items, carriers)
    # items without an ID: union by URL, note grouping, strong title match
    joined = _join_idless(idless, groups, own, anchored, aliases or {})
    made.add_idless(idless, joined)
    made.add_passing(carriers, items, passing)
    return [made.clusters[k] for k in made.order]


class _Clusters:
    """The clusters so far, by key, in the order they were started."""

    def __init__(
        self,
        url_ids: Mapping[str, str],
        said: Mapping[str, str],
        own: frozenset[str] = frozenset(),
        anchored: frozenset[str] = frozenset(),
        aliases: Mapping[str, str] | None = None,
    ) -> None:
        self.aliases = aliases or {}
        self.url_ids = url_ids
        self.said = said
        self.own = own
        self.anchored = anchored
        self.clusters: dict[str, Cluster] = {}
        self.order: list[str] = []

    def get(self, key: str, kind: str) -> Cluster:
        c = self.clusters.get(key)
        if c is None:
            c = self.clusters[key] = Cluster(key, kind)
            self.order.append(key)
        return c

    def add_by_id(self, items: list[Item], carriers: list[Item]) -> list[Item]:
        """Items by their arXiv ID, mentions by the IDs they mention; the ID-less items back."""
        idless: list[Item] = []
        first_note: dict[str, str] = {}  # cluster key → the note of its first item
        for it in items:
            if it.primary_arxiv:
                c = self.get(it.primary_arxiv, "arxiv")
                c.items.append(it)
                if first_note.setdefault(c.key, it.note) != it.note:
                    c.merge = "certain"  # a second note reports it
            else:
                idless.append(it)
            for mid in it.mentions:
                self.get(mid, "arxiv").mentions.append(it)
        for car in carriers:
            for mid in car.mentions:
                self.get(mid, "arxiv").mentions.append(car)
            if car.malformed and not car.mentions and not car.urls:
                # an ID that cannot be one: its own increment, to be verified ("?:2613.04418")
                key = "?:" + car.malformed[0].split(":", 1)[0].strip()
                self.get(key, "malformed").items.append(car)
        return idless

    def add_idless(self, idless: list[Item], joined: _Joined) -> None:
        """Each group of joined ID-less items: into the arXiv increment its title or its link
        names, else an increment of its own link or title."""
        # an ID-less item with no URL whose title strongly matches an arXiv increment joins it
        core_to_key: dict[str, str] = {}
        for k, c in self.clusters.items():
            for core in [title_core(i.title) for i in c.items]:
                if len(core) >= 3:
                    core_to_key.setdefault(core.lower(), k)
        groups_by_root: dict[int, list[int]] = defaultdict(list)
        for i in range(len(idless)):
            groups_by_root[joined.uf.find(i)].append(i)
        for root, members in sorted(groups_by_root.items(), key=lambda kv: min(kv[1])):
            its = [idless[i] for i in members]
            if not self._join_paper(its, core_to_key):
                self._add_own(its, root, joined)

    def _join_paper(self, its: list[Item], core_to_key: dict[str, str]) -> bool:
        """Join the arXiv increment whose title these items bear (when they give no link), or
        the paper their link belongs to; False when neither."""
        if not any(it.urls for it in its):
            cores = {title_core(it.title).lower() for it in its}
            target = next((core_to_key[c] for c in cores if c in core_to_key), None)
            if target:
                c = self.clusters[target]
                c.items.extend(its)
                c.merge = "likely"
                c.reasons.append(f"title matches {c.items[0].title[:40]}")
                return True
        url_key = next((normalize_url(u) for it in its for u in it.urls), None)
        paper = self.url_ids.get(url_key) if url_key else None
        if not paper or url_key is None:
            return False
        c = self.get(paper, "arxiv")
        c.items.extend(its)
        c.merge = "likely"
        c.reasons.append(
            f"{short_path(self.said[url_key])} says {url_key} is this paper"
            if url_key in self.said
            else f"its paper card links {url_key}"
        )
        return True

    def _add_own(self, its: list[Item], root: int, joined: _Joined) -> None:
        """An increment of their own: keyed by their first link, else by their title."""
        url_key = next(
            (k for it in its for u in it.urls if (k := normalize_url(u)) not in self.own), None
        )
        if url_key:
            c = self.get(url_key, "url")
        else:
            key = "t:" + fingerprint(its[0].title)
            n_key = 1
            while key in self.clusters and _numbers(self.clusters[key].items[0].title) != _numbers(
                its[0].title
            ):
                n_key += 1  # same words, other numbers ("第 5 批" / "第 8 批"): another event
                key = f"t:{fingerprint(its[0].title)}~{n_key}"
            c = self.get(key, "title")
        c.items.extend(its)
        if len(its) > 1:
            reason = joined.reason
            c.merge = (
                "likely"
                if root in joined.likely or reason.get(root, "").startswith("title")
                else "certain"
            )
            if root in reason:
                c.reasons.append(reason[root])

    def add_passing(
        self,
        carriers: list[Item],
        items: list[Item],
        extra: Sequence[tuple[Item, Sequence[str]]] = (),
    ) -> None:
        """Links mentioned in passing (a chat line, a sentence of an essay) join the increment
        with that link."""
        owner: dict[str, str] = {}
        for k in self.order:
            for it in self.clusters[k].items:
                for u in it.urls:
                    owner.setdefault(normalize_url(u), k)
        passing: list[tuple[Item, Sequence[str]]] = [(car, car.urls) for car in carriers]
        passing += [(it, it.linked) for it in items if it.linked]
        passing += extra
        for car, nus in self._resolved(passing, owner):
            for nu in nus:
                if nu in owner and car in self.clusters[owner[nu]].items:
                    continue
                if nu not in owner and nu in self.url_ids:
                    owner[nu] = self.get(self.url_ids[nu], "arxiv").key
                c = self.clusters[owner[nu]] if nu in owner else self.get(nu, "url")
                owner.setdefault(nu, c.key)
                if car not in c.mentions:
                    c.mentions.append(car)

    def _resolved(
        self, passing: list[tuple[Item, Sequence[str]]], owner: Mapping[str, str]
    ) -> list[tuple[Item, list[str]]]:
        """Each passing mention's links as the increments they stand for: a repository for a
        page of it, an item's release or package, a record as another site shows it; the
        identifiers of one reference the work its first known link is."""
        named = set(owner) | {normalize_url(u) for _car, links in passing for u in links}
        same = {k: same_thing(k, self.anchored, self.aliases) for k in owner}
        records = {r: k for k, r in same.items() if r is not None}
        released = self._released(owner)

        def resolve(nu: str) -> str:
            root = page_root(nu, self.anchored) if nu not in self.anchored else None
            if root is not None and root in named:
                return root  # a page of a repository named too: that repository
            if nu not in owner and (page := project_page(nu, released)) is not None:
                return page  # a repository whose release or package an item cites: that item
            if (record := same_thing(nu, self.anchored, self.aliases)) is not None:
                return records.setdefault(record, nu)  # the record as another site shows it
            if (project := package_project(nu, records, self.anchored)) is not None:
                return records[project]  # the package of a repository the notes cite
            return nu

        resolved = [
            (car, [resolve(nu) for u in links if (nu := normalize_url(u)) not in self.own])
            for car, links in passing  # a link into the living doc cites a section of it
        ]
        known = set(owner) | self.anchored | set(self.url_ids)
        for group in reference_runs(resolved):
            every = [n for _c, ns in group for n in ns]
            lead = next((n for n in every if n in known), every[0]) if every else ""
            for _car, ns in group if lead else ():
                ns[:] = [lead] * len(ns)  # one work: "doi: 10.1/x. PMID: 4287." of one reference
        return resolved

    def _released(self, owner: Mapping[str, str]) -> dict[str, str]:
        """Repository (or package name) → the one page of it an item cites as its own (a
        release the doc does not anchor, a package index's or documentation page): a repository
        named in passing is that item's project."""
        pages: dict[str, list[str]] = {}
        for k in owner:
            if k in self.anchored:
                continue
            root = page_root(k, self.anchored) or package_name(k)
            if root is not None and root not in owner and root not in self.anchored:
                pages.setdefault(root, []).append(k)
        return {root: ks[0] for root, ks in pages.items() if len(ks) == 1}


@dataclass
class _Joined:
    """ID-less items joined by link, by the note's grouping or by title: the union-find, why
    each root was joined, and which roots are only likely one increment."""

    uf: _UnionFind
    reason: dict[int, str] = field(default_factory=dict)
    likely: set[int] = field(default_factory=set)


def _join_idless(
    idless: list[Item],
    groups: list[tuple[list[Item], str]],
    own: frozenset[str] = frozenset(),
    anchored: frozenset[str] = frozenset(),
    aliases: Mapping[str, str] | None = None,
) -> _Joined:
    joined = _Joined(_UnionFind(len(idless)))
    uf, reason = joined.uf, joined.reason
    by_url: dict[str, int] = {}
    for i, it in enumerate(idless):
        for u in it.urls:
            key = normalize_url(u)
            if key in own:
                continue
            if key in by_url:
                uf.union(by_url[key], i)
                reason.setdefault(uf.find(i), "same URL")
            else:
                by_url[key] = i
    records: dict[str, int] = {}
    for key, i in by_url.items():
        # a page of a repository another item cites (a release the doc anchors is its own)
        repo = page_root(key, anchored) if key not in anchored else None
        if repo is not None and repo in by_url:
            uf.union(by_url[repo], i)
            reason.setdefault(uf.find(i), "a page of the same repository")
        if (record := same_thing(key, anchored, aliases)) is not None:
            if record in records:
                uf.union(records[record], i)
                reason.setdefault(uf.find(i), f"the same record or project ({record})")
            else:
                records[record] = i
    _join_packages(by_url, records, anchored, joined)
    index_of = {id(it): i for i, it in enumerate(idless)}
    for members, sentence in groups:
        idx = [index_of[id(m)] for m in members if id(m) in index_of]
        for a in idx[1:]:
            uf.union(idx[0], a)
        if len(idx) > 1:
            root = uf.find(idx[0])
            joined.likely.add(root)
            reason[root] = f"the note groups them: “{sentence[:60]}”"
    _fuzzy_union(idless, uf, reason, joined.likely)
    return joined


def _join_packages(
    by_url: dict[str, int], projects: dict[str, int], anchored: frozenset[str], joined: _Joined
) -> None:
    """Each package page joins the repository of its name (:func:`package_project`)."""
    for key, i in by_url.items():
        if (project := package_project(key, projects, anchored)) is not None:
            joined.uf.union(projects[project], i)
            joined.reason.setdefault(joined.uf.find(i), f"the package of {project}")


def _fuzzy_union(
    idless: list[Item], uf: _UnionFind, reason: dict[int, str], likely: set[int]
) -> None:
    """Strong title matches between ID-less items of different notes (blocked on rare tokens)."""
    n = len(idless)
    if n < 2:
        return
    norm = [normalized_title(it.title) for it in idless]
    toks = [token_set(t) for t in norm]
    df: dict[str, int] = defaultdict(int)
    for ts in toks:
        for t in ts:
            df[t] += 1
    cap = max(5, n // 50)
    block: dict[str, list[int]] = defaultdict(list)
    for i, ts in enumerate(toks):
        rare = sorted((t for t in ts if df[t] <= cap), key=lambda t: df[t])[:4]
        for t in rare:
            block[t].append(i)
    seen: set[tuple[int, int]] = set()
    for members in block.values():
        if len(members) > 200:
            continue
        for a_i, a in enumerate(members):
            for b in members[a_i + 1 :]:
                if (a, b) in seen or idless[a].note == idless[b].note:
                    continue
                seen.add((a, b))
                if _same_item(norm[a], norm[b], idless[a], idless[b]):
                    uf.union(a, b)
                    root = uf.find(a)
                    likely.add(root)
                    reason[root] = f"titles match: {idless[a].title[:30]} ≈ {idless[b].title[:30]}"


_NUMBER = re.compile(r"(?<![a-z])[a-z]*\d+(?:\.\d+)?[a-z%]*|(?<=[a-z])\d+(?:\.\d+)?[a-z%]*")
"""A number with the letters glued to it ("gpt4", "7b", "1.5x"); a match starts where a run of
letters starts (or at its digits), not at each letter of a long run, which rescanned the rest of
the run from each (a title of 8,000 letters)."""


def _numbers(title: str) -> set[str]:
    """Tokens with digits ("b200", "12%", "第 5 批" → "5"): they tell events apart."""
    return set(_NUMBER.findall(title.lower()))


_WORD = re.compile(r"[a-z][a-z0-9]*")
_INFLECTIONS = ("ing", "ed", "es", "s", "e")


def _stem(word: str) -> str:
    """Drop one English inflection ("caching"/"cache", "models"/"model") so rewording still
    nests."""
    if len(word) < 5 or not word.isalpha():
        return word
    for suf in _INFLECTIONS:
        if word.endswith(suf) and not (suf == "s" and word.endswith("ss")):
            return word[: -len(suf)]
    return word


def _latin_words(norm: str) -> set[str]:
    """The Latin words of a normalised title (no stop words, joined words split, stemmed)."""
    return {_stem(w) for w in _WORD.findall(norm) if w not in STOP and len(w) > 1}


def _words_nested(na: str, nb: str) -> bool:
    """True when one title's Latin words are all in the other's.

    A reworded, translated, prefixed ("跟进:") or suffixed ("(blog)") title keeps its Latin
    words a subset of the fuller one's; two headlines that each carry a word the other lacks
    ("AlphaDB 加入基金会…" / "BetaDB 加入基金会…", "Acme … API" / "Globex … API") are about
    different subjects however close the strings are, like titles with other numbers.
    """
    wa, wb = _latin_words(na), _latin_words(nb)
    return wa <= wb or wb <= wa


def _same_item(na: str, nb: str, a: Item, b: Item) -> bool:
    """Strong title match of two ID-less items from different notes (the fuzzy merge rule)."""
    if a.urls and b.urls:
        return False  # different URLs: related at most
    if not na or not nb:
        return False
    if _numbers(a.title) != _numbers(b.title):
        # "融资(第 5 批)" vs "(第 8 批)", "B200 降价 12%" vs "H200 降价 12%": other events
        return False
    score = fuzz.token_set_ratio(na, nb)
    if score < 90:
        return False
    if not _words_nested(na, nb):
        # "AlphaDB 加入基金会…" vs "BetaDB 加入基金会…": each names something the other lacks
        return False
    ca, cb = title_core(a.title).lower(), title_core(b.title).lower()
    if ca and cb and (ca == cb or fuzz.ratio(ca, cb) >= 90):
        return True
    return fuzz.token_sort_ratio(na, nb) >= 88


def source_refs(cluster: Cluster, authors: dict[str, str]) -> list[SourceRef]:
    """One source per note, its labels joined ("条目1+2"), primary before mentions."""
    per_note: dict[str, list[str]] = {}
    mention_only: dict[str, bool] = {}
    for it, is_mention in [(i, False) for i in cluster.items] + [
        (i, True) for i in cluster.mentions
    ]:
        labels = per_note.setdefault(it.note, [])
        lab = it.label or (it.context.split(" / ")[-1] if it.context else "") or it.title[:24]
        lab = lab.strip()
        if lab and lab not in labels:
            labels.append(lab)
        mention_only[it.note] = mention_only.get(it.note, True) and is_mention
    out = []
    for path, labels in per_note.items():
        out.append(SourceRef(path, _join_labels(labels), authors.get(path, ""), mention_only[path]))
    return out


def _join_labels(labels: list[str]) -> str:
    found = [re.fullmatch(r"(\D+?)(\d+)", x) for x in labels]
    parts = [p for p in found if p is not None]
    if len(labels) > 1 and len(parts) == len(found) and len({p.group(1) for p in parts}) == 1:
        return parts[0].group(1) + "+".join(p.group(2) for p in parts)  # "条目1+2"
    return " + ".join(labels)
