"""The body of one note item, read line by line: its fields ("Key points:", "链接:", a lone
address under the team's own label) fill the item, and the paper and pages it names are gathered.

:mod:`curator.note_items` builds the item around it (title line, own paper, own pages).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from curator.arxiv import find_ids
from curator.fields import Field, labelled, match_field
from curator.item_labels import has_ref, is_file_link, lone_ref
from curator.item_titles import ascii_digits, clean_title
from curator.lexicon import Lexicon, default_lexicon
from curator.mdblocks import LIST_BULLET, plain_inline
from curator.mentions import url_role
from curator.models import Item
from curator.priority import HIGH, LOW, MARKERS, MEDIUM
from curator.section_numbers import ROMAN, SECTION_REF_RE, canonical_section
from curator.urls import find_urls, is_arxiv_url

__all__ = ["BULLET", "BodyReading", "hint_title", "names_page", "parse_hint"]


def _hint_value(value: str) -> str:
    """A hint field's value as written, without its colon and the quotes or brackets around it
    ("“3.2”", "[3.2]", "「Judge reliability」")."""
    v = plain_inline(value).strip().lstrip(":：").strip()
    if v[:1] in _OPENERS:
        v = v.strip(_OPENERS + "”’」』]】»").strip()
    return v


_OPENERS = "\"'“‘「『[【«„"


def parse_hint(value: str) -> str | None:
    """``§1.3 KV …`` → "§1.3"; ``—(agent memory 主题)`` → "-" (belongs nowhere here)."""
    v = _hint_value(value)
    if re.match(r"^§?\s*[\w.．]{1,12}\s*[?？]", v):
        return None  # "1.2.2? (it's French) — your call": a question, not a filing
    m = SECTION_REF_RE.search(v)
    if m:
        return canonical_section(m.group(1)) or "§" + ascii_digits(m.group(1))
    # "2.1", "2.1절", "2.1 (planning)", "C.3" (a bare "2" is a count, not a section)
    m = re.match(
        rf"^((?:(?:{ROMAN}|[A-Z])\.)?\d+(?:\.\d+)+|(?:{ROMAN}|[A-Z])\.\d+)(?![\d.]*\d)(?![A-Za-z])",
        v,
    )
    if m:
        return canonical_section(m.group(1)) or "§" + m.group(1)
    if (cjk := canonical_section(v)) is not None and not v.isdigit():
        return cjk  # "三、评测", "第三章"
    if not v or re.match(r"^[—\-–]+(?:\s|[(（]|$)", v) and re.search(r"[?？]", v):
        # a field left empty (a template's blank) or "— (distillation? overthinking? your
        # call)": undecided, not "nowhere"
        return None
    if re.match(r"^[—\-–]+(?:\s|[(（]|$)", v) or default_lexicon().pattern(
        "hints", "nowhere"
    ).match(v):
        return "-"
    return None


def hint_title(value: str) -> str | None:
    """What a hint field or column holds when it is no number and not "nowhere": a section's
    title ("Judge reliability", "“Issue 修复”"), for the doc to resolve (see
    :func:`curator.evidence.filed_unit`); None for a blank, a question or words around a number
    ("goes in 2.2 (tokenizers)": the number is the hint, or none is)."""
    if parse_hint(value) is not None:
        return None
    v = _hint_value(value)
    if not v or len(v) > 80 or re.search(r"[?？]|\d[.．]\d", v) or not re.search(r"[^\W\d_]", v):
        return None
    return v


BULLET = LIST_BULLET


def names_page(url: str) -> bool:
    """A link that may be the item's own page: not arXiv (its ID says that), no file, no
    redirect."""
    return not is_arxiv_url(url) and not is_file_link(url) and url_role(url) != "ignore"


@dataclass
class BodyReading:
    """An item's body read line by line: its fields fill the item, and the paper and pages it
    names are gathered; an indented line continues the field above it."""

    item: Item
    primary: str | None
    field_urls: list[str] = field(default_factory=list)
    current_field: str | None = None
    field_indent: int = -1
    cited: bool = False  # a line read so far cites something

    def read(self, raw: str) -> None:
        if not raw.strip():
            return
        indent = len(raw) - len(raw.lstrip())
        fm = match_field(raw)
        if fm:
            self.current_field, self.field_indent = fm.kind, indent
            self._field(fm, fm.rest.strip())
        else:
            self._plain(raw, indent)
        self.cited = self.cited or has_ref(raw)

    def _field(self, fm: Field, rest: str) -> None:
        item, kind = self.item, fm.kind
        if kind == "link":
            ids = find_ids(rest)
            if ids and self.primary is None:
                self.primary = ids[0].id
            self.field_urls.extend(u for u, _s, _e in find_urls(rest) if names_page(u))
        elif kind == "hint":
            hint = parse_hint(rest)
            if hint and (item.section_hint in (None, "-") or hint != "-"):
                item.section_hint = (
                    hint if item.section_hint is None or hint != "-" else item.section_hint
                )
            elif hint is None and item.section_title_hint is None:
                item.section_title_hint = hint_title(rest)
        elif kind == "priority":
            item.priority = item.priority or _priority_word(rest)
        elif kind == "title":
            if not item.title and rest:
                item.title = clean_title(plain_inline(rest)) or plain_inline(rest)
        elif kind == "caveat":
            item.caveats.extend(_split_inline_list(rest))
        elif kind == "points" and rest:
            item.points.extend(_split_inline_list(rest))
        elif kind != "skip" and rest:
            item.points.append(f"{fm.name}:{plain_inline(rest)}")

    def _plain(self, raw: str, indent: int) -> None:
        stripped = BULLET.sub("", raw).strip()
        if raw.lstrip().startswith("|"):
            if re.fullmatch(r"[|\s:\-]+", raw.strip()):
                return
            stripped = " | ".join(c.strip() for c in raw.strip().strip("|").split("|"))
        if raw.lstrip().startswith(("```", "~~~")):
            return
        if self.primary is None and not self.field_urls:
            if self._bare_link(stripped):
                return
            if BULLET.match(raw):
                if not self.cited and self._labelled_source(raw):
                    return
                self._lead_citation(stripped)
        if self.current_field is not None and indent > self.field_indent:
            if self.current_field == "caveat":
                self.item.caveats.append(plain_inline(stripped))
                return
        else:
            self.current_field = None
        if stripped:
            self.item.points.append(plain_inline(stripped))

    def _bare_link(self, stripped: str) -> bool:
        """A line that is just a link names the source (not a mailer's redirect, a meeting)."""
        only_url = find_urls(stripped)
        if (
            only_url
            and only_url[0][1] <= 1
            and len(stripped) - (only_url[0][2] - only_url[0][1]) <= 2
            and not is_arxiv_url(only_url[0][0])
            and url_role(only_url[0][0]) != "ignore"
        ):
            self.field_urls.append(only_url[0][0])
            return True
        return False

    def _labelled_source(self, raw: str) -> bool:
        """A first citation that is a lone address under a label the lexicon does not know
        ("- Collegamento: https://…"): a link field in the team's words."""
        lv = labelled(raw)
        if lv is None or has_ref(lv[0]) or not lone_ref(lv[1]):
            return False
        self._field(Field("link", lv[0], lv[1]), lv[1].strip())
        return True

    def _lead_citation(self, stripped: str) -> None:
        """A bullet that opens with an ID or a link names the item's paper or page."""
        ids = find_ids(stripped[:40])
        lead_urls = [u for u, s0, _e in find_urls(stripped) if s0 <= 2]
        if ids and ids[0].start <= 2:
            self.primary = ids[0].id
        elif lead_urls and is_arxiv_url(lead_urls[0]) and find_ids(lead_urls[0]):
            self.primary = find_ids(lead_urls[0])[0].id
        else:
            urls = [u for u, s, _e in find_urls(stripped) if s <= 2 and not is_arxiv_url(u)]
            self.field_urls.extend(urls)


def _priority_word(text: str) -> str | None:
    """The marker a priority field's value names: a marker itself, else the level its first word
    says (``[priority]`` in the phrase files: "high", "高", "P1", "Priorität: hoch")."""
    t = text.strip().lower()
    if t[:1] in MARKERS:
        return t[:1]
    for marker, words in _priority_levels(default_lexicon()):
        if words and t.startswith(words):
            return marker
    return None


@functools.lru_cache(maxsize=8)
def _priority_levels(lex: Lexicon) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each marker with the words of its level, the most urgent first."""
    return tuple(
        (marker, tuple(lex.literals("priority", level)))
        for marker, level in ((HIGH, "high"), (MEDIUM, "medium"), (LOW, "low"))
    )


def _split_inline_list(text: str) -> list[str]:
    """``- a - b`` (a flattened list on one line) → [a, b]."""
    text = plain_inline(text).strip()
    if not text:
        return []
    parts = re.split(r"(?:^|\s)-\s+(?=\S)", text)
    return [p.strip() for p in parts if p.strip()]
