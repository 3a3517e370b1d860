"""One sitting at the board as it changes: the session, the selection, the moving stone, the refused move's
shake, the hint, the coach, the puzzle, the notices and when the result banner is due (those three its
:class:`~ui.state.board_cues.BoardCues`); each round's sound, and its coach, puzzle attempt, tally count,
rating and game kept to continue (:class:`~ui.state.round_at_board.RoundAtBoard`); and the games it sits
down at in its place (brought back here; loaded or pasted: :mod:`ui.state.sitting_files`). No pygame here.

A screen *has* a :class:`Sitting` (see :class:`~ui.play_scene.PlayScene`): it turns events into calls of its
small interface and draws a picture of it. Time enters through :meth:`Sitting.update` (seconds, never frames).
When a round ends, its sound plays and it is counted once in the score tally (an undo and a different ending
do not count the round again).
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from ai.messages import EngineMessage
from ai.puzzles import Puzzle
from game.catalog import game_spec
from game.protocol import Game
from ui.state import results, savegame, texts
from ui.state.animation import ANIMATION_SPEEDS, Fade, MoveAnimation
from ui.state.assistance import Assistance
from ui.state.board_cues import BoardCues
from ui.state.current_game import UnfinishedGame
from ui.state.match import MatchScore, participants
from ui.state.notice import FILE_NOTICE_SECONDS, NOTICE_SECONDS, TAKE_BACK, Notice, NoticeKind
from ui.state.options import Mode, PlayOptions
from ui.state.review import GameReview
from ui.state.review_walk import Fall, ReviewWalk
from ui.state.round_at_board import RoundAtBoard
from ui.state.round_rating import REVIEW_SECONDS, adapted
from ui.state.session import EngineLike, Refusal, Session
from ui.state.user_data import UserData
from ui.state.userfiles import data_dir


class Sounds(Protocol):
    """What the sitting needs of sound (the window's player, a test's recorder)."""

    def play(self, name: str) -> None: ...


class Sitting:
    """The sitting at the board with the options chosen on the start screen or the command line.

    ``piece_names`` are the pieces' names in the screen's theme ("Red", "Yellow"); the screen sets them anew
    when the theme changes. Every text names the players by :attr:`player_names` (the names two players gave
    themselves, else the pieces'). ``fall`` says how far a dropped stone falls. ``sounds``
    None plays nothing; ``files`` are the user's files where the game in progress is kept, results counted
    and games rated (None: in memory only); ``saved_game_path`` is the file of Ctrl+S and Ctrl+O (default:
    ``saved-game.txt`` in the user's data directory); ``animation`` is a name of
    :data:`~ui.state.animation.ANIMATION_SPEEDS`. ``resume`` sits down at that unfinished game (with its own
    options) rather than at a new one of ``options``. ``puzzle``: the board is that puzzle (``options`` set
    it up, see :func:`~ui.state.puzzle_record.puzzle_options`), its results counted in the puzzle record.

    :attr:`dirty` is set whenever what a picture of the sitting shows has changed; the screen clears it.
    """

    def __init__(
        self,
        options: PlayOptions,
        engine: EngineLike,
        piece_names: tuple[str, str],
        fall: Fall,
        *,
        sounds: Sounds | None = None,
        files: UserData | None = None,
        saved_game_path: Path | None = None,
        animation: str = "normal",
        resume: UnfinishedGame | None = None,
        puzzle: Puzzle | None = None,
    ) -> None:
        #: The puzzle on the board, if it is one.
        self.puzzle = puzzle
        self.files = files or UserData()
        self.engine = engine
        self.piece_names = piece_names
        self.fall = fall
        self.sounds = sounds
        self.saved_game_path = saved_game_path or data_dir() / savegame.FILE_NAME
        self.animation_speed = ANIMATION_SPEEDS[animation]
        #: The hint and the analysis overlay.
        self.assistance = Assistance()
        #: The notice, the refused move's shake and the result banner's timing.
        self.cues = BoardCues()
        self.dirty = True
        self._start(options, resume)
        if self.round.kept.replaced is not None:
            self._notify_start(f"New game: {TAKE_BACK}")

    def _start(self, options: PlayOptions, resume: UnfinishedGame | None = None) -> None:
        """Sits down at a new board with ``options``, or at the unfinished game ``resume`` (at creation, and
        when a game is loaded, pasted or brought back)."""
        #: The score of the rounds finished since the players sat down at this board.
        self.match = MatchScore()
        if resume is None:
            options, adapted_words = adapted(options, self.files)
            self.session = Session(options, self.engine)
        else:
            # A continued game brings its own options: the board, the view and the rules are the game's.
            self.session = Session(resume.options, self.engine, resume.round_number, resume.moves)
        self.gravity = game_spec(self.options.game).gravity
        #: The column (Connect Four) or cell index (Tic-tac-toe) under the mouse or the keyboard cursor.
        self.selection: int | None = None
        self.animation: MoveAnimation | None = None
        self.cues.refusal = None
        self.walk = ReviewWalk(self.session, self.fall if self.gravity else None)
        self._new_round(resume)
        self.assistance.want_analysis(self.session)
        if resume is None and adapted_words:
            self._notify_start(adapted_words)

    def _new_round(self, resume: UnfinishedGame | None) -> None:
        """What starts afresh with every round: its result, coach, misses, rating and keeping."""
        self.assistance.hint = None
        self.cues.new_round()
        keeps = self.options.mode is not Mode.WATCH and self.puzzle is None
        #: The coach, the puzzle attempt, the rating and the keeping of the round under way.
        self.round = RoundAtBoard(self.files, self.puzzle, resume, keeps)
        self.dirty = True

    def set_animation(self, name: str) -> None:
        """Sets the animation speed by its name in :data:`~ui.state.animation.ANIMATION_SPEEDS` ("off"
        included)."""
        self.animation_speed = ANIMATION_SPEEDS[name]

    @property
    def options(self) -> PlayOptions:
        return self.session.options

    @property
    def player_names(self) -> tuple[str, str]:
        """The names that stand for the players of pieces 0 and 1 in every text: with two players the names
        they gave themselves (:attr:`PlayOptions.names`, the piece's name where a name is ""), else the
        pieces' names."""
        if self.options.mode is Mode.TWO_PLAYERS:
            return participants(self.session, self.piece_names)
        return self.piece_names

    @property
    def notice(self) -> Notice | None:
        """The notice in the status line, if one shows."""
        return self.cues.notice

    @notice.setter
    def notice(self, notice: Notice | None) -> None:
        self.cues.notice = notice

    @property
    def refusal(self) -> Fade | None:
        """The refused move's shake while it lasts."""
        return self.cues.refusal

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def review(self) -> GameReview | None:
        """The review of the game while it shows (the board then shows the position of the move reviewed)."""
        return self.session.review

    def banner_shown(self) -> bool:
        """The result banner shows: the game is over, its last stone landed a moment ago, no review shows
        and the player has not folded the banner away."""
        return (
            self.review is None and self.game.is_over() and self.animation is None and self.cues.banner_due()
        )

    def fold_banner(self, shown: bool) -> None:
        """A click on the finished board (``shown``: with the banner on it) folds the banner away or back."""
        self.dirty |= self.cues.fold_banner(shown)

    # --- history --------------------------------------------------------------------------------------------

    def new_round(self, next_round: bool) -> None:
        """A new game (the same first player), or with ``next_round`` the next round (whose first player may
        change). With the adaptive level, the computer's level is chosen again from the player's rating."""
        options, adapted_words = adapted(self.options, self.files)
        self.session.adapt_level(options.level)
        self.session.next_round() if next_round else self.session.restart()
        self._after_history_change(1, "")
        self._new_round(None)
        if self.round.kept.replaced is not None and not next_round:
            self._notify_start(f"New game: {TAKE_BACK}")
        elif adapted_words:
            self._notify_start(adapted_words)

    def can_undo(self) -> bool:
        """Undo has something to do: a move to take back, or the unfinished game to bring back."""
        return self.session.can_undo() or self.round.kept.to_bring_back() is not None

    def undo(self) -> None:
        """Takes back the last move (and the computer's reply); right after a game replaced an unfinished
        one, sits down again at that one instead."""
        replaced = self.round.kept.to_bring_back()
        if replaced is None:
            self._history_step(self.session.undo(), "Nothing to undo")
            return
        self.sit_down(replaced.options, replaced)
        self.notify(f"Back to your game: {replaced.description()}", FILE_NOTICE_SECONDS, NoticeKind.SUCCESS)

    def redo(self) -> None:
        self._history_step(self.session.redo(), "Nothing to redo")

    def _history_step(self, plies: int, refusal_text: str) -> None:
        """After an undo or redo of ``plies`` plies (0: refused with ``refusal_text``)."""
        self._after_history_change(plies, refusal_text)
        if plies:
            self._played_on()

    def _after_history_change(self, plies: int, refusal_text: str) -> None:
        if plies == 0:
            self.notify(refusal_text)
            return
        # Stones that undo or redo moves appear at once; an animation of a move no longer played would lie.
        self.animation = None
        self.cues.history_changed()
        self.assistance.hint = None

    def _keep_game(self) -> None:
        """Keeps the game on the board as the one to continue (or, once over, none)."""
        self.notify_problem(self.round.keep(self.session))

    def _played_on(self) -> None:
        self.notify_problem(self.round.played_on(self.session))

    # --- moves ----------------------------------------------------------------------------------------------

    def try_play(self, move: int) -> Refusal | None:
        """Plays a human's move, or shows why not; returns the refusal (None when the move was played).

        The session checks the rules, once. With the coach on, a legal move that would throw away the
        player's result is not played the first time: the coach says so (:attr:`Coach.warning`), and the
        same move again plays it anyway. In a puzzle, a move that loses the win is refused."""
        refusal = self.session.play(move, self._second_thoughts)
        self.dirty = True
        if refusal is Refusal.COACHED:
            return refusal
        if refusal is Refusal.ILLEGAL:
            self._shake()
        if refusal is not None:
            self.notify(texts.refusal_text(self.session, refusal, move, self.gravity))
        else:
            self.notice = None
            self._played_on()
            self._start_animation(move)
            self._puzzle_moved_on()
        return refusal

    def _puzzle_moved_on(self) -> None:
        """After a right move in a puzzle: it is acknowledged, or it solved the puzzle, which then counts in
        the record and plays its last moves out by itself (the perfect defender's level on both sides)."""
        attempt = self.round.attempt
        if attempt is None:
            return
        if attempt.praise is not None:
            self.notify(attempt.praise, kind=NoticeKind.SUCCESS)
        elif attempt.solved:
            self.notify_problem(attempt.count_solve())
            self.session.play_out(self.options.level)

    def _second_thoughts(self, move: int) -> Refusal | None:
        """The puzzle's or the coach's word on a legal move of the human's (COACHED: held back, and shown)."""
        verdict = self.round.second_thoughts(self.session, move, self.options.coach)
        if verdict is None:
            return None
        if verdict.wrong:
            self._shake()
            self.selection = move
        self.notify(verdict.text, verdict.seconds, verdict.kind)
        return Refusal.COACHED

    def _shake(self) -> None:
        """A refused move: its sound, and the board shakes."""
        self._sound("refused")
        self.cues.shake()

    def take_back_coached(self) -> bool:
        """The player takes back the move the coach warned about: nothing was played, the turn goes on.
        False if no warning stands."""
        coach = self.round.coach
        if coach.warning is None:
            return False
        coach.warning = None
        self.notify("Taken back: choose another move", kind=NoticeKind.INFO)
        return True

    def _start_animation(self, move: int) -> None:
        self.assistance.hint = None
        if self.animation_speed == 0:
            # Animations off: the stone is simply there, and lands (sounds) now.
            self.animation = None
            self._landed()
            return
        cell = self.game.last_cell()
        assert cell is not None, "a move was just played"
        row, column = cell
        distance = self.fall(row, column) if self.gravity else 0.0
        self.animation = MoveAnimation(row, column, 1 - self.game.to_move(), distance)
        self.cues.stone_moved()

    def finish_animation(self) -> None:
        """The moving stone, if one moves, lands at once."""
        if self.animation is not None:
            self.animation = None
            self._landed()
            self.dirty = True

    def _landed(self) -> None:
        """A stone has come to rest: its sound, and if it ended the game, the result's sound and tally."""
        self._sound("drop")
        self.cues.stone_moved()
        if not self.game.is_over() or self.round.result_told:
            return
        self.round.result_told = True
        self._sound(results.outcome(self.session)[1])
        for problem in self.round.count_result(self.session, self.match, self.piece_names):
            self.notify_problem(problem)

    def _sound(self, name: str) -> None:
        if self.sounds is not None:
            self.sounds.play(name)

    def notify(
        self, text: str, seconds: float = NOTICE_SECONDS, kind: NoticeKind = NoticeKind.REFUSAL
    ) -> None:
        """Shows ``text`` in the status line for ``seconds``; a refusal unless ``kind`` says otherwise."""
        self.cues.notify(text, seconds, kind)
        self.dirty = True

    def _notify_start(self, text: str) -> None:
        """Tells ``text`` about the game just started (see :attr:`Notice.gives_way`)."""
        self.cues.notify_start(text)
        self.dirty = True

    def notify_problem(self, problem: str | None) -> None:
        """Shows why a user's file was not written, if it was not."""
        if problem:
            self.notify(problem, FILE_NOTICE_SECONDS)

    # --- review ---------------------------------------------------------------------------------------------

    def toggle_review(self) -> None:
        """Opens the review of the game (the game waits), or closes it and goes back to the game."""
        if self.review is not None:
            self.session.close_review()
        elif not self.game.history():
            self.notify("Nothing to review yet: no move has been played", kind=NoticeKind.INFO)
            return
        else:
            self.finish_animation()
            self.assistance.hint = None
            self.notice = None
            self.session.open_review(REVIEW_SECONDS)
        self.dirty = True

    def step_review(self, ply: int | None = None, delta: int = 0) -> None:
        """Shows move ``ply`` of the review (or the move ``delta`` moves from the one shown)."""
        self.dirty |= self.walk.step(ply, delta)

    def show_me(self) -> None:
        """Starts "show me" (the best line from the move the review shows) or goes back from it to the
        review; says why where the line cannot be proven."""
        why = self.walk.show_me()
        if why is not None:
            self.notify(why)
        self.dirty = True

    def step_line(self, delta: int = 0, end: bool | None = None) -> None:
        """Steps the best line ``delta`` moves, or to its ``end`` (True) or its start (False)."""
        self.dirty |= self.walk.step_line(delta, end)

    # --- hint, analysis, other games ------------------------------------------------------------------------

    def ask_hint(self) -> None:
        """Shows the search's best move for the human to move, or why not."""
        why = self.assistance.ask_hint(self.session)
        if why is not None:
            self.notify(why)
        self.dirty = True

    def toggle_overlay(self) -> None:
        """Shows or hides the analysis overlay (A)."""
        self.assistance.toggle_overlay(self.session)
        self.dirty = True

    def sit_down(self, options: PlayOptions, resume: UnfinishedGame | None = None) -> None:
        """Leaves the game on the board for a new one of ``options``, or for the unfinished game ``resume``
        (a game brought back, loaded or pasted: see :mod:`ui.state.sitting_files`)."""
        self.session.leave()
        self._start(options, resume)

    def refuse_file(self, why: Notice) -> None:
        """A file or a pasted text that is no game here: the refusal's sound, and ``why``."""
        self._sound("refused")
        self.notice = why
        self.dirty = True

    # --- time and messages ----------------------------------------------------------------------------------

    def receive(self, message: EngineMessage) -> None:
        if self.session.receive(message):
            self.dirty = True

    def update(self, dt: float) -> None:
        """Lets ``dt`` seconds pass: stones move and land, the hint, the notices and the refusal fade, the
        engine's answer is played, the result banner comes due."""
        if self.animation is not None:
            self.animation.advance(dt * self.animation_speed)
            if self.animation.done:
                self.finish_animation()
            self.dirty = True
        self.dirty |= self.assistance.update(self.session, dt)
        self.dirty |= self.walk.advance(dt, self.animation_speed)
        self.dirty |= self.cues.fade(dt, self.session.is_computer_turn())
        noted, problem = self.round.rating.follow_appraisal(self.session)
        self.notify_problem(problem)
        self.dirty |= noted
        move = self.session.update(dt, board_busy=self.animation is not None)
        thinking = self.session.thinking
        if thinking is not None and thinking.running:
            self.dirty |= self.cues.tick(dt)
        if move is not None:
            self._start_animation(move)
            self._keep_game()
            self.dirty = True
        if self.game.is_over() and self.animation is None:
            self.dirty |= self.cues.wait_for_banner(dt)
