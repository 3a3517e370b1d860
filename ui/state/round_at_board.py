"""What one round at the board has of its own, made afresh with every round: the coach, the attempt at the
puzzle (in a puzzle), the round's rating, the keeping of its game, and its result, counted once (an undo and
a different ending do not count the round again). The sitting at the board shows what they say; each answer
that writes a user's file returns why it was not written (None: it was, or needed not be). No pygame here.
"""

from __future__ import annotations

from ai.puzzles import Puzzle
from ui.state import results
from ui.state.current_game import UnfinishedGame
from ui.state.kept_game import KeptGame
from ui.state.match import MatchScore
from ui.state.round_rating import RoundRating
from ui.state.second_thoughts import Coach, PuzzleAttempt, Verdict
from ui.state.session import Session
from ui.state.user_data import UserData


class RoundAtBoard:
    """One round with the user's ``files``: ``puzzle`` is the puzzle on the board, if it is one; ``resume``
    the kept game the round continues, and ``keeps`` whether its game is kept at all (see
    :class:`~ui.state.kept_game.KeptGame`)."""

    def __init__(
        self, files: UserData, puzzle: Puzzle | None, resume: UnfinishedGame | None, keeps: bool
    ) -> None:
        self.files = files
        self.coach = Coach()
        self.attempt = None if puzzle is None else PuzzleAttempt(puzzle, files)
        self.rating = RoundRating(files)
        self.kept = KeptGame(files, resume, keeps)
        #: The round's result has been counted and sounded.
        self.result_told = False

    def second_thoughts(self, session: Session, move: int, coach_on: bool) -> Verdict | None:
        """The puzzle's, or with ``coach_on`` the coach's, word on a legal ``move`` of the human's in
        ``session`` (None: play it)."""
        if self.attempt is not None:
            return self.attempt.judge(session, move)
        if coach_on:
            return self.coach.judge(session, move)
        return None

    def keep(self, session: Session) -> str | None:
        """Keeps the game on ``session``'s board as the one to continue (or, once over, none)."""
        game = session.game
        moves = None if game.is_over() else game.moves_text()
        return self.kept.keep(session.options, session.round_number, moves)

    def played_on(self, session: Session) -> str | None:
        """The player played on the game (a move, an undo, a redo): it is the one kept from now on."""
        self.kept.played_on()
        return self.keep(session)

    def count_result(
        self, session: Session, match: MatchScore, piece_names: tuple[str, str]
    ) -> list[str | None]:
        """Counts the finished round in ``match``, the score tally and the rating; a puzzle counts in none
        (its record counted the solve)."""
        if self.attempt is not None:
            return []
        match.count(session, piece_names)
        return [results.count(session, self.files.tally), self.rating.rate(session)]
