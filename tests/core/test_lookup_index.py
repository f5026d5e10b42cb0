"""The persisted lookup index follows the files: new, edited and deleted notes and doc edits."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import curator.lookup as lk
import curator.lookup_index as lookup_index
import curator.stamps as stamps
from curator.lookup import LookupIndex, lookup

ROOT = Path(__file__).resolve().parents[2]
Q = "2608.14376"


def test_index_follows_file_changes(sample_ws: Path) -> None:
    first = lookup(sample_ws, "2608.14376")
    assert not first.anchored and len(first.notes) == 3
    assert (sample_ws / ".curator" / "lookup-index.cache").is_file()

    note = sample_ws / "inbox" / "kai" / "2026-08-20T2000-kai.md"
    note.parent.mkdir()
    note.write_text("## 增量1 CoRun\n- arXiv: 2608.14376v2\n", encoding="utf-8")
    doc = sample_ws / "organized" / "knowledge" / "inference.md"
    doc.write_text(
        doc.read_text(encoding="utf-8").replace(
            "### §1.4 投机解码",
            "- **CoRun**(arXiv:2608.14376,8-20 锚入):确定性调度。\n\n### §1.4 投机解码",
        ),
        encoding="utf-8",
    )
    second = lookup(sample_ws, "https://arxiv.org/abs/2608.14376")
    assert {a["section"] for a in second.anchored} == {"§1.3"}
    assert "inbox/kai/2026-08-20T2000-kai.md" in {n["path"] for n in second.notes}

    note.unlink()
    third = lookup(sample_ws, "2608.14376")
    assert "inbox/kai/2026-08-20T2000-kai.md" not in {n["path"] for n in third.notes}


def test_long_lived_index_answers_like_a_fresh_one(sample_ws: Path) -> None:
    idx = LookupIndex(sample_ws)
    for q in (
        "arXiv:2606.01927v1",
        "2608.13558",
        "2607.22460",
        "https://www.lmsys.org/blog/2026-08-17-advanced-cuda-graph",
    ):
        a = lookup(sample_ws, q, index=idx).to_json()
        b = lookup(sample_ws, q).to_json()
        assert a == b, q


# --- the warm path: snapshot of config + layout, folder stamps, file stamps ---------------------


@pytest.fixture
def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every stamp looks old enough to trust, as in a workspace nobody touched for a while."""
    monkeypatch.setattr(stamps, "now_ns", lambda: time.time_ns() + 60 * 10**9)


def _tick() -> None:
    time.sleep(0.03)  # file times come from a coarse clock: let the next write get a new one


def _from_scratch(ws: Path, query: str, tmp: Path, *args: object) -> dict:
    """The answer of an index built fresh on a copy (every path in an answer is relative)."""
    copy = tmp / f"scratch-{time.monotonic_ns()}"
    shutil.copytree(ws, copy, symlinks=True, ignore=shutil.ignore_patterns(".curator"))
    return lookup(copy, query, *args).to_json()  # type: ignore[arg-type]


def _same(ws: Path, query: str, tmp: Path, *args: object) -> dict:
    got = lookup(ws, query, *args).to_json()  # type: ignore[arg-type]
    assert got == _from_scratch(ws, query, tmp, *args), query
    return got


def _paths(res: dict) -> set[str]:
    return {n["path"] for n in res["notes"] + res["briefings"]}


def test_warm_index_follows_notes_folders_docs_cards_and_config(
    sample_ws: Path, tmp_path: Path, settled: None
) -> None:
    first = _same(sample_ws, Q, tmp_path)
    idx = lk.LookupIndex(sample_ws)
    assert idx.env is not None and idx.tree is not None  # the warm path is armed
    _tick()

    note = sample_ws / "inbox" / "jay" / "2026-08-20T1055-jay-engineering-filter.md"
    text = note.read_text(encoding="utf-8")
    note.write_text(text.replace(Q, "2608.14377"), encoding="utf-8")  # same size, in place
    assert "inbox/jay/2026-08-20T1055-jay-engineering-filter.md" not in _paths(
        _same(sample_ws, Q, tmp_path)
    )
    assert _same(sample_ws, "2608.14377", tmp_path)["notes"]

    (sample_ws / "inbox" / "jay" / "new.md").write_text(f"- {Q}\n", encoding="utf-8")  # a new note
    deep = sample_ws / "inbox" / "kai" / "2026" / "08" / "20"  # a new author, three folders down
    deep.mkdir(parents=True)
    (deep / "late.md").write_text(f"arXiv:{Q}\n", encoding="utf-8")
    got = _same(sample_ws, Q, tmp_path)
    assert {"inbox/jay/new.md", "inbox/kai/2026/08/20/late.md"} <= _paths(got)
    _tick()

    (deep / "late.md").rename(deep / "later.md")
    (sample_ws / "inbox" / "jay" / "new.md").unlink()
    got = _same(sample_ws, Q, tmp_path)
    assert "inbox/kai/2026/08/20/later.md" in _paths(got) and "inbox/jay/new.md" not in _paths(got)
    _tick()

    doc = sample_ws / "organized" / "knowledge" / "inference.md"
    doc.write_text(
        doc.read_text(encoding="utf-8").replace(
            "### §1.4 投机解码",
            f"- **CoRun**(arXiv:{Q},8-20 锚入):确定性调度。\n\n### §1.4 投机解码",
        ),
        encoding="utf-8",
    )
    assert {a["section"] for a in _same(sample_ws, Q, tmp_path)["anchored"]} == {"§1.3"}
    assert not first["anchored"]

    card = sample_ws / "paper_cards" / "0999-2608-14376.md"  # a new card, then emptied
    card.write_text("# CoRun\n", encoding="utf-8")
    assert _same(sample_ws, Q, tmp_path)["paper_cards"] == [
        {"path": "paper_cards/0999-2608-14376.md", "empty": False}
    ]
    _tick()
    card.write_text("", encoding="utf-8")
    assert _same(sample_ws, Q, tmp_path)["paper_cards"][0]["empty"] is True

    (sample_ws / "organized" / "knowledge" / "agents.md").write_text(
        f"# Agents\n\n## §1 Tools\n\n- arXiv:{Q}\n", encoding="utf-8"
    )
    assert (
        _same(sample_ws, Q, tmp_path, "agents")["anchored"][0]["doc"]
        == "organized/knowledge/agents.md"
    )
    _tick()

    cfg = sample_ws / "curator.toml"  # the default topic and the window come from here
    cfg.write_text(
        cfg.read_text(encoding="utf-8").replace('topic = "inference"', 'topic = "agents"'),
        encoding="utf-8",
    )
    assert _same(sample_ws, Q, tmp_path)["anchored"][0]["topic"] == "agents"
    cfg.write_text(
        cfg.read_text(encoding="utf-8").replace(
            "2026-08-20T22:20:00+08:00", "2026-08-21T22:20:00+08:00"
        ),
        encoding="utf-8",
    )
    _same(sample_ws, Q, tmp_path)


def test_unsettled_stamps_are_not_trusted(sample_ws: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Just-written files and folders may change again within the same timestamp: look again next time."""
    lookup(sample_ws, Q)  # the copy was made just now
    idx = lk.LookupIndex(sample_ws)
    assert idx.env is None and idx.tree is None
    assert idx.notes and all(stamp == -1 for stamp in idx.notes.values())
    now = time.time_ns()
    assert not stamps.settled((1, now - 10**9, now - 10**9), now)
    assert stamps.settled((1, now - 3 * 10**9, now - 3 * 10**9), now)
    assert stamps.settled(
        (1, now + 3 * 10**9, now - 3 * 10**9), now
    )  # dated in the future, changed long ago


def test_walk_never_enters_hidden_folders(sample_ws: Path) -> None:
    """The folder stamps skip hidden folders because the note walk does (is_ignored_name)."""
    from curator.config import load_config
    from curator.workspace import layout, list_note_paths

    hidden = sample_ws / "inbox" / "jay" / ".drafts"
    hidden.mkdir()
    (hidden / "draft.md").write_text(f"{Q}\n", encoding="utf-8")
    (sample_ws / "inbox" / ".trash").mkdir()
    (sample_ws / "inbox" / ".trash" / "old.md").write_text(f"{Q}\n", encoding="utf-8")
    paths, _ = list_note_paths(layout(load_config(sample_ws)))
    assert not [p for p in paths if "/." in p.as_posix()]


def test_long_lived_index_matches_after_changes(
    sample_ws: Path, tmp_path: Path, settled: None
) -> None:
    idx = LookupIndex(sample_ws)
    lookup(sample_ws, Q, index=idx)
    _tick()
    (sample_ws / "inbox" / "jay" / "new.md").write_text(
        f"- {Q} and https://example.com/x\n", encoding="utf-8"
    )
    idx.checked_at = -1e9  # as if FRESH_SECONDS had passed
    for q in (Q, "https://example.com/x", "2608.13263"):
        assert lookup(sample_ws, q, index=idx).to_json() == _from_scratch(sample_ws, q, tmp_path), q


def test_default_window_matches_config(sample_ws: Path) -> None:
    from datetime import datetime, timedelta, timezone

    from curator.config import Config

    tz = timezone(timedelta(hours=8))
    now = datetime(2026, 8, 20, 12, 0, tzinfo=tz)
    a, b = now - timedelta(hours=30), now - timedelta(hours=2)
    for since, until in ((a, b), (None, b), (a, None), (None, None)):
        cfg = Config(root=sample_ws, tz=tz, since=since, until=until, window_hours=7.5)
        assert lk.default_window(since, until, 7.5, tz, now) == cfg.default_window(now)


def test_root_resolution_matches_resolve_workspace(
    sample_ws: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from curator.roots import resolve_workspace as light
    from curator.workspace import WorkspaceError, resolve_workspace

    monkeypatch.chdir(sample_ws / "inbox" / "jay")
    for arg in (str(sample_ws), "../..", None, str(sample_ws / "inbox")):
        assert light(arg) == resolve_workspace(arg), arg
    monkeypatch.chdir(tmp_path)
    assert light(None) == resolve_workspace(None)
    with pytest.raises(WorkspaceError, match="workspace not found"):
        light(str(tmp_path / "nowhere"))


def test_lookup_parser_alone_parses_like_the_whole_one(capsys: pytest.CaptureFixture[str]) -> None:
    from curator.cli import UsageError, build_parser

    for argv in (
        ["lookup", Q],
        ["lookup", Q, "ws", "--json"],
        ["lookup", "--topic", "rag", Q],
        ["lookup", Q, "--js"],
    ):
        assert vars(build_parser().parse_args(argv)) == vars(
            build_parser("lookup").parse_args(argv)
        )
    for argv in (["lookup"], ["lookup", "a", "b", "c"], ["lookup", Q, "--version"]):
        errors = []
        for parser in (build_parser(), build_parser("lookup")):
            with pytest.raises(UsageError) as exc:
                parser.parse_args(argv)
            errors.append(str(exc.value))
        assert errors[0] == errors[1], argv
    helps = []
    for parser in (build_parser(), build_parser("lookup")):
        with pytest.raises(SystemExit):
            parser.parse_args(["lookup", "--help"])
        helps.append(capsys.readouterr().out)
    assert helps[0] == helps[1] and "usage: curator lookup" in helps[0]


@pytest.mark.parametrize("form", [["--json"], []], ids=["json", "text"])
def test_warm_cli_lookup_imports_no_heavy_modules(sample_ws: Path, form: list[str]) -> None:
    """A warm `curator lookup` answers from the index: no config, workspace, parser or UI stack,
    and none of the standard library's slow imports (typing, dataclasses and the inspect they
    bring cost ~7 ms of a process meant to cost no more than a grep)."""
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"  # what the interpreter's start-up loaded (a site hook)
        "import time, json\n"
        "import curator.lookup as lk\n"
        "import curator.stamps as stamps\n"
        "stamps.now_ns = lambda: time.time_ns() + 60 * 10**9\n"
        "from curator.cli import main\n"
        f"rc = main(['lookup', {Q!r}, {str(sample_ws)!r}, *{form!r}])\n"
        "print(json.dumps(sorted(set(sys.modules) - before)), file=sys.stderr)\n"
        "raise SystemExit(rc)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    runs = [
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            timeout=120,
        )
        for _ in range(2)
    ]
    assert [r.returncode for r in runs] == [1, 1], runs[-1].stderr
    assert runs[0].stdout == runs[1].stdout and Q in runs[1].stdout
    loaded = set(json.loads(runs[1].stderr.strip().splitlines()[-1]))
    heavy = {
        "curator.config",
        "curator.workspace",
        "curator.textio",
        "curator.living_doc",
        "curator.analysis",
        "curator.notes",
        "curator.models",
        "markdown_it",
        "rapidfuzz",
        "textual",
        "tinydb",
        "tomllib",
        "typing",
        "dataclasses",
        "inspect",
    }
    assert not heavy & loaded, sorted(heavy & loaded)


def test_index_written_by_other_code_is_rebuilt(
    sample_ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lookup(sample_ws, Q)
    assert LookupIndex(sample_ws).walk
    monkeypatch.setattr(
        lookup_index, "_CODE", ["2 another-version"]
    )  # as after an upgrade or an edit of curator/
    assert not LookupIndex(sample_ws).walk
    assert lookup(sample_ws, Q).to_json() == lookup(sample_ws, Q).to_json()


def test_plain_lookup_arguments_parse_as_argparse_would() -> None:
    import itertools

    from curator.cli import UsageError, build_parser, plain_lookup_args

    tokens = [
        Q,
        "ws",
        "--json",
        "--topic",
        "rag",
        "",
        "-",
        "--",
        "-x",
        "a b",
        "--js",
        "--json=1",
        "-h",
    ]
    taken = 0
    for n in range(5):
        for rest in itertools.product(tokens, repeat=n):
            plain = plain_lookup_args(list(rest))
            if plain is None:
                continue
            taken += 1
            try:
                full = vars(build_parser().parse_args(["lookup", *rest]))
            except (UsageError, SystemExit) as exc:
                raise AssertionError(
                    f"{rest}: argparse refuses ({exc}), the plain path does not"
                ) from exc
            assert vars(plain) == full, rest
    assert taken > 50


def test_lookup_says_where_the_doc_names_a_paper_it_does_not_anchor(tmp_path: Path) -> None:
    from curator.service.lookup import format_text

    (tmp_path / "organized/knowledge").mkdir(parents=True)
    (tmp_path / "inbox").mkdir()
    (tmp_path / "curator.toml").write_text('topic = "agents"\n', encoding="utf-8")
    (tmp_path / "organized/knowledge/agents.md").write_text(
        "# agents\n\n## 1 · Loops\n\n- Withdrawn: CrewBench (2610.06611) was removed.\n\n"
        "## Glossary\n\n- ReAct, arXiv:2210.03629\n",
        encoding="utf-8",
    )
    res = lookup(tmp_path, "arXiv:2210.03629")
    assert res.anchored == [] and res.exit_code == 1
    assert res.cited == [{"doc": "organized/knowledge/agents.md", "where": "Glossary", "line": 9}]
    assert "cites it in Glossary" in format_text(res)
    assert "records its removal" in format_text(lookup(tmp_path, "2610.06611"))


def test_a_link_a_cards_header_gives_finds_that_card_and_where_the_paper_is(
    tmp_path: Path, settled: None
) -> None:
    """ "Is doi:… anchored?" where the doc anchors the arXiv ID and the card's header gives the
    journal DOI: that card, anchored where the ID is; a warm index answers the same, and a card
    rewritten with another DOI is read again."""
    (tmp_path / "organized/knowledge").mkdir(parents=True)
    (tmp_path / "inbox").mkdir()
    (tmp_path / "curator.toml").write_text('topic = "materials"\n', encoding="utf-8")
    (tmp_path / "organized/knowledge/materials.md").write_text(
        "# materials\n\n## 3 Properties\n\n### 3.2 DFT surrogates\n\n- **ChargeDiff** (arXiv:2603.12880)\n",
        encoding="utf-8",
    )
    cards = tmp_path / "paper_cards"
    cards.mkdir()
    card = cards / "6105-2603-12880.md"
    card.write_text(
        "ChargeDiff | arXiv 2603.12880 | published: npj 12, 88, doi:10.1038/s41524-026-01544-7\n\n"
        "Diffusion for charge densities; see also https://doi.org/10.1000/cited-not-ours\n",
        encoding="utf-8",
    )
    (cards / "6106-2604-00001.md").write_text("# Other\n", encoding="utf-8")
    for _warm in (False, True):
        res = lookup(tmp_path, "https://doi.org/10.1038/s41524-026-01544-7")
        assert [a["section"] for a in res.anchored] == ["§3.2"]
        assert [c["path"] for c in res.paper_cards] == ["paper_cards/6105-2603-12880.md"]
    assert lookup(tmp_path, "https://doi.org/10.1000/unknown").paper_cards == []
    os.replace(card, tmp_path / "tmp.md")  # rewritten by a rename, as editors and curator do
    (tmp_path / "tmp.md").write_text("ChargeDiff | doi:10.1038/other-doi\n", encoding="utf-8")
    os.replace(tmp_path / "tmp.md", card)
    _tick()
    assert lookup(tmp_path, "https://doi.org/10.1038/s41524-026-01544-7").paper_cards == []
    assert (
        lookup(tmp_path, "doi.org/10.1038/other-doi")
        .paper_cards[0]["path"]
        .endswith("6105-2603-12880.md")
    )
