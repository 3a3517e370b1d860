"""The two names of a cell (game/cells.py): the rules' ``Cell`` counts rows from the bottom, the grid's
``GridCell`` from the top, and the game's answers in grid cells index its own grid."""

from __future__ import annotations

from game import ConnectFour, TicTacToe
from game.cells import grid_cell


def test_a_stone_in_the_bottom_row_is_the_grids_last_row():
    game = ConnectFour()
    game.apply(3)
    last = game.last_cell()
    assert last == grid_cell((3, 0), game.height) == (game.height - 1, 3)
    row, column = last
    assert game.cells()[row][column] == 0


def test_the_winning_cells_are_grid_cells_of_the_winners_stones():
    game = ConnectFour()
    for move in (0, 1, 0, 1, 0, 1, 0):  # four in column 0, from the bottom up
        game.apply(move)
    assert game.winning_cells() == {grid_cell((0, row), game.height) for row in range(4)}
    assert all(game.cells()[row][column] == 0 for row, column in game.winning_cells())


def test_tic_tac_toe_answers_in_the_same_grid():
    game = TicTacToe()
    game.apply(0)  # the top left cell
    last = game.last_cell()
    assert last is not None and game.cells()[last[0]][last[1]] == 0
