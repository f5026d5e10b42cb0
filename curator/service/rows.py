"""The triage rows the UI lists: one per increment, with the decisions applied."""

from curator.triage import PRIORITY_CYCLE, Row, Triage

__all__ = ["PRIORITY_CYCLE", "Row", "Triage"]
