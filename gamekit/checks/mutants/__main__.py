"""``python -m gamekit.checks.mutants``: the harness's command (`reports.main`)."""

import sys

from gamekit.checks.mutants.reports import main

sys.exit(main())
