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
from curator.models import PaperCard
from curator.textio import ReadProblem, is_ignored_name, read_text

__all__ = ["CARD_NAME", "load_cards", "parse_card"]

CARD_NAME = re.compile(r"^(\d{3,5})-(\d{4})-(\d{4,5})\.md$")

EMPTY_CARD = "empty card"
INVALID_NAME_ID = "invalid arXiv ID in file name"
NOT_A_CARD_NAME = "not a paper card name"

_HEADING_RE = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$")
_FIELD_RE = re.compile(r"^[ \t]*[-*+][ \t]+\**([^:：*\n]{1,40}?)\**[ \t]*[:：][ \t]*(.*?)[ \t]*$")
_FENCE_RE = re.compile(r"^ {0,3}(?:`{3,}|~{3,})")
_DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}")
_TAG_SPLIT_RE = re.compile(r"[,，、;；]")

_FIELD_KEYS: dict[str, str] = {
    "arxiv": "arxiv",
    "arxiv id": "arxiv",
    "主分类": "category",
    "分类": "category",
    "main category": "category",
    "category": "category",
    "tags": "tags",
    "tag": "tags",
    "标签": "tags",
    "date": "date",
    "日期": "date",
}


def _id_from_name(name: str) -> tuple[str | None, str | None, bool]:
    """(card number, arXiv ID, name matched) from a file name like ``1028-2608-14929.md``."""
    m = CARD_NAME.match(name)
    if m is None:
        return None, None, False
    found = normalize_id(f"{m[2]}.{m[3]}")
    return m[1], (found[0] if found else None), True


def _body_id(value: str) -> str | None:
    """The arXiv ID in a card's ``- arXiv:`` field, whatever form it was written in."""
    found = normalize_id(value)
    if found:
        return found[0]
    ids = find_ids(value)
    return ids[0].id if ids else None


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

    fields: dict[str, str] = {}
    in_fence = False
    for line in text.split("\n"):
        if _FENCE_RE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        if not card.title:
            hm = _HEADING_RE.match(line)
            if hm:
                card.title = hm[1].strip()
                continue
        fm = _FIELD_RE.match(line)
        if fm:
            key = _FIELD_KEYS.get(" ".join(fm[1].split()).casefold())
            if key and key not in fields:
                fields[key] = fm[2]

    if "category" in fields and fields["category"]:
        card.category = fields["category"]
    if "tags" in fields:
        card.tags = [t.strip() for t in _TAG_SPLIT_RE.split(fields["tags"]) if t.strip()]
    if "date" in fields:
        dm = _DATE_RE.search(fields["date"])
        card.date = dm[0] if dm else None
        if dm is None and fields["date"]:
            card.errors.append(f"date not understood: {fields['date'][:40]}")
    if "arxiv" in fields:
        written = _body_id(fields["arxiv"])
        if written is None:
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
