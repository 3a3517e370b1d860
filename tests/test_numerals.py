"""The one reading of numbers people type, shared by board sizes, levels and both command lines."""

from __future__ import annotations

import argparse

import pytest

from ai.play.levels import MAX_THINK_SECONDS, Level, parse_level
from game.catalog import parse_size
from game.numerals import MAX_DIGITS, decimal_number, whole_number
from ui.command_line.argument_types import positive_int, seconds_type, seed_type, whole_number_from


@pytest.mark.parametrize(
    ("text", "value"),
    [("7", 7), ("007", 7), ("0", 0), ("9" * MAX_DIGITS, int("9" * MAX_DIGITS))],
)
def test_whole_numbers_are_the_digits_0_to_9_alone(text, value):
    assert whole_number(text) == value


#: Digits of other scripts: full-width, Arabic-Indic, Devanagari. A move string refuses them, so every number
#: does too.
FOREIGN = ["\uff14", "\u0664", "\u096a", "1\uff12"]


@pytest.mark.parametrize(
    "text", ["", " 7", "7 ", "+7", "-7", "7.0", "1e3", "\u00b2", "1_000", "9" * (MAX_DIGITS + 1), *FOREIGN]
)
def test_anything_else_is_no_whole_number(text):
    assert whole_number(text) is None


@pytest.mark.parametrize(
    ("text", "value"), [("2", 2.0), ("0.5", 0.5), (".5", 0.5), ("3.", 3.0), ("007", 7.0)]
)
def test_decimal_numbers_are_digits_with_one_point(text, value):
    assert decimal_number(text) == value


@pytest.mark.parametrize(
    "text",
    ["", ".", " 1", "1 ", "-1", "+1", "1e3", "inf", "nan", "1_0", "1.2.3", "0x10", *FOREIGN, "\uff14.5"],
)
def test_anything_else_is_no_decimal_number(text):
    assert decimal_number(text) is None


def test_every_argument_reads_digits_as_a_move_string_does():
    from game.catalog import new_game
    from game.protocol import IllegalMove

    with pytest.raises(IllegalMove):
        new_game("connect4").play_text("\uff14")
    for read in (positive_int, seconds_type(), seed_type, whole_number_from(1, 9)):
        with pytest.raises(argparse.ArgumentTypeError, match="write numbers with the digits 0-9"):
            read("\uff14")
    for text in FOREIGN:
        with pytest.raises(ValueError):
            parse_size(f"{text}x6")
        with pytest.raises(ValueError):
            parse_level(text, "connect4")


def test_sizes_and_levels_read_whole_numbers_the_same_way():
    assert parse_size("7x6") == (7, 6)
    assert parse_level(" 4 ", "connect4") == Level(4)
    for text in ("\u00b2", "9" * (MAX_DIGITS + 1), "-4"):
        with pytest.raises(ValueError):
            parse_size(f"{text}x6")
        with pytest.raises(ValueError):
            parse_level(text, "connect4")


def test_positive_int_takes_one_and_more():
    assert positive_int("1") == 1
    for text in ("0", "-1", "x", "\u00b2", "9" * (MAX_DIGITS + 1)):
        with pytest.raises(argparse.ArgumentTypeError, match="whole number of at least 1"):
            positive_int(text)


@pytest.mark.parametrize("at_most", [float("inf"), MAX_THINK_SECONDS])
def test_seconds_are_finite_and_more_than_zero(at_most):
    seconds = seconds_type(at_most)
    assert seconds("0.5") == 0.5 and seconds("3600") == 3600
    for text in ("0", "0.0", "00", "-1", "-0.5"):
        with pytest.raises(argparse.ArgumentTypeError, match="must be"):
            seconds(text)
    for text in ("soon", "--1", "- 1", "nan", "inf", "1e400", " 2"):
        with pytest.raises(argparse.ArgumentTypeError, match="is not a number of seconds"):
            seconds(text)


def test_ranges_and_seeds():
    depth = whole_number_from(1, 10)
    assert depth("1") == 1 and depth("10") == 10
    for text in ("0", "11", "-1", "x"):
        with pytest.raises(argparse.ArgumentTypeError, match="must be a whole number from 1 to 10"):
            depth(text)
    assert seed_type("-3") == -3 and seed_type("12") == 12
    for text in ("+3", "1_0", "--3", " 3", ""):
        with pytest.raises(argparse.ArgumentTypeError, match="must be a whole number"):
            seed_type(text)


def test_seconds_have_an_upper_bound_only_where_asked():
    assert seconds_type()("86400") == 86400
    with pytest.raises(argparse.ArgumentTypeError, match="at most 3600 seconds"):
        seconds_type(MAX_THINK_SECONDS)("3600.5")
