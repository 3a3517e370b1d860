"""The compiled core's bound from the second player's follow-up strategy (enhanced layout; see
``follow_up_bound`` in ai/exact/c4core/search.c), checked against an oracle written here from its statement.

The statement: with an even number of stones on a board of even height (the first player to move), the second
player can answer every move so that the first player's stones stay within her stones, the empty cells of odd
rows and the cells playable now, while his come to hold all the other cells of even rows, each as soon as the
cell below is filled. A four in a row of hers that lies above one of his (the same direction, the same
columns, higher) cannot be completed before his. If her cells hold no other four in a row her score is at most
0, and if his then hold one, he wins by the time that four's top cell is filled, with at least the cells above
it still empty: at most -1 - E / 2 for E empty cells (even, the second player making the last move). The
published scores must respect the bound wherever it applies (a test of the reasoning), and the core must use
it (a test of the code).
"""

from __future__ import annotations

import pytest

from ai.exact.compiled_core import NativeConnectFourSolver
from game import ConnectFour
from tests.conftest import read_positions, require_compiled_core

WIDTH, HEIGHT = 7, 6
COLUMN_BITS = HEIGHT + 1
BOTTOM = sum(1 << (column * COLUMN_BITS) for column in range(WIDTH))
CELLS = BOTTOM * ((1 << HEIGHT) - 1)
EVEN_ROWS = sum(BOTTOM << row for row in range(1, HEIGHT, 2))
SETS = ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1")


def cell(column: int, row: int) -> int:
    return 1 << (column * COLUMN_BITS + row)


Line = tuple[tuple[int, int], list[tuple[int, int]]]

#: Every line of four on the board: its direction as a (column, row) step (vertical, horizontal, up to the
#: right, down to the right) and its cells in that order.
LINES: list[Line] = [
    ((dc, dr), [(column + i * dc, row + i * dr) for i in range(4)])
    for dc, dr in ((0, 1), (1, 0), (1, 1), (1, -1))
    for column in range(WIDTH)
    for row in range(HEIGHT)
    if 0 <= column + 3 * dc < WIDTH and 0 <= row + 3 * dr < HEIGHT
]


def fours(stones: int) -> list[Line]:
    return [line for line in LINES if all(stones & cell(*at) for at in line[1])]


def lies_below(his: Line, hers: Line) -> bool:
    """Whether ``his`` is ``hers`` moved down some rows: the same direction, each cell lower in its column."""
    (direction, his_cells), (her_direction, her_cells) = his, hers
    drop = her_cells[0][1] - his_cells[0][1]
    return (
        direction == her_direction
        and drop > 0
        and his_cells == [(column, row - drop) for column, row in her_cells]
    )


def follow_up_bound(moves: str) -> int | None:
    """The bound on the score of the position after ``moves`` (its stones even in number), or None."""
    game = ConnectFour.from_moves(moves)
    mask = game.occupied()
    second = game.stones(1)
    playable = (mask + BOTTOM) & CELLS
    second |= EVEN_ROWS & ~mask & ~playable
    his = fours(second)
    if not all(any(lies_below(four, hers) for four in his) for hers in fours(CELLS & ~second)):
        return None
    if not his:
        return 0
    lowest_top = min(max(row for _, row in cells) for _, cells in his)
    empty = HEIGHT - 1 - lowest_top  # rows from 0: the cells above that top
    return -1 - (empty + empty % 2) // 2


def bounded_positions() -> list[tuple[str, int, int]]:
    """(moves, published score, bound) of the shipped test-set positions the bound applies to."""
    found = []
    for name in SETS:
        for moves, score in read_positions(name):
            if len(moves) % 2 == 0 and (bound := follow_up_bound(moves)) is not None:
                found.append((moves, score, bound))
    return found


def test_the_published_scores_respect_the_bound_wherever_it_applies():
    positions = bounded_positions()
    # The bound must meet enough positions, each way, for the check to mean something.
    assert sum(bound == 0 for _, _, bound in positions) >= 40
    assert sum(bound == -1 for _, _, bound in positions) >= 10
    assert sum(bound < -1 for _, _, bound in positions) >= 5
    assert [row for row in positions if row[1] > row[2]] == []


@pytest.mark.parametrize("reference", [False, True], ids=["enhanced", "reference"])
def test_the_enhanced_core_answers_a_window_above_the_bound_at_once(reference):
    require_compiled_core()
    checked = searched = 0
    for moves, _, bound in bounded_positions():
        game = ConnectFour.from_moves(moves)
        solver = NativeConnectFourSolver(table_slots=1 << 17, reference=reference)
        current, mask = game.stones(game.to_move()), game.occupied()
        if solver.can_win_next(current, mask):
            continue  # the window search is only for positions without a win at once
        result = solver._negamax(current, mask, game.ply(), bound, bound + 1)
        assert result <= bound
        checked += 1
        searched += solver.nodes > 1
    assert checked >= 40
    # The enhanced layout never looks past the root; the reference layout (the Python core's, no bound) does.
    if reference:
        assert searched > checked // 2
    else:
        assert searched == 0
