"""The games and sizes on offer, and their names in saved games and on the command line."""

from __future__ import annotations

from game.connect4 import ConnectFour
from game.kinarow import KInARowBoard
from game.tictactoe import TicTacToe

GAME_NAMES = ("connect4", "tictactoe")


def new_game(name: str, width: int | None = None, height: int | None = None) -> KInARowBoard:
    """A fresh game; sizes default to the standard board. Raises ValueError for an unknown game or size."""
    if name == "connect4":
        return ConnectFour(width or 7, height or 6)
    if name == "tictactoe":
        size = width or 3
        if height not in (None, size):
            raise ValueError("Tic-tac-toe boards are square")
        return TicTacToe(size)
    raise ValueError(f"unknown game '{name}' (choose from {', '.join(GAME_NAMES)})")


def parse_size(text: str) -> tuple[int, int]:
    """``"7x6"`` -> (7, 6); raises ValueError with a readable message."""
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(part.isdigit() for part in parts):
        raise ValueError(f"'{text}' is not a board size like 7x6")
    return int(parts[0]), int(parts[1])
