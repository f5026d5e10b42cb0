"""One language's way of writing the things every part of the briefing names: entry labels,
sections, parentheticals, anchors.

A :class:`Page` pairs a :class:`~curator.briefing_model.BriefingModel` with the phrases of one
language (:data:`curator.briefing_words.LABELS`); the part renderers
(:mod:`curator.briefing_front`, :mod:`curator.briefing_entry`, :mod:`curator.briefing_tables`,
:mod:`curator.briefing_checked`) write through it, so a section or an entry is named the same
way everywhere.
"""

from __future__ import annotations

import re
from datetime import tzinfo

from curator.briefing_model import BriefingModel, Entry
from curator.briefing_text import one_line, section_label, section_refs
from curator.briefing_words import LABELS, paren
from curator.living_doc import find_section, shown_numbers
from curator.models import AnchorRef
from curator.section_numbers import strip_section_number


class Page:
    """The model of a briefing and the words of its language."""

    def __init__(
        self, model: BriefingModel, lang: str, editor: str, *, zone: tzinfo | None = None
    ) -> None:
        self.model = model
        self.lang = lang
        self.words = LABELS[lang]
        self.editor = editor
        self.zone = zone
        """The zone the signature is written in; None keeps the window's own offset."""
        shown = shown_numbers(model.doc)
        self._written = (
            re.compile(
                "|".join(map(re.escape, sorted(shown, key=len, reverse=True))) + r"(?![\w.])"
            ).sub
            if shown
            else None
        )
        self._shown = shown

    def as_written(self, text: str) -> str:
        """``text`` with each section number as the doc writes it ("§3.2.1" → "§3-2-1")."""
        return self._written(lambda m: self._shown[m.group()], text) if self._written else text

    def paren(self, text: str) -> str:
        """A parenthetical the way this language writes it: "x(y)" / "x (y)"."""
        return paren(self.lang, text)

    def join(self, names: list[str]) -> str:
        """Names in a run ("a、b" / "a, b")."""
        return self.words["sep"].join(names)

    def label(self, e: Entry) -> str:
        """ "增量 1" / "Increment 1", "邻接 A" / "Increment A"."""
        return self.words["adj_label" if e.adjacent else "main_label"].format(n=e.ordinal)

    def version(self) -> str:
        v = self.model.doc.version
        return self.words["version"].format(version=one_line(v)) if v else self.words["no_version"]

    def anchored_on(self, date: str | None) -> str:
        """ "2026-03-01 已锚入" / "anchored 2026-03-01", or just "anchored" without a date."""
        if date:
            return self.words["anchored_on"].format(date=one_line(date))
        return self.words["anchored"]

    def and_more(self, names: list[str], cut: int) -> str:
        """The first *cut* of *names* in a run, "and N more" for the rest."""
        more = self.words["and_more"].format(n=len(names) - cut) if len(names) > cut else ""
        return self.join(names[:cut]) + more

    def section_display(self, section: str | None) -> str:
        """ "§1.3" → "§1.3 KV Cache 管理"; free text from the editor is kept as typed."""
        return self.as_written(self._section_display(section))

    def _section_display(self, section: str | None) -> str:
        model = self.model
        s = model.section_label(section)
        if not s:
            return self.words["unassigned"]
        refs = section_refs(s)
        if len(refs) == 1 and refs[0] == s:
            title = model.section_title(s)
            return f"{s} {title}" if title else s
        if not refs:
            hits = find_section(model.doc, s)
            if hits and hits[0].number:
                return f"{section_label(hits[0].number)} {strip_section_number(hits[0].title)}"
            return s
        titles = [t for t in (model.section_title(r) for r in refs) if t and t not in s]
        return s + self.paren(" / ".join(titles)) if titles else s

    def section_tag(self, section: str | None) -> str:
        """The section in an entry's heading: "KV Cache 管理 · §1.3"."""
        return self.as_written(self._section_tag(section))

    def _section_tag(self, section: str | None) -> str:
        s = self.model.section_label(section)
        if not s:
            return self.words["unassigned"]
        refs = section_refs(s)
        if not refs:
            return s
        title = self.model.section_title(refs[0])
        joined = " + ".join(refs)
        return f"{title} · {joined}" if title else joined

    def anchor_ref(self, ref: AnchorRef) -> str:
        """Where an anchor sits: "§1.3 KV Cache 管理 · 2026-03-01"."""
        date = f" · {one_line(ref.date)}" if ref.date else ""
        return f"{self.section_display(ref.section)}{date}"
