"""Which pages of the web are one project or one record: a repository and its release, its
package index page and its documentation site; a CVE under two databases' identifiers.

The matcher asks these of normalised links when it joins items and mentions; each answer is a
pure function of the link and of what the doc anchors.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from curator.record_links import record_key
from curator.repo_links import (
    package_name,
    project_key,
    project_name,
    release_root,
    repo_root,
    root_name,
)

__all__ = ["package_project", "page_root", "project_page", "same_thing"]


def project_page(key: str, pages: Mapping[str, str]) -> str | None:
    """The item's page ``pages`` gives for a repository: its release, or the package page of
    its name."""
    if key in pages:
        return pages[key]
    name = root_name(key)
    return pages.get(name) if name is not None else None


def page_root(key: str, anchored: frozenset[str]) -> str | None:
    """The repository a page of it stands for (:func:`curator.repo_links.repo_root`), or the one
    a release page belongs to when the doc does not anchor that repository (a release of an
    anchored one is news of its own)."""
    root = repo_root(key)
    if root is None and (release := release_root(key)) is not None and release not in anchored:
        root = release
    return root


def same_thing(
    key: str, anchored: frozenset[str], aliases: Mapping[str, str] | None = None
) -> str | None:
    """What a page is one of with pages on other sites: a record (a CVE's NVD entry and its
    record, or its advisory when the notes write the two identifiers as one), or a project (a
    repository and its hub page).  A project the doc anchors under this address stays its own:
    a dataset of an anchored repository is news, as its release is."""
    if (record := record_key(key)) is not None:
        return aliases.get(record, record) if aliases else record
    return project_key(key) if key not in anchored else None


def package_project(key: str, projects: Iterable[str], anchored: frozenset[str]) -> str | None:
    """The one project (:func:`project_key`) whose name a package index's page bears
    ("pypi.org/project/x-y" and "github.com/o/x_y"); None for any other page, and when two
    repositories the notes cite share that name."""
    name = package_name(key) if key not in anchored else None
    if name is None:
        return None
    named = [p for p in projects if "/" in p and project_name(p) == name]  # not a record's ID
    return named[0] if len(named) == 1 else None
