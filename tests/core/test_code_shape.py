"""The shape limits of issue 13, so a newcomer finds files about one thing and functions that fit
on a screen: no file in ``curator/`` over 500 lines, no function over 60 lines (unless a comment on
its ``def`` line says why, after ``# long:``), and every core module placed in one stage of the
import contracts in ``pyproject.toml`` (``lint-imports`` checks the walls; this checks no module
slips past them by not being named)."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "curator"
MAX_FILE_LINES = 500
MAX_FUNCTION_LINES = 60


def _sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_no_file_over_500_lines() -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in _sources()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_FILE_LINES
    }
    assert long == {}, f"split these by concept: {long}"


def test_no_function_over_60_lines_without_a_reason() -> None:
    long: list[str] = []
    for path in _sources():
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            size = (node.end_lineno or node.lineno) - node.lineno + 1
            if size > MAX_FUNCTION_LINES and "# long:" not in lines[node.lineno - 1]:
                long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({size} lines)")
    assert long == [], "\n".join(long)


def test_every_core_module_sits_in_one_stage() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    layers = next(c for c in contracts if c["type"] == "layers")["layers"]
    named = [m.strip() for layer in layers for m in layer.replace("|", ":").split(":")]
    core = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem not in {"__init__", "__main__"})
    core += sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file())
    missing = [m for m in core if m not in named]
    assert missing == [], f"name these modules in a stage of [tool.importlinter]: {missing}"
    assert len(named) == len(set(named)), "a module is named in two stages"
