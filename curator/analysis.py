"""The evening's understanding of a relay: notes → increments with status, sections, overlaps.

``analyze()`` is what ``curator analyze``, the UI and the export share.  It is
pure (no Textual), deterministic for a given workspace and window, and reports
file problems per file instead of raising.
"""

from __future__ import annotations

import re
from collections.abc import Callable, MutableMapping
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz

from curator.arxiv import find_ids
from curator.briefings import ReportedIndex
from curator.cache import IndexCache
from curator.config import Config, load_config, window_bounds
from curator.context import Context, DocIndex, build_context
from curator.evidence import (
    covered_per_note,
    name_anchor,
    note_evidence,
    read_note_hints,
    read_remarks,
    relevance_detail,
    reported_by_title,
    scopes,
    short_path,
    with_hints,
)
from curator.gcpause import paused_gc
from curator.judge import Evidence, judge, relevance_score
from curator.lexicon import default_lexicon
from curator.matcher import (
    Cluster,
    cluster_items,
    find_overlaps,
    source_refs,
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
    Window,
)
from curator.note_items import BULLET
from curator.timeutil import parse_iso
from curator.urls import find_urls, normalize_url, strip_links
from curator.workspace import (
    Layout,
    LoadedNote,
    choose_topic,
    layout,
    list_note_paths,
    load_note,
)

Progress = Callable[[str, int, int], None]
PRIORITY_RANK = {"🔴": 0, "🟠": 1, "🟡": 2}


def resolve_window(
    cfg: Config,
    since: str | datetime | None,
    until: str | datetime | None,
    now: datetime | None = None,
) -> Window:
    """--since/--until (ISO with offset), else curator.toml, else 24 h ending now (see
    :func:`curator.config.window_bounds`)."""
    return Window(*window_bounds(cfg, since, until, now))


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
            root,
            topic,
            since,
            until,
            cfg=cfg,
            progress=progress,
            cache=cache,
            save_cache=save_cache,
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
    defer = _outside(window, topic, cfg.editor, _known_topics(lay)) if defer_outside else None
    for n, p in enumerate(paths, start=1):
        loaded.append(
            cache.load_note(p, cfg, defer=defer)
            if cache is not None
            else load_note(p, cfg.root, cfg, defer=defer)
        )
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
    result = build_analysis(
        cfg,
        lay,
        topic,
        window,
        doc,
        others,
        loaded,
        cards,
        problems,
        card_problems,
        vocabulary_memo=cache.vocabulary if cache is not None else None,
    )
    if cache is not None:
        cache.forget_missing({ln.note.path for ln in loaded})
        fresh = [d.__dict__.pop("_fresh_index", False) for d in docs.values()]
        memo = [_memo_changed(d) for d in docs.values()]  # every flag reset, none saved as set
        if any(fresh):
            cache.mark_dirty("docs")
        if any(fresh) or any(memo):
            cache.mark_dirty("memo")
        if save_cache:
            cache.save()
    return result


def _in_window(note: Note, window: Window) -> bool:
    return bool(note.time and window.since < note.time <= window.until)


def _is_topic_briefing(
    note: Note, topic: str, editor: str | None, known: frozenset[str] = frozenset()
) -> bool:
    """An earlier briefing of this topic: it names the topic (or a short form of it, "Eval" for
    evaluation); or it names no topic this workspace knows ("Abendbericht — Samstag") and its
    title shortens the topic or the editor wrote it."""
    named = note.briefing_topic
    if named is None:
        return False
    named, topic = named.lower(), topic.lower()
    if named == topic or (len(named) >= 4 and topic.startswith(named)):
        return True
    if named and named in known:
        return False  # another topic's briefing
    short = any(
        len(w) >= 4 and topic.startswith(w)
        for w in re.findall(r"[^\W\d_]+", (note.title or "").lower())
    )
    return short or (bool(editor) and note.author.lower() == (editor or "").lower())


def _known_topics(lay: Layout) -> frozenset[str]:
    """Every topic a briefing could be for: the workspace's docs and the lexicon's topics."""
    return frozenset(t.lower() for t in (*lay.docs, *default_lexicon().table("topics")))


def _outside(
    window: Window, topic: str, editor: str | None, known: frozenset[str]
) -> Callable[[Note], bool]:
    """Notes nothing in this window's answer depends on: dated outside it, and not this topic's briefings."""
    return lambda note: (
        not _in_window(note, window) and not _is_topic_briefing(note, topic, editor, known)
    )


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
    vocabulary_memo: MutableMapping[str, Any] | None = None,
) -> Analysis:
    """Everything after the files are read (cheap enough to redo on every inbox change).
    ``vocabulary_memo``: where the topic's counted vocabulary is kept between runs (the index cache)."""
    analysis = Analysis(
        topic=topic, window=window, living_doc=doc, other_docs=others, workspace=str(cfg.root)
    )
    errors = list(problems)
    for d in [doc, *others]:
        errors.extend(FileProblem(d.path, e) for e in d.errors)
    notes: dict[str, Note] = {}
    reported = ReportedIndex()
    briefing_notes: list[tuple[Note, str]] = []
    known = _known_topics(lay)
    in_window: list[LoadedNote] = []
    for ln in loaded:
        in_win = _in_window(ln.note, window)
        is_briefing = _is_topic_briefing(ln.note, topic, cfg.editor, known)
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
            errors.append(
                FileProblem(note.path, e, "warning" if note.items or note.text.strip() else "error")
            )
    for path, msg in card_problems:
        errors.append(FileProblem(path, msg))
    _mark_recent_cards(cards, window, cfg)
    analysis.notes = sorted(
        notes.values(),
        key=lambda n: (
            n.author,
            n.time or datetime.min.replace(tzinfo=window.until.tzinfo),
            n.path,
        ),
    )
    analysis.cards = cards
    analysis.errors = errors

    ctx = build_context(cfg, topic, doc, others, cards, reported, notes, in_window, vocabulary_memo)
    items = [it for ln in in_window for it in ln.note.items]
    carriers = [c for ln in in_window if ln.split for c in ln.split.carriers]
    # only rows about what this window mentions can change an answer: read no other row's verdict
    keys = {a for it in (*items, *carriers) for a in it.arxiv}
    keys |= {normalize_url(u) for it in (*items, *carriers) for u in (*it.urls, *it.linked)}
    for note, label in briefing_notes:
        reported.set_aside(note, label, ctx.reader, keys)
    groups: list[tuple[list[Item], str]] = []
    for ln in in_window:
        if not ln.split:
            continue
        by_label = {it.label: it for it in ln.note.items if it.label}
        for labels, sentence in ln.split.groups:
            members = [by_label[x] for x in labels if x in by_label]
            if len(members) > 1:
                groups.append((members, sentence))
    said = _said_same(in_window)
    clusters = cluster_items(
        items,
        carriers,
        groups,
        {**{k: v for k, (v, _p) in said.items()}, **_card_links(cards)},
        said={k: p for k, (_v, p) in said.items()},
    )
    authors = {n.path: n.author for n in notes.values()}
    incs = [_increment(c, ctx, authors) for c in clusters]
    incs.extend(_card_increments(cards, incs, ctx))
    texts = [_inc_text(inc, ctx.cards.get(inc.arxiv[0]) if inc.arxiv else None) for inc in incs]
    find_overlaps(
        incs,
        texts,
        [i.items for i in incs],
        context=[_neighbourhood(i, ctx) for i in incs],
        related={
            **_said_overlap(in_window, incs),
            **_discussed_together([*items, *carriers], incs),
        },
    )
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


_TOGETHER = 3
"""A passage that cites at most this many new papers discusses them together; more is a list."""


def _discussed_together(items: list[Item], incs: list[Increment]) -> dict[tuple[int, int], str]:
    """Pairs of new increments one passage cites together ("two answers, back to back: A[^1] …
    B[^2]"), whatever else (anchored, background) it cites."""
    new_of = {a: k for k, inc in enumerate(incs) if inc.status == "new" for a in inc.arxiv}
    out: dict[tuple[int, int], str] = {}
    for it in items:
        cited = sorted({new_of[a] for a in (*it.arxiv, *it.mentions) if a in new_of})
        if not 2 <= len(cited) <= _TOGETHER:
            continue
        for x, a in enumerate(cited[:-1]):
            for b in cited[x + 1 :]:
                out.setdefault(
                    (a, b), f"{short_path(it.note)}({it.label or 'item'}) discusses both"
                )
    return out


_OVERLAP_WINDOW = 12
"""Lines back a remark that two papers overlap may look for them (a chat thread's last messages)."""


def _said_overlap(in_window: list[Any], incs: list[Increment]) -> dict[tuple[int, int], str]:
    """Pairs of new increments a conversation says overlap: a message that cites nothing itself
    ("no, other group, same problem — mark them as overlap", ``[remarks] say_overlap``) about the
    two papers the messages just before it cite (up to :data:`_OVERLAP_WINDOW` lines back, not
    past a heading), when exactly two new ones are.  Lists are left to the item rules: a bullet
    belongs to its own item, whose words the matcher reads."""
    lex = default_lexicon()
    say = lex.phrases("remarks", "say_overlap")
    new_of = {a: k for k, inc in enumerate(incs) if inc.status == "new" for a in inc.arxiv}
    new_of.update(
        {normalize_url(u): k for k, inc in enumerate(incs) if inc.status == "new" for u in inc.urls}
    )
    out: dict[tuple[int, int], str] = {}
    for ln in in_window:
        text = ln.note.text
        if not text or next(say.finditer(text), None) is None:
            continue
        lines = text.split("\n")
        for i, line in enumerate(lines):
            if next(say.finditer(line), None) is None or _cites(line) or BULLET.match(line):
                continue
            cited: list[int] = []
            for back in lines[max(0, i - _OVERLAP_WINDOW) : i][::-1]:
                if back.lstrip().startswith("#"):
                    break
                if BULLET.match(back):
                    cited = []
                    break
                keys = [m.id for m in find_ids(back)] + [
                    normalize_url(u) for u, _s, _e in find_urls(back)
                ]
                cited.extend(new_of[k] for k in keys if k in new_of and new_of[k] not in cited)
            if len(cited) == 2:
                a, b = sorted(cited)
                out.setdefault(
                    (a, b), f"{short_path(ln.note.path)} says they overlap: “{line.strip()[:50]}”"
                )
    return out


def _cites(line: str) -> bool:
    return bool(find_ids(line) or find_urls(line))


def _said_same(in_window: list[Any]) -> dict[str, tuple[str, str]]:
    """Link → (arXiv ID, note) where a note's sentence says the link is that paper ("the bioRxiv
    version https://… is the same paper as 2610.02215", "…就是同一篇"): one ID and links in the
    sentence, a ``[remarks] same_paper`` phrase, no ``distinct`` one.  A link two lines give two
    papers names neither."""
    lex = default_lexicon()
    same, distinct = lex.phrases("remarks", "same_paper"), lex.phrases("remarks", "distinct")
    out: dict[str, tuple[str, str]] = {}
    clash: set[str] = set()
    for ln in in_window:
        text = ln.note.text
        if not text or next(same.finditer(text), None) is None:
            continue  # most notes say nothing of the kind: one scan, no line loop
        for line in (ln_[a:b] for ln_ in text.split("\n") for a, b in sentence_spans(ln_)):
            if (
                next(same.finditer(line), None) is None
                or next(distinct.finditer(line), None) is not None
            ):
                continue
            ids = {m.id for m in find_ids(line)}
            links = [normalize_url(u) for u, _s, _e in find_urls(line)]
            links = [u for u in links if not any(i in u for i in ids) and "arxiv.org" not in u]
            if len(ids) != 1 or not links:
                continue
            (aid,) = ids
            for u in links:
                if out.setdefault(u, (aid, ln.note.path))[0] != aid:
                    clash.add(u)
    return {k: v for k, v in out.items() if k not in clash}


def _card_links(cards: list[PaperCard]) -> dict[str, str]:
    """Link → arXiv ID, from the cards' headers; a link two papers' cards give names neither."""
    owner: dict[str, str] = {}
    shared: set[str] = set()
    for card in cards:
        for link in card.links if card.arxiv else ():
            if owner.setdefault(link, card.arxiv) != card.arxiv:
                shared.add(link)
    return {k: v for k, v in owner.items() if k not in shared}


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
    status_rank = {
        "new": 0,
        "unverified": 1,
        "reported": 2,
        "cited": 3,
        "anchored": 3,
        "off-topic": 4,
    }[inc.status]
    primary_sources = sum(1 for s in inc.sources if not s.mention)
    return (
        status_rank,
        -primary_sources,
        -len(inc.sources),
        PRIORITY_RANK.get(inc.priority or "", 3),
        -inc.stars,
        inc.title.lower(),
    )


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
    ev = Evidence(
        topic=ctx.topic, has_key=c.kind in ("arxiv", "url"), card=card, mention_only=not primary
    )
    if c.kind == "malformed":
        ev.malformed = list(dict.fromkeys(m for it in c.items for m in it.malformed))
    if not anchored and c.kind != "arxiv":
        ref = name_anchor(primary[:1], ctx)
        if ref:
            anchored.append(ref)
            ev.anchored_reason = f"the doc already names {ref.title!r} in {ref.section}"
    inc.anchored_in = _dedupe_refs(anchored)
    ev.anchored = inc.anchored_in
    mentioned = [m for it in primary for m in _built_on(it, ctx)]
    inc.suggested_sections = ctx.index.suggest(basis, mentioned=mentioned)
    if not anchored and c.kind != "arxiv":
        covered = covered_per_note(primary, ctx)
        if covered is not None:
            it, text, sec = covered
            sec = sec or (inc.suggested_sections[0].section if inc.suggested_sections else None)
            unit = ctx.index.resolve(sec) if sec else None
            label = unit.label if unit else (sec or "")
            inc.anchored_in = [AnchorRef(label, 0, "(per the note)", ctx.doc.path)]
            ev.covered = f"{short_path(it.note)} says it is already covered: “{text}”"
    for a in arx:
        inc.anchored_elsewhere.extend(ctx.elsewhere_by_id.get(a, []))
    for nu in seen_norm or ({c.key} if c.kind == "url" else set()):
        inc.anchored_elsewhere.extend(
            r for r in ctx.elsewhere_by_id.get(nu, []) if r not in inc.anchored_elsewhere
        )
    ev.elsewhere = inc.anchored_elsewhere
    # reported in an earlier briefing
    rep: list[str] = []
    keys = set(arx) | seen_norm | ({c.key} if c.kind == "url" else set())
    for k in keys:
        rep.extend(ctx.reported.ids.get(k, []))
        rep.extend(ctx.reported.urls.get(k, []))
    if not rep and c.kind != "arxiv":
        rep.extend(reported_by_title(primary, ctx))
    inc.reported_in = sorted(set(rep))
    ev.reported = inc.reported_in
    ev.cited = [r for k in sorted(keys) for r in ctx.cited.get(k, [])]
    left = sorted({b for k in keys for b in ctx.left_out.get(k, [])})
    if left:
        ev.left_out = f"{left[0]} left it out"

    said = scopes(c, keys)
    read_remarks(ev, said, ctx, c.kind != "arxiv")
    inc.suggested_sections = with_hints(
        inc.suggested_sections, read_note_hints(ev, basis, said, ctx), ctx.index
    )
    note_evidence(ev, c, basis, ctx)
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
    verdict = judge(ev)
    inc.status = verdict.status  # type: ignore[assignment]
    inc.status_reason = verdict.reason
    inc.status_rule = verdict.rule
    inc.relevance = relevance_score(ev.fit)
    inc.relevance_detail = relevance_detail(ev)
    return inc


def _choose_title(c: Cluster, ctx: Context) -> str:
    cands = [it for it in c.items if it.title and it.title != c.key]
    if c.kind == "arxiv":
        # an item that joined by its link or its title names the paper less surely than one citing its ID
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


def _is_prose(title: str) -> bool:
    """A sentence or more, not a name: long, or a sentence ends inside it."""
    return len(title) > 100 or bool(
        re.search(r"\w\.\s+\S|。\s*\S", title)
    )  # "Foo? A Benchmark" is a name


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


_ID_OR_LINK = re.compile(
    r"(?:https?://|www\.)\S+|\b[\w.-]+\.(?:com|org|net|io|ai|dev|cn|blog)/\S*|(?:arxiv[:\s]*)?\b\d{4}\.\d{4,5}(?:v\d+)?\b",
    re.IGNORECASE,
)
"""IDs and links say which paper, not what it is about: an ID's month ("2611") is no shared term.
Read through :func:`strip_ids_and_links`: its bare-host branch, tried at each word start of a long
run like "a.a.a.…", rescanned the run from each (8,000 characters of it took 1.8 s)."""

_ID_TLDS = ("com", "org", "net", "io", "ai", "dev", "cn", "blog")
_ARXIV_ID = re.compile(r"(?:arxiv[:\s]*)?\b\d{4}\.\d{4,5}(?:v\d+)?\b", re.IGNORECASE)


def strip_ids_and_links(text: str) -> str:
    """``_ID_OR_LINK.sub(" ", text)`` in linear time (:func:`curator.urls.strip_links`)."""
    return strip_links(text, _ID_TLDS, _ARXIV_ID)


def _built_on(it: Item, ctx: Context) -> list[str]:
    """The papers an item mentions, less those it names only to tell them apart ("not the same
    paper as X (2511.09234)", "和 D.1 那篇没关系"): where X is anchored says nothing of this one."""
    if not it.mentions:
        return []
    apart = ctx.lexicon.pattern("remarks", "distinct")
    if not apart.search(it.text):
        return list(it.mentions)
    told_apart: set[str] = set()
    for a, b in sentence_spans(it.text):
        sentence = it.text[a:b]
        if apart.search(sentence):
            told_apart.update(m.id for m in find_ids(sentence))
    return [m for m in it.mentions if m not in told_apart]


def _neighbourhood(inc: Increment, ctx: Context) -> frozenset[str]:
    """Where a new increment sits in the doc: its suggested section and the anchored papers its own
    items build on.  Known items have none: a flag between two of them is noise."""
    if inc.status != "new":
        return frozenset()
    keys = {inc.suggested_sections[0].section} if inc.suggested_sections else set()
    for it in primary_items(inc):
        keys.update(m for m in it.mentions if m in ctx.anchors_by_id)
    return frozenset(keys)


def _inc_text(inc: Increment, card: PaperCard | None = None) -> str:
    """What an increment is about, for overlap flagging: titles and key points (a mention's
    sentence when that is all there is), and its card's title and tags (the paper's own words,
    when the notes are in several languages), without IDs and links."""
    parts = [inc.title, inc.title]
    if card is not None and not card.empty:
        parts.extend([card.title, card.title, *card.tags])
    primary = primary_items(inc)
    for it in primary:
        parts.append(it.title)
        parts.extend(it.points[:12])
    if not primary:
        known = [a.title for a in inc.anchored_in + inc.anchored_elsewhere if a.title]
        # an anchored paper is what the doc says it is; the sentence that mentions it is about something else
        parts.extend(known[:3] or [it.text for it in inc.items[:6]])
    # each part cut first: the first 8,000 characters of the join are the same, without joining
    # megabytes (a long passage cited by hundreds of increments) to keep a few thousand
    return strip_ids_and_links(" ".join([p[:8000] for p in parts])[:8000])


def _card_increments(
    cards: list[PaperCard], incs: list[Increment], ctx: Context
) -> list[Increment]:
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
        inc.sources = []
        from curator.models import SourceRef

        inc.sources.append(SourceRef(card.path, "paper card", "", False))
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
