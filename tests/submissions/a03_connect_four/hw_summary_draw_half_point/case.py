"""Hand-written (issue 30): score_summary counts a draw as half a win in mean_score (the
exercise scores a game by its utility: +1, 0, -1)."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "score_summary_code": """def score_summary(series):
    n = len(series.records)
    return {
        "games": n,
        "win_rate": series.wins / n,
        "draw_rate": series.draws / n,
        "loss_rate": series.losses / n,
        "mean_score": (series.wins + 0.5 * series.draws - series.losses) / n,
    }
""",
}
SCORES = {"test_score_summary": 0}
FEEDBACK = ["mean score of W, W, D, L: (1 + 1 + 0 - 1) / 4"]
MISTAKES = {"test_score_summary": "expect"}
