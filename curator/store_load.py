"""Reading the decisions store: its folder and locks, its files, other writers' appends.

A mixin of :class:`curator.store.DecisionStore` (it sets the store's journal and snapshot
bookkeeping as it reads). Loading reads the snapshot, then the journal; a damaged snapshot
is moved aside and rebuilt from ``decisions.json.bak`` + ``decisions.journal.bak`` + the
journal; a journal that is not ours is moved aside; lines that cannot be read are skipped,
counted and a copy of the journal is kept; every outcome is one plain sentence in
``problems``. A read-only session reports the same but touches no file.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from curator.atomic import atomic_write_bytes, fsync_dir, temp_name
from curator.decision_log import DecisionLog
from curator.journal import Chunk, OpenJournal, cut_torn_tail, header_problem, parse_lines
from curator.locks import SessionTaken, TxLock, take_session_lock
from curator.snapshot import CorruptStoreError, Snapshot, read_snapshot, saved_when
from curator.stamps import identity_sig
from curator.statedir import LinkedState, open_nofollow


def _stamp() -> str:
    return datetime.now().strftime("%Y%m%dT%H%M%S")


@dataclass
class _Damage:
    """Why the snapshot could not be used, and what loading did about it."""

    reason: str
    moved: Path | None = None
    """Where the damaged snapshot was moved aside to (a writable session only)."""
    backup_note: str = ""
    """The backup, in words: used (and when it was saved), unusable or missing."""
    backup_used: bool = False


class LoadingMixin:
    """Opening, loading and catching up; see :class:`curator.store.DecisionStore` for the fields."""

    # set by DecisionStore.__init__
    dir: Path
    path: Path
    backup_path: Path
    journal_path: Path
    journal_backup_path: Path
    lock_path: Path
    readonly: bool
    readonly_reason: str | None
    problems: list[str]
    _lock: TxLock
    _session_fd: int | None
    _log: DecisionLog
    _reloads: int
    _journal: OpenJournal
    _snap_sig: tuple[int, int, int, int] | None
    _snapshot_ok: bool
    _snapshot_seq: int
    _needs_compaction: bool
    _refresh_backup: bool

    def _problem(self, message: str) -> None:
        """Tell the editor *message* (once), through ``problems``."""
        if message not in self.problems:
            self.problems.append(message)

    def _go_readonly(self, reason: str, *, problem: bool = False) -> None:
        self.readonly = True
        self.readonly_reason = reason
        if problem:
            self._problem(reason)
        # Reopen without write access: this session must never touch the file.
        self._journal.close()

    def _cannot_write(self, exc: OSError) -> None:
        if isinstance(exc, LinkedState):  # put there since open() checked: still left alone
            self._go_readonly(str(exc), problem=True)
            return
        reason = exc.strerror or str(exc)
        self._go_readonly(
            f"cannot write to {self.dir} ({reason}); this session is read-only", problem=True
        )

    def _prepare_dir(self) -> None:
        try:
            os.mkdir(self.dir)
        except FileExistsError:
            pass
        except OSError as exc:
            self._cannot_write(exc)
            return
        try:
            self._lock.open(writable=True)
            probe = temp_name(self.dir / "probe")
            os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            os.unlink(probe)
        except OSError as exc:
            self._lock.close()
            self._cannot_write(exc)

    def _take_session_lock(self) -> None:
        try:
            self._session_fd = take_session_lock(self.lock_path)
        except SessionTaken as taken:
            self._go_readonly(
                f"{taken.describe()} is using this workspace; this session is read-only"
            )
        except OSError as exc:
            self._go_readonly(
                f"cannot lock {self.lock_path} ({exc.strerror}); this session is read-only",
                problem=True,
            )

    def _catch_up(self) -> None:
        """Apply what other writers appended since we last looked (under the tx lock)."""
        if self._disk_changed():
            self._load_all()
            return
        fd = self._journal.fd
        if fd is None:
            return
        chunk = self._journal.appended()
        if chunk is None:
            self._load_all()
            return
        for event in chunk.events:
            if event["seq"] > self._log.last_seq:
                self._log.apply(event)
        if chunk.bad:
            self._journal.damaged = True
            self._problem(
                f"{self.journal_path.name} had {chunk.bad} damaged line(s) that could not be "
                "read and were skipped"
            )
        if chunk.torn and not self.readonly:
            cut_torn_tail(fd, chunk.end)

    def _disk_changed(self) -> bool:
        if identity_sig(self.path) != self._snap_sig:
            return True
        return self._journal.replaced(self.journal_path)

    def _move_aside(self, path: Path) -> Path:
        base = f"{path.name}.corrupt-{_stamp()}"
        target = path.with_name(base)
        n = 2
        while target.exists():
            target = path.with_name(f"{base}-{n}")
            n += 1
        os.rename(path, target)
        with contextlib.suppress(OSError):
            fsync_dir(path.parent)
        return target

    def _read_journal_file(
        self, path: Path, *, current: bool
    ) -> tuple[list[dict[str, Any]], str | None]:
        """Events of a journal and, if it is unusable, why (foreign/newer/damaged)."""
        writable = current and not self.readonly
        try:
            fd = open_nofollow(path, os.O_RDWR | os.O_APPEND if writable else os.O_RDONLY)
        except FileNotFoundError:
            return [], None
        except OSError as exc:
            if writable:
                self._go_readonly(
                    f"{path.name} cannot be opened for writing ({exc.strerror}); "
                    "this session is read-only",
                    problem=True,
                )
                return self._read_journal_file(path, current=current)
            raise
        keep = False
        try:
            blocks = []
            while True:
                block = os.read(fd, 1 << 20)
                if not block:
                    break
                blocks.append(block)
            data = b"".join(blocks)
            if not data:
                return [], "empty"
            chunk = parse_lines(data, 0, expect_header=True)
            trouble = header_problem(chunk.header)
            if trouble:
                return [], trouble
            if current:
                self._adopt_journal(fd, path, chunk, data, writable=writable)
                keep = True
            return chunk.events, None
        finally:
            if not keep:
                os.close(fd)

    def _adopt_journal(
        self, fd: int, path: Path, chunk: Chunk, data: bytes, *, writable: bool
    ) -> None:
        """Make *fd* this session's journal: drop a torn tail, report damaged lines."""
        if chunk.torn and writable:
            cut_torn_tail(fd, chunk.end)
        if chunk.bad:
            self._journal.damaged = True
            copy_note = ""
            if writable:
                aside = path.with_name(f"{path.name}.corrupt-{_stamp()}")
                atomic_write_bytes(aside, data)
                copy_note = f" (a copy of the journal is kept as {aside.name})"
            self._problem(
                f"{path.name} had {chunk.bad} damaged line(s) that could not be read "
                f"and were skipped{copy_note}"
            )
        self._journal.adopt(fd, chunk)

    def _load_all(self) -> None:
        """(Re)build the in-memory state from snapshot + journal, recovering from damage.

        Each step below is one file or one report; whether this session may write (move
        damaged files aside) is taken once, before the first file is read.
        """
        writable = not self.readonly
        self._forget_loaded()
        read = self._load_snapshot(writable)
        if read is None:
            return
        snapshot, damage = read
        if damage is None:
            sources = self._snapshot_sources(snapshot)
        else:
            sources = self._recovery_sources(damage, writable)
        journal = self._load_journal(writable)
        if journal is None:
            return
        sources.append(journal)
        seqs = self._replay(sources)
        if damage is not None:
            self._report_recovery(damage, writable)
        self._report_missing(seqs)

    def _forget_loaded(self) -> None:
        """Start a (re)load from nothing: empty log, no journal open, no snapshot read."""
        self._log = DecisionLog()
        self._reloads += 1
        self._journal.forget()
        self._snapshot_ok = False
        self._snapshot_seq = 0
        self._snap_sig = identity_sig(self.path)

    def _load_snapshot(self, writable: bool) -> tuple[Snapshot | None, _Damage | None] | None:
        """The snapshot (None if there is none) or why it cannot be used.

        None when this session went read-only instead: a newer format, or a file that
        cannot be read (unreadable is not the same as damaged: never write over it).
        """
        try:
            snapshot = read_snapshot(self.path)
        except CorruptStoreError as err:
            if err.kind == "newer":
                self._go_readonly(err.message, problem=True)
                return None
            damage = _Damage(err.message)
            if writable:
                damage.moved = self._move_aside(self.path)
                self._snap_sig = None
            return None, damage
        except OSError as exc:
            self._go_readonly(
                f"{self.path.name} could not be read ({exc.strerror}); this session is read-only",
                problem=True,
            )
            return None
        if snapshot is None and self.backup_path.exists():
            return None, _Damage(f"{self.path.name} is missing")
        return snapshot, None

    def _snapshot_sources(self, snapshot: Snapshot | None) -> list[list[dict[str, Any]]]:
        """The events of a sound snapshot; none for a brand-new store (whose files are due)."""
        if snapshot is None:
            self._needs_compaction = True
            self._refresh_backup = True
            return []
        events, self._snapshot_seq = snapshot
        self._snapshot_ok = True
        return [events]

    def _recovery_sources(self, damage: _Damage, writable: bool) -> list[list[dict[str, Any]]]:
        """What a damaged snapshot is rebuilt from: its backup, if usable, and the old journal."""
        self._needs_compaction = True
        self._refresh_backup = True
        sources: list[list[dict[str, Any]]] = []
        try:
            backup = read_snapshot(self.backup_path)
        except (CorruptStoreError, OSError):
            backup = None
            damage.backup_note = f"the backup {self.backup_path.name} is unusable too"
            if writable and self.backup_path.exists():
                aside = self._move_aside(self.backup_path)
                damage.backup_note += f" (kept as {aside.name})"
        if backup is not None:
            damage.backup_used = True
            sources.append(backup[0])
            when = saved_when(self.backup_path)
            damage.backup_note = f"the backup {self.backup_path.name} (saved {when})"
        elif not damage.backup_note:
            damage.backup_note = f"no backup {self.backup_path.name} exists"
        old_journal, _trouble = self._read_journal_file(self.journal_backup_path, current=False)
        sources.append(old_journal)
        return sources

    def _load_journal(self, writable: bool) -> list[dict[str, Any]] | None:
        """The current journal's events; None when a newer curator wrote it (now read-only)."""
        events, trouble = self._read_journal_file(self.journal_path, current=True)
        if trouble == "newer":
            self._go_readonly(
                f"{self.journal_path.name} was written by a newer curator; "
                "this session is read-only so that it is not overwritten",
                problem=True,
            )
            return None
        if trouble == "empty":
            self._needs_compaction = True
        elif trouble:
            self._needs_compaction = True
            self._journal.damaged = True
            if writable:
                aside = self._move_aside(self.journal_path)
                self._problem(
                    f"{self.journal_path.name} is not a curator journal; "
                    f"it was moved aside to {aside.name}"
                )
            else:
                self._problem(f"{self.journal_path.name} is not a curator journal; it was ignored")
        elif self._journal.fd is None:
            self._needs_compaction = True
        return events

    def _replay(self, sources: list[list[dict[str, Any]]]) -> set[int]:
        """Apply every event once, in seq order (the first source to hold a seq wins)."""
        merged: dict[int, dict[str, Any]] = {}
        for events in sources:
            for event in events:
                merged.setdefault(event["seq"], event)
        for seq in sorted(merged):
            self._log.apply(merged[seq])
        return set(merged)

    def _report_recovery(self, damage: _Damage, writable: bool) -> None:
        """One sentence: what was wrong with the snapshot, what became of it, what was saved."""
        count = len(self._log.state)
        if not writable:
            fate = "this read-only session leaves the files untouched"
        elif damage.moved is not None:
            fate = f"it was moved aside to {damage.moved.name}"
        else:
            fate = "a new one was written"
        note = damage.backup_note
        if damage.backup_used:
            outcome = f"Recovered {count} decision(s) from {note} and the journal."
        else:
            outcome = (
                f"{note[:1].upper()}{note[1:]}, so only the journal could be "
                f"used: {count} decision(s) recovered."
            )
        self._problem(f"{damage.reason}; {fate}. {outcome}")

    def _report_missing(self, seqs: set[int]) -> None:
        """Say which changes no file holds any more.

        The journal header says how far the snapshot it follows went, so a loss at the
        very end of the history is noticed too.
        """
        expected = max(self._log.last_seq, self._journal.base)
        missing = sorted(set(range(1, expected + 1)) - seqs)
        if missing:
            span = f"{missing[0]}" if len(missing) == 1 else f"{missing[0]}–{missing[-1]}"
            self._problem(
                f"{len(missing)} earlier change(s) (numbers {span}) could not be recovered; "
                "decisions made in those steps may need to be made again"
            )
