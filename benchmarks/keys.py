#!/usr/bin/env python3
"""Key-to-screen latency of `a`, `u`, `s`, `j` in curator, as a ratio to a bare Textual app (issue 15).

Usage::

    python benchmarks/keys.py [--places sample,L] [--repeat N] [--gap SEC] [--json] [--workdir DIR]

For each place (the sample relay; a generated workspace of size S, M or L, made or reused as
``benchmarks/run.py`` does), curator is opened headless with ``App.run_test`` and, once the
relay is on screen and the background reading is done, each key is sent through the driver
(as a terminal would) ``--repeat`` times, ``--gap`` seconds apart. The clock stops at the first
frame the compositor hands to the driver (``App._display``) in which the key's effect holds:

- ``a``: the row is approved in the session and its mark cell shows ✓ (then ``u`` undoes it);
- ``u``: that row's mark cell is blank again;
- ``s``: the section picker is the screen being drawn (Escape closes it, not timed);
- ``j``: the cursor is one row further down.

The baseline is a bare Textual app: a DataTable with the same number of rows and columns,
whose ``a``/``u`` update the mark cell and move the cursor, ``s`` pushes a small modal,
``j`` moves down; measured the same way in the same process. Curator's rounds are split
around the bare app's (curator, bare, curator) so both see the same load. Reported: p50 and
p95 per key, and their ratios; the target is ≤ 2× at p95. See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO))

SAMPLE_RELAY = REPO.parent / "shared" / "sample-relay"
SAMPLE_WINDOW = ("2026-08-19T22:20:00+08:00", "2026-08-20T22:20:00+08:00")
KEYS = ("a", "u", "s", "j")
TERMINAL = (160, 50)
TARGET = 2.0
TIMEOUT = 10.0

Predicate = Callable[[Any], bool]


class Frames:
    """Patches ``App._display``: the first frame after arming in which a predicate holds."""

    def __init__(self) -> None:
        self.predicate: Predicate | None = None
        self.hit: float | None = None

    def install(self) -> None:
        from textual.app import App

        original = App._display
        frames = self

        def display(app: App[Any], screen: Any, renderable: Any) -> None:
            result = original(app, screen, renderable)
            if renderable is not None and frames.predicate is not None and frames.predicate(screen):
                frames.hit = time.perf_counter()
                frames.predicate = None
            return result

        App._display = display  # type: ignore[method-assign]

    async def time_key(self, app: Any, key: str, predicate: Predicate) -> float | None:
        """Send *key* through the driver; seconds until a frame shows *predicate* true."""
        from textual import events

        self.hit, self.predicate = None, predicate
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        sent = time.perf_counter()
        app._driver.send_message(event)
        while self.hit is None and time.perf_counter() - sent < TIMEOUT:
            await asyncio.sleep(0.0005)
        self.predicate = None
        return self.hit - sent if self.hit is not None else None


async def settle(seconds: float) -> None:
    await asyncio.sleep(seconds)


# --------------------------------------------------------------------------- the two apps


def bare_app(rows: int) -> Any:
    """A trivial App: a DataTable of *rows* rows; a/u/s/j react as curator's do, minus the work."""
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.screen import ModalScreen
    from textual.widgets import DataTable, Footer, Label

    class Picker(ModalScreen[None]):
        BINDINGS = [Binding("escape", "app.pop_screen", "Close")]

        def compose(self) -> ComposeResult:
            yield Label("pick a section")

    class Bare(App[None]):
        BINDINGS = [
            Binding("a", "mark('✓', 1)", "Approve"),
            Binding("u", "mark(' ', -1)", "Undo"),
            Binding("s", "push_screen('picker')", "Section"),
            Binding("j", "down", "Down"),
            Binding("k", "up", "Up"),
        ]
        SCREENS = {"picker": Picker}

        def compose(self) -> ComposeResult:
            yield DataTable(cursor_type="row", id="table")
            yield Footer()

        def on_mount(self) -> None:
            table = self.query_one(DataTable)
            for key in ("mark", "status", "p", "t", "title", "src", "flag", "section"):
                table.add_column(key, key=key)
            for i in range(rows):
                table.add_row(
                    " ",
                    "NEW",
                    "",
                    "M",
                    f"increment number {i} with a title of ordinary length",
                    "2",
                    "",
                    "§1.3",
                    key=str(i),
                )
            table.focus()

        def action_mark(self, mark: str, step: int) -> None:
            table = self.query_one(DataTable)
            if step < 0:
                table.move_cursor(row=table.cursor_row - 1)
            table.update_cell(str(table.cursor_row), "mark", mark)
            if step > 0:
                table.move_cursor(row=table.cursor_row + 1)

        def action_down(self) -> None:
            self.query_one(DataTable).action_cursor_down()

        def action_up(self) -> None:
            self.query_one(DataTable).action_cursor_up()

    return Bare()


class Probe:
    """What each key is waited for, per app (bare or curator)."""

    def __init__(self, app: Any, curator: bool) -> None:
        self.app, self.curator = app, curator

    @property
    def table(self) -> Any:
        return self.app.triage._table if self.curator else self.app.query_one("#table")

    def key(self) -> str:
        table = self.table
        return table.current_key if self.curator else str(table.cursor_row)

    def mark(self, key: str) -> str:
        return (
            self.table.get_cell(key, "mark").plain
            if self.curator
            else str(self.table.get_cell(key, "mark"))
        )

    def approved(self, key: str) -> Predicate:
        if self.curator:
            row = self.app.triage.session.row
            return lambda _s: (
                getattr(row(key), "action", None) == "approve" and self.mark(key) == "✓"
            )
        return lambda _s: self.mark(key) == "✓"

    def undone(self, key: str) -> Predicate:
        return lambda _s: self.mark(key) == " " and self.key() == key

    def picker(self) -> Predicate:
        if self.curator:
            from curator.tui.screens.section_picker import SectionPicker

            return lambda screen: isinstance(screen, SectionPicker)
        return lambda screen: type(screen).__name__ == "Picker"

    def moved(self) -> Predicate:
        row = self.table.cursor_row
        return lambda _s: self.table.cursor_row == row + 1


async def rounds(
    app: Any, curator: bool, frames: Frames, repeat: int, gap: float
) -> dict[str, list[float]]:
    """*repeat* timed presses of each key (a/u alternate so the store ends as it began)."""
    probe = Probe(app, curator)
    out: dict[str, list[float]] = {k: [] for k in KEYS}

    def keep(key: str, value: float | None) -> None:
        if value is not None:
            out[key].append(value)

    for _ in range(repeat):
        target = probe.key()
        keep("a", await frames.time_key(app, "a", probe.approved(target)))
        await settle(gap)
        keep("u", await frames.time_key(app, "u", probe.undone(target)))
        await settle(gap)
    picked = probe.picker()
    for _ in range(repeat):
        keep("s", await frames.time_key(app, "s", picked))
        await settle(gap)
        await frames.time_key(app, "escape", lambda screen: not picked(screen))  # not timed
        await settle(gap)
    start = probe.table.cursor_row
    for _ in range(repeat):
        if probe.table.cursor_row >= probe.table.row_count - 1:
            probe.table.move_cursor(row=0)
            await settle(gap)
        keep("j", await frames.time_key(app, "j", probe.moved()))
        await settle(gap)
    probe.table.move_cursor(row=start)
    return out


async def run_curator(
    ws: Path, window: tuple[str, str] | None, frames: Frames, repeat: int, gap: float
) -> tuple[int, dict[str, list[float]]]:
    from curator.tui.app import CuratorApp

    app = CuratorApp(ws, since=window[0] if window else None, until=window[1] if window else None)
    async with app.run_test(size=TERMINAL):
        deadline = time.perf_counter() + 600
        while not (app.triage.ready or app.triage.load_error) and time.perf_counter() < deadline:
            await asyncio.sleep(0.02)
        if app.triage.load_error:
            raise RuntimeError(f"load failed: {app.triage.load_error}")
        while app.triage.loader.completing and time.perf_counter() < deadline:
            await asyncio.sleep(0.05)  # the rest of the notes are read in the background: not timed
        await asyncio.sleep(1.5)  # and the index cache saved
        rows = len(app.triage._table.order)
        return rows, await rounds(app, True, frames, repeat, gap)


async def run_bare(rows: int, frames: Frames, repeat: int, gap: float) -> dict[str, list[float]]:
    app = bare_app(rows)
    async with app.run_test(size=TERMINAL):
        await asyncio.sleep(0.3)
        return await rounds(app, False, frames, repeat, gap)


# --------------------------------------------------------------------------- figures


def pct(xs: list[float], p: float) -> float | None:
    if not xs:
        return None
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(p / 100 * (len(xs) - 1))))]


def place_workspace(place: str, workdir: Path, seed: int) -> tuple[Path, tuple[str, str] | None]:
    """(source folder, window) of the sample relay or a generated workspace (made if missing)."""
    if place == "sample":
        return SAMPLE_RELAY, SAMPLE_WINDOW
    import run  # benchmarks/run.py: the same generated workspaces

    ws = run.workspace(place, seed, workdir)
    gt = run.ground_truth(ws)
    return ws, (gt["window"]["since"], gt["window"]["until"])


def copy_of(src: Path, dest: Path) -> Path:
    """A writable copy (decisions are written); an index cache already there is kept (warm start)."""
    shutil.copytree(
        src, dest, ignore=shutil.ignore_patterns("expected*", "decisions*"), symlinks=True
    )
    for p in [dest, *dest.rglob("*")]:
        if not p.is_symlink():
            p.chmod(0o755 if p.is_dir() else 0o644)
    return dest


def measure(place: str, repeat: int, gap: float, workdir: Path, seed: int) -> dict[str, Any]:
    src, window = place_workspace(place, workdir, seed)
    frames = Frames()
    frames.install()
    with tempfile.TemporaryDirectory(prefix="curator-keys-") as tmp:
        ws = copy_of(src, Path(tmp) / "ws")
        first = (repeat + 1) // 2
        rows, cur = asyncio.run(run_curator(ws, window, frames, first, gap))
        bare = asyncio.run(run_bare(rows, frames, repeat, gap))
        _rows, more = (
            asyncio.run(run_curator(ws, window, frames, repeat - first, gap))
            if repeat > first
            else (rows, {})
        )
    for key, values in more.items():
        cur[key].extend(values)
    keys = {}
    for key in KEYS:
        c, b = cur[key], bare[key]
        c50, c95, b50, b95 = pct(c, 50), pct(c, 95), pct(b, 50), pct(b, 95)
        ratio95 = c95 / b95 if c95 and b95 else None
        keys[key] = {
            "curator_p50": c50,
            "curator_p95": c95,
            "bare_p50": b50,
            "bare_p95": b95,
            "ratio_p50": c50 / b50 if c50 and b50 else None,
            "ratio_p95": ratio95,
            "passed": None if ratio95 is None else ratio95 <= TARGET,
            "samples": len(c),
            "bare_samples": len(b),
            "curator_mean": statistics.fmean(c) if c else None,
        }
    return {"place": place, "rows": rows, "keys": keys}


def ms(v: float | None) -> str:
    return "—" if v is None else f"{v * 1000:.1f} ms"


def table_text(doc: dict[str, Any]) -> str:
    lines = [
        f"key-to-screen latency (p50 / p95), curator vs bare Textual app, target p95 ≤ {TARGET:g}×"
    ]
    for place in doc["places"]:
        lines.append(f"{place['place']} ({place['rows']} rows):")
        for key, f in place["keys"].items():
            r50 = "—" if f["ratio_p50"] is None else f"{f['ratio_p50']:.2f}×"
            r95 = "—" if f["ratio_p95"] is None else f"{f['ratio_p95']:.2f}×"
            verdict = "" if f["passed"] is None else ("PASS" if f["passed"] else "MISS")
            lines.append(
                f"  {key}: curator {ms(f['curator_p50'])} / {ms(f['curator_p95'])}  bare {ms(f['bare_p50'])} / {ms(f['bare_p95'])}"
                f"  ratio {r50} / {r95}  {verdict}  (n={f['samples']})"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--places",
        default="sample,L",
        help="comma-separated: sample and/or S, M, L (generated workspaces)",
    )
    ap.add_argument(
        "--repeat", type=int, default=30, help="timed presses per key and place (default 30)"
    )
    ap.add_argument(
        "--gap",
        type=float,
        default=0.12,
        help="seconds between presses (a person's pace; default 0.12)",
    )
    ap.add_argument("--seed", type=int, default=0, help="generator seed of S/M/L workspaces")
    ap.add_argument(
        "--workdir",
        type=Path,
        default=Path(tempfile.gettempdir()) / "curator-bench",
        help="where generated workspaces are made or reused (as benchmarks/run.py)",
    )
    ap.add_argument("--json", action="store_true", help="JSON on stdout, the table on stderr")
    args = ap.parse_args(argv)
    places = [p.strip() for p in args.places.split(",") if p.strip()]
    doc = {
        "target_ratio_p95": TARGET,
        "terminal": list(TERMINAL),
        "repeat": args.repeat,
        "gap": args.gap,
        "places": [measure(p, args.repeat, args.gap, args.workdir, args.seed) for p in places],
    }
    text = table_text(doc)
    if args.json:
        print(json.dumps(doc, indent=1))
        print(text, file=sys.stderr)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
