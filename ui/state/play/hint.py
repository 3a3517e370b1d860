"""The hint: the engine's best move for the human's position, shown on the board (with its reason, where the
explainer proves one) until a move is played.

The hint asks nothing of its own from the engine. It reads the best move of the latest ponder (or analysis)
Progress of the position on the board, which the board game keeps in
:class:`~ui.state.board.followed_search.FollowedSearch`; where nothing ponders, the play screen asks the
board game for an analysis while a hint waits. The computer's level is never touched: against the computer the
analysis runs with the computer's own limits. While the hint shows, it follows the search as it deepens, so it
always shows the search's current opinion.
"""

from __future__ import annotations

from dataclasses import dataclass

from ui.state.board.followed_search import FollowedSearch


@dataclass
class Hint:
    """A hint asked for the position whose move string is ``position``.

    ``move`` is None while waiting for the search's first result; then the best move. A hint for a position
    no longer on the board has expired: it stays until the next move, so that its reason can be read. A
    ``fixed`` hint's move is given, not the search's (the Learn trainer's tree's move): it follows no search.
    """

    position: str
    move: int | None = None
    fixed: bool = False

    def follow(self, thinking: FollowedSearch | None, position: str) -> None:
        """Takes the best move of the search ``thinking`` of the board's ``position`` (the move string)."""
        if self.fixed or position != self.position or thinking is None or not thinking.pondering:
            return
        if thinking.result is not None and thinking.result.principal_variation:
            self.move = thinking.result.principal_variation[0]

    def alive(self, position: str) -> bool:
        """True while the hint belongs to ``position``, the one on the board."""
        return position == self.position
