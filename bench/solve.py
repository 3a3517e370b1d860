"""Exact-solving benchmark on the public Connect Four test sets (../shared/c4-testsets).

Usage: python bench/solve.py [--sets Test_L3_R1 ...] [--limit N] [--slots S]

Prints, per set: positions solved, how many match the published score, mean / median / max time, mean nodes,
nodes per second, the reference C++ solver's mean time on a machine like this one (from the test-set README)
and our mean time as a multiple of it. One solver (and table) per set, kept across its positions, as the
reference harness does.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.connect4_solver import ConnectFourSolver  # noqa: E402
from bench.machine import machine_line  # noqa: E402
from game import ConnectFour  # noqa: E402

TESTSETS = Path(__file__).resolve().parent.parent.parent / "shared" / "c4-testsets"
# Mean time per position of the reference C++ solver on a 2-core machine like ours (test-set README).
REFERENCE_SECONDS = {
    "Test_L3_R1": 5.1e-6,
    "Test_L2_R1": 45e-6,
    "Test_L2_R2": 4.2e-3,
    "Test_L1_R1": 0.30e-3,
    "Test_L1_R2": 144e-3,
    "Test_L1_R3": 9.7,
}
DEFAULT_SETS = ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2"]


def format_seconds(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} us"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def run_set(name: str, limit: int | None, slots: int) -> str:
    rows = [line.split() for line in (TESTSETS / name).read_text().splitlines() if line.strip()]
    rows = rows[:limit] if limit else rows
    solver = ConnectFourSolver(table_slots=slots)
    times, nodes, correct = [], 0, 0
    for moves, expected in rows:
        game = ConnectFour.from_moves(moves)
        before = solver.nodes
        started = time.perf_counter()
        score = solver.solve(game.stones(game.to_move()), game.occupied(), game.ply())
        times.append(time.perf_counter() - started)
        nodes += solver.nodes - before
        correct += score == int(expected)
    mean = statistics.fmean(times)
    reference = REFERENCE_SECONDS[name]
    return (
        f"| {name} | {len(rows)} | {correct} | {format_seconds(mean)} | {format_seconds(statistics.median(times))} "
        f"| {format_seconds(max(times))} | {nodes / len(rows):,.0f} | {nodes / sum(times):,.0f} "
        f"| {format_seconds(reference)} | {mean / reference:.1f}x |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sets", nargs="+", default=DEFAULT_SETS, choices=sorted(REFERENCE_SECONDS))
    parser.add_argument("--limit", type=int, help="only the first N positions of each set")
    parser.add_argument("--slots", type=int, default=1 << 23, help="solver table slots (default 8M, 64 MB)")
    args = parser.parse_args()
    print("| set | positions | correct | mean | median | max | mean nodes | nodes/s | C++ mean | ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name in args.sets:
        print(run_set(name, args.limit, args.slots), flush=True)
    print(f"\nMachine: {machine_line()}")


if __name__ == "__main__":
    main()
