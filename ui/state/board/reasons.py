"""Why a move is worth what it is, as the engine's explainer proved it: asked once per position and move, kept
while the board game lasts, read by the hint, the coach and the review. No pygame here.

The engine works the explanation out on a thread of its own (``EngineLike.explain``) and answers with an
:class:`~ai.messages.Explained`; until it comes, and where it proved nothing or ran out of time, there is no
reason to show, and the window shows what it showed before (the move and its value). Only the answers to the
requests held here are taken, so a late answer about a position no longer asked about is dropped.
"""

from __future__ import annotations

from ai.claims import Claim
from ai.messages import Explained
from ai.request import Request
from game.protocol import Game
from ui.state.board.engine_like import EngineLike

#: The explanations kept: a review asks for each of a game's mistakes and blunders, a game has a few dozen.
KEPT = 128

#: What an explanation is kept under: the game's name, its board's shape, its move string, and the move.
Key = tuple[str, tuple[int, int], str, int | None]


def key_of(game: Game, move: int | None) -> Key:
    """The key of ``game``'s ``move`` (None: the position): the same position of another board differs."""
    shape = (getattr(game, "width", 0), getattr(game, "height", 0))
    return type(game).__name__, shape, game.moves_text(), move


class Reasons:
    """The explanations asked of ``engine`` and what they proved."""

    def __init__(self, engine: EngineLike) -> None:
        self.engine = engine
        self._asked: dict[Key, Request] = {}
        self._proven: dict[Key, tuple[Claim, ...]] = {}

    def ask(self, game: Game, move: int | None) -> None:
        """Asks why ``move`` of ``game`` (None: the position) is worth what it is, unless asked before."""
        key = key_of(game, move)
        if key in self._asked or key in self._proven:
            return
        if len(self._asked) + len(self._proven) >= KEPT:
            self.forget()
        self._asked[key] = self.engine.explain(game, move)

    def receive(self, message: Explained) -> bool:
        """Takes the answer to a request held here; False for another's (stale, or never ours)."""
        for key, request in self._asked.items():
            if request.owns(message):
                del self._asked[key]
                self._proven[key] = message.claims
                return True
        return False

    def of(self, game: Game, move: int | None) -> tuple[Claim, ...] | None:
        """The proven claims about ``move`` of ``game`` (None: the position): None until the answer came,
        empty where nothing was proven (or the time ran out)."""
        return self._proven.get(key_of(game, move))

    def waiting(self) -> int:
        """The explanations asked and not yet answered."""
        return len(self._asked)

    def forget(self) -> None:
        """Stops the explanations still running and forgets every answer."""
        for request in self._asked.values():
            request.stop()
        self._asked.clear()
        self._proven.clear()
