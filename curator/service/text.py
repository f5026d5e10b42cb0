"""Untrusted note text made safe to show: control and escape sequences removed."""

from curator.textio import is_ignored_name, sanitize

__all__ = ["is_ignored_name", "sanitize"]
