"""Line arithmetic on k-in-a-row bitboards (the layout of :mod:`game.kinarow`): which empty cells would
complete a line, for evaluation and for exact solving. Pure functions on ints; ``column_bits`` is the board
height + 1.
"""

from __future__ import annotations


def completing_cells(stones: int, column_bits: int, k: int, gravity: bool) -> int:
    """Every cell (stone or not) that would give ``stones`` k in a row if it held a stone of theirs.

    The caller masks the result with the empty cells it cares about. The sentinel bit on top of each column
    keeps lines from wrapping between columns (see game.kinarow), so nothing else needs masking here. With
    ``gravity`` the only vertical completion is on top of a column's stones, which the fast k = 4 path relies
    on.
    """
    if k == 4 and gravity:
        return _completing_cells_4(stones, column_bits)
    cells = 0
    for step in (1, column_bits, column_bits + 1, column_bits - 1):
        for gap in range(k):
            run = -1
            for i in range(k):
                if i == gap:
                    continue
                offset = (i - gap) * step
                run &= stones >> offset if offset > 0 else stones << -offset
            cells |= run
    return cells


def _completing_cells_4(stones: int, column_bits: int) -> int:
    """The k = 4, gravity case: pair tricks need 6 shifts per direction instead of 3 per gap."""
    # Vertical: only the cell on top of three stones.
    cells = (stones << 1) & (stones << 2) & (stones << 3)
    for step in (column_bits, column_bits + 1, column_bits - 1):
        # Three in a row then the cell, or two, the cell and one; in both orientations.
        up, down = stones << step, stones >> step
        cells |= up & (stones << 2 * step) & ((stones << 3 * step) | down)
        cells |= down & (stones >> 2 * step) & ((stones >> 3 * step) | up)
    return cells
