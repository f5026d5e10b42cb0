"""Workspace configuration: ``curator.toml`` at the workspace root.

Every key is optional; the defaults describe the layout of the shared
workspaces (``inbox/``, ``paper_cards/``, ``organized/knowledge/``).
"""

from __future__ import annotations

import getpass
import os
import tomllib
from dataclasses import dataclass, field
from datetime import datetime, timedelta, tzinfo
from pathlib import Path
from typing import Any

from curator.timeutil import parse_iso, resolve_timezone, window_ending

CONFIG_NAME = "curator.toml"


class ConfigError(Exception):
    """A problem the user must fix in curator.toml or on the command line."""


@dataclass
class Config:
    root: Path
    topic: str | None = None
    editor: str | None = None
    timezone: str | None = None
    tz: tzinfo | None = None
    inbox: str = "inbox"
    cards: str = "paper_cards"
    knowledge: str = "organized/knowledge"
    window_hours: float = 24.0
    card_days: float = 3.0
    since: datetime | None = None
    until: datetime | None = None
    lang: str = "zh"
    keymap: dict[str, str] = field(default_factory=dict)
    lexicon: dict[str, Any] = field(default_factory=dict)
    """The ``[lexicon]`` table: a team's own phrases added to the packaged ones
    (curator.lexicon)."""
    template: str | None = None
    max_note_bytes: int = 8 * 1024 * 1024
    max_points: int = 7
    """Key points per increment in the briefing (``[export] max_points``); 0 shows them all."""
    problems: list[str] = field(default_factory=list)

    @property
    def editor_name(self) -> str:
        """Whose decisions and briefing these are: config, then $USER."""
        if self.editor:
            return self.editor
        try:
            return os.environ.get("USER") or getpass.getuser() or "editor"
        except Exception:  # getpass can fail without a passwd entry
            return "editor"

    def default_window(self, now: datetime | None = None) -> tuple[datetime, datetime]:
        """The configured window, else the ``window_hours`` ending now."""
        return window_ending(self.since, self.until, self.window_hours, self.tz, now)

    @property
    def zone(self) -> tzinfo:
        """The zone the workspace's times are shown in: ``timezone``, else a pinned window's, else
        the machine's.

        The same rule as the window the UI shows, so ``history`` and the screen agree on the clock.
        """
        if self.timezone and self.tz is not None:
            return self.tz
        pinned = self.until or self.since
        if pinned is not None and pinned.tzinfo is not None:
            return pinned.tzinfo
        local = datetime.now().astimezone().tzinfo
        assert local is not None  # astimezone() always attaches the machine's zone
        return local


def window_bounds(
    cfg: Config,
    since: str | datetime | None,
    until: str | datetime | None,
    now: datetime | None = None,
) -> tuple[datetime, datetime]:
    """--since/--until (ISO with offset), else curator.toml, else ``window_hours`` ending now.

    ValueError for a time that is not ISO 8601 or a window beyond the range of dates;
    WorkspaceError for an empty one.
    """
    s = parse_iso(since, cfg.tz) if isinstance(since, str) else since
    u = parse_iso(until, cfg.tz) if isinstance(until, str) else until
    try:
        if s and u:
            pass
        elif u:
            s = u - timedelta(hours=cfg.window_hours)
        elif s:
            u = s + timedelta(hours=cfg.window_hours)
        else:
            s, u = cfg.default_window(now)
        _ = u - timedelta(days=cfg.card_days)  # the paper cards' start must be a date too
    except OverflowError:
        raise ValueError(
            f"the window ({since or '…'} → {until or '…'}) is out of the range of dates"
        ) from None
    if s >= u:
        from curator.roots import WorkspaceError

        raise WorkspaceError(
            f"empty window: --since {s.isoformat()} is not before --until {u.isoformat()}"
        )
    return s, u


def _get(data: dict[str, Any], *names: str) -> Any:
    for name in names:
        cur: Any = data
        for part in name.split("."):
            if not isinstance(cur, dict) or part not in cur:
                cur = None
                break
            cur = cur[part]
        if cur is not None:
            return cur
    return None


TEXT_KEYS: dict[str, tuple[str, ...]] = {
    "topic": ("topic",),
    "editor": ("editor",),
    "timezone": ("timezone", "tz"),
}
"""Free text: attribute → the names it may have in the file, first found wins."""

PATH_KEYS: dict[str, tuple[str, ...]] = {
    "inbox": ("paths.inbox", "inbox"),
    "cards": ("paths.paper_cards", "paths.cards", "paper_cards"),
    "knowledge": ("paths.knowledge", "knowledge"),
    "lang": ("lang", "export.lang"),
    "template": ("export.template", "template"),
}
"""Text that names a place (checked by :func:`path_problem`; ``lang`` fills the template's
``{lang}``)."""

NUMBER_KEYS: dict[str, tuple[str, ...]] = {
    "window_hours": ("window_hours", "window.hours"),
    "card_days": ("card_days", "paper_cards_days", "window.card_days"),
}
"""Hours and days, each more than 0 and at most :data:`LIMITS`."""

TIME_KEYS: dict[str, tuple[str, ...]] = {
    "since": ("since", "window.since"),
    "until": ("until", "window.until"),
}
"""ISO 8601 times (TOML datetimes too); a bad one is a :class:`ConfigError`."""

POINTS_KEYS = ("export.max_points", "max_points")
FREE_TABLES = ("lexicon", "keymap", "keys")
"""Tables whose keys are the user's own (phrases; action ids, checked by the UI's registry)."""

KNOWN_KEYS: frozenset[str] = (
    frozenset(
        name
        for table in (TEXT_KEYS, PATH_KEYS, NUMBER_KEYS, TIME_KEYS)
        for names in table.values()
        for name in names
    )
    | frozenset(POINTS_KEYS)
    | frozenset(FREE_TABLES)
)
"""Every key curator.toml may hold, dotted (the schema); any other is reported."""


def load_config(root: Path) -> Config:
    """Read ``curator.toml`` if present; bad values become problems, not crashes.

    Unknown keys and values out of range are reported in ``Config.problems`` (the UI and
    the CLI show them); an unreadable file, zone or time is a :class:`ConfigError`.
    """
    cfg = Config(root=root)
    path = root / CONFIG_NAME
    data = _read(path)
    for attr, keys in TEXT_KEYS.items():
        setattr(cfg, attr, _text(cfg, attr, _get(data, *keys)))
    try:
        cfg.tz = resolve_timezone(cfg.timezone)
    except ValueError as exc:
        raise ConfigError(f"{path}: {exc}") from exc
    _read_paths(cfg, data)
    _read_numbers(cfg, data)
    _read_times(cfg, data, path)
    _read_points(cfg, data)
    lexicon = _get(data, "lexicon")
    if isinstance(lexicon, dict):
        cfg.lexicon = lexicon
    from curator.lexicon import use_lexicon_of

    use_lexicon_of(cfg.lexicon)  # the words this workspace reads its notes by
    keymap = _get(data, "keymap", "keys")
    if isinstance(keymap, dict):
        _read_keymap(cfg, keymap)
    unknown = unknown_keys(data)
    if unknown:
        cfg.problems.append(
            f"{CONFIG_NAME}: unknown key{'s' if len(unknown) > 1 else ''} "
            f"{', '.join(_path_shown(k) for k in unknown[:10])} (ignored)"
        )
    return cfg


def _read(path: Path) -> dict[str, Any]:
    """The file's tables, empty when there is no file; ConfigError when it is not TOML."""
    if not path.is_file():
        return {}
    try:
        return tomllib.loads(path.read_text(encoding="utf-8", errors="replace"))
    except (tomllib.TOMLDecodeError, OSError) as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from exc


def _read_paths(cfg: Config, data: dict[str, Any]) -> None:
    for attr, keys in PATH_KEYS.items():
        value = _text(cfg, attr, _get(data, *keys))
        if value:
            refused = path_problem(cfg.root, attr, value)
            if refused:
                cfg.problems.append(refused)
            else:
                setattr(cfg, attr, value)


def _read_numbers(cfg: Config, data: dict[str, Any]) -> None:
    for attr, keys in NUMBER_KEYS.items():
        value = _get(data, *keys)
        if value is None:
            continue
        problem = _out_of_range(attr, value)
        if problem:
            cfg.problems.append(f"{CONFIG_NAME}: {problem}; using {getattr(cfg, attr):g}")
        else:
            setattr(cfg, attr, float(value))


def _read_times(cfg: Config, data: dict[str, Any], path: Path) -> None:
    for attr, keys in TIME_KEYS.items():
        value = _get(data, *keys)
        if value is None:
            continue
        if isinstance(value, datetime):
            parsed = value if value.tzinfo else value.replace(tzinfo=cfg.tz)
        else:
            try:
                parsed = parse_iso(str(value), cfg.tz)
            except ValueError as exc:
                raise ConfigError(f"{path}: {attr} = {value!r} is not an ISO 8601 time") from exc
        setattr(cfg, attr, parsed)


def _read_points(cfg: Config, data: dict[str, Any]) -> None:
    value = _get(data, *POINTS_KEYS)
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
        cfg.problems.append(
            f"{CONFIG_NAME}: max_points = {_shown(value)} is not a whole number from 0 to 1000; "
            f"using {cfg.max_points}"
        )
    else:
        cfg.max_points = value


def _read_keymap(cfg: Config, table: dict[str, Any]) -> None:
    """``[keymap]``: action id → keys as text; which ids there are is the UI's to check."""
    for name, value in flat_keymap(table).items():
        if isinstance(value, bool) or not isinstance(value, SCALARS):
            cfg.problems.append(
                f"{CONFIG_NAME}: [keymap] {_path_shown(name)} = {_shown(value)} "
                "is not a key name; ignored"
            )
        else:
            cfg.keymap[name] = str(value)


def flat_keymap(table: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """``[keymap]`` as action id → keys; TOML's dotted keys (``triage.approve = "y"``) nest, so
    flatten."""
    out: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(flat_keymap(value, f"{name}."))
        else:
            out[name] = value
    return out


def unknown_keys(data: dict[str, Any], prefix: str = "") -> list[str]:
    """The dotted keys of *data* the schema (:data:`KNOWN_KEYS`) does not name, in file order."""
    out: list[str] = []
    for key, value in data.items():
        name = f"{prefix}{key}"
        if name in KNOWN_KEYS:
            continue
        if isinstance(value, dict) and any(k.startswith(f"{name}.") for k in KNOWN_KEYS):
            out.extend(unknown_keys(value, f"{name}."))
        else:
            out.append(name)
    return out


LIMITS = {"window_hours": 24.0 * 366 * 10, "card_days": 366.0 * 10}
"""The largest window and paper-card age that mean anything (ten years); beyond, dates overflow."""


def _out_of_range(name: str, value: Any) -> str | None:
    """Why *value* cannot be *name* (a number of hours/days), None if it can."""
    limit = LIMITS[name]
    if isinstance(value, bool) or not isinstance(value, int | float):
        return f"{name} = {_shown(value)} is not a number"
    if not 0 < value <= limit:
        return f"{name} = {_shown(value)} is out of range (more than 0, at most {limit:g})"
    return None


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


FOLDER_KEYS = {"inbox": "inbox", "cards": "paper_cards", "knowledge": "organized/knowledge"}
"""Config attributes naming a folder of the workspace, with their defaults."""


def path_problem(root: Path, attr: str, value: str) -> str | None:
    """Why a path from ``curator.toml`` is refused, in one line; None when it may be used.

    The workspace is shared, so its ``curator.toml`` may be anyone's: a folder key must resolve
    (links followed) inside the workspace; the template may also be a file under the user's
    own config folder (``platformdirs.user_config_dir("curator")``).  ``{lang}`` in the template
    is checked for every language.
    """
    if attr in FOLDER_KEYS:
        if within(root, root / value):
            return None
        return (
            f'{CONFIG_NAME}: {attr} = "{_path_shown(value)}" is outside the workspace; '
            f'using "{FOLDER_KEYS[attr]}"'
        )
    if attr == "template":
        if all(template_allowed(root, value.replace("{lang}", lang)) for lang in ("zh", "en")):
            return None
        return (
            f'{CONFIG_NAME}: template = "{_path_shown(value)}" '
            "is neither in the workspace nor in your own config "
            f"folder ({user_config_folder()}); using the built-in template"
        )
    return None


def within(root: Path, path: Path) -> bool:
    """Whether ``path`` (links followed) is ``root`` or inside it."""
    try:
        return path.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError, ValueError):  # a link loop, a name the system refuses
        return False


def user_config_folder() -> Path:
    from platformdirs import user_config_dir  # only when a template points outside the workspace

    return Path(user_config_dir("curator"))


def template_allowed(root: Path, raw: str) -> bool:
    """A template file in the workspace, or under the user's own config folder."""
    path = Path(raw).expanduser()
    if not path.is_absolute():
        path = root / path
    return within(root, path) or within(user_config_folder(), path)


def _path_shown(value: str) -> str:
    """A value from the file as one printable line."""
    return "".join(c if c.isprintable() else "?" for c in value)[:200]


SCALARS = (str, int, float)
"""What a text value may be written as (``timezone = 8`` reads as "8"); a table, list or date may
not."""


def _text(cfg: Config, attr: str, value: Any) -> str | None:
    """*value* as text, None when absent; a table, list, date or true/false is reported and
    ignored."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, SCALARS):
        cfg.problems.append(f"{CONFIG_NAME}: {attr} = {_shown(value)} is not text; ignored")
        return None
    return _str(value)


def _str(value: Any) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    return text or None
