"""The one reading of numbers people type, shared by board sizes, levels and both command lines."""

from __future__ import annotations

import argparse

import pytest

from ai.play.levels import MAX_THINK_SECONDS, Level, parse_level
from game.catalog import parse_size
from game.numerals import MAX_DIGITS, whole_number
from ui.command_line.argument_types import positive_int, seconds_type


@pytest.mark.parametrize(
    ("text", "value"),
    [("7", 7), ("007", 7), ("0", 0), ("\u0664", 4), ("9" * MAX_DIGITS, int("9" * MAX_DIGITS))],
)
def test_whole_numbers_are_decimal_digits_alone(text, value):
    assert whole_number(text) == value


@pytest.mark.parametrize(
    "text", ["", " 7", "7 ", "+7", "-7", "7.0", "1e3", "\u00b2", "1_000", "9" * (MAX_DIGITS + 1)]
)
def test_anything_else_is_no_whole_number(text):
    assert whole_number(text) is None


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
    for text in ("0", "-1", "nan", "inf", "1e400"):
        with pytest.raises(argparse.ArgumentTypeError, match="must be"):
            seconds(text)
    with pytest.raises(argparse.ArgumentTypeError, match="is not a number of seconds"):
        seconds("soon")


def test_seconds_have_an_upper_bound_only_where_asked():
    assert seconds_type()("86400") == 86400
    with pytest.raises(argparse.ArgumentTypeError, match="at most 3600 seconds"):
        seconds_type(MAX_THINK_SECONDS)("3600.5")
