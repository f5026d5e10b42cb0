"""The workspace's settings (``curator.toml`` and the user's config), read once per command."""

from curator.config import Config, ConfigError, load_config

__all__ = ["Config", "ConfigError", "load_config"]
