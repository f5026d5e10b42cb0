"""What a note says around its items: remarks tied to items, groupings, the author's own links.

Remarks ("[2] is the same as item 1", "Alice: not ours") attach to the item they name; a grouping
("条目3-6 合起来") says several items are one increment; links to the site of an e-mail address in
the note are the senders' own pages.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from curator.arxiv import find_ids
from curator.item_labels import GROUP_HINT, grouping_patterns
from curator.lexicon import default_lexicon, memo
from curator.mail_addresses import mail_addresses
from curator.mdblocks import plain_inline
from curator.models import Item, Remark, SplitNote
from curator.urls import find_urls, normalize_url


@memo
def _tracker() -> re.Pattern[str]:
    """A thread on a code host (``[urls] code_hosts``, ``tracker_paths``), its repository named."""
    lex = default_lexicon()
    hosts = "|".join(map(re.escape, lex.literals("urls", "code_hosts")))
    paths = "|".join(map(re.escape, lex.literals("urls", "tracker_paths")))
    return re.compile(rf"^(?P<repo>(?:{hosts})/[^/\s]+/[^/\s]+)/(?:-/)?(?:{paths})/\d+")


_HEAD_LINES = 8


def _home_repos(text: str) -> set[str]:
    """The repository a pasted issue or pull-request thread comes from (a tracker link at the
    note's head): its files and other threads are the team's own code, not items."""
    repos: set[str] = set()
    head = [ln for ln in text.split("\n", 60)[:60] if ln.strip()][:_HEAD_LINES]
    for u, _s, _e in find_urls("\n".join(head)):
        m = _tracker().match(normalize_url(u))
        if m:
            repos.add(m["repo"].lower())
    return repos


@memo
def _own_page_line() -> re.Pattern[str]:
    """A line that is only a label of ``[notes] own_page_labels`` and one link ("Link to this
    thread: https://…", "**Permalink** <https://…>")."""
    labels = default_lexicon().source("notes", "own_page_labels")
    return re.compile(
        rf"^[ \t>*_#+-]*(?:{labels})[ \t*_]*[:：]?[ \t*_]*<?(?P<url>[^\s<>]+?)>?[ \t*_]*$",
        re.IGNORECASE | re.MULTILINE,
    )


def _labelled_own_pages(text: str) -> set[str]:
    """The addresses a note gives as the page it pastes (see :func:`_own_page_line`)."""
    return {
        normalize_url(u).lower()
        for m in _own_page_line().finditer(text)
        for u, _s, _e in find_urls(m["url"])
    }


_THREAD_NUMBER = re.compile(r"(?<![\w#!])[#!](\d{3,})(?!\w)")
"""A report's, issue's or merge request's number as its title line writes it ("#2719043 …",
"!58 · …")."""


def _numbered_own_pages(text: str) -> set[str]:
    """The address of the thread a note pastes: a link at its head whose last part is the number
    its first line gives the thread ("#2719043 Indirect prompt injection …" over
    ``…/reports/2719043``)."""
    head = [ln for ln in text.split("\n", 60)[:60] if ln.strip()][:_HEAD_LINES]
    numbers = set(_THREAD_NUMBER.findall(head[0])) if head else set()
    if not numbers:
        return set()
    pages = set()
    for u, _s, _e in find_urls("\n".join(head)):
        key = normalize_url(u).lower()
        if "/" in key and key.rstrip("/").rpartition("/")[2] in numbers:
            pages.add(key)
    return pages


def drop_own_links(out: SplitNote, text: str) -> None:
    """Links to the site of an e-mail address in the note (a pasted thread's signature: "Alice
    Example · Acme Labs · https://acme.example/research") are the senders' own pages, not items;
    nor are links into the repository whose thread the note pastes, nor the address it gives
    as the page it pastes ("Link to this thread: …", or under a title line that numbers it)."""
    hosts = {domain for _local, domain in mail_addresses(text)}
    repos = _home_repos(text)
    pages = _labelled_own_pages(text) | _numbered_own_pages(text)
    if not hosts and not repos and not pages:
        return

    def own(url: str) -> bool:
        key = normalize_url(url).lower()
        host = key.split("/", 1)[0]
        return (
            key in pages
            or any(host == h or host.endswith("." + h) for h in hosts)
            or any(key == r or key.startswith(r + "/") for r in repos)
        )

    emptied: set[int] = set()
    for it in [*out.items, *out.carriers]:
        kept = [u for u in it.urls if not own(u)]
        if len(kept) < len(it.urls) and not kept and not it.arxiv and not it.malformed:
            emptied.add(id(it))  # it was only about the team's own page: no item at all
        it.urls = kept
    out.items = [it for it in out.items if id(it) not in emptied]
    out.carriers = [c for c in out.carriers if c.urls or c.mentions or c.malformed]


_BRACKET_REF = re.compile(r"\[(\d{1,3})\]")


_NAME_SEP = re.compile(r"\s*(?:[—–:：(（,，]|-\s|\s-\s|$)")


def attach_remarks(out: SplitNote) -> None:
    """A note's lines about its own items by number or name ("[1] should go in 2.2", "Foo —
    section: data mixing") join those items' text, where hints and verdicts are read; an ID-less
    "item" that is only such a remark stops being an item."""
    cited = [it for it in out.items if it.primary_arxiv or it.urls]
    if not cited:
        return
    targets = _named_items(cited)
    keep: list[Item] = []
    for it in out.items:
        if not (it.primary_arxiv or it.urls or it.mentions) and (
            hits := targets(it.text.split("\n", 1)[0])
        ):
            for h in hits:
                h.text += "\n" + it.text
            continue
        keep.append(it)
    out.items = keep
    for r in out.remarks:
        if r.structural or find_ids(r.text) or find_urls(r.text):
            continue
        for h in targets(r.text):
            if r.text not in h.text:
                h.text += "\n" + r.text


def _named_items(cited: list[Item]) -> Callable[[str], list[Item]]:
    """The items a line speaks of: those it names by number ("[2]"), else the first item whose
    name the line starts with (the longest such name)."""
    by_num: dict[str, list[Item]] = {}
    for it in cited:
        m = re.fullmatch(r"#(\d{1,3})", it.label or "")
        if m:
            by_num.setdefault(m.group(1), []).append(it)
    # the longest name the line starts with, then the first item of that name: found by looking
    # up the line's prefixes of each name length, not by trying every name (remarks × items)
    by_name: dict[str, Item] = {}
    for name, it in _item_names(cited):
        by_name.setdefault(name, it)
    lengths = sorted({len(name) for name in by_name}, reverse=True)

    def targets(text: str) -> list[Item]:
        plain = plain_inline(re.sub(r"^\s*(?:[-*+]\s+|\d{1,3}[.)]\s+)", "", text)).strip()
        hits = (
            [it for n in _BRACKET_REF.findall(plain) for it in by_num.get(n, [])] if by_num else []
        )
        if not hits:
            low = plain.lower()
            for size in lengths:
                it = by_name.get(low[:size]) if size <= len(low) else None
                if it is not None and _NAME_SEP.match(low, size):
                    hits = [it]
                    break
        return [h for i, h in enumerate(hits) if h not in hits[:i]]

    return targets


def _item_names(cited: list[Item]) -> list[tuple[str, Item]]:
    """(lower-cased name, item): the core of each title ("Foo" of "Foo — a bar"), 3 to 40
    characters."""
    names: list[tuple[str, Item]] = []
    for it in cited:
        core = re.split(r"\s[·—–|]\s|[:：(（【]|\s-\s|——", it.title, maxsplit=1)[0].strip(
            " -—·:：*"
        )
        if 3 <= len(core) <= 40 and not core.isdigit():
            names.append((core.lower(), it))
    return names


def find_groups(remarks: list[Remark], items: list[Item]) -> list[tuple[list[str], str]]:
    """ "条目1+2 是…", "条目3-6、8 合起来…": the note itself groups its items."""
    labels = {it.label for it in items if it.label}
    groups: list[tuple[list[str], str]] = []
    if not labels:
        return groups  # a group names labelled items
    grouping, together = grouping_patterns()
    for r in remarks:
        if GROUP_HINT.search(r.text) is None:
            continue  # no "<digit> + <digit>"-like run: the grouping pattern cannot match
        for m in grouping.finditer(r.text):
            spec = m.group("spec")
            if "+" not in spec + m.group("after") and not together.search(spec + m.group("after")):
                continue
            word = m.group("word")
            nums = _expand_spec(spec)
            if len(nums) < 2:
                continue
            cand = []
            for n in nums:
                for lab in (f"{word}{n}", f"{word.capitalize()} {n}", f"#{n}"):
                    if lab in labels:
                        cand.append(lab)
                        break
            if len(cand) >= 2:
                groups.append((cand, r.text))
    return groups


def _expand_spec(spec: str) -> list[int]:
    nums: list[int] = []
    parts = re.split(r"\s*(?:[、,,/&+]|和|与|and)\s*", spec)
    for part in parts:
        part = re.sub(r"^\D*", "", part).strip()
        rng = re.match(r"^(\d+)\s*[-–~]\s*(\d+)$", part)
        if rng:
            a, b = int(rng.group(1)), int(rng.group(2))
            if 0 < b - a < 50:
                nums.extend(range(a, b + 1))
        elif part.isdigit():
            nums.append(int(part))
    return nums
