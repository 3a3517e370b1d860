"""The summary of bench/boards.py (how far into a game every move is proven), on made-up timings."""

from __future__ import annotations

import argparse

import pytest

from bench.boards import BoardRow, board_size, board_summary, proven_from, summary_row, unsolvable_reason

# Three games' analysis times by ply (None: stopped at 5 s).
GAMES: list[list[float | None]] = [
    [None, 4.0, 0.5, 0.01],  # proven within 5 s from ply 1, within 1 s from ply 2
    [None, None, 3.0, 2.0, 0.2, 0.1],  # within 5 s from ply 2, within 1 s from ply 4
    [0.9, 0.3],  # every position within 1 s
]


def test_a_game_is_proven_from_the_ply_after_its_last_slow_position() -> None:
    assert [proven_from(times, 1.0) for times in GAMES] == [2, 4, 0]
    assert [proven_from(times, 5.0) for times in GAMES] == [1, 2, 0]
    # A stopped last position: proven from no ply of the game.
    assert proven_from([0.1, None], 5.0) == 2
    # A slow position early does not count once a later one is slow too.
    assert proven_from([0.1, 2.0, 0.1, 3.0, 0.1], 1.0) == 4


def test_the_board_summary_is_the_slowest_game_and_the_lower_median() -> None:
    assert board_summary(GAMES, 1.0) == (4, 2)
    assert board_summary(GAMES, 5.0) == (2, 1)
    assert summary_row(BoardRow(8, 7), GAMES, [4, 6, 2]) == "| 8x7 | 3 (2-6 plies) | 4 | 2 | 2 | 1 |"


def test_a_board_without_a_solver_says_why() -> None:
    assert unsolvable_reason((8, 7)) is None
    reason = unsolvable_reason((9, 7))
    assert reason is not None and "63 cells" in reason and "72 board bits" in reason


def test_only_the_boards_the_game_offers_are_taken() -> None:
    assert board_size("8x7") == (8, 7)
    for text in ("5x4", "7y"):
        with pytest.raises(argparse.ArgumentTypeError):
            board_size(text)
