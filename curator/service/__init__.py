"""The one door into the core for the UI (``curator.tui``) and the command line (``curator.cli``).

An evening is opened (:mod:`.loader`: workspace, topic, window → analysis, with progress),
edited (:mod:`.session`: decide, undo, redo, bulk, merge, edit), watched (:mod:`.watch`),
filtered (:mod:`.filtering`), looked up (:mod:`.lookup`) and exported (:mod:`.briefing`).
Everything below this package is the pipeline (read → split → index → judge → decisions →
briefing); ``lint-imports`` checks that the UI and the CLI reach it only through here and
:mod:`curator.models`.

Submodules are imported one by one, never from this file: the UI's first frame must not pay
for the analysis engine.
"""
