"""Valuing every move of a position: the one loop that plays each move, settles the moves that end the game,
asks a search about the others, and takes the move back.

The heuristic pondering, the review's estimates, the exact analysis and the tests' comparison of the solver's
cores all value every move this way; only what "ask a search" means differs, and that is the caller's.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import Protocol, TypeVar

Value = TypeVar("Value")


class Ending(enum.Enum):
    """How a move ended the game: the mover won, or the board filled up without a winner."""

    WON = "won"
    DRAWN = "drawn"


class Board(Protocol):
    """What this loop needs of a game (see :mod:`game.protocol`)."""

    def moves(self) -> list[int]: ...

    def apply(self, move: int) -> None: ...

    def undo(self) -> int: ...

    def winner(self) -> int | None: ...

    def is_over(self) -> bool: ...


_Board = TypeVar("_Board", bound=Board)


def value_each_move(
    game: _Board,
    searched: Callable[[_Board], Value],
    ended: Callable[[Ending], Value],
    moves: Iterable[int] | None = None,
) -> dict[int, Value]:
    """The value of each legal move of ``game`` (or of each of ``moves``, in that order), by move.

    A move that ends the game is worth ``ended(how)``; after any other move, ``searched(game)`` values the
    position it leads to (``game`` then holds that position, the opponent to move; whatever it does to
    ``game`` it must undo). Exceptions of ``searched`` (a stopped search) pass through; ``game`` is left as it
    was in every case.
    """
    values: dict[int, Value] = {}
    for move in game.moves() if moves is None else moves:
        game.apply(move)
        try:
            if game.winner() is not None:
                values[move] = ended(Ending.WON)
            elif game.is_over():
                values[move] = ended(Ending.DRAWN)
            else:
                values[move] = searched(game)
        finally:
            game.undo()
    return values
