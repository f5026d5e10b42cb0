"""Reading a workspace's files for an analysis, with or without the index cache.

The analysis reads through one interface (:class:`Reader`) whichever it has: the plain
:class:`FileReader` parses every file, :class:`curator.cache.IndexCache` answers from
``.curator/`` what did not change.  Each doc's index comes from the reader too, so the
cache keeps (and saves) the indexes it hands out.
"""

from __future__ import annotations

import os
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from curator.config import Config
from curator.context import DocIndex, build_doc_index
from curator.doc_pool import release as release_docs
from curator.lexicon import forget_texts
from curator.mdblocks import plain_inline
from curator.models import FileProblem, LivingDoc, Note, PaperCard
from curator.workspace import Layout, LoadedNote, list_note_paths, load_note


class Reader(Protocol):
    """What an analysis asks of whatever reads the files."""

    @property
    def vocabulary(self) -> MutableMapping[str, Any] | None:
        """Where the topic's counted vocabulary is kept between runs (None: nowhere)."""
        ...

    def load_doc(self, root: Path, rel: str, topic: str) -> LivingDoc: ...

    def doc_index(self, doc: LivingDoc) -> DocIndex: ...

    def load_note(
        self, path: Path, cfg: Config, *, defer: Callable[[Note], bool] | None = None
    ) -> LoadedNote: ...

    def start_cards(
        self, root: Path, rel_dir: str
    ) -> Callable[[], tuple[list[PaperCard], list[tuple[str, str]]]]:
        """Starts reading the cards; the call returned gives them (see :mod:`curator.card_pool`)."""
        ...

    def settle(self, present: set[str], indexes: list[DocIndex], *, save: bool) -> None:
        """The analysis is done: ``present`` are the notes that exist now, ``indexes`` those it
        used."""
        ...


class FileReader:
    """Every file parsed afresh; nothing kept between runs."""

    @property
    def vocabulary(self) -> MutableMapping[str, Any] | None:
        return None

    def load_doc(self, root: Path, rel: str, topic: str) -> LivingDoc:
        # markdown-it loads only when a doc is parsed
        from curator.living_doc import load_living_doc

        return load_living_doc(root, rel, topic)

    def doc_index(self, doc: LivingDoc) -> DocIndex:
        return build_doc_index(doc)

    def load_note(
        self, path: Path, cfg: Config, *, defer: Callable[[Note], bool] | None = None
    ) -> LoadedNote:
        return load_note(path, cfg.root, cfg, defer=defer)

    def start_cards(
        self, root: Path, rel_dir: str
    ) -> Callable[[], tuple[list[PaperCard], list[tuple[str, str]]]]:
        from curator.card_pool import start_loading

        try:
            with os.scandir(root / rel_dir) as entries:
                count = sum(1 for e in entries if e.name.endswith(".md"))
        except OSError:
            count = 0  # load_cards says what is wrong with the folder
        return start_loading(root, rel_dir, count)

    def settle(self, present: set[str], indexes: list[DocIndex], *, save: bool) -> None:
        pass


Progress = Callable[[str, int, int], None]
"""(stage, done, total): "notes", "living doc", then "matching"."""


@dataclass
class Files:
    """What an analysis read: each topic's doc with its index, the notes, the cards, and the
    problems."""

    docs: dict[str, tuple[LivingDoc, DocIndex]]
    loaded: list[LoadedNote]
    cards: list[PaperCard]
    problems: list[FileProblem]
    card_problems: list[tuple[str, str]]


def read_files(
    reader: Reader,
    cfg: Config,
    lay: Layout,
    progress: Progress | None,
    defer: Callable[[Note], bool] | None = None,
) -> Files:
    """Read every doc, note and card of the layout (see :func:`curator.workspace.load_note` for
    ``defer``)."""
    # the cards first: many are parsed beside this process while it reads the doc and the notes
    cards_read = reader.start_cards(cfg.root, cfg.cards) if lay.cards.is_dir() else None
    paths, problems = list_note_paths(lay)
    loaded: list[LoadedNote] = []
    total = len(paths)
    for n, p in enumerate(paths, start=1):
        loaded.append(reader.load_note(p, cfg, defer=defer))
        if progress and (n % 25 == 0 or n == total):
            progress("notes", n, total)
    # the docs after the notes: a cold start's may be parsed beside this process meanwhile
    if progress:
        progress("living doc", 0, 1)
    docs = {t: reader.load_doc(cfg.root, p, t) for t, p in lay.docs.items()}
    release_docs(cfg.root)  # whatever was parsed beside this process and went unused
    cards: list[PaperCard] = []
    card_problems: list[tuple[str, str]] = []
    if cards_read is not None:
        cards, card_problems = cards_read()
    if progress:
        progress("matching", total, total)
    indexed = {t: (d, reader.doc_index(d)) for t, d in docs.items()}
    # what splitting asked of each line and heading is asked again only of a note split again:
    # at thousands of notes the memos hold tens of MB through every later stage
    forget_texts(also=plain_inline.cache_clear)
    return Files(indexed, loaded, cards, problems, card_problems)
