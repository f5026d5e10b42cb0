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
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

from curator.regex_needs import regex_needs, squeeze

__all__ = [
    "Lexicon",
    "PhraseSet",
    "default_lexicon",
    "forget_with_lexicon",
    "load_lexicon",
    "may_match",
    "memo",
    "packaged_lexicon",
    "phrases_dir",
    "skim",
    "use_lexicon",
]

_DIR = Path(__file__).with_name("phrases")
_PLACEHOLDER = re.compile(r"\{(topic|other|person)\}")
_MAX_WORKSPACE_ENTRIES = 2000
_MAX_ENTRY_LEN = 200


def phrases_dir() -> Path:
    return _DIR


@functools.cache
def _packaged() -> dict[str, Any]:
    """Every packaged file merged (lists concatenate, tables merge), files in name order."""
    merged: dict[str, Any] = {}
    for path in sorted(_DIR.glob("*.toml")):
        with open(path, "rb") as fh:
            _merge(merged, tomllib.load(fh), trusted=True)
    return merged


def _merge(
    into: dict[str, Any], data: Mapping[str, Any], *, trusted: bool, budget: list[int] | None = None
) -> None:
    for key, value in data.items():
        key = str(key).lower()
        if isinstance(value, Mapping):
            _merge(into.setdefault(key, {}), value, trusted=trusted, budget=budget)
        elif isinstance(value, list | tuple):
            out = into.setdefault(key, [])
            if not isinstance(out, list):
                continue
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
                if entry not in out:
                    out.append(entry)
        elif isinstance(value, str) and value.strip():
            out = into.setdefault(key, [])
            if isinstance(out, list) and value.strip() not in out:
                entry = value.strip()
                if not trusted and entry.startswith("re:"):
                    entry = "lit:" + entry
                out.append(entry)


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
        names = _names(topic, other, person)
        ck = (table, key, *("\x1f".join(v) for v in names.values()))
        hit = self._compiled.get(ck)
        if hit is None:
            parts = [p for w in self.words(table, key) if any(p := _regex_parts(w, names))]
            source = _guarded_alternation(parts) if parts else r"(?!x)x"
            hit = self._compiled[ck] = re.compile(source, re.IGNORECASE | re.MULTILINE)
        if not any(names.values()):
            self._compiled[(table, key)] = hit
        return hit

    def phrases(
        self,
        table: str,
        key: str,
        topic: Iterable[str] = (),
        other: Iterable[str] = (),
        person: Iterable[str] = (),
    ) -> PhraseSet:
        """``[table] key`` as a :class:`PhraseSet`: the same matches as :meth:`pattern`, found faster
        in texts that hold few of its phrases and names (most texts hold none)."""
        names = _names(topic, other, person)
        ck = (table, key, *("\x1f".join(v) for v in names.values()))
        hit = self._phrase_sets.get(ck)
        if hit is None:
            hit = self._phrase_sets[ck] = PhraseSet(self.words(table, key), names)
        return hit

    def topic_names(self, topic: str, extra: Iterable[str] = ()) -> list[str]:
        """The topic's own name, its packaged/workspace synonyms, then ``extra`` (e.g. the doc's)."""
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
        """Categories people file this topic's papers under (``[topics.<t>] family``), names included."""
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


def _names(
    topic: Iterable[str], other: Iterable[str], person: Iterable[str]
) -> dict[str, tuple[str, ...]]:
    """Placeholder names, longest first (an alternation tries them in order)."""
    return {
        "topic": tuple(sorted({n for n in topic if n}, key=len, reverse=True)),
        "other": tuple(sorted({n for n in other if n}, key=len, reverse=True)),
        "person": tuple(sorted({n for n in person if n}, key=len, reverse=True)),
    }


_ONE_WORD = re.compile(r"[A-Za-z0-9]+")
_WORDS = re.compile(r"[a-z0-9]+")


class PhraseSet:
    """The phrases of one ``[table] key``, each tried only on texts that can hold it.

    One alternation of every phrase and every name (81 other topics' names x the redirect
    phrases is 75 KB of regex) costs the regex engine a try of each branch at each position of
    each text.  A phrase cannot match a text that lacks its longest literal word, nor fill a
    placeholder in a text that holds none of its names; so each phrase is compiled on its own,
    once, tried on the texts that hold what it needs, and :meth:`finditer` merges the phrases'
    matches the way the alternation would: leftmost first, the earlier phrase on a tie, the next
    search after the end of the last match.
    """

    def __init__(self, entries: list[str], names: dict[str, tuple[str, ...]]) -> None:
        self.entries = entries
        self.names = names
        # a name of one ASCII word ("rag", "rl") matches only a whole word: look it up among the
        # text's words, not as a substring (which "fragment" and "world" would hold)
        self.lowered = {
            k: tuple((n.lower(), bool(_ONE_WORD.fullmatch(n))) for n in v) for k, v in names.items()
        }
        # per phrase: a word the text must hold, and the placeholders it must fill (an re: phrase's
        # parse says what every match contains: "{other}|{person}" needs neither for certain)
        self.needs: list[tuple[tuple[str, ...] | None, tuple[str, ...]]] = []
        for w in entries:
            literal: tuple[str, ...] | None = None
            slots: tuple[str, ...] = ()
            if w.startswith("re:"):
                words_any, slots = regex_needs(w[3:])
                literal = tuple(fold_script(x) for x in words_any) if words_any else None
            else:
                slots = tuple(sorted(set(_PLACEHOLDER.findall(w))))
                words = [
                    t for chunk in _PLACEHOLDER.split(w.removeprefix("lit:")) for t in chunk.split()
                ]
                words = [t for t in words if t not in ("topic", "other", "person")]
                literal = (fold_script(max(words, key=len).lower()),) if words else None
            self.needs.append((literal, slots))
        self._compiled: dict[int, re.Pattern[str] | None] = {}
        # the phrases by the words they need: a text is searched once per distinct word
        self._always = [i for i, (lit, _s) in enumerate(self.needs) if lit is None]
        self._by_word: dict[str, list[int]] = {}
        for i, (lit, _s) in enumerate(self.needs):
            for w in lit or ():
                self._by_word.setdefault(w, []).append(i)

    def present(self, low: str) -> frozenset[str]:
        """The placeholders some name of which occurs in ``low`` (a lower-cased text)."""
        words: set[str] | None = None
        out = set()
        for k, names in self.lowered.items():
            for nl, one in names:
                if one:
                    words = set(_WORDS.findall(low)) if words is None else words
                    if nl in words:
                        break
                elif nl in low:
                    break
            else:
                continue
            out.add(k)
        return frozenset(out)

    def _entry(self, i: int) -> re.Pattern[str] | None:
        hit = self._compiled.get(i, False)
        if hit is False:
            source = _to_regex(self.entries[i], self.names)
            hit = self._compiled[i] = (
                re.compile(source, re.IGNORECASE | re.MULTILINE) if source else None
            )
        return hit

    def finditer(
        self, text: str, low: str | None = None, present: frozenset[str] | None = None
    ) -> Iterator[re.Match[str]]:
        """What ``re.finditer`` of the whole alternation would yield, in the same order."""
        low = text.lower() if low is None else low
        present = self.present(low) if present is None else present
        folded = _skim_lower(low)  # a phrase written in one script is looked for in both
        chosen = set(self._always)
        for w, idx in self._by_word.items():
            if w in folded:
                chosen.update(idx)
        needs = self.needs
        pats = [
            pat
            for i in sorted(chosen)
            if all(p in present for p in needs[i][1]) and (pat := self._entry(i)) is not None
        ]
        if not pats:
            return
        nxt: list[re.Match[str] | None] = [p.search(text) for p in pats]
        pos = 0
        while True:
            best = None
            for k, m in enumerate(nxt):
                if m is not None and m.start() < pos:
                    m = nxt[k] = pats[k].search(text, pos)
                if m is not None and (best is None or m.start() < best.start()):
                    best = m
            if best is None:
                return
            yield best
            pos = best.end() if best.end() > best.start() else best.start() + 1


def _flatten(data: Any, prefix: str = "") -> Iterable[str]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _flatten(v, f"{prefix}.{k}")
    elif isinstance(data, list):
        for v in data:
            yield f"{prefix}={v}"


# Latin word edges.  Case-sensitive inside (the class holds both cases already): under IGNORECASE the
# regex compiler folds every letter of the class, which made compiling a phrase with 80 names 5x slower.
_HEAD = r"(?-i:(?<![A-Za-z0-9]))"
_TAIL = r"(?-i:(?![A-Za-z0-9]))"


def _alt(names: tuple[str, ...]) -> str:
    """The names, each whole: "not {topic}" reads "not eval" but not "not evaluated".

    Consecutive names with the same kind of edges share one guard on each side (the regex engine
    backtracks into the group when a guard fails, so the first name that fits still wins): the
    same matches as a guard per name, at a fraction of the cost to compile.
    """
    if not names:
        return r"(?!x)x"
    return _guarded_alternation(
        (_HEAD if _latin_edge(n[:1]) else "", re.escape(n), _TAIL if _latin_edge(n[-1:]) else "")
        for n in names
    )


def _latin_edge(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def _guarded_alternation(parts: Iterable[tuple[str, str, str]]) -> str:
    """``(head, body, tail)`` alternatives as one alternation, in order, where consecutive ones with
    the same guards share them: ``H(?:a|b)T`` tries ``a`` then ``b`` exactly as ``HaT|HbT`` does (the
    engine backtracks into the group when ``T`` fails), but compiles and scans several times faster
    than a pair of look-arounds around each of hundreds of phrases."""
    runs: list[tuple[str, str, list[str]]] = []
    for head, body, tail in parts:
        if runs and runs[-1][0] == head and runs[-1][1] == tail:
            runs[-1][2].append(body)
        else:
            runs.append((head, tail, [body]))
    return "|".join(
        head
        + (group[0] if len(group) == 1 and not head and not tail else "(?:" + "|".join(group) + ")")
        + tail
        for head, tail, group in runs
    )


def _to_regex(entry: str, names: dict[str, tuple[str, ...]]) -> str:
    """A phrase → a regex on word boundaries (Latin edges only); ``re:`` entries as they are.
    Chinese characters match in either script ("我们" also reads "我們")."""
    return "".join(_regex_parts(entry, names))


def _regex_parts(entry: str, names: dict[str, tuple[str, ...]]) -> tuple[str, str, str]:
    """``_to_regex`` as (head guard, body, tail guard); a ``re:`` body is grouped, it may hold a ``|``."""
    if entry.startswith("re:"):
        body = _PLACEHOLDER.sub(lambda m: f"(?:{_alt(names[m[1]])})", entry[3:])
        return "", f"(?:{body})" if body else "", ""
    text = entry.removeprefix("lit:")
    pieces = []
    pos = 0
    cjk = _has_cjk(text)
    esc = _escape_scripts if cjk else re.escape
    pad = r"\s*" if cjk else ""  # "与{topic}无关" also reads "与 serving 无关"
    for m in _PLACEHOLDER.finditer(text):
        pieces.append(esc(text[pos : m.start()]))
        pieces.append(f"{pad}(?:{_alt(names[m[1]])}){pad}")
        pos = m.end()
    pieces.append(esc(text[pos:]))
    body = (
        "".join(pieces).replace(r"\ ", r"\s*")
        if _has_cjk(text)
        else "".join(pieces).replace(r"\ ", r"\s+")
    )
    head = _HEAD if _latin_edge(text[:1]) else ""
    tail = _TAIL if _latin_edge(text[-1:]) else ""
    return head, body, tail


def _has_cjk(text: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in text)


@functools.cache
def _script_tables() -> tuple[dict[int, str], dict[str, str]]:
    """(Traditional → Simplified for ``str.translate``, each character → a regex class of its
    forms in both scripts), from the packaged ``[scripts]`` table."""
    data = _packaged().get("scripts", {})
    trad = "".join(data.get("traditional", []))
    simp = "".join(data.get("simplified", []))
    if len(trad) != len(simp):
        return {}, {}
    fold = {ord(t): s for t, s in zip(trad, simp, strict=True)}
    forms: dict[str, set[str]] = {}
    for t, s_ in zip(trad, simp, strict=True):
        group = forms.setdefault(s_, {s_})
        group.add(t)
        forms[t] = group
    return fold, {ch: "[" + "".join(sorted(g)) + "]" for ch, g in forms.items()}


@functools.lru_cache(maxsize=16)
def _skim_lower(low: str) -> str:
    """:func:`skim` of an already lower-cased text, kept while the phrase sets of one reader ask."""
    return squeeze(fold_script(low))


def skim(text: str) -> str:
    """``text`` as :func:`may_match` reads it: lower-cased, one script, whitespace runs as one space."""
    return squeeze(fold_script(text.lower()))


@functools.lru_cache(maxsize=256)
def _pattern_words(source: str) -> tuple[tuple[str, ...], re.Pattern[str]] | None:
    """The words one of which every match of ``source`` holds, and one regex of them all."""
    words, _slots = regex_needs(source)
    if not words:
        return None
    folded = tuple(dict.fromkeys(fold_script(w) for w in words))
    return folded, re.compile("|".join(re.escape(w) for w in sorted(folded, key=len, reverse=True)))


_SHORT = 48
"""Up to this length a text is scanned once by one regex of all the words (measured fastest on
titles and headings); a longer one is searched word by word (a C substring search each)."""


def may_match(rx: re.Pattern[str], skimmed: str) -> bool:
    """False when ``rx`` cannot match the text ``skimmed`` came from (it lacks every word one of
    which each match holds): a cheap test before a regex of hundreds of phrases scans it."""
    known = _pattern_words(rx.pattern)
    if known is None:
        return True
    words, any_word = known
    if len(skimmed) <= _SHORT:
        return any_word.search(skimmed) is not None
    return any(w in skimmed for w in words)


def fold_script(text: str) -> str:
    """``text`` with Traditional Chinese characters in their Simplified form, one for one (offsets
    stay valid): what words are counted and titles compared by."""
    table = _script_tables()[0]
    return text.translate(table) if table else text


def _escape_scripts(text: str) -> str:
    classes = _script_tables()[1]
    return "".join(classes.get(ch) or re.escape(ch) for ch in text)


@functools.cache
def packaged_lexicon() -> Lexicon:
    """The packaged phrase tables alone."""
    return Lexicon(_packaged())


_ACTIVE: list[Lexicon] = []
_CLEARS: list[Callable[[], None]] = []


def default_lexicon() -> Lexicon:
    """The lexicon in use: the workspace's (set by :func:`use_lexicon` when its config is
    loaded), else the packaged one."""
    return _ACTIVE[0] if _ACTIVE else packaged_lexicon()


def use_lexicon(lexicon: Lexicon) -> None:
    """Make ``lexicon`` the one in use; what was derived from the previous one is forgotten."""
    if default_lexicon().fingerprint == lexicon.fingerprint:
        return
    _ACTIVE[:] = [lexicon]
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

    data = copy.deepcopy(_packaged())
    extra = _thaw(frozen)
    if isinstance(extra, dict):
        _merge(data, extra, trusted=False, budget=[_MAX_WORKSPACE_ENTRIES])
    return Lexicon(data)
