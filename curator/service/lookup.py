"""Is this arXiv ID or URL anchored, and where? (the lookup screen and ``curator lookup``).

The UI keeps one index per workspace for the whole session (:func:`shared_index`);
``curator lookup`` is a process of its own that asks once (:func:`lookup_once`) and must
cost no more than a ``grep``: nothing here may import the config, the workspace or the
analysis modules on a warm run (see :mod:`curator.lookup`).
"""

from __future__ import annotations

from collections.abc import Callable

from curator.lookup import (  # the one-shot lookup reuses the index's own steps
    LookupIndex,
    LookupResult,
    answer,
    lookup,
    parse_query,
    shared_index,
)
from curator.lookup_settings import Settings
from curator.persist import Miss
from curator.roots import resolve_workspace

__all__ = ["LookupResult", "format_text", "lookup", "lookup_once", "shared_index"]


def lookup_once(
    workspace: str | None, query: str, topic: str | None, *, say: Callable[[str], None]
) -> LookupResult:
    """``curator lookup``: the settings' problems first (to *say*), then the query, then the layout.

    Raises WorkspaceError (no workspace, a missing topic or folder) or ConfigError.
    """
    idx = LookupIndex(resolve_workspace(workspace))
    st = Settings.open(idx, None)
    for problem in [*idx.problems, *(st.cfg.problems if st.cfg is not None else ())]:
        say(problem)  # a link in .curator/, a refused path in curator.toml
    parsed = parse_query(query)
    if parsed is None:
        return LookupResult(query, None, False, kind="invalid")
    try:
        return answer(idx, st, query, parsed, topic, None, one_shot=True)
    except Miss:  # a shard that does not decode: the whole index is rebuilt
        idx.forget()
        return answer(idx, Settings.open(idx, None), query, parsed, topic, None, one_shot=True)


def _place(section: str, title: str) -> str:
    """A section once: a doc's heading usually carries its number ("§1.1 Engines", "2.2. Data"),
    which printed after the number read "§1.1 §1.1 Engines"."""
    if not section or title.startswith(section):
        return title or section
    bare = section.lstrip("§")
    if (
        bare
        and title.startswith(bare)
        and title[len(bare) : len(bare) + 1] in ("", " ", ".", ")", ":")
    ):
        return f"{section} {title[len(bare) :].lstrip(' .):')}".rstrip()
    return f"{section} {title}".rstrip()


def format_text(res: LookupResult) -> str:
    """The answer as ``curator lookup`` prints it and the lookup screen shows it."""
    if not res.valid:
        return f"{res.query!r} is not an arXiv ID or URL"
    lines = []
    what = (
        f"arXiv {res.id}" + (f" ({res.version} asked)" if res.version else "")
        if res.kind == "arxiv"
        else res.id
    )
    if res.anchored:
        places = ", ".join(
            f"{_place(a['section'], a['title'])} "
            f"({a['doc']}:{a['line']}{', ' + a['date'] + ' 锚入' if a.get('date') else ''})"
            for a in res.anchored
        )
        lines.append(f"{what} is anchored: {places}")
    else:
        lines.append(f"{what} is NOT anchored in this topic's living doc")
    for c in res.cited if not res.anchored else ():
        where = "records its removal" if c["where"] == "removed" else f"cites it in {c['where']}"
        lines.append(f"  the doc {where} ({c['doc']}:{c['line']}), not as an anchor")
    for a in res.anchored_other_topics:
        lines.append(f"  anchored in another topic: {a['doc']} {a['section']} (line {a['line']})")
    for c in res.paper_cards:
        lines.append(f"  paper card: {c['path']}" + (" (EMPTY)" if c["empty"] else ""))
    if not res.paper_cards and res.kind == "arxiv":
        lines.append("  paper card: none")
    inw = [n for n in res.notes if n["in_window"]]
    out = [n for n in res.notes if not n["in_window"]]
    for n in inw:
        lines.append(f"  in window: {n['path']} (line {', '.join(map(str, n['lines']))})")
    for n in out:
        lines.append(f"  earlier/later note: {n['path']}")
    for b in res.briefings:
        lines.append(f"  briefing: {b['path']}")
    for p in res.problems:
        lines.append(f"  problem: {p}")
    return "\n".join(lines)
