"""A package index's page of a repository the notes cite is that repository: one note gives the
code host's address, another the package page (``pip install x-y``), and the editor sees one
increment with both sources; a name two repositories share joins nothing."""

from __future__ import annotations

from pathlib import Path

from conftest import one_note_analysis

from curator.repo_links import package_name
from curator.urls import normalize_url

DOC = """# recsys living doc

## 1 Evaluation

### 1.1 Off-policy evaluation

- **Older estimator study** (2601.00001): inverse propensity scoring for slates.
"""

REPO_NOTE = (
    "Tools today\n\n"
    "1. Kestrel tagged v1.0 of their off-policy evaluation toolkit:"
    " github.com/Kestrel-Labs/offpolicy_rec\n"
)


def _name(url: str) -> str | None:
    return package_name(normalize_url(url))


def test_a_package_page_names_its_package_as_the_index_compares_names() -> None:
    assert _name("https://pypi.org/project/OffPolicy_Rec/") == "offpolicy-rec"
    assert _name("https://pypi.org/project/offpolicy.rec/1.0.0/") == "offpolicy-rec"
    assert _name("https://www.npmjs.com/package/left-pad") == "left-pad"
    assert _name("https://crates.io/crates/serde") == "serde"
    assert _name("https://offpolicy-rec.readthedocs.io/en/latest/") == "offpolicy-rec"
    assert _name("https://docs.rs/serde/1.0.0/serde/") == "serde"
    assert _name("https://readthedocs.io/projects/") is None
    assert _name("https://pypi.org/") is None
    assert _name("https://github.com/kestrel-labs/offpolicy-rec") is None


def _analysis(tmp_path: Path, other_note: str, repo_note: str = REPO_NOTE):  # type: ignore[no-untyped-def]
    other = tmp_path / "inbox" / "salma" / "2027-03-14T1247-chat.md"
    other.parent.mkdir(parents=True)
    other.write_text(other_note, encoding="utf-8")
    return one_note_analysis(
        tmp_path,
        "recsys",
        DOC,
        "inbox/lachlan/2027-03-14T0520-late.md",
        repo_note,
        "2027-03-14T00:00:00+00:00",
    )


def _with(got, word: str) -> list:  # type: ignore[no-untyped-def]
    return [i for i in got.increments if any(word in u for u in i.urls)]


def test_a_package_page_in_a_chat_line_joins_the_repository(tmp_path: Path) -> None:
    chat = (
        "[14/03/2027 12:47] Salma B.\n"
        "Kestrel published v1.0: `pip install offpolicy-rec==1.0.0`\n"
        "https://pypi.org/project/offpolicy-rec/\n"
    )
    got = _analysis(tmp_path, chat)
    assert len(_with(got, "pypi.org")) == 1
    assert _with(got, "pypi.org") == _with(got, "github.com")
    assert {s.path.split("/")[1] for s in _with(got, "pypi.org")[0].sources} == {
        "lachlan",
        "salma",
    }


def test_a_package_page_as_an_item_joins_the_repository(tmp_path: Path) -> None:
    items = (
        "Links\n\n1. The off-policy toolkit on the index: https://pypi.org/project/offpolicy-rec/\n"
    )
    got = _analysis(tmp_path, items)
    assert _with(got, "pypi.org") == _with(got, "github.com")
    assert len(_with(got, "pypi.org")) == 1


def test_a_name_two_repositories_share_joins_neither(tmp_path: Path) -> None:
    repos = REPO_NOTE + "2. A fork with other estimators: github.com/someone-else/offpolicy-rec\n"
    items = (
        "Links\n\n1. The off-policy toolkit on the index: https://pypi.org/project/offpolicy-rec/\n"
    )
    got = _analysis(tmp_path, items, repos)
    pypi = _with(got, "pypi.org")
    assert len(pypi) == 1
    assert not any("github.com" in u for u in pypi[0].urls)


CHAT_REPO = (
    "## Tools\n\n"
    "- **offpolicy-rec** — github.com/Kestrel-Labs/offpolicy_rec — tried it with Open Bandit"
    " (github.com/st-tech/zr-obp/releases/tag/v0.5.7) overnight, works.\n"
)
"""A repository named in passing: its line names two projects, so it is no item of its own."""


def test_a_repository_named_in_passing_joins_the_item_citing_its_documentation(
    tmp_path: Path,
) -> None:
    docs = "Links\n\n1. Off-policy toolkit docs (v1.0): https://offpolicy-rec.readthedocs.io/en/latest/\n"
    got = _analysis(tmp_path, CHAT_REPO, docs)
    joined = _with(got, "readthedocs")
    assert len(joined) == 1
    assert joined == _with(got, "Kestrel-Labs")  # found by either address
    assert {s.path.split("/")[1] for s in joined[0].sources} == {"lachlan", "salma"}


def test_a_repository_named_in_passing_joins_the_item_citing_its_release(tmp_path: Path) -> None:
    release = (
        "Links\n\n1. **Offpolicy-rec v1.0** is out:"
        " https://github.com/Kestrel-Labs/offpolicy_rec/releases/tag/v1.0\n"
    )
    got = _analysis(tmp_path, CHAT_REPO, release)
    joined = _with(got, "offpolicy_rec/releases")
    assert len(joined) == 1
    assert joined == [
        i for i in got.increments if "github.com/Kestrel-Labs/offpolicy_rec" in i.urls
    ]
    assert {s.path.split("/")[1] for s in joined[0].sources} == {"lachlan", "salma"}
