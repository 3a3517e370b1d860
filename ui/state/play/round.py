"""What one round at the board has of its own, made afresh with every round: the coach, the attempt at the
puzzle (in a puzzle), the round's rating, the keeping of its game, and its result, counted once (an undo and
a different ending do not count the round again). What they say shows in the play state's feedback (a file
not written says why there, told by the play state). No pygame here.
"""

from __future__ import annotations

from dataclasses import replace

from ai.puzzles import Puzzle
from ui.state.board.board_game import BoardGame
from ui.state.board.match import MatchScore
from ui.state.files.autosave import Autosave
from ui.state.files.background_writer import Landing
from ui.state.files.current_game import UnfinishedGame
from ui.state.files.user_data import UserData
from ui.state.play import finished_round
from ui.state.play.feedback import Feedback
from ui.state.play.finished_round import RoundRating
from ui.state.play.learn_attempt import LearnAttempt
from ui.state.play.learn_drill import LearnDrill
from ui.state.play.learn_notices import LearnSaid
from ui.state.play.move_checks import UNTIL_ANSWERED_SECONDS, Coach, Objection, PuzzleAttempt
from ui.state.play.notices import NoticeKind, PuzzleRight, Told


class Round:
    """One round with the user's ``files``: ``puzzle`` is the puzzle on the board, if it is one, ``drill`` the
    Learn trainer's run, if it is one; ``resume`` the kept game the round continues, and ``keeps`` whether its
    game is kept at all (see :class:`~ui.state.files.autosave.Autosave`); what the round says shows in
    ``feedback``."""

    def __init__(
        self,
        files: UserData,
        puzzle: Puzzle | None,
        resume: UnfinishedGame | None,
        keeps: bool,
        feedback: Feedback,
        drill: LearnDrill | None = None,
    ) -> None:
        self.files = files
        self.feedback = feedback
        self.coach = Coach()
        self.attempt = None if puzzle is None else PuzzleAttempt(puzzle, files)
        #: The Learn trainer's run (None: not a run of the trainer).
        self.learning = None if drill is None else LearnAttempt(drill, files)
        self.rating = RoundRating(files)
        self.autosave = Autosave(files, resume, keeps)
        #: The round's result has been counted (when its deciding move was played; a continued game that had
        #: ended and was taken back had it counted then).
        self.result_counted = resume is not None and resume.after_end
        #: When the round's end is on disk (its journal written): the finished game's keeping waits for it.
        self.ended: Landing | None = None
        #: The round's result has been sounded (when the deciding stone landed).
        self.result_told = False

    def check_move(self, board_game: BoardGame, move: int, coach_on: bool) -> Objection | None:
        """The puzzle's, or with ``coach_on`` the coach's, word on a legal ``move`` of the human's in
        ``board_game`` (None: play it), shown (a wrong move also shakes the board)."""
        if self.attempt is not None:
            objection = self.attempt.judge(board_game, move)
        elif self.learning is not None:
            objection = self.learning.judge(board_game, move)
        elif coach_on:
            objection = self.coach.judge(board_game, move)
        else:
            return None
        if objection is not None:
            if objection.wrong:
                self.feedback.shake()
            self.feedback.notify(objection.said, objection.seconds, objection.kind)
        return objection

    def take_back_coached(self) -> bool:
        """The player takes back the move the coach warned about: nothing was played, the turn goes on.
        False if no warning stands."""
        if self.coach.warning is None:
            return False
        self.coach.warning = None
        self.feedback.notify(Told.TAKEN_BACK, kind=NoticeKind.INFO)
        return True

    def moved_on(self, board_game: BoardGame) -> None:
        """After a right move of the human's in a puzzle: it is acknowledged, or it solved the puzzle, which
        then counts in the record and plays its last moves out by itself (the perfect defender's level on
        both sides)."""
        attempt = self.attempt
        if attempt is None:
            return
        if attempt.moves_to_go is not None:
            self.feedback.notify(PuzzleRight(attempt.moves_to_go), kind=NoticeKind.SUCCESS)
        elif attempt.solved:
            attempt.count_solve()
            board_game.play_out(board_game.options.level)

    def follow_learning(self, board_game: BoardGame) -> LearnSaid | None:
        """In a run of the Learn trainer, after the position changed: what the run says (its leaf reached, its
        end), shown; None where it says nothing."""
        if self.learning is None:
            return None
        said = self.learning.follow(board_game)
        if said is not None:
            self.feedback.notify(said, UNTIL_ANSWERED_SECONDS, NoticeKind.SUCCESS)
        return said

    def keep(self, board_game: BoardGame) -> None:
        """Keeps the game on ``board_game``'s board as the one to continue (or, once over, none)."""
        game = board_game.game
        moves = None if game.is_over() else game.moves_text()
        # The kept game's start is the position it started from (pasted, loaded): continued, it is set up.
        options = replace(board_game.options, moves=board_game.start)
        self.autosave.keep(options, board_game.round_number, moves, self.result_counted, self.ended)

    def played_on(self, board_game: BoardGame) -> None:
        """The player played on the game (a move, an undo, a redo): it is the one kept from now on."""
        self.autosave.played_on()
        self.keep(board_game)

    def count_result(self, board_game: BoardGame, match: MatchScore, piece_names: tuple[str, str]) -> None:
        """Once the round on ``board_game``'s board is decided, its result counts, once, in ``match``, the
        score tally and the rating; a puzzle counts in none (its record counted the solve), nor does a run of
        the Learn trainer (its progress counts it). Called as the deciding move is played, before its stone
        has landed and before the unfinished game is let go, so that a window closed (or killed) while the
        stone falls has counted it, and no one dodges a loss by quitting then. On disk the end is one change:
        journalled first, the tally, the rating and the unfinished game's end written after it
        (:attr:`ended`), each counting the game's id once (see :mod:`ui.state.files.game_end`)."""
        if not board_game.game.is_over() or self.result_counted:
            return
        self.result_counted = True
        if self.attempt is None and self.learning is None:
            match.count(board_game, piece_names)
            self.rating.before(board_game)
            self.ended = finished_round.count(board_game, self.files, self.autosave.game_id)
            self.rating.rated(board_game, self.autosave.game_id)

    def tell_result(self, board_game: BoardGame) -> None:
        """Once the last stone of the round on ``board_game``'s board has landed, its result sounds, once."""
        if not board_game.game.is_over() or self.result_told:
            return
        self.result_told = True
        self.feedback.sound(finished_round.outcome(board_game)[1])
