"""Items → increments: merge what several notes report, flag what merely overlaps.

Rules, in order of certainty:

* the same normalised arXiv ID (or URL) is the same increment (certain);
* items a note explicitly groups ("条目3-6、8 合起来…") are one increment (likely);
* items without an ID whose titles match strongly are one increment (likely),
  unless each title has a Latin word the other lacks ("AlphaDB 加入基金会…" vs
  "BetaDB 加入基金会…": same template, other subject);
* two different arXiv IDs are never merged automatically: related papers
  (one measures, the other mitigates) become *overlaps* with a score and a reason.

Fuzzy work is blocked on rare tokens so it stays near-linear at 10,000 items.
"""

from __future__ import annotations

import hashlib
import heapq
import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from operator import itemgetter

from rapidfuzz import fuzz

from curator.gcpause import paused_gc
from curator.lexicon import default_lexicon, memo
from curator.models import Increment, Item, Overlap, SourceRef
from curator.textfeatures import (
    SPLIT_JOINED,
    STOP,
    TfIdf,
    normalized_title,
    title_core,
    token_set,
    tokens,
)
from curator.urls import normalize_url


@dataclass
class Cluster:
    key: str
    kind: str  # arxiv | url | title
    items: list[Item] = field(default_factory=list)
    mentions: list[Item] = field(default_factory=list)
    """Items that only mention the key in passing."""
    merge: str = "single"
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


_FAMILY_RE = re.compile(r"([A-Za-z][A-Za-z0-9]{2,})(?:[-\u2010 ][A-Za-z0-9][\w.-]*)?")


def name_family(title: str) -> str | None:
    """The coined name a title's name part builds on: "FooBench-Pro" → "FooBench".

    Only a coined word counts (inner capitals, capitals throughout, or letters with digits):
    "Evaluating Agents" is a phrase, not a family."""
    m = _FAMILY_RE.fullmatch(title_core(title))
    if m is None:
        return None
    base = m[1]
    coined = (
        re.search(r"[a-z][A-Z]", base)
        or (base.isupper() and len(base) >= 3)
        or (re.search(r"\d", base) and re.search(r"[A-Za-z]{2}", base))
    )
    if not coined or base.lower() in _generic_names():
        return None
    return base


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
) -> list[Cluster]:
    """Group items into increments (see module docstring).

    ``url_ids`` maps a normalised link to the arXiv ID whose paper card gives it (its code, its
    project page) or that a note says it is (``said``: link → that note): an item that links
    only that is about the paper."""
    url_ids = url_ids or {}
    said = said or {}
    clusters: dict[str, Cluster] = {}
    order: list[str] = []

    def get(key: str, kind: str) -> Cluster:
        c = clusters.get(key)
        if c is None:
            c = clusters[key] = Cluster(key, kind)
            order.append(key)
        return c

    idless: list[Item] = []
    first_note: dict[str, str] = {}  # cluster key → the note of its first item
    for it in items:
        if it.primary_arxiv:
            c = get(it.primary_arxiv, "arxiv")
            c.items.append(it)
            if first_note.setdefault(c.key, it.note) != it.note:
                c.merge = "certain"  # a second note reports it
        else:
            idless.append(it)
        for mid in it.mentions:
            get(mid, "arxiv").mentions.append(it)
    for car in carriers:
        for mid in car.mentions:
            get(mid, "arxiv").mentions.append(car)
        if car.malformed and not car.mentions and not car.urls:
            # an ID that cannot be one: its own increment, to be verified ("?:2613.04418")
            get("?:" + car.malformed[0].split(":", 1)[0].strip(), "malformed").items.append(car)

    # items without an ID: union by URL, note grouping, strong title match
    n = len(idless)
    uf = _UnionFind(n)
    reason: dict[int, str] = {}
    by_url: dict[str, int] = {}
    for i, it in enumerate(idless):
        for u in it.urls:
            key = normalize_url(u)
            if key in by_url:
                uf.union(by_url[key], i)
                reason.setdefault(uf.find(i), "same URL")
            else:
                by_url[key] = i
    index_of = {id(it): i for i, it in enumerate(idless)}
    likely_roots: set[int] = set()
    for members, sentence in groups:
        idx = [index_of[id(m)] for m in members if id(m) in index_of]
        for a in idx[1:]:
            uf.union(idx[0], a)
        if len(idx) > 1:
            root = uf.find(idx[0])
            likely_roots.add(root)
            reason[root] = f"the note groups them: “{sentence[:60]}”"
    _fuzzy_union(idless, uf, reason, likely_roots)

    # an ID-less item with no URL whose title strongly matches an arXiv increment joins it
    arxiv_titles = {
        k: [title_core(i.title) for i in c.items] for k, c in clusters.items() if c.items
    }
    core_to_key: dict[str, str] = {}
    for k, cores in arxiv_titles.items():
        for core in cores:
            if len(core) >= 3:
                core_to_key.setdefault(core.lower(), k)
    groups_by_root: dict[int, list[int]] = defaultdict(list)
    for i in range(n):
        groups_by_root[uf.find(i)].append(i)
    for root, members in sorted(groups_by_root.items(), key=lambda kv: min(kv[1])):
        its = [idless[i] for i in members]
        if not any(it.urls for it in its):
            cores = {title_core(it.title).lower() for it in its}
            target = next((core_to_key[c] for c in cores if c in core_to_key), None)
            if target:
                c = clusters[target]
                c.items.extend(its)
                c.merge = "likely"
                c.reasons.append(f"title matches {c.items[0].title[:40]}")
                continue
        url_key = next((normalize_url(u) for it in its for u in it.urls), None)
        paper = url_ids.get(url_key) if url_key else None
        if paper:
            c = get(paper, "arxiv")
            c.items.extend(its)
            c.merge = "likely"
            c.reasons.append(
                f"{short_path(said[url_key])} says {url_key} is this paper"
                if url_key in said
                else f"its paper card links {url_key}"
            )
            continue
        if url_key:
            c = get(url_key, "url")
        else:
            key = "t:" + fingerprint(its[0].title)
            n_key = 1
            while key in clusters and _numbers(clusters[key].items[0].title) != _numbers(
                its[0].title
            ):
                n_key += 1  # same words, other numbers ("第 5 批" / "第 8 批"): another event
                key = f"t:{fingerprint(its[0].title)}~{n_key}"
            c = get(key, "title")
        c.items.extend(its)
        if len(its) > 1:
            c.merge = (
                "likely"
                if root in likely_roots or reason.get(root, "").startswith("title")
                else "certain"
            )
            if root in reason:
                c.reasons.append(reason[root])
    # links mentioned in passing (a chat line, a sentence of an essay) join the increment with that link
    owner: dict[str, str] = {}
    for k in order:
        for it in clusters[k].items:
            for u in it.urls:
                owner.setdefault(normalize_url(u), k)
    passing = [(car, car.urls) for car in carriers] + [(it, it.linked) for it in items if it.linked]
    for car, links in passing:
        for u in links:
            nu = normalize_url(u)
            if nu in owner and car in clusters[owner[nu]].items:
                continue
            if nu not in owner and nu in url_ids:
                owner[nu] = get(url_ids[nu], "arxiv").key
            c = clusters[owner[nu]] if nu in owner else get(nu, "url")
            owner.setdefault(nu, c.key)
            if car not in c.mentions:
                c.mentions.append(car)
    return [clusters[k] for k in order]


def _fuzzy_union(
    idless: list[Item], uf: _UnionFind, reason: dict[int, int | str], likely: set[int]
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
    """Drop one English inflection ("caching"/"cache", "models"/"model") so rewording still nests."""
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
        return False  # "融资(第 5 批)" vs "(第 8 批)", "B200 降价 12%" vs "H200 降价 12%": other events
    score = fuzz.token_set_ratio(na, nb)
    if score < 90:
        return False
    if not _words_nested(na, nb):
        return False  # "AlphaDB 加入基金会…" vs "BetaDB 加入基金会…": each names something the other lacks
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
    parts = [re.fullmatch(r"(\D+?)(\d+)", x) for x in labels]
    if len(labels) > 1 and all(parts) and len({p.group(1) for p in parts if p}) == 1:
        return parts[0].group(1) + "+".join(p.group(2) for p in parts if p)  # "条目1+2"
    return " + ".join(labels)


def find_overlaps(
    incs: list[Increment],
    texts: list[str],
    primaries: list[list[Item]],
    distinct: set[frozenset[str]] | None = None,
    per_item: int = 3,
    context: list[frozenset[str]] | None = None,
    related: dict[tuple[int, int], str] | None = None,
) -> None:
    """Flag related-but-distinct increments (content, cross-mentions, names, shared context); fills
    ``overlaps``.  ``context`` holds, per increment, what places it in the doc (its section, the
    anchored papers it builds on): two increments that share it are neighbours, compared even when
    their wording differs, and what they share adds to their score.  ``related`` holds pairs
    (index, index, low first) the caller knows are related, with the reason."""
    if len(incs) < 2:
        return
    with (
        paused_gc()
    ):  # ~10^5 short-lived sets, lists and tuples, no cycles: full passes only cost time
        _flag_overlaps(incs, texts, primaries, distinct or set(), per_item, context, related)


_TITLE_BANDS = 24
"""Min-hash bands over a title's words, three words each: two titles sharing 60 % of their words
share a band with probability 1 − (1 − 0.6³)²⁴ ≈ 99.7 %, two unrelated ones almost never.  Three
words, not two: titles drawn from a small vocabulary would crowd a two-word band's few pairs of
lowest-hashing words into blocks too large to compare."""


_NAME_LEAD = re.compile(r"^\s*[^\s:：]+(?:\s+[^\s:：]+){0,2}\s*[:：]\s+")
"""A paper's own name before its title's colon ("FooNet-2: …"): twins are named differently."""


def _title_words(title: str) -> frozenset[str]:
    """What a title says, as words: its leading name aside, joined words by their parts only."""
    body = _NAME_LEAD.sub("", title, count=1) or title
    return frozenset(t for t in tokens(body) if len(t) >= 2 and not SPLIT_JOINED.search(t))


def _twin_bonus(a: frozenset[str], b: frozenset[str]) -> float:
    """Two titles with most of their words in common (different papers, or the clustering would
    have merged them) are a pair to show, above pairs that share only a number or a rare term."""
    if len(a) < 3 or len(b) < 3:
        return 0.0
    shared = len(a & b)
    if shared < 3:
        return 0.0
    held = shared / min(
        len(a), len(b)
    )  # their names differ ("FooNet: …" and "BarKV: …"): not the union
    return _TWIN_BONUS * held if held >= 0.6 else 0.0


_TWIN_BONUS = 0.5


def _title_bands(title_words: frozenset[str]) -> list[str]:
    """Block keys that near-twin titles share ("Sparse attention for long-context decoding" and
    "Sparse attention for long-context prefill"), even when every word is common in the relay:
    per band, the three words of the title that hash lowest in that band (a keyed hash, not
    ``hash()``: the same keys in every process)."""
    words = sorted(title_words)
    if len(words) < 3:
        return []
    out = []
    for band in range(_TITLE_BANDS):
        low = heapq.nsmallest(3, words, key=lambda w: _word_hashes(w)[band])
        out.append(f"\x02{band}\x1f" + "\x1f".join(sorted(low)))
    return out


@lru_cache(maxsize=1 << 16)
def _word_hashes(word: str) -> tuple[int, ...]:
    """One independent 16-bit hash of ``word`` per band (ties go to the first word in order)."""
    d = hashlib.blake2b(
        word.encode("utf-8", "surrogatepass"), digest_size=2 * _TITLE_BANDS
    ).digest()
    return tuple(int.from_bytes(d[i : i + 2], "big") for i in range(0, len(d), 2))


_NEIGHBOUR_BONUS = 0.26
"""What one shared piece of context (a section, an anchored paper both build on) adds to a pair's score."""


def _flag_overlaps(
    incs: list[Increment],
    texts: list[str],
    primaries: list[list[Item]],
    distinct: set[frozenset[str]],
    per_item: int,
    context: list[frozenset[str]] | None = None,
    related: dict[tuple[int, int], str] | None = None,
) -> None:
    docs = [tokens(t) for t in texts]
    tfidf = TfIdf(docs)
    n = len(incs)
    # cross references: an increment's text names another's ID or short name
    # names: short ones as written ("QUIL"), longer ones in any case ("quillnet" for QuillNet)
    names: dict[str, int] = {}
    for i, inc in enumerate(incs):
        # a title that is only an address ("https://arxiv.org/abs/…") has no name: its core would be "https"
        cores = [
            title_core(_LINKS.sub(" ", t))
            for t in (inc.title, *(it.title for it in primaries[i][:3]))
            if t
        ]
        for core in dict.fromkeys(c.strip() for c in cores):
            if (
                3 <= len(core) <= 30
                and not re.fullmatch(r"[\d.\s#§]+", core)
                and core.lower() not in _generic_names()
            ):
                names.setdefault(core if len(core) < 6 else core.lower(), i)
    id_owner = {a: i for i, inc in enumerate(incs) for a in inc.arxiv[:1]}
    links: dict[tuple[int, int], str] = dict(related or {})
    named: dict[int, dict[int, str]] = {}  # increment named → {increment whose text names it: why}
    exact = {k: v for k, v in names.items() if len(k) < 6}
    folded = {k: v for k, v in names.items() if len(k) >= 6}
    name_res = [
        (rx, table)
        for rx, table in (
            (_trie_regex(exact) if exact else None, exact),
            (_trie_regex(folded, fold=True) if folded else None, folded),
        )
        if rx
    ]
    for i, inc in enumerate(incs):
        own = set(inc.arxiv)
        for it in primaries[i]:
            if (
                len(it.mentions) <= 3
            ):  # a list of IDs ("涉及 arXiv 号: a / b / c / d") relates none of them
                for mid in it.mentions:
                    j = id_owner.get(mid)
                    if j is not None and j != i and mid not in own:
                        links.setdefault(
                            _pair(i, j),
                            f"{short_path(it.note)}({it.label or 'item'}) mentions {mid}",
                        )
            for rx, table in name_res:
                for m in rx.finditer(it.text):
                    j = table.get(m.group(0)) if table is exact else table.get(m.group(0).lower())
                    if j is not None and j != i and not _word_inside(it.text, m.start(), m.end()):
                        named.setdefault(j, {}).setdefault(
                            i, f"{short_path(it.note)}({it.label or 'item'}) names {m.group(0)}"
                        )
    for j, by in named.items():
        if len(by) >= _COMMON_NAME:
            continue  # a name half the relay mentions (an engine, a lab) relates nothing in particular
        for i, why in by.items():
            links.setdefault(_pair(i, j), why)
    family: dict[str, list[int]] = defaultdict(list)
    for i, inc in enumerate(incs):
        base = name_family(inc.title)
        if base:
            family[base.lower()].append(i)
    for members in family.values():
        if len(members) < _COMMON_NAME:  # "FooBench-Pro", "FooBench-Lite": one family, two papers
            for k, x in enumerate(members[:-1]):
                for y in members[k + 1 :]:
                    if title_core(incs[x].title).lower() != title_core(incs[y].title).lower():
                        # the same name twice is a collision (one acronym, two papers), not a family
                        links.setdefault(
                            _pair(x, y), f"both named for {name_family(incs[x].title)}"
                        )
    # candidate partners per row (a < b): a set update per block member collects them in C, and
    # scoring row by row keeps one row's vector hot while its partners are scored
    partners: dict[int, set[int]] = defaultdict(set)
    for a, b in links:
        partners[a].add(b)
    linked = set(partners)
    block: dict[str, list[int]] = defaultdict(list)
    for i in range(n):
        for t in tfidf.rare_tokens(i, k=6, max_df=max(3, n // 20)):
            block[t].append(i)
    if context is not None:
        for i, keys_i in enumerate(context):
            for key in keys_i:
                block["\x00" + key].append(
                    i
                )  # neighbours in the doc: compared whatever their words
    title_words = [_title_words(inc.title) for inc in incs]
    in_titles = Counter(chain.from_iterable(title_words))
    for i, words in enumerate(title_words):
        # a word no other title holds (the paper's own name) can bring no pair together
        for key in _title_bands(frozenset(w for w in words if in_titles[w] > 1)):
            block[key].append(i)  # near-twin titles: most words shared, however common the words
    for members in block.values():
        if len(members) <= 60:  # members ascend, so every pair comes out as (low, high)
            for k, x in enumerate(members[:-1]):
                partners[x].update(members[k + 1 :])
    vectors = tfidf.vectors
    keys = [set(v) for v in vectors]
    key_of = keys.__getitem__
    fsum = math.fsum
    # flags per increment as (rounded score, partner, pair a * n + b), in (low, high) pair order
    flags: dict[int, list[tuple[float, int, int]]] = defaultdict(list)
    shared_of: dict[int, set[str]] = {}  # a flagged pair's shared terms, for its reason
    twins: set[int] = set()  # pairs whose titles share most of their words
    for a in sorted(partners):
        bs = sorted(partners[a])
        va = vectors[a]
        # the key intersections (most of the work) run in C, one map over the row's partners
        for b, shared in zip(bs, map(keys[a].intersection, map(key_of, bs)), strict=True):
            if distinct and frozenset((incs[a].id, incs[b].id)) in distinct:
                continue
            vb = vectors[b]
            cos = fsum(
                [va[t] * vb[t] for t in shared]
            )  # TfIdf.cosine: the same products, summed exactly
            link = links.get((a, b)) if a in linked else None
            near = len(context[a] & context[b]) if context is not None else 0
            twin = _twin_bonus(title_words[a], title_words[b])
            score = cos + (0.45 if link else 0.0) + _NEIGHBOUR_BONUS * min(2, near) + twin
            if score < 0.32:
                continue
            score = round(min(1.0, score), 3)
            p = a * n + b
            if twin:
                twins.add(p)
            flags[a].append((score, b, p))
            flags[b].append((score, a, p))
            shared_of[p] = shared

    def reason(p: int) -> str:
        a, b = divmod(p, n)
        va, vb = vectors[a], vectors[b]
        top = sorted([(-(va[t] * vb[t]), t) for t in shared_of[p]])[
            :4
        ]  # heaviest product, then term
        why = links.get((a, b)) or ("near-twin titles" if p in twins else "")
        if top:
            why = (why + "; " if why else "") + "shared terms: " + ", ".join([t for _, t in top])
        return why

    # only the kept flags (per_item per increment) get a reason: most pairs are cut here
    reasons: dict[int, str] = {}
    for i, lst in flags.items():
        lst.sort(
            key=itemgetter(0), reverse=True
        )  # a reverse sort stays stable: equal scores keep pair order
        # an increment still to triage first: its flag is a decision; one with a known item is context
        lst.sort(key=lambda f: incs[f[1]].status != "new")
        kept = []
        # a near-twin is always shown (up to two beyond the cap): it is the pair most likely mistaken for one paper
        extra = [f for f in lst[per_item:] if f[2] in twins][:2]
        for score, j, p in [*lst[:per_item], *extra]:
            why = reasons.get(p)
            if why is None:
                why = reasons[p] = reason(p)
            kept.append(Overlap(incs[j].id, score, why, incs[j].title))
        incs[i].overlaps = kept


def _trie_regex(words: Iterable[str], fold: bool = False) -> re.Pattern[str]:
    """One pattern for many literal names, as a character trie.

    Matches what ``"|".join(sorted(words, key=len, reverse=True))`` matches (the longest
    name at the leftmost position), but in time proportional to the text, not to the text
    times the number of names (a plain alternation tries every name at every position).
    """
    return _trie_regex_of(frozenset(words), fold)


@lru_cache(maxsize=8)
def _trie_regex_of(words: frozenset[str], fold: bool = False) -> re.Pattern[str]:
    """``_trie_regex`` memoised on the name set (the pattern depends on nothing else): re-analysing the
    same increments rebuilds a ~8,000-name pattern otherwise (tens of ms; ~0.4 s when ``re`` compiles it anew).
    """
    trie: dict[str, dict] = {}
    for w in words:
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict[str, dict]) -> str:
        alts = [re.escape(ch) + build(child) for ch, child in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body

    return re.compile(build(trie), re.IGNORECASE if fold else 0)


_LINKS = re.compile(r"(?:https?://|www\.)\S+", re.IGNORECASE)

_COMMON_NAME = 4
"""Named by this many other increments' texts, a name is common ground, not a relation."""


@memo
def _generic_names() -> frozenset[str]:
    """Names too common to relate two increments (the lexicon's ``[overlaps] generic_names``)."""
    return frozenset(default_lexicon().literals("overlaps", "generic_names"))


def _word_inside(text: str, s: int, e: int) -> bool:
    """True when the match is part of a longer Latin word (e.g. 'CARD' in 'CARDS')."""
    before = text[s - 1] if s > 0 else " "
    after = text[e] if e < len(text) else " "
    return (before.isascii() and before.isalnum()) or (after.isascii() and after.isalnum())


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def short_path(path: str) -> str:
    """A note's path as reasons and flags show it: without the ``inbox/`` every note has."""
    return path.split("/", 1)[-1] if path.startswith("inbox/") else path
