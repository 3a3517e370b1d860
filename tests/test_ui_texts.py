"""The words, labels and bar scale of the engine's values (ui/texts.py): pure functions, no pygame."""

from __future__ import annotations

import pytest

from ai.heuristic.evaluate import LOSES_NEXT, WINS_NEXT
from ai.score import HEURISTIC_LIMIT, from_child, win_in
from ui.state import texts
from ui.state.texts import estimate, lean, legend, outlook, short_label, statistics


@pytest.mark.parametrize(
    ("score", "exact", "words"),
    [
        (win_in(1), True, "Red wins next move"),
        (win_in(13), True, "Red wins in 7"),
        (-win_in(2), True, "Yellow wins next move"),
        (-win_in(12), True, "Yellow wins in 6"),
        (0, True, "draw"),
        (0, False, "even"),
        (6, False, "even"),
        (-19, False, "even"),
        (20, False, "Red is better"),
        (-33, False, "Yellow is better"),
        (89, False, "Red is better"),
        (-202, False, "Yellow is much better"),
        (9_999, False, "Red is much better"),
        (WINS_NEXT, False, "Red is winning"),
        (LOSES_NEXT, False, "Yellow is winning"),
    ],
)
def test_values_in_words_name_who_is_ahead(score, exact, words):
    assert outlook(score, exact, "Red", "Yellow") == words


def test_no_raw_number_ever_reaches_the_words():
    for score in (-99_000, -202, -33, -6, 0, 6, 33, 202, 99_000, win_in(9), -win_in(9)):
        for exact in (False, True):
            words = outlook(score, exact, "X", "O")
            assert not any(character in words for character in "+-") and str(abs(score)) not in words


def test_estimates_are_numbers_for_the_side_they_favour():
    assert estimate(42, "Red", "Yellow") == "Red +42"
    assert estimate(-33, "Red", "Yellow") == "Yellow +33"
    assert estimate(0, "Red", "Yellow") == "0"


def test_short_labels_fit_a_column():
    assert short_label(win_in(1), True) == "W1"
    assert short_label(win_in(11), True) == "W6"
    # The value of a move whose reply wins at once (from the mover's side): the opponent wins in one.
    assert short_label(from_child(win_in(1)), True) == "L1"
    assert short_label(-win_in(6), True) == "L3"
    assert short_label(0, True) == "="
    assert short_label(0, False) is None and short_label(300, False) is None
    labels = [short_label(score, True) for score in range(-win_in(1), -win_in(43), -1)]
    labels += [short_label(score, True) for score in range(win_in(1), win_in(43), -1)]
    assert max(len(label) for label in labels) <= 3


def test_the_legend_explains_the_labels_shown_with_their_own_examples():
    words = legend(["L1", "L1", "W6", "L3", "W8"], "Yellow", "Red")
    assert words == "W6: Yellow wins in 6  \u00b7  L1: Red wins in 1"
    words = legend(["=", None], "X", "O")
    assert words == "=: draw  \u00b7  bars: estimate in the colour of the side it favours"
    assert legend([], "X", "O") == ""


def test_the_bar_scale_matches_the_words():
    assert lean(texts.EVEN_BELOW, False) == pytest.approx(texts.TICKS[0])
    assert lean(texts.BETTER_BELOW, False) == pytest.approx(texts.TICKS[1])
    assert lean(texts.WINNING_FROM, False) == pytest.approx(texts.TICKS[2])
    assert lean(win_in(5), True) == 1.0 and lean(-win_in(5), True) == -1.0
    assert lean(0, True) == 0.0 and lean(0, False) == 0.0


def test_the_bar_scale_is_monotonic_symmetric_and_leaves_the_ends_to_proven_results():
    scores = [0, 1, 6, 19, 20, 21, 50, 89, 90, 91, 200, 1000, 9_999, 10_000, 50_000, HEURISTIC_LIMIT - 1]
    leans = [lean(score, False) for score in scores]
    assert leans == sorted(leans) and len(set(leans)) == len(leans)
    assert all(0 <= value < 1 for value in leans)
    assert all(lean(-score, False) == -lean(score, False) for score in scores)
    # A lean a person can see: one good threat's worth reaches a third of the way.
    assert lean(70, False) > 0.4


def test_statistics_leave_out_a_count_that_says_nothing():
    assert statistics(11, 36_758, 2.46) == "depth 11  \u00b7  36,758 positions  \u00b7  2.5 s"
    assert statistics(2, 0, 0.0) == "depth 2"
    assert statistics(1, 1, 0.01) == "depth 1  \u00b7  1 position  \u00b7  0.0 s"


def test_counts_agree_with_their_number():
    assert texts.count(1, "move") == "1 move" and texts.count(0, "move") == "0 moves"
    assert texts.count(2048, "position") == "2,048 positions"
