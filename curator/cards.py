"""Paper cards: one small markdown file per paper, named ``NNNN-YYMM-NNNNN.md``.

A card tells the editor that someone already read the paper (and how they filed
it), so the triage view links increments to cards by arXiv ID. The file name is
the authority for the ID because that is what people rename and grep for; the
body is free text typed by hand, so every field is optional and every problem is
reported per file in plain words instead of stopping the load.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from curator.arxiv import find_ids, normalize_id
from curator.lexicon import default_lexicon, memo
from curator.models import PaperCard
from curator.textio import ReadProblem, is_ignored_name, read_text
from curator.urls import find_urls, is_arxiv_url, normalize_url

__all__ = ["CARD_NAME", "load_cards", "parse_card"]

CARD_NAME = re.compile(r"^(\d{3,5})-(\d{4})-(\d{4,5})\.md$")

EMPTY_CARD = "empty card"
INVALID_NAME_ID = "invalid arXiv ID in file name"
NOT_A_CARD_NAME = "not a paper card name"

_HEADING_RE = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$")
_FENCE_RE = re.compile(r"^ {0,3}(?:`{3,}|~{3,})")
_DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}")
_TAG_SPLIT_RE = re.compile(r"[,，、;；\[\]]")
_LEAD_RE = re.compile(r"^[ \t]*(?:>[ \t]?)*[ \t]*(?:[-*+][ \t]+|\d{1,3}[.)][ \t]+)?")
_SEGMENT_SPLIT_RE = re.compile(
    r"(?<![ \t])(?:[ \t]+[·•|][ \t]+|[ \t]*[|｜][ \t]*)|(?<=[ \t])[|｜][ \t]*"
)
"""A segment separator; it starts where a run of spaces starts (or at the bar itself), not at each
space of a long run (which rescanned the rest of the run from each)."""
_SEGMENT_CHAR_RE = re.compile(r"[·•|｜]")
"""A character every separator holds."""
_KEY_SEP_RE = re.compile(r"[ \t]*[:：=][ \t]*")
_BOLD_LINE_RE = re.compile(r"\*\*(.+?)\*\*")
_DELIMITER_ROW_RE = re.compile(r"\|?[ \t:|-]+\|?")
_VALUE_END_RE = re.compile(r"[(（/,，·;；、]|\s-\s|\s—")
_HEADER_LINES = 25
"""Card fields live in the header; a long card's body may say "category" in prose."""


@memo
def _field_keys() -> list[tuple[str, str]]:
    """(label, field) pairs from the lexicon's ``[cards]`` table, longest label first."""
    lex = default_lexicon()
    pairs = [
        (label, name)
        for name in ("category", "arxiv", "title", "tags", "date")
        for label in lex.literals("cards", name)
    ]
    return sorted(pairs, key=lambda p: -len(p[0]))


@memo
def _field_keys_by_initial() -> dict[str, list[tuple[str, str]]]:
    """:func:`_field_keys` by their first character (in the same order): a segment is compared
    with the labels it can start with, not with every label of every language."""
    out: dict[str, list[tuple[str, str]]] = {}
    for label, name in _field_keys():
        if label:
            out.setdefault(label[0], []).append((label, name))
    return out


def _segments(line: str) -> list[str]:
    """One header line → its "key: value" segments (list, quote, table and ``a · b · c``
    layouts)."""
    text = _LEAD_RE.sub("", line, count=1).replace("**", "").replace("__", "").strip()
    if not text:
        return []
    if _SEGMENT_CHAR_RE.search(text) is None:
        return [text]  # no separator: one segment (most header lines)
    parts = [p.strip() for p in _SEGMENT_SPLIT_RE.split(text.strip("|｜ \t")) if p.strip()]
    return parts


def _match_field(segment: str) -> tuple[str, str] | None:
    """``"主分类: evaluation"`` / ``"arXiv 2611.04417"`` / ``"Category"`` → (field, value)."""
    low = segment.casefold()
    for label, name in _field_keys_by_initial().get(low[:1], ()):
        if not low.startswith(label):
            continue
        rest = segment[len(label) :]
        if (
            rest
            and label[-1:].isascii()
            and label[-1:].isalnum()
            and rest[:1].isascii()
            and rest[:1].isalnum()
        ):
            continue  # "ideas:" is not "id"
        sep = _KEY_SEP_RE.match(rest)
        if sep:
            return name, rest[sep.end() :].strip().strip("\"'")
        if not rest.strip() or rest[:1] in " \t":
            if len(label) <= 2 and rest.strip():
                continue  # short labels need a colon ("ID: …")
            return name, rest.strip().strip("\"'")
    return None


def _category(value: str) -> str | None:
    """The main category of a category field: "evaluation (llm-as-judge)" → "evaluation"."""
    head = _VALUE_END_RE.split(value, maxsplit=1)[0].strip(" \t*`'\"")
    return head or None


def _header_fields(text: str) -> tuple[dict[str, str], str]:
    """Card fields by name (first occurrence wins) and the title, from the card's header lines."""
    fields: dict[str, str] = {}
    title = ""
    in_fence = False
    pending: str | None = (
        None  # a label segment whose value is the next segment ("arXiv · 2611.01187")
    )
    seen = 0
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped in ("---", "+++") and seen == 0:
            continue
        if _FENCE_RE.match(line):
            in_fence = not in_fence
            continue
        if in_fence or not stripped:
            continue
        seen += 1
        if seen > _HEADER_LINES:
            break
        if not title:
            hm = _HEADING_RE.match(line)
            if hm:
                title = fields.get("title") or hm[1].strip()  # a front-matter title comes first
                continue
            bold = _BOLD_LINE_RE.fullmatch(stripped)
            if bold and not _match_field(bold[1]):
                title = bold[1].strip()
                continue
        if _DELIMITER_ROW_RE.fullmatch(stripped):
            continue  # a table's delimiter row
        for seg in _segments(line):
            if pending is not None:
                fields.setdefault(pending, seg)
                pending = None
                continue
            hit = _match_field(seg)
            if hit is None:
                continue
            name, value = hit
            if value:
                fields.setdefault(name, value)
            else:
                pending = name
        pending = None
    return fields, title


def _id_from_name(name: str) -> tuple[str | None, str | None, bool]:
    """(card number, arXiv ID, name matched) from a file name like ``1028-2608-14929.md``."""
    m = CARD_NAME.match(name)
    if m is None:
        return None, None, False
    found = normalize_id(f"{m[2]}.{m[3]}")
    return m[1], (found[0] if found else None), True


def _body_id(value: str) -> str | None:
    """The arXiv ID in a card's ``arXiv`` field, whatever form it was written in."""
    found = normalize_id(value)
    if found:
        return found[0]
    ids = find_ids(value)
    return ids[0].id if ids else None


def header_links(text: str) -> list[str]:
    """The card's own addresses: links in its header, before the first section of its body.

    An arXiv link (or arXiv's own DOI) names the paper itself (its ID says so); any other link
    there (the published version's DOI, code, project page) is another address of the same
    paper."""
    links: list[str] = []
    for n, line in enumerate(text.split("\n")):
        if n >= _HEADER_LINES:
            break
        if _HEADING_RE.match(line):
            if not line.lstrip().startswith("# "):
                break  # the body's sections: links there are the paper's references
            continue
        if "." not in line and "/" not in line:
            continue  # no link without a dot or a slash (most header lines)
        for url, _s, _e in find_urls(line):
            if find_ids(url) or is_arxiv_url(url):
                continue  # the paper itself, by its ID; a publisher's DOI is its other address
            key = normalize_url(url)
            if key not in links:
                links.append(key)
    return links


def parse_card(text: str, path: str) -> PaperCard:
    """Card fields from its text; the file name in ``path`` supplies number and ID."""
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    number, arxiv, matched = _id_from_name(name)
    card = PaperCard(path=path, arxiv=arxiv, number=number)
    if matched and arxiv is None:
        card.errors.append(INVALID_NAME_ID)
    if not text.strip():
        card.empty = True
        card.errors.append(EMPTY_CARD)
        return card

    fields, title = _header_fields(text)
    card.links = header_links(text)
    card.title = title or fields.get("title") or title
    if fields.get("category"):
        card.category = _category(fields["category"])
    if "tags" in fields:
        card.tags = [t.strip() for t in _TAG_SPLIT_RE.split(fields["tags"]) if t.strip()]
    if "date" in fields:
        dm = _DATE_RE.search(fields["date"])
        card.date = dm[0] if dm else None
        if (
            dm is None
            and fields["date"]
            and not re.search(r"[A-Za-z\u3400-\u9fff]", fields["date"][:1])
        ):
            card.errors.append(f"date not understood: {fields['date'][:40]}")
    if card.date is None:
        dm = _DATE_RE.search("\n".join(text.split("\n")[:_HEADER_LINES]))
        card.date = dm[0] if dm else None
    if "arxiv" in fields:
        written = _body_id(fields["arxiv"])
        if written is None:
            if find_ids(fields["arxiv"]) or re.search(r"\d{4}\.\d", fields["arxiv"]):
                card.errors.append(f"arXiv field not understood: {fields['arxiv'][:40]}")
        elif card.arxiv is None and not matched:
            card.arxiv = written
        elif card.arxiv is not None and written != card.arxiv:
            card.errors.append(
                f"arXiv ID in the card ({written}) differs from the file name ({card.arxiv}); "
                "using the file name"
            )
    return card


def load_cards(
    root: Path, rel_dir: str = "paper_cards"
) -> tuple[list[PaperCard], list[tuple[str, str]]]:
    """All cards under ``root/rel_dir`` plus (path, message) problems, never raising.

    Unreadable cards are still listed with the ID from their name, so an increment can
    say "there is a card, but it is broken" instead of "no card"."""
    rel_dir = rel_dir.replace("\\", "/").strip("/")
    folder = root / rel_dir
    cards: list[PaperCard] = []
    problems: list[tuple[str, str]] = []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except FileNotFoundError:
        return cards, problems  # no cards folder: nothing filed yet, not an error
    except NotADirectoryError:
        return cards, [(rel_dir, "is a file, not a folder of paper cards")]
    except OSError as exc:
        return cards, [(rel_dir, f"cannot be listed ({(exc.strerror or 'error').lower()})")]

    for entry in entries:
        name = entry.name
        if is_ignored_name(name) or not name.lower().endswith(".md"):
            continue
        rel = f"{rel_dir}/{name}" if rel_dir else name
        if not CARD_NAME.match(name):
            problems.append((rel, NOT_A_CARD_NAME))
            continue
        try:
            is_dir = entry.is_dir()  # follows symlinks; a broken one is not a dir
        except OSError:
            is_dir = False
        if is_dir:
            problems.append((rel, "is a folder, not a paper card; skipped"))
            continue
        try:
            text = read_text(Path(entry.path)).text
        except ReadProblem as exc:
            card = parse_card("", rel)
            card.empty = False
            card.errors = [e for e in card.errors if e != EMPTY_CARD] + [exc.message]
            cards.append(card)
            problems.extend((rel, e) for e in card.errors)
            continue
        card = parse_card(text, rel)
        cards.append(card)
        problems.extend((rel, e) for e in card.errors if e != EMPTY_CARD)
    return cards, problems
