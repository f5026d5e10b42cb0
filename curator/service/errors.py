"""Which failures of the core mean an unusable or a busy workspace (exit 2 and exit 4).

Checked without importing the modules that define them: a command imports only what it
needs (a warm ``curator lookup`` loads neither the config nor the store), and a module that
was never imported cannot have raised its error.
"""

from __future__ import annotations

import sys

_UNUSABLE = (("curator.roots", "WorkspaceError"), ("curator.config", "ConfigError"))


def _raised(exc: BaseException, module: str, name: str) -> bool:
    """Whether *exc* is *module*.*name*, without importing the module."""
    mod = sys.modules.get(module)
    return mod is not None and isinstance(exc, getattr(mod, name))


def is_workspace_busy(exc: BaseException) -> bool:
    """Another process held the decisions lock past the wait (``WorkspaceBusy``)."""
    return _raised(exc, "curator.locks", "WorkspaceBusy")


def is_unusable_workspace(exc: BaseException) -> bool:
    """No workspace there, a missing folder or topic, or a ``curator.toml`` that cannot be used."""
    return any(_raised(exc, module, name) for module, name in _UNUSABLE)
