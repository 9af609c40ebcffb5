"""Hand-written: best_move picks the move to play as selection does, with the highest UCB1
score (the parent's N taken as the sum of the children's, c = sqrt(2)), not the most visited."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "best_move_code": """def best_move(rows):
    total = 0
    for move, N, Q in rows:
        total += N
    best, best_score = None, -math.inf
    for move, N, Q in rows:
        score = ucb1(Q, N, total, math.sqrt(2))
        if score > best_score:
            best, best_score = move, score
    return best
""",
}
SCORES = {"test_best_move": 0}
FEEDBACK = ["best_move on the rows [('a', 1, 1.0), ('b', 2, 0.0)] returned 'a', but should return 'b'"]
MISTAKES = {"test_best_move": "witness:best_move"}
