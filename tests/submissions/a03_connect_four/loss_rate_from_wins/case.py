"""score_summary takes the loss rate as 1 - win rate, forgetting the draws (uncatalogued: the
message is a witness)."""

START = "solution"
ANSWERS = {
    "score_summary_code": '''def score_summary(series):
    """Player A's results in `series`: {'games': n, 'win_rate': ..., 'draw_rate': ...,
    'loss_rate': ..., 'mean_score': ...}, rates as fractions of the n games."""
    n = len(series.records)
    return {
        "games": n,
        "win_rate": series.wins / n,
        "draw_rate": series.draws / n,
        "loss_rate": 1 - series.wins / n,
        "mean_score": sum(record.utility for record in series.records) / n,
    }
''',
}
SCORES = {"test_score_summary": 0}
FEEDBACK = [
    "score_summary on the series D (a draw for A) returned {'games': 1, 'win_rate': 0.0, "
    "'draw_rate': 1.0, 'loss_rate': 1.0, 'mean_score': 0.0}",
    "0 won, 1 drawn and 0 lost of 1 game: the rates are 0/1, 1/1 and 0/1",
]
MISTAKES = {"test_score_summary": "witness:score_summary"}
