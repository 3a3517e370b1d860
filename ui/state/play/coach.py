"""The coach: before a human plays a move that changes their result under best play (a win thrown to a draw
or a loss, a draw to a loss), it says so and lets them choose again or play it anyway.

It judges only by proven values: the search's on the human's position (``move_scores`` of the board game's
:class:`~ui.state.board.followed_search.FollowedSearch`), which the engine proves on 7 x 6, 6 x 5 and
Tic-tac-toe when asked to analyse (the board game asks while the coach is on). Where any move's value is not
proven yet, the coach stays silent rather than guess. Pure: no pygame, no engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.score import Score
from ui.state.board.followed_search import FollowedSearch


@dataclass(frozen=True)
class CoachWarning:
    """``move`` would change its player's result from ``best`` (with the best move) to ``played``; results
    are 1 (a win), 0 (a draw), -1 (a loss) under best play from both sides."""

    move: int
    best: int
    played: int


def proven_scores(thinking: FollowedSearch | None, player: int) -> dict[int, Score] | None:
    """The score of every move of ``player``'s turn (from the mover's side) when a search about that turn
    valued them all exactly (a proven win, loss or draw); None otherwise."""
    if thinking is None or thinking.player != player or thinking.result is None:
        return None
    scores = {}
    for valued, score in thinking.result.move_scores:
        if score.known_result is None:
            return None
        scores[valued] = score
    return scores or None


def proven_results(thinking: FollowedSearch | None, player: int) -> dict[int, int] | None:
    """The result of every move of ``player``'s turn (1, 0, -1) when a search about that turn valued them
    all exactly; None otherwise."""
    scores = proven_scores(thinking, player)
    if scores is None:
        return None
    return {move: score.result for move, score in scores.items()}


def warning(thinking: FollowedSearch | None, player: int, move: int) -> CoachWarning | None:
    """What the coach says before ``player`` plays ``move``: a warning when every move's value is proven (a
    search about ``player``'s turn that valued them all exactly) and ``move`` does worse than the best; None
    when the move keeps the result, or when the values are not all proven (silence, not a guess)."""
    results = proven_results(thinking, player)
    if results is None or move not in results:
        return None
    best = max(results.values())
    if results[move] < best:
        return CoachWarning(move, best, results[move])
    return None
