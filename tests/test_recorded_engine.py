"""a02's nodes_by_depth check hands the student's function recordings of the course's engines
(`gamekit.checks.a02.counting.RecordedEngine`), since a graded a02 kernel has no engine of
gamekit: a recording must count exactly what the engine counts, and answer nothing else."""

from __future__ import annotations

import pickle

import pytest

from gamekit import TicTacToe
from gamekit.checks.a02.counting import recorded
from gamekit.search import alphabeta_search, minimax_decision
from gamekit.trace import run_traced

GAME = TicTacToe()
LINE = [(1, 1), (2, 2), (1, 2), (1, 3), (3, 1), (2, 1)]
POSITIONS = [GAME.replay(LINE[:k]) for k in range(2, 7)]


@pytest.mark.parametrize("engine", [minimax_decision, alphabeta_search])
def test_a_recording_counts_what_its_engine_counts_and_chooses_its_move(engine):
    recording = pickle.loads(pickle.dumps(recorded(engine, GAME, POSITIONS)))  # as sent
    assert recording.__name__ == engine.__name__
    for position in reversed(POSITIONS):  # any order
        move, trace = run_traced(engine, position, GAME)
        replayed_move, replayed = run_traced(recording, position, GAME)
        assert replayed_move == move
        assert replayed.stats.nodes == trace.stats.nodes > 1
        assert replayed.stats.leaf_evaluations == trace.stats.leaf_evaluations


def test_a_recording_answers_no_other_position():
    recording = recorded(alphabeta_search, GAME, POSITIONS[-2:])
    with pytest.raises(ValueError, match="not one of the positions given to nodes_by_depth"):
        recording(GAME.initial, GAME)
