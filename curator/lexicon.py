"""The words curator reads notes and docs by, kept as data (``curator/phrases/*.toml``).

Field labels, structural headings, authors' stock remarks ("not ours", "转 rag"),
topic names and their families, tracking parameters: none of this is code, and a
team writes its own.  The packaged files hold one table per kind of knowledge, one
file per language (``common.toml`` for what has none); a workspace adds its own
entries under ``[lexicon]`` in ``curator.toml`` with the same table and key names::

    [lexicon.remarks]
    dismiss = ["nope", "not for us"]

    [lexicon.topics.evaluation]
    names = ["evals", "benchmarking"]

Entries are phrases, matched case-insensitively on word boundaries.  Packaged
entries may be regular expressions (``"re:..."``); a workspace's entries are always
literal, so a shared workspace cannot hand curator a pathological pattern.  The
placeholders ``{topic}`` (any name of the topic at hand), ``{other}`` (any name
of another topic) and ``{person}`` (an author of the inbox) expand in both.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from curator import regex_cache
from curator.phrase_files import merge, packaged_data, phrases_dir
from curator.phrase_regex import guarded_alternation, placeholder_names, regex_parts
from curator.phrase_set import PhraseSet, may_match
from curator.script_fold import fold_script, skim

__all__ = [
    "TEXT_MEMO_SIZE",
    "Lexicon",
    "PhraseSet",
    "default_lexicon",
    "fold_script",
    "forget_texts",
    "forget_with_lexicon",
    "load_lexicon",
    "may_match",
    "memo",
    "packaged_lexicon",
    "phrases_dir",
    "skim",
    "text_memo",
    "use_lexicon",
]

_MAX_WORKSPACE_ENTRIES = 2000


class Lexicon:
    """Lists of phrases by (table, key), and patterns compiled from them on demand."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self._compiled: dict[tuple[str, ...], re.Pattern[str]] = {}
        self._phrase_sets: dict[tuple[str, ...], PhraseSet] = {}
        blob = repr(sorted(_flatten(data))).encode("utf-8", "surrogatepass")
        self.fingerprint = hashlib.blake2b(blob, digest_size=8).hexdigest()

    def words(self, table: str, key: str) -> list[str]:
        """The entries of ``[table] key`` (a dotted table name reaches nested tables)."""
        cur: Any = self.data
        for part in table.split("."):
            cur = cur.get(part, {}) if isinstance(cur, dict) else {}
        value = cur.get(key, []) if isinstance(cur, dict) else []
        return list(value) if isinstance(value, list) else []

    def literals(self, table: str, key: str) -> list[str]:
        """Entries as plain lower-case strings (patterns dropped): for set look-ups."""
        out = []
        for w in self.words(table, key):
            if w.startswith("re:"):
                continue
            out.append(w.removeprefix("lit:").lower())
        return out

    def table(self, table: str) -> dict[str, Any]:
        cur: Any = self.data
        for part in table.split("."):
            cur = cur.get(part, {}) if isinstance(cur, dict) else {}
        return cur if isinstance(cur, dict) else {}

    def pattern(
        self,
        table: str,
        key: str,
        topic: Iterable[str] = (),
        other: Iterable[str] = (),
        person: Iterable[str] = (),
    ) -> re.Pattern[str]:
        """One case-insensitive alternation of ``[table] key``; never matches when empty."""
        if topic == () and other == () and person == ():
            plain = self._compiled.get((table, key))
            if plain is not None:
                return plain  # most callers name no one: skip building the key
        names = placeholder_names(topic, other, person)
        ck = (table, key, *("\x1f".join(v) for v in names.values()))
        hit = self._compiled.get(ck)
        if hit is None:
            source = self._source(table, key, names)
            hit = self._compiled[ck] = regex_cache.compile(source, re.IGNORECASE | re.MULTILINE)
        if not any(names.values()):
            self._compiled[(table, key)] = hit
        return hit

    def source(self, table: str, key: str) -> str:
        """:meth:`pattern`'s regex source, not compiled: for a caller that builds it into a
        regex of its own (compiling a table's alternation only to read it back cost ms each)."""
        return self._source(table, key, placeholder_names((), (), ()))

    def _source(self, table: str, key: str, names: dict[str, tuple[str, ...]]) -> str:
        parts = [p for w in self.words(table, key) if any(p := regex_parts(w, names))]
        return guarded_alternation(parts) if parts else r"(?!x)x"

    def phrases(
        self,
        table: str,
        key: str,
        topic: Iterable[str] = (),
        other: Iterable[str] = (),
        person: Iterable[str] = (),
    ) -> PhraseSet:
        """``[table] key`` as a :class:`PhraseSet`: the same matches as :meth:`pattern`, found
        faster in texts that hold few of its phrases and names (most texts hold none)."""
        names = placeholder_names(topic, other, person)
        ck = (table, key, *("\x1f".join(v) for v in names.values()))
        hit = self._phrase_sets.get(ck)
        if hit is None:
            hit = self._phrase_sets[ck] = PhraseSet(self.words(table, key), names)
        return hit

    def topic_names(self, topic: str, extra: Iterable[str] = ()) -> list[str]:
        """The topic's own name, its packaged/workspace synonyms, then ``extra`` (e.g. the
        doc's)."""
        t = topic.lower()
        names = [t, t.replace("-", " "), t.replace("_", " ")]
        entry = self.table("topics").get(t, {})
        if isinstance(entry, dict):
            names += [
                w.removeprefix("lit:").lower()
                for w in entry.get("names", [])
                if not w.startswith("re:")
            ]
        names += [e.lower() for e in extra]
        return list(dict.fromkeys(n.strip() for n in names if n and n.strip()))

    def topic_family(self, topic: str) -> list[str]:
        """Categories people file this topic's papers under (``[topics.<t>] family``), names
        included."""
        t = topic.lower()
        entry = self.table("topics").get(t, {})
        fam = list(self.topic_names(topic))
        if isinstance(entry, dict):
            fam += [
                w.removeprefix("lit:").lower()
                for w in entry.get("family", [])
                if not w.startswith("re:")
            ]
        return list(dict.fromkeys(fam))


def _flatten(data: Any, prefix: str = "") -> Iterable[str]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _flatten(v, f"{prefix}.{k}")
    elif isinstance(data, list):
        for v in data:
            yield f"{prefix}={v}"


@functools.cache
def packaged_lexicon() -> Lexicon:
    """The packaged phrase tables alone."""
    return Lexicon(packaged_data())


_ACTIVE: list[Lexicon] = []
_CLEARS: list[Callable[[], None]] = []
_EXTRA: list[Mapping[str, Any]] = []
"""The workspace table the lexicon in use was made from (by :func:`use_lexicon_of`)."""


def default_lexicon() -> Lexicon:
    """The lexicon in use: the workspace's (set by :func:`use_lexicon_of` when its config is
    loaded), else the packaged one."""
    return _ACTIVE[0] if _ACTIVE else packaged_lexicon()


def use_lexicon_of(extra: Mapping[str, Any]) -> None:
    """Make the packaged phrases plus *extra* (a workspace's table) the lexicon in use.

    Without a table of its own the packaged lexicon is used, and built only when something
    reads it: a command that reads no note (``decide`` on a kept answer) parses no phrase file.
    """
    if extra:
        use_lexicon(load_lexicon(extra))
        _EXTRA[:] = [extra]
    elif _ACTIVE:  # back to the packaged phrases: forget what the workspace's words made
        _ACTIVE.clear()
        _EXTRA.clear()
        for clear in _CLEARS:
            clear()


def active_extra() -> Mapping[str, Any] | None:
    """The workspace table the lexicon in use was made from ({} for the packaged phrases alone),
    so another process can read with the same words; None when it was set some other way."""
    if not _ACTIVE:
        return {}
    return _EXTRA[0] if _EXTRA else None


def use_lexicon(lexicon: Lexicon) -> None:
    """Make ``lexicon`` the one in use; what was derived from the previous one is forgotten."""
    if default_lexicon().fingerprint == lexicon.fingerprint:
        return
    _ACTIVE[:] = [lexicon]
    _EXTRA.clear()
    for clear in _CLEARS:
        clear()


F = TypeVar("F", bound=Callable[..., Any])


def memo(fn: F) -> F:
    """``functools.cache`` for something derived from the lexicon in use (patterns, tables): it
    is rebuilt when a workspace brings its own words."""
    cached = functools.cache(fn)
    _CLEARS.append(cached.cache_clear)
    return cached  # type: ignore[return-value]


TEXT_MEMO_SIZE = 1 << 16
"""Texts remembered per predicate: more than the distinct headings or lines of any real note."""


def text_memo(fn: F) -> F:
    """A bounded cache of a question asked of note text (a heading, a line) under the lexicon in
    use: a note repeating one heading 60,000 times is asked once, not 60,000 times (each asking
    runs regexes of hundreds of phrases).  Forgotten when a workspace brings its own words."""
    cached = functools.lru_cache(maxsize=TEXT_MEMO_SIZE)(fn)
    _CLEARS.append(cached.cache_clear)
    _TEXT_CLEARS.append(cached.cache_clear)
    return cached  # type: ignore[return-value]


_TEXT_CLEARS: list[Callable[[], None]] = []


def forget_texts(also: Callable[[], None] | None = None) -> None:
    """Empty every :func:`text_memo` (and ``also``): a benchmark timing one note again must pay
    its first reading, not find it remembered."""
    for clear in _TEXT_CLEARS:
        clear()
    if also is not None:
        also()


def forget_with_lexicon(clear: Callable[[], None]) -> None:
    """Run ``clear`` whenever the lexicon in use changes (for caches keyed by something else)."""
    _CLEARS.append(clear)


def load_lexicon(extra: Mapping[str, Any] | None = None) -> Lexicon:
    """The packaged lexicon plus a workspace's ``[lexicon]`` table (literal phrases only)."""
    if not extra:
        return packaged_lexicon()
    return _extended(_freeze(extra))


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), _freeze(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if (
        isinstance(value, tuple)
        and all(isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str) for x in value)
        and value
    ):
        return {k: _thaw(v) for k, v in value}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@functools.lru_cache(maxsize=8)
def _extended(frozen: Any) -> Lexicon:
    import copy

    data = copy.deepcopy(packaged_data())
    extra = _thaw(frozen)
    if isinstance(extra, dict):
        merge(data, extra, trusted=False, budget=[_MAX_WORKSPACE_ENTRIES])
    return Lexicon(data)
