"""What the authors' remarks say about how the papers they cite relate, read as evidence.

A note may say outright what no ID or title could show: that a link is the same paper as an
arXiv ID ("the bioRxiv version … is the same paper as 2610.02215"), or that two papers the
messages just before cite overlap ("other group, same problem — mark them as overlap").
The matcher merges the first and flags the second; the phrases are the lexicon's
``[remarks] same_paper``, ``distinct`` and ``say_overlap``.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator

from curator.arxiv import find_ids
from curator.lexicon import default_lexicon
from curator.mentions import sentence_spans
from curator.models import Increment, Item, PaperCard, short_path
from curator.note_items import BULLET
from curator.overlaps import IncrementNames, generic_names, word_inside
from curator.textfeatures import title_core
from curator.urls import find_urls, normalize_url
from curator.workspace import LoadedNote

__all__ = ["said_overlap", "said_same", "said_same_by_name"]


_OVERLAP_WINDOW = 12
"""Lines back a remark that two papers overlap may look for them (a chat thread's last messages)."""


def said_overlap(
    in_window: list[LoadedNote], incs: list[Increment], names: IncrementNames
) -> dict[tuple[int, int], str]:
    """Pairs of new increments a note says overlap (``[remarks] say_overlap``: "same problem —
    mark them as overlap", "put them side by side"), in a remark that cites nothing itself:
    the two it names (their short names: "FooNet and BarKV … side by side"), else, in a
    conversation, the one it names and the nearest paper cited before it, or the two papers the
    messages just before it cite (up to
    :data:`_OVERLAP_WINDOW` lines back, not past a heading or a bullet).  Exactly two new
    increments, or none."""
    lex = default_lexicon()
    say = lex.phrases("remarks", "say_overlap")
    new_of = {a: k for k, inc in enumerate(incs) if inc.status == "new" for a in inc.arxiv}
    new_of.update(
        {normalize_url(u): k for k, inc in enumerate(incs) if inc.status == "new" for u in inc.urls}
    )
    out: dict[tuple[int, int], str] = {}
    for ln in in_window:
        text = ln.note.text
        if not text or next(say.finditer(text), None) is None:
            continue
        lines = text.split("\n")
        for i, line in enumerate(lines):
            if next(say.finditer(line), None) is None or _cites(line):
                continue
            cited = list(dict.fromkeys(j for j, _n in names.named(line) if incs[j].status == "new"))
            if len(cited) < 2 and not BULLET.match(line):
                # a list item belongs to its own item, whose words the matcher reads
                before = [k for k in _cited_before(lines, i, new_of) if k not in cited]
                # one named ("same problem FooNet attacks"): the message before cites the other
                cited = [*cited, *before[:1]] if cited else before
            if len(cited) == 2:
                a, b = sorted(cited)
                out.setdefault(
                    (a, b), f"{short_path(ln.note.path)} says they overlap: “{line.strip()[:50]}”"
                )
    return out


def _cited_before(lines: list[str], i: int, new_of: dict[str, int]) -> list[int]:
    """The new increments the lines before line *i* cite, nearest first (none past a heading;
    none at all past a bullet: a list is its items' own)."""
    cited: list[int] = []
    for back in lines[max(0, i - _OVERLAP_WINDOW) : i][::-1]:
        if back.lstrip().startswith("#"):
            break
        if BULLET.match(back):
            return []
        keys = [m.id for m in find_ids(back)] + [normalize_url(u) for u, _s, _e in find_urls(back)]
        cited.extend(new_of[k] for k in keys if k in new_of and new_of[k] not in cited)
    return cited


def _cites(line: str) -> bool:
    return bool(find_ids(line) or find_urls(line))


def said_same(in_window: list[LoadedNote]) -> dict[str, tuple[str, str]]:
    """Link → (arXiv ID, note) where a note's sentence says the link is that paper ("the bioRxiv
    version https://… is the same paper as 2610.02215", "…就是同一篇"): one ID and links in the
    sentence, a ``[remarks] same_paper`` phrase, no ``distinct`` one.  A link two lines give two
    papers names neither."""
    out: dict[str, tuple[str, str]] = {}
    clash: set[str] = set()
    for line, path in _same_paper_sentences(in_window):
        ids = {m.id for m in find_ids(line)}
        links = [normalize_url(u) for u, _s, _e in find_urls(line)]
        links = [u for u in links if not any(i in u for i in ids) and "arxiv.org" not in u]
        if len(ids) != 1 or not links:
            continue
        (aid,) = ids
        for u in links:
            if out.setdefault(u, (aid, path))[0] != aid:
                clash.add(u)
    return {k: v for k, v in out.items() if k not in clash}


def said_same_by_name(
    in_window: list[LoadedNote], items: list[Item], cards: list[PaperCard]
) -> dict[str, tuple[str, str]]:
    """Link → (arXiv ID, note) where a note's sentence names two titles as one paper and cites
    neither ("FooNet = “Fast Nets for Bar” (same paper, conference title)"): one name is a paper
    with an ID (an item's title or its card's), the others items known only by a link (an
    OpenReview page under the conference title).  One ID named, or nothing."""
    sentences = [
        (s, p) for s, p in _same_paper_sentences(in_window) if not _cites(s)
    ]  # a sentence that cites an ID or a link is said_same's
    if not sentences:
        return {}
    by_first: dict[str, list[tuple[str, str, str]]] = defaultdict(list)  # word → (name, kind, key)
    for it in items:
        if it.primary_arxiv:
            _add_name(by_first, it.title, "id", it.primary_arxiv)
        elif it.urls:
            _add_name(by_first, it.title, "link", normalize_url(it.urls[0]))
    for card in cards:
        if card.arxiv and card.title:
            _add_name(by_first, card.title, "id", card.arxiv)
    out: dict[str, tuple[str, str]] = {}
    for sentence, path in sentences:
        low = sentence.lower()
        named: dict[str, set[str]] = {"id": set(), "link": set()}
        for w in set(_WORD.findall(low)):
            for name, kind, key in by_first.get(w, ()):
                at = low.find(name)
                if at >= 0 and not word_inside(low, at, at + len(name)):
                    named[kind].add(key)
        if len(named["id"]) == 1 and named["link"]:
            (aid,) = named["id"]
            for u in named["link"]:
                out.setdefault(u, (aid, path))
    return out


_WORD = re.compile(r"\w+")
_NAME_MIN = 4
"""A name shorter than this ("VLA", "RL") names too many things to say which paper it is."""


def _add_name(
    by_first: dict[str, list[tuple[str, str, str]]], title: str, kind: str, key: str
) -> None:
    name = title_core(title).strip().lower()
    words = _WORD.findall(name)
    if len(name) < _NAME_MIN or not words or name.isdigit() or name in generic_names():
        return
    entry = (name, kind, key)
    if entry not in by_first[words[0]]:
        by_first[words[0]].append(entry)


def _same_paper_sentences(in_window: list[LoadedNote]) -> Iterator[tuple[str, str]]:
    """(sentence, note) for each sentence that says two things are one paper: a ``[remarks]
    same_paper`` phrase and no ``distinct`` one."""
    lex = default_lexicon()
    same, distinct = lex.phrases("remarks", "same_paper"), lex.phrases("remarks", "distinct")
    for ln in in_window:
        text = ln.note.text
        if not text or next(same.finditer(text), None) is None:
            continue  # most notes say nothing of the kind: one scan, no line loop
        for line in (ln_[a:b] for ln_ in text.split("\n") for a, b in sentence_spans(ln_)):
            if (
                next(same.finditer(line), None) is not None
                and next(distinct.finditer(line), None) is None
            ):
                yield line, ln.note.path
