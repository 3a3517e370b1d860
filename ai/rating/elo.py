"""Elo ratings: the expected score between two ratings, a player's update after a game, and the
maximum-likelihood fit of a whole tournament.

The fit uses Davidson's extension of the Bradley-Terry model, on the Elo scale: with
``g = 10 ** (rating / 400)`` and a draw parameter ``nu``,

    P(i beats j) = g_i / D,   P(draw) = nu * sqrt(g_i * g_j) / D,   D = g_i + g_j + nu * sqrt(g_i * g_j),

so a rating difference of 400 makes a win ten times as likely as a loss, and ``nu`` sets how common draws are.
A player who never loses would have an infinite rating; the prior prevents that: between given pairs
(neighbouring rungs of a ladder) virtual games are counted as if they had been played, as many wins for each
side. (Virtual draws would not do: with no loss a rating can still grow without end, the draw parameter
growing with it.) One player is the anchor, its rating fixed; the intervals come from the curvature of the
log-likelihood at its maximum (the observed information), with the anchor fixed, so they say how well each
rating is known relative to the anchor."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: Natural-log units per Elo point.
_SCALE = math.log(10) / 400


def expected_score(rating: float, opponent: float) -> float:
    """The score (a win 1, a draw 0.5) a player rated ``rating`` is expected to make against ``opponent``."""
    return 1.0 / (1.0 + math.pow(10.0, (opponent - rating) / 400.0))


def updated_rating(rating: float, opponent: float, score: float, k_factor: float) -> float:
    """The rating after a game scoring ``score`` (1, 0.5 or 0) against ``opponent``: the Elo update."""
    return rating + k_factor * (score - expected_score(rating, opponent))


@dataclass(frozen=True)
class GameResult:
    """One game: ``first`` against ``second``; ``score`` is ``first``'s (1 win, 0.5 draw, 0 loss)."""

    first: str
    second: str
    score: float


@dataclass(frozen=True)
class Fit:
    """The fitted ratings by name, each one's standard error (0 for the anchor), the draw parameter, and the
    covariances of the ratings (by pair of names; none involve the anchor, whose rating is fixed)."""

    ratings: dict[str, float]
    errors: dict[str, float]
    draw_rate: float
    covariances: dict[tuple[str, str], float]

    def difference_error(self, a: str, b: str) -> float:
        """The standard error of ``a``'s rating minus ``b``'s: how well the gap between them is known, which
        can be far better than either rating relative to the anchor."""
        variance = (
            self.covariances.get((a, a), 0.0)
            + self.covariances.get((b, b), 0.0)
            - 2 * self.covariances.get((a, b), 0.0)
        )
        return math.sqrt(max(variance, 0.0))


def fit_ratings(
    results: Iterable[GameResult],
    names: Sequence[str],
    anchor: str,
    anchor_rating: float,
    prior_games: Iterable[tuple[str, str, float]] = (),
) -> Fit:
    """The maximum-likelihood ratings of ``names`` from ``results`` plus the virtual games of ``prior_games``
    (``(a, b, count)``: ``count`` wins for each), with ``anchor`` at ``anchor_rating``. Raises ValueError if
    a result names a player not in ``names``, scores other than 1, 0.5 or 0, or if some player is connected
    to the anchor by no game (its rating would be arbitrary).
    """
    index = {name: position for position, name in enumerate(names)}
    # Per unordered pair (i < j): wins of i, wins of j, draws.
    tallies: dict[tuple[int, int], list[float]] = {}

    def tally(a: str, b: str) -> tuple[list[float], bool]:
        if a not in index or b not in index or a == b:
            raise ValueError(f"a game between {a!r} and {b!r}: not two of the players")
        i, j = index[a], index[b]
        key = (min(i, j), max(i, j))
        return tallies.setdefault(key, [0.0, 0.0, 0.0]), i < j

    for result in results:
        counts, in_order = tally(result.first, result.second)
        if result.score not in (0.0, 0.5, 1.0):
            raise ValueError(f"a game scored {result.score}: not a win, a draw or a loss")
        if result.score == 0.5:
            counts[2] += 1
        else:
            first_won = result.score == 1.0
            counts[0 if first_won == in_order else 1] += 1
    for a, b, count in prior_games:
        counts, _ = tally(a, b)
        counts[0] += count
        counts[1] += count
    _check_connected(len(names), index[anchor], tallies)

    free = [position for position in range(len(names)) if position != index[anchor]]
    # Unknowns: the free players' strengths (natural-log units, anchor at 0), then log(nu).
    slot = {player: position for position, player in enumerate(free)}
    size = len(free) + 1
    x = [0.0] * size

    def strength(player: int, point: list[float]) -> float:
        return point[slot[player]] if player in slot else 0.0

    def evaluate(point: list[float]) -> tuple[float, list[float], list[list[float]]]:
        value = 0.0
        gradient = [0.0] * size
        hessian = [[0.0] * size for _ in range(size)]
        nu = math.exp(point[-1])
        for (i, j), (wins_i, wins_j, draws) in tallies.items():
            games = wins_i + wins_j + draws
            delta = strength(i, point) - strength(j, point)
            up, down = math.exp(delta / 2), math.exp(-delta / 2)
            denominator = up + down + nu
            value += (wins_i - wins_j) * delta / 2 + draws * point[-1] - games * math.log(denominator)
            d_delta = (wins_i - wins_j) / 2 - games * (up - down) / (2 * denominator)
            d_theta = draws - games * nu / denominator
            h_dd = -games * ((up + down) / 4 * denominator - ((up - down) / 2) ** 2) / denominator**2
            h_tt = -games * (nu * denominator - nu * nu) / denominator**2
            h_dt = games * nu * (up - down) / 2 / denominator**2
            signs = [(slot[i], 1.0)] if i in slot else []
            signs += [(slot[j], -1.0)] if j in slot else []
            for a, sign_a in signs:
                gradient[a] += sign_a * d_delta
                hessian[a][-1] += sign_a * h_dt
                hessian[-1][a] += sign_a * h_dt
                for b, sign_b in signs:
                    hessian[a][b] += sign_a * sign_b * h_dd
            gradient[-1] += d_theta
            hessian[-1][-1] += h_tt
        return value, gradient, hessian

    value, gradient, hessian = evaluate(x)
    for _ in range(200):
        step = _solve([[-entry for entry in row] for row in hessian], gradient)
        scale = 1.0
        while True:
            candidate = [a + scale * b for a, b in zip(x, step, strict=True)]
            new_value, new_gradient, new_hessian = evaluate(candidate)
            if new_value >= value - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        x, value, gradient, hessian = candidate, new_value, new_gradient, new_hessian
        if max(abs(entry) for entry in step) * scale < 1e-10:
            break
    covariance = _inverse([[-entry for entry in row] for row in hessian])
    ratings = {names[index[anchor]]: float(anchor_rating)}
    errors = {names[index[anchor]]: 0.0}
    covariances = {}
    for player, position in slot.items():
        ratings[names[player]] = anchor_rating + x[position] / _SCALE
        errors[names[player]] = math.sqrt(max(covariance[position][position], 0.0)) / _SCALE
        for other, other_position in slot.items():
            covariances[names[player], names[other]] = covariance[position][other_position] / _SCALE**2
    return Fit(ratings, errors, math.exp(x[-1]), covariances)


def _check_connected(count: int, anchor: int, tallies: dict[tuple[int, int], list[float]]) -> None:
    linked = {anchor}
    changed = True
    while changed:
        changed = False
        for i, j in tallies:
            if (i in linked) != (j in linked):
                linked |= {i, j}
                changed = True
    if len(linked) != count:
        raise ValueError("some player has no game linking it to the anchor")


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix`` x = ``vector`` by Gaussian elimination with partial pivoting (the matrix is small)."""
    size = len(vector)
    rows = [list(row) + [value] for row, value in zip(matrix, vector, strict=True)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(rows[row][column]))
        if abs(rows[pivot][column]) < 1e-300:
            raise ValueError("the ratings are not determined by the games (singular system)")
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for row in range(column + 1, size):
            factor = rows[row][column] / rows[column][column]
            for entry in range(column, size + 1):
                rows[row][entry] -= factor * rows[column][entry]
    solution = [0.0] * size
    for row in range(size - 1, -1, -1):
        known = sum(rows[row][entry] * solution[entry] for entry in range(row + 1, size))
        solution[row] = (rows[row][size] - known) / rows[row][row]
    return solution


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    size = len(matrix)
    unit = [[1.0 if row == column else 0.0 for row in range(size)] for column in range(size)]
    columns = [_solve(matrix, vector) for vector in unit]
    return [[columns[column][row] for column in range(size)] for row in range(size)]
