"""Exact-solving benchmark on the public Connect Four test sets (../shared/c4-testsets).

Usage: python bench/solve.py [--sets Test_L3_R1 ...] [--limit N] [--slots S] [--cpp]

Prints, per set: positions solved, how many match the published score, mean / median / max time, mean nodes,
nodes per second, the reference C++ solver's mean time on a machine like this one (from the test-set README)
and our mean time as a multiple of it. One solver (and table) per set, kept across its positions, as the
reference harness does.

The README's C++ times were measured on another machine, and CPython and C++ do not slow down alike from one
machine to the next. ``--cpp`` also builds and times bench/reference/c4_reference.cpp (a C++ re-implementation
of the published solver, see bench/cpp_reference.py; needs g++) on the same positions here, and adds its mean
time and our ratio to it: the same-machine comparison.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.connect4_solver import ConnectFourSolver  # noqa: E402
from bench import cpp_reference  # noqa: E402
from bench.machine import machine_line  # noqa: E402
from bench.testsets import DEFAULT_SETS, README_SECONDS, format_seconds, read_set  # noqa: E402
from game import ConnectFour  # noqa: E402


def run_set(name: str, limit: int | None, slots: int, cpp_binary: Path | None) -> str:
    rows = read_set(name, limit)
    solver = ConnectFourSolver(table_slots=slots)
    times, nodes, correct = [], 0, 0
    for moves, expected in rows:
        game = ConnectFour.from_moves(moves)
        before = solver.nodes
        started = time.perf_counter()
        score = solver.solve(game.stones(game.to_move()), game.occupied(), game.ply())
        times.append(time.perf_counter() - started)
        nodes += solver.nodes - before
        correct += score == expected
    mean = statistics.fmean(times)
    reference = README_SECONDS[name]
    row = (
        f"| {name} | {len(rows)} | {correct} | {format_seconds(mean)} | {format_seconds(statistics.median(times))} "
        f"| {format_seconds(max(times))} | {nodes / len(rows):,.0f} | {nodes / sum(times):,.0f} "
        f"| {format_seconds(reference)} | {mean / reference:.1f}x |"
    )
    if cpp_binary is not None:
        here = cpp_reference.measure(name, limit, reset=False, binary=cpp_binary)
        if here["correct"] != here["positions"]:
            raise RuntimeError(f"the C++ reference got {here['positions'] - here['correct']} wrong on {name}")
        row += f" {format_seconds(here['mean'])} | {mean / here['mean']:.1f}x |"
    return row


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sets", nargs="+", default=DEFAULT_SETS, choices=sorted(README_SECONDS))
    parser.add_argument("--limit", type=int, help="only the first N positions of each set")
    parser.add_argument("--slots", type=int, default=1 << 23, help="solver table slots (default 8M, 64 MB)")
    parser.add_argument(
        "--cpp", action="store_true", help="also time the C++ re-implementation here (needs g++)"
    )
    args = parser.parse_args()
    cpp_binary = cpp_reference.build() if args.cpp else None
    header = "| set | positions | correct | mean | median | max | mean nodes | nodes/s | C++ mean | ratio |"
    rule = "|---|---|---|---|---|---|---|---|---|---|"
    if cpp_binary is not None:
        header += " C++ here | ratio here |"
        rule += "---|---|"
    print(header)
    print(rule)
    for name in args.sets:
        print(run_set(name, args.limit, args.slots, cpp_binary), flush=True)
    print(f"\nMachine: {machine_line()}")
    print("C++ mean: the test-set README's figure (another machine).")
    if cpp_binary is not None:
        print("C++ here: bench/reference/c4_reference.cpp, built with g++ -O3 and timed on this machine.")


if __name__ == "__main__":
    main()
