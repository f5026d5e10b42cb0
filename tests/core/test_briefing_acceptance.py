"""Issue 11 acceptance: the briefing the editor signs after light edits.

The human's approved increments go in through the CLI (``decide KEY approve --section``, and
``decide KEY tier`` where the relay says which tier), then ``curator export`` writes the briefing
and the tests read it back the way the editor would.  The same properties hold on the sample
relay and on the two dev relays (other teams, zones, formats), so the rules are not tuned to
one relay's wording.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import SAMPLE, SHARED, need
from test_briefing_facts import generated_section_refs, md_tokens, signature
from test_briefing_points import check_condensed, key_points, window_ws
from test_export import run

RELAYS = {
    "sample-relay": SAMPLE,
    "relay-eval": SHARED / "dev-relays" / "relay-eval",
    "relay-training": SHARED / "dev-relays" / "relay-training",
}
SIGNED = {
    "sample-relay": "2026-08-20 22:20 +08:00",
    "relay-eval": "2026-11-17 18:00 +01:00",
    "relay-training": "2026-11-21 09:00 +05:30",
}
# Increments whose notes say something an editor must check before trusting them (read by
# hand from the notes: "要看 PDF", "原始出处没找到", "cost is not discussed", "README 写着
# coming soon"…).  Their 警示 must not be empty.
CAVEAT_LIKE = {
    "sample-relay": "all",
    "relay-eval": [
        "2611.11873",
        "2611.12920",
        "https://evalsignal.substack.com/p/the-prompt-format-tax",
        "2611.13187",
        "2611.12388",
    ],
    "relay-training": ["2611.05823", "2611.04958"],
}


def block_of(text: str, key: str) -> str:
    """The increment block that names *key* in its heading or first lines."""
    needle = key.removeprefix("https://").rstrip("/")
    for block in text.split("\n### ")[1:]:
        if needle in "\n".join(block.split("\n")[:8]):
            return block.split("\n## ", 1)[0]
    raise AssertionError(f"{key} is not in the briefing")


def caveats_of(block: str) -> list[str]:
    lines = block.split("\n")
    i = next(i for i, ln in enumerate(lines) if ln.startswith(("- 警示:", "- Caveats:")))
    inline = lines[i].split(":", 1)[1].strip()
    if inline:
        return [] if inline.startswith("(") else [inline]
    out = []
    for ln in lines[i + 1 :]:
        if not ln.startswith("  - "):
            break
        out.append(ln[4:])
    return out


def claim_rows(text: str) -> list[list[str]]:
    part = text.split("\n## 二", 1)[1].split("\n## ", 1)[0]
    return [
        [c.strip() for c in ln.strip("|").split("|")]
        for ln in part.split("\n")
        if re.match(r"^\| \d+ \|", ln)
    ]


@pytest.fixture(scope="module", params=list(RELAYS))
def exported(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, str, dict]:
    name = request.param
    ws, exp = window_ws(need(RELAYS[name]), tmp_path_factory.mktemp(name) / "ws")
    for e in exp["new_increments"]:
        r = run("decide", e["key"], "approve", str(ws), "--section", e["section"])
        assert r.returncode == 0, r.stderr
        if "tier" in e:
            r = run("decide", e["key"], "tier", e["tier"], str(ws))
            assert r.returncode == 0, r.stderr
    r = run("export", str(ws), "--stdout")
    assert r.returncode == 0, r.stderr
    return name, r.stdout, exp


def test_key_points_condensed_and_capped(exported: tuple[str, str, dict]) -> None:
    _name, text, exp = exported
    check_condensed(text)  # no two bullets ≥ 85 token_set_ratio, at most the cap, no meta-lines
    assert len(key_points(text)) == len(exp["new_increments"])


def test_every_caveat_like_increment_has_caveats_and_a_row_in_section_two(
    exported: tuple[str, str, dict],
) -> None:
    name, text, exp = exported
    wanted = (
        [e["key"] for e in exp["new_increments"]]
        if CAVEAT_LIKE[name] == "all"
        else CAVEAT_LIKE[name]
    )
    rows = claim_rows(text)
    for key in wanted:
        block = block_of(text, key)
        cav = caveats_of(block)
        assert cav, (key, block)
        short = re.search(r"【[^】]*】\S* ?(.+?)(?:\(|$|——| · )", block.split("\n")[0])
        assert short, block.split("\n")[0]
        mine = [r for r in rows if any(c in r[1] for c in cav)]
        assert mine, (key, cav)
        assert all(r[3].startswith(("🔴", "🟡", "🟢")) for r in mine), mine
    assert len(rows) >= len(wanted)


def test_caveats_are_not_repeated_as_key_points(exported: tuple[str, str, dict]) -> None:
    _name, text, _exp = exported
    for head, bullets in key_points(text).items():
        block = text.split(head, 1)[1].split("\n### ", 1)[0]
        cav = set(caveats_of(block))
        assert not [b for _d, b in bullets if b in cav], head


def test_tiers_signature_and_section_labels(exported: tuple[str, str, dict]) -> None:
    name, text, exp = exported
    heads = re.findall(r"^### ((?:增量 \d+)|(?:邻接 [A-Z]))【", text, re.M)
    n_main = sum(h.startswith("增量") for h in heads)
    n_adj = len(heads) - n_main
    assert heads == [f"增量 {i}" for i in range(1, n_main + 1)] + [
        f"邻接 {chr(65 + i)}" for i in range(n_adj)
    ]
    assert f"(主线 {n_main} 条 · 邻接 {n_adj} 条" in text
    assert len(heads) == len(exp["new_increments"])
    if all("tier" in e for e in exp["new_increments"]):  # the editor's tiers, as decided
        for e in exp["new_increments"]:
            assert block_of(text, e["key"]).startswith("增量" if e["tier"] == "main" else "邻接"), (
                e["key"]
            )
        assert n_main == sum(e["tier"] == "main" for e in exp["new_increments"])
    assert f" · {SIGNED[name]} · " in signature(text), signature(text)
    refs = generated_section_refs(text)
    assert refs and all(re.fullmatch(r"§\d+(?:\.\d+)*", r) for r in refs), refs


def test_structure_kept_and_length(exported: tuple[str, str, dict]) -> None:
    name, text, _exp = exported
    tokens = md_tokens(text)
    assert not [
        t for t in tokens if t.type == "heading_open" and t.tag == "h1" and t.map and t.map[0] > 2
    ]
    if name != "sample-relay":
        return
    deploy = block_of(text, "https://deploybase.ai/articles/best-llm-inference-engine")
    assert any(t.type == "table_open" for t in md_tokens(deploy)), deploy
    csdn = block_of(text, "https://blog.csdn.net/sglang_cn/article/details/141633540")
    fences = [t for t in md_tokens(csdn) if t.type == "fence"]
    assert any("sglang.bench_serving" in f.content and f.info == "bash" for f in fences), csdn
    human = (SAMPLE / "expected-briefing.md").read_text(encoding="utf-8").splitlines()
    assert len(text.splitlines()) <= 1.3 * len(human), (len(text.splitlines()), len(human))


def test_headlines_state_measured_numbers(exported: tuple[str, str, dict]) -> None:
    name, text, _exp = exported
    if name != "sample-relay":
        return
    head = block_of(text, "2608.14376").split("\n")[0]
    assert "——" in head and "15–324%" in head.split("——", 1)[1], head
    for line in re.findall(r"^### .*$", text, re.M):
        news = line.split("——", 1)[1] if "——" in line else ""
        assert len(news) <= 100, line


def test_dev_relay_expectations_are_the_shared_ones() -> None:
    for name, src in RELAYS.items():
        exp = json.loads((need(src) / "expected.json").read_text(encoding="utf-8"))
        keys = {e["key"] for e in exp["new_increments"]}
        if CAVEAT_LIKE[name] != "all":
            assert set(CAVEAT_LIKE[name]) <= keys | {k.rstrip("/") for k in keys}, name
