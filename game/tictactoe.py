"""Tic-tac-toe: 3 x 3 with three in a row, or 4 x 4 with four in a row; no gravity.

A move is a cell index 0 .. width*height - 1, row-major from the top left. The notation writes cell i as the
(i+1)-th symbol of ``1-9`` then ``a-z``: cells 1-9 on the 3 x 3 board, 1-9 and a-g on the 4 x 4 board.
"""

from __future__ import annotations

from game.kinarow import KInARowBoard
from game.problems import BadBoard, Problem, RuleProblem
from game.protocol import IllegalMove, quoted

CELL_SYMBOLS = "123456789abcdefghijklmnopqrstuvwxyz"


class TicTacToe(KInARowBoard):
    """Tic-tac-toe on a ``size`` x ``size`` board where ``size`` in a row wins (3 or 4)."""

    name = "tictactoe"

    def __init__(self, size: int = 3) -> None:
        if size not in (3, 4):
            raise BadBoard(Problem.of(RuleProblem.TIC_TAC_TOE_SIZES))
        super().__init__(size, size, size)
        cells = size * size
        # Rows are counted from the top for players but from the bottom in the bitboard.
        self._cell_bits = [self._bit(size - 1 - cell // size, cell % size) for cell in range(cells)]
        self._order = tuple(sorted(range(cells), key=self._static_rank))
        # For each of the board's 8 symmetries (rotations and reflections), the bit each cell's bit maps to.
        images = []
        for transpose in (False, True):
            for flip_rows in (False, True):
                for flip_columns in (False, True):
                    image = {}
                    for cell in range(cells):
                        row, column = divmod(cell, size)
                        if transpose:
                            row, column = column, row
                        row = size - 1 - row if flip_rows else row
                        column = size - 1 - column if flip_columns else column
                        image[self._cell_bits[cell]] = self._cell_bits[row * size + column]
                    images.append(image)
        self._symmetries = tuple(images)
        # Every winning line (a row, a column or a diagonal), as the bits of its cells.
        rows = [[row * size + column for column in range(size)] for row in range(size)]
        columns = [[row * size + column for row in range(size)] for column in range(size)]
        diagonals = [[i * size + i for i in range(size)], [i * size + size - 1 - i for i in range(size)]]
        lines = rows + columns + diagonals
        self._lines = tuple(sum(self._cell_bits[cell] for cell in line) for line in lines)

    def _static_rank(self, cell: int) -> tuple[int, int]:
        """Cells on more lines first (centre, then corners, then edges); ties by index."""
        row, column = divmod(cell, self.width)
        last = self.width - 1
        lines = 2 + (row == column) + (row + column == last)
        return (-lines, cell)

    @classmethod
    def from_moves(cls, text: str, size: int = 3) -> TicTacToe:
        """A game after the move string ``text``; raises IllegalMove naming the first bad move."""
        game = cls(size)
        game.play_text(text)
        return game

    def can_still_win(self, player: int) -> bool:
        """True while some line holds no stone of ``player``'s opponent, so ``player`` might still complete
        it. (The game goes on until the board is full, as players expect; searches use this to bound the
        value.)"""
        opponent = self._stones[1 - player]
        return any(not line & opponent for line in self._lines)

    def symmetric_key(self) -> int:
        """The smallest :meth:`key` among the position's 8 rotations and reflections: equal for positions that
        are the same up to symmetry, and so of equal value (searches share their table entries)."""
        first, second = self._stones
        shift = self.width * self._column_bits

        def key_of(image: dict[int, int]) -> int:
            key = 0
            for bit, mapped in image.items():
                if first & bit:
                    key |= mapped
                elif second & bit:
                    key |= mapped << shift
            return key

        return min(key_of(image) for image in self._symmetries)

    def moves(self) -> list[int]:
        if self.is_over():
            return []
        occupied, bits = self._occupied, self._cell_bits
        return [cell for cell in self._order if not occupied & bits[cell]]

    def stone_bit(self, move: int) -> int:
        if not isinstance(move, int) or not 0 <= move < len(self._cell_bits):
            not_a_cell = Problem.of(
                RuleProblem.NOT_A_CELL, move=repr(move), width=self.width, height=self.height
            )
            raise IllegalMove(not_a_cell)
        bit = self._cell_bits[move]
        if self._occupied & bit:
            raise IllegalMove(Problem.of(RuleProblem.CELL_TAKEN, cell=self.move_to_text(move)))
        return bit

    def key(self) -> int:
        # Both players' stones side by side: unique, and the side to move follows from the stone count.
        return self._stones[0] | (self._stones[1] << (self.width * self._column_bits))

    def move_to_text(self, move: int) -> str:
        return CELL_SYMBOLS[move]

    def text_to_move(self, text: str) -> int:
        cells = len(self._cell_bits)
        index = CELL_SYMBOLS.find(text.lower()) if len(text) == 1 else -1
        if not 0 <= index < cells:
            not_a_cell = Problem.of(
                RuleProblem.NOT_A_CELL_SYMBOL,
                move=quoted(text),
                width=self.width,
                height=self.height,
                first=CELL_SYMBOLS[0],
                last=CELL_SYMBOLS[cells - 1],
            )
            raise IllegalMove(not_a_cell)
        return index
