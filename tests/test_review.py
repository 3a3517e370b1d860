"""The review of a game: verdicts agree with the exact analyzer, every move once, the game untouched."""

from __future__ import annotations

import random

import pytest

from ai.contracts import ILLEGAL_MOVE, UNBOUNDED, Budget, MoveReview, Verdict, result_of, verdict_for
from ai.exact.analysis import ExactAnalyzer
from ai.heuristic.search import Searcher
from ai.heuristic.table import TranspositionTable
from ai.play.review import review_game
from ai.stop_flag import StopFlag
from game.catalog import new_game


def searcher() -> Searcher:
    return Searcher(TranspositionTable(1 << 16))


@pytest.mark.parametrize(
    ("played", "best", "verdict"),
    [
        (5, 5, Verdict.BEST),
        (0, 0, Verdict.BEST),
        (-4, -4, Verdict.BEST),
        (3, 5, Verdict.KEPT),
        (-6, -2, Verdict.KEPT),
        (0, 4, Verdict.MISTAKE),
        (-3, 0, Verdict.MISTAKE),
        (-1, 1, Verdict.BLUNDER),
    ],
)
def test_verdicts_follow_the_result_from_the_movers_side(played, best, verdict):
    assert verdict_for(played, best) is verdict


def test_a_move_cannot_beat_the_best_move():
    with pytest.raises(ValueError):
        verdict_for(2, 1)


def random_game(name: str, rng: random.Random, size: tuple[int, int] | None = None):
    game = new_game(name, *(size or (None, None)))
    while not game.is_over():
        game.apply(rng.choice(game.moves()))
    return game


def check_against_the_analyzer(game, reviews: list[MoveReview]) -> None:
    """Every move reviewed once, and each review is what a separate analyzer says about its position."""
    history = list(game.history())
    assert sorted(review.ply for review in reviews) == list(range(1, len(history) + 1))
    oracle = ExactAnalyzer()
    board = game.copy()
    while board.ply():
        board.undo()
    by_ply = {review.ply: review for review in reviews}
    for ply, move in enumerate(history, start=1):
        review = by_ply[ply]
        scores = oracle.move_scores(board)
        legal = [score for score in scores if score != ILLEGAL_MOVE]
        assert review.exact and review.move == move and review.mover == board.to_move()
        cells = board.width * board.height
        # The review speaks proven values; the test sets' convention is for the edge, here.
        played, best = (score.benchmark(ply - 1, cells) for score in (review.played, review.best))
        assert played == scores[move] and best == max(legal)
        assert set(review.best_moves) == {m for m, score in enumerate(scores) if score == max(legal)}
        steps = result_of(max(legal)) - result_of(scores[move])
        expected = [Verdict.KEPT, Verdict.MISTAKE, Verdict.BLUNDER][steps]
        assert review.verdict is (Verdict.BEST if scores[move] == max(legal) else expected)
        board.apply(move)


def test_random_tictactoe_games_get_every_verdict_and_agree_with_the_analyzer():
    rng = random.Random(7)
    analyzer = ExactAnalyzer()
    seen = set()
    for _ in range(12):
        game = random_game("tictactoe", rng)
        before = game.moves_text()
        reviews = list(review_game(game, analyzer, searcher()))
        assert game.moves_text() == before and game.is_over()
        check_against_the_analyzer(game, reviews)
        seen |= {review.verdict for review in reviews}
    assert seen == set(Verdict)


def test_each_move_played_scores_what_the_next_position_is_worth():
    """The score of the move played is minus the best score of the position it leads to: one review, read
    along the game, tells a consistent story (checked on 7 x 6, off the book's best lines after move 14)."""
    rng = random.Random(3)
    analyzer = ExactAnalyzer()
    game = new_game("connect4")
    while not game.is_over():
        scores = analyzer.move_scores(game)
        best = max(scores)
        if game.ply() >= 14 and rng.random() < 0.5:
            game.apply(rng.choice(game.moves()))
        else:
            game.apply(rng.choice([move for move, score in enumerate(scores) if score == best]))
    reviews = sorted(review_game(game, analyzer, searcher()), key=lambda review: review.ply)
    assert [review.move for review in reviews] == list(game.history())
    for review, after in zip(reviews, reviews[1:], strict=False):
        assert review.played.benchmark(review.ply - 1, 42) == -after.best.benchmark(after.ply - 1, 42)
    assert reviews[-1].played.result == (1 if game.winner() is not None else 0)
    assert any(review.changed_result() for review in reviews), "the random moves should change the result"
    assert all(review.verdict is Verdict.BEST for review in reviews[:14])


def test_a_set_stop_flag_ends_the_review_quietly():
    game = random_game("tictactoe", random.Random(1))
    stop = StopFlag()
    stop.set()
    assert list(review_game(game, ExactAnalyzer(), searcher(), Budget(stop=stop))) == []


def test_boards_without_an_exact_method_are_estimated_without_verdicts():
    game = new_game("connect4", 9, 7)
    game.play_text("5544")
    reviews = list(review_game(game, ExactAnalyzer(), searcher(), seconds_per_position=0.05))
    assert sorted(review.ply for review in reviews) == [1, 2, 3, 4]
    for review in reviews:
        assert not review.exact and review.verdict is None
        assert review.best_moves and review.played <= review.best
        assert (review.played == review.best) == (review.move in review.best_moves)


def test_large_boards_are_exact_where_the_budget_suffices():
    """On 8 x 7 (over the always-exact size) the last positions of a nearly full board solve at once, and
    the earlier ones are estimated."""
    rng = random.Random(5)
    game = new_game("connect4", 8, 7)
    while game.ply() < 46:
        quiet = [move for move in game.moves() if not _ends(game, move)]
        game.apply(rng.choice(quiet))
    reviews = {
        review.ply: review for review in review_game(game, ExactAnalyzer(), searcher(), UNBOUNDED, 0.02)
    }
    assert sorted(reviews) == list(range(1, 47))
    assert all(reviews[ply].exact and reviews[ply].verdict is not None for ply in (44, 45, 46))
    assert not reviews[1].exact and reviews[1].verdict is None


def _ends(game, move: int) -> bool:
    game.apply(move)
    try:
        return game.is_over()
    finally:
        game.undo()
