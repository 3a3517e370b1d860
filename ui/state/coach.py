"""The coach: before a human plays a move that changes their result under best play (a win thrown to a draw
or a loss, a draw to a loss), it says so and lets them choose again or play it anyway.

It judges only by proven values: those of the search on the human's position (``move_scores`` of the
session's :class:`~ui.state.session.Thinking`), which the engine proves on 7 x 6, 6 x 5 and Tic-tac-toe when
asked to analyse (the session asks while the coach is on). Where any move's value is not proven yet, the coach
stays silent rather than guess. Pure: no pygame, no engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.score import is_proven_loss, is_proven_win
from ui.state.thinking import Thinking


@dataclass(frozen=True)
class CoachWarning:
    """``move`` would change its player's result from ``best`` (with the best move) to ``played``; results
    are 1 (a win), 0 (a draw), -1 (a loss) under best play from both sides."""

    move: int
    best: int
    played: int


def known_result(score: int, exact: bool) -> int | None:
    """The result a score says for its side: 1, 0 or -1 when proven, None for an estimate."""
    if is_proven_win(score):
        return 1
    if is_proven_loss(score):
        return -1
    return 0 if exact and score == 0 else None


def proven_scores(thinking: Thinking | None, player: int) -> dict[int, int] | None:
    """The score of every move of ``player``'s turn (from the mover's side) when a search about that turn
    valued them all exactly (a proven win, loss or draw); None otherwise."""
    if thinking is None or thinking.player != player or thinking.result is None:
        return None
    scores = {}
    for valued, score, exact in thinking.result.move_scores:
        if known_result(score, exact) is None:
            return None
        scores[valued] = score
    return scores or None


def proven_results(thinking: Thinking | None, player: int) -> dict[int, int] | None:
    """The result of every move of ``player``'s turn (1, 0, -1) when a search about that turn valued them
    all exactly; None otherwise."""
    scores = proven_scores(thinking, player)
    if scores is None:
        return None
    return {move: proven_result(score) for move, score in scores.items()}


def proven_result(score: int) -> int:
    """The result (1, 0, -1) of a score :func:`proven_scores` gave: a proven win, loss, or else a draw."""
    return 1 if is_proven_win(score) else -1 if is_proven_loss(score) else 0


def warning(thinking: Thinking | None, player: int, move: int) -> CoachWarning | None:
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
