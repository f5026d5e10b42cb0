"""Where a note names an item: identities (arXiv IDs, DOIs, links), sentences, chat lines.

The splitter decides *what* the items of a note are; this module answers the questions it
asks of any piece of text: which papers and pages does it cite, which of its links are
items and which are only the note's own plumbing (its Notion page, a Zotero collection, a
newsletter's unsubscribe link), where its sentences start and end, and whether a line is a
person talking in a pasted chat.  Words and patterns come from the lexicon.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from curator import regex_cache
from curator.arxiv import find_ids
from curator.lexicon import default_lexicon, forget_with_lexicon, memo, text_memo
from curator.repo_links import is_list_repository, repo_root
from curator.urls import find_urls, is_arxiv_url, normalize_url

__all__ = ["Identities", "identities", "is_chat_line", "may_cite", "sentence_spans", "url_role"]

_IP = regex_cache.compile(r"\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\]")
_FILE_LINK = regex_cache.compile(r"\.(?:md|png|jpe?g|gif|svg|webp|pdf\.md)$", re.IGNORECASE)


@dataclass
class Identities:
    """What a piece of text cites, in order of first appearance."""

    arxiv: list[str] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)
    """Links that can be items, as written."""
    aliases: list[str] = field(default_factory=list)
    """Links about a paper (its repo, an article about it): items only where no paper is cited."""
    threads: list[str] = field(default_factory=list)
    """Discussion threads (a forum's item page): an item only where nothing else is cited."""

    @property
    def papers(self) -> list[str]:
        """The distinct things cited: arXiv IDs when there are any, else the item links' keys
        (a code repository or an article counts then), else discussion threads."""
        if self.arxiv:
            return list(self.arxiv)
        keys = [normalize_url(u) for u in (self.urls + self.aliases or self.threads)]
        return list(dict.fromkeys(keys))

    def links(self, around: Identities | None = None) -> list[str]:
        """The links that name things here, given what the text ``around`` them cites: aliases
        only where no paper is cited around, threads only where nothing else is."""
        around = around or self
        out = list(self.urls)
        if not around.arxiv:
            out += self.aliases
        if not (around.arxiv or around.urls or around.aliases):
            out += self.threads
        return out

    def __bool__(self) -> bool:
        return bool(self.arxiv or self.urls or self.aliases or self.threads)


@memo
def _url_tables() -> tuple[
    tuple[str, ...],
    frozenset[str],
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
]:
    lex = default_lexicon()
    return (
        tuple(lex.literals("urls", "workspace_hosts")),
        frozenset(lex.literals("urls", "boilerplate_path_words")),
        tuple(lex.literals("urls", "paper_page_hosts")),
        tuple(lex.literals("urls", "local_schemes")),
        tuple(lex.literals("urls", "thread_hosts")),
        tuple(lex.literals("urls", "everyday_hosts")),
        tuple(lex.literals("urls", "redirect_host_labels")),
    )


def _host_in(host: str, hosts: tuple[str, ...]) -> bool:
    return any(
        host == h or host.endswith("." + h) or (("." not in h) and h in host.split("."))
        for h in hosts
    )


@functools.lru_cache(maxsize=1 << 14)
def url_role(url: str) -> str:
    """``item`` (a page an increment can be), ``alias`` (a page about a paper), ``thread`` (a forum
    discussion of a page), or ``ignore``.

    An alias (a code repository, an article on a paper) is an item of its own only where
    the text around it cites no paper (see :attr:`Identities.papers`).

    Ignored: arXiv itself (its IDs are read separately), images and markdown files (but
    for a file of a code host's repository, "github.com/o/r/blob/main/RESULTS.md": its
    repository), links that manage a subscription or an account, the author's own workspace
    pages (the Notion or Feishu page a note was pasted from) and local app links (``zotero://``).
    """
    if is_arxiv_url(url):
        return "ignore"
    if _FILE_LINK.search(url.split("?", 1)[0].split("#", 1)[0]) and not _in_repository(url):
        return "ignore"
    workspace, boiler, paper_pages, local, threads, everyday, redirects = _url_tables()
    scheme = url.split("://", 1)[0].lower() if "://" in url else ""
    if scheme and scheme not in ("http", "https") and scheme in local:
        return "ignore"
    key = normalize_url(url)
    host, _, path = key.partition("/")
    bare = host.rsplit(":", 1)[0]
    if (
        "." not in bare
        or _IP.fullmatch(bare)
        or _host_in(bare, workspace)
        or _host_in(bare, everyday)
    ):
        # localhost:30000 in a command, an IP, the author's own workspace page, a meeting link
        return "ignore"
    if (
        bare.count(".") >= 2
        and bare.split(".", 1)[0] in redirects
        and path.count("/") <= 1
        and len(path) <= 40
    ):
        return "ignore"  # a mailer's click-tracking redirect: "links.example-news.com/qk7ppr"
    segments = {s for s in re.split(r"[/?&=#._-]+", path.lower()) if s}
    if segments & boiler or _is_feed(path) or _is_listing(key) or is_list_repository(key):
        return "ignore"
    if path.startswith("@") and "/" not in path.rstrip("/"):
        return "ignore"  # a person's profile ("@ana" on a fediverse server, a channel): no item
    if _host_in(host, threads):
        return "thread"
    if _host_in(host, paper_pages):
        return "alias"
    return "item"


forget_with_lexicon(url_role.cache_clear)


@memo
def _no_pages() -> tuple[frozenset[str], tuple[str, ...], frozenset[str]]:
    """``[urls] feed_names``, ``feed_extensions`` and ``listing_pages``: addresses of no page."""
    lex = default_lexicon()
    return (
        frozenset(lex.literals("urls", "feed_names")),
        tuple("." + e for e in lex.literals("urls", "feed_extensions")),
        frozenset(lex.literals("urls", "listing_pages")),
    )


def _is_listing(key: str) -> bool:
    """A site's index of papers (``[urls] listing_pages``), whatever its query asks for; an
    entry that ends with "/" is every page under it (a search written in the path)."""
    base, listings = key.split("?", 1)[0], _no_pages()[2]
    return base in listings or any(p.endswith("/") and base.startswith(p) for p in listings)


def _is_feed(path: str) -> bool:
    """A feed's address (``[urls] feed_names``, ``feed_extensions``): a subscription, no page."""
    last = path.split("?", 1)[0].rstrip("/").rpartition("/")[2].lower()
    names, extensions, _listings = _no_pages()
    return bool(last) and (last in names or last.endswith(extensions))


def _in_repository(url: str) -> bool:
    """Is ``url`` a file of a repository on a code host (see :func:`curator.urls.repo_root`)?"""
    key = normalize_url(url)
    return "/" in key and repo_root(key) is not None


def identities(text: str) -> Identities:
    """The arXiv IDs and links of ``text`` (see :func:`url_role` for which links count)."""
    out = Identities()
    if not may_cite(text):
        return out
    # ordered, without a quadratic scan
    out.arxiv = list(dict.fromkeys(m.id for m in find_ids(text)))
    lists = {"item": out.urls, "alias": out.aliases, "thread": out.threads}
    seen: dict[str, int] = {}
    for u, start, _e in find_urls(text):
        if u in seen:
            continue
        seen[u] = start
        bucket = lists.get(url_role(u))
        if bucket is not None:
            bucket.append(u)
    if out.urls and any(w in text for w in ("rss", "atom", "feed", "xml", "RSS", "Atom")):
        _drop_feed_homes(out, text, seen)
    if len(out.urls) + len(out.aliases) > 1:
        _drop_prefixes(out)
    return out


def _drop_feed_homes(out: Identities, text: str, at: dict[str, int]) -> None:
    """A site whose feed its line gives (an OPML subscription's ``htmlUrl`` beside its
    ``xmlUrl``, "blog: … · feed: …/feed.xml") is subscribed to, no page an item is."""
    feeds = [
        (k, text.count("\n", 0, s))
        for u, s in at.items()
        if _is_feed((k := normalize_url(u)).partition("/")[2])
    ]
    if not feeds:
        return

    def home(u: str) -> bool:
        k, line = normalize_url(u), text.count("\n", 0, at[u])
        return any(f.startswith(k + "/") and fl == line for f, fl in feeds)

    out.urls = [u for u in out.urls if not home(u)]


def may_cite(text: str) -> bool:
    """False when ``text`` can hold no arXiv ID and no link: every ID has a dot or a slash (a new
    one "2608.10001", an old one "hep-th/9901001", or their fullwidth forms, which IDs are read
    through), and every link a dot or a slash ("https://", "www.", "host.tld/").  Four substring
    scans in C instead of two readers per line: a note of 500,000 lines without either spent most
    of its time here."""
    return "." in text or "/" in text or "\uff0e" in text or "\uff0f" in text


def _drop_prefixes(out: Identities) -> None:
    """A link that another link beside it extends ("(github.com/acme)" after a title, then
    github.com/acme/widget) is a site label, not a page of its own."""
    keys = {u: normalize_url(u) for u in (*out.urls, *out.aliases)}
    longer = list(keys.values())

    def shadowed(u: str) -> bool:
        k = keys[u]
        return any(o != k and o.startswith(k + "/") for o in longer)

    out.urls = [u for u in out.urls if not shadowed(u)]
    out.aliases = [u for u in out.aliases if not shadowed(u)]


@memo
def _chat_re() -> re.Pattern[str]:
    return default_lexicon().pattern("chat", "line")


_LEAD = regex_cache.compile(r"^\s*(?:[-*+]\s+|\d{1,3}[.)]\s+)?(?:>\s*)*")


@text_memo
def is_chat_line(line: str) -> bool:
    """True for a person speaking in a pasted chat (``**alice** 09:12 — …``, ``[10:42] alice:
    …``)."""
    text = _LEAD.sub("", line, count=1).replace("**", "").replace("__", "").strip()
    return bool(text) and _chat_re().match(text) is not None


_ABBREV = (
    r"(?<!\bal\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bvs\.)(?<!\bcf\.)(?<!\bFig\.)(?<!\bEq\.)"
    r"(?<!\bSec\.)(?<!\bsec\.)(?<!\bNo\.)(?<!\bno\.)(?<!\bpp\.)(?<!\bDr\.)(?<!\bMr\.)"
    r"(?<!\bMs\.)(?<!\bSt\.)(?<!\bv\d\.)"
)
_CASELESS = "\u0590-\u05ff\u0600-\u06ff\u0900-\u097f\u0e00-\u0e7f\u3040-\u30ff\uac00-\ud7af"
"""Letters of scripts without capitals (Hebrew, Arabic, Devanagari, Thai, kana, Hangul): there any
letter after ". " starts a sentence, as a capital does in Latin text."""
_SENTENCE_END = regex_cache.compile(
    rf"(?<=[.!?]){_ABBREV}\s+(?=[A-Z\"'(\[*_`\u3400-\u9fff{_CASELESS}])|(?<=[。！？])|\n\s*\n"
    r"|\n(?=[ \t]*(?:[-*+·•▸・■□◆◇●○▪▶]|\d{1,3}[.)、]|【|\|)[ \t]*\S)"
)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of the sentences of a paragraph: ". X", "。", "！", blank lines and the start
    of a list line (a bullet, "1.", "【…】", a table row) end one.

    Decimal points, "e.g." and IDs ("2611.12920") do not end a sentence: a sentence ends only
    where the next one starts with a capital, a bracket or CJK text after a space.
    """
    spans = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        end = m.start() if m.group().strip() == "" else m.end()
        if text[start:end].strip():
            spans.append((start, end))
        start = m.end()
    if text[start:].strip():
        spans.append((start, len(text)))
    return spans
