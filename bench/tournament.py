"""Round robin between the Connect Four levels, and the evaluation against a trivial one at equal depth.

Usage: python bench/tournament.py [--levels 1 2 4 6 8] [--openings N] [--eval-depth D] [--jobs J]

Every pair of levels plays each of N random 2-move openings twice (each side starts once). The cross table
gives the row level's score fraction against the column level; each level must score more than 50% (what it
scores against itself) against every lower level. Then the threat evaluation plays, at equal depth, a
do-nothing evaluation and its own variants without the parity bonus and without the centre term (its earlier
versions).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.contracts import Limits  # noqa: E402
from ai.heuristic.evaluate import ThreatEvaluator, trivial_evaluation  # noqa: E402
from bench.matches import ComputerPlayer, match, openings  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402


def level(depth: int) -> ComputerPlayer:
    return ComputerPlayer(f"depth {depth}", Limits(depth=depth))


def run_pair(pair: tuple[int, int], opening_count: int) -> tuple[tuple[int, int], float]:
    high, low = pair
    return pair, match(level(high), level(low), openings(opening_count, 2, seed=99))


class NoParityEvaluator(ThreatEvaluator):
    """The evaluation without the row-parity bonus: every threat weighs the same."""

    GOOD_PARITY_THREAT = ThreatEvaluator.THREAT


class NoCentreEvaluator(ThreatEvaluator):
    """The evaluation without the centre-control term."""

    CENTRE = (0, 0, 0)


RIVALS = {
    "trivial": lambda: trivial_evaluation,
    "no parity": lambda: NoParityEvaluator(7, 6, 4, gravity=True),
    "no centre": lambda: NoCentreEvaluator(7, 6, 4, gravity=True),
}


def run_eval_match(job: tuple[str, int], opening_count: int) -> float:
    """The threat evaluation's score against a rival evaluation at equal depth."""
    rival_name, depth = job
    threat = ComputerPlayer(f"threat eval depth {depth}", Limits(depth=depth))
    rival = ComputerPlayer(f"{rival_name} depth {depth}", Limits(depth=depth), evaluate=RIVALS[rival_name]())
    return match(threat, rival, openings(opening_count, 2, seed=7))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--levels", type=int, nargs="+", default=[1, 2, 4, 6, 8])
    parser.add_argument("--openings", type=int, default=6)
    parser.add_argument("--eval-depth", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    started = time.monotonic()
    levels = sorted(args.levels)
    pairs = [(high, low) for high, low in itertools.permutations(levels, 2) if high > low]
    scores: dict[tuple[int, int], float] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for pair, score in pool.map(run_pair, pairs, itertools.repeat(args.openings)):
            scores[pair] = score
            scores[(pair[1], pair[0])] = 1.0 - score
        eval_jobs = [(rival, depth) for rival in RIVALS for depth in args.eval_depth]
        eval_scores = list(pool.map(run_eval_match, eval_jobs, itertools.repeat(args.openings)))
    games = 2 * args.openings
    print(f"Connect Four round robin: {games} games per pair ({args.openings} openings x both colours)")
    print("| row vs column | " + " | ".join(f"depth {d}" for d in levels) + " | total |")
    print("|---" * (len(levels) + 2) + "|")
    totals = {}
    for row in levels:
        cells = ["50%" if row == column else f"{scores[(row, column)]:.0%}" for column in levels]
        totals[row] = sum(scores[(row, column)] for column in levels if column != row) / (len(levels) - 1)
        print(f"| depth {row} | " + " | ".join(cells) + f" | {totals[row]:.0%} |")
    ordering = sorted(levels, key=lambda d: -totals[d])
    print("\nOrdering by total score: " + " > ".join(f"depth {d}" for d in ordering))
    violations = [(high, low) for high, low in pairs if scores[(high, low)] <= 0.5]
    print("Every level beats every lower level: " + ("yes" if not violations else f"NO, {violations}"))
    print("\n| evaluation match at equal depth | games | score of the threat evaluation |")
    print("|---|---|---|")
    for (rival, depth), score in zip(eval_jobs, eval_scores, strict=True):
        print(f"| threats vs {rival}, depth {depth} | {games} | {score:.0%} |")
    print(f"\n{time.monotonic() - started:.0f} s. Machine: {machine_line()}")


if __name__ == "__main__":
    main()
