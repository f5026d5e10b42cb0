"""Compiled regexes kept between runs (curator.regex_cache): the same answers, whatever the file
holds."""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from curator import regex_cache
from tests.conftest import ROOT, SINCE, UNTIL

BIG = "(?:" + "|".join(f"word{n}\\s+phrase{n}" for n in range(40)) + r")(?![A-Za-z])"


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A fresh store in this process, its file under *tmp_path*; the folder is returned."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv(regex_cache.ENV, raising=False)
    monkeypatch.setattr(regex_cache, "_store", regex_cache._Store())
    return tmp_path / "cache" / "curator"


def _kept_file() -> Path:
    """The file after a run that compiled ``BIG`` and saved."""
    regex_cache.compile(BIG, 0)
    regex_cache.save()
    return Path(regex_cache.cache_file() or "")


def _compiled_afresh(monkeypatch: pytest.MonkeyPatch) -> bool:
    """Whether a new run compiles ``BIG`` afresh (and gets the pattern ``re`` makes)."""
    compiled = _fresh_process_view(monkeypatch)
    return regex_cache.compile(BIG, 0) == re.compile(BIG) and compiled == [(BIG, 0)]


def _fresh_process_view(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Forget this process's store (as a new run would) and count what it compiles afresh."""
    monkeypatch.setattr(regex_cache, "_store", regex_cache._Store())
    compiled: list[tuple[str, int]] = []
    real = regex_cache._fresh

    def counting(source: str, flags: int) -> tuple[re.Pattern[str], object]:
        compiled.append((source, flags))
        return real(source, flags)

    monkeypatch.setattr(regex_cache, "_fresh", counting)
    return compiled


def test_a_kept_pattern_is_the_one_re_compiles_and_is_not_compiled_again(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = regex_cache.compile(BIG, re.IGNORECASE)
    assert first == re.compile(BIG, re.IGNORECASE)
    regex_cache.save()
    assert len(list(store.glob("regex-*.json"))) == 1
    compiled = _fresh_process_view(monkeypatch)
    again = regex_cache.compile(BIG, re.IGNORECASE)
    assert compiled == []  # read from the file
    assert again == first
    assert again.search("... WORD7   phrase7!").group(0) == "WORD7   phrase7"
    assert again.search("word7 phrase7s") is None


def test_short_sources_are_left_to_re(store: Path) -> None:
    regex_cache.compile(r"\d+", 0)
    regex_cache.save()
    assert not store.exists()


@pytest.mark.parametrize(
    "content",
    [
        b"\x00\xffnot json",
        b'{"version": 1, "entries": "nope"}',
        b'{"version": 1, "entries": [["x", 0]]}',
        b'{"version": 2, "entries": []}',
    ],
)
def test_a_broken_file_means_compiling_afresh(
    store: Path, monkeypatch: pytest.MonkeyPatch, content: bytes
) -> None:
    store.mkdir(parents=True)
    path = Path(regex_cache.cache_file() or "")
    path.write_bytes(content)
    rx = regex_cache.compile(BIG, re.IGNORECASE)
    assert rx == re.compile(BIG, re.IGNORECASE)
    regex_cache.save()  # and the file is whole again
    compiled = _fresh_process_view(monkeypatch)
    assert regex_cache.compile(BIG, re.IGNORECASE) == rx
    assert compiled == []


def test_a_program_the_engine_refuses_is_compiled_afresh(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _kept_file()
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["entries"][0][3] = regex_cache._pack([7] * 50)  # a nonsense program, well packed
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert _compiled_afresh(monkeypatch)


@pytest.mark.parametrize(
    "packed",
    [
        "not base64 at all!",
        base64.b64encode(b"not deflated").decode("ascii"),
        base64.b64encode(zlib.compress(b"\0" * (regex_cache.MAX_PROGRAM + 4))).decode("ascii"),
        base64.b64encode(zlib.compress(b"\x01\x02\x03")).decode("ascii"),  # not whole integers
    ],
    ids=["base64", "deflate", "too large", "torn"],
)
def test_a_packed_program_that_is_none_is_compiled_afresh(
    store: Path, monkeypatch: pytest.MonkeyPatch, packed: str
) -> None:
    path = _kept_file()
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["entries"][0][3] = packed
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert _compiled_afresh(monkeypatch)


def test_the_file_keeps_this_runs_patterns_and_the_latest_others_within_its_size(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sources that embed one workspace's names must not pile up run after run."""
    others = [BIG.replace("word", f"w{n}x") for n in range(6)]
    for source in others:
        regex_cache.compile(source, 0)
    regex_cache.save()
    path = Path(regex_cache.cache_file() or "")
    one = len(path.read_bytes()) // len(others)
    monkeypatch.setattr(regex_cache, "MAX_BYTES", 3 * one)
    _fresh_process_view(monkeypatch)
    regex_cache.compile(BIG, 0)  # this run's own
    regex_cache.save()
    kept, _facts, _days = regex_cache._read(str(path))
    assert (BIG, 0) in kept
    assert 1 <= len(kept) - 1 < len(others)  # some of the others, not all


def test_a_file_others_may_change_is_not_read(store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _kept_file()
    path.chmod(0o666)
    assert _compiled_afresh(monkeypatch)


def test_a_link_is_not_followed(store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _kept_file()
    real = path.with_name("elsewhere.json")
    path.rename(real)
    path.symlink_to(real)
    assert _compiled_afresh(monkeypatch)


def test_a_fifo_where_the_file_should_be_does_not_hang(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing writes into it: a read that waited would hang every run before its first frame."""
    path = Path(regex_cache.cache_file() or "")
    path.parent.mkdir(parents=True)
    os.mkfifo(path, 0o600)
    assert _compiled_afresh(monkeypatch)


def test_nowhere_to_write_is_only_slower(store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = store.parent
    blocker.parent.mkdir(parents=True, exist_ok=True)
    blocker.write_text("a file where the folder would be", encoding="utf-8")
    assert regex_cache.compile(BIG, 0) == re.compile(BIG)
    regex_cache.save()  # no exception
    assert blocker.is_file()


def test_off_writes_nothing(store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(regex_cache.ENV, "off")
    assert regex_cache.compile(BIG, 0) == re.compile(BIG)
    regex_cache.save()
    assert not store.exists()


def _analyze(ws: Path, env: dict[str, str]) -> str:
    out = subprocess.run(
        [sys.executable, "-m", "curator", "analyze", str(ws), "--since", SINCE, "--until", UNTIL],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
    )
    return out.stdout


def test_the_sample_relay_reads_the_same_with_the_file_cold_warm_and_off(
    sample_ws: Path, tmp_path: Path
) -> None:
    """Every big pattern of a whole run comes back from the file as the engine's own."""
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"), PYTHONHASHSEED="1")
    env.pop(regex_cache.ENV, None)
    cold = _analyze(sample_ws, env)
    files = list((tmp_path / "cache" / "curator").glob("regex-*.json"))
    assert len(files) == 1
    kept, facts, _days = regex_cache._read(str(files[0]))
    assert len(kept) > 100  # the phrase tables' alternations, the time words, the headings
    assert "needs" in {k[0] for k in facts}  # what their parses told
    assert any(k[0].startswith("first:") for k in facts)
    for (source, flags), entry in kept.items():
        rx = regex_cache._from_entry(source, entry, regex_cache._unpack(entry[1]))
        assert rx == re.compile(source, flags), source[:80]
    before = files[0].read_bytes()
    # another hash seed: the same sources (sets of words are ordered before they are joined)
    warm = _analyze(sample_ws, dict(env, PYTHONHASHSEED="2"))
    assert files[0].read_bytes() == before  # nothing new to keep
    off = _analyze(sample_ws, dict(env, **{regex_cache.ENV: "off"}))
    assert cold == warm == off
    assert "anchored" in cold


def test_a_fact_is_kept_for_the_code_that_made_it_and_checked(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []

    def make() -> list[str]:
        calls.append(1)
        return ["word"]

    def is_list(v: object) -> bool:
        return type(v) is list

    assert regex_cache.remembered("needs", "v1", BIG, make, is_list) == ["word"]
    regex_cache.save()
    _fresh_process_view(monkeypatch)
    assert regex_cache.remembered("needs", "v1", BIG, make, is_list) == ["word"]
    assert len(calls) == 1  # read back
    regex_cache.remembered("needs", "v2", BIG, make, is_list)
    assert len(calls) == 2  # other code: made again
    regex_cache.remembered("needs", "v1", BIG, make, lambda v: False)
    assert len(calls) == 3  # not what the caller expects: made again


def test_the_packaged_phrases_are_kept_for_the_files_they_were_read_from(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Parsed from TOML once per version of the files; a value of another shape is parsed
    again; the same tree either way."""
    from curator import phrase_files

    parsed: list[int] = []
    real = phrase_files._parse

    def counting(files: list[Path]) -> dict[str, object]:
        parsed.append(len(files))
        return real(files)

    monkeypatch.setattr(phrase_files, "_parse", counting)
    try:
        phrase_files.packaged_data.cache_clear()
        first = phrase_files.packaged_data()
        regex_cache.save()
        assert parsed == [len(list(phrase_files.phrases_dir().glob("*.toml")))]
        _fresh_process_view(monkeypatch)
        phrase_files.packaged_data.cache_clear()
        assert phrase_files.packaged_data() == first
        assert len(parsed) == 1  # read back, not parsed
        for key in regex_cache._store.facts:
            if key[0] == "phrases":
                regex_cache._store.facts[key] = {"remarks": {"dismiss": ["re:.*", 3]}}
        phrase_files.packaged_data.cache_clear()
        assert phrase_files.packaged_data() == first
        assert len(parsed) == 2  # not of the shape parsing makes: parsed again
        monkeypatch.setattr(regex_cache, "file_version", lambda path: path + ":changed")
        phrase_files.packaged_data.cache_clear()
        assert phrase_files.packaged_data() == first
        assert len(parsed) == 3  # other files: parsed again
    finally:
        phrase_files.packaged_data.cache_clear()


_SAVER = """
import sys
from curator import regex_cache
me, rounds = sys.argv[1], int(sys.argv[2])
for n in range(rounds):
    regex_cache.compile(sys.argv[3].replace("word", f"p{me}r{n}x"), 0)
    regex_cache.save()
"""


def test_processes_saving_at_once_lose_nothing(store: Path) -> None:
    """The UI and the processes it starts beside it save into one file: each save reads what the
    others wrote and writes it back with its own, and none may write over another's merge."""
    env = {**os.environ, "XDG_CACHE_HOME": str(store.parent), "PYTHONPATH": str(ROOT)}
    env.pop(regex_cache.ENV, None)
    procs, rounds = "abcd", 12
    running = [
        subprocess.Popen([sys.executable, "-c", _SAVER, me, str(rounds), BIG], env=env, cwd=ROOT)
        for me in procs
    ]
    assert all(p.wait(timeout=120) == 0 for p in running)
    kept, _facts, _days = regex_cache._read(regex_cache.cache_file() or "")
    expected = {BIG.replace("word", f"p{me}r{n}x") for me in procs for n in range(rounds)}
    assert expected <= {source for source, _flags in kept}


def test_a_save_that_cannot_take_the_lock_gives_up_and_saves_later(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A holder that never lets go (stopped, hung) costs a save, never a hang at exit."""
    import fcntl

    path = Path(regex_cache.cache_file() or "")
    path.parent.mkdir(parents=True)
    monkeypatch.setattr(regex_cache, "SAVE_WAIT", 0.05)
    holder = os.open(str(path) + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX)
        regex_cache.compile(BIG, 0)
        regex_cache.save()
        assert not path.exists()
    finally:
        os.close(holder)
    regex_cache.save()  # still to save: it is
    assert _compiled_afresh(monkeypatch) is False
