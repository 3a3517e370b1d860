"""Same-machine C++ reference timing for the exact-solving benchmark (../shared/c4-testsets).

Usage: python bench/cpp_reference.py [--sets Test_L3_R1 ...] [--limit N] [--reset]

bench/solve.py compares our Python solver with the published C++ solver's times, but those were measured on
another machine. This compiles bench/reference/c4_reference.cpp, an independent C++ re-implementation of the
same published algorithm (no opening book), and times it here, so the ratio can be taken on one machine.

Prints, per set: positions solved, how many match the published score, mean / median / max time, mean
explored positions, and the mean explored positions the test-set README gives for the published solver (a
check that the re-implementation searches the same tree, not just that it finds the right scores).
One process (and table) per set. By default the table is kept across a set's positions, as the published
harness does; --reset clears it before every position, which makes each time independent of the order.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.testsets import DEFAULT_SETS, README_MEAN_NODES, format_seconds, read_set  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402

SOURCE = Path(__file__).resolve().parent / "reference" / "c4_reference.cpp"
# -O3 as in the published solver's Makefile; no -march=native, so the binary (and its timing) does not depend
# on which instructions this particular CPU happens to offer beyond the baseline.
COMPILE_FLAGS = ["-std=c++17", "-O3", "-DNDEBUG"]


def default_workdir() -> Path:
    """Per-user cache directory for the compiled binary; kept out of the repository on purpose."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "ponder" / "c4_reference"


def build(workdir: Path | None = None) -> Path:
    """Compile the C++ reference solver into ``workdir`` (default: the user cache) and return the binary.

    The binary's name carries a hash of the source, compiler flags and compiler version, so an edited source
    or a changed toolchain triggers a rebuild while repeated runs reuse the same binary.
    """
    compiler = shutil.which("g++")
    if compiler is None:
        raise RuntimeError("g++ not found on PATH: it is needed to build the C++ reference solver")
    version = subprocess.run([compiler, "--version"], capture_output=True, text=True, check=False).stdout
    digest = hashlib.sha256(
        SOURCE.read_bytes() + " ".join(COMPILE_FLAGS).encode() + version.encode()
    ).hexdigest()[:16]
    workdir = Path(workdir) if workdir is not None else default_workdir()
    workdir.mkdir(parents=True, exist_ok=True)
    binary = workdir / f"c4_reference-{digest}"
    if binary.exists():
        return binary
    # Compile to a temporary name and rename, so an interrupted build never leaves a truncated binary that
    # later runs would trust.
    partial = workdir / f"{binary.name}.{os.getpid()}.tmp"
    result = subprocess.run(
        [compiler, *COMPILE_FLAGS, str(SOURCE), "-o", str(partial)],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        partial.unlink(missing_ok=True)
        raise RuntimeError(f"g++ failed to build {SOURCE} (exit {result.returncode}):\n{result.stderr}")
    partial.replace(binary)
    return binary


def measure(
    set_name: str, limit: int | None, reset: bool, binary: Path | None = None, start: int = 0
) -> dict:
    """Solve ``limit`` positions (all if None) of a test set from number ``start`` with the C++ solver.

    Returns positions, correct (score equal to the file's), mean / median / max seconds and mean nodes.
    Times are the solver's own, measured around solve only, so process start-up and I/O are excluded.
    """
    rows = read_set(set_name, limit, start)
    binary = binary or build()
    command = [str(binary), *(["--reset"] if reset else [])]
    stdin = "".join(f"{moves}\n" for moves, _ in rows)
    result = subprocess.run(command, input=stdin, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"{binary} failed on {set_name} (exit {result.returncode}):\n{result.stderr}")
    answers = [line.split() for line in result.stdout.splitlines()]
    # The solver skips (and reports on stderr) positions it rejects; a skipped row would shift every later
    # comparison, so insist on one answer per position, in order.
    if [answer[0] for answer in answers] != [moves for moves, _ in rows]:
        raise RuntimeError(f"{binary} did not answer every position of {set_name}:\n{result.stderr}")
    times = [float(answer[3]) * 1e-6 for answer in answers]
    return {
        "positions": len(rows),
        "correct": sum(
            int(answer[1]) == expected for answer, (_, expected) in zip(answers, rows, strict=True)
        ),
        "mean": statistics.fmean(times),
        "median": statistics.median(times),
        "max": max(times),
        "mean_nodes": statistics.fmean(int(answer[2]) for answer in answers),
        "total": sum(times),
        "nodes": sum(int(answer[2]) for answer in answers),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sets", nargs="+", default=DEFAULT_SETS, choices=sorted(README_MEAN_NODES))
    parser.add_argument("--limit", type=int, help="only the first N positions of each set")
    parser.add_argument("--reset", action="store_true", help="clear the table before every position")
    args = parser.parse_args()
    binary = build()
    mode = "table reset before each position" if args.reset else "table kept across a set's positions"
    print(f"C++ reference ({' '.join(COMPILE_FLAGS)}), {mode}\n")
    print("| set | positions | correct | mean | median | max | mean nodes | README mean nodes |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.sets:
        r = measure(name, args.limit, args.reset, binary)
        print(
            f"| {name} | {r['positions']} | {r['correct']} | {format_seconds(r['mean'])} "
            f"| {format_seconds(r['median'])} | {format_seconds(r['max'])} | {r['mean_nodes']:,.0f} "
            f"| {README_MEAN_NODES[name]:,} |",
            flush=True,
        )
    print(f"\nMachine: {machine_line()}")


if __name__ == "__main__":
    main()
