"""The persistent lookup index: where every ID and URL occurs, kept in
``.curator/lookup-index.cache``.

Re-checked against the files on every call (one ``stat`` each, see :mod:`curator.stamps`),
and only what changed is read again (:mod:`curator.lookup_sources`).  The file's format and
the checks on what it says are :mod:`curator.lookupdata`.
"""

from __future__ import annotations

import os
import re
from itertools import repeat
from pathlib import Path

from curator import lookupdata as data
from curator import stamps
from curator.lookup_sources import doc_anchors, read_note
from curator.lookupdata import Shards
from curator.persist import (
    Blobs,
    Miss,
    check,
    code_fingerprint,
    read_cache,
    remove_legacy,
    write_cache,
)
from curator.stamps import M64, Sig, dir_sig, file_sig, packed, settled, tree_sigs, tree_unchanged
from curator.statedir import state_problem

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from curator.lookup_settings import Settings

INDEX_NAME = "lookup-index.cache"
LEGACY_NAME = "lookup-index.pickle"
"""Where older curators kept the index, pickled: never read, removed when the index is written."""
INDEX_VERSION = 4
FRESH_SECONDS = 2.0
"""A long-lived index (the UI's) re-checks the files at most this often."""

_CODE: list[str] = []


def _version() -> str:
    """The index holds what curator's parsers made of the files: other code, other index."""
    if not _CODE:
        _CODE.append(f"{INDEX_VERSION} {code_fingerprint()}")
    return _CODE[0]


class LookupIndex:
    """Where every ID and URL occurs, persisted in ``.curator/`` and refreshed per file.

    A query then costs a dictionary look-up plus one ``stat`` per file to notice
    changes, instead of parsing the living doc and scanning the inbox.  The inbox is
    walked again only when one of its folders changed, and the per-key answers sit in
    shards (:class:`curator.lookupdata.Shards`), so loading the index builds a few thousand
    objects rather than a few hundred thousand.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.path = root / ".curator" / INDEX_NAME
        self.problems: list[str] = []
        """Why the index is not kept (``.curator`` or the index file is a link), one line each."""
        self.forget()
        self.dirty = False
        trouble = state_problem(root)
        if trouble is not None:
            self.problems.append(trouble)
        else:
            self._load()

    def forget(self) -> None:
        """Start empty: everything is read again at the next query (and saved after it)."""
        self.docs: dict[str, tuple[Sig | None, str, Shards, list[str]]] = {}
        """doc → (stamp, topic, "kind:key" → ((section, title, line, date, name), ...),
        problems)."""
        self.notes: dict[str, int] = {}
        """note → its packed stamp (-1: read it again at the next check)."""
        self.meta = Shards(data.note_meta)
        """note → (time ISO, briefing topic)."""
        self.note_keys = Shards(data.keys)
        """note → the "kind:key"s it mentions (only needed when it changes)."""
        self.post = Shards(data.postings)
        """"kind:key" → ((note, lines), ...) in path order."""
        self.walk: list[str] = []
        """The note paths the last inbox walk found (readable or not)."""
        self.tree: dict[str, Sig | None] | None = None
        """Folder stamps taken with that walk; None means walk again."""
        self.inbox: str | None = None
        self.env: dict[str, Any] | None = None
        """Snapshot of curator.toml and the layout (see
        :class:`curator.lookup_settings.Settings`)."""
        self.tz_key: str | None = None
        self.dirty = True
        self.checked_at = -1e9
        """When files were last checked; a long-lived index re-checks at most every
        FRESH_SECONDS."""
        self.cards: tuple[str, Sig | None, str] | None = None
        """(folder, its stamp, its file names each followed by NUL, sorted): listed again when the
        stamp changes."""
        self.cards_listed = False
        self.opened = False
        self.cards_by_stem: dict[str, list[str]] | None = None
        self.card_links: tuple[str, Sig | None, Shards] | None = None
        """(folder, the listing's stamp, "card:<name>" → the links of its header and "link:<link>"
        → the cards giving it), read when first asked and again when the listing's stamp changes
        (a card is rewritten by a rename); sharded, so a lookup decodes only what it asks."""

    def _load(self) -> None:
        got = read_cache(self.path, "lookup", _version(), self.problems)
        if got is None:
            return
        try:
            self._take(*got)
        except Exception:  # anything but what this code writes: start over
            self.forget()
            self.dirty = False

    def _take(self, d: Any, blobs: memoryview) -> None:
        """The index as the file says it, every part checked (see :mod:`curator.lookupdata`)."""
        check(type(d) is dict and type(d.get("docs")) is dict and type(d.get("notes")) is dict)
        docs = {}
        for rel, e in d["docs"].items():
            check(type(e) is list and len(e) == 4 and type(e[1]) is str)
            docs[data.relative(rel)] = (
                data.sig(e[0]),
                e[1],
                Shards.from_data(data.anchors, e[2], blobs),
                data.strs(e[3]),
            )
        stamps = d["notes"]
        check(not stamps or set(map(type, stamps.values())) == {str})
        try:  # hex: 2,000 of them decode far faster than as decimal ints
            notes = dict(zip(stamps, map(int, stamps.values(), repeat(16)), strict=True))
        except ValueError as exc:
            raise Miss from exc
        walk = data.strs(d["walk"])
        joined = "/" + "/\0/".join(walk) + "/"
        check("/../" not in joined and "//" not in joined)  # relative, no "..", none empty
        inbox, tree, cards = d["inbox"], d["tree"], d["cards"]
        check(inbox is None or type(inbox) is str)
        if tree is not None:
            check(type(tree) is dict and inbox is not None)
            under = os.path.join(inbox, "")
            check(all(k == inbox or k.startswith(under) for k in tree))
            tree = {k: data.sig(v) for k, v in tree.items()}
        if cards is not None:
            check(
                type(cards) is list
                and len(cards) == 3
                and type(cards[0]) is str
                and type(cards[2]) is str
            )
            cards = (cards[0], data.sig(cards[1]), cards[2])
        card_links = d["card_links"]
        if card_links is not None:
            check(type(card_links) is list and len(card_links) == 3 and type(card_links[0]) is str)
            card_links = (
                card_links[0],
                data.sig(card_links[1]),
                Shards.from_data(data.strs, card_links[2], blobs),
            )
        tz_key = d["tz"]
        check(tz_key is None or type(tz_key) is str)
        self.docs, self.notes, self.walk, self.tree, self.inbox, self.cards = (
            docs,
            notes,
            walk,
            tree,
            inbox,
            cards,
        )
        self.env, self.tz_key, self.card_links = data.env(d["env"]), tz_key, card_links
        self.post = Shards.from_data(data.postings, d["post"], blobs)
        self.note_keys = Shards.from_data(data.keys, d["keys"], blobs)
        self.meta = Shards.from_data(data.note_meta, d["meta"], blobs)

    def save(self) -> None:
        if not self.dirty or self.problems:
            return
        blobs = Blobs()
        d = {
            "docs": {
                rel: [s, topic, shards.to_data(blobs), probs]
                for rel, (s, topic, shards, probs) in self.docs.items()
            },
            "notes": {rel: format(v, "x") for rel, v in self.notes.items()},
            "post": self.post.to_data(blobs),
            "walk": self.walk,
            "tree": self.tree,
            "inbox": self.inbox,
            "env": self.env,
            "tz": self.tz_key,
            "cards": self.cards,
            "card_links": None
            if self.card_links is None
            else [self.card_links[0], self.card_links[1], self.card_links[2].to_data(blobs)],
            "keys": self.note_keys.to_data(blobs),
            "meta": self.meta.to_data(blobs),
        }
        if write_cache(self.root, self.path, "lookup", _version(), d, blobs, self.problems):
            self.dirty = False
            remove_legacy(self.root / ".curator" / LEGACY_NAME)

    def open_all(self) -> None:
        """A long-lived index decodes everything on its first query, not a shard per query."""
        self.post.open_all()
        self.meta.open_all()
        for entry in self.docs.values():
            entry[2].open_all()
        self.opened = True

    def note_hits(self, k: str) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """(note, lines) for every note that mentions "kind:key", in path order."""
        return self.post.get(k, ())

    def refresh_doc(self, topic: str, rel: str, problems: list[str]) -> Shards:
        """The doc's anchors, parsed again only when its stamp changed."""
        path = os.path.join(str(self.root), rel)
        sig = file_sig(path)
        hit = self.docs.get(rel)
        if hit is not None and sig is not None and hit[0] == sig and hit[1] == topic:
            problems.extend(hit[3])
            return hit[2]
        probs: list[str] = []
        anchors = doc_anchors(path, rel, topic, probs)
        found = Shards.of(data.anchors, {k: tuple(v) for k, v in anchors.items()})
        if sig is not None:
            self.docs[rel] = (sig if settled(sig, stamps.now_ns()) else None, topic, found, probs)
            self.dirty = True
        problems.extend(probs)
        return found

    def refresh_notes(self, st: Settings) -> None:
        """Follow the inbox: walk it again only if a folder changed, re-read only notes whose stamp
        changed."""
        if st.tz_key != self.tz_key:
            self.notes, self.walk, self.tree = {}, [], None
            self.meta, self.note_keys, self.post = (
                Shards(data.note_meta),
                Shards(data.keys),
                Shards(data.postings),
            )
            self.tz_key, self.dirty = st.tz_key, True
        if self.tree is None or self.inbox != st.inbox or not tree_unchanged(self.tree):
            self._walk_inbox(st)
        prefix = os.path.join(str(self.root), "")
        get, stat_ = self.notes.get, os.stat
        stale: list[tuple[str, os.stat_result | None]] = []
        for rel in self.walk:  # the one loop over every note of a warm lookup: kept lean
            try:
                st_ = stat_(prefix + rel)
            except (OSError, ValueError):
                stale.append((rel, None))
                continue
            # stamps.packed(st_), inlined
            if get(rel) != (st_.st_size << 128) | ((st_.st_mtime_ns & M64) << 64) | (
                st_.st_ctime_ns & M64
            ):
                stale.append((rel, st_))
        seen = set(self.walk)
        gone = [rel for rel in self.notes if rel not in seen]
        if stale or gone:
            self._update_notes(st, stale, gone)

    def _walk_inbox(self, st: Settings) -> None:
        """List the notes again, with the stamps of the folders listed (once they have settled)."""
        from curator.workspace import list_note_paths

        _cfg, lay = st.full()
        now = stamps.now_ns()
        tree = tree_sigs(st.inbox)
        paths, _problems = list_note_paths(lay) if lay.inbox.is_dir() else ([], [])
        walk = [f.relative_to(self.root).as_posix() for f in paths]
        # a folder that just changed may change again unseen within the same tick: walk again
        kept = tree if all(settled(s, now) for s in tree.values()) else None
        if (walk, kept, st.inbox) != (self.walk, self.tree, self.inbox):
            self.walk, self.tree, self.inbox, self.dirty = walk, kept, st.inbox, True

    def _update_notes(
        self, st: Settings, stale: list[tuple[str, os.stat_result | None]], gone: list[str]
    ) -> None:
        """Read the changed notes again and move their keys in the postings."""
        cfg, _lay = st.full()
        now = stamps.now_ns()
        changes: dict[str, tuple[int, str | None, str | None, dict[str, list[int]]] | None] = {}
        for rel, stat_result in stale:
            note = read_note(self.root / rel, rel, cfg)
            if note is None:
                changes[rel] = None
            elif stat_result is not None:  # vanished meanwhile: the next check drops it
                sig = (0, stat_result.st_mtime_ns, stat_result.st_ctime_ns)
                changes[rel] = (packed(stat_result) if settled(sig, now) else -1, *note)
        for rel in gone:
            changes[rel] = None
        touched: dict[str, list[tuple[str, tuple[int, ...]]]] = {}

        def entries(k: str) -> list[tuple[str, tuple[int, ...]]]:
            lst = touched.get(k)
            if lst is None:
                lst = touched[k] = list(self.note_hits(k))
            return lst

        for rel, new in changes.items():
            self.notes.pop(rel, None)
            for k in self.note_keys.get(rel, ()):
                lst = entries(k)
                lst[:] = [e for e in lst if e[0] != rel]
            self.note_keys.pop(rel)
            self.meta.pop(rel)
            if new is not None:
                stamp, when_iso, btopic, keys = new
                for k, lines in keys.items():
                    entries(k).append((rel, tuple(lines)))
                self.notes[rel] = stamp
                self.meta.set(rel, (when_iso, btopic))
                if keys:
                    self.note_keys.set(rel, tuple(keys))
        self._set_postings(touched)

    def _set_postings(self, touched: dict[str, list[tuple[str, tuple[int, ...]]]]) -> None:
        """Store the postings of the keys a note update touched (a key no note names any more
        goes)."""
        for k, lst in touched.items():
            if lst:
                lst.sort()
                self.post.set(k, tuple(lst))
            else:
                self.post.pop(k)
        self.dirty = True

    def refresh_cards(self, folder: str) -> None:
        """List the card folder again only if its stamp changed (5,000 names cost more than the rest
        of a lookup)."""
        sig = dir_sig(folder)
        if sig is None or self.cards is None or self.cards[0] != folder or self.cards[1] != sig:
            try:
                names = sorted(os.listdir(folder)) if sig is not None else []
            except OSError:
                names = []
            cards = (
                folder,
                sig if settled(sig, stamps.now_ns()) else None,
                "".join(n + "\0" for n in names),
            )
            if cards != self.cards:
                self.cards, self.cards_by_stem, self.dirty = cards, None, True
        self.cards_listed = True

    def cards_for(self, stem: str, many: bool) -> list[str]:
        """Card files named ``<n>-<stem>.md``, in name order; ``many`` (a long-lived index) builds a
        dict once."""
        names = self.cards[2] if self.cards is not None else ""
        if not many:
            pat = "-" + stem + ".md\0"
            found = []
            at = names.find(pat)
            while at >= 0:
                end = at + len(pat) - 1
                name = names[names.rfind("\0", 0, at) + 1 : end]
                if _card_stem(name) == stem:
                    found.append(name)
                at = names.find(pat, end)
            return found
        if self.cards_by_stem is None:
            by_stem: dict[str, list[str]] = {}
            for name in names.split("\0")[:-1]:
                s = _card_stem(name)
                if s is not None:
                    by_stem.setdefault(s, []).append(name)
            self.cards_by_stem = by_stem
        return self.cards_by_stem.get(stem, [])

    def links_of_card(self, folder: str, name: str) -> list[str]:
        """The paper's other addresses the card's header gives (its journal DOI, its code)."""
        return list(self._card_links(folder).get("card:" + name, ()))

    def cards_of_link(self, folder: str, link: str) -> list[str]:
        """The cards whose header gives ``link`` (a normalised URL) as the paper's address."""
        return list(self._card_links(folder).get("link:" + link, ()))

    def _card_links(self, folder: str) -> Shards:
        """Read from every card when first asked, again when the folder's listing changed or has
        not settled."""
        listed = self.cards if self.cards is not None and self.cards[0] == folder else None
        cached = self.card_links
        if listed is not None and listed[1] is not None and cached is not None:
            if cached[0] == folder and cached[1] == listed[1]:
                return cached[2]
        from curator.cards import header_links  # rare: a warm lookup of an ID imports none of it
        from curator.textio import ReadProblem, read_text

        items: dict[str, list[str]] = {}
        for name in (listed[2] if listed is not None else "").split("\0")[:-1]:
            if not name.endswith(".md"):
                continue
            try:
                found = header_links(read_text(Path(folder) / name).text)
            except ReadProblem:
                continue
            if found:
                items["card:" + name] = found
                for link in found:
                    items.setdefault("link:" + link, []).append(name)
        shards = Shards.of(data.strs, items)
        self.card_links = (folder, listed[1] if listed is not None else None, shards)
        self.dirty = True
        return shards


def card_arxiv(name: str) -> str | None:
    """The arXiv ID a card's name gives (``0042-2501-00001.md`` → ``2501.00001``), if any."""
    stem = _card_stem(name)
    if stem is None or not re.fullmatch(r"\d{4}-\d{4,5}", stem):
        return None
    return stem.replace("-", ".")


def _card_stem(name: str) -> str | None:
    if name.endswith(".md") and name.count("-") >= 2:
        return name[:-3].split("-", 1)[1]
    return None


_SHARED: dict[Path, LookupIndex] = {}


def shared_index(root: Path) -> LookupIndex:
    """One long-lived index per workspace for a process that looks up all day (the UI)."""
    key = root.resolve()
    idx = _SHARED.get(key)
    if idx is None:
        idx = _SHARED[key] = LookupIndex(key)
    return idx
