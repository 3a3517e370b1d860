"""The road to a reason: where nothing proven says who gets what from a position, the line of best play from
it to the first position where something does ("best play: e3 d4 c5, then Red has two threats").

The line follows the exact solver: at each position the side to move plays a move that keeps its best result,
the fastest win or the slowest loss among them (ties: the game's own centre-first order), so the road is a
line both sides would play. The finder proposes; :func:`ai.explain.checks.check` proves the road whole (every
move keeps the value, the claim at its end holds) before anyone sees it.
"""

from __future__ import annotations

from collections.abc import Callable

from ai.explain.board import BoardView, Cell
from ai.explain.checks import check
from ai.explain.claims import ROAD_PLIES, Claim, Result, Road, states_result
from ai.explain.values import ExactValues
from game.connect4 import ConnectFour

#: The claims the finders propose about a position (the explainer's position candidates).
Candidates = Callable[[ConnectFour], list[Claim]]


def find_road(
    game: ConnectFour, values: ExactValues, candidates: Candidates, plies: int = ROAD_PLIES
) -> Road | None:
    """The road from ``game`` (not over) along the best line, at most ``plies`` stones long, to the first
    position where a claim stating the value's result proves; None where there is none within reach."""
    position = game.copy()
    line: list[Cell] = []
    for _ in range(plies):
        move = best_move(position, values)
        cell = BoardView(position).landing(move)
        assert cell is not None, "a legal move lands"
        line.append(cell)
        position.apply(move)
        if position.is_over():
            return None
        then = _reason_at(position, values, candidates)
        if then is not None:
            assert then.result is not None, "a reason at a road's end states a result"
            result = Result.WIN if then.result is Result.WIN else Result.DRAW
            return Road(then.side, (), result, line=tuple(line), then=then)
    return None


def best_move(game: ConnectFour, values: ExactValues) -> int:
    """The move of the best line: the exact best score for the side to move (its fastest win, its slowest
    loss, or a draw), the first such in the game's order (centre first)."""
    return values.analyzer.proven_move(game, game.moves(), values.budget)[1]


def _reason_at(position: ConnectFour, values: ExactValues, candidates: Candidates) -> Claim | None:
    """The first proven claim about ``position`` that states its value's result for its side (a win for the
    winner, at least a draw in a drawn position)."""
    for claim in candidates(position):
        if not states_result(claim) or claim.result is None:
            continue
        value = values.result_for(position, claim.side)
        if claim.result is Result.WIN:
            fits = value > 0
        else:
            fits = value == 0 and claim.result in (Result.DRAW, Result.AT_LEAST_DRAW)
        if fits and check(position, claim, values):
            return claim
    return None
