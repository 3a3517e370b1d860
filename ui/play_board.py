"""One sitting at the board as it changes: the session, the selection, the moving stone, the refused move's
shake, the hint, the notices and when the result banner is due; each round's sound and tally count.

:class:`PlayBoard` owns what happens and when; :class:`~ui.play_scene.PlayScene` adds what events mean and how
it is shown. Time enters through :meth:`PlayBoard.update` (seconds, never frames). When a round ends, its
sound plays and it is counted once in the score tally (an undo and a different ending do not count the round
again).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ai.messages import EngineMessage
from ai.puzzles import Puzzle
from ai.rating.ladder import ladder_for
from game.catalog import game_spec, new_game
from game.protocol import Game
from ui import play_files
from ui.board_view import view_for
from ui.layout import PlayLayout, play_layout
from ui.play_files import FILE_NOTICE_SECONDS, NOTICE_SECONDS, TAKE_BACK
from ui.scene import Scene
from ui.sound import SoundPlayer
from ui.state import coach, results, savegame, texts
from ui.state.animation import ANIMATION_SPEEDS, Fade, MoveAnimation
from ui.state.current_game import UnfinishedGame
from ui.state.hint import Hint
from ui.state.match import MatchScore
from ui.state.options import Mode, PlayOptions
from ui.state.player_rating import PlayedGame, adaptive_level
from ui.state.review import CHANGE_WORDS, GameReview
from ui.state.session import EngineLike, Refusal, Session
from ui.state.user_data import UserData
from ui.state.userfiles import data_dir
from ui.theme import CLASSIC, Fonts, Theme
from ui.toast import Notice, NoticeKind

#: Seconds between the last stone landing and the result banner, so the winning line is seen first.
BANNER_DELAY = 0.45
#: Seconds the refused move's shake lasts.
REFUSAL_SECONDS = 0.6
#: Seconds the review's exact analysis gets per position on the boards it cannot always solve (see
#: :func:`ai.play.review.review_game`).
REVIEW_SECONDS = 5.0
#: Seconds between redraws of a running search's ticking count and time (a few a second: enough to see it
#: work, few enough to leave the search its speed).
TICK_SECONDS = 0.25
#: The coach's warning stays until the player answers it (another move, the same move again, Backspace).
COACH_NOTICE_SECONDS = 600.0


class PlayBoard(Scene):
    """The sitting at the board with the options chosen on the start screen or the command line."""

    def __init__(
        self,
        size: tuple[int, int],
        options: PlayOptions,
        engine: EngineLike,
        theme: Theme = CLASSIC,
        fonts: Fonts | None = None,
        *,
        sounds: SoundPlayer | None = None,
        files: UserData | None = None,
        saved_game_path: Path | None = None,
        animation: str = "normal",
        resume: UnfinishedGame | None = None,
        puzzle: Puzzle | None = None,
    ) -> None:
        """``sounds`` None plays nothing; ``files`` are the user's files where the game in progress is kept,
        results counted and games rated (None: in memory only); ``saved_game_path`` is the file of Ctrl+S and
        Ctrl+O (default: ``saved-game.txt`` in the user's data directory); ``animation`` is a name of
        :data:`~ui.state.animation.ANIMATION_SPEEDS`. ``resume`` sits down at that unfinished game (with its
        own options) rather than at a new one of ``options``. ``puzzle``: the board is that puzzle
        (``options`` set it up, see :func:`puzzle_options`), its results counted in the puzzle record."""
        super().__init__(size)
        #: The puzzle on the board, if it is one.
        self.puzzle = puzzle
        self.files = files or UserData()
        self.theme = theme
        self.fonts = fonts or Fonts()
        self.engine = engine
        self.sounds = sounds
        self.saved_game_path = saved_game_path or data_dir() / savegame.FILE_NAME
        self.animation_speed = ANIMATION_SPEEDS[animation]
        #: The analysis overlay (A) shows.
        self.overlay_shown = False
        self.hint: Hint | None = None
        self.notice: Notice | None = None
        self._since_tick = 0.0
        self._start(options, resume)
        if self.replaced is not None:
            self._notify(f"New game: {TAKE_BACK}", FILE_NOTICE_SECONDS, NoticeKind.INFO)

    def _start(self, options: PlayOptions, resume: UnfinishedGame | None = None) -> None:
        """Sits down at a new board with ``options``, or at the unfinished game ``resume`` (at creation, and
        when a game is loaded, pasted or brought back)."""
        #: The score of the rounds finished since the players sat down at this board.
        self.match = MatchScore()
        if resume is None:
            options, adapted = self._adapted(options)
            self.session = Session(options, self.engine)
        else:
            # A continued game brings its own options: the board, the view and the rules are the game's.
            options = resume.options
            self.session = Session(options, self.engine, resume.round_number, resume.moves)
        self._replacing(resume)
        self.view = view_for(options.game, self.theme)
        self.gravity = game_spec(options.game).gravity
        #: The column (Connect Four) or cell index (Tic-tac-toe) under the mouse or the keyboard cursor.
        self.selection: int | None = None
        self.animation: MoveAnimation | None = None
        self.refusal: Fade | None = None
        self.hint = None
        self._over_for = 0.0
        #: The player clicked the finished board to see it without the result banner.
        self.banner_folded = False
        #: The round's result has been counted and sounded.
        self._result_told = False
        #: The stone of "show me"'s best line dropping into place, if one is.
        self.line_animation: MoveAnimation | None = None
        #: The coach's warning about a move the player has not yet played anyway or taken back.
        self.coach_warning: coach.CoachWarning | None = None
        #: How often the coach spoke in this game (told under the result).
        self.coach_spoke = 0
        #: Wrong moves tried in this puzzle.
        self.puzzle_misses = 0
        self._forget_rating()
        self.session.want_analysis(self.overlay_shown)
        self.dirty = True
        if resume is None and adapted:
            self._notify(adapted, FILE_NOTICE_SECONDS, NoticeKind.INFO)

    def set_theme(self, theme: Theme) -> None:
        """Redraws everything in ``theme`` (the views cache sprites per theme, so they are made anew)."""
        self.theme = theme
        self.view = view_for(self.options.game, theme)
        self.dirty = True

    def set_animation(self, name: str) -> None:
        """Sets the animation speed by its name in :data:`~ui.state.animation.ANIMATION_SPEEDS` ("off"
        included)."""
        self.animation_speed = ANIMATION_SPEEDS[name]

    @property
    def options(self) -> PlayOptions:
        return self.session.options

    def piece_names(self) -> tuple[str, str]:
        """The pieces' names in the theme ("Red", "Yellow"; "Blue square", ...)."""
        return (
            self.theme.player_name(self.options.game, 0),
            self.theme.player_name(self.options.game, 1),
        )

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def review(self) -> GameReview | None:
        """The review of the game while it shows (the board then shows the position of the move reviewed)."""
        return self.session.review

    # --- geometry -------------------------------------------------------------------------------------------

    def layout(self) -> PlayLayout:
        return play_layout(
            self.size, self.game.width, self.game.height, self.gravity, self.review is not None
        )

    def move_at(self, position: tuple[int, int]) -> int | None:
        """The move a click at ``position`` means (a column or a cell index), or None off the board."""
        layout = self.layout()
        if self.gravity:
            return layout.column_at(position)
        cell = layout.cell_at(position)
        return None if cell is None else cell[0] * self.game.width + cell[1]

    def banner_shown(self) -> bool:
        return (
            self.review is None
            and self.game.is_over()
            and self.animation is None
            and self._over_for >= BANNER_DELAY
            and not self.banner_folded
        )

    # --- history --------------------------------------------------------------------------------------------

    def new_round(self, next_round: bool) -> None:
        """A new game (the same first player), or with ``next_round`` the next round (whose first player may
        change). With the adaptive level, the computer's level is chosen again from the player's rating."""
        options, adapted = self._adapted(self.options)
        self.session.adapt_level(options.level)
        self.session.next_round() if next_round else self.session.restart()
        self._result_told = False
        self.coach_warning = None
        self.coach_spoke = 0
        self.puzzle_misses = 0
        self._forget_rating()
        self._after_history_change(1, "")
        self._replacing(None)
        if self.replaced is not None and not next_round:
            self._notify(f"New game: {TAKE_BACK}", FILE_NOTICE_SECONDS, NoticeKind.INFO)
        elif adapted:
            self._notify(adapted, FILE_NOTICE_SECONDS, NoticeKind.INFO)

    # --- the game in progress, kept ------------------------------------------------------------------------

    def _replacing(self, resume: UnfinishedGame | None) -> None:
        """A game starts on the board: ``resume`` when it is a kept game itself (continued or brought back),
        which this window then keeps in its place. A new game is kept only once the player plays on it (a
        move, an undo); until then the kept unfinished game (this window's, else the newest) stays on file
        and undo brings it back (:attr:`replaced`)."""
        #: The player has played on this game, so it is the one to keep.
        self.committed = resume is not None
        #: The kept game this window's game continues or replaces, to go from the file at the next keep.
        self._superseded = resume
        kept = self.files.unfinished.value.offered(self.files.window)
        #: The unfinished game this one replaced, which undo brings back until the player plays here.
        playing_on = resume is None and self.options.mode is not Mode.WATCH and self.puzzle is None
        self.replaced = kept if playing_on else None

    def _keep_game(self) -> None:
        """Keeps the game on the board as the one to continue (or, once over, none), once the player has
        played on it; writes only when it changed."""
        if not self.committed or self.options.mode is Mode.WATCH or self.puzzle is not None:
            return
        game = self.game
        unfinished = (
            None
            if game.is_over()
            else UnfinishedGame(self.options, self.session.round_number, game.moves_text())
        )
        window, superseded = self.files.window, self._superseded
        problem = self.files.unfinished.update(lambda kept: kept.keeping(window, unfinished, superseded))
        self._superseded = None
        if problem:
            self._notify(problem, FILE_NOTICE_SECONDS)

    def _played_on(self) -> None:
        """The player played on the game (a move, an undo, a redo): it is the one kept from now on."""
        self.committed = True
        if self.replaced is not None:
            self._superseded = self.replaced
        self.replaced = None
        self._keep_game()

    def bring_back(self) -> bool:
        """Sits down again at the unfinished game this one replaced; False if there is none (or the player
        has played here since)."""
        if self.replaced is None or self.committed:
            return False
        replaced = self.replaced
        self.session.leave()
        self._start(replaced.options, replaced)
        self._notify(f"Back to your game: {replaced.description()}", FILE_NOTICE_SECONDS, NoticeKind.SUCCESS)
        return True

    def _after_history_change(self, plies: int, refusal_text: str) -> None:
        if plies == 0:
            self._notify(refusal_text)
            return
        # Stones that undo or redo moves appear at once; an animation of a move no longer played would lie.
        self.animation = None
        self.refusal = None
        self.notice = None
        self._over_for = 0.0
        self.banner_folded = False
        self.hint = None

    # --- moves ----------------------------------------------------------------------------------------------

    def try_play(self, move: int) -> Refusal | None:
        """Plays a human's move, or shows why not; returns the refusal (None when the move was played).

        With the coach on, a move that would throw away the player's result is not played the first time:
        the coach says so (:attr:`coach_warning`), and the same move again plays it anyway."""
        if self.game.is_over():
            return Refusal.GAME_OVER
        if self.puzzle is not None and self.session.is_human_turn():
            refusal = self._puzzle_check(move)
            if refusal is not None:
                return refusal
        elif self.options.coach and self.session.is_human_turn():
            warned = self.coach_warning
            self.coach_warning = None
            if warned is None or warned.move != move:
                warning = coach.warning(self.session.thinking, self.game.to_move(), move)
                if warning is not None:
                    self.coach_warning = warning
                    self.coach_spoke += 1
                    self.session.assists.add("coach")
                    self._notify(texts.coach_text(self.game, warning), COACH_NOTICE_SECONDS)
                    self.dirty = True
                    return Refusal.COACHED
        refusal = self.session.play(move)
        if refusal is Refusal.ILLEGAL:
            self._sound("refused")
            self.refusal = Fade(REFUSAL_SECONDS)
        if refusal is not None:
            self._notify(texts.refusal_text(self.session, refusal, move, self.gravity))
        else:
            self.notice = None
            self._played_on()
            self._start_animation(move)
        self.dirty = True
        return refusal

    def _puzzle_check(self, move: int) -> Refusal | None:
        """A move in a puzzle: refused (and shown) unless it keeps the win; the first miss breaks the streak.
        Until the position's values are proven (a fraction of a second) no move is judged, and none taken."""
        assert self.puzzle is not None
        results = coach.proven_results(self.session.thinking, self.game.to_move())
        if results is None:
            self._notify("A moment: the position is being checked", kind=NoticeKind.INFO)
            return Refusal.COACHED
        if move not in results or results[move] == max(results.values()):
            return None
        self._sound("refused")
        self.refusal = Fade(REFUSAL_SECONDS)
        self.selection = move
        if self.puzzle_misses == 0:
            puzzle = self.puzzle
            problem = self.files.puzzles.update(lambda record: record.after(puzzle, clean=False))
            if problem:
                self._notify(problem, FILE_NOTICE_SECONDS)
                return Refusal.COACHED
        self.puzzle_misses += 1
        change = CHANGE_WORDS[max(results.values()), results[move]]
        self._notify(f"Not this one: {self.game.describe_move(move)} {change}. Try again (H: a hint)")
        return Refusal.COACHED

    def take_back_coached(self) -> None:
        """The player takes back the move the coach warned about: nothing was played, the turn goes on."""
        if self.coach_warning is not None:
            self.coach_warning = None
            self._notify("Taken back: choose another move", kind=NoticeKind.INFO)
            self.dirty = True

    def _start_animation(self, move: int) -> None:
        self.hint = None
        if self.animation_speed == 0:
            # Animations off: the stone is simply there, and lands (sounds) now.
            self.animation = None
            self._landed()
            return
        layout = self.layout()
        player = 1 - self.game.to_move()
        row, column = self.game.last_cell()
        distance = 0.0
        if self.gravity:
            # From the ghost disc's place above the board down to the stone's cell, in cells.
            distance = (layout.cell_centre(row, column)[1] - layout.ghost_centre(column)[1]) / layout.cell
        self.animation = MoveAnimation(row, column, player, distance)
        self._over_for = 0.0

    def _finish_animation(self) -> None:
        self.animation = None
        self._landed()
        self.dirty = True

    def _landed(self) -> None:
        """A stone has come to rest: its sound, and if it ended the game, the result's sound and tally."""
        self._sound("drop")
        self._over_for = 0.0
        if self.game.is_over() and not self._result_told:
            self._result_told = True
            self.match.count(self.session, self.piece_names())
            self._sound(results.outcome(self.session)[1])
            if self.puzzle is not None:
                # A puzzle is no game of the tally; solved without a miss, it counts for the record.
                winner = self.game.winner()
                if winner is not None and self.session.seats[winner].is_human and self.puzzle_misses == 0:
                    puzzle = self.puzzle
                    problem = self.files.puzzles.update(lambda record: record.after(puzzle, clean=True))
                    if problem:
                        self._notify(problem, FILE_NOTICE_SECONDS)
                return
            problem = results.count(self.session, self.files.tally)
            if problem:
                self._notify(problem, FILE_NOTICE_SECONDS)
            self._rate()

    # --- the player's rating --------------------------------------------------------------------------------

    def _adapted(self, options: PlayOptions) -> tuple[PlayOptions, str]:
        """``options`` with the adaptive level chosen from the player's rating, and the words saying so ("" if
        the level is not adaptive, or no ladder rates the board)."""
        ladder = ladder_for(options.variant())
        if not options.adaptive or options.mode is not Mode.COMPUTER or ladder is None:
            return options, ""
        rating = self.files.ratings.value.rating(options.variant(), results.start_rating(ladder))
        level = adaptive_level(ladder, rating)
        words = f"Auto level: {level.label} ({ladder.rating_of(level)}) for your rating {rating}"
        return replace(options, level=level), words

    def _forget_rating(self) -> None:
        #: The finished game as recorded with the player's rating, and the rating before it.
        self.rated_game: PlayedGame | None = None
        self.rating_before: int | None = None
        self._performance_noted = False

    def _rate(self) -> None:
        """Records the finished game with the player's rating and starts its review unseen, for the strength
        the player's moves showed (noted by :meth:`_follow_appraisal`)."""
        ladder = ladder_for(self.game.variant())
        if ladder is not None:
            self.rating_before = self.files.ratings.value.rating(
                self.game.variant(), results.start_rating(ladder)
            )
        game, problem = results.rate(self.session, self.files.ratings)
        if problem:
            self._notify(problem, FILE_NOTICE_SECONDS)
        self.rated_game = game
        if game is not None:
            self.session.appraise(REVIEW_SECONDS)

    def _follow_appraisal(self) -> None:
        """Once the finished game's review is complete, notes the strength the player's moves showed."""
        review = self.session.appraisal
        if self.rated_game is None or self._performance_noted or review is None or not review.complete():
            return
        self._performance_noted = True
        problem = results.note_performance(self.session, review, self.files.ratings)
        if problem:
            self._notify(problem, FILE_NOTICE_SECONDS)
        self.dirty = True

    def _sound(self, name: str) -> None:
        if self.sounds is not None:
            self.sounds.play(name)

    def _notify(
        self, text: str, seconds: float = NOTICE_SECONDS, kind: NoticeKind = NoticeKind.REFUSAL
    ) -> None:
        """Shows ``text`` in the status line for ``seconds``; a refusal unless ``kind`` says otherwise."""
        self.notice = Notice(text, Fade(seconds), kind)
        self.dirty = True

    # --- review ---------------------------------------------------------------------------------------------

    def toggle_review(self) -> None:
        """Opens the review of the game (the game waits), or closes it and goes back to the game."""
        if self.review is not None:
            self.session.close_review()
        elif not self.game.history():
            self._notify("Nothing to review yet: no move has been played", kind=NoticeKind.INFO)
            return
        else:
            if self.animation is not None:
                self._finish_animation()
            self.hint = None
            self.notice = None
            self.session.open_review(REVIEW_SECONDS)
        self.dirty = True

    def step_review(self, ply: int | None = None, delta: int = 0) -> None:
        """Shows move ``ply`` of the review (or the move ``delta`` moves from the one shown)."""
        if self.review is not None:
            self.review.select(self.review.cursor + delta if ply is None else ply)
            self.dirty = True

    def show_me(self) -> None:
        """Starts "show me" (the best line from the move the review shows) or goes back from it to the
        review; says why where the line cannot be proven."""
        review = self.review
        if review is None:
            return
        self.line_animation = None
        if review.line is not None:
            self.session.close_line()
        elif self.session.show_best_line() is None:
            self._notify("Show me: the best line is proven on 7 \u00d7 6, 6 \u00d7 5 and Tic-tac-toe only")
        self.dirty = True

    def step_line(self, delta: int = 0, end: bool | None = None) -> None:
        """Steps the best line ``delta`` moves, or to its ``end`` (True) or its start (False)."""
        line = None if self.review is None else self.review.line
        if line is None:
            return
        before = line.shown
        if end is None:
            line.step(delta)
        else:
            line.to_end(end)
        self.line_animation = None
        if line.shown == before + 1:
            self._animate_line()
        self.dirty = True

    def _animate_line(self) -> None:
        """The best line's newest shown stone drops into place."""
        assert self.review is not None and self.review.line is not None
        board = self.review.line.position()
        row, column = board.last_cell()
        distance = 0.0
        if self.gravity:
            layout = self.layout()
            distance = (layout.cell_centre(row, column)[1] - layout.ghost_centre(column)[1]) / layout.cell
        self.line_animation = MoveAnimation(row, column, 1 - board.to_move(), distance)

    # --- hint, analysis, files ------------------------------------------------------------------------------

    def _ask_hint(self) -> None:
        """Shows the search's best move for the human to move; asks for an analysis if nothing searches."""
        if not self.session.is_human_turn():
            self._notify("A hint is for your turn" if not self.game.is_over() else "The game is over")
            return
        self.hint = Hint(self.game.moves_text())
        self.session.assists.add("hint")
        self.hint.follow(self.session.thinking, self.game.moves_text())
        self._want_analysis()

    def _want_analysis(self) -> None:
        """Keeps an analysis of the human's position running while the overlay shows or a hint waits."""
        self.session.want_analysis(self.overlay_shown or self.hint is not None)
        self.dirty = True

    def _paste(self, text: str | None) -> None:
        """Sets up the game whose moves were pasted (``text``, from the clipboard) and opens its review; text
        that is no game of this board keeps the current game and says why."""
        moves = play_files.pasted_moves(
            text, new_game(self.options.game, self.options.width, self.options.height)
        )
        if isinstance(moves, Notice):
            self._sound("refused")
            self.notice = moves
            return
        self.session.leave()
        self._start(replace(self.options, moves=moves))
        if moves:
            self.toggle_review()
        pasted = f"Pasted {texts.count(len(moves), 'move')}"
        if self.replaced is not None:
            pasted += f": {TAKE_BACK}"
        self.notice = play_files.notice(pasted, FILE_NOTICE_SECONDS, NoticeKind.SUCCESS)

    def _load(self) -> None:
        """Loads the saved game; a bad file keeps the current game and says what is wrong."""
        saved = play_files.load(self.saved_game_path)
        if isinstance(saved, Notice):
            self._sound("refused")
            self.notice = saved
            return
        self.session.leave()
        options = replace(self.options.with_game(saved.game, saved.width, saved.height), moves=saved.moves)
        self._start(options)
        self.notice = play_files.loaded(self.saved_game_path, self.game, self.replaced is not None)

    # --- time and messages ----------------------------------------------------------------------------------

    def receive(self, message: EngineMessage) -> None:
        if self.session.receive(message):
            self.dirty = True

    def update(self, dt: float) -> None:
        if self.animation is not None:
            self.animation.advance(dt * self.animation_speed)
            if self.animation.done:
                self._finish_animation()
            self.dirty = True
        if self.hint is not None:
            position = self.game.moves_text()
            before = self.hint.move
            self.hint.follow(self.session.thinking, position)
            self.hint.advance(dt)
            if not self.hint.alive(position):
                self.hint = None
                self._want_analysis()
            # Redraw when the hint appears, changes, fades (its last second) or ends; not while it stands
            # still.
            if self.hint is None or self.hint.move != before or self.hint.strength < 1:
                self.dirty = True
        line = None if self.review is None else self.review.line
        if line is not None and line.advance(dt):
            self._animate_line()
        if self.line_animation is not None:
            self.line_animation.advance(dt * max(self.animation_speed, 1.0))
            if self.line_animation.done or line is None:
                self.line_animation = None
            self.dirty = True
        for fade in (self.refusal, self.notice.fade if self.notice else None):
            if fade is not None:
                fade.advance(dt)
                self.dirty = True
        if self.refusal is not None and not self.refusal.alive:
            self.refusal = None
        if self.notice is not None and not self.notice.fade.alive:
            self.notice = None
        if self.overlay_shown and self.session.is_human_turn() and self.review is None:
            # The overlay's values are help: the game is not rated (see ui.state.player_rating).
            self.session.assists.add("values")
        self._follow_appraisal()
        move = self.session.update(dt, board_busy=self.animation is not None)
        thinking = self.session.thinking
        if thinking is not None and thinking.running:
            # The search's count and time tick on screen a few times a second between its completed depths.
            self._since_tick += dt
            if self._since_tick >= TICK_SECONDS:
                self._since_tick = 0.0
                self.dirty = True
        if move is not None:
            self._start_animation(move)
            self._keep_game()
            self.dirty = True
        if self.game.is_over() and self.animation is None and self._over_for < BANNER_DELAY:
            self._over_for += dt
            self.dirty = True

    def needs_redraw(self) -> bool:
        return self.dirty or self.animation is not None
