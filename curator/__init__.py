"""curator: triage a research relay against the living document, by keyboard."""

__version__ = "0.1.0"
