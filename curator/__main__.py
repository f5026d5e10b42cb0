"""Allow ``python -m curator``."""

from curator.cli import main

if __name__ == "__main__":  # importing it (a tool, a spawned process) runs nothing
    raise SystemExit(main())
