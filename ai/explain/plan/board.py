"""The board facts a plan is built from: groups (every possible four), columns, odd and even rows.

Everything works on the bitboards of :mod:`game.kinarow` (a column owns ``height + 1`` bits, the lowest bit
its bottom cell): a group, a set of cells and a pair of cells are all plain ints there, so "the group holds
this cell" is one AND. Rows are counted from 0 at the bottom here, as in :mod:`ai.plans`; Allis's
"odd" rows (1, 3, 5 counted from 1) are rows 0, 2, 4.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game.cells import Cell
from game.connect4 import ConnectFour

#: Four in a row: Allis's groups are the fours of standard Connect Four only.
GROUP_LENGTH = 4


@dataclass(frozen=True)
class Geometry:
    """The fixed facts of a ``width`` x ``height`` board: its groups and the bits of its cells."""

    width: int
    height: int
    #: Every group (four cells in a line) as a bitboard, in a fixed order.
    groups: tuple[int, ...]
    #: For each group, the bitmask of the columns it touches (bit ``c`` for column ``c``).
    group_columns: tuple[int, ...]

    @property
    def column_bits(self) -> int:
        return self.height + 1

    def bit(self, cell: Cell) -> int:
        """The bit of ``cell`` (``(column, row)``, row 0 at the bottom)."""
        column, row = cell
        return 1 << (column * self.column_bits + row)

    def cell(self, bit: int) -> Cell:
        """The cell of a one-bit ``bit``."""
        index = bit.bit_length() - 1
        return divmod(index, self.column_bits)

    def cells(self, bits: int) -> list[Cell]:
        """The cells of ``bits``, column by column, lowest first within a column."""
        found = []
        while bits:
            low = bits & -bits
            found.append(self.cell(low))
            bits ^= low
        return found

    def column_mask(self, column: int) -> int:
        """Every cell of ``column``."""
        return ((1 << self.height) - 1) << (column * self.column_bits)


def is_odd_row(row: int) -> bool:
    """Allis's odd rows (1, 3, 5 counted from 1): rows 0, 2, 4 counted from 0."""
    return row % 2 == 0


@cache
def geometry(width: int, height: int) -> Geometry:
    """The groups and bit helpers of a ``width`` x ``height`` board (computed once per size)."""
    column_bits = height + 1
    groups: list[int] = []
    columns: list[int] = []
    directions = ((1, 0), (0, 1), (1, 1), (1, -1))
    for column in range(width):
        for row in range(height):
            for step_column, step_row in directions:
                end_column = column + step_column * (GROUP_LENGTH - 1)
                end_row = row + step_row * (GROUP_LENGTH - 1)
                if not (0 <= end_column < width and 0 <= end_row < height):
                    continue
                bits = 0
                touched = 0
                for i in range(GROUP_LENGTH):
                    cell_column = column + step_column * i
                    bits |= 1 << (cell_column * column_bits + row + step_row * i)
                    touched |= 1 << cell_column
                groups.append(bits)
                columns.append(touched)
    return Geometry(width, height, tuple(groups), tuple(columns))


@dataclass(frozen=True)
class Position:
    """A position seen by the plan finder: the defender's and the opponent's stones, and the empty cells.

    ``defender`` is the side the plan is for (the side *not* to move); ``heights[c]`` is the number of stones
    in column ``c``, so its lowest empty cell is row ``heights[c]``.
    """

    geometry: Geometry
    defender: int
    mine: int
    theirs: int
    heights: tuple[int, ...]
    #: Every empty cell.
    empty: int

    @classmethod
    def of(cls, game: ConnectFour, defender: int) -> Position:
        shape = geometry(game.width, game.height)
        occupied = game.occupied()
        heights = tuple((occupied & shape.column_mask(column)).bit_count() for column in range(game.width))
        board = 0
        for column in range(game.width):
            board |= shape.column_mask(column)
        mine, theirs = game.stones(defender), game.stones(1 - defender)
        return cls(shape, defender, mine, theirs, heights, board & ~occupied)

    def empties(self, column: int) -> int:
        """How many cells of ``column`` are still empty."""
        return self.geometry.height - self.heights[column]

    def problems(self) -> list[int]:
        """Allis's problems: every group the opponent could still complete (none of the defender's stones)."""
        return [group for group in self.geometry.groups if not group & self.mine]

    def defender_groups(self) -> list[int]:
        """Every group the defender could still complete (none of the opponent's stones)."""
        return [group for group in self.geometry.groups if not group & self.theirs]

    def above_each(self, group: int) -> list[int]:
        """For each empty cell of ``group``, the cells above it in its column: a problem holding a cell of
        each can only be completed after every empty cell of ``group`` is filled (see :func:`after`)."""
        shape = self.geometry
        return [
            shape.column_mask(column) & ~((shape.bit((column, row)) << 1) - 1)
            for column, row in shape.cells(group & self.empty)
        ]


@dataclass(frozen=True)
class PlanStart:
    """Where a plan's strategy starts: the board (``width`` x ``height``), the ``side`` the plan is for, its
    stones (``mine``) and the opponent's (``theirs``) there."""

    width: int
    height: int
    side: int
    mine: int
    theirs: int

    @classmethod
    def of(cls, game: ConnectFour, side: int) -> PlanStart:
        return cls(game.width, game.height, side, game.stones(side), game.stones(1 - side))

    def stones(self, now: ConnectFour) -> tuple[int, int]:
        """``now``'s stones of the plan's side and of the opponent; raises LookupError unless ``now`` is on
        this board, not over, with the plan's side to move, and keeps every stone of the start."""
        on_board = (now.width, now.height) == (self.width, self.height)
        if not on_board or now.to_move() != self.side or now.is_over():
            raise LookupError("not a position of this plan with its side to move")
        mine, theirs = now.stones(self.side), now.stones(1 - self.side)
        if mine & self.mine != self.mine or theirs & self.theirs != self.theirs:
            raise LookupError("not a position reached from the plan's start")
        return mine, theirs


def after(problem: int, above_each: list[int]) -> bool:
    """True when ``problem`` holds a cell of each of ``above_each`` (:meth:`Position.above_each` of a group):
    it comes too late once that group is the defender's."""
    return all(problem & above for above in above_each)
