"""The persisted lookup index follows the files: new, edited and deleted notes and doc edits."""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.lookup import LookupIndex, lookup

Q = "2608.14376"


def test_index_follows_file_changes(sample_ws: Path) -> None:
    first = lookup(sample_ws, "2608.14376")
    assert not first.anchored and len(first.notes) == 3
    assert (sample_ws / ".curator" / "lookup-index.pickle").is_file()

    note = sample_ws / "inbox" / "kai" / "2026-08-20T2000-kai.md"
    note.parent.mkdir()
    note.write_text("## 增量1 CoRun\n- arXiv: 2608.14376v2\n", encoding="utf-8")
    doc = sample_ws / "organized" / "knowledge" / "inference.md"
    doc.write_text(doc.read_text(encoding="utf-8").replace(
        "### §1.4 投机解码", "- **CoRun**(arXiv:2608.14376,8-20 锚入):确定性调度。\n\n### §1.4 投机解码"), encoding="utf-8")
    second = lookup(sample_ws, "https://arxiv.org/abs/2608.14376")
    assert {a["section"] for a in second.anchored} == {"§1.3"}
    assert "inbox/kai/2026-08-20T2000-kai.md" in {n["path"] for n in second.notes}

    note.unlink()
    third = lookup(sample_ws, "2608.14376")
    assert "inbox/kai/2026-08-20T2000-kai.md" not in {n["path"] for n in third.notes}


def test_long_lived_index_answers_like_a_fresh_one(sample_ws: Path) -> None:
    idx = LookupIndex(sample_ws)
    for q in ("arXiv:2606.01927v1", "2608.13558", "2607.22460", "https://www.lmsys.org/blog/2026-08-17-advanced-cuda-graph"):
        a = lookup(sample_ws, q, index=idx).to_json()
        b = lookup(sample_ws, q).to_json()
        assert a == b, q


def test_lookup_parser_alone_parses_like_the_whole_one(capsys: pytest.CaptureFixture[str]) -> None:
    from curator.cli import UsageError, build_parser

    for argv in (["lookup", Q], ["lookup", Q, "ws", "--json"], ["lookup", "--topic", "rag", Q], ["lookup", Q, "--js"]):
        assert vars(build_parser().parse_args(argv)) == vars(build_parser("lookup").parse_args(argv))
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
