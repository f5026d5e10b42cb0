"""Reading a workspace: which files exist, what each note holds, and when it was written.

Every file problem becomes a plain-words :class:`FileProblem` attached to the
file; one bad file never stops the rest of the relay from loading.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from curator.config import Config, load_config
from curator.json_escapes import unescape_json_text
from curator.models import FileProblem, Item, Note, TimeSource
from curator.roots import WorkspaceError, find_root, resolve_workspace  # noqa: F401  (re-exported)
from curator.textio import Decoded, ReadProblem, is_ignored_name, read_text

if TYPE_CHECKING:
    from curator.notes import SplitNote


@dataclass
class LoadedNote:
    note: Note
    split: SplitNote | None
    mtime: float = 0.0
    sha1: str = ""
    blob: bytes | memoryview | None = None
    """The whole (note, split) as cached data (see curator.cachecodec) when only the note's
    metadata was loaded from the cache."""
    reload: Callable[[], LoadedNote] | None = None
    """Reads the note again when its cached form does not decode (a cache is untrusted input)."""

    def ensure(self) -> LoadedNote:
        """Load the full note (items, text) if only its metadata is here."""
        if self.blob is not None:
            from curator.cachecodec import full_note_from_data
            from curator.persist import loads, unpack

            meta = self.note
            try:
                self.note, self.split = full_note_from_data(loads(unpack(self.blob)))
            except Exception:  # damaged or foreign: the file itself is the truth
                if self.reload is None:
                    raise
                fresh = self.reload()
                self.note, self.split = fresh.note, fresh.split
            # what was decided on the metadata since it was read (its window, its kind, its
            # time in its author's zone) holds for the full note too
            self.note.in_window, self.note.kind = meta.in_window, meta.kind
            self.note.time, self.note.errors = meta.time, meta.errors
            self.blob = self.reload = None
        return self


@dataclass
class Layout:
    root: Path
    inbox: Path
    cards: Path
    knowledge: Path
    docs: dict[str, str] = field(default_factory=dict)
    """topic → doc path relative to root."""


def layout(cfg: Config) -> Layout:
    """Check the folders exist; the first missing piece is one clear line."""
    root = cfg.root
    if not root.exists():
        raise WorkspaceError(f"workspace not found: {root}")
    if not root.is_dir():
        raise WorkspaceError(f"not a folder: {root}")
    lay = Layout(root, root / cfg.inbox, root / cfg.cards, root / cfg.knowledge)
    if not lay.inbox.is_dir():
        raise WorkspaceError(f"missing inbox folder: {lay.inbox} (expected inbox/<author>/*.md)")
    if not lay.knowledge.is_dir():
        raise WorkspaceError(
            f"missing living-doc folder: {lay.knowledge} (expected organized/knowledge/<topic>.md)"
        )
    for p in sorted(lay.knowledge.glob("*.md")):
        lay.docs[p.stem] = p.relative_to(root).as_posix()
    if not lay.docs:
        raise WorkspaceError(f"no living doc in {lay.knowledge} (expected <topic>.md)")
    return lay


def choose_topic(cfg: Config, lay: Layout, topic: str | None) -> str:
    """--topic, then curator.toml, then the only doc; otherwise a clear error."""
    chosen = topic or cfg.topic
    if chosen:
        if chosen not in lay.docs:
            known = ", ".join(sorted(lay.docs)) or "none"
            raise WorkspaceError(
                f"missing living doc for topic {chosen!r}: {lay.knowledge / (chosen + '.md')} "
                f"(topics here: {known})"
            )
        return chosen
    if len(lay.docs) == 1:
        return next(iter(lay.docs))
    raise WorkspaceError(
        f"several living docs ({', '.join(sorted(lay.docs))}); choose one with --topic"
    )


def list_note_paths(lay: Layout) -> tuple[list[Path], list[FileProblem]]:
    """inbox/<author>/*.md (one level of authors; loose files count as author '-')."""
    paths: list[Path] = []
    problems: list[FileProblem] = []
    try:
        authors = sorted(os.scandir(lay.inbox), key=lambda e: e.name)
    except OSError as exc:
        raise WorkspaceError(f"cannot read inbox folder {lay.inbox}: {exc.strerror}") from exc
    for entry in authors:
        if is_ignored_name(entry.name):
            continue
        p = Path(entry.path)
        if entry.is_dir(follow_symlinks=False):
            _walk_author(p, lay.root, paths, problems, depth=0)
        elif entry.name.lower().endswith((".md", ".markdown")):
            paths.append(p)
    for p in paths:
        if str(p).isascii():
            continue  # an ASCII path holds no undecodable byte (and its relative name none)
        rel = _rel(p, lay.root)
        if any("\udc80" <= ch <= "\udcff" for ch in rel):
            problems.append(
                FileProblem(
                    rel,
                    "file name is not valid UTF-8; its undecodable bytes show as \\udcXX in JSON "
                    "and as U+FFFD in text",
                    "warning",
                )
            )
    return paths, problems


def _walk_author(
    folder: Path, root: Path, paths: list[Path], problems: list[FileProblem], depth: int
) -> None:
    """Notes of one author, including dated sub-folders (inbox/alice/2026/08/…), a few levels
    deep."""
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as exc:
        problems.append(FileProblem(_rel(folder, root), f"cannot list folder: {exc.strerror}"))
        return
    for f in entries:
        if is_ignored_name(f.name):
            continue
        try:
            is_dir = f.is_dir(follow_symlinks=False)
        except OSError:
            is_dir = False
        if is_dir:
            if not f.name.lower().endswith((".md", ".markdown", ".txt")) and depth < 3:
                _walk_author(Path(f.path), root, paths, problems, depth + 1)
            continue  # a folder named like a note is not a note
        if f.name.lower().endswith((".md", ".markdown", ".txt")):
            paths.append(Path(f.path))


def _rel(p: Path, root: Path) -> str:
    try:
        return p.relative_to(root).as_posix()
    except ValueError:
        return p.as_posix()


def briefing_info(text: str, name: str) -> tuple[str | None, str | None]:
    """(topic, declared window end ISO) when the file is a briefing (see
    :mod:`curator.briefings`)."""
    from curator.briefings import briefing_info as detect

    return detect(text, name)


NoteTime = tuple[datetime | None, TimeSource, list[str]]
"""(when a note was written, where that came from, what was odd on the way)."""


def note_time(
    front: Mapping[str, str],
    name: str,
    mtime: float,
    cfg: Config,
    *,
    text: str = "",
    author: str | None = None,
) -> NoteTime:
    """Front matter, else file name, else (date-only name) a stamp in *text*, else mtime; says
    which.

    The rules are :func:`curator.timeutil.written_at`'s; *author* (the inbox folder) lets a
    signature naming the note's own author count as its stamp.
    """
    from curator.written import written_at  # a note's clock patterns load with the first note

    return written_at(front, text, name, mtime, cfg.tz, author=author if author != "-" else None)


def load_note(
    path: Path, root: Path, cfg: Config, *, defer: Callable[[Note], bool] | None = None
) -> LoadedNote:
    """Read and split one note; problems are recorded on it, never raised.

    With ``defer``, the note is first only dated (front matter, name, mtime) and checked for
    being a briefing; if ``defer`` then says so (it lies outside the window, say), splitting
    is skipped and the note comes back ``pending``: the costly part of a cold start is
    splitting notes no answer for this window depends on.  When ``defer`` also dates ``by_name``
    and has a ``far`` (:class:`curator.note_roles.Outside`) that says a time is far from the
    window, a note its file name dates there is dated by the name alone (``rough``).
    """
    from curator.notes import note_front_matter
    from curator.zone_roster import byline, zone_lines

    rel = _rel(path, root)
    parts = rel.split("/")
    author = parts[1] if len(parts) >= 3 else "-"
    note = Note(path=rel, author=author, time=None, time_source="none", in_window=False)
    try:
        dec = read_text(path, max_bytes=cfg.max_note_bytes)
    except ReadProblem as exc:
        return _unreadable(note, path, cfg, exc.message)
    if "\\u" in dec.text:  # a JSON export's escapes, read as the characters they stand for
        dec = replace(dec, text=unescape_json_text(dec.text))
    _take_text(note, dec)
    front = note_front_matter(dec.text)  # dated once, before (and whether or not) it is split
    note.topic = front.get("topic")
    note.briefing_topic, note.briefing_until = briefing_info(dec.text, path.name)
    note.clocks = zone_lines(dec.text)
    note.byline = byline(dec.text, author)
    # only a deferral that dates by name (a cold start's first pass) has a use for the name-only
    # dating; elsewhere it would be done twice
    far: Callable[[datetime], bool] | None = (
        getattr(defer, "far", None) if getattr(defer, "by_name", False) else None
    )
    if defer is not None and far is not None:
        # dated days from the window by its name: the text (half the cost of dating) can wait
        when, source, probs = note_time(front, path.name, dec.mtime, cfg, author=author)
        if source == "name" and when is not None and far(when):
            note.time, note.time_source, note.rough = when, source, True
            if defer(note):
                note.pending = True
                note.errors.extend(probs)
                return LoadedNote(note, None, dec.mtime, dec.sha1)
            note.rough = False
    note.time, note.time_source, probs = note_time(
        front, path.name, dec.mtime, cfg, text=dec.text, author=author
    )
    if defer is not None and defer(note):
        note.pending = True
        note.errors.extend(probs)
        return LoadedNote(note, None, dec.mtime, dec.sha1)
    split = _split_into(note, dec.text, rel)
    note.errors.extend(probs)
    return LoadedNote(note, split, dec.mtime, dec.sha1)


def _unreadable(note: Note, path: Path, cfg: Config, message: str) -> LoadedNote:
    """A note whose file cannot be read: dated by its name, else its modification time."""
    note.errors.append(message)
    mtime = 0.0
    try:
        mtime = path.lstat().st_mtime
    except OSError:
        pass
    dt, source, _probs = note_time({}, path.name, mtime, cfg)
    note.time, note.time_source = dt, source
    return LoadedNote(note, None, mtime)


def _take_text(note: Note, dec: Decoded) -> None:
    """What reading the file told: its encoding, size, hash, text, and any warnings."""
    note.encoding = dec.encoding
    note.size = dec.size
    note.sha1 = dec.sha1
    note.text = dec.text
    note.errors.extend(dec.warnings)
    if not dec.text.strip():
        note.errors.append("empty file" if dec.size == 0 else "no text (only whitespace)")


def _split_into(note: Note, text: str, rel: str) -> SplitNote:
    """Split the note's text into items and fill the note from them; a splitter crash leaves it
    plain."""
    from curator.notes import SplitNote, split_note  # markdown-it loads only when notes are split

    try:
        split = split_note(text, rel)
    except Exception as exc:  # the splitter must never take the relay down
        note.errors.append(
            f"could not split into items ({type(exc).__name__}); shown as plain text"
        )
        split = SplitNote()
    note.errors.extend(split.warnings)
    note.title = split.title
    _first_papers(split, MAX_CITED_PER_NOTE, note.errors)
    note.items = split.items
    note.item_count = len(split.items)
    note.ids = split.ids
    note.left_out = _left_out(split)
    return split


MAX_CITED_PER_NOTE = 500
"""Papers a note may cite in passing (not as items of its own), several times a busy day's digest:
past it the note is a dump (a bibliography, an ID list) that no editor triages row by row, and
reading every citation would stall the analysis.  Items with their own heading or entry are all
read."""


def _first_papers(split: SplitNote, cap: int, errors: list[str]) -> None:
    """Keep the note's first ``cap`` papers cited in passing (every item's own paper stays), with a
    warning."""
    both = [*split.items, *split.carriers]
    own = {it.primary_arxiv for it in split.items if it.primary_arxiv}
    cited = [
        k
        for k in dict.fromkeys(k for it in both for k in (*it.arxiv, *it.mentions))
        if k not in own
    ]
    if len(cited) <= cap:
        return
    keep = own | set(cited[:cap])
    emptied: set[int] = set()  # entries that were only citations past the limit
    for it in both:
        had = bool(it.arxiv or it.mentions)
        it.arxiv = [k for k in it.arxiv if k in keep]
        it.mentions = [k for k in it.mentions if k in keep]
        if had and not (it.arxiv or it.mentions or it.urls):
            emptied.add(id(it))
    split.items = [it for it in split.items if id(it) not in emptied]
    split.carriers = [it for it in split.carriers if id(it) not in emptied]
    errors.append(
        f"cites {len(cited):,} papers in passing; only the first {cap:,} are read "
        "(a list that long is not a relay)"
    )


def _left_out(split: SplitNote) -> list[str]:
    """What the note mentions only under headings that leave items out (a briefing's "Not for this
    topic")."""
    from curator.urls import normalize_url

    keep: set[str] = set()
    out: list[str] = []
    for it in [*split.items, *split.carriers]:
        keys = list(it.arxiv) + [normalize_url(u) for u in it.urls]
        if not it.negative:
            keep.update(keys)
            continue
        out.extend(k for k in keys if k not in out)
    return [k for k in out if k not in keep]


def load_workspace_config(path: Path) -> Config:
    root = find_root(path) if path.is_dir() else path
    return load_config(root)


def all_items(loaded: list[LoadedNote]) -> list[Item]:
    return [it for ln in loaded for it in ln.note.items]
