"""Numbers in the player's texts follow the language in use: its grouping and decimal marks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.language import LANGUAGES, NUMBER_STYLES, SOURCE_LANGUAGE, number, use_language
from ui.state.files.player_rating import PlayedGame
from ui.state.files.puzzle_record import PuzzleRecord
from ui.words.search_texts import statistics
from ui.words.texts import puzzle_standing, rating_line

NO_BREAK_SPACE = "\u00a0"


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    use_language(SOURCE_LANGUAGE)


def test_every_language_has_its_way_of_writing_numbers():
    assert set(NUMBER_STYLES) == set(LANGUAGES)


@pytest.mark.parametrize(
    ("code", "whole", "four_digits", "millions", "decimal", "negative"),
    [
        ("en", "14,720", "1,720", "1,234,567", "1.3", "-14,720.5"),
        ("de", "14.720", "1.720", "1.234.567", "1,3", "-14.720,5"),
        ("es", "14.720", "1720", "1.234.567", "1,3", "-14.720,5"),
        (
            "fr",
            f"14{NO_BREAK_SPACE}720",
            f"1{NO_BREAK_SPACE}720",
            f"1{NO_BREAK_SPACE}234{NO_BREAK_SPACE}567",
            "1,3",
            f"-14{NO_BREAK_SPACE}720,5",
        ),
    ],
)
def test_a_number_has_the_grouping_and_decimal_mark_of_the_language(
    code, whole, four_digits, millions, decimal, negative
):
    assert use_language(code) == code
    assert number(14720) == whole
    assert number(1720) == four_digits
    assert number(1234567) == millions
    assert number(1.26, decimals=1) == decimal == number(1.3, 1)
    assert number(-14720.5, decimals=1) == negative
    assert number(999) == "999" and number(-7) == "-7" and number(0) == "0"


def test_english_numbers_are_what_python_formats():
    for value in (0, 5, 999, 1000, 14720, -14720, 1234567):
        assert number(value) == f"{value:,}"
    for seconds in (0.0, 0.25, 1.3, 2.55, 59.96, 12345.678):
        assert number(seconds, 1) == f"{seconds:,.1f}"


def test_a_sign_is_shown_when_asked_and_zero_is_never_negative():
    use_language("de")
    assert number(42, signed=True) == "+42"
    assert number(-16, signed=True) == "-16"
    assert number(12345, signed=True) == "+12.345"
    assert number(0, signed=True) == "+0" == f"{0:+d}"
    assert number(-0.04, 1, signed=True) == "+0,0"
    assert number(-0.04, 1) == "0,0"
    assert number(-0.0, None) == "0"


def test_the_shortest_form_localizes_the_decimal_mark_but_does_not_group():
    use_language("fr")
    assert number(2.5, None) == "2,5"
    assert number(3600.0, None) == "3600"
    assert number(0.01, None) == "0,01"
    use_language("en")
    assert [number(value, None) for value in (2.5, 3600.0, 0.01, 30.0)] == ["2.5", "3600", "0.01", "30"]


def test_rounding_that_adds_a_digit_groups_the_rounded_number():
    use_language("es")
    assert number(9999.96, 1) == "10.000,0"
    assert number(9999.94, 1) == "9999,9"


def test_the_search_tells_its_count_and_time_in_the_numbers_of_the_language():
    assert statistics(11, 14_720, 1.3) == "depth 11  \u00b7  14,720 positions  \u00b7  1.3 s"
    use_language("de")
    assert statistics(11, 14_720, 1.3) == "Tiefe 11  \u00b7  14.720 Stellungen  \u00b7  1,3 s"


def test_a_puzzle_rating_is_written_as_the_game_rating_is_in_every_language():
    record = PuzzleRecord(streak=3, rating=1216)
    for language in ("en", "fr", "es", "de"):
        use_language(language)
        assert puzzle_standing(record)[-2].endswith(" \u00b7 1216")
        game = PlayedGame("", "4", 1500, "win", 1216, (), "44")
        assert " 1216 " in rating_line(game, None) and " 1216 " in puzzle_standing(record)[0]
