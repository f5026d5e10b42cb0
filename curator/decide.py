"""``curator decide`` and ``curator history``: decisions from scripts and the shell."""

from __future__ import annotations

import argparse
import json
import sys

from curator.config import load_config
from curator.models import Analysis
from curator.store import DecisionStore, ReadOnlyStore
from curator.triage import PRIORITY_WORDS, Triage, store_key_for
from curator.workspace import resolve_workspace


def cmd_decide(args: argparse.Namespace) -> int:
    from curator.analysis import analyze

    root = resolve_workspace(args.workspace)
    cfg = load_config(root)
    store = DecisionStore.open(root, cfg.editor_name, session_lock=False)
    try:
        for p in store.problems:
            print(f"curator: {p}", file=sys.stderr)
        if store.readonly:
            print(f"curator: {store.readonly_reason or 'the decisions store is read-only'}", file=sys.stderr)
            return 2
        if args.action in ("undo", "redo"):
            ev = store.undo() if args.action == "undo" else store.redo()
            if ev is None:
                print(f"nothing to {args.action}")
                return 1
            print(f"saved: {args.action} {ev.get('key') or ''}".rstrip())
            return 0
        from curator.cache import IndexCache

        analysis = analyze(root, args.topic, args.since, args.until, cfg=cfg, cache=IndexCache(root))
        triage = Triage(analysis, store)
        row = triage.resolve(args.key)
        priority = PRIORITY_WORDS.get(args.priority, args.priority) if args.priority else None
        section = _section_label(args.section, analysis) if args.section else args.section
        if row is not None:
            key = triage.decision_key(row)
            title = row.title
            if section is None and args.action == "approve":
                section = row.section
        else:
            key = store_key_for(args.key)
            if key is None:
                print(f"curator: {args.key!r} is not an increment of this window, an arXiv ID or a URL", file=sys.stderr)
                return 2
            title = key
            print(f"curator: note: {key} is not among this window's increments; recorded anyway", file=sys.stderr)
        try:
            d = store.decide(key, args.action, section=section, priority=priority, note=args.note)
        except ReadOnlyStore as exc:
            print(f"curator: {exc}", file=sys.stderr)
            return 2
        where = f" → {d.section}" if d.section else ""
        print(f"saved: {args.action} {key} ({title[:60]}){where}")
        return 0
    finally:
        store.close()


def _section_label(section: str, analysis: Analysis) -> str:
    """``--section`` as the doc labels it: "4.3", "Section 4.3", "§ 4.3" → "§4.3"; a title
    ("data mixing") → its section's label when exactly one section has it; else as typed."""
    from curator.context import doc_index
    from curator.living_doc import canonical_section

    number = canonical_section(section)
    index = doc_index(analysis.living_doc).index
    unit = index.resolve(section) if number else index.resolve_title(section)
    if unit is not None:
        return unit.label
    if number:
        print(f"curator: note: {analysis.living_doc.path} has no section {number}; recorded anyway", file=sys.stderr)
        return number
    return section


def cmd_history(args: argparse.Namespace) -> int:
    root = resolve_workspace(args.workspace)
    cfg = load_config(root)
    store = DecisionStore.open(root, cfg.editor_name, readonly=True, session_lock=False)
    try:
        for p in store.problems:
            print(f"curator: {p}", file=sys.stderr)
        events = store.history()
        if args.json:
            json.dump(events, sys.stdout, ensure_ascii=False, indent=1)
            sys.stdout.write("\n")
            return 0
        if not events:
            print("no decisions yet")
        for ev in events:
            sec = f" {ev['section']}" if ev.get("section") else ""
            print(f"{ev.get('time', '')}  {ev.get('editor', '')}  {ev.get('action', '')}  {ev.get('key', '')}{sec}")
        return 0
    finally:
        store.close()
