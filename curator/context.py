"""What one analysis knows about the workspace around the notes: its docs, readers and indexes.

Built once per analysis (:func:`build_context`) from the living doc of the topic, the other
topics' docs, the paper cards, what earlier briefings listed and the window's notes, it is what
every judgment reads: anchors by ID, URL and name, the authors' remark reader for this topic and
inbox, the topic profile for relevance, which notes a program wrote, which are another topic's.

Each doc's :class:`DocIndex` is built once (:func:`build_doc_index`) by whatever read the doc
(see :mod:`curator.reading`; the index cache keeps it), handed to :func:`build_context` and kept
on the analysis (``Analysis.doc_indexes``, read through :func:`index_of`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

from curator.briefings import ReportedIndex
from curator.config import Config
from curator.doc_scope import DocScope, read_scope
from curator.hints import doc_number_words
from curator.lexicon import Lexicon, default_lexicon, load_lexicon, may_match, skim
from curator.models import Analysis, AnchorRef, LivingDoc, Note, PaperCard, Remark
from curator.own_pages import OwnPages
from curator.relevance import Profile, base_stop, section_terms
from curator.suggest import SectionIndex
from curator.textfeatures import title_core, token_set
from curator.verdicts import VerdictReader
from curator.workspace import LoadedNote
from curator.written import without_stamp

__all__ = ["Context", "DocIndex", "build_context", "build_doc_index", "index_of"]


@dataclass
class Context:
    topic: str
    doc: LivingDoc
    others: list[LivingDoc]
    index: SectionIndex
    other_indexes: list[tuple[LivingDoc, SectionIndex]]
    reader: VerdictReader
    lexicon: Lexicon
    profile: Profile
    machine_notes: set[str]
    other_topic_names: set[str]
    cards: dict[str, PaperCard]
    reported: ReportedIndex
    notes: dict[str, Note]
    note_none: dict[str, str]
    note_other: dict[str, str]
    negative_remarks: list[tuple[str, str]]
    anchors_by_id: dict[str, list[AnchorRef]]
    anchors_by_url: dict[str, list[AnchorRef]]
    name_anchors: list[tuple[set[str], AnchorRef, str]]
    elsewhere_by_id: dict[str, list[AnchorRef]]
    other_sections: set[str]
    covered_names: dict[str, list[tuple[set[str], str]]]
    name_by_token: dict[str, list[int]]
    left_out: dict[str, list[str]] = field(default_factory=dict)
    """Keys earlier briefings of this topic filed under a heading that leaves them out → the
    briefings."""
    cited: dict[str, list[AnchorRef]] = field(default_factory=dict)
    """What this topic's doc names without anchoring (see :class:`DocIndex`), its reading queues
    left out."""
    paper_names: dict[str, frozenset[str]] = field(default_factory=dict)
    """The name each anchored paper goes by in the doc ("foonet" for "**FooNet — Fast …**
    (arXiv:2601.00001)"), lower-cased → the IDs anchored under it."""
    own_pages: OwnPages = field(default_factory=lambda: OwnPages(()))
    """The team's own domains, from the mail its people sign the window's notes with."""
    number_words: frozenset[str] = frozenset()
    """Words the doc writes before its section numbers ("unit" of "### Unit 1.4 · Hints")."""
    scope: DocScope = field(default_factory=DocScope)
    """What the doc's scope statement keeps and leaves out (see curator/doc_scope.py)."""


@dataclass
class DocIndex:
    """Everything derived from one living doc; cached with it (rebuilt only when the doc
    changes)."""

    index: SectionIndex
    anchors_by_id: dict[str, list[AnchorRef]]
    anchors_by_url: dict[str, list[AnchorRef]]
    name_anchors: list[tuple[set[str], AnchorRef, str]]
    name_by_token: dict[str, list[int]]
    cited: dict[str, list[AnchorRef]] = field(default_factory=dict)
    """IDs and normalised links the doc names without anchoring them (glossary, removal lines)."""
    section_terms: tuple[str, list[Counter[str]]] | None = None
    """The fingerprint of the words they were counted with, and each section's terms for the
    topic's vocabulary (:func:`curator.relevance.section_terms`); None until first counted."""


def held_terms(di: DocIndex, doc: LivingDoc, lexicon: Lexicon) -> list[Counter[str]]:
    """The doc's section terms (:func:`curator.relevance.section_terms`) as its index keeps them,
    counted now if it holds none for these words."""
    held = di.section_terms
    if held is None or held[0] != lexicon.fingerprint:
        held = di.section_terms = (lexicon.fingerprint, section_terms(doc, base_stop(lexicon)))
    return held[1]


def build_doc_index(doc: LivingDoc, *, with_terms: bool = False) -> DocIndex:
    """Everything derived from one doc, built afresh (the analysis' readers keep what they
    build); ``with_terms``: its section terms counted now too (else when first asked for)."""
    index = SectionIndex(doc)
    by_id: dict[str, list[AnchorRef]] = {}
    by_url: dict[str, list[AnchorRef]] = {}
    names: list[tuple[set[str], AnchorRef, str]] = []
    for s in doc.sections:
        label = index.section_unit.get(s.index) or s.number or s.title
        for a in s.anchors:
            ref = AnchorRef(label, a.line, a.name or s.title, doc.path, a.date)
            if a.kind == "arxiv":
                by_id.setdefault(a.key, []).append(ref)
            elif a.kind == "url":
                by_url.setdefault(a.key, []).append(ref)
            elif a.kind == "name" and a.name:
                toks = _name_tokens(a.name)
                if toks:
                    names.append((toks, ref, a.name))
    by_token: dict[str, list[int]] = {}
    for i, (toks, _ref, _n) in enumerate(names):
        for t in _strong(toks):
            by_token.setdefault(t, []).append(i)
    cited: dict[str, list[AnchorRef]] = {}
    for c in doc.cited:
        cited.setdefault(c.key, []).append(AnchorRef(c.where, c.line, "", doc.path))
    di = DocIndex(index, by_id, by_url, names, by_token, cited)
    if with_terms:
        held_terms(di, doc, default_lexicon())
    return di


def index_of(analysis: Analysis, doc: LivingDoc | None = None) -> DocIndex:
    """The index the analysis built for ``doc`` (its living doc by default); built here for an
    analysis put together by hand."""
    doc = doc or analysis.living_doc
    di = analysis.doc_indexes.get(doc.topic)
    if not isinstance(di, DocIndex):
        di = analysis.doc_indexes[doc.topic] = build_doc_index(doc)
    return di


def build_context(
    cfg: Config,
    topic: str,
    docs: dict[str, tuple[LivingDoc, DocIndex]],
    cards: list[PaperCard],
    reported: ReportedIndex,
    notes: dict[str, Note],
    in_window: list[LoadedNote],
    vocabulary_memo: MutableMapping[str, Any] | None = None,
) -> Context:
    """``docs``: topic → (its doc, that doc's index), the analysis' topic among them."""
    lexicon = load_lexicon(cfg.lexicon)
    doc, di = docs[topic]
    others = [d for t, (d, _i) in docs.items() if t != topic]
    doc_names = _doc_topic_words(doc)
    topic_names = lexicon.topic_names(topic, doc_names)
    other_names, other_topics = _other_topics(lexicon, topic, topic_names, others)
    people = sorted({n.author for n in notes.values() if n.author and n.author != "-"})
    reader = VerdictReader(lexicon, topic_names, sorted(other_names), people)
    other_indexes = [(d, i) for t, (d, i) in docs.items() if t != topic]
    elsewhere, other_sections = _elsewhere(other_indexes)
    said = _NoteSayings.read(in_window, reader, lexicon, other_topics)
    titles, terms = [t for t, _c, _l in reported.titles], _terms_of(docs, lexicon)
    profile = Profile(
        topic, doc, others, lexicon, cards, titles, doc_names, people, vocabulary_memo, terms
    )
    return Context(
        topic,
        doc,
        others,
        di.index,
        [(d, i.index) for d, i in other_indexes],
        reader,
        lexicon,
        profile,
        _machine_notes(in_window, lexicon),
        other_names,
        {c.arxiv: c for c in cards if c.arxiv},
        reported,
        notes,
        said.none,
        said.other,
        said.negative,
        di.anchors_by_id,
        di.anchors_by_url,
        di.name_anchors,
        elsewhere,
        other_sections,
        said.covered_names,
        di.name_by_token,
        reported.left_out,
        _unqueued(di.cited, lexicon),
        _paper_names(doc),
        OwnPages.read((ln.note.author, ln.note.text) for ln in in_window),
        doc_number_words((s.number, s.title) for s in doc.sections if s.number),
        read_scope(doc.scope).fitted(
            doc.scope, [s.body for s in doc.sections], [s.title for s in doc.sections if s.number]
        ),
    )


def _unqueued(cited: dict[str, list[AnchorRef]], lexicon: Lexicon) -> dict[str, list[AnchorRef]]:
    """The doc's citations outside its reading queues: a queue lists what is still to be read, so
    a note about one of its papers is news."""
    queue = lexicon.phrases("sections", "queues")
    kept = {
        k: [r for r in refs if next(queue.finditer(r.section.lower()), None) is None]
        for k, refs in cited.items()
    }
    return {k: refs for k, refs in kept.items() if refs}


def _terms_of(
    docs: dict[str, tuple[LivingDoc, DocIndex]], lexicon: Lexicon
) -> Callable[[LivingDoc], list[Counter[str]]]:
    """Each doc's section terms, from its index (kept there once counted)."""
    indexes = {d.topic: i for d, i in docs.values()}
    return lambda d: held_terms(indexes[d.topic], d, lexicon)


def _paper_names(doc: LivingDoc) -> dict[str, frozenset[str]]:
    """See :attr:`Context.paper_names`: only anchors written with a name of their own."""
    names: dict[str, set[str]] = {}
    for s in doc.sections:
        for a in s.anchors:
            if a.kind == "arxiv" and a.name:
                core = title_core(a.name).strip().lower()
                if 2 <= len(core) <= 40:
                    names.setdefault(core, set()).add(a.key)
    return {k: frozenset(v) for k, v in names.items()}


def _other_topics(
    lexicon: Lexicon, topic: str, topic_names: list[str], others: list[LivingDoc]
) -> tuple[set[str], set[str]]:
    """(the names of every other topic, less this one's own; the other topics themselves): the
    other docs' and the lexicon's."""
    own_family = set(lexicon.topic_family(topic)) | set(topic_names)
    other_names: set[str] = set()
    for d in others:
        other_names.update(lexicon.topic_names(d.topic))
    for t in lexicon.table("topics"):
        if t != topic.lower():
            other_names.update(n for n in lexicon.topic_names(t) if n not in own_family)
    other_topics = {d.topic.lower() for d in others} | {
        t for t in lexicon.table("topics") if t != topic.lower() and t not in own_family
    }
    return other_names, other_topics


def _elsewhere(
    other_indexes: list[tuple[LivingDoc, DocIndex]],
) -> tuple[dict[str, list[AnchorRef]], set[str]]:
    """Where the other docs anchor each ID and link, and their section numbers."""
    elsewhere: dict[str, list[AnchorRef]] = {}
    other_sections: set[str] = set()
    for d, di in other_indexes:
        for sec in d.sections:
            if sec.number:
                other_sections.add(sec.number)
        for key, refs in di.anchors_by_id.items():
            elsewhere.setdefault(key, []).extend(refs)
        for key, refs in di.anchors_by_url.items():
            elsewhere.setdefault(key, []).extend(refs)
    return elsewhere, other_sections


@dataclass
class _NoteSayings:
    """What the window's notes say of themselves: "nothing for this topic", "a <topic> note",
    negative section remarks, the names they call already covered."""

    none: dict[str, str] = field(default_factory=dict)
    other: dict[str, str] = field(default_factory=dict)
    negative: list[tuple[str, str]] = field(default_factory=list)
    covered_names: dict[str, list[tuple[set[str], str]]] = field(default_factory=dict)

    @classmethod
    def read(
        cls,
        in_window: list[LoadedNote],
        reader: VerdictReader,
        lexicon: Lexicon,
        other_topics: set[str],
    ) -> _NoteSayings:
        said = cls()
        covered_re = lexicon.pattern("remarks", "covered")
        for ln in in_window:
            note = ln.note
            declared = reader.declares_none(note.text)
            if declared:
                said.none[note.path] = declared
            slug = _slug(note.path)
            ntopic = (note.topic or "").lower()
            btopic = (note.briefing_topic or "").lower()
            for cand in (ntopic, btopic, slug.split("-")[0] if slug else ""):
                if cand and cand in other_topics:
                    said.other[note.path] = f"a {cand} note"
                    break
            if ln.split:
                said._read_remarks(note.path, ln.split.remarks, covered_re)
        return said

    def _read_remarks(self, path: str, remarks: list[Remark], covered_re: re.Pattern[str]) -> None:
        # the words the "covered" phrases need, looked for in all remarks at once before one by
        # one: a note of 500,000 one-line remarks was skimmed line by line
        some_covered = may_match(covered_re, skim("\n".join(r.text for r in remarks)))
        for r in remarks:
            if r.negative_section:
                self.negative.append((r.text, path))
            m = (
                covered_re.search(r.text)
                if some_covered and may_match(covered_re, skim(r.text))
                else None
            )
            if m and not r.negative_section:
                tail = r.text[m.end() :]
                for name in re.split(r"\s*(?:/|、|,|，|;|；|\band\b|和)\s*", tail):
                    toks = {t for t in token_set(name) if len(t) >= 2}
                    if toks and len(name.strip()) <= 30:
                        self.covered_names.setdefault(path, []).append((toks, r.text))


def _doc_topic_words(doc: LivingDoc) -> list[str]:
    """How the doc names its own topic: the words before "(" or ":" on its 主题/Topic line."""
    header = "\n".join(s.body[:600] for s in doc.sections[:2]) + "\n" + doc.title
    words = default_lexicon().pattern("docs", "topic_line")
    m = re.search(rf"(?:{words.pattern})\s*[:：]\s*([^\n(（—:：]+)", header, re.IGNORECASE)
    if not m:
        return []
    found = [w.strip().lower() for w in re.split(r"[/,，、;；]", m.group(1))]
    return [w for w in found if 2 <= len(w) <= 24]


def _machine_notes(in_window: list[LoadedNote], lexicon: Lexicon) -> set[str]:
    """Notes a program wrote (a keyword digest, an alert): its entries matched words, nobody chose
    them."""
    authors = lexicon.pattern("notes", "machine_authors")
    # the phrases one by one, each only on heads holding a word it needs: the alternation of
    # every language's phrases cost ~0.2 ms a note, and most notes hold none of them
    phrases = lexicon.phrases("notes", "machine_phrases")
    out = set()
    for ln in in_window:
        note = ln.note
        head = "\n".join(note.text.split("\n", 30)[:30])[:4000]  # a program says so at the top
        if (
            authors.search(note.author)
            or next(phrases.finditer(head), None) is not None
            or _is_log(head)
        ):
            out.add(note.path)
    return out


_LOG_PAIR = r"[a-z][\w.]*=(?:\"[^\"\n]*\"|[^\s\"=]*)"
_LOG_LINE = re.compile(rf"^{_LOG_PAIR}(?:[ \t]+{_LOG_PAIR}){{3,}}[ \t]*$", re.MULTILINE)
"""A structured log line ("time=… level=info msg=match id=2610.21347v1 kw=\"…\""): a job's."""
_LOG_LINES = 3


def _is_log(head: str) -> bool:
    """Whether a note's head is a job's log: its entries are what the job matched, not chosen."""
    if "=" not in head:
        return False
    lines = _LOG_LINE.finditer(head)
    return sum(1 for _k, _m in zip(range(_LOG_LINES), lines, strict=False)) >= _LOG_LINES


def _slug(path: str) -> str:
    name = without_stamp(path.rsplit("/", 1)[-1].rsplit(".", 1)[0]).lower()
    author = path.split("/")[-2].lower() if "/" in path else ""
    if author and name.startswith(author + "-"):
        name = name[len(author) + 1 :]
    return name


_ALPHA_TOKEN = re.compile(r"[a-z]")


def _name_tokens(name: str) -> set[str]:
    return {t for t in token_set(name) if not re.fullmatch(r"\d{4}", t)}


def _strong(toks: set[str]) -> set[str]:
    return {t for t in toks if len(t) >= 3 and _ALPHA_TOKEN.search(t)}
