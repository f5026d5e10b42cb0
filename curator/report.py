"""Analysis → the JSON contract of ``curator analyze --json`` and its readable summary."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from curator.jsonout import Each
from curator.living_doc import shown_numbers
from curator.models import Analysis, Increment, Note, to_plain
from curator.textio import sanitize
from curator.timeutil import fmt_window


def note_json(n: Note) -> dict[str, Any]:
    return {
        "path": n.path,
        "author": n.author,
        "time": n.time.isoformat() if n.time else None,
        "time_source": n.time_source,
        "in_window": n.in_window,
        "kind": n.kind,
        "title": n.title,
        "topic": n.topic,
        "briefing_topic": n.briefing_topic,
        "encoding": n.encoding,
        "size": n.size,
        # a note outside the window that was only dated (not split) has no item count to give
        "split": not n.pending,
        "items": None if n.pending else max(len(n.items), n.item_count),
        "arxiv": None if n.pending else n.ids,
        "item_list": None
        if n.pending
        else [
            {
                "label": it.label,
                "title": it.title,
                "arxiv": it.arxiv,
                "urls": it.urls,
                "section_hint": it.section_hint,
                "lines": [it.line_start, it.line_end],
            }
            for it in n.items
        ],
        "errors": n.errors,
    }


def increment_json(
    inc: Increment,
    shown: Mapping[str, Mapping[str, str]] | None = None,
    own_doc: str | None = None,
) -> dict[str, Any]:
    """One increment; ``shown``: each doc's section numbers as the doc writes them, by its path
    (:func:`curator.living_doc.shown_numbers`); the suggestions are sections of ``own_doc``."""

    def as_written(doc: str, section: str) -> str:
        return shown.get(doc, {}).get(section, section) if shown else section

    own = shown.get(own_doc, {}) if shown and own_doc else {}
    return {
        "id": inc.id,
        "title": inc.title,
        "arxiv": inc.arxiv,
        "arxiv_versions": inc.arxiv_versions,
        "urls": inc.urls,
        "sources": [to_plain(s) for s in inc.sources],
        "status": inc.status,
        "status_reason": inc.status_reason,
        "status_rule": inc.status_rule,
        "relevance": inc.relevance,
        "relevance_detail": inc.relevance_detail,
        "anchored_in": [
            {
                "section": as_written(a.doc, a.section),
                "line": a.line,
                "title": a.title,
                "doc": a.doc,
                "date": a.date,
            }
            for a in inc.anchored_in
        ],
        "anchored_elsewhere": [
            {"doc": a.doc, "section": as_written(a.doc, a.section), "line": a.line}
            for a in inc.anchored_elsewhere
        ],
        "reported_in": inc.reported_in,
        "suggested_sections": [
            {**to_plain(s), "section": own.get(s.section, s.section)}
            for s in inc.suggested_sections
        ],
        "overlaps": [to_plain(o) for o in inc.overlaps],
        "priority": inc.priority,
        "stars": inc.stars,
        "merge": inc.merge,
        "card": inc.card,
        "points": inc.points,
        "caveats": inc.caveats,
    }


def analysis_json(a: Analysis, *, lazy: bool = False) -> dict[str, Any]:
    """The documented shape (paths relative to the workspace root).  ``lazy``: the notes, cards
    and increments as :class:`curator.jsonout.Each`, made plain only as they are encoded (at
    thousands of notes their plain form is several times the document)."""

    def each(fn: Callable[[Any], Any], items: Sequence[Any]) -> Any:
        return Each(fn, items) if lazy else [fn(x) for x in items]

    doc = a.living_doc
    shown = {d.path: shown_numbers(d) for d in (doc, *a.other_docs)}
    return {
        "topic": a.topic,
        "window": {"since": a.window.since.isoformat(), "until": a.window.until.isoformat()},
        "living_doc": {
            "path": doc.path,
            "title": doc.title,
            "version": doc.version,
            "sections": [
                {
                    "section": shown[doc.path].get(s.number, s.number) if s.number else s.title,
                    "number": s.number,
                    "title": s.title,
                    "level": s.level,
                    "line": s.line,
                    "anchors": len(s.anchors),
                }
                for s in doc.sections
            ],
        },
        "notes": each(note_json, a.notes),
        "paper_cards": each(to_plain, a.cards),
        "increments": each(partial(increment_json, shown=shown, own_doc=doc.path), a.increments),
        "counts": counts(a),
        "errors": [
            {"path": e.path, "message": e.message, "severity": e.severity} for e in a.errors
        ],
    }


def counts(a: Analysis) -> dict[str, int]:
    out = {"new": 0, "anchored": 0, "reported": 0, "cited": 0, "off-topic": 0, "unverified": 0}
    for inc in a.increments:
        out[inc.status] = out.get(inc.status, 0) + 1
    out["notes_in_window"] = sum(1 for n in a.notes if n.in_window)
    out["increments"] = len(a.increments)
    return out


def summary_text(a: Analysis, limit: int = 40) -> str:
    """What a person reads in the terminal: window, counts, the new increments, problems."""
    c = counts(a)
    lines = [
        f"topic: {a.topic}    window: {fmt_window(a.window.since, a.window.until)}",
        f"living doc: {a.living_doc.path}"
        + (f" ({a.living_doc.version})" if a.living_doc.version else "")
        + f", {len(a.living_doc.sections)} sections",
        f"notes in window: {c['notes_in_window']} of {len(a.notes)}    "
        f"increments: {c['increments']} "
        f"(new {c['new']}, anchored {c['anchored']}, reported {c['reported']}, "
        f"off-topic {c['off-topic']}"
        + (f", cited not anchored {c['cited']}" if c.get("cited") else "")
        + (f", to verify {c['unverified']})" if c.get("unverified") else ")"),
        "",
    ]
    shown = 0
    for inc in a.increments:
        if inc.status != "new":
            continue
        shown += 1
        if shown > limit:
            lines.append(f"  … {c['new'] - limit} more new increments (use --json)")
            break
        sec = inc.suggested_sections[0].section if inc.suggested_sections else "?"
        ids = ", ".join(inc.arxiv) or (inc.urls[0] if inc.urls else "")
        flag = "  ⚠ overlaps " + inc.overlaps[0].title[:30] if inc.overlaps else ""
        lines.append(
            f"NEW {inc.priority or ' '} {sanitize(inc.title)[:70]}  [{ids}]  → {sec}  "
            f"({len(inc.sources)} sources){flag}"
        )
    other = [i for i in a.increments if i.status != "new"]
    if other:
        lines.append("")
        for inc in other[:limit]:
            where = ""
            if inc.status == "anchored" and inc.anchored_in:
                where = " " + ", ".join(sorted({r.section for r in inc.anchored_in}))
            elif inc.status == "reported" and inc.reported_in:
                where = " " + inc.reported_in[0]
            lines.append(f"{inc.status}{where}: {sanitize(inc.title)[:70]}")
        if len(other) > limit:
            lines.append(f"  … {len(other) - limit} more (use --json)")
    if a.errors:
        lines.append("")
        lines.append("problems:")
        for e in a.errors[:50]:
            lines.append(f"  {e.path}: {sanitize(e.message)}")
    return "\n".join(lines)
