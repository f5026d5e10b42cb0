"""Is this arXiv ID or URL anchored, and where? (the lookup screen and ``curator lookup``)."""

from curator.lookup import LookupResult, format_text, lookup, shared_index

__all__ = ["LookupResult", "format_text", "lookup", "shared_index"]
