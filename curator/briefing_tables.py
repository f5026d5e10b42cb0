"""The briefing's tables: claims to verify (caveats and contradictions, with their risk), the
net-new arXiv IDs and those carried over from the living doc.

Every cell goes through :func:`curator.briefing_text.cell`, so a pipe in a note's text cannot
break a row's columns.
"""

from __future__ import annotations

from curator import briefing_caveats
from curator.briefing_model import Entry, arxiv_with_version
from curator.briefing_page import Page
from curator.briefing_relation import anchor_name
from curator.briefing_text import cell, host, one_line, path_part, short_name


def contradictions(page: Page) -> str:
    """One row per caveat and per disagreement between sources, numbered."""
    words = page.words
    rows: list[str] = []
    for e in page.model.entries:
        src = _source_cell(e)
        for c in e.caveats:
            risk = words["risk_" + briefing_caveats.risk(c)]
            text = words["claim"].format(name=short_name(e.title), text=c)
            rows.append(f"| {len(rows) + 1} | {cell(text)} | {cell(src)} | {risk} |")
        for x in e.conflicts:
            text = words["conflict"].format(
                name=short_name(e.title),
                a=x.a,
                sa=path_part(x.a_source),
                b=x.b,
                sb=path_part(x.b_source),
            )
            rows.append(f"| {len(rows) + 1} | {cell(text)} | {cell(src)} | {words['risk_high']} |")
    if not rows:
        return words["no_claims"]
    return "\n".join([words["table_claims"], *rows])


def _source_cell(e: Entry) -> str:
    """What the claims of *e* come from: its arXiv IDs, else the hosts of its links."""
    if e.arxiv:
        return " + ".join(
            f"arXiv:{arxiv_with_version(a, e.increments)}"
            if i == 0
            else arxiv_with_version(a, e.increments)
            for i, a in enumerate(e.arxiv)
        )
    hosts: list[str] = []
    for u in e.urls:
        h = host(one_line(u))
        if h and h not in hosts:
            hosts.append(h)
    return " + ".join(hosts[:3]) or "—"


def arxiv_new(page: Page) -> str:
    """The arXiv IDs this briefing brings, with their paper cards."""
    words, model = page.words, page.model
    if not model.net_new:
        return words["none_rows"]
    rows = []
    for x in model.net_new:
        e = x.entry
        card = model.cards.get(x.arxiv)
        if card is None:
            status = words["no_card"]
        elif card.empty:
            status = words["empty_card"].format(path=one_line(card.path))
        else:
            status = one_line(card.path)
        if any(i.reported_in for i in e.increments):
            status += words["reported_before"]
        aid = arxiv_with_version(x.arxiv, e.increments)
        section = page.section_display(e.section)
        rows.append(f"| {aid} | {cell(e.title)} | {cell(section)} | {cell(status)} |")
    return "\n".join([words["table_new"], *rows])


def arxiv_carried(page: Page) -> str:
    """The arXiv IDs the window's notes mention that the living doc already anchors."""
    words = page.words
    if not page.model.carried:
        return words["none_rows"]
    rows = []
    for x in page.model.carried:
        inc = x.increment
        sections: list[str] = []
        for r in inc.anchored_in:
            if r.section not in sections:
                sections.append(r.section)
        dates = sorted({one_line(r.date) for r in inc.anchored_in if r.date})
        status = words["anchored_on"].format(date="/".join(dates)) if dates else words["anchored"]
        name = anchor_name(inc, inc.anchored_in[0])
        where = " + ".join(page.section_display(s) for s in sections)
        rows.append(f"| {x.arxiv} | {cell(name)} | {cell(where)} | {cell(status)} |")
    return "\n".join([words["table_old"], *rows])
