"""curator.toml checked against one schema, and [keymap] against every screen's actions."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from textual.binding import Binding

from curator.config import flat_keymap
from curator.service.request import EveningRequest
from curator.service.settings import load_config
from curator.tui.actions import ACTIONS, BY_ID, REGISTRY, bindings, resolve_keymap

README = Path(__file__).resolve().parents[2] / "README.md"


def _config(tmp_path: Path, text: str):
    (tmp_path / "curator.toml").write_text(text, encoding="utf-8")
    return load_config(tmp_path)


def test_unknown_keys_are_reported_and_known_ones_still_read(tmp_path: Path) -> None:
    cfg = _config(
        tmp_path,
        'topic = "rag"\ncolour = "red"\n[paths]\ninbx = "x"\n[window]\nhours = 12\n'
        '[lexicon]\nanything = ["goes"]\n',
    )
    assert cfg.topic == "rag" and cfg.window_hours == 12
    unknown = [p for p in cfg.problems if "unknown key" in p]
    assert len(unknown) == 1 and "colour" in unknown[0] and "paths.inbx" in unknown[0], cfg.problems
    assert "lexicon" not in unknown[0]  # the team's own phrases are free-form


def test_a_clean_file_has_no_problems(tmp_path: Path) -> None:
    cfg = _config(
        tmp_path,
        'topic = "rag"\neditor = "dana"\ntimezone = "Europe/Berlin"\nwindow_hours = 36\n'
        '[export]\nmax_points = 3\n[keymap]\napprove = "y"\n',
    )
    assert cfg.problems == [] and cfg.window_hours == 36 and cfg.max_points == 3


def test_negative_window_hours_is_reported_not_dropped(tmp_path: Path) -> None:
    cfg = _config(tmp_path, "window_hours = -5\n[window]\ncard_days = 0\n")
    assert cfg.window_hours == 24.0 and cfg.card_days == 3.0
    assert any("window_hours = -5" in p and "using 24" in p for p in cfg.problems), cfg.problems
    assert any("card_days = 0" in p for p in cfg.problems), cfg.problems


def test_dotted_keymap_ids_are_read_as_ids(tmp_path: Path) -> None:
    cfg = _config(
        tmp_path, '[keymap]\napprove = "y"\ntriage.reject = "X"\n[keymap.export]\nwrite = "W"\n'
    )
    assert cfg.keymap == {"approve": "y", "triage.reject": "X", "export.write": "W"}
    assert flat_keymap({"a": {"b": {"c": 1}}}) == {"a.b.c": 1}


def test_values_of_the_wrong_type_are_reported(tmp_path: Path) -> None:
    cfg = _config(
        tmp_path,
        'editor = ["a", "b"]\ntopic = true\n[keymap]\napprove = ["y"]\nreject = "X"\nfirst = 1\n',
    )
    assert cfg.editor is None and cfg.topic is None
    assert cfg.keymap == {"reject": "X", "first": "1"}  # the UI resolves the names
    said = " | ".join(cfg.problems)
    assert "editor = ['a', 'b'] is not text" in said and "topic = True is not text" in said, said
    assert "[keymap] approve = ['y'] is not a key name" in said, said


def test_every_screen_has_namespaced_ids_and_old_triage_ids_are_aliases() -> None:
    assert len(BY_ID) == len(REGISTRY)
    assert all(re.fullmatch(r"[a-z]+\.[a-z0-9_]+", a.id) for a in REGISTRY)
    assert {a.screen for a in REGISTRY} >= {"triage", "export", "lookup", "help", "app"}
    keymap, problems = resolve_keymap(
        {"approve": "y", "triage.reject": "X", "export.write": "W", "lookup.close": "ctrl+g"}
    )
    assert problems == []
    assert keymap == {
        "triage.approve": "y",
        "triage.reject": "X",
        "export.write": "W",
        "lookup.close": "ctrl+g",
    }
    ids = [b.id for b in bindings("triage") if isinstance(b, Binding)]
    assert ids == [a.id for a in ACTIONS]


def test_defaults_have_no_conflicts() -> None:
    assert resolve_keymap({}) == ({}, [])


def test_keymap_conflicts_are_reported_on_every_screen() -> None:
    _keymap, problems = resolve_keymap({"reject": "n,x"})
    assert problems == [
        'curator.toml [keymap]: "n" is bound to both triage.reject and triage.distinct'
    ]
    _keymap, problems = resolve_keymap({"export.write": "y"})  # a dialog's keys too
    assert problems == ['curator.toml [keymap]: "y" is bound to both export.write and export.copy']
    _keymap, problems = resolve_keymap({"app.quit": "q"})  # the app's keys hold on every screen
    assert any("triage.quit and app.quit" in p for p in problems)
    assert any("help.close and app.quit" in p for p in problems)
    _keymap, problems = resolve_keymap({"nope": "z"})
    assert len(problems) == 1 and "unknown action(s) nope" in problems[0]


def test_the_request_reports_keymap_problems_with_the_config(tmp_path: Path) -> None:
    (tmp_path / "curator.toml").write_text('[keymap]\nreject = "n,x"\n', encoding="utf-8")
    request = EveningRequest(tmp_path, check_keymap=resolve_keymap)
    assert any('"n" is bound to both' in p for p in request.config.problems)
    assert request.keymap == {"triage.reject": "n,x"}


def test_settings_the_command_line_read_are_not_read_again(tmp_path: Path) -> None:
    """`curator ui` reads curator.toml once: the UI takes its settings and still checks the keymap."""
    (tmp_path / "curator.toml").write_text('[keymap]\nreject = "n,x"\n', encoding="utf-8")
    given = load_config(tmp_path)
    (tmp_path / "curator.toml").write_text("topic = \n", encoding="utf-8")  # now broken on disk
    request = EveningRequest(tmp_path, check_keymap=resolve_keymap, given=given)
    assert request.config is given and request.problem is None
    assert any('"n" is bound to both' in p for p in request.config.problems)


def test_a_broken_file_opens_with_defaults_and_says_why(tmp_path: Path) -> None:
    (tmp_path / "curator.toml").write_text("topic = \n", encoding="utf-8")
    request = EveningRequest(tmp_path, check_keymap=resolve_keymap)
    assert request.config.topic is None and request.problem and "not valid TOML" in request.problem


def test_the_readme_keymap_example_is_clean() -> None:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"```toml\n(\[keymap\]\n.*?)```", text, re.S)
    assert block is not None
    keymap = flat_keymap(tomllib.loads(block.group(1))["keymap"])
    resolved, problems = resolve_keymap(keymap)
    assert problems == [] and resolved["triage.reject"] == "r,x", problems
