"""One increment from one cluster of items: its keys, what the doc and earlier briefings
already have of it, the evidence about it, and the verdict (:func:`curator.judge.judge`).

Also the increments of recent paper cards no note mentions.  The steps of
:func:`build_increment` fill the increment and its :class:`curator.judge.Evidence` in turn;
each reads the :class:`curator.context.Context` the analysis built.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz

from curator.arxiv import find_ids
from curator.context import Context
from curator.evidence import (
    covered_per_note,
    note_evidence,
    read_note_hints,
    read_remarks,
    relevance_detail,
    reported_by_title,
    with_hints,
)
from curator.judge import Evidence, judge, relevance_score
from curator.matcher import Cluster, source_refs
from curator.mention_scopes import scopes
from curator.mentions import sentence_spans
from curator.models import AnchorRef, Increment, Item, PaperCard, SourceRef, short_path
from curator.name_anchors import name_anchor
from curator.own_pages import own_page
from curator.priority import MARKERS
from curator.repo_links import package_name, release_root, repo_root, root_name
from curator.textfeatures import title_core
from curator.urls import normalize_url, split_url

__all__ = ["PRIORITY_RANK", "build_increment", "card_increments", "primary_items"]

PRIORITY_RANK = {m: i for i, m in enumerate(MARKERS)}
"""🔴 0, 🟠 1, 🟡 2: the most urgent marker of an increment's items wins."""


@dataclass
class _Keys:
    """What names a cluster's paper: its arXiv IDs, and its links as written and normalised."""

    arxiv: list[str]
    urls: list[str]
    seen: set[str]
    """The normalised links of its own items."""
    url_key: str | None
    """The cluster's key when the cluster is a link's."""

    @property
    def normalized(self) -> set[str]:
        """The links to look the paper up by: its items', else the cluster's key."""
        return self.seen or ({self.url_key} if self.url_key is not None else set())

    @property
    def all(self) -> set[str]:
        return set(self.arxiv) | self.seen | ({self.url_key} if self.url_key is not None else set())


def build_increment(c: Cluster, ctx: Context, authors: dict[str, str]) -> Increment:
    """The increment of a cluster, judged.  ``authors``: note path → its author."""
    primary = c.items
    basis = primary or c.mentions
    inc = Increment(id=c.key, title=choose_title(c, ctx))
    inc.items = primary + [m for m in c.mentions if m not in primary]
    keys = _keys(c, primary)
    card = ctx.cards.get(c.key) if c.kind == "arxiv" else None
    links = card.links if card is not None else []
    for u in (u for m in c.mentions for u in m.urls) if links else ():
        if u not in keys.urls and normalize_url(u) in links:
            keys.urls.append(u)  # the paper's other address a note names (its card gives it)
    _describe(inc, c, keys, authors)
    inc.card = card.path if card else None
    ev = Evidence(
        topic=ctx.topic, has_key=c.kind in ("arxiv", "url"), card=card, mention_only=not primary
    )
    if not primary and c.kind == "arxiv":
        ev.told_apart = told_apart(c.key, c.mentions, ctx)
    if c.kind == "malformed":
        ev.malformed = list(dict.fromkeys(m for it in c.items for m in it.malformed))
    if c.kind == "url":
        ev.own_page = own_page(c, ctx.own_pages)
    _place(inc, ev, c, keys, ctx)
    every = keys.all
    _earlier(inc, ev, c, every, ctx)
    said = scopes(c, every)
    read_remarks(ev, said, ctx, c.kind != "arxiv")
    inc.suggested_sections = with_hints(
        inc.suggested_sections, read_note_hints(ev, basis, said, ctx), ctx.index
    )
    note_evidence(ev, c, basis, ctx)
    ev.out_of_scope = ctx.scope.leaves_out(
        [*([card.title] if card is not None and card.title else []), *(it.title for it in basis)]
    )
    _fit(ev, inc, c, card, said, ctx)
    verdict = judge(ev)
    inc.status = verdict.status
    inc.status_reason = verdict.reason
    inc.status_rule = verdict.rule
    inc.relevance = relevance_score(ev.fit)
    inc.relevance_detail = relevance_detail(ev)
    return inc


def _keys(c: Cluster, primary: list[Item]) -> _Keys:
    arx: list[str] = []
    if c.kind == "arxiv":
        arx.append(c.key)
    for it in primary:
        if it.primary_arxiv and it.primary_arxiv not in arx:
            arx.append(it.primary_arxiv)
    urls: list[str] = []
    seen_norm: set[str] = set()
    for it in primary:
        for u in it.urls:
            nu = normalize_url(u)
            if u not in urls:
                urls.append(u)
            seen_norm.add(nu)
    if c.kind == "url" and urls:
        _add_root(urls, c)
    if c.kind == "url" and not urls:
        urls.append(c.key)
        # named only in passing: the key, and a link as written on another host that the key
        # stands for (the publisher's page of a DOI), so the paper reads as its notes cite it
        host = split_url(c.key)[0]
        for it in c.mentions:
            for u in (*it.urls, *it.linked):
                if u not in urls and split_url(u)[0] != host and normalize_url(u) == c.key:
                    urls.append(u)
    return _Keys(arx, urls, seen_norm, c.key if c.kind == "url" else None)


def _add_root(urls: list[str], c: Cluster) -> None:
    """The repository a note names beside an item that cites one page of it (its release): the
    increment is that project, found by either address."""
    root = repo_root(c.key) or release_root(c.key)
    name = package_name(c.key) if root is None else None
    if (root is None and name is None) or root in {normalize_url(u) for u in urls}:
        return  # no project's page, or an item cites the repository itself
    for it in c.mentions:
        for u in (*it.urls, *it.linked):
            nu = normalize_url(u)
            if u not in urls and (nu == root or (name and root_name(nu) == name)):
                urls.append(u)
                return


def _describe(inc: Increment, c: Cluster, keys: _Keys, authors: dict[str, str]) -> None:
    """What the items say of it: versions, links, sources, points, priority, stars."""
    primary = c.items
    inc.arxiv = keys.arxiv
    for it in primary or c.mentions:
        for k, vs in it.arxiv_versions.items():
            if k in keys.arxiv:
                cur = inc.arxiv_versions.setdefault(k, [])
                cur.extend(v for v in vs if v not in cur)
    inc.urls = keys.urls
    inc.sources = source_refs(c, authors)
    inc.merge = c.merge
    inc.points = _dedupe_fuzzy([p for it in primary for p in it.points])
    inc.caveats = _dedupe_fuzzy([p for it in primary for p in it.caveats])
    prios = [it.priority for it in primary if it.priority]
    inc.priority = min(prios, key=lambda p: PRIORITY_RANK.get(p, 3)) if prios else None
    inc.stars = max([it.stars for it in primary] or [0])


def _place(inc: Increment, ev: Evidence, c: Cluster, keys: _Keys, ctx: Context) -> None:
    """Where the doc (or another) already has it, and where it would go."""
    primary = c.items
    anchored: list[AnchorRef] = []
    for a in keys.arxiv:
        anchored.extend(ctx.anchors_by_id.get(a, []))
    for nu in keys.normalized:
        anchored.extend(ctx.anchors_by_url.get(nu, []))
    card = ctx.cards.get(c.key) if c.kind == "arxiv" and not anchored else None
    for link in card.links if card else ():
        # the doc anchors the paper by another address its card gives (the published DOI)
        refs = ctx.anchors_by_url.get(link, [])
        if refs and not anchored:
            ev.anchored_reason = f"the doc anchors {link} in {refs[0].section}: its paper card's"
        anchored.extend(refs)
    if not anchored and c.kind != "arxiv":
        ref = name_anchor(primary[:1], ctx)
        if ref:
            anchored.append(ref)
            ev.anchored_reason = f"the doc already names {ref.title!r} in {ref.section}"
    inc.anchored_in = _dedupe_refs(anchored)
    ev.anchored = inc.anchored_in
    mentioned = [m for it in primary for m in built_on(it, ctx)]
    inc.suggested_sections = ctx.index.suggest(
        primary or c.mentions, mentioned=mentioned, unsaid=_namesake(primary, keys.arxiv, ctx)
    )
    if not anchored and c.kind != "arxiv":
        covered = covered_per_note(primary, ctx)
        if covered is not None:
            it, text, sec = covered
            sec = sec or (inc.suggested_sections[0].section if inc.suggested_sections else None)
            unit = ctx.index.resolve(sec) if sec else None
            label = unit.label if unit else (sec or "")
            inc.anchored_in = [AnchorRef(label, 0, "(per the note)", ctx.doc.path)]
            ev.covered = f"{short_path(it.note)} says it is already covered: “{text}”"
    for a in keys.arxiv:
        inc.anchored_elsewhere.extend(ctx.elsewhere_by_id.get(a, []))
    for nu in keys.normalized:
        inc.anchored_elsewhere.extend(
            r for r in ctx.elsewhere_by_id.get(nu, []) if r not in inc.anchored_elsewhere
        )
    ev.elsewhere = inc.anchored_elsewhere


def _namesake(primary: list[Item], ids: list[str], ctx: Context) -> str | None:
    """The item's name when the doc anchors another paper under it (one acronym, two papers):
    the sections that paper sits in say nothing of where this one goes."""
    if not ctx.paper_names:
        return None
    for it in primary[:3]:
        core = title_core(it.title).strip()
        others = ctx.paper_names.get(core.lower())
        if others and not others.intersection(ids):
            return core
    return None


def _earlier(inc: Increment, ev: Evidence, c: Cluster, keys: set[str], ctx: Context) -> None:
    """What earlier briefings reported, and what the doc cites or a briefing left out."""
    rep: list[str] = []
    for k in keys:
        rep.extend(ctx.reported.ids.get(k, []))
        rep.extend(ctx.reported.urls.get(k, []))
    if not rep and c.kind != "arxiv":
        rep.extend(reported_by_title(c.items, ctx))
    inc.reported_in = sorted(set(rep))
    ev.reported = inc.reported_in
    ev.cited = [r for k in sorted(keys) for r in ctx.cited.get(k, [])]
    left = sorted({b for k in keys for b in ctx.left_out.get(k, [])})
    if left:
        ev.left_out = f"{left[0]} left it out"


def _fit(
    ev: Evidence,
    inc: Increment,
    c: Cluster,
    card: PaperCard | None,
    said: list[tuple[Item, str]],
    ctx: Context,
) -> None:
    """How well its titles and what the notes say of it fit this topic, and the best other."""
    primary = c.items
    titles = " ".join(
        dict.fromkeys([inc.title, *(it.title for it in primary), card.title if card else ""])
    )
    body = " ".join(text for _it, text in said) + " " + " ".join(inc.points + inc.caveats)
    title_list = [
        t for t in dict.fromkeys([*(it.title for it in primary), card.title if card else ""]) if t
    ]
    if not title_list:
        title_list = [it.text[:200] for it in c.mentions[:3]]
    ev.fit = ctx.profile.fit(titles, body, titles=title_list)
    ev.other_fit = ctx.profile.best_other(titles, body, titles=title_list)


def choose_title(c: Cluster, ctx: Context) -> str:
    cands = [it for it in c.items if it.title and it.title != c.key]
    if c.kind == "arxiv":
        # an item that joined by its link or its title names the paper less surely than one citing
        # its ID
        cands = [it for it in cands if c.key in it.arxiv] or cands
    named = [it for it in cands if not _is_prose(it.title)]
    if cands and not named and c.kind == "arxiv":
        # a paragraph that opens with prose ("Reread the controlled comparison (…). The v3 adds…")
        # names the paper worse than its card or the doc does
        card = ctx.cards.get(c.key)
        refs = [
            r.title
            for r in ctx.anchors_by_id.get(c.key, []) + ctx.elsewhere_by_id.get(c.key, [])
            if r.title
        ]
        if card and card.title:
            return card.title
        if refs:
            return refs[0]
    cands = named or cands
    if cands:
        hinted = [it for it in cands if it.section_hint and it.section_hint != "-"]
        pool = hinted or cands
        pool = sorted(pool, key=lambda it: (-min(len(it.title), 60), it.note))
        return _card_named(pool[0].title, ctx.cards.get(c.key) if c.kind == "arxiv" else None)
    if c.kind == "arxiv":
        card = ctx.cards.get(c.key)
        if card and card.title:
            return card.title
        for ref in ctx.anchors_by_id.get(c.key, []) + ctx.elsewhere_by_id.get(c.key, []):
            if ref.title:
                return ref.title
        for it in c.mentions:
            name = _name_before(it.text, c.key)
            if name:
                return name
    return c.key


def _card_named(title: str, card: PaperCard | None) -> str:
    """A note's "RoboNet — not ours, see 1.2": the card's title when it opens with the name the
    note gives before its remark ("RoboNet: Language-Conditioned …"), the paper's own words."""
    lead = _REMARK_AFTER.split(title, maxsplit=1)[0].strip()
    if card and card.title and lead != title.strip() and len(lead) >= 3:
        if card.title.casefold().startswith(lead.casefold()):
            return card.title[:120]
    return title[:120]


_REMARK_AFTER = re.compile(r"\s[—–-]{1,2}\s|\s?——\s?")


def _is_prose(title: str) -> bool:
    """A sentence or more, not a name: long, or a sentence ends inside it."""
    # "Foo? A Benchmark" is a name
    return len(title) > 100 or bool(re.search(r"\w\.\s+\S|。\s*\S", title))


def _name_before(text: str, aid: str) -> str | None:
    idx = text.find(aid)
    if idx < 0:
        return None
    before = text[:idx]
    before = re.sub(r"(?:arxiv|arXiv|ARXIV)\s*[:：]?\s*$", "", before)
    before = before.rstrip(" (（[【:：,，")
    parts = re.split(r"[:：;；,，。、\n]|——|\s-\s|\(|（|\)|）|/", before)
    cand = parts[-1].strip(" *`\"'“”") if parts else ""
    if 2 <= len(cand) <= 60:
        return cand
    return None


def _dedupe_refs(refs: list[AnchorRef]) -> list[AnchorRef]:
    seen = set()
    out = []
    for r in refs:
        k = (r.doc, r.section, r.line)
        if k not in seen:
            seen.add(k)
            out.append(r)
    return out


def _dedupe_fuzzy(values: list[str]) -> list[str]:
    out: list[str] = []
    for v in values:
        if any(v == o or (len(v) > 12 and fuzz.ratio(v, o) >= 92) for o in out):
            continue
        out.append(v)
    return out


def primary_items(inc: Increment) -> list[Item]:
    """The items that are about this increment (not those that only mention it)."""
    if inc.arxiv and inc.id == inc.arxiv[0]:
        return [it for it in inc.items if it.primary_arxiv == inc.id or it.label == "paper card"]
    return [it for it in inc.items if not it.primary_arxiv]


def built_on(it: Item, ctx: Context) -> list[str]:
    """The papers an item mentions, less those it names only to tell them apart ("not the same
    paper as X (2511.09234)", "和 D.1 那篇没关系"): where X is anchored says nothing of this one."""
    if not it.mentions:
        return []
    apart = _told_apart_in(it.text, ctx.lexicon.pattern("remarks", "distinct"))
    return [m for m in it.mentions if m not in apart] if apart else list(it.mentions)


@lru_cache(maxsize=256)
def _told_apart_in(text: str, apart: re.Pattern[str]) -> dict[str, str]:
    """ID → the sentence of ``text`` that names it to tell it apart (memoised: an item citing
    thousands of IDs is asked once, not once per ID)."""
    if not apart.search(text):
        return {}
    out: dict[str, str] = {}
    for a, b in sentence_spans(text):
        sentence = text[a:b]
        if apart.search(sentence):
            for m in find_ids(sentence):
                out.setdefault(m.id, sentence.strip())
    return out


def told_apart(key: str, mentions: list[Item], ctx: Context) -> str | None:
    """The sentence that tells ``key`` apart, when every item mentioning it names it only so (see
    :func:`built_on`); else None."""
    apart = ctx.lexicon.pattern("remarks", "distinct")
    said = None
    for it in mentions:
        # (each item here mentions ``key``: the cluster's mention items)
        sentence = _told_apart_in(it.text, apart).get(key)
        if sentence is None or key == it.primary_arxiv:
            return None
        said = said or sentence
    return said[:120] if said else None


def card_increments(cards: list[PaperCard], incs: list[Increment], ctx: Context) -> list[Increment]:
    """A recent card of this topic that no note mentions is a candidate of its own."""
    known = {a for inc in incs for a in inc.arxiv} | {inc.id for inc in incs}
    out = []
    for card in cards:
        if not card.recent or not card.arxiv or card.arxiv in known or card.empty:
            continue
        cat = (card.category or "").lower()
        if cat != ctx.topic.lower() and cat not in ctx.lexicon.topic_family(ctx.topic):
            continue
        inc = Increment(
            id=card.arxiv, title=card.title or card.arxiv, arxiv=[card.arxiv], card=card.path
        )
        inc.sources = [SourceRef(card.path, "paper card", "", False)]
        fake = Item(
            note=card.path,
            label="paper card",
            title=card.title,
            text=card.title + " " + " ".join(card.tags),
        )
        inc.items = [fake]
        inc.anchored_in = list(ctx.anchors_by_id.get(card.arxiv, []))
        inc.suggested_sections = ctx.index.suggest([fake])
        inc.status = "anchored" if inc.anchored_in else "new"
        inc.status_reason = "recent paper card that no note mentions"
        out.append(inc)
    return out
