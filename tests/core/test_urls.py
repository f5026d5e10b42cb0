"""Tests for curator.urls: links are cut where the author meant them to end, and one page
written several ways gets one key."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import salted_text

from curator.urls import find_urls, is_arxiv_url, normalize_url

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
RELAY = SHARED / "sample-relay"

needs_shared = pytest.mark.skipif(
    not SHARED.is_dir(), reason=f"shared fixtures not found at {SHARED} (expected beside the repo)"
)


def _read(path: Path) -> str:
    if not path.is_file():
        pytest.skip(f"fixture missing: {path}")
    return path.read_bytes().decode("utf-8-sig", errors="replace")


def _urls(text: str) -> list[str]:
    return [u for u, _, _ in find_urls(text)]


# --- normalize_url ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "https://www.lmsys.org/blog/x/",
        "https://lmsys.org/blog/x",
        "lmsys.org/blog/x",
        "http://LMSYS.org/blog/x#section",
        "https://www.lmsys.org:443/blog/x?utm_source=twitter&utm_medium=social",
        "https://lmsys.org/blog/x/?ref=newsletter&source=rss",
        "www.lmsys.org/blog/x",
        "  https://lmsys.org/blog/x\n",
    ],
)
def test_normalize_url_same_page(url: str) -> None:
    assert normalize_url(url) == "lmsys.org/blog/x"


def test_normalize_url_keeps_real_query_sorted_and_path_case() -> None:
    a = normalize_url("https://example.com/Search?q=kv&page=2&utm_campaign=x")
    b = normalize_url("example.com/Search/?page=2&q=kv")
    assert a == b == "example.com/Search?page=2&q=kv"
    assert normalize_url("https://example.com/search?q=kv") != a


@pytest.mark.parametrize(
    ("url", "key"),
    [
        ("https://www.example.com", "example.com"),
        ("https://www.example.com/", "example.com"),
        ("HTTPS://WWW.EXAMPLE.COM/A", "example.com/A"),
        ("http://user@example.com:80/a", "example.com/a"),
        ("https://example.com:8443/a", "example.com:8443/a"),
        ("https://example.com/a?x=1,2", normalize_url("https://example.com/a?x=1%2C2")),
        ("", ""),
    ],
)
def test_normalize_url_details(url: str, key: str) -> None:
    assert normalize_url(url) == key


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "https://evalsignal.substack.com/p/the-prompt-format-tax/?utm_source=x&utm_medium=email",
            "evalsignal.substack.com/p/the-prompt-format-tax",
        ),
        ("github.com/kestrel-ai/contam-board/", "https://github.com/kestrel-ai/contam-board"),
        (
            "https://github.com/volcengine/verl/releases/tag/v0.7.0",
            "github.com/volcengine/verl/releases/tag/v0.7.0/",
        ),
        ("https://a.org/%7Euser/caf%c3%a9", "https://a.org/~user/café"),  # one encoding per path
        ("https://a.org/x?q=a%20b", "https://a.org/x?q=a+b"),
        ("https://a.org/blog/./2026/../post", "https://a.org/blog/post"),
        ("https://bücher.example/x", "https://xn--bcher-kva.example/x"),  # IDNA
        ("https://a.org/x?UTM_Source=t&fbclid=1&gclid=2&spm=a.b&ref=hn", "https://a.org/x"),
        ("https://a.org/x?%75tm_source=t", "https://a.org/x"),
        ("https://a.org/x?b=2&a=1&b=1", "https://a.org/x?a=1&b=1&b=2"),
        ("https://a.org/x#frag", "https://a.org/x"),
        ("https://a.org./x", "https://a.org/x"),
    ],
)
def test_normalize_url_same_key(a: str, b: str) -> None:
    assert normalize_url(a) == normalize_url(b)


def test_normalize_url_key_shape() -> None:
    key = normalize_url(
        "https://evalsignal.substack.com/p/the-prompt-format-tax/?utm_source=x&utm_medium=email"
    )
    assert key == "evalsignal.substack.com/p/the-prompt-format-tax"
    assert (
        normalize_url("github.com/kestrel-ai/contam-board/") == "github.com/kestrel-ai/contam-board"
    )
    assert normalize_url("https://a.org/x?page=2&q=kv") == "a.org/x?page=2&q=kv"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "https://github.com/volcengine/verl/releases/tag/v0.7.0",
            "https://github.com/volcengine/verl/releases/tag/v0.6.0",
        ),
        ("https://a.org/Post", "https://a.org/post"),  # paths are case-sensitive
        ("https://a.org/x?id=1", "https://a.org/x?id=2"),
        ("https://a.org/x?q=1", "https://a.org/x"),
        ("https://a.org:8443/x", "https://a.org/x"),
        ("https://a.org/x%2Fy", "https://a.org/x/y"),  # an encoded '/' is not a separator
        ("https://www.com/x", "https://com/x"),  # "www." is only dropped before a domain
        # mid/idx/sn name the article on WeChat: not tracking parameters
        (
            "https://mp.weixin.qq.com/s?__biz=MzA3&mid=2650&idx=1&sn=aa11&chksm=x&scene=21",
            "https://mp.weixin.qq.com/s?__biz=MzA3&mid=2650&idx=2&sn=bb22&chksm=y&scene=21",
        ),
    ],
)
def test_normalize_url_different_pages(a: str, b: str) -> None:
    assert normalize_url(a) != normalize_url(b)


def test_normalize_url_wechat_keeps_article_identity() -> None:
    key = normalize_url(
        "https://mp.weixin.qq.com/s?__biz=MzA3&mid=2650&idx=1&sn=aa11&chksm=x&scene=21#wechat_redirect"
    )
    assert key == "mp.weixin.qq.com/s?__biz=MzA3&idx=1&mid=2650&sn=aa11"


def test_normalize_url_tracking_params_come_from_the_lexicon() -> None:
    from curator.lexicon import default_lexicon

    params = default_lexicon().literals("urls", "tracking_params")
    assert "utm_*" in params and "fbclid" in params
    for name in params:
        concrete = name.replace("*", "campaign")
        assert normalize_url(f"https://a.org/x?{concrete}=1&keep=1") == "a.org/x?keep=1", name


@pytest.mark.parametrize(
    "garbage",
    [
        "https://[::1/x",
        "http://a.org:99999/x?b=1",
        "http://a.org:abc/x",
        "https://a.org/\ud800?x=\udfff",
        "%zz%",
        "\x00\x08",
        "https://" + "a" * 300 + ".com/x",
        "https://a.org/x?" + "a=1&" * 3000,
        "zotero://select/items/1_ABC",
        "¡..",
        "0/%2%31",
        "0/;[/.",
    ],
)
def test_normalize_url_garbage_never_raises_and_is_stable(garbage: str) -> None:
    key = normalize_url(garbage)
    assert isinstance(key, str)
    assert normalize_url(key) == key


def test_normalize_url_without_host_gives_no_key() -> None:
    assert normalize_url("http:///x") == ""
    assert normalize_url("https://") == ""
    assert normalize_url("   ") == ""


def test_normalize_url_is_fast() -> None:
    urls = [
        f"https://www.example{i % 50}.com/p/post-{i}/?utm_source=x&b={i}&a=1" for i in range(2000)
    ]
    t0 = time.perf_counter()
    keys = [normalize_url(u) for u in urls]
    cold = time.perf_counter() - t0
    t0 = time.perf_counter()
    assert [normalize_url(u) for u in urls] == keys
    warm = time.perf_counter() - t0
    assert cold < 1.0, f"2,000 new URLs took {cold * 1000:.0f} ms"  # ~50 ms here; CI headroom
    assert warm < 0.1, f"2,000 known URLs took {warm * 1000:.0f} ms"  # memoised: ~1 ms


# --- find_urls --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "urls"),
    [
        ("URL:https://a.b/c,后面", ["https://a.b/c"]),
        (
            "- URL：https://deploybase.ai/articles/best-llm-inference-engine",
            ["https://deploybase.ai/articles/best-llm-inference-engine"],
        ),
        ("链接:https://www.lmsys.org/blog/x。下一句", ["https://www.lmsys.org/blog/x"]),
        ("Zetta ζ（https://arxiv.org/abs/2608.16590）：具身", ["https://arxiv.org/abs/2608.16590"]),
        ("DASH(https://arxiv.org/abs/2608.14333),x", ["https://arxiv.org/abs/2608.14333"]),
        ("[title](https://a.org/x) and <https://b.org/y>.", ["https://a.org/x", "https://b.org/y"]),
        ("[https://a.org/x](https://a.org/x)", ["https://a.org/x", "https://a.org/x"]),
        (
            "[w](https://en.wikipedia.org/wiki/Foo_(bar)), ok",
            ["https://en.wikipedia.org/wiki/Foo_(bar)"],
        ),
        (
            "|[[pdf]](https://arxiv.org/pdf/2403.20041.pdf)|⚠️|",
            ["https://arxiv.org/pdf/2403.20041.pdf"],
        ),
        ("**https://a.org/x**", ["https://a.org/x"]),
        ("'https://a.org/x'; \"https://b.org/y\"!", ["https://a.org/x", "https://b.org/y"]),
        ("see https://a.org/x?q=1,2&r=3.", ["https://a.org/x?q=1,2&r=3"]),
        ("vToken(arxiv.org/abs/2608.13263,8-17 锚入)", ["arxiv.org/abs/2608.13263"]),
        ("见lmsys.org/blog/x,再看 www.example.com 吧", ["lmsys.org/blog/x", "www.example.com"]),
        ("--base-url http://localhost:30000", ["http://localhost:30000"]),
        ("https://a.com/?next=www.b.com/x", ["https://a.com/?next=www.b.com/x"]),
        ("github.com/a/b/docs.io/c", ["github.com/a/b/docs.io/c"]),
        ("见 arxiv.org/abs/2611.12920。", ["arxiv.org/abs/2611.12920"]),
        (
            "风格控制blog.lmarena.ai/blog/2026/style-control-v3，很有用",
            ["blog.lmarena.ai/blog/2026/style-control-v3"],
        ),
        ("Muon（kellerjordan.github.io/posts/muon）", ["kellerjordan.github.io/posts/muon"]),
        ("zotero://select/items/1_ABCD and https://a.org/x", ["https://a.org/x"]),
        # a remark opened right after the link, never closed in it
        ("代码:https://github.com/a/sbpv(README 写着 coming soon)", ["https://github.com/a/sbpv"]),
        ("code: https://github.com/a/b(see README)", ["https://github.com/a/b"]),
        ("https://a.org/Foo_(x)_(y", ["https://a.org/Foo_(x)"]),
    ],
)
def test_find_urls(text: str, urls: list[str]) -> None:
    found = find_urls(text)
    assert [u for u, _, _ in found] == urls
    for url, start, end in found:
        assert text[start:end] == url


@pytest.mark.parametrize(
    "text",
    [
        "v0.6.1 and v1.2.3-rc1",
        "see inference.md and agilepruner.md",
        "docs/2026-03-01/agilepruner.md",
        "src/curator/arxiv.py and a.b.c",
        "Qwen/Qwen3-32B-FP8 sglang.bench_serving",
        "me@example.com/x and user@host.org",
        "https:// nothing and http://",
        "2608.14376 and 10.48550/arXiv.2608.14376",
        "zotero://select/library/items/ABCD1234",
        "[pdf](zotero://open-pdf/library/items/X9Y8Z7)",
    ],
)
def test_find_urls_ignores_non_links(text: str) -> None:
    assert find_urls(text) == []


# --- is_arxiv_url -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://arxiv.org/abs/2608.14376", True),
        ("arxiv.org/pdf/2608.14376v2", True),
        ("https://www.arxiv.org/pdf/2608.14376.pdf", True),
        ("http://export.arxiv.org/abs/2608.11668", True),
        ("https://ar5iv.labs.arxiv.org/html/2608.14376", True),
        ("https://ar5iv.org/abs/2608.14376", True),
        ("https://doi.org/10.48550/arXiv.2608.14333", True),
        ("10.48550/arXiv.2608.14376", True),
        ("https://huggingface.co/papers/2608.14376", True),
        ("https://www.alphaxiv.org/abs/2608.14333", True),
        ("https://doi.org/10.1145/3582016.3582018", False),
        ("https://huggingface.co/Qwen/Qwen3-32B", False),
        ("https://lmsys.org/blog/x", False),
        ("https://notarxiv.org/abs/2608.14376", False),
        ("", False),
    ],
)
def test_is_arxiv_url(url: str, expected: bool) -> None:
    assert is_arxiv_url(url) is expected


# --- shared fixtures --------------------------------------------------------------------------


@needs_shared
def test_relay_lmsys_blog_written_two_ways() -> None:
    jay = _urls(_read(RELAY / "inbox/jay/2026-08-20T1055-jay-engineering-filter.md"))
    spark = _urls(_read(RELAY / "inbox/spark/2026-08-20-llm-infra-e1prep.md"))
    assert "https://lmsys.org/blog/2026-08-17-advanced-cuda-graph/" in jay
    assert "https://www.lmsys.org/blog/2026-08-17-advanced-cuda-graph" in spark
    key = "lmsys.org/blog/2026-08-17-advanced-cuda-graph"
    assert key in {normalize_url(u) for u in jay}
    assert key in {normalize_url(u) for u in spark}


@needs_shared
def test_relay_fullwidth_colon_before_url() -> None:
    name = "inbox/jay/2026-08-20T1425-jay-csdn-inference-oom-benchmark-commands-highvalue.md"
    text = _read(RELAY / name)
    assert "URL:https://deploybase.ai/articles/best-llm-inference-engine" in text
    urls = _urls(text)
    assert "https://deploybase.ai/articles/best-llm-inference-engine" in urls
    assert "https://blog.csdn.net/sglang_cn/article/details/141633540" in urls
    assert "http://localhost:30000" in urls
    other = _urls(
        _read(RELAY / "inbox/jay/2026-08-20T1335-jay-inference-vecdb-harness-substack-aug20.md")
    )
    assert normalize_url("deploybase.ai/articles/best-llm-inference-engine") in {
        normalize_url(u) for u in other
    }


@needs_shared
def test_relay_notes_urls_are_clean() -> None:
    notes = sorted((RELAY / "inbox").rglob("*.md"))
    assert notes
    for path in notes:
        text = _read(path)
        for url, start, end in find_urls(text):
            assert text[start:end] == url
            assert url[-1] not in ".,;:!?)]>'\"，。；：）", (path.name, url)
            assert all(ord(c) < 128 for c in url), (path.name, url)


@needs_shared
def test_one_megabyte_scans_fast() -> None:
    path = SHARED / "real" / "Xnhyacinth__Awesome-LLM-Long-Context-Modeling" / "README.md"
    doc = _read(path)
    text = (doc * (1_000_000 // len(doc) + 1))[:1_000_000]
    find_urls(text)  # warm up
    best = min(_timed(text) for _ in range(3))
    assert best < 0.25, f"1 MB took {best * 1000:.0f} ms"  # ~50 ms here; CI headroom


def _timed(text: str) -> float:
    t0 = time.perf_counter()
    find_urls(text)
    return time.perf_counter() - t0


# --- properties -------------------------------------------------------------------------------

_PIECES = st.sampled_from(
    [
        "https://",
        "http://",
        "www.",
        "lmsys.org/",
        "blog",
        ".com/",
        "(",
        ")",
        "[t](",
        "<",
        ">",
        ",",
        "。",
        "：",
        "?utm_source=x&",
        "a=1",
        "#frag",
        "@",
        "[",
        "]",
        " ",
        "中文",
        "\x00",
        "\u200b",
    ]
)
_TEXT = salted_text(_PIECES)


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_property_find_urls_offsets(text: str) -> None:
    last_end = 0
    for url, start, end in find_urls(text):
        assert 0 <= last_end <= start < end <= len(text)
        assert text[start:end] == url
        last_end = end
        key = normalize_url(url)
        assert isinstance(key, str)
        assert normalize_url(key) == key


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_property_normalize_and_is_arxiv_never_raise(text: str) -> None:
    assert isinstance(normalize_url(text), str)
    assert isinstance(is_arxiv_url(text), bool)


_URLISH = st.lists(
    st.one_of(
        st.sampled_from(
            [
                "https://",
                "www.",
                "a.com",
                "/",
                "?",
                "&",
                "=",
                "#",
                "%",
                "%41",
                "%E4%B8%AD",
                "中",
                "@",
                ":",
                ":443",
                ":99999",
                "[",
                "]",
                ".",
                "..",
                ";",
                "\\",
                " ",
                "utm_source",
                "ü",
            ]
        ),
        st.text(max_size=2),
    ),
    max_size=20,
).map("".join)


@settings(max_examples=600, deadline=None)
@given(st.one_of(_TEXT, _URLISH))
def test_property_normalize_url_idempotent_on_anything(text: str) -> None:
    key = normalize_url(text)
    assert normalize_url(key) == key


@pytest.mark.parametrize(
    "url",
    [
        "https://us02web.zoom.us/j/83315529907?pwd=x",
        "https://maps.app.goo.gl/Xq7VhC2mR8pLkT3n9",
        "https://place.map.kakao.com/1827364",
        "https://t.co/qm3kzr8tfa",
        "https://bit.ly/3abcd",
        "https://discord.com/channels/1/2",
        "https://lab.atlassian.net/wiki/spaces/x/pages/1/notes",
        "https://colab.research.google.com/drive/1hX9",
        "https://meet.google.com/abc-defg-hij",
    ],
)
def test_a_teams_everyday_links_are_never_items(url: str) -> None:
    from curator.mentions import url_role

    assert url_role(url) == "ignore"


def test_a_site_label_beside_the_page_is_no_link_of_its_own() -> None:
    """Hacker News writes the site after the title: "(github.com/openai)" over github.com/openai/prm800k."""
    from curator.mentions import identities

    got = identities("4. PRM800K (2023) (github.com/openai)\n   github.com/openai/prm800k/\n")
    assert [normalize_url(u) for u in got.urls + got.aliases] == ["github.com/openai/prm800k"]


def test_a_doi_written_bare_is_its_address() -> None:
    got = [
        (u, normalize_url(u)) for u, _s, _e in find_urls("(doi:10.1126/SciRobotics.aau5872, 09-08)")
    ]
    assert got == [
        ("https://doi.org/10.1126/scirobotics.aau5872", "doi.org/10.1126/scirobotics.aau5872")
    ]
    assert (
        normalize_url("https://doi.org/10.1126/SciRobotics.aau5872")
        == "doi.org/10.1126/scirobotics.aau5872"
    )
    assert find_urls("arXiv's own DOI 10.48550/arXiv.2609.15033") == []  # an arXiv ID, read as such
    assert find_urls("version 10.2 of x/y") == []


def test_a_project_page_needs_no_path() -> None:
    assert [u for u, _s, _e in find_urls("UMI(umi-gripper.github.io)처럼")] == [
        "umi-gripper.github.io"
    ]
    assert find_urls("mail me at ann@foo.github.io") == []


@pytest.mark.parametrize(
    ("url", "role"),
    [
        ("https://links.tldrnewsletter.com/qk7ppr", "ignore"),  # a mailer's click redirect
        ("https://wandb.ai/srl/openvla2-ur5e", "ignore"),  # the team's own runs
        (
            "https://link.springer.com/article/10.1007/s11263-023-01234-5",
            "item",
        ),  # a real page under "link."
    ],
)
def test_redirects_and_team_tools(url: str, role: str) -> None:
    from curator.mentions import url_role

    assert url_role(url) == role


_STRIP_PIECES = salted_text(
    st.sampled_from(
        [
            "a",
            "b.",
            "x-y",
            "_",
            ".com/",
            ".io/",
            "/",
            "://",
            "http",
            "https://",
            "HTTP://",
            "www.",
            "WwW.",
            "2608.00001",
            "v2",
            "arXiv:",
            "ARXIV ",
            " ",
            "\t",
            "\n",
            "中文",
            ")",
            "é",
            "K",
        ]
    )
)


@settings(max_examples=600, deadline=None)
@given(_STRIP_PIECES)
def test_property_strip_links_is_its_alternation(text: str) -> None:
    """strip_links reads ``(?:https?://|www\\.)\\S+|\\b[\\w.-]+\\.(?:tlds)/\\S*|then`` linearly; the
    same replacements whatever shortcut it takes (a run read back from its slash, a text without
    a link skipping that branch)."""
    import re

    from curator.link_strip import strip_links

    tlds = ("com", "org", "io", "ai")
    then = re.compile(r"(?:arxiv[:\s]*)?\b\d{4}\.\d{4,5}(?:v\d+)?\b", re.IGNORECASE)
    bare = r"(?:https?://|www\.)\S+|\b[\w.-]+\.(?:com|org|io|ai)/\S*"
    assert strip_links(text, tlds) == re.sub(bare, " ", text, flags=re.IGNORECASE)
    assert strip_links(text, tlds, then) == re.sub(
        f"{bare}|(?:{then.pattern})", " ", text, flags=re.IGNORECASE
    )


@pytest.mark.parametrize(
    ("text", "url"),
    [
        ("2,github.com/acme/hopgraph/,keep,4.1", "github.com/acme/hopgraph/"),
        ("x,https://github.com/a/b,keep,3", "https://github.com/a/b"),
        ("a;https://e.org/x;y", "https://e.org/x"),
        ('x,"https://e.org/p?a=1,2",keep', "https://e.org/p?a=1,2"),  # a quoted cell keeps it
        (
            "see https://e.org/a,b/c ok",
            "https://e.org/a,b/c",
        ),  # not a cell: the comma is the link's
    ],
)
def test_a_link_in_a_separated_cell_ends_at_the_separator(text: str, url: str) -> None:
    assert [u for u, _s, _e in find_urls(text)] == [url]


def test_a_workspaces_own_link_words_are_used_even_after_the_packaged_ones() -> None:
    """A team whose curator.toml names its own tracking parameter and its own code host gets
    them, though links were normalised with the packaged words first (the UI, the tests and
    the demo read several workspaces in one process); and back, without them."""
    from curator.lexicon import use_lexicon_of
    from curator.repo_links import repo_root

    tracked = "https://blog.example.com/post?zqtrk=mail&id=7"
    page = "git.lab.example.org/team/repo/tree/main/docs"
    assert "zqtrk" in normalize_url(tracked)
    assert repo_root(page) is None
    try:
        use_lexicon_of(
            {"urls": {"tracking_params": ["zqtrk"], "code_hosts": ["git.lab.example.org"]}}
        )
        assert "zqtrk" not in normalize_url(tracked)
        assert "id=7" in normalize_url(tracked)
        assert repo_root(page) == "git.lab.example.org/team/repo"
    finally:
        use_lexicon_of({})
    assert "zqtrk" in normalize_url(tracked)
    assert repo_root(page) is None


@pytest.mark.parametrize(
    "url",
    [
        "https://youtu.be/Hn8wKp4cT0s?t=42",
        "https://youtu.be/Hn8wKp4cT0s?si=AbCdEf",
        "https://www.youtube.com/watch?v=Hn8wKp4cT0s&t=42s",
        "https://m.youtube.com/watch?v=Hn8wKp4cT0s",
        "https://www.youtube.com/watch?v=Hn8wKp4cT0s&list=PL1&index=2",
    ],
)
def test_a_video_is_one_page_however_it_is_linked(url: str) -> None:
    assert normalize_url(url) == "youtube.com/watch?v=Hn8wKp4cT0s"


def test_a_short_links_host_alone_and_other_videos_stay_apart() -> None:
    assert normalize_url("https://youtu.be/") == "youtu.be"
    assert normalize_url("https://youtu.be/Hn8wKp4cT0s") != normalize_url(
        "https://youtu.be/hn8wkp4ct0s"
    )
    assert normalize_url("https://www.youtube.com/watch?list=PL1") == "youtube.com/watch?list=PL1"


def test_a_link_a_markdown_export_escaped_is_read_whole_and_unescaped() -> None:
    from curator.urls import find_urls

    text = r"code: github.com/qdecoders/stim\-torch/ and https://example.org/a\_b\_c. Done\ here"
    assert [u for u, _s, _e in find_urls(text)] == [
        "github.com/qdecoders/stim-torch/",
        "https://example.org/a_b_c",
    ]
    # the span still covers the link as written, backslashes included
    assert [(s, e) for _u, s, e in find_urls(text)][0] == (6, 39)


def test_a_forum_members_profile_is_no_item() -> None:
    from curator.mentions import url_role

    assert url_role("https://qforum.example.ge/memberlist.php?mode=viewprofile&u=318") == "ignore"
    assert url_role("https://forum.example.org/viewtopic.php?t=4412") != "ignore"


@pytest.mark.parametrize(
    "url",
    [
        "https://papers.ssrn.com/sol3/papers.cfm?abstract_id=4951306",
        "https://papers.ssrn.com/sol3/papers.cfm?abstract_id=4951306&download=yes",
        "ssrn.com/abstract=4951306",
        "https://www.ssrn.com/abstract=4951306",
        "https://papers.ssrn.com/sol3/Delivery.cfm?abstractid=4951306",
    ],
)
def test_a_working_paper_is_one_page_at_each_of_its_addresses(url: str) -> None:
    assert normalize_url(url) == "papers.ssrn.com/sol3/papers.cfm?abstract_id=4951306"


def test_a_review_forum_and_its_pdf_are_one_page_and_other_papers_stay_apart() -> None:
    forum = "openreview.net/forum?id=rT7kQ2vXpN"
    assert normalize_url("https://openreview.net/pdf?id=rT7kQ2vXpN") == forum
    assert normalize_url("https://openreview.net/forum?id=rT7kQ2vXpN&noteId=x1") == forum
    assert normalize_url("https://openreview.net/forum?id=Other1") != forum
    assert normalize_url("ssrn.com/abstract=1") != normalize_url("ssrn.com/abstract=2")
