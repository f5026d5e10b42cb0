"""Every ``--json`` answer: one document on stdout that any parser reads
(:mod:`curator.jsonout`)."""

from curator.jsonout import dumps, emit, encoded, encoding

__all__ = ["dumps", "emit", "encoded", "encoding"]
