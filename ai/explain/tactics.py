"""Finding the tactics of a position from its threats: wins now, the only block, double threats, moves that
hand a cell over, forcing lines. Found here, proven in :mod:`ai.explain.checks`: a finder may propose a claim
that fails, never show one.

Each finder looks at the position with ``side`` (the side to move) about to play; the claims are
:mod:`ai.claims`'s.
"""

from __future__ import annotations

from ai.claims import Block, Claim, DoubleThreat, ForcingLine, HandsOver, Result, WinNow
from ai.explain.board import BoardView
from game.cells import Cell
from game.connect4 import ConnectFour

#: The longest forcing line looked for, in moves of its side: deeper lines are rare in play and cost time.
FORCING_DEPTH = 6


def double_threat_cells(view: BoardView, side: int) -> tuple[tuple[Cell, Cell], bool] | None:
    """Two winning cells of ``side`` the opponent cannot both stop, and whether they are stacked; None if
    there are none. Does not look at whether the opponent wins first."""
    threats = view.threats(side)
    playable = threats & view.playable()
    cells = view.cells_of(playable)
    if len(cells) >= 2:
        return (cells[0], cells[1]), False
    for cell in cells:
        above = view.above(cell)
        if above is not None and threats & view.bit(above):
            return (cell, above), True
    return None


def win_now(view: BoardView) -> list[Claim]:
    """The side to move's winning cells, as one claim; none when it has none."""
    cells = view.cells_of(view.immediate_threats(view.to_move))
    return [WinNow(view.to_move, tuple(cells))] if cells else []


def block(view: BoardView) -> list[Claim]:
    """The only block, where the opponent has exactly one winning cell to play and the side to move none."""
    side = view.to_move
    if view.immediate_threats(side):
        return []
    cells = view.cells_of(view.immediate_threats(1 - side))
    return [Block(side, (cells[0],))] if len(cells) == 1 else []


def standing_double_threat(view: BoardView) -> list[Claim]:
    """The opponent's double threat already on the board, when the side to move cannot win first."""
    side = view.to_move
    if view.immediate_threats(side):
        return []
    found = double_threat_cells(view, 1 - side)
    if found is None:
        return []
    cells, stacked = found
    return [DoubleThreat(1 - side, cells, stacked=stacked)]


def after(game: ConnectFour, column: int) -> ConnectFour:
    """A copy of ``game`` with ``column`` played."""
    child = game.copy()
    child.apply(column)
    return child


def making_double_threats(game: ConnectFour, view: BoardView) -> list[Claim]:
    """The side to move's moves that make a double threat the opponent cannot answer by winning first (one
    claim each), where it has no win at once."""
    side = view.to_move
    if view.immediate_threats(side):
        return []
    opponent_wins = view.immediate_threats(1 - side)
    found: list[Claim] = []
    for column in game.moves():
        landing = view.landing(column)
        assert landing is not None, "a legal move lands somewhere"
        if opponent_wins & ~view.bit(landing):
            continue
        child_view = BoardView(after(game, column))
        if child_view.immediate_threats(1 - side):
            continue
        made = double_threat_cells(child_view, side)
        if made is not None:
            cells, stacked = made
            found.append(DoubleThreat(side, cells, move=landing, stacked=stacked))
    return found


def hands_over(game: ConnectFour, view: BoardView, whose: int) -> list[Claim]:
    """The side to move's moves that land directly under a winning cell of ``whose``, one claim each; for
    the opponent's cells each claims the loss. None where the side to move wins at once."""
    side = view.to_move
    if view.immediate_threats(side):
        return []
    threats = view.threats(whose)
    found: list[Claim] = []
    for column in game.moves():
        landing = view.landing(column)
        assert landing is not None, "a legal move lands somewhere"
        above = view.above(landing)
        if above is None or not threats & view.bit(above):
            continue
        if whose != side and view.immediate_threats(whose) & ~view.bit(landing):
            # The move loses anyway, to a win elsewhere: handing this cell over is not the reason.
            continue
        result = Result.LOSS if whose != side else None
        found.append(HandsOver(side, (landing, above), result, whose=whose))
    return found


def forcing_line(game: ConnectFour, view: BoardView, depth: int = FORCING_DEPTH) -> list[Claim]:
    """The shortest forcing line of the side to move of two or more of its moves (one move is a double
    threat), up to ``depth`` of them; none where it wins at once or makes a double threat at once."""
    if view.immediate_threats(view.to_move) or making_double_threats(game, view):
        return []
    for limit in range(2, depth + 1):
        line = _force(game, view.to_move, limit)
        if line is not None:
            return [ForcingLine(view.to_move, tuple(line))]
    return []


def _force(game: ConnectFour, side: int, moves_left: int) -> list[Cell] | None:
    """A forcing line of ``side`` (to move in ``game``) of at most ``moves_left`` of its moves, as cells."""
    view = BoardView(game)
    opponent_wins = view.cells_of(view.immediate_threats(1 - side))
    if len(opponent_wins) > 1:
        return None
    for column in game.moves():
        landing = view.landing(column)
        assert landing is not None, "a legal move lands somewhere"
        if opponent_wins and landing != opponent_wins[0]:
            continue
        child = after(game, column)
        if child.winner() == side:
            return [landing]
        child_view = BoardView(child)
        if child_view.immediate_threats(1 - side):
            continue
        if double_threat_cells(child_view, side) is not None:
            return [landing]
        if moves_left == 1:
            continue
        made = child_view.cells_of(child_view.immediate_threats(side))
        if len(made) != 1 or child_view.threats(1 - side) & child_view.bit(made[0]):
            # No threat to answer, or answering it wins for the opponent.
            continue
        reply_column = made[0][0]
        rest = _force(after(child, reply_column), side, moves_left - 1)
        if rest is not None:
            return [landing, made[0], *rest]
    return None
