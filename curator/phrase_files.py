"""The packaged phrase files (``curator/phrases/*.toml``) merged into one tree of lists, and a
workspace's ``[lexicon]`` table merged onto it.

Kept apart from :class:`curator.lexicon.Lexicon` (which asks the tree questions) because the
merge is where trust is decided: a packaged entry may be a regular expression, a workspace's is
always literal, and a workspace brings at most a budget of entries.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

_DIR = Path(__file__).with_name("phrases")
_MAX_ENTRY_LEN = 200


def phrases_dir() -> Path:
    return _DIR


@functools.cache
def packaged_data() -> dict[str, Any]:
    """Every packaged file merged (lists concatenate, tables merge), files in name order.

    Kept between runs beside the compiled regexes (:func:`curator.regex_cache.remembered`), for
    these very files and this code: parsing the TOML cost ~35 ms of every process's start (a
    cold UI starts three)."""
    from curator import regex_cache

    files = sorted(_DIR.glob("*.toml"))
    version = " ".join(regex_cache.file_version(str(p)) for p in [Path(__file__), *files])
    data: dict[str, Any] = regex_cache.remembered(
        "phrases", version, "", lambda: _parse(files), _tree_shape
    )
    return data


def _parse(files: list[Path]) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for path in files:
        with open(path, "rb") as fh:
            merge(merged, tomllib.load(fh), trusted=True)
    return merged


def _tree_shape(v: Any) -> bool:
    """What :func:`_parse` makes: tables of tables and lists of strings, nothing else."""
    if type(v) is not dict:
        return False
    for key, value in v.items():
        if type(key) is not str:
            return False
        if type(value) is list:
            if value and set(map(type, value)) != {str}:
                return False
        elif not _tree_shape(value):
            return False
    return True


def merge(
    into: dict[str, Any], data: Mapping[str, Any], *, trusted: bool, budget: list[int] | None = None
) -> None:
    """*data* into *into*: keys lower-cased, lists extended without repeats, tables merged;
    untrusted ``re:`` entries become literal, and a *budget* (one count in a list) caps them."""
    for key, value in data.items():
        key = str(key).lower()
        if isinstance(value, Mapping):
            merge(into.setdefault(key, {}), value, trusted=trusted, budget=budget)
        elif isinstance(value, list | tuple):
            out = into.setdefault(key, [])
            if not isinstance(out, list):
                continue
            seen = set(out)  # a list of 900 stop words was checked for repeats entry by entry
            for v in value:
                if not isinstance(v, str) or not v.strip() or len(v) > _MAX_ENTRY_LEN:
                    continue
                if budget is not None:
                    if budget[0] <= 0:
                        return
                    budget[0] -= 1
                entry = v.strip()
                if not trusted and entry.startswith("re:"):
                    entry = "lit:" + entry  # a workspace never supplies a pattern
                if entry not in seen:
                    seen.add(entry)
                    out.append(entry)
        elif isinstance(value, str) and value.strip():
            out = into.setdefault(key, [])
            if isinstance(out, list) and value.strip() not in out:
                entry = value.strip()
                if not trusted and entry.startswith("re:"):
                    entry = "lit:" + entry
                out.append(entry)
