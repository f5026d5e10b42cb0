"""When a note was written: front matter, file name (DST-correct), a stamp inside a date-only note, mtime.

The shared workspaces' answer keys give every note's time (``note_times``, ``out_of_window_times``);
the sample relay's README gives its two date-only 2026-08-19 notes, and the other date-only notes
there are signed (``— flyp · 2026-08-20 20:30``, ``Tom · 2026-08-20 21:40 CST``).
"""

from __future__ import annotations

import json
import os
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest
from conftest import SHARED, copy_workspace, need

from curator import timeutil
from curator.config import load_config
from curator.lexicon import default_lexicon, load_lexicon
from curator.models import Note
from curator.timeutil import (
    local_time,
    parse_iso,
    resolve_timezone,
    time_in_text,
    written_at,
    zone_for,
)
from curator.workspace import load_note, note_time

EVAL = SHARED / "dev-relays" / "relay-eval"
TRAINING = SHARED / "dev-relays" / "relay-training"
SAMPLE = SHARED / "sample-relay"

SAMPLE_TIMES = {
    "inbox/flyp/2026-08-20-multimodal-e1prep.md": (
        "2026-08-20T20:30+08:00",
        "body",
    ),  # — flyp · 2026-08-20 20:30
    "inbox/flyp/2026-08-20-risk-e1prep.md": ("2026-08-20T21:10+08:00", "body"),
    "inbox/jay/2026-08-20-ai-engineering.md": (
        "2026-08-20T00:00+08:00",
        "name",
    ),  # says no time anywhere
    "inbox/jay/2026-08-20-engineering-e1prep.md": (
        "2026-08-20T16:40+08:00",
        "body",
    ),  # —— jay · 2026-08-20 16:40
    "inbox/jay/2026-08-20T1055-jay-engineering-filter.md": ("2026-08-20T10:55+08:00", "name"),
    "inbox/jay/2026-08-20T1335-jay-inference-vecdb-harness-substack-aug20.md": (
        "2026-08-20T13:35+08:00",
        "name",
    ),
    "inbox/jay/2026-08-20T1425-jay-csdn-inference-oom-benchmark-commands-highvalue.md": (
        "2026-08-20T14:25+08:00",
        "name",
    ),
    "inbox/jay/2026-08-20T1950-jay-inference-engineering-rag-eval-mcp-stack-aug20.md": (
        "2026-08-20T19:50+08:00",
        "name",
    ),
    "inbox/spark/2026-08-19-llm-infra-e1prep.md": (
        "2026-08-19T17:55+08:00",
        "front_matter",
    ),  # README: generated 17:55
    "inbox/spark/2026-08-20-llm-infra-e1prep.md": ("2026-08-20T18:15+08:00", "front_matter"),
    "inbox/stephen/2026-08-20-ai-industry-e1prep.md": ("2026-08-20T19:30+08:00", "body"),
    "inbox/tom/2026-08-19-inference-e1prep.md": (
        "2026-08-19T22:20+08:00",
        "body",
    ),  # README: signed 22:20 CST
    "inbox/tom/2026-08-20-evaluation-e1prep.md": ("2026-08-20T21:40+08:00", "body"),
    "inbox/tom/2026-08-20-rag-e1prep.md": ("2026-08-20T21:05+08:00", "body"),
}


def _expected_times(relay: Path) -> dict[str, datetime]:
    exp = json.loads((relay / "expected.json").read_text(encoding="utf-8"))
    out = {}
    for key in ("note_times", "out_of_window_times"):
        for path, value in (exp.get(key) or {}).items():
            text = value["time"] if isinstance(value, dict) else value
            out[path] = datetime.fromisoformat(text.split()[0])
    return out


def _notes(ws: Path, *, defer: bool = False) -> dict[str, Note]:
    cfg = load_config(ws)
    out = {}
    for p in sorted((ws / "inbox").rglob("*.md")):
        ln = load_note(p, ws, cfg, defer=(lambda n: True) if defer else None)
        out[ln.note.path] = ln.note
    return out


@pytest.fixture(scope="module")
def copies(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("relays")
    return {r.name: copy_workspace(need(r), base / r.name) for r in (SAMPLE, EVAL, TRAINING)}


@pytest.mark.parametrize("relay", [EVAL, TRAINING], ids=lambda r: r.name)
@pytest.mark.parametrize("defer", [False, True], ids=["split", "deferred"])
def test_every_note_of_the_dev_relays_has_the_answer_keys_time(
    relay: Path, defer: bool, copies
) -> None:
    want = _expected_times(need(relay))
    notes = _notes(copies[relay.name], defer=defer)
    assert set(want) == set(notes), "the answer key dates every note"
    got = {p: notes[p].time for p in want}
    assert got == want, {
        p: (got[p] and got[p].isoformat(), want[p].isoformat()) for p in want if got[p] != want[p]
    }
    assert not [(p, n.errors) for p, n in notes.items() if any("time" in e for e in n.errors)]


@pytest.mark.parametrize("defer", [False, True], ids=["split", "deferred"])
def test_every_note_of_the_sample_relay(defer: bool, copies) -> None:
    notes = _notes(copies["sample-relay"], defer=defer)
    assert set(notes) == set(SAMPLE_TIMES)
    for path, (when, source) in SAMPLE_TIMES.items():
        assert (notes[path].time, notes[path].time_source) == (
            datetime.fromisoformat(when),
            source,
        ), path


@pytest.mark.parametrize("relay", [SAMPLE, EVAL, TRAINING], ids=lambda r: r.name)
def test_window_membership_follows(relay: Path, copies) -> None:
    exp = json.loads(need(relay / "expected.json").read_text(encoding="utf-8"))
    since, until = (datetime.fromisoformat(exp["window"][k]) for k in ("start", "end"))
    notes = _notes(copies[relay.name])
    inside = {p for p, n in notes.items() if n.time and since < n.time <= until}
    assert not inside & set(exp["out_of_window"])
    assert (
        set(notes) - set(exp["out_of_window"]) - set(exp.get("previous_briefings") or []) <= inside
    )
    if relay is TRAINING:
        assert "inbox/arjun/2026-11-20-zotero-export.md" in inside  # date-only name, exported 19:42


def test_the_zones_are_data_not_code() -> None:
    assert not hasattr(timeutil, "_ZONE_ABBREV")
    zones = default_lexicon().table("time.zones")
    assert zones["cet"] == ["+01:00"] and len(zones["cst"]) > 1 and len(zones["ist"]) > 1
    for key in ("stamps", "cited", "windows"):
        assert default_lexicon().words("time", key)
    assert "最后更新" in default_lexicon().words("time", "stamps")
    assert "exported" in default_lexicon().words("time", "stamps")


# --------------------------------------------------------------------------- synthetic workspaces


def _ws(tmp_path: Path, tz: str) -> Path:
    ws = tmp_path / "ws"
    (ws / "inbox").mkdir(parents=True, exist_ok=True)
    (ws / "curator.toml").write_text(f'topic = "x"\ntimezone = "{tz}"\n', encoding="utf-8")
    return ws


def _note(tmp_path: Path, tz: str, name: str, text: str = "# x\n", author: str = "anna") -> Note:
    ws = _ws(tmp_path, tz)
    path = ws / "inbox" / author / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    os.utime(path, (datetime(2030, 1, 1, tzinfo=UTC).timestamp(),) * 2)
    note = load_note(path, ws, load_config(ws)).note
    lazy = load_note(path, ws, load_config(ws), defer=lambda n: True).note
    assert (lazy.time, lazy.time_source) == (note.time, note.time_source), "deferred dating agrees"
    return note


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text)


DST_NAMES = [
    # Europe/Berlin, 2026-03-29: 02:00 CET → 03:00 CEST
    ("Europe/Berlin", "2026-03-29T0130-x.md", "2026-03-29T01:30+01:00", None),
    ("Europe/Berlin", "2026-03-29T0330-x.md", "2026-03-29T03:30+02:00", None),
    # 02:30 never happened: read with the offset before the change (a clock not yet put forward)
    ("Europe/Berlin", "2026-03-29T0230-x.md", "2026-03-29T03:30+02:00", "does not exist"),
    # Europe/Berlin, 2026-10-25: 03:00 CEST → 02:00 CET; 02:30 happened twice: the first (CEST)
    ("Europe/Berlin", "2026-10-25T0130-x.md", "2026-10-25T01:30+02:00", None),
    ("Europe/Berlin", "2026-10-25T0230-x.md", "2026-10-25T02:30+02:00", "happens twice"),
    ("Europe/Berlin", "2026-10-25T0330-x.md", "2026-10-25T03:30+01:00", None),
    # America/New_York, 2026-11-01: 02:00 EDT → 01:00 EST; 01:30 is ambiguous: fold=0, 01:30 EDT
    ("America/New_York", "2026-11-01T0130-x.md", "2026-11-01T01:30-04:00", "happens twice"),
    ("America/New_York", "2026-11-01T0230-x.md", "2026-11-01T02:30-05:00", None),
    ("America/New_York", "2026-10-31T2330-x.md", "2026-10-31T23:30-04:00", None),
    # Australia/Sydney, 2026-10-04: 02:00 AEST → 03:00 AEDT
    ("Australia/Sydney", "2026-10-04T0130-x.md", "2026-10-04T01:30+10:00", None),
    ("Australia/Sydney", "2026-10-04T0230-x.md", "2026-10-04T03:30+11:00", "does not exist"),
    ("Australia/Sydney", "2026-10-04T0330-x.md", "2026-10-04T03:30+11:00", None),
    # Australia/Sydney, 2026-04-05: 03:00 AEDT → 02:00 AEST
    ("Australia/Sydney", "2026-04-05T0230-x.md", "2026-04-05T02:30+11:00", "happens twice"),
    # fixed offsets have no DST
    ("+05:30", "2026-11-20T1015-x.md", "2026-11-20T10:15+05:30", None),
    ("-03:00", "2026-03-29T0230-x.md", "2026-03-29T02:30-03:00", None),
    # the clock written other ways: separated, with seconds, in UTC (a program's "Z")
    ("Europe/Madrid", "2026-10-24T19-05-x.md", "2026-10-24T19:05+02:00", None),
    ("Europe/Madrid", "2026-10-24_19h05-x.md", "2026-10-24T19:05+02:00", None),
    ("Europe/Madrid", "2026-10-24T19.05-x.md", "2026-10-24T19:05+02:00", None),
    ("Europe/Madrid", "2026-10-24T190512-x.md", "2026-10-24T19:05+02:00", None),
    ("Europe/Madrid", "2026-10-24T1105Z-x.md", "2026-10-24T13:05+02:00", None),
    # the night the clocks go back: a UTC name is never ambiguous
    ("Europe/Madrid", "2026-10-25T0030Z-x.md", "2026-10-25T02:30+02:00", None),
    ("Europe/Madrid", "2026-10-25T0130Z-x.md", "2026-10-25T02:30+01:00", None),
]


@pytest.mark.parametrize(("tz", "name", "want", "problem"), DST_NAMES, ids=lambda x: str(x))
def test_file_name_times_are_local_and_dst_correct(
    tmp_path: Path, tz: str, name: str, want: str, problem: str | None
) -> None:
    n = _note(tmp_path, tz, name)
    assert n.time_source == "name"
    assert n.time == _at(want) and n.time.utcoffset() == _at(want).utcoffset()
    assert n.time.isoformat(timespec="minutes") == want  # shown as the real clock time
    if problem:
        assert any(problem in e and "file name" in e for e in n.errors), n.errors
    else:
        assert not n.errors


def test_a_skipped_hour_in_a_body_stamp_is_read_sensibly(tmp_path: Path) -> None:
    n = _note(tmp_path, "Europe/Berlin", "2026-03-29-x.md", "# x\n\n— anna · 2026-03-29 02:30\n")
    assert n.time == _at("2026-03-29T03:30+02:00") and n.time_source == "body"
    assert any("does not exist" in e for e in n.errors)


def test_dst_in_body_stamps(tmp_path: Path) -> None:
    n = _note(
        tmp_path, "Europe/Berlin", "2026-03-29-x.md", "# x\n\n— anna · 2026-03-29 10:00 CEST\n"
    )
    assert n.time == _at("2026-03-29T10:00+02:00") and not n.errors
    # CET is Berlin's own name too: the workspace clock, not a literal +01:00
    n = _note(tmp_path, "Europe/Berlin", "2026-07-01-x.md", "# x\n\nanna · 2026-07-01 10:00 CET\n")
    assert n.time == _at("2026-07-01T10:00+02:00")
    # 01:30 happens twice that night in New York: "EST" is the second one (standard time), "EDT"
    # the first
    n = _note(tmp_path, "America/New_York", "2026-11-01-x.md", "# x\n\n— anna, 01:30 EST\n")
    assert n.time == _at("2026-11-01T01:30-05:00")
    n = _note(tmp_path, "America/New_York", "2026-11-01-x.md", "# x\n\n— anna, 01:30 EDT\n")
    assert n.time == _at("2026-11-01T01:30-04:00")
    n = _note(
        tmp_path, "Australia/Sydney", "2026-10-04-x.md", "# x\n\nanna · 2026-10-04 09:00 AEDT\n"
    )
    assert n.time == _at("2026-10-04T09:00+11:00")


# --------------------------------------------------------------------------- stamps inside date-only notes

BODY = [
    # (workspace zone, name, text, want, source)
    (
        "+05:30",
        "2026-11-20-zotero-export.md",
        "# Zotero export\n\nExported 2026-11-20 19:42 (+05:30) from Zotero 7 · 7 items\n",
        "2026-11-20T19:42+05:30",
        "body",
    ),
    (
        "Europe/Berlin",
        "2026-11-17-weekly.md",
        "> pasted from The Eval Weekly #47 (email, received 17 Nov 2026 12:58) — tobias, 13:05 CET\n\n# Weekly\n",
        "2026-11-17T13:05+01:00",
        "body",
    ),
    # a quoted received-time is used only when nothing better says when the note was written
    (
        "Europe/Berlin",
        "2026-11-17-weekly.md",
        "> forwarded (email, received 17 Nov 2026 12:58)\n\n# Weekly\n",
        "2026-11-17T12:58+01:00",
        "body",
    ),
    (
        "Europe/Berlin",
        "2026-11-16-briefing.md",
        "# briefing\n\nEditor: Hanna · window 2026-11-15 18:00 → 2026-11-16 18:00 (Europe/Berlin, CET +01:00)\n\n"
        "body\n\n— Hanna · 2026-11-16 17:52 CET\n",
        "2026-11-16T17:52+01:00",
        "body",
    ),
    (
        "Asia/Shanghai",
        "2026-08-19-inference-e1prep.md",
        "inference · 简报\n执行: Tom · 窗口:2026-08-18 22:20 → 2026-08-19 22:20(约 24h)\n\n正文\n\n"
        "Tom · 2026-08-19 22:20 CST · E1 日间预消化轮 · 24h 窗口\n",
        "2026-08-19T22:20+08:00",
        "body",
    ),
    (
        "+05:30",
        "2026-11-19-briefing.md",
        "# b\n\n正文\n\nlin · 2026-11-19 08:50 (+05:30)\n",
        "2026-11-19T08:50+05:30",
        "body",
    ),
    (
        "+05:30",
        "2026-11-20-log.md",
        "# 阅读日志\n\n最后更新:2026-11-21 00:40\n",
        "2026-11-21T00:40+05:30",
        "body",
    ),
    (
        "+05:30",
        "2026-11-21-log.md",
        "# 阅读日志\n\n最后更新:2026-11-21 00:40\n",
        "2026-11-21T00:40+05:30",
        "body",
    ),
    (
        "+05:30",
        "2026-11-20-notion.md",
        "# RLVR\n\nCreated: November 20, 2026 10:15 AM    Last edited: November 20, 2026 3:02 PM\n",
        "2026-11-20T15:02+05:30",
        "body",
    ),
    (
        "+05:30",
        "2026-11-21-wechat.md",
        "# 公众号精选\n\nhao 整理 · 早上地铁上看的 4 篇 · 8:50 发\n",
        "2026-11-21T08:50+05:30",
        "body",
    ),
    (
        "+05:30",
        "2026-11-20-feishu.md",
        "数据组周同步\n来自飞书文档 · 最近修改:hao 今天 13:40\n",
        "2026-11-20T13:40+05:30",
        "body",
    ),
    (
        "Europe/Berlin",
        "2026-11-17-table.md",
        "# 速览\n\nlin · 北京时间 18:30 写完（柏林 11:30）\n",
        "2026-11-17T11:30+01:00",
        "body",
    ),
    (
        "Europe/Berlin",
        "2026-11-17-pm.md",
        "# x\n\n下午3:05 整理\n",
        "2026-11-17T15:05+01:00",
        "body",
    ),
    (
        "Europe/Berlin",
        "2026-11-17-am.md",
        "# x\n\nSigned 12:30 AM\n",
        "2026-11-17T00:30+01:00",
        "body",
    ),
    # the latest of two equal stamps; a later time that cites another event does not win
    (
        "Europe/Berlin",
        "2026-11-17-two.md",
        "# x\n\nanna · 09:10\n\nbody\n\nanna · 17:45\n\nmeeting 19:00\n",
        "2026-11-17T17:45+01:00",
        "body",
    ),
    # explicit offsets and unambiguous abbreviations
    (
        "Europe/Berlin",
        "2026-11-17-jst.md",
        "# x\n\n— anna · 2026-11-17 21:00 JST\n",
        "2026-11-17T21:00+09:00",
        "body",
    ),
    (
        "Europe/Berlin",
        "2026-11-17-utc.md",
        "# x\n\n— anna · 2026-11-17 12:00 UTC+8\n",
        "2026-11-17T12:00+08:00",
        "body",
    ),
    (
        "Europe/Berlin",
        "2026-11-17-z.md",
        "# x\n\nExported 2026-11-17T12:00Z\n",
        "2026-11-17T12:00+00:00",
        "body",
    ),
    (
        "America/New_York",
        "2026-11-17-pst.md",
        "# x\n\nanna · 9:30 PST\n",
        "2026-11-17T09:30-08:00",
        "body",
    ),
    (
        "America/New_York",
        "2026-11-20-iso.md",
        "# x\n\nanna · 2026-11-20T19:42-05:00\n",
        "2026-11-20T19:42-05:00",
        "body",
    ),
    (
        "Europe/Berlin",
        "2026-11-20-dash.md",
        "# x\n\nExported 2026-11-20 19:42 - 7 items\n",
        "2026-11-20T19:42+01:00",
        "body",
    ),
    (
        "Europe/Berlin",
        "2026-11-20-slot.md",
        "# x\n\nanna 9:00-10:30 reading group\n",
        "2026-11-20T00:00+01:00",
        "name",
    ),
    # no time on that day: 00:00 as before; a time of another day is something else
    (
        "Europe/Berlin",
        "2026-11-17-none.md",
        "# x\n\nsee the 2026-11-10 14:00 call notes\n",
        "2026-11-17T00:00+01:00",
        "name",
    ),
    (
        "Europe/Berlin",
        "2026-11-17-plain.md",
        "# x\n\nnothing dated here\n",
        "2026-11-17T00:00+01:00",
        "name",
    ),
    # a range is a window, not a stamp
    (
        "Asia/Shanghai",
        "2026-08-20-range.md",
        "# x\n> flyp · 窗口 08-19 22:20 ~ 08-20 22:20 (CST)\n",
        "2026-08-20T00:00+08:00",
        "name",
    ),
]


@pytest.mark.parametrize(
    ("tz", "name", "text", "want", "source"), BODY, ids=[b[1] + ":" + b[3] for b in BODY]
)
def test_date_only_names_take_the_time_the_note_says(
    tmp_path: Path, tz: str, name: str, text: str, want: str, source: str
) -> None:
    n = _note(
        tmp_path,
        tz,
        name,
        text,
        author="lin" if "lin ·" in text else "tobias" if "tobias" in text else "anna",
    )
    assert (n.time, n.time_source) == (_at(want), source), (n.time, n.errors)


def test_a_stamp_inside_never_overrides_a_name_with_a_time(tmp_path: Path) -> None:
    n = _note(
        tmp_path, "Europe/Berlin", "2026-11-17T0845-x.md", "# x\n\nExported 2026-11-17 19:42\n"
    )
    assert (n.time, n.time_source) == (_at("2026-11-17T08:45+01:00"), "name")


def test_front_matter_wins_and_offsets_are_respected(tmp_path: Path) -> None:
    n = _note(
        tmp_path,
        "Europe/Berlin",
        "2026-11-16T2330-x.md",
        "---\ndate: 2026-11-16T23:30+08:00\n---\n# x\n",
    )
    assert n.time == _at("2026-11-16T16:30+01:00") and n.time_source == "front_matter"
    n = _note(
        tmp_path,
        "+05:30",
        "2026-11-21T0440-x.md",
        "---\ngenerated_at: 2026-11-20T23:10:00Z\n---\n# x\n",
    )
    assert n.time == _at("2026-11-21T04:40+05:30") and n.time_source == "front_matter"
    n = _note(
        tmp_path,
        "+05:30",
        "2026-11-20-x.md",
        "---\ncreated: November 20, 2026 10:15 AM\n---\n# x\n\nExported 2026-11-20 19:42\n",
    )
    assert n.time == _at("2026-11-20T10:15+05:30") and n.time_source == "front_matter"
    # a date-only front matter is a day: a name's time beats it, a stamp inside gives it its time
    n = _note(
        tmp_path, "Europe/Berlin", "2026-11-17T1545-x.md", "---\ndate: 2026-11-17\n---\n# x\n"
    )
    assert (n.time, n.time_source) == (_at("2026-11-17T15:45+01:00"), "name")
    n = _note(
        tmp_path, "Europe/Berlin", "notes.md", "---\ndate: 2026-11-17\n---\n# x\n\n— anna · 18:20\n"
    )
    assert (n.time, n.time_source) == (_at("2026-11-17T18:20+01:00"), "body")
    n = _note(tmp_path, "Europe/Berlin", "notes.md", "---\ndate: 2026-11-17\n---\n# x\n")
    assert (n.time, n.time_source) == (_at("2026-11-17T00:00+01:00"), "front_matter")
    n = _note(
        tmp_path,
        "Europe/Berlin",
        "2026-11-17-x.md",
        "---\ndate: soon\n---\n# x\n\n— anna · 18:20\n",
    )
    assert (n.time, n.time_source) == (_at("2026-11-17T18:20+01:00"), "body")
    assert any("front matter time 'soon'" in e for e in n.errors)


def test_mtime_and_none(tmp_path: Path) -> None:
    n = _note(tmp_path, "Europe/Berlin", "notes.md", "# x\n\n— anna · 2026-11-17 18:20\n")
    assert n.time_source == "mtime" and n.time == datetime(2030, 1, 1, tzinfo=UTC)
    cfg = load_config(_ws(tmp_path, "Europe/Berlin"))
    assert note_time({}, "notes.md", 0.0, cfg) == (None, "none", [])
    n = _note(tmp_path, "Europe/Berlin", "2026-13-45T9999-bad.md", "# x\n")
    assert n.time_source == "mtime" and any("impossible date" in e for e in n.errors)


# --------------------------------------------------------------------------- zone abbreviations


@pytest.mark.parametrize(
    ("tz", "word", "when", "offset", "problem"),
    [
        ("Europe/Berlin", "CET", datetime(2026, 11, 17, 13), "+01:00", False),
        ("Europe/Berlin", "CEST", datetime(2026, 7, 1, 13), "+02:00", False),
        ("Asia/Shanghai", "CST", datetime(2026, 8, 19, 22), "+08:00", False),
        ("America/Chicago", "CST", datetime(2026, 11, 19, 22), "-06:00", False),
        ("America/New_York", "EST", datetime(2026, 11, 17, 9), "-05:00", False),
        ("America/New_York", "EDT", datetime(2026, 8, 17, 9), "-04:00", False),
        ("+08:00", "CST", datetime(2026, 8, 19, 22), "+08:00", False),
        ("+05:30", "IST", datetime(2026, 11, 20, 9), "+05:30", False),
        ("Asia/Kolkata", "IST", datetime(2026, 11, 20, 9), "+05:30", False),
        ("Europe/Berlin", "JST", datetime(2026, 11, 17, 13), "+09:00", False),
        ("Europe/Berlin", "BST", datetime(2026, 7, 17, 13), "+01:00", False),
        ("Europe/Berlin", "PDT", datetime(2026, 7, 17, 13), "-07:00", False),
        # ambiguous and not the workspace's: the workspace zone, with a problem note
        ("Europe/Berlin", "CST", datetime(2026, 11, 17, 13), "+01:00", True),
        ("Europe/Berlin", "IST", datetime(2026, 7, 17, 13), "+02:00", True),
        ("America/New_York", "IST", datetime(2026, 11, 17, 13), "-05:00", True),
    ],
)
def test_zone_abbreviations(tz: str, word: str, when: datetime, offset: str, problem: bool) -> None:
    zone, note = zone_for(word, when, resolve_timezone(tz))
    got = local_time(when, zone or resolve_timezone(tz))[0]
    assert got.isoformat()[-6:] == offset
    assert bool(note) is problem


def test_body_ambiguous_abbreviation_is_a_problem(tmp_path: Path) -> None:
    n = _note(
        tmp_path, "Europe/Berlin", "2026-11-17-x.md", "# x\n\n— anna · 2026-11-17 18:20 CST\n"
    )
    assert n.time == _at("2026-11-17T18:20+01:00") and n.time_source == "body"
    assert any("CST" in e and "Europe/Berlin" in e for e in n.errors)


def test_parse_iso_reads_abbreviations_as_data() -> None:
    assert parse_iso("2026-08-19 22:20 CST", resolve_timezone("Asia/Shanghai")) == _at(
        "2026-08-19T22:20+08:00"
    )
    problems: list[str] = []
    berlin = resolve_timezone("Europe/Berlin")
    assert (
        parse_iso("2026-08-19 22:20 CST", berlin, problems) == _at("2026-08-19T22:20+02:00")
        and problems
    )
    assert parse_iso("2026-08-19 22:20 JST", berlin) == _at("2026-08-19T22:20+09:00")
    assert parse_iso("2026-08-19T22:20+05:30", berlin) == _at("2026-08-19T22:20+05:30")
    problems = []
    assert (
        parse_iso("2026-03-29 02:30", berlin, problems) == _at("2026-03-29T03:30+02:00")
        and problems
    )


def test_a_workspace_lexicon_extends_the_words() -> None:
    lex = load_lexicon({"time": {"stamps": ["abgeschickt"], "zones": {"XYZT": "+03:00"}}})
    tz = timezone(timedelta(hours=1))
    text = "# x\n\nnotiz 08:00\n\nabgeschickt 2026-11-17 07:15 XYZT\n"
    assert time_in_text(text, date(2026, 11, 17), tz, lexicon=lex)[0] == _at(
        "2026-11-17T07:15+03:00"
    )
    assert time_in_text(text, date(2026, 11, 17), tz)[0] == _at("2026-11-17T08:00+01:00")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\ufeff",
        "---\n",
        "---\ndate: 2026-13-45T99:99\n---\n",
        "12:34" * 5000,
        "2026-02-30 10:00 — anna",
        "31 Feb 25:61",
        "\n" * 10000 + "— anna · 2026-11-17 10:00",
        "99-99 12:00",
        "年月日 12:00 ~ ~ ~ → →",
        "Nov 31, 2026 10:00 AM",
    ],
)
def test_odd_text_never_crashes(text: str) -> None:
    when, source, problems = written_at(
        {}, text, "2026-11-17-x.md", 0.0, resolve_timezone("Europe/Berlin"), author="anna"
    )
    assert when is not None and source in ("body", "name") and isinstance(problems, list)


def test_am_pm_written_against_the_minutes(tmp_path: Path) -> None:
    """US signatures glue the meridiem to the time: "9:41pm" is 21:41, "12:10am" is 00:10."""
    n = _note(
        tmp_path, "America/Chicago", "2026-03-07-x.md", "# x\n\ntext\n\n— m.k., 3/7/26 9:41pm\n"
    )
    assert n.time == _at("2026-03-07T21:41-06:00") and n.time_source == "body"
    n = _note(tmp_path, "America/Chicago", "2026-03-07-x.md", "# x\n\n— m.k., 12:10am\n")
    assert n.time == _at("2026-03-07T00:10-06:00")


def test_a_named_clock_time_written_with_a_zone_inside_is_in_that_zone(tmp_path: Path) -> None:
    """A colleague abroad names files by his own clock and stamps them with his zone."""
    body = "# Reading queue #214\n\n**Open** · jonas opened this issue on Sat, Oct 24, 2026, 16:10 CEST · 0 comments\n"
    n = _note(tmp_path, "Asia/Shanghai", "2026-10-24T1610-issue.md", body)
    assert n.time == _at("2026-10-24T16:10+02:00")
    # another minute, or a stamp without a zone, does not touch the name's reading
    n = _note(
        tmp_path,
        "Asia/Shanghai",
        "2026-10-24T1610-issue.md",
        body.replace("16:10 CEST", "15:55 CEST"),
    )
    assert n.time == _at("2026-10-24T16:10+08:00") and n.time_source == "name"
    n = _note(tmp_path, "Asia/Shanghai", "2026-10-24T1610-issue.md", body.replace(" CEST", ""))
    assert n.time == _at("2026-10-24T16:10+08:00")


@pytest.mark.parametrize(
    ("tzname", "day", "line", "want"),
    [
        (
            "Asia/Seoul",
            "2026-11-01",
            "2026년 11월 1일 오후 11시 20분 작성",
            "2026-11-01T23:20+09:00",
        ),
        (
            "Europe/Madrid",
            "2026-10-24",
            "escrito el sábado 24 a las 23.40",
            "2026-10-24T23:40+02:00",
        ),
        ("Asia/Tokyo", "2026-12-01", "2026年12月1日 21時10分 記", "2026-12-01T21:10+09:00"),
        ("Asia/Shanghai", "2026-10-24", "写于 2026年10月24日 23点40分", "2026-10-24T23:40+08:00"),
    ],
)
def test_clock_times_in_other_notations(
    tmp_path: Path, tzname: str, day: str, line: str, want: str
) -> None:
    n = _note(tmp_path, tzname, f"{day}-x.md", f"# x\n\nbody\n\n{line}\n")
    assert n.time == _at(want) and n.time_source == "body"


def test_a_decimal_is_no_clock_time(tmp_path: Path) -> None:
    n = _note(tmp_path, "Europe/Madrid", "2026-10-24-x.md", "# x\n\naccuracy 23.40 on the set\n")
    assert n.time_source != "body"


def test_front_matter_dates_in_other_languages(tmp_path: Path) -> None:
    n = _note(
        tmp_path,
        "Europe/Madrid",
        "2026-10-24T1230-x.md",
        "---\nfecha: 2026-10-24T12:30:00-06:00\n---\n# x\n",
    )
    assert n.time == _at("2026-10-24T12:30-06:00") and n.time_source == "front_matter"


def test_a_zone_named_in_words(tmp_path: Path) -> None:
    """ "13:15 hora CDMX" in a note named by that clock: Mexico City time, not the workspace's."""
    body = "Pendientes — ximena\n25/10/2026 · 13:15 hora CDMX (GMT-6). Allá ya son las 20:15.\n"
    n = _note(tmp_path, "Europe/Madrid", "2026-10-25T1315-pendientes.md", body)
    assert n.time == _at("2026-10-25T13:15-06:00")


@pytest.mark.parametrize("key", ["створено", "vytvořeno", "skapad", "дата", "日期", "날짜"])
def test_front_matter_dates_under_keys_in_other_languages_and_scripts(
    tmp_path: Path, key: str
) -> None:
    """ "створено: …", "vytvořeno: …", "skapad: …" are when the note was written, as "created:" is;
    a key in Cyrillic or CJK script ("дата:", "日期:") was not read as a key at all."""
    n = _note(
        tmp_path, "Europe/Berlin", "notes.md", f"---\n{key}: 2026-11-17T18:20+01:00\n---\n# x\n"
    )
    assert (n.time, n.time_source) == (_at("2026-11-17T18:20+01:00"), "front_matter")
