"""Glicko-2 (ai/rating/glicko.py) against Glickman's own worked example, and the behaviour a player sees: a
newcomer's rating moves far and is provisional, a settled one moves little."""

from __future__ import annotations

import pytest

from ai.rating.glicko import NEW_DEVIATION, PROVISIONAL_DEVIATION, Glicko


def test_glickmans_worked_example():
    """From "Example of the Glicko-2 system" (2012): a player of 1500 +- 200, volatility 0.06, tau 0.5, beats
    1400 +- 30 and loses to 1550 +- 100 and to 1700 +- 300 in one period."""
    after = Glicko(1500, 200, 0.06).after([(1400, 30, 1.0), (1550, 100, 0.0), (1700, 300, 0.0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_newcomers_first_loss_to_a_weak_level_moves_the_rating_far_and_it_stays_provisional():
    newcomer = Glicko(2064)
    after = newcomer.after([(1716, 60, 0.0)])
    assert after.rating < 1750 and after.provisional and after.deviation < NEW_DEVIATION
    settled = Glicko(2064, 60).after([(1716, 60, 0.0)])
    assert 2064 - settled.rating < 2064 - after.rating and not settled.provisional


def test_games_settle_the_rating_and_a_period_without_games_widens_it_again():
    player = Glicko(1500)
    for _ in range(30):
        player = player.after([(1500, 50, 0.5)])
    assert player.deviation < PROVISIONAL_DEVIATION and player.rating == pytest.approx(1500, abs=1)
    assert player.after([]).deviation > player.deviation
    low, high = player.interval()
    assert high - low == pytest.approx(4 * player.deviation)
