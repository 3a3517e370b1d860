"""What a finished round counts for: its sound, and its line in the score tally.

Functions of the session (no pygame): the play screen plays the sound and, once per round, :func:`count`
adds the outcome to the :class:`~ui.state.files.tally.Tally` under :func:`tally_key`, and :func:`rate` records
it with the player's rating (:class:`~ui.state.files.player_rating.Ratings`), each handed to its user file's
writer (which says later why a write failed, if one did); once the finished game's review is complete,
:func:`note_performance` adds the strength the player's moves showed.
"""

from __future__ import annotations

from ai.play.levels import Level
from ai.rating.ladder import Ladder, ladder_for, rung_name
from ui.state.board.board_game import BoardGame
from ui.state.files.background_writer import BackgroundWriter
from ui.state.files.player_rating import PlayedGame, Ratings
from ui.state.files.tally import Tally, matchup_key
from ui.state.options import Mode, default_level
from ui.state.review.game_review import GameReview
from ui.state.words import texts


def outcome(session: BoardGame) -> tuple[str, str]:
    """The finished game's outcome for the tally ("wins", "draws" or "losses") and the name of its sound.

    Against the computer the outcome is the human's; with two players and in watch mode the first player's
    wins count as "wins" (the tally's convention), and every win sounds as one."""
    winner = session.game.winner()
    if winner is None:
        return "draws", "draw"
    if session.options.mode is Mode.COMPUTER:
        return ("wins", "win") if session.seats[winner].is_human else ("losses", "lose")
    return ("wins" if winner == 0 else "losses"), "win"


def opponent(session: BoardGame) -> str | None:
    """The label of the computer's level against the human; None with two players or in watch mode."""
    computer = session.computer()
    return None if computer is None else computer[1].label


def _opponent_shown(session: BoardGame) -> str | None:
    """:func:`opponent` as the player reads it, in the language in use."""
    computer = session.computer()
    return None if computer is None else computer[1].shown


def tally_key(session: BoardGame) -> str | None:
    """The tally's key for this board and opponent; None in watch mode, which is not counted."""
    if session.options.mode is Mode.WATCH:
        return None
    return matchup_key(session.game.variant(), opponent(session))


def count(session: BoardGame, tally: BackgroundWriter[Tally]) -> None:
    """Adds the finished game to ``tally``."""
    key = tally_key(session)
    if key is None:
        return
    result = outcome(session)[0]
    tally.change(lambda counted: counted.adding(key, result))


def tally_text(session: BoardGame, tally: Tally | None, names: tuple[str, str]) -> str:
    """The tally of this board and opponent for the result banner ("" when nothing is counted)."""
    key = tally_key(session)
    if key is None or tally is None:
        return ""
    return texts.tally_text(tally.get(key), _opponent_shown(session), names)


def short_tally_text(session: BoardGame, tally: Tally | None, names: tuple[str, str]) -> str:
    """The tally of this board and opponent for the match bar ("" when nothing is counted yet)."""
    key = tally_key(session)
    if key is None or tally is None:
        return ""
    return texts.short_tally(tally.get(key), _opponent_shown(session), names)


def start_rating(ladder: Ladder) -> int:
    """A new player's rating: the measured rating of the level a new player meets first."""
    rating = ladder.rating_of(default_level("connect4"))
    return rating if rating is not None else ladder.rungs[len(ladder.rungs) // 2].rating


def _human_and_level(session: BoardGame) -> tuple[int, Level] | None:
    computer = session.computer()
    if computer is None:
        return None
    player, level = computer
    return 1 - player, level


def rate(session: BoardGame, ratings: BackgroundWriter[Ratings]) -> PlayedGame | None:
    """Records the finished game against the computer with the player's rating, where the ladder rates the
    board and the level; returns the recorded game (None: not recorded)."""
    variant = session.game.variant()
    ladder = ladder_for(variant)
    seats = _human_and_level(session)
    if ladder is None or seats is None:
        return None
    human, level = seats
    level_rating = ladder.rating_of(level)
    if level_rating is None:
        return None
    winner = session.game.winner()
    result = "draw" if winner is None else "win" if winner == human else "loss"
    start, name, moves, assists = (
        start_rating(ladder),
        rung_name(level),
        session.game.moves_text(),
        session.assists,
    )
    ratings.change(
        lambda recorded: recorded.recording(variant, start, name, level_rating, result, moves, assists)
    )
    return ratings.value.games(variant)[-1]


def note_performance(session: BoardGame, review: GameReview, ratings: BackgroundWriter[Ratings]) -> None:
    """Adds the strength the player showed in the finished game ``review`` reviews to its record, if it is
    the last game recorded."""
    seats = _human_and_level(session)
    if seats is None:
        return
    shown = review.performance(seats[0])
    if shown is None:
        return
    variant, moves = review.game.variant(), review.game.moves_text()
    ratings.change(
        lambda recorded: recorded.with_performance(variant, moves, shown.rating, (shown.low, shown.high))
    )
