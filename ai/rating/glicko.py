"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2012): a rating with its uncertainty.

A player is a :class:`Glicko` value: the rating on the Elo scale, its deviation (one standard deviation of
what the rating may really be: 350 for a newcomer, shrinking as games are played), and the volatility (how
much the player's strength itself moves). Each game is one rating period of the system, against an opponent
whose own rating and deviation are known (a level of the ladder, a puzzle). A newcomer's first games move the
rating a long way, since little is known; a settled player's move it a little.

The interval a person is shown is :meth:`Glicko.interval`: the rating plus or minus two deviations (about
95 %).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: The Glicko-2 scale: Elo points per unit of its internal scale, and the Elo rating at its zero.
SCALE = 400 / math.log(10)
CENTRE = 1500.0
#: A newcomer's deviation and volatility (Glickman's defaults).
NEW_DEVIATION = 350.0
NEW_VOLATILITY = 0.06
#: The system constant: how far the volatility may move in one period (Glickman suggests 0.3 to 1.2).
TAU = 0.5
#: A rating with a deviation above this is provisional: said so wherever it is shown.
PROVISIONAL_DEVIATION = 110.0
#: Games whose results were all but certain carry less information than this, and change nothing.
_LEAST_INFORMATION = 1e-9
#: The volatility iteration stops when the step is below this (Glickman's epsilon).
_EPSILON = 1e-6


@dataclass(frozen=True)
class Glicko:
    """A rating, its deviation and its volatility (Elo points, Elo points, internal units)."""

    rating: float
    deviation: float = NEW_DEVIATION
    volatility: float = NEW_VOLATILITY

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION

    def interval(self) -> tuple[float, float]:
        """About 95 % of what the rating may really be: two deviations either side."""
        return self.rating - 2 * self.deviation, self.rating + 2 * self.deviation

    def after(self, games: Sequence[tuple[float, float, float]]) -> Glicko:
        """The rating after one period of ``games``, each ``(opponent's rating, opponent's deviation, score)``
        with the score 1 for a win, 0.5 a draw, 0 a loss. A period with no game widens the deviation only."""
        mu, phi = (self.rating - CENTRE) / SCALE, self.deviation / SCALE
        if not games:
            widened = math.sqrt(phi * phi + self.volatility * self.volatility)
            return Glicko(self.rating, min(widened * SCALE, NEW_DEVIATION), self.volatility)
        information, improvement = 0.0, 0.0
        for opponent, opponent_deviation, score in games:
            weight = _g(opponent_deviation / SCALE)
            expected = 1 / (1 + math.exp(-weight * (mu - (opponent - CENTRE) / SCALE)))
            information += weight * weight * expected * (1 - expected)
            improvement += weight * (score - expected)
        if information < _LEAST_INFORMATION:
            # Every result was certain (ratings thousands of points apart): the games tell nothing.
            return self
        variance = 1 / information
        delta = variance * improvement
        volatility = _new_volatility(phi, self.volatility, variance, delta)
        before = math.sqrt(phi * phi + volatility * volatility)
        phi_after = 1 / math.sqrt(1 / (before * before) + 1 / variance)
        mu_after = mu + phi_after * phi_after * improvement
        return Glicko(CENTRE + SCALE * mu_after, min(SCALE * phi_after, NEW_DEVIATION), volatility)


def _g(phi: float) -> float:
    """How much a game against an opponent of deviation ``phi`` (internal units) counts: less when unsure."""
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _new_volatility(phi: float, sigma: float, variance: float, delta: float) -> float:
    """The new volatility: the root of Glickman's f by the Illinois method (his step 5)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        grown = phi * phi + variance + math.exp(x)
        return math.exp(x) * (delta * delta - grown) / (2 * grown * grown) - (x - a) / (TAU * TAU)

    low = a
    if delta * delta > phi * phi + variance:
        high = math.log(delta * delta - phi * phi - variance)
    else:
        step = 1
        while f(a - step * TAU) < 0:
            step += 1
        high = a - step * TAU
    f_low, f_high = f(low), f(high)
    while abs(high - low) > _EPSILON:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = middle, f_middle
    return math.exp(low / 2)
