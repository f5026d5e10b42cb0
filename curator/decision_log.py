"""Decisions as a log of events: the state they add up to, and the event each change makes.

No files here (``curator.store`` reads and writes them): a :class:`DecisionLog` replays
events into the current state of every key, the "not a duplicate" pairs and the undo/redo
stacks, and builds the body of the next event from that state. Every event carries the
before/after state of each key (and pair) it touched, so undo and redo are events too and
work after a restart for every kind of change, a bulk action of many keys included.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from curator.journal import REDO, UNDO
from curator.priority import MARKERS

ACTIONS = ("approve", "reject", "defer")
PRIORITIES = MARKERS
TIERS = ("main", "adjacent")
"""Where an approved increment sits in the briefing; a key without one takes the default rule."""
EDITABLE = ("title", "points", "caveats", "note")
BULK = "bulk"
STATE_FIELDS = (
    "key",
    "action",
    "section",
    "priority",
    "tier",
    "title",
    "points",
    "caveats",
    "note",
    "merged_into",
    "merges",
    "editor",
    "time",
    "seq",
)
_ENTRY_FIELDS = tuple(
    name
    for name in STATE_FIELDS
    if name not in ("key", "action", "merges", "editor", "time", "seq")
)
"""The state fields a history entry copies as they are (``action`` is its ``verdict``)."""

Body = dict[str, Any]
"""An event without its seq, editor and time (the store adds those when it commits)."""


@dataclass
class Decision:
    """The current state of one increment: the latest verdict plus edits and merges.

    ``action`` is None when the key only carries edits, a section, a priority, a tier
    or a merge but no verdict yet. ``tier`` is None until the editor chooses one
    (states written before tiers existed have none).
    """

    key: str
    action: str | None = None
    section: str | None = None
    priority: str | None = None
    tier: str | None = None
    title: str | None = None
    points: list[str] | None = None
    caveats: list[str] | None = None
    note: str | None = None
    merged_into: str | None = None
    merges: list[str] = field(default_factory=list)
    editor: str | None = None
    time: str | None = None
    seq: int = 0

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Decision:
        """Build from a stored state dict, copying lists so callers cannot alter the store."""
        points = data.get("points")
        caveats = data.get("caveats")
        return cls(
            key=data["key"],
            action=data.get("action"),
            section=data.get("section"),
            priority=data.get("priority"),
            tier=data.get("tier"),
            title=data.get("title"),
            points=list(points) if points is not None else None,
            caveats=list(caveats) if caveats is not None else None,
            note=data.get("note"),
            merged_into=data.get("merged_into"),
            merges=list(data.get("merges") or []),
            editor=data.get("editor"),
            time=data.get("time"),
            seq=int(data.get("seq") or 0),
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dict (the stored state format)."""
        return asdict(self)


@dataclass(frozen=True)
class BulkStep:
    """One key of a bulk action; skipped when it, or any of *also* (its aliases), has a verdict."""

    key: str
    section: str | None = None
    also: tuple[str, ...] = ()


def check_key(key: str) -> None:
    if not isinstance(key, str) or not key:
        raise ValueError("a decision key must be a non-empty string")


def check_action(action: str) -> None:
    if action not in ACTIONS:
        raise ValueError(f"action must be one of {', '.join(ACTIONS)}, not {action!r}")


def check_priority(priority: str | None) -> None:
    if priority is not None and priority not in PRIORITIES:
        raise ValueError(
            f"priority must be one of {' '.join(PRIORITIES)} or None, not {priority!r}"
        )


def check_tier(tier: str | None) -> None:
    if tier is not None and tier not in TIERS:
        raise ValueError(f"tier must be one of {', '.join(TIERS)} or None, not {tier!r}")


def check_lines(name: str, value: list[str] | None) -> list[str] | None:
    if value is None:
        return None
    if isinstance(value, str) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{name} must be a list of strings")
    return list(value)


def blank(key: str) -> dict[str, Any]:
    """The state of a key nothing was decided about."""
    state: dict[str, Any] = dict.fromkeys(STATE_FIELDS)
    state["key"] = key
    state["merges"] = []
    return state


def describe(entry: dict[str, Any]) -> str:
    """What a history entry did, in a few words: "2608.14376", "bulk reject × 62"."""
    if entry.get("action") == BULK:
        return f"bulk {(entry.get('args') or {}).get('action', '')} × {entry.get('count', 0)}"
    if entry.get("target_action") == BULK:
        return (
            f"bulk {(entry.get('target_args') or {}).get('action', '')} × {entry.get('count', 0)}"
        )
    return str(entry.get("key") or "")


def _remove(stack: list[int], seq: int) -> None:
    if stack and stack[-1] == seq:
        stack.pop()
    else:
        with contextlib.suppress(ValueError):
            stack.remove(seq)


class DecisionLog:
    """Events replayed in seq order, and what they add up to."""

    def __init__(self) -> None:
        """An empty log."""
        self.events: dict[int, dict[str, Any]] = {}
        self.state: dict[str, dict[str, Any]] = {}
        self.pairs: set[frozenset[str]] = set()
        self.undo_stack: list[int] = []
        self.redo_stack: list[int] = []
        self.last_seq = 0

    # ------------------------------------------------------------------ replay

    def apply(self, event: dict[str, Any]) -> None:
        """Take one (valid) event into the state."""
        for change in event["changes"]:
            if change.get("after") is None:
                self.state.pop(change["key"], None)
            else:
                self.state[change["key"]] = change["after"]
        for pair in event.get("pairs", []):
            key = frozenset((pair["a"], pair["b"]))
            if pair.get("after"):
                self.pairs.add(key)
            else:
                self.pairs.discard(key)
        seq = event["seq"]
        action = event["action"]
        if action in (UNDO, REDO):
            source, destination = self._stacks(action)
            _remove(source, event["target"])
            if event["target"] in self.events:
                destination.append(event["target"])
        else:
            self.undo_stack.append(seq)
            self.redo_stack.clear()
        self.events[seq] = event
        self.last_seq = max(self.last_seq, seq)

    # ------------------------------------------------------------------ building events

    def state_of(self, key: str) -> dict[str, Any]:
        """A copy of *key*'s state (blank if it has none) to build the next one from."""
        state = self.state.get(key)
        if state is None:
            return blank(key)
        fresh = dict(state)
        fresh["merges"] = list(state.get("merges") or [])
        return fresh

    def change(self, key: str, after: dict[str, Any] | None) -> dict[str, Any]:
        return {"key": key, "before": self.state.get(key), "after": after}

    def update(self, action: str, key: str, args: dict[str, Any], fields: dict[str, Any]) -> Body:
        """One key's fields changed (a verdict, an edit, a section, a priority, a tier)."""
        state = self.state_of(key)
        state.update(fields)
        return {"action": action, "key": key, "args": args, "changes": [self.change(key, state)]}

    def bulk(self, verdict: str, steps: Sequence[BulkStep]) -> Body | None:
        """One verdict on many keys at once, leaving alone every key decided meanwhile."""
        changes = []
        seen: set[str] = set()
        for step in steps:
            if step.key in seen or any(
                (self.state.get(k) or {}).get("action") for k in (step.key, *step.also)
            ):
                continue
            seen.add(step.key)
            state = self.state_of(step.key)
            state["action"] = verdict
            if step.section is not None:
                state["section"] = step.section
            changes.append(self.change(step.key, state))
        if not changes:
            return None
        return {
            "action": BULK,
            "key": changes[0]["key"],
            "args": {"action": verdict, "count": len(changes)},
            "changes": changes,
        }

    def merge(self, primary: str, other: str) -> Body | None:
        walk: str | None = primary
        seen: set[str] = set()
        while walk is not None and walk not in seen:
            if walk == other:
                raise ValueError(f"{primary} is already merged into {other}; unmerge it first")
            seen.add(walk)
            walk = (self.state.get(walk) or {}).get("merged_into")
        absorbed = self.state_of(other)
        if absorbed["merged_into"] == primary:
            return None
        changes = []
        previous = absorbed["merged_into"]
        if previous is not None:
            old = self.state_of(previous)
            old["merges"] = [k for k in old["merges"] if k != other]
            changes.append(self.change(previous, old))
        keeper = self.state_of(primary)
        if other not in keeper["merges"]:
            keeper["merges"] = [*keeper["merges"], other]
        absorbed["merged_into"] = primary
        changes += [self.change(primary, keeper), self.change(other, absorbed)]
        pairs = []
        if frozenset((primary, other)) in self.pairs:
            pairs.append({"a": primary, "b": other, "before": True, "after": False})
        return {
            "action": "merge",
            "key": primary,
            "other": other,
            "changes": changes,
            "pairs": pairs,
        }

    def _unmerge_changes(self, other: str) -> list[dict[str, Any]]:
        absorbed = self.state_of(other)
        primary = absorbed["merged_into"]
        if primary is None:
            return []
        keeper = self.state_of(primary)
        keeper["merges"] = [k for k in keeper["merges"] if k != other]
        absorbed["merged_into"] = None
        return [self.change(primary, keeper), self.change(other, absorbed)]

    def unmerge(self, other: str) -> Body | None:
        changes = self._unmerge_changes(other)
        if not changes:
            return None
        return {"action": "unmerge", "key": other, "other": changes[0]["key"], "changes": changes}

    def distinct(self, a: str, b: str, distinct: bool) -> Body | None:
        pair = frozenset((a, b))
        if (pair in self.pairs) == distinct:
            return None
        changes: list[dict[str, Any]] = []
        if distinct:
            for x, y in ((a, b), (b, a)):
                if (self.state.get(y) or {}).get("merged_into") == x:
                    changes += self._unmerge_changes(y)
        return {
            "action": "distinct" if distinct else "not-distinct",
            "key": a,
            "other": b,
            "changes": changes,
            "pairs": [{"a": a, "b": b, "before": not distinct, "after": distinct}],
        }

    def _stacks(self, kind: str) -> tuple[list[int], list[int]]:
        """For an undo or a redo: the stack its target comes from, and the one it goes to."""
        if kind == UNDO:
            return self.undo_stack, self.redo_stack
        return self.redo_stack, self.undo_stack

    def step(self, kind: str) -> Body | None:
        """The body of the next undo (*kind* UNDO) or redo (REDO); None if there is none.

        One builder for both: an undo reverts the latest change (a whole bulk action at
        once), setting every key and pair it touched back to its ``before``; a redo
        re-applies the latest undone change, forward to its ``after``.
        """
        source, _ = self._stacks(kind)
        if not source:
            return None
        target = self.events[source[-1]]
        back = kind == UNDO
        return {
            "action": kind,
            "key": target["key"],
            "target": target["seq"],
            "target_action": target["action"],
            "target_args": copy.deepcopy(target.get("args", {})),
            "changes": [
                {
                    "key": c["key"],
                    "before": self.state.get(c["key"]),
                    "after": c["before"] if back else c["after"],
                }
                for c in target["changes"]
            ],
            "pairs": [
                {
                    "a": p["a"],
                    "b": p["b"],
                    "before": p["after"] if back else p["before"],
                    "after": p["before"] if back else p["after"],
                }
                for p in target.get("pairs", [])
            ],
        }

    # ------------------------------------------------------------------ reads

    def get(self, key: str) -> Decision | None:
        state = self.state.get(key)
        return Decision.from_dict(state) if state is not None else None

    def current(self) -> dict[str, Decision]:
        return {key: Decision.from_dict(state) for key, state in self.state.items()}

    def entry(self, event: dict[str, Any]) -> dict[str, Any]:
        """An event as :meth:`history` shows it (copies: callers cannot alter the log)."""
        after = next((c["after"] for c in event["changes"] if c["key"] == event["key"]), None)
        entry: dict[str, Any] = {
            "seq": event["seq"],
            "key": event["key"],
            "action": event["action"],
            "editor": event.get("editor"),
            "time": event.get("time"),
        }
        for name in _ENTRY_FIELDS:
            entry[name] = copy.deepcopy(after.get(name)) if after else None
        entry["merges"] = list(after.get("merges") or []) if after else []
        entry["verdict"] = after.get("action") if after else None
        for extra in ("other", "target", "target_action", "target_args", "args"):
            if extra in event:
                entry[extra] = copy.deepcopy(event[extra])
        entry["count"] = len(event["changes"])
        entry["changes"] = copy.deepcopy(event["changes"])
        entry["pairs"] = copy.deepcopy(event.get("pairs", []))
        return entry

    def history(self, key: str | None = None, limit: int | None = None) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for seq in sorted(self.events, reverse=True):
            event = self.events[seq]
            if (
                key is not None
                and event["key"] != key
                and all(c["key"] != key for c in event["changes"])
            ):
                continue
            out.append(self.entry(event))
            if limit is not None and len(out) >= limit:
                break
        return out

    def orphans(self, current_keys: Iterable[str]) -> list[Decision]:
        present = set(current_keys)
        found = [s for k, s in self.state.items() if k not in present]
        found.sort(key=lambda s: s.get("seq") or 0, reverse=True)
        return [Decision.from_dict(s) for s in found]
