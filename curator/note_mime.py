"""An e-mail pasted with "Show original": its quoted-printable body read as its sender wrote it.

A raw message's text part is often quoted-printable: lines are cut at 76 characters with a soft
break (``=`` at the end: "Link: https://arxiv.org/abs/2604.126=" over "20"), and any character
beyond ASCII is written as its bytes (``=E2=80=94`` for "—").  Read as text, an ID or a hint is
cut in two.  So each quoted-printable part is decoded (the standard library's ``quopri``, in the
charset the part names), line by line as the sender wrote them, and the split note's lines are
mapped back to where each of them starts.  An HTML part beside a text part is left as it is; a
message that is HTML alone (a newsletter) has its HTML decoded.
"""

from __future__ import annotations

import codecs
import quopri
import re

from curator.line_origins import compose, splice

__all__ = ["unfold_mime"]

_QP = re.compile(r"(?im)^[ \t]*content-transfer-encoding:[ \t]*quoted-printable[ \t]*$")
_CHARSET = re.compile(r'(?i)charset\s*=\s*"?([\w.:-]+)"?')
_TYPE = re.compile(r"(?i)^[ \t]*content-type:[ \t]*([\w.+-]+/[\w.+-]+)")
_BOUNDARY = re.compile(r"^--\S")
_HEADER_BACK = 6
"""Lines above the encoding header where its part's Content-Type may be."""
_MAX_LINES = 20_000


def unfold_mime(text: str) -> tuple[str, list[int] | None]:
    """``text`` with each quoted-printable text part decoded, and for each line the line of
    ``text`` it comes from; ``(text, None)`` when it has none."""
    if "rintable" not in text and "RINTABLE" not in text:  # any case mail software writes
        return text, None
    if _QP.search(text) is None:
        return text, None
    lines = text.split("\n")
    # an HTML part beside a text part says the same again; a newsletter is often HTML alone
    plain = any((m := _TYPE.match(ln)) and m[1].lower() == "text/plain" for ln in lines)
    origin: list[int] | None = None
    i = 0
    while i < len(lines):
        if not _QP.match(lines[i]):
            i += 1
            continue
        kind, charset = _part_header(lines, i)
        body = next((j for j in range(i + 1, len(lines)) if not lines[j].strip()), None)
        if body is None or (kind == "text/html" and plain):
            i += 1
            continue
        end = body
        while (
            end + 1 < len(lines) and end - body < _MAX_LINES and not _BOUNDARY.match(lines[end + 1])
        ):
            end += 1
        pieces = _decoded(lines, body + 1, end, charset)
        if not pieces:
            i = end + 1
            continue
        new_text, new_origin = splice(lines, body + 1, end, pieces, apart=False)
        origin = compose(origin, new_origin)
        lines = new_text.split("\n")
        i = body + 1 + sum(p.count("\n") + 1 for p, _at in pieces)
    return ("\n".join(lines), origin) if origin is not None else (text, None)


def _part_header(lines: list[str], at: int) -> tuple[str, str]:
    """(content type, charset) of the part whose encoding header is line ``at``."""
    kind, charset = "text/plain", "utf-8"
    top = at
    while top > 0 and at - top < _HEADER_BACK and lines[top - 1].strip():
        top -= 1  # the part's header block: from the blank line (or boundary) above it
    for line in lines[top : at + _HEADER_BACK]:
        if not line.strip():
            break
        if m := _TYPE.match(line):
            kind = m[1].lower()
        if m := _CHARSET.search(line):
            charset = m[1]
    try:
        codecs.lookup(charset)
    except LookupError:
        charset = "utf-8"
    return kind, charset


def _decoded(lines: list[str], start: int, end: int, charset: str) -> list[tuple[str, int]]:
    """Each line the sender wrote (soft breaks joined), decoded, with the line it starts on."""
    out: list[tuple[str, int]] = []
    held: list[str] = []
    first = start
    for k in range(start, end + 1):
        line = lines[k].rstrip(" \t")
        if not held:
            first = k
        if line.endswith("="):
            held.append(line[:-1])
            continue
        held.append(line)
        raw = "".join(held).encode("utf-8", "surrogateescape")
        out.append((quopri.decodestring(raw).decode(charset, "replace"), first))
        held = []
    if held:
        raw = "".join(held).encode("utf-8", "surrogateescape")
        out.append((quopri.decodestring(raw).decode(charset, "replace"), first))
    return out
