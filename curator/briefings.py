"""Earlier briefings in the inbox: which topic each is for, when its window ended.

A briefing is a note whose name or title says so (the lexicon's ``[briefings] words``:
"briefing", "简报", "e1prep", …) or that has a briefing's shape; its topic is the topic
name in that title or name.  Items it listed are *reported*; items it filed under a
heading that leaves them out ("Not for this topic") were judged off-topic then.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from curator import regex_cache
from curator.lexicon import default_lexicon, memo
from curator.models import Note
from curator.regex_needs import first_class
from curator.textfeatures import normalized_title, title_core
from curator.urls import normalize_url
from curator.verdicts import OFF_KINDS, VerdictReader

__all__ = ["ReportedIndex", "briefing_info"]

_MARKER = regex_cache.compile(r"<!--\s*curator:briefing\s+(?P<attrs>[^>]*)-->")
_STAMP = r"\d{4}-\d{2}-\d{2}[T ]\d{1,2}:?\d{2}(?::\d{2})?(?:\s*(?:[+-]\d{2}:?\d{2}|Z))?"


@memo
def _window_line() -> re.Pattern[str]:
    """ "window 2026-11-15 18:00 → 2026-11-16 18:00" (the words: ``[briefings] window_words``)."""
    words = default_lexicon().source("briefings", "window_words")
    return regex_cache.compile(
        rf"(?:{words})\s*[:：]?\s*(?P<a>{_STAMP})\s*(?:→|->|~|—|–|to|至|到|bis|hasta|au)\s*(?P<b>{_STAMP})",
        re.IGNORECASE,
    )


@memo
def _shape() -> tuple[list[re.Pattern[str]], tuple[str, ...]]:
    """Lines a briefing has (``[briefings] shape``, one point each; five make a briefing without a
    title word), and literals one of which a note must hold to be worth the regex."""
    lex = default_lexicon()
    pats = [
        regex_cache.compile(
            w[3:] if w.startswith("re:") else re.escape(w.removeprefix("lit:")),
            re.MULTILINE | re.IGNORECASE,
        )
        for w in lex.words("briefings", "shape")
    ]
    return pats, tuple(lex.literals("briefings", "shape_hints"))


_NAME_SLUG = regex_cache.compile(r"^\d{4}-?\d{2}-?\d{2}(?:[T_]\d{4})?[-_]?")

TITLE_WORDS = 14
"""A first line longer than this is a sentence, not a title: it may mention a briefing ("…
Briefing proper comes at 22:00.") without being one."""
_CLAUSE = re.compile(r"[·—–|:(),;\[\]]")


@memo
def _words() -> re.Pattern[str]:
    return default_lexicon().pattern("briefings", "words")


@memo
def _for_words() -> re.Pattern[str]:
    """``[briefings] for_words``: what a note *for* a briefing says before the word ("para el
    briefing de mañana", "Bits for tonight's briefing")."""
    return default_lexicon().pattern("briefings", "for_words")


@memo
def _not_words() -> re.Pattern[str]:
    """``[briefings] not_words``: what a note that says it is *not* a briefing writes before the
    word ("borrador (no es el briefing)", "draft, not the briefing")."""
    return default_lexicon().pattern("briefings", "not_words")


def _titles_briefing(first: str) -> bool:
    """The first line is a briefing's title: it holds a briefing word that no ``for_words``
    governs (within the three words before it, in its clause), and it is short enough to be a
    title."""
    if len(first.split()) > TITLE_WORDS:
        return False
    for m in _words().finditer(first):
        clause = _CLAUSE.split(first[: m.start()])[-1]
        before = " ".join(clause.split()[-3:])
        if not _for_words().search(before) and not _not_words().search(before):
            return True
    return False


@memo
def _topic_names() -> list[tuple[str, str]]:
    """(name, topic) for every topic the lexicon knows, longest name first."""
    lex = default_lexicon()
    pairs = [(n, t) for t in lex.table("topics") for n in lex.topic_names(t)]
    return sorted(pairs, key=lambda p: -len(p[0]))


def _first_line(text: str) -> str:
    for line in text.split("\n", 40)[:40]:
        s = line.strip().lstrip("#").strip().lstrip("\ufeff")
        if s and not s.startswith(("---", "+++")):
            return s
    return ""


def _topic_in(text: str) -> str | None:
    """The topic a briefing title or file slug names: the first topic word in it."""
    low = text.lower()
    best: tuple[int, str] | None = None
    for name, topic in _topic_names():
        start = low.find(name)  # its first occurrence only, on word edges or not at all
        if start < 0:
            continue
        end = start + len(name)
        edge_ok = (start == 0 or not low[start - 1].isalnum() or not name[0].isascii()) and (
            end == len(low) or not low[end].isalnum() or not name[-1].isascii()
        )
        if edge_ok and (best is None or start < best[0]):
            best = (start, topic)
    if best:
        return best[1]
    lead = re.match(r"^\s*(?P<t>[A-Za-z][\w-]{1,30}?)\s*(?:·|\||—|-|:)", text)
    return lead.group("t").lower() if lead else None


@memo
def _bucket_re() -> re.Pattern[str]:
    words = default_lexicon().source("briefings", "status_headings")
    # the words' first characters looked at before the words: a heading that starts no status
    # word (most of them) is turned away with one test instead of the whole alternation
    first = first_class(words, re.IGNORECASE)
    guard = f"(?=(?i:{first}))" if first else ""
    return regex_cache.compile(
        rf"^\s{{0,3}}#{{1,6}}\s*(?:[\W\d_]{{0,6}}\s*)?{guard}(?:{words})(?![^\W\d_])",
        re.IGNORECASE | re.MULTILINE,
    )


def _bucketed(head: str) -> bool:
    """Headings that sort items into decision buckets ("## Aprobado", "## En espera",
    "## Descartado"): two different ones are a briefing, whatever its title calls it."""
    if head.count("#") < 2:
        return False
    return len({m.group(0).strip("# \t").lower() for m in _heading_matches(head)}) >= 2


def _heading_matches(head: str) -> Iterator[re.Match[str]]:
    """``_bucket_re().finditer(head)``, tried only where a match can start: a line start at most
    three whitespace characters before a "#" (a multi-line ``^`` is otherwise tried at every
    character of the 6,000)."""
    pat = _bucket_re()
    end = 0
    h = head.find("#")
    while h >= 0:
        for p in range(max(end, h - 3), h + 1):
            if (p == 0 or head[p - 1] == "\n") and (p == h or head[p:h].isspace()):
                m = pat.match(head, p)
                if m:
                    yield m
                    end = m.end()
                    break
        h = head.find("#", max(h + 1, end))


@memo
def _reply_res() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A subject or first line that answers another (``[notes] reply_prefixes`` and a colon:
    "Re: briefing 26 April", "AW: AW: Abendbericht"), and a file name that does ("re-briefing")."""
    words = "|".join(map(re.escape, default_lexicon().literals("notes", "reply_prefixes")))
    words = words or "(?!x)x"
    return (
        re.compile(rf"^(?:subject\s*[:：]\s*)?(?:{words})(?:\[\d+\])?\s*[:：]", re.I),
        re.compile(rf"^(?:{words})[-_ ]", re.I),
    )


_SUBJECT_LINE = re.compile(r"^subject\s*[:：][^\n]*", re.I | re.M)


def _is_reply(head: str, first: str, slug: str) -> bool:
    """Is the note an answer to another (by its subject, its first line or its file name)?"""
    line, file_name = _reply_res()
    subject = _SUBJECT_LINE.search(head[:2000])
    return bool(
        line.match(first)
        or (subject is not None and line.match(subject.group(0)))
        or file_name.match(slug)
    )


def briefing_info(text: str, name: str) -> tuple[str | None, str | None]:
    """(topic, declared window end as written) when the file is a briefing, else (None, None);
    the topic is "" when the briefing does not name one.

    The topic is what the briefing's title or file name calls it, folded to a topic the
    lexicon knows ("评测简报" → evaluation) when it can be; the caller compares it with the
    workspace's topics.
    """
    m = _MARKER.search(text)
    if m:
        attrs = dict(re.findall(r"(\w+)=(\S+)", m.group("attrs")))
        return attrs.get("topic"), attrs.get("until")
    head = text[:6000]
    first = _first_line(head)
    slug = _NAME_SLUG.sub("", name.rsplit(".", 1)[0])
    if _is_reply(head, first, slug):
        return None, None
    words = _words()
    in_title = _titles_briefing(first)
    titled = in_title or bool(words.search(slug.replace("-", " ").replace("_", " ")))
    if not titled and not _bucketed(head):
        low = head.lower()
        shape, hints = _shape()
        if not any(w in low for w in hints):
            return None, None  # most notes stop here, before any regex
        if sum(1 for pat in shape if pat.search(head)) < 5:
            return None, None
    topic = _topic_in(first) if in_title else None
    if topic is None:
        topic = _topic_in(slug.replace("-", " ").replace("_", " "))
    if topic is None and not titled:
        topic = _topic_in(first)
    wm = _window_line().search(head)
    # "" is a briefing whose topic it does not name ("Evening briefing — Sat 3/7"): its author
    # decides
    return topic or "", (wm.group("b") if wm else None)


@dataclass
class ReportedIndex:
    """What earlier briefings of this topic already listed."""

    ids: dict[str, list[str]] = field(default_factory=dict)
    urls: dict[str, list[str]] = field(default_factory=dict)
    # (normalized title, core, path)
    titles: list[tuple[str, str, str]] = field(default_factory=list)
    _tables: tuple[dict[str, list[int]], list[str | None], int] | None = field(
        default=None, repr=False, compare=False
    )

    def lookup_tables(self) -> tuple[dict[str, list[int]], list[str | None]]:
        """Title positions by core name, and the normalized titles for one C-level fuzzy pass (None
        never matches)."""
        if self._tables is None or self._tables[2] != len(self.titles):
            by_core: dict[str, list[int]] = {}
            for j, (_rt, rcore, _label) in enumerate(self.titles):
                by_core.setdefault(rcore, []).append(j)
            self._tables = (by_core, [rt or None for rt, _c, _l in self.titles], len(self.titles))
        return self._tables[0], self._tables[1]

    left_out: dict[str, list[str]] = field(default_factory=dict)
    """Keys a briefing filed under a heading that leaves them out ("Not for this topic") →
    briefings."""

    def add_note(self, note: Note, split_ids: list[str], label: str) -> None:
        gone = set(note.left_out)
        for i in split_ids:
            if i in gone:
                continue
            self.ids.setdefault(i, []).append(label)
        for it in note.items:
            for u in it.urls:
                nu = normalize_url(u)
                if nu not in gone:
                    self.urls.setdefault(nu, []).append(label)
            if it.label:
                self.titles.append(
                    (normalized_title(it.title), title_core(it.title).lower(), label)
                )
        for k in note.left_out:
            self.left_out.setdefault(k, []).append(label)

    def set_aside(
        self, note: Note, label: str, reader: VerdictReader, only: set[str] | None = None
    ) -> None:
        """A briefing row that says its item is not for this topic ("| 2610.1 | … | not for us |",
        "→ agents") reported nothing: the briefing left that item out.  ``only``: the keys that
        matter (what the window mentions); other rows are not read."""
        for it in note.items:
            keys = [*it.arxiv[:1], *(normalize_url(u) for u in it.urls[:1])]
            if only is not None and not any(k in only for k in keys):
                continue
            if not any(v.kind in OFF_KINDS for v in reader.read(it.text)):
                continue
            for k in keys:
                for table in (self.ids, self.urls):
                    if label in table.get(k, []):
                        table[k] = [x for x in table[k] if x != label]
                        if not table[k]:
                            del table[k]
                if label not in self.left_out.get(k, []):
                    self.left_out.setdefault(k, []).append(label)
