"""What a lookup needs from ``curator.toml`` and the folder layout, without reading them if it can.

A warm ``curator lookup`` must not import the config, workspace or TOML modules (importing
them costs several times the answer), so the index keeps a snapshot of what they said, valid
while ``curator.toml`` and the living-doc folder keep their stamps.
"""

from __future__ import annotations

import os

from curator import stamps
from curator.persist import datetime_from_data, datetime_to_data, zone_from_data, zone_to_data
from curator.stamps import Sig, dir_sig, file_sig, settled

TYPE_CHECKING = False
if TYPE_CHECKING:
    from datetime import datetime, tzinfo
    from typing import Any

    from curator.config import Config
    from curator.lookup_index import LookupIndex
    from curator.workspace import Layout


def default_window(
    since: datetime | None,
    until: datetime | None,
    hours: float,
    tz: tzinfo | None,
    now: datetime | None = None,
) -> tuple[datetime, datetime]:
    """``Config.default_window`` from its inputs, for the warm path that has no Config (the same
    function)."""
    from curator.timeutil import window_ending

    return window_ending(since, until, hours, tz, now)


class Settings:
    """What a lookup needs from ``curator.toml`` and the folder layout.

    Taken from ``Config``/``layout()`` when they are at hand or something changed,
    otherwise from the snapshot the index keeps (valid while ``curator.toml`` and the
    living-doc folder keep their stamps, and the inbox is still a folder).
    """

    def __init__(
        self, idx: LookupIndex, cfg: Config | None, env: dict[str, Any] | None = None
    ) -> None:
        self.idx = idx
        self.cfg = cfg
        self.lay: Layout | None = None
        self.own = False  # cfg was read here from the workspace itself (so it may be snapshotted)
        self.toml_sig: Sig | None = None
        self.env = env
        if env is not None:
            root = idx.root
            self.topic: str | None = env["topic"]
            self.tz_key: str = env["tz"]
            self.docs: dict[str, str] = env["docs"]
            self.inbox = str(root / env["inbox"])
            self.cards = str(root / env["cards"])
            self.cards_rel: str = env["cards"]

    @classmethod
    def open(cls, idx: LookupIndex, cfg: Config | None) -> Settings:
        """From ``cfg`` if given, else the snapshot if it still holds, else ``load_config`` (may
        raise ConfigError)."""
        if cfg is not None:
            return cls(idx, cfg)
        env = idx.env
        root = str(idx.root)
        toml_sig = file_sig(os.path.join(root, "curator.toml"))
        if (
            env is not None
            and toml_sig == env["toml"]
            and dir_sig(os.path.join(root, env["knowledge"])) == env["kdir"]
            and os.path.isdir(os.path.join(root, env["inbox"]))
        ):
            return cls(idx, None, env)
        from curator.config import load_config

        self = cls(idx, load_config(idx.root))
        self.own, self.toml_sig = True, toml_sig
        return self

    def ensure_layout(self) -> None:
        """Run ``layout()`` unless the snapshot stands for it (raises WorkspaceError like it)."""
        if self.env is not None:
            return
        from curator.workspace import layout

        cfg = self.cfg
        assert cfg is not None
        kdir = dir_sig(str(cfg.root / cfg.knowledge))  # stamped before it is listed
        self.lay = lay = layout(cfg)
        self.topic, self.tz_key, self.docs = cfg.topic, str(cfg.tz), lay.docs
        self.inbox, self.cards, self.cards_rel = str(lay.inbox), str(lay.cards), cfg.cards
        now = stamps.now_ns()
        if self.own and kdir is not None and settled(self.toml_sig, now) and settled(kdir, now):
            env = {
                "toml": self.toml_sig,
                "kdir": kdir,
                "topic": cfg.topic,
                "tz": self.tz_key,
                "docs": dict(lay.docs),
                "inbox": cfg.inbox,
                "cards": cfg.cards,
                "knowledge": cfg.knowledge,
                # as data, turned into datetimes and zones only when a note's time is compared
                "window": [
                    datetime_to_data(cfg.since),
                    datetime_to_data(cfg.until),
                    cfg.window_hours,
                ],
                "zone": zone_to_data(cfg.tz),
            }
            if env != self.idx.env:
                self.idx.env, self.idx.dirty = env, True

    def full(self) -> tuple[Config, Layout]:
        """Config and Layout for the slow paths (walking the inbox, reading notes)."""
        if self.cfg is None:
            from curator.config import load_config

            self.cfg = load_config(self.idx.root)
        if self.lay is None:
            from curator.workspace import layout

            self.lay = layout(self.cfg)
        return self.cfg, self.lay

    def missing_topic(self, topic: str) -> Exception:
        from curator.roots import WorkspaceError

        _cfg, lay = self.full()
        return WorkspaceError(
            f"missing living doc for topic {topic!r}: {lay.knowledge / (topic + '.md')}"
        )

    def default_window(self) -> tuple[datetime, datetime]:
        if self.cfg is not None:
            return self.cfg.default_window()
        assert self.env is not None
        since_v, until_v, hours = self.env["window"]
        since, until = datetime_from_data(since_v), datetime_from_data(until_v)
        return default_window(
            since, until, hours, None if since and until else zone_from_data(self.env["zone"])
        )
