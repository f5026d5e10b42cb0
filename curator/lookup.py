"""``curator lookup``: is this paper already anchored, and where?

Answers from a persisted index (``.curator/lookup-index.cache``, see :mod:`curator.lookupdata`) of where every
ID and URL occurs, re-checked against the files on every call.  A warm
``curator lookup`` is a whole process that should cost no more than a ``grep``
over the workspace, so when nothing changed it imports none of the config,
workspace, parsing or analysis modules (importing them alone costs several
times the answer): the index keeps a snapshot of what ``curator.toml`` and the
folder layout said, and file changes are noticed with plain ``os.stat`` calls.
"""

from __future__ import annotations

import os
import stat
import time
from itertools import repeat
from pathlib import Path

from curator import lookupdata as data
from curator.lookupdata import Shards
from curator.persist import (
    Blobs,
    Miss,
    check,
    code_fingerprint,
    datetime_from_data,
    datetime_to_data,
    read_cache,
    remove_legacy,
    write_cache,
    zone_from_data,
    zone_to_data,
)
from curator.roots import resolve_workspace as _resolve_root  # noqa: F401 — curator.service.lookup opens with it
from curator.statedir import state_problem

TYPE_CHECKING = False
if TYPE_CHECKING:
    from datetime import datetime, tzinfo
    from typing import Any

    from curator.config import Config
    from curator.workspace import Layout


class LookupResult:
    """One answer; ``to_json`` is what ``curator lookup --json`` prints.

    A plain class rather than a dataclass: importing ``dataclasses`` (and ``inspect``
    with it) would cost a warm ``curator lookup`` ~10 ms, a tenth of its budget.
    """

    __slots__ = (
        "query",
        "id",
        "valid",
        "kind",
        "version",
        "anchored",
        "anchored_other_topics",
        "cited",
        "paper_cards",
        "notes",
        "briefings",
        "problems",
    )

    def __init__(
        self,
        query: str,
        id: str | None,
        valid: bool,
        kind: str = "arxiv",
        version: str | None = None,
        anchored: list[dict[str, Any]] | None = None,
        anchored_other_topics: list[dict[str, Any]] | None = None,
        paper_cards: list[dict[str, Any]] | None = None,
        notes: list[dict[str, Any]] | None = None,
        briefings: list[dict[str, Any]] | None = None,
        problems: list[str] | None = None,
        cited: list[dict[str, Any]] | None = None,
    ) -> None:
        self.query, self.id, self.valid, self.kind, self.version = query, id, valid, kind, version
        self.cited = [] if cited is None else cited
        """Where this topic's doc names it without anchoring it (a glossary, a removal record)."""
        self.anchored = [] if anchored is None else anchored
        self.anchored_other_topics = [] if anchored_other_topics is None else anchored_other_topics
        self.paper_cards = [] if paper_cards is None else paper_cards
        self.notes = [] if notes is None else notes
        self.briefings = [] if briefings is None else briefings
        self.problems = [] if problems is None else problems

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}

    def __eq__(self, other: object) -> bool:
        if type(other) is not LookupResult:
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable, like the dataclass it replaces

    def __repr__(self) -> str:
        return "LookupResult(" + ", ".join(f"{k}={v!r}" for k, v in self.to_json().items()) + ")"

    @property
    def exit_code(self) -> int:
        if not self.valid:
            return 2
        return 0 if self.anchored else 1


def parse_query(query: str) -> tuple[str, str, str | None] | None:
    """(kind, key, version) for an arXiv ID in any form, or a URL; None if neither."""
    from curator.arxiv import normalize_id

    norm = normalize_id(query)
    if norm:
        return "arxiv", norm[0], norm[1]
    q = query.strip()
    if "://" in q or q.startswith("www.") or ("/" in q and "." in q.split("/", 1)[0]):
        from curator.urls import find_urls, normalize_url

        urls = find_urls(q if "://" in q else "https://" + q)
        if urls:
            return "url", normalize_url(urls[0][0]), None
    return None


INDEX_NAME = "lookup-index.cache"
LEGACY_NAME = "lookup-index.pickle"
"""Where older curators kept the index, pickled: never read, removed when the index is written."""
INDEX_VERSION = 3
FRESH_SECONDS = 2.0
"""A long-lived index (the UI's) re-checks the files at most this often."""
SETTLE_NS = 2_000_000_000
"""A file or folder stamped this close to now may change again within the same timestamp tick
(coarse kernel clocks, 2 s on FAT), so its stamp is not trusted yet: it is read again next time."""
TREE_LEVELS = 6
"""Folder levels under the inbox whose stamps stand for the note walk (list_note_paths looks
at inbox/<author>/ and three levels of sub-folders below it; a margin costs nothing)."""
Sig = tuple[int, int, int]


def _now_ns() -> int:
    return time.time_ns()


def _sig(path: str) -> Sig | None:
    """(size, mtime_ns, ctime_ns) of a file, None if it is gone; ctime also catches rewrites that keep the mtime."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return st.st_size, st.st_mtime_ns, st.st_ctime_ns


def _dir_sig(path: str) -> Sig | None:
    """(inode, mtime_ns, ctime_ns) of a folder: changes whenever an entry appears, vanishes or is renamed."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISDIR(st.st_mode):
        return None
    return st.st_ino, st.st_mtime_ns, st.st_ctime_ns


_M64 = (1 << 64) - 1


def _packed(st: os.stat_result) -> int:
    """A note's (size, mtime_ns, ctime_ns) as one int: 2,000 of them load far faster than tuples."""
    return (st.st_size << 128) | ((st.st_mtime_ns & _M64) << 64) | (st.st_ctime_ns & _M64)


def _settled(sig: Sig | None, now: int) -> bool:
    """Whether a stamp is old (or far enough in the future) to be trusted as "unchanged" later."""
    return sig is None or (abs(now - sig[1]) >= SETTLE_NS and abs(now - sig[2]) >= SETTLE_NS)


def _tree_sigs(top: str) -> dict[str, Sig | None]:
    """Stamps of every folder the note walk may list (a superset), taken before it lists them.

    Hidden folders are left out because the walk never enters them (``is_ignored_name``
    skips every name starting with "."; tests/core/test_lookup_index.py pins that).
    """
    out: dict[str, Sig | None] = {}
    todo = [(top, 0)]
    while todo:
        folder, level = todo.pop()
        out[folder] = _dir_sig(folder)
        if level >= TREE_LEVELS:
            continue
        try:
            with os.scandir(folder) as it:
                for entry in it:
                    try:
                        if not entry.name.startswith(".") and entry.is_dir(follow_symlinks=False):
                            todo.append((entry.path, level + 1))
                    except OSError:
                        pass
        except OSError:
            pass
    return out


def _tree_unchanged(sigs: dict[str, Sig | None]) -> bool:
    return all(_dir_sig(folder) == sig for folder, sig in sigs.items())


_CODE: list[str] = []


def _version() -> str:
    """The index holds what curator's parsers made of the files: other code, other index."""
    if not _CODE:
        _CODE.append(f"{INDEX_VERSION} {code_fingerprint()}")
    return _CODE[0]


def _keys_with_lines(text: str) -> dict[str, list[int]]:
    """Every arXiv ID and URL in a text (as "kind:key"), with the 1-based lines where it occurs."""
    import bisect

    from curator.arxiv import find_ids
    from curator.urls import find_urls, normalize_url

    starts = [0]
    pos = text.find("\n")
    while pos >= 0:
        starts.append(pos + 1)
        pos = text.find("\n", pos + 1)
    out: dict[str, list[int]] = {}

    def add(k: str, at: int) -> None:
        ln = bisect.bisect_right(starts, at)
        lines = out.setdefault(k, [])
        if ln not in lines:
            lines.append(ln)

    for m in find_ids(text):
        add("arxiv:" + m.id, m.start)
    for u, s0, _e in find_urls(text):
        add("url:" + normalize_url(u), s0)
    return out


def default_window(
    since: datetime | None,
    until: datetime | None,
    hours: float,
    tz: tzinfo | None,
    now: datetime | None = None,
) -> tuple[datetime, datetime]:
    """``Config.default_window`` from its inputs, for the warm path that has no Config (the same function)."""
    from curator.timeutil import window_ending

    return window_ending(since, until, hours, tz, now)


class _Settings:
    """What a lookup needs from ``curator.toml`` and the folder layout.

    Taken from ``Config``/``layout()`` when they are at hand or something changed,
    otherwise from the snapshot the index keeps (valid while ``curator.toml`` and the
    living-doc folder keep their stamps, and the inbox is still a folder).
    """

    def __init__(
        self, idx: LookupIndex, cfg: Config | None, env: dict[str, Any] | None = None
    ) -> None:
        self.idx = idx
        self.cfg = cfg
        self.lay: Layout | None = None
        self.own = False  # cfg was read here from the workspace itself (so it may be snapshotted)
        self.toml_sig: Sig | None = None
        self.env = env
        if env is not None:
            root = idx.root
            self.topic: str | None = env["topic"]
            self.tz_key: str = env["tz"]
            self.docs: dict[str, str] = env["docs"]
            self.inbox = str(root / env["inbox"])
            self.cards = str(root / env["cards"])
            self.cards_rel: str = env["cards"]

    @classmethod
    def open(cls, idx: LookupIndex, cfg: Config | None) -> _Settings:
        """From ``cfg`` if given, else the snapshot if it still holds, else ``load_config`` (may raise ConfigError)."""
        if cfg is not None:
            return cls(idx, cfg)
        env = idx.env
        root = str(idx.root)
        toml_sig = _sig(os.path.join(root, "curator.toml"))
        if (
            env is not None
            and toml_sig == env["toml"]
            and _dir_sig(os.path.join(root, env["knowledge"])) == env["kdir"]
            and os.path.isdir(os.path.join(root, env["inbox"]))
        ):
            return cls(idx, None, env)
        from curator.config import load_config

        self = cls(idx, load_config(idx.root))
        self.own, self.toml_sig = True, toml_sig
        return self

    def ensure_layout(self) -> None:
        """Run ``layout()`` unless the snapshot stands for it (raises WorkspaceError like it)."""
        if self.env is not None:
            return
        from curator.workspace import layout

        cfg = self.cfg
        assert cfg is not None
        kdir = _dir_sig(str(cfg.root / cfg.knowledge))  # stamped before it is listed
        self.lay = lay = layout(cfg)
        self.topic, self.tz_key, self.docs = cfg.topic, str(cfg.tz), lay.docs
        self.inbox, self.cards, self.cards_rel = str(lay.inbox), str(lay.cards), cfg.cards
        now = _now_ns()
        if self.own and kdir is not None and _settled(self.toml_sig, now) and _settled(kdir, now):
            env = {
                "toml": self.toml_sig,
                "kdir": kdir,
                "topic": cfg.topic,
                "tz": self.tz_key,
                "docs": dict(lay.docs),
                "inbox": cfg.inbox,
                "cards": cfg.cards,
                "knowledge": cfg.knowledge,
                # as data, turned into datetimes and zones only when a note's time is compared
                "window": [
                    datetime_to_data(cfg.since),
                    datetime_to_data(cfg.until),
                    cfg.window_hours,
                ],
                "zone": zone_to_data(cfg.tz),
            }
            if env != self.idx.env:
                self.idx.env, self.idx.dirty = env, True

    def full(self) -> tuple[Config, Layout]:
        """Config and Layout for the slow paths (walking the inbox, reading notes)."""
        if self.cfg is None:
            from curator.config import load_config

            self.cfg = load_config(self.idx.root)
        if self.lay is None:
            from curator.workspace import layout

            self.lay = layout(self.cfg)
        return self.cfg, self.lay

    def missing_topic(self, topic: str) -> Exception:
        from curator.roots import WorkspaceError

        _cfg, lay = self.full()
        return WorkspaceError(
            f"missing living doc for topic {topic!r}: {lay.knowledge / (topic + '.md')}"
        )

    def default_window(self) -> tuple[datetime, datetime]:
        if self.cfg is not None:
            return self.cfg.default_window()
        assert self.env is not None
        since_v, until_v, hours = self.env["window"]
        since, until = datetime_from_data(since_v), datetime_from_data(until_v)
        return default_window(
            since, until, hours, None if since and until else zone_from_data(self.env["zone"])
        )


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
        """doc → (stamp, topic, "kind:key" → ((section, title, line, date, name), ...), problems)."""
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
        """Snapshot of curator.toml and the layout (see _Settings)."""
        self.tz_key: str | None = None
        self.dirty = True
        self.checked_at = -1e9
        """When files were last checked; a long-lived index re-checks at most every FRESH_SECONDS."""
        self.cards: tuple[str, Sig | None, str] | None = None
        """(folder, its stamp, its file names each followed by NUL, sorted): listed again when the stamp changes."""
        self.cards_listed = False
        self.opened = False
        self.cards_by_stem: dict[str, list[str]] | None = None

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
        self.env, self.tz_key = data.env(d["env"]), tz_key
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
        sig = _sig(path)
        hit = self.docs.get(rel)
        if hit is not None and sig is not None and hit[0] == sig and hit[1] == topic:
            problems.extend(hit[3])
            return hit[2]
        from curator.living_doc import parse_living_doc, section_for_line
        from curator.suggest import SectionIndex
        from curator.textio import ReadProblem, read_text

        anchors: dict[str, list[tuple[str, str, int, str | None, str]]] = {}
        probs: list[str] = []
        try:
            dec = read_text(Path(path))
            doc = parse_living_doc(dec.text, rel, topic)
            by_index = {s.index: s for s in doc.sections}
            units = SectionIndex(doc).section_unit  # the analysis's labels: one answer everywhere
            for sct in doc.sections:
                for a in sct.anchors:
                    if a.kind not in ("arxiv", "url"):
                        continue
                    sec = section_for_line(doc, a.line) or sct
                    label = units.get(sec.index) or _label(by_index, sec)
                    home = next((x for x in doc.sections if (x.number or x.title) == label), sec)
                    anchors.setdefault(f"{a.kind}:{a.key}", []).append(
                        (label, home.title, a.line, a.date, a.name)
                    )
            for c in doc.cited:
                anchors.setdefault(f"cited:{c.kind}:{c.key}", []).append(
                    (c.where, "", c.line, None, "")
                )
        except ReadProblem as exc:
            probs.append(f"{rel}: {exc.message}")
        packed = Shards.of(data.anchors, {k: tuple(v) for k, v in anchors.items()})
        if sig is not None:
            self.docs[rel] = (sig if _settled(sig, _now_ns()) else None, topic, packed, probs)
            self.dirty = True
        problems.extend(probs)
        return packed

    def refresh_notes(self, st: _Settings) -> None:
        """Follow the inbox: walk it again only if a folder changed, re-read only notes whose stamp changed."""
        if st.tz_key != self.tz_key:
            self.notes, self.walk, self.tree = {}, [], None
            self.meta, self.note_keys, self.post = (
                Shards(data.note_meta),
                Shards(data.keys),
                Shards(data.postings),
            )
            self.tz_key, self.dirty = st.tz_key, True
        if self.tree is None or self.inbox != st.inbox or not _tree_unchanged(self.tree):
            from curator.workspace import list_note_paths

            _cfg, lay = st.full()
            now = _now_ns()
            tree = _tree_sigs(st.inbox)
            paths, _problems = list_note_paths(lay) if lay.inbox.is_dir() else ([], [])
            walk = [f.relative_to(self.root).as_posix() for f in paths]
            if not all(_settled(s, now) for s in tree.values()):
                tree = None  # just changed: may change again unseen within the same tick
            if (walk, tree, st.inbox) != (self.walk, self.tree, self.inbox):
                self.walk, self.tree, self.inbox, self.dirty = walk, tree, st.inbox, True
        prefix = os.path.join(str(self.root), "")
        get, stat_ = self.notes.get, os.stat
        stale: list[tuple[str, os.stat_result | None]] = []
        for rel in self.walk:  # the one loop over every note of a warm lookup: kept lean
            try:
                st_ = stat_(prefix + rel)
            except (OSError, ValueError):
                stale.append((rel, None))
                continue
            if get(rel) != (st_.st_size << 128) | ((st_.st_mtime_ns & _M64) << 64) | (
                st_.st_ctime_ns & _M64
            ):
                stale.append((rel, st_))
        seen = set(self.walk)
        gone = [rel for rel in self.notes if rel not in seen]
        if stale or gone:
            self._update_notes(st, stale, gone)

    def _update_notes(
        self, st: _Settings, stale: list[tuple[str, os.stat_result | None]], gone: list[str]
    ) -> None:
        from curator.textio import ReadProblem, read_text
        from curator.workspace import briefing_info

        cfg, _lay = st.full()
        now = _now_ns()
        changes: dict[str, tuple[int, str | None, str | None, dict[str, list[int]]] | None] = {}
        for rel, sig in stale:
            f = self.root / rel
            try:
                dec = read_text(f)
            except ReadProblem:
                changes[rel] = None
                continue
            parts = rel.split("/")
            when = _note_time(
                dec.text, f.name, dec.mtime, cfg, parts[1] if len(parts) >= 3 else None
            )
            btopic, _ = briefing_info(dec.text, f.name)
            if sig is not None:  # vanished meanwhile: the next check drops it
                settled = _settled((0, sig.st_mtime_ns, sig.st_ctime_ns), now)
                changes[rel] = (
                    _packed(sig) if settled else -1,
                    when.isoformat() if when else None,
                    btopic,
                    _keys_with_lines(dec.text),
                )
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
                sig, when_iso, btopic, keys = new
                for k, lines in keys.items():
                    entries(k).append((rel, tuple(lines)))
                self.notes[rel] = sig
                self.meta.set(rel, (when_iso, btopic))
                if keys:
                    self.note_keys.set(rel, tuple(keys))
        for k, lst in touched.items():
            if lst:
                lst.sort()
                self.post.set(k, tuple(lst))
            else:
                self.post.pop(k)
        self.dirty = True

    def refresh_cards(self, folder: str) -> None:
        """List the card folder again only if its stamp changed (5,000 names cost more than the rest of a lookup)."""
        sig = _dir_sig(folder)
        if sig is None or self.cards is None or self.cards[0] != folder or self.cards[1] != sig:
            try:
                names = sorted(os.listdir(folder)) if sig is not None else []
            except OSError:
                names = []
            cards = (
                folder,
                sig if _settled(sig, _now_ns()) else None,
                "".join(n + "\0" for n in names),
            )
            if cards != self.cards:
                self.cards, self.cards_by_stem, self.dirty = cards, None, True
        self.cards_listed = True

    def cards_for(self, stem: str, many: bool) -> list[str]:
        """Card files named ``<n>-<stem>.md``, in name order; ``many`` (a long-lived index) builds a dict once."""
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


def lookup(
    root: Path,
    query: str,
    topic: str | None = None,
    window: tuple[datetime, datetime] | None = None,
    cfg: Config | None = None,
    index: LookupIndex | None = None,
) -> LookupResult:
    """Answer one query; pass a long-lived ``index`` (the UI does) to answer many instantly."""
    parsed = parse_query(query)
    if parsed is None:
        return LookupResult(query, None, False, kind="invalid")
    idx = index or LookupIndex(cfg.root if cfg is not None else root)
    st = _Settings.open(idx, cfg)
    try:
        return _answer(idx, st, query, parsed, topic, window, one_shot=index is None)
    except Miss:  # a shard that does not decode: the whole index is rebuilt
        idx.forget()
        return _answer(
            idx, _Settings.open(idx, cfg), query, parsed, topic, window, one_shot=index is None
        )


def _answer(
    idx: LookupIndex,
    st: _Settings,
    query: str,
    parsed: tuple[str, str, str | None],
    topic: str | None,
    window: tuple[datetime, datetime] | None,
    one_shot: bool,
) -> LookupResult:
    kind, key, version = parsed
    res = LookupResult(query, key, True, kind=kind, version=version)
    st.ensure_layout()
    if topic and topic not in st.docs:
        raise st.missing_topic(topic)
    if topic is None and st.topic in st.docs:
        topic = (
            st.topic
        )  # the workspace's default topic decides "anchored"; other docs are listed apart
    k = f"{kind}:{key}"
    check = one_shot or time.monotonic() - idx.checked_at > FRESH_SECONDS
    if not one_shot and not idx.opened:
        idx.open_all()
    for t, rel in sorted(st.docs.items()):
        if check or rel not in idx.docs:
            anchors = idx.refresh_doc(t, rel, res.problems)
        else:
            anchors = idx.docs[rel][2]
            res.problems.extend(idx.docs[rel][3])
        if topic is None or t == topic:
            res.cited.extend(
                {"doc": rel, "where": w, "line": ln}
                for w, _ti, ln, _d, _n in anchors.get("cited:" + k, ())
            )
        found = anchors.get(k)
        if not found:
            continue
        hits = [
            {"doc": rel, "topic": t, "section": s, "title": ti, "line": ln, "date": d, "name": n}
            for s, ti, ln, d, n in found
        ]
        if topic is None or t == topic:
            res.anchored.extend(hits)
        else:
            res.anchored_other_topics.extend(hits)
    if check:
        for rel in [
            r for r in idx.docs if r not in st.docs.values()
        ]:  # a living doc that went away
            del idx.docs[rel]
            idx.dirty = True

    if check or not idx.cards_listed:
        idx.refresh_cards(st.cards)
    if kind == "arxiv" and "/" not in key:
        for name in idx.cards_for(key.replace(".", "-"), many=not one_shot):
            try:
                size = os.stat(os.path.join(st.cards, name)).st_size
            except OSError:
                size = 0
            res.paper_cards.append({"path": f"{st.cards_rel}/{name}", "empty": size == 0})

    if check:
        idx.refresh_notes(st)
        idx.checked_at = time.monotonic()
    hits = idx.note_hits(k)
    if hits:
        from datetime import datetime

        since, until = window or st.default_window()
        for rel, lines in hits:
            when_iso, btopic = idx.meta.get(rel)
            when = datetime.fromisoformat(when_iso) if when_iso else None
            entry: dict[str, Any] = {
                "path": rel,
                "lines": list(lines),
                "time": when_iso,
                "in_window": bool(when and since < when <= until),
            }
            if btopic and (topic is None or btopic == topic):
                entry["topic"] = btopic
                res.briefings.append(entry)
            else:
                res.notes.append(entry)
    if one_shot:
        idx.save()
    return res


def _label(by_index: dict[int, Any], sec: Any) -> str:
    """The nearest numbered section (so a §1.3 subsection answers §1.3)."""
    cur = sec
    while cur is not None and not cur.number:
        cur = by_index.get(cur.parent) if cur.parent is not None else None
    return (cur.number if cur is not None else None) or sec.title


def _note_time(
    text: str, name: str, mtime: float, cfg: Config, author: str | None = None
) -> datetime | None:
    """When a note was written, by the same rules as the analysis (:func:`timeutil.written_at`):
    a lookup's "in window" must agree with ``curator analyze``'s."""
    from curator.notes import read_front_matter
    from curator.timeutil import written_at

    front, _end = read_front_matter(text.replace("\r\n", "\n").replace("\r", "\n"))
    return written_at(front, text, name, mtime, cfg.tz, author=author)[0]
