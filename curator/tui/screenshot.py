"""Save an SVG screenshot of the triage screen for the README.

    python -m curator.tui.screenshot docs/screenshot.svg [WORKSPACE]

Without WORKSPACE it uses a fresh copy of the bundled demo relay (so no real decisions are
touched), makes a few decisions so the marks show, and saves the main screen.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

from curator.tui.app import CuratorApp

SIZE = (160, 46)
KEYS = ["a", "a", "x", "k"]


async def shoot(workspace: Path, out: Path, keys: list[str] = KEYS) -> Path:
    """Open *workspace* headless, press *keys*, write the SVG to *out*."""
    app = CuratorApp(workspace)
    async with app.run_test(size=SIZE) as pilot:
        deadline = time.monotonic() + 60
        while not app.triage.ready and time.monotonic() < deadline:
            if app.triage.load_error:
                raise SystemExit(f"curator: {app.triage.load_error}")
            await pilot.pause(0.05)
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause(0.5)
        out.parent.mkdir(parents=True, exist_ok=True)
        app.save_screenshot(filename=out.name, path=str(out.parent))
    return out


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if args else 2
    out = Path(args[0])
    if len(args) > 1:
        asyncio.run(shoot(Path(args[1]).resolve(), out))
    else:
        from curator.service.demo import copy_demo

        with tempfile.TemporaryDirectory(prefix="curator-shot-") as tmp:
            asyncio.run(shoot(copy_demo(Path(tmp) / "demo"), out))
    print(f"saved {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
