"""The odd/even theory of threats: each side's threats with their rows' parity, and who controls zugzwang.

Rows here are counted from 1 at the bottom, as players count them: on a board of even height the first
player, filling the board pair by pair, gets the odd rows and the second player the even ones, so a first
player's odd threat and a second player's even threat are the ones that count. Found here, proven in
:mod:`ai.explain.checks` (the exact solver confirms every result before anyone sees it).
"""

from __future__ import annotations

from ai.claims import Claim, EvenThreat, OddThreat, Result, Zugzwang, ZugzwangRule
from ai.explain.board import BoardView
from game.cells import Cell


def is_odd_row(cell: Cell) -> bool:
    """Whether ``cell`` lies in an odd row counted from 1 (row 0 from the bottom is row 1)."""
    return cell[1] % 2 == 0


def quiet_threats(view: BoardView, side: int) -> list[Cell]:
    """``side``'s winning cells that cannot be played yet (the playable ones are tactics, not parity)."""
    return view.cells_of(view.threats(side) & ~view.playable())


def threat_claims(view: BoardView) -> list[Claim]:
    """For each side, its odd threats as one claim and its even threats as another, where it has any."""
    found: list[Claim] = []
    for side in (0, 1):
        cells = quiet_threats(view, side)
        odd = tuple(cell for cell in cells if is_odd_row(cell))
        even = tuple(cell for cell in cells if not is_odd_row(cell))
        if odd:
            found.append(OddThreat(side, odd, None))
        if even:
            found.append(EvenThreat(side, even, None))
    return found


def zugzwang(view: BoardView) -> list[Claim]:
    """Who controls zugzwang, by the first rule of :class:`ZugzwangRule` that applies; none in a position
    with a win to play (tactics decide it) or on a board of odd height."""
    if view.height % 2 or view.immediate_threats(0) or view.immediate_threats(1):
        return []
    held = odd_threat_holds(view)
    if held is not None:
        return [Zugzwang(0, (held,), Result.WIN, rule=ZugzwangRule.ODD_THREAT_HOLDS)]
    return claimeven_everywhere(view)


def odd_threat_holds(view: BoardView) -> Cell | None:
    """With the first player to move, its lowest odd threat with no threat of the second below it in its
    column, where the second player has no even threat at all; None where there is none. (With the second
    player to move, its move may make the threat that refutes the rule, and in the public test sets it
    often does: docs/explanations.md.)"""
    if view.to_move != 0:
        return None
    second = quiet_threats(view, 1)
    if any(not is_odd_row(cell) for cell in second):
        return None
    for cell in sorted(quiet_threats(view, 0), key=lambda cell: cell[1]):
        column, row = cell
        if is_odd_row(cell) and not any(other[0] == column and other[1] < row for other in second):
            return cell
    return None


def claimeven_everywhere(view: BoardView) -> list[Claim]:
    """The second player's claimeven over the whole board: the first player to move, every column with an
    even number of empty cells, and no line of four the first player could complete on odd rows alone. With
    a line of its own on even rows alone the second player wins; else it holds at least a draw."""
    if view.to_move != 0:
        return []
    column_span = (1 << view.height) - 1
    for column in range(view.width):
        filled = (view.occupied >> (column * view.column_bits)) & column_span
        if (view.height - filled.bit_count()) % 2:
            return []
    odd_rows = sum(
        view.bit((column, row)) for column in range(view.width) for row in range(0, view.height, 2)
    )
    empty = view.board_mask & ~view.occupied
    first_reach = view.stones[0] | (empty & odd_rows)
    if _has_four(view, first_reach):
        return []
    second_reach = view.stones[1] | (empty & ~odd_rows & view.board_mask)
    line = _a_four(view, second_reach)
    if line is not None:
        return [Zugzwang(1, line, Result.WIN, rule=ZugzwangRule.CLAIMEVEN_EVERYWHERE)]
    return [Zugzwang(1, (), Result.AT_LEAST_DRAW, rule=ZugzwangRule.CLAIMEVEN_EVERYWHERE)]


def _starts(view: BoardView, stones: int) -> list[tuple[int, int]]:
    """``(start bit index, step)`` of every four in a row within ``stones``."""
    found = []
    for step in (1, view.column_bits, view.column_bits + 1, view.column_bits - 1):
        pairs = stones & (stones >> step)
        fours = pairs & (pairs >> (2 * step))
        while fours:
            low = fours & -fours
            found.append((low.bit_length() - 1, step))
            fours ^= low
    return found


def _has_four(view: BoardView, stones: int) -> bool:
    return bool(_starts(view, stones))


def _a_four(view: BoardView, stones: int) -> tuple[Cell, ...] | None:
    """The cells of one four in a row within ``stones``, None where there is none."""
    starts = _starts(view, stones)
    if not starts:
        return None
    index, step = starts[0]
    return tuple(view.cells_of(sum(1 << (index + i * step) for i in range(4))))
