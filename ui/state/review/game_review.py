"""The review of a game on the play screen, without pygame: the marks computed so far, the move shown (its
words are :mod:`ui.words.review_words`').

A :class:`GameReview` holds a copy of the game as it was when the review opened, so reviewing never changes
the game, its history or the tally. Marks (:class:`ai.play.review.MoveReview`) arrive from the engine in any
order, one per move; the move shown is a cursor over the moves, stepped by keys or set by a click.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ai.contracts import MoveReview
from ai.rating.ladder import ladder_for
from ai.rating.performance import Performance, observations_of, performance
from ai.request import Request
from game.protocol import Game
from ui.state.review.show_me import BestLine


@dataclass
class GameReview:
    """The review of one game: ``game`` is a private copy (at its last move), ``request`` the engine request
    computing the marks, ``cursor`` the move shown (1 for the first move; 0 only for a game without moves)."""

    game: Game
    request: Request | None = None
    marks: dict[int, MoveReview] = field(default_factory=dict)
    #: The game's moves, in order (move ``ply`` is ``moves[ply - 1]``).
    moves: tuple[int, ...] = field(init=False)
    cursor: int = field(init=False)
    #: "Show me": the best line from the position before the move shown, while it shows.
    line: BestLine | None = None
    #: The review's seconds per position (see :func:`ai.play.review.review_game`), to ask again after a line.
    seconds_per_position: float | None = None

    def __post_init__(self) -> None:
        self.moves = tuple(self.game.history())
        self.cursor = len(self.moves)

    # --- marks ----------------------------------------------------------------------------------------------

    def receive(self, review: MoveReview) -> bool:
        """Takes one mark; False (and ignored) when it is not about a move of this game."""
        if not 1 <= review.ply <= len(self.moves) or self.moves[review.ply - 1] != review.move:
            return False
        self.marks[review.ply] = review
        return True

    def complete(self) -> bool:
        return len(self.marks) == len(self.moves)

    def shown(self) -> MoveReview | None:
        """The mark of the move shown, None while it is being worked out (or for a game without moves)."""
        return self.marks.get(self.cursor)

    def kept(self, player: int) -> tuple[int, int]:
        """(moves that kept the value, moves with an exact mark) of ``player``."""
        exact = [mark for mark in self.marks.values() if mark.mover == player and mark.exact]
        return sum(not mark.changed_result() for mark in exact), len(exact)

    def performance(self, side: int) -> Performance | None:
        """The strength ``side``'s moves showed, on the levels' rating scale (see
        :mod:`ai.rating.performance`); None until the review is complete, where no ladder rates the board, or
        where the side made too few telling moves."""
        ladder = ladder_for(self.game.variant())
        if ladder is None or not self.complete():
            return None
        return performance(observations_of(self.marks.values(), side), ladder)

    def turning_points(self) -> list[MoveReview]:
        """The moves that changed the game's result, in the game's order."""
        return [self.marks[ply] for ply in sorted(self.marks) if self.marks[ply].changed_result()]

    # --- stepping -------------------------------------------------------------------------------------------

    def select(self, ply: int) -> None:
        """Shows move ``ply`` (clamped to the game's moves)."""
        self.cursor = max(min(1, len(self.moves)), min(ply, len(self.moves)))

    def first(self) -> None:
        self.select(1)

    def last(self) -> None:
        self.select(len(self.moves))

    def position(self) -> Game:
        """The board before the move shown (a new copy)."""
        board = self.game.copy()
        while board.ply() >= max(1, self.cursor):
            board.undo()
        return board
