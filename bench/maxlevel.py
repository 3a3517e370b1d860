"""How often the max level keeps the game-theoretic value, on the public Connect Four test positions.

Usage: python bench/maxlevel.py [--seconds S] [--per-set N] [--sets ...]

For a seeded sample of each set, the max level thinks S seconds (default 3) and plays its move; the exact
solver then scores the position after that move, and the move "keeps the value" when the side to move's exact
outcome (win / draw / loss, the sign of the benchmark score) is the same after the move as before it. That is
the verdict the analyzer's --all scores give (a move keeps the value exactly when its --all score has the sign
of the best). Last line: RESULT value_preserving=<fraction>.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.contracts import Limits  # noqa: E402
from ai.exact.analysis import ExactAnalyzer  # noqa: E402
from ai.play.thinker import Thinker  # noqa: E402
from game import ConnectFour  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402

TESTSETS = Path(__file__).resolve().parent.parent.parent / "shared" / "c4-testsets"


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--per-set", type=int, default=20)
    parser.add_argument(
        "--sets", nargs="+", default=["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2"]
    )
    args = parser.parse_args()
    judge = ExactAnalyzer(solver_slots=1 << 22)
    thinker = Thinker(seed=1)
    print(f"max level, {args.seconds:g} s per move, {args.per_set} positions per set")
    print("| set | positions | value kept | proven by the search in time | mean think time |")
    print("|---|---|---|---|---|")
    kept_total = total = 0
    for name in args.sets:
        rows = [line.split() for line in (TESTSETS / name).read_text().splitlines() if line.strip()]
        sample = random.Random(f"maxlevel-{name}").sample(rows, args.per_set)
        kept = proven = 0
        think_time = 0.0
        for moves, expected in sample:
            game = ConnectFour.from_moves(moves)
            started = time.perf_counter()
            results = list(thinker.think(game, Limits(seconds=args.seconds)))
            think_time += time.perf_counter() - started
            move = results[-1].best_move
            proven += results[-1].score.exact
            game.apply(move)
            if game.winner() is not None:
                after = 1
            elif game.is_over():
                after = 0
            else:
                after = -sign(judge.score(game, weak=True))
            kept += after == sign(int(expected))
        kept_total += kept
        total += len(sample)
        print(
            f"| {name} | {len(sample)} | {kept} ({kept / len(sample):.0%}) | {proven} | "
            f"{think_time / len(sample):.2f} s |",
            flush=True,
        )
    print(f"\nMachine: {machine_line()}")
    print(f"RESULT value_preserving={kept_total / total:.3f}")


if __name__ == "__main__":
    main()
