"""The bitboard machinery shared by both games: stones on a width x height grid, k in a row wins.

Layout (Pascal Pons' Connect Four layout, here for any size): each column owns ``height + 1`` bits, the lowest
bit being the bottom cell; the extra top bit of every column is a sentinel that is never set, so that lines
never wrap from one column into the next. For a 7 x 6 board::

      .  .  .  .  .  .  .      <- sentinel row (bits 6, 13, 20, ...), always 0
      5 12 19 26 33 40 47
      4 11 18 25 32 39 46
      3 10 17 24 31 38 45
      2  9 16 23 30 37 44
      1  8 15 22 29 36 43
      0  7 14 21 28 35 42      <- bottom row

With ``H = height + 1``, shifting a bitboard right by 1, H, H + 1 and H - 1 moves every stone one step along a
vertical, horizontal, diagonal (/) and anti-diagonal (\\) line, so k stones in a row are found with k - 1
shifts and ANDs per direction.
"""

from __future__ import annotations

from typing import TypeVar

from game.cells import GridCell, grid_cell
from game.problems import BadBoard, Problem, RuleProblem
from game.protocol import IllegalMove, Outcome, quoted

_Board = TypeVar("_Board", bound="KInARowBoard")


def line_starts(stones: int, k: int, step: int) -> int:
    """Bits of ``stones`` that start k stones in a row going ``step`` bits further each time."""
    if k == 4:
        pairs = stones & (stones >> step)
        return pairs & (pairs >> (2 * step))
    run = stones
    for i in range(1, k):
        run &= stones >> (i * step)
    return run


class KInARowBoard:
    """State and rules common to Connect Four and Tic-tac-toe; subclasses say where a move puts its stone.

    Subclasses implement ``stone_bit(move)`` (the bit the move fills, or raise IllegalMove), ``moves()``,
    ``key()`` and ``move_to_text`` / ``text_to_move`` (a move in words is the words package's).
    """

    name = "k-in-a-row"
    #: A move names a column and fills its lowest free cell (Connect Four), rather than naming a cell.
    gravity = False

    def __init__(self, width: int, height: int, k: int) -> None:
        if width < 1 or height < 1 or k < 2 or k > max(width, height):
            raise BadBoard(Problem.of(RuleProblem.NO_SUCH_LINE_GAME, k=k, width=width, height=height))
        self.width = width
        self.height = height
        self.k = k
        self._column_bits = height + 1
        self._directions = (1, self._column_bits, self._column_bits + 1, self._column_bits - 1)
        self._cell_count = width * height
        # Stones of player 0 and player 1, and the bit each move filled (for undo).
        self._stones = [0, 0]
        self._occupied = 0
        self._moves: list[int] = []
        self._filled_bits: list[int] = []
        self._winner: int | None = None

    # --- bit helpers ---------------------------------------------------------------------------------------

    def _bit(self, row_from_bottom: int, column: int) -> int:
        return 1 << (column * self._column_bits + row_from_bottom)

    def stone_bit(self, move: int) -> int:
        """The bit ``move`` would fill now (layout above); raises IllegalMove for an illegal move."""
        raise NotImplementedError

    def has_line(self, stones: int) -> bool:
        """True when ``stones`` holds k in a row in any direction."""
        # Runs after every move of every search: a plain loop, with the k = 4 pair trick written out.
        if self.k == 4:
            for step in self._directions:
                pairs = stones & (stones >> step)
                if pairs & (pairs >> (2 * step)):
                    return True
            return False
        for step in self._directions:
            if line_starts(stones, self.k, step):
                return True
        return False

    def line_cells(self, stones: int) -> int:
        """Bits of every stone that belongs to some k-in-a-row of ``stones``."""
        cells = 0
        for step in self._directions:
            starts = line_starts(stones, self.k, step)
            for i in range(self.k):
                cells |= starts << (i * step)
        return cells

    # --- the protocol ---------------------------------------------------------------------------------------

    def to_move(self) -> int:
        return len(self._moves) & 1

    def ply(self) -> int:
        return len(self._moves)

    def history(self) -> tuple[int, ...]:
        return tuple(self._moves)

    def is_over(self) -> bool:
        return self._winner is not None or len(self._moves) == self._cell_count

    def winner(self) -> int | None:
        return self._winner

    def outcome(self) -> Outcome | None:
        if self._winner is not None:
            return Outcome.WIN
        if len(self._moves) == self._cell_count:
            return Outcome.DRAW
        return None

    def apply(self, move: int) -> None:
        if self.is_over():
            raise IllegalMove(Problem.of(RuleProblem.GAME_OVER))
        bit = self.stone_bit(move)  # raises IllegalMove before anything changes
        player = len(self._moves) & 1
        stones = self._stones[player] | bit
        self._stones[player] = stones
        self._occupied |= bit
        self._moves.append(move)
        self._filled_bits.append(bit)
        if self.has_line(stones):
            self._winner = player

    def undo(self) -> int:
        if not self._moves:
            raise IllegalMove(Problem.of(RuleProblem.NOTHING_TO_TAKE_BACK))
        bit = self._filled_bits.pop()
        move = self._moves.pop()
        player = len(self._moves) & 1
        self._stones[player] ^= bit
        self._occupied ^= bit
        # A finished game can only have ended on the move just taken back.
        self._winner = None
        return move

    def winning_cells(self) -> frozenset[GridCell]:
        if self._winner is None:
            return frozenset()
        return frozenset(self._bits_to_cells(self.line_cells(self._stones[self._winner])))

    def _bits_to_cells(self, bits: int) -> list[GridCell]:
        found = []
        for column in range(self.width):
            for row in range(self.height):
                if bits & self._bit(row, column):
                    found.append(grid_cell((column, row), self.height))
        return found

    def last_cell(self) -> GridCell | None:
        return self._bits_to_cells(self._filled_bits[-1])[0] if self._filled_bits else None

    def cells(self) -> tuple[tuple[int | None, ...], ...]:
        rows = []
        first, second = self._stones
        for row in range(self.height - 1, -1, -1):
            line: list[int | None] = []
            for column in range(self.width):
                bit = self._bit(row, column)
                line.append(0 if first & bit else 1 if second & bit else None)
            rows.append(tuple(line))
        return tuple(rows)

    def stones(self, player: int) -> int:
        """The bitboard of ``player``'s stones (layout in the module docstring)."""
        return self._stones[player]

    def occupied(self) -> int:
        """The bitboard of every stone on the board."""
        return self._occupied

    def copy(self: _Board) -> _Board:
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin._stones = list(self._stones)
        twin._moves = list(self._moves)
        twin._filled_bits = list(self._filled_bits)
        return twin

    def moves_text(self) -> str:
        return "".join(self.move_to_text(move) for move in self._moves)

    def play_text(self, text: str) -> None:
        """Plays a whole move string; a bad symbol raises IllegalMove naming where, and changes nothing."""
        trial = self.copy()
        for index, symbol in enumerate(text, start=1):
            try:
                trial.apply(trial.text_to_move(symbol))
            except IllegalMove as error:
                bad = Problem.of(
                    RuleProblem.BAD_MOVE_IN_STRING, number=index, symbol=quoted(symbol), reason=error.problem
                )
                raise IllegalMove(bad) from None
        self.__dict__.update(trial.__dict__)

    def variant(self) -> str:
        """Game and size as saved games name them, e.g. ``"connect4 7x6"``."""
        return f"{self.name} {self.width}x{self.height}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.width}x{self.height}, moves={self.moves_text()!r})"

    # Subclass hooks, declared here so a reader sees the whole protocol in one place.
    def moves(self) -> list[int]:
        raise NotImplementedError

    def key(self) -> int:
        raise NotImplementedError

    def move_to_text(self, move: int) -> str:
        raise NotImplementedError

    def text_to_move(self, text: str) -> int:
        raise NotImplementedError
