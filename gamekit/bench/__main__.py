"""``python -m gamekit.bench``: run the bench (see `gamekit.bench`)."""

from gamekit.bench import main

raise SystemExit(main())
