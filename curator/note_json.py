"""A note that is a JSON export, read as what its people wrote.

Teams save what their tools export as is: a chat workspace's channel (``[{"type": "message",
"text": "…", "blocks": […]}, …]``), a notes app's note (``{"title": …, "textContent": "…",
"annotations": [{"url": …, "title": …}]}``).  Read as text, such a note is one long line per
message with ``\\n`` escapes, field names and duplicates (a message's rich-text blocks say its
text again), and its items are not found.  So the JSON document is decoded (data only, never
run) and replaced by each message's text, a blank line between messages, and each attached link
as a list entry; the split note's line numbers are mapped back to the line each message is on.

The field names are ``[json]`` of the lexicon's common table: a workspace can add its tool's.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from typing import Any

from curator.dois import doi_address
from curator.lexicon import default_lexicon, memo
from curator.line_origins import splice, unquoted

__all__ = ["unfold_json"]

_MAX_JSON = 4_000_000
"""Characters of a JSON document that are decoded; a longer one is read as text."""
_MAX_DEPTH = 64
"""Nesting a walk follows: past it, a document is no one's export."""
_LOOK_AHEAD = 400
"""Lines past the last message's a message's own line is looked for (a miss costs no more)."""
_OPENS = re.compile(r"(?m)^[ \t]*(?P<quote>(?:>[ \t]?)*)[\[{][ \t]*(?:$|[\[{\"])")
"""A line opening a JSON document: "[", "{", '[{', '{"' (in a forwarded message: "> [")."""
_FENCE = re.compile(
    r"[ \t]*(?:>[ \t]?)*(?:```|~~~)[ \t]*(?:json|javascript|js)?[ \t]*$", re.IGNORECASE
)
"""A fence around the document (closed by :data:`_FENCE_END`): it only says the text is code."""
_FENCE_END = re.compile(r"[ \t]*(?:>[ \t]?)*(?:```|~~~)[ \t]*$")
_SLACK_LINK = re.compile(r"<((?:https?|mailto):[^|>\s]+)\|([^>\n]+)>")
_SLACK_URL = re.compile(r"<((?:https?|mailto):[^|>\s]+)>")
"""A chat export's own link markup: ``<https://…|title>``, ``<https://…>``."""


@memo
def _fields() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The text, link and title fields, lower-cased, each in the lexicon's order: the first an
    object has is the one read, whatever the run's hash seed."""
    lex = default_lexicon()
    return tuple(  # type: ignore[return-value]
        tuple(dict.fromkeys(f.lower() for f in lex.literals("json", k)))
        for k in ("text_fields", "link_fields", "title_fields")
    )


@memo
def _doi_fields() -> frozenset[str]:
    return frozenset(default_lexicon().literals("json", "doi_fields"))


def _doi(v: Any) -> str | None:
    """A DOI field's value as its paper's address."""
    return doi_address(v) if isinstance(v, str) else None


def unfold_json(text: str) -> tuple[str, list[int] | None]:
    """``text`` with its JSON document read as messages (see the module docstring), and for each
    line the line of ``text`` it comes from; ``(text, None)`` when it holds no such document."""
    if '":' not in text:
        return text, None
    m = _OPENS.search(text)
    if m is None:
        return text, None
    lines = text.split("\n")
    start = text.count("\n", 0, m.start())
    quote = m["quote"]
    end = len(lines) - 1
    while end > start and not lines[end].rstrip().endswith(("}", "]")):
        end -= 1
    inner = unquoted(lines[start : end + 1], quote)
    block = "\n".join(inner or ())
    if inner is None or not block.strip().endswith(("}", "]")) or len(block) > _MAX_JSON:
        return text, None
    try:
        doc = json.loads(block)
    except (ValueError, RecursionError):
        return text, None
    said = list(_said(doc, 0)) if isinstance(doc, (dict, list)) else []
    if not said:
        return text, None
    pieces: list[tuple[str, int]] = []
    at = start
    for piece, raw in said:
        at = _line_of(lines, raw, at, end)
        pieces.append((piece, at))
    if (
        start
        and end + 1 < len(lines)
        and _FENCE.match(lines[start - 1])
        and _FENCE_END.match(lines[end + 1])
    ):
        start, end = start - 1, end + 1  # the fence only said it was code: read, it is text
    return splice(lines, start, end, pieces, quote)


def _said(node: Any, depth: int) -> Iterator[tuple[str, str]]:
    """What the document's people wrote, in order: each object's text (not the blocks that say
    it again), each attached link as ``- [title](url)``; each with the value it was read from."""
    if depth > _MAX_DEPTH:
        return
    texts, links, titles = _fields()
    dois = _doi_fields()
    if isinstance(node, list):
        for x in node:
            yield from _said(x, depth + 1)
        return
    if not isinstance(node, dict):
        return
    keys = {k.lower(): k for k in node if isinstance(k, str)}
    cell = _cell(node, keys)
    if cell is not None:
        if cell:
            yield cell, cell
        return  # a notebook's cell: its text, or (code, output) nothing
    said = next(
        (v for k, v in ((keys[f], node[keys[f]]) for f in texts if f in keys) if _is_text(v)),
        None,
    )
    url = next((node[keys[f]] for f in links if f in keys and _is_url(node[keys[f]])), None)
    if url is None:
        url = next((d for f in dois if f in keys and (d := _doi(node[keys[f]]))), None)
    if said is not None:
        shown = _from_html(said) if _HTML_TAG.search(said) else said
        shown = _SLACK_URL.sub(r"\1", _SLACK_LINK.sub(r"[\2](\1)", shown.strip()))
        title = _title(node, keys, titles)
        if url is not None and title:
            # a reference manager's entry, a bookmark, an annotation: the page it files, its note
            # beneath (a post's own address, with no title, is no page it files)
            indented = "\n".join("  " + ln if ln.strip() else "" for ln in shown.split("\n"))
            yield f"- [{' '.join(title.split())}]({url})\n{indented}", said.strip()
        else:
            yield shown, said.strip()
        for v in node.values():  # its attachments' links, not its text told again
            if isinstance(v, list):
                yield from (s for x in v for s in _links(x, depth + 1))
        return
    if url is not None:
        title = _title(node, keys, titles)
        yield (f"- [{' '.join(title.split())}]({url})" if title else f"- {url}"), url
        return
    for v in node.values():
        yield from _said(v, depth + 1)


@memo
def _cell_fields() -> tuple[tuple[str, ...], frozenset[str], tuple[str, ...]]:
    lex = default_lexicon()
    return (
        tuple(lex.literals("json", "cell_kind_fields")),
        frozenset(lex.literals("json", "code_cells")),
        tuple(lex.literals("json", "cell_text_fields")),
    )


def _cell(node: dict[str, Any], keys: dict[str, str]) -> str | None:
    """A notebook cell's text: a code cell's source and what it printed as a fenced block (an
    ID there is named in passing, never an item of its own); None when ``node`` is no cell."""
    kinds, code, texts = _cell_fields()
    kind = next((node[keys[f]] for f in kinds if f in keys), None)
    if not isinstance(kind, str):
        return None
    src = _joined(next((node[keys[f]] for f in texts if f in keys), ""))
    if kind.lower() not in code:
        return src.strip()
    printed = "\n".join(_strings(node.get("outputs"), 0))
    shown = "\n".join(s for s in (src.strip("\n"), printed.strip("\n")) if s)
    return "```\n" + shown.replace("```", "'''") + "\n```" if shown else ""


def _joined(v: Any) -> str:
    """A notebook's text field: one string, or a list of lines."""
    if isinstance(v, list):
        return "".join(s for s in v if isinstance(s, str))
    return v if isinstance(v, str) else ""


def _strings(node: Any, depth: int) -> Iterator[str]:
    """Every text a cell's outputs hold (a stream's lines, a result's ``text/plain``)."""
    if depth > _MAX_DEPTH:
        return
    if isinstance(node, str):
        yield node
    elif isinstance(node, list) and all(isinstance(x, str) for x in node):
        yield "".join(node)
    elif isinstance(node, list):
        for x in node:
            yield from _strings(x, depth + 1)
    elif isinstance(node, dict):
        for v in node.values():
            if isinstance(v, (dict, list)):
                yield from _strings(v, depth + 1)


def _links(node: Any, depth: int) -> Iterator[tuple[str, str]]:
    """The links a message attaches (a preview's title and address), nothing of their text."""
    if depth > _MAX_DEPTH or not isinstance(node, dict):
        return
    _texts, links, titles = _fields()
    keys = {k.lower(): k for k in node if isinstance(k, str)}
    url = next((node[keys[f]] for f in links if f in keys and _is_url(node[keys[f]])), None)
    title = _title(node, keys, titles)
    if url is not None and title:
        yield f"- [{' '.join(title.split())}]({url})", url


_HTML_TAG = re.compile(r"</?(?:p|a|br|span|em|strong|b|i|div|li|ul|ol)\b[^<>]*>", re.IGNORECASE)
_ANCHOR = re.compile(r"<a\b[^<>]*?\bhref=\"([^\"]*)\"[^<>]*>(.*?)</a>", re.IGNORECASE | re.DOTALL)
_BREAK = re.compile(r"<br\s*/?>|</p>\s*<p[^<>]*>|</(?:p|div|li)>", re.IGNORECASE)
_ANY_TAG = re.compile(r"<[^<>]*>")


def _from_html(text: str) -> str:
    """A message written as HTML (a fediverse post's ``content``) as text: paragraphs and breaks
    as lines, a link as its address (its shown text is cut short: "doi.org/10.1109/ICASSP4…"),
    a hashtag or a mention as its words only, entities read."""

    def anchor(m: re.Match[str]) -> str:
        shown = html.unescape(_ANY_TAG.sub("", m[2])).strip()
        if shown.startswith(("#", "@")):
            return shown  # a hashtag's or a person's page: no item
        return html.unescape(m[1])

    text = _ANCHOR.sub(anchor, _BREAK.sub("\n", text))
    return html.unescape(_ANY_TAG.sub("", text))


def _title(node: dict[str, Any], keys: dict[str, str], titles: tuple[str, ...]) -> str:
    """An entry's title: a title field's text, or the first text of a list there (an annotation
    tool writes ``"title": ["…"]``), or one inside an object it names ("document.title")."""
    for f in titles:
        name, _dot, inner = f.partition(".")
        v = node.get(keys[name]) if name in keys else None
        if inner and isinstance(v, dict):
            v = next((x for k, x in v.items() if isinstance(k, str) and k.lower() == inner), None)
        if isinstance(v, list):
            v = next((x for x in v if _is_text(x)), None)
        if _is_text(v):
            return str(v)
    return ""


def _is_text(v: Any) -> bool:
    return isinstance(v, str) and bool(v.strip())


def _is_url(v: Any) -> bool:
    return isinstance(v, str) and v.startswith(("http://", "https://"))


def _line_of(lines: list[str], raw: str, at: int, end: int) -> int:
    """The line of the document, from ``at`` on, that holds the start of ``raw`` as JSON writes
    it (``at`` itself when none does: the message keeps its neighbour's line)."""
    head = raw.split("\n", 1)[0][:24]
    probes = {json.dumps(head, ensure_ascii=False)[1:-1], json.dumps(head)[1:-1]} - {""}
    for i in range(at, min(end, at + _LOOK_AHEAD) + 1) if probes else ():
        if any(p in lines[i] for p in probes):
            return i
    return at
