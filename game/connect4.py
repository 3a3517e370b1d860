"""Connect Four: four in a row with gravity, 7 x 6 by default, other sizes by parameter.

A move is a column index 0 .. width - 1. The notation is the standard one of the benchmark sets: one digit per
move, the column counted from 1 at the left ("4453"), so boards are at most 9 columns wide.
"""

from __future__ import annotations

from game.kinarow import KInARowBoard
from game.problems import BadBoard, Problem, RuleProblem
from game.protocol import IllegalMove, quoted

#: Far above any board anyone plays (9 x 7 is the biggest offered); the tools accept any height up to it.
MAX_HEIGHT = 16


def centre_first(width: int) -> tuple[int, ...]:
    """Columns ordered from the centre outwards, left before right: 3, 2, 4, 1, 5, 0, 6 for width 7."""
    return tuple(sorted(range(width), key=lambda column: (abs(2 * column - (width - 1)), column)))


class ConnectFour(KInARowBoard):
    """Connect Four on a ``width`` x ``height`` board (``k`` in a row wins, 4 by default)."""

    name = "connect4"
    gravity = True

    def __init__(self, width: int = 7, height: int = 6, k: int = 4) -> None:
        if width > 9:
            raise BadBoard(Problem.of(RuleProblem.TOO_WIDE_FOR_NOTATION))
        if height > MAX_HEIGHT:
            # The bitboard would work, but a typo like 7x999999999 would ask for gigabytes before any check.
            raise BadBoard(Problem.of(RuleProblem.TOO_HIGH, rows=MAX_HEIGHT))
        super().__init__(width, height, k)
        self._order = centre_first(width)
        self._bottom_bits = [self._bit(0, column) for column in range(width)]
        self._top_bits = [self._bit(height - 1, column) for column in range(width)]
        column_span = (1 << height) - 1
        self._column_masks = [column_span << (column * self._column_bits) for column in range(width)]

    @classmethod
    def from_moves(cls, text: str, width: int = 7, height: int = 6) -> ConnectFour:
        """A game after the move string ``text``; raises IllegalMove naming the first bad move."""
        game = cls(width, height)
        game.play_text(text)
        return game

    def moves(self) -> list[int]:
        if self.is_over():
            return []
        occupied, tops = self._occupied, self._top_bits
        return [column for column in self._order if not occupied & tops[column]]

    def stone_bit(self, move: int) -> int:
        if not isinstance(move, int) or not 0 <= move < self.width:
            raise IllegalMove(Problem.of(RuleProblem.NOT_A_COLUMN, move=repr(move), width=self.width))
        if self._occupied & self._top_bits[move]:
            raise IllegalMove(Problem.of(RuleProblem.COLUMN_FULL, number=move + 1))
        return (self._occupied + self._bottom_bits[move]) & self._column_masks[move]

    def key(self) -> int:
        # Pons' key: the side to move's stones plus the occupied mask is unique for every position.
        return self._stones[len(self._moves) & 1] + self._occupied

    def move_to_text(self, move: int) -> str:
        return str(move + 1)

    def text_to_move(self, text: str) -> int:
        if len(text) != 1 or not "1" <= text <= "9" or int(text) > self.width:
            raise IllegalMove(Problem.of(RuleProblem.NOT_A_COLUMN, move=quoted(text), width=self.width))
        return int(text) - 1
