"""The two locks of ``.curator/``, with bounded waits and a record of who holds them.

``lock``
    The session lock (``flock``, never waited for): the UI holds it while it runs; a second
    UI opens read-only and says who holds it.
``decisions.lock``
    The per-transaction lock: every write (and every load) takes it for a moment. Waiting
    for it gives up after :data:`LOCK_TIMEOUT` seconds with :class:`WorkspaceBusy`, so a
    writer stopped with SIGSTOP (or hung on a dead network disk) cannot hang everyone else.

Whoever holds a lock exclusively writes ``{"pid", "host", "command", "since"}`` into it, so
the message can say ``workspace busy: pid 4242 (curator decide 2605.01280 approve) since
21:14``. The record is read like any file the workspace carries: not followed if it is a
symlink, at most 4 KB, fields type-checked and control characters stripped.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import socket
import stat
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from curator.statedir import TAKEN, open_nofollow, wait_for_flock

LOCK_TIMEOUT = 3.0
"""Seconds a command waits for the transaction lock before saying the workspace is busy."""

_RECORD_MAX = 4096
_COMMAND_MAX = 80


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def since_text(started: str | None) -> str:
    """An ISO time as HH:MM (today) or YYYY-MM-DD HH:MM."""
    if not started:
        return "an unknown time"
    try:
        when = datetime.fromisoformat(started)
    except ValueError:
        return "an unknown time"
    local = when.astimezone() if when.tzinfo else when
    if local.date() == datetime.now().date():
        return local.strftime("%H:%M")
    return local.strftime("%Y-%m-%d %H:%M")


def _printable(text: str, limit: int) -> str:
    from curator.textio import sanitize

    flat = " ".join(sanitize(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def command_line(argv: list[str] | None = None) -> str:
    """This process's command as a user would recognise it ("curator decide … approve")."""
    args = list(sys.argv if argv is None else argv)
    if not args:
        return "python"
    name = os.path.basename(args[0])
    if name in ("__main__.py", "-m") or name.startswith("curator"):
        name = "curator"
    elif name in ("-c", ""):
        name = "python"
    return _printable(" ".join([name, *args[1:]]), _COMMAND_MAX)


@dataclass(frozen=True)
class Holder:
    """Who holds a lock, as its record says (any part may be unknown)."""

    pid: int | None = None
    command: str | None = None
    since: str | None = None
    host: str | None = None

    def gone(self) -> bool:
        """Whether the record is left over from a process of this machine that has ended."""
        if self.pid is None or (self.host and self.host != socket.gethostname()):
            return False
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return True
        except OSError:  # alive but not ours (EPERM)
            return False
        return False

    def describe(self) -> str:
        """``pid 4242 (curator decide x approve) since 21:14``."""
        if self.pid is None:
            return "another curator process"
        parts = [f"pid {self.pid}"]
        if self.host and self.host != socket.gethostname():
            parts[0] += f" on {self.host}"
        if self.command:
            parts.append(f"({self.command})")
        if self.since:
            parts.append(f"since {since_text(self.since)}")
        return " ".join(parts)


def my_record(command: str | None = None) -> bytes:
    """The record this process writes into a lock it holds."""
    info = {
        "pid": os.getpid(),
        "host": socket.gethostname(),
        "command": command or command_line(),
        "since": _now(),
    }
    return json.dumps(info, ensure_ascii=False).encode("utf-8")


def read_holder(path: Path) -> Holder | None:
    """The record in a lock file; None when there is none or it is not a record."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        raw = os.read(fd, _RECORD_MAX)
    except OSError:
        return None
    finally:
        os.close(fd)
    try:
        info = json.loads(raw.decode("utf-8"))
    except Exception:  # empty, cut short, not UTF-8, nested too deep: no record
        return None
    if not isinstance(info, dict):
        return None
    pid = info.get("pid")
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
        return None

    def text(name: str, limit: int) -> str | None:
        value = info.get(name)
        return _printable(value, limit) or None if isinstance(value, str) else None

    since = text("since", 40) or text("started", 40)
    return Holder(pid, text("command", _COMMAND_MAX), since, text("host", 80))


class WorkspaceBusy(Exception):
    """The transaction lock stayed taken past the timeout; the message names the holder."""

    def __init__(self, holder: Holder | None) -> None:
        self.holder = holder
        super().__init__(f"workspace busy: {(holder or Holder()).describe()}")


class TxLock:
    """``decisions.lock``: taken (shared to read, exclusive to write) around every transaction."""

    def __init__(self, path: Path) -> None:
        """Nothing is opened until :meth:`open`."""
        self.path = path
        self.fd: int | None = None
        self.writable = False
        self.timeout = LOCK_TIMEOUT
        """Seconds :meth:`hold` waits; the UI uses a short one and retries off the event loop."""

    def open(self, *, writable: bool) -> None:
        """Open (creating it when *writable*); a read-only open of a missing file is no error."""
        if self.fd is not None:
            return
        if writable:
            self.fd = open_nofollow(self.path, os.O_RDWR | os.O_CREAT, 0o666)
            self.writable = True
            return
        with contextlib.suppress(OSError):
            self.fd = open_nofollow(self.path, os.O_RDONLY)

    @contextlib.contextmanager
    def hold(self, *, exclusive: bool = True, timeout: float | None = None) -> Iterator[None]:
        """Hold the lock for a block; raises :class:`WorkspaceBusy` if it stays taken."""
        fd = self.fd
        if fd is None:
            yield
            return
        wait = self.timeout if timeout is None else timeout
        if not wait_for_flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH, wait):
            holder = read_holder(self.path)
            # a reader holds it (readers leave no record), not the writer that was killed
            raise WorkspaceBusy(None if holder is None or holder.gone() else holder)
        record = exclusive and self.writable
        if record:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 0)
                os.pwrite(fd, my_record(), 0)
        try:
            yield
        finally:
            if record:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, 0)
            fcntl.flock(fd, fcntl.LOCK_UN)

    def close(self) -> None:
        if self.fd is not None:
            with contextlib.suppress(OSError):
                os.close(self.fd)
            self.fd = None


class SessionTaken(Exception):
    """Another session holds ``lock``; ``holder`` says who (if its record can be read)."""

    def __init__(self, holder: Holder | None) -> None:
        super().__init__("another curator holds the session lock")
        self.holder = holder

    def describe(self) -> str:
        """``another curator (pid 4242, since 21:14)``, the words the read-only notice uses."""
        h = self.holder
        if h is None:
            return "another curator"
        where = f" on {h.host}" if h.host and h.host != socket.gethostname() else ""
        return f"another curator (pid {h.pid}{where}, since {since_text(h.since)})"


def take_session_lock(path: Path) -> int:
    """The session lock's fd, held until closed; SessionTaken if another session has it."""
    fd = open_nofollow(path, os.O_RDWR | os.O_CREAT, 0o666)  # never the file a link points at
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise SessionTaken(read_holder(path)) from None
    except OSError as exc:
        os.close(fd)
        if exc.errno in TAKEN:
            raise SessionTaken(read_holder(path)) from None
        raise
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, my_record(), 0)
    return fd


def release_session_lock(fd: int) -> None:
    """Forget the record and let go (closing the fd drops the flock)."""
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
    with contextlib.suppress(OSError):
        os.close(fd)
