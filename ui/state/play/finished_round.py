"""What a finished round counts for: its sound, its line in the score tally, and the player's rating (the
adaptive level chosen from that rating too).

Functions of the play state (no pygame): the play screen plays the sound and, once per round, :func:`count`
adds the outcome to the :class:`~ui.state.files.tally.Tally` under :func:`tally_key` and records it with the
player's rating (:class:`~ui.state.files.player_rating.Ratings`), as one change journalled first (see
:mod:`ui.state.files.game_end`; each file's writer says later why a write failed, if one did); once the
finished game's review is complete, :func:`note_performance` adds the strength the player's moves showed. A
round's :class:`RoundRating` does both for the play screen; :func:`adapted` chooses the adaptive level.
"""

from __future__ import annotations

from dataclasses import replace

from ai.play.levels import Level
from ai.rating.ladder import Ladder, ladder_for, rung_name
from ui.state.board.board_game import BoardGame
from ui.state.files import game_end
from ui.state.files.background_writer import BackgroundWriter, Landing
from ui.state.files.finished_games import FinishedGame, RatedResult
from ui.state.files.player_rating import PlayedGame, Ratings, adaptive_level
from ui.state.files.tally import matchup_key
from ui.state.files.user_data import UserData
from ui.state.options import Mode, PlayOptions
from ui.state.play.notices import AutoLevel
from ui.state.review.game_review import GameReview


def outcome(board_game: BoardGame) -> tuple[str, str]:
    """The finished game's outcome for the tally ("wins", "draws" or "losses") and the name of its sound.

    Against the computer the outcome is the human's; with two players and in watch mode the first player's
    wins count as "wins" (the tally's convention), and every win sounds as one."""
    winner = board_game.game.winner()
    if winner is None:
        return "draws", "draw"
    if board_game.options.mode is Mode.COMPUTER:
        return ("wins", "win") if board_game.seats[winner].is_human else ("losses", "lose")
    return ("wins" if winner == 0 else "losses"), "win"


def opponent(board_game: BoardGame) -> str | None:
    """The label of the computer's level against the human; None with two players or in watch mode."""
    computer = board_game.computer()
    return None if computer is None else computer[1].label


def tally_key(board_game: BoardGame) -> str | None:
    """The tally's key for this board and opponent; None in watch mode, which is not counted."""
    if board_game.options.mode is Mode.WATCH:
        return None
    return matchup_key(board_game.game.variant(), opponent(board_game))


def tally_line(board_game: BoardGame) -> tuple[str, str] | None:
    """The finished game's line in the tally: its record's key and its result; None when it is not counted
    there (watch mode, or a game that started from a set-up position: pasted, loaded, ``--moves``; as for the
    rating, the all-time record counts games played from the start)."""
    key = tally_key(board_game)
    if key is None or board_game.set_up():
        return None
    return key, outcome(board_game)[0]


def count(board_game: BoardGame, files: UserData, game_id: str) -> Landing | None:
    """Counts the finished game ``game_id`` of ``board_game`` in the tally and the ratings, as one change (see
    :func:`~ui.state.files.game_end.record`); returns the landing of its journal (None: nothing counts it)."""
    ending = FinishedGame(game_id, tally_line(board_game), rated_result(board_game))
    if ending.tally is None and ending.rating is None:
        return None
    return game_end.record(files, ending)


def start_rating(ladder: Ladder) -> int:
    """A new player's rating: the measured rating of the gentlest level (depth 1), so that "auto" starts
    gentle. It is provisional (a newcomer's deviation, see :class:`~ui.state.files.player_rating.Ratings`):
    each early win climbs about a rung, so a stronger player meets their match within a few games."""
    return min(rating for _level, rating in ladder.levels())


def _human_and_level(board_game: BoardGame) -> tuple[int, Level] | None:
    computer = board_game.computer()
    if computer is None:
        return None
    player, level = computer
    return 1 - player, level


def rated_result(board_game: BoardGame) -> RatedResult | None:
    """What the ratings record of the finished game against the computer, where the ladder rates the board
    and the level (None: not recorded)."""
    variant = board_game.game.variant()
    ladder = ladder_for(variant)
    seats = _human_and_level(board_game)
    if ladder is None or seats is None:
        return None
    human, level = seats
    level_rating = ladder.rating_of(level)
    if level_rating is None:
        return None
    winner = board_game.game.winner()
    result = "draw" if winner is None else "win" if winner == human else "loss"
    return RatedResult(
        variant,
        start_rating(ladder),
        rung_name(level),
        level_rating,
        result,
        board_game.game.moves_text(),
        tuple(sorted(board_game.assists)),
    )


def note_performance(board_game: BoardGame, review: GameReview, ratings: BackgroundWriter[Ratings]) -> None:
    """Adds the strength the player showed in the finished game ``review`` reviews to its record, if it is
    the last game recorded."""
    seats = _human_and_level(board_game)
    if seats is None:
        return
    shown = review.performance(seats[0])
    if shown is None:
        return
    variant, moves = review.game.variant(), review.game.moves_text()
    ratings.change(
        lambda recorded: recorded.with_performance(variant, moves, shown.rating, (shown.low, shown.high))
    )


#: Seconds the review's exact analysis gets per position on the boards it cannot always solve (see
#: :func:`ai.play.review.review_game`).
REVIEW_SECONDS = 5.0


def adapted(options: PlayOptions, files: UserData) -> tuple[PlayOptions, AutoLevel | None]:
    """``options`` with the adaptive level chosen from the player's rating in ``files``, and the notice saying
    so (None if the level is not adaptive, or no ladder rates the board)."""
    ladder = ladder_for(options.variant())
    if not options.adaptive or options.mode is not Mode.COMPUTER or ladder is None:
        return options, None
    rating = files.ratings.value.rating(options.variant(), start_rating(ladder))
    level = adaptive_level(ladder, rating)
    return replace(options, level=level), AutoLevel(level, ladder.rating_of(level), rating)


class RoundRating:
    """One round's game as recorded with the player's rating (nothing until the round is rated)."""

    def __init__(self, files: UserData) -> None:
        self.files = files
        #: The finished game as recorded with the player's rating, and the rating before it.
        self.rated_game: PlayedGame | None = None
        self.rating_before: int | None = None
        self._performance_noted = False

    def before(self, board_game: BoardGame) -> None:
        """Notes the player's rating before the game of ``board_game`` is recorded."""
        game = board_game.game
        ladder = ladder_for(game.variant())
        if ladder is not None:
            self.rating_before = self.files.ratings.value.rating(game.variant(), start_rating(ladder))

    def rated(self, board_game: BoardGame, game_id: str) -> None:
        """Once the finished game ``game_id`` of ``board_game`` is recorded (see :func:`count`): notes it
        and starts its review unseen, for the strength the player's moves showed (see
        :meth:`follow_appraisal`)."""
        games = self.files.ratings.value.games(board_game.game.variant())
        self.rated_game = next((game for game in reversed(games) if game.game_id == game_id), None)
        if self.rated_game is not None:
            board_game.start_review(REVIEW_SECONDS)

    def follow_appraisal(self, board_game: BoardGame) -> None:
        """Once the rated game's review is complete, notes the strength the player's moves showed, once."""
        review = board_game.reviews.appraisal
        if self.rated_game is None or self._performance_noted or review is None or not review.complete():
            return
        self._performance_noted = True
        note_performance(board_game, review, self.files.ratings)
