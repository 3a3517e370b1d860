"""The moves undo took back, for redo to replay. No pygame here."""

from __future__ import annotations

from collections.abc import Callable

from game.protocol import Game


class RedoStack:
    """The moves taken back from a game, the last one taken back on top.

    Playing the move redo would replay keeps the rest for redo; any other move ends them (:meth:`played`).
    """

    def __init__(self) -> None:
        self._moves: list[int] = []

    def __bool__(self) -> bool:
        return bool(self._moves)

    def clear(self) -> None:
        self._moves.clear()

    def played(self, move: int) -> None:
        """``move`` was played on the game the moves were taken back from."""
        if self._moves and self._moves[-1] == move:
            self._moves.pop()
        else:
            self._moves.clear()

    def take_back(self, game: Game, plies: int) -> None:
        """Takes ``game``'s last ``plies`` moves back, keeping them for redo."""
        for _ in range(plies):
            self._moves.append(game.undo())

    def replay(self, game: Game, turn_done: Callable[[], bool]) -> int:
        """Replays the moves taken back on ``game`` until ``turn_done()`` says so after a move, or none is
        left; returns how many it replayed."""
        count = 0
        while self._moves:
            game.apply(self._moves.pop())
            count += 1
            if turn_done():
                break
        return count
