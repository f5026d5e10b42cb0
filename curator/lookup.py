"""``curator lookup``: is this paper already anchored, and where?

Answers from the files directly (no full analysis): a bytes pre-filter finds
the few files that can mention the ID, and only those are decoded and parsed,
so the answer is instant even on a large workspace.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from curator.arxiv import find_ids, normalize_id
from curator.config import Config, load_config
from curator.persist import file_sig, read_private_pickle, write_private_pickle
from curator.textio import ReadProblem, read_text
from curator.timeutil import parse_iso, time_from_name
from curator.urls import find_urls, normalize_url
from curator.workspace import (
    Layout,
    WorkspaceError,
    briefing_info,
    layout,
    list_note_paths,
    resolve_workspace,
)


@dataclass
class LookupResult:
    query: str
    id: str | None
    valid: bool
    kind: str = "arxiv"
    version: str | None = None
    anchored: list[dict[str, Any]] = field(default_factory=list)
    anchored_other_topics: list[dict[str, Any]] = field(default_factory=list)
    paper_cards: list[dict[str, Any]] = field(default_factory=list)
    notes: list[dict[str, Any]] = field(default_factory=list)
    briefings: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "id": self.id,
            "valid": self.valid,
            "kind": self.kind,
            "version": self.version,
            "anchored": self.anchored,
            "anchored_other_topics": self.anchored_other_topics,
            "paper_cards": self.paper_cards,
            "notes": self.notes,
            "briefings": self.briefings,
            "problems": self.problems,
        }

    @property
    def exit_code(self) -> int:
        if not self.valid:
            return 2
        return 0 if self.anchored else 1


def parse_query(query: str) -> tuple[str, str, str | None] | None:
    """(kind, key, version) for an arXiv ID in any form, or a URL; None if neither."""
    norm = normalize_id(query)
    if norm:
        return "arxiv", norm[0], norm[1]
    q = query.strip()
    if "://" in q or q.startswith("www.") or ("/" in q and "." in q.split("/", 1)[0]):
        urls = find_urls(q if "://" in q else "https://" + q)
        if urls:
            return "url", normalize_url(urls[0][0]), None
    return None


INDEX_NAME = "lookup-index.pickle"
INDEX_VERSION = 1
FRESH_SECONDS = 2.0




def _keys_with_lines(text: str) -> dict[tuple[str, str], list[int]]:
    """Every arXiv ID and URL in a text, with the 1-based lines where it occurs."""
    import bisect

    starts = [0]
    pos = text.find("\n")
    while pos >= 0:
        starts.append(pos + 1)
        pos = text.find("\n", pos + 1)
    out: dict[tuple[str, str], list[int]] = {}

    def add(k: tuple[str, str], at: int) -> None:
        ln = bisect.bisect_right(starts, at)
        lines = out.setdefault(k, [])
        if ln not in lines:
            lines.append(ln)

    for m in find_ids(text):
        add(("arxiv", m.id), m.start)
    for u, s0, _e in find_urls(text):
        add(("url", normalize_url(u)), s0)
    return out


class LookupIndex:
    """Where every ID and URL occurs, persisted in ``.curator/`` and refreshed per file.

    A query then costs a dictionary look-up plus one ``stat`` per file to notice
    changes, instead of parsing the living doc and scanning the inbox.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.path = root / ".curator" / INDEX_NAME
        self.docs: dict[str, tuple[tuple[int, int], str, dict[tuple[str, str], list[dict[str, Any]]], list[str]]] = {}
        self.notes: dict[str, tuple[tuple[int, int], dict[tuple[str, str], list[int]], str | None, str | None]] = {}
        self.tz_key: str | None = None
        self.dirty = False
        self.checked_at = -1e9
        self.card_names: list[str] | None = None
        self.cards_by_stem: dict[str, list[str]] = {}
        self._postings: dict[tuple[str, str], list[str]] | None = None
        """When files were last checked; a long-lived index re-checks at most every FRESH_SECONDS."""
        self._load()

    def _load(self) -> None:
        data = read_private_pickle(self.path, INDEX_VERSION)
        if data is not None:
            self.docs, self.notes, self.tz_key = data["docs"], data["notes"], data.get("tz")

    def save(self) -> None:
        if not self.dirty:
            return
        data = {"version": INDEX_VERSION, "docs": self.docs, "notes": self.notes, "tz": self.tz_key}
        if write_private_pickle(self.root, self.path, data):
            self.dirty = False

    def postings(self) -> dict[tuple[str, str], list[str]]:
        """key → notes that mention it (rebuilt after the notes change)."""
        if self._postings is None:
            post: dict[tuple[str, str], list[str]] = {}
            for rel in sorted(self.notes):
                for k in self.notes[rel][1]:
                    post.setdefault(k, []).append(rel)
            self._postings = post
        return self._postings

    def refresh_doc(self, topic: str, rel: str, problems: list[str]) -> dict[tuple[str, str], list[dict[str, Any]]]:
        path = self.root / rel
        sig = file_sig(path)
        hit = self.docs.get(rel)
        if hit is not None and sig is not None and hit[0] == sig and hit[1] == topic:
            problems.extend(hit[3])
            return hit[2]
        from curator.living_doc import parse_living_doc, section_for_line

        anchors: dict[tuple[str, str], list[dict[str, Any]]] = {}
        probs: list[str] = []
        try:
            dec = read_text(path)
            doc = parse_living_doc(dec.text, rel, topic)
            for sct in doc.sections:
                for a in sct.anchors:
                    if a.kind not in ("arxiv", "url"):
                        continue
                    sec = section_for_line(doc, a.line) or sct
                    anchors.setdefault((a.kind, a.key), []).append(
                        {"doc": rel, "topic": topic, "section": _label(doc, sec), "title": sec.title, "line": a.line, "date": a.date, "name": a.name}
                    )
        except ReadProblem as exc:
            probs.append(f"{rel}: {exc.message}")
        if sig is not None:
            self.docs[rel] = (sig, topic, anchors, probs)
            self.dirty = True
        problems.extend(probs)
        return anchors

    def refresh_notes(self, lay: Layout, cfg: Config) -> None:
        tz_key = str(cfg.tz)
        if tz_key != self.tz_key:
            self.notes, self.tz_key, self.dirty = {}, tz_key, True
        seen: set[str] = set()
        paths, _problems = list_note_paths(lay) if lay.inbox.is_dir() else ([], [])
        for f in paths:
            rel = f.relative_to(self.root).as_posix()
            seen.add(rel)
            sig = file_sig(f)
            hit = self.notes.get(rel)
            if hit is not None and sig is not None and hit[0] == sig:
                continue
            try:
                dec = read_text(f)
            except ReadProblem:
                if self.notes.pop(rel, None) is not None:
                    self._postings = None
                continue
            when = _note_time(dec.text, f.name, dec.mtime, cfg)
            btopic, _ = briefing_info(dec.text, f.name)
            if sig is not None:
                self.notes[rel] = (sig, _keys_with_lines(dec.text), when.isoformat() if when else None, btopic)
                self.dirty = True
                self._postings = None
        for rel in [r for r in self.notes if r not in seen]:
            del self.notes[rel]
            self.dirty = True
            self._postings = None


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
    kind, key, version = parsed
    res = LookupResult(query, key, True, kind=kind, version=version)
    cfg = cfg or load_config(root)
    lay = layout(cfg)
    if topic and topic not in lay.docs:
        raise WorkspaceError(f"missing living doc for topic {topic!r}: {lay.knowledge / (topic + '.md')}")
    if topic is None and cfg.topic in lay.docs:
        topic = cfg.topic  # the workspace's default topic decides "anchored"; other docs are listed apart
    since, until = window or cfg.default_window()
    idx = index or LookupIndex(cfg.root)
    import time

    check = index is None or time.monotonic() - idx.checked_at > FRESH_SECONDS
    for t, rel in sorted(lay.docs.items()):
        if check or rel not in idx.docs:
            anchors = idx.refresh_doc(t, rel, res.problems)
        else:
            anchors = idx.docs[rel][2]
            res.problems.extend(idx.docs[rel][3])
        hits = anchors.get((kind, key), [])
        if not hits:
            continue
        if topic is None or t == topic:
            res.anchored.extend(hits)
        else:
            res.anchored_other_topics.extend(hits)

    if check or idx.card_names is None:
        try:
            idx.card_names = sorted(os.listdir(lay.cards)) if lay.cards.is_dir() else []
        except OSError:
            idx.card_names = []
        idx.cards_by_stem = {}
        for name in idx.card_names:
            if name.endswith(".md") and name.count("-") >= 2:
                stem = name[:-3].split("-", 1)[1]
                idx.cards_by_stem.setdefault(stem, []).append(name)
    if kind == "arxiv" and "/" not in key:
        for name in idx.cards_by_stem.get(key.replace(".", "-"), []):
            try:
                size = (lay.cards / name).stat().st_size
            except OSError:
                size = 0
            res.paper_cards.append({"path": f"{cfg.cards}/{name}", "empty": size == 0})

    if check:
        idx.refresh_notes(lay, cfg)
        idx.checked_at = time.monotonic()
    for rel in idx.postings().get((kind, key), []):
        _sig0, keys, when_iso, btopic = idx.notes[rel]
        lines = keys[(kind, key)]
        when = datetime.fromisoformat(when_iso) if when_iso else None
        entry: dict[str, Any] = {"path": rel, "lines": lines, "time": when_iso, "in_window": bool(when and since < when <= until)}
        if btopic and (topic is None or btopic == topic):
            entry["topic"] = btopic
            res.briefings.append(entry)
        else:
            res.notes.append(entry)
    if index is None:
        idx.save()
    return res


def _label(doc: Any, sec: Any) -> str:
    """The nearest numbered section (so a §1.3 subsection answers §1.3)."""
    cur = sec
    by_index = {s.index: s for s in doc.sections}
    while cur is not None and not cur.number:
        cur = by_index.get(cur.parent) if cur.parent is not None else None
    return (cur.number if cur is not None else None) or sec.title


def _note_time(text: str, name: str, mtime: float, cfg: Config) -> datetime | None:
    if text.startswith("---\n"):
        end = text.find("\n---", 4)
        head = text[4:end] if end > 0 else ""
        for key in ("generated", "date"):
            for line in head.split("\n"):
                if line.lower().startswith(key + ":"):
                    try:
                        return parse_iso(line.split(":", 1)[1].strip().strip("'\""), cfg.tz)
                    except ValueError:
                        pass
    dt, _p = time_from_name(name, cfg.tz)
    if dt:
        return dt
    return datetime.fromtimestamp(mtime).astimezone(cfg.tz) if mtime else None


def format_text(res: LookupResult) -> str:
    if not res.valid:
        return f"{res.query!r} is not an arXiv ID or URL"
    lines = []
    what = f"arXiv {res.id}" + (f" ({res.version} asked)" if res.version else "") if res.kind == "arxiv" else res.id
    if res.anchored:
        places = ", ".join(f"{a['section']} {a['title']} ({a['doc']}:{a['line']}{', ' + a['date'] + ' 锚入' if a.get('date') else ''})" for a in res.anchored)
        lines.append(f"{what} is anchored: {places}")
    else:
        lines.append(f"{what} is NOT anchored in this topic's living doc")
    for a in res.anchored_other_topics:
        lines.append(f"  anchored in another topic: {a['doc']} {a['section']} (line {a['line']})")
    for c in res.paper_cards:
        lines.append(f"  paper card: {c['path']}" + (" (EMPTY)" if c["empty"] else ""))
    if not res.paper_cards and res.kind == "arxiv":
        lines.append("  paper card: none")
    inw = [n for n in res.notes if n["in_window"]]
    out = [n for n in res.notes if not n["in_window"]]
    for n in inw:
        lines.append(f"  in window: {n['path']} (line {', '.join(map(str, n['lines']))})")
    for n in out:
        lines.append(f"  earlier/later note: {n['path']}")
    for b in res.briefings:
        lines.append(f"  briefing: {b['path']}")
    for p in res.problems:
        lines.append(f"  problem: {p}")
    return "\n".join(lines)


def cmd_lookup(args: argparse.Namespace) -> int:
    root = resolve_workspace(args.workspace)
    window = None
    cfg = load_config(root)
    res = lookup(root, args.query, args.topic, window, cfg)
    if args.json:
        json.dump(res.to_json(), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        print(format_text(res))
    return res.exit_code
