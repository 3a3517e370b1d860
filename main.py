"""Ponder: Connect Four and Tic-tac-toe against an AI that thinks on your time."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    print("Ponder: the window arrives with the game-window issue.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
