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
from typing import TYPE_CHECKING
from urllib.parse import unquote_plus, urlsplit

if TYPE_CHECKING:
    from curator.lexicon import Lexicon

__all__ = [
    "find_urls",
    "is_arxiv_url",
    "normalize_url",
    "split_url",
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
    "news wiki page pub top club link cloud network systems technology ac "
    "at ch es it se dk fi be pt br mx ar za nz ie cz gr il tr id my th vn ph ng ke ua ro hu sk "
    "si hr lt lv ee is lu no"
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
        end = _past_escapes(text, end)
        url = _trim(text[start:end])
        if start and text[start - 1] in ",;\t" and text[start - 1] in url:
            # a cell of a comma- (or semicolon-, tab-) separated line ends where its separator
            # comes again: "…,github.com/acme/tool/,keep" is the link, then the next cell
            url = _trim(url[: url.index(text[start - 1])])
        if has_scheme and not _HOST_START_RE.match(url, url.index("://") + 3):
            continue  # "https://" followed by nothing that can be a host
        if has_scheme and start and text[start - 1] in "\"'" and _names_a_format(text, start - 1):
            last_end = end
            continue  # an XML namespace, a JSON schema: a name written as an address
        if start >= 4 and text[start - 2 : start] == "](" and _is_image(text, start - 2):
            last_end = end
            continue  # a picture's source ("[![stars](https://img.shields.io/…)](repo)"): no link
        last_end = end
        found.append((url.replace("\\", ""), start, start + len(url)))
    from curator.labelled_ids import with_identifiers  # "doi:10.1/x", "PMID: 4287" are links

    return with_identifiers(text, found)


def _past_escapes(text: str, end: int) -> int:
    """Read on past what a markdown export escaped inside a link ("stim\\-torch", "a\\_b")."""
    while text.startswith("\\", end) and text[end + 1 : end + 2] in ("-", "_", ".", "~", "*"):
        end = _PATH_RE.match(text, end + 2).end()  # type: ignore[union-attr]
    return end


def _names_a_format(text: str, quote: int) -> bool:
    """Is the value opening at ``quote`` an attribute that names a format by an address
    (``xmlns:jr="http://openrosa.org/javarosa"``, ``"$schema": "https://…"``; ``[urls]
    format_attributes``)?"""
    m = _ATTRIBUTE_BEFORE.search(text, max(0, quote - 60), quote)
    if m is None:
        return False
    name = m[1].strip("\"'").lower().partition(":")[0]
    return name in _lexicon().literals("urls", "format_attributes")


_ATTRIBUTE_BEFORE = re.compile(r"([\w$@\"'.:-]+)\s*[=:]\s*$")


def _is_image(text: str, close: int) -> bool:
    """Is the ``]`` at ``close`` the end of a markdown image's text (``![alt]``)?  Read back to
    its ``[`` (nested brackets counted, 200 characters at most)."""
    depth = 0
    for i in range(close, max(-1, close - 200), -1):
        ch = text[i]
        if ch == "]":
            depth += 1
        elif ch == "[":
            depth -= 1
            if depth == 0:
                return i > 0 and text[i - 1] == "!"
        elif ch == "\n" and text[i - 1 : i] == "\n":
            return False  # a paragraph's end
    return False


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

        exact: set[str] = set()
        globs: list[str] = []
        for entry in _lexicon().literals("urls", "tracking_params"):
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
    if not host:  # "http:///x": w3lib before 2.6 kept no host here, 2.6 reads "x" as one
        return ""
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
    if key.endswith(".git") and key.count("/") == 2 and host in _code_hosts():
        key = key[:-4]  # "git clone https://github.com/o/r.git" clones the repository o/r
    if host in _case_blind_hosts():
        parts = key.split("/", 3)
        key = "/".join([*(p.lower() for p in parts[:3]), *parts[3:]])
    if host in ("doi.org", "dx.doi.org"):
        key = _unversioned("doi.org" + _trim_path(path).lower())  # DOIs ignore case: one key
    elif (doi := _doi_path().match(path)) is not None:
        # a publisher's page named by its DOI ("dl.acm.org/doi/abs/10.1145/…",
        # "link.springer.com/article/10.1007/…") is the paper doi.org names
        return _unversioned("doi.org/" + _trim_path("/" + doi.group(1)).lower().lstrip("/"))
    return _aliased(_strip(f"{key}?{query}") if query else key)


def _aliased(key: str) -> str:
    """The page a short link stands for (:mod:`curator.url_aliases`, read on first use)."""
    from curator.url_aliases import aliased

    return aliased(key)


@functools.lru_cache(maxsize=1)
def _code_hosts() -> frozenset[str]:
    """``[urls] code_hosts`` (read on first use: a lookup of an arXiv ID never needs it)."""
    return frozenset(_lexicon().literals("urls", "code_hosts"))


@functools.lru_cache(maxsize=1)
def _case_blind_hosts() -> frozenset[str]:
    """``[urls] case_blind_hosts``: code hosts whose owner and repository names ignore case."""
    return frozenset(_lexicon().literals("urls", "case_blind_hosts"))


_VIEW = re.compile(
    r"(?:v\d{1,3})?(?:\.(?:full|abstract|full-text|article-info|article-metrics|supplementary-material))?"
    r"(?:\.pdf)?$"
)


def _unversioned(key: str) -> str:
    """A preprint server's DOI without the version and view its pages add (``[urls]
    versioned_doi_prefixes``): every version of the preprint is one paper."""
    doi = key.removeprefix("doi.org/")
    if doi.split("/", 1)[0] in _versioned_prefixes():
        return "doi.org/" + _VIEW.sub("", doi)
    return key


@functools.lru_cache(maxsize=1)
def _versioned_prefixes() -> frozenset[str]:
    return frozenset(_lexicon().literals("urls", "versioned_doi_prefixes"))


_DOI_PATHS: list[re.Pattern[str]] = []


def _doi_path() -> re.Pattern[str]:
    """A path that is a DOI after one or two of ``[urls] doi_path_words`` ("/doi/",
    "/doi/abs/", "/article/")."""
    if not _DOI_PATHS:
        words = "|".join(map(re.escape, _lexicon().literals("urls", "doi_path_words")))
        _DOI_PATHS.append(
            re.compile(
                rf"/(?:(?:{words or '(?!x)x'})/){{1,2}}(10\.\d{{4,9}}/[^?#\s]*[^?#\s/])/?$", re.I
            )
        )
    return _DOI_PATHS[0]


_normalize_cached = functools.lru_cache(maxsize=32768)(_normalize)


_FORGETTING: list[bool] = []


def _lexicon() -> Lexicon:
    """The lexicon in use, imported on first need (a lookup of an arXiv ID never reads it).
    What this module derived from it (and the links it normalised by it) is forgotten when a
    workspace brings its own words."""
    from curator.lexicon import default_lexicon, forget_with_lexicon

    if not _FORGETTING:
        forget_with_lexicon(_forget_derived)
        _FORGETTING.append(True)
    return default_lexicon()


def _forget_derived() -> None:
    _TRACKING.clear()
    _DOI_PATHS.clear()
    for cached in (
        _is_tracking,
        _code_hosts,
        _case_blind_hosts,
        _versioned_prefixes,
        _normalize_cached,
    ):
        cached.cache_clear()


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
