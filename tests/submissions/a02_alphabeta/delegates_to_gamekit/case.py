"""both engines just call gamekit's own alpha-beta."""

START = "solution"
ANSWERS = {
    "alphabeta_code": '''import gamekit


def alphabeta_search(state, game):
    """The move alpha-beta chooses for the player to move at `state`."""
    return gamekit.alphabeta_search(state, game)
''',
    "cutoff_code": '''from gamekit.search import alphabeta_cutoff_search as library_search


def alphabeta_cutoff_search(state, game, depth, eval_fn):
    """The move alpha-beta chooses searching `depth` plies below `state`."""
    return library_search(state, game, depth=depth, eval_fn=eval_fn)
''',
}
EDIT_CELLS = {}
DELETE_CELLS = []
SCORES = {"test_alphabeta_search": 0, "test_alphabeta_cutoff": 0}
FEEDBACK = ["is the course's own answer"]
FLAGGED = True  # the lint sees gamekit's engine called in an answer cell
REASONS = ["gamekit's own"]
