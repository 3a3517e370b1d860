""" "Show me" in the review: the best line from the position before the move shown, played forward on the
board one move at a time, and stepped back and forth; for a mistake whose reason is a road (what the move
allows), the move played and the road first, best play from there on.

The line is found one move at a time: each position of it is analysed (the engine's ``ponder`` with
``analyse``, which proves every move's value on 7 x 6, 6 x 5 and Tic-tac-toe), and a best move, once proven,
is the line's next move. So the line is perfect play from both sides, and it grows while the player watches.
Pure state: no pygame, no engine (the board game sends the requests).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ai.contracts import SearchResult
from ai.request import Request
from ai.score import Score
from game.protocol import Game

#: Seconds each move of the line stays on its own before the next one drops, while the line plays.
STEP_SECONDS = 0.9


@dataclass
class BestLine:
    """The best line from ``start`` (a private copy): ``moves`` found so far, the first ``shown`` of them on
    the board, ``request`` the request valuing the position after the last one; ``playing`` while it steps
    forward by itself (a step by hand stops it). ``done`` once the line reaches the end of the game."""

    start: Game
    request: Request | None = None
    moves: list[int] = field(default_factory=list)
    #: The proven value of the start position for its side to move (set by the first answer; none for a
    #: line that starts with the move played).
    value: Score | None = None
    #: How many of the line's first moves are the move played and the road its reason gives (what the move
    #: allows; 0: the line starts with the best move). The line pauses once they all show.
    allowed: int = 0
    shown: int = 0
    playing: bool = True
    _since_step: float = STEP_SECONDS  # the first move found shows at once

    @property
    def done(self) -> bool:
        return self.frontier().is_over()

    def frontier(self) -> Game:
        """The position after every move found: the one to analyse next (a new copy)."""
        return self.position(len(self.moves))

    def position(self, count: int | None = None) -> Game:
        """The start with the first ``count`` moves of the line played (all shown ones by default)."""
        board = self.start.copy()
        for move in self.moves[: self.shown if count is None else count]:
            board.apply(move)
        return board

    def receive(self, result: SearchResult) -> bool:
        """Takes an analysis of the frontier; True when it proved every move's value and so gave the line its
        next move (the best, the lowest-numbered among equals, so the line is reproducible)."""
        scores = result.move_scores
        if not scores or not all(score.exact for _, score in scores):
            return False
        best = max(score for _, score in scores)
        if self.value is None and not self.allowed:
            self.value = best
        self.moves.append(min(move for move, score in scores if score == best))
        return True

    def step(self, delta: int) -> None:
        """Shows ``delta`` moves more (or fewer), within the moves found; stops the playing."""
        self.playing = False
        self.shown = max(0, min(len(self.moves), self.shown + delta))

    def to_end(self, end: bool) -> None:
        """Shows the whole line found (``end``) or none of it; stops the playing."""
        self.playing = False
        self.shown = len(self.moves) if end else 0

    def advance(self, dt: float) -> bool:
        """Time passes: while playing, the next found move shows every STEP_SECONDS. True when one did."""
        if not self.playing or self.shown >= len(self.moves):
            self._since_step = STEP_SECONDS  # the next move found shows at once
            return False
        self._since_step += dt
        if self._since_step < STEP_SECONDS:
            return False
        self._since_step = 0.0
        self.shown += 1
        if self.shown == self.allowed:
            self.playing = False  # the position where the reason holds: the player looks, then steps on
        return True
