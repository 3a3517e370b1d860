"""Our exact solver against Christophe Steininger's c4 (github.com/ChristopheSteininger/c4), the fastest
public Connect Four solver we know of, side by side on this machine: whole processes, the same number of
threads each (one by default), 1 GB tables, no opening book, each solver's table kept from one position of a
sample to the next.

Usage: python bench/steininger.py --source DIR [--threads N ...] [--rounds N] [--samples NAME ...]

``--source`` (or the environment variable PONDER_STEININGER_SOURCE): a checkout of his repository, fetched
outside ours; nothing of his is kept in this repository. Without one the benchmark says so and stops (exit 0).
His solver is built here from that checkout, once per thread count: its ``src/solver`` copied to the user
cache, ``NUM_THREADS`` set to the count (his table stays at its default 134,217,757 entries, 1 GB), compiled
with his release flags (-O3, -flto, NDEBUG) with ``bench/reference/steininger_driver.cpp``, our driver
(positions from stdin, his scores and counts out). Ours: ``main.py analyze --no-book --threads N --table-mb
1024 --positions`` of this checkout, the compiled core.

The samples (issue 31): Test_L2_R2's first 500 positions, Test_L1_R2's first 200, Test_L1_R3's positions 501
to 520 (from ../shared/c4-testsets; skipped with a message where absent) and the empty board. The rounds
alternate the two solvers. Every score is checked against the set's (the empty board's is 1); a wrong one
stops the benchmark. Prints per thread count and sample each side's wall, user and system seconds (lowest to
highest over the rounds), the positions each explored (his count is of the positions his search enters, after
its forced moves and static checks; ours of every position searched; both every thread's, the first round's),
our positions left with two moves or more to try after their table entry and bounds (``branched``: his count
is of nearly these, see docs/benchmarks.md) and their ratio to his, the ratio of our mean wall time to his,
then the scaling table: per sample and thread count each side's mean
wall seconds, its speed-up over its own first thread count and its positions, and the machine.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.testsets import TESTSETS, read_set  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402

DRIVER = ROOT / "bench" / "reference" / "steininger_driver.cpp"
# His CMake preset's release flags (CMakeLists.txt, MODE OPTIMISE) and language standard.
COMPILE_FLAGS = ["-std=c++20", "-O3", "-flto", "-DNDEBUG", "-pthread"]
# name: (test set, first position (from 0), count); the empty board has no set.
SAMPLES = {
    "Test_L2_R2": ("Test_L2_R2", 0, 500),
    "Test_L1_R2": ("Test_L1_R2", 0, 200),
    "Test_L1_R3": ("Test_L1_R3", 500, 20),
    "empty board": (None, 0, 1),
}


@dataclass
class SolverRun:
    """One whole process: its times, scores and positions explored (None where it does not say); ours also
    the positions left with two moves or more to try (``branched``), the count nearest to his."""

    wall: float
    user: float
    system: float
    scores: list[int]
    nodes: int | None
    branched: int | None = None


def cache_dir() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "ponder" / "steininger"


def build(source: Path, threads: int) -> Path:
    """His solver with our driver, on ``threads`` threads (see the module docstring); reuses a binary built
    from the same sources, thread count, flags and compiler."""
    solver_sources = source / "src" / "solver"
    settings = (solver_sources / "settings.h").read_text()
    threaded, replaced = re.subn(
        r"(inline constexpr int NUM_THREADS\s*=\s*)\d+;", rf"\g<1>{threads};", settings
    )
    if replaced != 1:
        raise RuntimeError(f"{solver_sources / 'settings.h'} has no NUM_THREADS setting to set")
    compiler = shutil.which("g++")
    if compiler is None:
        raise RuntimeError("g++ not found: it is needed to build his solver")
    version = subprocess.run([compiler, "--version"], capture_output=True, text=True, check=False).stdout
    files = sorted(path for path in solver_sources.rglob("*") if path.suffix in (".cpp", ".h"))
    digest = hashlib.sha256()
    for path in [*files, DRIVER]:
        digest.update(path.read_bytes())
    digest.update((" ".join(COMPILE_FLAGS) + version + f" threads={threads}").encode())
    workdir = cache_dir()
    binary = workdir / f"c4-driver-{digest.hexdigest()[:16]}"
    if binary.exists():
        return binary
    workdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=workdir) as scratch:
        tree = Path(scratch) / "src" / "solver"
        shutil.copytree(solver_sources, tree)
        (tree / "settings.h").write_text(threaded)
        partial = Path(scratch) / "c4-driver"
        command = [compiler, *COMPILE_FLAGS, f"-I{Path(scratch) / 'src'}", str(DRIVER)]
        command += [str(path) for path in sorted(tree.rglob("*.cpp"))]
        result = subprocess.run([*command, "-o", str(partial)], capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"building his solver failed (exit {result.returncode}):\n{result.stderr}")
        partial.replace(binary)
    return binary


def timed(command: list[str], stdin: str, cwd: Path) -> tuple[str, str, float, float, float]:
    """(stdout, stderr, wall, user, system seconds) of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run(command, input=stdin, capture_output=True, text=True, cwd=cwd, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise RuntimeError(f"{command[0]} failed (exit {result.returncode}):\n{result.stderr}")
    return (
        result.stdout,
        result.stderr,
        wall,
        after.ru_utime - before.ru_utime,
        after.ru_stime - before.ru_stime,
    )


def answers(stdout: str, positions: list[str]) -> list[list[str]]:
    """What the output says of each position (the words after its moves), one line per position in order."""
    lines = stdout.splitlines()
    if len(lines) != len(positions):
        raise RuntimeError(f"{len(lines)} answers to {len(positions)} positions")
    rows = []
    for line, moves in zip(lines, positions, strict=True):
        words = line.split()
        if moves:  # the empty board's line starts with its empty move string
            if words[:1] != [moves]:
                raise RuntimeError(f"an answer out of order: {line!r} for {moves!r}")
            words = words[1:]
        rows.append(words)
    return rows


def run_his(binary: Path, positions: list[str]) -> SolverRun:
    stdout, _, wall, user, system = timed([str(binary)], "".join(f"{m}\n" for m in positions), ROOT)
    rows = answers(stdout, positions)
    return SolverRun(wall, user, system, [int(row[0]) for row in rows], sum(int(row[1]) for row in rows))


def run_ours(positions: list[str], threads: int) -> SolverRun:
    command = [sys.executable, str(ROOT / "main.py"), "analyze", "--no-book", "--threads", str(threads)]
    command += ["--table-mb", "1024", "--positions"]
    stdout, stderr, wall, user, system = timed(command, "".join(f"{m}\n" for m in positions), ROOT)
    counts = [re.search(rf"^{name}: (\d+)$", stderr, re.MULTILINE) for name in ("positions", "branched")]
    nodes, branched = (int(found.group(1)) if found else None for found in counts)
    return SolverRun(wall, user, system, [int(row[0]) for row in answers(stdout, positions)], nodes, branched)


def span(values: list[float]) -> str:
    low, high = min(values), max(values)
    return f"{low:.2f}" if f"{low:.2f}" == f"{high:.2f}" else f"{low:.2f}-{high:.2f}"


def count(nodes: int | None) -> str:
    return "-" if nodes is None else f"{nodes:,}"


def sample_rows(name: str) -> list[tuple[str, int]] | None:
    """The sample's (moves, score) rows; None where its test set is absent."""
    set_name, start, size = SAMPLES[name]
    if set_name is None:
        return [("", 1)]
    if not (TESTSETS / set_name).is_file():
        return None
    return read_set(set_name, size, start)


def compare(
    binary: Path, rows: list[tuple[str, int]], threads: int, rounds: int, name: str
) -> list[list[SolverRun]]:
    """His runs and ours of one sample at one thread count, the rounds alternating; stops the benchmark at a
    wrong score."""
    positions = [moves for moves, _ in rows]
    expected = [score for _, score in rows]
    his_runs: list[SolverRun] = []
    our_runs: list[SolverRun] = []
    for _ in range(rounds):
        for side, run in (("his", run_his(binary, positions)), ("ours", run_ours(positions, threads))):
            if run.scores != expected:
                wrong = sum(a != b for a, b in zip(run.scores, expected, strict=True))
                sys.exit(f"{name}, {threads} threads: {wrong} wrong scores ({side})")
            (his_runs if side == "his" else our_runs).append(run)
    return [his_runs, our_runs]


def print_scaling(results: dict[tuple[str, int], list[list[SolverRun]]], thread_counts: list[int]) -> None:
    """Per sample and thread count, each side's mean wall seconds, its speed-up over its own time at the
    first thread count, and its positions (the first round's)."""
    print("\nScaling (mean wall seconds, speed-up over the first thread count, positions):\n")
    print(
        "| sample | threads | his seconds | his speed-up | his positions "
        "| ours seconds | ours speed-up | ours positions |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name in dict.fromkeys(name for name, _ in results):
        base = [statistics.fmean(r.wall for r in runs) for runs in results[(name, thread_counts[0])]]
        for threads in thread_counts:
            cells = []
            for side, runs in enumerate(results[(name, threads)]):
                wall = statistics.fmean(r.wall for r in runs)
                cells += [f"{wall:.2f}", f"{base[side] / wall:.2f}x", count(runs[0].nodes)]
            print(f"| {name} | {threads} | {' | '.join(cells)} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--source", type=Path, default=os.environ.get("PONDER_STEININGER_SOURCE"))
    parser.add_argument("--threads", type=int, nargs="+", default=[1], help="thread counts (default: 1)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--samples", nargs="+", choices=list(SAMPLES), default=list(SAMPLES))
    args = parser.parse_args()
    if any(threads < 1 for threads in args.threads):
        parser.error("--threads: every count must be 1 or more")
    if args.source is None or not (args.source / "src" / "solver" / "settings.h").is_file():
        print(
            "Skipped: no checkout of github.com/ChristopheSteininger/c4 (give --source DIR or set "
            "PONDER_STEININGER_SOURCE)."
        )
        return
    from ai.exact.compiled_core import native_built

    if not native_built():
        sys.exit("our compiled core is not built (make test builds it)")
    binaries = {threads: build(args.source, threads) for threads in args.threads}
    print(f"His solver: {', '.join(str(binary) for binary in binaries.values())} (1 GB table)")
    print("Ours: main.py analyze --no-book --threads N --table-mb 1024 --positions")
    print(f"Rounds: {args.rounds}, alternating. Seconds: lowest-highest over the rounds.")
    results: dict[tuple[str, int], list[list[SolverRun]]] = {}
    for threads in args.threads:
        print(f"\n{threads} thread{'s' if threads > 1 else ''} each:\n")
        print(
            "| sample | positions | his wall / user / system | ours wall / user / system | his positions "
            "| ours | ours branched | branched / his | ours / his (mean wall) |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
        for name in args.samples:
            rows = sample_rows(name)
            if rows is None:
                print(f"| {name} | skipped: {TESTSETS / SAMPLES[name][0]} is absent | | | | | | | |")
                continue
            his_runs, our_runs = results[(name, threads)] = compare(
                binaries[threads], rows, threads, args.rounds, name
            )
            ratio = statistics.fmean(r.wall for r in our_runs) / statistics.fmean(r.wall for r in his_runs)
            columns = [
                " / ".join(span([getattr(r, field) for r in runs]) for field in ("wall", "user", "system"))
                for runs in (his_runs, our_runs)
            ]
            his_nodes, branched = his_runs[0].nodes, our_runs[0].branched
            share = f"{branched / his_nodes:.2f}x" if his_nodes and branched is not None else "-"
            print(
                f"| {name} | {len(rows)} | {columns[0]} | {columns[1]} | {count(his_nodes)} "
                f"| {count(our_runs[0].nodes)} | {count(branched)} | {share} | {ratio:.2f}x |",
                flush=True,
            )
    if results:
        print_scaling(results, args.threads)
    print(f"\nMachine: {machine_line()}")


if __name__ == "__main__":
    main()
