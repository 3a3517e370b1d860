"""The score scale and its conversions to the benchmark convention and to words."""

from __future__ import annotations

import pytest

from ai.score import Score, from_benchmark, from_child, is_proven_loss, is_proven_win, to_benchmark, win_in


@pytest.mark.parametrize("cells", [42, 30, 56, 9, 16])
def test_benchmark_conversion_round_trips(cells):
    for moves in range(cells - 1):
        for benchmark in range(-(cells // 2), cells // 2 + 1):
            engine = from_benchmark(benchmark, moves, cells)
            if benchmark and not 0 < abs(engine) <= 1_000_000:
                continue
            assert to_benchmark(engine, moves, cells) == benchmark


def test_the_readme_example():
    # Side to move with 3 stones down (6 moves played) wins with its next stone: 22 - 4 = 18.
    assert to_benchmark(win_in(1), 6, 42) == 18
    assert from_benchmark(18, 6, 42) == win_in(1)
    # The side to move loses to the opponent's 4th stone: after 6 moves the opponent has 3, wins in 2 plies.
    assert to_benchmark(-win_in(2), 6, 42) == -18


def test_faster_wins_score_higher_and_slower_losses_score_higher():
    assert win_in(1) > win_in(3) > 0
    assert -win_in(2) < -win_in(4) < 0
    assert is_proven_win(win_in(41)) and is_proven_loss(-win_in(40))


def test_words():
    assert Score(win_in(1)).describe() == "wins now"
    assert Score(win_in(5)).describe() == "win in 3"
    assert Score(-win_in(4)).describe() == "loses in 2"
    assert Score(0).describe() == "draw"
    assert Score.estimate(0).describe() == "+0"
    assert Score.estimate(-35).describe() == "-35"


def test_a_score_knows_its_unit_and_converts_to_the_benchmark_only_when_asked():
    quick, slow = Score(win_in(1)), Score(win_in(5))
    assert quick > slow > Score(0) > Score(-win_in(5)) > Score(-win_in(1))
    assert Score.from_benchmark(18, 6, 42) == quick and quick.benchmark(6, 42) == 18
    assert quick.describe() == "wins now" and Score(0).describe() == "draw"
    assert (quick.result, Score(0).result, Score(-win_in(2)).result) == (1, 0, -1)
    estimate = Score.estimate(42)
    assert not estimate.exact and estimate.describe() == "+42"
    # Only the value compares: a proven draw and an even estimate are worth the same.
    assert Score.estimate(0) == Score(0)
    with pytest.raises(ValueError):
        estimate.benchmark(6, 42)


def test_a_score_says_win_loss_draw_or_estimate_and_in_how_many_moves():
    win, loss, draw, even = Score(win_in(5)), Score(-win_in(4)), Score(0), Score.estimate(0)
    assert win.is_win and not win.is_loss and win.moves_to_end == 3 and win.plies_to_end == 5
    assert loss.is_loss and not loss.is_win and loss.moves_to_end == 2
    assert draw.is_draw and draw.is_proven and draw.known_result == 0
    assert not even.is_draw and not even.is_proven and even.known_result is None
    assert (win.known_result, loss.known_result) == (1, -1)
    # A forced win a heuristic search found is proven, though that search did not reach every end.
    found = Score.estimate(win_in(3))
    assert found.is_proven and found.known_result == 1 and not Score.estimate(5_000).is_proven


def test_a_score_turns_to_the_other_sides_view_one_ply_away():
    child = Score(-win_in(4))
    assert child.from_child() == Score(win_in(5)) == Score(from_child(child.value))
    assert child.from_child().to_child() == child
    assert Score.estimate(42).from_child() == Score.estimate(-42)
    assert not Score.estimate(42).from_child().exact and Score(0).from_child().is_draw
