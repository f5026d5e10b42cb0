"""Writing the decisions store: one locked transaction per change, and folding the journal.

A mixin of :class:`curator.store.DecisionStore`, kept apart from its public methods because
this is where the durability promise is kept: a change is built against the state as it is
on disk (after catching up with other writers, under the transaction lock), appended to the
journal and fsynced before anything reports it done; a failed append is cut off again, so it
is never half there. Folding the journal into the snapshot writes the files in an order
that reloads to the same events whenever it is interrupted.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

from curator.atomic import atomic_copy
from curator.journal import REDO, UNDO
from curator.snapshot import ReadOnlyStore, snapshot_tables, write_snapshot
from curator.store_load import LoadingMixin, file_sig


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


class WritingMixin(LoadingMixin):
    """Transactions, appends and compaction; see :class:`curator.store.DecisionStore`."""

    # set by DecisionStore.__init__
    editor: str
    compact_after: int
    _closed: bool

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
        """Run *build* against fresh state and append its event durably; None if no-op."""
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
            self._compact()
        self._journal.append(event)

    def _compaction_due(self) -> bool:
        return (
            self._needs_compaction
            or self._journal.damaged
            or self._log.last_seq - self._snapshot_seq >= max(1, self.compact_after)
        )

    def _compact(self) -> None:
        """Fold the journal into a new snapshot (caller holds the exclusive tx lock).

        Order matters for crash safety: old snapshot copied to .bak, new
        snapshot in place, old journal copied to journal.bak, fresh journal.
        Every intermediate state reloads to the same events (seq de-duplicates).
        """
        log = self._log
        tables = snapshot_tables(
            log.events, log.state, log.pairs, log.last_seq, saved=_now(), saved_by=self.editor
        )
        backup = self.backup_path if self._snapshot_ok and not self._refresh_backup else None
        write_snapshot(self.path, tables, backup)
        if self._refresh_backup:
            atomic_copy(self.path, self.backup_path)
            self._refresh_backup = False
        if self._journal.fd is not None:
            if self._journal.ok:
                atomic_copy(self.journal_path, self.journal_backup_path)
            self._journal.close()
        self._journal.start(self.journal_path, log.last_seq, _now())
        self._snap_sig = file_sig(self.path)
        self._snapshot_ok = True
        self._snapshot_seq = log.last_seq
        self._needs_compaction = False
