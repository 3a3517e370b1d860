"""The max level on 7 x 6 keeps the game's value with every move from the empty board, as either colour.

Scripted games against opponents that play best moves (the leftmost or the rightmost of them), up to the
opening book's deepest ply, where the exact value of every move is known at once. The exact analyzer (book,
then solver) is the judge: the level's move must score the best of all moves, so it keeps a win (the fastest
one), a draw, or loses as slowly as possible. (Opponents that leave best play early lead to positions the book
does not hold, where the solver needs longer than a move's time: bench/perfect_play.py measures those games.)
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ai.contracts import ILLEGAL_MOVE
from ai.exact.analysis import ExactAnalyzer
from ai.exact.book import shipped_book
from ai.play.levels import MAX
from ai.play.thinker import Thinker
from game import ConnectFour


def best_moves(analyzer: ExactAnalyzer, game: ConnectFour) -> list[int]:
    scores = analyzer.move_scores(game)
    best = max(score for score in scores if score != ILLEGAL_MOVE)
    return [move for move, score in enumerate(scores) if score == best]


def perfect(analyzer: ExactAnalyzer, pick: int) -> Callable[[ConnectFour], int]:
    """An opponent that plays one of the best moves: the leftmost (``pick`` 0) or the rightmost (-1)."""
    return lambda game: best_moves(analyzer, game)[pick]


@pytest.mark.parametrize("max_first", [True, False], ids=["max-level-first", "max-level-second"])
@pytest.mark.parametrize("pick", [0, -1], ids=["leftmost-best", "rightmost-best"])
def test_every_move_of_the_max_level_keeps_the_value(max_first, pick):
    book = shipped_book()
    assert book is not None
    analyzer = ExactAnalyzer(solver_slots=1 << 22)
    opponent = perfect(analyzer, pick)
    thinker = Thinker(seed=5)
    game = ConnectFour()
    judged = 0
    # Up to the book's deepest ply, so that the judge answers at once too.
    while game.ply() < book.max_ply and not game.is_over():
        if (game.ply() % 2 == 0) == max_first:
            *_, result = thinker.think(game, MAX.limits(30.0))
            assert result.score.exact, game.moves_text()
            assert result.best_move in best_moves(analyzer, game), game.moves_text()
            game.apply(result.best_move)
            judged += 1
        else:
            game.apply(opponent(game))
    assert judged >= 2


@pytest.mark.parametrize(
    "moves", ["", "4", "441", "3366", "44444", "4455334", "2252576253462244111563365343671351441"]
)
def test_a_proven_move_has_the_best_score_of_its_position(moves):
    """What the max level plays when it cannot value every move in time: a move of the best score, the one
    offered first when it is one of them (checked against the score of every move)."""
    analyzer = ExactAnalyzer()
    game = ConnectFour.from_moves(moves)
    scores = analyzer.move_scores(game)
    best = max(score for score in scores if score != ILLEGAL_MOVE)
    worst_first = sorted(game.moves(), key=lambda move: scores[move])
    score, move = analyzer.proven_move(game, worst_first)
    assert score.exact and score.benchmark(game.ply(), 42) == best and scores[move] == best
    assert move == next(candidate for candidate in worst_first if scores[candidate] == best)
    assert game.moves_text() == moves
