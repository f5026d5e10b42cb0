"""Hostile notes against the linear-time target: each shape, ~1 MB, analyzed in-process.

Each shape is one note in a small workspace; its time is printed beside a baseline measured in
the same run and interleaved with it (the same workspace with an empty note: docs, lexicon and
the rest of the fixed cost), with the ratio and the issue's target (a 1 MB note under 2 s).

    .venv/bin/python benchmarks/hostile.py [--repeat 3] [--only brackets,headings]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from curator.analysis import analyze
from curator.lexicon import forget_texts
from curator.mdblocks import plain_inline

SINCE, UNTIL = "2026-08-19T00:00:00+00:00", "2026-08-21T00:00:00+00:00"
DOC = "# t\n\n## §1 A\n\n### §1.1 Serving\n\n- **Foo** (arXiv:2608.10001): continuous batching.\n\n### §1.2 Memory\n\n- KV cache.\n"
MB = 1_000_000
TARGET = 2.0


def shapes() -> dict[str, str]:
    """The shapes of the issue's super-linear findings, and the fuzz test's worst, at ~1 MB."""
    return {
        "whitespace lines": (" " * 99 + "\n") * (MB // 100),
        "brackets": "[" * (MB // 2) + "x" + "]" * (MB // 2),
        "one heading repeated": "## Same heading\n" * (MB // 16),
        "distinct headings": "".join(f"## Heading {i}\n" for i in range(MB // 17)),
        "unclosed <details><summary>": "<details><summary>" * (MB // 18),
        "IDs on one line": " ".join(f"2608.{i % 100000:05d}" for i in range(MB // 11)),
        "footnoted IDs": "".join(f"x[^{i}] " for i in range(MB // 40))
        + "\n"
        + "".join(f"[^{i}]: arXiv:2608.{i % 100000:05d}\n" for i in range(MB // 40)),
        "deep quotes": "".join(">" * (i % 200 + 1) + " 2608.10002\n" for i in range(MB // 110)),
        "control characters": (
            "\x1b]0;x\x07\x1b[2J\x9b31m\x85\u202e\x00\x7f [bold]x[/bold] " * (MB // 40)
        ),
        # shapes found slow while making the splitter linear (issue 12): one remark per line
        "one-letter lines": "x\n" * (MB // 2),
        "list entries": "- x\n" * (MB // 4),
        "one-line paragraphs": "x\n\n" * (MB // 3),
        "ID list entries": "".join(f"- 2608.{i % 100000:05d}\n" for i in range(MB // 15)),
        # each entry's last line a lazy continuation: every one cuts the list (issue 14 review)
        "lazy list continuations": "".join(
            f"- point {i}\n  body\nlazy {i}\n" for i in range(MB // 24)
        ),
        "table of 5,000 columns": "|"
        + "a|" * 5000
        + "\n|"
        + "-|" * 5000
        + "\n"
        + ("|" + "2608.10001|" * 5000 + "\n") * 8,
    }


def workspace(root: Path, name: str, text: str) -> Path:
    ws = root / name.replace(" ", "-").replace("<", "").replace(">", "")
    (ws / "organized" / "knowledge").mkdir(parents=True)
    (ws / "organized" / "knowledge" / "serving.md").write_text(DOC, encoding="utf-8")
    (ws / "curator.toml").write_text(
        'topic = "serving"\neditor = "ed"\ntimezone = "UTC"\n', encoding="utf-8"
    )
    (ws / "inbox" / "al").mkdir(parents=True)
    (ws / "inbox" / "al" / "2026-08-20T1200-x.md").write_text(text, encoding="utf-8")
    return ws


def timed(ws: Path) -> float:
    forget_texts(plain_inline.cache_clear)  # each round reads the note afresh
    start = time.perf_counter()
    analyze(ws, since=SINCE, until=UNTIL, save_cache=False)
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", default="", help="comma-separated words of shape names")
    args = ap.parse_args()
    only = [w for w in args.only.split(",") if w]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        base_ws = workspace(root, "empty", "")
        timed(base_ws)  # imports and the lexicon's first compile are nobody's cost
        print(
            f"{'shape':30s} {'size':>8s} {'median':>8s} {'baseline':>9s} {'ratio':>7s}  target ≤ {TARGET:.0f} s"
        )
        failed = 0
        for name, text in shapes().items():
            if only and not any(w in name for w in only):
                continue
            ws = workspace(root, name, text)
            runs, base = [], []
            for _ in range(args.repeat):
                base.append(timed(base_ws))
                runs.append(timed(ws))
            med, bmed = statistics.median(runs), statistics.median(base)
            ok = med <= TARGET
            failed += not ok
            size = len(text.encode("utf-8")) / MB
            print(
                f"{name:30s} {size:6.2f}MB {med:7.2f}s {bmed * 1000:7.0f}ms {med / bmed:6.1f}x  {'ok' if ok else f'FAIL by {med - TARGET:.2f} s'}"
            )
        return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
