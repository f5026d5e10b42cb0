"""How long does saving one decision take with 5,000 already stored?

Budget (issue): median <= 5 ms on the 2-core dev machine, fsync included.
Baselines measured in the same run put the figure in context: a bare
``os.write`` + ``fsync`` of a small file (the floor for any durable write) and
TinyDB's default JSONStorage inserting into a 5,000-document table (what the
naive design would cost, without even an fsync). The atomic whole-file
rewrite is measured too, because it is the design the journal replaced.

Run: ``/work/venv/bin/python benchmarks/bench_store.py [--n 300] [--stored 5000]``
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tinydb import TinyDB  # noqa: E402

from curator.store import AtomicJSONStorage, DecisionStore  # noqa: E402


def _stats(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return statistics.median(ordered) * 1000, p95 * 1000


def _time(fn: Callable[[int], object], n: int) -> list[float]:
    out = []
    for i in range(n):
        start = time.perf_counter()
        fn(i)
        out.append(time.perf_counter() - start)
    return out


def _fill(store: DecisionStore, count: int, prefix: str) -> None:
    actions = ("approve", "reject", "defer")
    for i in range(count):
        store.decide(
            f"{prefix}{i:05d}",
            actions[i % 3],
            section="§1.3",
            priority="🟠",
            note="a short note — with non-ASCII 漢字 🎉",
        )


def _row(label: str, samples: list[float]) -> tuple[float, float]:
    median, p95 = _stats(samples)
    print(f"  {label:<58} median {median:8.3f} ms   p95 {p95:8.3f} ms   (n={len(samples)})")
    return median, p95


def main(argv: list[str] | None = None) -> int:
    """Print the figures; exit status 1 if the 5 ms median budget is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=300, help="saves to time")
    parser.add_argument("--stored", type=int, default=5000, help="decisions already stored")
    parser.add_argument("--dir", default=None, help="where to put the temp workspace")
    args = parser.parse_args(argv)

    root = Path(tempfile.mkdtemp(prefix="bench-store-", dir=args.dir))
    try:
        print(f"decisions store benchmark: {args.stored} stored, {args.n} saves, in {root}")
        print(f"  python {sys.version.split()[0]}, {os.cpu_count()} CPUs")

        # --- the store: 5,000 folded into the snapshot, journal empty
        ws = root / "ws"
        ws.mkdir()
        store = DecisionStore.open(ws, "bench")
        start = time.perf_counter()
        _fill(store, args.stored, "fill:")
        fill_s = time.perf_counter() - start
        start = time.perf_counter()
        store.close()
        close_ms = (time.perf_counter() - start) * 1000
        start = time.perf_counter()
        store = DecisionStore.open(ws, "bench")
        open_ms = (time.perf_counter() - start) * 1000
        assert len(store) == args.stored and not store.problems
        print()
        print("store (journal append + fsync, tinydb snapshot):")
        snap = _row(
            f"save 1 decision, {args.stored} in snapshot",
            _time(lambda i: store.decide(f"new:{i}", "approve", note="n"), args.n),
        )
        # --- the same with the journal holding everything (no compaction yet)
        jws = root / "jws"
        jws.mkdir()
        jstore = DecisionStore.open(jws, "bench")
        _fill(jstore, args.stored, "fill:")
        jour = _row(
            f"save 1 decision, {args.stored} in journal",
            _time(lambda i: jstore.decide(f"new:{i}", "approve", note="n"), args.n),
        )
        undo = _row("undo (also an fsynced event)", _time(lambda i: store.undo(), min(args.n, 100)))
        print(
            f"  fill {args.stored} one by one: {fill_s:.2f} s ({fill_s / args.stored * 1000:.3f} ms each)"
        )
        print(f"  open with {args.stored} (snapshot read + replay): {open_ms:.1f} ms")
        print(f"  close = compaction of {args.stored} into the snapshot: {close_ms:.1f} ms")
        jstore.close()
        store.close()

        # --- baselines
        print()
        print("baselines (same run, same filesystem):")
        small = root / "small.bin"
        fd = os.open(small, os.O_WRONLY | os.O_CREAT, 0o644)
        payload = b"x" * 300

        def plain(_i: int) -> None:
            os.pwrite(fd, payload, 0)
            os.fsync(fd)

        fsync = _row("os.write + fsync of a small file", _time(plain, args.n))
        os.close(fd)

        tpath = root / "tiny.json"
        db = TinyDB(tpath, encoding="utf-8")
        doc = {
            "key": "2608.14376",
            "action": "approve",
            "section": "§1.3",
            "priority": "🟠",
            "title": None,
            "points": None,
            "caveats": None,
            "note": "a short note",
            "merged_into": None,
            "merges": [],
            "editor": "bench",
            "time": "2026-08-17T18:02:00+02:00",
        }
        db.insert_multiple({**doc, "seq": i} for i in range(args.stored))
        tiny = _row(
            f"tinydb JSONStorage insert, {args.stored} docs (no fsync!)",
            _time(lambda i: db.insert({**doc, "seq": args.stored + i}), min(args.n, 60)),
        )
        db.close()

        snapshot = ws / ".curator" / "decisions.json"
        storage = AtomicJSONStorage(snapshot)
        data = storage.read()
        assert data is not None
        rewrite_path = root / "rewrite.json"
        rewrite = _row(
            f"atomic whole-file rewrite of the {args.stored}-decision snapshot",
            _time(lambda i: AtomicJSONStorage(rewrite_path).write(data), 15),
        )

        print()
        print("ratios (medians):")
        print(f"  store save / bare fsync           {snap[0] / fsync[0]:6.2f}x")
        print(f"  store save / tinydb insert        {snap[0] / tiny[0]:6.3f}x")
        print(f"  whole-file rewrite / store save   {rewrite[0] / snap[0]:6.1f}x")
        ok = snap[0] <= 5.0 and jour[0] <= 5.0
        verdict = "OK" if ok else "OVER BUDGET"
        print()
        print(
            f"budget: median <= 5 ms -> {verdict} "
            f"(snapshot {snap[0]:.3f} ms, journal {jour[0]:.3f} ms, undo {undo[0]:.3f} ms)"
        )
        return 0 if ok else 1
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
