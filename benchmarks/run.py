#!/usr/bin/env python3
"""Curator performance benchmarks (issue 6): every figure next to a baseline from the same run.

Usage::

    python benchmarks/run.py --size S|M|L [--seed N] [--json] [--workdir DIR] [--only a,b]
                             [--repeat K]

Groups (``--only``): ``analyze`` (in-process and whole-process ``curator analyze``, cold and
warm, against reading every file's bytes), ``cluster`` (increments over all items of the
workspace against naive all-pairs fuzzy matching, plus precision/recall on the planted
duplicates and overlaps of ``ground_truth.json``), ``lookup`` (``curator lookup`` against
``rg -F``, in-process p50/p99), ``ui`` (first frame, index complete, key latency while
indexing, new note on screen; against a bare Textual app) and ``rss`` (peak RSS of the
whole-process analyze).

The machine this runs on is small and shared, so absolute times drift: every figure is
the median of repeated runs, and each baseline is measured interleaved with its figure
(baseline, figure, baseline, figure, ...) so that both see the same load. Targets are the
issue's targets for size L; on S and M they are shown for orientation.

Generated workspaces live in ``--workdir`` (default ``$TMPDIR/curator-bench``), one folder
per (size, seed, generator version), and are reused when present. With ``--json`` the JSON
document goes to stdout and the table to stderr; results are also written to
``WORKDIR/results-<size>-<seed>.json``. See benchmarks/README.md for what each figure means.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import platform
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))

import make_workspace as mw  # noqa: E402

GROUPS = ("analyze", "cluster", "lookup", "ui", "rss")
DEFAULT_REPEAT = {"S": 5, "M": 3, "L": 3}
FAR_SINCE = "2000-01-01T00:00:00+08:00"
SAMPLE_RELAY = REPO.parent / "shared" / "sample-relay"
FIRST_FRAME_PAIRS = 11
"""Bare/curator process pairs behind each first-frame figure (the full rounds count towards it)."""
SAMPLE_WINDOW = ("2026-08-19T22:20:00+08:00", "2026-08-20T22:20:00+08:00")
NAIVE_DIRECT_MAX = 3000
"""Above this many items the naive all-pairs baseline is measured on M and scaled by n²."""
PROBE_ID = "2608.99991"
UI_SIZE = (160, 50)

READ_ALL_SNIPPET = (
    "import sys\nfrom pathlib import Path\nn = 0\n"
    "for p in Path(sys.argv[1]).rglob('*'):\n"
    "    if '.curator' not in p.parts and p.is_file():\n"
    "        n += len(p.read_bytes())\n"
    "print(n)\n"
)


def log(msg: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- figures


@dataclass
class Target:
    """One target: ``max``/``min`` on the value, ``ratio_max`` on value/baseline,
    ``speedup_min`` on baseline/value, ``true`` for a boolean check."""

    kind: str
    x: float
    text: str


@dataclass
class Figure:
    key: str
    label: str
    unit: str  # s | frac | bytes | count | bool
    value: float | None
    baseline: float | None = None
    baseline_label: str = ""
    targets: list[Target] = field(default_factory=list)
    note: str = ""
    samples: list[float] = field(default_factory=list)
    baseline_samples: list[float] = field(default_factory=list)
    error: str | None = None

    @property
    def ratio(self) -> float | None:
        if self.value is None or self.baseline in (None, 0):
            return None
        return float(self.value) / float(self.baseline)  # type: ignore[arg-type]

    def check(self) -> tuple[bool | None, list[str]]:
        """(passed, misses); passed is None when there is no target or no value."""
        if not self.targets:
            return None, []
        if self.value is None:
            return None, ["not measured"]
        misses: list[str] = []
        v = float(self.value)
        for t in self.targets:
            if t.kind == "max" and v > t.x:
                misses.append(
                    f"over by {fmt(v - t.x, self.unit)} ({v / t.x:.1f}x the limit)"
                    if t.x
                    else "over"
                )
            elif t.kind == "min" and v < t.x:
                misses.append(f"short by {fmt(t.x - v, self.unit)}")
            elif t.kind == "true" and not v:
                misses.append("check failed")
            elif t.kind == "ratio_max":
                r = self.ratio
                if r is None:
                    misses.append("baseline missing")
                elif r > t.x:
                    misses.append(f"ratio {r:.2f}x > {t.x:g}x ({r / t.x:.1f}x over)")
            elif t.kind == "speedup_min":
                r = self.ratio
                if r is None:
                    misses.append("baseline missing")
                elif 1 / r < t.x:
                    misses.append(
                        f"only {1 / r:.1f}x faster, needs {t.x:g}x ({t.x * r:.1f}x short)"
                    )
        if misses == ["baseline missing"] * len(misses) and misses:
            return None, misses
        return not misses, misses

    def to_json(self) -> dict[str, Any]:
        passed, misses = self.check()
        d = asdict(self)
        d["targets"] = [t.text for t in self.targets]
        d["ratio"] = self.ratio
        d["passed"] = passed
        d["misses"] = misses
        return d


def fmt(v: float | None, unit: str) -> str:
    if v is None:
        return "—"
    if unit == "s":
        a = abs(v)
        if a >= 1:
            return f"{v:.2f} s"
        if a >= 1e-3:
            return f"{v * 1e3:.1f} ms"
        return f"{v * 1e6:.0f} µs"
    if unit == "frac":
        return f"{v * 100:.1f}%"
    if unit == "bytes":
        return f"{v / 1e6:.0f} MB"
    if unit == "bool":
        return "yes" if v else "NO"
    if unit == "count":
        return f"{v:,.0f}"
    return f"{v:g}"


def med(xs: list[float]) -> float | None:
    return statistics.median(xs) if xs else None


def pct(xs: list[float], p: float) -> float | None:
    """Nearest-rank percentile."""
    if not xs:
        return None
    s = sorted(xs)
    k = max(0, min(len(s) - 1, int(-(-p * len(s) // 100)) - 1))
    return s[k]


class Results:
    def __init__(self) -> None:
        self.figures: list[Figure] = []
        self.errors: list[str] = []
        self.info: dict[str, Any] = {}

    def add(self, fig: Figure) -> Figure:
        self.figures.append(fig)
        passed, misses = fig.check()
        verdict = "" if passed is None else ("PASS" if passed else "FAIL " + "; ".join(misses))
        r = fig.ratio
        log(
            f"  {fig.label}: {fmt(fig.value, fig.unit)}"
            + (
                f" vs {fmt(fig.baseline, fig.unit if fig.unit != 'frac' else 'frac')} ({r:.3g}x)"
                if r is not None
                else ""
            )
            + (f"  {verdict}" if verdict else "")
            + (f"  [{fig.error}]" if fig.error else "")
        )
        return fig


# --------------------------------------------------------------------------- helpers


def workspace(size: str, seed: int, workdir: Path) -> Path:
    """The generated workspace for (size, seed), reused when it is already there."""
    ws = workdir / f"ws-{size}-seed{seed}-g{mw.GENERATOR_VERSION}"
    gt = ws / "ground_truth.json"
    if gt.is_file():
        try:
            d = json.loads(gt.read_text(encoding="utf-8"))
            if (
                d.get("size") == size
                and d.get("seed") == seed
                and d.get("generator_version") == mw.GENERATOR_VERSION
            ):
                return ws
        except (OSError, ValueError):
            pass
    log(f"generating workspace {size} seed {seed} into {ws}")
    ws.mkdir(parents=True, exist_ok=True)
    s = mw.generate(ws, size, seed, force=True)
    log(
        f"  {s['files']} files, {s['bytes']:,} bytes, {s['counts']['items']} items in {s['seconds']:.1f} s"
    )
    return ws


def ground_truth(ws: Path) -> dict[str, Any]:
    return json.loads((ws / "ground_truth.json").read_text(encoding="utf-8"))


def read_all(ws: Path) -> int:
    """The baseline: every file's bytes (Path.read_bytes), nothing else."""
    n = 0
    for p in ws.rglob("*"):
        if ".curator" not in p.parts and p.is_file():
            n += len(p.read_bytes())
    return n


def drop_cache(ws: Path) -> None:
    """A cold start: the index cache and the kept answers (``result-*.cache``) removed."""
    from curator.cache import PARTS
    from curator.result_memo import PREFIX, SUFFIX

    for name in PARTS.values():
        with contextlib.suppress(FileNotFoundError):
            (ws / ".curator" / name).unlink()
    for kept in (ws / ".curator").glob(f"{PREFIX}*{SUFFIX}"):
        with contextlib.suppress(FileNotFoundError):
            kept.unlink()


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def curator_cmd() -> list[str]:
    exe = Path(sys.executable).parent / "curator"
    if exe.is_file() and os.access(exe, os.X_OK):
        return [str(exe)]
    return [sys.executable, "-m", "curator"]


@dataclass
class ProcRun:
    seconds: float
    rc: int
    maxrss: int  # bytes
    stderr: str
    cpu: float = 0.0  # user + system seconds of the child (wait4)


def _vm_hwm(pid: int) -> int | None:
    """The process's own peak RSS (VmHWM, bytes); None once it has exited."""
    try:
        with open(f"/proc/{pid}/status", "rb") as fh:
            for line in fh:
                if line.startswith(b"VmHWM:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def run_proc(
    cmd: list[str],
    *,
    env: dict[str, str] | None = None,
    timeout: float = 1800,
    stdout: Any = subprocess.DEVNULL,
) -> ProcRun:
    """Wall time, exit code and peak RSS of one whole process (its stdout to *stdout*, discarded by default).

    Peak RSS is the child's VmHWM from /proc, polled until it exits: ``ru_maxrss`` from
    ``wait4`` is no good here, because Linux carries the *parent's* high-water mark
    into a forked child across exec, so a child of this (large) process would report
    at least this process's peak.
    """
    with tempfile.TemporaryFile() as err:
        t = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=stdout, stderr=err, stdin=subprocess.DEVNULL, env=env)
        deadline = t + timeout
        peak = 0
        while True:
            hwm = _vm_hwm(p.pid)
            if hwm is not None:
                peak = max(peak, hwm)
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                p.kill()
                pid, status, ru = os.wait4(p.pid, 0)
                break
            time.sleep(0.002)
        secs = time.perf_counter() - t
        p.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    return ProcRun(
        secs, p.returncode, peak or ru.ru_maxrss * 1024, text[-2000:], ru.ru_utime + ru.ru_stime
    )


def sub_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + (
        os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else ""
    )
    env.setdefault("PYTHONHASHSEED", "0")
    return env


@contextlib.contextmanager
def patched(
    module: Any, name: str, wrapper: Callable[[Callable[..., Any]], Callable[..., Any]]
) -> Iterator[None]:
    orig = getattr(module, name)
    setattr(module, name, wrapper(orig))
    try:
        yield
    finally:
        setattr(module, name, orig)


# --------------------------------------------------------------------------- analyze


def bench_analyze(ws: Path, gt: dict, reps: int, res: Results, state: dict) -> None:
    import curator.analysis as an
    from curator.analysis import analyze
    from curator.cache import IndexCache

    log(
        f"analyze: in-process, {reps} rounds (read-all baseline, cold, warm, warm + 1 changed note)"
    )
    changed = _changed_note(ws, gt)
    base, cold, warm, touched, reads = [], [], [], [], []
    n_incs = 0
    judged: list[float] = []  # build_analysis of every analyze call, in order

    def wrap_build(orig: Callable[..., Any]) -> Callable[..., Any]:
        def inner(*a: Any, **kw: Any) -> Any:
            t, out = timed(lambda: orig(*a, **kw))
            judged.append(t)
            return out

        return inner

    cold_j, warm_j = [], []
    with patched(an, "build_analysis", wrap_build):
        for _ in range(reps):
            gc.collect()
            base.append(timed(lambda: read_all(ws))[0])
            drop_cache(ws)
            gc.collect()
            t, a = timed(lambda: analyze(ws, cache=IndexCache(ws)))
            cold.append(t)
            cold_j.append(judged[-1])
            n_incs = len(a.increments)
            del a
            gc.collect()
            caches: list[IndexCache] = []

            def warm_run(
                caches: list[IndexCache] = caches,
            ) -> Any:  # loading the cache is part of a warm run
                caches.append(IndexCache(ws))
                return analyze(ws, cache=caches[-1])

            t, _a = timed(warm_run)
            warm.append(t)
            warm_j.append(judged[-1])
            reads.append(caches[-1].reads)
            del _a
            st = changed.stat()
            os.utime(changed, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
            try:
                t, _a = timed(warm_run)
                touched.append(t)
                reads.append(caches[-1].reads)
            finally:
                os.utime(changed, ns=(st.st_atime_ns, st.st_mtime_ns))
            del _a
    res.info["analyze_increments_in_window"] = n_incs
    bl = "read every file's bytes (in-process)"
    res.add(
        Figure(
            "analyze.cold.inproc",
            "analyze cold, in-process (no cache)",
            "s",
            med(cold),
            med(base),
            bl,
            samples=cold,
            baseline_samples=base,
            note="IndexCache deleted, then analyze(ws, cache=IndexCache(ws))",
        )
    )
    res.add(
        Figure(
            "analyze.warm.inproc",
            "analyze warm, in-process (persisted cache)",
            "s",
            med(warm),
            med(base),
            bl,
            [Target("max", 0.5, "≤ 0.5 s")],
            samples=warm,
            baseline_samples=base,
            note=f"timed: IndexCache(ws) loading the cache files + analyze; files re-read: {reads[0::2]}",
        )
    )
    res.add(
        Figure(
            "analyze.warm1.inproc",
            "analyze warm, 1 note changed, in-process",
            "s",
            med(touched),
            med(base),
            bl,
            [Target("max", 0.5, "≤ 0.5 s")],
            samples=touched,
            baseline_samples=base,
            note=f"{changed.relative_to(ws)} touched; files re-read: {reads[1::2]}",
        )
    )
    rest = [w - j for w, j in zip(warm, warm_j, strict=True)]
    res.add(
        Figure(
            "analyze.judgment.warm",
            "judgment (build_analysis) within analyze warm, in-process",
            "s",
            med(warm_j),
            med(rest),
            "the rest of analyze warm (cache load, listing, docs, cards, notes)",
            samples=warm_j,
            baseline_samples=rest,
            note=f"cold: {fmt(med(cold_j), 's')} of {fmt(med(cold), 's')}; build_analysis is everything after the "
            "files are read: context (section fit, relevance, remarks), earlier briefings' left-out rows, "
            "clustering, evidence and status per increment, overlaps",
        )
    )

    log(f"analyze: whole process `curator analyze WS`, {reps} rounds")
    cmd = curator_cmd()
    env = sub_env()
    pbase, pcold, pwarm, rss_cold, rss_warm, rss_base = [], [], [], [], [], []
    errors = []
    for _ in range(reps):
        r = run_proc([sys.executable, "-c", READ_ALL_SNIPPET, str(ws)], env=env)
        pbase.append(r.seconds)
        rss_base.append(r.maxrss)
        drop_cache(ws)
        r = run_proc([*cmd, "analyze", str(ws)], env=env)
        if r.rc != 0:
            errors.append(f"cold rc={r.rc}: {r.stderr.strip()[-300:]}")
        pcold.append(r.seconds)
        rss_cold.append(r.maxrss)
        r = run_proc([*cmd, "analyze", str(ws)], env=env)
        if r.rc != 0:
            errors.append(f"warm rc={r.rc}: {r.stderr.strip()[-300:]}")
        pwarm.append(r.seconds)
        rss_warm.append(r.maxrss)
    bl = "python process reading every file's bytes"
    err = "; ".join(errors[:2]) or None
    res.add(
        Figure(
            "analyze.cold.process",
            "`curator analyze WS` cold, whole process",
            "s",
            med(pcold),
            med(pbase),
            bl,
            samples=pcold,
            baseline_samples=pbase,
            error=err,
            note=" ".join(cmd) + " analyze WS, .curator/ cache deleted",
        )
    )
    res.add(
        Figure(
            "analyze.warm.process",
            "`curator analyze WS` warm, whole process",
            "s",
            med(pwarm),
            med(pbase),
            bl,
            [Target("max", 0.5, "≤ 0.5 s")],
            samples=pwarm,
            baseline_samples=pbase,
            error=err,
            note="second run, persisted cache in .curator/",
        )
    )
    state["rss"] = (rss_cold, rss_warm, rss_base, err)


def bench_baseline_commit(ws: Path, reps: int, res: Results, src: Path, workdir: Path) -> None:
    """``analyze WS --json`` of this tree against the same command from another checkout (``--baseline-src``).

    Whole processes, cold then warm, the two trees in turn (baseline, this tree, ...), each on its own
    copy of the workspace (their caches differ). Both run as ``python -P -m curator`` with only their
    tree on ``PYTHONPATH`` and this interpreter's packages, so neither goes through an editable finder.
    """
    src = src.resolve()
    if not (src / "curator" / "__main__.py").is_file():
        raise FileNotFoundError(f"--baseline-src {src}: no curator/__main__.py there")
    import compileall

    compileall.compile_dir(str(src / "curator"), quiet=2)
    rev = (
        subprocess.run(
            ["git", "-C", str(src), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        or src.name
    )
    sides = {}
    for name, tree in (("base", src), ("this", REPO)):
        copy = workdir / f"{ws.name}-vs-{rev}-{name}"
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(ws, copy, ignore=shutil.ignore_patterns(".curator"))  # copy2: mtimes kept
        env = dict(os.environ, PYTHONPATH=str(tree))
        env.setdefault("PYTHONHASHSEED", "0")
        sides[name] = (copy, env)
    log(f"analyze vs {rev} ({src}): whole process, {reps} rounds, cold and warm")
    runs: dict[tuple[str, str], list[ProcRun]] = defaultdict(list)
    errors = []
    for _ in range(reps):
        for copy, _env in sides.values():
            shutil.rmtree(copy / ".curator", ignore_errors=True)
        for mode in ("cold", "warm"):
            for name, (copy, env) in sides.items():
                r = run_proc(
                    [sys.executable, "-P", "-m", "curator", "analyze", str(copy), "--json"], env=env
                )
                if r.rc != 0:
                    errors.append(f"{name} {mode} rc={r.rc}: {r.stderr.strip()[-300:]}")
                runs[(mode, name)].append(r)
    err = "; ".join(errors[:2]) or None
    for mode in ("cold", "warm"):
        this, base = runs[(mode, "this")], runs[(mode, "base")]
        wall = [r.seconds for r in this]
        bwall = [r.seconds for r in base]
        cpu_pairs = med([a.cpu / b.cpu for a, b in zip(this, base, strict=True) if b.cpu])
        wall_pairs = med([a / b for a, b in zip(wall, bwall, strict=True) if b])
        res.add(
            Figure(
                f"analyze.vs_baseline.{mode}",
                f"`analyze --json` {mode}, this tree vs {rev}, whole process",
                "s",
                med(wall),
                med(bwall),
                f"the same command from {src} ({rev})",
                [Target("ratio_max", 1.1, f"≤ 1.1× {rev}")],
                samples=wall,
                baseline_samples=bwall,
                error=err,
                note=f"CPU {fmt(med([r.cpu for r in this]), 's')} vs {fmt(med([r.cpu for r in base]), 's')}; "
                f"pair by pair: wall {wall_pairs or 0:.2f}x, CPU {cpu_pairs or 0:.2f}x"
                + (
                    "; .curator/ deleted before each round"
                    if mode == "cold"
                    else "; after both cold runs"
                ),
            )
        )


def _changed_note(ws: Path, gt: dict) -> Path:
    """The latest note of the window: the one a colleague is most likely still editing."""
    notes = [n for n in gt["notes"] if n["in_window"]] or gt["notes"]
    return ws / max(notes, key=lambda n: n["time"])["path"]


def bench_rss(ws: Path, reps: int, res: Results, state: dict) -> None:
    if "rss" not in state:
        log("rss: whole-process cold and warm analyze")
        cmd, env = curator_cmd(), sub_env()
        rc, rw, rb, errors = [], [], [], []
        for _ in range(max(1, min(reps, 2))):
            rb.append(run_proc([sys.executable, "-c", READ_ALL_SNIPPET, str(ws)], env=env).maxrss)
            drop_cache(ws)
            for bucket in (rc, rw):
                r = run_proc([*cmd, "analyze", str(ws)], env=env)
                bucket.append(r.maxrss)
                if r.rc:
                    errors.append(r.stderr.strip()[-300:])
        state["rss"] = (rc, rw, rb, "; ".join(errors[:1]) or None)
    rss_cold, rss_warm, rss_base, err = state["rss"]
    peak = max(rss_cold + rss_warm) if rss_cold + rss_warm else None
    res.add(
        Figure(
            "rss.analyze.peak",
            "peak RSS, whole-process analyze (cold/warm max)",
            "bytes",
            peak,
            med(rss_base),
            "peak RSS of the read-all python process",
            [Target("max", 400e6, "≤ 400 MB")],
            samples=rss_cold + rss_warm,
            baseline_samples=rss_base,
            error=err,
            note=f"cold {fmt(med(rss_cold), 'bytes')}, warm {fmt(med(rss_warm), 'bytes')} (VmHWM of each process)",
        )
    )


# --------------------------------------------------------------------------- cluster


def _capture_whole_period(ws: Path, gt: dict) -> dict[str, Any]:
    """analyze() over every note (since far back): captures the matcher's inputs and outputs."""
    import curator.analysis as an

    cap: dict[str, Any] = {}

    def wrap_cluster(orig: Callable[..., Any]) -> Callable[..., Any]:
        def inner(items: list, carriers: list, groups: list, *a: Any, **kw: Any) -> Any:
            t, out = timed(lambda: orig(items, carriers, groups, *a, **kw))
            cap.update(items=items, carriers=carriers, groups=groups, clusters=out, t_cluster=t)
            return out

        return inner

    def wrap_overlaps(orig: Callable[..., Any]) -> Callable[..., Any]:
        def inner(incs: list, texts: list, primaries: list, *a: Any, **kw: Any) -> Any:
            cap.update(incs=list(incs), texts=list(texts), primaries=list(primaries))
            t, out = timed(lambda: orig(incs, texts, primaries, *a, **kw))
            cap["t_overlaps"] = t
            return out

        return inner

    # no IndexCache: a cached parse from an older splitter would hide what the current one does
    analyze = an.analyze
    with patched(an, "cluster_items", wrap_cluster), patched(an, "find_overlaps", wrap_overlaps):
        t, analysis = timed(lambda: analyze(ws, since=FAR_SINCE, until=gt["window"]["until"]))
    cap["analysis"] = analysis
    cap["t_analyze"] = t
    return cap


def _titles_of(ws: Path, topic: str) -> list[str]:
    """Every item title of every note that is not a briefing of the topic (cluster_items' input)."""
    from curator.cache import IndexCache
    from curator.config import load_config
    from curator.workspace import layout, list_note_paths

    cfg = load_config(ws)
    paths, _p = list_note_paths(layout(cfg))
    cache = IndexCache(ws)
    titles: list[str] = []
    for p in paths:
        ln = cache.load_note(p, cfg).ensure()
        bt = (ln.note.briefing_topic or "").lower()
        if bt and bt == topic.lower():
            continue
        titles.extend(it.title for it in ln.note.items)
    cache.save()
    return titles


def _has_numpy() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def _naive_cdist(titles: list[str]) -> float:
    """All n² scores in C++: ``process.cdist`` (needs numpy), else one ``process.extract`` per row."""
    from rapidfuzz import fuzz, process

    gc.collect()
    if _has_numpy():
        t, m = timed(lambda: process.cdist(titles, titles, scorer=fuzz.token_set_ratio, workers=1))
    else:
        t, m = timed(
            lambda: [
                process.extract(q, titles, scorer=fuzz.token_set_ratio, limit=None) for q in titles
            ]
        )
    del m
    return t


def _naive_loop(titles: list[str]) -> float:
    from rapidfuzz import fuzz

    def run() -> None:
        for i, a in enumerate(titles):
            for b in titles[i + 1 :]:
                fuzz.token_set_ratio(a, b)

    return timed(run)[0]


def bench_cluster(
    ws: Path, gt: dict, size: str, seed: int, workdir: Path, reps: int, res: Results
) -> None:
    from curator.matcher import cluster_items
    from curator.overlaps import find_overlaps

    log(
        "cluster: analyze over the whole period (window since far back) to capture the matcher's inputs"
    )
    cap = _capture_whole_period(ws, gt)
    items, carriers, groups = cap["items"], cap["carriers"], cap["groups"]
    incs, texts, primaries = cap["incs"], cap["texts"], cap["primaries"]
    n = len(items)
    log(
        f"  {n} items, {len(carriers)} carriers, {len(groups)} note groups → {len(cap['clusters'])} clusters, "
        f"{len(incs)} increments; whole analyze {cap['t_analyze']:.1f} s"
    )

    titles = [it.title for it in items]
    if n <= NAIVE_DIRECT_MAX:
        naive_titles, scale, where = titles, 1.0, f"measured on this workspace ({n} titles)"
    else:
        m_ws = workspace("M", seed, workdir)
        naive_titles = _titles_of(m_ws, gt["topic"])
        scale = (n / len(naive_titles)) ** 2
        where = f"measured on M ({len(naive_titles)} titles), scaled by (n/n_M)² = {scale:.1f}"
    rng = random.Random(seed)
    loop_titles = rng.sample(titles, min(len(titles), 300))
    loop_scale = (n * (n - 1) / 2) / max(1, len(loop_titles) * (len(loop_titles) - 1) / 2)

    log(
        f"cluster: {reps} rounds of naive cdist ({where}) interleaved with cluster_items + find_overlaps"
    )
    naive, ours_c, ours_o, ours, loop = [], [], [], [], []
    for _ in range(reps):
        naive.append(_naive_cdist(naive_titles) * scale)
        gc.collect()
        tc, _cl = timed(lambda: cluster_items(items, carriers, groups))
        for inc in incs:
            inc.overlaps = []
        to, _o = timed(lambda: find_overlaps(incs, texts, primaries))
        ours_c.append(tc)
        ours_o.append(to)
        ours.append(tc + to)
        loop.append(_naive_loop(loop_titles) * loop_scale)
    how = (
        "process.cdist(titles, titles, scorer=fuzz.token_set_ratio, workers=1)"
        if _has_numpy()
        else "numpy missing, so cdist's equivalent: process.extract(t, titles, token_set_ratio, limit=None) per title"
    )
    bl = f"naive all-pairs rapidfuzz: {how}; {where}"
    res.info["cluster"] = {
        "items": n,
        "carriers": len(carriers),
        "groups": len(groups),
        "clusters": len(cap["clusters"]),
        "increments": len(incs),
        "naive_titles": len(naive_titles),
        "naive_scale": scale,
    }
    targets = [Target("max", 2.0, "≤ 2 s"), Target("speedup_min", 50, "≥ 50x faster than naive")]
    res.add(
        Figure(
            "cluster.time",
            "clustering: cluster_items over all items",
            "s",
            med(ours_c),
            med(naive),
            bl,
            targets,
            samples=ours_c,
            baseline_samples=naive,
            note=f"n={n} items → {len(cap['clusters'])} clusters (duplicates merged)",
        )
    )
    res.add(
        Figure(
            "cluster.time_with_overlaps",
            "clustering + find_overlaps (all increments)",
            "s",
            med(ours),
            med(naive),
            bl,
            targets,
            samples=ours,
            baseline_samples=naive,
            note=f"cluster_items {fmt(med(ours_c), 's')} + find_overlaps {fmt(med(ours_o), 's')} over "
            f"{len(incs)} increments",
        )
    )
    res.add(
        Figure(
            "cluster.naive_loop",
            "naive pure-Python all-pairs loop (extrapolated)",
            "s",
            med(loop),
            med(naive),
            "naive cdist (row above)",
            samples=loop,
            baseline_samples=naive,
            note=f"token_set_ratio over i<j pairs of {len(loop_titles)} sampled titles, scaled to n={n}",
        )
    )
    res.add(
        Figure(
            "cluster.analyze_all",
            "analyze, whole-period window (all items, no cache)",
            "s",
            cap["t_analyze"],
            med(naive),
            "naive cdist",
            note=f"one run; matcher inside it {cap['t_cluster'] + cap['t_overlaps']:.2f} s; "
            "the rest is per-increment status/sections",
        )
    )

    q = quality(gt, cap)
    res.info["quality"] = {k: v for k, v in q.items() if k != "examples"}
    res.info["quality_examples"] = q["examples"]
    res.add(
        Figure(
            "cluster.dup_precision",
            "planted duplicates: precision (item pairs merged)",
            "frac",
            q["precision"],
            q["base_precision"],
            "exact-key baseline (same arXiv ID / URL only)",
            [Target("min", 0.99, "≥ 99%")],
            note=f"{q['tp']} true / {q['merged_pairs']} merged pairs of mapped items",
        )
    )
    res.add(
        Figure(
            "cluster.dup_recall",
            "planted duplicates: recall (both refs in one increment)",
            "frac",
            q["recall"],
            q["base_recall"],
            "exact-key baseline (same arXiv ID / URL only)",
            [Target("min", 0.99, "≥ 99%")],
            note=f"{q['found']} / {q['planted']} note↔note pairs; refs mapped {q['mapping']}",
        )
    )
    res.add(
        Figure(
            "cluster.dup_recall_strict",
            "planted duplicates: recall, items only (no passing mentions)",
            "frac",
            q["strict_recall"],
            q["recall"],
            "recall incl. refs a note demotes to passing mentions",
            note=f"{q['strict_found']} / {q['planted']}: both refs recognised as items of their notes",
        )
    )
    res.add(
        Figure(
            "cluster.phantoms",
            "phantom items (primary ID not planted as an item of the note)",
            "count",
            q["phantoms"],
            q["items_with_id"],
            "items with a primary arXiv ID",
            note="e.g. a '关联: …(ID)' line read as an item of its own" if q["phantoms"] else "",
        )
    )
    res.add(
        Figure(
            "cluster.briefing_links",
            "planted duplicates with a briefing: marked reported",
            "frac",
            q["briefing_recall"],
            None,
            "",
            note=f"{q['briefing_found']} / {q['briefing_pairs']} briefing↔note pairs (briefings are not clustered)",
        )
    )
    res.add(
        Figure(
            "cluster.no_id_merge",
            "no two different arXiv IDs merged (all increments)",
            "bool",
            float(q["id_merges"] == 0),
            q["arxiv_increments"],
            "increments with an arXiv ID",
            [Target("true", 1, "none merged")],
            note=f"{q['id_merges']} increments hold >1 arXiv ID"
            + (f": {q['id_merge_examples'][:3]}" if q["id_merges"] else ""),
        )
    )
    res.add(
        Figure(
            "cluster.overlap_recall",
            "planted overlaps: flagged in `overlaps`",
            "frac",
            q["overlap_recall"],
            q["overlap_separate"],
            "share of planted pairs kept in different increments",
            note=f"{q['overlap_flagged']} / {q['overlap_pairs']} pairs flagged; {q['overlap_absent']} pairs lack an increment",
        )
    )


def quality(gt: dict, cap: dict) -> dict[str, Any]:
    """Precision/recall of the captured clustering against ground_truth.json.

    Every planted ref (note path + title + ID/URL) is mapped to the curator item of that note
    with the same primary arXiv ID or URL, else (ID-less items only) the best title match.
    A ref the note itself keeps out of its items (a line under "## 其他", say) can only be a
    *carrier* of that note, i.e. a passing mention: it then lands in the increment of its ID
    as a mention source. ``recall`` counts both; ``strict_recall`` only items.
    """
    from rapidfuzz import fuzz

    from curator.matcher import normalized_title
    from curator.urls import normalize_url

    briefings = {n["path"] for n in gt["notes"] if n["kind"] == "briefing"}
    items, carriers, clusters = cap["items"], cap["carriers"], cap["clusters"]
    by_note: dict[str, list] = defaultdict(list)
    for it in items:
        by_note[it.note].append(it)
    carriers_of: dict[str, list] = defaultdict(list)
    for car in carriers:
        carriers_of[car.note].append(car)
    lands: dict[int, set[int]] = defaultdict(set)  # id(item or carrier) → clusters it lands in
    for ci, c in enumerate(clusters):
        for it in c.items:
            lands[id(it)].add(ci)
    carrier_ids = {id(c) for c in carriers}
    for ci, c in enumerate(clusters):
        for it in c.mentions:
            if id(it) in carrier_ids:
                lands[id(it)].add(ci)

    def rkey(r: dict) -> tuple:
        return (r["path"], r["title"], r["arxiv"], r["url"])

    key_of = {rkey(r): r["key"] for r in gt["items"]}
    used: set[int] = set()
    ref_obj: dict[tuple, Any] = {}
    how: dict[str, int] = defaultdict(int)
    for r in gt["items"]:
        if r["path"] in briefings:
            continue
        cands = [it for it in by_note.get(r["path"], []) if id(it) not in used]
        pick, method = None, "unmapped"
        if r["arxiv"]:
            pick = next((it for it in cands if it.primary_arxiv == r["arxiv"]), None)
        elif r["url"]:
            nu = normalize_url(r["url"])
            pick = next(
                (
                    it
                    for it in cands
                    if not it.primary_arxiv and nu in {normalize_url(u) for u in it.urls}
                ),
                None,
            )
        if pick is not None:
            method = "id/url"
        else:
            nt = normalized_title(r["title"])
            scored = [
                (fuzz.token_set_ratio(nt, normalized_title(it.title)), -i)
                for i, it in enumerate(cands)
                if not it.primary_arxiv
            ]
            if scored and max(scored)[0] >= 85:
                pick, method = cands[-max(scored)[1]], "title"
        if pick is None and r["arxiv"]:
            pick = next(
                (c for c in carriers_of.get(r["path"], []) if r["arxiv"] in c.mentions), None
            )
            method = "carrier (passing mention)" if pick is not None else method
        how[method] += 1
        if pick is not None:
            if id(pick) not in carrier_ids:
                used.add(id(pick))
            ref_obj[rkey(r)] = pick

    # precision over every pair of mapped items merged into one increment
    item_key = {id(o): key_of[k] for k, o in ref_obj.items() if id(o) not in carrier_ids}
    tp = merged = 0
    fp_examples = []
    for c in clusters:
        mapped = [it for it in c.items if id(it) in item_key]
        for i, a in enumerate(mapped):
            for b in mapped[i + 1 :]:
                merged += 1
                if item_key[id(a)] == item_key[id(b)]:
                    tp += 1
                elif len(fp_examples) < 5:
                    fp_examples.append(
                        {"cluster": c.key, "a": [a.note, a.title], "b": [b.note, b.title]}
                    )

    # the exact-key baseline: same arXiv ID or same first normalised URL, nothing else
    def exact(o: Any) -> str:
        if id(o) in carrier_ids:
            return o.mentions[0]
        if o.primary_arxiv:
            return o.primary_arxiv
        return normalize_url(o.urls[0]) if o.urls else f"#{id(o)}"

    base_groups: dict[str, list] = defaultdict(list)
    for it in items:
        base_groups[exact(it)].append(it)
    btp = bmerged = 0
    for members in base_groups.values():
        mapped = [it for it in members if id(it) in item_key]
        for i, a in enumerate(mapped):
            for b in mapped[i + 1 :]:
                bmerged += 1
                btp += item_key[id(a)] == item_key[id(b)]

    analysis = cap["analysis"]
    inc_of_item: dict[int, Any] = {}
    for inc in analysis.increments:
        for it in inc.items:
            inc_of_item.setdefault(id(it), inc)
    planted = found = strict = bfound = unmapped = 0
    b_pairs = b_found = 0
    miss_examples = []
    for a, b in gt["duplicates"]:
        if a["path"] in briefings or b["path"] in briefings:
            note_side, brief_side = (b, a) if a["path"] in briefings else (a, b)
            if note_side["path"] in briefings:
                continue  # briefing ↔ briefing: neither is clustered
            b_pairs += 1
            o = ref_obj.get(rkey(note_side))
            inc = inc_of_item.get(id(o)) if o is not None and id(o) not in carrier_ids else None
            if inc is not None and any(brief_side["path"] in lab for lab in inc.reported_in):
                b_found += 1
            continue
        planted += 1
        oa, ob = ref_obj.get(rkey(a)), ref_obj.get(rkey(b))
        if oa is None or ob is None:
            unmapped += 1
        same = oa is not None and ob is not None and bool(lands[id(oa)] & lands[id(ob)])
        found += same
        strict += same and id(oa) not in carrier_ids and id(ob) not in carrier_ids
        if oa is not None and ob is not None and exact(oa) == exact(ob):
            bfound += 1
        if not same and len(miss_examples) < 8:
            miss_examples.append(
                {
                    "a": [a["path"], a["title"], a["arxiv"] or a["url"]],
                    "b": [b["path"], b["title"], b["arxiv"] or b["url"]],
                    "a_item": [oa.title, oa.primary_arxiv, oa.urls[:1]] if oa is not None else None,
                    "b_item": [ob.title, ob.primary_arxiv, ob.urls[:1]] if ob is not None else None,
                    "clusters": [
                        sorted(clusters[i].key for i in lands[id(o)]) if o is not None else None
                        for o in (oa, ob)
                    ],
                }
            )

    # phantom items: an item whose primary ID is no planted item of its note (e.g. a "关联:" line)
    gt_ids: dict[str, set[str]] = defaultdict(set)
    for r in gt["items"]:
        if r["arxiv"]:
            gt_ids[r["path"]].add(r["arxiv"])
    phantoms = [it for it in items if it.primary_arxiv and it.primary_arxiv not in gt_ids[it.note]]

    # no two different arXiv IDs in one increment (the clusters' primary items and the increments' IDs)
    id_merges = 0
    merge_examples = []
    arxiv_incs = 0
    for c in clusters:
        ids = {it.primary_arxiv for it in c.items if it.primary_arxiv}
        if c.kind == "arxiv":
            ids.add(c.key)
        arxiv_incs += bool(ids)
        if len(ids) > 1:
            id_merges += 1
            merge_examples.append(sorted(ids))
    for inc in analysis.increments:
        if len(set(inc.arxiv)) > 1:
            id_merges += 1
            merge_examples.append(sorted(set(inc.arxiv)))

    # planted overlaps: separate increments and flagged
    inc_by_id: dict[str, Any] = {}
    for inc in analysis.increments:
        for aid in inc.arxiv[:1]:
            inc_by_id.setdefault(aid, inc)
    o_pairs = len(gt["overlaps"])
    o_flag = o_sep = o_absent = 0
    for a_id, b_id in gt["overlaps"]:
        ia, ib = inc_by_id.get(a_id), inc_by_id.get(b_id)
        if ia is None or ib is None:
            o_absent += 1
            continue
        if ia is not ib:
            o_sep += 1
        if b_id in {o.id for o in ia.overlaps} or a_id in {o.id for o in ib.overlaps}:
            o_flag += 1
    present = o_pairs - o_absent
    return {
        "precision": tp / merged if merged else 1.0,
        "tp": tp,
        "merged_pairs": merged,
        "recall": found / planted if planted else 1.0,
        "found": found,
        "planted": planted,
        "strict_recall": strict / planted if planted else 1.0,
        "strict_found": strict,
        "unmapped_pairs": unmapped,
        "mapping": dict(how),
        "base_precision": btp / bmerged if bmerged else 1.0,
        "base_recall": bfound / planted if planted else 1.0,
        "briefing_recall": b_found / b_pairs if b_pairs else None,
        "briefing_found": b_found,
        "briefing_pairs": b_pairs,
        "phantoms": len(phantoms),
        "items_with_id": sum(1 for it in items if it.primary_arxiv),
        "id_merges": id_merges,
        "id_merge_examples": merge_examples[:5],
        "arxiv_increments": arxiv_incs,
        "overlap_pairs": o_pairs,
        "overlap_flagged": o_flag,
        "overlap_absent": o_absent,
        "overlap_recall": o_flag / present if present else None,
        "overlap_separate": o_sep / present if present else None,
        "examples": {
            "missed_pairs": miss_examples,
            "false_merges": fp_examples,
            "phantoms": [[it.note, it.title[:80], it.primary_arxiv] for it in phantoms[:5]],
        },
    }


# --------------------------------------------------------------------------- lookup


def _find_rg(workdir: Path) -> str | None:
    rg = shutil.which("rg")
    if rg:
        return rg
    marker = workdir / ".apt-ripgrep-tried"
    if not marker.exists() and shutil.which("apt-get"):
        marker.write_text("tried\n")
        log("lookup: rg missing, trying `apt-get install -y ripgrep` once")
        with contextlib.suppress(Exception):
            subprocess.run(
                ["apt-get", "install", "-y", "ripgrep"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=300,
                check=False,
            )
    return shutil.which("rg")


def _lookup_ids(
    gt: dict, seed: int, n_anch: int, n_note: int, n_other: int, n_unknown: int
) -> list[str]:
    rng = random.Random(seed * 7919 + n_anch)
    anchored = sorted(gt["anchored"])
    noted = sorted(
        {i["arxiv"] for i in gt["items"] if i["arxiv"] and i["arxiv"] not in gt["anchored"]}
    )
    other = sorted({k for d in gt["anchored_other"].values() for k in d})
    unknown = [f"2699.{rng.randrange(10000, 99999)}" for _ in range(n_unknown)]

    def take(pool: list[str], k: int) -> list[str]:
        return rng.sample(pool, min(k, len(pool)))

    ids = take(anchored, n_anch) + take(noted, n_note) + take(other, n_other) + unknown
    rng.shuffle(ids)
    return ids


def bench_lookup(
    ws: Path, gt: dict, seed: int, reps: int, workdir: Path, res: Results, budget: float
) -> None:
    from curator.lookup import lookup

    rg = _find_rg(workdir)
    ids10 = _lookup_ids(gt, seed, 5, 4, 1, 0)
    cmd, env = curator_cmd(), sub_env()
    per_rg: list[float] = []
    per_cur: list[float] = []
    errors = []
    log(
        f"lookup: whole process, {len(ids10)} IDs × {reps} (rg -F ID WS, then curator lookup ID WS)"
    )
    for q in ids10:
        r_rg, r_cur = [], []
        for _ in range(reps):
            if rg:
                r_rg.append(run_proc([rg, "-F", q, str(ws)], env=env).seconds)
            r = run_proc([*cmd, "lookup", q, str(ws)], env=env)
            if r.rc not in (0, 1):
                errors.append(f"{q}: rc={r.rc} {r.stderr.strip()[-200:]}")
            r_cur.append(r.seconds)
        if r_rg:
            per_rg.append(statistics.median(r_rg))
        per_cur.append(statistics.median(r_cur))
    res.add(
        Figure(
            "lookup.process",
            "`curator lookup ID WS`, whole process (median over IDs)",
            "s",
            med(per_cur),
            med(per_rg),
            "`rg -F ID WS`, whole process" if rg else "rg missing (apt-get failed)",
            [Target("ratio_max", 2.0, "≤ 2x ripgrep")],
            samples=per_cur,
            baseline_samples=per_rg,
            error="; ".join(errors[:2]) or None,
            note=f"{len(ids10)} IDs, anchored and not",
        )
    )

    ids = _lookup_ids(gt, seed, 80, 80, 20, 20)
    from curator.config import load_config
    from curator.lookup import LookupIndex

    cfg = load_config(ws)
    index = LookupIndex(ws)  # long-lived, as the UI holds it (files re-checked every 2 s)
    lookup(ws, ids[0], cfg=cfg, index=index)  # imports, first-touch
    lat: list[float] = []
    start = time.perf_counter()
    for q in ids:
        lat.append(timed(lambda q=q: lookup(ws, q, cfg=cfg, index=index))[0])
        if time.perf_counter() - start > budget and len(lat) >= 20:
            break
    log(f"lookup: in-process naive grep baseline over {min(10, len(ids))} IDs")
    files = [p for p in ws.rglob("*") if ".curator" not in p.parts and p.is_file()]

    def grep(q: bytes) -> bool:
        hit = False
        for p in files:
            hit = q in p.read_bytes() or hit
        return hit

    base = [timed(lambda q=q: grep(q.encode()))[0] for q in ids[:10]]
    note = f"{len(lat)} of {len(ids)} queries" + (
        " (time budget hit)" if len(lat) < len(ids) else ""
    )
    bl = "in-process naive grep: read every file, bytes `in`"
    res.add(
        Figure(
            "lookup.inproc.p50",
            "in-process lookup(root, q, index) p50",
            "s",
            pct(lat, 50),
            med(base),
            bl,
            samples=lat,
            baseline_samples=base,
            note=note,
        )
    )
    res.add(
        Figure(
            "lookup.inproc.p99",
            "in-process lookup(root, q, index) p99",
            "s",
            pct(lat, 99),
            med(base),
            bl,
            [Target("max", 1e-3, "≤ 1 ms")],
            samples=lat,
            baseline_samples=base,
            note=note,
        )
    )


# --------------------------------------------------------------------------- ui


def bench_ui(ws: Path, gt: dict, reps: int, res: Results, size: str) -> None:
    try:
        import curator.tui.app  # noqa: F401
    except Exception as exc:  # the UI is being finished elsewhere: never block the rest
        msg = f"{type(exc).__name__}: {exc}"
        for key in (
            "ui.sample.first_frame",
            "ui.ws.first_frame",
            "ui.ws.index_complete",
            "ui.ws.key_latency",
            "ui.ws.new_note",
        ):
            res.add(Figure(key, key + " (not measured)", "s", None, error=msg))
        return
    targets = {
        "sample": [Target("ratio_max", 1.2, "≤ 1.2x bare app")],
        size: [Target("ratio_max", 1.5, "≤ 1.5x bare app")],
    }
    places: list[tuple[str, Path, tuple[str, str] | None]] = []
    if SAMPLE_RELAY.is_dir():
        places.append(("sample", SAMPLE_RELAY, SAMPLE_WINDOW))
    else:
        res.errors.append(f"sample relay missing: {SAMPLE_RELAY}")
    places.append((size, ws, (gt["window"]["since"], gt["window"]["until"])))
    for name, src, window in places:
        log(
            f"ui: {name}: {reps} rounds of bare app vs curator app (headless run_test, fresh process each)"
        )
        bare: list[dict] = []
        cur: list[dict] = []
        for _ in range(reps):
            bare.append(_probe({"app": "bare"}))
            with tempfile.TemporaryDirectory(prefix="curator-ui-") as tmp:
                copy = Path(tmp) / "ws"
                shutil.copytree(src, copy, ignore=shutil.ignore_patterns(".curator", "expected*"))
                for p in [copy, *copy.rglob("*")]:
                    p.chmod(0o755 if p.is_dir() else 0o644)
                cur.append(
                    _probe(
                        {
                            "app": "curator",
                            "ws": str(copy),
                            "since": window[0] if window else None,
                            "until": window[1] if window else None,
                            "new_note": True,
                        }
                    )
                )
        err = next((r["error"] for r in cur + bare if r.get("error")), None)
        tag = "sample relay" if name == "sample" else f"workspace {name}"
        ff = [r["first_frame"] for r in cur if r.get("first_frame") is not None]
        bff = [r["first_frame"] for r in bare if r.get("first_frame") is not None]
        # a first frame is ~30 ms: three rounds are at the mercy of the machine's noise, so add
        # quick pairs (both processes stop at their first frame) until there are FIRST_FRAME_PAIRS
        with tempfile.TemporaryDirectory(prefix="curator-ui-") as tmp:
            copy = Path(tmp) / "ws"
            shutil.copytree(src, copy, ignore=shutil.ignore_patterns(".curator", "expected*"))
            for _ in range(max(0, FIRST_FRAME_PAIRS - len(ff))):
                b = _probe({"app": "bare", "first_frame_only": True})
                c = _probe(
                    {
                        "app": "curator",
                        "ws": str(copy),
                        "since": window[0] if window else None,
                        "until": window[1] if window else None,
                        "first_frame_only": True,
                    }
                )
                if b.get("first_frame") is not None and c.get("first_frame") is not None:
                    bff.append(b["first_frame"])
                    ff.append(c["first_frame"])
        key = "sample" if name == "sample" else "ws"
        res.add(
            Figure(
                f"ui.{key}.first_frame",
                f"UI first frame, {tag}",
                "s",
                med(ff),
                med(bff),
                "bare Textual app (Header, Static, Footer), same start",
                targets.get(name, []),
                samples=ff,
                baseline_samples=bff,
                error=err,
                note=f"from before importing the app module to the first compositor frame; {len(ff)} pairs",
            )
        )
        ic = [r["index_complete"] for r in cur if r.get("index_complete") is not None]
        res.add(
            Figure(
                f"ui.{key}.index_complete",
                f"UI index complete (rows on screen, cold), {tag}",
                "s",
                med(ic),
                med(bff),
                "bare app first frame",
                [Target("max", 3.0, "≤ 3 s")] if name != "sample" else [],
                samples=ic,
                baseline_samples=bff,
                error=err,
            )
        )
        kl = [x for r in cur for x in r.get("keys", [])]
        bkl = [x for r in bare for x in r.get("keys", [])]
        res.add(
            Figure(
                f"ui.{key}.key_latency",
                f"key press (j) latency while indexing, p95, {tag}",
                "s",
                pct(kl, 95),
                pct(bkl, 95),
                "bare app, same key, p95",
                [Target("max", 0.1, "≤ 100 ms")] if name != "sample" else [],
                samples=kl,
                baseline_samples=bkl,
                error=err,
                note=f"{len(kl)} presses during indexing (median {fmt(med(kl), 's')}, max {fmt(max(kl) if kl else None, 's')})"
                if kl
                else "indexing finished before any key could be sent",
            )
        )
        nn = [r["new_note"] for r in cur if r.get("new_note") is not None]
        nb = [r["new_note_baseline"] for r in cur if r.get("new_note_baseline") is not None]
        res.add(
            Figure(
                f"ui.{key}.new_note",
                f"new note in the inbox → on screen, {tag}",
                "s",
                med(nn),
                med(nb),
                "in-process re-analysis of the same workspace (in-memory IndexCache)",
                [Target("max", 0.5, "≤ 0.5 s")] if name != "sample" else [],
                samples=nn,
                baseline_samples=nb,
                error=err
                or next((r.get("new_note_error") for r in cur if r.get("new_note_error")), None),
            )
        )


def _probe(spec: dict) -> dict:
    """One UI measurement in a fresh process (imports and caches as a user would have them)."""
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--probe-ui", json.dumps(spec)],
        capture_output=True,
        text=True,
        env=sub_env(),
        timeout=900,
        check=False,
    )
    lines = [ln for ln in out.stdout.splitlines() if ln.startswith("{")]
    if out.returncode != 0 or not lines:
        return {"error": f"probe rc={out.returncode}: {(out.stderr or out.stdout).strip()[-400:]}"}
    return json.loads(lines[-1])


def probe_ui(spec: dict) -> dict:
    """Runs inside the probe process: first frame, index complete, keys, new note."""
    from textual import events
    from textual.app import App

    first: list[float] = []
    orig_display = App._display

    def display(self: App, screen: Any, renderable: Any) -> None:
        if renderable is not None and not first:
            first.append(time.perf_counter())
        return orig_display(self, screen, renderable)

    App._display = display  # type: ignore[method-assign]
    stamps: list[float] = []
    result: dict[str, Any] = {}

    async def main() -> None:
        t0 = time.perf_counter()
        if spec["app"] == "bare":
            from textual.widgets import Footer, Header, Static

            class Bare(App[None]):
                BINDINGS = [("j", "down", "Down")]

                def compose(self) -> Any:
                    yield Header()
                    yield Static("bare")
                    yield Footer()

                def action_down(self) -> None:
                    stamps.append(time.perf_counter())

            app: App = Bare()
        else:
            from curator.tui.app import CuratorApp
            from curator.tui.screens import triage

            orig = triage.TriageScreen.action_cursor

            def cursor(self: Any, direction: str) -> None:
                stamps.append(time.perf_counter())
                return orig(self, direction)

            triage.TriageScreen.action_cursor = cursor  # type: ignore[method-assign]
            app = CuratorApp(Path(spec["ws"]), since=spec.get("since"), until=spec.get("until"))
        async with app.run_test(size=UI_SIZE):
            result["started"] = time.perf_counter() - t0
            result["first_frame"] = (first[0] - t0) if first else None
            if spec.get("first_frame_only"):
                return
            is_cur = spec["app"] != "bare"

            def ready() -> bool:
                return not is_cur or bool(app.triage.ready or app.triage.load_error)

            keys: list[float] = []
            key_at: list[float] = []
            for _ in range(300 if is_cur else 25):  # curator: every 0.1 s until indexing is done
                if ready() and is_cur:
                    break
                before = len(stamps)
                ev = events.Key("j", "j")
                ev.set_sender(app)
                sent = time.perf_counter()
                app._driver.send_message(ev)  # type: ignore[union-attr]
                while len(stamps) == before and time.perf_counter() - sent < 10:
                    await asyncio.sleep(0.0005)
                if len(stamps) > before:
                    keys.append(stamps[before] - sent)
                    key_at.append(round(sent - t0, 3))
                await asyncio.sleep(0.1 if is_cur else 0.05)
            result["keys"] = keys
            result["key_sent_at"] = key_at
            if not is_cur:
                return
            while not ready() and time.perf_counter() - t0 < 600:
                await asyncio.sleep(0.005)
            result["index_complete"] = time.perf_counter() - t0 if app.triage.ready else None
            if app.triage.load_error:
                result["error"] = f"load failed: {app.triage.load_error}"
                return
            if spec.get("new_note"):
                await asyncio.sleep(1.0)  # let the inbox watcher take its first snapshot
                result.update(await _new_note(app, Path(spec["ws"])))

    try:
        asyncio.run(main())
    except Exception as exc:
        result["error"] = f"{type(exc).__name__}: {exc}"
        result["traceback"] = traceback.format_exc()[-1500:]
    if spec.get("first_frame_only"):
        return result
    if spec.get("new_note") and "new_note" in result:
        from curator.analysis import analyze
        from curator.cache import IndexCache

        ws = Path(spec["ws"])
        cache = IndexCache(ws)  # kept in memory, as the UI keeps its own between re-analyses
        analyze(ws, since=spec.get("since"), until=spec.get("until"), cache=cache)
        result["new_note_baseline"] = timed(
            lambda: analyze(ws, since=spec.get("since"), until=spec.get("until"), cache=cache)
        )[0]
    return result


NEW_NOTE = """# inference · 增量速记(bench probe)

增量1【§1.3】BenchProbe: Synthetic Arrival Probe for KV Cache Offloading(arXiv:{pid})
- 问题:基准探针,验证新笔记多久出现在界面上
- 方法:写入 inbox 后轮询界面状态
"""


async def _new_note(app: Any, ws: Path) -> dict[str, Any]:
    table = app.triage.query_one("#increments")
    author = sorted(p for p in (ws / "inbox").iterdir() if p.is_dir())[0]
    target = author / f"2026-08-20T2210-{author.name}-inference-benchprobe.md"
    tmp = ws / ".bench-note.tmp"
    tmp.write_text(NEW_NOTE.format(pid=PROBE_ID), encoding="utf-8")
    t = time.perf_counter()
    os.replace(tmp, target)
    while time.perf_counter() - t < 300:
        order = getattr(table, "order", None)
        if order is not None and PROBE_ID in order:
            return {"new_note": time.perf_counter() - t}
        if order is None:
            session = app.triage.session
            if session and any(inc.id == PROBE_ID for inc in session.analysis.increments):
                return {"new_note": time.perf_counter() - t}
        await asyncio.sleep(0.005)
    return {"new_note": None, "new_note_error": "the new note never showed up (300 s)"}


# --------------------------------------------------------------------------- output


def table_text(res: Results, header: str) -> str:
    rows = [("figure", "value", "baseline", "ratio", "target", "result")]
    for f in res.figures:
        passed, misses = f.check()
        r = f.ratio
        if f.error and f.value is None:
            result = "not measured: " + f.error[:120]
        elif passed is None:
            result = "—" if not misses else "; ".join(misses)
        else:
            result = "pass" if passed else "FAIL: " + "; ".join(misses)
        ratio = "—" if r is None else (f"{r:.3f}x" if r < 0.1 else f"{r:.2f}x")
        if r is not None and any(t.kind == "speedup_min" for t in f.targets) and r > 0:
            ratio += f" ({1 / r:.0f}x faster)"
        base = fmt(f.baseline, f.unit) if f.unit not in ("bool",) else fmt(f.baseline, "count")
        rows.append(
            (
                f.label,
                fmt(f.value, f.unit),
                base,
                ratio,
                " & ".join(t.text for t in f.targets) or "—",
                result,
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    out = [header]
    for i, r in enumerate(rows):
        out.append("  ".join(r[j].ljust(widths[j]) for j in range(5)) + "  " + r[5])
        if i == 0:
            out.append("  ".join("-" * w for w in widths) + "  " + "-" * 6)
    out.append("")
    out.append("baselines:")
    seen = set()
    for f in res.figures:
        if f.baseline_label and f.baseline_label not in seen:
            seen.add(f.baseline_label)
            out.append(f"  - {f.baseline_label}")
    notes = [f"  - {f.label}: {f.note}" for f in res.figures if f.note]
    if notes:
        out.append("notes:")
        out.extend(notes)
    for e in res.errors:
        out.append(f"error: {e}")
    return "\n".join(out)


def precompile() -> str | None:
    """Byte-compile curator as ``pip install`` does, so processes import it as a user's would.

    With PYTHONDONTWRITEBYTECODE set (or an editable install never imported before), every
    process would otherwise compile curator's sources again, ~20-35 ms that no installed
    copy pays; the bare-app and ripgrep baselines pay nothing comparable.
    """
    import compileall

    ok = compileall.compile_dir(str(REPO / "curator"), quiet=2)
    return None if ok else "could not byte-compile curator/: process figures include compiling it"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", choices=sorted(mw.SIZES), default="S")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--json", action="store_true", help="print one JSON document on stdout (table on stderr)"
    )
    ap.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "curator-bench")
    ap.add_argument(
        "--only", default=",".join(GROUPS), help=f"comma-separated subset of {','.join(GROUPS)}"
    )
    ap.add_argument(
        "--repeat", type=int, default=None, help="rounds per figure (default S 5, M 3, L 3)"
    )
    ap.add_argument(
        "--lookup-budget", type=float, default=60.0, help="seconds for the in-process lookup loop"
    )
    ap.add_argument(
        "--baseline-src",
        type=Path,
        default=None,
        help="a checkout of another commit (git worktree add DIR REV): the analyze group also times "
        "`analyze --json` cold and warm against it",
    )
    ap.add_argument("--probe-ui", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.probe_ui:
        print(json.dumps(probe_ui(json.loads(args.probe_ui))))
        return 0
    only = [g.strip() for g in args.only.split(",") if g.strip()]
    bad = [g for g in only if g not in GROUPS]
    if bad:
        ap.error(f"unknown group(s) {bad}; choose from {','.join(GROUPS)}")
    reps = args.repeat or DEFAULT_REPEAT[args.size]
    args.workdir.mkdir(parents=True, exist_ok=True)
    bytecode = precompile()
    pydeps = (
        args.workdir / "pydeps"
    )  # optional: `pip install --target WORKDIR/pydeps numpy` for cdist
    if pydeps.is_dir() and str(pydeps) not in sys.path:
        sys.path.append(str(pydeps))
    ws = workspace(args.size, args.seed, args.workdir)
    gt = ground_truth(ws)
    res = Results()
    state: dict[str, Any] = {}
    t_start = time.perf_counter()
    load0 = os.getloadavg()
    for group in GROUPS:
        if group not in only:
            continue
        try:
            if group == "analyze":
                bench_analyze(ws, gt, reps, res, state)
                if args.baseline_src:
                    bench_baseline_commit(ws, reps, res, args.baseline_src, args.workdir)
            elif group == "cluster":
                bench_cluster(ws, gt, args.size, args.seed, args.workdir, reps, res)
            elif group == "lookup":
                bench_lookup(ws, gt, args.seed, reps, args.workdir, res, args.lookup_budget)
            elif group == "ui":
                bench_ui(ws, gt, reps, res, args.size)
            elif group == "rss":
                bench_rss(ws, reps, res, state)
        except Exception as exc:  # one broken group must not hide the others
            res.errors.append(f"{group}: {type(exc).__name__}: {exc}")
            log(traceback.format_exc())
    if bytecode:
        res.info["bytecode"] = bytecode
    header = (
        f"curator benchmarks — size {args.size}, seed {args.seed}, {gt['counts']['notes']} notes, "
        f"{gt['counts']['items']} items, median of {reps} rounds; targets are the issue's targets for L\n"
        f"workspace {ws}; {os.cpu_count()} CPUs, load {load0[0]:.1f} → {os.getloadavg()[0]:.1f}, "
        f"{time.perf_counter() - t_start:.0f} s\n"
    )
    doc = {
        "size": args.size,
        "seed": args.seed,
        "workspace": str(ws),
        "groups": only,
        "repeat": reps,
        "counts": gt["counts"],
        "machine": {
            "cpus": os.cpu_count(),
            "load_start": load0,
            "load_end": os.getloadavg(),
            "python": platform.python_version(),
            "platform": platform.platform(),
            "maxrss_self": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
        },
        "seconds": time.perf_counter() - t_start,
        "figures": [f.to_json() for f in res.figures],
        "info": res.info,
        "errors": res.errors,
    }
    emit(
        doc,
        table_text(res, header),
        args.workdir / f"results-{args.size}-{args.seed}.json",
        args.json,
    )
    return 0


def emit(doc: dict[str, Any], table: str, path: Path, as_json: bool) -> None:
    """Save the results document to *path*; print the table, or (``--json``) the document with the table on stderr."""
    text = json.dumps(doc, ensure_ascii=False, indent=1, default=str)
    with contextlib.suppress(OSError):
        path.write_text(text + "\n", encoding="utf-8")
    if as_json:
        print(table, file=sys.stderr)
        print(text)
    else:
        print(table)


if __name__ == "__main__":
    sys.exit(main())
