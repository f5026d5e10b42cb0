"""URL extraction and normalisation for notes written in markdown, often in Chinese.

Items without an arXiv ID (blog posts, vendor articles) are identified by URL, and
the same page is written many ways across notes: with or without ``www.``, a
trailing slash, tracking parameters, glued to Chinese text or fullwidth
punctuation. ``normalize_url`` gives one key per page so notes can be compared: w3lib
canonicalises the URL (percent-encoding, query order, IDNA, dot segments, fragment), then
curator's rules drop the scheme, ``www.``, default ports, a trailing '/' and the tracking
parameters of ``[urls] tracking_params`` (``curator/phrases/common.toml``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from urllib.parse import unquote_plus, urlsplit

__all__ = [
    "find_urls",
    "is_arxiv_url",
    "normalize_url",
    "split_url",
    "strip_addresses",
    "unversioned",
]

# Characters a URL body may hold. Anything non-ASCII ends it: in these notes a URL glued to
# Chinese text or fullwidth punctuation is far more common than an unencoded IRI. Also ends at
# whitespace and at markdown/HTML delimiters that are not legal in URLs (<>"`|\[]{}^).  So: the
# printable ASCII characters but those, as ranges (the same set written as a negated class
# reaching U+10FFFF took 2.5 ms to compile in each of three patterns, at every start).
_BODY = r"[!#-;=?-Z_a-z~]"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOST_CHARS = r"A-Za-z0-9@._/:-"  # a scheme-less link must not start right after one of these
# Well-known TLDs for scheme-less "host.tld/path" links; deliberately excludes file-like
# endings such as .md, .py, .sh so that "inference.md" or "src/app.py" never look like links.
_TLDS = (
    "com org net edu gov mil int io ai co dev app xyz info biz tech blog site online "
    "cn hk tw jp kr sg in uk de fr nl eu ru ca au us me tv cc so gg ly to fm "
    "news wiki page pub top club link cloud network systems technology ac"
).split()
_TLD_SET = frozenset(_TLDS)
# Hosting domains whose sites are pages of their own even written without a path ("FooBot
# (foo-bot.github.io)"): a project page, a demo, the docs of a library.
_PAGE_HOST_RE = re.compile(
    rf"(?<![{_HOST_CHARS}]){_LABEL}(?:\.{_LABEL})*\.(?:github\.io|gitlab\.io|pages\.dev|netlify\.app|vercel\.app|readthedocs\.io|hf\.space)(?![A-Za-z0-9.-])",
    re.ASCII,
)

# Every pattern starts with a literal or a small character class (lookbehinds come after the
# first character) and avoids re.IGNORECASE, so the regex engine can skip ahead fast.
_SCHEME_URL_RE = re.compile(rf"[hH][tT][tT][pP][sS]?://{_BODY}+", re.ASCII)
_WWW_URL_RE = re.compile(
    rf"[wW](?<![{_HOST_CHARS}][wW])[wW][wW]\.{_LABEL}(?:\.{_LABEL})+(?:[/?#]{_BODY}*)?", re.ASCII
)
# Scheme-less "host.tld/path": find ".tld/" first, then read the host backwards from it.
_TLD_SLASH_RE = re.compile(r"\.([A-Za-z]{2,11})/", re.ASCII)
_REV_HOST_RE = re.compile(rf"{_LABEL}(?:\.{_LABEL})*(?![{_HOST_CHARS}])", re.ASCII)
_HOST_WINDOW = 254  # longest DNS name plus the char before it
_PATH_RE = re.compile(rf"{_BODY}*", re.ASCII)
_PARENS_RE = re.compile(r"[()]")
_PATH_COMMA_RE = re.compile(r",(?![A-Za-z_%])")
_HOST_START_RE = re.compile(r"[A-Za-z0-9\[]")

# Trailing characters that end a sentence or a markdown construct rather than the URL.
_TRAILING = ".,;:!?)]>'\"*_~，。；：）】》、！？"
_EDGES_RE = re.compile(r"\A[\s\x00-\x20]+|[\s\x00-\x20]+\Z")  # as URL parsers strip them
_BREAK_REF_RE = re.compile(r"&#(?:0*(?:9|10|13|32)|x0*(?:9|a|d|20));", re.IGNORECASE)
_PATH_TAIL_RE = re.compile(r"[/;\s\x00-\x20]+\Z")
_STRAY_PERCENT_RE = re.compile(r"%(?![0-9A-Fa-f]{2})")
_PATH_END_RE = re.compile(r"[?#]")
_NETLOC_END_RE = re.compile(r"[/?#\\]")
_SCHEME_RE = re.compile(r"[a-z][a-z0-9+.-]*://", re.ASCII | re.IGNORECASE)


def _trim(url: str) -> str:
    """Cut at an unbalanced ')' ("Foo(https://a.b/c),x") or '(' ("a.b/c(see below"), or at an
    XML attribute's line break ("…/x-1k&#10;1,012 recordings"); drop trailing punctuation,
    keeping parentheses that belong to the URL ("wiki/Foo_(bar)")."""
    if "&#" in url:
        url = _BREAK_REF_RE.split(url, 1)[0]
    if "," in url:
        # "arxiv.org/abs/2608.13263,8-17 锚入": a comma glued to the path ends the URL unless a
        # word goes on after it ("wiki/Washington,_D.C."); commas in the query are kept.
        path_end = len(url.split("?", 1)[0].split("#", 1)[0])
        comma = _PATH_COMMA_RE.search(url, 0, path_end)
        if comma is not None:
            url = url[: comma.start()]
    if "(" not in url:  # the common case, including "[t](url)": no per-character work
        return url.partition(")")[0].rstrip(_TRAILING)
    opened: list[int] = []  # where each "(" not yet closed is
    for m in _PARENS_RE.finditer(url):
        if m.group() == "(":
            opened.append(m.start())
        elif opened:
            opened.pop()
        else:
            url = url[: m.start()]
            break
    else:
        if opened:  # "github.com/a/b(README is empty)": the remark opens after the link
            url = url[: opened[0]]
    while url and url[-1] in _TRAILING:
        if url[-1] == ")" and url.count("(") >= url.count(")"):
            break
        url = url[:-1]
    return url


def _bare_urls(text: str, taken: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans of scheme-less ``host.tld/path`` links outside the sorted ``taken`` spans.

    Most ".tld/" hits sit inside URLs already found; skipping them before reading the
    host backwards keeps a link-heavy 1 MB document at a few milliseconds here.
    """
    spans: list[tuple[int, int]] = []
    covered = 0
    i = 0
    for m in _TLD_SLASH_RE.finditer(text):
        dot = m.start()
        if m.group(1).lower() not in _TLD_SET:
            continue
        while i < len(taken) and taken[i][1] <= dot:
            i += 1
        if dot < covered or (i < len(taken) and taken[i][0] <= dot):
            continue
        before = text[max(0, dot - _HOST_WINDOW) : dot][::-1]
        host = _REV_HOST_RE.match(before)
        if host is None:
            continue
        path = _PATH_RE.match(text, m.end())
        end = path.end() if path else m.end()
        spans.append((dot - host.end(), end))
        covered = end
    return spans


def find_urls(text: str) -> list[tuple[str, int, int]]:
    """``(url_as_written, start, end)`` for http(s), ``www.`` and ``host.tld/path`` links.

    Offsets index ``text``; markdown ``[t](url)``, ``<url>`` and fullwidth or Chinese
    text around a URL are not included in it.
    """
    schemed = [m.span() for m in _SCHEME_URL_RE.finditer(text)]
    spans = [(start, end, True) for start, end in schemed]
    spans += [(*m.span(), False) for m in _WWW_URL_RE.finditer(text)]
    spans += [(start, end, False) for start, end in _bare_urls(text, schemed)]
    if ".io" in text or ".dev" in text or ".app" in text or ".space" in text:
        spans += [(*m.span(), False) for m in _PAGE_HOST_RE.finditer(text)]
    spans.sort(key=lambda span: (span[0], -span[1]))  # at one start, the longest wins
    found: list[tuple[str, int, int]] = []
    last_end = 0
    for start, end, has_scheme in spans:
        if start < last_end:
            continue  # a "www." or bare host inside a URL already taken
        url = _trim(text[start:end])
        if start and text[start - 1] in ",;\t" and text[start - 1] in url:
            # a cell of a comma- (or semicolon-, tab-) separated line ends where its separator
            # comes again: "…,github.com/acme/tool/,keep" is the link, then the next cell
            url = _trim(url[: url.index(text[start - 1])])
        if has_scheme and not _HOST_START_RE.match(url, url.index("://") + 3):
            continue  # "https://" followed by nothing that can be a host
        last_end = end
        found.append((url, start, start + len(url)))
    if "10." in text:  # a DOI written bare or as "doi:10.1126/…" is the address doi.org gives it
        from curator.dois import doi_spans

        taken = [(s, e) for _u, s, e in found]
        extra = [d for d in doi_spans(text) if not any(s <= d[1] < e for s, e in taken)]
        if extra:
            found = sorted(found + extra, key=lambda f: f[1])
    return found


def split_url(url: str) -> tuple[str, str, str]:
    """``(host, path, query)`` of a URL with or without scheme; never raises."""
    url = url.strip()
    if not _SCHEME_RE.match(url):
        url = "http://" + url.lstrip("/")
    try:
        parts = urlsplit(url)
        netloc, path, query = parts.netloc, parts.path, parts.query
    except ValueError:  # e.g. an unbalanced "[" in the host
        rest = url.split("://", 1)[1].split("#", 1)[0]
        rest, _, query = rest.partition("?")
        netloc, slash, path = rest.partition("/")
        path = slash + path
    return _host(netloc), path, query


def _host(netloc: str) -> str:
    """Lower-case host of a netloc without userinfo, default port, trailing dot or ``www.``."""
    host = netloc.rpartition("@")[2].lower()
    while True:  # to a fixed point, so that normalising a key gives the key back
        before = host
        host = _strip(host).rstrip(".:")
        if host.endswith((":80", ":443")):
            host = host.rpartition(":")[0]
        if host.startswith("www.") and "." in host[4:]:  # "www.com" is a host of its own
            host = host[4:]
        if host == before:
            return host


def _strip(text: str) -> str:
    """``text`` without the whitespace and control characters URL parsers drop at its ends."""
    if text and (text[0] <= " " or text[-1] <= " " or text[0].isspace() or text[-1].isspace()):
        return _EDGES_RE.sub("", text)
    return text


def _trim_path(path: str) -> str:
    """A path without trailing '/', an empty ";params" (no part of the page, for w3lib either)
    or whitespace."""
    if path and (path[-1] in "/;" or path[-1] <= " " or path[-1].isspace()):
        return _PATH_TAIL_RE.sub("", path)
    return path


_CANON: list[Callable[[str], str]] = []
_TRACKING: list[Callable[[str], bool]] = []


def _canonicalize(url: str) -> str:
    """``w3lib.url.canonicalize_url``, imported on first use: w3lib pulls in ``urllib.request``
    and ``email`` (~40 ms), which a warm ``curator lookup`` of an arXiv ID never needs."""
    if not _CANON:
        from w3lib.url import canonicalize_url

        _CANON.append(canonicalize_url)
    return _CANON[0](url)


@functools.lru_cache(maxsize=4096)
def _is_tracking(name: str) -> bool:
    """True for a query parameter in ``[urls] tracking_params`` (globs, case-insensitive)."""
    if not _TRACKING:
        import fnmatch

        from curator.lexicon import default_lexicon

        exact: set[str] = set()
        globs: list[str] = []
        for entry in default_lexicon().literals("urls", "tracking_params"):
            if any(c in entry for c in "*?["):
                globs.append(fnmatch.translate(entry))
            else:
                exact.add(entry)
        glob_re = re.compile("|".join(globs)) if globs else None
        frozen = frozenset(exact)

        def test(key: str) -> bool:
            return key in frozen or (glob_re is not None and glob_re.match(key) is not None)

        _TRACKING.append(test)
    key = name.lower()
    if "%" in key or "+" in key:
        key = unquote_plus(key)
    return _TRACKING[0](key)


def _drop_tracking(query: str) -> str:
    return "&".join(p for p in query.split("&") if p and not _is_tracking(p.partition("=")[0]))


_CACHED_LEN = 2048  # longer strings are not URLs worth remembering


def normalize_url(url: str) -> str:
    """Equality key: ``host/path?sorted_query`` without scheme, ``www.``, trailing '/',
    fragment or tracking parameters, so one page written several ways compares equal.

    Percent-encoding, query order, IDNA hosts and dot segments are normalised by
    ``w3lib.url.canonicalize_url``; tracking parameters are ``[urls] tracking_params``
    of the packaged lexicon. Idempotent, and never raises on garbage. A string with no
    host gives "" (no key).
    """
    if len(url) > _CACHED_LEN:
        return _normalize(url)
    return _normalize_cached(url)


def _normalize(url: str) -> str:
    key = _once(url)
    if not key.isascii() or ";" in key or ("%" in url and _STRAY_PERCENT_RE.search(url)):
        # Rare shapes that w3lib reads differently once curator's rules have trimmed them:
        # a host it could not IDNA-encode as written ("¡.."), a ";params" segment (encoded
        # unlike the rest of a path) that becomes the last one, a stray '%' that makes a new
        # escape once decoded ("%2%31" -> "%21"). Go on to the fixed point, so that a key
        # normalises to itself.
        for _ in range(4):
            again = _once(key)
            if again == key:
                break
            key = again
    return key


def _once(url: str) -> str:
    url = _strip(url.replace("&amp;", "&"))  # copied from an HTML mail: its "&" entity-escaped
    if not url:
        return ""
    # The key has no scheme, so every URL is read as http: a key then reads as its URL did.
    scheme = _SCHEME_RE.match(url)
    rest = url[scheme.end() :] if scheme else url.lstrip("/")
    # curator's host and trailing-slash rules first as well, so that w3lib reads a key as
    # it read the URL (it encodes a last ";params" segment unlike the rest of a path).
    cut = _NETLOC_END_RE.search(rest)
    at = cut.start() if cut else len(rest)
    host, tail = _host(rest[:at]), rest[at:]
    end = _PATH_END_RE.search(tail)
    tail = (
        _trim_path(tail) if end is None else _trim_path(tail[: end.start()]) + tail[end.start() :]
    )
    try:
        canon = _canonicalize("http://" + host + tail)
    except Exception:  # untrusted text: a bad port or IPv6 host, an unencodable character
        path, _, query = tail.partition("#")[0].partition("?")
        path = path.replace("\\", "/")
        query = "&".join(sorted(_drop_tracking(query).split("&"))) if query else ""
    else:
        # canonicalize_url always answers "scheme://netloc/path[;params][?query]", sorted.
        netloc, _, rest = canon.partition("://")[2].partition("/")
        path, _, query = rest.partition("?")
        host, path = _host(netloc), "/" + path
        if query:
            query = _drop_tracking(query)
    if not host:  # nothing identifies the page; a key without host would read as one
        return ""
    key = host + _trim_path(path)
    if host in ("doi.org", "dx.doi.org"):
        key = "doi.org" + _trim_path(path).lower()  # DOIs are case-insensitive; one key per paper
    elif (doi := _doi_path().match(path)) is not None:
        # a publisher's page named by its DOI ("dl.acm.org/doi/abs/10.1145/…",
        # "link.springer.com/article/10.1007/…") is the paper doi.org names
        return "doi.org/" + _trim_path("/" + doi.group(1)).lower().lstrip("/")
    return _strip(f"{key}?{query}") if query else key


_DOI_PATHS: list[re.Pattern[str]] = []


def _doi_path() -> re.Pattern[str]:
    """A path that is a DOI after one or two of ``[urls] doi_path_words`` ("/doi/",
    "/doi/abs/", "/article/")."""
    if not _DOI_PATHS:
        from curator.lexicon import default_lexicon

        words = "|".join(map(re.escape, default_lexicon().literals("urls", "doi_path_words")))
        _DOI_PATHS.append(
            re.compile(
                rf"/(?:(?:{words or '(?!x)x'})/){{1,2}}(10\.\d{{4,9}}/[^?#\s]*[^?#\s/])/?$", re.I
            )
        )
    return _DOI_PATHS[0]


_normalize_cached = functools.lru_cache(maxsize=32768)(_normalize)


_QUERY_ID = re.compile(
    r"(?:^|&)[\w.-]{1,20}=(?:arxiv(?::|%3a))?\d{4}\.\d{4,5}(?:v\d{1,3})?(?:&|$)", re.I
)
"""A query parameter whose whole value is an arXiv ID."""


def is_arxiv_url(url: str) -> bool:
    """True for arXiv itself and places that only re-serve arXiv papers (DOI, mirrors, a reader
    whose query names the paper by its ID)."""
    stripped = url.strip()
    if stripped.lower().startswith("10.48550/"):
        return True
    host, path, query = split_url(stripped)
    if query and _QUERY_ID.search(query):
        return True  # a reader that serves the paper named in its query ("?pid=2610.17733")
    path = path.lower()
    if host in ("arxiv.org", "ar5iv.org", "alphaxiv.org") or host.endswith(".arxiv.org"):
        return True
    if host in ("doi.org", "dx.doi.org"):
        return path.startswith("/10.48550/")
    if host == "huggingface.co":
        return path.startswith("/papers/")
    if host in ("semanticscholar.org", "api.semanticscholar.org"):
        return path.startswith("/arxiv/")
    return False


_LINK_HEAD = re.compile(r"(?:https?://|www\.)\S+", re.IGNORECASE)
_WORD_EDGE = re.compile(r"\b")
_NON_SPACE = re.compile(r"\S*")


@functools.lru_cache(maxsize=8)
def _tld_slash(tlds: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"\.(?:" + "|".join(tlds) + ")/", re.IGNORECASE)


@functools.lru_cache(maxsize=8)
def _without_hosts(then: re.Pattern[str] | None) -> re.Pattern[str]:
    if then is None:
        return _LINK_HEAD
    return re.compile(f"{_LINK_HEAD.pattern}|(?:{then.pattern})", re.IGNORECASE | then.flags)


@functools.lru_cache(maxsize=8)
def _alone(then: re.Pattern[str]) -> re.Pattern[str]:
    """``then`` as :func:`_without_hosts` reads it (its last branch), for a text without links."""
    return re.compile(then.pattern, re.IGNORECASE | then.flags)


def _run_start(text: str, end: int) -> int:
    r"""Where the run of ``[\w.-]`` characters ending at ``end`` starts (``end`` when none ends
    there).  Read backwards from each "/" that closes a ".tld": a run ends at one "/" at most, so
    each character is read once (a scan of every run of the text cost 40 µs a linked item)."""
    start = end
    while start > 0:
        ch = text[start - 1]
        if not (ch.isalnum() or ch in "_.-"):  # \w is what str.isalnum() holds, and "_"
            break
        start -= 1
    return start


URL_TLDS = ("com", "org", "net", "io", "ai", "dev", "cn", "xyz", "blog", "app")
"""The top-level domains a bare host ("github.com/…") is recognised by when links are stripped
from words."""


_ARXIV_ID = re.compile(r"\b\d{4}\.\d{4,5}(?:v\d+)?\b|arxiv[:\s]*", re.IGNORECASE)


def strip_addresses(text: str) -> str:
    """``text`` with its links and arXiv IDs (any version, and the word "arXiv") blanked: what
    it says in words."""
    return _ARXIV_ID.sub(" ", strip_links(text, URL_TLDS))


_VERSIONED_ID = re.compile(r"\b(\d{4}\.\d{4,5})v\d+\b")


def unversioned(text: str) -> str:
    """``text`` with every arXiv ID's version suffix dropped ("2604.01562v2" → "2604.01562"): a
    paper's new version says nothing new about where it belongs."""
    return _VERSIONED_ID.sub(r"\1", text) if "v" in text else text


def strip_links(text: str, tlds: tuple[str, ...], then: re.Pattern[str] | None = None) -> str:
    r"""``re.sub(r"(?:https?://|www\.)\S+|\b[\w.-]+\.(?:<tlds>)/\S*|<then>", " ", text,
    flags=re.I)`` in linear time: the same matches, the same replacements.

    That pattern's bare-host branch, tried at each word start of a long run like "a.a.a…", rescans
    the run from each (8,000 characters took 1.8 s).  Here the branches are searched apart, and at
    each position the first that matches there wins, as in the alternation.  A bare host matches
    from a word start ``s`` of a run of ``[\w.-]`` characters that ends in ".tld" right before a
    "/", with at least one character before that dot: the same run, dot and end for every ``s`` in
    it, so each run is read once.  No tld may end another ("io" and "bio"), or a "/" could close
    two."""
    hosts = []  # (run start, the tld's dot, match end)
    for m in _tld_slash(tlds).finditer(text) if "/" in text else ():
        slash = m.end() - 1
        start = _run_start(text, slash)
        if start < slash:
            hosts.append((start, m.start(), _NON_SPACE.match(text, slash + 1).end()))  # type: ignore[union-attr]
    if not hosts:  # no bare host anywhere: the other two branches, as one pattern, in C
        if "://" not in text and "www." not in text.lower():
            # nor a link (every match of the first branch holds one of those): the last alone
            return text if then is None else _alone(then).sub(" ", text)
        return _without_hosts(then).sub(" ", text)
    out: list[str] = []
    pos = 0
    h = 0
    link = _LINK_HEAD.search(text)
    other = then.search(text) if then is not None else None
    while True:
        if link is not None and link.start() < pos:
            link = _LINK_HEAD.search(text, pos)
        if other is not None and other.start() < pos:
            other = then.search(text, pos)  # type: ignore[union-attr]
        host: tuple[int, int] | None = None
        while h < len(hosts):
            run_start, dot, end = hosts[h]
            edge = _WORD_EDGE.search(text, max(pos, run_start)) if dot > pos else None
            if edge is None or edge.start() >= dot:
                h += 1  # no word start left before its dot: this host matches nowhere from here on
                continue
            host = (edge.start(), end)
            break
        starts = [
            (link.start(), 0, link.end()) if link is not None else None,
            (host[0], 1, host[1]) if host is not None else None,
            (other.start(), 2, other.end()) if other is not None else None,
        ]
        best = min((s for s in starts if s is not None), default=None)
        if best is None:
            out.append(text[pos:])
            return "".join(out)
        out.append(text[pos : best[0]])
        out.append(" ")
        pos = best[2]
