#!/usr/bin/env python3
"""A second workspace generator for the scale benchmark (issue 14), of a different shape than make_workspace.py.

Usage::

    python benchmarks/make_corpus.py --notes N --seed S OUT

Why a second generator: make_workspace.py's corpus has a rich title vocabulary and few sections, so
costs that grow with sections × increments, or overlap candidates found only through globally rare
terms, never show there. This corpus is deliberately plain and repetitive:

- N notes by 20 authors over 90 days, 5 items each, written as headings, numbered lists, tables or link
  bullets, with arXiv IDs in every form (``arXiv:2611.05823``, ``2611.05823v2``, abs/pdf URLs,
  ``[2611.05823]``);
- every title drawn from one ~120-word vocabulary, so no title word is rare;
- 10 % of items re-report an earlier paper under a reworded title (same ID: planted duplicates),
  10 % mention a paper the living doc already anchors;
- up to 300 pairs of near-twin titles (all words but one shared, different IDs): overlaps, never merges;
- N×2.5 paper cards and one living doc of N/7 numbered sections (some ``§1.2``, some ``1.2``)
  anchoring N×2.5 papers;
- ``curator.toml`` pins the window to the whole 90 days; the last 24 hours are the "evening".

``ground_truth.json`` lists every item, the planted duplicate sets, the near-twin pairs and every
anchored ID with its section. Output (bytes and modification times) depends only on (N, seed).
Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

CORPUS_VERSION = 1
TZ = timezone(timedelta(hours=8))
UNTIL = datetime(2026, 11, 20, 22, 0, tzinfo=TZ)
DAYS = 90
SINCE = UNTIL - timedelta(days=DAYS, hours=1)
EVENING_SINCE = UNTIL - timedelta(hours=24)
TOPIC = "inference"
ITEMS_PER_NOTE = 5
P_REREPORT = 0.10
P_ANCHORED = 0.10
MAX_TWIN_PAIRS = 300
CARDS_PER_NOTE = 2.5
ANCHORS_PER_NOTE = 2.5
NOTES_PER_SECTION = 7
OWNED = ("inbox", "paper_cards", "organized", "curator.toml", "ground_truth.json", ".curator")

AUTHORS = (
    "ada bram cleo dmitri esme farid gwen hiro ines jonas kaito lena milo nadia oren "
    "priya quinn rosa sven tala"
).split()

VOCAB = """
adaptive elastic sparse dense hierarchical disaggregated speculative quantized tiered paged streaming
pipelined distributed asynchronous deterministic lossless compressed cached fused partitioned balanced
predictive learned dynamic static hybrid unified scalable efficient robust lightweight parallel
incremental layered global multi-tenant serverless attention cache prefix decoding prefill kernel
batching scheduling routing offloading eviction compression quantization sharding replication pruning
distillation verification drafting sampling retrieval embedding tokenizer context memory bandwidth
latency throughput goodput energy placement migration preemption admission allocation fragmentation
reuse sharing transfer communication collective expert mixture adapter lora tensor pipeline sequence
token vocabulary logits activation weight graph compiler runtime engine serving inference cluster gpu
accelerator flash hbm cxl nvlink rdma queue request session agent workload trace benchmark simulator
autoscaling fairness reliability checkpoint snapshot speculation window horizon
""".split()
"""The whole title vocabulary (~120 words): every title is drawn from it, so no title word is rare."""

SYNONYMS = {
    "efficient": "fast",
    "scalable": "large-scale",
    "lightweight": "low-overhead",
    "robust": "resilient",
    "unified": "single",
    "dynamic": "online",
    "hybrid": "mixed",
    "compressed": "compact",
    "distributed": "multi-node",
    "parallel": "concurrent",
}
NAME_HEADS = "Arc Bolt Cirr Dune Ember Fern Glim Hale Iona Jett Kova Lumo Mira Nox Opal Pyre Quor Rune Sol Tarn".split()
NAME_TAILS = "Serve KV Spec Flow Sched Cache Route Shard Pipe Fuse Tok Mem Attn Batch Gate Pool Lane Ring Stream Draft".split()
NAME_MARKS = ["", "", "", "-2", "++", "-X", "v2", "-Lite"]
GPUS = ["H100", "H200", "B200", "A100", "MI300X", "L40S"]
MODELS = ["Llama-3.1 8B", "Llama-3.1 70B", "Qwen3-32B", "DeepSeek-V3", "Mixtral 8x22B", "GLM-4.6"]
STYLES = ("headings", "numbered", "table", "links")


@dataclass
class Paper:
    """One paper: its ID, canonical title and (for anchored papers) the doc's name for it and section."""

    arxiv: str
    title: str
    name: str
    words: list[str]
    section: str | None = None


@dataclass
class Item:
    """One item of one note as written (the ref ground truth keeps)."""

    path: str
    label: str
    arxiv: str
    title: str
    kind: str  # fresh | rereport | anchored | twin
    form: str


@dataclass
class Note:
    """One note before it is rendered."""

    author: str
    when: datetime
    dated_by_name: bool
    path: str = ""
    style: str = "headings"
    items: list[Item] = field(default_factory=list)


class Gen:
    """The generator's state: one seeded RNG, every ID handed out once."""

    def __init__(self, notes: int, seed: int) -> None:
        self.n = notes
        self.seed = seed
        self.rng = random.Random(f"make_corpus/{CORPUS_VERSION}/{notes}/{seed}")
        self.used_ids: set[str] = set()
        self.used_titles: set[str] = set()

    # ------------------------------------------------------------------ names and titles

    def new_id(self) -> str:
        """A fresh arXiv ID (YYMM.NNNNN) never handed out before."""
        r = self.rng
        while True:
            yy = r.choice((25, 26))
            mm = r.randint(1, 11 if yy == 26 else 12)
            aid = f"{yy:02d}{mm:02d}.{r.randint(1, 29999):05d}"
            if aid not in self.used_ids:
                self.used_ids.add(aid)
                return aid

    def name(self) -> str:
        r = self.rng
        return r.choice(NAME_HEADS) + r.choice(NAME_TAILS) + r.choice(NAME_MARKS)

    def words(self, k: int) -> list[str]:
        return self.rng.sample(VOCAB, k)

    @staticmethod
    def render_title(name: str, words: list[str]) -> str:
        """``Name: W1 W2 W3 W4 for W5 W6`` (name optional), title-cased."""
        cut = max(2, len(words) - 2)
        body = (
            " ".join(w.capitalize() for w in words[:cut])
            + " for "
            + " ".join(w.capitalize() for w in words[cut:])
        )
        return f"{name}: {body}" if name else body

    def unique_title(self, k: int, with_name: bool) -> tuple[str, str, list[str]]:
        while True:
            name = self.name() if with_name else ""
            words = self.words(k)
            title = self.render_title(name, words)
            key = " ".join(sorted(words))
            if key not in self.used_titles:
                self.used_titles.add(key)
                return title, name, words

    def paper(self) -> Paper:
        with_name = self.rng.random() < 0.6
        title, name, words = self.unique_title(self.rng.randint(5, 7), with_name)
        return Paper(self.new_id(), title, name, words)

    def reword(self, p: Paper) -> str:
        """The same paper under another wording (a colleague's re-report)."""
        r = self.rng
        words = list(p.words)
        how = r.randrange(4)
        if how == 0:  # order changed, name kept
            r.shuffle(words)
            return self.render_title(p.name, words)
        if how == 1:  # a synonym, name dropped
            i = r.randrange(len(words))
            words[i] = SYNONYMS.get(words[i], words[i])
            return self.render_title("", words) if p.name else self.render_title("", words[::-1])
        if how == 2:  # lower case, "revisited"
            return (f"{p.name} revisited — " if p.name else "revisited: ") + " ".join(words)
        return f"{p.name or words[0].capitalize()} ({' '.join(words[:4])})"

    def twin(self, p: Paper) -> Paper:
        """A different paper whose title shares all words but one with *p*'s."""
        while True:
            words = list(p.words)
            i = self.rng.randrange(len(words))
            words[i] = self.rng.choice([w for w in VOCAB if w not in words])
            key = " ".join(sorted(words))
            if key not in self.used_titles:
                self.used_titles.add(key)
                break
        name = self.name() if p.name else ""
        return Paper(self.new_id(), self.render_title(name, words), name, words)

    def point(self) -> str:
        r = self.rng
        a, b = r.sample(VOCAB, 2)
        return r.choice(
            (
                f"{a} {b} throughput +{r.randint(5, 300)}% over the baseline on {r.choice(GPUS)}",
                f"cuts {a} latency by {r.randint(11, 49) / 10:.1f}x for {b} workloads",
                f"evaluated on {r.choice(MODELS)} with {a} {b}; p99 {r.randint(20, 900)} ms",
                f"caveat: only {a} {b} traces, numbers need the PDF",
                f"code released; {a} {b} module is {r.randint(2, 40)}k lines",
            )
        )

    # ------------------------------------------------------------------ ID forms

    def id_form(self, aid: str, style: str) -> tuple[str, str]:
        """(form name, text) for one mention of *aid*: every way people write an arXiv ID."""
        r = self.rng
        v = r.randint(1, 3)
        if style == "links":
            form = r.choice(("abs", "pdf", "pdfv"))
        else:
            form = r.choice(("prefix", "version", "abs", "pdf", "bracket", "bare"))
        text = {
            "prefix": f"arXiv:{aid}",
            "version": f"{aid}v{v}",
            "abs": f"https://arxiv.org/abs/{aid}",
            "pdf": f"https://arxiv.org/pdf/{aid}",
            "pdfv": f"https://arxiv.org/pdf/{aid}v{v}.pdf",
            "bracket": f"[{aid}]",
            "bare": aid,
        }[form]
        return form, text


# ---------------------------------------------------------------------- the living doc


def build_doc(g: Gen, anchored: list[Paper]) -> tuple[str, int]:
    """The living doc: N/7 numbered sections (top-level areas and subsections), anchors spread over them."""
    r = g.rng
    n_sections = max(2, g.n // NOTES_PER_SECTION)
    n_top = max(1, round((n_sections / 2) ** 0.5))
    n_sub = max(1, n_sections - n_top)
    subs_per_top = [n_sub // n_top + (1 if i < n_sub % n_top else 0) for i in range(n_top)]
    numbers: list[tuple[int, int]] = [
        (t + 1, s + 1) for t in range(n_top) for s in range(subs_per_top[t])
    ]
    per_section: dict[tuple[int, int], list[Paper]] = {k: [] for k in numbers}
    for i, p in enumerate(anchored):
        k = numbers[i % len(numbers)] if i < len(numbers) else r.choice(numbers)
        per_section[k].append(p)
        p.section = f"§{k[0]}.{k[1]}"
    lines = [
        f"# {TOPIC} living doc · 2026-11-20",
        "",
        f"> Topic: {TOPIC}. Every entry gives its arXiv ID and the date it was anchored.",
        "",
    ]
    for t in range(n_top):
        top_words = g.words(2)
        sect = r.random() < 0.6
        lines += [
            f"## {'§' if sect else ''}{t + 1} {' '.join(w.capitalize() for w in top_words)}",
            "",
        ]
        for s in range(subs_per_top[t]):
            sw = g.words(r.randint(2, 4))
            mark = "§" if r.random() < 0.6 else ""
            lines += [
                f"### {mark}{t + 1}.{s + 1} {' '.join(w.capitalize() for w in sw)}",
                "",
                f"Covers {' '.join(sw)} and related {r.choice(VOCAB)} work.",
                "",
            ]
            for p in per_section[(t + 1, s + 1)]:
                _form, text = g.id_form(p.arxiv, "doc")
                d = UNTIL - timedelta(days=DAYS + r.randint(1, 200))
                label = p.name or " ".join(w.capitalize() for w in p.words[:3])
                lines.append(
                    f"- **{label}** ({text}, {d.month}-{d.day:02d} anchored): "
                    f"{' '.join(p.words)}; {g.point()}."
                )
            lines.append("")
    return "\n".join(lines) + "\n", n_top + len(numbers)


# ---------------------------------------------------------------------- notes


def plan_notes(g: Gen) -> list[Note]:
    """N notes by 20 authors over 90 days; the last one inside the evening so the evening is never empty."""
    r = g.rng
    span = (UNTIL - SINCE).total_seconds() - 3600
    notes = []
    for i in range(g.n):
        offset = span - 3600 if i == g.n - 1 else r.uniform(0, span)
        when = (SINCE + timedelta(seconds=offset)).replace(second=0, microsecond=0)
        notes.append(
            Note(
                AUTHORS[i % len(AUTHORS)] if i < len(AUTHORS) else r.choice(AUTHORS),
                when,
                dated_by_name=r.random() < 0.85,
                style=r.choice(STYLES),
            )
        )
    notes.sort(key=lambda n: (n.when, n.author))
    seen: set[str] = set()
    for i, n in enumerate(notes):
        slug = f"{n.author}-{'-'.join(g.words(2))}-{i:05d}"
        stamp = n.when.strftime("%Y-%m-%dT%H%M") if n.dated_by_name else n.when.strftime("%Y-%m-%d")
        n.path = f"inbox/{n.author}/{stamp}-{slug}.md"
        assert n.path not in seen
        seen.add(n.path)
    return notes


def fill_items(
    g: Gen, notes: list[Note], anchored: list[Paper]
) -> tuple[list[Paper], list[tuple[str, str]]]:
    """Decide what each item slot holds; returns the note papers and the near-twin pairs."""
    r = g.rng
    total = len(notes) * ITEMS_PER_NOTE
    n_rere = round(total * P_REREPORT)
    n_anch = round(total * P_ANCHORED)
    pairs = min(MAX_TWIN_PAIRS, (total - n_rere - n_anch) // 4)
    kinds = ["rereport"] * n_rere + ["anchored"] * n_anch + ["twin"] * (2 * pairs)
    kinds += ["fresh"] * (total - len(kinds))
    r.shuffle(kinds)
    twin_papers: list[Paper] = []
    twin_pairs: list[tuple[str, str]] = []
    for _ in range(pairs):
        a = g.paper()
        b = g.twin(a)
        twin_papers += [a, b]
        twin_pairs.append((a.arxiv, b.arxiv))
    r.shuffle(twin_papers)
    papers: list[Paper] = []
    earlier: list[Paper] = []  # papers of earlier notes, re-reportable
    slot = 0
    for note in notes:
        here: set[str] = set()
        mine: list[Paper] = []
        for j in range(ITEMS_PER_NOTE):
            kind = kinds[slot]
            slot += 1
            p: Paper | None = None
            if kind == "rereport" and earlier:
                for _ in range(8):
                    cand = r.choice(earlier)
                    if cand.arxiv not in here:
                        p, title = cand, g.reword(cand)
                        break
            elif kind == "anchored":
                for _ in range(8):
                    cand = r.choice(anchored)
                    if cand.arxiv not in here:
                        p, title = cand, g.reword(cand)
                        break
            elif kind == "twin" and twin_papers:
                p = twin_papers.pop()
                title = p.title
            if p is None:  # a fresh paper (also when a re-report found nothing earlier)
                kind = "fresh"
                p = g.paper()
                title = p.title
            if kind in ("fresh", "twin"):
                papers.append(p)
                mine.append(p)
            here.add(p.arxiv)
            form, _text = g.id_form(p.arxiv, note.style)
            note.items.append(Item(note.path, f"#{j + 1}", p.arxiv, title, kind, form))
        earlier.extend(mine)
    return papers, twin_pairs


def render_note(g: Gen, note: Note) -> str:
    """One note in its style; the item's ID is written in the form fill_items chose."""
    r = g.rng
    day = note.when.strftime("%Y-%m-%d")
    head = [f"# {note.author} · reading notes · {day}", ""]
    if not note.dated_by_name:
        head += [
            f"{note.author} · {day} {note.when.strftime('%H:%M')} · {r.choice(('morning scan', 'evening pass', 'feeds'))}",
            "",
        ]
    else:
        head += [
            f"Scanned {r.choice(('feeds', 'arXiv listings', 'the reading group queue'))}; five worth a look.",
            "",
        ]
    out = head
    if note.style == "table":
        out += ["| # | Paper | ID | Takeaway |", "|---|---|---|---|"]
    for n, it in enumerate(note.items, 1):
        text = _id_text(it)
        p1, p2 = g.point(), g.point()
        if note.style == "headings":
            if r.random() < 0.5:
                out += [f"## {n}. {it.title} ({text})", "", f"- {p1}", f"- {p2}", ""]
            else:
                out += [f"## {n}. {it.title}", "", f"Paper: {text}", "", f"- {p1}", f"- {p2}", ""]
        elif note.style == "numbered":
            out += [f"{n}. **{it.title}** — {text}", f"   - {p1}", f"   - {p2}", ""]
        elif note.style == "table":
            out.append(f"| {n} | {it.title} | {text} | {p1}; {p2} |")
        else:
            out += [f"- [{it.title}]({text}) — {p1}", f"  - {p2}"]
    out += ["", f"Next: {' '.join(g.words(3))}.", ""]
    return "\n".join(out)


def _id_text(it: Item) -> str:
    aid = it.arxiv
    v = 1 + (sum(map(ord, it.path + it.label)) % 3)  # deterministic, no RNG draw
    return {
        "prefix": f"arXiv:{aid}",
        "version": f"{aid}v{v}",
        "abs": f"https://arxiv.org/abs/{aid}",
        "pdf": f"https://arxiv.org/pdf/{aid}",
        "pdfv": f"https://arxiv.org/pdf/{aid}v{v}.pdf",
        "bracket": f"[{aid}]",
        "bare": aid,
    }[it.form]


def render_card(g: Gen, number: int, p: Paper, when: datetime) -> tuple[str, str]:
    yymm, num = p.arxiv.split(".")
    name = f"paper_cards/{number:04d}-{yymm}-{num}.md"
    r = g.rng
    text = "\n".join(
        [
            f"# {p.title}",
            "",
            f"- arXiv: {p.arxiv}",
            f"- category: {TOPIC}",
            f"- tags: {', '.join(p.words[:3])}",
            f"- date: {when.strftime('%Y-%m-%d')}",
            f"- card by: {r.choice(AUTHORS)}",
            "",
            "## One line",
            "",
            f"{' '.join(p.words)}.",
            "",
            "## Points",
            "",
            f"- {g.point()}",
            f"- {g.point()}",
            "",
        ]
    )
    return name, text


# ---------------------------------------------------------------------- generate


def generate(out: Path, notes: int, seed: int) -> dict[str, Any]:
    """Write the corpus into *out* (its owned parts replaced) and return a summary."""
    if notes < 1:
        raise ValueError("--notes must be at least 1")
    t0 = time.perf_counter()
    out.mkdir(parents=True, exist_ok=True)
    for name in OWNED:
        p = out / name
        if p.is_dir() and not p.is_symlink():
            shutil.rmtree(p)
        elif p.exists() or p.is_symlink():
            p.unlink()
    g = Gen(notes, seed)
    anchored = [g.paper() for _ in range(round(notes * ANCHORS_PER_NOTE))]
    doc, n_sections = build_doc(g, anchored)
    plan = plan_notes(g)
    note_papers, twin_pairs = fill_items(g, plan, anchored)

    files: dict[str, tuple[str, float]] = {}  # path → (text, mtime)
    doc_time = (SINCE - timedelta(days=1)).timestamp()
    files[f"organized/knowledge/{TOPIC}.md"] = (doc, doc_time)
    files["curator.toml"] = (
        f'topic = "{TOPIC}"\neditor = "{AUTHORS[0]}"\ntimezone = "Asia/Shanghai"\n'
        "# the whole 90 days: scale.py's whole-corpus figures; it passes --since/--until for the evening\n"
        f'since = "{SINCE.isoformat()}"\nuntil = "{UNTIL.isoformat()}"\n',
        doc_time,
    )
    for n in plan:
        files[n.path] = (render_note(g, n), n.when.timestamp())
    # cards: half for anchored papers (older), half for papers of the notes (dated like their first note)
    first_seen: dict[str, datetime] = {}
    for n in plan:
        for it in n.items:
            first_seen.setdefault(it.arxiv, n.when)
    n_cards = round(notes * CARDS_PER_NOTE)
    pool_a = g.rng.sample(anchored, min(len(anchored), n_cards // 2))
    pool_n = g.rng.sample(note_papers, min(len(note_papers), n_cards - len(pool_a)))
    dated = [(SINCE - timedelta(days=g.rng.randint(1, 120)), p) for p in pool_a]
    dated += [(first_seen[p.arxiv], p) for p in pool_n]
    dated.sort(key=lambda x: (x[0], x[1].arxiv))
    for i, (when, p) in enumerate(dated, 1):
        name, text = render_card(g, i, p, when)
        files[name] = (text, when.timestamp())

    total_bytes = 0
    for rel, (text, mtime) in files.items():
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        data = text.encode("utf-8")
        path.write_bytes(data)
        os.utime(path, (mtime, mtime))
        total_bytes += len(data)

    items = [it for n in plan for it in n.items]
    by_id: dict[str, list[Item]] = {}
    for it in items:
        by_id.setdefault(it.arxiv, []).append(it)
    duplicates = [
        {
            "ids": [aid],
            "refs": [{"path": it.path, "label": it.label, "title": it.title} for it in its],
        }
        for aid, its in sorted(by_id.items())
        if len(its) > 1
    ]
    evening = [n for n in plan if n.when >= EVENING_SINCE]
    gt = {
        "generator": "make_corpus",
        "version": CORPUS_VERSION,
        "notes_requested": notes,
        "seed": seed,
        "topic": TOPIC,
        "window": {"since": SINCE.isoformat(), "until": UNTIL.isoformat()},
        "evening": {
            "since": EVENING_SINCE.isoformat(),
            "until": UNTIL.isoformat(),
            "notes": len(evening),
            "ids": sorted({it.arxiv for n in evening for it in n.items}),
        },
        "counts": {
            "notes": len(plan),
            "items": len(items),
            "distinct_ids": len(by_id),
            "cards": len(dated),
            "sections": n_sections,
            "anchored": len(anchored),
            "duplicate_sets": len(duplicates),
            "near_twin_pairs": len(twin_pairs),
            "kinds": {
                k: sum(1 for it in items if it.kind == k)
                for k in ("fresh", "rereport", "anchored", "twin")
            },
            "files": len(files),
            "bytes": total_bytes,
        },
        "duplicates": duplicates,
        "near_twins": [list(p) for p in twin_pairs],
        "anchored": {p.arxiv: p.section for p in anchored},
        "anchored_in_notes": sorted({it.arxiv for it in items if it.kind == "anchored"}),
        "items": [
            {
                "path": it.path,
                "label": it.label,
                "arxiv": it.arxiv,
                "title": it.title,
                "kind": it.kind,
                "form": it.form,
            }
            for it in items
        ],
    }
    (out / "ground_truth.json").write_text(
        json.dumps(gt, ensure_ascii=False, indent=0) + "\n", encoding="utf-8"
    )
    os.utime(out / "ground_truth.json", (doc_time, doc_time))
    return {
        "files": len(files),
        "bytes": total_bytes,
        "seconds": time.perf_counter() - t0,
        "counts": gt["counts"],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--notes", type=int, required=True, help="number of notes (N)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("out", type=Path)
    args = ap.parse_args(argv)
    s = generate(args.out, args.notes, args.seed)
    c = s["counts"]
    print(
        f"{args.out}: {c['notes']} notes, {c['items']} items ({c['distinct_ids']} IDs), {c['cards']} cards, "
        f"{c['sections']} sections, {c['anchored']} anchored, {c['duplicate_sets']} duplicate sets, "
        f"{c['near_twin_pairs']} near-twin pairs; {s['files']} files, {s['bytes']:,} bytes in {s['seconds']:.1f} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
