"""What may hold back a legal move of the player's before it is played: the coach's warning about a move that
throws the result away, and a puzzle's refusal of a move that loses the win (the Learn trainer's are
:mod:`ui.state.play.learn_attempt`'s). Each answers with a :class:`Objection` (None: play the move); the play
state shows it. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.puzzles import Puzzle
from ui.state.board.board_game import BoardGame
from ui.state.files.user_data import UserData
from ui.state.play import coach
from ui.state.play.named_move import NamedMove
from ui.state.play.notices import NOTICE_SECONDS, CoachWarned, NoticeKind, PuzzleMissed, Said, Told

#: The coach's warning and a puzzle's word on a wrong move stay until the player answers them (another move,
#: the same move again, Backspace): a played move clears the status line's notice.
UNTIL_ANSWERED_SECONDS = 600.0


@dataclass(frozen=True)
class Objection:
    """Why a move is held back: what the notice says, how long it stays, its kind; ``wrong``: the move was
    a mistake to shake off the board (with the refusal sound); ``point``: the move to point at instead (the
    Learn tree's move, where another move also wins), None: the move held back stays pointed at."""

    said: Said
    seconds: float = NOTICE_SECONDS
    kind: NoticeKind = NoticeKind.REFUSAL
    wrong: bool = False
    point: int | None = None


class Coach:
    """The coach of one game: the warning standing, and how often it spoke."""

    def __init__(self) -> None:
        #: The warning about a move the player has not yet played anyway or taken back.
        self.warning: coach.CoachWarning | None = None
        #: How often the coach spoke in this game (told under the result).
        self.spoke = 0

    @staticmethod
    def foresee(board_game: BoardGame) -> None:
        """Asks the reasons of every move of the human's turn that would throw the result away, once every
        move's value is proven: on the explainer's thread they are ready before the player has chosen, so
        the warning comes with its reason."""
        if not board_game.is_human_turn() or board_game.review is not None:
            return
        results = coach.proven_results(board_game.thinking, board_game.game.to_move())
        if results is None:
            return
        best = max(results.values())
        for move, result in results.items():
            if result < best:
                board_game.reasons.ask(board_game.game, move)

    def judge(self, board_game: BoardGame, move: int) -> Objection | None:
        """The coach's word on a legal ``move`` of the human's in ``board_game``: a warning the first time it
        throws the result away, nothing the second time (the player means it)."""
        warned, self.warning = self.warning, None
        if warned is not None and warned.move == move:
            return None
        warning = coach.warning(board_game.thinking, board_game.game.to_move(), move)
        if warning is None:
            return None
        self.warning = warning
        # Asked ahead already (see :meth:`foresee`) where the values came in time: then this finds it.
        board_game.reasons.ask(board_game.game, move)
        self.spoke += 1
        board_game.assists.add("coach")
        return Objection(CoachWarned(warning, NamedMove.of(board_game.game, move)), UNTIL_ANSWERED_SECONDS)


#: A puzzle is solved once the player's move leaves a proven win in at most this many more of their own moves.
SOLVED_WITHIN = 2


class PuzzleAttempt:
    """The player's attempt at ``puzzle``: the wrong moves tried, the moves still needed, and the puzzle
    record in ``files``.

    The puzzle is *solved* once the win can no longer slip: the player's move leaves a position where the
    defender cannot stop a win in at most :data:`SOLVED_WITHIN` more of the player's moves (a double threat,
    or a short win that is on the board), as the engine's exact values of the player's moves prove it (the
    same values that judge right and wrong). From then on the rest is shown, not asked for, and the solve
    counts in the record at that moment.
    """

    def __init__(self, puzzle: Puzzle, files: UserData) -> None:
        self.puzzle = puzzle
        self.files = files
        #: The player missed this puzzle before and has not solved it since: it comes back (and says so).
        self.returning = puzzle.moves in files.puzzles.value.missed
        #: Wrong moves tried in this puzzle.
        self.misses = 0
        #: The player's own moves still needed to win after each right move, by the game's ply after it.
        self._left_after: dict[int, int] = {}
        #: The win can no longer slip (see the class docstring).
        self.solved = False
        #: After a right move just let through that did not solve the puzzle: the player's own moves still
        #: needed, for the play state to acknowledge once it is played.
        self.moves_to_go: int | None = None

    def judge(self, board_game: BoardGame, move: int) -> Objection | None:
        """A legal ``move`` in the puzzle: held back unless it keeps the win; the first miss breaks the
        streak in the record. Until the position's values are proven (a fraction of a second) no move is
        judged, and none taken. A right move is let through (:attr:`moves_to_go`: how many more it needs);
        one that leaves the win unable to slip solves the puzzle (:attr:`solved`; the play state then calls
        :meth:`count_solve`)."""
        game = board_game.game
        self.moves_to_go = None
        scores = coach.proven_scores(board_game.thinking, game.to_move())
        if scores is None:
            return Objection(Told.CHECKING, kind=NoticeKind.INFO)
        values = {played: score.result for played, score in scores.items()}
        best = max(values.values())
        if move not in values or values[move] == best:
            if move in scores and scores[move].is_win:
                left = scores[move].moves_to_end - 1
                self._left_after[game.ply() + 1] = left
                self.solved = left <= SOLVED_WITHIN
                if not self.solved:
                    self.moves_to_go = left
            return None
        if self.misses == 0:
            puzzle = self.puzzle
            self.files.puzzles.change(lambda record: record.after(puzzle, clean=False))
        self.misses += 1
        missed = PuzzleMissed(NamedMove.of(game, move), best, values[move], move)
        # Why it misses: the status area tells the reason once it is proven.
        board_game.reasons.ask(game, move)
        return Objection(missed, UNTIL_ANSWERED_SECONDS, wrong=True)

    def moves_left(self, ply: int) -> int:
        """The player's own moves still needed to win at the game's ``ply`` (the puzzle's length before the
        first right move; an undo goes back to what was left then)."""
        played = [after for after in self._left_after if after <= ply]
        return self._left_after[max(played)] if played else self.puzzle.win_in

    def count_solve(self) -> None:
        """The puzzle was just solved: without a miss, it counts for the record (a miss already counted)."""
        if self.misses:
            return
        puzzle = self.puzzle
        self.files.puzzles.change(lambda record: record.after(puzzle, clean=True))
