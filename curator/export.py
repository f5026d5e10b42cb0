"""``curator export``: write the briefing to the inbox, safely; optionally copy it.

The briefing is rendered by :mod:`curator.briefing`; this module only decides
where it goes.  Writes are atomic (a crash leaves the old file or the new one,
never half of it), and an existing briefing is never overwritten without
``--force``.  A clipboard that cannot be used is one line on stderr and exit 6
(:data:`EXIT_CLIPBOARD`): the file (or ``--stdout``) part is done all the same.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import stat
import sys
from pathlib import Path

from curator.atomic import atomic_write_text, fsync_dir, temp_name
from curator.briefing import (
    TemplateError,
    default_output_path,
    load_template,
    normalize_lang,
    render_briefing,
)
from curator.config import load_config
from curator.textio import sanitize
from curator.workspace import resolve_workspace

__all__ = [
    "ExportExists",
    "ExportRefused",
    "cmd_export",
    "copy_to_clipboard",
    "export_json",
    "output_path",
    "write_briefing",
]

EXIT_EXISTS = 3
EXIT_CLIPBOARD = 6
"""``--clipboard`` could not copy: everything else asked for was done (a script must still know)."""


class ExportExists(Exception):
    """The target file exists and ``force`` was not given; nothing was written."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path} exists")
        self.path = path


class ExportRefused(Exception):
    """The target is not a regular file (a link, a device, a FIFO, a folder) or is not where it may be."""


def _target(root: Path, rel_or_abs: str | os.PathLike[str]) -> Path:
    p = Path(rel_or_abs).expanduser()
    return p if p.is_absolute() else Path(root) / p


def output_path(root: Path, out: str | None, default: str) -> Path:
    """Where the briefing goes: ``--out`` (a folder gets the default file name inside it), else the default.

    The default comes from ``curator.toml`` (the inbox) and so from whoever committed it:
    it must stay inside the workspace, links followed (:class:`ExportRefused` otherwise).
    """
    if out:
        target = _target(root, out)
        named_folder = out.endswith(("/", os.sep)) or (target.is_dir() and not target.is_symlink())
        return target / Path(default).name if named_folder else target
    target = _target(root, default)
    from curator.config import within

    if not within(root, target.parent):
        raise ExportRefused(
            f"{target.parent} is outside the workspace (a link?); choose a file with --out"
        )
    return target


def _refuse_unless_regular(target: Path) -> None:
    """Only regular files are written or replaced: never a link (nor through it), a device, a FIFO, a folder."""
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        raise ExportRefused(
            f"{target} is a symbolic link; curator writes only regular files (choose another --out)"
        )
    if stat.S_ISDIR(st.st_mode):
        raise ExportRefused(f"{target} is a folder; curator writes only regular files")
    if not stat.S_ISREG(st.st_mode):
        raise ExportRefused(
            f"{target} is not a regular file (a device or a pipe); curator writes only regular files"
        )


def write_briefing(
    root: Path, rel_or_abs: str | os.PathLike[str], text: str, *, force: bool = False
) -> Path:
    """Write *text* to *rel_or_abs* (relative to the workspace *root*); returns the path.

    Only a regular file is ever written: a link, a device, a FIFO or a folder at the
    target raises :class:`ExportRefused` and is left untouched, ``force`` or not.
    Without *force* an existing file raises :class:`ExportExists` and is left
    untouched; the new file appears complete or not at all, and a hard link makes
    "create only if absent" atomic where the filesystem allows it.  With *force*
    the file is replaced atomically (a rename: a link put there meanwhile is
    replaced, never followed).
    """
    target = _target(root, rel_or_abs)
    _refuse_unless_regular(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    if force:
        atomic_write_text(target, text)
        return target
    if os.path.lexists(target):
        raise ExportExists(target)
    tmp = temp_name(target)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        try:
            data = memoryview(text.encode("utf-8"))
            while data:
                data = data[os.write(fd, data) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(tmp, target)  # fails if the target appeared meanwhile: never clobbers
        except FileExistsError as exc:
            raise ExportExists(target) from exc
        except OSError:
            # no hard links here (some network/FUSE filesystems): best effort
            if os.path.lexists(target):
                raise ExportExists(target) from None
            os.replace(tmp, target)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    fsync_dir(target.parent)
    return target


def copy_to_clipboard(text: str) -> tuple[bool, str]:
    """Copy *text*; (ok, message).  Never raises: no display, no xclip, no pyperclip are all fine."""
    try:
        import pyperclip
    except Exception:  # pragma: no cover - pyperclip is a dependency
        return False, "clipboard unavailable (pyperclip is not installed)"
    try:
        pyperclip.copy(text)
    except Exception as exc:  # PyperclipException, OSError from xclip/pbcopy, anything else
        detail = sanitize(str(exc)).strip().splitlines()
        reason = detail[0][:120] if detail else type(exc).__name__
        return False, f"clipboard unavailable ({reason})"
    return True, f"copied the briefing to the clipboard ({len(text)} characters)"


def export_json(
    *,
    path: Path | None,
    text: str | None,
    count: int,
    lang: str,
    overwritten: bool,
    clipboard: bool | None,
    clipboard_error: str | None,
) -> dict[str, object]:
    """What ``export --json`` prints: a stable shape (README, "Scripting").

    ``path`` is the file written (None with ``--stdout``, whose briefing is ``text`` then);
    ``clipboard`` is None when not asked, else whether the copy worked.
    """
    return {
        "path": str(path) if path is not None else None,
        "stdout": text is not None,
        "text": text,
        "increments": count,
        "lang": lang,
        "overwritten": overwritten,
        "clipboard": clipboard,
        "clipboard_error": clipboard_error,
    }


def _say_if_empty(count: int) -> None:
    if count == 0:
        print(
            "curator: nothing is approved in this window; the briefing says 0 increments",
            file=sys.stderr,
        )


def cmd_export(args: argparse.Namespace) -> int:
    """Render the approved increments and write/print/copy them; exit 3 when refusing to overwrite."""
    from curator.analysis import analyze
    from curator.store import DecisionStore
    from curator.triage import Triage

    root = resolve_workspace(getattr(args, "workspace", None))
    cfg = load_config(root)
    for problem in cfg.problems:
        print(f"curator: {problem}", file=sys.stderr)
    lang = normalize_lang(getattr(args, "lang", None) or cfg.lang)
    from curator.cache import IndexCache

    cache = IndexCache(root)
    try:
        analysis = analyze(
            root,
            getattr(args, "topic", None),
            getattr(args, "since", None),
            getattr(args, "until", None),
            cfg=cfg,
            cache=cache,
            defer_outside=True,  # the briefing is the window's: notes outside it only dated
        )
    except ValueError as exc:
        print(f"curator: {exc}", file=sys.stderr)
        return 2
    try:
        template = load_template(cfg, lang)
    except TemplateError as exc:
        print(f"curator: {exc}", file=sys.stderr)
        return 2
    editor = cfg.editor_name
    store = DecisionStore.open(root, editor, readonly=True, session_lock=False)
    try:
        for problem in dict.fromkeys([*cache.problems, *store.problems]):  # one line each, once
            print(f"curator: {problem}", file=sys.stderr)
        triage = Triage(analysis, store)
        count = len(triage.approved())
        text = render_briefing(triage, lang=lang, editor=editor, template=template)
    finally:
        store.close()

    as_json = bool(getattr(args, "json", False))
    want_clipboard = bool(getattr(args, "clipboard", False))
    if getattr(args, "stdout", False):
        if not as_json:
            sys.stdout.write(text)
            sys.stdout.flush()
        _say_if_empty(count)
        ok, message = copy_to_clipboard(text) if want_clipboard else (True, "")
        if want_clipboard:
            print(message if ok else f"curator: {message}", file=sys.stderr)
        if as_json:
            from curator import jsonout

            jsonout.emit(
                export_json(
                    path=None,
                    text=text,
                    count=count,
                    lang=lang,
                    overwritten=False,
                    clipboard=ok if want_clipboard else None,
                    clipboard_error=None if ok else message,
                )
            )
        return 0 if ok else EXIT_CLIPBOARD

    try:
        target = output_path(
            root, getattr(args, "out", None), default_output_path(analysis, editor, inbox=cfg.inbox)
        )
    except ExportRefused as exc:
        print(f"curator: {exc}", file=sys.stderr)
        return 2
    force = bool(getattr(args, "force", False))
    existed = os.path.lexists(target)
    try:
        path = write_briefing(root, target, text, force=force)
    except ExportRefused as exc:
        print(f"curator: {exc}", file=sys.stderr)
        return 2
    except ExportExists as exc:
        print(
            f"curator: {exc.path} exists; use --force to overwrite or --out to choose another file",
            file=sys.stderr,
        )
        return EXIT_EXISTS
    except OSError as exc:
        print(f"curator: cannot write {target}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    if not as_json:
        print(f"wrote {path} ({count} increments)")
    _say_if_empty(count)
    ok, message = copy_to_clipboard(text) if want_clipboard else (True, "")
    if want_clipboard:
        if not ok:
            print(f"curator: {message}; the briefing is in {path}", file=sys.stderr)
        elif not as_json:
            print(message)
    if as_json:
        from curator import jsonout

        jsonout.emit(
            export_json(
                path=path,
                text=None,
                count=count,
                lang=lang,
                overwritten=existed and force,
                clipboard=ok if want_clipboard else None,
                clipboard_error=None if ok else message,
            )
        )
    return 0 if ok else EXIT_CLIPBOARD
