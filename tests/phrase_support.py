"""What the per-language phrase tests share: the verdict reader as the analysis builds it, and the
questions they ask of it, so each language's file holds only its cases."""

from __future__ import annotations

from curator.hints import read_hints
from curator.lexicon import Lexicon, packaged_lexicon
from curator.verdicts import VerdictReader

TOPIC = "evaluation"
PEOPLE = ["alice", "bob", "carol"]


def reader_for(lex: Lexicon, topic: str = TOPIC) -> VerdictReader:
    """The reader as the analysis builds it: this topic's names, every other topic's names, the inbox's people."""
    names = lex.topic_names(topic)
    own = set(lex.topic_family(topic)) | set(names)
    others = {
        n for t in lex.table("topics") if t != topic for n in lex.topic_names(t) if n not in own
    }
    return VerdictReader(lex, names, sorted(others), PEOPLE)


def kinds(reader: VerdictReader, text: str) -> list[str]:
    """The kinds of remark the reader finds in ``text``, in order."""
    return [v.kind for v in reader.read(text)]


def numbers(text: str) -> list[str]:
    """The section numbers the packaged lexicon's hint phrases find in ``text``."""
    return [h.value for h in read_hints(text, packaged_lexicon()) if h.kind == "number"]
