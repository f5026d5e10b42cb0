"""What the lookup index reads from the files: a doc's anchors, a note's keys and time.

Imported only when a file changed (a warm ``curator lookup`` with nothing new never reads
a file), so the parsers it needs are imported inside the functions that use them.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from datetime import datetime
    from pathlib import Path

    from curator.config import Config
    from curator.models import LivingDoc, Section

AnchorRow = tuple[str, str, int, str | None, str]
"""Where a doc has a key: (section label, its title, line, anchoring date, name)."""
NoteRead = tuple[str | None, str | None, dict[str, list[int]]]
"""A note as the index keeps it: (when it was written, ISO; its briefing topic; "kind:key" →
lines)."""


def doc_anchors(path: str, rel: str, topic: str, problems: list[str]) -> dict[str, list[AnchorRow]]:
    """Every "kind:key" the living doc at ``path`` anchors, and every "cited:kind:key" it only
    cites; a doc that cannot be read has none, and says why in ``problems``."""
    from pathlib import Path

    from curator.living_doc import parse_living_doc
    from curator.textio import ReadProblem, read_text

    try:
        dec = read_text(Path(path))
    except ReadProblem as exc:
        problems.append(f"{rel}: {exc.message}")
        return {}
    return _anchor_rows(parse_living_doc(dec.text, rel, topic))


def _anchor_rows(doc: LivingDoc) -> dict[str, list[AnchorRow]]:
    """The doc's anchors and citations by key, labelled as the analysis labels sections."""
    from curator.living_doc import section_for_line, shown_numbers
    from curator.suggest import SectionIndex

    anchors: dict[str, list[AnchorRow]] = {}
    by_index = {s.index: s for s in doc.sections}
    units = SectionIndex(doc).section_unit  # the analysis's labels: one answer everywhere
    shown = shown_numbers(doc)  # as the doc writes them ("§3-2-1")
    for sct in doc.sections:
        for a in sct.anchors:
            if a.kind not in ("arxiv", "url"):
                continue
            sec = section_for_line(doc, a.line) or sct
            label = units.get(sec.index) or _label(by_index, sec)
            home = next((x for x in doc.sections if (x.number or x.title) == label), sec)
            anchors.setdefault(f"{a.kind}:{a.key}", []).append(
                (shown.get(label, label), home.title, a.line, a.date, a.name)
            )
    for c in doc.cited:
        anchors.setdefault(f"cited:{c.kind}:{c.key}", []).append((c.where, "", c.line, None, ""))
    return anchors


def _label(by_index: dict[int, Section], sec: Section) -> str:
    """The nearest numbered section (so a §1.3 subsection answers §1.3)."""
    cur: Section | None = sec
    while cur is not None and not cur.number:
        cur = by_index.get(cur.parent) if cur.parent is not None else None
    return (cur.number if cur is not None else None) or sec.title


def read_note(f: Path, rel: str, cfg: Config) -> NoteRead | None:
    """A note's time, briefing topic and keys; None if it cannot be read."""
    from curator.textio import ReadProblem, read_text
    from curator.workspace import briefing_info

    try:
        dec = read_text(f)
    except ReadProblem:
        return None
    parts = rel.split("/")
    when = _note_time(dec.text, f.name, dec.mtime, cfg, parts[1] if len(parts) >= 3 else None)
    btopic, _ = briefing_info(dec.text, f.name)
    return (when.isoformat() if when else None, btopic, keys_with_lines(dec.text))


def keys_with_lines(text: str) -> dict[str, list[int]]:
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


def _note_time(
    text: str, name: str, mtime: float, cfg: Config, author: str | None = None
) -> datetime | None:
    """When a note was written, by the same rules as the analysis (:func:`timeutil.written_at`):
    a lookup's "in window" must agree with ``curator analyze``'s."""
    from curator.notes import note_front_matter
    from curator.timeutil import written_at

    return written_at(note_front_matter(text), text, name, mtime, cfg.tz, author=author)[0]
