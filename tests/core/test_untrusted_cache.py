"""A workspace is shared: a ``.curator/`` someone committed is untrusted input, never code.

The caches are plain data (curator.persist, curator.cachecodec, curator.lookupdata); a
file that is not what this code writes is ignored and rebuilt, and the answer is the cold one.
"""

from __future__ import annotations

import ast
import json
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SINCE, UNTIL

from curator.analysis import analyze
from curator.cache import LEGACY, PARTS, IndexCache
from curator.lookup import INDEX_NAME, LEGACY_NAME, LookupIndex, lookup
from curator.persist import MAGIC, Blobs, read_cache, write_cache
from curator.report import analysis_json

ROOT = Path(__file__).resolve().parents[2]
CACHE_NAMES = sorted({*PARTS.values(), *LEGACY.values(), INDEX_NAME, LEGACY_NAME})
FORBIDDEN = {
    "pickle",
    "_pickle",
    "cPickle",
    "marshal",
    "shelve",
    "dill",
    "cloudpickle",
    "jsonpickle",
    "copyreg",
}
IN_WINDOW = "inbox/jay/2026-08-20T1950-jay-inference-engineering-rag-eval-mcp-stack-aug20.md"


class _Payload:
    """Unpickling this creates ``marker``: proof that a cache file ran code."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return open, (str(self.marker), "w")


def _plant(ws: Path, marker: Path) -> None:
    folder = ws / ".curator"
    folder.mkdir(exist_ok=True)
    payload = pickle.dumps({"version": 1, "notes": _Payload(marker)})
    for name in CACHE_NAMES:
        # under its own name, and once more behind the header a real cache file starts with
        (folder / name).write_bytes(MAGIC + payload if name.endswith(".cache") else payload)
        (folder / name).chmod(0o600)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "curator", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )


def _strip(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "errors"}


def test_no_module_of_curator_imports_pickle() -> None:
    """Nothing in curator/ can unpickle: no import of pickle (or its kin), not even by name."""
    found = []
    for path in sorted((ROOT / "curator").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                names = [node.value]  # importlib.import_module("pickle"), __import__("pickle")
            for name in names:
                if name.split(".")[0] in FORBIDDEN:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}")
    assert not found, found


def test_planted_pickles_never_run(sample_ws: Path, tmp_path: Path) -> None:
    """A pickle under every cache name, old and new: analyze, lookup, decide and export work and run none."""
    marker = tmp_path / "PWNED"
    pickle.loads(pickle.dumps(_Payload(marker)))  # the payload does work when unpickled ...
    assert marker.exists()
    marker.unlink()
    _plant(sample_ws, marker)
    ws = str(sample_ws)

    analyzed = _cli("analyze", ws, "--json")
    assert analyzed.returncode == 0, analyzed.stderr
    assert json.loads(analyzed.stdout)["increments"]
    looked = _cli("lookup", "2608.14376", ws)
    assert looked.returncode == 1 and "NOT anchored" in looked.stdout, looked.stderr
    decided = _cli("decide", "2608.14376", "approve", ws)
    assert decided.returncode == 0 and decided.stdout.startswith("saved: approve"), decided.stderr
    exported = _cli("export", ws, "--out", "briefing.md")
    assert exported.returncode == 0 and (sample_ws / "briefing.md").is_file(), exported.stderr

    assert not marker.exists()  # ... and none of the commands unpickled anything
    for out in (analyzed, looked, decided, exported):
        assert "Traceback" not in out.stderr
    # the caches were rebuilt as data, and the old pickles are gone where a part was written
    assert (sample_ws / ".curator" / PARTS["notes"]).read_bytes().startswith(MAGIC)
    assert not (sample_ws / ".curator" / LEGACY["notes"]).exists()
    assert IndexCache(sample_ws).notes and LookupIndex(sample_ws).walk


POISON = {"\u0000": [None, {}]}
"""A value of a type no cached field has (nor ``[POISON]``, put where a dict was): wherever it lands,
the part must be a miss."""
OTHER_TYPES = [None, 7, -1, 2.5, True, "x", [], {}, [1, "a"], POISON]


async def test_planted_pickles_never_run_in_the_ui(sample_ws: Path, tmp_path: Path) -> None:
    from ui_support import wait_ready

    from curator.tui.app import CuratorApp

    marker = tmp_path / "PWNED"
    _plant(sample_ws, marker)
    app = CuratorApp(sample_ws)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_ready(app, pilot, timeout=60)
        assert app.triage.session.analysis.increments
        index = LookupIndex(sample_ws)  # a long-lived index, as the lookup screen keeps one
        assert lookup(sample_ws, "2608.14376", index=index).valid
    assert not marker.exists()


def _mutations(data: object, rng: random.Random, n: int, choices: list[object]) -> list[object]:
    """``n`` copies of a decoded cache, each with one value somewhere replaced by one of another type."""
    paths: list[tuple] = []

    def walk(v: object, path: tuple) -> None:
        paths.append(path)
        if isinstance(v, dict):
            for k, x in v.items():
                walk(x, (*path, k))
        elif isinstance(v, list):
            for i, x in enumerate(v):
                walk(x, (*path, i))

    walk(data, ())
    out = []
    for _ in range(n):
        copy = json.loads(json.dumps(data))
        path = rng.choice(paths[1:])
        parent = copy
        for step in path[:-1]:
            parent = parent[step]
        old = parent[path[-1]]
        parent[path[-1]] = rng.choice(
            [c for c in choices if type(c) is not type(old)] or [[POISON]]
        )
        out.append(copy)
    return out


@pytest.mark.parametrize("part", sorted(PARTS))
def test_wrong_types_in_a_cache_are_a_miss(sample_ws: Path, part: str) -> None:
    """Valid files holding the wrong types (anywhere) never break a run; where a type no field has
    lands, the part is a miss and the answer is the cold one."""
    analyze(sample_ws, since=SINCE, until=UNTIL, cache=IndexCache(sample_ws))
    if part == "notes-delta":  # written once a note changes after the whole part
        note = sample_ws / IN_WINDOW
        note.write_text(note.read_text(encoding="utf-8") + "\n- one more line\n", "utf-8")
        analyze(sample_ws, since=SINCE, until=UNTIL, cache=IndexCache(sample_ws))
    cold = _strip(analysis_json(analyze(sample_ws, since=SINCE, until=UNTIL)))
    path = sample_ws / ".curator" / PARTS[part]
    from curator.cache import _version

    data, blobs = read_cache(path, part, _version())
    blob_bytes = bytes(blobs)
    rng = random.Random(part)
    for choices, n in (([POISON], 6), (OTHER_TYPES, 4)):
        for bad in _mutations(data, rng, n, choices):
            blob_area = Blobs()
            blob_area.add(blob_bytes)
            assert write_cache(sample_ws, path, part, _version(), bad, blob_area)
            warm = analyze(
                sample_ws, since=SINCE, until=UNTIL, cache=IndexCache(sample_ws, persist=False)
            )
            if choices == [POISON]:
                assert _strip(analysis_json(warm)) == cold


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"curator-cache 1\n",
        b"curator-cache 1\n{",
        b"curator-cache 99\n{}\n",
        b"\xff\xfe garbage",
        b"curator-cache 1\n" + b"[" * 100_000 + b"\n",
    ],
)
def test_damaged_cache_files_are_rebuilt(sample_ws: Path, damage: bytes) -> None:
    cold = _strip(analysis_json(analyze(sample_ws, since=SINCE, until=UNTIL)))
    cold_lookup = lookup(sample_ws, "2608.14376").to_json()
    analyze(sample_ws, since=SINCE, until=UNTIL, cache=IndexCache(sample_ws))
    for name in [*PARTS.values(), INDEX_NAME]:
        (sample_ws / ".curator" / name).write_bytes(damage)
    cache = IndexCache(sample_ws)
    assert _strip(analysis_json(analyze(sample_ws, since=SINCE, until=UNTIL, cache=cache))) == cold
    assert cache.reads > 10
    assert lookup(sample_ws, "2608.14376").to_json() == cold_lookup


def test_a_note_whose_cached_form_does_not_decode_is_read_again(sample_ws: Path) -> None:
    cold = _strip(analysis_json(analyze(sample_ws, since=SINCE, until=UNTIL)))
    analyze(sample_ws, since=SINCE, until=UNTIL, cache=IndexCache(sample_ws))
    cache = IndexCache(sample_ws)
    sig, meta, _blob, mtime, sha1 = cache.notes[IN_WINDOW]
    cache.notes[IN_WINDOW] = (sig, meta, b'[["not", "a note"], null, true, true]', mtime, sha1)
    cache.mark_dirty("notes")
    cache.save()
    again = IndexCache(sample_ws)
    assert _strip(analysis_json(analyze(sample_ws, since=SINCE, until=UNTIL, cache=again))) == cold
    assert again.read_paths == [IN_WINDOW]


def test_a_lookup_shard_that_does_not_decode_rebuilds_the_index(sample_ws: Path) -> None:
    cold = lookup(sample_ws, "2608.14376").to_json()
    idx = LookupIndex(sample_ws)
    from curator.lookupdata import slot

    idx.post.refs[slot("arxiv:2608.14376")] = (
        b'{"arxiv:2608.14376": [["../../etc/passwd", "no lines"]]}'
    )
    idx.meta.refs = [b"{not json"] * len(idx.meta.refs)
    idx.dirty = True
    idx.save()
    assert lookup(sample_ws, "2608.14376").to_json() == cold
    assert lookup(sample_ws, "2608.14376").to_json() == cold  # and the rebuilt index was saved
    idx = LookupIndex(sample_ws)
    idx.meta.refs = [b"{not json"] * len(idx.meta.refs)  # only the shards a query opens are decoded
    idx.dirty = True
    idx.save()
    assert lookup(sample_ws, "2608.14376").to_json() == cold
