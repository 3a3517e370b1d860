"""Illegal input is a clear IllegalMove naming the problem (a kind and its details, worded by the words
package), and never changes the position."""

from __future__ import annotations

import re

import pytest

from game import ConnectFour, IllegalMove, TicTacToe
from game.catalog import new_game, parse_size
from game.problems import BadBoard, Problem, RuleProblem
from ui.words.problem_words import error_text


def assert_refused(game, action, message):
    before = (game.key(), game.cells(), game.history())
    with pytest.raises(IllegalMove) as caught:
        action()
    assert re.search(message, error_text(caught.value)), error_text(caught.value)
    assert (game.key(), game.cells(), game.history()) == before


def test_a_refusal_carries_its_kind_and_details_and_says_them_in_english_for_the_log():
    game = ConnectFour.from_moves("1")
    with pytest.raises(IllegalMove) as caught:
        game.play_text("4444444")
    full = Problem.of(RuleProblem.COLUMN_FULL, number=4)
    assert caught.value.problem == Problem.of(
        RuleProblem.BAD_MOVE_IN_STRING, number=7, symbol="'4'", reason=full
    )
    assert (
        str(caught.value) == "bad move in a move string (number=7, symbol='4', reason=column full (number=4))"
    )


def test_full_column_is_refused():
    game = ConnectFour.from_moves("444444")
    assert_refused(game, lambda: game.apply(3), "column 4 is full")
    assert 3 not in game.moves()


def test_column_outside_board_is_refused():
    game = ConnectFour()
    assert_refused(game, lambda: game.apply(7), "not a column of a 7-column board")
    assert_refused(game, lambda: game.apply(-1), "not a column")
    assert_refused(game, lambda: game.text_to_move("8"), "'8' is not a column of a 7-column board")
    assert_refused(game, lambda: game.text_to_move("0"), "'0' is not a column")
    assert_refused(game, lambda: game.text_to_move("x"), "'x' is not a column")


def test_taken_cell_is_refused():
    game = TicTacToe.from_moves("5")
    assert_refused(game, lambda: game.apply(4), "cell 5 is taken")
    assert_refused(game, lambda: game.apply(9), "not a cell of a 3x3 board")
    assert_refused(game, lambda: game.text_to_move("a"), "'a' is not a cell of a 3x3 board")


def test_move_after_game_over_is_refused():
    game = ConnectFour.from_moves("1212121")
    assert game.is_over()
    assert_refused(game, lambda: game.apply(2), "game is over")
    ttt = TicTacToe.from_moves("14253")
    assert_refused(ttt, lambda: ttt.apply(8), "game is over")


def test_undo_at_start_is_refused():
    game = ConnectFour()
    assert_refused(game, game.undo, "no move to take back")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4448", r"move 4 \('8'\): '8' is not a column of a 7-column board"),
        ("4444444", r"move 7 \('4'\): column 4 is full"),
        ("12121212", r"move 8 \('2'\): game is over"),
        ("44 5", r"move 3 \(' '\)"),
    ],
)
def test_bad_move_strings_name_the_move_and_change_nothing(text, message):
    game = ConnectFour.from_moves("1")
    assert_refused(game, lambda: game.play_text(text), message)


def test_bad_tictactoe_move_string():
    game = TicTacToe()
    assert_refused(game, lambda: game.play_text("155"), r"move 3 \('5'\): cell 5 is taken")


def test_catalog_refuses_unknown_games_and_sizes():
    for make, sentence in (
        (lambda: new_game("chess"), "unknown game 'chess'"),
        (lambda: new_game("tictactoe", 5), "3x3 or 4x4"),
        (lambda: parse_size("7by6"), "'7by6' is not a board size like 7x6"),
    ):
        with pytest.raises(BadBoard) as caught:
            make()
        assert sentence in error_text(caught.value)
    assert parse_size("8x7") == (8, 7)
    assert new_game("connect4", 9, 7).variant() == "connect4 9x7"
