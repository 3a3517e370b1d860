"""One game at the board as it changes: the board game, the selection, the moving stone and its landing, and
the history (new rounds, undo and redo). Its parts own the rest: the sounds, the notices, the refused move's
shake and when the result banner is due (:class:`~ui.state.play.feedback.Feedback`); the hint and the overlay
(:class:`~ui.state.play.assistance.Assistance`); the walk through the review
(:class:`~ui.state.review.browser.ReviewBrowser`); each round's coach, puzzle attempt, result, rating and game
kept to continue (:class:`~ui.state.play.round.Round`); and the games it begins in its place
(brought back here; loaded or pasted: :mod:`ui.state.play.play_files`). No pygame here.

A screen *has* a :class:`PlayState` (see :class:`~ui.play.scene.PlayScene`): it turns events into calls of the
play state and of its parts, and draws a picture of it. Time enters through :meth:`PlayState.update` (seconds,
never frames).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ai.contracts import Verdict
from ai.messages import EngineMessage
from ai.puzzles import Puzzle
from game.catalog import game_spec
from game.connect4 import ConnectFour
from game.protocol import Game
from ui.state.animation import ANIMATION_SPEEDS, MoveAnimation
from ui.state.board.board_game import BoardGame, EngineLike, Refusal
from ui.state.board.match import MatchScore
from ui.state.files import savegame
from ui.state.files.current_game import UnfinishedGame
from ui.state.files.user_data import UserData
from ui.state.files.userfiles import data_dir
from ui.state.options import Mode, PlayOptions
from ui.state.play.assistance import Assistance
from ui.state.play.feedback import Feedback, Speaker
from ui.state.play.finished_round import REVIEW_SECONDS, adapted
from ui.state.play.learn_drill import LearnDrill
from ui.state.play.learn_map import LearnMap
from ui.state.play.learn_notices import LearnLeaf, LearnRunStart, LearnStartsAt
from ui.state.play.move_checks import UNTIL_ANSWERED_SECONDS
from ui.state.play.notices import (
    FILE_NOTICE_SECONDS,
    AutoLevel,
    BackToGame,
    MoveRefused,
    Notice,
    NoticeKind,
    NotRated,
    Said,
    Told,
)
from ui.state.play.plan_view import PlanView
from ui.state.play.puzzle_theme import ThemeChoice
from ui.state.play.round import Round
from ui.state.play.tally_reset import TallyReset
from ui.state.review.browser import Fall, ReviewBrowser
from ui.state.review.game_review import GameReview


class PlayState:
    """The game at the board with the options chosen on the start screen or the command line.

    ``piece_names`` are the pieces' names in the screen's theme ("Red", "Yellow"); the screen sets them anew
    when the theme changes. Every text names the players by :attr:`player_names` (the names two players gave
    themselves, else the pieces'). ``fall`` says how far a dropped stone falls. ``sounds``
    None plays nothing; ``files`` are the user's files where the game in progress is kept, results counted
    and games rated (None: in memory only); ``saved_game_path`` is the file of Ctrl+S and Ctrl+O (default:
    ``saved-game.txt`` in the user's data directory); ``animation`` is a name of
    :data:`~ui.state.animation.ANIMATION_SPEEDS`. ``resume`` sits down at that unfinished game (with its own
    options) rather than at a new one of ``options``. ``puzzle``: the board is that puzzle (``options`` set
    it up, see :func:`~ui.state.files.puzzle_record.puzzle_options`), its results counted in the puzzle
    record. ``learn``: the board is the Learn trainer's (``options`` set it up, see
    :func:`~ui.state.play.learn_drill.learn_options`): the computer's replies come from the tree, the player's
    moves are judged against it and the progress counted in the learning record.
    """

    def __init__(
        self,
        options: PlayOptions,
        engine: EngineLike,
        piece_names: tuple[str, str],
        fall: Fall,
        *,
        sounds: Speaker | None = None,
        files: UserData | None = None,
        saved_game_path: Path | None = None,
        animation: str = "normal",
        resume: UnfinishedGame | None = None,
        puzzle: Puzzle | None = None,
        theme_choice: ThemeChoice | None = None,
        learn: LearnDrill | None = None,
    ) -> None:
        #: The puzzle on the board, if it is one.
        self.puzzle = puzzle
        #: The Learn trainer's tree and its draws, where the board is the trainer's.
        self.learn = learn
        #: The trainer's picture of the tree, while it shows (L).
        self.learn_map: LearnMap | None = None
        #: The theme the next puzzles are drawn from (puzzle mode; shared by the window's puzzles).
        self.theme_choice = theme_choice or ThemeChoice()
        self.files = files or UserData()
        self.engine = engine
        self.piece_names = piece_names
        self.fall = fall
        self.saved_game_path = saved_game_path or data_dir() / savegame.FILE_NAME
        self.animation_speed = ANIMATION_SPEEDS[animation]
        #: The hint and the analysis overlay.
        self.assistance = Assistance()
        #: The sounds, the notice, the refused move's shake and the result banner's timing.
        self.feedback = Feedback(sounds)
        #: Ctrl+R's question and the undo of the record it reset.
        self.tally_reset = TallyReset()
        self._start(options, resume)
        if self.round.autosave.replaced is not None:
            self.feedback.notify_start(Told.NEW_GAME_TAKE_BACK)

    def _start(
        self, options: PlayOptions, resume: UnfinishedGame | None = None, start: str | None = None
    ) -> None:
        """Sits down at a new board with ``options`` (its game from ``start`` where given: a game set up by a
        paste or a load), or at the unfinished game ``resume`` (at creation, and when a game is loaded,
        pasted or brought back). The match's score goes on where the players and the board stay the same."""
        before = getattr(self, "board_game", None)
        new_options = options if resume is None else resume.options
        if before is None or not _same_match(before.options, new_options):
            #: The score of the rounds finished since the players sat down at this board.
            self.match = MatchScore()
        if resume is None:
            options, auto_level = adapted(options, self.files)
            reply_from = None if self.learn is None else self.learn.reply
            self.board_game = BoardGame(options, self.engine, start=start, reply_from=reply_from)
        else:
            # A continued game brings its own options: the board, the view and the rules are the game's. The
            # position it started from is that game's own: its next game starts from the empty board.
            self.board_game = BoardGame(
                replace(resume.options, moves=""),
                self.engine,
                resume.round_number,
                resume.moves,
                start=resume.options.moves,
            )
        self.gravity = game_spec(self.options.game).gravity
        #: The column (Connect Four) or cell index (Tic-tac-toe) under the mouse or the keyboard cursor.
        self.selection: int | None = None
        self.animation: MoveAnimation | None = None
        self.feedback.refusal = None
        self.browser = ReviewBrowser(self.board_game, self.fall if self.gravity else None)
        self._new_round(resume)
        self.assistance.want_analysis(self.board_game)
        if resume is not None and self.puzzle is None:
            self.feedback.notify_start(NotRated.SET_UP if self.board_game.set_up() else NotRated.CONTINUED)
        elif resume is None:
            self._tell_start(auto_level)

    def _tell_start(self, auto_level: AutoLevel | None) -> None:
        """Says what the new game will not count for (a set-up position's game), else which level the
        adaptive level chose, if it did; in the Learn trainer, which branch the run goes down (new, missed,
        being learned, learned)."""
        if self.learn is not None:
            target = self.learn.target
            self.feedback.notify_start(
                LearnRunStart(None if target is None else self.files.learning.value.of(target))
            )
        elif self.board_game.set_up() and self.puzzle is None:
            self.feedback.notify_start(NotRated.SET_UP)
        elif auto_level is not None:
            self.feedback.notify_start(auto_level)

    def _new_round(self, resume: UnfinishedGame | None) -> None:
        """What starts afresh with every round: its result, coach, misses, rating and keeping."""
        self.assistance.hint = None
        self.feedback.new_round()
        keeps = self.options.mode is not Mode.WATCH and self.puzzle is None and self.learn is None
        if self.learn is not None:
            # Runs drilled from a position of the tree's picture go down the branches below it.
            self.learn.begin(self.files.learning.value, self.options.moves)
            # Each run is played from memory: the plan view that showed the last leaf's plan is closed.
            self.assistance.plan = PlanView()
        #: The coach, the puzzle attempt, the rating and the keeping of the round under way.
        self.round = Round(self.files, self.puzzle, resume, keeps, self.feedback, self.learn)

    def set_animation(self, name: str) -> None:
        """Sets the animation speed by its name in :data:`~ui.state.animation.ANIMATION_SPEEDS` ("off"
        included)."""
        self.animation_speed = ANIMATION_SPEEDS[name]

    @property
    def options(self) -> PlayOptions:
        return self.board_game.options

    @property
    def player_names(self) -> tuple[str, str]:
        """The names that stand for the players of pieces 0 and 1 in every text: with two players the names
        they gave themselves (:attr:`PlayOptions.names`, in the order "who starts" gives them this round; the
        piece's name where a name is ""), else the pieces' names."""
        if self.options.mode is Mode.TWO_PLAYERS:
            given = self.board_game.given_names()
            return (given[0] or self.piece_names[0], given[1] or self.piece_names[1])
        return self.piece_names

    @property
    def notice(self) -> Notice | None:
        """The notice in the status line, if one shows (see :class:`~ui.state.play.feedback.Feedback`)."""
        return self.feedback.notice

    @property
    def game(self) -> Game:
        return self.board_game.game

    @property
    def review(self) -> GameReview | None:
        """The review of the game while it shows (the board then shows the position of the move reviewed)."""
        return self.board_game.review

    def banner_shown(self) -> bool:
        """The result banner shows: the game is over, its last stone landed a moment ago, no review shows
        and the player has not folded the banner away."""
        return (
            self.review is None
            and self.game.is_over()
            and self.animation is None
            and self.feedback.banner_due()
        )

    # --- history --------------------------------------------------------------------------------------------

    def new_round(self, next_round: bool) -> None:
        """A new game (the same first player), or with ``next_round`` the next round (whose first player may
        change). With the adaptive level, the computer's level is chosen again from the player's rating."""
        options, auto_level = adapted(self.options, self.files)
        self.board_game.adapt_level(options.level)
        self.board_game.next_round() if next_round else self.board_game.restart()
        self._after_history_change(1, None)
        self._new_round(None)
        if self.round.autosave.replaced is not None and not next_round:
            self.feedback.notify_start(Told.NEW_GAME_TAKE_BACK)
        else:
            self._tell_start(auto_level)

    def can_undo(self) -> bool:
        """Undo has something to do: a move to take back, or the unfinished game to bring back."""
        return self.board_game.can_undo() or self.round.autosave.to_bring_back() is not None

    def undo(self) -> None:
        """Takes back the last move (and the computer's reply); right after a game replaced an unfinished
        one, sits down again at that one instead."""
        replaced = self.round.autosave.to_bring_back()
        if replaced is None:
            self._history_step(self.board_game.undo(), Told.NOTHING_TO_UNDO)
            return
        self.begin_game(replaced.options, replaced)
        self.feedback.notify(BackToGame(replaced), FILE_NOTICE_SECONDS, NoticeKind.SUCCESS)

    def redo(self) -> None:
        self._history_step(self.board_game.redo(), Told.NOTHING_TO_REDO)

    def _history_step(self, plies: int, nothing: Told) -> None:
        """After an undo or redo of ``plies`` plies (0: refused, saying ``nothing``)."""
        self._after_history_change(plies, nothing)
        if plies:
            self.round.played_on(self.board_game)

    def _after_history_change(self, plies: int, nothing: Told | None) -> None:
        if plies == 0:
            if nothing is not None:
                self.feedback.notify(nothing)
            return
        # Stones that undo or redo moves appear at once; an animation of a move no longer played would lie.
        self.animation = None
        self.feedback.history_changed()
        self.assistance.hint = None

    def ask_hint(self) -> Said | None:
        """The hint (H) for the human to move; returns why not, where it is not their turn. In the Learn
        trainer on the tree, the tree's move is the hint, not the engine's best move: marked on the board,
        told in the status, and counted as a miss of the run
        (:meth:`~ui.state.play.learn_attempt.LearnAttempt.hint`)."""
        learning, game = self.round.learning, self.game
        if learning is not None and isinstance(game, ConnectFour) and self.board_game.is_human_turn():
            said = learning.hint(game)
            if said is not None:
                self.assistance.show_move(self.board_game, said.tree_move.move)
                self.feedback.notify(said, UNTIL_ANSWERED_SECONDS, NoticeKind.INFO)
                return None
        return self.assistance.ask_hint(self.board_game)

    # --- moves ----------------------------------------------------------------------------------------------

    def try_play(self, move: int) -> Refusal | None:
        """Plays a human's move, or shows why not; returns the refusal (None when the move was played).

        The board game checks the rules, once. With the coach on, a legal move that would throw away the
        player's result is not played the first time: the coach says so (:attr:`Coach.warning`), and the
        same move again plays it anyway. In a puzzle, a move that loses the win is refused."""
        refusal = self.board_game.play(move, self._check_move)
        if refusal is Refusal.COACHED:
            return refusal
        if refusal is Refusal.ILLEGAL:
            self.feedback.shake()
        if refusal is not None:
            watching = self.options.mode is Mode.WATCH
            cell = self.game.move_to_text(move)
            self.feedback.notify(MoveRefused(refusal, move, cell, self.gravity, watching))
        else:
            self.feedback.notice = None
            self.round.count_result(self.board_game, self.match, self.piece_names)
            self.round.played_on(self.board_game)
            self._start_animation(move)
            self.round.moved_on(self.board_game)
        return refusal

    def _check_move(self, move: int) -> Refusal | None:
        """The puzzle's or the coach's word on a legal move of the human's (COACHED: held back, and shown)."""
        objection = self.round.check_move(self.board_game, move, self.options.coach)
        if objection is None:
            return None
        if objection.wrong:
            self.selection = move
        if objection.point is not None:
            self.selection = objection.point
        return Refusal.COACHED

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
        self.feedback.stone_moved()

    def finish_animation(self) -> None:
        """The moving stone, if one moves, lands at once."""
        if self.animation is not None:
            self.animation = None
            self._landed()

    def _landed(self) -> None:
        """A stone has come to rest: its sound, and if it ended the game, the result's sound (the result
        was counted when the move was played)."""
        self.feedback.sound("drop")
        self.feedback.stone_moved()
        self.round.tell_result(self.board_game)

    # --- review ---------------------------------------------------------------------------------------------

    def toggle_review(self) -> None:
        """Opens the review of the game (the game waits), or closes it and goes back to the game."""
        if self.review is not None:
            self.board_game.close_review()
        elif not self.game.history():
            self.feedback.notify(Told.NOTHING_TO_REVIEW, kind=NoticeKind.INFO)
            return
        else:
            self.finish_animation()
            self.assistance.hint = None
            self.feedback.notice = None
            self.board_game.open_review(REVIEW_SECONDS)

    def step_review(self, ply: int | None = None, delta: int = 0) -> None:
        """Shows move ``ply`` of the review (or the move ``delta`` moves from the one shown)."""
        self.browser.step(ply, delta)

    def show_me(self) -> None:
        """Starts "show me" (the best line from the move the review shows) or goes back from it to the
        review; says why not on a board where the line cannot be proven."""
        if not self.browser.show_me():
            self.feedback.notify(Told.SHOW_ME_UNPROVEN)

    # --- other games ----------------------------------------------------------------------------------------

    def begin_game(
        self, options: PlayOptions, resume: UnfinishedGame | None = None, start: str | None = None
    ) -> None:
        """Leaves the game on the board for a new one of ``options``, from ``start`` where given (a game
        loaded or pasted: see :mod:`ui.state.play.play_files`), or for the unfinished game ``resume`` (a game
        brought back). The next game starts from the options' start position, not from ``start``. A game
        sat down at is not a run of the Learn trainer: the board leaves the trainer."""
        self.board_game.leave()
        self.learn = self.learn_map = None
        self._start(options, resume, start)

    # --- time and messages ----------------------------------------------------------------------------------

    def receive(self, message: EngineMessage) -> None:
        self.board_game.receive(message)

    def _ask_puzzle_themes(self) -> None:
        """Asks why the puzzle's winning move wins when the puzzle starts, so that its themes are ready
        once the player has solved it."""
        puzzle = self.puzzle
        if puzzle is not None and self.game.moves_text() == puzzle.moves:
            self.board_game.reasons.ask(self.game, puzzle.column - 1)

    def _ask_why_reviewed(self) -> None:
        """Asks why the move the review shows is a mistake or a blunder, once the player looks at it."""
        review = self.review
        if review is None or review.line is not None:
            return
        mark = review.shown()
        if mark is not None and mark.verdict in (Verdict.MISTAKE, Verdict.BLUNDER):
            self.board_game.reasons.ask(review.position(), mark.move)

    def update(self, dt: float) -> None:
        """Lets ``dt`` seconds pass: stones move and land, the hint, the notices and the refusal fade, the
        engine's answer is played, the result banner comes due."""
        if self.animation is not None:
            self.animation.advance(dt * self.animation_speed)
            if self.animation.done:
                self.finish_animation()
        self.assistance.update(self.board_game, dt)
        if self.options.coach and self.round.attempt is None and self.learn is None:
            # Not in the Learn trainer: there the reasons of the moves that throw the win would fill the
            # explainer's queue at every turn (the computer answers at once from the tree), and the leaf's
            # reason waited behind them for half a minute. A miss asks for its own reason.
            self.round.coach.foresee(self.board_game)
        self._ask_why_reviewed()
        self._ask_puzzle_themes()
        self.browser.advance(dt, self.animation_speed)
        self.feedback.fade(dt, self.board_game.is_computer_turn())
        self.round.rating.follow_appraisal(self.board_game)
        # The board's files are written off this thread: a write that failed is told here, whichever
        # change it wrote.
        for problem in UserData.take_problems(self.files.board_writers()):
            self.feedback.notify_problem(problem)
        move = self.board_game.update(dt, board_busy=self.animation is not None)
        if move is not None:
            self.round.count_result(self.board_game, self.match, self.piece_names)
            self._start_animation(move)
            self.round.keep(self.board_game)
        self._follow_learning()
        if self.game.is_over() and self.animation is None:
            self.feedback.wait_for_banner(dt)

    def toggle_learn_map(self) -> None:
        """Shows the trainer's picture of the tree (with the progress as it is now, the position on the board
        selected where it is in the tree), or hides it; nothing outside the trainer."""
        if self.learn is None:
            return
        self.learn_map = (
            None if self.learn_map is not None else LearnMap(self.learn, self.files.learning.value, self.game)
        )

    def drill_from_map(self) -> None:
        """The trainer's runs start from the position selected in the picture of the tree from now on (the
        next branch and a new game start there again), the run under way left; the picture closes. Nothing
        where the game is won at the position selected (nothing to play)."""
        learn_map = self.learn_map
        if learn_map is None or self.learn is None:
            return
        options = learn_map.drill_options()
        if options is None:
            return
        self.learn_map = None
        self.board_game.leave()
        self._start(options)
        cells = learn_map.cells_to(learn_map.selected)
        self.feedback.notify(LearnStartsAt(cells), FILE_NOTICE_SECONDS, NoticeKind.INFO)

    def _follow_learning(self) -> None:
        """In the Learn trainer, once the run reaches a leaf whose claim is a plan, the plan is drawn on the
        board (the plan view, which shows a plan only once the explainer has proven it); the claim's reason is
        told under the status (:func:`ui.words.play_words.why`); a frontier's leaf has none to show."""
        said = self.round.follow_learning(self.board_game)
        if isinstance(said, LearnLeaf) and said.kind == "plan" and not self.assistance.plan.shown:
            self.assistance.toggle_plan(self.board_game)


def _same_match(before: PlayOptions, after: PlayOptions) -> bool:
    """A game of ``after`` goes on with the match of ``before``: the same board, mode and players (a paste, a
    load of the same board), whatever its position."""
    return (before.variant(), before.mode, before.names) == (after.variant(), after.mode, after.names)
