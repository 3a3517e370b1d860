"""The board as the explainer's finders read it: cells, and the empty cells where a side would complete four.

A cell is a :data:`game.cells.Cell`: ``(column, row)`` counted from 0, row 0 at the bottom (the command
line counts from 1). The finders
read threats off the bitboards here, by shifting (the layout of :mod:`game.kinarow`); the checks in
:mod:`ai.explain.checks` never use this module, so that a mistake here cannot hide itself.
"""

from __future__ import annotations

from game.cells import Cell
from game.connect4 import ConnectFour


class BoardView:
    """One position's stones as bitboards, with the questions the finders ask of them (four in a row only)."""

    def __init__(self, game: ConnectFour) -> None:
        self.width, self.height = game.width, game.height
        self.column_bits = game.height + 1
        column_span = (1 << game.height) - 1
        self.board_mask = sum(column_span << (column * self.column_bits) for column in range(game.width))
        self.bottom = sum(1 << (column * self.column_bits) for column in range(game.width))
        self.stones = (game.stones(0), game.stones(1))
        self.occupied = game.occupied()
        self.to_move = game.to_move()

    def bit(self, cell: Cell) -> int:
        column, row = cell
        return 1 << (column * self.column_bits + row)

    def cells_of(self, bits: int) -> list[Cell]:
        """The cells of ``bits``, column by column, lowest first."""
        found = []
        while bits:
            low = bits & -bits
            index = low.bit_length() - 1
            found.append((index // self.column_bits, index % self.column_bits))
            bits ^= low
        return found

    def playable(self) -> int:
        """The lowest empty cell of every column that is not full."""
        return (self.occupied + self.bottom) & self.board_mask

    def threats(self, side: int) -> int:
        """The empty cells where a stone of ``side`` would complete four (in any line, playable or not)."""
        stones, step_up = self.stones[side], self.column_bits
        found = (stones << 1) & (stones << 2) & (stones << 3)
        for step in (step_up, step_up + 1, step_up - 1):
            pair_above = (stones << step) & (stones << (2 * step))
            found |= pair_above & (stones << (3 * step))
            found |= pair_above & (stones >> step)
            pair_below = (stones >> step) & (stones >> (2 * step))
            found |= pair_below & (stones << step)
            found |= pair_below & (stones >> (3 * step))
        return found & self.board_mask & ~self.occupied

    def immediate_threats(self, side: int) -> int:
        """The cells where ``side`` would complete four with its next stone: threats playable now."""
        return self.threats(side) & self.playable()

    def above(self, cell: Cell) -> Cell | None:
        """The cell directly above ``cell``, None at the top."""
        column, row = cell
        return (column, row + 1) if row + 1 < self.height else None

    def landing(self, column: int) -> Cell | None:
        """Where a stone dropped in ``column`` lands, None for a full column."""
        bits = self.playable() & (((1 << self.height) - 1) << (column * self.column_bits))
        return self.cells_of(bits)[0] if bits else None
