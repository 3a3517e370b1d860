"""The proof of every claim before anyone sees it, by code that shares nothing with the finders: the game's
own rules (:class:`~game.connect4.ConnectFour` plays the stones and says who won) and the exact solver's
values (:class:`~ai.explain.values.ExactValues`). Each check tests the sentence :mod:`ai.claims`
gives for its kind, and any result the claim states against the solver.

A check returns False for a claim that is not so; it never raises for one (a wrong cell, a full column), only
the solver's SearchStopped passes through when the budget ends.
"""

from __future__ import annotations

from typing import NoReturn

from ai.claims import (
    ROAD_PLIES,
    Block,
    Claim,
    DoubleThreat,
    EvenThreat,
    ForcingLine,
    HandsOver,
    LeavesPlan,
    OddThreat,
    PlanClaim,
    Result,
    Road,
    WinNow,
    Zugzwang,
    states_result,
)
from ai.explain.replay import replay_plan
from ai.explain.values import ExactValues
from ai.plans import Goal
from game.cells import Cell
from game.connect4 import ConnectFour
from game.protocol import IllegalMove


def stated(result: Result | None, value: int) -> bool:
    """Whether ``result`` (None: none stated) agrees with a side's exact result ``value`` (1, 0, -1)."""
    if result is None:
        return True
    return {
        Result.WIN: value > 0,
        Result.DRAW: value == 0,
        Result.AT_LEAST_DRAW: value >= 0,
        Result.LOSS: value < 0,
    }[result]


def height(game: ConnectFour, column: int) -> int:
    """Stones in ``column``: the row where the next stone there lands."""
    span = ((1 << game.height) - 1) << (column * (game.height + 1))
    return (game.occupied() & span).bit_count()


def on_board(game: ConnectFour, cell: Cell) -> bool:
    return 0 <= cell[0] < game.width and 0 <= cell[1] < game.height


def playable(game: ConnectFour, cell: Cell) -> bool:
    """``cell`` is where the next stone in its column lands."""
    return on_board(game, cell) and height(game, cell[0]) == cell[1] and not game.is_over()


def completes_four(game: ConnectFour, side: int, cell: Cell) -> bool:
    """``cell`` is empty and a stone of ``side`` there would complete a four (by the game's own line test)."""
    if not on_board(game, cell):
        return False
    column, row = cell
    bit = 1 << (column * (game.height + 1) + row)  # the layout of game.kinarow
    return not game.occupied() & bit and game.has_line(game.stones(side) | bit)


def played(game: ConnectFour, cell: Cell) -> ConnectFour | None:
    """``game`` with a stone dropped in ``cell``'s column, if it lands in ``cell``; else None."""
    if not playable(game, cell):
        return None
    child = game.copy()
    try:
        child.apply(cell[0])
    except IllegalMove:
        return None
    return child


def wins_at_once(game: ConnectFour) -> bool:
    """The side to move has a move that completes four."""
    for column in game.moves():
        child = game.copy()
        child.apply(column)
        if child.winner() is not None:
            return True
    return False


def check(game: ConnectFour, claim: Claim, values: ExactValues) -> bool:
    """Whether ``claim`` about ``game`` is so (see :mod:`ai.claims` for what each kind asserts).
    The same claim object checked again about the same position, within one explanation's ``values`` or
    kept in their memory, gets the answer found the first time (the check is deterministic and the values
    exact; a plan's replay is the costly part)."""
    known = values.found(game, claim)
    if known is not None:
        return known
    found = _check(game, claim, values)
    values.checked[(id(claim), game.key(), game.ply())] = (claim, found)
    return found


def _check(game: ConnectFour, claim: Claim, values: ExactValues) -> bool:
    match claim:
        case WinNow():
            return _win_now(game, claim, values)
        case Block():
            return _block(game, claim, values)
        case DoubleThreat():
            return _double_threat(game, claim, values)
        case HandsOver():
            return _hands_over(game, claim, values)
        case ForcingLine():
            return _forcing_line(game, claim, values)
        case OddThreat() | EvenThreat():
            odd = isinstance(claim, OddThreat)
            return bool(claim.cells) and all(
                completes_four(game, claim.side, cell)
                and not playable(game, cell)
                and (cell[1] % 2 == 0) == odd
                for cell in claim.cells
            )
        case Zugzwang():
            threats_hold = all(
                completes_four(game, claim.side, cell) or _own_line(game, claim) for cell in claim.cells
            )
            return threats_hold and stated(claim.result, values.result_for(game, claim.side))
        case PlanClaim():
            return _plan(game, claim, values)
        case LeavesPlan():
            return _leaves_plan(game, claim, values)
        case Road():
            return _road(game, claim, values)
        case _:
            # Every kind has its case above: the type check finds ``claim`` of no type left here.
            unhandled: NoReturn = claim
            raise AssertionError(unhandled)


def _own_line(game: ConnectFour, claim: Zugzwang) -> bool:
    """A zugzwang claim's cells may be a whole line of its side's stones and empty cells (claimeven's win)."""
    bits = [
        1 << (column * (game.height + 1) + row)
        for column, row in claim.cells
        if on_board(game, (column, row))
    ]
    line = sum(bits)
    return len(bits) == 4 and game.has_line(line) and not line & game.stones(1 - claim.side)


def _win_now(game: ConnectFour, claim: WinNow, values: ExactValues) -> bool:
    if game.to_move() != claim.side or not claim.cells:
        return False
    for cell in claim.cells:
        child = played(game, cell)
        if child is None or child.winner() != claim.side:
            return False
    return stated(claim.result, values.result_for(game, claim.side))


def _block(game: ConnectFour, claim: Block, values: ExactValues) -> bool:
    if game.to_move() != claim.side or len(claim.cells) != 1:
        return False
    (cell,) = claim.cells
    if not playable(game, cell) or not completes_four(game, 1 - claim.side, cell):
        return False
    for column in game.moves():
        if column == cell[0]:
            continue
        child = game.copy()
        child.apply(column)
        if child.winner() == claim.side or not wins_at_once(child):
            return False
    results = values.move_results(game)
    others_lose = all(result < 0 for column, result in results.items() if column != cell[0])
    return others_lose and stated(claim.result, results[cell[0]])


def _double_threat(game: ConnectFour, claim: DoubleThreat, values: ExactValues) -> bool:
    position: ConnectFour | None = game
    if claim.move is not None:
        if game.to_move() != claim.side:
            return False
        position = played(game, claim.move)
    if position is None or position.is_over() or position.to_move() == claim.side or len(claim.cells) != 2:
        return False
    first, second = claim.cells
    if not all(completes_four(position, claim.side, cell) for cell in claim.cells) or not playable(
        position, first
    ):
        return False
    if claim.stacked:
        shape = second == (first[0], first[1] + 1)
    else:
        shape = playable(position, second) and first[0] != second[0]
    if not shape or wins_at_once(position):
        return False
    return stated(claim.result, values.result_for(position, claim.side))


def _hands_over(game: ConnectFour, claim: HandsOver, values: ExactValues) -> bool:
    if game.to_move() != claim.side or len(claim.cells) != 2:
        return False
    landing, above = claim.cells
    child = played(game, landing)
    if child is None or child.is_over() or above != (landing[0], landing[1] + 1):
        return False
    if not completes_four(child, claim.whose, above):
        return False
    result = values.result_for(child, claim.side)
    if claim.whose != claim.side:
        taken = played(child, above)
        return taken is not None and taken.winner() == claim.whose and stated(claim.result, result)
    best = max(values.move_results(game).values())
    return result < best and stated(claim.result, result)


def _forcing_line(game: ConnectFour, claim: ForcingLine, values: ExactValues) -> bool:
    side = claim.side
    if game.to_move() != side or len(claim.cells) % 2 == 0 or len(claim.cells) < 3:
        return False
    if values.result_for(game, side) <= 0:
        return False
    position = game
    for index, cell in enumerate(claim.cells):
        child = played(position, cell)
        if child is None:
            return False
        last = index == len(claim.cells) - 1
        if index % 2 == 0 and not last:
            # The stone of the line's side must make a winning cell at the reply's cell, and every other reply
            # must let it complete four at once.
            reply = claim.cells[index + 1]
            if child.is_over() or not completes_four(child, side, reply):
                return False
            for column in child.moves():
                if column == reply[0]:
                    continue
                grandchild = child.copy()
                grandchild.apply(column)
                if grandchild.winner() is not None or not wins_at_once(grandchild):
                    return False
        position = child
    if position.winner() == side:
        return stated(claim.result, 1)
    # The last stone makes two winning cells the opponent cannot both stop (and it cannot win first).
    if position.is_over() or wins_at_once(position):
        return False
    threats = [
        (column, height(position, column))
        for column in position.moves()
        if completes_four(position, side, (column, height(position, column)))
    ]
    stacked = [cell for cell in threats if completes_four(position, side, (cell[0], cell[1] + 1))]
    if len(threats) < 2 and not stacked:
        return False
    return stated(claim.result, values.result_for(position, side))


def _plan(game: ConnectFour, claim: PlanClaim, values: ExactValues) -> bool:
    plan = claim.plan
    if plan is None or plan.side != claim.side or game.to_move() == claim.side:
        return False
    if plan.start != game.moves_text():
        return False
    if not stated(claim.result, values.result_for(game, claim.side)):
        return False
    return replay_plan(game, plan, values)


def _leaves_plan(game: ConnectFour, claim: LeavesPlan, values: ExactValues) -> bool:
    plan = claim.plan
    if plan is None or game.ply() == 0 or game.to_move() != claim.side or len(claim.cells) != 2:
        return False
    parent = game.copy()
    parent.undo()
    held = PlanClaim(claim.side, (), Result.WIN if plan.goal is Goal.WIN else Result.AT_LEAST_DRAW, plan=plan)
    if not _plan(parent, held, values):
        return False
    moved, answer = claim.cells
    child = played(game, moved)
    try:
        answered = plan.answer(game.copy())
    except LookupError:
        return False
    if child is None or moved == answer or not playable(game, answer) or answered != answer[0]:
        return False
    result = values.result_for(child, claim.side)
    return result < max(values.move_results(game).values()) and stated(claim.result, result)


def _road(game: ConnectFour, claim: Road, values: ExactValues) -> bool:
    then = claim.then
    if then is None or isinstance(then, Road) or not states_result(then) or claim.cells:
        return False
    if not 1 <= len(claim.line) <= ROAD_PLIES or then.side != claim.side:
        return False
    if claim.result is Result.WIN:
        tight = then.result is Result.WIN
    else:
        tight = claim.result is Result.DRAW and then.result in (Result.DRAW, Result.AT_LEAST_DRAW)
    if not tight or not stated(claim.result, values.result_for(game, claim.side)):
        return False
    position = game
    for cell in claim.line:
        child = played(position, cell)
        if child is None or child.is_over():
            return False
        # Each stone keeps the value: its mover gets from it the best result the position offers.
        results = values.move_results(position)
        if results[cell[0]] < max(results.values()):
            return False
        position = child
    return check(position, then, values)
