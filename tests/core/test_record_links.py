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


def test_two_notes_citing_one_record_make_one_increment(tmp_path: Path) -> None:
    note = (
        "Advisories today\n\n"
        "- Prompt injection in a fetch tool's output runs shell commands in agent tools:"
        " https://nvd.nist.gov/vuln/detail/CVE-2027-40001\n"
        "- The same injection, the CVE Program's record:"
        " https://www.cve.org/CVERecord?id=CVE-2027-40001\n"
    )
    got = one_note_analysis(
        tmp_path,
        "llmsec",
        DOC,
        "inbox/dev/2027-11-07T1230-advisories.md",
        note,
        "2027-11-07T00:00:00+00:00",
    )
    with_record = [i for i in got.increments if any("2027-40001" in u for u in i.urls)]
    assert len(with_record) == 1
