"""The triage screen's layers are plain classes at run time (triage_state.Layer): Textual would
silently ignore bindings, styles, reactives or ``@on`` handlers written on one of them."""

from __future__ import annotations

import inspect

from textual.dom import DOMNode
from textual.reactive import Reactive

from curator.tui.screens.triage import TriageScreen

_TEXTUAL_ONLY = ("BINDINGS", "DEFAULT_CSS", "CSS", "CSS_PATH", "COMPONENT_CLASSES", "SCOPED_CSS")


def test_no_layer_holds_what_only_a_textual_class_reads() -> None:
    layers = [c for c in TriageScreen.__mro__[1:] if not issubclass(c, DOMNode) and c is not object]
    assert layers, "the screen has no plain layers any more: this test can go"
    for layer in layers:
        own = vars(layer)
        assert not [name for name in _TEXTUAL_ONLY if name in own], layer
        assert not [n for n, v in own.items() if isinstance(v, Reactive)], layer
        handlers = [
            n for n, v in own.items() if inspect.isfunction(v) and hasattr(v, "_textual_on")
        ]
        assert not handlers, (layer, handlers)
