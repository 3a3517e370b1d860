"""The public Connect Four test sets (../shared/c4-testsets) and the published reference figures, shared by
the exact-solving benchmarks (bench/solve.py for our solver, bench/cpp_reference.py for the C++ yardstick)."""

from __future__ import annotations

import gc
import time
from pathlib import Path

# The shared test sets sit next to the repository.
TESTSETS = Path(__file__).resolve().parent.parent.parent / "shared" / "c4-testsets"
# Mean time per position of the published C++ solver on a 2-core machine like ours (test-set README).
README_SECONDS = {
    "Test_L3_R1": 5.1e-6,
    "Test_L2_R1": 45e-6,
    "Test_L2_R2": 4.2e-3,
    "Test_L1_R1": 0.30e-3,
    "Test_L1_R2": 144e-3,
    "Test_L1_R3": 9.7,
}
# Mean explored positions per position of the published solver (test-set README).
README_MEAN_NODES = {
    "Test_L3_R1": 51,
    "Test_L2_R1": 450,
    "Test_L2_R2": 39_900,
    "Test_L1_R1": 3_300,
    "Test_L1_R2": 1_201_000,
    "Test_L1_R3": 65_900_000,
}
DEFAULT_SETS = ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2"]


def read_set(name: str, limit: int | None = None, start: int = 0) -> list[tuple[str, int]]:
    """``(moves, exact score)`` of the set's positions from number ``start`` (0 the first), ``limit`` of them
    if given."""
    rows = [line.split() for line in (TESTSETS / name).read_text().splitlines() if line.strip()]
    rows = rows[start : start + limit] if limit else rows[start:]
    return [(moves, int(score)) for moves, score in rows]


def timed_solve(solver, moves: str) -> tuple[int, float, int]:
    """Solves the position after ``moves``: (score, seconds, positions explored). The clock runs around the
    solve only, as in the C++ harness (its Position is built before its clock starts): reading the position
    out of the game object costs a tenth of an end-game solve. Python's cyclic garbage collector waits
    while the clock runs: its passes, tens of microseconds each, are set off by the objects this harness
    makes between solves, and would otherwise land at random inside an end-game solve of a few
    microseconds."""
    from game import ConnectFour

    game = ConnectFour.from_moves(moves)
    position = game.stones(game.to_move()), game.occupied(), game.ply()
    before = solver.nodes
    collecting = gc.isenabled()
    gc.disable()
    try:
        started = time.perf_counter()
        score = solver.solve(*position)
        seconds = time.perf_counter() - started
    finally:
        if collecting:
            gc.enable()
    return score, seconds, solver.nodes - before


def format_seconds(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} us"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"
