"""Tests for curator.textio: hostile files are decoded or refused in plain words, never crash."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from curator import textio
from curator.textio import (
    MAX_BYTES_DEFAULT,
    ReadProblem,
    decode_bytes,
    is_ignored_name,
    is_probably_binary,
    normalize_newlines,
    read_text,
    sanitize,
)

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
EVE = SHARED / "bad-inputs" / "inbox" / "eve"
CARDS = SHARED / "bad-inputs" / "paper_cards"

_FORBIDDEN_AFTER_SANITIZE = (
    {chr(c) for c in range(0x20) if chr(c) not in "\n\t"}
    | {chr(c) for c in range(0x7F, 0xA0)}
    | set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
    | set("\u200b\u200c\u200d\u2060\ufeff")
)


def fixture(suffix: str, folder: Path = EVE) -> Path:
    """The one shared bad-inputs file whose name ends with ``suffix``, or skip."""
    if not folder.is_dir():
        pytest.skip(f"shared fixtures not found at {folder}")
    matches = sorted(folder.glob(f"*{suffix}"))
    if not matches:
        pytest.skip(f"no fixture *{suffix} in {folder}")
    return matches[0]


# --------------------------------------------------------------------------
# Shared bad-inputs fixtures


def test_gbk_note_is_decoded_as_guessed_gb18030() -> None:
    decoded = read_text(fixture("-gbk.md"))
    assert decoded.encoding == "gb18030"
    assert decoded.guessed
    assert not decoded.damaged
    assert "2608.14333" in decoded.text
    assert "增量" in decoded.text and "要点" in decoded.text
    assert any("GB18030" in w for w in decoded.warnings)


def test_utf16_with_bom_is_decoded() -> None:
    decoded = read_text(fixture("-utf16.md"))
    assert decoded.encoding == "utf-16"
    assert not decoded.guessed and not decoded.damaged
    assert "\ufeff" not in decoded.text
    assert "2608.14333" in decoded.text and "增量" in decoded.text


def test_utf8_bom_is_dropped_and_heading_starts_the_text() -> None:
    decoded = read_text(fixture("-bom.md"))
    assert decoded.encoding == "utf-8-sig"
    assert "\ufeff" not in decoded.text
    assert decoded.text.startswith("# ")
    assert "2608.14333" in decoded.text


def test_binary_note_is_refused_as_binary() -> None:
    with pytest.raises(ReadProblem) as info:
        read_text(fixture("-binary.md"))
    assert "binary" in info.value.message


def test_garbage_card_behind_a_utf16_bom_is_refused() -> None:
    # FF FE then an odd number of bytes with NULs: not really UTF-16.
    with pytest.raises(ReadProblem) as info:
        read_text(fixture("1031-2608-14333.md", CARDS))
    assert "binary" in info.value.message


def test_empty_note_is_empty_text_not_an_error() -> None:
    decoded = read_text(fixture("-empty.md"))
    assert decoded.text == ""
    assert decoded.size == 0
    assert not decoded.damaged and not decoded.truncated


def test_truncated_utf8_keeps_utf8_and_reports_damage() -> None:
    decoded = read_text(fixture("-truncated-utf8.md"))
    assert decoded.encoding == "utf-8"
    assert decoded.damaged
    assert "2608.14333" in decoded.text
    assert "增量" in decoded.text  # not GB18030 mojibake
    assert "truncated UTF-8 sequence at end" in decoded.warnings


def test_mixed_newlines_split_into_the_right_lines() -> None:
    decoded = read_text(fixture("-mixed-newlines.md"))
    assert "\r" not in decoded.text
    lines = decoded.text.split("\n")
    assert "- arXiv: 2608.11668v2" in lines
    assert lines[:4] == ["## Item 1", "- arXiv: 2608.11668v2", "- note with CR only", "- and LF"]


def test_escapes_are_removed_whole_and_words_kept() -> None:
    raw = read_text(fixture("-escapes.md")).text
    assert "\x1b" in raw  # decoding keeps the bytes; only sanitize strips them
    clean = sanitize(raw)
    assert "\x1b" not in clean
    assert not any(ord(ch) < 0x20 and ch not in "\n\t" for ch in clean)
    assert not any(0x7F <= ord(ch) <= 0x9F for ch in clean)
    assert "\u202e" not in clean and "\u200b" not in clean
    # OSC 52 clipboard payload and the OSC 8 URL vanish with their sequences.
    assert "cm0gLXJmIH4K" not in clean and "52;c;" not in clean
    assert "evil.example" not in clean and "8;;" not in clean
    assert "[2J" not in clean and "31m" not in clean
    # The words around them survive.
    for words in ("clears the screen", "clipboard write", "click", "evil.md", "bell", "delete"):
        assert words in clean
    # The zero-width space no longer splits the ID.
    assert "zero-width inside an ID: 2608.14376" in clean


def test_markup_is_data_and_sanitize_leaves_it_alone() -> None:
    text = read_text(fixture("-markup.md")).text
    assert "[@click=app.quit]" in text
    assert sanitize(text) == text


def test_editor_swap_and_backup_names_are_ignored() -> None:
    assert is_ignored_name(".2026-08-20T1211-note.md.swp")
    assert is_ignored_name("2026-08-20T1212-note.md~")
    for name in (".DS_Store", "x.swo", "x.tmp", "#x.md#", ".#lock", ".hidden.md"):
        assert is_ignored_name(name), name
    for name in ("2026-08-20T1200-gbk.md", "not-a-date-name.md", "#1.md", "a#b.md"):
        assert not is_ignored_name(name), name


# --------------------------------------------------------------------------
# Generated at run time


def test_twenty_megabyte_note_is_read_up_to_the_cap(tmp_path: Path) -> None:
    line = ("增" * 1000 + "\n").encode()
    payload = b"- arXiv: 2608.14333\n" + line * (20 * 1024 * 1024 // len(line) + 1)
    with pytest.raises(UnicodeDecodeError):  # the cap lands inside a character
        payload[:MAX_BYTES_DEFAULT].decode("utf-8")
    big = tmp_path / "big.md"
    big.write_bytes(payload)
    started = time.perf_counter()
    decoded = read_text(big)
    elapsed = time.perf_counter() - started
    assert decoded.truncated
    assert decoded.size == big.stat().st_size
    assert decoded.encoding == "utf-8"
    assert not decoded.damaged and "\ufffd" not in decoded.text  # our own cut is not damage
    assert decoded.text.startswith("- arXiv: 2608.14333\n")
    assert len(decoded.text.encode()) <= MAX_BYTES_DEFAULT
    assert "file is 20.0 MB; only the first 8.0 MB were read" in decoded.warnings
    assert elapsed < 5


def test_small_cap_truncates_and_hashes_what_was_read(tmp_path: Path) -> None:
    note = tmp_path / "n.md"
    note.write_bytes(b"abcdef")
    decoded = read_text(note, max_bytes=4)
    assert decoded.truncated and decoded.text == "abcd" and decoded.size == 6
    assert decoded.sha1 == __import__("hashlib").sha1(b"abcd").hexdigest()
    assert not read_text(note, max_bytes=6).truncated


def test_utf16_cut_at_the_cap_is_not_damage(tmp_path: Path) -> None:
    note = tmp_path / "u16.md"
    note.write_bytes("# 笔记 UTF-16\n".encode("utf-16") * 50)
    decoded = read_text(note, max_bytes=101)
    assert decoded.truncated and decoded.encoding == "utf-16"
    assert not decoded.damaged and decoded.text.startswith("# 笔记")


def test_dangling_symlink(tmp_path: Path) -> None:
    link = tmp_path / "dangling.md"
    link.symlink_to("does-not-exist.md")
    with pytest.raises(ReadProblem) as info:
        read_text(link)
    assert info.value.message == "dangling symlink -> does-not-exist.md"


def test_symlink_loop(tmp_path: Path) -> None:
    (tmp_path / "loop-a.md").symlink_to("loop-b.md")
    (tmp_path / "loop-b.md").symlink_to("loop-a.md")
    for name in ("loop-a.md", "loop-b.md"):
        with pytest.raises(ReadProblem) as info:
            read_text(tmp_path / name)
        assert info.value.message == "symlink loop"


def test_good_symlink_is_followed(tmp_path: Path) -> None:
    (tmp_path / "real.md").write_text("# real\n", encoding="utf-8")
    (tmp_path / "link.md").symlink_to("real.md")
    assert read_text(tmp_path / "link.md").text == "# real\n"


def test_directory_named_like_a_note(tmp_path: Path) -> None:
    (tmp_path / "x.md").mkdir()
    with pytest.raises(ReadProblem) as info:
        read_text(tmp_path / "x.md")
    assert info.value.message == "is a directory"


def test_shared_directory_named_like_a_note() -> None:
    with pytest.raises(ReadProblem, match="is a directory"):
        read_text(fixture("-a-directory.md"))


def test_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this platform")
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    with pytest.raises(ReadProblem, match="not a regular file"):
        read_text(fifo)


def test_file_deleted_between_listing_and_reading(tmp_path: Path) -> None:
    note = tmp_path / "gone.md"
    note.write_text("x", encoding="utf-8")
    listed = list(tmp_path.iterdir())
    note.unlink()
    with pytest.raises(ReadProblem) as info:
        read_text(listed[0])
    assert "vanished" in info.value.message


def test_file_deleted_between_stat_and_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    note = tmp_path / "racy.md"
    note.write_text("x", encoding="utf-8")
    real_open = os.open

    def open_after_delete(path: str | os.PathLike[str], flags: int, *args: int) -> int:
        os.unlink(path)
        return real_open(path, flags, *args)

    monkeypatch.setattr(textio.os, "open", open_after_delete)
    with pytest.raises(ReadProblem, match="vanished"):
        read_text(note)


def test_unreadable_file(tmp_path: Path) -> None:
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        pytest.skip("root can read files without read permission")
    note = tmp_path / "secret.md"
    note.write_text("x", encoding="utf-8")
    note.chmod(0)
    try:
        with pytest.raises(ReadProblem) as info:
            read_text(note)
        assert info.value.message == "permission denied"
    finally:
        note.chmod(0o600)


def test_permission_error_on_open_is_plain_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Also runs as root, where chmod 0 does not stop reading.
    note = tmp_path / "secret.md"
    note.write_text("x", encoding="utf-8")

    def refuse(*_args: object) -> int:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(textio.os, "open", refuse)
    with pytest.raises(ReadProblem, match="^permission denied$"):
        read_text(note)


def test_nul_in_path_is_plain_words(tmp_path: Path) -> None:
    with pytest.raises(ReadProblem, match="invalid file name"):
        read_text(tmp_path / "a\x00b.md")


def test_crlf_file(tmp_path: Path) -> None:
    note = tmp_path / "crlf.md"
    note.write_bytes(b"# t\r\n- arXiv: 2608.14333\r\n")
    assert read_text(note).text == "# t\n- arXiv: 2608.14333\n"


def test_cr_only_file(tmp_path: Path) -> None:
    note = tmp_path / "cr.md"
    note.write_bytes(b"# t\r- arXiv: 2608.14333\r")
    assert read_text(note).text.split("\n") == ["# t", "- arXiv: 2608.14333", ""]


def test_latin1_file_is_guessed_never_raises(tmp_path: Path) -> None:
    note = tmp_path / "latin1.md"
    note.write_bytes("# Café naïve résumé\n- über 2608.14333\n".encode("latin-1"))
    decoded = read_text(note)
    assert decoded.guessed or decoded.damaged
    assert decoded.encoding != "gb18030"
    assert "2608.14333" in decoded.text and decoded.text.startswith("# Caf")


# --------------------------------------------------------------------------
# decode_bytes ladder


def test_decode_empty() -> None:
    assert decode_bytes(b"") == ("", "utf-8", False, False, [])


def test_decode_utf32_bom() -> None:
    text, encoding, guessed, damaged, _ = decode_bytes("é\r\n".encode("utf-32"))
    assert (text, encoding, guessed, damaged) == ("é\n", "utf-32", False, False)


def test_utf8_with_one_bad_byte_stays_utf8() -> None:
    data = ("增量要点" * 30 + "\n").encode() + b"\xff" + ("更多中文" * 30).encode()
    text, encoding, _guessed, damaged, warnings = decode_bytes(data)
    assert encoding == "utf-8 (replaced)" and damaged
    assert "增量要点" in text and "\ufffd" in text
    bad_at = data.index(b"\xff")
    assert warnings == [f"invalid UTF-8 at byte {bad_at} replaced"]


def test_gbk_with_a_little_chinese_in_english_is_still_gb18030() -> None:
    data = ("Plenty of English prose here. " * 50 + "作者: 张伟\n").encode("gbk")
    text, encoding, guessed, _damaged, _ = decode_bytes(data)
    assert encoding == "gb18030" and guessed and "张伟" in text


def test_isolated_high_bytes_are_not_taken_for_chinese() -> None:
    _text, encoding, _g, _d, _w = decode_bytes("résumé Müller façade\n".encode("latin-1"))
    assert encoding != "gb18030"


def test_is_probably_binary() -> None:
    assert is_probably_binary(b"abc\x00def")
    assert is_probably_binary(bytes(range(1, 32)) * 20)
    assert not is_probably_binary(b"")
    assert not is_probably_binary("# 笔记\n".encode("utf-16"))
    assert not is_probably_binary(b"\x1b[31mred\x1b[0m log line\n" * 20)
    assert is_probably_binary(b"\xff\xfe\x00garbage\x00")


def test_sanitize_keeps_ordinary_text() -> None:
    text = "中文，全角：１２ 😀 [bold]x[/] \\[esc] tab\there\n"
    assert sanitize(text) == text


def test_sanitize_unterminated_osc_stops_at_line_end() -> None:
    assert sanitize("a\x1b]52;c;payload\nnext line") == "a\nnext line"


def test_sanitize_c1_csi_and_lone_surrogate() -> None:
    assert sanitize("x\x9b31my") == "xy"
    assert sanitize("a\ud800b") == "a\ufffdb"


# --------------------------------------------------------------------------
# Properties


@settings(deadline=None, max_examples=200)
@given(st.binary(max_size=2048))
def test_decode_bytes_never_raises(data: bytes) -> None:
    text, encoding, _guessed, _damaged, warnings = decode_bytes(data)
    assert isinstance(text, str) and encoding
    assert "\r" not in text and not text.startswith("\ufeff")
    assert all(isinstance(w, str) for w in warnings)
    is_probably_binary(data)


@settings(deadline=None)
@given(
    st.text(
        alphabet=st.one_of(
            st.characters(),
            st.sampled_from(list("\x1b[]\\;\x07\x9b\x9c\x9d\x90P0123456789mJ\n\t\r\u202e\u200b")),
        )
    )
)
def test_sanitize_output_is_terminal_safe(text: str) -> None:
    clean = sanitize(text)
    assert not set(clean) & _FORBIDDEN_AFTER_SANITIZE
    clean.encode("utf-8")  # no lone surrogates left
    assert sanitize(clean) == clean


@given(st.text())
def test_normalize_newlines_removes_every_cr(text: str) -> None:
    result = normalize_newlines(text)
    assert "\r" not in result
    assert result.count("\n") == text.count("\n") + text.count("\r") - text.count("\r\n")
