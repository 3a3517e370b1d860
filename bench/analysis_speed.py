"""How long the exact analysis of every move takes, at every ply of real 7 x 6 games.

Usage: python bench/analysis_speed.py [--games N] [--fresh]

The games are the move strings of the public end-game test set (Test_L3_R1, games played out to more than 28
stones), seeded sample; every prefix of a game, from the empty board on, is one position. Each position gets
what the analysis overlay and the max level ask for: the exact score of every move
(:meth:`ai.analysis.ExactAnalyzer.move_scores`, the opening book first, then the solver). One analyzer is kept
through a game, as in the window (``--fresh`` starts each position with an empty one: the worst case).

Prints p50 / p95 / max time by ply bucket and overall; the last line is ``RESULT p95_s=<p95> max_s=<max>``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.analysis import ExactAnalyzer  # noqa: E402
from ai.solver_core import core_name  # noqa: E402
from bench.machine import machine_line  # noqa: E402
from bench.testsets import format_seconds, read_set  # noqa: E402
from game import ConnectFour  # noqa: E402

BUCKETS = ((0, 3), (4, 7), (8, 11), (12, 15), (16, 23), (24, 41))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--fresh", action="store_true", help="a new analyzer for every position")
    args = parser.parse_args()
    games = [moves for moves, _ in random.Random("analysis-speed").sample(read_set("Test_L3_R1"), args.games)]
    times: list[tuple[int, float]] = []
    analyzer = ExactAnalyzer()
    for number, moves in enumerate(games, 1):
        if not args.fresh:
            analyzer = ExactAnalyzer()
        slowest = 0.0
        for ply in range(len(moves) + 1):
            game = ConnectFour.from_moves(moves[:ply])
            if game.is_over():
                break
            if args.fresh:
                analyzer = ExactAnalyzer()
            started = time.perf_counter()
            analyzer.move_scores(game)
            seconds = time.perf_counter() - started
            times.append((ply, seconds))
            slowest = max(slowest, seconds)
        print(
            f"game {number}/{len(games)}: {len(moves)} plies, slowest position {format_seconds(slowest)}",
            flush=True,
        )
    print(f"\nexact score of every move, solver core: {core_name()}\n")
    print("| plies | positions | p50 | p95 | max |")
    print("|---|---|---|---|---|")
    for low, high in (*BUCKETS, (0, 41)):
        bucket = [seconds for ply, seconds in times if low <= ply <= high]
        if bucket:
            label = "all" if (low, high) == (0, 41) else f"{low}-{high}"
            print(
                f"| {label} | {len(bucket)} | {format_seconds(statistics.median(bucket))} "
                f"| {format_seconds(percentile(bucket, 0.95))} | {format_seconds(max(bucket))} |"
            )
    every = [seconds for _, seconds in times]
    print(f"\nMachine: {machine_line()}")
    print(f"RESULT p95_s={percentile(every, 0.95):.3f} max_s={max(every):.3f}")


if __name__ == "__main__":
    main()
