"""A whole test set against the C++ reference, in chunks that survive an interruption.

Usage: python bench/long_set.py [--set Test_L1_R3] [--chunk 10] [--results FILE] [--slots S]

Made for Test_L1_R3, whose 1000 positions keep the C++ reference busy for about two hours: the set is solved
in chunks of ``--chunk`` positions, each chunk by our compiled core and then by the C++ reference on the same
positions (each with a fresh table), so every chunk is a same-run, same-machine comparison. After each chunk
one line goes to the results file (default ``bench/results/<set>.txt``): start, positions, correct, our total
seconds and positions explored, the C++ total seconds and positions explored, the machine. A run started again
skips the chunks the file already holds, so stopping it loses at most one chunk.

Prints the totals of every chunk in the file so far; the last line is ``RESULT positions=<n> ratio=<our total
/ C++ total>``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.exact.compiled_core import NativeConnectFourSolver, native_built  # noqa: E402
from bench import cpp_reference  # noqa: E402
from bench.testsets import format_seconds, read_set, timed_solve  # noqa: E402
from tools.support.machine import machine_line  # noqa: E402

FIELDS = ("start", "positions", "correct", "seconds", "nodes", "cpp_seconds", "cpp_nodes")


def solve_chunk(name: str, start: int, count: int, slots: int) -> dict:
    """Our compiled core on positions ``start`` .. ``start + count - 1``: totals of time and positions."""
    solver = NativeConnectFourSolver(table_slots=slots)
    seconds, nodes, correct = 0.0, 0, 0
    rows = read_set(name, count, start)
    for moves, expected in rows:
        score, spent, explored = timed_solve(solver, moves)
        seconds += spent
        nodes += explored
        correct += score == expected
    solver.release()
    return {"positions": len(rows), "correct": correct, "seconds": seconds, "nodes": nodes}


def read_results(path: Path) -> dict[int, dict]:
    """The chunks already measured, by start; lines that do not parse (a cut-off last line) are skipped."""
    chunks = {}
    if path.exists():
        for line in path.read_text().splitlines():
            parts = line.split("\t")
            if line.startswith("#") or len(parts) < len(FIELDS):
                continue
            try:
                values = [float(part) for part in parts[: len(FIELDS)]]
            except ValueError:
                continue
            chunks[int(values[0])] = dict(zip(FIELDS, values, strict=True))
    return chunks


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--set", default="Test_L1_R3")
    parser.add_argument("--chunk", type=int, default=10)
    parser.add_argument("--results", type=Path)
    parser.add_argument("--slots", type=int, default=1 << 23, help="solver table slots (default 8M, 64 MB)")
    args = parser.parse_args()
    if not native_built():
        parser.error("the compiled core is not built (pip install -e . with a C compiler)")
    path = args.results or Path(__file__).resolve().parent / "results" / f"{args.set}.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    total = len(read_set(args.set))
    done = read_results(path)
    binary = cpp_reference.build()
    machine = machine_line()
    for start in range(0, total, args.chunk):
        if start in done:
            continue
        ours = solve_chunk(args.set, start, args.chunk, args.slots)
        reference = cpp_reference.measure(args.set, args.chunk, reset=False, binary=binary, start=start)
        values = [start, ours["positions"], ours["correct"], ours["seconds"], ours["nodes"]]
        values += [reference["total"], reference["nodes"]]
        with path.open("a") as results:
            results.write(
                "\t".join(f"{value:.6f}" if isinstance(value, float) else str(value) for value in values)
            )
            results.write(f"\t{machine}\n")
        done[start] = dict(zip(FIELDS, values, strict=True))
        ratio = ours["seconds"] / reference["total"]
        print(f"positions {start}-{start + ours['positions'] - 1}: {ratio:.2f}x", flush=True)
    positions = sum(chunk["positions"] for chunk in done.values())
    correct = sum(chunk["correct"] for chunk in done.values())
    ours_total = sum(chunk["seconds"] for chunk in done.values())
    cpp_total = sum(chunk["cpp_seconds"] for chunk in done.values())
    print("| set | positions | correct | total | mean nodes | C++ total | C++ mean nodes | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    print(
        f"| {args.set} | {positions:.0f} | {correct:.0f} | {format_seconds(ours_total)} "
        f"| {sum(c['nodes'] for c in done.values()) / positions:,.0f} | {format_seconds(cpp_total)} "
        f"| {sum(c['cpp_nodes'] for c in done.values()) / positions:,.0f} | {ours_total / cpp_total:.2f}x |"
    )
    print(f"\nMachine: {machine}")
    print(f"RESULT positions={positions:.0f} ratio={ours_total / cpp_total:.3f}")


if __name__ == "__main__":
    main()
