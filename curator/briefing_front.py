"""The frame of the briefing: title, marker, header, status lines, closing summary, signature.

These are the parts a reader sees first and last: what the relay covered and how much it
found.  The marker (``<!-- curator:briefing ... -->``) is how a later ``curator analyze``
recognises the file as an earlier briefing of the topic.
"""

from __future__ import annotations

from curator import priority
from curator.briefing_facts import signature_stamp
from curator.briefing_model import Entry, arxiv_with_version, file_problem
from curator.briefing_page import Page
from curator.briefing_text import hours, marker_value, one_line, section_order, short_name
from curator.textio import sanitize
from curator.timeutil import fmt_window

MARKER_PREFIX = "<!-- curator:briefing"


def title(page: Page) -> str:
    date = page.model.analysis.window.until.date().isoformat()
    return page.words["title"].format(topic=page.model.topic, date=date)


def marker(page: Page) -> str:
    analysis = page.model.analysis
    w = analysis.window
    return (
        f"{MARKER_PREFIX} topic={marker_value(analysis.topic)} since={w.since.isoformat()} "
        f"until={w.until.isoformat()} editor={marker_value(page.editor)} -->"
    )


def header(page: Page) -> str:
    words, model = page.words, page.model
    w = model.analysis.window
    span = hours(w.since, w.until)
    lines = [
        words["exec"].format(
            editor=page.editor,
            topic=model.topic,
            window=fmt_window(w.since, w.until),
            hours=span,
        ),
        words["doc"].format(path=one_line(model.doc.path), version=page.version()),
        words["nature"].format(topic=model.topic, hours=span),
    ]
    return "\n".join(f"- {x}" for x in lines)


def _top(entries: list[Entry]) -> list[Entry]:
    """The entries to name first: the 🔴 ones, else the first three."""
    return [e for e in entries if e.priority == priority.HIGH] or entries[:3]


def status(page: Page) -> str:
    """The status lines: how many increments, the notable ones, arXiv IDs, sources checked."""
    words, model = page.words, page.model
    lines = [_count_line(page)]
    notable = _top(model.main)
    if notable:
        names = page.join(
            [
                f"{page.label(e)} {short_name(e.title)}"
                f"{page.paren(page.section_display(e.section))}"
                for e in notable
            ]
        )
        lines.append(words["notable"].format(names=names))
    else:
        lines.append(words["notable_none"])
    new_ids = "/".join(arxiv_with_version(x.arxiv, x.entry.increments) for x in model.net_new)
    old_ids = "/".join(x.arxiv for x in model.carried)
    lines.append(
        words["arxiv"].format(
            new=len(model.net_new),
            old=len(model.carried),
            new_ids=words["id_list"].format(ids=new_ids) if new_ids else "",
            old_ids=words["id_list"].format(ids=old_ids) if old_ids else "",
        )
    )
    notes = model.checked_notes
    cards = model.recent_cards
    bad = sum(1 for n in notes if file_problem(n)) + sum(1 for c in cards if c.empty or c.errors)
    checked = words["checked"].format(notes=len(notes), cards=len(cards))
    if bad:
        checked += words["checked_bad"].format(n=bad)
    lines.append(checked)
    return "\n".join(f"- {x}" for x in lines)


def _count_line(page: Page) -> str:
    words, entries = page.words, page.model.entries
    n = len(entries)
    if n == 0:
        return words["count_zero"]
    adjacent = sum(1 for e in entries if e.adjacent)
    new_ids = {x.arxiv for x in page.model.net_new}
    first = sum(
        1 for e in entries if not e.adjacent and e.status == "new" and new_ids & set(e.arxiv)
    )
    line = words["count"].format(n=n, main=n - adjacent, adj=adjacent, first=first)
    reported = sum(1 for e in entries if e.status == "reported")
    if reported:
        line += words["count_reported"].format(n=reported)
    return line


def summary(page: Page, text: str | None) -> str:
    """The editor's closing text as written, else a drafted conclusion and tonight's focus."""
    if text is not None and text.strip():
        return sanitize(text).strip()
    words, model = page.words, page.model
    if not model.entries:
        return words["summary_zero"]
    main = model.main
    unassigned = words["unassigned"]
    names = page.join(
        [
            f"{short_name(e.title)}{page.paren(model.section_label(e.section) or unassigned)}"
            for e in _top(main) or model.entries[:3]
        ]
    )
    out = [
        words["summary"]
        .format(
            n=len(model.entries),
            main=len(main),
            adj=len(model.entries) - len(main),
            new=len(model.net_new),
            old=len(model.carried),
            top=words["summary_top"].format(names=names),
        )
        .strip()
    ]
    groups: dict[str, list[str]] = {}
    for e in model.entries:
        groups.setdefault(model.section_label(e.section) or unassigned, []).append(
            f"{page.label(e)} {short_name(e.title)}"
        )
    out.append("")
    out.append(words["focus"])
    for sec in sorted(groups, key=section_order):
        shown = page.section_display(sec) if sec != unassigned else sec
        out.append("- " + words["focus_line"].format(section=shown, items=page.join(groups[sec])))
    return "\n".join(out)


def footer(page: Page) -> str:
    """The signature: signed at the window's end in the workspace's zone, not at export time,
    so exporting twice (or the next morning) gives the same line."""
    w = page.model.analysis.window
    stamp = signature_stamp(w.until, page.zone if page.zone is not None else w.until.tzinfo)
    return page.words["footer"].format(
        editor=page.editor,
        signed=stamp,
        topic=page.model.topic,
        hours=hours(w.since, w.until),
    )
