"""One increment of the briefing, written out: its heading and its fields (sources, links,
arXiv, key points, caveats, relation to the living doc, the section to file it under).

This is the part the relay editor reads line by line before deciding where an increment goes,
so every field is there even when empty ("无" / "none").
"""

from __future__ import annotations

import re

from curator.arxiv import normalize_id
from curator.briefing_blocks import Block
from curator.briefing_model import Entry, arxiv_with_version
from curator.briefing_page import Page
from curator.briefing_points import headline
from curator.briefing_relation import AnchoredNeighbour, OverlapNeighbour
from curator.briefing_text import host, one_line, section_label, section_refs, short_name
from curator.models import SourceRef
from curator.urls import normalize_url

URLS_LISTED = 3
"""Up to this many links are listed one per line; more go on one line."""


def increments(page: Page) -> str:
    """Every entry, main then adjacent."""
    if not page.model.entries:
        return page.words["none_rows"]
    return "\n".join(_increment(page, e) for e in page.model.entries)


def _increment(page: Page, e: Entry) -> str:
    words = page.words
    urls = _url_lines(page, e)
    # a paper's only link is its abstract page: the arXiv line carries it
    arxiv_only = bool(e.arxiv) and all(
        (normalize_id(one_line(u)) or ("",))[0] in e.arxiv for u in e.urls
    )
    lines = [
        _heading(page, e),
        _sources_line(page, e),
        *([] if arxiv_only else urls),
        _arxiv_line(page, e, link=arxiv_only),
        _points_field(page, e),
        list_field(words["caveats"], e.caveats, words["no_caveats"]),
        list_field(words["relation"], _relation_lines(page, e), words["rel_nothing"]),
        f"- {words['target']}: {_target(page, e)}",
    ]
    return "\n".join(lines)


def _heading(page: Page, e: Entry) -> str:
    """ "### 增量 1【KV Cache · §1.3】🔴 Title(arXiv:…)——headline ★★★"."""
    marker = e.priority or ""
    title = e.title
    ids = [arxiv_with_version(a, e.increments) for a in e.arxiv]
    if ids and not all(a in title for a in e.arxiv):
        title += page.paren(f"arXiv:{' / '.join(ids)}")
    if not e.own_title:  # the editor's own title is theirs
        news = one_line(headline(e.headline_points, title))
        if news:
            title += page.words["headline_sep"] + news
    mark = page.words["adj_mark"] if e.adjacent else ""
    lead = f"{marker} " if marker else ""
    head = f"### {page.label(e)}{mark}【{page.section_tag(e.section)}】{lead}{title}"
    if e.stars:
        head += " " + "★" * min(e.stars, 5)
    return head


def source_ref(page: Page, s: SourceRef) -> str:
    """A source as "path(label)"."""
    path = one_line(s.path)
    label = one_line(s.label)
    return path + page.paren(label) if label else path


def _sources_line(page: Page, e: Entry) -> str:
    primary = [s for s in e.sources if not s.mention] or e.sources
    mentions = [s for s in e.sources if s.mention and s not in primary]
    line = f"- {page.words['sources']}: " + " + ".join(source_ref(page, s) for s in primary)
    if mentions:
        refs = " + ".join(source_ref(page, s) for s in mentions)
        line += page.words["also"].format(refs=refs)
    return line


def _url_lines(page: Page, e: Entry) -> list[str]:
    words = page.words
    urls = [f"https://arxiv.org/abs/{a}" for a in e.arxiv]
    seen = {normalize_url(u) for u in urls}
    for u in e.urls:
        cu = one_line(u)
        if cu and normalize_url(cu) not in seen:
            seen.add(normalize_url(cu))
            urls.append(cu)
    if not urls:
        return [f"- {words['url']}: {words['none']}"]
    if len(urls) == 1:
        return [f"- {words['url']}: {urls[0]}"]
    if len(urls) > URLS_LISTED:  # a long list of posts: one line, the links in order
        return [f"- {words['urls']}: " + " · ".join(urls)]
    return [f"- {words['urls']}:", *(f"  - {u}" for u in urls)]


def _arxiv_line(page: Page, e: Entry, *, link: bool) -> str:
    words = page.words
    if not e.arxiv:
        hosts = sorted({host(one_line(u)) for u in e.urls} - {""})
        return f"- {words['arxiv_field']}: " + words["no_arxiv"].format(
            hosts=(" · " + ", ".join(hosts)) if hosts else ""
        )
    parts = []
    for aid in e.arxiv:
        shown = arxiv_with_version(aid, e.increments)
        versions = sorted({v for inc in e.increments for v in inc.arxiv_versions.get(aid, [])})
        if len(versions) > 1:
            shown += words["versions_seen"].format(versions=", ".join(versions))
        card = page.model.cards.get(aid)
        if card is not None:
            shown += words["card"].format(path=one_line(card.path))
        if link:
            shown += f" · https://arxiv.org/abs/{aid}"
        parts.append(shown)
    return f"- {words['arxiv_field']}: " + " / ".join(parts)


def _points_field(page: Page, e: Entry) -> str:
    """Key points, with the notes' tables and fenced code back as Markdown (indented under
    the field, so a "# comment" in the code is never a heading of the briefing)."""
    words = page.words
    if not e.key_points:
        return f"- {words['points']}: {words['no_points']}"
    levels = iter(e.key_point_levels)
    out = [f"- {words['points']}:"]
    after_block = False
    for p in e.key_points:
        if isinstance(p, Block):
            out.extend([*([""] if out[-1] else []), *(f"  {x}" if x else "" for x in p.lines), ""])
            after_block = True
        else:
            out.append(f"{'  ' * (next(levels) + 1)}- {p}")
            after_block = False
    if after_block:
        out.pop()  # the field ends with the block; the next field follows directly
    return "\n".join(out)


def list_field(name: str, values: list[str], empty: str) -> str:
    """ "- Name: value" for none or one, a nested list for more."""
    if len(values) <= 1:
        return f"- {name}: {values[0] if values else empty}"
    return "\n".join([f"- {name}:", *(f"  - {v}" for v in values)])


def _relation_lines(page: Page, e: Entry) -> list[str]:
    words, rel = page.words, e.relation
    if rel.editor_note is not None:
        return rel.editor_note
    out: list[str] = []
    if rel.anchored_in:
        refs = page.join([page.anchor_ref(r) for r in rel.anchored_in])
        out.append(words["rel_self_anchored"].format(refs=refs))
    if rel.reported_in:
        out.append(words["rel_reported"].format(refs=page.join(rel.reported_in)))
    if rel.anchored_elsewhere:
        refs = page.join(
            [
                f"{one_line(r.doc)} {section_label(one_line(r.section))}"
                for r in rel.anchored_elsewhere
            ]
        )
        out.append(words["rel_elsewhere"].format(refs=refs))
    for n in rel.neighbours:
        out.append(_neighbour(page, n))
    return out


def _neighbour(page: Page, n: OverlapNeighbour | AnchoredNeighbour) -> str:
    words = page.words
    if isinstance(n, OverlapNeighbour):
        return words["rel_overlap"].format(
            label=page.label(n.entry), name=short_name(n.entry.title), why=_why(page, n.reason)
        )
    return words["rel_anchored"].format(
        section=page.section_display(n.section),
        name=n.name,
        ids=page.paren(f"arXiv:{'/'.join(n.arxiv)}") if n.arxiv else "",
        date=page.anchored_on(n.date),
        why=words["rel_mentioned"] if n.reason is None else _why(page, n.reason),
    )


def _why(page: Page, reason: str) -> str:
    """The matcher's reason; its shared terms in this language, sorted (the matcher's order
    comes from a set and changes between runs)."""
    r = one_line(reason)
    m = re.search(r"shared terms:\s*(.+)$", r)
    if not m:
        return r
    terms = sorted({x.strip() for x in m.group(1).split(",") if x.strip()})
    return page.words["shared_terms"].format(terms=", ".join(terms))


def _target(page: Page, e: Entry) -> str:
    """The section to file *e* under, and what that section already anchors (its nearest
    neighbours by place)."""
    words = page.words
    shown = page.section_display(e.section)
    refs = section_refs(page.model.section_label(e.section))
    if not refs or e.status == "anchored":
        return shown
    names = page.model.section_anchor_names(refs[0])
    if not names:
        return shown + page.paren(words["target_empty"])
    cut = 6 if len(names) > 7 else 7  # "and 1 more" would take the place of that one name
    listed = page.and_more(names, cut)
    return shown + page.paren(words["target_anchors"].format(n=len(names), names=listed))
