"""Hand-written (issue 30): score_summary gives the rates as percentages (0 to 100) instead of
fractions of the games."""

HANDWRITTEN = True
START = "solution"
ANSWERS = {
    "score_summary_code": """def score_summary(series):
    n = len(series.records)
    return {
        "games": n,
        "win_rate": 100 * series.wins / n,
        "draw_rate": 100 * series.draws / n,
        "loss_rate": 100 * series.losses / n,
        "mean_score": sum(record.utility for record in series.records) / n,
    }
""",
}
SCORES = {"test_score_summary": 0}
FEEDBACK = ["2 wins in 4 games: a rate of 0.5"]
MISTAKES = {"test_score_summary": "expect"}
