"""Persisted index cache in ``.curator/``: only files that changed are read again.

Keyed on (path, size, mtime_ns) per file; a changed, new or vanished file is
re-read, everything else comes back from the cache.  The cache is a few files of
plain data in the workspace's ``.curator/`` (notes, living docs, cards, the memo of
section-fit scores, the topic vocabulary; see :mod:`curator.persist` for the format
and :mod:`curator.cachecodec` for the objects), each written atomically and only when
its part changed.  A workspace is shared, so a cache is untrusted input: a part is
refused (and rebuilt) when it is a link, not owned by the current user or writable by
others, of another version, or when anything in it is not what this code writes — a
cache can always be thrown away.  When ``.curator`` itself is a link (or a part is),
the cache is off and :attr:`IndexCache.problems` says so in one line.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from curator import cachecodec as codec
from curator import doccodec
from curator.cache_notes import DELTA_MIN, entries_from_data, entries_to_data, new_token
from curator.config import Config
from curator.context import DocIndex, build_doc_index
from curator.gcpause import paused_gc
from curator.models import LivingDoc, Note, PaperCard
from curator.persist import (
    Blobs,
    Miss,
    check,
    code_fingerprint,
    dumps,
    pack,
    read_cache,
    remove_legacy,
    write_cache,
)
from curator.stamps import content_sig, folder_sigs
from curator.statedir import DOCS_CACHE, state_problem
from curator.workspace import LoadedNote, load_note

CACHE_VERSION = 11
"""Bumped by hand for format changes; the code fingerprint catches everything else."""
CACHE_NAME = "index-notes.cache"
"""The notes part; the others sit beside it (see PARTS)."""
PARTS = {
    "notes": CACHE_NAME,
    "notes-delta": "index-notes-delta.cache",
    "docs": DOCS_CACHE,
    "cards": "index-cards.cache",
    "memo": "index-memo.cache",
    "vocabulary": "index-vocabulary.cache",
}
LEGACY = {
    "notes": "index-cache.pickle",
    "docs": "index-docs.pickle",
    "cards": "index-cards.pickle",
    "memo": "index-memo.pickle",
    "vocabulary": "index-vocabulary.pickle",
}
"""Where older curators kept each part, pickled: never read, removed when the part is written."""


class _Memo(dict[str, Any]):
    """A dict that remembers being written to (so the cache knows the part to save)."""

    changed = False

    def __setitem__(self, key: str, value: Any) -> None:
        self.changed = True
        super().__setitem__(key, value)


def _version() -> str:
    from curator.lexicon import default_lexicon  # a workspace's own words split notes differently

    return f"{CACHE_VERSION}-{code_fingerprint()}-{default_lexicon().fingerprint}"


def _copy(note: Note) -> Note:
    """A shallow copy with its own lists: analyses mark their notes (in_window, kind)."""
    light = object.__new__(Note)
    light.__dict__.update(note.__dict__)
    light.items, light.errors = list(note.items), list(note.errors)
    return light


def _rel(path: Path, root: Path) -> str:
    """Workspace-relative posix path, by string (pathlib costs more than the stat)."""
    p, r = os.fspath(path), os.fspath(root).rstrip(os.sep) + os.sep
    if p.startswith(r):
        return p[len(r) :].replace(os.sep, "/")
    return path.relative_to(root).as_posix() if path.is_absolute() else p


class IndexCache:
    """The cached :class:`curator.reading.Reader` for :func:`curator.analysis.analyze`
    (``cache=IndexCache(root)``)."""

    def __init__(self, root: Path, *, persist: bool = True) -> None:
        self.root = root
        self.path = root / ".curator" / CACHE_NAME
        self.paths = {part: root / ".curator" / name for part, name in PARTS.items()}
        self.persist = persist
        self.notes: dict[str, tuple[tuple[int, int], Note, bytes | memoryview, float, str]] = {}
        """rel → (stamp, the note without its text and items' text, the whole note as a JSON blob,
        mtime, sha1)."""
        self.docs: dict[str, tuple[tuple[int, int], LivingDoc]] = {}
        self.indexes: dict[str, DocIndex] = {}
        """rel → the index of the doc ``docs`` holds (its memo of section-fit scores is a part of
        its own)."""
        self.cards: dict[str, tuple[tuple[int, int], PaperCard]] = {}
        self.card_sigs: dict[str, dict[str, tuple[int, int] | None]] = {}
        self.settings: Any = None
        self._token: str | None = None
        """The token of the notes part as last read or written whole (see
        :mod:`curator.cache_notes`); None: the next save writes it whole."""
        self._since_whole: set[str] = set()
        """Notes added, changed or gone since the notes part was written whole."""
        self.reads = 0
        """Files actually read in this run (the rest came from the cache)."""
        self.read_paths: list[str] = []
        self.vocabulary = _Memo()
        """The topic vocabulary relevance counts (see :class:`curator.relevance.Profile`), by
        content digest."""
        self.problems: list[str] = []
        """Why the cache is off (``.curator`` or a part of it is a link), one line each."""
        self._dirty: set[str] = set()
        trouble = state_problem(root)
        if trouble is not None:
            self.problems.append(trouble)
            self.persist = False
            return
        self._load()
        if self.problems:
            self.persist = False  # a link among the parts: leave all of them alone

    def _read(self, part: str, version: str) -> tuple[Any, memoryview] | None:
        # the notes' whole forms stay in the blobs all run: not the file's head with them
        return read_cache(self.paths[part], part, version, self.problems, detach=True)

    def _load(self) -> None:
        version = _version()
        loaders = (
            ("notes", self._load_notes),
            ("notes-delta", self._load_delta),
            ("docs", self._load_docs),
            ("cards", self._load_cards),
            ("vocabulary", self._load_vocabulary),
            ("memo", self._load_memo),
        )
        for part, load in loaders:
            got = self._read(part, version)
            if got is None:
                continue
            try:
                with paused_gc():
                    load(*got)
            except Exception:  # anything but what this code writes: that part is rebuilt
                self._forget(part)

    def _forget(self, part: str) -> None:
        """Drop what a part that failed to decode may have left half-loaded."""
        if part == "notes":
            self.notes, self.settings, self._token = {}, None, None
        elif part == "notes-delta":
            pass  # applied whole or not at all: the notes it held are read from their files
        elif part == "docs":
            self.docs, self.indexes = {}, {}
        elif part == "cards":
            self.cards, self.card_sigs = {}, {}
        elif part == "vocabulary":
            self.vocabulary = _Memo()
        else:
            for di in self.indexes.values():
                di.index.memo = {}

    def _load_notes(self, data: Any, blobs: memoryview) -> None:
        self.notes, self.settings, self._token, _removed = entries_from_data(data, blobs)

    def _load_delta(self, data: Any, blobs: memoryview) -> None:
        """The notes changed since the notes part was written whole, over it."""
        entries, settings, token, removed = entries_from_data(data, blobs)
        check(token == self._token and settings == self.settings)
        self.notes.update(entries)
        for rel in removed:
            self.notes.pop(rel, None)
        self._since_whole = {*entries, *removed}

    def _load_docs(self, data: Any, blobs: memoryview) -> None:
        check(type(data) is dict)
        docs = {}
        indexes = {}
        for rel, entry in data.items():
            check(
                type(entry) is list
                and len(entry) == 3
                and type(entry[0]) is int
                and type(entry[1]) is int
            )
            doc, di = doccodec.doc_from_data(entry[2], blobs)
            docs[rel] = ((entry[0], entry[1]), doc)
            if di is not None:
                indexes[rel] = di
        self.docs, self.indexes = docs, indexes

    def _load_cards(self, data: Any, _blobs: memoryview) -> None:
        check(type(data) is dict and type(data.get("card_sigs")) is dict)
        cards = {card.path: ((0, 0), card) for card in codec.cards_from_data(data.get("cards"))}
        card_sigs: dict[str, dict[str, tuple[int, int] | None]] = {}
        for rel_dir, sigs in data["card_sigs"].items():
            check(type(sigs) is dict)
            card_sigs[rel_dir] = {name: _sig(sig) for name, sig in sigs.items()}
        self.cards, self.card_sigs = cards, card_sigs

    def _load_vocabulary(self, data: Any, _blobs: memoryview) -> None:
        check(type(data) is dict)
        self.vocabulary = _Memo({key: codec.vocabulary_from_data(v) for key, v in data.items()})

    def _load_memo(self, data: Any, _blobs: memoryview) -> None:
        check(type(data) is dict)
        for rel, entry in data.items():
            check(type(entry) is list and len(entry) == 3)
            hit = self.docs.get(rel)
            di = self.indexes.get(rel)
            if di is not None and hit is not None and list(hit[0]) == entry[:2]:
                di.index.memo = doccodec.memo_from_data(entry[2], len(di.index.units))

    def check_settings(self, cfg: Config) -> None:
        """Times in names depend on the zone; a different config invalidates note entries."""
        key = (str(cfg.tz), cfg.max_note_bytes)
        if self.settings != key:
            self.notes = {}
            self.settings = key
            self._token = None  # written whole next
            self._dirty.add("notes")

    def load_note(
        self, path: Path, cfg: Config, *, defer: Callable[[Note], bool] | None = None
    ) -> LoadedNote:
        """From the cache when unchanged; else read (see :func:`curator.workspace.load_note` for
        ``defer``)."""
        self.check_settings(cfg)
        rel = _rel(path, cfg.root)
        sig = content_sig(path)
        hit = self.notes.get(rel)
        if sig is not None and hit is not None and hit[0] == sig:
            _sig0, meta, blob, mtime, sha1 = hit
            if not meta.pending:
                reload = functools.partial(self._reload, path, cfg, rel)
                return LoadedNote(_copy(meta), None, mtime, sha1, blob, reload)
            if defer is not None and defer(meta):
                return LoadedNote(_copy(meta), None, mtime, sha1)
            # only dated before, needed whole now: read it below
        self.reads += 1
        self.read_paths.append(rel)
        ln = load_note(path, cfg.root, cfg, defer=defer)
        if ln.note.rough:
            return ln  # dated by its name alone: another window may need its exact time
        if ln.note.pending:
            self._remember_dated(rel, sig, ln)
            return ln
        self._remember(rel, sig, ln)
        return ln

    def _remember_dated(self, rel: str, sig: tuple[int, int] | None, ln: LoadedNote) -> None:
        """A note a deferred pass only dated: its date and briefing check are kept (not its text),
        so the next pass over another evening need not read it again; a pass that needs it whole
        finds it ``pending`` and reads it then."""
        self._changed(rel)
        if sig is None:
            self.notes.pop(rel, None)
            return
        self.notes[rel] = (sig, replace(ln.note, text=""), b"", ln.mtime, ln.sha1)

    def _changed(self, rel: str) -> None:
        self._since_whole.add(rel)
        self._dirty.add("notes")

    def _remember(self, rel: str, sig: tuple[int, int] | None, ln: LoadedNote) -> None:
        self._changed(rel)
        if sig is None:
            self.notes.pop(rel, None)
            return
        try:
            # held (deflated) until the cache is written: ~5 KB a note as JSON, 40 MB at 8,000
            blob = pack(dumps(codec.full_note_to_data(ln.note, ln.split)))
        except (Miss, TypeError, ValueError):  # what a cache cannot hold (an unusual time zone)
            self.notes.pop(rel, None)
            return
        # an earlier briefing's rows keep their text: a row saying "not for us" reported nothing
        keep = ln.note.briefing_topic is not None
        light_items = [
            replace(it, text=it.text if keep else "", points=[], caveats=[], context="")
            for it in ln.note.items
        ]
        meta = replace(ln.note, items=light_items, text="")
        self.notes[rel] = (sig, meta, blob, ln.mtime, ln.sha1)

    def _reload(self, path: Path, cfg: Config, rel: str) -> LoadedNote:
        """A cached note whose whole form did not decode: read the file again (and cache that)."""
        self.notes.pop(rel, None)
        self.reads += 1
        self.read_paths.append(rel)
        sig = content_sig(path)
        ln = load_note(path, cfg.root, cfg)
        self._remember(rel, sig, ln)
        return ln

    def load_doc(self, root: Path, rel: str, topic: str) -> LivingDoc:
        sig = content_sig(root / rel)
        hit = self.docs.get(rel)
        if sig is not None and hit is not None and hit[0] == sig and hit[1].topic == topic:
            return hit[1]
        from curator.doc_pool import take

        self.reads += 1
        self.read_paths.append(rel)
        parsed = take(root, rel, topic) if sig is not None else None  # a cold start's, beside
        if parsed is not None:
            doc, self.indexes[rel] = parsed
        else:
            from curator.living_doc import load_living_doc  # the parser (markdown-it) on a miss

            doc = load_living_doc(root, rel, topic)
            self.indexes.pop(rel, None)
        if sig is not None:
            self.docs[rel] = (sig, doc)
            self._dirty.update(("docs", "memo"))
        return doc

    def doc_index(self, doc: LivingDoc) -> DocIndex:
        """The index of a doc this cache handed out: the one it holds, else built and kept."""
        rel = next((r for r, (_sig, held) in self.docs.items() if held is doc), None)
        if rel is None:
            return build_doc_index(doc)  # a doc the cache does not hold (it vanished while read)
        di = self.indexes.get(rel)
        if di is None:
            di = self.indexes[rel] = build_doc_index(doc)
            self._dirty.update(("docs", "memo"))
        return di

    def start_cards(
        self, root: Path, rel_dir: str
    ) -> Callable[[], tuple[list[PaperCard], list[tuple[str, str]]]]:
        """The cards from the cache when no card file changed; else parsing starts now (beside
        this process when there are many, see :mod:`curator.card_pool`) and the call returned
        waits for it."""
        sigs = folder_sigs(root / rel_dir, ".md")
        if sigs is None:
            return lambda: ([], [])
        if sigs == self.card_sigs.get(rel_dir):
            cards = [entry[1] for entry in self.cards.values()]
            problems = [(c.path, e) for c in cards for e in c.errors if e != "empty card"]
            return lambda: (cards, problems)
        from curator.card_pool import start_loading  # the card parser only when a card changed

        parsed = start_loading(root, rel_dir, len(sigs))

        def finish() -> tuple[list[PaperCard], list[tuple[str, str]]]:
            cards, problems = parsed()
            self.reads += len(cards)
            self.cards = {c.path: ((0, 0), c) for c in cards}
            self.card_sigs[rel_dir] = sigs
            self._dirty.add("cards")
            return cards, problems

        return finish

    @property
    def dirty(self) -> bool:
        """Something changed since the last save."""
        return bool(self._dirty)

    def mark_dirty(self, part: str) -> None:
        """A part changed in place (a doc's index was built: "docs"; new section-fit scores:
        "memo"; "notes": entries changed in place, so the whole part is written)."""
        if part == "notes":
            self._token = None
        self._dirty.add(part)

    def settle(self, present: set[str], indexes: list[DocIndex], *, save: bool) -> None:
        """After an analysis: drop vanished notes, note new section-fit scores, save if asked."""
        self.forget_missing(present)
        changed = [_memo_changed(di) for di in indexes]  # every flag reset, none saved as set
        if any(changed):
            self.mark_dirty("memo")
        if save:
            self.save()

    def forget_missing(self, present: set[str]) -> None:
        for rel in list(self.notes):
            if rel not in present:
                del self.notes[rel]
                self._changed(rel)

    def save(self) -> None:
        if self.vocabulary.changed:
            self._dirty.add("vocabulary")
            self.vocabulary.changed = False
        if not self.persist or not self._dirty:
            return
        version = _version()
        if "notes" in self._dirty:
            self._dirty.discard("notes")
            self._dirty.add(self._notes_part())
        for part in sorted(self._dirty):
            blobs = Blobs()
            try:
                # converting walks the whole graph; the collector would walk it again
                with paused_gc():
                    data = self._data(part, blobs)
            except (Miss, TypeError, ValueError):
                data = None  # something a cache cannot hold: the part stays unsaved, nothing breaks
            if data is None:
                self._dirty.discard(part)
                continue
            if not write_cache(
                self.root, self.paths[part], part, version, data, blobs, self.problems
            ):
                return  # a read-only workspace (or a link) simply runs without a persisted cache
            if part in LEGACY:
                remove_legacy(self.root / ".curator" / LEGACY[part])
            if part == "notes":
                remove_legacy(self.paths["notes-delta"])  # it followed the part written before
                self._since_whole = set()
            self._dirty.discard(part)

    def _notes_part(self) -> str:
        """The notes part is written whole when it has no token yet or the notes changed since
        would make a large delta; else only the delta."""
        if self._token is None or len(self._since_whole) > max(DELTA_MIN, len(self.notes) // 8):
            return "notes"
        return "notes-delta"

    def _data(self, part: str, blobs: Blobs) -> Any:
        """One part as plain data (the notes' whole forms go to ``blobs``)."""
        if part == "notes":
            self._token = new_token()
            return entries_to_data(self.notes, self.settings, blobs, self._token)
        if part == "notes-delta":
            assert self._token is not None  # _notes_part chose a delta
            changed = {rel: self.notes[rel] for rel in self._since_whole if rel in self.notes}
            gone = sorted(rel for rel in self._since_whole if rel not in self.notes)
            return entries_to_data(changed, self.settings, blobs, self._token, removed=gone)
        if part == "docs":
            return {
                rel: [sig[0], sig[1], doccodec.doc_to_data(doc, self.indexes.get(rel), blobs)]
                for rel, (sig, doc) in self.docs.items()
            }
        if part == "cards":
            return {
                "cards": codec.cards_to_data([card for _sig, card in self.cards.values()]),
                "card_sigs": {
                    d: {name: list(s) if s else None for name, s in sigs.items()}
                    for d, sigs in self.card_sigs.items()
                },
            }
        if part == "vocabulary":
            return {key: codec.vocabulary_to_data(v) for key, v in self.vocabulary.items()}
        memo = {}
        for rel, (sig, _doc) in self.docs.items():
            di = self.indexes.get(rel)
            if di is not None:
                memo[rel] = [sig[0], sig[1], doccodec.memo_to_data(di.index.memo)]
        return memo


def _memo_changed(di: DocIndex) -> bool:
    if not di.index.memo_changed:
        return False
    di.index.memo_changed = False
    return True


def _sig(v: Any) -> tuple[int, int] | None:
    if v is None:
        return None
    check(type(v) is list and len(v) == 2 and type(v[0]) is int and type(v[1]) is int)
    return v[0], v[1]
