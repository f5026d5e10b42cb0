"""The decisions store as the UI sees it: its errors, and how a recorded change reads."""

from curator.decision_log import describe
from curator.locks import WorkspaceBusy
from curator.store import DecisionStore, ReadOnlyStore

__all__ = ["DecisionStore", "ReadOnlyStore", "WorkspaceBusy", "describe"]
