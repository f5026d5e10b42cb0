"""The packaged demo workspace, copied where the user can write."""

from curator.demo import DemoRefused, copy_demo, open_demo

__all__ = ["DemoRefused", "copy_demo", "open_demo"]
