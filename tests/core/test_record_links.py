"""One vulnerability record under several addresses is one page: a note citing its NVD entry and
another citing the CVE Program's record (or its API form) cite the same increment."""

from __future__ import annotations

from pathlib import Path

from conftest import one_note_analysis

from curator.record_links import record_key
from curator.urls import normalize_url

DOC = """# llmsec living doc

## 1 Prompt injection

### 1.1 Tool-output injection

- **Older agent study** (2601.00001): prompt injection through tool output in agents.
"""


def _key(url: str) -> str | None:
    return record_key(normalize_url(url))


def test_a_record_is_the_same_on_every_site_that_lists_it() -> None:
    keys = {
        _key("https://nvd.nist.gov/vuln/detail/CVE-2027-40001"),
        _key("https://www.cve.org/CVERecord?id=CVE-2027-40001"),
        _key("https://cveawg.mitre.org/api/cve/cve-2027-40001"),
    }
    assert keys == {"CVE-2027-40001"}
    assert _key("https://github.com/acme/tool/security/advisories/GHSA-5jq4-r8vx-2m7c") == (
        _key("https://osv.dev/vulnerability/GHSA-5jq4-r8vx-2m7c")
    )


def test_other_pages_are_no_record() -> None:
    assert _key("https://github.com/acme/tool") is None
    assert _key("https://nvd.nist.gov/general") is None
    assert _key("https://blog.example.org/cve-2027-40001-explained") is None  # not a listed host


def _advisory_increments(tmp_path: Path, note: str) -> list:  # type: ignore[type-arg]
    """The increments of one advisories note that name the test's CVE or GHSA record."""
    got = one_note_analysis(
        tmp_path,
        "llmsec",
        DOC,
        "inbox/dev/2027-11-07T1230-advisories.md",
        note,
        "2027-11-07T00:00:00+00:00",
    )
    return [i for i in got.increments if any("40001" in u or "GHSA" in u for u in i.urls)]


def test_two_notes_citing_one_record_make_one_increment(tmp_path: Path) -> None:
    note = (
        "Advisories today\n\n"
        "- Prompt injection in a fetch tool's output runs shell commands in agent tools:"
        " https://nvd.nist.gov/vuln/detail/CVE-2027-40001\n"
        "- The same injection, the CVE Program's record:"
        " https://www.cve.org/CVERecord?id=CVE-2027-40001\n"
    )
    assert len(_advisory_increments(tmp_path, note)) == 1


def test_identifiers_written_as_one_are_one_record() -> None:
    from curator.record_links import record_aliases

    said = "agentkit 0.44.2 fixes CVE-2027-40001 (GHSA-5jq4-r8vx-2m7c, CVSS 9.6)."
    assert record_aliases([said]) == {"GHSA-5JQ4-R8VX-2M7C": "CVE-2027-40001"}
    # two of one kind side by side are two records; nothing written as one is no alias
    assert record_aliases(["CVE-2027-40001 / CVE-2027-40002", "GHSA-5jq4-r8vx-2m7c"]) == {}
    # written as one with a third, in another note: all three are one
    chained = record_aliases([said, "CVE-2027-40009 = GHSA-5jq4-r8vx-2m7c"])
    assert set(chained) == {"GHSA-5JQ4-R8VX-2M7C", "CVE-2027-40009"}
    assert set(chained.values()) == {"CVE-2027-40001"}


ADVISORY_NOTE = (
    "Advisories today\n\n"
    "- Prompt injection in agentkit's fetch tool runs shell commands:"
    " https://github.com/acme/agentkit/security/advisories/GHSA-5jq4-r8vx-2m7c\n"
    "- NVD has it too: https://nvd.nist.gov/vuln/detail/CVE-2027-40001\n"
)


def test_an_advisory_and_the_cve_a_note_gives_it_are_one_increment(tmp_path: Path) -> None:
    note = ADVISORY_NOTE + "\nagentkit 0.44.2 fixes CVE-2027-40001 (GHSA-5jq4-r8vx-2m7c).\n"
    (one,) = _advisory_increments(tmp_path, note)
    assert any("nvd.nist.gov" in u for u in one.urls)
    assert any("advisories/GHSA" in u for u in one.urls)


def test_an_advisory_and_a_cve_no_note_joins_stay_two(tmp_path: Path) -> None:
    assert len(_advisory_increments(tmp_path, ADVISORY_NOTE)) == 2
