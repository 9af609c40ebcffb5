"""``python -m gamekit.bench``: run the bench (see `gamekit.bench`)."""

from gamekit.bench.cli import main

raise SystemExit(main())
