"""The road to a reason: where nothing proven says who gets what from a position, the shortest line of best
play from it to a position where something does ("best play: e3 d4 c5, then Red has two threats").

Best play follows the exact solver: the side to move plays a move that keeps its result, a losing side its
slowest loss (so the line is one it would play), a winning or drawing side any move that keeps the win or the
draw. Among those lines the search goes breadth first, each position's moves in the game's centre-first
order, so the road found is a shortest one. The finder proposes; :func:`ai.explain.checks.check` proves the
road whole (every move keeps the value, the claim at its end holds) before anyone sees it.

Some claims cost far more to look for than the others (a steady plan: a search of thousands of positions at
each position of the road, where the others take a millisecond): those come last, at the positions the
search met, shortest lines first, once the cheap claims ended no line within reach. So a road the cheap
claims end is not starved by the dear search at every position on the way, and where only a dear claim ends
one, it is still found (the time left allowing).

A road searched ahead of time (:mod:`ai.explain.road_book`) is followed by :func:`booked_road`: its line
played, the same claims asked for at its end, the whole road checked before it is handed out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ai.claims import ROAD_PLIES, Claim, Result, Road, states_result
from ai.explain.board import BoardView
from ai.explain.checks import check
from ai.explain.values import ExactValues, PositionKey
from game.cells import Cell
from game.connect4 import ConnectFour

#: The claims the finders propose about a position that may state its result (taken one by one, as needed).
Candidates = Callable[[ConnectFour], Iterable[Claim]]

#: The most positions the search for a road looks at (each is explained): past it, no road.
ROAD_POSITIONS = 400


def find_road(
    game: ConnectFour,
    values: ExactValues,
    candidates: Candidates,
    plies: int = ROAD_PLIES,
    positions: int = ROAD_POSITIONS,
    later: Candidates | None = None,
    moves: Callable[[ConnectFour, ExactValues], list[int]] | None = None,
) -> Road | None:
    """A shortest road from ``game`` (not over), at most ``plies`` stones long, to a position where a claim
    stating the value's result proves, looking at no more than ``positions`` positions; None where there is
    none within reach. ``later``: the dear claims (module doc), looked for only where ``candidates`` end no
    road, at the positions met, in the order met; a road they end is a shortest among those roads.
    ``moves``: the moves of best play the search follows (:func:`best_play` where None; the road book's
    wider search gives :func:`every_best_move`)."""
    follow = best_play if moves is None else moves
    frontier: list[tuple[ConnectFour, tuple[Cell, ...]]] = [(game, ())]
    seen = {(game.key(), game.ply())}
    met: list[tuple[ConnectFour, tuple[Cell, ...]]] = []
    for _ in range(plies):
        following = []
        for position, line in frontier:
            view = BoardView(position)
            for move in follow(position, values):
                child = position.copy()
                child.apply(move)
                if child.is_over() or (child.key(), child.ply()) in seen:
                    continue
                seen.add((child.key(), child.ply()))
                if len(met) >= positions:
                    return _later_road(met, values, later)
                cell = view.landing(move)
                assert cell is not None, "a legal move lands"
                met.append((child, (*line, cell)))
                then = _reason_at(child, values, candidates, values.memory.reasons)
                if then is not None:
                    return _road(then, (*line, cell))
                following.append((child, (*line, cell)))
        frontier = following
    return _later_road(met, values, later)


def booked_road(
    game: ConnectFour,
    values: ExactValues,
    line: tuple[int, ...],
    candidates: Candidates,
    later: Candidates | None = None,
) -> Road | None:
    """The road from ``game`` along ``line`` (a road book's, columns from 0: :mod:`ai.explain.road_book`),
    ending at the first claim of ``candidates`` (then of ``later``) that proves at its end, once the whole
    road passes its check; None where it does not (the book is not trusted: the caller then searches)."""
    position = game
    cells: list[Cell] = []
    for column in line:
        cell = BoardView(position).landing(column)
        if cell is None or position.is_over():
            return None
        position = position.copy()
        position.apply(column)
        cells.append(cell)
    if position.is_over():
        return None
    then = _reason_at(position, values, candidates, values.memory.reasons)
    if then is None and later is not None:
        then = _reason_at(position, values, later, values.memory.later_reasons)
    if then is None:
        return None
    road = _road(then, tuple(cells))
    return road if check(game, road, values) else None


def _later_road(
    met: list[tuple[ConnectFour, tuple[Cell, ...]]], values: ExactValues, later: Candidates | None
) -> Road | None:
    """The road to the first of the positions ``met`` (each with its line) where a ``later`` claim proves."""
    if later is None:
        return None
    for position, line in met:
        then = _reason_at(position, values, later, values.memory.later_reasons)
        if then is not None:
            return _road(then, line)
    return None


def _road(then: Claim, line: tuple[Cell, ...]) -> Road:
    assert then.result is not None, "a reason at a road's end states a result"
    result = Result.WIN if then.result is Result.WIN else Result.DRAW
    return Road(then.side, (), result, line=line, then=then)


def best_play(game: ConnectFour, values: ExactValues) -> list[int]:
    """The moves of best play in ``game``, in the game's centre-first order: every move that keeps a win or
    a draw; for a losing side, its slowest loss alone (the first such in that order)."""
    results = values.move_results(game)
    best = max(results.values())
    if best < 0:
        # Only the exact scores tell the slowest loss; the sign of each move's value is all the rest needs.
        return [values.slowest_loss(game)]
    return [move for move in game.moves() if results[move] == best]


def every_best_move(game: ConnectFour, values: ExactValues) -> list[int]:
    """Best play as :func:`best_play`, but for a losing side every move that loses as slowly as the slowest
    (each move's exact score, one solve a move: for a search with time to spend, as the road book's)."""
    results = values.move_results(game)
    best = max(results.values())
    if best >= 0:
        return [move for move in game.moves() if results[move] == best]
    scores = values.analyzer.move_scores(game, budget=values.budget)
    slowest = max(scores[move] for move in game.moves())
    return [move for move in game.moves() if scores[move] == slowest]


def _reason_at(
    position: ConnectFour,
    values: ExactValues,
    candidates: Candidates,
    remembered: dict[PositionKey, Claim | None],
) -> Claim | None:
    """The first proven claim about ``position`` that states its value's result for its side (a win for the
    winner, at least a draw in a drawn position), remembered in ``remembered``, a table of ``values``' memory
    (whose explanations all propose the same ``candidates`` there): a road searched again, from this position
    or the next, finds it there."""
    key = (position.key(), position.ply())
    if key not in remembered:
        reason = _first_proven(position, values, candidates)
        if reason is not None:
            values.keep(position, reason)
        remembered[key] = reason
    return remembered[key]


def _first_proven(position: ConnectFour, values: ExactValues, candidates: Candidates) -> Claim | None:
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
