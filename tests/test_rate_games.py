"""The per-game performance estimate on games between players of known strength: a perfect player that plays a
random move with probability e (bench/noisy_games.py, which runs the same over more games)."""

from __future__ import annotations

import itertools

from ai.rating.ladder import read_ladder
from bench.noisy_games import NOISE_LEVELS, mean_estimates, rated_games, stronger_rated_higher
from tests.conftest import require_compiled_core

GAMES_PER_PAIR = 2


def test_estimates_fall_with_the_noise_and_rank_the_stronger_side_higher() -> None:
    # Every position of every game is solved; the pure-Python core would take many minutes.
    require_compiled_core()
    pairs = list(itertools.permutations(NOISE_LEVELS, 2))
    games = rated_games(pairs, GAMES_PER_PAIR, seed=11, ladder=read_ladder())
    means = mean_estimates(games)
    ordered = [means[noise] for noise in NOISE_LEVELS]
    assert all(stronger > weaker for stronger, weaker in itertools.pairwise(ordered)), means
    right, counted = stronger_rated_higher(games)
    # A side of a quick game (a random mover beaten in a dozen moves) may answer too few questions to rate.
    assert counted >= len(games) * 0.75
    assert right >= 0.8 * counted, (right, counted)
