"""The game protocol every game speaks, so that one search and one view serve them all.

Players are numbered 0 (moves first) and 1. Moves are small ints whose meaning belongs to the game
(a column for Connect Four, a cell for Tic-tac-toe); ``move_to_text`` / ``text_to_move`` convert them to the
one-character notation used by saved games and the command line.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Protocol

from game.cells import GridCell
from game.problems import Refused


class IllegalMove(Refused):
    """A move or move string that the rules refuse; its ``problem`` says why (a
    :class:`~game.problems.RuleProblem` and its details), for the words package to word."""


def quoted(text: str) -> str:
    """``text`` in single quotes for a message, anything unprintable escaped (``'\\x00'``, ``'\\x1b'``), so
    that a NUL or a terminal escape sequence read from a file or pipe is shown, not sent to the terminal."""
    if text.isprintable():
        return f"'{text}'"
    return "'" + text.encode("unicode_escape").decode("ascii") + "'"


class Outcome(enum.Enum):
    """Why a game ended."""

    WIN = "win"
    DRAW = "draw"


class Game(Protocol):
    """What the search and the view may ask of a game.

    The game is mutable (``apply`` / ``undo``) for search speed; ``copy`` gives an independent game for
    anything handed to another thread.
    """

    #: Short machine name of the game family, e.g. ``"connect4"`` or ``"tictactoe"``.
    name: str
    width: int
    height: int
    #: How many stones in a row win.
    k: int
    #: A move names a column and fills its lowest free cell (Connect Four), rather than naming a cell.
    gravity: bool

    def to_move(self) -> int:
        """The player (0 or 1) whose turn it is."""
        ...

    def moves(self) -> list[int]:
        """Legal moves, best-first by a cheap static order; empty exactly when ``is_over()``."""
        ...

    def apply(self, move: int) -> None:
        """Plays ``move`` for the side to move; raises :class:`IllegalMove` and leaves the game as it was."""
        ...

    def undo(self) -> int:
        """Takes back the last move and returns it; raises :class:`IllegalMove` at the start."""
        ...

    def is_over(self) -> bool: ...

    def winner(self) -> int | None:
        """The player who made a line, or None (game going on, or drawn)."""
        ...

    def outcome(self) -> Outcome | None:
        """Why the game ended, or None while it goes on."""
        ...

    def winning_cells(self) -> frozenset[GridCell]:
        """Every (row, column) of every winning line; rows count from the top. Empty when nobody has won."""
        ...

    def key(self) -> int:
        """A perfect (collision-free) key of the position, side to move included."""
        ...

    def ply(self) -> int:
        """How many moves have been played."""
        ...

    def cells(self) -> tuple[tuple[int | None, ...], ...]:
        """The board as rows from the top, each cell the player who owns it or None."""
        ...

    def history(self) -> Sequence[int]:
        """The moves played so far, in order."""
        ...

    def last_cell(self) -> GridCell | None:
        """The (row, column) of the stone played last, rows from the top; None before the first move."""
        ...

    def stones(self, player: int) -> int:
        """The bitboard of ``player``'s stones, in the column layout of :mod:`game.kinarow` (what the
        evaluation and the exact solver read)."""
        ...

    def occupied(self) -> int:
        """The bitboard of every stone on the board (layout as :meth:`stones`)."""
        ...

    def copy(self) -> Game: ...

    def move_to_text(self, move: int) -> str: ...

    def text_to_move(self, text: str) -> int:
        """Parses one move symbol; raises :class:`IllegalMove` for a symbol that is no move of this board."""
        ...

    def moves_text(self) -> str:
        """The history in the game's notation, e.g. ``"4453"`` for Connect Four."""
        ...

    def play_text(self, text: str) -> None:
        """Plays a whole move string in the game's notation; a bad symbol raises :class:`IllegalMove` naming
        where, and changes nothing."""
        ...

    def variant(self) -> str:
        """Game and size as saved games name them, e.g. ``"connect4 7x6"``."""
        ...
