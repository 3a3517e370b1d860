"""The reviews of the games at a board, no pygame: the review on show, the finished game's review run unseen
(its "appraisal", for the strength the moves showed), "show me"'s best line, and the engine requests and
messages that compute them.

The board game (:class:`ui.state.board.board_game.BoardGame`) has one :class:`Reviews`, decides when a review
opens and closes; it owns what happens meanwhile. Reviewing never changes the game, its history or the tally:
every review holds a copy.
"""

from __future__ import annotations

from ai.capabilities import always_exact
from ai.messages import Progress, ReviewMark
from game.protocol import Game
from ui.state.board.engine_like import EngineLike
from ui.state.review.game_review import GameReview
from ui.state.review.show_me import BestLine


class Reviews:
    """``shown``: the review on show (None: the live game shows); ``appraisal``: the finished game's review
    run unseen, which is the one shown if the player opens the review of that same game."""

    def __init__(self, engine: EngineLike) -> None:
        self.engine = engine
        self.shown: GameReview | None = None
        self.appraisal: GameReview | None = None

    def open(self, game: Game, seconds_per_position: float | None) -> GameReview:
        """Shows the review of ``game`` as it stands, asking the engine for its marks (the appraisal of the
        same game, with the marks so far, if one runs). ``seconds_per_position``: see
        :func:`ai.play.review.review_game`."""
        appraisal = self.appraisal
        if appraisal is not None and appraisal.moves == tuple(game.history()):
            appraisal.cursor = len(appraisal.moves)
            self.shown = appraisal
            return appraisal
        self.shown = GameReview(game.copy(), seconds_per_position=seconds_per_position)
        self.shown.request = self.engine.review(game.copy(), seconds_per_position)
        return self.shown

    def start_review(self, game: Game, seconds_per_position: float | None) -> GameReview:
        """Starts the review of the finished ``game`` without showing it."""
        self.appraisal = GameReview(game.copy(), seconds_per_position=seconds_per_position)
        self.appraisal.request = self.engine.review(game.copy(), seconds_per_position)
        return self.appraisal

    def close(self) -> None:
        """Closes the review on show, if any, stopping its work (its marks', and its best line's)."""
        review = self.shown
        if review is not None:
            self.shown = None
            for request in (review.request, None if review.line is None else review.line.request):
                if request is not None:
                    request.stop()

    def receive_mark(self, mark: ReviewMark) -> bool:
        """Takes a review's mark; False (and ignored) when it is stale or about another game."""
        for review in (self.shown, self.appraisal):
            if review is not None and review.request is not None and review.request.owns(mark):
                return review.receive(mark.review)
        return False

    def receive_line(self, progress: Progress) -> bool:
        """Takes a progress of the best line's request, asking for the next position once a position is
        proven; False when it is not the line's."""
        line = None if self.shown is None else self.shown.line
        if line is None or line.request is None or not line.request.owns(progress):
            return False
        if line.receive(progress.result):
            self._ask_line(line)
        return True

    def show_best_line(self, allowed: tuple[int, ...] = ()) -> BestLine | None:
        """ "Show me": starts the best line from the position before the move the review shows, on the boards
        the review proves whatever it takes (7 x 6, 6 x 5, Tic-tac-toe); None elsewhere (a larger board's
        line could take the solver minutes a move), or with no move shown; given ``allowed`` (the move shown
        and the moves of the road its reason gives), the line starts with them. The review's own work waits
        meanwhile (see :meth:`close_line`)."""
        review = self.shown
        if review is None or review.cursor == 0:
            return None
        start = review.position()
        if not always_exact(start):
            return None
        # A line that starts with the move played and its road (``allowed``): what the move allows.
        review.line = BestLine(start, moves=list(allowed), allowed=len(allowed))
        self._ask_line(review.line)
        return review.line

    def _ask_line(self, line: BestLine) -> None:
        """Asks for the proven values of the line's next position (nothing once the line reaches the end)."""
        line.request = None if line.done else self.engine.ponder(line.frontier(), None, analyse=True)

    def close_line(self) -> None:
        """Back from the best line to the review, whose marks still missing are asked for again."""
        review = self.shown
        if review is None or review.line is None:
            return
        if review.line.request is not None:
            review.line.request.stop()
        review.line = None
        if not review.complete():
            review.request = self.engine.review(review.game.copy(), review.seconds_per_position)
