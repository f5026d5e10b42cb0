"""render_briefing given everything it needs reads no file, and says the same as without."""

from __future__ import annotations

from datetime import UTC
from pathlib import Path

import pytest
from test_export import decide, render

import curator.config
from curator.analysis import analyze
from curator.briefing import (
    WorkspaceSettings,
    builtin_template,
    render_briefing,
    workspace_settings,
)
from curator.store import DecisionStore
from curator.suggest import SectionIndex
from curator.triage import Triage


def test_given_settings_and_index_render_reads_no_config(
    sample_ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    decide(
        sample_ws,
        [
            ("2608.14376", "approve", {"section": "§1.3", "priority": "🔴"}),
            ("2608.14333", "approve", {"section": "§1.3"}),
        ],
    )
    expected = render(sample_ws, lang="en")
    analysis = analyze(sample_ws)
    settings = workspace_settings(analysis, "en")
    assert settings.template == builtin_template("en")

    def no_config(*_a: object, **_k: object) -> None:
        raise AssertionError("render_briefing read curator.toml")

    monkeypatch.setattr(curator.config, "load_config", no_config)
    store = DecisionStore.open(sample_ws, "tom", readonly=True, session_lock=False)
    try:
        text = render_briefing(
            Triage(analysis, store),
            lang="en",
            editor="tom",
            settings=settings,
            section_index=SectionIndex(analysis.living_doc),
        )
    finally:
        store.close()
    assert text == expected


def test_settings_are_the_callers(sample_ws: Path) -> None:
    decide(sample_ws, [("2608.14376", "approve", {"section": "§1.3"})])
    settings = WorkspaceSettings(builtin_template("en"), points_cap=1, zone=UTC)
    capped = render(sample_ws, lang="en", settings=settings)
    assert "2026-08-20 14:20 +00:00" in capped  # the window ends 22:20 +08:00
    block = capped.split("\n### ", 1)[1].split("\n- Caveats", 1)[0]
    points = block.split("- Key points:", 1)[1]
    assert sum(1 for ln in points.split("\n") if ln.lstrip().startswith("- ")) == 1
