#!/usr/bin/env python3
"""Key press to screen in a real terminal (tmux), curator against a bare Textual app (issue 14).

Usage::

    python benchmarks/tmux_keys.py [--notes 2000] [--seed 0] [--repeat 30] [--keys j,k,s]
                                   [--workdir DIR] [--json]

Why: ``keys.py`` times frames inside the process (``App.run_test``); a user sees bytes reach
the terminal. Here both apps run under a private tmux server in control mode (``tmux -C``),
which reports every chunk of output the app writes to its terminal as a ``%output`` line the
moment tmux reads it. The clock starts when ``send-keys`` is written and stops

- **first**: at the first output after the key (the first frame that answers it), and
- **settled**: at the last output before the terminal stays quiet for ``QUIET`` seconds
  (every frame the key caused: a detail pane drawn after the cursor moved counts).

curator opens make_corpus.py's corpus of ``--notes`` notes on its last evening, cold (its
``.curator/`` deleted); the first figure is **index complete**: start to the moment the
window's rows are on screen and the terminal has been quiet for a second. curator gets a user
cache folder of its own (``XDG_CACHE_HOME``), empty: it is opened once as on a machine it never
ran on (reported as the first run: it compiles the phrase tables' regexes and keeps them), then
again cold, the measured start. Then each key is
pressed ``--repeat`` times (``j`` down, ``k`` up, ``s`` the section picker and Escape), with
the bare app (a DataTable with as many rows, the same keys; ``s`` pushes a small modal)
measured in rounds interleaved with curator's (curator, bare, curator, ...) so both see the
same load. Reported: p50 and p95 per key and app, and the ratios; the target is p95 ≤ 2× bare.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from run import curator_cmd, log, sub_env  # noqa: E402
from scale import corpus  # noqa: E402

SIZE = (160, 50)
QUIET = 0.25
"""Seconds without output after which a key's effect counts as settled on screen."""
TARGET = 2.0
KEYS = ("j", "k", "s")

BARE_APP = (
    "import sys\n"
    f"sys.path.insert(0, {str(HERE)!r})\n"
    "from keys import bare_app\n"
    "bare_app(int(sys.argv[1])).run()\n"
)
"""keys.py's bare app (its a/u/s/j/k keys, a DataTable of as many rows), run in a terminal."""


class Terminal:
    """One app in a private tmux server, driven and watched through control mode."""

    def __init__(self, name: str, command: list[str], env: dict[str, str]) -> None:
        self.socket = f"curator-bench-{os.getpid()}-{name}"
        self.outputs: queue.Queue[float] = queue.Queue()
        self.last_output = time.perf_counter()
        self.text = ""
        shell = " ".join(_quote(c) for c in command)
        self.proc = subprocess.Popen(
            [
                "tmux",
                "-L",
                self.socket,
                "-f",
                "/dev/null",
                "-C",
                "new-session",
                "-x",
                str(SIZE[0]),
                "-y",
                str(SIZE[1]),
                shell,
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            bufsize=0,
        )
        self.started = time.perf_counter()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.command(f"refresh-client -C {SIZE[0]}x{SIZE[1]}")

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            now = time.perf_counter()
            if raw.startswith(b"%output "):
                self.last_output = now
                self.outputs.put(now)
                self.text += raw.decode("utf-8", "replace")[-4000:]
                self.text = self.text[-20000:]

    def command(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def screen(self) -> str:
        out = subprocess.run(
            ["tmux", "-L", self.socket, "capture-pane", "-p"],
            capture_output=True,
            text=True,
            check=False,
        )
        return out.stdout

    def quiet(self, seconds: float, timeout: float = 60.0) -> float:
        """Wait until no output for *seconds*; the time of the last output."""
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            if time.perf_counter() - self.last_output >= seconds:
                return self.last_output
            time.sleep(0.01)
        raise TimeoutError("the terminal never went quiet")

    def press(self, key: str) -> tuple[float, float] | None:
        """(first, settled) seconds from the key to the first / last output it caused."""
        self.quiet(QUIET)
        while not self.outputs.empty():
            self.outputs.get_nowait()
        sent = time.perf_counter()
        self.command(f"send-keys -t 0 {key}")
        try:
            first = self.outputs.get(timeout=5.0)
        except queue.Empty:
            return None
        last = self.quiet(QUIET)
        return first - sent, last - sent

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, check=False)
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def _quote(s: str) -> str:
    return "'" + s.replace("'", "'\\''") + "'"


def _wait_for_file(folder: Path, timeout: float, pattern: str = "*") -> None:
    """Until *folder* holds a file named *pattern* (a start's caches are written once it is
    idle)."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline and not any(folder.glob(pattern)):
        time.sleep(0.1)


def _wait_gone(ws: Path, timeout: float) -> None:
    """Until no process names *ws* on its command line: a closed curator takes ~0.5 s to exit
    (busy completing its cold start), and a start measured meanwhile shares the CPU with it."""
    deadline = time.perf_counter() + timeout
    needle = os.fsencode(str(ws))
    while time.perf_counter() < deadline:
        alive = False
        for pid in os.listdir("/proc") if os.path.isdir("/proc") else ():
            if not pid.isdigit():
                continue
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as fh:
                    alive = needle in fh.read()
            except OSError:
                continue
            if alive:
                break
        if not alive:
            return
        time.sleep(0.05)


def _wait_for(term: Terminal, text: str, timeout: float) -> float:
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        if text in term.screen():
            return time.perf_counter()
        time.sleep(0.02)
    raise TimeoutError(f"never saw {text!r}; screen:\n{term.screen()}")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def open_curator(ws: Path, window: list[str], env: dict[str, str]) -> tuple[Terminal, float, int]:
    """curator on the evening, cold; (terminal, index-complete seconds, rows on screen)."""
    shutil.rmtree(ws / ".curator", ignore_errors=True)
    term = Terminal("curator", [*curator_cmd(), str(ws), *window], env)
    shown = _wait_for(term, " left ", 120)  # the window's rows are on screen
    term.quiet(1.0, 120)  # then the rest of the notes are read in the background
    rows = _rows_shown(term.screen())
    return term, shown - term.started, rows


def _rows_shown(screen: str) -> int:
    for line in screen.splitlines():
        if " left " in line:
            digits = [w for w in line.replace("·", " ").split() if w.isdigit()]
            if digits:
                return max(int(d) for d in digits)
    return 40


def open_bare(rows: int, script: Path, env: dict[str, str]) -> Terminal:
    term = Terminal("bare", [sys.executable, str(script), str(rows)], env)
    _wait_for(term, "increment number 0", 60)  # the rows are on screen
    term.quiet(1.0, 60)
    return term


def press_all(
    term: Terminal, keys: list[str], rounds: int, out: dict[str, list[tuple[float, float]]]
) -> None:
    """Each key *rounds* times; ``j`` and ``k`` alternate so the cursor stays near the top, the
    picker ``s`` opens is closed with Escape (not timed)."""
    for _ in range(rounds):
        for key in keys:
            got = term.press(key)
            if got is not None:
                out.setdefault(key, []).append(got)
            if key == "s":
                term.press("Escape")


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--notes", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=30)
    ap.add_argument("--keys", default=",".join(KEYS))
    ap.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "curator-bench")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if shutil.which("tmux") is None:
        print("tmux is not installed", file=sys.stderr)
        return 2
    keys = [k for k in args.keys.split(",") if k]
    args.workdir.mkdir(parents=True, exist_ok=True)
    ws = corpus(args.notes, args.seed, args.workdir)
    ev = json.loads((ws / "ground_truth.json").read_text(encoding="utf-8"))["evening"]
    window = ["--since", ev["since"], "--until", ev["until"]]
    env = sub_env()
    env["TERM"] = "xterm-256color"
    env.pop("TMUX", None)
    script = args.workdir / "bare_app.py"
    script.write_text(BARE_APP, encoding="utf-8")

    # curator's user cache (compiled regexes) of its own: the first start below finds it empty,
    # as on a machine curator never ran on; the measured one finds what that start kept
    env["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="curator-bench-cache-")
    log(f"curator on {args.notes} notes, cold, one evening, first run on this machine")
    first, first_s, _rows = open_curator(ws, window, env)
    # its idle save writes the index cache right after the regexes it compiled (the second
    # processes of a cold start write the regex file too, earlier, with theirs only)
    _wait_for_file(ws / ".curator", 60, "index-notes.cache")
    first.close()
    _wait_gone(ws, 10)
    log(f"index complete {first_s:.2f} s; again, cold (its .curator/ deleted)")
    cur, index_s, rows = open_curator(ws, window, env)
    log(f"index complete {index_s:.2f} s, {rows} rows")
    bare = open_bare(rows, script, env)
    results: dict[str, dict[str, list[tuple[float, float]]]] = {"curator": {}, "bare": {}}
    try:
        per = max(1, args.repeat // 3)
        for i in range(3):  # curator, bare, curator, bare, ...: the same load for both
            log(f"round {i + 1}/3")
            press_all(cur, keys, per, results["curator"])
            press_all(bare, keys, per, results["bare"])
    finally:
        cur.close()
        bare.close()
    doc = report(args, index_s, rows, results, first_s)
    shutil.rmtree(env["XDG_CACHE_HOME"], ignore_errors=True)
    if args.json:
        print(json.dumps(doc, indent=1))
    return 0


def report(
    args: Any, index_s: float, rows: int, results: dict[str, Any], first_s: float
) -> dict[str, Any]:
    lines = [
        f"tmux key press to screen on {args.notes:,} notes ({rows} rows), p50 / p95 in ms; "
        f"target: settled p95 ≤ {TARGET:g}× bare; index complete ≤ 3 s",
        f"  index complete (cold, one evening): {index_s:.2f} s  {'PASS' if index_s <= 3 else 'MISS'}"
        f"  (first run on this machine, its compiled regexes not kept yet: {first_s:.2f} s)",
    ]
    doc: dict[str, Any] = {
        "notes": args.notes,
        "rows": rows,
        "index_complete_s": index_s,
        "index_complete_first_run_s": first_s,
        "keys": {},
    }
    for key, cur in results["curator"].items():
        bare = results["bare"].get(key, [])
        if not cur or not bare:
            continue
        row: dict[str, Any] = {}
        for n, what in enumerate(("first", "settled")):
            c = [x[n] * 1000 for x in cur]
            b = [x[n] * 1000 for x in bare]
            row[what] = {
                "curator": [pct(c, 0.5), pct(c, 0.95)],
                "bare": [pct(b, 0.5), pct(b, 0.95)],
                "ratio_p95": pct(c, 0.95) / max(pct(b, 0.95), 1e-6),
                "n": [len(c), len(b)],
            }
        doc["keys"][key] = row
        s = row["settled"]
        f = row["first"]
        ok = s["ratio_p95"] <= TARGET
        lines.append(
            f"  {key}: first curator {f['curator'][0]:.1f} / {f['curator'][1]:.1f}  bare "
            f"{f['bare'][0]:.1f} / {f['bare'][1]:.1f} ({f['ratio_p95']:.2f}×) · settled curator "
            f"{s['curator'][0]:.1f} / {s['curator'][1]:.1f}  bare {s['bare'][0]:.1f} / "
            f"{s['bare'][1]:.1f} ({s['ratio_p95']:.2f}×)  {'PASS' if ok else 'MISS'}  (n={s['n'][0]})"
        )
    print("\n".join(lines), file=sys.stderr)
    return doc


if __name__ == "__main__":
    sys.exit(main())
