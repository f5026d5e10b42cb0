"""What ``curator analyze`` prints: the summary for a reader, the JSON document for a script."""

from curator.report import analysis_json, summary_text

__all__ = ["analysis_json", "summary_text"]
