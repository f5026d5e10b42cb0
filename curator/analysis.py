"""The evening's understanding of a relay: notes → increments with status, sections, overlaps.

``analyze()`` is what ``curator analyze``, the UI and the export share.  It is
pure (no Textual), deterministic for a given workspace and window, and reports
file problems per file instead of raising.  The steps live beside it: reading the files
(:mod:`curator.reading`), the notes' roles (:mod:`curator.note_roles`), what the workspace
knows around them (:mod:`curator.context`), clustering (:mod:`curator.matcher`), each
increment and its verdict (:mod:`curator.increments`) and the overlap flags.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from datetime import datetime, timedelta
from itertools import repeat
from pathlib import Path
from typing import Any

from curator.anchored_links import anchored_in_passing
from curator.author_zones import date_by_author
from curator.cache import IndexCache
from curator.config import Config, load_config, window_bounds
from curator.context import Context, build_context
from curator.gcpause import paused_gc
from curator.increments import PRIORITY_RANK, build_increment, card_increments, primary_items
from curator.matcher import cluster_items
from curator.models import Analysis, FileProblem, Increment, Item, PaperCard, Window
from curator.note_roles import NoteRoles, in_window, known_topics, outside
from curator.overlap_inputs import discussed_together, inc_text, neighbourhood
from curator.overlaps import IncrementNames, find_overlaps
from curator.reading import FileReader, Files, Progress, Reader, read_files
from curator.record_links import record_aliases
from curator.remark_evidence import said_overlap, said_same, said_same_by_name
from curator.urls import normalize_url
from curator.workspace import Layout, LoadedNote, choose_topic, layout

__all__ = ["Progress", "analyze", "build_analysis", "primary_items", "resolve_window", "sort_key"]


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
    date_by_name: bool = False,
) -> Analysis:
    """Read the workspace and build the increments of the window.

    ``save_cache=False`` leaves persisting the cache to the caller (the UI saves when idle).
    ``defer_outside=True`` does not split notes dated outside the window (other than this
    topic's briefings) that the cache does not already hold: they come back ``pending``.
    No increment depends on them, so the increments are the same; the UI uses it to show
    the relay first on a cold start and completes the notes right after.
    ``date_by_name=True`` (with ``defer_outside``) dates a note whose file name puts it days from
    the window by the name alone (``Note.rough``: the time the UI shows until it is read in full).
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
            date_by_name=date_by_name,
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
    date_by_name: bool = False,
) -> Analysis:
    cfg = cfg or load_config(root)
    lay = layout(cfg)
    topic = choose_topic(cfg, lay, topic)
    window = resolve_window(cfg, since, until)
    reader: Reader = cache if cache is not None else FileReader()
    known = known_topics(lay)
    defer = (
        outside(window, topic, cfg.editor, known, by_name=date_by_name) if defer_outside else None
    )
    files = read_files(reader, cfg, lay, progress, defer)
    if defer is not None:
        _read_moved_in(files, reader, cfg, window)
    result = build_analysis(cfg, lay, topic, window, files, reader.vocabulary)
    present = {ln.note.path for ln in files.loaded}
    reader.settle(present, [di for _d, di in files.docs.values()], save=save_cache)
    return result


def _read_moved_in(files: Files, reader: Reader, cfg: Config, window: Window) -> None:
    """Read in full the notes left unread as outside the window that their authors' zones
    (:func:`curator.author_zones.date_by_author`) date inside it: a colleague abroad's evening
    note, dated in the workspace's zone a few hours past the window's end."""
    date_by_author([ln.note for ln in files.loaded], cfg.tz)
    for i, ln in enumerate(files.loaded):
        if ln.note.pending and in_window(ln.note, window):
            files.loaded[i] = reader.load_note(cfg.root / ln.note.path, cfg)


def build_analysis(
    cfg: Config,
    lay: Layout,
    topic: str,
    window: Window,
    files: Files,
    vocabulary_memo: MutableMapping[str, Any] | None = None,
) -> Analysis:
    """Everything after the files are read (cheap enough to redo on every inbox change).
    ``vocabulary_memo``: where the topic's counted vocabulary is kept between runs (the index
    cache)."""
    doc = files.docs[topic][0]
    others = [d for t, (d, _i) in files.docs.items() if t != topic]
    analysis = Analysis(
        topic=topic, window=window, living_doc=doc, other_docs=others, workspace=str(cfg.root)
    )
    analysis.doc_indexes = {t: di for t, (_d, di) in files.docs.items()}
    date_by_author([ln.note for ln in files.loaded], cfg.tz)
    roles = NoteRoles.sort(files.loaded, topic, window, cfg, lay)
    analysis.errors = [*files.problems]
    for d in [doc, *others]:
        analysis.errors.extend(FileProblem(d.path, e) for e in d.errors)
    analysis.errors.extend(roles.errors)
    analysis.errors.extend(FileProblem(path, msg) for path, msg in files.card_problems)
    _mark_recent_cards(files.cards, window, cfg)
    analysis.notes = sorted(
        roles.notes.values(),
        key=lambda n: (
            n.author,
            n.time or datetime.min.replace(tzinfo=window.until.tzinfo),
            n.path,
        ),
    )
    analysis.cards = files.cards
    ctx = build_context(
        cfg,
        topic,
        files.docs,
        files.cards,
        roles.reported,
        roles.notes,
        roles.in_window,
        vocabulary_memo,
    )
    analysis.increments = _increments(ctx, roles, files.cards)
    return analysis


def _increments(ctx: Context, roles: NoteRoles, cards: list[PaperCard]) -> list[Increment]:
    """The window's items clustered, each cluster judged, overlaps flagged, in triage order."""
    in_window = roles.in_window
    items = [it for ln in in_window for it in ln.note.items]
    carriers = [c for ln in in_window if ln.split for c in ln.split.carriers]
    # only rows about what this window mentions can change an answer: read no other row's verdict
    keys = {a for it in (*items, *carriers) for a in it.arxiv}
    keys |= {normalize_url(u) for it in (*items, *carriers) for u in (*it.urls, *it.linked)}
    # a link the doc anchors, named in passing: a mention of that anchored thing
    passing = anchored_in_passing((*items, *carriers), ctx.anchors_by_url, ctx.anchors_by_id)
    keys |= {normalize_url(u) for _it, links in passing for u in links}
    for note, label in roles.briefings:
        roles.reported.set_aside(note, label, ctx.reader, keys)
    said = {**said_same_by_name(in_window, items, cards), **said_same(in_window)}
    clusters = cluster_items(
        items,
        carriers,
        _groups(in_window),
        {**{k: v for k, (v, _p) in said.items()}, **_card_links(cards)},
        said={k: p for k, (_v, p) in said.items()},
        passing=passing,
        own=frozenset(ctx.doc.addresses),
        anchored=frozenset(ctx.anchors_by_url),
        aliases=record_aliases([ln.note.text for ln in in_window]),
    )
    authors = {n.path: n.author for n in roles.notes.values()}
    incs = [build_increment(c, ctx, authors) for c in clusters]
    del clusters, said  # the increments hold what comes next: not these through the overlaps' peak
    incs.extend(card_increments(cards, incs, ctx))
    _flag_overlaps(incs, ctx, in_window, [*items, *carriers])
    incs.sort(key=sort_key)
    return incs


def _groups(in_window: list[LoadedNote]) -> list[tuple[list[Item], str]]:
    """Items a note says belong together ("these two are one paper"), with its sentence."""
    groups: list[tuple[list[Item], str]] = []
    for ln in in_window:
        if not ln.split:
            continue
        by_label = {it.label: it for it in ln.note.items if it.label}
        for labels, sentence in ln.split.groups:
            members = [by_label[x] for x in labels if x in by_label]
            if len(members) > 1:
                groups.append((members, sentence))
    return groups


def _flag_overlaps(
    incs: list[Increment], ctx: Context, in_window: list[LoadedNote], cited: list[Item]
) -> None:
    """Flag increments that may be about the same thing; between two known ones a flag is noise."""
    places: dict[frozenset[str], frozenset[str]] = {}  # one copy of each (~1,100 at 35,000)
    naming = [_naming_items(i) for i in incs]
    names = IncrementNames(incs, naming)  # one pattern of their names, for remarks and overlaps
    find_overlaps(
        incs,
        # not named here: find_overlaps lets the texts go once it has counted their words
        [inc_text(inc, ctx.cards.get(inc.arxiv[0]) if inc.arxiv else None) for inc in incs],
        naming,
        context=[places.setdefault(p, p) for p in map(neighbourhood, incs, repeat(ctx))],
        related={**said_overlap(in_window, incs, names), **discussed_together(cited, incs)},
        names=names,
    )
    # a flag is for triage: between two already-known items it is only noise
    new_ids = {i.id for i in incs if i.status == "new"}
    for inc in incs:
        if inc.status != "new":
            inc.overlaps = [o for o in inc.overlaps if o.id in new_ids]


def _naming_items(inc: Increment) -> list[Item]:
    """The items whose text speaks for ``inc`` when overlaps are looked for: all of its items,
    but none when it has no item of its own and the doc says what it is (an anchored paper or
    page named in passing): the passage that names it is about something else, and what that
    passage names is not related to it."""
    if inc.anchored_in or inc.anchored_elsewhere:
        if not primary_items(inc):
            return []
    return inc.items


def _card_links(cards: list[PaperCard]) -> dict[str, str]:
    """Link → arXiv ID, from the cards' headers; a link two papers' cards give names neither."""
    owner: dict[str, str] = {}
    shared: set[str] = set()
    for card in cards:
        if not card.arxiv:
            continue
        for link in card.links:
            if owner.setdefault(link, card.arxiv) != card.arxiv:
                shared.add(link)
    return {k: v for k, v in owner.items() if k not in shared}


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
