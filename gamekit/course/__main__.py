"""``python -m gamekit.course``: the instructor's commands (see `gamekit.course`)."""

import sys

from gamekit.course import main

sys.exit(main())
