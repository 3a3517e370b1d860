"""What may hold back a legal move of the player's before it is played: the coach's warning about a move that
throws the result away, and a puzzle's refusal of a move that loses the win. Each answers with a
:class:`Verdict` (None: play the move); the sitting at the board shows it. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.puzzles import Puzzle
from ui.state import coach, texts
from ui.state.notice import FILE_NOTICE_SECONDS, NOTICE_SECONDS, NoticeKind
from ui.state.review import CHANGE_WORDS
from ui.state.session import Session
from ui.state.user_data import UserData

#: The coach's warning stays until the player answers it (another move, the same move again, Backspace).
COACH_NOTICE_SECONDS = 600.0


@dataclass(frozen=True)
class Verdict:
    """Why a move is held back: the notice's words, how long they stay, their kind; ``wrong``: the move was
    a mistake to shake off the board (with the refusal sound)."""

    text: str
    seconds: float = NOTICE_SECONDS
    kind: NoticeKind = NoticeKind.REFUSAL
    wrong: bool = False


class Coach:
    """The coach of one game: the warning standing, and how often it spoke."""

    def __init__(self) -> None:
        #: The warning about a move the player has not yet played anyway or taken back.
        self.warning: coach.CoachWarning | None = None
        #: How often the coach spoke in this game (told under the result).
        self.spoke = 0

    def judge(self, session: Session, move: int) -> Verdict | None:
        """The coach's word on a legal ``move`` of the human's in ``session``: a warning the first time it
        throws the result away, nothing the second time (the player means it)."""
        warned, self.warning = self.warning, None
        if warned is not None and warned.move == move:
            return None
        warning = coach.warning(session.thinking, session.game.to_move(), move)
        if warning is None:
            return None
        self.warning = warning
        self.spoke += 1
        session.assists.add("coach")
        return Verdict(texts.coach_text(session.game, warning), COACH_NOTICE_SECONDS)


class PuzzleAttempt:
    """The player's attempt at ``puzzle``: the wrong moves tried, and the puzzle record in ``files``."""

    def __init__(self, puzzle: Puzzle, files: UserData) -> None:
        self.puzzle = puzzle
        self.files = files
        #: Wrong moves tried in this puzzle.
        self.misses = 0

    def judge(self, session: Session, move: int) -> Verdict | None:
        """A legal ``move`` in the puzzle: held back unless it keeps the win; the first miss breaks the
        streak in the record. Until the position's values are proven (a fraction of a second) no move is
        judged, and none taken."""
        game = session.game
        values = coach.proven_results(session.thinking, game.to_move())
        if values is None:
            return Verdict("A moment: the position is being checked", kind=NoticeKind.INFO)
        best = max(values.values())
        if move not in values or values[move] == best:
            return None
        if self.misses == 0:
            puzzle = self.puzzle
            problem = self.files.puzzles.update(lambda record: record.after(puzzle, clean=False))
            if problem:
                return Verdict(problem, FILE_NOTICE_SECONDS, wrong=True)
        self.misses += 1
        change = CHANGE_WORDS[best, values[move]]
        return Verdict(
            f"Not this one: {game.describe_move(move)} {change}. Try again (H: a hint)", wrong=True
        )

    def solved(self, session: Session) -> str | None:
        """The puzzle's game is over: won by the player without a miss, it counts for the record. Returns
        why the file was not written, if it was not."""
        winner = session.game.winner()
        if winner is None or not session.seats[winner].is_human or self.misses:
            return None
        puzzle = self.puzzle
        return self.files.puzzles.update(lambda record: record.after(puzzle, clean=True))
