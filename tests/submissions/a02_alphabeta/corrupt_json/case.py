"""A notebook file cut off in the middle (not valid JSON): failed, not a silent 0."""

START = "release"
SCORES = {}
FEEDBACK = []
STATUS = "failed"
FLAGGED = True
REASONS = ["json"]
RAW_NOTEBOOK = '{"cells": [{"cell_type": "code", "metadata": {}, "source": "def alphabeta_sea'
