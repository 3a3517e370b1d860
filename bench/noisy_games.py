"""Games between players of known strength, for checking the per-game performance estimate: a perfect player
(a best move by the exact analysis, chosen at random among equal ones) that instead plays a random legal move
with probability ``e``. The lower ``e``, the stronger the player, whatever the estimate says.

Usage: python bench/noisy_games.py [--games-per-pair N] [--seed S]   (the benchmark: a table of estimates)
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.exact.analysis import ExactAnalyzer  # noqa: E402
from ai.heuristic.search import Searcher  # noqa: E402
from ai.heuristic.table import TranspositionTable  # noqa: E402
from ai.play.review import review_game  # noqa: E402
from ai.rating.ladder import Ladder, read_ladder  # noqa: E402
from ai.rating.performance import observations_of, performance  # noqa: E402
from game.connect4 import ConnectFour  # noqa: E402

#: The noise levels of the benchmark and the test, strongest player first.
NOISE_LEVELS = (0.0, 0.1, 0.25, 0.5, 1.0)


@dataclass(frozen=True)
class RatedGame:
    """A game between noise levels ``noise[0]`` (moving first) and ``noise[1]``, and each side's estimate
    (None: too few telling moves)."""

    moves: str
    noise: tuple[float, float]
    estimates: tuple[int | None, int | None]


def play_noisy(noise: tuple[float, float], rng: random.Random, analyzer: ExactAnalyzer) -> ConnectFour:
    """One game from the empty board between the two noisy perfect players."""
    game = ConnectFour()
    while not game.is_over():
        if rng.random() < noise[game.to_move()]:
            move = rng.choice(game.moves())
        else:
            values = analyzer.move_values(game)
            best = max(value for value in values if value is not None)
            move = rng.choice([index for index, value in enumerate(values) if value == best])
        game.apply(move)
    return game


def rated_games(
    pairs: list[tuple[float, float]], games_per_pair: int, seed: int, ladder: Ladder
) -> list[RatedGame]:
    """``games_per_pair`` seeded games of each pair of noise levels, each side rated from its moves."""
    rng = random.Random(seed)
    analyzer = ExactAnalyzer()
    searcher = Searcher(TranspositionTable(1 << 16))
    rated = []
    try:
        for noise in pairs:
            for _ in range(games_per_pair):
                game = play_noisy(noise, rng, analyzer)
                reviews = list(review_game(game, analyzer, searcher))
                estimates = tuple(
                    None
                    if (shown := performance(observations_of(reviews, side), ladder)) is None
                    else shown.rating
                    for side in (0, 1)
                )
                rated.append(RatedGame(game.moves_text(), noise, (estimates[0], estimates[1])))
    finally:
        analyzer.release()
    return rated


def stronger_rated_higher(games: list[RatedGame]) -> tuple[int, int]:
    """(games where the side with less noise got the higher estimate, games between different noise levels
    where both sides were estimated); a tie counts as wrong."""
    right = counted = 0
    for game in games:
        first, second = game.estimates
        if game.noise[0] == game.noise[1] or first is None or second is None:
            continue
        counted += 1
        stronger_first = game.noise[0] < game.noise[1]
        right += (first > second) if stronger_first else (second > first)
    return right, counted


def mean_estimates(games: list[RatedGame]) -> dict[float, float]:
    """The mean estimate of each noise level over every side it played."""
    by_noise: dict[float, list[int]] = {}
    for game in games:
        for side in (0, 1):
            estimate = game.estimates[side]
            if estimate is not None:
                by_noise.setdefault(game.noise[side], []).append(estimate)
    return {noise: statistics.mean(values) for noise, values in sorted(by_noise.items())}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games-per-pair", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from tools.support.machine import machine_line

    ladder = read_ladder()
    pairs = list(itertools.permutations(NOISE_LEVELS, 2))
    started = time.monotonic()
    games = rated_games(pairs, args.games_per_pair, args.seed, ladder)
    right, counted = stronger_rated_higher(games)
    print(machine_line())
    seconds = time.monotonic() - started
    print(f"{len(games)} games ({args.games_per_pair} per ordered pair of noise levels), {seconds:.0f} s")
    print("| e (random-move probability) | mean estimate | sides |")
    print("|---|---|---|")
    counts: dict[float, int] = {}
    for game in games:
        for side in (0, 1):
            if game.estimates[side] is not None:
                counts[game.noise[side]] = counts.get(game.noise[side], 0) + 1
    for noise, mean in mean_estimates(games).items():
        print(f"| {noise:g} | {mean:.0f} | {counts[noise]} |")
    print(f"stronger side rated higher: {right}/{counted} = {right / max(counted, 1):.1%}")
    print(f"RESULT stronger_rated_higher={right / max(counted, 1):.3f}")


if __name__ == "__main__":
    main()
