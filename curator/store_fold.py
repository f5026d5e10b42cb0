"""Folding the decisions journal into the snapshot, in an order a kill cannot spoil.

A mixin of :class:`curator.store.DecisionStore`. The files are replaced one at a time, so
that every state in between reloads to the same events.

Format choice (measured with ``benchmarks/bench_store.py`` on the 2-core dev
machine, 5,000 decisions stored): TinyDB's own JSONStorage needs 70-120 ms per
insert (without any fsync) and an atomic whole-file rewrite of our snapshot
170-330 ms, because re-encoding megabytes of JSON dominates (a bare
write+fsync is ~0.25 ms). Both miss the 5 ms budget by far. Appending one
checksummed line to the journal and fsyncing it costs ~0.5-1 ms median
regardless of the store size, so saves go to the journal, and the journal is
folded into the TinyDB snapshot (atomically, under the transaction lock) when
a writable session opens and closes (one-shot CLI writers, opened with
``session_lock=False``, only fold once the journal holds 1,000 events or had a
damaged line). Opening or folding at 5,000 decisions takes ~0.2-0.3 s.
CachingMiddleware is deliberately not used: it loses writes on kill.
"""

from __future__ import annotations

from curator.atomic import atomic_copy
from curator.snapshot import snapshot_tables, write_snapshot
from curator.stamps import identity_sig
from curator.store_load import LoadingMixin


class FoldingMixin(LoadingMixin):
    """When folding is due, and the fold itself; see :class:`curator.store.DecisionStore`."""

    # set by DecisionStore.__init__
    editor: str
    compact_after: int

    def _compaction_due(self) -> bool:
        return (
            self._needs_compaction
            or self._journal.damaged
            or self._log.last_seq - self._snapshot_seq >= max(1, self.compact_after)
        )

    def _fold_if_due(self, now: str) -> OSError | None:
        """Fold when this session may write and folding is due; the error if folding failed.

        A failed fold loses nothing (every event is still in the journal): callers only say so.
        """
        if self.readonly or not self._compaction_due():
            return None
        try:
            self._compact(now)
        except OSError as exc:
            return exc
        return None

    def _compact(self, now: str) -> None:
        """Fold the journal into a new snapshot saved at *now* (caller holds the exclusive tx lock).

        Order matters for crash safety: old snapshot copied to .bak, new
        snapshot in place, old journal copied to journal.bak, fresh journal.
        Every intermediate state reloads to the same events (seq de-duplicates).
        """
        log = self._log
        tables = snapshot_tables(
            log.events, log.state, log.pairs, log.last_seq, saved=now, saved_by=self.editor
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
        self._journal.start(self.journal_path, log.last_seq, now)
        self._snap_sig = identity_sig(self.path)
        self._snapshot_ok = True
        self._snapshot_seq = log.last_seq
        self._needs_compaction = False
