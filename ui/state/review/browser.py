"""The walk through a game's review: which move shows, and "show me"'s best line from it, its newest stone
dropping into place. No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable

from ai.claims import Road
from ai.contracts import Verdict
from ui.state.animation import MoveAnimation
from ui.state.board.board_game import BoardGame
from ui.state.review.game_review import GameReview

#: How many cells a stone dropped into (row, column) falls to get there (the screen's geometry knows).
Fall = Callable[[int, int], float]


class ReviewBrowser:
    """The review of ``board_game``'s game as the player walks it; ``fall`` None: stones pop in (no gravity).

    Each method does nothing while no review (or no line) shows.
    """

    def __init__(self, board_game: BoardGame, fall: Fall | None) -> None:
        self.board_game = board_game
        self.fall = fall
        #: The stone of "show me"'s best line dropping into place, if one is.
        self.line_animation: MoveAnimation | None = None

    def step(self, ply: int | None = None, delta: int = 0) -> None:
        """Shows move ``ply`` of the review (or the move ``delta`` moves from the one shown)."""
        review = self.board_game.review
        if review is not None:
            review.select(review.cursor + delta if ply is None else ply)

    def show_me(self) -> bool:
        """Starts "show me" (the best line from the move the review shows; for a mistake whose reason is a
        road, the move and the road first: what the move allows) or goes back from it to the review; False
        where the line cannot be proven (on the boards the engine cannot solve)."""
        review = self.board_game.review
        if review is None:
            return True
        self.line_animation = None
        if review.line is not None:
            self.board_game.reviews.close_line()
        elif self.board_game.reviews.show_best_line(self._allowed(review)) is None:
            return False
        return True

    def _allowed(self, review: GameReview) -> tuple[int, ...]:
        """The move shown and its road's moves, where the move is a mistake or a blunder whose proven reason
        is a road; else nothing."""
        mark = review.shown()
        if mark is None or mark.verdict not in (Verdict.MISTAKE, Verdict.BLUNDER):
            return ()
        claims = self.board_game.reasons.of(review.position(), mark.move) or ()
        road = next((claim for claim in claims if isinstance(claim, Road)), None)
        if road is None:
            return ()
        return (mark.move, *(column for column, _ in road.line))

    def step_line(self, delta: int = 0, end: bool | None = None) -> None:
        """Steps the best line ``delta`` moves, or to its ``end`` (True) or its start (False)."""
        line = None if self.board_game.review is None else self.board_game.review.line
        if line is None:
            return
        before = line.shown
        if end is None:
            line.step(delta)
        else:
            line.to_end(end)
        self.line_animation = None
        if line.shown == before + 1:
            self._animate_line()

    def advance(self, dt: float, speed: float) -> None:
        """Lets ``dt`` seconds pass for the line as it plays itself and its dropping stone (at ``speed``,
        never slower than normal)."""
        line = None if self.board_game.review is None else self.board_game.review.line
        if line is not None and line.advance(dt):
            self._animate_line()
        if self.line_animation is None:
            return
        self.line_animation.advance(dt * max(speed, 1.0))
        if self.line_animation.done or line is None:
            self.line_animation = None

    def _animate_line(self) -> None:
        """The best line's newest shown stone drops into place."""
        review = self.board_game.review
        assert review is not None and review.line is not None
        board = review.line.position()
        cell = board.last_cell()
        assert cell is not None, "a line shown one stone further has a last stone"
        row, column = cell
        distance = 0.0 if self.fall is None else self.fall(row, column)
        self.line_animation = MoveAnimation(row, column, 1 - board.to_move(), distance)
