"""The empty 7 x 6 board solved strongly (its exact score: 1, the first player wins with her last stone but
one), from nothing: no opening book, a fresh table, one thread.

Usage: python bench/empty_board.py [--slots S] [--core compiled|python]

Prints the score, the time, the positions explored and the table's size; the last line is
``RESULT empty_board_s=<seconds>``. (The pure-Python core takes hours: it is there for completeness.)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.exact.compiled_core import NativeConnectFourSolver, native_built  # noqa: E402
from ai.exact.python_core import ConnectFourSolver  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--slots", type=int, default=1 << 27, help="table slots (default 2**27: 1 GB)")
    parser.add_argument("--core", choices=("compiled", "python"), default="compiled")
    args = parser.parse_args()
    if args.core == "compiled" and not native_built():
        parser.error("the compiled core is not built")
    core = NativeConnectFourSolver if args.core == "compiled" else ConnectFourSolver
    started = time.perf_counter()
    solver = core(table_slots=args.slots)
    allocated = time.perf_counter() - started
    started = time.perf_counter()
    score = solver.solve(0, 0, 0)
    seconds = time.perf_counter() - started
    print("| core | table | score | time | positions explored | positions/s |")
    print("|---|---|---|---|---|---|")
    table = f"{solver.size:,} slots, {solver.size * 8 / 2**20:,.0f} MB"
    print(
        f"| {args.core} | {table} | {score} | {seconds:.1f} s | {solver.nodes:,} "
        f"| {solver.nodes / seconds:,.0f} |"
    )
    print(f"(allocating and clearing the table took {allocated:.2f} s more)")
    print(f"Machine: {machine_line()}")
    print(f"RESULT empty_board_s={seconds:.1f}")


if __name__ == "__main__":
    main()
