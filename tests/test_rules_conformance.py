"""One conformance suite for every game and variant: random playouts checked against a naive reading
of cells()."""

from __future__ import annotations

import random

import pytest

from game import ConnectFour, Outcome, TicTacToe

VARIANTS = {
    "connect4-7x6": lambda: ConnectFour(),
    "connect4-6x5": lambda: ConnectFour(6, 5),
    "connect4-8x7": lambda: ConnectFour(8, 7),
    "connect4-9x7": lambda: ConnectFour(9, 7),
    "tictactoe-3x3": lambda: TicTacToe(3),
    "tictactoe-4x4": lambda: TicTacToe(4),
}
PLAYOUTS = 400


def naive_lines(cells, k):
    """Every (owner, cells) line of k equal stones, by scanning the grid in all four directions."""
    height, width = len(cells), len(cells[0])
    found = []
    for row in range(height):
        for column in range(width):
            owner = cells[row][column]
            if owner is None:
                continue
            for d_row, d_column in ((0, 1), (1, 0), (1, 1), (1, -1)):
                line = [(row + i * d_row, column + i * d_column) for i in range(k)]
                if all(0 <= r < height and 0 <= c < width and cells[r][c] == owner for r, c in line):
                    found.append((owner, line))
    return found


def check_position(game):
    cells = game.cells()
    lines = naive_lines(cells, game.k)
    winners = {owner for owner, _ in lines}
    assert len(winners) <= 1
    assert game.winner() == (winners.pop() if winners else None)
    assert game.winning_cells() == frozenset(cell for _, line in lines for cell in line)
    empty = sum(cell is None for row in cells for cell in row)
    assert empty == game.width * game.height - game.ply()
    assert game.is_over() == (bool(lines) or empty == 0)
    assert (game.moves() == []) == game.is_over()
    if game.winner() is not None:
        assert game.outcome() is Outcome.WIN
    elif empty == 0:
        assert game.outcome() is Outcome.DRAW
    else:
        assert game.outcome() is None
    assert game.to_move() == game.ply() % 2


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_random_playouts_agree_with_naive_scan_and_undo_restores(variant):
    rng = random.Random(f"conformance-{variant}")
    fresh = VARIANTS[variant]()
    for _ in range(PLAYOUTS):
        game = VARIANTS[variant]()
        snapshots = []
        while not game.is_over():
            check_position(game)
            snapshots.append((game.key(), game.cells(), game.moves(), game.last_cell()))
            move = rng.choice(game.moves())
            game.apply(move)
            before = snapshots[-1][1]
            changed = [
                (row, column)
                for row, line in enumerate(game.cells())
                for column, cell in enumerate(line)
                if cell != before[row][column]
            ]
            assert [game.last_cell()] == changed
        check_position(game)
        # Every notation round-trips through a fresh game.
        replay = type(fresh).from_moves(game.moves_text(), *_size_args(game))
        assert replay.key() == game.key() and replay.cells() == game.cells()
        # Undo walks back through exactly the same positions.
        while snapshots:
            game.undo()
            assert (game.key(), game.cells(), game.moves(), game.last_cell()) == snapshots.pop()
        assert game.key() == fresh.key() and game.ply() == 0 and game.last_cell() is None


def _size_args(game):
    return (game.width, game.height) if isinstance(game, ConnectFour) else (game.width,)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_keys_are_unique_over_many_positions(variant):
    """key() is perfect: different boards (or sides to move) never share a key."""
    rng = random.Random(f"keys-{variant}")
    seen = {}
    for _ in range(300):
        game = VARIANTS[variant]()
        while not game.is_over():
            state = (game.cells(), game.to_move())
            assert seen.setdefault(game.key(), state) == state
            game.apply(rng.choice(game.moves()))


def test_win_on_last_empty_cell_is_a_win_not_a_draw():
    # X holds 1 3 5 8 and plays the last empty cell, 9, completing the diagonal 1-5-9.
    game = TicTacToe.from_moves("12345687")
    assert not game.is_over()
    game.apply(game.text_to_move("9"))
    assert game.ply() == 9
    assert game.outcome() is Outcome.WIN and game.winner() == 0


def test_connect_four_win_on_last_cell():
    """Fill a 4x4-ish Connect Four board so the very last stone makes four: a win, not a draw."""
    rng = random.Random(7)
    for _ in range(20000):
        game = ConnectFour(5, 4)
        while not game.is_over():
            game.apply(rng.choice(game.moves()))
        if game.ply() == 20 and game.winner() is not None:
            assert game.outcome() is Outcome.WIN
            return
    pytest.fail("no full-board win found in the sample")


def test_several_lines_at_once_are_all_highlighted():
    # Red's stone in column 4 joins 1-2-3 and 5 on the bottom row: five in a row, i.e. two overlapping fours.
    game = ConnectFour.from_moves("11223355")
    game.apply(3)
    assert game.winner() == 0
    assert game.winning_cells() == {(5, column) for column in range(5)}
    # X's last stone on cell 3 completes the top row and the anti-diagonal at once.
    ttt = TicTacToe.from_moves("14265879")
    ttt.apply(ttt.text_to_move("3"))
    assert ttt.winning_cells() == {(0, 0), (0, 1), (0, 2), (1, 1), (2, 0)}


def test_notation_examples():
    game = ConnectFour.from_moves("4453")
    assert game.history() == (3, 3, 4, 2)
    assert game.moves_text() == "4453"
    assert game.cells()[5][3] == 0 and game.cells()[4][3] == 1
    ttt = TicTacToe.from_moves("159")
    assert ttt.cells() == ((0, None, None), (None, 1, None), (None, None, 0))
    big = TicTacToe.from_moves("1afg", size=4)
    assert big.history() == (0, 9, 14, 15)
    assert big.moves_text() == "1afg"


def test_moves_are_centre_first():
    assert ConnectFour().moves() == [3, 2, 4, 1, 5, 0, 6]
    assert TicTacToe().moves()[:5] == [4, 0, 2, 6, 8]
