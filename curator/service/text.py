"""Untrusted note text made safe to show: control and escape sequences removed."""

from curator.safe_text import is_ignored_name, sanitize

__all__ = ["is_ignored_name", "sanitize"]
