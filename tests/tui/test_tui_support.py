"""The UI's pure logic: filters, the section picker, next-undecided, inbox scans."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from ui_support import wait_for

from curator.service.filtering import parse_filter
from curator.service.session import Session
from curator.service.watch import diff, scan
from curator.tui.screens.picker import score

# ---------------------------------------------------------------------- pure logic


def test_filter_terms() -> None:
    f = parse_filter('status:new author:jay §1.3 kv "note:inbox/a b.md" is:undecided')
    assert f.statuses == {"new"}
    assert f.authors == ["jay"]
    assert f.sections == ["§1.3"]
    assert f.words == ["kv"]
    assert f.notes == ["inbox/a b.md"]
    assert f.actions == {None}
    assert parse_filter("").empty


def test_picker_prefers_whole_section_numbers() -> None:
    assert score("1.13", "§1.13 推理引擎可复现性") > score("1.13", "§1.1 推理引擎")
    assert score("§1.1", "§1.1 推理引擎") > score("§1.1", "§1.13 推理引擎可复现性")
    assert score("zzzz", "§1.1 推理引擎") == 0


def test_next_undecided_wraps() -> None:
    order = ["a", "b", "c", "d"]
    assert Session.next_undecided(order, "b", {"d", "a"}) == "d"
    assert Session.next_undecided(order, "d", {"a", "c"}) == "a"
    assert Session.next_undecided(order, "a", set()) is None


def test_scan_and_diff(tmp_path: Path) -> None:
    (tmp_path / "jay").mkdir()
    (tmp_path / "jay" / "a.md").write_text("x\n", encoding="utf-8")
    (tmp_path / "jay" / ".a.md.swp").write_text("x", encoding="utf-8")
    first = scan(tmp_path)
    assert list(first) == ["jay/a.md"]
    (tmp_path / "jay" / "b.md").write_text("y\n", encoding="utf-8")
    (tmp_path / "jay" / "a.md").write_text("longer\n", encoding="utf-8")
    change = diff(first, scan(tmp_path))
    assert change.added == ("jay/b.md",) and change.changed == ("jay/a.md",) and not change.removed


@pytest.mark.asyncio
async def test_wait_for_times_out() -> None:
    class _Pilot:
        async def pause(self, _delay: float = 0) -> None:
            await asyncio.sleep(0)

    with pytest.raises(AssertionError):
        await wait_for(_Pilot(), lambda: False, timeout=0.05, what="nothing")
