"""``curator lookup``: is this paper already anchored, and where?

Answers from a persisted index (``.curator/lookup-index.cache``, see :mod:`curator.lookupdata`) of
where every ID and URL occurs, re-checked against the files on every call.  A warm ``curator
lookup`` is a whole process that should cost no more than a ``grep`` over the workspace, so when
nothing changed it imports none of the config, workspace, parsing or analysis modules (importing
them alone costs several times the answer): the index keeps a snapshot of what ``curator.toml`` and
the folder layout said, and file changes are noticed with plain ``os.stat`` calls.

This module is the answer; the index is :mod:`curator.lookup_index` (what it reads from
the files: :mod:`curator.lookup_sources`; its stamps: :mod:`curator.stamps`), and the
settings snapshot :mod:`curator.lookup_settings`.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from curator.lookup_index import (
    FRESH_SECONDS,
    INDEX_NAME,
    LEGACY_NAME,
    LookupIndex,
    card_arxiv,
    shared_index,
)
from curator.lookup_settings import Settings as _Settings
from curator.lookup_settings import default_window
from curator.persist import Miss

TYPE_CHECKING = False
if TYPE_CHECKING:
    from datetime import datetime
    from typing import Any

    from curator.config import Config

__all__ = [
    "INDEX_NAME",
    "LEGACY_NAME",
    "LookupIndex",
    "LookupResult",
    "answer",
    "default_window",
    "lookup",
    "parse_query",
    "shared_index",
]


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
        return answer(idx, st, query, parsed, topic, window, one_shot=index is None)
    except Miss:  # a shard that does not decode: the whole index is rebuilt
        idx.forget()
        return answer(
            idx, _Settings.open(idx, cfg), query, parsed, topic, window, one_shot=index is None
        )


def answer(
    idx: LookupIndex,
    st: _Settings,
    query: str,
    parsed: tuple[str, str, str | None],
    topic: str | None,
    window: tuple[datetime, datetime] | None,
    one_shot: bool,
) -> LookupResult:
    """The answer from the index; a one-shot index checks every file, a long-lived one
    at most every FRESH_SECONDS, and only a one-shot index is saved afterwards."""
    kind, key, version = parsed
    res = LookupResult(query, key, True, kind=kind, version=version)
    st.ensure_layout()
    if topic and topic not in st.docs:
        raise st.missing_topic(topic)
    if topic is None and st.topic in st.docs:
        # the workspace's default topic decides "anchored"; other docs are listed apart
        topic = st.topic
    k = f"{kind}:{key}"
    check = one_shot or time.monotonic() - idx.checked_at > FRESH_SECONDS
    if not one_shot and not idx.opened:
        idx.open_all()
    _answer_docs(idx, st, res, k, topic, check)
    if check or not idx.cards_listed:
        idx.refresh_cards(st.cards)
    if kind == "arxiv" and "/" not in key:
        _answer_cards(idx, st, res, key, many=not one_shot)
        if not res.anchored and any(not c["empty"] for c in res.paper_cards):
            _answer_by_card_links(idx, st, res, topic)
    elif kind == "url":
        _answer_card_of_link(idx, st, res, key, topic)
    if check:
        idx.refresh_notes(st)
        idx.checked_at = time.monotonic()
    _answer_notes(idx, st, res, k, topic, window)
    if one_shot:
        idx.save()
    return res


def _answer_docs(
    idx: LookupIndex, st: _Settings, res: LookupResult, k: str, topic: str | None, check: bool
) -> None:
    """Where each living doc anchors (or only cites) "kind:key"; ``topic``'s doc decides
    "anchored"."""
    for t, rel in sorted(st.docs.items()):
        if check or rel not in idx.docs:
            anchors = idx.refresh_doc(t, rel, res.problems)
        else:
            anchors = idx.docs[rel][2]
            res.problems.extend(idx.docs[rel][3])
        own = topic is None or t == topic
        if own:
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
        (res.anchored if own else res.anchored_other_topics).extend(hits)
    if check:
        for rel in [r for r in idx.docs if r not in st.docs.values()]:  # a doc that went away
            del idx.docs[rel]
            idx.dirty = True


def _answer_by_card_links(
    idx: LookupIndex, st: _Settings, res: LookupResult, topic: str | None
) -> None:
    """An ID no doc anchors whose card gives another address of the paper that one does (the
    published version's DOI, "doi:10.1145/…"): anchored where that address is."""
    for card in res.paper_cards:
        for link in idx.links_of_card(st.cards, card["path"].rsplit("/", 1)[-1]):
            _answer_docs(idx, st, res, f"url:{link}", topic, check=False)


def _answer_card_of_link(
    idx: LookupIndex, st: _Settings, res: LookupResult, key: str, topic: str | None
) -> None:
    """A link a card's header gives as the paper's other address (its journal DOI, its code):
    that card, and where the docs anchor the paper by its arXiv ID when they do not by the link."""
    names = idx.cards_of_link(st.cards, key)
    for name in names:
        res.paper_cards.append({"path": f"{st.cards_rel}/{name}", "empty": False})
    if not res.anchored:
        for aid in dict.fromkeys(a for n in names if (a := card_arxiv(n))):
            _answer_docs(idx, st, res, f"arxiv:{aid}", topic, check=False)


def _answer_cards(idx: LookupIndex, st: _Settings, res: LookupResult, key: str, many: bool) -> None:
    """The paper cards named after an arXiv ID (``<n>-2501-00001.md``), and whether each is
    empty."""
    for name in idx.cards_for(key.replace(".", "-"), many=many):
        try:
            size = os.stat(os.path.join(st.cards, name)).st_size
        except OSError:
            size = 0
        res.paper_cards.append({"path": f"{st.cards_rel}/{name}", "empty": size == 0})


def _answer_notes(
    idx: LookupIndex,
    st: _Settings,
    res: LookupResult,
    k: str,
    topic: str | None,
    window: tuple[datetime, datetime] | None,
) -> None:
    """The notes naming "kind:key" (in the window or not), and the topic's briefings apart."""
    notes = idx.note_hits(k)
    if not notes:
        return
    from datetime import datetime

    since, until = window or st.default_window()
    for rel, lines in notes:
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
