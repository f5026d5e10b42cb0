"""Read untrusted note files safely and turn their bytes into text.

Notes are written by other people and other tools, so a file may be in GBK,
UTF-16, cut mid-character, binary, huge, a dangling symlink, or gone by the
time we open it.  Everything here either returns usable text with plain-words
warnings or raises :class:`ReadProblem` with a one-line reason; it never lets
a decoding error or an OSError escape as a traceback.
"""

from __future__ import annotations

import errno
import functools
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from curator.safe_text import is_ignored_name as is_ignored_name
from curator.safe_text import sanitize as sanitize

MAX_BYTES_DEFAULT = 8 * 1024 * 1024
"""Files larger than this are read only up to the cap, with a warning."""

_MB = 1024 * 1024
_SNIFF_BYTES = 8192
# A multibyte character cut at the end leaves at most this many bytes behind
# (UTF-8 and GB18030 use up to 4 bytes, UTF-16 a 4-byte surrogate pair).
_MAX_TAIL = 3
_CJK_SAMPLE_CHARS = 256 * 1024

# (BOM, codec, name shown in warnings).  UTF-32 LE must come before UTF-16 LE
# because its BOM starts with the UTF-16 LE BOM.
_BOMS: tuple[tuple[bytes, str, str], ...] = (
    (b"\xef\xbb\xbf", "utf-8-sig", "UTF-8"),
    (b"\xff\xfe\x00\x00", "utf-32", "UTF-32"),
    (b"\x00\x00\xfe\xff", "utf-32", "UTF-32"),
    (b"\xff\xfe", "utf-16", "UTF-16"),
    (b"\xfe\xff", "utf-16", "UTF-16"),
)
_TRUNCATION_REASONS = frozenset(
    {"unexpected end of data", "truncated data", "incomplete multibyte sequence"}
)

# Bytes that make a file look binary when frequent: C0 controls other than
# whitespace and ESC (ANSI-coloured logs are still text).
_CONTROL_BYTES = bytes(sorted(set(range(0x20)) - {0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B}))
_ASCII_BYTES = bytes(range(0x80))

_IDEOGRAPH = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"


@functools.cache
def _ideographs(run: bool) -> re.Pattern[str]:
    """Compiled on first use (~5 ms: the astral ranges make big tables), not when the UI starts."""
    return re.compile(f"[{_IDEOGRAPH}]{{2}}" if run else f"[{_IDEOGRAPH}]")


_BAD_CONTROL = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")


@dataclass
class Decoded:
    """A file's text plus everything the UI needs to say how trustworthy it is."""

    text: str
    """Decoded text, newlines normalised to '\\n', BOM removed."""
    encoding: str
    """'utf-8', 'utf-8-sig', 'utf-16', 'utf-32', 'gb18030', a detector name, or 'utf-8
    (replaced)'."""
    guessed: bool
    """True when the encoding is a guess (GB18030, detector, replacement)."""
    damaged: bool
    """True when undecodable bytes were replaced with U+FFFD."""
    truncated: bool
    """True when the file exceeded max_bytes and only the start was read."""
    size: int
    """Size on disk in bytes."""
    mtime: float
    sha1: str
    """Hash of the raw bytes read, for change detection."""
    warnings: list[str] = field(default_factory=list)
    """Plain-words notes for the user, e.g. 'encoding guessed as GB18030'."""


class ReadProblem(Exception):
    """Raised with a plain-words message for files that cannot be used at all."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# --------------------------------------------------------------------------
# Small pure helpers


def normalize_newlines(text: str) -> str:
    """Turn CRLF and lone CR into LF so every parser splits lines the same way."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def is_probably_binary(data: bytes) -> bool:
    """Whether bytes look like a binary file rather than text.

    True for NUL bytes in the first 8 KB (unless it is well-formed UTF-16/32
    with a BOM) or a high share of non-whitespace control bytes.
    """
    return _looks_binary(data, complete=True)


def _looks_binary(data: bytes, *, complete: bool) -> bool:
    """is_probably_binary, knowing whether ``data`` is the whole file."""
    head = data[:_SNIFF_BYTES]
    if not head:
        return False
    bom = _find_bom(head)
    if bom is not None and bom[1] != "utf-8-sig":
        # A BOM claims UTF-16/32, where NULs are normal; believe it only if the
        # bytes really decode.  Garbage behind a BOM is still garbage.
        whole = complete and len(data) <= _SNIFF_BYTES
        try:
            text, tail = _strict_allowing_tail(head, bom[1])
        except UnicodeDecodeError:
            pass
        else:
            if not (whole and tail):
                return len(_BAD_CONTROL.findall(text)) > 0.1 * max(len(text), 1)
    if b"\x00" in head:
        return True
    controls = len(head) - len(head.translate(None, _CONTROL_BYTES))
    threshold = 0.1 if len(head) >= 256 else 0.3
    return controls > threshold * len(head)


def _find_bom(data: bytes) -> tuple[bytes, str, str] | None:
    """The BOM entry that ``data`` starts with, if any."""
    for entry in _BOMS:
        if data.startswith(entry[0]):
            return entry
    return None


def _strict_allowing_tail(data: bytes, codec: str) -> tuple[str, int]:
    """Decode strictly, tolerating only a multibyte character cut at the very end.

    Returns the text and how many trailing bytes were left undecoded; raises
    UnicodeDecodeError for any damage before the end.
    """
    try:
        return data.decode(codec), 0
    except UnicodeDecodeError as exc:
        tail = len(data) - exc.start
        if exc.end == len(data) and exc.reason in _TRUNCATION_REASONS and 0 < tail <= _MAX_TAIL:
            return data[: exc.start].decode(codec), tail
        raise


# --------------------------------------------------------------------------
# Decoding


def decode_bytes(data: bytes) -> tuple[str, str, bool, bool, list[str]]:
    """Decode bytes of unknown encoding; never raises.

    Returns (text, encoding, guessed, damaged, warnings), with newlines
    normalised and any BOM removed.
    """
    return _decode(data, at_eof=True)


def _decode(data: bytes, *, at_eof: bool) -> tuple[str, str, bool, bool, list[str]]:
    """decode_bytes; ``at_eof=False`` means we cut the data, so a split final character is
    expected."""
    text, encoding, guessed, damaged, warnings = _decode_raw(data, at_eof=at_eof)
    return normalize_newlines(text.lstrip("\ufeff")), encoding, guessed, damaged, warnings


def _decode_raw(data: bytes, *, at_eof: bool) -> tuple[str, str, bool, bool, list[str]]:
    """The decoding ladder: BOM, UTF-8, cut UTF-8, mostly-UTF-8, GB18030, detector, replacement."""
    if not data:
        return "", "utf-8", False, False, []

    bom = _find_bom(data)
    if bom is not None:
        return _decode_with_bom(data, bom, at_eof=at_eof)

    # Strict UTF-8, tolerating a character cut at the end.
    try:
        text, tail = _strict_allowing_tail(data, "utf-8")
    except UnicodeDecodeError as exc:
        first_error = exc.start
    else:
        if tail and at_eof:
            return text + "\ufffd", "utf-8", False, True, ["truncated UTF-8 sequence at end"]
        return text, "utf-8", False, False, []

    # Damage inside the file.  If nearly all non-ASCII bytes are valid UTF-8,
    # this is UTF-8 with a few bad bytes, not another encoding: GB18030 would
    # happily turn UTF-8 Chinese into plausible-looking nonsense.
    # surrogateescape maps each bad byte to one lone surrogate, which the
    # encoder then drops: the length difference counts the bad bytes, fast.
    escaped = data.decode("utf-8", "surrogateescape")
    invalid = len(data) - len(escaped.encode("utf-8", "ignore"))
    high = len(data.translate(None, _ASCII_BYTES))  # bytes >= 0x80
    if invalid < 0.1 * high:
        return _utf8_replaced(data, first_error, invalid, guessed=False)

    gb = _try_gb18030(data, at_eof=at_eof)
    if gb is not None:
        return gb

    detected = _detect(data)
    if detected is not None:
        return detected

    text = data.decode("utf-8", "replace")
    warning = f"encoding unknown; read as UTF-8 with {_plural(invalid, 'byte')} replaced"
    return text, "utf-8 (replaced)", True, True, [warning]


def _decode_with_bom(
    data: bytes, bom: tuple[bytes, str, str], *, at_eof: bool
) -> tuple[str, str, bool, bool, list[str]]:
    """Decode data whose BOM names its encoding; damage is replaced, never fatal."""
    _, codec, label = bom
    try:
        text, tail = _strict_allowing_tail(data, codec)
    except UnicodeDecodeError as exc:
        text = data.decode(codec, "replace")
        return text, codec, False, True, [f"invalid {label} at byte {exc.start} replaced"]
    if tail and at_eof:
        return text + "\ufffd", codec, False, True, [f"truncated {label} sequence at end"]
    return text, codec, False, False, []


def _utf8_replaced(
    data: bytes, first_error: int, invalid: int, *, guessed: bool
) -> tuple[str, str, bool, bool, list[str]]:
    """UTF-8 with bad bytes replaced, saying where the first one was."""
    warning = f"invalid UTF-8 at byte {first_error} replaced"
    if invalid > 1:
        warning += f" ({invalid} bad bytes in all)"
    return data.decode("utf-8", "replace"), "utf-8 (replaced)", guessed, True, [warning]


def _try_gb18030(data: bytes, *, at_eof: bool) -> tuple[str, str, bool, bool, list[str]] | None:
    """GB18030, but only when the result reads like Chinese text."""
    try:
        text, tail = _strict_allowing_tail(data, "gb18030")
    except UnicodeDecodeError:
        return None
    if not _looks_like_cjk(text):
        return None
    warnings = ["encoding guessed as GB18030"]
    if tail and at_eof:
        warnings.append("truncated GB18030 sequence at end")
        return text + "\ufffd", "gb18030", True, True, warnings
    return text, "gb18030", True, False, warnings


def _looks_like_cjk(text: str) -> bool:
    """Whether text decoded as GB18030 is plausibly real Chinese rather than mojibake.

    Requires ideographs (at least two in a row, as in any Chinese word), no
    control characters besides whitespace, no private-use/unassigned code
    points, and ideographs making up a fair share of the non-ASCII text.
    """
    if not _ideographs(True).search(text) or _BAD_CONTROL.search(text):
        return False
    sample = text[:_CJK_SAMPLE_CHARS]  # the shares below need no more than this
    import unicodedata  # here: the UI's first frame imports this module, and never needs it

    if any(unicodedata.category(ch) in ("Co", "Cn", "Cs") for ch in set(sample)):
        return False
    non_ascii = len(sample) - len(sample.encode("ascii", "ignore"))
    return len(_ideographs(False).findall(sample)) >= 0.3 * non_ascii


def _detect(data: bytes) -> tuple[str, str, bool, bool, list[str]] | None:
    """Ask charset_normalizer for its best guess; None when it has none."""
    try:
        from charset_normalizer import from_bytes

        matches = from_bytes(data)
        best = matches.best()
        if best is None:
            return None
        # Short Western text fits a dozen single-byte code pages equally well;
        # on a near tie prefer cp1252, by far the most common of them.
        text, name = str(best), str(best.encoding)
        for match in matches:
            near_tie = match.chaos <= best.chaos and match.coherence >= best.coherence - 0.1
            if near_tie and "cp1252" in match.could_be_from_charset:
                try:
                    text, name = data.decode("cp1252"), "cp1252"
                except UnicodeDecodeError:
                    pass
                break
    except Exception:  # a third-party detector must not crash a file read
        return None
    return text, name, True, False, [f"encoding guessed as {name}"]


def _plural(count: int, noun: str) -> str:
    """'1 byte' / '3 bytes'."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


# --------------------------------------------------------------------------
# Reading files


def read_text(path: Path, max_bytes: int = MAX_BYTES_DEFAULT) -> Decoded:
    """Read and decode one untrusted file, at most ``max_bytes`` of it.

    Raises ReadProblem (never OSError) when the file cannot be used: missing,
    a dangling or looping symlink, a directory or other non-regular file,
    unreadable, or binary.  An empty file is not a problem: its text is ''.
    """
    st = _stat_or_problem(path)
    if stat.S_ISDIR(st.st_mode):
        raise ReadProblem("is a directory")
    if not stat.S_ISREG(st.st_mode):
        raise ReadProblem("not a regular file (device, pipe or socket); skipped")

    # O_NONBLOCK: if the file was swapped for a FIFO after the stat above,
    # opening it must not hang the app.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise _problem_from_oserror(exc) from None
    try:
        with os.fdopen(fd, "rb") as handle:
            st = os.fstat(handle.fileno())
            if not stat.S_ISREG(st.st_mode):
                raise ReadProblem("not a regular file (device, pipe or socket); skipped")
            # sized by the file: a read of max_bytes + 1 first allocated that much (8 MB) per file
            want = max_bytes + 1
            data = handle.read(min(want, st.st_size + 1))
            if st.st_size + 1 == len(data) < want:  # it grew since: read on, up to the limit
                data += handle.read(want - len(data))
    except OSError as exc:
        raise _problem_from_oserror(exc) from None

    size = max(st.st_size, len(data))
    truncated = len(data) > max_bytes
    if truncated:
        data = data[:max_bytes]

    if _looks_binary(data, complete=not truncated):
        kind = "NUL bytes" if b"\x00" in data[:_SNIFF_BYTES] else "control bytes"
        raise ReadProblem(f"binary file ({kind}); skipped")

    text, encoding, guessed, damaged, warnings = _decode(data, at_eof=not truncated)
    if truncated:
        warnings.append(
            f"file is {size / _MB:.1f} MB; only the first {max_bytes / _MB:.1f} MB were read"
        )
    return Decoded(
        text=text,
        encoding=encoding,
        guessed=guessed,
        damaged=damaged,
        truncated=truncated,
        size=size,
        mtime=st.st_mtime,
        sha1=_sha1(data),
        warnings=warnings,
    )


def _sha1(data: bytes) -> str:
    import hashlib  # loaded with the first file read, not with the UI

    return hashlib.sha1(data).hexdigest()


def _stat_or_problem(path: Path) -> os.stat_result:
    """stat() the file behind ``path``, turning symlink and OS trouble into ReadProblem."""
    try:
        lst = os.lstat(path)
    except OSError as exc:
        raise _problem_from_oserror(exc) from None
    except ValueError:  # a NUL byte in a typed-in path
        raise ReadProblem("invalid file name") from None
    if not stat.S_ISLNK(lst.st_mode):
        return lst
    try:
        return os.stat(path)
    except FileNotFoundError:
        try:
            target = os.readlink(path)
        except OSError:
            raise ReadProblem("vanished before it could be read") from None
        raise ReadProblem(f"dangling symlink -> {sanitize(target)}") from None
    except OSError as exc:
        raise _problem_from_oserror(exc) from None


def _problem_from_oserror(exc: OSError) -> ReadProblem:
    """Plain words for the OS errors a hostile workspace can produce."""
    code = exc.errno
    if code == errno.ENOENT:
        return ReadProblem("vanished before it could be read")
    if code == errno.ELOOP:
        return ReadProblem("symlink loop")
    if code == errno.EISDIR:
        return ReadProblem("is a directory")
    if code in (errno.EACCES, errno.EPERM):
        return ReadProblem("permission denied")
    if code == errno.ENAMETOOLONG:
        return ReadProblem("file name too long")
    reason = exc.strerror or type(exc).__name__
    return ReadProblem(f"cannot be read ({reason.lower()})")
