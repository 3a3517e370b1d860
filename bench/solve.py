"""Exact-solving benchmark on the public Connect Four test sets (../shared/c4-testsets).

Usage: python bench/solve.py [--sets Test_L3_R1 ...] [--limit N] [--slots S] [--core compiled|python] [--cpp]
[--rounds R]

Prints, per set: positions solved, how many match the published score, mean / median / max / total time and
mean explored positions of our solver (the compiled core by default, ``--core python`` for the pure-Python
one). One solver (and table) per set, kept across its positions, as the reference harness does.

``--cpp`` also builds and times bench/reference/c4_reference.cpp (a C++ re-implementation of the published
solver, see bench/cpp_reference.py; needs g++) on the same positions in the same run, and adds its mean /
median / max time, mean explored positions, and our mean time as a multiple of its mean: the same-machine
comparison. Without it, the ratio is to the published C++ figure from the test-set README (another machine).

``--rounds R`` solves each set R times, ours and then the C++ reference in turn, each time with a fresh table,
and reports each side's median round (and each round's ratio): on a virtual machine with busy neighbours one
run of the end-game set (a few milliseconds in all) moves by a third from one minute to the next.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.exact.compiled_core import NativeConnectFourSolver, native_built  # noqa: E402
from ai.exact.python_core import ConnectFourSolver  # noqa: E402
from bench import cpp_reference  # noqa: E402
from bench.testsets import DEFAULT_SETS, README_SECONDS, format_seconds, read_set, timed_solve  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402

CORES = {"compiled": NativeConnectFourSolver, "python": ConnectFourSolver}


def solve_round(name: str, limit: int | None, slots: int, core: str) -> dict:
    """Every position of the set, once, by a fresh solver: times, positions explored, correct answers."""
    rows = read_set(name, limit)
    solver = CORES[core](table_slots=slots)
    times, nodes, correct = [], 0, 0
    for moves, expected in rows:
        score, seconds, explored = timed_solve(solver, moves)
        times.append(seconds)
        nodes += explored
        correct += score == expected
    solver.release()
    return {"times": times, "nodes": nodes, "correct": correct, "mean": statistics.fmean(times)}


def median_round(rounds: list[dict]) -> dict:
    """The round whose mean time is the median of the rounds' (the lower middle one for an even count)."""
    return sorted(rounds, key=lambda result: result["mean"])[(len(rounds) - 1) // 2]


def run_set(
    name: str, limit: int | None, slots: int, core: str, cpp_binary: Path | None, rounds: int
) -> tuple[str, list[float]]:
    """The set's table row (the median round's figures) and, with the C++ reference, each round's ratio."""
    ours, theirs = [], []
    for _ in range(rounds):
        ours.append(solve_round(name, limit, slots, core))
        if cpp_binary is not None:
            here = cpp_reference.measure(name, limit, reset=False, binary=cpp_binary)
            if here["correct"] != here["positions"]:
                raise RuntimeError(
                    f"the C++ reference got {here['positions'] - here['correct']} wrong on {name}"
                )
            theirs.append(here)
    mine = median_round(ours)
    times = mine["times"]
    row = (
        f"| {name} | {len(times)} | {mine['correct']} | {format_seconds(mine['mean'])} "
        f"| {format_seconds(statistics.median(times))} | {format_seconds(max(times))} "
        f"| {format_seconds(sum(times))} | {mine['nodes'] / len(times):,.0f} |"
    )
    if cpp_binary is None:
        reference = README_SECONDS[name]
        return row + f" {format_seconds(reference)} | {mine['mean'] / reference:.2f}x |", []
    here = median_round(theirs)
    ratios = [our["mean"] / their["mean"] for our, their in zip(ours, theirs, strict=True)]
    return row + (
        f" {format_seconds(here['mean'])} | {format_seconds(here['median'])} | {format_seconds(here['max'])} "
        f"| {here['mean_nodes']:,.0f} | {mine['mean'] / here['mean']:.2f}x |"
    ), ratios


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sets", nargs="+", default=DEFAULT_SETS, choices=sorted(README_SECONDS))
    parser.add_argument("--limit", type=int, help="only the first N positions of each set")
    parser.add_argument("--slots", type=int, default=1 << 23, help="solver table slots (default 8M, 64 MB)")
    parser.add_argument(
        "--core",
        choices=sorted(CORES),
        default="compiled" if native_built() else "python",
        help="which core of our solver (default: compiled, where it is built)",
    )
    parser.add_argument(
        "--cpp", action="store_true", help="also time the C++ re-implementation here (needs g++)"
    )
    parser.add_argument(
        "--rounds", type=int, default=1, help="solve each set this many times, ours and the C++ in turn"
    )
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.core == "compiled" and not native_built():
        parser.error("the compiled core is not built (pip install -e . with a C compiler)")
    cpp_binary = cpp_reference.build() if args.cpp else None
    header = "| set | positions | correct | mean | median | max | total | mean nodes |"
    if cpp_binary is None:
        header += " C++ mean (README) | ratio |"
    else:
        header += " C++ mean | C++ median | C++ max | C++ mean nodes | ratio |"
    print(f"Our solver: the {args.core} core, {args.slots:,} table slots\n")
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    ratios_by_set = {}
    for name in args.sets:
        row, ratios_by_set[name] = run_set(name, args.limit, args.slots, args.core, cpp_binary, args.rounds)
        print(row, flush=True)
    if args.rounds > 1 and cpp_binary is not None:
        print()
        for name, ratios in ratios_by_set.items():
            print(f"{name}, each round's ratio: " + ", ".join(f"{ratio:.2f}x" for ratio in ratios))
    print(f"\nMachine: {machine_line()}")
    if cpp_binary is None:
        print("C++ mean (README): the test-set README's figure for the published solver (another machine).")
    else:
        print("C++: bench/reference/c4_reference.cpp, built with g++ -O3, timed on this machine in this run.")
    print("ratio: our mean time / the C++ mean time (with --rounds: each side's median round).")


if __name__ == "__main__":
    main()
