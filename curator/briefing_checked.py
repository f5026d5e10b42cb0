"""What the relay read, and what it found quiet: the "sources checked" list (every in-window
note and recent paper card, with what each gave) and the anchored areas the notes touch
without news.

A reader checks here that nothing was skipped: a note that gave no increment says so, and
says which anchored items it mentioned instead.
"""

from __future__ import annotations

from curator.briefing_facts import QuietArea, merge_quiet_areas
from curator.briefing_model import Entry, file_problem, from_notes
from curator.briefing_page import Page
from curator.briefing_relation import anchor_name
from curator.briefing_text import one_line, section_order, short_name
from curator.models import Item, Note, PaperCard


def sources(page: Page) -> str:
    """One line per note checked, per recent card, and the living doc."""
    contributions = _contributions(page)
    anchored = _anchored_by_note(page)
    lines = [_note_line(page, n, contributions, anchored) for n in page.model.checked_notes]
    for c in sorted(page.model.recent_cards, key=lambda c: c.path):
        lines.append(_card_line(page, c))
    doc_line = page.words["doc_line"].format(version=page.version())
    lines.append(f"- {one_line(page.model.doc.path)} → {doc_line}")
    return "\n".join(lines)


def _contributions(page: Page) -> dict[str, list[str]]:
    """Note path → what it gave ("增量 1「title」(本文 Item 2)")."""
    words = page.words
    out: dict[str, list[str]] = {}
    for e in page.model.entries:
        for s in e.sources:
            item = None if s.mention else _item_for(e, s.path)
            title = one_line(item.title) if item is not None and item.title else short_name(e.title)
            out.setdefault(s.path, []).append(
                words["contrib"].format(
                    label=page.label(e),
                    title=title,
                    nlabel=one_line(s.label) or "—",
                    mention=words["contrib_mention"] if s.mention else "",
                )
            )
    return out


def _item_for(e: Entry, path: str) -> Item | None:
    """The item of *e* that the note at *path* wrote: a primary one first."""
    from curator.analysis import primary_items

    for inc in e.increments:
        for it in primary_items(inc):
            if it.note == path:
                return it
    for inc in e.increments:
        for it in inc.items:
            if it.note == path:
                return it
    return None


def _anchored_by_note(page: Page) -> dict[str, list[str]]:
    """Note path → the anchored items it mentions (those no entry shows), by the doc's name."""
    out: dict[str, list[str]] = {}
    for inc in page.model.analysis.increments:
        if inc.status != "anchored" or inc.id in page.model.entry_of:
            continue
        for s in inc.sources:
            names = out.setdefault(s.path, [])
            name = anchor_name(inc, inc.anchored_in[0]) if inc.anchored_in else one_line(inc.title)
            if name not in names:
                names.append(name)
    return out


def _note_line(
    page: Page, n: Note, contributions: dict[str, list[str]], anchored: dict[str, list[str]]
) -> str:
    words = page.words
    problem = file_problem(n)
    if problem == "empty":
        what = words["empty_file"]
    elif problem:
        what = words["unreadable"].format(why=one_line(problem))
    elif n.kind == "briefing":
        what = words["previous_briefing"]
    elif n.path in contributions:
        what = (";" if page.lang == "zh" else "; ").join(contributions[n.path])
    else:
        what = words["nothing_new"].format(topic=page.model.topic)
        names = anchored.get(n.path, [])
        if names:
            what += words["mentions_anchored"].format(names=page.and_more(names, 4))
    return f"- {one_line(n.path)} → {what}"


def _card_line(page: Page, c: PaperCard) -> str:
    words, model = page.words, page.model
    path = one_line(c.path)
    if c.empty:
        return f"- {path} → {words['empty_file']}"
    if c.errors:
        return f"- {path} → " + words["unreadable"].format(why=one_line("; ".join(c.errors)))
    labels = [page.label(e) for e in model.entries if c.arxiv and c.arxiv in e.arxiv]
    anchored = model.index.anchor_section.get(c.arxiv or "")
    if labels:
        what = words["card_in"].format(labels=page.join(labels))
    elif anchored:
        what = words["card_anchored"].format(section=page.section_display(anchored))
    else:
        what = words["nothing_new"].format(topic=model.topic)
    category = (
        words["category"].format(cat=one_line(c.category)) if c.category else words["no_category"]
    )
    line = words["card_line"].format(
        title=one_line(c.title) or (c.arxiv or ""), category=category, what=what
    )
    return f"- {path} → {line}"


def no_news(page: Page) -> str:
    """Section 五: anchored items the window's notes touch without news, one line per
    thing (a note's name for an anchored item is folded into the doc's own, see
    :func:`curator.briefing_facts.merge_quiet_areas`)."""
    words = page.words
    by_section: dict[str, list[str]] = {}
    for a in merge_quiet_areas(_quiet_areas(page)):
        about = ", ".join(x for x in ("/".join(a.ids), one_line(a.date)) if x)
        by_section.setdefault(a.section, []).append(a.name + (page.paren(about) if about else ""))
    lines = [
        "- "
        + words["no_news"].format(
            section=page.section_display(sec), items=words["no_news_sep"].join(items)
        )
        for sec, items in by_section.items()
    ]
    return "\n".join(lines) or words["none_rows"]


def _quiet_areas(page: Page) -> list[QuietArea]:
    """The anchored items the notes bring that no entry shows, one per (section, name), in
    section order."""
    found: dict[tuple[str, str], QuietArea] = {}
    for inc in page.model.analysis.increments:
        if (
            inc.status != "anchored"
            or not inc.anchored_in
            or inc.id in page.model.entry_of
            or not from_notes(inc)
        ):
            continue
        ref = inc.anchored_in[0]
        name = anchor_name(inc, ref)
        area = found.setdefault(
            (ref.section, name.lower()), QuietArea(ref.section, name, [], ref.date)
        )
        area.ids.extend(a for a in inc.arxiv if a not in area.ids)
        area.date = area.date or ref.date
        area.in_doc = area.in_doc or ref.line > 0
    return [
        a for _k, a in sorted(found.items(), key=lambda kv: (section_order(kv[0][0]), kv[0][1]))
    ]
