"""Exact-solving benchmark on the public Connect Four test sets (../shared/c4-testsets).

Usage: python bench/solve.py [--sets Test_L3_R1 ...] [--limit N] [--slots S] [--core compiled|python] [--cpp]

Prints, per set: positions solved, how many match the published score, mean / median / max / total time and
mean explored positions of our solver (the compiled core by default, ``--core python`` for the pure-Python
one). One solver (and table) per set, kept across its positions, as the reference harness does.

``--cpp`` also builds and times bench/reference/c4_reference.cpp (a C++ re-implementation of the published
solver, see bench/cpp_reference.py; needs g++) on the same positions in the same run, and adds its mean /
median / max time, mean explored positions, and our mean time as a multiple of its mean: the same-machine
comparison. Without it, the ratio is to the published C++ figure from the test-set README (another machine).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.connect4_native import NativeConnectFourSolver, native_built  # noqa: E402
from ai.connect4_solver import ConnectFourSolver  # noqa: E402
from bench import cpp_reference  # noqa: E402
from bench.machine import machine_line  # noqa: E402
from bench.testsets import DEFAULT_SETS, README_SECONDS, format_seconds, read_set, timed_solve  # noqa: E402

CORES = {"compiled": NativeConnectFourSolver, "python": ConnectFourSolver}


def run_set(name: str, limit: int | None, slots: int, core: str, cpp_binary: Path | None) -> str:
    rows = read_set(name, limit)
    solver = CORES[core](table_slots=slots)
    times, nodes, correct = [], 0, 0
    for moves, expected in rows:
        score, seconds, explored = timed_solve(solver, moves)
        times.append(seconds)
        nodes += explored
        correct += score == expected
    mean = statistics.fmean(times)
    row = (
        f"| {name} | {len(rows)} | {correct} | {format_seconds(mean)} "
        f"| {format_seconds(statistics.median(times))} | {format_seconds(max(times))} "
        f"| {format_seconds(sum(times))} | {nodes / len(rows):,.0f} |"
    )
    if cpp_binary is None:
        reference = README_SECONDS[name]
        return row + f" {format_seconds(reference)} | {mean / reference:.2f}x |"
    here = cpp_reference.measure(name, limit, reset=False, binary=cpp_binary)
    if here["correct"] != here["positions"]:
        raise RuntimeError(f"the C++ reference got {here['positions'] - here['correct']} wrong on {name}")
    return row + (
        f" {format_seconds(here['mean'])} | {format_seconds(here['median'])} | {format_seconds(here['max'])} "
        f"| {here['mean_nodes']:,.0f} | {mean / here['mean']:.2f}x |"
    )


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
    args = parser.parse_args()
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
    for name in args.sets:
        print(run_set(name, args.limit, args.slots, args.core, cpp_binary), flush=True)
    print(f"\nMachine: {machine_line()}")
    if cpp_binary is None:
        print("C++ mean (README): the test-set README's figure for the published solver (another machine).")
    else:
        print("C++: bench/reference/c4_reference.cpp, built with g++ -O3, timed on this machine in this run.")
    print("ratio: our mean time / the C++ mean time.")


if __name__ == "__main__":
    main()
