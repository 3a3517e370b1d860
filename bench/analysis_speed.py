"""How long the exact analysis of every move takes, at every ply of real 7 x 6 games.

Usage: python bench/analysis_speed.py [--games N] [--source random|levels] [--threads T] [--fresh]

The games (``--source``):

* ``random`` (the default): the move strings of the public end-game test set (Test_L3_R1, games of random
  play out to more than 28 stones), seeded sample: far from any play a book prepares for;
* ``levels``: games between two of the game's own levels, depth 4 against depth 6, each colour in turn, each
  game from its own random two-move opening (seeded; the levels alone would play the same few games):
  plausible play of people of some strength.

Every prefix of a game, from the empty board on, is one position. Each position gets
what the analysis overlay and the max level ask for: the exact score of every move
(:meth:`ai.exact.analysis.ExactAnalyzer.move_scores`, the opening book first, then the solver). One analyzer
is kept
through a game, as in the window (``--fresh`` starts each position with an empty one: the worst case). Each
analyzer is made ready for the board before the clock starts (:meth:`ai.exact.analysis.ExactAnalyzer.prepare`:
the book read, the solvers' table made), as the engine's worker does when a game starts: making a fresh
128 MB table takes a quarter of a second the first time in a process, and that is not analysis.

Prints p50 / p95 / max time by ply bucket and overall; the last line is ``RESULT p95_s=<p95> max_s=<max>``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.contracts import Limits  # noqa: E402
from ai.exact.analysis import ExactAnalyzer  # noqa: E402
from ai.exact.book import OpeningBook, shipped_book  # noqa: E402
from ai.exact.choice import core_in_use  # noqa: E402
from bench.matches import ComputerPlayer, openings, play_game  # noqa: E402
from bench.testsets import format_seconds, read_set  # noqa: E402
from game import ConnectFour  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402
from ui.words.texts import core_words  # noqa: E402

BUCKETS = ((0, 3), (4, 7), (8, 11), (12, 15), (16, 23), (24, 41))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def random_games(count: int) -> list[str]:
    return [moves for moves, _ in random.Random("analysis-speed").sample(read_set("Test_L3_R1"), count)]


def level_games(count: int, shape: tuple[int, int] = (7, 6)) -> list[str]:
    """The move strings of ``count`` games between the levels depth 4 and depth 6 on a board of ``shape``
    (width, height), each colour in turn, each from its own seeded random two-move opening."""
    weaker, stronger = ComputerPlayer("depth 4", Limits(depth=4)), ComputerPlayer("depth 6", Limits(depth=6))
    games = []
    for index, opening in enumerate(openings(count, 2, seed=16, shape=shape)):
        first, second = (weaker, stronger) if index % 2 == 0 else (stronger, weaker)
        games.append(play_game(first, second, opening, seed=1000 + 2 * index, shape=shape).moves_text())
    return games


def positions(moves: str, shape: tuple[int, int] = (7, 6)) -> Iterator[ConnectFour]:
    """Every position of the game ``moves`` on a board of ``shape`` that is not over, from the empty board
    on (the ply of each is its number of stones)."""
    for ply in range(len(moves) + 1):
        game = ConnectFour.from_moves(moves[:ply], *shape)
        if game.is_over():
            return
        yield game


def ready_analyzer(
    threads: int | None,
    shape: tuple[int, int] = (7, 6),
    book: Callable[[], OpeningBook | None] = shipped_book,
) -> ExactAnalyzer:
    """A new analyzer (``book``: see ExactAnalyzer), prepared for a board of ``shape`` as the engine's worker
    prepares its own when a game starts."""
    analyzer = ExactAnalyzer(threads=threads, book=book)
    analyzer.prepare(ConnectFour(*shape))
    return analyzer


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--source", choices=("random", "levels"), default="random", help="the games (above)")
    parser.add_argument(
        "--threads", type=int, help="threads of the analysis (default: the analyzer's, one per core)"
    )
    parser.add_argument("--fresh", action="store_true", help="a new analyzer for every position")
    args = parser.parse_args()
    if args.games < 1 or (args.threads is not None and args.threads < 1):
        parser.error("--games and --threads must be at least 1")
    games = level_games(args.games) if args.source == "levels" else random_games(args.games)
    print(f"{len(games)} games ({args.source})", flush=True)
    times: list[tuple[int, float]] = []
    analyzer = ready_analyzer(args.threads)
    for number, moves in enumerate(games, 1):
        if not args.fresh and number > 1:
            analyzer.release()
            analyzer = ready_analyzer(args.threads)
        slowest = 0.0
        for game in positions(moves):
            if args.fresh and times:
                analyzer.release()
                analyzer = ready_analyzer(args.threads)
            started = time.perf_counter()
            analyzer.move_scores(game)
            seconds = time.perf_counter() - started
            times.append((game.ply(), seconds))
            slowest = max(slowest, seconds)
        print(
            f"game {number}/{len(games)}: {len(moves)} plies, slowest position {format_seconds(slowest)}",
            flush=True,
        )
    print(f"\nexact score of every move, solver core: {core_words(core_in_use())}\n")
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
