"""Tic-tac-toe's exact search: its symmetric keys and line bounds change how fast it is, never the value."""

from __future__ import annotations

import random

import pytest

from ai.heuristic.search import Searcher
from ai.heuristic.table import TranspositionTable
from game import TicTacToe


class PlainTicTacToe(TicTacToe):
    """The same game without the optional search helpers: the search's plain path, as the oracle."""

    symmetric_key = None
    can_still_win = None


def random_position(size: int, stones: int, rng: random.Random) -> str:
    while True:
        game = TicTacToe(size)
        while game.ply() < stones and not game.is_over():
            game.apply(rng.choice(game.moves()))
        if not game.is_over():
            return game.moves_text()


def transformed(moves: str, size: int, transpose: bool, flip_rows: bool, flip_columns: bool) -> str:
    game = TicTacToe(size)
    for symbol in moves:
        row, column = divmod(game.text_to_move(symbol), size)
        if transpose:
            row, column = column, row
        row = size - 1 - row if flip_rows else row
        column = size - 1 - column if flip_columns else column
        game.apply(row * size + column)
    return game.moves_text()


@pytest.mark.parametrize("size", [3, 4])
def test_the_symmetric_key_is_the_same_for_all_eight_images(size):
    rng = random.Random(f"symmetry-{size}")
    for _ in range(30):
        moves = random_position(size, rng.randrange(0, size * size - 1), rng)
        keys = {
            TicTacToe.from_moves(transformed(moves, size, t, r, c), size).symmetric_key()
            for t in (False, True)
            for r in (False, True)
            for c in (False, True)
        }
        assert len(keys) == 1, moves
        # Two positions that are not images of each other keep different keys.
        other = random_position(size, len(moves), rng)
        if TicTacToe.from_moves(other, size).symmetric_key() == keys.pop():
            images = {transformed(moves, size, t, r, c) for t in (0, 1) for r in (0, 1) for c in (0, 1)}
            assert any(
                TicTacToe.from_moves(i, size).key() == TicTacToe.from_moves(other, size).key() for i in images
            )


@pytest.mark.parametrize(("size", "fewest"), [(3, 0), (4, 7)])
def test_the_values_equal_the_plain_search(size, fewest):
    rng = random.Random(f"values-{size}")
    plain, fast = Searcher(TranspositionTable(1 << 16)), Searcher(TranspositionTable(1 << 16))
    for _ in range(25):
        moves = random_position(size, rng.randrange(fewest, size * size - 1), rng)
        expected = plain.solve(PlainTicTacToe.from_moves(moves, size))
        assert fast.solve(TicTacToe.from_moves(moves, size)) == expected, moves


def test_the_empty_4x4_board_is_a_draw_in_a_fraction_of_the_plain_search():
    plain, fast = Searcher(TranspositionTable(1 << 18)), Searcher(TranspositionTable(1 << 18))
    assert fast.solve(TicTacToe(4)) == 0
    fast_nodes = fast.nodes
    # The plain search of the empty board takes about 1.9 million positions: compare on one ply down instead.
    game, plain_game = TicTacToe.from_moves("1", 4), PlainTicTacToe.from_moves("1", 4)
    assert fast.solve(game) == plain.solve(plain_game) == 0
    assert fast.nodes < plain.nodes / 2 and fast_nodes < 500_000
