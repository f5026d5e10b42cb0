"""Paper cards (placeholder reader until the full one lands)."""

from __future__ import annotations

import re
from pathlib import Path

from curator.arxiv import normalize_id
from curator.models import PaperCard
from curator.textio import ReadProblem, read_text

CARD_NAME = re.compile(r"^(\d{3,5})-(\d{4})-(\d{4,5})\.md$")


def parse_card(text: str, path: str) -> PaperCard:
    name = path.rsplit("/", 1)[-1]
    m = CARD_NAME.match(name)
    card = PaperCard(path=path, arxiv=None)
    if m:
        card.number = m.group(1)
        norm = normalize_id(f"{m.group(2)}.{m.group(3)}")
        card.arxiv = norm[0] if norm else None
    if not text.strip():
        card.empty = True
        return card
    for line in text.split("\n"):
        s = line.strip()
        if s.startswith("#") and not card.title:
            card.title = s.lstrip("#").strip()
        fm = re.match(r"^[-*]\s*(主分类|main category|category)\s*[:：]\s*(.+)$", s, re.I)
        if fm:
            card.category = fm.group(2).strip()
        tm = re.match(r"^[-*]\s*tags\s*[:：]\s*(.+)$", s, re.I)
        if tm:
            card.tags = [t.strip() for t in tm.group(1).split(",") if t.strip()]
        dm = re.match(r"^[-*]\s*date\s*[:：]\s*(\d{4}-\d{2}-\d{2})", s, re.I)
        if dm:
            card.date = dm.group(1)
    return card


def load_cards(root: Path, rel_dir: str = "paper_cards") -> tuple[list[PaperCard], list[tuple[str, str]]]:
    cards: list[PaperCard] = []
    problems: list[tuple[str, str]] = []
    base = root / rel_dir
    for p in sorted(base.glob("*.md")):
        rel = f"{rel_dir}/{p.name}"
        try:
            dec = read_text(p)
            card = parse_card(dec.text, rel)
        except ReadProblem as exc:
            card = parse_card("", rel)
            card.empty = False
            card.errors.append(exc.message)
            problems.append((rel, exc.message))
        cards.append(card)
    return cards, problems
