"""The games and sizes on offer, and their names in saved games and on the command line."""

from __future__ import annotations

from game.connect4 import ConnectFour
from game.kinarow import KInARowBoard
from game.tictactoe import TicTacToe

GAME_NAMES = ("connect4", "tictactoe")


def new_game(name: str, width: int | None = None, height: int | None = None) -> KInARowBoard:
    """A fresh game; sizes default to the standard board. Raises ValueError for an unknown game or size."""
    # ``None`` means the standard size; a 0 is a size asked for (and refused), never the default.
    if name == "connect4":
        return ConnectFour(7 if width is None else width, 6 if height is None else height)
    if name == "tictactoe":
        size = 3 if width is None else width
        if height not in (None, size):
            raise ValueError("Tic-tac-toe boards are square")
        return TicTacToe(size)
    raise ValueError(f"unknown game '{name}' (choose from {', '.join(GAME_NAMES)})")


def parse_size(text: str) -> tuple[int, int]:
    """``"7x6"`` -> (7, 6); raises ValueError with a readable message."""
    parts = text.lower().split("x")
    # isdecimal, not isdigit: "²" is a digit that int() refuses; int() also refuses more than 4300 digits.
    if len(parts) != 2 or not all(part.isdecimal() and len(part) <= 1000 for part in parts):
        raise ValueError(f"'{text}' is not a board size like 7x6")
    return int(parts[0]), int(parts[1])
