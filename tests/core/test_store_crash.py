"""Kill a writer with SIGKILL at random moments: every acknowledged decision must survive.

The child prints ``<seq> <key> <action> <title|->`` only after ``decide()``
(and, for some keys, ``edit()``) returned, i.e. after the store said the data
is durable. It also closes and reopens its store every 10 decisions, so some
kills land in the middle of a compaction (snapshot + journal rotation), not
only in a journal append. After each kill the parent reopens the store, which
must open without problems and contain every acknowledged decision.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from curator.store import DecisionStore

REPO = Path(__file__).resolve().parents[2]

CHILD = r"""
import sys
from pathlib import Path
from curator.store import DecisionStore

ws, start = Path(sys.argv[1]), int(sys.argv[2])
actions = ("approve", "reject", "defer")
store = DecisionStore.open(ws, "crash")
if store.readonly or store.problems:
    sys.stderr.write(f"bad open: {store.readonly_reason} {store.problems}\n")
    sys.exit(3)
sys.stdout.write("ready\n")
sys.stdout.flush()
i = start
while True:
    key = f"k{i:07d}"
    d = store.decide(key, actions[i % 3], note=f"note {i}")
    title = "-"
    if i % 5 == 0:
        title = f"title-{i}"
        store.edit(key, title=title)
    sys.stdout.write(f"{d.seq} {key} {d.action} {title}\n")
    sys.stdout.flush()
    i += 1
    if i % 10 == 0:
        store.close()
        store = DecisionStore.open(ws, "crash")
"""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _kill_loop(root: Path, kills: int, seed: int, per_workspace: int = 25) -> int:
    """Run *kills* kill/reopen rounds; returns how many decisions were acknowledged."""
    rng = random.Random(seed)
    env = _env()
    total = 0
    ws: Path | None = None
    acked: dict[str, tuple[str, str]] = {}
    for round_no in range(kills):
        if round_no % per_workspace == 0:
            # A fresh workspace now and then keeps compaction cheap and the test fast.
            ws = root / f"ws{round_no // per_workspace}"
            ws.mkdir()
            acked = {}
        assert ws is not None
        proc = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(ws), str(round_no * 100_000)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        assert proc.stdout is not None
        first = proc.stdout.readline()
        if first != b"ready\n":
            proc.kill()
            _, err = proc.communicate(timeout=30)
            pytest.fail(f"child did not start: {first!r} {err.decode(errors='replace')}")
        time.sleep(rng.uniform(0.005, 0.080))
        proc.send_signal(signal.SIGKILL)
        out, err = proc.communicate(timeout=30)
        assert proc.returncode == -signal.SIGKILL, err.decode(errors="replace")
        for raw in out.splitlines(keepends=True):
            if not raw.endswith(b"\n"):
                continue  # the kill cut the acknowledgement itself: not acknowledged
            _seq, key, action, title = raw.decode().split()
            acked[key] = (action, title)
            total += 1

        with DecisionStore.open(ws, "checker") as store:
            assert not store.readonly, store.readonly_reason
            assert store.problems == [], store.problems
            current = store.current()
            for key, (action, title) in acked.items():
                assert key in current, f"acknowledged {key} lost after kill {round_no}"
                assert current[key].action == action
                if title != "-":
                    assert current[key].title == title
            seqs = sorted(h["seq"] for h in store.history())
            assert seqs == list(range(1, len(seqs) + 1))  # no holes in the event log
        leftovers = [p.name for p in (ws / ".curator").iterdir() if p.name.endswith(".tmp")]
        assert leftovers == []  # stale temp files of the killed writer were cleaned
    return total


def test_sigkill_never_loses_acknowledged_decisions(tmp_path: Path) -> None:
    acknowledged = _kill_loop(tmp_path, kills=30, seed=20260817)
    assert acknowledged > 30  # the child really got to write between kills


@pytest.mark.slow
def test_sigkill_many_times(tmp_path: Path) -> None:
    acknowledged = _kill_loop(tmp_path, kills=200, seed=1234)
    assert acknowledged > 200
