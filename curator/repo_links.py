"""Which repository a code host's page belongs to: a file, a folder, its history or wiki, its
project site.  Notes cite a repository every way; one increment holds them all."""

from __future__ import annotations

import functools
import re

from curator.lexicon import default_lexicon, forget_with_lexicon, memo

__all__ = ["package_name", "project_key", "project_name", "release_root", "repo_root"]


@memo
def _code_hosts() -> frozenset[str]:
    return frozenset(default_lexicon().literals("urls", "code_hosts"))


@memo
def _repo_pages() -> frozenset[str]:
    """``[urls] repo_pages``: the pages of a repository that are that repository."""
    return frozenset(default_lexicon().literals("urls", "repo_pages"))


@memo
def _pages_hosts() -> tuple[tuple[str, str], ...]:
    """``[urls] pages_hosts`` as (site suffix, code host) pairs."""
    pairs = (e.partition("=") for e in default_lexicon().literals("urls", "pages_hosts"))
    return tuple((site, code) for site, _eq, code in pairs if site and code)


@functools.lru_cache(maxsize=4096)
def repo_root(key: str) -> str | None:
    """The repository a code host's page belongs to ("github.com/o/r/tree/main/examples",
    "gitlab.com/o/r/-/blob/main/x.py" → its repository), for a normalised key; None for any
    other page.  Only the pages ``[urls] repo_pages`` names: "huggingface.co/datasets/o/r" is
    a repository of its own, an issue a thread about one, a release news of its own.  A project
    site (``[urls] pages_hosts``: "o.github.io/r/docs") belongs to its repository too."""
    host, _, path = key.partition("/")
    parts = path.split("/")
    for suffix, code_host in _pages_hosts():
        owner = host.removesuffix("." + suffix)
        if owner != host and owner and "." not in owner and parts[0]:
            return f"{code_host}/{owner}/{parts[0]}".lower()  # the project site of a repository
    page = parts[3] if len(parts) > 3 and parts[2] == "-" else parts[2] if len(parts) > 2 else ""
    if len(parts) < 4 or not parts[1] or host not in _code_hosts() or page not in _repo_pages():
        return None
    return f"{host}/{parts[0]}/{parts[1]}"


@memo
def _release_pages() -> frozenset[str]:
    """``[urls] release_pages``: a repository's pages of its releases."""
    return frozenset(default_lexicon().literals("urls", "release_pages"))


@functools.lru_cache(maxsize=4096)
def release_root(key: str) -> str | None:
    """The repository a release page belongs to ("github.com/o/r/releases/tag/v2.0",
    "gitlab.com/o/r/-/releases/v1" → "github.com/o/r"), for a normalised key; None for any other
    page.  A release of a repository the doc does not anchor is that repository's increment (the
    project is new, the note cites the version it read); of an anchored one, news of its own."""
    host, _, path = key.partition("/")
    parts = path.split("/")
    page = parts[3] if len(parts) > 3 and parts[2] == "-" else parts[2] if len(parts) > 2 else ""
    if len(parts) < 3 or not parts[1] or host not in _code_hosts() or page not in _release_pages():
        return None
    return f"{host}/{parts[0]}/{parts[1]}"


@memo
def _project_hosts() -> tuple[str, ...]:
    """``[urls] project_hosts``, longest first ("huggingface.co/datasets", then its host)."""
    return tuple(sorted(default_lexicon().literals("urls", "project_hosts"), key=len, reverse=True))


@functools.lru_cache(maxsize=4096)
def project_key(key: str) -> str | None:
    """The owner and name of the project a page is the root of ("github.com/o/n" and
    "huggingface.co/datasets/o/n" are both "o/n"), for a normalised key; None for any other page
    (an issue, a file, a user's page)."""
    root = repo_root(key) or key
    for place in _project_hosts():
        if root.lower().startswith(place + "/"):
            parts = root[len(place) + 1 :].split("/")
            if len(parts) == 2 and all(parts) and parts[0].lower() not in _not_owners():
                return "/".join(parts).lower()
            return None
    return None


@memo
def _not_owners() -> frozenset[str]:
    """``[urls] project_not_owners``: first path parts that name a kind of page, not an owner."""
    return frozenset(default_lexicon().literals("urls", "project_not_owners"))


@memo
def _package_pages() -> tuple[str, ...]:
    """``[urls] package_pages``, longest first: where a package index's page names a package."""
    return tuple(sorted(default_lexicon().literals("urls", "package_pages"), key=len, reverse=True))


@memo
def _list_prefixes() -> tuple[str, ...]:
    """``[urls] list_repositories``: how the names of curated lists of papers begin."""
    return tuple(default_lexicon().literals("urls", "list_repositories"))


def is_list_repository(key: str) -> bool:
    """Is a normalised key a page of a curated list on a code host ("github.com/o/awesome-3dgs")?
    Such a list indexes papers as a listing page does; it is no work of its own."""
    host, _, path = key.partition("/")
    parts = path.split("/", 2)
    return (
        len(parts) >= 2 and host in _code_hosts() and parts[1].lower().startswith(_list_prefixes())
    )


@memo
def _package_subdomains() -> tuple[str, ...]:
    """``[urls] package_subdomains``, each with its leading dot: hosts whose first label is a
    project's name."""
    return tuple("." + h for h in default_lexicon().literals("urls", "package_subdomains"))


_NAME_SEPARATORS = re.compile(r"[-_.]+")


@functools.lru_cache(maxsize=4096)
def package_name(key: str) -> str | None:
    """The package a package index's page is of ("pypi.org/project/Foo_Bar/1.0" → "foo-bar",
    "foo-bar.readthedocs.io/en/latest" → "foo-bar"), for a normalised key; None for any other
    page.  Names compare as the indexes compare them: case, and runs of "-", "_" and ".", alike."""
    low = key.lower()
    for place in _package_pages():
        if low.startswith(place + "/"):
            return project_name(low[len(place) + 1 :].split("/")[0]) or None
    host = low.partition("/")[0]
    for suffix in _package_subdomains():
        if host.endswith(suffix) and "." not in (name := host[: -len(suffix)]):
            return project_name(name) or None
    return None


def root_name(key: str) -> str | None:
    """The name (:func:`project_name`) of the project a normalised address is the root of
    ("github.com/o/Foo_Bar" → "foo-bar"); None for a page inside one, and for any other page."""
    project = project_key(key) if repo_root(key) is None else None
    return project_name(project) if project is not None and "/" in project else None


def project_name(name: str) -> str:
    """A project's or package's name as :func:`package_name` compares it (the last part of a
    :func:`project_key`)."""
    return _NAME_SEPARATORS.sub("-", name.rpartition("/")[2].lower())


forget_with_lexicon(package_name.cache_clear)
forget_with_lexicon(repo_root.cache_clear)
forget_with_lexicon(project_key.cache_clear)
forget_with_lexicon(release_root.cache_clear)
