"""The one door into the core for the UI (``curator.tui``) and the command line (``curator.cli``).

An evening is opened (:mod:`.evening` for a command: workspace, settings read once, the
window's analysis; :mod:`.loader` for the UI's session, with progress), edited
(:mod:`.session`: decide, undo, redo, bulk, merge, edit; :mod:`.deciding`: the same by key,
for scripts), watched (:mod:`.watch`), filtered (:mod:`.filtering`), looked up (:mod:`.lookup`),
reported (:mod:`.report`, :mod:`.jsondoc`) and exported (:mod:`.briefing`); :mod:`.errors`
says which failures mean an unusable or a busy workspace. Everything below this package is
the pipeline (read → split → index → judge → decisions → briefing); ``lint-imports`` checks
that the UI and the CLI reach it only through here and :mod:`curator.models`.

Submodules are imported one by one, never from this file: the UI's first frame must not pay
for the analysis engine, nor a warm ``curator lookup`` for anything but its index.
"""
