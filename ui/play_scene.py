"""The play screen: the board, the toolbar, the status line, and the result banner.

Turns mouse and key events into session calls (play, undo, redo, new game, next round), engine messages into
the status line, and time into animations. The rules of turns, undo pairs and engine tokens live in
:class:`~ui.session.Session`; the geometry in :mod:`ui.layout`; the board's drawing in :mod:`ui.board_view`;
the words of the status lines in :mod:`ui.texts`; the toolbar in :mod:`ui.toolbar`.

Keys: Connect Four Left/Right + Enter/Space/Down and 1-9; Tic-tac-toe arrows + Enter/Space, 1-9 (cells in
reading order), a-g (cells 10-16 of the 4 x 4 board) and the numpad (laid out like the 3 x 3 board), all
read by :mod:`ui.move_keys`; Ctrl+Z undo, Ctrl+Y / Ctrl+Shift+Z redo, Ctrl+N new game, Esc back to the start
screen, Ctrl+Q quit; in watch mode Space or P pauses. When the game is over Enter plays the next round. H
shows a hint, A (Shift+A on the 4 x 4 board, where a is a cell) the analysis overlay; Ctrl+S saves the game,
Ctrl+O loads the saved game, Ctrl+C copies the move string, Ctrl+R resets the score tally. A click during an
animation finishes it at once. (Keys of the whole window, such as help, sound and theme, live in
:mod:`ui.app`.)

Results: when a round ends, its sound plays and it is counted once in the score tally (an undo and a different
ending do not count the round again).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
from pygame import Rect

from ai.messages import BestMove, Progress
from game.protocol import Game
from ui import texts
from ui import move_keys, savegame
from ui.animation import ANIMATION_SPEEDS, Fade, MoveAnimation
from ui.board_view import BoardPicture, view_for
from ui.clipboard import copy_text
from ui.hint import Hint
from ui.layout import PlayLayout, buttons_in_row, clamp, play_layout
from ui.options import GAME_TITLES, Mode, PlayOptions
from ui.overlay import draw_overlay, move_values
from ui.scene import COMMAND_KEYS, GoToMenu, Scene
from ui.session import EngineLike, Refusal, Session
from ui.sound import SoundPlayer
from ui.tally import Record, Tally, matchup_key
from ui.theme import CLASSIC, Fonts, Theme
from ui.toast import Notice, NoticeKind
from ui.toolbar import Toolbar, draw_toolbar, toolbar
from ui.userfiles import data_dir
from ui.widgets import (
    Button,
    draw_button,
    draw_fitted_text,
    draw_text,
    fitting_font,
    hit,
    panel,
)

#: Seconds between the last stone landing and the result banner, so the winning line is seen first.
BANNER_DELAY = 0.45
#: Seconds a refusal or a notice stays on screen.
NOTICE_SECONDS = 1.6
REFUSAL_SECONDS = 0.6
#: Seconds a message about a file (saved, loaded, or why not) stays: long enough to read a reason.
FILE_NOTICE_SECONDS = 4.0
#: Seconds between redraws of a running search's ticking count and time (a few a second: enough to see it
#: work, few enough to leave the search its speed).
TICK_SECONDS = 0.25

_COMMAND_ACTIONS = {pygame.K_s: "save", pygame.K_o: "load", pygame.K_c: "copy", pygame.K_r: "reset-tally"}


class PlayScene(Scene):
    """One sitting at the board with the options chosen on the start screen or the command line."""

    def __init__(
        self,
        size: tuple[int, int],
        options: PlayOptions,
        engine: EngineLike,
        theme: Theme = CLASSIC,
        fonts: Fonts | None = None,
        *,
        sounds: SoundPlayer | None = None,
        tally: Tally | None = None,
        saved_game_path: Path | None = None,
        animation: str = "normal",
        pointer: tuple[int, int] | None = None,
    ) -> None:
        """``sounds`` None plays nothing; ``tally`` None counts nothing; ``saved_game_path`` is the file of
        Ctrl+S and Ctrl+O (default: ``saved-game.txt`` in the user's data directory); ``animation`` is a name
        of :data:`~ui.animation.ANIMATION_SPEEDS`; ``pointer`` is where the mouse is, if known, so the hover
        disc shows from the start rather than after the mouse first moves."""
        super().__init__(size)
        self.theme = theme
        self.fonts = fonts or Fonts()
        self.engine = engine
        self.sounds = sounds
        self.tally = tally
        self.saved_game_path = saved_game_path or data_dir() / savegame.FILE_NAME
        self.animation_speed = ANIMATION_SPEEDS[animation]
        #: The analysis overlay (A) shows.
        self.overlay_shown = False
        self.hint: Hint | None = None
        self._mouse = (-1, -1)
        self.notice: Notice | None = None
        self._since_tick = 0.0
        #: The selection follows the mouse (rather than the keyboard), so it moves with the board on a resize.
        self._pointer_selects = False
        self._start(options)
        if pointer is not None:
            self._point_at(pointer)

    def _start(self, options: PlayOptions) -> None:
        """Sits down at a new board with ``options`` (at creation, and when a saved game is loaded)."""
        self.session = Session(options, self.engine)
        self.view = view_for(options.game, self.theme)
        self.gravity = options.game == "connect4"
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
        self.session.want_analysis(self.overlay_shown)
        self.dirty = True

    def set_theme(self, theme: Theme) -> None:
        """Redraws everything in ``theme`` (the views cache sprites per theme, so they are made anew)."""
        self.theme = theme
        self.view = view_for(self.options.game, theme)
        self.dirty = True

    def set_animation(self, name: str) -> None:
        """Sets the animation speed by its name in :data:`~ui.animation.ANIMATION_SPEEDS` ("off" included)."""
        self.animation_speed = ANIMATION_SPEEDS[name]

    @property
    def options(self) -> PlayOptions:
        return self.session.options

    @property
    def game(self) -> Game:
        return self.session.game

    # --- geometry -------------------------------------------------------------------------------------------

    def layout(self) -> PlayLayout:
        return play_layout(self.size, self.game.width, self.game.height, self.gravity)

    def move_at(self, position: tuple[int, int]) -> int | None:
        """The move a click at ``position`` means (a column or a cell index), or None off the board."""
        layout = self.layout()
        if self.gravity:
            return layout.column_at(position)
        cell = layout.cell_at(position)
        return None if cell is None else cell[0] * self.game.width + cell[1]

    def _toolbar(self, layout: PlayLayout) -> Toolbar:
        enabled = {"undo": self.session.can_undo(), "redo": self.session.can_redo()}
        return toolbar(self.fonts, layout.toolbar, GAME_TITLES[self.options.game], enabled)

    def _toolbar_buttons(self, layout: PlayLayout) -> list[Button]:
        return self._toolbar(layout).buttons

    def _banner_metrics(self, layout: PlayLayout) -> tuple[int, int, int]:
        """Title font size, button height and the banner's height."""
        title = int(clamp(layout.cell * 0.42, 24, 44))
        button = int(clamp(layout.cell * 0.5, 34, 46))
        return title, button, int(title * 1.25 + title * 0.6 + button + 56)

    def _banner(self, layout: PlayLayout) -> tuple[Rect, list[Button]] | None:
        """The result banner and its buttons, once the game is over and the last stone has landed."""
        if not self.banner_shown():
            return None
        title, button_height, height = self._banner_metrics(layout)
        if self.tally_text():
            height += int(title * 0.5)
        rect = layout.banner_rect(height, self.game.winning_cells())
        font = self._button_font(layout)
        labels = [("next", "Next round"), ("new", "New game"), ("menu", "Menu")]
        widths = [font.size(label)[0] + 36 for _, label in labels]
        row = Rect(rect.left, rect.bottom - button_height - 20, rect.width, button_height)
        rects = buttons_in_row(widths, button_height, row, align="centre", gap=12)
        buttons = [
            Button(action, label, r, selected=action == "next")
            for (action, label), r in zip(labels, rects, strict=True)
        ]
        return rect, buttons

    def banner_shown(self) -> bool:
        return (
            self.game.is_over()
            and self.animation is None
            and self._over_for >= BANNER_DELAY
            and not self.banner_folded
        )

    def _button_font(self, layout: PlayLayout) -> pygame.font.Font:
        return self.fonts.get(int(clamp(layout.cell * 0.2, 15, 20)), bold=True)

    # --- input ----------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if event.type == pygame.MOUSEMOTION:
            self._point_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.animation is not None:
                # A click finishes a moving stone at once; the click then does what it would have done.
                self._finish_animation()
            self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _point_at(self, position: tuple[int, int]) -> None:
        """The mouse is at ``position``: what is under it is selected or hovered."""
        # Redraw only when the pointer changes what is shown: a frame drawn for nothing is time taken from the
        # engine's thread.
        before = (self.selection, self._hovered_action())
        self._mouse = position
        self.selection = self.move_at(position)
        self._pointer_selects = True
        if (self.selection, self._hovered_action()) != before:
            self.dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size: the board moves, and a mouse selection follows the column or cell now under the
        pointer (which stays where it was in the window)."""
        if size == self.size:
            return
        super().resize(size)
        if self._pointer_selects:
            self.selection = self.move_at(self._mouse)

    def _hovered_action(self) -> str | None:
        layout = self.layout()
        banner = self._banner(layout)
        button = hit(self._toolbar_buttons(layout) + (banner[1] if banner else []), self._mouse)
        return None if button is None else button.action

    def _click(self, position: tuple[int, int]) -> None:
        layout = self.layout()
        banner = self._banner(layout)
        buttons = self._toolbar_buttons(layout) + (banner[1] if banner else [])
        button = hit(buttons, position)
        if button is not None:
            self.act(button.action)
            return
        if self.game.is_over():
            # A click on the finished board (anywhere but a button) folds the result banner away or back, so
            # the player can look at what it covered.
            if banner is not None or self.banner_folded:
                self.banner_folded = not self.banner_folded
                self.dirty = True
            return
        move = self.move_at(position)
        if move is not None:
            self.selection = move
            self.try_play(move)

    def act(self, action: str) -> None:
        """Does what a button or a command key names: undo, redo, new, next, menu, pause."""
        if action == "undo":
            self._after_history_change(self.session.undo(), "Nothing to undo")
        elif action == "redo":
            self._after_history_change(self.session.redo(), "Nothing to redo")
        elif action == "new":
            self.session.new_game()
            self._result_told = False
            self._after_history_change(1, "")
        elif action == "next":
            self.session.next_round()
            self._result_told = False
            self._after_history_change(1, "")
        elif action == "menu":
            self.session.leave()
            self.request = GoToMenu(self.options)
        elif action == "pause":
            self.session.toggle_pause()
        elif action == "hint":
            self._ask_hint()
        elif action == "overlay":
            self.overlay_shown = not self.overlay_shown
            self._want_analysis()
        elif action == "save":
            self._save()
        elif action == "load":
            self._load()
        elif action == "copy":
            self._copy()
        elif action == "reset-tally":
            self._reset_tally()
        else:
            raise ValueError(f"unknown action {action!r}")
        self.dirty = True

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

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if event.mod & COMMAND_KEYS:
            if key == pygame.K_z and event.mod & pygame.KMOD_SHIFT or key == pygame.K_y:
                self.act("redo")
            elif key == pygame.K_z:
                self.act("undo")
            elif key == pygame.K_n:
                self.act("new")
            elif key in _COMMAND_ACTIONS:
                self.act(_COMMAND_ACTIONS[key])
            return
        if key == pygame.K_ESCAPE:
            self.act("menu")
        elif key == pygame.K_h:
            self.act("hint")
        elif key == pygame.K_a and (event.mod & pygame.KMOD_SHIFT or not self._letters_are_cells()):
            # On 4 x 4 Tic-tac-toe the letters a-g are cells 10-16 (the game's notation): Shift+A, which
            # works on every board, is the analysis there.
            self.act("overlay")
        elif self.game.is_over() and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.act("next")
        elif self.options.mode is Mode.WATCH and key in (pygame.K_SPACE, pygame.K_p):
            self.act("pause")
        else:
            # The keyboard's selection stays where the keys put it, whatever the window's size.
            self._pointer_selects = False
            self._board_key(key)

    def _letters_are_cells(self) -> bool:
        return move_keys.letters_are_cells(self.game.width, self.game.height, self.gravity)

    def _board_key(self, key: int) -> None:
        """A key that may select or play a column or cell (see :mod:`ui.move_keys`)."""
        game = self.game
        meaning = move_keys.answer(key, game.width, game.height, self.gravity, self.selection)
        self.selection = meaning.selection
        if meaning.note is not None:
            self._notify(meaning.note, kind=NoticeKind.INFO)
        elif meaning.play and meaning.selection is not None:
            self.try_play(meaning.selection)
        self.dirty = True

    # --- moves ----------------------------------------------------------------------------------------------

    def try_play(self, move: int) -> Refusal | None:
        """Plays a human's move, or shows why not; returns the refusal (None when the move was played)."""
        if self.game.is_over():
            return Refusal.GAME_OVER
        refusal = self.session.play(move)
        if refusal is Refusal.NOT_YOUR_TURN:
            text = (
                "Watching: the computers play this game"
                if self.options.mode is Mode.WATCH
                else ("Wait: the computer is thinking")
            )
            self._notify(text)
        elif refusal is Refusal.ILLEGAL:
            self._sound("refused")
            self.refusal = Fade(REFUSAL_SECONDS)
            if self.gravity:
                self._notify(f"Column {move + 1} is full")
            else:
                self._notify(f"Cell {self.game.move_to_text(move)} is taken")
        else:
            self.notice = None
            self._start_animation(move)
        self.dirty = True
        return refusal

    def stone_cell(self, move: int) -> tuple[int, int]:
        """The (row, column) of the stone ``move`` has just put down: with gravity, the top of its column."""
        if not self.gravity:
            return divmod(move, self.game.width)
        cells = self.game.cells()
        row = next(row for row in range(len(cells)) if cells[row][move] is not None)
        return row, move

    def _start_animation(self, move: int) -> None:
        self.hint = None
        if self.animation_speed == 0:
            # Animations off: the stone is simply there, and lands (sounds) now.
            self.animation = None
            self._landed()
            return
        layout = self.layout()
        player = 1 - self.game.to_move()
        row, column = self.stone_cell(move)
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
            self._tell_result()

    def _tell_result(self) -> None:
        winner = self.game.winner()
        if winner is None:
            outcome, sound = "draws", "draw"
        elif self.options.mode is Mode.COMPUTER:
            outcome, sound = ("wins", "win") if self.session.seats[winner].is_human else ("losses", "lose")
        else:
            # Two players: the first player's wins count as "wins" (the tally's convention).
            outcome, sound = ("wins" if winner == 0 else "losses"), "win"
        self._sound(sound)
        key = self._tally_key()
        if key is not None and self.tally is not None:
            problem = self.tally.add(key, outcome)
            if problem:
                self._notify(problem, FILE_NOTICE_SECONDS)

    def _tally_key(self) -> str | None:
        """The tally's key for this board and opponent; None in watch mode, which is not counted."""
        mode = self.options.mode
        if mode is Mode.WATCH:
            return None
        opponent = None
        if mode is Mode.COMPUTER:
            opponent = next(seat for seat in self.session.seats if not seat.is_human).level.label
        return matchup_key(self.game.variant(), opponent)

    def tally_text(self) -> str:
        """The tally of this board and opponent for the result banner ("" when nothing is counted)."""
        key = self._tally_key()
        if key is None or self.tally is None:
            return ""
        record: Record = self.tally.get(key)
        if self.options.mode is Mode.COMPUTER:
            level = key.rsplit(" vs ", 1)[1]
            return f"You against {level}: {record.wins} won · {record.draws} drawn · {record.losses} lost"
        return (
            f"Tally: {self.player_name(0)} {record.wins} · draws {record.draws} · "
            f"{self.player_name(1)} {record.losses}"
        )

    def _sound(self, name: str) -> None:
        if self.sounds is not None:
            self.sounds.play(name)

    def _notify(
        self, text: str, seconds: float = NOTICE_SECONDS, kind: NoticeKind = NoticeKind.REFUSAL
    ) -> None:
        """Shows ``text`` in the status line for ``seconds``; a refusal unless ``kind`` says otherwise."""
        self.notice = Notice(text, Fade(seconds), kind)
        self.dirty = True

    # --- hint, analysis, files ------------------------------------------------------------------------------

    def _ask_hint(self) -> None:
        """Shows the search's best move for the human to move; asks for an analysis if nothing searches."""
        if not self.session.is_human_turn():
            self._notify("A hint is for your turn" if not self.game.is_over() else "The game is over")
            return
        self.hint = Hint(self.game.moves_text())
        self.hint.follow(self.session.thinking, self.game.moves_text())
        self._want_analysis()

    def _want_analysis(self) -> None:
        """Keeps an analysis of the human's position running while the overlay shows or a hint waits."""
        self.session.want_analysis(self.overlay_shown or self.hint is not None)
        self.dirty = True

    def _save(self) -> None:
        path = self.saved_game_path
        try:
            savegame.write(path, self.game)
        except ValueError:
            self._notify("The game is over: nothing to save", FILE_NOTICE_SECONDS)
            return
        except OSError as error:
            self._notify(f"Cannot save to {path}: {error.strerror or error}", FILE_NOTICE_SECONDS)
            return
        moves = texts.count(self.game.ply(), "move")
        self._notify(f"Saved {moves} to {path}", FILE_NOTICE_SECONDS, NoticeKind.SUCCESS)

    def _load(self) -> None:
        """Loads the saved game; a bad file keeps the current game and says what is wrong."""
        path = self.saved_game_path
        try:
            saved = savegame.read(path)
        except savegame.SavedGameError as error:
            self._sound("refused")
            self._notify(f"Cannot load: {error}", FILE_NOTICE_SECONDS)
            return
        self.session.leave()
        options = replace(self.options.with_game(saved.game, saved.width, saved.height), moves=saved.moves)
        self._start(options)
        moves = texts.count(self.game.ply(), "move")
        self._notify(f"Loaded {path.name}: {moves}", FILE_NOTICE_SECONDS, NoticeKind.SUCCESS)

    def _copy(self) -> None:
        moves = self.game.moves_text() or "(no moves yet)"
        if copy_text(self.game.moves_text()):
            self._notify(f"Copied the moves: {moves}", kind=NoticeKind.SUCCESS)
        else:
            self._notify(f"No clipboard here; the moves are {moves}", FILE_NOTICE_SECONDS, NoticeKind.INFO)

    def _reset_tally(self) -> None:
        if self.tally is None:
            return
        problem = self.tally.reset()
        if problem:
            self._notify(problem, FILE_NOTICE_SECONDS)
        else:
            self._notify("Score tally reset", FILE_NOTICE_SECONDS, NoticeKind.SUCCESS)

    # --- time and messages ----------------------------------------------------------------------------------

    def receive(self, message: Progress | BestMove) -> None:
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
            # Redraw when the hint appears, changes, fades (its last second) or ends; not while it stands still.
            if self.hint is None or self.hint.move != before or self.hint.strength < 1:
                self.dirty = True
        for fade in (self.refusal, self.notice.fade if self.notice else None):
            if fade is not None:
                fade.advance(dt)
                self.dirty = True
        if self.refusal is not None and not self.refusal.alive:
            self.refusal = None
        if self.notice is not None and not self.notice.fade.alive:
            self.notice = None
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
            self.dirty = True
        if self.game.is_over() and self.animation is None and self._over_for < BANNER_DELAY:
            self._over_for += dt
            self.dirty = True

    def needs_redraw(self) -> bool:
        return self.dirty or self.animation is not None

    # --- words ----------------------------------------------------------------------------------------------

    def player_name(self, player: int) -> str:
        return self.theme.player_name(self.options.game, player)

    def _seat_name(self, player: int) -> str:
        """``"Red"``, or ``"Red (depth 4)"`` in watch mode where both are computers."""
        seat = self.session.seats[player]
        if self.options.mode is Mode.WATCH and seat.level is not None:
            return f"{self.player_name(player)} ({seat.level.label})"
        return self.player_name(player)

    def result_text(self) -> tuple[str, str]:
        """The result in a few words, and a line under it."""
        winner = self.game.winner()
        if winner is None:
            return "Draw", "Nobody made a line."
        title = f"{self.player_name(winner)} wins"
        seat = self.session.seats[winner]
        if self.options.mode is Mode.COMPUTER:
            loser = self.session.seats[1 - winner]
            if seat.is_human:
                return title, f"You beat the computer at {loser.level.label}!"
            return title, f"The computer ({seat.level.label}) wins this one."
        if self.options.mode is Mode.WATCH:
            return title, f"{self._seat_name(winner)} beats {self._seat_name(1 - winner)}."
        return title, "Well played."

    def status_text(self) -> str:
        """The status line: the notice if one is showing, else whose turn it is, the search, or the result."""
        if self.notice is not None:
            return self.notice.text
        if self.game.is_over():
            return self.result_text()[0]
        player = self.game.to_move()
        moving = self.animation
        if moving is not None and not self.session.seats[moving.player].is_human:
            # The computer's stone is still falling: it is not the human's turn until it has landed.
            who = "Computer" if self.options.mode is Mode.COMPUTER else self._seat_name(moving.player)
            return f"{who} plays {self.game.describe_move(self.session.last_move())}"
        if self.session.is_human_turn():
            if self.hint is not None:
                if self.hint.move is None:
                    return "Hint: looking for the best move..."
                return f"Hint: {self.game.describe_move(self.hint.move)}"
            if self.options.mode is Mode.COMPUTER:
                return f"Your turn ({self.player_name(player)})"
            return f"{self.player_name(player)} to move"
        who = "Computer" if self.options.mode is Mode.COMPUTER else self._seat_name(player)
        if self.session.paused:
            return f"Paused: {who} to move (Space resumes)"
        return texts.search_status(who, self.session.thinking, self._names())

    def detail_text(self) -> str:
        """The small line under the status, in full (see :meth:`detail_parts`)."""
        return "    ".join(self.detail_parts())

    def detail_parts(self) -> list[str]:
        """The small line under the status, most important part first: search statistics, the analysis, or
        the keys to use. A window too narrow for all of it shows the first parts that fit."""
        thinking = self.session.thinking
        if self.game.is_over():
            return ["Enter: next round", "Ctrl+N: new game", "Esc: menu", "Click the board to see it"]
        if self.overlay_shown:
            return self._analysis_parts()
        if thinking is not None and (thinking.depth is not None or thinking.nodes > 0):
            if thinking.pondering:
                return texts.ponder_detail(thinking)
            return texts.search_detail(thinking, self._names(), self._line(thinking, 8))
        if self.session.is_human_turn():
            undo = "Ctrl+Z undo"
            if self.gravity:
                return [f"Click a column or press 1-{self.game.width}", "\u2190\u2192 + Enter", undo]
            keys = "1-9" if self.game.width == 3 else "1-9, a-g"
            return [f"Click a cell or press {keys}", "arrows + Enter", undo]
        return ["Space pauses"] if self.options.mode is Mode.WATCH else []

    def _names(self) -> tuple[str, str]:
        return self.player_name(0), self.player_name(1)

    def _line(self, thinking, length: int) -> str:
        """The line the search expects, in the game's notation: what the computer is "thinking about"."""
        return " ".join(self.game.move_to_text(move) for move in thinking.principal_variation[:length])

    def _analysis_parts(self) -> list[str]:
        """The overlay's line: the value in words (of the move under the pointer, if it has one), the legend
        of the labels shown, the best line and the statistics."""
        thinking = self.session.thinking
        if thinking is None:
            return texts.analysis_detail(None, self._names(), "", [])
        values = {value.move: value for value in move_values(thinking)}
        hovered = None
        if self.selection in values and self.selection in self.game.moves():
            value = values[self.selection]
            hovered = (self.game.describe_move(value.move), value.score, value.exact)
        labels = [value.label for value in values.values()]
        line = self._line(thinking, 10)
        return texts.analysis_detail(thinking, self._names(), line, labels, hovered)

    def caption(self) -> str:
        """The window title: the game and what is happening, so a glance at the task bar tells whose turn it is."""
        if self.game.is_over():
            winner = self.game.winner()
            state = "draw" if winner is None else f"{self.player_name(winner)} wins"
        elif self.session.is_human_turn():
            you = self.options.mode is Mode.COMPUTER
            state = "your turn" if you else f"{self.player_name(self.game.to_move())} to move"
        elif self.session.paused:
            state = "paused"
        else:
            state = "computer thinking"
        return f"Ponder \u2014 {self.options.title()} \u2014 {state}"

    def _matchup(self) -> str:
        mode, seats = self.options.mode, self.session.seats
        if mode is Mode.TWO_PLAYERS:
            return "Two players"
        if mode is Mode.WATCH:
            return f"{seats[0].level.label} vs {seats[1].level.label}"
        computer = seats[0] if seats[1].is_human else seats[1]
        return f"You vs computer ({computer.level.label})"

    # --- drawing --------------------------------------------------------------------------------------------

    def picture(self, layout: PlayLayout) -> BoardPicture:
        """What the board shows now."""
        game = self.game
        last = self.session.last_move()
        last_cell = None if last is None else self.stone_cell(last)
        human = self.session.is_human_turn()
        playable = not self.gravity or self.selection in game.moves()
        refusal = self.refusal
        return BoardPicture(
            cells=game.cells(),
            k=game.k,
            last_move=last_cell,
            winning=game.winning_cells(),
            animation=self.animation,
            selection=self.selection,
            # No ghost while a stone moves (it would hover beside, or on, the falling one), nor over a full
            # column, where no stone can go.
            ghost_player=game.to_move() if human and self.animation is None and playable else None,
            refusal=refusal.strength if refusal else 0.0,
            shake=refusal.shake(max(3.0, layout.cell * 0.08)) if refusal else 0.0,
            hint=self.hint.move if self.hint is not None and self.animation is None else None,
            hint_strength=self.hint.strength if self.hint is not None else 0.0,
        )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        theme = self.theme
        layout = self.layout()
        surface.fill(theme.background)
        self._draw_toolbar(surface, layout)
        self.view.draw(surface, layout, self.picture(layout))
        if self.overlay_shown and not self.game.is_over():
            colours = (theme.player_colour(self.options.game, 0), theme.player_colour(self.options.game, 1))
            thinking, legal = self.session.thinking, self.game.moves()
            draw_overlay(surface, layout, theme, self.fonts, thinking, legal, colours)
        self._draw_status(surface, layout)
        banner = self._banner(layout)
        if banner is not None:
            self._draw_banner(surface, layout, *banner)

    def _draw_toolbar(self, surface: pygame.Surface, layout: PlayLayout) -> None:
        title = f"{self.options.title()}  \u00b7  {self._matchup()}"
        if self.session.round_number > 1:
            title += f"  \u00b7  round {self.session.round_number}"
        # In a narrow window the title gets shorter, down to the game's name.
        titles = [title, self.options.title(), GAME_TITLES[self.options.game]]
        bar = layout.toolbar
        draw_toolbar(surface, self.theme, self.fonts, bar, self._toolbar(layout), titles, self._mouse)

    def _draw_status(self, surface: pygame.Surface, layout: PlayLayout) -> None:
        theme, area = self.theme, layout.status
        text = self.status_text()
        size = int(clamp(area.height * 0.34, 16, 30))
        line_y = area.top + area.height * 0.38
        # The piece of the side to move (or of the winner, or of the stone falling) leads the text: the colour
        # is shown, not only told. A notice has none: it is not about a player.
        player = self._status_player()
        icon = 0 if self.notice is not None or player is None else int(size * 1.3)
        font = fitting_font(self.fonts, text, size, area.width - 40 - icon, bold=True)
        left = area.centerx - (font.size(text)[0] + icon) // 2
        if icon:
            self._draw_piece_icon(surface, player, (left + icon // 2 - 4, line_y), size * 0.48)
        colour = self.notice.kind.colour(theme) if self.notice is not None else theme.text
        draw_text(surface, text, font, colour, midleft=(left + icon, line_y))
        # The detail line drops its last parts until it fits (never disappearing for want of room).
        parts = self.detail_parts()
        for count in range(len(parts), 0, -1):
            if draw_fitted_text(
                surface,
                self.fonts,
                "    ".join(parts[:count]),
                int(size * 0.62),
                area.width - 24,
                theme.text_muted,
                smallest=9,
                center=(area.centerx, area.top + area.height * 0.76),
            ):
                break

    def _status_player(self) -> int | None:
        """The player whose piece leads the status line: the winner, the mover of a falling stone, or the
        side to move; None after a draw."""
        if self.game.is_over():
            return self.game.winner()
        moving = self.animation
        if moving is not None and not self.session.seats[moving.player].is_human:
            return moving.player
        return self.game.to_move()

    def toast_area(self) -> Rect:
        """The detail line's band at the bottom of the status area: the status line itself stays readable."""
        status = self.layout().status
        top = status.top + int(status.height * 0.58)
        return Rect(0, top, status.width, status.bottom - top - 2)

    def _draw_piece_icon(
        self, surface: pygame.Surface, player: int, centre: tuple[float, float], radius: float
    ) -> None:
        colour = self.theme.player_colour(self.options.game, player)
        if self.gravity:
            # The board's own disc sprite, so the icon has the piece's shape as well as its colour.
            sprite = self.view.disc_sprite(player, round(radius / self.view.DISC))
            surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))
        else:
            draw_text(
                surface,
                self.player_name(player),
                self.fonts.get(int(radius * 2.4), bold=True),
                colour,
                center=(round(centre[0]), round(centre[1])),
            )

    def _draw_banner(
        self, surface: pygame.Surface, layout: PlayLayout, rect: Rect, buttons: list[Button]
    ) -> None:
        theme = self.theme
        panel(surface, theme, rect, alpha=232)
        title_size, _, _ = self._banner_metrics(layout)
        title, subtitle = self.result_text()
        title_font = fitting_font(self.fonts, title, title_size, rect.width - 40, bold=True)
        top = rect.top + 16
        title_rect = draw_text(surface, title, title_font, theme.text, midtop=(rect.centerx, top))
        sub_font = fitting_font(self.fonts, subtitle, int(title_size * 0.5), rect.width - 40)
        line = draw_text(
            surface, subtitle, sub_font, theme.text_muted, midtop=(rect.centerx, title_rect.bottom + 2)
        )
        tally = self.tally_text()
        if tally:
            tally_font = fitting_font(self.fonts, tally, int(title_size * 0.4), rect.width - 40)
            draw_text(surface, tally, tally_font, theme.text_muted, midtop=(rect.centerx, line.bottom + 4))
        font = self._button_font(layout)
        for button in buttons:
            draw_button(surface, theme, font, button, hovered=button.rect.collidepoint(self._mouse))
