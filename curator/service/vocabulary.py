"""The priority markers and the words for them, as the command line and the UI accept them."""

from curator.priority import ALIASES, MARKERS

__all__ = ["ALIASES", "MARKERS"]
