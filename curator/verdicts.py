"""What the notes say of an item: not this topic, someone else's, skip, already reported or covered.

Authors annotate as they write ("skip (not eval, it's RL)", "→ agents", "转 rag", "这篇是
inference 的", "11-19 简报已经报过", "活文档 1.1 已锚").  Those remarks are the strongest evidence
short of the editor's own judgement, so they are read explicitly — in the sentence, list
entry or table row that names the item, never from the whole note — and quoted back as the
reason.  The phrases themselves are data (``[remarks]`` of the lexicon); the names they are
about (this topic, the other topics, the people of the inbox) come from the workspace.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from curator.lexicon import Lexicon, PhraseSet
from curator.mentions import sentence_spans

__all__ = ["OFF_KINDS", "Verdict", "VerdictReader"]

KINDS = ("redirect", "not_topic", "dismiss", "reported", "covered", "keep")
OFF_KINDS = frozenset({"redirect", "not_topic", "dismiss"})
"""Verdicts that take an item out of this topic."""


@dataclass(frozen=True)
class Verdict:
    kind: str
    """redirect | not_topic | dismiss | reported | covered | keep"""
    text: str
    """The words that say it, clipped for display."""
    start: int = -1
    """Where its words start in the text read."""


class VerdictReader:
    """The ``[remarks]`` phrases of one lexicon, compiled for one topic and one inbox."""

    def __init__(
        self, lexicon: Lexicon, topic_names: list[str], other_names: list[str], people: list[str]
    ) -> None:
        self.lexicon = lexicon
        self.topic_names = [n for n in topic_names if n]
        mine = {n.lower() for n in self.topic_names}
        self.other_names = [n for n in other_names if n and n.lower() not in mine]
        self.people = [p for p in people if len(p) >= 2]

    def _pattern(self, key: str) -> re.Pattern[str]:
        return self.lexicon.pattern("remarks", key, self.topic_names, self.other_names, self.people)

    @cached_property
    def _phrases(self) -> list[tuple[str, PhraseSet]]:
        return [
            (k, self.lexicon.phrases("remarks", k, self.topic_names, self.other_names, self.people))
            for k in KINDS
        ]

    @cached_property
    def note_none(self) -> re.Pattern[str]:
        return self._pattern("note_none")

    def read(self, text: str) -> list[Verdict]:
        """Every verdict in ``text`` (one scope: a sentence, an entry, a row), strongest kinds
        first.

        "Already reported" is read before "skip": "不重复报" (do not report again) is about a
        report, not a dismissal.
        """
        out: list[Verdict] = []
        taken: list[tuple[int, int]] = []
        low = text.lower()
        present = self._phrases[0][1].present(low)  # the same names in every kind's set
        for kind, phrases in self._phrases:
            for m in phrases.finditer(text, low, present):
                if any(a < m.end() and m.start() < b for a, b in taken):
                    continue
                if _in_menu(text, m):
                    continue  # "[Read] · [Save to library] · [Not relevant]": offered, not chosen
                if kind == "dismiss" and not self._judges(text, m):
                    # "agents begin skipping tests" reports; "eh, skip." and "lol no" judge
                    continue
                if kind in ("redirect", "dismiss", "keep") and self._negated(text, m):
                    continue  # "does not belong to rag", "no es de rag", "don't ignore this"
                if kind in ("not_topic", "dismiss", "redirect") and self._concession.match(
                    text, m.end()
                ):
                    continue  # "not an incident per se, but it is where future ones come from"
                taken.append(m.span())
                out.append(Verdict(kind, _clip(text, m.start(), m.end()), m.start()))
                break
        return out

    @cached_property
    def _negations(self) -> tuple[re.Pattern[str], re.Pattern[str]]:
        """A negation right before a remark ("not", "no", "不") or right after it ("ではない")."""
        before = self.lexicon.source("remarks", "negations")
        after = self.lexicon.source("remarks", "negations_after")
        return re.compile(rf"(?:{before})\s*$", re.IGNORECASE), re.compile(
            rf"\s*(?:{after})", re.IGNORECASE
        )

    def _negated(self, text: str, m: re.Match[str]) -> bool:
        before, after = self._negations
        return bool(before.search(text, max(0, m.start() - 24), m.start())) or bool(
            after.match(text, m.end())
        )

    @cached_property
    def _concession(self) -> re.Pattern[str]:
        """A word right after a verdict that narrows it to a label ("not an incident per se",
        ``[remarks] concessions``): the author says what the paper is not, not where it goes."""
        words = self.lexicon.source("remarks", "concessions")
        # up to two words between ("not an evaluation paper per se")
        return re.compile(rf"(?:[\s-]+[^\W\d_]+){{0,2}}[\s,]*(?:{words})(?!\w)", re.IGNORECASE)

    @cached_property
    def _determiners(self) -> frozenset[str]:
        return frozenset(self.lexicon.literals("remarks", "determiners"))

    def _judges(self, text: str, m: re.Match[str]) -> bool:
        """A one-word Latin-script dismissal ends its clause ("skip.", "not ours, ignore", ",drop,")
        and is no noun ("a 4-point drop,"); in mid-sentence the word describes ("skipping or
        deleting tests")."""
        word = m.group(0).strip()
        if not word[-1:].isascii() or " " in word:
            return True  # a phrase ("out of scope", "not ours") is a judgement wherever it stands
        end = m.end()
        while end < len(text) and text[end] in "*_":
            end += 1  # "*dropped* the graph objective" goes on past its emphasis; "**skip**." ends
        clause = _CLAUSE_START.split(text[: m.start()])[-1]
        words = re.findall(r"[^\W\d_]+", clause)
        if not (_CLAUSE_END if end == m.end() else _CLAUSE_END_PLAIN).match(text, end):
            # "drop 2609.19950 (…)", "Skip arXiv:2601.0001": an order whose object is the paper's
            # identifier; "they dropped 2609.x from the table" is told, not ordered
            return not words and bool(_IDENTIFIER_NEXT.match(text, end))
        if len(words) > _JUDGE_LEAD:
            return False  # "… the model detects and ignores -": the word ends a description
        return not any(w.lower() in self._determiners for w in words[-3:])

    def read_sentences(
        self, text: str, keep: set[str] | None = None
    ) -> list[tuple[str, list[Verdict]]]:
        """``read`` per sentence of a longer text, with each sentence."""
        out = []
        for a, b in sentence_spans(text):
            sentence = text[a:b]
            found = self.read(sentence)
            if keep is not None:
                found = [v for v in found if v.kind in keep]
            if found:
                out.append((sentence, found))
        return out

    @cached_property
    def _note_none_phrases(self) -> PhraseSet:
        """``note_none`` phrase by phrase, each tried only on notes holding its words: the
        alternation of every language's lines, searched over every whole note, grew with each
        phrase file (a third of a 2,000-note analysis' regex time)."""
        return self.lexicon.phrases(
            "remarks", "note_none", self.topic_names, self.other_names, self.people
        )

    def declares_none(self, text: str) -> str | None:
        """The note's own "nothing for this topic" line, if it has one."""
        m = next(self._note_none_phrases.finditer(text), None)
        return _clip(text, m.start(), m.end()) if m else None


_JUDGE_LEAD = 3
"""At most this many words before a one-word judgement in its clause ("eh, skip", "→ forecasting
skip")."""
_CLAUSE_END = re.compile(r"\s*(?:$|[.,;:!?()（）\[\]。，；：！？、—–|*_\"'”’]|-(?![\w-]))")
"""What may follow a one-word judgement: punctuation or the end, never the rest of a word
("skip-gram", "drop-in")."""
_CLAUSE_END_PLAIN = re.compile(r"\s*(?:$|[.,;:!?()（）\[\]。，；：！？、—–|\"'”’]|-(?![\w-]))")
""":data:`_CLAUSE_END` after a word's emphasis marks: what follows them must end the clause."""
_IDENTIFIER_NEXT = re.compile(
    r"\s+(?:\*\*|__|[*_`])?(?:arxiv:\s*)?(?:\d{4}\.\d{4,5}(?!\d)|https?://)", re.IGNORECASE
)
"""A paper's identifier right after a word: an arXiv ID or a link."""
_CLAUSE_START = re.compile(
    r"[.,;:!?()（）\[\]。，；：！？、—–|\"“”\u2600-\u27bf\U0001f300-\U0001faff]|\s-\s"
)
"""Where a one-word judgement's clause starts: after punctuation, or after an emoji, which ends a
chat line's clause as a full stop does ("la definición clínica 😂 fuera")."""


_BUTTON = r"\[[^\[\]\n]*\](?:\([^()\n]*\))?"
_MENU = re.compile(rf"{_BUTTON}(?:(?:[ \t]*[·|•][ \t]*|[ \t]+){_BUTTON})+[ \t]*$", re.MULTILINE)
"""A row of buttons to the end of its line, a dot, a bar or only spaces between them ("[Save]
[Not relevant] [Cite]")."""
"""Two or more bracketed buttons or links joined by "·", "|" or "•", ending a line: a feed's
actions (the line may have been joined to the entry's text above it)."""


def _in_menu(text: str, m: re.Match[str]) -> bool:
    """The remark is one button of a row of them ("[Save to library] · [Not relevant]"): a digest
    offers it to the reader; nobody chose it.  A lone tag ("Foo 2610.1 [skip]") still judges."""
    b = text.find("\n", m.end())
    line_start = text.rfind("\n", 0, m.start()) + 1
    for row in _MENU.finditer(text, line_start, len(text) if b < 0 else b):
        if row.start() <= m.start() and m.end() <= row.end():
            return True
    return False


def _clip(text: str, start: int, end: int, width: int = 80) -> str:
    """The matched words with some context on each side, on one line."""
    left = max(0, start - 30)
    right = min(len(text), max(end + 30, left + width))
    # whole words at both edges: "…609.16230 FooPlan" quoted an ID without its first digits
    while 0 < left < start and not text[left - 1].isspace() and start - left < 45:
        left -= 1
    while end < right < len(text) and not text[right].isspace() and right - end < 45:
        right += 1
    snippet = text[left:right].replace("\n", " ").strip()
    return re.sub(r"\s+", " ", snippet)
