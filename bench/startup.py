"""What a whole `analyze` process pays before and around its positions: wall and system time of
`main.py analyze --no-book --threads 1 --table-mb M` on a few end-game positions (almost nothing to solve, so
the time is the start-up: Python, the table) and on a sample of a test set, optionally side by side with
another checkout (another commit's tree with its compiled core built), in alternating rounds.

Usage: python bench/startup.py [--table-mb 1024] [--rounds 5] [--other DIR] [--set FILE] [--count N]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.machine import machine_line  # noqa: E402

END_GAME = ROOT / "tests" / "data" / "c4-testsets" / "Test_L3_R1"
DEFAULT_SET = ROOT.parent / "shared" / "c4-testsets" / "Test_L2_R2"


def run(tree: Path, positions: str, table_mb: int) -> tuple[float, float]:
    """(wall seconds, system seconds) of one whole analyze process of ``tree`` on ``positions``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    subprocess.run(
        [
            sys.executable,
            str(tree / "main.py"),
            "analyze",
            "--no-book",
            "--threads",
            "1",
            "--table-mb",
            str(table_mb),
        ],
        input=positions,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PONDER_REQUIRE_NATIVE": "1"},
    )
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--table-mb", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--other", type=Path, help="another checkout to time in the same rounds")
    parser.add_argument("--set", type=Path, default=DEFAULT_SET)
    parser.add_argument("--count", type=int, default=200)
    args = parser.parse_args()
    end_game = "".join(END_GAME.read_text(encoding="utf-8").splitlines(keepends=True)[:3])
    workloads = {"3 end-game positions": end_game}
    if args.set.exists():
        lines = args.set.read_text(encoding="utf-8").splitlines(keepends=True)[: args.count]
        workloads[f"{args.set.name}, first {len(lines)}"] = "".join(lines)
    else:
        print(f"({args.set} not found: the end-game positions only)")
    trees = {"this tree": ROOT} | ({"other": args.other.resolve()} if args.other else {})
    times: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for _ in range(args.rounds):
        for workload, positions in workloads.items():
            for name, tree in trees.items():
                times.setdefault((workload, name), []).append(run(tree, positions, args.table_mb))
    print(machine_line())
    print(f"whole processes, one thread, {args.table_mb} MB table, no book; median of {args.rounds} rounds")
    print("| positions | tree | wall s | system s |")
    print("|---|---|---|---|")
    for (workload, name), samples in times.items():
        wall = statistics.median(sample[0] for sample in samples)
        system = statistics.median(sample[1] for sample in samples)
        print(f"| {workload} | {name} | {wall:.2f} | {system:.2f} |")


if __name__ == "__main__":
    main()
