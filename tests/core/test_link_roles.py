"""Which links are things of their own: a mailing-list archive or a bug-bounty report is the
discussion of a thing, a vulnerability record the record of an advisory an entry names."""

from __future__ import annotations

from curator.mentions import url_role


def test_discussions_and_records_are_no_items_of_their_own() -> None:
    assert url_role("https://www.openwall.com/lists/oss-security/2027/11/07/1") == "thread"
    assert url_role("https://hackerone.com/reports/2719043") == "thread"
    assert url_role("https://nvd.nist.gov/vuln/detail/CVE-2027-48213") == "alias"
    assert url_role("https://scixplorer.org/abs/2027arXiv271104218H/abstract") == "alias"
    assert url_role("https://toolchainsec.substack.com/p/mcp-servers") == "item"


def test_a_chat_rooms_link_is_no_item() -> None:
    assert url_role("https://chat.google.com/room/AAAAq9f2xkQ?cls=7") == "ignore"
    assert url_role("https://teams.microsoft.com/l/channel/19%3a1234/General") == "ignore"


def test_a_programs_untriaged_keyword_scan_says_it_is_a_programs() -> None:
    from curator.lexicon import packaged_lexicon

    phrases = packaged_lexicon().phrases("notes", "machine_phrases")
    for head in (
        "-- mt-radar nightly keyword scan",
        "-- rows are NOT triaged: somebody has to read them",
        "Untriaged hits below.",
    ):
        assert next(phrases.finditer(head), None) is not None, head
    assert next(phrases.finditer("We scanned the keywords of the abstract."), None) is None
