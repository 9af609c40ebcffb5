"""Hand-written: ucb1 avoids dividing by zero and log(0) by adding 1 to N and to parent_N
(Laplace-style smoothing), so an unvisited child gets a finite score and every score is off."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "ucb1_code": """def ucb1(Q, N, parent_N, c):
    # +1 so that a new child (N = 0) does not divide by zero
    visits = N + 1
    total_visits = parent_N + 1
    average = Q / visits
    exploration = c * math.sqrt(math.log(total_visits) / visits)
    return average + exploration
""",
}
SCORES = {"test_ucb1": 0}
FEEDBACK = ["ucb1 on Q = 0, N = 0, parent_N = 1, c = 1 returned 0.8326, but should return inf"]
MISTAKES = {"test_ucb1": "witness:ucb1"}
