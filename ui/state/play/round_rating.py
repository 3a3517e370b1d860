"""The player's rating at the board: the adaptive level chosen from it, the finished game recorded with it,
and the strength the game's review showed, noted once the review is complete. No pygame here.
"""

from __future__ import annotations

from dataclasses import replace

from ai.rating.ladder import ladder_for
from game.language import _
from ui.state.board.board_game import BoardGame
from ui.state.files.player_rating import PlayedGame, adaptive_level
from ui.state.files.user_data import UserData
from ui.state.options import Mode, PlayOptions
from ui.state.play import finished_round

#: Seconds the review's exact analysis gets per position on the boards it cannot always solve (see
#: :func:`ai.play.review.review_game`).
REVIEW_SECONDS = 5.0


def adapted(options: PlayOptions, files: UserData) -> tuple[PlayOptions, str]:
    """``options`` with the adaptive level chosen from the player's rating in ``files``, and the words saying
    so ("" if the level is not adaptive, or no ladder rates the board)."""
    ladder = ladder_for(options.variant())
    if not options.adaptive or options.mode is not Mode.COMPUTER or ladder is None:
        return options, ""
    rating = files.ratings.value.rating(options.variant(), finished_round.start_rating(ladder))
    level = adaptive_level(ladder, rating)
    words = _("Auto level: {level} ({level_rating}) for your rating {rating}").format(
        level=level.shown, level_rating=ladder.rating_of(level), rating=rating
    )
    return replace(options, level=level), words


class RoundRating:
    """One round's game as recorded with the player's rating (nothing until the round is rated)."""

    def __init__(self, files: UserData) -> None:
        self.files = files
        #: The finished game as recorded with the player's rating, and the rating before it.
        self.rated_game: PlayedGame | None = None
        self.rating_before: int | None = None
        self._performance_noted = False

    def rate(self, session: BoardGame) -> None:
        """Records the finished game of ``session`` with the player's rating and starts its review unseen, for
        the strength the player's moves showed (see :meth:`follow_appraisal`)."""
        game = session.game
        ladder = ladder_for(game.variant())
        if ladder is not None:
            self.rating_before = self.files.ratings.value.rating(
                game.variant(), finished_round.start_rating(ladder)
            )
        self.rated_game = finished_round.rate(session, self.files.ratings)
        if self.rated_game is not None:
            session.start_review(REVIEW_SECONDS)

    def follow_appraisal(self, session: BoardGame) -> bool:
        """Once the rated game's review is complete, notes the strength the player's moves showed, once.
        Returns whether it was noted now."""
        review = session.reviews.appraisal
        if self.rated_game is None or self._performance_noted or review is None or not review.complete():
            return False
        self._performance_noted = True
        finished_round.note_performance(session, review, self.files.ratings)
        return True
