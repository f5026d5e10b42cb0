"""Allow ``python -m curator``."""

from curator.cli import main

raise SystemExit(main())
