"""What the command line writes: one line per problem on stderr, and nothing that drives the
terminal."""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # not at run time: typing costs ~2 ms of every `curator lookup`
    from typing import Any


def say(message: str) -> None:
    """One line on stderr, ``curator: …`` (a problem, a refusal, an error)."""
    print(f"curator: {message}", file=sys.stderr)


def say_all(messages: list[str]) -> None:
    """Each of *messages* on its own line (the problems a command found before its answer)."""
    for message in messages:
        say(message)


class _Clean:
    """A text stream that drops what a workspace could use to drive the terminal (escape
    sequences, C0/C1 controls, bidi overrides) from everything written: titles, file names and
    editor names come from files anyone can commit.  ``buffer`` (raw JSON) passes untouched."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        from curator.service.text import sanitize

        self._stream.write(sanitize(text))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def clean_text_output() -> None:
    """Put :class:`_Clean` around stdout and stderr (not for the UI: Textual owns the terminal)."""
    if not isinstance(sys.stdout, _Clean):
        sys.stdout = _Clean(sys.stdout)
    if not isinstance(sys.stderr, _Clean):
        sys.stderr = _Clean(sys.stderr)
