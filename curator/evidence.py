"""The evidence about one increment: what its notes say of it, where they file it, how they place
it.

The analysis hands each increment's items here; what comes back fills a
:class:`curator.judge.Evidence` (remarks in the sentence that names the item, section hints into
this doc or another, the notes' own scope, the arXiv category it is filed under) and re-ranks the
section suggestions by the authors' hints.  Everything is read from the workspace through the
:class:`curator.context.Context`.
"""

from __future__ import annotations

import re
import sys
from fnmatch import fnmatchcase

from rapidfuzz import fuzz, process

from curator.arxiv import find_ids
from curator.context import Context
from curator.fields import match_field
from curator.hints import read_hints
from curator.judge import Evidence
from curator.lexicon import Lexicon, text_memo
from curator.link_strip import URL_TLDS, strip_links
from curator.matcher import Cluster
from curator.models import Item, SectionSuggestion, short_path
from curator.section_numbers import SECTION_REF_RE, canonical_section
from curator.section_titles import contains
from curator.suggest import SectionIndex, Unit
from curator.textfeatures import CASE_PEERS, normalized_title, title_core, token_set
from curator.urls import find_urls
from curator.verdicts import OFF_KINDS, Verdict

__all__ = [
    "covered_per_note",
    "names_other_doc",
    "note_evidence",
    "read_note_hints",
    "read_remarks",
    "relevance_detail",
    "remote_category",
    "reported_by_title",
    "title_match",
    "with_hints",
]


def relevance_detail(ev: Evidence) -> dict[str, object]:
    if ev.fit is None:
        return {}
    out: dict[str, object] = {
        "fit": ev.fit.score,
        "terms": ev.fit.terms[:6],
        "coverage": ev.fit.coverage,
        "foreign": ev.fit.foreign[:6],
    }
    if ev.other_fit is not None:
        out["other"], out["other_fit"] = ev.other_fit[0], ev.other_fit[1].score
    return out


def _without_titles(text: str, titles: list[str]) -> str:
    """``text`` with the paper's titles blanked: "Agents Ignore Their Tools" judges nothing."""
    low = text.lower()
    flat: str | None = None
    for t in titles:
        tl = t.lower()
        if len(t) < 8:
            continue
        if tl in low:
            if CASE_PEERS is not None and CASE_PEERS.isdisjoint(text) and CASE_PEERS.isdisjoint(t):
                text = _blank(text, low, tl)  # the case-insensitive regex's matches, found in C
            else:
                text = re.sub(re.escape(t), " … ", text, flags=re.IGNORECASE)
            low, flat = text.lower(), None
        elif " " in tl and "\n" in low:
            # a title wrapped over lines ("FooNet: Fast\nTables for …")
            flat = " ".join(low.split()) if flat is None else flat
            if " ".join(tl.split()) in flat:
                words = r"\s+".join(map(re.escape, t.split()))
                text = re.sub(words, " … ", text, flags=re.IGNORECASE)
                low, flat = text.lower(), None
    return text


def _blank(text: str, low: str, needle: str) -> str:
    """``re.sub(re.escape(title), " … ", text, flags=re.IGNORECASE)`` where lower-casing decides
    case-insensitive equality as the regex does (no :data:`CASE_PEERS`; ``low`` is
    ``text.lower()``, as long): a title compiled per increment was most of its cost."""
    parts: list[str] = []
    pos = 0
    while (at := low.find(needle, pos)) >= 0:
        parts += (text[pos:at], " … ")
        pos = at + len(needle)
    parts.append(text[pos:])
    return "".join(parts)


def _said_covered(text: str, v: Verdict, covered: list[int]) -> bool:
    """Is the dismissal on a line that says the doc already covers the item ("already in the doc
    under 5.2 — skipping")?  Then the author skips it as covered, which the doc settles (an arXiv
    ID by its anchors): no judgement of the topic."""
    return any("\n" not in text[min(c, v.start) : max(c, v.start)] for c in covered)


def read_remarks(ev: Evidence, scopes: list[tuple[Item, str]], ctx: Context, idless: bool) -> None:
    """What the authors say of it, in the scope that names it (its titles are not remarks)."""
    named = {t for it, _t in scopes for t in _titles_of(it)}
    if ev.card is not None and ev.card.title:
        named.add(ev.card.title.strip())
    titles = sorted(named, key=lambda t: (-len(t), t))  # the same order every run
    for it, text in scopes:
        text = _without_titles(text, titles)
        where = f"{short_path(it.note)}({it.label or 'item'})"
        # an entry its author files under a section of this doc keeps it: a dismissal in its text
        # tells a story ("the editor dropped v1 because it had no numbers"), not the author's
        # verdict
        filed = filed_unit(it, ctx) is not None
        said = ctx.reader.read(text)
        covered = [v.start for v in said if v.kind == "covered"]
        for v in said:
            if v.kind in OFF_KINDS:
                if not filed and not (v.kind == "dismiss" and _said_covered(text, v, covered)):
                    ev.verdicts.append(f"{where}: “{v.text}”")
            elif v.kind == "reported":
                ev.note_reported = ev.note_reported or f"{where} says it was reported: “{v.text}”"
            elif v.kind == "keep":
                ev.keeps.append(f"{where}: “{v.text}”")
    negative = [it for it, _t in scopes if it.negative]
    if negative and len(negative) == len(scopes):
        heading = (
            negative[0].context.split(" / ")[-1]
            if negative[0].context
            else "a heading that leaves it out"
        )
        ev.negative = f"{short_path(negative[0].note)} files it under “{heading.strip('*_ ')}”"
    if idless and not ev.verdicts:
        left_out = _left_out_by_name(scopes, ctx)
        if left_out:
            ev.verdicts.append(left_out)


def _titles_of(it: Item) -> list[str]:
    """The titles a title field gives the paper ("Title: …", "論文: …"); an item's own title is
    often its whole line, remark included, so it is not one of them."""
    return list(_title_fields(it.text))


@text_memo
def _title_fields(text: str) -> tuple[str, ...]:
    """:func:`_titles_of` for one text, kept: a passage citing 500 papers is read once, not once per
    paper."""
    out: list[str] = []
    for line in text.split("\n"):
        f = match_field(line)
        # "Title: …", or "論文: <words>" (a paper label followed by no address is its title)
        if (
            f
            and f.rest.strip()
            and (
                f.kind == "title"
                or (f.kind == "link" and not find_urls(f.rest) and not find_ids(f.rest))
            )
        ):
            out.append(f.rest.strip())
    return tuple(out)


def _left_out_by_name(scopes: list[tuple[Item, str]], ctx: Context) -> str | None:
    """A note's "left out" line that names the item
    ("今天没进主线的: MCP Auth / A2A vs MCP:协议层")."""
    # without their links: "https://…" has a colon, so the name before it would be "https"
    cores = {core for it, _t in scopes if len(core := title_core(_unlinked(it.title))) >= 3}
    for text, path in ctx.negative_remarks:
        # a markdown link's text labels its address ("[link](…)"), which names the thing
        lead = _MD_LINK.sub(" ", text)
        lead = re.split(r"[:：]", re.sub(r"^\s*[-*+]\s*", "", _unlinked(lead)), maxsplit=1)[0]
        names = [x.strip().lower() for x in re.split(r"\s/\s|、|,|，", lead) if x.strip()]
        for core in cores:
            cl = core.lower()
            if any(
                cl == nm or (len(nm) >= 4 and (contains(cl, nm) or contains(nm, cl)))
                for nm in names
            ):
                return f"{short_path(path)} leaves it out: “{text[:60]}”"
    return None


_MD_LINK = re.compile(r"\[[^\]\n]*\]\([^)\s]*\)")


def _unlinked(text: str) -> str:
    return strip_links(text, URL_TLDS).strip()


def filed_unit(it: Item, ctx: Context) -> Unit | None:
    """The section of this doc an item's hint field files it under, by number or by title."""
    if it.section_hint and it.section_hint != "-":
        return ctx.index.resolve(it.section_hint)
    title = it.section_title_hint
    if title and not it.section_hint:
        # a title with a sentence's marks or length ("agent / memory, not serving") counts only
        # as written: the looser readings would find a place in any sentence
        if len(title.split()) > 6 or _SENTENCE_MARK.search(title):
            return ctx.index.titled(title)
        return ctx.index.resolve_title(title)
    return None


_SENTENCE_MARK = re.compile(r"[,，;；。!！、/／]")


HINT_WEIGHTS = {"field": 1.0, "number": 0.9, "named": 0.9, "title": 0.6}
"""How much an author's hint weighs against the lexical fit (which contributes at most 0.5)."""


def read_note_hints(
    ev: Evidence, basis: list[Item], scopes: list[tuple[Item, str]], ctx: Context
) -> list[tuple[str, float, str]]:
    """Where the notes file it: hints into this doc (label, weight, reason), to no section, or to
    another doc's section.  A bare "§1.13" in passing refers to the doc; it does not file the
    item."""
    found: list[tuple[str, float, str]] = []
    for it in basis:
        where = f"{short_path(it.note)}({it.label or 'item'})"
        if it.section_hint == "-":
            ev.hint_none = ev.hint_none or f"{where} files it under no section of this doc"
        elif unit := filed_unit(it, ctx):
            found.append((unit.label, HINT_WEIGHTS["field"], f"hint in {where}"))
            ev.filed_here = True
        elif it.section_hint:
            if not ev.hint_other:
                other = "another doc's" if it.section_hint in ctx.other_sections else "a missing"
                ev.hint_other = f"{short_path(it.note)} suggests {it.section_hint}, {other} section"
    primary = {
        id(it) for it in basis if not it.mentions or it.primary_arxiv
    }  # not mentions standing in
    own = {id(it) for it in basis}
    # what files it here: not a hint in the sentence of a mention beside its own items
    here = [label for label, _w, _r in found]
    for it, text in scopes:
        where = f"{short_path(it.note)}({it.label or 'item'})"
        for h in read_hints(text, ctx.lexicon, ctx.number_words):
            if h.kind == "number":
                unit = ctx.index.resolve("§" + h.value)
            elif h.kind == "title":
                unit = ctx.index.resolve_title(h.value)
            elif h.kind == "named":
                unit = ctx.index.titled(h.value)
            elif _stands_alone(text, h.text):
                unit = ctx.index.resolve("§" + h.value)  # "… signaler ensemble. §6.1."
            else:
                continue
            kind = "number" if h.kind == "ref" else h.kind
            if unit:
                found.append((unit.label, HINT_WEIGHTS[kind], f"“{h.text}” in {where}"))
                # "→ 6.2" in an entry's own text files it as surely as a "Section:" field; the
                # same words in a passing mention only point at the doc
                filing = kind in ("number", "named")
                ev.filed_here = ev.filed_here or (filing and id(it) in primary)
                if id(it) in own:
                    here.append(unit.label)
    ev.hints_here = here
    if found:
        ev.hint_other = None
    return found


def _stands_alone(text: str, ref: str) -> bool:
    """Is the bare "§6.1" a clause of its own, ending the entry's remark or line ("… ne pas
    fusionner, signaler ensemble. §6.1.")?  Then it files the item there; inside a sentence
    ("as in §1.13, …") it only refers to the doc."""
    return (
        re.search(rf"(?:^|[.;!?→—–]|\n)[ \t*_]*{re.escape(ref)}[ \t*_]*\.?[ \t]*(?:$|\n)", text)
        is not None
    )


def with_hints(
    suggestions: list[SectionSuggestion],
    hints: list[tuple[str, float, str]],
    index: SectionIndex,
    k: int = 3,
) -> list[SectionSuggestion]:
    """The lexical suggestions re-ranked by the authors' hints (each note's hint counts once).

    A hint naming a divided section ("归入 3.2" where §3.2 has §3.2.1 and §3.2.2) goes to the
    part the wording fits best, when the wording prefers one of them, unless the section anchors
    papers itself (then it is a place the author may well mean)."""
    if not hints:
        return suggestions
    lexical = {s.section: s for s in suggestions}
    score: dict[str, float] = {s.section: s.score for s in suggestions}
    reasons: dict[str, list[str]] = {s.section: [s.reason] if s.reason else [] for s in suggestions}
    seen: set[tuple[str, str]] = set()
    for label, weight, reason in hints:
        parts = (
            []
            if label in index.anchoring
            else [u.label for u in index.units if u.label.startswith(label + ".")]
        )
        if parts:
            best = max(parts, key=lambda p: lexical[p].score if p in lexical else -1.0)
            if best in lexical:
                label = best
        note = reason.rsplit(" in ", 1)[-1].split("(", 1)[0]
        if (label, note) in seen:
            continue
        seen.add((label, note))
        score[label] = score.get(label, 0.0) + weight
        reasons.setdefault(label, []).insert(0, reason)
    ranked = sorted(score.items(), key=lambda kv: -kv[1])[:k]
    out = []
    for label, value in ranked:
        unit = index.resolve(label)
        title = lexical[label].title if label in lexical else (unit.title if unit else "")
        out.append(
            SectionSuggestion(
                label,
                title,
                round(min(1.0, value / 1.6), 3),
                sys.intern("; ".join(dict.fromkeys(reasons[label]))[:200]),  # see suggest
            )
        )
    return out


_ARXIV_CATEGORY = re.compile(
    r"(?<![\w.])(?:cs|math|stat|eess|econ|q-bio|q-fin|physics|astro-ph|cond-mat|hep-[a-z]{2,3}|nucl-[a-z]{2}|gr-qc|quant-ph|nlin|math-ph)"
    r"(?:\.[A-Za-z]{2}(?:-[a-z]{2,})?|\.[a-z]{2,}-[a-z]{2,})?(?![\w])"
)


def remote_category(items: list[Item], lexicon: Lexicon) -> str | None:
    """The arXiv category an entry is filed under (its digest heading or its own line), when that
    category is one of the lexicon's ``[arxiv] remote_categories``; only when all its entries
    agree."""
    remote = [w.removeprefix("lit:") for w in lexicon.words("arxiv", "remote_categories")]
    found = None
    for it in items:
        group = it.context.split(" / ")[-1] if it.context else ""
        cats = _ARXIV_CATEGORY.findall(group + " " + it.text[:600])
        hit = next(
            (c for c in cats if any(fnmatchcase(c.lower(), r.lower()) for r in remote)), None
        )
        if hit is None:
            return None
        found = found or hit
    return found


def covered_per_note(primary: list[Item], ctx: Context) -> tuple[Item, str, str | None] | None:
    """An ID-less item a note says the doc already covers (quoting it, with the section it
    names)."""
    covered_re = ctx.lexicon.pattern("remarks", "covered")
    for it in primary:
        for line in it.text.split("\n"):
            m = covered_re.search(line)
            if m and not names_other_doc(line, ctx):
                sec = SECTION_REF_RE.search(line)
                return (
                    it,
                    _clip_words(line, m.start()),
                    (canonical_section(sec.group(1)) if sec else None),
                )
        core = {t for t in token_set(title_core(it.title)) if len(t) >= 2}
        for toks, sentence in ctx.covered_names.get(it.note, []):
            if core and toks <= core:
                return it, sentence[:70], None
    return None


def _clip_words(text: str, at: int, width: int = 70) -> str:
    start = max(0, at - 25)
    return text[start : start + width].strip().replace("\n", " ")


def note_evidence(ev: Evidence, c: Cluster, basis: list[Item], ctx: Context) -> None:
    """How the notes as wholes place it: another topic's note, a note saying it holds nothing for
    this topic, a group heading naming another doc's section; which sources are machine digests;
    what its paper card files it under."""
    notes = {it.note for it in (c.items or c.mentions)}
    if notes and all(n in ctx.note_none for n in notes):
        n = sorted(notes)[0]
        ev.note_none = f"{short_path(n)} says: “{ctx.note_none[n]}”"
    if notes and all(n in ctx.note_other for n in notes):
        n = sorted(notes)[0]
        ev.note_other = f"from {ctx.note_other[n]} ({short_path(n)})"
    for it in basis:
        group = (
            (it.context.split(" / ")[-1] if it.context else "")
            .strip()
            .strip("*_")
            .lstrip("§")
            .strip()
        )
        if len(group) >= 2 and not title_match(group, ctx.index):
            for d, idx in ctx.other_indexes:
                if title_match(group, idx):
                    ev.group_other = (
                        f"{short_path(it.note)} files it under “{group}”, a section of {d.path}"
                    )
                    break
        if ev.group_other:
            break
    # a colleague who names it, even in passing, is more than a bot matching its words (unless
    # under a heading that leaves things out: "Lightning talks (skip)")
    named = any(m.note not in ctx.machine_notes and not m.negative for m in c.mentions)
    ev.machine_only = bool(notes) and all(n in ctx.machine_notes for n in notes) and not named
    ev.remote_category = None if named else remote_category(basis, ctx.lexicon)
    card = ev.card
    if card is not None and card.category:
        cat = card.category.lower()
        fam = set(ctx.lexicon.topic_family(ctx.topic)) | set(ctx.lexicon.topic_names(ctx.topic))
        if cat in fam:
            ev.card_kind = "topic"
        elif (
            cat in ctx.other_topic_names
            or any(cat == d.topic.lower() for d in ctx.others)
            or cat in ctx.lexicon.table("topics")
        ):
            ev.card_kind = "other"
        else:
            ev.card_kind = "unknown"


def names_other_doc(text: str, ctx: Context) -> str | None:
    """ "rag 活文档 §2.6 已有" is about another topic's doc, not ours."""
    doc_words = ctx.lexicon.pattern("docs", "doc_words")
    for m in re.finditer(
        rf"([A-Za-z][\w-]{{1,20}})\s*(?:{doc_words.pattern})", text, re.IGNORECASE
    ):
        word = m.group(1).lower()
        if word != ctx.topic.lower() and any(d.topic.lower() == word for d in ctx.others):
            return word
    return None


def reported_by_title(items: list[Item], ctx: Context) -> list[str]:
    """Earlier briefings' entries with this title (same core name, or ≥ 92 token-sort similar), in
    their order."""
    titles = ctx.reported.titles
    if not titles:
        return []
    by_core, normalized = ctx.reported.lookup_tables()
    out: list[str] = []
    for it in items:
        core = title_core(it.title).lower()
        hits = set(by_core.get(core, ())) if len(core) >= 4 else set()
        nt = normalized_title(it.title)
        if nt:
            hits.update(
                j
                for _t, _score, j in process.extract(
                    nt, normalized, scorer=fuzz.token_sort_ratio, score_cutoff=92, limit=None
                )
            )
        out.extend(titles[j][2] for j in sorted(hits))
    return out


def title_match(group: str, idx: SectionIndex) -> bool:
    """Does a note's group heading name one of this doc's sections (equal, contained, or ≥ 85
    similar)?  Kept per index: the items of one group ask the same of it."""
    memo = idx.group_titles
    if memo is None:
        memo = idx.group_titles = {}
    hit = memo.get(group)
    if hit is None:
        hit = memo[group] = _title_match(group, idx)
    return hit


def _title_match(group: str, idx: SectionIndex) -> bool:
    g = group.lower()
    titles = idx.lower_titles
    for t in titles:
        if g == t or (len(g) >= 4 and g in t) or (len(t) >= 4 and t in g):
            return True
    return process.extractOne(g, titles, scorer=fuzz.ratio, score_cutoff=85) is not None
