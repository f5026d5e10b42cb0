"""A security team's shapes: a scanner's SARIF report names each rule's paper in ``helpUri``, and
the editor's evening "bulletin" is a briefing under another name."""

from __future__ import annotations

import json

import pytest

from curator.briefings import briefing_info
from curator.note_json import unfold_json


def test_a_sarif_rules_help_link_is_read_as_its_link() -> None:
    sarif = {
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "pi-fuzz",
                        "rules": [
                            {
                                "id": "PIF-GH-002",
                                "name": "GoalHijack",
                                "shortDescription": {"text": "Classic goal hijacking"},
                                "helpUri": "https://arxiv.org/abs/2211.09527",
                            },
                        ],
                    }
                }
            }
        ],
    }
    text = "Raw SARIF below.\n\n```json\n" + json.dumps(sarif, indent=2) + "\n```\n"
    out, _lines = unfold_json(text)
    assert "https://arxiv.org/abs/2211.09527" in out
    assert "[GoalHijack](https://arxiv.org/abs/2211.09527)" in out


def test_an_evening_bulletin_is_a_briefing() -> None:
    text = (
        "TLP:GREEN\n\n# LLM-SEC BULLETIN · 2027-11-06 · evening\n\n## DISPOSITIONS\n\n| a | b |\n"
    )
    topic, _until = briefing_info(text, "2027-11-06-llmsec-bulletin.md")
    assert topic is not None


def test_a_bulletin_by_its_buckets_alone_is_a_briefing() -> None:
    text = "# Saturday\n\n## Dispositions\n\n- x\n\n## Carry-over\n\n- y\n"
    topic, _until = briefing_info(text, "2027-11-06-notes.md")
    assert topic is not None


@pytest.mark.parametrize(
    ("name", "text"),
    [
        (
            "2027-04-27T0930-re-briefing-26-april.md",
            "From: Omar <o@example.org>\nSubject: Re: briefing 26 April\n\nTwo points.\n",
        ),
        ("2027-04-27T0930-reply.md", "AW: Abendbericht Evaluation\n\nEin Punkt.\n"),
        ("2027-04-27T0930-reply.md", "# 回复：评测简报\n\n一点补充。\n"),
    ],
)
def test_a_reply_to_a_briefing_is_a_note_not_a_briefing(name: str, text: str) -> None:
    assert briefing_info(text, name) == (None, None)


def test_a_briefing_about_replies_is_still_a_briefing() -> None:
    text = "# Evening briefing — evaluation\n\n## Approved\n- a\n\n## Held\n- b\n"
    assert briefing_info(text, "2027-04-26-evaluation-briefing.md")[0] is not None


def test_a_note_that_says_it_is_no_briefing_in_chinese_is_none() -> None:
    first = "scratch — 3 Nov, 6:30pm, before tonight's relay (不是简报, just my own notes)\n\n- x\n"
    assert briefing_info(first, "2027-11-03T1830-scratch.md") == (None, None)
