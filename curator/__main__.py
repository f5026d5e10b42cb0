"""Allow ``python -m curator``."""

from curator.cli import main

if __name__ == "__main__":  # a process curator starts (curator.card_pool) imports this too
    raise SystemExit(main())
