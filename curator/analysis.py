"""The evening's understanding of a relay: notes → increments with status, sections, overlaps.

``analyze()`` is what ``curator analyze``, the UI and the export share.  It is
pure (no Textual), deterministic for a given workspace and window, and reports
file problems per file instead of raising.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from fnmatch import fnmatchcase
from pathlib import Path

from rapidfuzz import fuzz, process

from curator.arxiv import find_ids
from curator.cache import IndexCache
from curator.config import Config, load_config
from curator.gcpause import paused_gc
from curator.hints import read_hints
from curator.judge import Evidence, judge, relevance_score
from curator.lexicon import Lexicon, default_lexicon, load_lexicon
from curator.matcher import (
    Cluster,
    cluster_items,
    find_overlaps,
    normalized_title,
    source_refs,
    title_core,
)
from curator.mentions import sentence_spans
from curator.models import (
    Analysis,
    AnchorRef,
    FileProblem,
    Increment,
    Item,
    LivingDoc,
    Note,
    PaperCard,
    SectionSuggestion,
    Window,
)
from curator.relevance import Profile
from curator.suggest import SectionIndex
from curator.textfeatures import token_set
from curator.timeutil import parse_iso
from curator.urls import normalize_url
from curator.verdicts import OFF_KINDS, VerdictReader
from curator.workspace import (
    Layout,
    LoadedNote,
    WorkspaceError,
    choose_topic,
    layout,
    list_note_paths,
    load_note,
)

Progress = Callable[[str, int, int], None]
PRIORITY_RANK = {"🔴": 0, "🟠": 1, "🟡": 2}


@dataclass
class ReportedIndex:
    """What earlier briefings of this topic already listed."""

    ids: dict[str, list[str]] = field(default_factory=dict)
    urls: dict[str, list[str]] = field(default_factory=dict)
    titles: list[tuple[str, str, str]] = field(default_factory=list)  # (normalized title, core, path)
    _tables: tuple[dict[str, list[int]], list[str | None], int] | None = field(default=None, repr=False, compare=False)

    def lookup_tables(self) -> tuple[dict[str, list[int]], list[str | None]]:
        """Title positions by core name, and the normalized titles for one C-level fuzzy pass (None never matches)."""
        if self._tables is None or self._tables[2] != len(self.titles):
            by_core: dict[str, list[int]] = {}
            for j, (_rt, rcore, _label) in enumerate(self.titles):
                by_core.setdefault(rcore, []).append(j)
            self._tables = (by_core, [rt or None for rt, _c, _l in self.titles], len(self.titles))
        return self._tables[0], self._tables[1]

    left_out: dict[str, list[str]] = field(default_factory=dict)
    """Keys a briefing filed under a heading that leaves them out ("Not for this topic") → briefings."""

    def add_note(self, note: Note, split_ids: list[str], label: str) -> None:
        gone = set(note.left_out)
        for i in split_ids:
            if i in gone:
                continue
            self.ids.setdefault(i, []).append(label)
        for it in note.items:
            for u in it.urls:
                nu = normalize_url(u)
                if nu not in gone:
                    self.urls.setdefault(nu, []).append(label)
            if it.label:
                self.titles.append((normalized_title(it.title), title_core(it.title).lower(), label))
        for k in note.left_out:
            self.left_out.setdefault(k, []).append(label)

    def set_aside(self, note: Note, label: str, reader: VerdictReader) -> None:
        """A briefing row that says its item is not for this topic ("| 2610.1 | … | not for us |",
        "→ agents") reported nothing: the briefing left that item out."""
        for it in note.items:
            if not any(v.kind in OFF_KINDS for v in reader.read(it.text)):
                continue
            keys = [*it.arxiv[:1], *(normalize_url(u) for u in it.urls[:1])]
            for k in keys:
                for table in (self.ids, self.urls):
                    if label in table.get(k, []):
                        table[k] = [x for x in table[k] if x != label]
                        if not table[k]:
                            del table[k]
                if label not in self.left_out.get(k, []):
                    self.left_out.setdefault(k, []).append(label)


@dataclass
class Context:
    topic: str
    doc: LivingDoc
    others: list[LivingDoc]
    index: SectionIndex
    other_indexes: list[tuple[LivingDoc, SectionIndex]]
    reader: VerdictReader
    lexicon: Lexicon
    profile: Profile
    machine_notes: set[str]
    other_topic_names: set[str]
    cards: dict[str, PaperCard]
    reported: ReportedIndex
    notes: dict[str, Note]
    note_none: dict[str, str]
    note_other: dict[str, str]
    negative_remarks: list[tuple[str, str]]
    anchors_by_id: dict[str, list[AnchorRef]]
    anchors_by_url: dict[str, list[AnchorRef]]
    name_anchors: list[tuple[set[str], AnchorRef, str]]
    elsewhere_by_id: dict[str, list[AnchorRef]]
    other_sections: set[str]
    covered_names: dict[str, list[tuple[set[str], str]]]
    name_by_token: dict[str, list[int]]
    left_out: dict[str, list[str]] = field(default_factory=dict)
    """Keys earlier briefings of this topic filed under a heading that leaves them out → the briefings."""


def resolve_window(cfg: Config, since: str | datetime | None, until: str | datetime | None, now: datetime | None = None) -> Window:
    """--since/--until (ISO with offset), else curator.toml, else 24 h ending now."""
    s = parse_iso(since, cfg.tz) if isinstance(since, str) else since
    u = parse_iso(until, cfg.tz) if isinstance(until, str) else until
    if s and u:
        pass
    elif u:
        s = u - timedelta(hours=cfg.window_hours)
    elif s:
        u = s + timedelta(hours=cfg.window_hours)
    else:
        s, u = cfg.default_window(now)
    if s >= u:
        raise WorkspaceError(f"empty window: --since {s.isoformat()} is not before --until {u.isoformat()}")
    return Window(s, u)


def analyze(
    root: Path,
    topic: str | None = None,
    since: str | datetime | None = None,
    until: str | datetime | None = None,
    *,
    cfg: Config | None = None,
    progress: Progress | None = None,
    cache: IndexCache | None = None,
    save_cache: bool = True,
    defer_outside: bool = False,
) -> Analysis:
    """Read the workspace and build the increments of the window.

    ``save_cache=False`` leaves persisting the cache to the caller (the UI saves when idle).
    ``defer_outside=True`` does not split notes dated outside the window (other than this
    topic's briefings) that the cache does not already hold: they come back ``pending``.
    No increment depends on them, so the increments are the same; the UI uses it to show
    the relay first on a cold start and completes the notes right after.
    """
    with paused_gc():  # tens of thousands of short-lived objects, no cycles worth chasing mid-run
        return _analyze(
            root, topic, since, until, cfg=cfg, progress=progress, cache=cache, save_cache=save_cache,
            defer_outside=defer_outside,
        )


def _analyze(
    root: Path,
    topic: str | None,
    since: str | datetime | None,
    until: str | datetime | None,
    *,
    cfg: Config | None,
    progress: Progress | None,
    cache: IndexCache | None,
    save_cache: bool,
    defer_outside: bool,
) -> Analysis:
    cfg = cfg or load_config(root)
    lay = layout(cfg)
    topic = choose_topic(cfg, lay, topic)
    window = resolve_window(cfg, since, until)
    if progress:
        progress("living doc", 0, 1)
    if cache is not None:
        docs = {t: cache.load_doc(cfg.root, p, t) for t, p in lay.docs.items()}
    else:
        from curator.living_doc import (
            load_living_doc,  # markdown-it loads only when a doc is parsed
        )

        docs = {t: load_living_doc(cfg.root, p, t) for t, p in lay.docs.items()}
    doc = docs[topic]
    others = [d for t, d in docs.items() if t != topic]
    paths, problems = list_note_paths(lay)
    loaded: list[LoadedNote] = []
    total = len(paths)
    defer = _outside(window, topic) if defer_outside else None
    for n, p in enumerate(paths, start=1):
        loaded.append(cache.load_note(p, cfg, defer=defer) if cache is not None else load_note(p, cfg.root, cfg, defer=defer))
        if progress and (n % 25 == 0 or n == total):
            progress("notes", n, total)
    if not lay.cards.is_dir():
        cards, card_problems = [], []
    elif cache is not None:
        cards, card_problems = cache.load_cards(cfg.root, cfg.cards)
    else:
        from curator.cards import load_cards

        cards, card_problems = load_cards(cfg.root, cfg.cards)
    if progress:
        progress("matching", total, total)
    result = build_analysis(cfg, lay, topic, window, doc, others, loaded, cards, problems, card_problems)
    if cache is not None:
        cache.forget_missing({ln.note.path for ln in loaded})
        fresh = [d.__dict__.pop("_fresh_index", False) for d in docs.values()]
        memo = [_memo_changed(d) for d in docs.values()]  # every flag reset, none pickled as set
        if any(fresh):
            cache.mark_dirty("docs")
        if any(fresh) or any(memo):
            cache.mark_dirty("memo")
        if save_cache:
            cache.save()
    return result


def _in_window(note: Note, window: Window) -> bool:
    return bool(note.time and window.since < note.time <= window.until)


def _is_topic_briefing(note: Note, topic: str) -> bool:
    return bool(note.briefing_topic and note.briefing_topic.lower() == topic.lower())


def _outside(window: Window, topic: str) -> Callable[[Note], bool]:
    """Notes nothing in this window's answer depends on: dated outside it, and not this topic's briefings."""
    return lambda note: not _in_window(note, window) and not _is_topic_briefing(note, topic)


def _memo_changed(doc: LivingDoc) -> bool:
    di = doc.__dict__.get("_curator_index")
    if not isinstance(di, DocIndex) or not di.index.memo_changed:
        return False
    di.index.memo_changed = False
    return True


def build_analysis(
    cfg: Config,
    lay: Layout,
    topic: str,
    window: Window,
    doc: LivingDoc,
    others: list[LivingDoc],
    loaded: list[LoadedNote],
    cards: list[PaperCard],
    problems: list[FileProblem],
    card_problems: list[tuple[str, str]],
) -> Analysis:
    """Everything after the files are read (cheap enough to redo on every inbox change)."""
    analysis = Analysis(topic=topic, window=window, living_doc=doc, other_docs=others, workspace=str(cfg.root))
    errors = list(problems)
    for d in [doc, *others]:
        errors.extend(FileProblem(d.path, e) for e in d.errors)
    notes: dict[str, Note] = {}
    reported = ReportedIndex()
    briefing_notes: list[tuple[Note, str]] = []
    in_window: list[LoadedNote] = []
    for ln in loaded:
        in_win = _in_window(ln.note, window)
        is_briefing = _is_topic_briefing(ln.note, topic)
        if in_win:
            ln.ensure()  # earlier briefings need only what the cached metadata holds (ids, item titles, urls)
        note = ln.note
        notes[note.path] = note
        note.in_window = in_win
        note.kind = "briefing" if is_briefing else "note"
        if is_briefing:
            until = _safe_iso(note.briefing_until, cfg)
            is_current = until is not None and until >= window.until - timedelta(minutes=1)
            if note.time and note.time <= window.until and not is_current:
                label = _briefing_label(note, until)
                reported.add_note(note, note.ids, label)
                briefing_notes.append((note, label))
        elif note.in_window and ln.split is not None:
            in_window.append(ln)
        for e in note.errors:
            errors.append(FileProblem(note.path, e, "warning" if note.items or note.text.strip() else "error"))
    for path, msg in card_problems:
        errors.append(FileProblem(path, msg))
    _mark_recent_cards(cards, window, cfg)
    analysis.notes = sorted(notes.values(), key=lambda n: (n.author, n.time or datetime.min.replace(tzinfo=window.until.tzinfo), n.path))
    analysis.cards = cards
    analysis.errors = errors

    ctx = _context(cfg, topic, doc, others, cards, reported, notes, in_window)
    for note, label in briefing_notes:
        reported.set_aside(note, label, ctx.reader)
    items = [it for ln in in_window for it in ln.note.items]
    carriers = [c for ln in in_window if ln.split for c in ln.split.carriers]
    groups: list[tuple[list[Item], str]] = []
    for ln in in_window:
        if not ln.split:
            continue
        by_label = {it.label: it for it in ln.note.items if it.label}
        for labels, sentence in ln.split.groups:
            members = [by_label[x] for x in labels if x in by_label]
            if len(members) > 1:
                groups.append((members, sentence))
    clusters = cluster_items(items, carriers, groups)
    authors = {n.path: n.author for n in notes.values()}
    incs = [_increment(c, ctx, authors) for c in clusters]
    incs.extend(_card_increments(cards, incs, ctx))
    texts = [_inc_text(inc) for inc in incs]
    find_overlaps(incs, texts, [i.items for i in incs], context=[_neighbourhood(i, ctx) for i in incs])
    # a flag is for triage: between two already-known items it is only noise
    new_ids = {i.id for i in incs if i.status == "new"}
    for inc in incs:
        if inc.status != "new":
            inc.overlaps = [o for o in inc.overlaps if o.id in new_ids]
    for inc in incs:
        inc.items = inc.items  # keep for UI; JSON drops them
    incs.sort(key=sort_key)
    analysis.increments = incs
    return analysis


def _safe_iso(value: str | None, cfg: Config) -> datetime | None:
    if not value:
        return None
    try:
        return parse_iso(value, cfg.tz)
    except ValueError:
        return None


def _briefing_label(note: Note, until: datetime | None) -> str:
    when = until or note.time
    return f"{note.path} ({when.strftime('%m-%d')})" if when else note.path


def sort_key(inc: Increment) -> tuple:
    """New first, then more sources, then priority, then title."""
    status_rank = {"new": 0, "unverified": 1, "reported": 2, "anchored": 3, "off-topic": 4}[inc.status]
    primary_sources = sum(1 for s in inc.sources if not s.mention)
    return (status_rank, -primary_sources, -len(inc.sources), PRIORITY_RANK.get(inc.priority or "", 3), -inc.stars, inc.title.lower())


def _mark_recent_cards(cards: list[PaperCard], window: Window, cfg: Config) -> None:
    start = (window.until - timedelta(days=cfg.card_days)).date().isoformat()
    end = window.until.date().isoformat()
    dated_recent_numbers = []
    for c in cards:
        if c.date and len(c.date) >= 10:
            c.recent = start <= c.date[:10] <= end
            if c.recent and c.number and c.number.isdigit():
                dated_recent_numbers.append(int(c.number))
    if dated_recent_numbers:
        lowest = min(dated_recent_numbers)
        for c in cards:
            if not c.date and c.number and c.number.isdigit() and int(c.number) >= lowest:
                c.recent = True  # cards are numbered in order; an undated newer card is recent too


@dataclass
class DocIndex:
    """Everything derived from one living doc; cached with it (rebuilt only when the doc changes)."""

    index: SectionIndex
    anchors_by_id: dict[str, list[AnchorRef]]
    anchors_by_url: dict[str, list[AnchorRef]]
    name_anchors: list[tuple[set[str], AnchorRef, str]]
    name_by_token: dict[str, list[int]]


def doc_index(doc: LivingDoc) -> DocIndex:
    cached = doc.__dict__.get("_curator_index")
    if isinstance(cached, DocIndex):
        return cached
    index = SectionIndex(doc)
    by_id: dict[str, list[AnchorRef]] = {}
    by_url: dict[str, list[AnchorRef]] = {}
    names: list[tuple[set[str], AnchorRef, str]] = []
    for s in doc.sections:
        label = index.section_unit.get(s.index) or s.number or s.title
        for a in s.anchors:
            ref = AnchorRef(label, a.line, a.name or s.title, doc.path, a.date)
            if a.kind == "arxiv":
                by_id.setdefault(a.key, []).append(ref)
            elif a.kind == "url":
                by_url.setdefault(a.key, []).append(ref)
            elif a.kind == "name" and a.name:
                toks = _name_tokens(a.name)
                if toks:
                    names.append((toks, ref, a.name))
    by_token: dict[str, list[int]] = {}
    for i, (toks, _ref, _n) in enumerate(names):
        for t in _strong(toks):
            by_token.setdefault(t, []).append(i)
    di = DocIndex(index, by_id, by_url, names, by_token)
    doc.__dict__["_curator_index"] = di
    doc.__dict__["_fresh_index"] = True
    return di


def _context(cfg: Config, topic: str, doc: LivingDoc, others: list[LivingDoc], cards: list[PaperCard], reported: ReportedIndex, notes: dict[str, Note], in_window: list[LoadedNote]) -> Context:
    lexicon = load_lexicon(cfg.lexicon)
    doc_names = _doc_topic_words(doc)
    topic_names = lexicon.topic_names(topic, doc_names)
    own_family = set(lexicon.topic_family(topic)) | set(topic_names)
    other_names: set[str] = set()
    for d in others:
        other_names.update(lexicon.topic_names(d.topic))
    for t in lexicon.table("topics"):
        if t != topic.lower():
            other_names.update(n for n in lexicon.topic_names(t) if n not in own_family)
    people = sorted({n.author for n in notes.values() if n.author and n.author != "-"})
    reader = VerdictReader(lexicon, topic_names, sorted(other_names), people)
    di = doc_index(doc)
    index = di.index
    other_indexes = [(d, doc_index(d).index) for d in others]
    anchors_by_id = di.anchors_by_id
    anchors_by_url = di.anchors_by_url
    name_anchors = di.name_anchors
    elsewhere: dict[str, list[AnchorRef]] = {}
    other_sections: set[str] = set()
    for d in others:
        for sec in d.sections:
            if sec.number:
                other_sections.add(sec.number)
        for key, refs in doc_index(d).anchors_by_id.items():
            elsewhere.setdefault(key, []).extend(refs)
        for key, refs in doc_index(d).anchors_by_url.items():
            elsewhere.setdefault(key, []).extend(refs)
    other_topics = {d.topic.lower() for d in others} | {
        t for t in lexicon.table("topics") if t != topic.lower() and t not in own_family
    }
    note_none: dict[str, str] = {}
    note_other: dict[str, str] = {}
    negative: list[tuple[str, str]] = []
    covered_names: dict[str, list[tuple[set[str], str]]] = {}
    machine = _machine_notes(in_window, lexicon)
    covered_re = lexicon.pattern("remarks", "covered")
    for ln in in_window:
        note = ln.note
        declared = reader.declares_none(note.text)
        if declared:
            note_none[note.path] = declared
        slug = _slug(note.path)
        ntopic = (note.topic or "").lower()
        btopic = (note.briefing_topic or "").lower()
        for cand in (ntopic, btopic, slug.split("-")[0] if slug else ""):
            if cand and cand in other_topics:
                note_other[note.path] = f"a {cand} note"
                break
        if ln.split:
            for r in ln.split.remarks:
                if r.negative_section:
                    negative.append((r.text, note.path))
                m = covered_re.search(r.text)
                if m and not r.negative_section:
                    tail = r.text[m.end() :]
                    for name in re.split(r"\s*(?:/|、|,|，|;|；|\band\b|和)\s*", tail):
                        toks = {t for t in token_set(name) if len(t) >= 2}
                        if toks and len(name.strip()) <= 30:
                            covered_names.setdefault(note.path, []).append((toks, r.text))
    profile = Profile(
        topic, doc, others, lexicon, cards, [t for t, _c, _l in reported.titles], doc_names, people
    )
    return Context(
        topic, doc, others, index, other_indexes, reader, lexicon, profile, machine, other_names,
        {c.arxiv: c for c in cards if c.arxiv}, reported, notes,
        note_none, note_other, negative, anchors_by_id, anchors_by_url, name_anchors, elsewhere, other_sections,
        covered_names, di.name_by_token, reported.left_out,
    )


def _doc_topic_words(doc: LivingDoc) -> list[str]:
    """How the doc names its own topic: the words before "(" or ":" on its 主题/Topic line."""
    header = "\n".join(s.body[:600] for s in doc.sections[:2]) + "\n" + doc.title
    words = default_lexicon().pattern("docs", "topic_line")
    m = re.search(rf"(?:{words.pattern})\s*[:：]\s*([^\n(（—:：]+)", header, re.IGNORECASE)
    if not m:
        return []
    words = [w.strip().lower() for w in re.split(r"[/,，、;；]", m.group(1))]
    return [w for w in words if 2 <= len(w) <= 24]


def _machine_notes(in_window: list[LoadedNote], lexicon: Lexicon) -> set[str]:
    """Notes a program wrote (a keyword digest, an alert): its entries matched words, nobody chose them."""
    authors = lexicon.pattern("notes", "machine_authors")
    phrases = lexicon.pattern("notes", "machine_phrases")
    out = set()
    for ln in in_window:
        note = ln.note
        head = "\n".join(note.text.split("\n", 30)[:30])
        if authors.search(note.author) or phrases.search(head):
            out.add(note.path)
    return out


def _unit_label(index: SectionIndex, section_index: int) -> str | None:
    return index.section_unit.get(section_index)


def _slug(path: str) -> str:
    name = path.rsplit("/", 1)[-1].rsplit(".", 1)[0].lower()
    name = re.sub(r"^\d{4}-?\d{2}-?\d{2}(?:[t_]\d{4})?[-_]?", "", name)
    author = path.split("/")[-2].lower() if "/" in path else ""
    if author and name.startswith(author + "-"):
        name = name[len(author) + 1 :]
    return name


_ALPHA_TOKEN = re.compile(r"[a-z]")


def _name_tokens(name: str) -> set[str]:
    return {t for t in token_set(name) if not re.fullmatch(r"\d{4}", t)}


def _strong(toks: set[str]) -> set[str]:
    return {t for t in toks if len(t) >= 3 and _ALPHA_TOKEN.search(t)}


def _name_anchor(items: list[Item], ctx: Context) -> AnchorRef | None:
    """Conservative named-system match: all of the anchor's name in the title, or the title's name in the anchor."""
    by_token = ctx.name_by_token
    for it in items:
        title_t = _name_tokens(it.title)
        core_t = _name_tokens(title_core(it.title))
        cands: set[int] = set()
        for t in _strong(title_t):
            cands.update(by_token.get(t, ()))
        for i in sorted(cands):
            toks, ref, _name = ctx.name_anchors[i]
            if toks <= title_t:
                return ref
            if _strong(core_t) and core_t <= toks:
                return ref
    return None


def _increment(c: Cluster, ctx: Context, authors: dict[str, str]) -> Increment:
    primary = c.items
    basis = primary or c.mentions
    inc = Increment(id=c.key, title=_choose_title(c, ctx))
    inc.items = primary + [m for m in c.mentions if m not in primary]
    arx: list[str] = []
    if c.kind == "arxiv":
        arx.append(c.key)
    for it in primary:
        if it.primary_arxiv and it.primary_arxiv not in arx:
            arx.append(it.primary_arxiv)
    inc.arxiv = arx
    for it in basis:
        for k, vs in it.arxiv_versions.items():
            if k in arx:
                cur = inc.arxiv_versions.setdefault(k, [])
                cur.extend(v for v in vs if v not in cur)
    urls: list[str] = []
    seen_norm: set[str] = set()
    for it in primary:
        for u in it.urls:
            nu = normalize_url(u)
            if u not in urls:
                urls.append(u)
            seen_norm.add(nu)
    if c.kind == "url" and not urls:
        urls.append(c.key)
    inc.urls = urls
    inc.sources = source_refs(c, authors)
    inc.merge = c.merge  # type: ignore[assignment]
    inc.points = _dedupe_fuzzy([p for it in primary for p in it.points])
    inc.caveats = _dedupe_fuzzy([p for it in primary for p in it.caveats])
    prios = [it.priority for it in primary if it.priority]
    inc.priority = min(prios, key=lambda p: PRIORITY_RANK.get(p, 3)) if prios else None
    inc.stars = max([it.stars for it in primary] or [0])
    card = ctx.cards.get(c.key) if c.kind == "arxiv" else None
    inc.card = card.path if card else None

    # where the doc already has it
    anchored: list[AnchorRef] = []
    for a in arx:
        anchored.extend(ctx.anchors_by_id.get(a, []))
    for nu in seen_norm or ({c.key} if c.kind == "url" else set()):
        anchored.extend(ctx.anchors_by_url.get(nu, []))
    ev = Evidence(topic=ctx.topic, has_key=c.kind in ("arxiv", "url"), card=card, mention_only=not primary)
    if c.kind == "malformed":
        ev.malformed = list(dict.fromkeys(m for it in c.items for m in it.malformed))
    if not anchored and c.kind != "arxiv":
        ref = _name_anchor(primary[:1], ctx)
        if ref:
            anchored.append(ref)
            ev.anchored_reason = f"the doc already names {ref.title!r} in {ref.section}"
    inc.anchored_in = _dedupe_refs(anchored)
    ev.anchored = inc.anchored_in
    mentioned = [m for it in primary for m in it.mentions]
    inc.suggested_sections = ctx.index.suggest(basis, mentioned=mentioned)
    if not anchored and c.kind != "arxiv":
        covered = _covered_per_note(primary, ctx)
        if covered is not None:
            it, text, sec = covered
            sec = sec or (inc.suggested_sections[0].section if inc.suggested_sections else None)
            unit = ctx.index.resolve(sec) if sec else None
            label = unit.label if unit else (sec or "")
            inc.anchored_in = [AnchorRef(label, 0, "(per the note)", ctx.doc.path)]
            ev.covered = f"{_short(it.note)} says it is already covered: “{text}”"
    for a in arx:
        inc.anchored_elsewhere.extend(ctx.elsewhere_by_id.get(a, []))
    for nu in seen_norm or ({c.key} if c.kind == "url" else set()):
        inc.anchored_elsewhere.extend(r for r in ctx.elsewhere_by_id.get(nu, []) if r not in inc.anchored_elsewhere)
    ev.elsewhere = inc.anchored_elsewhere
    # reported in an earlier briefing
    rep: list[str] = []
    keys = set(arx) | seen_norm | ({c.key} if c.kind == "url" else set())
    for k in keys:
        rep.extend(ctx.reported.ids.get(k, []))
        rep.extend(ctx.reported.urls.get(k, []))
    if not rep and c.kind != "arxiv":
        rep.extend(_reported_by_title(primary, ctx))
    inc.reported_in = sorted(set(rep))
    ev.reported = inc.reported_in
    left = sorted({b for k in keys for b in ctx.left_out.get(k, [])})
    if left:
        ev.left_out = f"{left[0]} left it out"

    scopes = _scopes(c, keys)
    _read_remarks(ev, scopes, ctx, c.kind != "arxiv")
    inc.suggested_sections = _with_hints(inc.suggested_sections, _read_hints(ev, basis, scopes, ctx), ctx.index)
    _note_evidence(ev, c, basis, ctx)
    titles = " ".join(dict.fromkeys([inc.title, *(it.title for it in primary), card.title if card else ""]))
    body = " ".join(text for _it, text in scopes) + " " + " ".join(inc.points + inc.caveats)
    title_list = [t for t in dict.fromkeys([*(it.title for it in primary), card.title if card else ""]) if t]
    if not title_list:
        title_list = [it.text[:200] for it in c.mentions[:3]]
    ev.fit = ctx.profile.fit(titles, body, titles=title_list)
    ev.other_fit = ctx.profile.best_other(titles, body, titles=title_list)
    verdict = judge(ev)
    inc.status = verdict.status  # type: ignore[assignment]
    inc.status_reason = verdict.reason
    inc.status_rule = verdict.rule
    inc.relevance = relevance_score(ev.fit)
    inc.relevance_detail = _relevance_detail(ev)
    return inc


def _relevance_detail(ev: Evidence) -> dict[str, object]:
    if ev.fit is None:
        return {}
    out: dict[str, object] = {
        "fit": ev.fit.score, "terms": ev.fit.terms[:6], "coverage": ev.fit.coverage, "foreign": ev.fit.foreign[:6],
    }
    if ev.other_fit is not None:
        out["other"], out["other_fit"] = ev.other_fit[0], ev.other_fit[1].score
    return out


def _scopes(c: Cluster, keys: set[str]) -> list[tuple[Item, str]]:
    """Each source item with the text that speaks of this increment: a primary item's own
    sentences (not those about another paper it cites), a mention's sentence."""
    out: list[tuple[Item, str]] = []
    for it in c.items:
        own = []
        for a, b in sentence_spans(it.text):
            sentence = it.text[a:b]
            cited = set(find_ids(sentence) and [m.id for m in find_ids(sentence)])
            if cited and not cited & keys:
                continue  # about another paper ("They compare against Bench-X (2610.14001)…")
            own.append(sentence)
        out.append((it, " ".join(own) if own else it.text))
    out.extend((m, m.text) for m in c.mentions if m not in c.items)
    return out


def _read_remarks(ev: Evidence, scopes: list[tuple[Item, str]], ctx: Context, idless: bool) -> None:
    """What the authors say of it, in the scope that names it."""
    for it, text in scopes:
        where = f"{_short(it.note)}({it.label or 'item'})"
        for v in ctx.reader.read(text):
            if v.kind in OFF_KINDS:
                ev.verdicts.append(f"{where}: “{v.text}”")
            elif v.kind == "reported":
                ev.note_reported = ev.note_reported or f"{where} says it was reported: “{v.text}”"
            elif v.kind == "keep":
                ev.keeps.append(f"{where}: “{v.text}”")
    negative = [it for it, _t in scopes if it.negative]
    if negative and len(negative) == len(scopes):
        heading = negative[0].context.split(" / ")[-1] if negative[0].context else "a heading that leaves it out"
        ev.negative = f"{_short(negative[0].note)} files it under “{heading.strip('*_ ')}”"
    if idless and not ev.verdicts:
        named = _left_out_by_name(scopes, ctx)
        if named:
            ev.verdicts.append(named)


def _left_out_by_name(scopes: list[tuple[Item, str]], ctx: Context) -> str | None:
    """A note's "left out" line that names the item ("今天没进主线的: MCP Auth / A2A vs MCP:协议层")."""
    cores = {title_core(it.title) for it, _t in scopes if len(title_core(it.title)) >= 3}
    for text, path in ctx.negative_remarks:
        lead = re.split(r"[:：]", re.sub(r"^\s*[-*+]\s*", "", text), maxsplit=1)[0]
        names = [x.strip().lower() for x in re.split(r"\s/\s|、|,|，", lead) if x.strip()]
        for core in cores:
            cl = core.lower()
            if any(cl == nm or (len(nm) >= 4 and (nm in cl or cl in nm)) for nm in names):
                return f"{_short(path)} leaves it out: “{text[:60]}”"
    return None


HINT_WEIGHTS = {"field": 1.0, "number": 0.9, "title": 0.6}
"""How much an author's hint weighs against the lexical fit (which contributes at most 0.5)."""


def _read_hints(ev: Evidence, basis: list[Item], scopes: list[tuple[Item, str]], ctx: Context) -> list[tuple[str, float, str]]:
    """Where the notes file it: hints into this doc (label, weight, reason), to no section, or to
    another doc's section.  A bare "§1.13" in passing refers to the doc; it does not file the item."""
    found: list[tuple[str, float, str]] = []
    for it in basis:
        where = f"{_short(it.note)}({it.label or 'item'})"
        if it.section_hint == "-":
            ev.hint_none = ev.hint_none or f"{where} files it under no section of this doc"
        elif it.section_hint:
            unit = ctx.index.resolve(it.section_hint)
            if unit:
                found.append((unit.label, HINT_WEIGHTS["field"], f"hint in {where}"))
            elif not ev.hint_other:
                other = "another doc's" if it.section_hint in ctx.other_sections else "a missing"
                ev.hint_other = f"{_short(it.note)} suggests {it.section_hint}, {other} section"
    for it, text in scopes:
        where = f"{_short(it.note)}({it.label or 'item'})"
        for h in read_hints(text, ctx.lexicon):
            if h.kind == "number":
                unit = ctx.index.resolve("§" + h.value)
            elif h.kind == "title":
                unit = ctx.index.resolve_title(h.value)
            else:
                continue
            if unit:
                found.append((unit.label, HINT_WEIGHTS[h.kind], f"“{h.text}” in {where}"))
    ev.hints_here = [label for label, _w, _r in found]
    if found:
        ev.hint_other = None
    return found


def _with_hints(suggestions: list[SectionSuggestion], hints: list[tuple[str, float, str]], index: SectionIndex, k: int = 3) -> list[SectionSuggestion]:
    """The lexical suggestions re-ranked by the authors' hints (each note's hint counts once).

    A hint naming a divided section ("归入 3.2" where §3.2 has §3.2.1 and §3.2.2) goes to the
    part the wording fits best, when the wording prefers one of them."""
    if not hints:
        return suggestions
    lexical = {s.section: s for s in suggestions}
    score: dict[str, float] = {s.section: s.score for s in suggestions}
    reasons: dict[str, list[str]] = {s.section: [s.reason] if s.reason else [] for s in suggestions}
    seen: set[tuple[str, str]] = set()
    for label, weight, reason in hints:
        parts = [u.label for u in index.units if u.label.startswith(label + ".")]
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
        out.append(SectionSuggestion(label, title, round(min(1.0, value / 1.6), 3), "; ".join(dict.fromkeys(reasons[label]))[:200]))
    return out


_ARXIV_CATEGORY = re.compile(
    r"(?<![\w.])(?:cs|math|stat|eess|econ|q-bio|q-fin|physics|astro-ph|cond-mat|hep-[a-z]{2,3}|nucl-[a-z]{2}|gr-qc|quant-ph|nlin|math-ph)"
    r"(?:\.[A-Za-z]{2}(?:-[a-z]{2,})?|\.[a-z]{2,}-[a-z]{2,})?(?![\w])"
)


def _remote_category(items: list[Item], lexicon: Lexicon) -> str | None:
    """The arXiv category an entry is filed under (its digest heading or its own line), when that
    category is one of the lexicon's ``[arxiv] remote_categories``; only when all its entries agree."""
    remote = [w.removeprefix("lit:") for w in lexicon.words("arxiv", "remote_categories")]
    found = None
    for it in items:
        group = it.context.split(" / ")[-1] if it.context else ""
        cats = _ARXIV_CATEGORY.findall(group + " " + it.text[:300])
        hit = next((c for c in cats if any(fnmatchcase(c.lower(), r.lower()) for r in remote)), None)
        if hit is None:
            return None
        found = found or hit
    return found


def _covered_per_note(primary: list[Item], ctx: Context) -> tuple[Item, str, str | None] | None:
    """An ID-less item a note says the doc already covers (quoting it, with the section it names)."""
    covered_re = ctx.lexicon.pattern("remarks", "covered")
    for it in primary:
        for line in it.text.split("\n"):
            m = covered_re.search(line)
            if m and not _names_other_doc(line, ctx):
                sec = re.search(r"§\s*(\d+(?:\.\d+)*)", line)
                return it, _clip_words(line, m.start()), ("§" + sec.group(1) if sec else None)
        core = {t for t in token_set(title_core(it.title)) if len(t) >= 2}
        for toks, sentence in ctx.covered_names.get(it.note, []):
            if core and toks <= core:
                return it, sentence[:70], None
    return None


def _clip_words(text: str, at: int, width: int = 70) -> str:
    start = max(0, at - 25)
    return text[start : start + width].strip().replace("\n", " ")


def _note_evidence(ev: Evidence, c: Cluster, basis: list[Item], ctx: Context) -> None:
    """How the notes as wholes place it: another topic's note, a note saying it holds nothing for
    this topic, a group heading naming another doc's section; which sources are machine digests;
    what its paper card files it under."""
    notes = {it.note for it in (c.items or c.mentions)}
    if notes and all(n in ctx.note_none for n in notes):
        n = sorted(notes)[0]
        ev.note_none = f"{_short(n)} says: “{ctx.note_none[n]}”"
    if notes and all(n in ctx.note_other for n in notes):
        n = sorted(notes)[0]
        ev.note_other = f"from {ctx.note_other[n]} ({_short(n)})"
    for it in basis:
        group = (it.context.split(" / ")[-1] if it.context else "").strip().strip("*_").lstrip("§").strip()
        if len(group) >= 2 and not _title_match(group, ctx.index):
            for d, idx in ctx.other_indexes:
                if _title_match(group, idx):
                    ev.group_other = f"{_short(it.note)} files it under “{group}”, a section of {d.path}"
                    break
        if ev.group_other:
            break
    ev.machine_only = bool(notes) and all(n in ctx.machine_notes for n in notes)
    ev.remote_category = _remote_category(basis, ctx.lexicon)
    card = ev.card
    if card is not None and card.category:
        cat = card.category.lower()
        fam = set(ctx.lexicon.topic_family(ctx.topic)) | set(ctx.lexicon.topic_names(ctx.topic))
        if cat in fam:
            ev.card_kind = "topic"
        elif cat in ctx.other_topic_names or any(cat == d.topic.lower() for d in ctx.others) or cat in ctx.lexicon.table("topics"):
            ev.card_kind = "other"
        else:
            ev.card_kind = "unknown"


def _short(path: str) -> str:
    return path.split("/", 1)[-1] if path.startswith("inbox/") else path


def _names_other_doc(text: str, ctx: Context) -> str | None:
    """"rag 活文档 §2.6 已有" is about another topic's doc, not ours."""
    doc_words = ctx.lexicon.pattern("docs", "doc_words")
    for m in re.finditer(rf"([A-Za-z][\w-]{{1,20}})\s*(?:{doc_words.pattern})", text, re.IGNORECASE):
        word = m.group(1).lower()
        if word != ctx.topic.lower() and any(d.topic.lower() == word for d in ctx.others):
            return word
    return None


def _reported_by_title(items: list[Item], ctx: Context) -> list[str]:
    """Earlier briefings' entries with this title (same core name, or ≥ 92 token-sort similar), in their order."""
    titles = ctx.reported.titles
    if not titles:
        return []
    by_core, normalized = ctx.reported.lookup_tables()
    out = []
    for it in items:
        core = title_core(it.title).lower()
        hits = set(by_core.get(core, ())) if len(core) >= 4 else set()
        nt = normalized_title(it.title)
        if nt:
            hits.update(j for _t, _score, j in process.extract(nt, normalized, scorer=fuzz.token_sort_ratio, score_cutoff=92, limit=None))
        out.extend(titles[j][2] for j in sorted(hits))
    return out


def _title_match(group: str, idx: SectionIndex) -> bool:
    """Does a note's group heading name one of this doc's sections (equal, contained, or ≥ 85 similar)?"""
    g = group.lower()
    titles = idx.lower_titles
    for t in titles:
        if g == t or (len(g) >= 4 and g in t) or (len(t) >= 4 and t in g):
            return True
    return process.extractOne(g, titles, scorer=fuzz.ratio, score_cutoff=85) is not None




def _choose_title(c: Cluster, ctx: Context) -> str:
    cands = [it for it in c.items if it.title and it.title != c.key]
    if cands:
        hinted = [it for it in cands if it.section_hint and it.section_hint != "-"]
        pool = hinted or cands
        pool = sorted(pool, key=lambda it: (-min(len(it.title), 60), it.note))
        return pool[0].title[:120]
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


_ID_OR_LINK = re.compile(r"(?:https?://|www\.)\S+|\b[\w.-]+\.(?:com|org|net|io|ai|dev|cn|blog)/\S*|(?:arxiv[:\s]*)?\b\d{4}\.\d{4,5}(?:v\d+)?\b", re.IGNORECASE)
"""IDs and links say which paper, not what it is about: an ID's month ("2611") is no shared term."""


def _neighbourhood(inc: Increment, ctx: Context) -> frozenset[str]:
    """Where a new increment sits in the doc: its suggested section and the anchored papers its own
    items build on.  Known items have none: a flag between two of them is noise."""
    if inc.status != "new":
        return frozenset()
    keys = {inc.suggested_sections[0].section} if inc.suggested_sections else set()
    for it in primary_items(inc):
        keys.update(m for m in it.mentions if m in ctx.anchors_by_id)
    return frozenset(keys)


def _inc_text(inc: Increment) -> str:
    """What an increment is about, for overlap flagging: titles and key points (a mention's
    sentence when that is all there is), without IDs and links."""
    parts = [inc.title, inc.title]
    primary = primary_items(inc)
    for it in primary:
        parts.append(it.title)
        parts.extend(it.points[:12])
    if not primary:
        known = [a.title for a in inc.anchored_in + inc.anchored_elsewhere if a.title]
        # an anchored paper is what the doc says it is; the sentence that mentions it is about something else
        parts.extend(known[:3] or [it.text for it in inc.items[:6]])
    return _ID_OR_LINK.sub(" ", " ".join(parts)[:8000])


def _card_increments(cards: list[PaperCard], incs: list[Increment], ctx: Context) -> list[Increment]:
    """A recent card of this topic that no note mentions is a candidate of its own."""
    known = {a for inc in incs for a in inc.arxiv} | {inc.id for inc in incs}
    out = []
    for card in cards:
        if not card.recent or not card.arxiv or card.arxiv in known or card.empty:
            continue
        cat = (card.category or "").lower()
        if cat != ctx.topic.lower() and cat not in ctx.lexicon.topic_family(ctx.topic):
            continue
        inc = Increment(id=card.arxiv, title=card.title or card.arxiv, arxiv=[card.arxiv], card=card.path)
        inc.sources = []
        from curator.models import SourceRef

        inc.sources.append(SourceRef(card.path, "paper card", "", False))
        fake = Item(note=card.path, label="paper card", title=card.title, text=card.title + " " + " ".join(card.tags))
        inc.items = [fake]
        inc.anchored_in = list(ctx.anchors_by_id.get(card.arxiv, []))
        inc.suggested_sections = ctx.index.suggest([fake])
        inc.status = "anchored" if inc.anchored_in else "new"
        inc.status_reason = "recent paper card that no note mentions"
        out.append(inc)
    return out
