"""The editor's decisions: durable, shared by every process, undoable, never silently reset.

Losing an evening of approve/reject/defer decisions is the one failure the
editor will not forgive, so this module trades a little complexity for a
simple promise: once ``decide()`` (or any other write) returns, the decision
is on disk and survives a kill, a crash or a second curator process.

Files in ``<workspace>/.curator/``
---------------------------------
``decisions.json``
    The TinyDB snapshot (``curator.snapshot``); its ``events`` table is the source of truth.
``decisions.journal``
    Append-only event log since the snapshot (``curator.journal``), fsynced before a write
    returns. A torn last line (a writer killed mid-append) was never acknowledged and is
    dropped; a line that cannot be read is skipped and reported, and a copy is kept.
``decisions.json.bak`` / ``decisions.journal.bak``
    The previous snapshot and the journal that was folded into the current
    one. ``bak + journal.bak + journal`` always covers every event, so a
    damaged snapshot can be rebuilt without loss.
``lock`` / ``decisions.lock``
    The session lock and the per-transaction lock (``curator.locks``). Every write takes
    the transaction lock, first catches up with whatever other writers appended (re-reading
    the snapshot if another process compacted), then derives the next seq from the on-disk
    state, so the UI, ``curator decide`` and a second writer never lose each other's
    decisions. Waiting for it is bounded: :class:`~curator.locks.WorkspaceBusy` names
    the holder instead of hanging.

The state, undo and redo are replayed from the events (``curator.decision_log``).
Reading the files and recovering from damage is ``curator.store_load``; folding the
journal into the snapshot, and why saves go to a journal at all, ``curator.store_fold``.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from curator.atomic import cleanup_temp_files
from curator.decision_log import (
    ACTIONS,
    EDITABLE,
    PRIORITIES,
    TIERS,
    BulkStep,
    Decision,
    DecisionLog,
    check_action,
    check_key,
    check_lines,
    check_priority,
    check_tier,
)
from curator.journal import REDO, UNDO, OpenJournal
from curator.locks import TxLock, WorkspaceBusy, release_session_lock
from curator.snapshot import AtomicJSONStorage, CorruptStoreError, ReadOnlyStore
from curator.statedir import state_problem
from curator.store_fold import FoldingMixin

__all__ = [
    "ACTIONS",
    "PRIORITIES",
    "AtomicJSONStorage",
    "BulkStep",
    "CorruptStoreError",
    "Decision",
    "DecisionStore",
    "ReadOnlyStore",
    "TIERS",
    "WorkspaceBusy",
]

CLI_COMPACT_AFTER = 1000


def _now() -> str:
    """The time stamped on events and snapshots: local, with its UTC offset."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


def _default_editor(editor: str | None) -> str:
    return editor or os.environ.get("USER") or "editor"


class DecisionStore(FoldingMixin):
    """Decisions of one workspace; open with :meth:`DecisionStore.open`, close when done."""

    def __init__(self, workspace: Path, editor: str) -> None:
        """Set up paths and empty state; use :meth:`open`, which also locks and loads."""
        self.workspace = workspace
        self.editor = editor
        self.dir = workspace / ".curator"
        self.path = self.dir / "decisions.json"
        self.backup_path = self.dir / "decisions.json.bak"
        self.journal_path = self.dir / "decisions.journal"
        self.journal_backup_path = self.dir / "decisions.journal.bak"
        self.lock_path = self.dir / "lock"
        self.tx_lock_path = self.dir / "decisions.lock"
        self.readonly = False
        self.readonly_reason: str | None = None
        self.problems: list[str] = []
        self._session_fd: int | None = None
        self._lock = TxLock(self.tx_lock_path)
        self._journal = OpenJournal()
        self._snap_sig: tuple[int, int, int, int] | None = None
        self._snapshot_ok = False
        self._snapshot_seq = 0
        self._needs_compaction = False
        self._refresh_backup = False
        self._reloads = 0
        self._closed = False
        self._linked: str | None = None
        """Why nothing in ``.curator/`` is touched: it, or something in it, is a link
        (curator.statedir)."""
        self.compact_after = 1
        """Journal events that make open/close fold the journal into the snapshot."""
        self._log = DecisionLog()

    @property
    def lock_timeout(self) -> float:
        """Seconds a transaction waits for another process's before WorkspaceBusy."""
        return self._lock.timeout

    @lock_timeout.setter
    def lock_timeout(self, seconds: float) -> None:
        self._lock.timeout = max(0.0, float(seconds))

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(
        cls,
        workspace: Path,
        editor: str | None = None,
        *,
        readonly: bool = False,
        session_lock: bool = True,
        lock_timeout: float | None = None,
    ) -> DecisionStore:
        """Open (creating if needed) the store of *workspace*.

        Falls back to read-only, with ``readonly_reason`` set, when another
        curator holds the session lock or the folder cannot be written.
        CLI one-shots pass ``session_lock=False``: they only take the short
        per-transaction lock, so they can write next to a running session.
        Raises :class:`WorkspaceBusy` when the transaction lock stays taken.
        """
        workspace = Path(workspace)
        if not workspace.is_dir():
            raise FileNotFoundError(f"workspace {workspace} does not exist")
        store = cls(workspace, _default_editor(editor))
        store._linked = state_problem(workspace)
        if store._linked is not None:  # read and write nothing there
            store._go_readonly(store._linked, problem=True)
            return store
        if lock_timeout is not None:
            store.lock_timeout = lock_timeout
        if not session_lock:
            # One-shot CLI writers leave folding to the session (it costs a
            # full snapshot rewrite, ~0.2 s at 5,000 decisions).
            store.compact_after = CLI_COMPACT_AFTER
        if readonly:
            store._go_readonly("opened read-only on request")
        else:
            store._prepare_dir()
        if not store.readonly and session_lock:
            store._take_session_lock()
        if store.readonly:
            store._lock.open(writable=False)
        try:
            with store._tx_lock(exclusive=not store.readonly):
                if not store.readonly:
                    cleanup_temp_files(store.dir)
                store._load_all()
                failed = store._fold_if_due(_now())
                if failed is not None:
                    # Writes may fail too (e.g. disk full) and will say so when they do.
                    store._problem(
                        f"could not update {store.path.name} ({failed.strerror}); "
                        "your decisions are safe in the journal"
                    )
        except BaseException:
            store._release()
            raise
        return store

    # ------------------------------------------------------------------ the transaction

    @contextlib.contextmanager
    def _tx_lock(self, *, exclusive: bool = True) -> Iterator[None]:
        with self._lock.hold(exclusive=exclusive):
            yield

    def _check_writable(self) -> None:
        if self._closed:
            raise ValueError("the decisions store is closed")
        if self.readonly:
            raise ReadOnlyStore(self.readonly_reason or "this session is read-only")

    def _commit(self, build: Callable[[], dict[str, Any] | None]) -> dict[str, Any] | None:
        """Run *build* against fresh state and append its event durably; None if no-op.

        Every write goes through here: under the transaction lock, after catching up with
        what other writers appended, so the next seq and the state built on are the disk's.
        """
        self._check_writable()
        with self._tx_lock():
            self._catch_up()
            self._check_writable()
            body = build()
            if body is None:
                return None
            seq = self._log.last_seq + 1
            now = _now()
            event: dict[str, Any] = {
                "seq": seq,
                "action": body.pop("action"),
                "key": body.pop("key"),
                "editor": self.editor,
                "time": now,
            }
            event.update(body)
            event.setdefault("pairs", [])
            if event["action"] not in (UNDO, REDO):
                for change in event["changes"]:
                    if change["after"] is not None:
                        change["after"].update(editor=self.editor, time=now, seq=seq)
            self._append(event)
            self._log.apply(event)
            return event

    def _append(self, event: dict[str, Any]) -> None:
        """Append *event* to the journal durably (folding first if no journal is open)."""
        if self._journal.fd is None:
            self._compact(_now())
        self._journal.append(event)

    # ------------------------------------------------------------------ public writes

    def _update(
        self, action: str, key: str, args: dict[str, Any], fields: dict[str, Any]
    ) -> Decision:
        check_key(key)
        self._commit(lambda: self._log.update(action, key, args, fields))
        return Decision.from_dict(self._log.state[key])

    def decide(
        self,
        key: str,
        action: str,
        *,
        section: str | None = None,
        priority: str | None = None,
        note: str | None = None,
    ) -> Decision:
        """Record a verdict; returns only once it is durable on disk.

        ``section``/``priority``/``note`` left at None keep their current
        values (use :meth:`set_section` etc. to clear them); edits and merges
        are always kept.
        """
        check_action(action)
        check_priority(priority)
        given = {"section": section, "priority": priority, "note": note}
        changes: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
        return self._update(action, key, changes, {"action": action, **changes})

    def decide_many(self, action: str, steps: Sequence[BulkStep]) -> list[str]:
        """One verdict on many keys as one transaction (one undo, one redo); the keys decided.

        Checked against the store as it is at that moment: a key that has a verdict by then
        (under its own key or any of the step's aliases) is left alone.
        """
        check_action(action)
        for step in steps:
            check_key(step.key)
        event = self._commit(lambda: self._log.bulk(action, steps))
        return [c["key"] for c in event["changes"]] if event else []

    def edit(
        self,
        key: str,
        *,
        title: str | None = None,
        points: list[str] | None = None,
        caveats: list[str] | None = None,
        note: str | None = None,
        clear: Iterable[str] = (),
    ) -> Decision:
        """Change the title/points/caveats/note shown in the briefing; keeps the verdict.

        None leaves a field as it is; name fields in *clear* to drop an edit
        and fall back to the note's original text.
        """
        fields: dict[str, Any] = {}
        if title is not None:
            fields["title"] = title
        if points is not None:
            fields["points"] = check_lines("points", points)
        if caveats is not None:
            fields["caveats"] = check_lines("caveats", caveats)
        if note is not None:
            fields["note"] = note
        for name in clear:
            if name not in EDITABLE:
                raise ValueError(
                    f"cannot clear {name!r}; editable fields are {', '.join(EDITABLE)}"
                )
            fields[name] = None
        if not fields:
            raise ValueError("edit() needs at least one field to change")
        return self._update("edit", key, dict(fields), fields)

    def set_section(self, key: str, section: str | None) -> Decision:
        """Set (or with None clear) the living-document section of *key*."""
        return self._update("section", key, {"section": section}, {"section": section})

    def set_priority(self, key: str, priority: str | None) -> Decision:
        """Set (or with None clear) the priority marker of *key*."""
        check_priority(priority)
        return self._update("priority", key, {"priority": priority}, {"priority": priority})

    def set_tier(self, key: str, tier: str | None) -> Decision:
        """Set (or with None clear, back to the default rule) the briefing tier of *key*.

        Keeps the verdict: a tier is where an increment sits, not whether it goes in.
        """
        check_tier(tier)
        return self._update("tier", key, {"tier": tier}, {"tier": tier})

    def merge(self, primary: str, other: str) -> None:
        """Record that *other* is the same thing as *primary* (absorbed into it)."""
        check_key(primary)
        check_key(other)
        if primary == other:
            raise ValueError("cannot merge a key into itself")
        self._commit(lambda: self._log.merge(primary, other))

    def unmerge(self, other: str) -> None:
        """Undo a merge of *other* into whatever it was merged into (no-op if not merged)."""
        check_key(other)
        self._commit(lambda: self._log.unmerge(other))

    def mark_distinct(self, a: str, b: str) -> None:
        """Record that *a* and *b* are not duplicates (unordered); unmerges them if merged."""
        self._set_distinct(a, b, True)

    def unmark_distinct(self, a: str, b: str) -> None:
        """Forget a "not a duplicate" judgement."""
        self._set_distinct(a, b, False)

    def _set_distinct(self, a: str, b: str, distinct: bool) -> None:
        check_key(a)
        check_key(b)
        if a == b:
            raise ValueError("a key cannot be distinct from itself")
        self._commit(lambda: self._log.distinct(a, b, distinct))

    def undo(self) -> dict[str, Any] | None:
        """Revert the latest change (any kind, a whole bulk action at once); its history entry."""
        return self._step(UNDO)

    def redo(self) -> dict[str, Any] | None:
        """Re-apply the latest undone change; None if there is nothing to redo."""
        return self._step(REDO)

    def _step(self, kind: str) -> dict[str, Any] | None:
        event = self._commit(lambda: self._log.step(kind))
        return self._log.entry(event) if event else None

    # ------------------------------------------------------------------ reads

    def stale(self) -> bool:
        """Whether another process changed the store since this one last looked.

        A few ``stat`` calls and no lock: cheap enough to poll several times a second.
        """
        if self._closed or self._linked:
            return False
        if self._disk_changed():
            return True
        try:
            return os.stat(self.journal_path).st_size != self._journal.offset
        except OSError:
            return False

    def refresh(self, *, timeout: float | None = None) -> bool:
        """Pick up what other processes (e.g. ``curator decide``) wrote; True if anything changed.

        Raises :class:`WorkspaceBusy` when the lock stays taken past *timeout* seconds
        (default :attr:`lock_timeout`; 0 is a single try): try again later.
        """
        if self._closed or self._linked:
            return False
        if self.readonly:
            self._lock.open(writable=False)  # the writer may have created it since
        before = (self._log.last_seq, self._reloads)
        with self._lock.hold(exclusive=not self.readonly, timeout=timeout):
            self._catch_up()
        return (self._log.last_seq, self._reloads) != before

    def get(self, key: str) -> Decision | None:
        """Current state of *key*, or None when it has no decision."""
        return self._log.get(key)

    def current(self) -> dict[str, Decision]:
        """Latest state of every key that has one."""
        return self._log.current()

    def is_distinct(self, a: str, b: str) -> bool:
        """Whether the editor said *a* and *b* are not duplicates (order does not matter)."""
        return frozenset((a, b)) in self._log.pairs

    def distinct_pairs(self) -> set[frozenset[str]]:
        """All "not a duplicate" pairs."""
        return set(self._log.pairs)

    def can_undo(self) -> bool:
        """Whether :meth:`undo` would do something."""
        return bool(self._log.undo_stack)

    def can_redo(self) -> bool:
        """Whether :meth:`redo` would do something."""
        return bool(self._log.redo_stack)

    def history(self, key: str | None = None, limit: int | None = None) -> list[dict[str, Any]]:
        """Every event, newest first (optionally only those touching *key*).

        Each entry has seq, key, action (a verdict, 'edit', 'section',
        'priority', 'tier', 'merge', 'unmerge', 'distinct', 'not-distinct', 'bulk', 'undo' or
        'redo'), editor, time, count (keys touched) and the key's state after the event
        (section, priority, verdict, ...); undo/redo also name the target, bulk its
        ``args`` (``action``, ``count``).
        """
        return self._log.history(key, limit)

    def orphans(self, current_keys: Iterable[str]) -> list[Decision]:
        """Decisions whose key is not in the current analysis; kept, never dropped (newest
        first)."""
        return self._log.orphans(current_keys)

    def __len__(self) -> int:
        return len(self._log.state)

    # ------------------------------------------------------------------ closing

    def close(self) -> None:
        """Fold the journal into the snapshot (when writable and due) and release the locks.

        Never waits longer than the lock timeout: when another process holds the lock,
        folding is left to a later session (every event is in the journal already).
        """
        if self._closed:
            return
        try:
            if not self.readonly and self._lock.fd is not None:
                with self._tx_lock():
                    self._catch_up()
                    failed = self._fold_if_due(_now())
                    if failed is not None:
                        self._problem(f"could not compact the decisions store ({failed.strerror})")
        except WorkspaceBusy:
            pass
        finally:
            self._release()

    def _release(self) -> None:
        """Close every descriptor; dropping the session fd releases the session lock."""
        self._closed = True
        with contextlib.suppress(OSError):
            self._journal.close()
        self._lock.close()
        if self._session_fd is not None:
            release_session_lock(self._session_fd)
            self._session_fd = None

    def __enter__(self) -> DecisionStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
