"""Persisted index cache in ``.curator/``: only files that changed are read again.

Keyed on (path, size, mtime_ns) per file; a changed, new or vanished file is
re-read, everything else comes back from the cache.  The cache is a few pickles
in the user's own workspace folder (notes, living docs, cards, and the memo of
section-fit scores), each written atomically and only when its part changed; a
part is refused (and rebuilt) when it is not owned by the current user or is
writable by others, when its version differs, or when it cannot be read for any
reason — a cache can always be thrown away.
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from curator.config import Config
from curator.gcpause import paused_gc
from curator.models import LivingDoc, Note, PaperCard
from curator.persist import code_fingerprint, file_sig, read_private_pickle, write_private_pickle
from curator.workspace import LoadedNote, load_note

CACHE_VERSION = 8
"""Bumped by hand for format changes; the code fingerprint catches everything else."""
CACHE_NAME = "index-cache.pickle"
"""The notes part; the others sit beside it (see PARTS)."""
PARTS = {
    "notes": CACHE_NAME,
    "docs": "index-docs.pickle",
    "cards": "index-cards.pickle",
    "memo": "index-memo.pickle",
    "vocabulary": "index-vocabulary.pickle",
}


class _Memo(dict[str, Any]):
    """A dict that remembers being written to (so the cache knows the part to save)."""

    changed = False

    def __setitem__(self, key: str, value: Any) -> None:
        self.changed = True
        super().__setitem__(key, value)


def _version() -> str:
    from curator.lexicon import default_lexicon  # a workspace's own words split notes differently

    return f"{CACHE_VERSION}-{code_fingerprint()}-{default_lexicon().fingerprint}"


def _section_index(doc: LivingDoc) -> Any:
    """The doc's cached SectionIndex (see curator.analysis.doc_index), if it was built."""
    di = doc.__dict__.get("_curator_index")
    return getattr(di, "index", None)


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
    """Drop-in loader for :func:`curator.analysis.analyze` (``cache=IndexCache(root)``)."""

    def __init__(self, root: Path, *, persist: bool = True) -> None:
        self.root = root
        self.path = root / ".curator" / CACHE_NAME
        self.paths = {part: root / ".curator" / name for part, name in PARTS.items()}
        self.persist = persist
        self.notes: dict[str, tuple[tuple[int, int], Note, bytes, float, str]] = {}
        self.docs: dict[str, tuple[tuple[int, int], LivingDoc]] = {}
        self.cards: dict[str, tuple[tuple[int, int], PaperCard]] = {}
        self.card_sigs: dict[str, dict[str, tuple[int, int] | None]] = {}
        self.peeked: dict[str, tuple[tuple[int, int], Note, float, str]] = {}
        """Notes a deferred pass dated without splitting (never saved: they are not read in full)."""
        self.settings: Any = None
        self.reads = 0
        """Files actually read in this run (the rest came from the cache)."""
        self.read_paths: list[str] = []
        self.vocabulary = _Memo()
        """The topic vocabulary relevance counts (see :class:`curator.relevance.Profile`), by content digest."""
        self._dirty: set[str] = set()
        self._load()

    def _load(self) -> None:
        version = _version()
        data = read_private_pickle(self.paths["notes"], version) or {}
        self.notes = data.get("notes", {})
        self.settings = data.get("settings")
        self.docs = (read_private_pickle(self.paths["docs"], version) or {}).get("docs", {})
        data = read_private_pickle(self.paths["cards"], version) or {}
        self.cards = data.get("cards", {})
        self.card_sigs = data.get("card_sigs", {})
        self.vocabulary = _Memo((read_private_pickle(self.paths["vocabulary"], version) or {}).get("vocabulary", {}))
        memo = (read_private_pickle(self.paths["memo"], version) or {}).get("memo", {})
        for rel, (sig, doc) in self.docs.items():
            index = _section_index(doc)
            if index is not None and memo.get(rel, (None,))[0] == sig:
                index.memo = memo[rel][1]

    def check_settings(self, cfg: Config) -> None:
        """Times in names depend on the zone; a different config invalidates note entries."""
        key = (str(cfg.tz), cfg.max_note_bytes)
        if self.settings != key:
            self.notes = {}
            self.settings = key
            self._dirty.add("notes")

    def load_note(self, path: Path, cfg: Config, *, defer: Callable[[Note], bool] | None = None) -> LoadedNote:
        """From the cache when unchanged; else read (see :func:`curator.workspace.load_note` for ``defer``)."""
        self.check_settings(cfg)
        rel = _rel(path, cfg.root)
        sig = file_sig(path)
        hit = self.notes.get(rel)
        if sig is not None and hit is not None and hit[0] == sig:
            _sig0, meta, blob, mtime, sha1 = hit
            return LoadedNote(_copy(meta), None, mtime, sha1, blob)
        if defer is not None and sig is not None:
            peek = self.peeked.get(rel)
            if peek is not None and peek[0] == sig and defer(peek[1]):
                return LoadedNote(_copy(peek[1]), None, peek[2], peek[3])
        self.reads += 1
        self.read_paths.append(rel)
        ln = load_note(path, cfg.root, cfg, defer=defer)
        if ln.note.pending:
            if sig is not None:  # kept in memory only: the next deferred pass need not read it again
                self.peeked[rel] = (sig, _copy(ln.note), ln.mtime, ln.sha1)
            return ln
        self.peeked.pop(rel, None)
        if sig is not None:
            blob = pickle.dumps((ln.note, ln.split), protocol=pickle.HIGHEST_PROTOCOL)
            # an earlier briefing's rows keep their text: a row saying "not for us" reported nothing
            keep = ln.note.briefing_topic is not None
            light_items = [
                replace(it, text=it.text if keep else "", points=[], caveats=[], context="") for it in ln.note.items
            ]
            meta = replace(ln.note, items=light_items, text="")
            self.notes[rel] = (sig, meta, blob, ln.mtime, ln.sha1)
            self._dirty.add("notes")
        else:
            self.notes.pop(rel, None)
        return ln

    def load_doc(self, root: Path, rel: str, topic: str) -> LivingDoc:
        sig = file_sig(root / rel)
        hit = self.docs.get(rel)
        if sig is not None and hit is not None and hit[0] == sig and hit[1].topic == topic:
            return hit[1]
        from curator.living_doc import load_living_doc  # the parser (markdown-it) only on a miss
        self.reads += 1
        self.read_paths.append(rel)
        doc = load_living_doc(root, rel, topic)
        if sig is not None:
            self.docs[rel] = (sig, doc)
            self._dirty.update(("docs", "memo"))
        return doc

    def load_cards(self, root: Path, rel_dir: str) -> tuple[list[PaperCard], list[tuple[str, str]]]:
        base = root / rel_dir
        sigs: dict[str, tuple[int, int] | None] = {}
        try:
            with os.scandir(base) as entries:
                for e in entries:
                    if e.name.endswith(".md"):
                        try:
                            st = e.stat()
                            sigs[e.name] = (st.st_size, st.st_mtime_ns)
                        except OSError:
                            sigs[e.name] = None  # vanished between listing and stat
        except OSError:
            return [], []
        if sigs == self.card_sigs.get(rel_dir):
            cards = [entry[1] for entry in self.cards.values()]
            problems = [(c.path, e) for c in cards for e in c.errors if e != "empty card"]
            return cards, problems
        from curator.cards import load_cards  # the card parser only when a card changed

        cards, problems = load_cards(root, rel_dir)
        self.reads += len(cards)
        self.cards = {c.path: ((0, 0), c) for c in cards}
        self.card_sigs[rel_dir] = sigs
        self._dirty.add("cards")
        return cards, problems

    @property
    def dirty(self) -> bool:
        """Something changed since the last save."""
        return bool(self._dirty)

    def mark_dirty(self, part: str) -> None:
        """A part changed in place (a doc's index was built: "docs"; new section-fit scores: "memo")."""
        self._dirty.add(part)

    def forget_missing(self, present: set[str]) -> None:
        for rel in list(self.notes):
            if rel not in present:
                del self.notes[rel]
                self._dirty.add("notes")

    def save(self) -> None:
        if self.vocabulary.changed:
            self._dirty.add("vocabulary")
            self.vocabulary.changed = False
        if not self.persist or not self._dirty:
            return
        version = _version()
        for part in sorted(self._dirty):
            if part == "notes":
                data = {"version": version, "notes": self.notes, "settings": self.settings}
            elif part == "docs":
                data = {"version": version, "docs": self.docs}
            elif part == "cards":
                data = {"version": version, "cards": self.cards, "card_sigs": self.card_sigs}
            elif part == "vocabulary":
                data = {"version": version, "vocabulary": dict(self.vocabulary)}
            else:
                memo = {}
                for rel, (sig, doc) in self.docs.items():
                    index = _section_index(doc)
                    if index is not None:
                        memo[rel] = (sig, index.memo)
                data = {"version": version, "memo": memo}
            with paused_gc():  # pickling walks the whole graph; the collector would walk it again
                ok = write_private_pickle(self.root, self.paths[part], data)
            if not ok:
                return  # a read-only workspace simply runs without a persisted cache
            self._dirty.discard(part)
