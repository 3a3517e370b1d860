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


def position_of(moves: str, width: int = 7, height: int = 6) -> tuple[int, int, int]:
    """``(stones of the side to move, occupied cells, stones played)`` after ``moves`` (columns from 1, a
    test set's line), in the solver's bitboard layout (see game/kinarow.py), read as the C++ harness reads
    it: one bit per stone, no game object. The moves must be legal (the test sets' are); tests check that
    it agrees with :class:`game.ConnectFour`."""
    column_bits = height + 1
    current = mask = 0
    heights = [0] * width
    for character in moves:
        column = ord(character) - ord("1")
        # The side to move changes: its stones are the other side's before this one is added.
        current ^= mask
        mask |= 1 << (column * column_bits + heights[column])
        heights[column] += 1
    return current, mask, len(moves)


def timed_solve(solver, moves: str) -> tuple[int, float, int]:
    """Solves the position after ``moves``: (score, seconds, positions explored). The clock runs around the
    solve only, as in the C++ harness (its Position is built before its clock starts). Between solves the
    harness does as little as the C++ one: it reads the position with :func:`position_of` (a game object
    built for it pushed the solver's small end-game table and code out of the caches, and made the
    end-game set's solves a fifth slower). Python's cyclic garbage collector waits while the clock runs:
    its passes, tens of microseconds each, are set off by the objects this harness makes between solves,
    and would otherwise land at random inside an end-game solve of a few microseconds."""
    position = position_of(moves)
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
