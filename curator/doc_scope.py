"""What a living doc says it leaves out, and whether an increment is one of those things.

Teams open their doc with a scope statement: "**Scope.** Text and speech translation …
**Not ours:** monolingual ASR and TTS (→ `speech.md`); OCR and handwriting recognition (→ docai
team) …", "Robot manipulation lives in `robotics.md`; drones/UAVs are out of scope."  An editor
reading "Handwritten Tifinagh Character Recognition" against it rejects the paper without
weighing its words against the doc's: the doc itself says whose it is.  This module reads that
statement into phrases kept in and phrases left out, and tells which left-out phrase a title
names when it names none kept in.

The words that open and shape such a statement (``[scope]`` of the lexicon: its labels, the
leads of its "out" list, the verbs that send a subject elsewhere) are data a workspace can add to.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from curator import regex_cache
from curator.lexicon import Lexicon, default_lexicon, memo
from curator.textfeatures import STOP

__all__ = ["DocScope", "read_scope", "scope_text"]

_HEAD_LINES = 80
"""Lines of the doc's top a scope statement is looked for in (a section's own "Scope:" line,
further down, scopes that section, not the doc)."""
_MAX_CHARS = 3000
_LEAD_GAP = 40
"""Characters a lead's colon may come after it ("Out, owned elsewhere:")."""
_QUOTE = re.compile(r"^\s*(?:>\s?)*")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,2}[.)])\s+")
_EMPHASIS = re.compile(r"(\*\*|__|\*|_|`)")
_DESTINATION = re.compile(r"\([^()]*?(?:→|->|⇒)[^()]*\)|(?:→|->|⇒)[^;,()]*")
_PARENS = re.compile(r"\(([^()]*)\)")
_LABEL = re.compile(r"(?:\*\*|__)[^*_]{1,40}?(?:\*\*|__)|[^\W\d_][^\W\d_'’ -]{0,30}[:：]\s")
"""A line opening with a field's label: the statement has ended."""
_WORD = re.compile(r"[^\W_]+(?:-[^\W_]+)*", re.UNICODE)
"""A word, a hyphenated compound whole: "code-to-code" is not "code-switched"."""
_DASHED = re.compile(r"\s[—–]\s([^—–]+?)\s[—–]\s")
"""An aside between dashes ("clinical NLP — note summarisation, medical QA — lives in …"): its
examples, as in brackets."""
_BRITISH = re.compile(r"is(ation|ations|e|ed|es|ing|er|ers)$")
_QUOTED = re.compile(r"[\"“”«»„]")
"""Words in quotes name words, not subjects: ("satellite", "SAR") are what a keyword shares."""


@dataclass(frozen=True)
class _Phrase:
    words: tuple[str, ...]
    clause: str
    """The statement's words it comes from, quoted in the reason."""


@dataclass(frozen=True)
class DocScope:
    """A doc's scope statement as phrases it keeps and phrases it leaves out."""

    kept: tuple[_Phrase, ...] = ()
    left: tuple[_Phrase, ...] = ()

    def fitted(self, statement: str, bodies: list[str], titles: list[str]) -> DocScope:
        """This scope against its doc: a left-out phrase that a line of the doc outside the
        statement names is the doc's own subject too ("satellite" in an Earth-observation doc),
        so no sign; each section title the doc numbers is kept."""
        if not self.left:
            return self
        flat = " ".join(statement.split())
        lines = [
            low
            for body in bodies
            for line in body.split("\n")
            if (bare := " ".join(_QUOTE.sub("", line).split())) and bare[-40:] not in flat
            if (low := bare.lower())
        ]

        def named(p: _Phrase) -> bool:
            heads = [w[:3] for w in p.words]  # a line without them cannot name it
            return any(
                _names(_title_words(ln), p.words) for ln in lines if all(h in ln for h in heads)
            )

        left = tuple(p for p in self.left if not named(p))
        own = tuple(_Phrase(w, t) for t in titles if (w := _words(t)))
        return DocScope(self.kept + own, left)

    def leaves_out(self, titles: list[str]) -> str | None:
        """The left-out clause the titles name, when one names a left-out phrase and none names
        a kept one; ``None`` otherwise (most titles, and every title of a doc without such a
        statement)."""
        if not self.left:
            return None
        words = [w for t in titles if (w := _title_words(t))]
        # the left-out phrases first: few, and most titles name none, so the kept ones (every
        # section title of the doc) are looked at only for the rare title that does
        hit = next((p for w in words for p in self.left if _names(w, p.words)), None)
        if hit is None or any(_names(w, p.words) for w in words for p in self.kept):
            return None
        return hit.clause


def scope_text(lines: list[str], lexicon: Lexicon | None = None) -> str:
    """The doc's scope statement: the paragraph near its top that a scope label opens ("Scope:",
    "**Scope.**", "- **Scope:**", "Owner: tess · Scope: …"), quote marks and list marks gone;
    "" when it has none."""
    lex = lexicon or default_lexicon()
    label = lex.source("scope", "labels")
    opener = re.compile(
        rf"(?:^|[·|]\s*)[*_]*\s*(?:{label})\s*[*_]*\s*[.:：—–-][*_]*", re.IGNORECASE
    )
    for i, raw in enumerate(lines[:_HEAD_LINES]):
        line = _ITEM.sub("", _QUOTE.sub("", raw), count=1)
        m = opener.search(line)
        if m is None or (m.start() and "·" not in line[: m.end()] and "|" not in line[: m.end()]):
            continue
        parts = [line[m.end() :].strip()]
        leads = lex.pattern("scope", "out_leads")
        for nxt in lines[i + 1 : _HEAD_LINES + 20]:
            body = _QUOTE.sub("", nxt).strip()
            if not body or body.startswith("#") or _ITEM.match(body):
                break
            if _LABEL.match(body) and not leads.match(body.lstrip("*_ ")):
                break  # the header's next field ("Version: …", "**Conventions.** …")
            parts.append(body)
        return " ".join(parts)[:_MAX_CHARS]
    return ""


@lru_cache(maxsize=64)
def read_scope(text: str) -> DocScope:
    """The statement's kept and left-out phrases (see the module docstring)."""
    if not text:
        return DocScope()
    g = _grammar()
    kept: list[_Phrase] = []
    left: list[_Phrase] = []
    text = _EMPHASIS.sub("", text)
    out_list = False
    for sentence in re.split(r"(?<=[a-z)\]])\.\s+(?=[A-Z(\"“])", text):
        pos = 0
        pieces: list[tuple[bool | None, str]] = []
        for m in g.leads.finditer(sentence):
            pieces.append((out_list, sentence[pos : m.start()]))
            out_list = m["out"] is not None
            pos = m.end()
        pieces.append((out_list, sentence[pos:]))
        for listed_out, piece in pieces:
            for clause in re.split(r"\s*;\s*", piece):
                _read_clause(clause, listed_out, g, kept, left)
    return DocScope(tuple(kept), tuple(left))


@dataclass(frozen=True)
class _Grammar:
    """The statement's words (``[scope]`` of every phrase file) as patterns."""

    leads: re.Pattern[str]
    sends: re.Pattern[str]
    keeps: re.Pattern[str]
    restrict: re.Pattern[str]
    tails: re.Pattern[str]
    copula: re.Pattern[str]
    joins: re.Pattern[str]
    """ "and", "or": between two conjuncts."""
    suspended: re.Pattern[str]
    """The first half of "medium- and short-range": it only shares the second's noun."""
    narrows: re.Pattern[str]
    """ "including …", "e.g. …": what follows only narrows."""


@memo
def _grammar() -> _Grammar:
    lex = default_lexicon()
    lead_out = lex.source("scope", "out_leads")
    lead_in = lex.source("scope", "in_leads")
    joins = lex.source("scope", "joins")
    return _Grammar(
        regex_cache.compile(
            rf"(?P<out>{lead_out})[^:;.：]{{0,{_LEAD_GAP}}}[:：]|(?P<in>{lead_in})\s*[:：]",
            re.IGNORECASE,
        ),
        lex.pattern("scope", "sends"),
        lex.pattern("scope", "keeps"),
        lex.pattern("scope", "restrictive"),
        lex.pattern("scope", "kept_tails"),
        lex.pattern("scope", "copulas"),
        regex_cache.compile(rf"\s+(?:{joins})\s+", re.IGNORECASE),
        regex_cache.compile(rf"\b[^\W_]+-\s+(?:{joins})\s+", re.IGNORECASE),
        regex_cache.compile(rf"(?:{lex.source('scope', 'narrowing')}).*$", re.IGNORECASE),
    )


def _read_clause(
    clause: str, listed_out: bool | None, g: _Grammar, kept: list[_Phrase], left: list[_Phrase]
) -> None:
    """One clause's phrases into ``kept`` or ``left``: a clause of an "out" list, or one whose
    verb sends its subject elsewhere ("lives in `x.md`", "is out of scope"), is left out; one
    that keeps it here ("stay in this doc"), or any clause before an "out" list, is kept."""
    quoted = " ".join(clause.split()).strip(" .,:")
    if not quoted:
        return
    bare = _DESTINATION.sub(" ", _DASHED.sub(r" (\1) ", quoted))
    sent = g.sends.search(bare)
    if g.keeps.search(bare):
        out = False
    elif sent is not None:
        out = True
        copula = g.copula.search(bare, 0, sent.start())
        bare = bare[: copula.start() if copula else sent.start()]
    else:
        out = bool(listed_out)
    # examples in brackets name instances of what precedes them; a qualifier in the phrase
    # before them ("… unless an LLM is the confused deputy") narrows them too
    head = _PARENS.sub(" \x00 ", bare)
    quoting = [bool(_QUOTED.search(m[1])) for m in _PARENS.finditer(bare)]
    qualifier = g.restrict.search(head)
    cut = qualifier.start() if qualifier else len(head)
    # what a doc keeps reads broadly: "speech translation between languages" keeps speech
    # translation
    broad = not out
    phrases = _conjuncts(head[:cut].replace("\x00", ","), g, broad) if not qualifier else []
    for k, m in enumerate(_PARENS.finditer(bare)):
        at = _nth(head, "\x00", k)
        if not quoting[k] and (qualifier is None or at > cut):
            phrases += _conjuncts(m[1], g, broad)
    into = left if out else kept
    into.extend(_Phrase(p, quoted) for p in phrases if p)


def _tail_at(part: str, tails: re.Pattern[str]) -> int:
    """Where a kept phrase's narrowing tail starts (not inside a compound: "end-to-end")."""
    for m in tails.finditer(part, 1):
        if part[m.start() - 1] != "-" and part[m.end() : m.end() + 1] != "-":
            return m.start()
    return len(part)


def _nth(text: str, ch: str, k: int) -> int:
    at = -1
    for _ in range(k + 1):
        at = text.find(ch, at + 1)
    return at


def _conjuncts(text: str, g: _Grammar, broad: bool) -> list[tuple[str, ...]]:
    """The coordinated phrases of a noun phrase list: "monolingual ASR and TTS" → (monolingual,
    asr), (monolingual, tts): a lone word after "and" shares the modifiers before it.  What
    follows "including" only narrows; a phrase with a qualifier of its own is no phrase."""
    out: list[tuple[str, ...]] = []
    text = g.narrows.sub("", g.suspended.sub("", text))
    for group in re.split(r"\s*(?:,|/|&|\+)\s*", text):
        first: tuple[str, ...] = ()
        for part in g.joins.split(group):
            if g.restrict.search(part):
                continue
            part = part[: _tail_at(part, g.tails)] if broad else part
            words = _words(part)
            if not words:
                continue
            if len(words) == 1 and len(first) >= 2:
                words = (*first[:-1], *words)
            first = first or words
            out.append(words)
    return [w for w in out if len(w) > 1 or len(w[0]) >= 3]


def _fold(word: str) -> str:
    """British and American spellings, and a plural's "s", as one word."""
    if len(word) >= 7:
        word = _BRITISH.sub(r"iz\1", word)
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


@lru_cache(maxsize=1 << 12)
def _words(text: str) -> tuple[str, ...]:
    """A phrase's words: stop words dropped, compounds whole."""
    return tuple(
        _fold(w)
        for w in _WORD.findall(text.lower())
        if w not in STOP and (len(w) > 1 or w.isdigit())
    )


@lru_cache(maxsize=1 << 12)
def _title_words(text: str) -> tuple[str, ...]:
    """A title's words: its compounds and their parts ("Teacher-Student" names "teacher")."""
    words = list(_words(text))
    words += [_fold(p) for w in words if "-" in w for p in w.split("-") if p and p not in STOP]
    return tuple(words)


def _same(a: str, b: str) -> bool:
    """One word, whatever its ending: "handwriting" / "handwritten", "recognition" /
    "recognizer" (the same first letters, all but the last three of the shorter)."""
    if a == b:
        return True
    n = min(len(a), len(b))
    if n < 5:
        return False
    k = 0
    while k < n and a[k] == b[k]:
        k += 1
    return k >= max(5, n - 3)


def _names(title: tuple[str, ...], phrase: tuple[str, ...]) -> bool:
    """Every word of the phrase is a word of the title; a compound also as its parts in a row
    ("training-data extraction" in "Training Data Extraction at Scale")."""
    return all(
        any(_same(w, t) for t in title) or ("-" in w and _in_row(w.split("-"), title))
        for w in phrase
    )


def _in_row(parts: list[str], title: tuple[str, ...]) -> bool:
    n = len(parts)
    return any(
        all(_same(p, t) for p, t in zip(parts, title[i : i + n], strict=True))
        for i in range(len(title) - n + 1)
    )
