"""The strength one side's moves show in one game (an intrinsic rating, as chess uses): the rating on the
ladder whose players most likely make such moves.

Each move the side made gives an :class:`~ai.rating.observe.Observation`. The ladder file tells, for each of
its rungs and each stage of the game, how often that rung keeps its result where a move could lose it, and how
often it plays a best move where a slower one keeps the result too. Between two rungs these rates are
interpolated linearly in the rating, so every rating from the lowest rung to the highest has its rates; the
estimate is the rating under which the side's answers are most likely (each answer taken as independent of
the others). It can say no more than the ladder knows: perfect moves score the top rung's rating, not more.
The range is where the likelihood is within :data:`RANGE_DROP` of its best: a game of few telling moves has a
wide one.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ai.contracts import MoveReview
from ai.rating.ladder import STAGES, Ladder, stage_of
from ai.rating.observe import Observation, observe

#: Fewer answers than this say too little for an estimate.
MIN_ANSWERS = 4
#: Rating points between the ratings tried.
STEP = 5


#: Log-likelihood below its maximum that bounds the estimate's range: half the 95 % point of chi-squared with
#: one degree of freedom (a likelihood-ratio interval).
RANGE_DROP = 1.92


@dataclass(frozen=True)
class Performance:
    """An estimate, its range (the ratings about 95 % likely to hold the player's, within the ladder's), and
    how many answers it rests on."""

    rating: int
    answers: int
    low: int
    high: int


def observations_of(reviews: Iterable[MoveReview], side: int) -> list[tuple[int, Observation]]:
    """``(stones before the move, observation)`` for each move of ``side`` that the review proved (an estimate
    says nothing certain and is left out)."""
    return [
        (review.ply - 1, observe(review.values, review.move))
        for review in reviews
        if review.mover == side and review.values
    ]


def performance(observations: Sequence[tuple[int, Observation]], ladder: Ladder) -> Performance | None:
    """The most likely rating for the player who gave ``observations`` (see the module docstring), or None if
    fewer than MIN_ANSWERS questions were asked."""
    answers = sum(observation.asks_kept + observation.asks_best for _, observation in observations)
    if answers < MIN_ANSWERS:
        return None
    rungs = sorted(ladder.rungs, key=lambda rung: rung.rating)
    points = [rung.rating for rung in rungs]
    kept_rates = [[rung.stages[stage].kept_rate() for rung in rungs] for stage in range(len(STAGES))]
    best_rates = [[rung.stages[stage].best_rate() for rung in rungs] for stage in range(len(STAGES))]
    tried: list[tuple[int, float]] = []
    for rating in range(points[0], points[-1] + 1, STEP):
        likelihood = 0.0
        for stones, observation in observations:
            stage = stage_of(stones)
            if observation.asks_kept:
                rate = _interpolate(points, kept_rates[stage], rating)
                likelihood += math.log(rate if observation.kept else 1.0 - rate)
            if observation.asks_best:
                rate = _interpolate(points, best_rates[stage], rating)
                likelihood += math.log(rate if observation.best else 1.0 - rate)
        tried.append((rating, likelihood))
    best_rating, best_likelihood = max(tried, key=lambda pair: pair[1])
    likely = [rating for rating, likelihood in tried if likelihood >= best_likelihood - RANGE_DROP]
    return Performance(best_rating, answers, min(likely), max(likely))


def _interpolate(points: Sequence[int], values: Sequence[float], at: float) -> float:
    """The piecewise-linear function through ``(points[i], values[i])`` at ``at`` (points ascending, ``at``
    within them)."""
    for index in range(1, len(points)):
        if at <= points[index]:
            low, high = points[index - 1], points[index]
            share = 0.0 if high == low else (at - low) / (high - low)
            return values[index - 1] + share * (values[index] - values[index - 1])
    return values[-1]
