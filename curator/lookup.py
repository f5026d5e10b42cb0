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
from curator.textio import ReadProblem, is_ignored_name, read_text
from curator.timeutil import parse_iso, time_from_name
from curator.urls import find_urls, normalize_url
from curator.workspace import WorkspaceError, briefing_info, layout, resolve_workspace

_SUSPECT = (b"\xef\xbc", b"\xe2\x80\x8b", b"\xe2\x80\x8c", b"\xe2\x80\x8d", b"\xe2\x81\xa0", b"\xc2\xad", b"\xef\xbb\xbf")


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


def _matches(text: str, kind: str, key: str) -> list[int]:
    """1-based lines where the key occurs."""
    lines: list[int] = []
    if kind == "arxiv":
        hits = [m.start for m in find_ids(text) if m.id == key]
    else:
        hits = [s for u, s, _e in find_urls(text) if normalize_url(u) == key]
    if not hits:
        return []
    starts = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            starts.append(i + 1)
    import bisect

    for h in hits:
        ln = bisect.bisect_right(starts, h)
        if ln not in lines:
            lines.append(ln)
    return lines


def _needle(kind: str, key: str) -> bytes:
    if kind == "arxiv":
        tail = key.rsplit("/", 1)[-1].split(".")[-1]
        return tail[-4:].encode()
    return key.split("/", 1)[0].encode()


def _candidate(path: Path, needle: bytes) -> bool:
    try:
        with open(path, "rb") as fh:
            data = fh.read(64 * 1024 * 1024)
    except OSError:
        return True  # let the reader report it
    if needle in data:
        return True
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    return any(s in data for s in _SUSPECT) and needle[-2:] in data or b"\xef\xbc" in data and len(data) < 4_000_000


def lookup(root: Path, query: str, topic: str | None = None, window: tuple[datetime, datetime] | None = None, cfg: Config | None = None) -> LookupResult:
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
    needle = _needle(kind, key)

    from curator.living_doc import parse_living_doc, section_for_line

    for t, rel in sorted(lay.docs.items()):
        path = cfg.root / rel
        if not _candidate(path, needle):
            continue
        try:
            dec = read_text(path)
        except ReadProblem as exc:
            res.problems.append(f"{rel}: {exc.message}")
            continue
        doc = parse_living_doc(dec.text, rel, t)
        hits = []
        for s in doc.sections:
            for a in s.anchors:
                if a.kind == kind and a.key == key:
                    sec = section_for_line(doc, a.line) or s
                    hits.append({"doc": rel, "topic": t, "section": _label(doc, sec), "title": sec.title, "line": a.line, "date": a.date, "name": a.name})
        if not hits:
            continue
        if topic is None or t == topic:
            res.anchored.extend(hits)
        else:
            res.anchored_other_topics.extend(hits)

    if kind == "arxiv" and "/" not in key and lay.cards.is_dir():
        stem = key.replace(".", "-")
        try:
            names = os.listdir(lay.cards)
        except OSError:
            names = []
        for name in sorted(names):
            if name.endswith(f"-{stem}.md"):
                p = lay.cards / name
                try:
                    size = p.stat().st_size
                except OSError:
                    size = 0
                res.paper_cards.append({"path": f"{cfg.cards}/{name}", "empty": size == 0})

    for author_dir in sorted(lay.inbox.iterdir()) if lay.inbox.is_dir() else []:
        files = sorted(author_dir.iterdir()) if author_dir.is_dir() else [author_dir]
        for f in files:
            if is_ignored_name(f.name) or not f.is_file() or not f.name.endswith((".md", ".markdown", ".txt")):
                continue
            if not _candidate(f, needle):
                continue
            try:
                dec = read_text(f)
            except ReadProblem:
                continue
            lines = _matches(dec.text, kind, key)
            if not lines:
                continue
            rel = f.relative_to(cfg.root).as_posix()
            when = _note_time(dec.text, f.name, dec.mtime, cfg)
            entry = {"path": rel, "lines": lines, "time": when.isoformat() if when else None, "in_window": bool(when and since < when <= until)}
            btopic, _ = briefing_info(dec.text, f.name)
            if btopic and (topic is None or btopic == topic):
                entry["topic"] = btopic
                res.briefings.append(entry)
            else:
                res.notes.append(entry)
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
