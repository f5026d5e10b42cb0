"""What each note is to this evening's analysis: in the window, an earlier briefing, or neither.

An earlier briefing of this topic says what was already reported (a
:class:`curator.briefings.ReportedIndex`); a note in the window brings the items the analysis
judges; the rest only keep their place in the list of notes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from curator.briefings import ReportedIndex
from curator.config import Config
from curator.lexicon import default_lexicon, memo
from curator.models import FileProblem, Note, Window
from curator.timeutil import parse_iso
from curator.workspace import Layout, LoadedNote

__all__ = ["NoteRoles", "Outside", "in_window", "is_topic_briefing", "known_topics", "outside"]


def in_window(note: Note, window: Window) -> bool:
    return bool(note.time and window.since < note.time <= window.until)


def is_topic_briefing(
    note: Note, topic: str, editor: str | None, known: frozenset[str] = frozenset()
) -> bool:
    """An earlier briefing of this topic: it names the topic (or a short form of it, "Eval" for
    evaluation); or it names no topic this workspace knows ("Abendbericht — Samstag") and its
    title shortens the topic or the editor wrote it."""
    named = note.briefing_topic
    if named is None:
        return False
    named, topic = named.lower(), topic.lower()
    if named == topic or (len(named) >= 4 and topic.startswith(named)):
        return True
    if named in _lexicon_topics_named(topic):
        return True  # "evals · evening briefing" names the lexicon's evaluation, this topic
    if named and named in known:
        return False  # another topic's briefing
    short = any(
        len(w) >= 4 and topic.startswith(w)
        for w in re.findall(r"[^\W\d_]+", (note.title or "").lower())
    )
    return short or (bool(editor) and note.author.lower() == (editor or "").lower())


@memo
def _lexicon_topics_named(topic: str) -> frozenset[str]:
    """The lexicon's topics one of whose names is this workspace's topic ("evals" is a name of
    evaluation): a briefing title folded to that topic is this topic's."""
    lex = default_lexicon()
    return frozenset(t for t in lex.table("topics") if topic in lex.topic_names(t))


def known_topics(lay: Layout) -> frozenset[str]:
    """Every topic a briefing could be for: the workspace's docs and the lexicon's topics."""
    return frozenset(t.lower() for t in (*lay.docs, *default_lexicon().table("topics")))


FAR = timedelta(days=3)
"""How far from the window a note's file name must date it for the name alone to decide: what
its text can still say (the zone of the name's clock time, a stamp on a date-only name's day)
moves it by at most a day and a few hours."""


@dataclass(frozen=True)
class Outside:
    """Notes nothing in this window's answer depends on: dated outside it, and not this topic's
    briefings (see :func:`curator.workspace.load_note`)."""

    window: Window
    topic: str
    editor: str | None
    known: frozenset[str]
    by_name: bool = False
    """Whether a note its file name dates :data:`FAR` from the window may be dated by the name
    alone (a cold start's first pass: its text is read when the note is read in full)."""

    def __call__(self, note: Note) -> bool:
        return not in_window(note, self.window) and not is_topic_briefing(
            note, self.topic, self.editor, self.known
        )

    def far(self, when: datetime) -> bool:
        """Whether a note the name dates *when* is outside the window whatever its text says."""
        if not self.by_name or when.tzinfo is None:
            return False
        return when < self.window.since - FAR or when > self.window.until + FAR


def outside(
    window: Window, topic: str, editor: str | None, known: frozenset[str], *, by_name: bool = False
) -> Outside:
    """See :class:`Outside`."""
    return Outside(window, topic, editor, known, by_name)


@dataclass
class NoteRoles:
    """The notes by path, what earlier briefings reported, and the window's notes to judge."""

    notes: dict[str, Note] = field(default_factory=dict)
    reported: ReportedIndex = field(default_factory=ReportedIndex)
    briefings: list[tuple[Note, str]] = field(default_factory=list)
    """The earlier briefings, each with the label reasons give it ("path (03-07)")."""
    in_window: list[LoadedNote] = field(default_factory=list)
    """Notes of the window that were split into items (briefings aside)."""
    errors: list[FileProblem] = field(default_factory=list)

    @classmethod
    def sort(
        cls, loaded: list[LoadedNote], topic: str, window: Window, cfg: Config, lay: Layout
    ) -> NoteRoles:
        """Mark each note (``in_window``, ``kind``) and sort it into its role."""
        roles = cls()
        known = known_topics(lay)
        for ln in loaded:
            in_win = in_window(ln.note, window)
            is_briefing = is_topic_briefing(ln.note, topic, cfg.editor, known)
            if in_win:
                # earlier briefings need only what the cached metadata holds (ids, item titles,
                # urls)
                ln.ensure()
            note = ln.note
            roles.notes[note.path] = note
            note.in_window = in_win
            note.kind = "briefing" if is_briefing else "note"
            if is_briefing:
                roles._add_briefing(note, window, cfg)
            elif note.in_window and ln.split is not None:
                roles.in_window.append(ln)
            for e in note.errors:
                roles.errors.append(
                    FileProblem(
                        note.path, e, "warning" if note.items or note.text.strip() else "error"
                    )
                )
        return roles

    def _add_briefing(self, note: Note, window: Window, cfg: Config) -> None:
        """An earlier briefing (not the one being written for this window) reported its items."""
        until = _safe_iso(note.briefing_until, cfg)
        is_current = until is not None and until >= window.until - timedelta(minutes=1)
        if note.time and note.time <= window.until and not is_current:
            label = _briefing_label(note, until)
            self.reported.add_note(note, note.ids, label)
            self.briefings.append((note, label))


def _safe_iso(value: str | None, cfg: Config) -> datetime | None:
    if not value:
        return None
    try:
        return parse_iso(value, cfg.tz)
    except ValueError:
        return None


def _briefing_label(note: Note, until: datetime | None) -> str:
    when = until or note.time
    return f"{note.path} ({when.strftime('%m-%d')})" if when else note.path
