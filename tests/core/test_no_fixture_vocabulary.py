"""Knowledge is data: no fixture's vocabulary in the code.

Collects what distinguishes the labelled relays — their authors, the names of their items, their
notes' titles — and checks that none of it appears as a word in ``curator/**/*.py``.  Words the
judgment needs (field labels, remarks, topic names and families, structural headings) belong in
``curator/phrases/*.toml``, which a workspace extends; a rule that only one fixture needs is a
defect, and this test is where it shows.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
RELAYS = [
    SHARED / "sample-relay",
    *sorted((SHARED / "dev-relays").glob("*")),
    *sorted((ROOT / "tests" / "relays").glob("*")),
]
SPLIT = re.compile(r"[:：(（—–·,，]| - ")
DATE_PREFIX = re.compile(r"^\d{4}-\d{2}-\d{2}(?:T\d{4})?-")


def _vocabulary() -> set[str]:
    words: set[str] = set()
    for relay in RELAYS:
        inbox = relay / "inbox"
        if not (relay / "expected.json").is_file() or not inbox.is_dir():
            continue
        words.update(a.name.lower() for a in inbox.iterdir() if a.is_dir())
        words.update(DATE_PREFIX.sub("", n.stem).lower() for n in inbox.glob("*/*.md"))
        exp = json.loads((relay / "expected.json").read_text(encoding="utf-8"))
        for group in ("new_increments", "anchored", "off_topic", "previously_reported"):
            for entry in exp.get(group) or []:
                title = entry.get("title", "") if isinstance(entry, dict) else ""
                core = SPLIT.split(title)[0].strip().lower()
                if 3 <= len(core) <= 30:
                    words.add(core)
    return {w for w in words if len(w) >= 3}


def test_fixture_words_stay_out_of_the_code() -> None:
    words = _vocabulary()
    if not words:
        pytest.skip("no labelled relays found (tests expect ../shared beside the repo)")
    assert len(words) > 50, "the vocabulary collector found too little to mean anything"
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "curator").rglob("*.py")):
        text = path.read_text(encoding="utf-8").lower()
        for w in words:
            if re.search(r"(?<![a-z0-9])" + re.escape(w) + r"(?![a-z0-9])", text):
                found.setdefault(w, []).append(str(path.relative_to(ROOT)))
    assert not found, f"fixture vocabulary in code (move it to curator/phrases/*.toml): {found}"
